"""Planted violations of die-roll tables and a combat table, on logs of our Hood Strikes North.

Each log is written with the project's log writer (`pbem.Turn`) from a predefined setup of
the built module, with a user's combat chart added to the game; VASSAL's own replay
(decode-log) must end on the same board as ours. The referee, given the game (so the game
view), must catch each violation at the roll's step and find nothing in the clean logs:

* Union Reinforcement Table on Turn 2: 6 - 4 = 2, one set; set 2 entered as well;
* Winter Weather Table on Turn 15: 4 - 1 = 3, No Effect; the Winter Weather Start marker placed;
* a combat at 1:1 on the user's chart: roll 4 reads A0 D2; the defender loses one step only
  (caught at the step that takes it); the same roll ending its log, the loss taken in the next.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import engine
import pytest
from pbem import BuiltGame, Player, Turn, changed, restore_from_board
from pbem import piece_ids as ids
from viewlogs import same_board

from builder.module import build_module
from builder.table_dice import report_line
from gamedata import load_game
from gamedata.load import USER_WORKBOOKS, columns
from gamedata.workbook import SheetData, write_workbook
from referee.findings import Severity
from referee.run import run_check
from vassal.module import read_module
from vassal.replay import replay_file

SOURCES = Path(__file__).resolve().parents[1] / "sources"
THOMAS = Player("Thomas", "Union", "thomas-Pa55w0rd-5518")
HOOD = Player("Hood", "Confederate", "hood-Pa55w0rd-7731")
CAMPAIGN, REBELS = "Hood Strikes North", "Here Come The Rebels!"   # S9 and S1
CHART = "Test Combat Table"
COLUMNS = ["1:2", "1:1", "2:1", "3:1"]


def chart() -> list[SheetData]:
    """A user's combat chart (made up for the test: the rulebooks print none), with modifiers the
    game view can decide (statuses of the two sides)."""
    rows = {
        "Combat Tables": [{"table_id": "crt", "name": CHART, "system": "GCACW", "kind": "odds", "die": "1d6",
                           "clamp": True, "section": "user chart"}],
        "Combat Columns": [{"table_id": "crt", "column": c} for c in COLUMNS],
        "Combat Results": [{"table_id": "crt", "roll": r, "column": c, "result": f"A{a} D{d}", "attacker_loss": a,
                            "defender_loss": d}
                           for i, c in enumerate(COLUMNS) for r in range(1, 7)
                           for a, d in [(max(0, 2 - i - r // 4), min(3, (i + r) // 2))]],
        "Combat Modifiers": [
            {"table_id": "crt", "modifier": "1L", "condition": "defender disorganized",
             "when": "defender.status(disorganized)", "shift": -1},
            {"table_id": "crt", "modifier": "-1", "condition": "attacker exhausted",
             "when": "attacker.status(exhausted)", "amount": -1},
        ],
    }
    return [SheetData(s.name, columns(s.schema), tuple(rows.get(s.name, ()))) for s in USER_WORKBOOKS["combat.xlsx"]]


@pytest.fixture(scope="module")
def hsn(tmp_path_factory: pytest.TempPathFactory) -> BuiltGame:
    out = tmp_path_factory.mktemp("hsn-tables")
    folder = out / "hood-strikes-north"
    shutil.copytree(SOURCES / "hood-strikes-north", folder)
    write_workbook(folder / "combat.xlsx", chart())
    vmod = build_module(folder, out).path
    return BuiltGame(folder, load_game(folder), vmod, read_module(vmod))


# ---------------------------------------------------------------- the logs


def reinforcement_log(hsn: BuiltGame, path: Path, extra_set: bool) -> Path:
    nodes, board = hsn.start(CAMPAIGN, THOMAS)
    pid = ids(board)
    turn = Turn(hsn.module, THOMAS, nodes, board, first_id=1732500010001)
    hsn.set_turn(turn, 2, "1")
    hsn.roll(turn, "union-reinforcement", 6)                 # 6 - 4 (Turns 2-4) = 2: one set (12.0)
    turn.move(pid["Hammond"], "5706", to_map="Main Map")       # set 1, entry N (Nashville)
    if extra_set:
        turn.move(pid["Knipe"], "4934", to_map="Main Map")     # set 2, entry M: not due
    return hsn.save(turn, path)


def weather_log(hsn: BuiltGame, path: Path, die: int) -> Path:
    nodes, board = hsn.start(CAMPAIGN, THOMAS)
    pid = ids(board)
    turn = Turn(hsn.module, THOMAS, nodes, board, first_id=1732500020001)
    hsn.set_turn(turn, 15, "1")
    hsn.roll(turn, "winter-weather", die)                    # -1 on Turn 15 (4.0)
    for n, name in enumerate(("Winter Weather Start", "Last Turn of Winter")):   # L1308
        hsn.place_marker(turn, name, f"winter-{n}", onto=pid["O. Moore"])
    for wagon in ("Wagon Train A", "Wagon Train B", "Wagon Train C"):          # L1321: removed at winter's start
        turn.delete(pid[wagon])
    return hsn.save(turn, path)


def combat_log(hsn: BuiltGame, path: Path, defender_left: int) -> Path:
    nodes, board = hsn.start(REBELS, HOOD)
    pid = ids(board)
    turn = Turn(hsn.module, HOOD, nodes, board, first_id=1732500030001)
    attacker, defender = pid["Armstrong"], pid["Ruger"]       # strength 2 each: 1:1
    turn.change(attacker, changed(turn, attacker, board, layer="Attacking"))
    turn.change(defender, changed(turn, defender, board, layer="Defending"))
    combat = hsn.table("crt")
    turn.roll(CHART, (4,), report=report_line(combat, HOOD.name, (4,)))    # 1:1, roll 4: A0 D2
    turn.change(defender, changed(turn, defender, board, strength=defender_left))
    return hsn.save(turn, path)


def split_combat(hsn: BuiltGame, out: Path) -> dict[str, Path]:
    """The combat roll ends the attacker's log; the next log continues it and takes the loss:
    one step (against the chart's two), or both."""
    nodes, board = hsn.start(REBELS, HOOD)
    pid = ids(board)
    turn = Turn(hsn.module, HOOD, nodes, board, first_id=1732500050001)
    attacker, defender = pid["Armstrong"], pid["Ruger"]
    turn.change(attacker, changed(turn, attacker, board, layer="Attacking"))
    turn.change(defender, changed(turn, defender, board, layer="Defending"))
    turn.roll(CHART, (4,), report=report_line(hsn.table("crt"), HOOD.name, (4,)))    # 1:1, roll 4: A0 D2
    logs = {"split-rolled": hsn.save(turn, out / "split-rolled.vlog")}
    end = replay_file(str(logs["split-rolled"]), hsn.module).final
    carried = tuple(n for n in nodes if n.text not in ("", "end_save"))
    for name, left in (("split-wrong", 1), ("split-right", 0)):
        applied = Turn(hsn.module, HOOD, restore_from_board(end, carried), end, first_id=1732500060001)
        applied.chat("the defender's losses").change(defender, changed(applied, defender, end, strength=left))
        logs[name] = hsn.save(applied, out / f"{name}.vlog")
    return logs


@pytest.fixture(scope="module")
def logs(hsn: BuiltGame, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("planted")
    return {
        "sets": reinforcement_log(hsn, out / "sets.vlog", extra_set=True),
        "sets-clean": reinforcement_log(hsn, out / "sets-clean.vlog", extra_set=False),
        "weather": weather_log(hsn, out / "weather.vlog", die=4),
        "weather-clean": weather_log(hsn, out / "weather-clean.vlog", die=6),
        "combat": combat_log(hsn, out / "combat.vlog", defender_left=1),
        "combat-clean": combat_log(hsn, out / "combat-clean.vlog", defender_left=0),
        **split_combat(hsn, out),
    }


def findings(hsn: BuiltGame, log: Path):
    report = run_check([log], module=hsn.module, game=hsn.folder, check_ids=["tables", "combat"])
    return report.findings


@pytest.mark.parametrize("name", ["sets", "sets-clean", "weather", "weather-clean", "combat", "combat-clean",
                                  "split-rolled", "split-wrong", "split-right"])
def test_each_log_replays_in_vassal_to_our_board(hsn, logs, name):
    same_board(engine.decode_log(hsn.vmod, logs[name]), replay_file(str(logs[name]), hsn.module))


@pytest.mark.parametrize("name", ["sets-clean", "weather-clean", "combat-clean"])
def test_clean_logs_give_no_finding(hsn, logs, name):
    assert findings(hsn, logs[name]) == ()


def test_too_many_reinforcement_sets_after_the_roll(hsn, logs):
    (f,) = findings(hsn, logs["sets"])
    assert (f.check, f.severity, f.step, f.player, f.pieces) == (
        "tables", Severity.ERROR, 4, "Thomas", ("Hammond", "Knipe"))        # the step set 2 entered
    assert f.rule == "Union Reinforcement Table (12.0)"
    assert f.message == ("Union Reinforcement Table 6 (-4 Reinforcement rolls on Turns 2, 3, and 4) = 2 -> 1: "
                         "2 set(s) entered in steps 3-4: union 1 (Hammond); union 2 (Knipe); the result allows 1")


def test_a_weather_marker_set_against_the_roll(hsn, logs):
    f, last = findings(hsn, logs["weather"])
    assert (f.check, f.severity, f.step, f.player, f.pieces) == (
        "tables", Severity.ERROR, 3, "Thomas", ("Winter Weather Start",))
    assert (last.severity, last.step, last.pieces) == (Severity.ERROR, 4, ("Last Turn of Winter",))
    assert f.rule == "Winter Weather Table (4.0)"
    assert f.message.startswith("Winter Weather Table 4 (-1 On Turn 15 (December 7)) = 3 -> No Effect: "
                                "Winter Weather Start placed at step 3 against the roll")


def test_a_wrong_loss_after_a_combat_roll(hsn, logs):
    (f,) = findings(hsn, logs["combat"])
    assert (f.check, f.severity, f.step, f.player) == ("combat", Severity.ERROR, 4, "Hood")   # the step applying it
    assert f.rule == "Test Combat Table (user chart)" and set(f.pieces) == {"Armstrong", "Ruger"}
    assert f.message == ("Test Combat Table roll 4 (marked attacking/defending): 2:2 -> column 1:1, roll 4 = 4 -> "
                         "A0 D2; in step 4: the defender lost 1, the table says 2")
    # both ends drawn: the attacker and the defender where they stood at the roll (VASSAL's names,
    # the log replaying to VASSAL's board above), and how many hexes apart
    board = replay_file(str(logs["combat"]), hsn.module).final
    where = {p.name: p.location for p in board.pieces.values() if p.name in ("Armstrong", "Ruger")}
    (m,) = f.measured
    assert (m.start_label, m.start.name, m.end_label, m.end.name) == ("Armstrong", where["Armstrong"],
                                                                      "Ruger", where["Ruger"])
    assert {p.name for p in f.locations} == set(where.values())
    assert where == {"Armstrong": "0118", "Ruger": "1715"}
    assert m.length == "16 hexes"      # 16 columns across; 3 rows fit in the 8 a diagonal gives on the way


def test_inspect_shows_each_roll_read_against_its_table(hsn, logs):
    from click.testing import CliRunner

    from adjutant.cli import main
    result = CliRunner().invoke(main, ["inspect", str(logs["weather-clean"]), "--module", str(hsn.vmod), "--game",
                                       str(hsn.folder)])
    assert result.exit_code == 0, result.output
    assert ("  rolled Winter Weather Table 1d6: 6 (-1 On Turn 15 (December 7)) = 5 -> Winter Weather Start"
            in result.output.splitlines())


def test_a_combat_rolled_at_the_end_of_a_log_is_judged_on_the_next(hsn, logs):
    """The rolling log ends before anything is taken: nothing to say yet; the next log of the chain
    takes one step of the two: caught at its step, naming the roll's log and step."""
    def combat(log: Path, previous: tuple[Path, ...] = ()):
        return run_check([log], list(previous), module=hsn.module, game=hsn.folder, check_ids=["combat"]).findings
    assert combat(logs["split-rolled"]) == ()
    (f,) = combat(logs["split-wrong"], (logs["split-rolled"],))
    assert (f.check, f.severity, f.log, f.step, f.player) == ("combat", Severity.ERROR, "split-wrong.vlog", 2, "Hood")
    assert "(rolled at split-rolled.vlog step 3)" in f.message and "the defender lost 1, the table says 2" in f.message
    assert combat(logs["split-right"], (logs["split-rolled"],)) == ()
