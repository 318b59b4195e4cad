"""The map terrain of a game as one model: what each hex and hexside holds, and which
hexes touch which (across maps that share hexes).

`Terrain.of(game)` reads the terrain workbook's rows once (the row records are defined here,
below the game model that gathers them). Hexes are canonical
`gamedata.hexids.Hex` values (an alias like `S2501` is the hex `N2534`), so the builder, the
digitizer and the referee's path search agree on every hex and hexside. A hex or hexside
without data is `None`, never clear: a rule that meets one says what it could not check.

Hexsides are written as (hex, compass side). The compass names follow the printed map:
`MapDef.north` says which edge of the drawn board is north and `rows_increase` which way the
rows run, so Hood Strikes North (north to the right) has sides W, NW, NE, E, SE, SW.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Protocol

from gamedata.cellref import CellRef
from gamedata.hexids import Hex, HexError, HexIds
from gamedata.maps import MapDef
from gamedata.paths import HexGraph
from gamedata.problems import SheetRow


@dataclass(frozen=True)
class TerrainType:
    """A terrain or feature code of the system (effects.xlsx Terrain)."""

    code: str
    name: str
    applies: str                    # hex | hexside | route
    category: str
    rulebook_line: int | None = None
    notes: str = ""


@dataclass(frozen=True)
class TerrainHex:
    """One row of the Hexes sheet: a hex's terrain codes and elevation. Empty = not known
    (never clear); `sides_complete` says the hex's sides not in Hexsides are plain."""

    map: str
    hex: str
    terrain: str = ""
    elevation: int | None = None
    name: str = ""
    sides_complete: bool | None = None
    source: str = ""
    confidence: float | None = None
    reviewed: bool | None = None
    rulebook_line: int | None = None
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class TerrainHexside:
    """One row of the Hexsides sheet: the features on one side of a hex (`side` is the
    compass direction from `hex`), stated once for the pair of hexes."""

    map: str
    hex: str
    side: str
    features: str
    contours: int | None = None
    source: str = ""
    confidence: float | None = None
    reviewed: bool | None = None
    rulebook_line: int | None = None
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class SpecialHex:
    """A hex the rules single out (camp, fort, landing, supply source, station...);
    `hex` empty = the rulebook names the place without its hex."""

    map: str
    kind: str
    hex: str = ""
    name: str = ""
    side: str = ""
    detail: str = ""
    source: str = ""
    rulebook_line: int | None = None
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class ImpliedFeature:
    """A feature the rules assume where a route crosses a hexside feature."""

    route: str
    crossing: str
    implies: str
    rulebook_line: int | None = None
    notes: str = ""


class TerrainData(Protocol):
    """What `Terrain.of` reads of a game (a `gamedata.model.Game`): its maps and the rows of its
    terrain workbook and chart."""

    @property
    def maps(self) -> Sequence[MapDef]: ...
    @property
    def terrain_types(self) -> Sequence[TerrainType]: ...
    @property
    def terrain_hexes(self) -> Sequence[TerrainHex]: ...
    @property
    def terrain_hexsides(self) -> Sequence[TerrainHexside]: ...
    @property
    def terrain_specials(self) -> Sequence[SpecialHex]: ...
    @property
    def implied_features(self) -> Sequence[ImpliedFeature]: ...

TERRAIN = "terrain.xlsx"

BOARD_DIRECTIONS = ("up", "up-right", "down-right", "down", "down-left", "up-left")
"""The six neighbours of a flat-topped hex on the drawn board, clockwise from up."""
_BOARD_ANGLE = {d: 60 * i for i, d in enumerate(BOARD_DIRECTIONS)}
_NORTH_ANGLE = {"up": 0, "right": 90, "down": 180, "left": 270}
_BEARING_NAME = {0: "N", 30: "NE", 60: "NE", 90: "E", 120: "SE", 150: "SE", 180: "S", 210: "SW", 240: "SW",
                 270: "W", 300: "NW", 330: "NW"}


def side_names(m: MapDef) -> dict[str, str]:
    """Compass name of each board direction on map `m` (a drawn board has columns growing
    rightward; `north` says which board edge is north)."""
    north = _NORTH_ANGLE[m.north]
    return {d: _BEARING_NAME[(_BOARD_ANGLE[d] - north) % 360] for d in BOARD_DIRECTIONS}


def board_step(m: MapDef, column: int, direction: str) -> tuple[int, int]:
    """(column change, row change) of the neighbour in a board direction from a hex of `column`.

    Shifted columns sit half a hex toward higher rows; rows grow down the board, or up it
    when `rows_increase` is "up". So the neighbour up-right of a shifted column is in the same
    row when rows grow downward (it sits half a hex higher), one row higher when upward."""
    shifted = (column % 2 == 0) == (m.shifted_columns == "even")
    toward_lower, toward_higher = (0, 1) if shifted else (-1, 0)
    up = -1 if m.rows_increase != "up" else 1            # row change of "up" on the board
    up_side = toward_lower if up < 0 else toward_higher  # row change of the side neighbours that are higher up
    down_side = toward_higher if up < 0 else toward_lower
    return {
        "up": (0, up), "down": (0, -up),
        "up-right": (1, up_side), "down-right": (1, down_side),
        "up-left": (-1, up_side), "down-left": (-1, down_side),
    }[direction]


@dataclass(frozen=True)
class HexTerrain:
    """What a hex holds: its terrain codes (first = the main one), elevation (None = not
    given), the row it was read from, and whether it is an unreviewed digitized draft."""

    hex: Hex
    terrain: tuple[str, ...]
    elevation: int | None = None
    name: str = ""
    sides_complete: bool = False
    draft: bool = False
    origin: SheetRow | None = None


@dataclass(frozen=True)
class Hexside:
    """The features on the side between `a` and `b` (`b` None: the map edge beyond `a`),
    declared first, then those the rules imply (a ford where a farm lane crosses a stream).
    A hexside known to be plain has no features and no origin."""

    a: Hex
    b: Hex | None
    features: tuple[str, ...] = ()
    contours: int | None = None
    implied: tuple[str, ...] = ()
    draft: bool = False
    origin: SheetRow | None = None
    side: str = ""                  # the compass side of `a`, for an edge hexside (b None)

    def has(self, *codes: str) -> bool:
        return any(c in self.features for c in codes)


@dataclass(frozen=True)
class Special:
    """A hex the rules single out; `hex` None when the rulebook names the place without it."""

    kind: str
    map: str
    hex: Hex | None
    name: str = ""
    side: str = ""
    detail: str = ""
    origin: SheetRow | None = None


@dataclass(frozen=True)
class Unknown:
    """A hex or hexside the terrain has no data for, and the cell where it belongs."""

    what: str
    cell: CellRef


SideKey = tuple[Hex, Hex] | tuple[Hex, str]


class Terrain:
    """The terrain of every map of a game: hexes, hexsides, special hexes, adjacency."""

    def __init__(self, hexids: HexIds, types: Iterable[TerrainType] = (), hexes: Iterable[HexTerrain] = (),
                 hexsides: Iterable[Hexside] = (), specials: Iterable[Special] = (),
                 implied: Iterable[tuple[str, str, str]] = ()) -> None:
        self.hexids = hexids
        self.types: dict[str, TerrainType] = {t.code: t for t in types}
        self._hexes: dict[Hex, HexTerrain] = {}
        for h in hexes:
            self._hexes.setdefault(h.hex, h)
        self._implied = tuple(implied)
        self._sides: dict[SideKey, Hexside] = {}
        self._add_sides(hexsides)
        self._specials = tuple(specials)

    def _add_sides(self, hexsides: Iterable[Hexside]) -> None:
        for s in hexsides:
            self._sides.setdefault(self._key(s.a, s.b) if s.b is not None else (s.a, s.side), self._with_implied(s))

    # -- reading a game -------------------------------------------------
    @classmethod
    def of(cls, game: TerrainData) -> Terrain:
        """The terrain of a loaded (validated) game; rows that do not resolve are skipped,
        since validation has reported them."""
        hexids = HexIds(game.maps)
        hexes = []
        for row in game.terrain_hexes:
            h = _resolve(hexids, row.hex, row.map)
            if h is not None:
                hexes.append(HexTerrain(h, codes(row.terrain), row.elevation, row.name, bool(row.sides_complete),
                                        _draft(row.source, row.reviewed), row.origin))
        specials = [Special(row.kind, row.map, _resolve(hexids, row.hex, row.map) if row.hex else None,
                            row.name, row.side, row.detail, row.origin) for row in game.terrain_specials]
        terrain = cls(hexids, game.terrain_types, hexes, (), specials,
                      ((i.route, i.crossing, i.implies) for i in game.implied_features))
        sides = []
        for row in game.terrain_hexsides:
            found = terrain.locate_side(row.hex, row.side, row.map)
            if isinstance(found, tuple):
                sides.append(Hexside(found[0], found[1], codes(row.features), row.contours, (),
                                     _draft(row.source, row.reviewed), row.origin, row.side if found[1] is None else ""))
        terrain._add_sides(sides)
        return terrain

    # -- geometry -------------------------------------------------------------
    @cached_property
    def graph(self) -> HexGraph:
        """Every hex of every map (canonical), with neighbours across shared rows."""
        spellings: dict[Hex, list[Hex]] = {}
        for m in self.hexids.maps.values():
            for column in range(m.columns[0], m.columns[1] + 1):
                low, high = self.hexids.row_range(m.id, column)
                for row in range(low, high + 1):
                    h = Hex(m.id, column, row)
                    spellings.setdefault(self.hexids.canonical(h), []).append(h)

        def neighbours(c: Hex) -> list[Hex]:
            found = {self.hexids.canonical(n) for h in spellings[c] for n in self.hexids.neighbours(h)}
            found.discard(c)
            return sorted(found)
        self._spellings = spellings
        return HexGraph(sorted(spellings), neighbours)

    def spellings(self, h: Hex) -> tuple[Hex, ...]:
        """Every way to write the canonical hex `h` (its own id first, then its aliases)."""
        self.graph  # noqa: B018 - builds the spellings
        return tuple(self._spellings.get(h, (h,)))

    def side_names(self, map_id: str) -> dict[str, str]:
        return side_names(self.hexids.maps[map_id])

    def across(self, h: Hex, side: str) -> Hex | None | str:
        """The hex across compass side `side` of `h` as written (canonical), None beyond the
        map's edge, or the reason `side` is not a side of that map's hexes."""
        m = self.hexids.maps[h.map]
        names = side_names(m)
        if side not in names.values():
            return f"side '{side}' is not a side of a hex on map '{m.id}' ({', '.join(names.values())})"
        direction = next(d for d, n in names.items() if n == side)
        candidates = [h] + [s for s in self.spellings(self.hexids.canonical(h)) if s != h]
        for written in candidates:
            wm = self.hexids.maps[written.map]
            if side_names(wm).get(direction) != side:
                continue
            dc, dr = board_step(wm, written.column, direction)
            n = Hex(written.map, written.column + dc, written.row + dr)
            if self.hexids.exists(n):
                return self.hexids.canonical(n)
        return None

    def locate_side(self, hex_text: str, side: str, map_id: str) -> tuple[Hex, Hex | None] | str:
        """(hex, hex across or None at the edge) for a Hexsides row, or why it is not one."""
        h = _resolve(self.hexids, hex_text, map_id)
        if h is None:
            return f"'{hex_text}' is not a hex of map '{map_id}'"
        written = self.hexids.parse(hex_text, map_id)
        other = self.across(written, side)
        if isinstance(other, str):
            return other
        return h, other

    def direction(self, a: Hex, b: Hex) -> str | None:
        """The compass side of `a` (as written on its map) that faces `b`, if they touch."""
        for written in self.spellings(self.hexids.canonical(a)):
            for d, name in side_names(self.hexids.maps[written.map]).items():
                dc, dr = board_step(self.hexids.maps[written.map], written.column, d)
                n = Hex(written.map, written.column + dc, written.row + dr)
                if self.hexids.exists(n) and self.hexids.canonical(n) == b:
                    return name
        return None

    # -- the contract ---------------------------------------------------------
    def hex(self, h: Hex) -> HexTerrain | None:
        """The terrain of `h` (any spelling), None when nobody entered it."""
        return self._hexes.get(self.hexids.canonical(h))

    def hexside(self, a: Hex, b: Hex) -> Hexside | None:
        """The features on the side between two adjacent hexes, whichever hex named it;
        a plain Hexside when a hex beside it has `sides_complete`; None when not known."""
        a, b = self.hexids.canonical(a), self.hexids.canonical(b)
        found = self._sides.get(self._key(a, b))
        if found is not None:
            return found
        if any((t := self._hexes.get(x)) is not None and t.sides_complete for x in (a, b)):
            return Hexside(a, b)
        return None

    def edge(self, h: Hex, side: str) -> Hexside | None:
        """The hexside beyond the map's edge on `side` of `h`, if a row states it."""
        return self._sides.get((self.hexids.canonical(h), side))

    def specials(self, kind: str | None = None) -> tuple[Special, ...]:
        """The special hexes of a kind (all when None), in workbook order."""
        return tuple(s for s in self._specials if kind is None or s.kind == kind)

    def missing(self, hexes: Iterable[Hex]) -> tuple[Unknown, ...]:
        """Which of these hexes, and which hexsides between two of them that touch, have no data."""
        given = list(dict.fromkeys(self.hexids.canonical(h) for h in hexes))
        out = [Unknown(f"terrain of {self.hexids.format(h)}",
                       self.hex_cell(h, f"terrain.xlsx:Hexes: a row for {self.hexids.format(h)}"))
               for h in given if h not in self._hexes]
        inside = set(given)
        seen: set[SideKey] = set()
        for a in given:
            if a not in self.graph:
                continue
            for b in self.graph.neighbours(a):
                key = self._key(a, b)
                if b in inside and key not in seen and self.hexside(a, b) is None:
                    seen.add(key)
                    names = f"{self.hexids.format(a)}|{self.hexids.format(b)}"
                    out.append(Unknown(f"hexside {names}", self.side_cell(a, b, (
                        f"terrain.xlsx:Hexsides: a row for {names} (or sides_complete on {self.hexids.format(a)} "
                        f"or {self.hexids.format(b)})"))))
        return tuple(out)

    def hex_cell(self, h: Hex, text: str) -> CellRef:
        """The Hexes row that would give a hex's terrain (``text``: how a message names it)."""
        name = self.hexids.format(h)
        return CellRef(TERRAIN, "Hexes", (("map", h.map), ("hex", name)), "terrain", text, f"terrain of {name}", h)

    def side_cell(self, a: Hex, b: Hex, text: str) -> CellRef:
        """The Hexsides row that would give the features between two adjacent hexes, stated from ``a``."""
        names = f"{self.hexids.format(a)}|{self.hexids.format(b)}"
        return CellRef(TERRAIN, "Hexsides", (("map", a.map), ("hex", self.hexids.format(a)),
                                             ("side", self.direction(a, b) or "")), "features", text,
                       f"hexside {names}", a)

    # -- what features mean -----------------------------------------------------
    def category(self, code: str) -> str:
        t = self.types.get(code)
        return t.category if t else ""

    def routes(self, a: Hex, b: Hex) -> tuple[str, ...]:
        """The route features (roads, lanes, railroads...) joining `a` and `b` across their side."""
        side = self.hexside(a, b)
        if side is None:
            return ()
        return tuple(f for f in side.features if (t := self.types.get(f)) is not None and t.applies == "route")

    @property
    def hexes(self) -> tuple[HexTerrain, ...]:
        return tuple(self._hexes.values())

    @property
    def hexsides(self) -> tuple[Hexside, ...]:
        return tuple(self._sides.values())

    # -- internals --------------------------------------------------------------
    @staticmethod
    def _key(a: Hex, b: Hex) -> SideKey:
        return (a, b) if a <= b else (b, a)

    def _with_implied(self, s: Hexside) -> Hexside:
        extra = tuple(dict.fromkeys(imp for route, crossing, imp in self._implied
                                    if route in s.features and crossing in s.features and imp not in s.features))
        return Hexside(s.a, s.b, s.features + extra, s.contours, extra, s.draft, s.origin, s.side) if extra else s


def codes(text: str) -> tuple[str, ...]:
    """The codes of a `;`-separated cell, in order, blanks dropped."""
    return tuple(c.strip() for c in text.split(";") if c.strip())


def _draft(source: str, reviewed: bool | None) -> bool:
    return source.strip().lower() == "digitize" and not reviewed


def _resolve(hexids: HexIds, text: str, map_id: str) -> Hex | None:
    try:
        return hexids.canonical(hexids.parse(text, map_id))
    except HexError:
        return None
