"""The view after step N, followed forward from the log's events, equals the view read from
the board the replay gives after step N by replaying from the start: on random logs.

Logs are drawn on Into the Woods scenario 9 (units with facing, multi-level and back-side
layers, strength, formation): moves onto hexes and onto other pieces' stacks, undone
moves, layer, facing, strength and formation changes (whole states, and old/new states
that VASSAL merges), status markers dragged out of the palette onto units, pieces
deleted, the turn tracker set, chat. One fixed log drawing every kind of action replays
in the real VASSAL to the board our replay gives, so the random ones are logs VASSAL
writes and reads.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pbem import Player
from viewlogs import Built, build, same_board

import engine
from gamedata.hexids import HexIds
from referee.view import Views, read_board
from referee.view.clock import Clock
from vassal.commands import (AddPiece, ChangePiece, Chat, Command, MovePiece, Node, RemovePiece, Undo,
                             parse_command)
from vassal.gamestate import GameState
from vassal.metadata import Metadata
from vassal.piece import Piece
from vassal.savefile import write_save
from vassal.savewriter import LogWriter, stack_state, with_position
from vassal.sequence import encode
from vassal.traits import DynamicProperty, FreeRotator, Layer

SCENARIO = "The Critical Left Flank: The Mid-Morning Attack on Stuart's Brigade"
PLAYERS = (Player("Grant", "Union", "grant-Pa55w0rd-9902"), Player("Johnston", "Confederate", "johnston-Pa55w0rd-4410"))
KINDS = ("move", "stack", "undo", "layer", "facing", "strength", "formation", "marker", "shift-marker", "remove", "turn",
         "chat")
ACTION = st.tuples(st.sampled_from(KINDS), st.integers(0, 10**6), st.integers(0, 10**6), st.booleans())


@pytest.fixture(scope="module")
def itw(tmp_path_factory) -> Built:
    return build("into-the-woods-shiloh", tmp_path_factory.mktemp("view-property"))


@dataclass
class RandomLog:
    """Turns abstract actions into the commands VASSAL writes for them, against the board
    as it stands (a GameState kept beside the writer)."""

    built: Built
    start: list[Node]

    def __post_init__(self) -> None:
        self.state = GameState()
        self.writer = LogWriter(self.start)
        for node in self.start:
            for n in node.walk():
                self.state.apply(parse_command(n.text))
        game, module = self.built.game, self.built.module
        self.layout = module.map_layout("Main Map")
        ids = HexIds(game.maps)
        self.hexes = [ids.format(h) for h in sorted({n for u in self.units() for n in self._near(ids, u)})]
        self.markers = [s for s in module.piece_slots if "Markers" in s.path]
        self.formations = [f.formation_id for f in game.formations]
        self.tracker = module.turn_trackers[0]
        self.ids = itertools.count(5000)
        self.last_move: MovePiece | None = None
        self.last_stack: str | None = None

    def _near(self, ids: HexIds, piece_id: str):
        location = self.built.module.locator().location("Main Map", *self.state.position(piece_id)[1:], None)
        h = ids.parse(location)
        return (h, *ids.neighbours(h))

    def units(self) -> list[str]:
        return sorted(p for p, r in self.state.pieces.items() if GameState.map_of(r) == "Main Map" and "UnitId" in r.type)

    def on_map(self) -> list[str]:
        return sorted(p for p, r in self.state.pieces.items() if GameState.map_of(r) == "Main Map")

    def step(self, *commands: Command) -> None:
        for c in commands:
            self.state.apply(c)
        self.writer.step(*commands)

    def act(self, kind: str, a: int, b: int, flag: bool) -> None:
        pieces, units = self.on_map(), self.units()
        if not pieces or not units:
            return
        player = PLAYERS[a % 2].password
        if kind == "shift-marker":   # a marker moved on, off or between units
            markers = [p for p in pieces if p not in units]
            if not markers:
                return
            kind, a = ("stack" if flag else "move"), pieces.index(markers[a % len(markers)])
        if kind in ("move", "stack"):
            piece = pieces[a % len(pieces)]
            m, x, y = self.state.position(piece)
            under = pieces[b % len(pieces)] if kind == "stack" else None
            if under == piece or (under is not None and self.state.position(under)[0] is None):
                return
            if under is not None:
                _, nx, ny = self.state.position(under)
                self.last_move, self.last_stack = MovePiece.make(piece, m, (nx, ny), under, m, (x, y), None, player), None
                self.step(self.last_move)
                return
            board = "South map" if self.hexes[b % len(self.hexes)].startswith("S") else "North map"
            nx, ny = self.layout.map_point(board, self.hexes[b % len(self.hexes)])
            self.last_move = MovePiece.make(piece, m, (nx, ny), None, m, (x, y), None, player)
            self.last_stack = str(next(self.ids))
            self.step(self.last_move, AddPiece.make(self.last_stack, "stack", stack_state(m, nx, ny, [piece], 1)))
        elif kind == "undo" and self.last_move is not None:
            # as VASSAL undoes a drag (corpus engine-undo-example.vlog, step 5): the new stack
            # goes, the piece goes back to its point, alone
            c = self.last_move
            if c.id not in self.state.pieces:
                return
            inverse = [MovePiece.make(c.id, c.old_map, (c.old_x, c.old_y), None, c.new_map, (c.new_x, c.new_y), None,
                                      c.player_id)]
            if self.last_stack is not None:
                inverse.insert(0, RemovePiece.make(self.last_stack))
            self.writer.undo(f"{c.id} moves", *inverse)
            for command in (Undo.make(True), *inverse, Undo.make(False)):
                self.state.apply(command)
            self.last_move = self.last_stack = None
        elif kind in ("layer", "facing", "strength", "formation"):
            self._change(kind, units[a % len(units)], b, flag)
        elif kind == "marker":
            slot = self.markers[a % len(self.markers)]
            onto = units[b % len(units)]
            m, x, y = self.state.position(onto)
            marker_type, marker_state = Piece.from_slot_text(slot.text).encode()
            pid = str(next(self.ids))
            self.step(AddPiece.make(pid, marker_type, with_position(marker_state, m, x, y)),
                      MovePiece.make(pid, m, (x, y), onto, None, (0, 0), None, player))
        elif kind == "remove":
            self.step(RemovePiece.make(pieces[a % len(pieces)]))
        elif kind == "turn":
            top = self.tracker.levels[0]
            phases = top.sublevels[0]
            phase = encode([str(b % len(phases.items)), "0", "0", ",".join(["true"] * len(phases.items))], ";")
            state = encode(["0", encode([str(a % len(top.items)), "0", "0", ",".join(["true"] * len(top.items)),
                                         phase], ";")], "|")
            self.step(Chat.make("* * &lt;Grant&gt; Turn Updated"), parse_command(f"TURN{self.tracker.ident}\t{state}"))
        elif kind == "chat":
            self.writer.chat(PLAYERS[a % 2].name, f"message {b}")

    def _change(self, kind: str, unit: str, b: int, merge: bool) -> None:
        record = self.state.pieces[unit]
        piece = Piece.decode(record.type, record.state)
        if kind == "layer":
            layers = [i for i, t in enumerate(piece.traits) if isinstance(t, Layer)]
            index = layers[b % len(layers)]
            layer = piece.traits[index]
            changed = layer.with_level(b % max(len(layer.images), 1), active=(b // 7) % 2 == 0)
        elif kind == "facing":
            index = next(i for i, t in enumerate(piece.traits) if isinstance(t, FreeRotator))
            changed = piece.traits[index].with_facing(b)
        else:
            name = "Strength" if kind == "strength" else "Formation"
            index = next(i for i, t in enumerate(piece.traits) if isinstance(t, DynamicProperty) and t.name == name)
            value = str(b % 13) if kind == "strength" else self.formations[b % len(self.formations)]
            changed = replace(piece.traits[index], value=value)
        new = piece.with_trait(index, changed).encode()[1]
        self.step(ChangePiece.make(unit, new, record.state if merge else None))

    def text(self) -> str:
        return self.writer.text()


def start_of(itw: Built) -> list[Node]:
    nodes = itw.setup_nodes(SCENARIO)
    end = next(i for i, n in enumerate(nodes) if n.text == "end_save")
    return nodes[:end] + [p.roster_entry() for p in PLAYERS] + nodes[end:]


def same_views(itw: Built, text: str) -> int:
    """Check every step's view against the board replayed from the start; return the steps."""
    replay = itw.replay_text(text)
    views = Views(replay, itw.module, itw.game, scenario="S9")
    for n in range(len(views)):
        view, board = views.at(n), replay.state_after(n)
        assert dict(view.units) == read_board(board, itw.module, itw.game), f"step {n}"
        clock = Clock(itw.module, itw.game, board.turns).state()
        assert (view.turn, view.phase) == (clock.turn, clock.phase), f"step {n}"
    return len(replay.steps)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=st.lists(ACTION, min_size=1, max_size=25))
def test_views_followed_forward_equal_views_replayed_from_the_start(itw: Built, actions) -> None:
    log = RandomLog(itw, start_of(itw))
    for action in actions:
        log.act(*action)
    same_views(itw, log.text())


EVERY_KIND = [("move", 3, 11, False), ("stack", 4, 5, False), ("layer", 2, 3, True), ("layer", 2, 14, False),
              ("facing", 1, 5, False), ("strength", 6, 9, True), ("formation", 7, 2, False), ("marker", 1, 2, False),
              ("marker", 5, 2, False), ("shift-marker", 0, 7, True), ("shift-marker", 1, 30, False),
              ("move", 2, 40, False), ("undo", 0, 0, False), ("remove", 0, 1, False),
              ("turn", 20, 3, False), ("chat", 1, 2, False), ("stack", 9, 2, False), ("layer", 8, 22, True)]


def test_a_log_of_every_kind_replays_in_vassal_as_in_ours(itw: Built, tmp_path) -> None:
    log = RandomLog(itw, start_of(itw))
    for action in EVERY_KIND:
        log.act(*action)
    path = tmp_path / "every-kind.vlog"
    write_save(path, log.text(), itw.module.metadata, Metadata(version=itw.module.version, vassal_version="3.7.0",
                                                               description="random log"))
    replay = itw.replay(path)
    assert len(replay.steps) == len(EVERY_KIND)
    same_board(engine.decode_log(itw.vmod, path), replay)
    assert same_views(itw, log.text()) == len(EVERY_KIND)
