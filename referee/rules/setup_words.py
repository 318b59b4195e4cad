"""The words of a set-up area as Atlanta prints them (5.1b.1-2, 5.2b.1): clauses that bound the
area (a map, a column or row bound, the Atlanta defenses, south of a creek, on a road, along a road
between two hexes, another row's area) and clauses about the units around (no more than one unit
a hex, a hex no other unit occupies, no closer than N hexes to an enemy unit, with a brigade of
the leader's division).

A clause that needs the map (the defenses' hexes, the roads, a creek's hexsides) says which cells
would let it run while the others are still judged: a unit west of the column it must be east of is
an error whether or not the roads are known. A clause the reader does not know is reported as
unread, never passed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

from gamedata.hexids import Hex
from gamedata.model import Game, Scenario, SetupRow

from ..view import GameView, UnitView
from .scenario_places import Places

#: the terrain.xlsx Specials (kind vp) the Atlanta victory terms already name for the defenses:
#: "inside the Atlanta defenses" is inside the outer line, which holds the inner ones
_DEFENSES = {"inner ": "Atlanta inner defenses", "": "Atlanta outer defenses"}
_ROAD_CATEGORIES = ("pike", "road")
#: the units a headquarters, wagon or battery sets up by: troops, and the leaders, since the order of battle
#: may hold a division by its commander only (Cheatham's divisions in 5.1: their brigades are not printed)
_TROOPS = ("Inf", "Cav", "Ldr")     # the terrain types' categories of primary and minor roads
_SPLIT = re.compile(r";|,|\bbut\b", re.IGNORECASE)
_RANGE_OR_HEX = re.compile(r"^[A-Z]?\d+[.:]\d+( to [A-Z]?\d+[.:]\d+)?$", re.IGNORECASE)


@dataclass(frozen=True)
class Problem:
    """What a clause says of a unit's set-up: ``error`` (it breaks the clause) or ``unknown`` (the
    data the clause needs is missing: ``message`` names the cells)."""

    message: str
    error: bool


@dataclass
class Words:
    """The clauses of one set-up row, read against one game and scenario."""

    game: Game
    scenario: Scenario
    places: Places

    @cached_property
    def _rows(self) -> dict[str, SetupRow]:
        return {row.unit_id: row for row in self.scenario.setup}

    # ------------------------------------------------------------------ reading

    def clauses(self, row: SetupRow) -> list[str]:
        return _split(row.constraint or "")


    def unread(self, row: SetupRow) -> list[str]:
        """The row's clauses this reader does not know."""
        return [c for c in self.clauses(row) if self._rule(c) is None]

    def judge(self, unit: UnitView, row: SetupRow, view: GameView, skip_first: bool = False) -> Iterator[Problem]:
        """What the unit's place breaks of the row's clauses (``skip_first``: the first ``;`` part is
        judged elsewhere, as a hex range or a distance)."""
        clauses = self.clauses(row)
        if skip_first:
            clauses = clauses[len(_split((row.constraint or "").split(";")[0])):]
        for clause in clauses:
            rule = self._rule(clause)
            if rule is not None and unit.hex is not None:
                yield from rule(unit, view, row)

    # ------------------------------------------------------------------ the clauses

    def _rule(self, clause: str) -> Callable[[UnitView, GameView, SetupRow], Iterable[Problem]] | None:
        c = clause.lower()
        if _RANGE_OR_HEX.match(clause):
            return self._in_hexes(clause)
        if m := re.match(r"^within (\d+) hex(?:es)? of (\S+)$", c):
            return self._in_hexes(clause, self.places.within(self.places.hexes(m.group(2).upper()) or (),
                                                             int(m.group(1))))
        if m := re.match(r"^inside (?:the )?(inner )?atlanta defenses$", c):
            return self._in_special(_DEFENSES[m.group(1) or ""], clause)
        if m := re.match(r"^([ab])?(\d+)[.:](\d+) and (north|south)$", c):
            low, high = (int(m.group(3)), None) if m.group(4) == "north" else (None, int(m.group(3)))
            return self._bounds(clause, map_=(m.group(1) or "").upper(), rows=(low, high))
        if m := re.match(r"^(?:on )?map ([ab])$", c):
            return self._bounds(clause, map_=m.group(1).upper())
        if m := re.match(r"^west of (?:hex )?(?:column )?(\d+)\.xx$", c):
            return self._bounds(clause, columns=(None, int(m.group(1)) - 1))
        if m := re.match(r"^north of (?:hex )?row xx\.(\d+)( inclusive)?$", c):
            return self._bounds(clause, rows=(int(m.group(1)) + (0 if m.group(2) else 1), None))
        if m := re.match(r"^south of (.+)$", clause, re.IGNORECASE):
            return self._south_of(clause, [x.strip() for x in re.split(r"\band\b", m.group(1))])
        if c == "on the road":
            return self._on_road(clause)
        if m := re.match(r"^along the road from (\S+) to (\S+)$", clause, re.IGNORECASE):
            return self._along_road(clause, m.group(1), m.group(2))
        if c == "no more than one unit per hex":
            return self._one_per_hex(clause)
        if c == "in a hex not occupied by another unit":
            return self._alone(clause)
        if m := re.match(r"^no closer than (\d+) hex(?:es)? to any (\w+) unit$", c):
            side = next((s for s in self.game.sides if s.lower() == m.group(2)), None)
            return self._away(clause, int(m.group(1)), side) if side else None
        if c == "with any brigade of his division":
            return self._with_division(clause)
        if c == "with or adjacent to units of the same command":
            return self._by_command(clause)
        if m := re.match(r"^(?:in any of the above areas for|within the areas for) (.+)$", clause, re.IGNORECASE):
            return self._areas_of(clause, m.group(1))
        return None

    def _in_hexes(self, clause: str, hexes: frozenset[Hex] | None = None):
        hexes = self.places.hexes(clause) if hexes is None else hexes

        def rule(unit: UnitView, view: GameView, row: SetupRow) -> Iterator[Problem]:
            if hexes is not None and unit.hex not in hexes:
                yield Problem(f"not at {clause}", True)
        return rule

    def _in_special(self, name: str, clause: str):
        def rule(unit: UnitView, view: GameView, row: SetupRow) -> Iterator[Problem]:
            hexes = frozenset(self.game.terrain.hexids.canonical(s.hex) for s in self.game.terrain.specials("vp")
                              if s.hex is not None and (s.name or "").lower().startswith(name.lower()))
            if not hexes:
                yield Problem(f"'{clause}' not checked: terrain.xlsx Specials needs the rows of kind 'vp' named "
                              f"'{name}…' (the map's hexes inside those works: the rulebook does not print them)",
                              False)
            elif unit.hex not in hexes:
                yield Problem(f"not {clause.lower()} (terrain.xlsx Specials '{name}')", True)
        return rule

    def _bounds(self, clause: str, map_: str = "", columns: tuple[int | None, int | None] = (None, None),
                rows: tuple[int | None, int | None] = (None, None)):
        def inside(h: Hex) -> bool:
            return ((not map_ or h.map == map_)
                    and (columns[0] is None or h.column >= columns[0]) and (columns[1] is None or h.column <= columns[1])
                    and (rows[0] is None or h.row >= rows[0]) and (rows[1] is None or h.row <= rows[1]))

        def rule(unit: UnitView, view: GameView, row: SetupRow) -> Iterator[Problem]:
            assert unit.hex is not None
            if not any(inside(h) for h in self.game.terrain.spellings(unit.hex) or (unit.hex,)):
                yield Problem(f"not {clause if clause.lower().startswith(('on ', 'west', 'north')) else 'at ' + clause}",
                              True)
        return rule

    def _south_of(self, clause: str, creeks: list[str]):
        """South of a creek: going north from the hex, column by column, a hexside of that creek's
        hexside type (effects.xlsx Terrain) is crossed before the map's north edge."""
        terrain = self.game.terrain

        def rule(unit: UnitView, view: GameView, row: SetupRow) -> Iterator[Problem]:
            assert unit.hex is not None
            for creek in creeks:
                kind = next((t.code for t in terrain.types.values() if t.code.lower() == creek.lower()
                             and t.applies == "hexside"), None)
                if kind is None:
                    yield Problem(f"'south of {creek}' not checked: '{creek}' is no hexside type of effects.xlsx "
                                  f"Terrain (and its hexsides are not in terrain.xlsx Hexsides)", False)
                    continue
                crossed = self._crossed_north(unit.hex, kind)
                if crossed is None:
                    yield Problem(f"'south of {creek}' not checked: terrain.xlsx Hexsides does not give the hexsides "
                                  f"north of {unit.location} up to the map's edge ({creek}'s hexsides)", False)
                elif not crossed:
                    yield Problem(f"not south of {creek} (no {creek} hexside north of it)", True)
        return rule

    def _crossed_north(self, start: Hex, kind: str) -> bool | None:
        """Whether a hexside of ``kind`` lies due north of ``start`` (None: a hexside on the way unknown)."""
        terrain, here, seen = self.game.terrain, start, set()
        while here not in seen:
            seen.add(here)
            north = terrain.across(here, "N")
            if not isinstance(north, Hex):
                return False
            side = terrain.hexside(here, north)
            if side is None:
                return None
            if kind in side.features:
                return True
            here = terrain.hexids.canonical(north)
        return False

    def _roads(self, h: Hex) -> tuple[list[Hex], bool]:
        """The neighbours joined to ``h`` by a road, and whether a side of ``h`` is unknown."""
        terrain = self.game.terrain
        joined, unknown = [], False
        for n in terrain.graph.neighbours(h):
            if terrain.hexside(h, n) is None:
                unknown = True
            elif any(terrain.types[f].category in _ROAD_CATEGORIES for f in terrain.routes(h, n)):
                joined.append(n)
        return joined, unknown

    def _on_road(self, clause: str):
        def rule(unit: UnitView, view: GameView, row: SetupRow) -> Iterator[Problem]:
            assert unit.hex is not None
            joined, unknown = self._roads(unit.hex)
            if not joined:
                yield (Problem(f"'on the road' not checked: terrain.xlsx Hexsides does not give every side of "
                               f"{unit.location} (the primary and minor roads)", False) if unknown else
                       Problem(f"not on a road ({unit.location} has no road on any side)", True))
        return rule

    def _along_road(self, clause: str, start: str, end: str):
        """On a shortest road path from ``start`` to ``end`` (the road between them)."""
        ends = [self.places.hexes(x) for x in (start, end)]

        def rule(unit: UnitView, view: GameView, row: SetupRow) -> Iterator[Problem]:
            if not all(ends):
                yield Problem(f"'{clause}' names hexes the referee cannot read", False)
                return
            a, b = (next(iter(e)) for e in ends)   # type: ignore[arg-type]
            from_a, unknown_a = self._road_distances(a)
            from_b, _ = self._road_distances(b)
            if b not in from_a:
                yield Problem(f"'{clause}' not checked: terrain.xlsx Hexsides does not give a road from {start} to "
                              f"{end}" + (" (sides unknown on the way)" if unknown_a else ""), False)
            elif from_a.get(unit.hex, -1) + from_b.get(unit.hex, -1) != from_a[b]:
                yield Problem(f"not {clause} ({unit.location} is not on that road)", True)
        return rule

    def _road_distances(self, start: Hex) -> tuple[dict[Hex, int], bool]:
        seen, ring, unknown = {start: 0}, [start], False
        while ring:
            nxt = []
            for h in ring:
                joined, gap = self._roads(h)
                unknown |= gap
                for n in joined:
                    if n not in seen:
                        seen[n] = seen[h] + 1
                        nxt.append(n)
            ring = nxt
        return seen, unknown

    def _others(self, unit: UnitView, view: GameView) -> list[UnitView]:
        """The other units (leaders not counted) in the unit's hex."""
        return [u for u in view.units.values() if u.hex == unit.hex and u.unit_id != unit.unit_id
                and not self.game.led_by(u.unit_id) and u.unit.type != "Ldr"]

    def _one_per_hex(self, clause: str):
        def rule(unit: UnitView, view: GameView, row: SetupRow) -> Iterator[Problem]:
            same = [u for u in self._others(unit, view) if (r := self._rows.get(u.unit_id)) is not None
                    and clause.lower() in (r.constraint or "").lower()]
            if same:
                yield Problem(f"shares {unit.location} with {', '.join(u.name for u in same)}: {clause}", True)
        return rule

    def _alone(self, clause: str):
        def rule(unit: UnitView, view: GameView, row: SetupRow) -> Iterator[Problem]:
            if others := self._others(unit, view):
                yield Problem(f"shares {unit.location} with {', '.join(u.name for u in others)}: it must be set up "
                              f"{clause}", True)
        return rule

    def _away(self, clause: str, distance: int, side: str):
        def rule(unit: UnitView, view: GameView, row: SetupRow) -> Iterator[Problem]:
            assert unit.hex is not None
            near = self.places.within((unit.hex,), distance - 1)
            close = [u for u in view.units.values() if u.side == side and u.hex in near]
            if close:
                yield Problem(f"is within {distance - 1} hexes of {', '.join(f'{u.name} at {u.location}' for u in close)}"
                              f": {clause}", True)
        return rule

    def _with_division(self, clause: str):
        def rule(unit: UnitView, view: GameView, row: SetupRow) -> Iterator[Problem]:
            led = {f.formation_id for f in self.game.led_by(unit.unit_id)}
            if not any((u.unit.formation or u.unit.command) in led for u in self._others(unit, view)):
                yield Problem(f"is at {unit.location} with no brigade of his division: {clause}", True)
        return rule

    def _by_command(self, clause: str):
        """An HQ, wagon or battery in or next to a hex holding an infantry or cavalry unit or a leader
        of its command (its formation or one under it)."""
        def rule(unit: UnitView, view: GameView, row: SetupRow) -> Iterator[Problem]:
            assert unit.hex is not None
            command = self.game.formation_of(unit.unit_id)
            near = self.places.within((unit.hex,), 1)
            if not any(u.hex in near and u.unit_id != unit.unit_id and u.unit.type in _TROOPS and command in
                       {f.formation_id for f in self.game.command_chain(u.unit_id)} for u in view.units.values()):
                yield Problem(f"has no unit of its command ({command}) in or next to {unit.location}: {clause}", True)
        return rule

    def _areas_of(self, clause: str, names: str):
        """Another row's area: "the areas for Clayton or Brown" (those leaders' rows), "the above
        areas for Cheatham's divisions" (the rows of the leaders of the divisions he commands)."""
        leaders: list[str] = []
        for name in re.split(r"\bor\b|\band\b", names):
            name = name.strip()
            if m := re.match(r"^(.+)'s divisions$", name):
                for corps in self.game.led_by(m.group(1)):
                    leaders += [f.leader for f in self.game.formations if f.parent == corps.formation_id and f.leader]
            else:
                leaders.append(name)
        rows = [self._rows[x] for x in leaders if x in self._rows]

        def rule(unit: UnitView, view: GameView, row: SetupRow) -> Iterator[Problem]:
            if not rows:
                yield Problem(f"'{clause}' names no set-up row", False)
                return
            results = []
            for other in rows:
                bounds = [self._rule(c) for c in self.clauses(other) if self._area_clause(c)]
                results.append([p for b in bounds if b is not None for p in b(unit, view, other)])
            if any(not r for r in results):
                return          # inside one of the areas
            if all(any(p.error for p in r) for r in results):
                yield Problem(f"not {clause} ({'; '.join(p.message for r in results for p in r if p.error)})", True)
            else:
                yield Problem(f"'{clause}' not checked: " + "; ".join(p.message for r in results for p in r
                                                                         if not p.error), False)
        return rule

    @staticmethod
    def _area_clause(clause: str) -> bool:
        """A clause bounding the area (not one about the units around)."""
        return not re.match(r"^(no closer|no more than|in a hex not|with any|with or adjacent)", clause, re.IGNORECASE)


def _split(text: str) -> list[str]:
    """A set-up area's clauses: its parts between ``;``, ``,`` and "but", without "anywhere"."""
    out: list[str] = []
    for part in _SPLIT.split(text.strip()):
        part = re.sub(r"^(anywhere|and)\s+", "", part.strip(), flags=re.IGNORECASE).strip(" .")
        m = re.match(r"^(.*road from \S+ to \S+)\s+(in a hex not occupied by another unit)$", part, re.IGNORECASE)
        out += [m.group(1), m.group(2)] if m else ([part] if part else [])
    return out
