"""`adjutant to-fill`: the empty cells that keep checks from running, and the acceptance of
issue 19 for them on Into the Woods.

On the bundled data every division and brigade leader's command range is empty (printed on
the counters, not in the rulebook), so command range is never checked: a brigadier moved far
from his division leader at the Division Orders Phase passes. The command lists those ranges;
filled in the player's layer of a copy of the game, the same log recorded in VASSAL
(script-log) is caught, and its twin within range is silent. The 4.15 numbers do the proving
without any map terrain: leaders trace command at ½ MP a hex at best (the `trace-floor`), so
a leader more than twice his range in hexes away is out of it. The ranges filled in (6 MP for
brigade and division leaders, 20 for corps and army commanders) are made up: the counters print
them and we have none.

Oracles: the bundled rules.xlsx and scenarios.xlsx read directly (which ranges are empty, in
how many scenarios their leaders play), VASSAL's own replay of each log (decode-log), and the
4.15 rule.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import engine
import openpyxl
import pytest
from click.testing import CliRunner
from conftest import CORPUS, REPO
from viewlogs import same_board

from adjutant.cli import main
from builder.module import build_module
from gamedata import load_game
from gamedata.workbook import read_workbook
from referee.findings import Severity
from referee.render_json import finding_dict
from referee.run import run_check
from vassal.module import read_module
from vassal.replay import replay_file

ITW = REPO / "sources" / "into-the-woods-shiloh"
BEAUREGARD = ("Beauregard", "beau-Pa55w0rd-4410", "Confederate")
RANGE, HIGH = 6, 20     # MP, made up (the counters print them): brigade and division leaders, corps and army


def cli(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


def command_script(far: bool) -> str:
    """Scenario 2 (Sound the Long Roll) starts at 8 AM, Determine Chain of Command: Gladden moves in
    the Commander Movement Phase, the tracker goes on to 9 AM's Division Orders Phase (step 10),
    then his 25 AL moves (step 12). Withers, his division leader, stays at S4127."""
    return "\n".join([*["turn next"] * 5,
                      f'move "Gladden" "Main Map" {"S3315" if far else "S4024"}',
                      *["turn next"] * 5,
                      'move "25 AL" "Main Map" S3623']) + "\n"


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object, dict[str, Path]]:
    out = tmp_path_factory.mktemp("to-fill")
    vmod = build_module(ITW, out).path
    name, password, side = BEAUREGARD
    logs = {}
    for key, far in (("far", True), ("near", False)):
        rec = engine.script_log(vmod, command_script(far), out / f"{key}.vlog", player=name, password=password,
                                side=side, setup="Sound the Long Roll")
        assert rec.verified, "\n".join(rec.run.lines[-20:])
        logs[key] = rec.log
    return vmod, read_module(vmod), logs


@pytest.fixture()
def game(tmp_path) -> Path:
    folder = tmp_path / "into-the-woods-shiloh"
    shutil.copytree(ITW, folder)
    return folder


def empty_ranges() -> list[dict]:
    return [dict(r.values) for r in read_workbook(ITW / "rules.xlsx")["Ranges"].rows if r.get("range") is None]


def command(found):
    return [f for f in found if f.check == "command" and f.severity in (Severity.ERROR, Severity.WARNING)]


# ---------------------------------------------------------------- the game alone


def test_on_the_bundled_data_it_lists_the_leader_ranges_and_writes_rows_to_fill(game):
    empty = empty_ranges()
    scenarios = read_workbook(ITW / "scenarios.xlsx")["Scenarios"].rows
    result = cli("to-fill", game)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert f"command: {len(empty)} leader ranges (rules.xlsx Ranges, range): command range in all " \
           f"{len(scenarios)} scenarios" in lines
    assert "player/rules.xlsx: " in result.output
    written = read_workbook(game / "player" / "rules.xlsx")["Ranges"]
    assert {(r.get("leader"), r.get("side")) for r in written.rows} == {(r["leader"], r["side"]) for r in empty}
    assert all(r.get("range") is None and r.get("about") for r in written.rows)
    assert cli("validate", game).exit_code == 0                        # rows waiting to be filled are no rows


def test_rows_already_in_the_layer_are_left_as_they_are(game):
    (game / "player").mkdir()
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Ranges"
    ws.append(["leader", "range", "about"])
    ws.append(["CS:Withers", 5, "from my counter"])      # given: no longer needed
    ws.append(["CS:Bowen", None, "ask Bob"])             # still to fill: already there
    book.save(game / "player" / "rules.xlsx")
    lines = cli("to-fill", game).output.splitlines()
    assert f"command: {len(empty_ranges()) - 1} leader ranges (rules.xlsx Ranges, range): command range in all 14 " \
           "scenarios" in lines
    # the other ranges, and the supply source's parameter
    assert f"player/rules.xlsx: {len(empty_ranges()) - 2 + 1} rows to fill added (1 already there, left as they are)" \
           in lines
    book = openpyxl.load_workbook(game / "player" / "rules.xlsx")
    sheet = book["Ranges"]
    assert [[c.value for c in row][:3] for row in sheet.iter_rows(min_row=2, max_row=3)] == [
        ["CS:Withers", 5, "from my counter"], ["CS:Bowen", None, "ask Bob"]]
    leaders = [row[0].value for row in sheet.iter_rows(min_row=2)]
    assert sorted(leaders) == sorted(r["leader"] for r in empty_ranges())          # each once
    assert [row[0].value for row in book["Parameters"].iter_rows(min_row=2)] == ["supply-source.Confederate"]
    assert [c.value for c in sheet[1]] == ["leader", "range", "about", "side"]


# ---------------------------------------------------------------- a log, and the acceptance


def test_a_log_of_another_game_is_said_before_its_cells(game):
    """The engine's own test log (Red and Blue Infantry) is no log of Into the Woods: the cells its
    findings lack are not this game's, and the player is told so first."""
    result = CliRunner().invoke(main, ["to-fill", str(game), str(CORPUS / "engine" / "engine-undo-example.vlog"),
                                       "--dry-run"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(f"warning: --game {game.name} (Into the Woods: The Battle of Shiloh) does not match the "
                               "logs: none of the 3 pieces at the start (Red Infantry, Red Armor, Blue Infantry) is a "
                               "unit of Into the Woods")
    assert lines[1] == "1 log: 1 empty cell keeps checks from running"
    assert not (game / "player").exists()


def test_each_log_replays_in_vassal_to_our_board(recorded):
    vmod, module, logs = recorded
    for log in logs.values():
        same_board(engine.decode_log(vmod, log), replay_file(str(log), module))


def test_with_the_ranges_filled_a_brigade_moved_out_of_range_is_caught_and_its_twin_is_silent(recorded, game):
    vmod, module, logs = recorded
    assert command(run_check([logs["far"]], module=module, game=ITW, check_ids=["command"]).findings) == []
    result = cli("to-fill", game, logs["far"], "--module", vmod)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    ranges = next(line for line in lines if "leader ranges (rules.xlsx Ranges, range)" in line)
    assert ranges.startswith("command: ") and ranges.endswith("1 not-checked finding of the log")
    # nearest first: the ranges that would judge 25 AL's move, its brigadier's and his division leader's
    assert lines[lines.index(ranges) + 1].startswith("  Gladden's command range, Withers's command range, ")
    book = openpyxl.load_workbook(game / "player" / "rules.xlsx")
    sheet = book["Ranges"]
    header = [c.value for c in sheet[1]]
    leaders = [sheet.cell(r, header.index("leader") + 1).value for r in range(2, sheet.max_row + 1)]
    assert "CS:Withers" in leaders and len(leaders) < len(empty_ranges())   # only the leaders on the map
    bundled = load_game(ITW)
    for r, leader in enumerate(leaders, start=2):                       # the player types the counters' ranges
        high = bundled.rank(leader) in ("army", "wing", "corps")
        sheet.cell(r, header.index("range") + 1).value = HIGH if high else RANGE
    book.save(game / "player" / "rules.xlsx")
    assert cli("validate", game).exit_code == 0
    (caught,) = command(run_check([logs["far"]], module=module, game=game, check_ids=["command"]).findings)
    assert (caught.severity, caught.step, caught.player, caught.pieces) == (
        Severity.ERROR, 12, "Beauregard", ("25 AL", "Gladden", "Withers"))
    assert [p.name for p in caught.locations] == ["S3623", "S3315", "S4127"]
    assert caught.message.startswith("25 AL (Gladden's command) moved from S3622 to S3623 out of command, but its "
                                     "counter is not marked Out of Command: at the Division Orders Phase (step 10) "
                                     "Gladden at S3315 was ")
    assert caught.message.endswith(f"hexes away, at least 0.5 MP each from Withers at S4127, beyond his {RANGE} MP "
                                   "command range")
    assert command(run_check([logs["near"]], module=module, game=game, check_ids=["command"]).findings) == []


def test_not_checked_findings_carry_their_cells_in_json(recorded):
    vmod, module, logs = recorded
    found = run_check([logs["far"]], module=module, game=ITW, check_ids=["command"]).findings
    unchecked = next(f for f in found if f.severity is Severity.NOT_CHECKED and f.cells)
    cells = finding_dict(unchecked)["cells"]
    withers = next(c for c in cells if c["key"].get("leader") == "CS:Withers")
    row = next(r.number for r in read_workbook(ITW / "rules.xlsx")["Ranges"].rows if r.get("leader") == "CS:Withers")
    assert withers == {"file": "rules.xlsx", "sheet": "Ranges", "key": {"leader": "CS:Withers", "side": "Confederate"},
                       "column": "range", "what": "Withers's command range",
                       "text": f"rules.xlsx:Ranges:{row}:range (Withers)"}
    assert [str(c) for c in unchecked.cells[:6]] == [
        part for part in unchecked.message.split("; fill ")[1].split(" and ")[0].split(", ")]
