"""Command ranges traced over the map, as any system's rules ask (no game in here).

A leader's command reaches his direct subordinates: the leaders of the formations under
his, and the units of his own formation (after attachments, `UnitView.formation`). How far
is data (`rules.xlsx` Ranges: per leader, or per formation level, in movement points of an
`effects.xlsx` movement class; the pseudo-class ``hexes`` counts hexes). The chain's
exceptions are data too (Chain: ``exempt``, ``alternate``). A trace has one of three
answers: in range (with its path), out of range (proved by known costs, or by hex distance
alone times the cheapest possible step, `trace-floor`), or not known (the cells to fill).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property

from gamedata.cellref import CellRef
from gamedata.hexids import Hex, HexIds
from gamedata.model import _LEVELS, ChainRule, CommandRange, Game
from gamedata.paths import Reach, Route, reach, route
from gamedata.ruledata import parameter

from ..findings import Place
from ..view import GameView, UnitView

#: The movement class that counts hexes, not terrain (Atlanta 2.1g "within 4 hexes").
HEXES = "hexes"


def _one(a: Hex, b: Hex) -> float:
    """A step of one hex: distances in hexes (pure, so the graph memoises it)."""
    return 1.0


@dataclass(frozen=True)
class Trace:
    """One subordinate traced from his commander. ``within``: True in range, False out of
    range, None not known (``cells`` say what to fill); ``cost`` of the cheapest route
    found (None: none), ``path`` from the commander, ``proof`` how an out-of-range was shown."""

    unit: UnitView
    commander: UnitView
    range: CommandRange
    within: bool | None
    cost: float | None = None
    path: tuple[Hex, ...] = ()
    proof: str = ""
    cells: tuple[CellRef, ...] = ()


@dataclass
class Tracer:
    """Traces over one game's map; reaches are memoised per (start, class, budget, blocked)."""

    game: Game
    blocked: frozenset[Hex] = frozenset()
    _reaches: dict[tuple[Hex, str, float, frozenset[Hex]], Reach] = field(default_factory=dict)

    @cached_property
    def hexids(self) -> HexIds:
        return HexIds(self.game.maps)

    @cached_property
    def floor(self) -> float | None:
        """The cheapest step any trace can pay (rules.xlsx Parameters `trace-floor`)."""
        value = parameter(self.game, "trace-floor")
        return float(value) if isinstance(value, (int, float)) else None

    def distance(self, a: Hex, b: Hex, limit: float) -> float | None:
        """Hexes from a to b, None when more than ``limit``."""
        r = self._reach(a, HEXES, limit)
        return r.cost(b)

    def _reach(self, start: Hex, move: str, budget: float) -> Reach:
        key = (start, move, budget, self.blocked if move != HEXES else frozenset())
        if key not in self._reaches:
            step = _one if move == HEXES else self.game.effects.step_cost(move, self.game.terrain)
            self._reaches[key] = reach(self.game.terrain.graph, start, budget, step,
                                       blocked=None if move == HEXES else self.blocked)
        return self._reaches[key]

    def trace(self, unit: UnitView, commander: UnitView, rng: CommandRange) -> Trace:
        """Whether ``unit`` is within ``rng`` of ``commander`` (both on the map)."""
        a, b = commander.hex, unit.hex
        assert a is not None and b is not None and rng.range is not None
        budget = float(rng.range)
        r = self._reach(a, rng.move, budget)
        if b in r:
            return Trace(unit, commander, rng, True, r.cost(b), r.path(b))
        floor = 1.0 if rng.move == HEXES else self.floor
        if floor:
            hexes = self.distance(a, b, budget / floor)
            if hexes is None:
                far = self.distance(a, b, 4 * budget / floor + 8)
                said = f"more than {budget / floor:g}" if far is None else f"{far:g}"
                proof = f"{said} hexes away, at least {floor:g} MP each" if rng.move != HEXES else f"{said} hexes away"
                return Trace(unit, commander, rng, False, proof=proof)
        terrain = self.game.terrain
        unmapped = [h for h in (a, b) if terrain.hex(h) is None]
        if not unmapped and r.within(b) is False:
            return Trace(unit, commander, rng, False, proof="every cost on the way is known")
        cells = tuple(u.cell for u in terrain.missing(unmapped)) if unmapped else tuple(r.cells)
        return Trace(unit, commander, rng, None, cells=cells)

    def drawn(self, t: Trace) -> Trace:
        """An out-of-range trace with its cheapest route, to say and draw (searched only for
        the traces a finding reports: most out-of-range traces never are)."""
        if t.within is not False or t.path or self.game.terrain.hex(t.unit.hex) is None:
            return t
        best = self.best(t.commander.hex, t.unit.hex, t.range.move)
        return t if best is None else replace(t, cost=float(best.cost), path=best.path)

    def best(self, a: Hex, b: Hex, move: str) -> Route | None:
        """The cheapest route, whatever its length (to draw an out-of-range trace)."""
        step = _one if move == HEXES else self.game.effects.step_cost(move, self.game.terrain)
        found = route(self.game.terrain.graph, a, [b], step, blocked=None if move == HEXES else self.blocked)
        return None if found is None or found.missing else found

    def place(self, unit_map: str | None, h: Hex) -> Place:
        return Place(unit_map or "", self.hexids.format(h))

    def places(self, unit_map: str | None, hexes: Iterable[Hex]) -> tuple[Place, ...]:
        return tuple(self.place(unit_map, h) for h in hexes)


# ------------------------------------------------------------------ who commands whom


def leader_level(game: Game, leader_id: str) -> str:
    """The level of the lowest formation a leader commands (his own: a brigadier's brigade)."""
    led = game.led_by(leader_id)
    return max((f.level for f in led), key=_LEVELS.index, default="")


def own_formation(game: Game, leader_id: str) -> str:
    led = game.led_by(leader_id)
    return max(led, key=lambda f: _LEVELS.index(f.level)).formation_id if led else ""


def commanders(game: Game, unit_id: str, formation: str) -> tuple[str, ...]:
    """The leader(s) a unit must trace to: a leader to the leader of his formation's parent; a
    unit to its formation's leader (going up past formations without one)."""
    if game.led_by(unit_id):
        f = game.formation(own_formation(game, unit_id))
        chain = game.command_chain("", f.parent) if f and f.parent else ()
    else:
        chain = game.command_chain(unit_id, formation)
    for f in chain:
        if f.leader and f.leader != unit_id:
            return (f.leader,)
    return ()


def range_of(game: Game, leader_id: str, side: str) -> CommandRange | None:
    """The Ranges row for a leader: his own, else his level's (side-specific first)."""
    rows = game.command_ranges
    own = [r for r in rows if r.leader == leader_id]
    if own:
        return own[0]
    level = f"level:{leader_level(game, leader_id)}"
    for r in rows:
        if r.leader == level and r.side == side:
            return r
    return next((r for r in rows if r.leader == level and not r.side), None)


def _matches(rule: ChainRule, game: Game, unit_id: str, side: str) -> bool:
    if rule.side and rule.side != side:
        return False
    subject = rule.subject
    if subject.startswith("level:"):
        return bool(game.led_by(unit_id)) and leader_level(game, unit_id) == subject[6:]
    return subject == unit_id


def chain_rules(game: Game, kind: str, unit_id: str, side: str, scenario: str | None) -> list[ChainRule]:
    return [r for r in game.chain_rules
            if r.rule == kind and _matches(r, game, unit_id, side) and r.applies(scenario)]


@dataclass(frozen=True)
class Assessment:
    """Every subordinate on the map at one view: traces, and what could not be traced."""

    traces: tuple[Trace, ...]
    exempt: tuple[tuple[UnitView, ChainRule], ...]
    no_range: tuple[tuple[UnitView, UnitView, CommandRange | None], ...]   # (unit, commander, row without a range)


def assess(tracer: Tracer, view: GameView, units: Iterable[UnitView] | None = None) -> Assessment:
    """Trace each unit on the map (or those given) to its commander(s) at ``view``."""
    game = tracer.game
    scenario = getattr(getattr(view, "scenario", None), "scenario_id", None)
    traces: list[Trace] = []
    exempt: list[tuple[UnitView, ChainRule]] = []
    no_range: list[tuple[UnitView, UnitView, CommandRange | None]] = []
    for u in (units if units is not None else view.units.values()):
        if u.hex is None:
            continue
        rules = chain_rules(game, "exempt", u.unit_id, u.side, scenario)
        if rules:
            exempt.append((u, rules[0]))
            continue
        alternate = chain_rules(game, "alternate", u.unit_id, u.side, scenario)
        ids = tuple(str(alternate[0].value).split(";")) if alternate else commanders(game, u.unit_id, u.formation)
        options = []
        for cid in ids:
            c = view.unit(cid.strip())
            if c is None or c.hex is None:
                continue
            rng = range_of(game, c.unit_id, c.side)
            if rng is None or rng.range is None:
                no_range.append((u, c, rng))
                continue
            options.append(tracer.trace(u, c, rng))
        if options:
            traces.append(_best(options))
    return Assessment(tuple(traces), tuple(exempt), tuple(no_range))


def _best(options: list[Trace]) -> Trace:
    """In range through any commander beats unknown beats out of range."""
    order = {True: 0, None: 1, False: 2}
    return min(options, key=lambda t: order[t.within])


def adjacent_rescue(traces: Iterable[Trace], view: GameView, tracer: Tracer) -> Iterator[Trace]:
    """CWB 10.5a C: a unit out of its brigadier's radius is in command when adjacent to an
    in-command unit of the same brigade (the Ranges row says `adjacent`)."""
    traces = list(traces)
    ok = {t.unit.unit_id for t in traces if t.within}
    graph = tracer.game.terrain.graph
    changed = True
    while changed:
        changed = False
        for t in traces:
            u = t.unit
            if t.within or not t.range.adjacent or u.unit_id in ok:
                continue
            near = {n for n in graph.neighbours(u.hex)} if u.hex in graph else set()
            if any(o.unit_id in ok and o.formation == u.formation and o.hex in near
                   for o in view.units.values()):
                ok.add(u.unit_id)
                changed = True
    for t in traces:
        yield t if t.within or t.unit.unit_id not in ok else Trace(
            t.unit, t.commander, t.range, True, proof="adjacent to an in-command unit of its formation")
