"""A PBEM season as players play it (issue 21, items 1-3), on logs the real VASSAL records.

* Across the chain: Hood Strikes North's Arrival Table rolled at the very end of one log
  (Turn 2, Confederate Arrivals phase), the units placed at the start of the next. One set
  too many is caught once, in the second log, at the step that brings it in, citing the
  roll's log and step; the right sets are silent; the same two logs checked together give
  the same one finding. Atlanta 5.1's set-up boxes still full when the next log moves the
  turn on are one finding in that log.
* One cause, one finding: a --previous from another game, a --game of another game, a
  module of another game: each one error, counting what it explains.
* The dice and the clock: Into the Woods' d10 buttons read 0-9, an undone roll is not among
  the rolls left unread, a turn tracker step in the tracker's own words with its player.

Rolls are random: the Arrival roll is recorded first, read from its chat line, and the next
log applies the result the test wants (the rulebook's table, 13.0: -7 on Turn 2, so a die of
4 or less brings no set, 5 one set, 6 two sets).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pbem import Player
from viewlogs import SOURCES, Built, build, same_board

import engine
from adjutant.cli import main
from referee.findings import Finding, Severity
from referee.run import run_check
from vassal.replay import replay_file

HOOD = Player("Hood", "Confederate", "hood-Pa55w0rd-7731")
GRANT = Player("Grant", "Union", "grant-Pa55w0rd-9902")
HSN, ITW, ATLANTA = "hood-strikes-north", "into-the-woods-shiloh", "atlanta"
#: Turn 1 Winter Weather -> Turn 2 Confederate Arrivals: 13 phases a turn, Arrivals the 8th
TO_ARRIVALS = "turn next\n" * 20
#: 13.0 Arrival Table on Turn 2 (die - 7): -3 or less no set, -2 one, -1 two (rulebook L1296-1306)
SETS_ON_TURN_2 = {1: 0, 2: 0, 3: 0, 4: 0, 5: 1, 6: 2}
#: S9's arrival sets in order (scenarios.xlsx S9 Reinf, dr_set "arrival N"), entering at 0110-0114;
#: a set's leader (Lee) is placed last, on top of a unit of his set (13.0)
ARRIVAL_SETS = (("Johnson", "Lee"), ("Stevenson-A",), ("Clayton",))
LEADERS = {"Lee"}
ATLANTA_51 = "Historical Battle of Atlanta, July 22 1864"
HORNETS_NEST = "The Hornets' Nest"
BATTLE_EVENTS = "Battle Events (two different colored dice, one is the tens die: 00-99) 2d10"


def record(built: Built, script: str, path: Path, player: Player, **origin: object) -> Path:
    recorded = engine.script_log(built.vmod, script, path, player=player.name, password=player.password,
                                 side=player.side, **origin)  # type: ignore[arg-type]
    assert recorded.verified, "\n".join(recorded.run.lines[-20:])
    return path


def placing(sets: int, fatigue: bool) -> tuple[str, list[int]]:
    """The script that brings in the first ``sets`` arrival sets, each set on its own entry hex,
    its leader on top; with ``fatigue`` each division at Fatigue Level 1 (a result of 1 or 2 sets
    on Turn 2, 13.0); then the turn moves on. Also the log step of each set's first move."""
    lines, firsts = [], []
    for number, group in enumerate(ARRIVAL_SETS[:sets]):
        firsts.append(len(lines) + 1)
        for unit in group:
            lines.append(f'move "{unit}" "Main Map" {110 + number:04d}')
            if fatigue and unit not in LEADERS:
                lines.append(f'key "{unit}" "Fatigue on/off"')
    return "\n".join(lines + ["turn next"]) + "\n", firsts


class Season:
    def __init__(self, out: Path) -> None:
        self.hsn, self.itw, self.atlanta = build(HSN, out), build(ITW, out), build(ATLANTA, out)
        self.folder = out / "turns"
        self.folder.mkdir()
        log1 = self.folder / "log1.vlog"
        recorded = engine.script_log(self.hsn.vmod, TO_ARRIVALS + 'roll "Arrival Table"\n', log1, player=HOOD.name,
                                     password=HOOD.password, side=HOOD.side, setup="Hood Strikes North")
        assert recorded.verified
        self.die = int(re.search(r"Arrival Table = (\d) \*\*\*", recorded.results[-1]).group(1))
        self.due = SETS_ON_TURN_2[self.die]
        self.log1 = log1
        script, self.firsts = placing(self.due + 1, fatigue=self.due > 0)
        self.wrong = record(self.hsn, script, self.folder / "log2.vlog", HOOD, start=log1)
        self.clean = record(self.hsn, placing(self.due, fatigue=self.due > 0)[0], out / "log2-clean.vlog", HOOD,
                            start=log1)
        atl = out / "atlanta"
        atl.mkdir()
        # 1/1/23 is set up within 2 hexes of A11.35 as the table says; the other set-up boxes stay full
        self.atlanta_a = record(self.atlanta, 'move "1/1/23" "Main Map" A11.35\n', atl / "setup.vlog", GRANT,
                                setup=ATLANTA_51)
        self.atlanta_b = record(self.atlanta, "turn next\n", atl / "turn1.vlog", GRANT, start=self.atlanta_a)
        self.itw_log = record(self.itw, f'turn next\nroll "{BATTLE_EVENTS}"\nroll "{BATTLE_EVENTS}"\nundo\n'
                                        'roll "Grant visits Hurlbut"\n', out / "itw.vlog", GRANT, setup=HORNETS_NEST)

    def check(self, logs: list[Path], previous: list[Path] = (), built: Built | None = None, game: str = HSN,
              **kw: object):
        built = built or self.hsn
        return run_check(logs, list(previous), built.module, SOURCES / game, **kw)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Season:
    return Season(tmp_path_factory.mktemp("season"))


def tables(findings: tuple[Finding, ...]) -> list[Finding]:
    return [f for f in findings if f.check == "tables"]


def test_the_arrival_logs_replay_in_vassal_to_our_board(season):
    for log in (season.log1, season.wrong):
        same_board(engine.decode_log(season.hsn.vmod, log), replay_file(str(log), season.hsn.module))


def test_a_set_too_many_after_a_roll_in_the_previous_log_is_caught_once_where_it_enters(season):
    report = season.check([season.wrong], [season.log1])
    [f] = tables(report.findings)
    extra = season.firsts[season.due]                      # the step that brings the extra set in
    assert (f.severity, f.log, f.step, f.player) == (Severity.ERROR, "log2.vlog", extra, HOOD.name)
    assert f.rule == "Arrival Table (13.0)"
    assert f"= {season.die - 7} -> {season.due}" in f.message      # the result (and what it says, if it says)
    assert f" (rolled in log1.vlog at step 21): {season.due + 1} set(s) entered" in f.message
    assert f.message.endswith(f"the result allows {season.due}")
    assert set(f.pieces) == {u for g in ARRIVAL_SETS[:season.due + 1] for u in g}
    # the previous log is checked too: its findings counted, not lost, and listed with --all
    previous, checked = report.logs
    assert (previous.label, previous.role, checked.role) == ("log1.vlog", "previous", "checked")
    assert previous.unlisted is not None and not any(sev == "error" for sev, _ in previous.unlisted)
    listed = season.check([season.wrong], [season.log1], all_logs=True)
    assert {f.log for f in listed.findings} >= {"log1.vlog", "log2.vlog"}
    assert [x.message for x in tables(listed.findings)] == [f.message]


def test_the_two_logs_checked_together_give_the_same_one_finding(season):
    together = tables(season.check([season.log1, season.wrong]).findings)
    apart = tables(season.check([season.wrong], [season.log1]).findings)
    assert [(f.log, f.step, f.message) for f in together] == [(f.log, f.step, f.message) for f in apart]


def test_the_sets_the_roll_gives_placed_in_the_next_log_are_silent(season):
    report = season.check([season.clean], [season.log1])
    assert tables(report.findings) == []
    assert not report.failed


def test_the_log_of_the_roll_alone_reports_no_error_the_turn_is_not_over(season):
    """Checked alone, the roll's log ends with its window open: nothing can be an error yet."""
    assert not [f for f in tables(season.check([season.log1]).findings) if f.severity is Severity.ERROR]


def test_a_previous_folder_holding_the_checked_log_gives_the_logs_before_it(season):
    report = season.check([season.wrong], [season.folder])
    assert [(log.label, log.role) for log in report.logs] == [("log1.vlog", "previous"), ("log2.vlog", "checked")]
    [note] = [f for f in report.findings if "--previous folder" in f.message]
    assert note.severity is Severity.INFO and "log2.vlog is in the --previous folder too" in note.message
    assert [f.message for f in tables(report.findings)] == [
        f.message for f in tables(season.check([season.wrong], [season.log1]).findings)]


def test_set_up_boxes_left_full_when_the_next_log_moves_on_are_one_finding_there(season):
    report = season.check([season.atlanta_b], [season.atlanta_a], season.atlanta, ATLANTA, check_ids=["setup"])
    [left] = [f for f in report.findings if f.severity is Severity.ERROR]
    scenario = next(s for s in season.atlanta.game.scenarios if s.scenario_id == "5.1")
    start = replay_file(str(season.atlanta_b), season.atlanta.module).initial
    boxed = {p.name for p in start.pieces.values() if p.location.startswith("Set up:")}
    assert (left.log, left.step, left.player) == ("turn1.vlog", 1, GRANT.name)
    assert set(left.pieces) == boxed and "1/1/23" not in boxed and "Cleburne" in boxed
    assert left.message.startswith(f"{len(boxed)} unit(s) of the set-up table still in their set-up boxes")
    assert "5.1 set-up table" in left.rule
    assert report.logs[0].unlisted == ()                     # 1/1/23's placement in the set-up log: right
    assert len(scenario.setup) > len(boxed)


def test_a_previous_log_of_another_game_is_one_error_counting_what_it_explains(season):
    report = season.check([season.wrong], [season.itw_log])
    errors = [f for f in report.findings if f.severity is Severity.ERROR]
    assert len(errors) == 1
    [f] = errors
    assert f.check == "chain" and f.log == "itw.vlog"
    assert "itw.vlog was written with Into the Woods: The Battle of Shiloh 1.0 (--previous)" in f.message
    n = int(re.search(r"; (\d+) findings that follow from this are not listed$", f.message).group(1))
    assert n >= 100                                            # every piece of one game against the other's
    assert [log.role for log in report.logs] == ["left out", "checked"]


def test_a_game_of_another_game_is_one_error_counting_what_it_explains(season):
    report = season.check([season.wrong], [season.log1], game=ITW)
    [f] = [f for f in report.findings if f.severity is Severity.ERROR]
    assert f.check == "rules" and "give --game hood-strikes-north" in f.message
    assert int(re.search(r"; (\d+) findings that follow", f.message).group(1)) >= 50


def test_a_module_of_another_game_is_one_error(season):
    report = season.check([season.wrong], [season.log1], built=season.itw)
    [f] = [f for f in report.findings if f.severity is Severity.ERROR]
    assert f.check == "module" and "log1.vlog and log2.vlog were written with Hood Strikes North 1.0" in f.message
    assert "findings that follow from this are not listed" in f.message


def test_game_takes_a_bundled_id_and_names_one_that_does_not_exist(season):
    runner = CliRunner()
    by_id = runner.invoke(main, ["check", str(season.clean), "--previous", str(season.log1), "--module",
                                 str(season.hsn.vmod), "--game", HSN, "--check", "tables"])
    assert by_id.exit_code == 0, by_id.output
    assert by_id.output.startswith("log1.vlog: Hood Strikes North 1.0") and "(--previous: " in by_id.output
    listed = runner.invoke(main, ["check", str(season.clean), "--previous", str(season.log1), "--module",
                                  str(season.hsn.vmod), "--game", HSN, "--all"])
    assert "(--previous)\n" in listed.output                 # its findings listed with the others
    missing = runner.invoke(main, ["check", str(season.clean), "--game", "hood-strikes-south"])
    assert missing.exit_code == 2
    assert "--game hood-strikes-south: no such folder, and no bundled game has that id" in missing.output
    assert "hood-strikes-north" in missing.output


def test_our_d10_buttons_read_0_9_and_an_undone_roll_is_not_left_unread(season):
    report = season.check([season.itw_log], built=season.itw, game=ITW)
    dice = {line.purpose: line.die_type for line in report.dice.lines}
    assert dice == {BATTLE_EVENTS: "d10 (0-9)", "Grant visits Hurlbut": "d10 (0-9)"}
    assert all(0 <= d <= 9 for lr in report.dice.rolls for d in lr.roll.dice)
    [fit] = report.dice.fits
    assert fit.fit.die == "d10 (0-9)" and fit.fit.faces().startswith("0:")
    [unread] = [f for f in report.findings if "not read against a die-roll table" in f.message]
    assert unread.message.startswith(f"1 roll(s) of '{BATTLE_EVENTS}' (steps 2)")   # step 3 was undone


def test_a_turn_tracker_step_reads_as_the_tracker_shows_it_with_its_player(season):
    result = CliRunner().invoke(main, ["inspect", str(season.itw_log), "--module", str(season.itw.vmod)])
    assert result.exit_code == 0, result.output
    scenario = next(s for s in season.itw.game.scenarios if s.name == HORNETS_NEST)
    turn = next(t for t in season.itw.game.turns if t.id == scenario.start_turn)
    first, second = (p.name for p in season.itw.game.phases[:2])
    assert (f"step 1 · Grant / Union · turn: Turn {turn.id}, {turn.label}, {turn.date}: {first} -> {second}"
            in result.output.splitlines())
    bare = CliRunner().invoke(main, ["inspect", str(season.itw_log)])      # no module: VASSAL's own report
    assert "step 1 · Grant / Union · turn: " in bare.output and "set to" not in bare.output


def test_a_log_checked_twice_in_a_folder_chain_is_refused(season, tmp_path):
    shutil.copy(season.log1, tmp_path / "again.vlog")
    with pytest.raises(Exception, match="same log"):
        run_check([season.wrong], [season.log1, tmp_path / "again.vlog"])
