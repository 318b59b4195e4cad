"""A system's Terrain Effects Chart as data, and the step costs a path search needs.

`effects.xlsx` holds the chart: `Terrain` (the system's terrain and feature codes), `Moves`
(who pays: unit classes and traces, each inheriting the costs it has no row for), `Costs`
(one row per cell: what a class pays to enter a hex, cross a hexside feature, or move along a
route) and `Implied` (a ford where a farm lane crosses a stream). A row whose cost, factor and
prohibited are all empty is a cell the rulebook does not print: its cost is `Missing`, naming
`effects.xlsx:Costs:<row>:cost`, never a guess.

How a step from hex `a` into hex `b` is priced for a class (`TerrainEffects.step_cost`):
1. along a route (road, pike, lane, railroad) joining `a` and `b`: the route's `along` cost
   (or its `factor` times the cost off the route), whatever the terrain — the cheapest route
   the class may use;
2. otherwise the cost to enter `b` (the dearest of its terrain codes), replaced by an
   `enter ... via` row when the hexside crossed has that feature (ITW: a Field Boundary
   entered across a woods hexside costs as Woods), plus the cost of crossing each hexside
   feature (uphill `climb` / downhill `descend` rows first when the elevations differ). A
   bridge or ford on the hexside is the way across its water: the water's own cost is not added.
Prohibited anywhere = the step is not allowed (None).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from gamedata.cellref import CellRef
from gamedata.hexids import Hex
from gamedata.paths import Cost, Missing, StepCost
from gamedata.problems import SheetRow
from gamedata.terrain import Hexside, Terrain, TerrainType

EFFECTS = "effects.xlsx"
WATER = frozenset({"stream", "creek", "river", "major-river", "lake"})
CROSSINGS = frozenset({"bridge", "ford", "ferry"})


@dataclass(frozen=True)
class MoveClass:
    """Who pays a Terrain Effects Chart cost: a unit class or a trace; `inherits` names the
    class whose costs apply where this one has no row."""

    code: str
    name: str
    inherits: str = ""
    rulebook_line: int | None = None
    notes: str = ""


@dataclass(frozen=True)
class TerrainCost:
    """One cell of the Terrain Effects Chart (effects.xlsx Costs); cost, factor and
    prohibited all empty = not printed: a cell the user must fill."""

    move: str
    action: str                     # enter | cross | climb | descend | along
    terrain: str
    via: str = ""
    condition: str = ""
    cost: float | None = None
    factor: float | None = None
    prohibited: bool | None = None
    rulebook_line: int | None = None
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class TerrainCombat:
    """A combat effect of terrain (effects.xlsx Combat): `amount` strength points to the `side`'s
    total in a hex (`per` = hex) or to each unit (`per` = unit); for a hexside feature, `from`
    limits it to attacks from the feature's marked side (or the other); `except` unit types."""

    terrain: str
    side: str                       # attacker | defender
    per: str                        # hex | unit
    amount: float
    from_: str = ""                 # marked | unmarked | "" (either way)
    except_: str = ""
    section: str = ""
    rulebook_line: int | None = None
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Entry:
    """A printed (or filled) cell: an absolute cost, or a factor of the off-route cost."""

    cost: float | None
    factor: float | None
    row: TerrainCost


class Prohibited:
    """The class may not make this move."""

    def __repr__(self) -> str:
        return "PROHIBITED"


PROHIBITED = Prohibited()
Lookup = Entry | Missing | Prohibited


def _cost_cell(move: str, action: str, terrain: str, via: str, condition: str, text: str) -> CellRef:
    key = (("move", move), ("action", action), ("terrain", terrain), ("via", via), ("condition", condition))
    return CellRef(EFFECTS, "Costs", key, "cost", text,
                   f"cost to {action} {terrain}" + (f" via {via}" if via else "") + f" ({move})")


def _cell(row: TerrainCost) -> CellRef:
    where = row.origin.row if row.origin else "?"
    text = f"{EFFECTS}:Costs:{where}:cost ({row.move} {row.action} {row.terrain}" + (
        f" via {row.via}" if row.via else "") + (f", {row.condition}" if row.condition else "") + ")"
    return _cost_cell(row.move, row.action, row.terrain, row.via, row.condition, text)


def _no_row(move: str, action: str, terrain: str, via: str = "") -> CellRef:
    text = f"{EFFECTS}:Costs: add a row move={move} action={action} terrain={terrain}" + (f" via={via}" if via else "")
    return _cost_cell(move, action, terrain, via, "", text)


def _max(costs: Iterable[Cost]) -> Cost:
    """The dearest of several costs; unknown when one is, prohibited when one is."""
    best: float = 0.0
    unknown: Missing | None = None
    for c in costs:
        if c is None:
            return None
        if isinstance(c, Missing):
            unknown = c if unknown is None else Missing(unknown.cells + c.cells, max(unknown.low, c.low))
            best = max(best, c.low)
        else:
            best = max(best, c)
    return Missing(unknown.cells, best) if unknown is not None else best


def _sum(costs: Iterable[Cost]) -> Cost:
    total: float | Missing = 0.0
    for c in costs:
        if c is None:
            return None
        total = total + c
    return total


class TerrainEffects:
    """The Terrain Effects Chart of one game's system."""

    def __init__(self, types: Iterable[TerrainType], moves: Iterable[MoveClass], costs: Iterable[TerrainCost]) -> None:
        self.types: dict[str, TerrainType] = {t.code: t for t in types}
        self.moves: dict[str, MoveClass] = {m.code: m for m in moves}
        self.rows: tuple[TerrainCost, ...] = tuple(costs)
        self._index: dict[tuple[str, str, str, str, str], TerrainCost] = {}
        for r in self.rows:
            self._index.setdefault((r.move, r.action, r.terrain, r.via, r.condition), r)
        self._stars = {(r.move, r.action, r.condition) for r in self.rows if r.terrain == "*" and not r.via}
        self._steps: dict[tuple[str, str, int], StepCost] = {}

    def chain(self, move: str) -> tuple[str, ...]:
        """The class and the classes it inherits from, nearest first."""
        out: list[str] = []
        cur = move
        while cur and cur not in out:
            out.append(cur)
            cur = self.moves[cur].inherits if cur in self.moves else ""
        return tuple(out)

    def lookup(self, move: str, action: str, terrain: str, via: str = "", condition: str = "") -> Lookup | None:
        """The cell for a move: a condition's row (rain...) before the normal one; then the
        class's own row, else its parents' — a class's row for the code, else its `*` row (any
        other code), before its parent's (a gunboat's "river hexes only" beats a unit's clear).
        None when no class of the chain has a row."""
        for cond in ((condition, "") if condition else ("",)):
            for cls in self.chain(move):
                row = self._index.get((cls, action, terrain, via, cond))
                if row is None and not via and (cls, action, cond) in self._stars:
                    row = self._index.get((cls, action, "*", via, cond))
                if row is not None:
                    if row.prohibited:
                        return PROHIBITED
                    if row.cost is None and row.factor is None:
                        return Missing((_cell(row),))
                    return Entry(row.cost, row.factor, row)
        return None

    def cost(self, move: str, action: str, terrain: str, via: str = "", condition: str = "") -> Cost:
        """A cell as a cost: float, Missing (not printed, or no row) or None (prohibited)."""
        found = self.lookup(move, action, terrain, via, condition)
        if found is None:
            return Missing((_no_row(move, action, terrain, via),))
        if isinstance(found, Prohibited):
            return None
        if isinstance(found, Missing):
            return found
        if found.cost is None:                # a factor applies to a route only
            return Missing((_cell(found.row),))
        return float(found.cost)

    def is_route(self, code: str) -> bool:
        t = self.types.get(code)
        return t is not None and t.applies == "route"

    def unprinted(self) -> tuple[CellRef, ...]:
        """Every cell of the chart left empty (not printed in the rulebook): what to fill."""
        return tuple(_cell(r) for r in self.rows if r.cost is None and r.factor is None and not r.prohibited)

    # -- steps ------------------------------------------------------------------
    def step_cost(self, move: str, terrain: Terrain, condition: str = "") -> StepCost:
        """The price of a step from hex `a` into hex `b` for class `move` (see the module
        docstring). The same function is returned for the same arguments, so a path search
        memoises its hexside prices across units and log steps."""
        key = (move, condition, id(terrain))
        if key not in self._steps:
            self._steps[key] = _Stepper(self, move, terrain, condition)
        return self._steps[key]

    def off_route(self, move: str, terrain: Terrain, a: Hex, b: Hex, side: Hexside, condition: str = "") -> Cost:
        """Entering `b` from `a` across `side`, not following a route."""
        if isinstance(self.lookup(move, "enter", "*", "", condition), Prohibited) and not any(
                isinstance(self.lookup(move, "enter", t, "", condition), Entry) for t in self.types):
            return None                         # the class never leaves its route (rail movement)
        target = terrain.hex(b)
        if target is None or not target.terrain:
            return Missing((terrain.hex_cell(b, f"terrain.xlsx:Hexes: terrain of {terrain.hexids.format(b)}"),))
        features = [f for f in side.features if not self.is_route(f)]
        crossed = {terrain.category(f) for f in features}
        if crossed & CROSSINGS:
            features = [f for f in features if terrain.category(f) not in WATER]
        enter = _max(self._enter(move, t, features, condition) for t in target.terrain)
        rise = _rise(terrain, a, b)
        crossing = _sum(self._cross(move, f, rise, condition) for f in features)
        if enter is None or crossing is None:
            return None
        # an `enter via` row already holds the crossing of its own feature
        via = [f for t in target.terrain for f in features if self.lookup(move, "enter", t, f, condition) is not None]
        if via:
            crossing = _sum(self._cross(move, f, rise, condition) for f in features if f not in via)
            if crossing is None:
                return None
        return enter + crossing  # type: ignore[operator]

    def _enter(self, move: str, terrain_code: str, features: list[str], condition: str) -> Cost:
        vias = [self.cost(move, "enter", terrain_code, f, condition) for f in features
                if self.lookup(move, "enter", terrain_code, f, condition) is not None]
        if vias:
            return _max(vias)
        return self.cost(move, "enter", terrain_code, "", condition)

    def _cross(self, move: str, feature: str, rise: int | None, condition: str) -> Cost:
        if rise:
            action = "climb" if rise > 0 else "descend"
            if self.lookup(move, action, feature, "", condition) is not None:
                return self.cost(move, action, feature, "", condition)
        return self.cost(move, "cross", feature, "", condition)

    def along(self, move: str, terrain: Terrain, a: Hex, b: Hex, side: Hexside, condition: str,
              off: Callable[[], Cost]) -> Cost | Prohibited | None:
        """The cost of following a route from `a` to `b` (the cheapest one the class may use);
        PROHIBITED when every route is closed to it; None when no route (or no usable row) joins them."""
        found: list[Cost] = []
        closed = False
        for f in side.features:
            if not self.is_route(f):
                continue
            cell = self.lookup(move, "along", f, "", condition)
            if cell is None:
                continue
            if isinstance(cell, Prohibited):
                closed = True
            elif isinstance(cell, Missing):
                found.append(cell)
            elif cell.cost is not None:
                found.append(float(cell.cost))
            else:
                base = off()
                found.append(None if base is None else base * cell.factor if not isinstance(base, Missing)  # type: ignore[operator]
                             else Missing(base.cells, base.low * (cell.factor or 0)))
        usable = [c for c in found if c is not None]
        if not usable:
            return PROHIBITED if closed or found else None
        known = [c for c in usable if not isinstance(c, Missing)]
        return min(known) if known else min(usable, key=lambda c: c.low)  # type: ignore[union-attr]


def _rise(terrain: Terrain, a: Hex, b: Hex) -> int | None:
    ha, hb = terrain.hex(a), terrain.hex(b)
    if ha is None or hb is None or ha.elevation is None or hb.elevation is None:
        return None
    return hb.elevation - ha.elevation


class _Stepper:
    """A pure step-cost function for one class on one terrain, memoised per hexside."""

    def __init__(self, effects: TerrainEffects, move: str, terrain: Terrain, condition: str) -> None:
        self.effects, self.move, self.terrain, self.condition = effects, move, terrain, condition
        self._memo: dict[tuple[Hex, Hex], Cost] = {}

    def __call__(self, a: Hex, b: Hex) -> Cost:
        key = (a, b)
        if key not in self._memo:
            self._memo[key] = self._price(a, b)
        return self._memo[key]

    def _price(self, a: Hex, b: Hex) -> Cost:
        t, fx = self.terrain, self.effects
        side = t.hexside(a, b)
        if side is None:
            names = f"{t.hexids.format(a)}|{t.hexids.format(b)}"
            return Missing((t.side_cell(a, b, f"terrain.xlsx:Hexsides: {names} (or sides_complete on one of the two hexes)"),))

        def off() -> Cost:
            return fx.off_route(self.move, t, a, b, side, self.condition)
        on_route = fx.along(self.move, t, a, b, side, self.condition, off)
        if isinstance(on_route, Prohibited):
            return None
        if on_route is not None:
            return on_route
        return off()
