"""Fog of war: a report shows hidden and masked pieces as one side may see them.

The oracle for what a player who may not see a piece sees is VASSAL itself: ``decode-log``
plays no side, so it names the pieces as an onlooker sees them ("" for a hidden piece, the
mask's name, or what the traits outside the mask make of it, for a masked one).

* Into the Woods, built with a Mask on 25 AL and an Invisible trait on Gladden (``concealed``),
  two logs VASSAL records (script-log) as Beauregard: in one he masks 25 AL, then Gladden strays
  out of Withers' range and 25 AL moves (the 4.15 error of ``test_rule_logs``); in the other he
  hides Gladden before the Division Orders Phase. The Confederate report names both; the Union
  one names 25 AL by its mask and withholds the finding about Gladden, whom it never names.
* The Commands & Colors: Napoleonics tutorial (a community module; cards dealt masked into each
  side's hand), cut after step 27: our onlooker's and French player's names of the masked cards
  are VASSAL's.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import engine
import pytest
from click.testing import CliRunner
from concealed import HIDE, MASK, conceal
from conftest import CORPUS
from test_rule_logs import BEAUREGARD, command_script, patched_itw, record
from viewlogs import same_board

from adjutant.cli import main
from gamedata.load import load_game
from referee.fog import LogFog, Sight, choose
from referee.render_html import render_html
from referee.render_json import report_dict
from referee.render_text import render_text
from referee.rules.victory import Tally
from referee.rules.vp_terms import Term
from referee.run import run_check
from vassal.commands import Node, encode_tree, parse_tree
from vassal.module import read_module
from vassal.replay import replay_file
from vassal.savefile import read_save, write_save

CCN = CORPUS / "ccnapoleonics" / "dist"
SETUP = "Sound the Long Roll"


def cli(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def itw(tmp_path_factory) -> dict:
    engine.require()
    out = tmp_path_factory.mktemp("fog")
    built = patched_itw(out)
    with zipfile.ZipFile(built.vmod) as archive:
        mask_image = next(n for n in archive.namelist() if n.startswith("images/back_"))[len("images/"):]
    vmod = conceal(built.vmod, out / "concealed.vmod", {"25 AL": MASK, "Gladden": HIDE}, mask_image)
    script = command_script(True).splitlines()
    # the owner sees his masked piece as VASSAL names it for him: "25 AL(?)"
    masked = ['key "25 AL" "Mask"', *(line.replace('"25 AL"', '"25 AL(?)"') for line in script)]
    gladden = next(i for i, line in enumerate(script) if line.startswith('move "Gladden"'))
    hidden = [*script[:gladden + 1], 'key "Gladden" "Invisible"', *script[gladden + 1:]]
    logs = {name: record(built.__class__(built.folder, built.game, vmod, read_module(vmod)),
                         "\n".join(lines) + "\n", out / f"{name}.vlog", BEAUREGARD, SETUP)
            for name, lines in (("masked", masked), ("hidden", hidden))}
    return {"folder": built.folder, "vmod": vmod, "module": read_module(vmod), "logs": logs}


def checked(itw: dict, name: str, **sight):
    return run_check([itw["logs"][name]], module=itw["module"], game=itw["folder"], pictures=True, **sight)


def everything(report) -> str:
    """Every word the three formats give."""
    return render_text(report) + json.dumps(report_dict(report)) + render_html(report)


def test_vassal_names_the_concealed_pieces_as_we_do_for_the_other_side(itw):
    for name in ("masked", "hidden"):
        log = itw["logs"][name]
        replay = replay_file(str(log), itw["module"])
        decoded = engine.decode_log(itw["vmod"], log)   # plays no side: what a Union player sees
        same_board(decoded, replay)
        theirs = {p.id: p.name for p in decoded.final}
        fog = LogFog(replay, Sight("Union"), module=itw["module"])
        concealed = {pid: fog.shown_at(pid, len(replay.steps)) for pid in replay.final.pieces}
        concealed = {pid: shown for pid, shown in concealed.items() if shown is not None}
        assert concealed == {pid: theirs[pid] for pid in concealed}
        assert list(concealed.values()) == (["?"] if name == "masked" else [""])
        mine = LogFog(replay, Sight("Confederate"), module=itw["module"])
        assert all(mine.shown_at(pid, len(replay.steps)) is None for pid in concealed)
        assert choose(replay, None, False) == Sight("Confederate", why=f"the side of Beauregard, who recorded {log.name}")


def test_a_masked_unit_is_named_by_its_mask_for_the_other_side(itw):
    mine, theirs, truth = (checked(itw, "masked"), checked(itw, "masked", as_side="Union"),
                           checked(itw, "masked", reveal=True))
    error = next(f for f in mine.findings if f.check == "command" and f.severity.value == "error")
    assert error.pieces == ("25 AL", "Gladden", "Withers") and error.message.startswith("25 AL (Gladden's command) moved")
    assert error in truth.findings and truth.sight == "Hidden and masked pieces are shown as they are (--reveal)"
    (veiled,) = [f for f in theirs.findings if f.check == "command" and f.severity.value == "error"]
    assert veiled.pieces == ("?", "Gladden", "Withers")
    assert veiled.message == error.message.replace("25 AL", "?")
    assert "25 AL" not in everything(theirs)
    assert "moved ? from S3622 to S3623" in [s.text for s in theirs.stories[0].steps]
    assert theirs.veiled == {"masked": 1} and not theirs.withheld
    assert "shown as the Union side sees them (--as;" in render_text(theirs)
    # the crop draws the mask where the counter stands, for the Union; the counter for the Confederates
    assert theirs.crops[veiled][0].png != mine.crops[error][0].png


def test_the_vp_tally_names_a_masked_unit_by_its_mask_for_the_other_side(itw):
    """A VP term that counts the masked 25 AL (and an automatic victory it met) as the Union and
    the Confederates are shown it."""
    log = itw["logs"]["masked"]
    replay = replay_file(str(log), itw["module"])
    last = len(replay.steps)
    term = Term("Confederate units in the Hornets' Nest", "Confederate", 1, 2, "S1 VP", what=("25 AL", "18 WI"))
    tally = Tally("S1", log.name, last, 1, (term,), (("Confederate", 2),), 2, "Confederate",
                  "Confederate automatic victory (Hornets' Nest: 25 AL)", "S1 VP")
    theirs = LogFog(replay, Sight("Union"), module=itw["module"]).tally(tally)
    assert theirs.terms[0].what == ("?", "18 WI") and theirs.level == "Confederate automatic victory (Hornets' Nest: ?)"
    assert LogFog(replay, Sight("Confederate"), module=itw["module"]).tally(tally) == tally
    assert LogFog(replay, Sight(reveal=True), module=itw["module"]).tally(tally) == tally


def test_a_hidden_unit_is_never_named_for_the_other_side_and_its_finding_is_withheld(itw):
    mine, theirs = checked(itw, "hidden"), checked(itw, "hidden", as_side="Union")
    (error,) = [f for f in mine.findings if f.check == "command" and f.severity.value == "error"]
    assert "Gladden" in error.pieces
    # the Union saw Gladden move (step 6), then nothing of him once Beauregard hid him (step 7)
    story = [s.text for s in theirs.stories[0].steps]
    assert "moved Gladden from S3922 to S3315" in story[5] and story[6] == "no visible change"
    assert [s for s in story[6:] if "Gladden" in s] == [] and "changed Gladden: hidden" in mine.stories[0].steps[6].text
    assert not any("Gladden" in text for f in theirs.findings for text in (f.message, *f.pieces))
    assert "Gladden" not in json.dumps(report_dict(theirs)["findings"])
    assert theirs.withheld == (error,) and theirs.failed and theirs.veiled == {"hidden": 1}
    # the other errors (the set-up box the script leaves full) are shown to both sides alike
    shown = [f for f in theirs.findings if f.severity.value == "error"]
    assert shown == [f for f in mine.findings if f.severity.value == "error" and f != error]
    assert "findings withheld (they name pieces this view may not see): 1 error" in render_text(theirs)
    assert report_dict(theirs)["view"]["withheld"]["error"] == 1
    assert (f"<h1>{len(shown) + 1} error{'s' if shown else ''} (1 withheld: it names pieces this view may not see)"
            "</h1>") in render_html(theirs)
    # the command line: the exit code says an error was found
    result = cli("check", itw["logs"]["hidden"], "--module", itw["vmod"], "--game", itw["folder"], "--as", "Union")
    assert result.exit_code == 1 and "Gladden" not in result.output


def test_as_and_reveal_at_the_command_line(itw, tmp_path):
    log, vmod = itw["logs"]["masked"], itw["vmod"]
    result = cli("check", log, "--module", vmod, "--as", "Union", "--reveal")
    assert result.exit_code == 2 and "--as and --reveal exclude each other" in result.output
    result = cli("check", log, "--module", vmod, "--as", "Yankees")
    assert result.exit_code == 2
    assert result.stderr == ("error: --as Yankees: no such side in the log's roster, the module or the game "
                             "(sides: Confederate, Union)\n")
    out = tmp_path / "report.json"
    assert cli("check", log, "--module", vmod, "--format", "json", "-o", out, "--reveal").exit_code in (0, 1)
    assert json.loads(out.read_text())["view"] == {"sight": "Hidden and masked pieces are shown as they are (--reveal)",
                                                  "concealed": {}, "withheld": {s: 0 for s in
                                                                                ("error", "warning", "info", "not-checked")}}


# ---------------------------------------------------------------- a community module: CC:N's masked cards


@pytest.fixture(scope="module")
def ccn(tmp_path_factory) -> tuple[Path, object]:
    """The CC:N tutorial cut after step 27, when cards dealt masked lie in both hands."""
    save = read_save(CCN / "CCNv4 Tutorial.vlog")
    root = parse_tree(save.text)
    children = list(root.children)
    end = next(i for i, n in enumerate(children) if n.text == "end_save")
    logs = [i for i, n in enumerate(children) if i > end and n.text.startswith("LOG")]
    cut = tmp_path_factory.mktemp("ccn") / "ccn-to-27.vlog"
    write_save(cut, encode_tree(Node(root.text, tuple(children[: logs[26] + 1]))), save.module_metadata,
               save.save_metadata)
    return cut, read_module(CCN / "buildFile.xml")


def test_masked_cards_of_a_community_module_are_named_as_vassal_names_them(ccn):
    log, module = ccn
    replay = replay_file(str(log), module)
    decoded = engine.decode_log(CCN, log)
    assert decoded.steps == decoded.replayed == len(replay.steps) == 27
    assert {p.id: (p.map, p.x, p.y) for p in decoded.final} == {
        p.id: (p.map, p.x, p.y) for p in replay.final.pieces.values() if p.map is not None}
    theirs = {p.id: p.name for p in decoded.final}
    last = len(replay.steps)
    for sight in (Sight(None), Sight("French")):
        fog = LogFog(replay, sight, module=module)
        shown = {pid: fog.shown_at(pid, last) for pid in replay.final.pieces}
        shown = {pid: name for pid, name in shown.items() if name is not None}
        assert len(shown) == 11 and shown == {pid: theirs[pid] for pid in shown}
    # the recorder, seated as <observer>, masked them: he sees what they are, as --reveal does
    assert choose(replay, None, False).side == "<observer>"
    assert LogFog(replay, choose(replay, None, False), module=module).veiled() == {}


def test_the_french_view_of_the_deal_names_no_card_face(ccn):
    log, module = ccn
    french, truth = (run_check([log], module=module, pictures=True, as_side="French"),
                     run_check([log], module=module, pictures=True, reveal=True))
    steps = {s.index: s.text for s in french.stories[0].steps}
    told = {s.index: s.text for s in truth.stories[0].steps}
    differ = sorted(i for i in steps if steps[i] != told[i])
    assert differ and set(differ) <= set(range(20, 28))
    assert "Infantry Forward Leader" in told[26] and "Infantry Forward Leader" not in steps[26]
    assert french.veiled == {"masked": 11} and truth.veiled == {}


def test_a_previous_log_listed_with_all_is_shown_with_the_same_sight(ccn):
    """``--previous`` logs listed (``--all``) are veiled as the checked log is: the French view of
    the deal, in the story of the earlier log, names no card face either."""
    log, module = ccn
    french = run_check([CCN / "CCNv4 Tutorial.vlog"], [log], module=module, pictures=True, all_logs=True,
                       as_side="French")
    truth = run_check([CCN / "CCNv4 Tutorial.vlog"], [log], module=module, pictures=True, all_logs=True, reveal=True)
    assert [s.log for s in french.stories] == [log.name, "CCNv4 Tutorial.vlog"]
    earlier = {s.index: s.text for s in french.stories[0].steps}
    told = {s.index: s.text for s in truth.stories[0].steps}
    assert "Infantry Forward Leader" in told[26] and "Infantry Forward Leader" not in earlier[26]
    assert french.sight.startswith("Hidden and masked pieces are shown as the French side sees them (--as")


def test_a_masked_unit_that_moves_must_be_revealed_by_its_sides_next_action(itw, tmp_path):
    """The hidden check (Atlanta 5.2d.3's rule) on the masked log VASSAL recorded: 25 AL moves
    masked and stays masked while Beauregard goes on moving. The rule's row is laid on a copy of
    the game (Into the Woods has no hidden deployment: made-up data), so only the reading of the
    Mask from the log and the step are under test here; the rule's cases are tests/test_los_rules.py."""
    from dataclasses import replace

    from gamedata.model import RuleParameter
    from rule_terrain import write_patch
    from vassal.replay import Moved, replay_file

    folder = tmp_path / "into-the-woods-shiloh"
    shutil.copytree(itw["folder"], folder)
    game = load_game(folder)
    write_patch(folder, replace(game, rule_parameters=game.rule_parameters + (
        RuleParameter("hidden.reveal-on-move", "Confederate", "5.2d.3 (made up for this game)"),)))
    found = [f for f in run_check([itw["logs"]["masked"]], module=itw["module"], game=folder,
                                  check_ids=["hidden"]).findings if f.check == "hidden"]
    plain = [f for f in run_check([itw["logs"]["hidden"]], module=itw["module"], game=folder,
                                  check_ids=["hidden"]).findings if f.check == "hidden"]
    # 25 AL's masked move is the last Confederate action of the log: its reveal is left to the next log
    assert [(f.severity.value, f.message.split(";")[0]) for f in found] == [
        ("not-checked", "hidden unit CS:25 AL: it moved S3622 -> S3623 (hidden units are revealed when they first "
                        "move)")]
    moved = [s.index for s in replay_file(str(itw["logs"]["masked"]), itw["module"]).steps
             if any(isinstance(e, Moved) and e.name.startswith("25 AL") for e in s.events)]
    assert found[0].step == moved[-1]
    assert plain == []          # Gladden was made invisible after his move, not moved invisible
