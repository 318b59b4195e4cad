"""The pieces of a board read as units: identity, hex, statuses, facing, strength, formation.

A piece is a unit when it carries a ``UnitId`` of the game (our modules), or when
the unit map (``units.csv``) names it by slot id or name; a status marker when it
carries a ``Status`` step code or the unit map says so. A marker counts for every
unit stacked with it (same map point). The ``Board`` is changed piece by piece (by
the views, following a log's events) or filled from a whole board state at once
(``read_board``); both read units the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from gamedata.hexids import Hex, HexError, HexIds
from gamedata.model import Game, Unit
from gamedata.systems import STATUS, UNIT_ID, profile_for, symbol_for
from vassal.gamestate import basic_name, parse_basic_state
from vassal.board import OFFBOARD
from vassal.grid import HexGrid
from vassal.module import Module
from vassal.replay import BoardState, Moved, PieceState, TraitChange
from vassal.sequence import split_chain

from .counters import UNKNOWN, Layout, layout, marker_value, status_value
from .palette import slots
from .unitmap import Identity, UnitMap

Point = tuple[str | None, int, int]
Note = Callable[[str, str], None]
"""Reports something the view cannot read: (subject, message)."""


@dataclass(frozen=True)
class Unknown:
    """Something the view could not read, from the step where it was first met."""

    step: int
    subject: str
    message: str


@dataclass(frozen=True)
class UnitView:
    """A unit as the board shows it after a step. ``hex`` is None off the map or in a box
    (``location`` then names the box, or is "" off every map); ``status`` maps each status
    code of the game's system that applies to the unit to its value (``YES``/``NO``, a
    level, its "none" level, or ``UNKNOWN`` where the counter cannot show it); ``facing``
    is None in a system without facing; ``formation`` is the formation it belongs to now;
    ``showing`` the status codes the counter shows as on (its layers, its markers)."""

    unit: Unit
    piece_id: str
    map: str | None
    location: str
    hex: Hex | None
    status: Mapping[str, str]
    facing: str | None
    strength: str
    formation: str
    showing: tuple[str, ...] = ()

    @property
    def unit_id(self) -> str:
        return self.unit.unit_id

    @property
    def name(self) -> str:
        return self.unit.name

    @property
    def side(self) -> str:
        return self.unit.side

    @property
    def attached(self) -> bool:
        """Whether a player attached the unit away from its order-of-battle formation."""
        return self.formation != (self.unit.formation or self.unit.command)


@dataclass(frozen=True)
class MarkerView:
    """A status marker piece on a hex of a map (`code` its status step code): where it stands,
    whether or not units stand with it (Atlanta 2.6a's detachment marker stands alone)."""

    code: str
    map: str | None
    hex: Hex


@dataclass
class PieceRecord:
    id: str
    type: str
    states: list[str]
    map: str | None
    x: int
    y: int
    location: str
    identity: Identity | None = None

    @classmethod
    def of(cls, p: PieceState) -> PieceRecord:
        return cls(p.id, p.type, split_chain(p.state), p.map, p.x, p.y, p.location)

    @property
    def point(self) -> Point:
        return self.map, self.x, self.y

    @property
    def unit_id(self) -> str:
        return self.identity.unit_id if self.identity else ""

    @property
    def marker(self) -> str:
        return self.identity.marker if self.identity else ""


class Reader:
    """What is fixed for one module and game: how to identify pieces and name hexes."""

    def __init__(self, module: Module | None, game: Game, unit_map: UnitMap | None) -> None:
        self.module, self.game, self.unit_map = module, game, unit_map
        self.profile = profile_for(game)
        self.hexids = HexIds(game.maps)
        self._hexes: dict[str, Hex | None] = {}
        # maps whose boards carry a hex grid: elsewhere (zoned boxes, eliminated units) no hexes
        self._hex_maps = {m.name for m in module.maps if any(isinstance(b.grid, HexGrid) for b in m.boards)} \
            if module else None

    def identify(self, piece: PieceRecord, lay: Layout) -> Identity | None:
        props = lay.properties(piece.states)
        unit_id = props.get(UNIT_ID, "")
        if unit_id and self.game.unit(unit_id) is not None:
            return Identity(unit_id)
        if props.get(STATUS):
            return Identity(marker=props[STATUS])
        if self.unit_map is not None:
            _, _, _, gpid = parse_basic_state(piece.states[-1])
            return self.unit_map.identify(gpid, basic_name(piece.type))
        return None

    def on_hexes(self, map_id: str | None) -> bool:
        """Whether locations on this map are hexes (with no module: whatever parses as one)."""
        return map_id is not None and (self._hex_maps is None or map_id in self._hex_maps)

    def hex(self, map_id: str | None, location: str) -> Hex | None:
        """The game's hex a VASSAL location names, on a map of hexes; None elsewhere."""
        return self.parse(location) if self.on_hexes(map_id) else None

    def parse(self, hex_id: str) -> Hex | None:
        """The hex (aliases resolved) a hex id names, None for text that names none."""
        if hex_id not in self._hexes:
            try:
                self._hexes[hex_id] = self.hexids.canonical(self.hexids.parse(hex_id))
            except HexError:
                self._hexes[hex_id] = None
        return self._hexes[hex_id]

    @cached_property
    def marked(self) -> frozenset[str]:
        """Status codes the module has marker pieces for, by their ``Status`` property or the
        unit map: a counter without the status's layer can still show it by a marker."""
        codes = {r.marker for r in self.unit_map.rows if r.marker} if self.unit_map else set()
        if self.module is not None:
            codes |= {s.properties[STATUS] for s in slots(self.module) if s.properties.get(STATUS)}
        return frozenset(layer.code for layer in self.profile.layers for code in codes
                         if marker_value(layer, code) is not None)


class Board:
    """The pieces as the view tracks them, and the units they stand for. Each change
    returns the unit ids to re-read; ``refresh`` re-reads them."""

    def __init__(self, reader: Reader, note: Note) -> None:
        self.reader, self.note = reader, note
        self.pieces: dict[str, PieceRecord] = {}
        self.units: dict[str, UnitView] = {}
        self._at: dict[Point, set[str]] = {}
        self._pieces_of: dict[str, set[str]] = {}
        self._markers: set[str] = set()

    @classmethod
    def of(cls, board: BoardState, reader: Reader, note: Note) -> Board:
        self = cls(reader, note)
        dirty: set[str] = set()
        for p in board.pieces.values():
            dirty |= self.add(PieceRecord.of(p))
        self.refresh(dirty)
        return self

    def add(self, piece: PieceRecord) -> set[str]:
        piece.identity = self.reader.identify(piece, layout(piece.type, self.reader.profile))
        if piece.identity is None:
            name = basic_name(piece.type) or piece.id
            self.note(f"piece {name}", "no unit: the piece carries no UnitId of the game, and no unit map "
                                       "(units.csv) names it")
        self.pieces[piece.id] = piece
        self._at.setdefault(piece.point, set()).add(piece.id)
        if piece.unit_id:
            self._pieces_of.setdefault(piece.unit_id, set()).add(piece.id)
        elif piece.marker:
            self._markers.add(piece.id)
        return self._touched(piece)

    def remove(self, piece_id: str) -> set[str]:
        piece = self.pieces.pop(piece_id, None)
        if piece is None:
            return set()
        self._at[piece.point].discard(piece_id)
        self._markers.discard(piece_id)
        if piece.unit_id:
            self._pieces_of[piece.unit_id].discard(piece_id)
        return self._touched(piece)

    def move(self, event: Moved) -> set[str]:
        piece = self.pieces.get(event.piece_id)
        if piece is None:
            return set()
        before = self._touched(piece)
        self._at[piece.point].discard(piece.id)
        piece.map, piece.x, piece.y, piece.location = event.to_map, event.to_x, event.to_y, event.to_location
        self._at.setdefault(piece.point, set()).add(piece.id)
        return before | self._touched(piece)

    def change(self, piece_id: str, changes: tuple[TraitChange, ...]) -> set[str]:
        piece = self.pieces.get(piece_id)
        if piece is None:
            return set()
        for change in changes:
            if change.index < len(piece.states):
                piece.states[change.index] = change.new
        return self._touched(piece)

    def _touched(self, piece: PieceRecord) -> set[str]:
        """The units to re-read when this piece changes: its own, or those its marker sits on."""
        if piece.unit_id:
            return {piece.unit_id}
        if piece.marker:
            return {self.pieces[p].unit_id for p in self._at.get(piece.point, ()) if self.pieces[p].unit_id}
        return set()

    def markers(self) -> tuple[MarkerView, ...]:
        """The status marker pieces on hexes, in piece-id order."""
        found = []
        for pid in sorted(self._markers):
            p = self.pieces[pid]
            h = self.reader.hex(p.map, p.location)
            if h is not None:
                found.append(MarkerView(p.marker, p.map, h))
        return tuple(found)

    def refresh(self, unit_ids: set[str]) -> None:
        for unit_id in unit_ids:
            piece = self._piece_of(unit_id)
            if piece is None:
                self.units.pop(unit_id, None)
            else:
                self.units[unit_id] = self._read(unit_id, piece)

    def _piece_of(self, unit_id: str) -> PieceRecord | None:
        """The unit's piece; with several (two counters for one unit), one on a map first."""
        ids = self._pieces_of.get(unit_id, ())
        if len(ids) > 1:
            self.note(f"unit {unit_id}", f"{len(ids)} pieces stand for this unit: the view reads one on a map")
        return min((self.pieces[p] for p in ids), key=lambda p: (p.map is None, p.id), default=None)

    def _read(self, unit_id: str, piece: PieceRecord) -> UnitView:
        reader = self.reader
        unit = reader.game.unit(unit_id)
        assert unit is not None
        reading = layout(piece.type, reader.profile).read(piece.states, reader.profile)
        markers = [self.pieces[p].marker for p in sorted(self._at.get(piece.point, ())) if self.pieces[p].marker]
        symbol = symbol_for(unit.type)
        status: dict[str, str] = {}
        showing: list[str] = []
        for layer in reader.profile.layers:
            if not layer.applies_to(symbol):
                continue
            shown = [v for code in markers if (v := marker_value(layer, code)) is not None]
            value = shown[-1] if shown else reading.status.get(layer.code, UNKNOWN)
            if value == UNKNOWN and layer.code in reader.marked:
                value = status_value(layer, False, 0)
            if value == UNKNOWN:
                self.note(f"status {layer.code}", f"the counter of {unit.name} (and maybe others) cannot show it: "
                                                  "no layer of that name, no marker piece for it")
            status[layer.code] = value
            if value not in (UNKNOWN, status_value(layer, False, 0)):
                showing.append(layer.code)
        if reading.facing == UNKNOWN:
            self.note("facing", f"the counter of {unit.name} (and maybe others) has no facing")
        if reading.strength is None:
            self.note("strength", f"the counter of {unit.name} (and maybe others) has no Strength property")
        elif not reading.strength:
            self.note("strength values", f"{unit.name} (and maybe others) has no strength: "
                                         "the game data leaves it empty (oob.xlsx Units strength/manpower)")
        h = reader.hex(piece.map, piece.location)
        if h is None and reader.on_hexes(piece.map) and piece.location != OFFBOARD and reader.module is not None:
            self.note(f"hexes of {piece.map}", f"location {piece.location!r} (of {unit.name}, and maybe others) is "
                                               f"no hex of the game ({reader.hexids.describe()}): no hex for it")
        return UnitView(unit, piece.id, piece.map, piece.location if piece.map else "",
                        h, MappingProxyType(status), reading.facing,
                        reading.strength or UNKNOWN, reading.formation or unit.formation or unit.command,
                        tuple(showing))


def read_board(board: BoardState, module: Module | None, game: Game,
               unit_map: UnitMap | None = None) -> dict[str, UnitView]:
    """The units of a board state read directly, not by following events: what the views
    of a log must equal after the same step."""
    return dict(Board.of(board, Reader(module, game, unit_map), lambda subject, message: None).units)
