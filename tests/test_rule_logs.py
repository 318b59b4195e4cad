"""Planted command and supply violations on logs of our Into the Woods module, and an
activation violation on our Hood Strikes North.

The logs of moves, phases, chat and counters' own layers (Atlanta's Low Ammo) are recorded in
VASSAL itself (`script-log`); those that place and remove ammunition marker pieces (Into the
Woods), which script-log cannot do, are written with the project's log writer (`pbem.Turn`); all start from a predefined setup of a module built from a copy of the
game whose user cells are filled the way a player would fill them: a patch of terrain over the scenario's ground with a road along row 25 (`rule_terrain`),
the leaders' printed command ranges (6 MP each: made up, they are on the counters), the
Confederate supply source (the Bark/Corinth Road intersection: not given in the rulebook) at
the road's west end. VASSAL's own replay (decode-log) must end each log on our final board.
The referee must catch each violation at its step, unit and hex, and find nothing more in the
same log without the violation:

* Into the Woods, Scenario 2 (Sound the Long Roll): Gladden's brigade leader out of Withers'
  range at the Division Orders Phase, then his 25 AL moves (4.15, 4.2); 7 MS resupplied on a
  failed Ammo Resupply roll; 5 MS resupplied next to the Union 61 IL; 9 MS resupplied with its
  road cut by the Union 18 WI next to it (10.92);
* Atlanta (CWB), 5.1: the Union 3/4/15 resupplied 3 hexes from its corps wagon (RSS 28.4: at or
  within 2; Atlanta's own 3.5 is for Confederate artillery);
* Hood Strikes North, Scenario 1: Hatch's activation moves Wagner's IV Corps infantry, not of
  his command; Schofield's moves six IV/XXIII Corps infantry, one more than 5.2 allows.
"""
from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

import engine
import pytest
from pbem import BuiltGame, Player, Turn
from pbem import piece_ids as ids
from rule_terrain import patch, write_patch
from viewlogs import same_board

from builder.module import build_module
from builder.table_dice import report_line
from gamedata import load_game
from gamedata.rolls import roll_tables
from referee.findings import Severity
from referee.run import run_check
from vassal.metadata import Metadata
from vassal.module import read_module
from vassal.piece import Piece
from vassal.replay import replay_file
from vassal.savefile import write_save
from vassal.sequence import encode

SOURCES = Path(__file__).resolve().parents[1] / "sources"
BEAUREGARD = Player("Beauregard", "Confederate", "beau-Pa55w0rd-4410")
THOMAS = Player("Thomas", "Union", "thomas-Pa55w0rd-5518")
SHERMAN = Player("Sherman", "Union", "sherman-Pa55w0rd-6620")
ROAD = [f"S{c}25" for c in range(45, 27, -1)]       # S4525 west to S2825, the supply source
#: Leaders' printed ranges (made up: they are on the counters): 6 MP, corps commanders and Miller 20
RANGES = {"*": 6, "CS:Bragg": 20, "CS:Hardee": 20, "CS:Polk": 20, "CS:Breckinridge": 20, "US:Miller": 20}
PHASES = {"Division Orders": 2, "AM Pool Placement": 3, "Commander Movement": 5}


@dataclass(frozen=True)
class Built(BuiltGame):
    def slot(self, name: str) -> tuple[str, str]:
        slot = next(s for s in self.module.piece_slots if s.entry_name == name)
        return Piece.from_slot_text(slot.text).encode()


def _build(folder: Path, out: Path) -> Built:
    vmod = build_module(folder, out).path
    return Built(folder, load_game(folder), vmod, read_module(vmod))


def patched_itw(out: Path) -> Built:
    """Into the Woods with the player's cells above filled, built under ``out``."""
    folder = out / "into-the-woods-shiloh"
    shutil.copytree(SOURCES / "into-the-woods-shiloh", folder)
    game = patch(load_game(folder), roads=[ROAD], ranges=RANGES, columns=range(24, 49), rows=range(12, 31),
                 parameters={"supply-source.Confederate": "S2825"})
    write_patch(folder, game)
    return _build(folder, out)


@pytest.fixture(scope="module")
def itw(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return patched_itw(tmp_path_factory.mktemp("itw-rules"))


@pytest.fixture(scope="module")
def miller_short(itw: Built, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same game with Miller's range 6 MP: 18 WI, moved next to the road, is then out of his
    range, so out of command, and blocks no supply line (10.92)."""
    folder = tmp_path_factory.mktemp("itw-miller-6") / "into-the-woods-shiloh"
    shutil.copytree(itw.folder, folder)
    write_patch(folder, replace(itw.game, command_ranges=tuple(replace(r, range=6) if r.leader == "US:Miller" else r
                                                               for r in itw.game.command_ranges)))
    return folder


@pytest.fixture(scope="module")
def atlanta(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return _build(SOURCES / "atlanta", tmp_path_factory.mktemp("atlanta-rules"))


@pytest.fixture(scope="module")
def hsn(tmp_path_factory: pytest.TempPathFactory) -> Built:
    out = tmp_path_factory.mktemp("hsn-rules")
    return _build(SOURCES / "hood-strikes-north", out)


def set_phase(built: Built, turn: Turn, turn_id: int, phase: str) -> None:
    """The tracker set to a turn and phase, as its Set dialog does."""
    tracker = built.module.turn_trackers[0]
    top = tracker.levels[0]
    items = ",".join(["true"] * len(top.sublevels[0].items))
    sub = encode([str(PHASES[phase]), "0", "0", items], ";")
    index = next(i for i, t in enumerate(built.game.turns) if t.id == turn_id)
    state = encode(["0", encode([str(index), "0", "0", ",".join(["true"] * len(top.items)), sub], ";")], "|")
    turn.set_turn(tracker.ident, state, str(turn_id), f"{turn_id} {phase}")


def save(built: Built, turn: Turn, path: Path) -> Path:
    write_save(path, turn.text(), built.module.metadata,
               Metadata(version=built.module.version, vassal_version="3.7.0", description=path.stem))
    return path


def roll(turn: Turn, table, die: int) -> None:
    """A roll read ``die`` on a d10 read 0-9 (the button shows faces 1-10 and adds -1)."""
    turn.roll(table.name, (die + 1,), report=report_line(table, turn.player.name, (die + 1,)))


def command_script(planted: bool) -> str:
    """Scenario 2 starts at 8 AM (turn 15), Determine Chain of Command: Gladden moves in the
    Commander Movement Phase, the tracker goes on to 9 AM's Division Orders Phase, then 25 AL moves."""
    return "\n".join([*["turn next"] * 5,                                       # steps 1-5: to Commander Movement
                      f'move "Gladden" "Main Map" {"S3315" if planted else "S4024"}',   # step 6 (Withers: S4127)
                      *["turn next"] * 4,                                       # steps 7-10: 9 AM Division Orders
                      "turn next",                                              # step 11: AM Pool Placement
                      'move "25 AL" "Main Map" S3623']) + "\n"                 # step 12


def supply_log(built: Built, path: Path, planted: bool) -> Path:
    nodes, board = built.start("Sound the Long Roll", BEAUREGARD)
    pid = ids(board)
    turn = Turn(built.module, BEAUREGARD, nodes, board, first_id=1732500040001)
    low_type, low_state = built.slot("Low Ammo")
    for n, unit in enumerate(("5 MS", "9 MS", "7 MS")):                   # steps 1-3
        turn.place(f"low-{n}", low_type, low_state, onto=pid[unit])
    table = next(t for t in roll_tables(built.game.tables) if t.table_id == "ammo-resupply")
    roll(turn, table, 7 if planted else 2)                                # step 4: 7 MS rolls
    turn.delete("low-2")                                                  # step 5: 7 MS resupplied
    if planted:
        turn.move(pid["61 IL"], "S4226")                                  # step 6: next to 5 MS at S4225
        turn.move(pid["18 WI"], "S3826")                                  # step 7: next to the road at S3725-S3925
    for n, die in ((0, 5), (1, 3)):                                       # 5 MS on the road: 5 - 2; 9 MS: 3
        roll(turn, table, die)
        turn.delete(f"low-{n}")                                           # steps 9 and 11 when planted
    return save(built, turn, path)


def cwb_supply_script(planted: bool) -> str:
    """Atlanta 5.1: 3/4/15 at A17.20 marked Low Ammo (its counter's layer), its corps wagon 15 supply
    moved from A19.25 to 3 hexes from it (planted) or 2 (RSS 28.4: "at or within 2 hexes of the
    supply wagon or train"), then the marker taken off: a resupply, at step 3."""
    return "\n".join(['key "3/4/15" "Low Ammo"',                                  # step 1
                      f'move "15 supply" "Main Map" {"A17.23" if planted else "A17.22"}',   # step 2
                      'key "3/4/15" "Low Ammo"']) + "\n"                         # step 3


def activation_script(planted: bool) -> str:
    """Scenario 1: Hatch activates and moves Coon (and, planted, Wagner's IV Corps infantry);
    Schofield activates and moves four (planted: six) IV/XXIII Corps infantry."""
    units = ["Cox", "Ruger", "O. Moore", "Wood"] + (["Whitaker", "Waters"] if planted else [])
    return "\n".join(["chat Activate Leader: Hatch",                          # step 1
                      'move "Coon (Exhausted)" "Main Map" 1221',                # step 2: his own brigade
                      *(['move "Wagner" "Main Map" 1220'] if planted else []),  # step 3
                      "chat Schofield activates",
                      *[f'move "{u}" "Main Map" {h}' for u, h in zip(units, ("1320", "1321", "1322", "1323",
                                                                               "1324", "1325"))]]) + "\n"


def record(built: Built, script: str, out: Path, player: Player, setup: str) -> Path:
    """``script`` recorded in VASSAL (script-log), which checks its own log with decode-log."""
    recorded = engine.script_log(built.vmod, script, out, player=player.name, password=player.password,
                                 side=player.side, setup=setup)
    assert recorded.verified, "\n".join(recorded.run.lines[-20:])
    return out


@pytest.fixture(scope="module")
def logs(itw: Built, hsn: Built, atlanta: Built, tmp_path_factory: pytest.TempPathFactory
         ) -> dict[str, tuple[Built, Path]]:
    out = tmp_path_factory.mktemp("planted-rules")
    long_roll, rebels = "Sound the Long Roll", "Here Come The Rebels!"
    july22 = "Historical Battle of Atlanta, July 22 1864"
    return {
        "command": (itw, record(itw, command_script(True), out / "command.vlog", BEAUREGARD, long_roll)),
        "command-clean": (itw, record(itw, command_script(False), out / "command-clean.vlog", BEAUREGARD, long_roll)),
        "supply": (itw, supply_log(itw, out / "supply.vlog", planted=True)),
        "supply-clean": (itw, supply_log(itw, out / "supply-clean.vlog", planted=False)),
        "cwb-supply": (atlanta, record(atlanta, cwb_supply_script(True), out / "cwb-supply.vlog", SHERMAN, july22)),
        "cwb-supply-clean": (atlanta, record(atlanta, cwb_supply_script(False), out / "cwb-supply-clean.vlog",
                                             SHERMAN, july22)),
        "activation": (hsn, record(hsn, activation_script(True), out / "activation.vlog", THOMAS, rebels)),
        "activation-clean": (hsn, record(hsn, activation_script(False), out / "activation-clean.vlog", THOMAS,
                                         rebels)),
    }


def findings(built: Built, log: Path, checks=("command", "supply", "activation")):
    return [f for f in run_check([log], module=built.module, game=built.folder, check_ids=list(checks)).findings
            if f.check in checks]


def judged(found):
    """The findings that judge play (what is left out as not checked is asserted apart)."""
    return [f for f in found if f.severity is not Severity.NOT_CHECKED]


NAMES = ["command", "command-clean", "supply", "supply-clean", "cwb-supply", "cwb-supply-clean", "activation",
         "activation-clean"]


@pytest.mark.parametrize("name", NAMES)
def test_each_log_replays_in_vassal_to_our_board(logs, name):
    built, log = logs[name]
    same_board(engine.decode_log(built.vmod, log), replay_file(str(log), built.module))


def test_the_clean_logs_give_no_finding(logs):
    itw, log = logs["command-clean"]
    why = ("(AM chits and Direct Command choices are not pieces on the board, and a unit's moves do not show "
           "where one Activation ends)")
    assert [f.message for f in findings(itw, log)] == [
        "Johnston's abilities (each once per turn) not checked: no chat line names Johnston with one of 'Attack "
        "Orders', 'Aggressive', 'Green', 'Extra Activation' (his abilities are counters on the Activation Sheet, "
        "not pieces on the board)",
        f"the Unassigned's AMs (at most 3) not checked: no chat line says 'Unassigned AM' {why}",
        f"the brigades in Direct Command (at most 2 per overall commander) not checked: no chat line says "
        f"'Direct Command' {why}"]
    itw, log = logs["supply-clean"]
    assert findings(itw, log, ("supply",)) == []
    hsn, log = logs["activation-clean"]
    assert [f.severity for f in findings(hsn, log)] == [Severity.INFO, Severity.INFO]   # no range, no supply rules
    atlanta, log = logs["cwb-supply-clean"]
    assert findings(atlanta, log, ("supply",)) == []          # every condition of RSS 28.4 checked, all met


def test_a_cwb_resupply_away_from_its_corps_wagon(logs):
    """A Union infantry brigade is resupplied by the series rule (RSS 28.4: Atlanta's rulebook prints
    a resupply distance only for Confederate artillery, 3.5): 3 hexes from its corps wagon is one
    too many; every other condition of 28.4 is met and checked (4 hexes from the enemy, morale)."""
    built, log = logs["cwb-supply"]
    (f,) = findings(built, log, ("supply",))
    assert (f.step, f.player, f.pieces, f.severity) == (3, "Sherman", ("3/4/15", "15 supply"), Severity.ERROR)
    assert f.message == "3/4/15 resupplied at A17.20: its wagon 15 supply at A17.23 is 3 hexes away (at or within 2)"
    assert f.rule == "RSS 28.4 Resupply (rulebook line 389)"
    assert [p.name for p in f.locations] == ["A17.20", "A17.23"]


def test_a_brigade_moved_while_its_leader_was_out_of_range(logs):
    built, log = logs["command"]
    (f,) = [f for f in findings(built, log, ("command",)) if f.severity is Severity.ERROR]
    assert (f.step, f.player, f.pieces) == (12, "Beauregard", ("25 AL", "Gladden", "Withers"))
    assert [p.name for p in f.locations] == ["S3623", "S3315", "S4127"]
    assert f.rule == "4.15 Command Range (rulebook line 130)"
    assert f.message == ("25 AL (Gladden's command) moved from S3622 to S3623 out of command, but its counter is not "
                         "marked Out of Command: at the Division Orders Phase (step 10) Gladden at S3315 was 16 MP "
                         "from Withers at S4127, beyond his 6 MP command range")
    assert f.path[0].name == "S4127" and f.path[-1].name == "S3315" and len(f.path) == 17


def test_resupplies_on_a_failed_roll_next_to_the_enemy_and_with_the_line_cut(logs):
    built, log = logs["supply"]
    found = {f.step: f for f in judged(findings(built, log, ("supply",)))}
    assert sorted(found) == [5, 9, 11]
    roll, adjacent, cut = found[5], found[9], found[11]
    assert roll.pieces == ("7 MS",) and roll.rule == "10.92 Ammo Resupply (rulebook line 385)"
    assert roll.message == "7 MS resupplied at S4424 on a failed roll: 7 +0 (no DRM) = 7, more than 4"
    assert adjacent.pieces == ("5 MS", "61 IL") and [p.name for p in adjacent.locations] == ["S4225", "S4226"]
    assert adjacent.rule == "10.92 Ammo Resupply (rulebook line 398)"
    assert cut.pieces == ("9 MS", "18 WI") and cut.path[-1].name == "S2825"
    assert [p.name for p in cut.blocked] == ["S3925", "S3825", "S3725"]
    assert cut.message == ("9 MS resupplied at S4324 with its supply line cut: the road to S2825 passes S3925, S3825, "
                           "S3725, next to 18 WI")


def test_an_enemy_out_of_command_blocks_no_supply_line(logs, miller_short):
    built, log = logs["supply"]
    found = run_check([log], module=built.module, game=miller_short, check_ids=["supply"]).findings
    assert [f.step for f in found if f.severity is Severity.ERROR] == [5, 9]     # no cut at step 11


def test_activations_of_units_the_leader_may_not_activate(logs):
    built, log = logs["activation"]
    found = judged(findings(built, log, ("activation",)))
    assert [(f.step, f.player, f.pieces) for f in found] == [
        (3, "Thomas", ("Wagner", "Hatch")),
        (10, "Thomas", ("Schofield", "Cox", "Ruger", "O. Moore", "Wood", "Whitaker", "Waters"))]
    assert [p.name for p in found[0].locations] == ["1220"]
    assert found[1].rule == "5.2 Activate Leader (rulebook line 148)"
    assert found[1].message == ("Schofield's activation (declared at step 4) moved 6 Inf of USA IV;USA XXIII (Cox, "
                                "Ruger, O. Moore, Wood, Whitaker, Waters): at most 5")


def test_on_the_bundled_data_what_needs_the_map_is_not_checked_and_names_the_cells(logs):
    """The bundled game has no map terrain and no printed ranges: traces and roads are not
    checked, each naming cells to fill; the adjacent enemy and the roll (even at the best DRM
    a Road could give) are caught all the same."""
    bundled = SOURCES / "into-the-woods-shiloh"
    built, log = logs["supply"]
    supply = run_check([log], module=built.module, game=bundled, check_ids=["supply"]).findings
    assert [(f.step, f.pieces) for f in supply if f.severity is Severity.ERROR] == [(5, ("7 MS",)), (9, ("5 MS", "61 IL"))]
    assert supply[0].message == ("7 MS resupplied at S4424 on a failed roll: 7 -2 (at best on a Road: its terrain is "
                                 "not known) = 5, more than 4")
    (unchecked,) = [f.message for f in supply if f.severity is Severity.NOT_CHECKED]
    assert unchecked.startswith("not checked: resupply near roads and lanes in hexes without terrain (2x); fill "
                                "terrain.xlsx:Hexes: a row for ")
    built, log = logs["command"]
    command = run_check([log], module=built.module, game=bundled, check_ids=["command"]).findings
    assert [f for f in command if f.severity is Severity.ERROR] == []
    traces = next(f.message for f in command if "without terrain" in f.message)
    assert re.search(r"leaders whose command range is not in rules.xlsx \(printed on the counter only\) \(\d+x\); "
                     r"fill .*rules.xlsx:Ranges:\d+:range \(\w+\)", traces)
    assert "terrain.xlsx:Hexes: a row for S" in traces
