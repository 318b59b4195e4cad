"""The game view read back from logs of our own modules, recorded by the real VASSAL.

For each playable game a log is recorded with the engine's ``script-log`` from one of
its predefined setups: units moved and stacked, status layers switched and stepped,
counters faced, strength stepped down, a status marker dragged onto a unit, the turn
tracker advanced. What the engine cannot do by script (an attachment typed into a
prompt, a marker dragged out of the palette and deleted, the tracker set by its
dialog) is written by the project's log writer and replayed in the engine too. Every
log replays in VASSAL to our final board, and at every step each unit's hex, status,
facing, strength and formation, the turn, the phase and whose activation it is equal
what the test put there.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pbem import Player, Turn, restore_from_board
from viewlogs import Built, build, same_board

import engine
from gamedata.hexids import HexIds
from referee.view import NO, YES, Views
from vassal.commands import Node, SetBoards, TurnState, encode_tree, parse_command, split_stream
from vassal.metadata import Metadata
from vassal.piece import Piece
from vassal.replay import PieceState
from vassal.savefile import read_save, write_save
from vassal.sequence import encode
from vassal.traits import DynamicProperty

HOOD = Player("Hood", "Confederate", "hood-Pa55w0rd-7731")
GRANT = Player("Grant", "Union", "grant-Pa55w0rd-9902")
JOHNSTON = Player("Johnston", "Confederate", "johnston-Pa55w0rd-4410")


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> dict[str, Built]:
    out = tmp_path_factory.mktemp("view-games")
    return {g: build(g, out) for g in ("hood-strikes-north", "into-the-woods-shiloh", "atlanta")}


def record(built: Built, script: str, out: Path, player: Player, **origin) -> Views:
    """Record ``script`` in VASSAL, check VASSAL replays it to our board, return its views."""
    recorded = engine.script_log(built.vmod, script, out, player=player.name, password=player.password,
                                 side=player.side, **origin)
    assert recorded.verified, "\n".join(recorded.run.lines[-20:])
    replay = built.replay(out)
    same_board(engine.decode_log(built.vmod, out), replay)
    assert len(replay.steps) == len(script.strip().splitlines())
    return Views(replay, built.module, built.game)


def hexes(built: Built, views: Views, step: int) -> dict[str, str]:
    """Unit id -> hex id (as the game writes it) of every unit on a hex after ``step``."""
    ids = HexIds(built.game.maps)
    return {uid: ids.format(u.hex) for uid, u in views.at(step).units.items() if u.hex is not None}


# ---------------------------------------------------------------- Hood Strikes North

HSN_SCRIPT = """\
move "Jackson" "Main Map" 0218
move "Buford" "Main Map" 0218
key "Wagner" "Fatigue on/off"
key "Wagner" "Fatigue +"
key "Wagner" "Disorganized"
key "Croxton-A (Exhausted)" "Exhausted"
key "Wagner" "Strength -1"
move "Demorize" "Main Map" 0423
turn next
turn next
"""


def hsn_start(built: Built, out: Path) -> Path:
    """Scenario 1's setup with a Demoralized marker (from the palette) on Cox, as a save."""
    nodes = built.setup_nodes("Here Come The Rebels!")
    board = built.replay_text(_text(nodes)).initial
    cox = next(p for p in board.pieces.values() if p.name == "Cox")
    slot = next(s for s in built.module.piece_slots if s.entry_name == "Demorize")
    marker_type, marker_state = Piece.from_slot_text(slot.text).encode()
    members = sum(1 for p in board.pieces.values() if p.stack_id == cox.stack_id)
    marker = PieceState("marker-1", "Demorize", cox.map, cox.x, cox.y, cox.location, cox.stack_id, members,
                        marker_type, marker_state)
    extra = [n for n in nodes if isinstance(parse_command(n.text), (SetBoards, TurnState))]
    start = restore_from_board(replace(board, pieces={**board.pieces, marker.id: marker}), extra)
    path = out / "hsn-start.vsav"
    write_save(path, _text(start), built.module.metadata, Metadata(version=built.module.version,
                                                                   vassal_version="3.7.0", description="start"))
    return path


def _text(nodes: list[Node]) -> str:
    return encode_tree(Node("begin_save", tuple(nodes)))


@pytest.fixture(scope="module")
def hsn(games, tmp_path_factory) -> tuple[Built, Views]:
    built = games["hood-strikes-north"]
    out = tmp_path_factory.mktemp("hsn-log")
    return built, record(built, HSN_SCRIPT, out / "hsn.vlog", HOOD, start=hsn_start(built, out))


def test_hsn_units_move_and_stack(hsn) -> None:
    built, views = hsn
    assert hexes(built, views, 0)["Jackson"] == "0118" and hexes(built, views, 0)["Buford"] == "0119"
    assert hexes(built, views, 1)["Jackson"] == "0218" and hexes(built, views, 1)["Buford"] == "0119"
    after = views.at(2)
    assert [u.unit_id for u in after.at(after.unit("Jackson").hex)] == ["Buford", "Jackson"]
    assert hexes(built, views, 10) == {**hexes(built, views, 0), "Jackson": "0218", "Buford": "0218"}


def test_hsn_statuses_follow_layers_and_markers(hsn) -> None:
    _, views = hsn
    wagner = [views.at(n).unit("Wagner") for n in range(11)]
    assert [w.status["fatigue"] for w in wagner] == ["none", "none", "none", "1", "2", "2", "2", "2", "2", "2", "2"]
    assert [w.status["disorganized"] for w in wagner[4:6]] == [NO, YES]
    assert [w.strength for w in wagner[6:8]] == ["11", "10"]
    # the marker was on Cox from the start; dragged onto Wagner it marks him instead
    assert views.at(7).unit("Cox").status["demoralized"] == YES and wagner[7].status["demoralized"] == NO
    assert views.at(8).unit("Cox").status["demoralized"] == NO and wagner[8].status["demoralized"] == YES
    assert wagner[10].showing == ("fatigue", "disorganized", "demoralized")
    croxton = [views.at(n).unit("Croxton-A").status for n in (5, 6)]
    assert [(c["exhausted"], c["fatigue"]) for c in croxton] == [(YES, "1"), (NO, "1")]
    assert views.at(10).unit("Ruger").status["fort"] == YES        # set up under a Fort marker (L244)
    assert views.at(0).unit("Jackson").facing is None             # GCACW counters have no facing


def test_hsn_turn_phase_and_whose_activation(hsn) -> None:
    built, views = hsn
    phases = [(v.turn.id, v.phase, v.active) for v in views]
    assert phases[0] == (2, "Winter Weather", None)                # scenario 1 starts on turn 2 (L239)
    assert phases[1] == (2, "Winter Weather", "Confederate")       # Hood moved Jackson
    assert phases[9] == (2, "Random Events", None)                 # a new phase: nobody has acted in it
    assert phases[10] == (2, "Manpower Enhancement", "Union")      # the Union player's phase (1.0-3)
    assert views.at(10).turn.date == "1864-11-24" and views.at(10).scenario_turn == 1   # S1's turn 1 (L194)
    assert views.scenario.scenario_id == "S1" and views.scenario.how == "position"
    assert views.scenario.quality > views.scenario.others[0][1]
    assert [u.subject for u in views.unknown] == ["strength values"]   # leaders' strength is not printed


# ---------------------------------------------------------------- Into the Woods

ITW_SETUP = "The Critical Left Flank: The Mid-Morning Attack on Stuart's Brigade"
ITW_SCRIPT = """\
move "55 IL" "Main Map" S5614
key "55 IL" "Face clockwise"
key "55 IL" "Face clockwise"
key "55 IL" "Ammo on/off"
key "55 IL" "Ammo +"
key "71 OH" "Orders on/off"
key "71 OH" "Orders +"
key "71 OH" "Disordered"
key "5 MS" "Fatigue on/off"
key "54 OH" "Strength -1"
turn next
"""


@pytest.fixture(scope="module")
def itw(games, tmp_path_factory) -> tuple[Built, Views, Path]:
    built = games["into-the-woods-shiloh"]
    log = tmp_path_factory.mktemp("itw-log") / "itw.vlog"
    return built, record(built, ITW_SCRIPT, log, GRANT, setup=ITW_SETUP), log


def test_itw_facing_orders_ammo_and_back_sides(itw) -> None:
    built, views, _ = itw
    il55 = [views.at(n).unit("US:55 IL") for n in range(6)]
    assert [hexes(built, views, n)["US:55 IL"] for n in (0, 1)] == ["S5615", "S5614"]
    assert [u.facing for u in il55[:4]] == ["N", "N", "NE", "60°"]  # 12 steps: vertex NE, then a hexside
    assert [u.status["ammo"] for u in il55[3:6]] == ["full", "low", "no"]  # "full" is the data's none level
    oh71 = [views.at(n).unit("US:71 OH").status for n in range(5, 9)]
    assert [s["orders"] for s in oh71] == ["none", "Advance", "Attack", "Attack"]
    assert [s["disordered"] for s in oh71[2:]] == [NO, YES]
    ms5 = [views.at(n).unit("CS:5 MS").status["fatigue"] for n in (8, 9)]
    assert ms5 == ["0", "1"]                                  # set up "fatigue-ok": the none level is "0"
    assert [views.at(n).unit("US:54 OH").strength for n in (9, 10)] == ["10", "9"]   # S9 set-up strength 10


def test_itw_turn_and_phase(itw) -> None:
    _, views, _ = itw
    first, last = views.at(0), views.at(11)
    assert (first.turn.id, first.turn.label, first.turn.date) == (18, "11 AM", "1862-04-06")   # S9: turn 18
    assert (first.phase, last.phase) == ("Determine Chain of Command", "Activation Efficiency Determination")
    assert views.scenario.scenario_id == "S9"
    assert all(u.formation == (u.unit.formation or u.unit.command) for u in last.units.values())


# ---------------------------------------------------------------- Into the Woods, written by the log writer

@pytest.fixture(scope="module")
def itw_written(itw, tmp_path_factory) -> tuple[Built, Views]:
    """Johnston continues Grant's log: attaches 55 IL to another brigade (a prompt), drags a
    Fatigue 2 marker out of the palette onto 71 OH, moves 71 OH away from it, deletes it,
    sets the turn tracker to 1 PM, Division Orders, and moves a Confederate regiment."""
    built, views, log = itw
    board = views.replay.final
    boards = [Node(c.text) for c in split_stream(read_save(log).text).setup if isinstance(c, SetBoards)]
    turns = [Node(f"TURN{tracker}\t{state}") for tracker, state in board.turns.items()]
    extra = boards + turns + [GRANT.roster_entry(), JOHNSTON.roster_entry()]
    turn = Turn(built.module, JOHNSTON, restore_from_board(board, extra), board, 9000)
    by_name = {p.name.split(" (")[0]: p.id for p in board.pieces.values()}
    il55, oh71, ms9 = by_name["55 IL"], by_name["71 OH"], by_name["9 MS"]
    turn.change(il55, set_property(turn.state(il55), board.pieces[il55].type, "Formation", "1/5/T"))
    slot = next(s for s in built.module.piece_slots if s.entry_name == "Fatigue 2")
    marker_type, marker_state = Piece.from_slot_text(slot.text).encode()
    turn.place("9001", marker_type, marker_state, onto=oh71)
    turn.move(oh71, "S5214")
    turn.delete("9001")
    tracker = built.module.turn_trackers[0]
    turn.set_turn(tracker.ident, tracker_state(built, turn_index=19, phase_index=2), "11 AM", "1 PM")
    turn.move(ms9, "S6120")
    out = tmp_path_factory.mktemp("itw-written") / "itw-2.vlog"
    turn.save(out, "Johnston's turn")
    replay = built.replay(out)
    same_board(engine.decode_log(built.vmod, out), replay)
    return built, Views(replay, built.module, built.game)


def set_property(state: str, piece_type: str, name: str, value: str) -> str:
    """The piece's state with a DynamicProperty set, as its prompt command sets it."""
    piece = Piece.decode(piece_type, state)
    index = next(i for i, t in enumerate(piece.traits) if isinstance(t, DynamicProperty) and t.name == name)
    return piece.with_trait(index, replace(piece.traits[index], value=value)).encode()[1]


def tracker_state(built: Built, turn_index: int, phase_index: int) -> str:
    """A tracker state on a turn box and phase, as the tracker writes it (§5.5)."""
    tracker = built.module.turn_trackers[0]
    top = tracker.levels[0]
    phases = top.sublevels[0]
    phase = encode([str(phase_index), "0", "0", ",".join(["true"] * len(phases.items))], ";")
    return encode(["0", encode([str(turn_index), "0", "0", ",".join(["true"] * len(top.items)), phase], ";")], "|")


def test_written_attachment_markers_turn_and_activation(itw_written) -> None:
    built, views = itw_written
    game = built.game
    il55 = [views.at(n).unit("US:55 IL") for n in (0, 1)]
    assert [(u.formation, u.attached) for u in il55] == [("2/5/T", False), ("1/5/T", True)]
    assert [f.formation_id for f in game.command_chain("US:55 IL", il55[1].formation)][:2] == ["1/5/T", "5/T"]
    fatigue = [views.at(n).unit("US:71 OH").status["fatigue"] for n in range(5)]
    assert fatigue == ["0", "0", "2", "0", "0"]          # the marker counts only while stacked with him
    # the marker piece itself stands on its hex, stacked with him or (after he left) alone, until deleted
    ids, where = HexIds(game.maps), hexes(built, views, 1)["US:71 OH"]
    assert [[(m.code, ids.format(m.hex)) for m in views.at(n).markers] for n in range(5)] == \
        [[], [], [("fatigue-2", where)], [("fatigue-2", where)], []]
    assert "9001" not in views.replay.final.pieces
    sixth = views.at(5)
    assert (sixth.turn.id, sixth.turn.label, sixth.phase) == (20, "1 PM", "Division Orders")
    assert views.at(6).active == "Confederate" and views.at(5).active is None
    assert hexes(built, views, 6)["CS:9 MS"] == "S6120"


# ---------------------------------------------------------------- Atlanta

ATLANTA_SCRIPT = """\
move "Fny" "Main Map" A32.18
key "Fny" "Face counter-clockwise"
key "Fny" "Low Ammo"
key "Fny" "Loss on/off"
key "Fny" "Loss +"
key "Gvn" "Column"
key "Hb(4)" "Limbered"
key "Hb(4)" "Strength -1"
turn next
"""


@pytest.fixture(scope="module")
def atlanta(games, tmp_path_factory) -> tuple[Built, Views]:
    built = games["atlanta"]
    log = tmp_path_factory.mktemp("atlanta-log") / "atlanta.vlog"
    return built, record(built, ATLANTA_SCRIPT, log, HOOD, setup="5.1 variant: Historical Opening Attack")


def test_atlanta_statuses_facing_strength(atlanta) -> None:
    built, views = atlanta
    fny = [views.at(n).unit("Fny/B/H") for n in range(6)]
    assert [hexes(built, views, n)["Fny/B/H"] for n in (0, 1)] == ["A32.17", "A32.18"]
    assert [u.facing for u in fny[1:3]] == ["N", "NW"]
    assert [u.status["low-ammo"] for u in fny[2:4]] == [NO, YES]
    assert [u.status["loss"] for u in fny[3:6]] == ["none", "1", "2"]
    assert [views.at(n).unit("Gvn/C/H").status["column"] for n in (5, 6)] == [NO, YES]
    hb4 = [views.at(n).unit("Hb(4)") for n in (6, 7, 8)]
    assert [u.status["limbered"] for u in hb4] == [NO, YES, YES] and [u.strength for u in hb4] == ["4", "4", "3"]
    assert "limbered" not in fny[0].status                    # artillery only (gamedata.systems)


def test_atlanta_turn_without_phases_is_said_once(atlanta) -> None:
    _, views = atlanta
    assert [(v.turn.id, v.turn.label) for v in (views.at(0), views.at(9))] == [(84, "Jul 22 12:30PM"),
                                                                             (85, "Jul 22 1:00PM")]
    assert views.at(9).phase is None
    phase = [u for u in views.unknown if u.subject == "phase"]
    assert len(phase) == 1 and "lists no [[phases]]" in phase[0].message
    assert views.scenario.scenario_id == "5.1d.6"
