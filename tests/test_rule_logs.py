"""Planted command and supply violations on logs of our Into the Woods module, and an
activation violation on our Hood Strikes North.

Each log is written with the project's log writer (`pbem.Turn`) from a predefined setup of a
module built from a copy of the game whose user cells are filled the way a player would fill
them: a patch of terrain over the scenario's ground with a road along row 25 (`rule_terrain`),
the leaders' printed command ranges (6 MP each: made up, they are on the counters), the
Confederate supply source (the Bark/Corinth Road intersection: not given in the rulebook) at
the road's west end. VASSAL's own replay (decode-log) must end each log on our final board.
The referee must catch each violation at its step, unit and hex, and find nothing more in the
same log without the violation:

* Into the Woods, Scenario 2 (Sound the Long Roll): Gladden's brigade leader out of Withers'
  range at the Division Orders Phase, then his 25 AL moves (4.15, 4.2); 7 MS resupplied on a
  failed Ammo Resupply roll; 5 MS resupplied next to the Union 61 IL; 9 MS resupplied with its
  road cut by the Union 18 WI next to it (10.92);
* Hood Strikes North, Scenario 1: Hatch's activation moves Wagner's IV Corps infantry, not of
  his command; Schofield's moves six IV/XXIII Corps infantry, one more than 5.2 allows.
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import engine
import pytest
from pbem import Player, Turn, before_end_save, predefined_setup
from rule_terrain import patch, write_patch
from viewlogs import same_board

from builder.module import build_module
from builder.table_dice import report_line
from gamedata import load_game
from gamedata.model import Game
from gamedata.rolls import roll_tables
from referee.findings import Severity
from referee.run import run_check
from vassal.commands import Node, encode_tree
from vassal.metadata import Metadata
from vassal.module import Module, read_module
from vassal.piece import Piece
from vassal.replay import BoardState, replay_file, replay_save
from vassal.savefile import SaveFile, write_save
from vassal.sequence import encode

SOURCES = Path(__file__).resolve().parents[1] / "sources"
BEAUREGARD = Player("Beauregard", "Confederate", "beau-Pa55w0rd-4410")
THOMAS = Player("Thomas", "Union", "thomas-Pa55w0rd-5518")
ROAD = [f"S{c}25" for c in range(45, 27, -1)]       # S4525 west to S2825, the supply source
PHASES = {"Division Orders": 2, "AM Pool Placement": 3, "Commander Movement": 5}


@dataclass(frozen=True)
class Built:
    folder: Path
    game: Game
    vmod: Path
    module: Module

    def start(self, scenario: str, player: Player) -> tuple[list[Node], BoardState]:
        nodes = before_end_save(predefined_setup(self.vmod, self.module, scenario), [player.roster_entry()])
        text = encode_tree(Node("begin_save", tuple(nodes)))
        return nodes, replay_save(SaveFile("start", text, "plain", True, None, None), self.module).initial

    def slot(self, name: str) -> tuple[str, str]:
        slot = next(s for s in self.module.piece_slots if s.entry_name == name)
        return Piece.from_slot_text(slot.text).encode()


def _build(folder: Path, out: Path) -> Built:
    vmod = build_module(folder, out).path
    return Built(folder, load_game(folder), vmod, read_module(vmod))


@pytest.fixture(scope="module")
def itw(tmp_path_factory: pytest.TempPathFactory) -> Built:
    out = tmp_path_factory.mktemp("itw-rules")
    folder = out / "into-the-woods-shiloh"
    shutil.copytree(SOURCES / "into-the-woods-shiloh", folder)
    ranges = {"*": 6, "CS:Bragg": 20, "CS:Hardee": 20, "CS:Polk": 20, "CS:Breckinridge": 20}
    game = patch(load_game(folder), roads=[ROAD], ranges=ranges, columns=range(24, 49), rows=range(12, 31),
                 parameters={"supply-source.Confederate": "S2825"})
    write_patch(folder, game)
    return _build(folder, out)


@pytest.fixture(scope="module")
def hsn(tmp_path_factory: pytest.TempPathFactory) -> Built:
    out = tmp_path_factory.mktemp("hsn-rules")
    return _build(SOURCES / "hood-strikes-north", out)


def ids(board: BoardState) -> dict[str, str]:
    return {p.name: p.id for p in board.pieces.values()}


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


def itw_log(built: Built, path: Path, planted: bool) -> Path:
    nodes, board = built.start("Sound the Long Roll", BEAUREGARD)
    pid = ids(board)
    turn = Turn(built.module, BEAUREGARD, nodes, board, first_id=1732500040001)
    set_phase(built, turn, 15, "Commander Movement")                      # step 1
    turn.move(pid["Gladden"], "S3315" if planted else "S4024")         # step 2: Withers is at S4127
    set_phase(built, turn, 16, "Division Orders")                         # step 3: command assessed
    set_phase(built, turn, 16, "AM Pool Placement")                       # step 4
    turn.move(pid["25 AL"], "S3623")                                      # step 5
    low_type, low_state = built.slot("Low Ammo")
    for n, unit in enumerate(("5 MS", "9 MS", "7 MS")):                   # steps 6-8
        turn.place(f"low-{n}", low_type, low_state, onto=pid[unit])
    table = next(t for t in roll_tables(built.game.tables) if t.table_id == "ammo-resupply")
    roll(turn, table, 7 if planted else 2)                                # step 9: 7 MS rolls
    turn.delete("low-2")                                                  # step 10: 7 MS resupplied
    if planted:
        turn.move(pid["61 IL"], "S4226")                                  # next to 5 MS at S4225
        turn.move(pid["18 WI"], "S3826")                                  # next to the road at S3725-S3925
    for n, die in ((0, 5), (1, 3)):                                       # 5 MS on the road: 5 - 2; 9 MS: 3
        roll(turn, table, die)
        turn.delete(f"low-{n}")
    return save(built, turn, path)


def hsn_log(built: Built, path: Path, planted: bool) -> Path:
    nodes, board = built.start("Here Come The Rebels!", THOMAS)
    pid = ids(board)
    turn = Turn(built.module, THOMAS, nodes, board, first_id=1732500050001)
    turn.chat("Activate Leader: Hatch")                                   # step 1
    turn.move(pid["Coon (Exhausted)"], "1221")                            # step 2: his own brigade
    if planted:
        turn.move(pid["Wagner"], "1220")                                  # step 3: IV Corps infantry
    turn.chat("Schofield activates")
    units = ("Cox", "Ruger", "O. Moore", "Wood") + (("Whitaker", "Waters") if planted else ())
    for unit, where in zip(units, ("1320", "1321", "1322", "1323", "1324", "1325")):
        turn.move(pid[unit], where)
    return save(built, turn, path)


@pytest.fixture(scope="module")
def logs(itw: Built, hsn: Built, tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Built, Path]]:
    out = tmp_path_factory.mktemp("planted-rules")
    return {
        "itw": (itw, itw_log(itw, out / "itw.vlog", planted=True)),
        "itw-clean": (itw, itw_log(itw, out / "itw-clean.vlog", planted=False)),
        "hsn": (hsn, hsn_log(hsn, out / "hsn.vlog", planted=True)),
        "hsn-clean": (hsn, hsn_log(hsn, out / "hsn-clean.vlog", planted=False)),
    }


def findings(built: Built, log: Path, checks=("command", "supply", "activation")):
    return [f for f in run_check([log], module=built.module, game=built.folder, check_ids=list(checks)).findings
            if f.check in checks]


def judged(found):
    """The findings that judge play (what is left out as not checked is asserted apart)."""
    return [f for f in found if f.severity is not Severity.NOT_CHECKED]


@pytest.mark.parametrize("name", ["itw", "itw-clean", "hsn", "hsn-clean"])
def test_each_log_replays_in_vassal_to_our_board(logs, name):
    built, log = logs[name]
    same_board(engine.decode_log(built.vmod, log), replay_file(str(log), built.module))


def test_the_clean_logs_give_no_finding(logs):
    itw, log = logs["itw-clean"]
    found = findings(itw, log)
    assert judged(found) == []
    assert [f.message for f in found] == [
        "not on the board, so not checked: 4.25 unassigned (3 AMs); 4.11 direct-command (2 brigades); "
        "4.24 divisional-cavalry (in range of division and brigade leader)"]
    hsn, log = logs["hsn-clean"]
    assert [f.severity for f in findings(hsn, log)] == [Severity.INFO, Severity.INFO]   # no range, no supply rules


def test_a_brigade_moved_while_its_leader_was_out_of_range(logs):
    built, log = logs["itw"]
    (f,) = [f for f in findings(built, log, ("command",)) if f.severity is Severity.ERROR]
    assert (f.step, f.player, f.pieces) == (5, "Beauregard", ("25 AL", "Gladden", "Withers"))
    assert [p.name for p in f.locations] == ["S3623", "S3315", "S4127"]
    assert f.rule == "4.15 Command Range (rulebook line 130)"
    assert f.message.startswith("25 AL (Gladden's command) moved from S3622 to S3623 out of command, but its counter "
                                "is not marked Out of Command: at the Division Orders Phase (step 3) Gladden at S3315 "
                                "was ")
    assert f.message.endswith("from Withers at S4127, beyond his 6 MP command range")
    assert f.path[0].name == "S4127" and f.path[-1].name == "S3315"


def test_resupplies_on_a_failed_roll_next_to_the_enemy_and_with_the_line_cut(logs):
    built, log = logs["itw"]
    found = {f.step: f for f in judged(findings(built, log, ("supply",)))}
    assert sorted(found) == [10, 14, 16]
    roll, adjacent, cut = found[10], found[14], found[16]
    assert roll.pieces == ("7 MS",) and roll.rule == "10.92 Ammo Resupply (rulebook line 385)"
    assert roll.message == "7 MS resupplied at S4424 on a failed roll: 7 +0 (no DRM) = 7, more than 4"
    assert adjacent.pieces == ("5 MS", "61 IL") and [p.name for p in adjacent.locations] == ["S4225", "S4226"]
    assert adjacent.rule == "10.92 Ammo Resupply (rulebook line 398)"
    assert cut.pieces == ("9 MS", "18 WI") and cut.path[-1].name == "S2825"
    assert {p.name for p in cut.blocked} == {"S3725", "S3825", "S3925"} & {p.name for p in cut.blocked} != set()
    assert cut.message.startswith("9 MS resupplied at S4324 with its supply line cut: the road to S2825 passes ")


def test_activations_of_units_the_leader_may_not_activate(logs):
    built, log = logs["hsn"]
    found = judged(findings(built, log, ("activation",)))
    assert [(f.step, f.pieces) for f in found] == [
        (3, ("Wagner", "Hatch")),
        (10, ("Schofield", "Cox", "Ruger", "O. Moore", "Wood", "Whitaker", "Waters"))]
    assert found[1].rule == "5.2 Activate Leader (rulebook line 148)"
    assert found[1].message.startswith("Schofield's activation (declared at step 4) moved 6 Inf of USA IV;USA XXIII")


def test_on_the_bundled_data_what_needs_the_map_is_not_checked_and_names_the_cells(logs):
    """The bundled game has no map terrain and no printed ranges: traces and roads are not
    checked, each naming cells to fill; the adjacent enemy and the roll (even at the best DRM
    a Road could give) are caught all the same."""
    built, log = logs["itw"]
    report = run_check([log], module=built.module, game=SOURCES / "into-the-woods-shiloh",
                       check_ids=["command", "supply"])
    errors = [(f.step, f.pieces) for f in report.findings if f.severity is Severity.ERROR]
    assert errors == [(10, ("7 MS",)), (14, ("5 MS", "61 IL"))]
    roll = next(f for f in report.findings if f.step == 10)
    assert roll.message == ("7 MS resupplied at S4424 on a failed roll: 7 -2 (at best on a Road: its terrain is not "
                            "known) = 5, more than 4")
    unchecked = {f.check: f.message for f in report.findings if f.severity is Severity.NOT_CHECKED
                 and "not on the board" not in f.message}
    assert "rules.xlsx:Ranges:26:range (Withers)" in unchecked["command"]
    assert "terrain.xlsx:Hexes: a row for S2918" in unchecked["command"]
    assert unchecked["supply"].startswith("not checked: resupply near roads and lanes in hexes without terrain (2x); "
                                          "fill terrain.xlsx:Hexes: a row for ")
