"""Hexes as the scenario rules name them: cells of the tables, areas, distances, and which
units a rule binds. Shared by the setup, reinforcement, restriction, exit and victory checks."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from gamedata.hexids import Hex, HexError
from gamedata.model import Game
from gamedata.scenario_rules import Area

from ..findings import Place
from ..view import UnitView

ANY_SIDE = "any"


@dataclass
class Places:
    """One game's hexes: a table cell or an area code as a set of canonical hexes, the
    hexes within a distance of others (across map seams), an area's membership."""

    game: Game
    _cells: dict[tuple[str, ...], frozenset[Hex] | None] = field(default_factory=dict, repr=False)
    _near: dict[tuple[frozenset[Hex], int], frozenset[Hex]] = field(default_factory=dict, repr=False)

    @cached_property
    def _terrain(self):  # noqa: ANN202 - gamedata.terrain.Terrain, imported lazily by the model
        return self.game.terrain

    @cached_property
    def _areas(self) -> dict[str, tuple[str, ...]]:
        return {a.code: a.hexes for a in self.game.areas}

    def hexes(self, cell: str | Iterable[str]) -> frozenset[Hex] | None:
        """The hexes a cell names (an area code, hex ids, lists, ranges); None when it names
        none that parse (a choice, a text such as "Inside Atlanta defenses")."""
        key = (cell,) if isinstance(cell, str) else tuple(cell)
        if key not in self._cells:
            self._cells[key] = self._parse(key)
        return self._cells[key]

    def _parse(self, texts: tuple[str, ...]) -> frozenset[Hex] | None:
        found: set[Hex] = set()
        hexids = self._terrain.hexids
        for text in texts:
            text = text.strip()
            if not text:
                continue
            try:
                spelled = self._areas.get(text) or hexids.expand(text)
                found |= {hexids.canonical(hexids.parse(h)) for h in spelled}
            except HexError:
                return None
        return frozenset(found) if found else None

    def within(self, centres: Iterable[Hex], distance: int) -> frozenset[Hex]:
        """Every hex at most ``distance`` hexes from one of ``centres`` (the centres too)."""
        key = (frozenset(centres), distance)
        if key not in self._near:
            self._near[key] = self._terrain.graph.near(key[0], distance)
        return self._near[key]

    def on_edge(self, h: Hex) -> bool:
        """A hex with fewer than six neighbours: on a map edge (not on a seam between maps)."""
        return len(self._terrain.graph.neighbours(h)) < 6

    def in_area(self, h: Hex, area: Area) -> bool:
        """Whether ``h`` is in the rule's area (any of its parts); bounds read the printed
        column and row of every spelling of the hex."""
        if area.hexes and h in (self.hexes(area.hexes) or ()):
            return True
        if area.of and h in self.within(self.hexes(area.of) or (), area.within):
            return True
        if area.columns is None and area.rows is None:
            return False
        for spelled in self._spellings(h):
            if area.map and spelled.map != area.map:
                continue
            if area.columns is not None and not area.columns[0] <= spelled.column <= area.columns[1]:
                continue
            if area.rows is not None and not area.rows[0] <= spelled.row <= area.rows[1]:
                continue
            return True
        return False

    def on_map(self, h: Hex, map_id: str) -> bool:
        """Whether one of the hex's spellings is on that map."""
        return any(spelled.map == map_id for spelled in self._spellings(h))

    def _spellings(self, h: Hex) -> tuple[Hex, ...]:
        return tuple(self._terrain.spellings(h)) or (h,)

    def name(self, h: Hex) -> str:
        return self._terrain.hexids.format(h)


def binds(unit: UnitView, game: Game, side: str, unit_types: tuple[str, ...] = (), units: tuple[str, ...] = (),
          formations: tuple[str, ...] = ()) -> bool:
    """Whether a rule about ``side`` (``any``), these types, units and formations covers the unit."""
    if side != ANY_SIDE and unit.side != side:
        return False
    if unit_types and unit.unit.type not in unit_types:
        return False
    if units and unit.unit_id not in units:
        return False
    if formations:
        chain = {f.formation_id for f in game.command_chain(unit.unit_id, unit.formation)}
        if not chain & set(formations):
            return False
    return True


def place_of(unit: UnitView) -> Place:
    """Where the unit stands, as the report names it."""
    return Place(unit.map or "", unit.location)
