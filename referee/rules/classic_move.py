"""Movement in the classic family: movement factors over the Terrain Effects Chart, zones of
control, stacking and the turn limit, checked on the moves of each side's movement stage.

A unit's moves in one movement stage (one drag or several) are priced leg by leg along the
cheapest path the rules allow: the Costs of effects.xlsx for its movement class (a prohibited
hex or hexside is no path), never into a hex held by the enemy, and — with `zoc.enter = stop` —
no step out of a hex next to an enemy unit, so the path may end in an enemy zone but not pass
through one. The legs' costs add up against the unit's movement factor. A move that fails is
explained by the first of: it began next to an enemy (`zoc.leave = never`); it moved on after a
leg that ended in an enemy zone; its destination is held by the enemy; no path at all for its
class (a prohibited hex or hexside: the Costs row is cited); the only paths pass through an enemy
zone; the cheapest path costs more than the factor left. Each finding names the unit, the
hexes and draws the path. Unknown costs (terrain not entered, a chart cell not printed) make
the leg not checked, naming the cells. Stacking is judged where the movement stage ends.
"""
from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import Any

from gamedata.effects import PROHIBITED, TerrainEffects
from gamedata.hexids import Hex
from gamedata.paths import StopIn, route
from gamedata.ruledata import cite, parameter_row

from ..findings import Finding, Measure, Place, Severity
from .board import Unchecked
from .classic import Classic, Leg, Portion, class_cell, is_classic, place, row_rule, value_cell
from .classic_rules import Ferries, SpecialRules

CHECK_ID = "movement"


class Mover:
    """One side's movement stage, unit by unit."""

    def __init__(self, rules: Classic, views: Any, label: str, players: dict[int, str | None]) -> None:
        self.rules, self.views, self.label, self.players = rules, views, label, players
        game = rules.game
        self.terrain = game.terrain
        self.graph = self.terrain.graph
        self.effects: TerrainEffects = game.effects
        self.hexids = self.terrain.hexids
        self.ferries = Ferries(game)
        self.entry: dict[str, tuple[int, float]] = {}     # arrivals: unit id -> (step, MP entering costs)
        self.entry_rule = cite(*_row_cite(parameter_row(game, "reinforcement.entry-cost")))
        self.unchecked = Unchecked(CHECK_ID, "movement factors and terrain costs", label)
        limit = parameter_row(game, "movement.limit")
        self.limit_rule = cite(limit.section, limit.rulebook_line) if limit else "the unit's movement factor"
        enemy = parameter_row(game, "movement.enemy-hex")
        self.enemy_rule = cite(enemy.section, enemy.rulebook_line) if enemy else "units never enter enemy hexes"

    def _finding(self, message: str, rule: str, step: int, unit: Any, hexes: tuple[Hex, ...] = (),
                 path: tuple[Hex, ...] = (), severity: Severity = Severity.ERROR,
                 zone: tuple[Hex, Any] | None = None) -> Finding:
        """``zone``: the hex where the unit stood in a zone of control and the enemy unit exerting
        it, both ends drawn in the report."""
        places = tuple(place(unit, self.hexids, h) for h in dict.fromkeys(hexes))
        measured = () if zone is None else (
            Measure(place(unit, self.hexids, zone[0]), place(zone[1], self.hexids), unit.name, zone[1].name,
                    "1 hex"),)
        return Finding(CHECK_ID, severity, message, rule, self.label, step, self.players.get(step), (unit.name,),
                       places, tuple(Place(unit.map or "", self.hexids.format(h)) for h in path), measured=measured)

    def stage(self, portion: Portion) -> Iterator[Finding]:
        """The findings of one movement stage."""
        legs = [leg for leg in portion.legs if portion.moving(leg.step)]
        by_unit: dict[str, list[Leg]] = {}
        for leg in legs:
            by_unit.setdefault(leg.unit_id, []).append(leg)
        for uid, mine in by_unit.items():
            unit = self.views.at(mine[0].step).unit(uid)
            if unit is None or unit.side != portion.side:
                continue                      # another side's unit moved: not this stage's movement
            yield from self._unit(uid, mine, portion)
        yield from self._stacking(portion, legs)

    def _unit(self, uid: str, legs: list[Leg], portion: Portion) -> Iterator[Finding]:
        first = self.views.at(legs[0].step - 1)
        unit = first.unit(uid)
        if unit is None:
            return
        rules = self.rules
        move = rules.move_class(unit.unit)
        allowance = rules.movement(unit.unit)
        if move is None:
            self.unchecked.add(f"no movement class for type {unit.unit.type}", (class_cell(unit.unit.type),))
            return
        if allowance is None:
            self.unchecked.add("movement factor not entered", (value_cell(unit.unit, "movement"),))
            return
        start = legs[0].a
        if rules.zoc_leave.value == "never" and not portion.carried and portion.first <= legs[0].step:
            enemies = rules.zones_on(first, start, unit, self.graph)
            if enemies:
                yield self._finding(f"{unit.name} began its move next to {enemies[0].name} "
                                    f"({self.hexids.format(enemies[0].hex)}) and moved from {self.hexids.format(start)} "
                                    f"to {self.hexids.format(legs[0].b)}: a unit that begins next to an enemy unit may "
                                    "not move this turn", rules.zoc_leave.rule, legs[0].step, unit,
                                    (start, legs[0].b, enemies[0].hex), zone=(start, enemies[0]))
                return
        spent = 0.0
        arrival = self.entry.get(uid)
        was = self.views.at(portion.first - 1).unit(uid)
        if arrival is not None and arrival[0] < legs[0].step and (arrival[0] >= portion.first or was is None
                                                                   or was.hex is None):
            spent = arrival[1]            # entering the map cost MP of its movement factor
        stopped: tuple[Hex, int, Any] | None = None       # where, when, and the enemy next to it
        for leg in legs:
            before = self.views.at(leg.step - 1)
            if stopped is not None:
                yield self._finding(f"{unit.name} moved on from {self.hexids.format(leg.a)} to "
                                    f"{self.hexids.format(leg.b)} after entering the enemy zone of control there at "
                                    f"step {stopped[1]}: a unit must stop as soon as it moves next to an enemy unit",
                                    rules.zoc_enter.rule, leg.step, unit, (leg.a, leg.b),
                                    zone=(stopped[0], stopped[2]))
                return
            found = yield from self._leg(unit, move, allowance - spent, leg, before, allowance)
            if found is None:
                return
            spent += found
            if rules.zoc_enter.value == "stop" and (near := rules.zones_on(before, leg.b, unit, self.graph)):
                stopped = (leg.b, leg.step, near[0])

    def _leg(self, unit: Any, move: str, left: float, leg: Leg, before: Any,
             allowance: float) -> Generator[Finding, None, float | None]:
        """Yield the findings of one leg; return its cost (None: stop checking the unit)."""
        ids = self.hexids
        enemy_hexes = {u.hex for u in before.units.values() if u.side != unit.side and u.hex is not None}
        if leg.b in enemy_hexes:
            yield self._finding(f"{unit.name} moved into {ids.format(leg.b)}, held by the enemy", self.enemy_rule,
                                leg.step, unit, (leg.a, leg.b))
            return None
        if leg.a not in self.graph or leg.b not in self.graph:
            return None
        plain = self.effects.step_cost(move, self.terrain)
        cost = self.ferries.priced(plain, unit, before)
        zone = self.rules.zone(before, unit.side, self.graph) \
            if self.rules.zoc_enter.value == "stop" and not self.rules.ignores_zones(unit.unit) else frozenset()
        mode = StopIn(zone - {leg.a}) if zone else None
        best = route(self.graph, leg.a, (leg.b,), cost, budget=left, blocked=enemy_hexes, mode=mode)
        if best is not None and not best.missing:
            return best.cost
        if best is not None:
            self.unchecked.add("a move over terrain the data does not give", best.cells)
            return None
        said = f"{unit.name} moved from {ids.format(leg.a)} to {ids.format(leg.b)}"
        free = route(self.graph, leg.a, (leg.b,), cost, blocked=enemy_hexes, mode=mode)
        if free is not None and not free.missing:
            entered = self.entry.get(unit.unit_id)
            spent = f" ({_n(entered[1])} MP spent entering the map: {self.entry_rule})" \
                if entered is not None and left + entered[1] <= allowance and entered[0] < leg.step else ""
            yield self._finding(f"{said}: the cheapest way costs {_n(free.cost)} MP and it had {_n(left)} of its "
                                f"movement factor {_n(allowance)} left{spent}", self.limit_rule, leg.step, unit,
                                (leg.a, leg.b), free.path)
            return None
        if cost is not plain:             # no way the ferry's rules allow: the way the terrain alone allows
            terrain_only = route(self.graph, leg.a, (leg.b,), plain, blocked=enemy_hexes, mode=mode)
            why = self.ferries.why(unit, before, terrain_only.path) if terrain_only is not None else None
            if why:
                yield self._finding(f"{said}: {why}", self.ferries.rule, leg.step, unit, (leg.a, leg.b),
                                    terrain_only.path)
                return None
        through = route(self.graph, leg.a, (leg.b,), cost, budget=left, blocked=enemy_hexes)
        if through is not None and not through.missing:
            held = next((h for h in through.path[1:-1] if h in zone), through.path[-1])
            near = [o for o in self.rules.enemies_next_to(before, held, unit.side, self.graph)
                    if self.rules.exerts_zone(o.unit)]
            yield self._finding(f"{said}: every way there within its movement factor {_n(allowance)} passes through "
                                f"the enemy zone of control at {ids.format(held)}, where it would have had to stop",
                                self.rules.zoc_enter.rule, leg.step, unit, (leg.a, leg.b, held), through.path,
                                zone=(held, near[0]) if near else None)
            return None
        if free is None and through is None:
            why, rule = self._prohibited(move, leg)
            yield self._finding(f"{said}: {why}", rule, leg.step, unit, (leg.a, leg.b))
            return None
        missing = free or through
        self.unchecked.add("a move over terrain the data does not give", missing.cells if missing else ())
        return None

    def _prohibited(self, move: str, leg: Leg) -> tuple[str, str]:
        """Why no path exists for the class: the Costs row that prohibits it."""
        fx, t = self.effects, self.terrain
        rows = [r for r in fx.rows if r.prohibited and r.move in fx.chain(move)]
        target = t.hex(leg.b)
        everywhere = [r for r in rows if r.action == "enter" and r.terrain == "*"]
        if everywhere and not any(fx.lookup(move, "enter", c) not in (None, PROHIBITED) for c in fx.types
                                  if fx.types[c].applies == "hex"):
            return f"{move} may never move", row_rule(everywhere[0])
        if target is not None:
            for code in target.terrain:
                hit = [r for r in rows if r.action == "enter" and r.terrain == code]
                if hit:
                    return f"{move} may not enter {code}", row_rule(hit[0])
                if everywhere and fx.lookup(move, "enter", code) is PROHIBITED:     # its class's "*" row
                    return f"{move} may not enter {code}", row_rule(everywhere[0])
        crossing = [r for r in rows if r.action in ("cross", "climb", "descend")]
        if crossing:
            codes = ", ".join(dict.fromkeys(r.terrain for r in crossing))
            return (f"no way there for {move} without crossing a hexside it may not cross ({codes}) or entering a "
                    "hex it may not enter", row_rule(crossing[0]))
        return f"no way there for {move}", self.limit_rule

    def _stacking(self, portion: Portion, legs: list[Leg]) -> Iterator[Finding]:
        limit = self.rules.stacking
        if limit.value is None or not legs:
            return
        end = portion.combat - 1 if portion.combat is not None else portion.last
        view = self.views.at(end)
        arrived: dict[Hex, Leg] = {}
        for leg in legs:
            u = view.unit(leg.unit_id)
            if u is not None and u.hex == leg.b:
                arrived[leg.b] = leg
        for h, leg in arrived.items():
            here = view.at(h)
            if len(here) > float(limit.value):
                mover = view.unit(leg.unit_id)
                others = [u.name for u in here if u.unit_id != leg.unit_id]
                yield self._finding(f"{mover.name} ended its move in {self.hexids.format(h)} with {', '.join(others)}: "
                                    f"at most {_n(float(limit.value))} unit(s) in a hex at the end of movement",
                                    limit.rule, leg.step, mover, (h,))


def _row_cite(row: Any) -> tuple[str, int | None]:
    return (row.section or "reinforcements", row.rulebook_line) if row is not None else ("reinforcements", None)


def _n(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def check_turn_limit(mover: Mover, portions: list[Portion], scenario: Any) -> Iterator[Finding]:
    """Play in a turn after the scenario's last: an error at the first step of it, with the first
    unit it moves and where."""
    if scenario is None or scenario.end_turn is None:
        return
    for p in portions:
        if p.turn is not None and p.turn > scenario.end_turn and not p.carried:
            said = f"the {p.side} side plays turn {p.turn}: the game ends after turn {scenario.end_turn}"
            unit = mover.views.at(p.legs[0].step).unit(p.legs[0].unit_id) if p.legs else None
            if unit is None:
                yield Finding(CHECK_ID, Severity.ERROR, said, _end_rule(mover.rules, scenario), mover.label, p.first,
                              mover.players.get(p.first))
            else:
                leg = p.legs[0]
                yield mover._finding(f"{said} ({unit.name} moved from {mover.hexids.format(leg.a)} to "
                                     f"{mover.hexids.format(leg.b)})", _end_rule(mover.rules, scenario), leg.step,
                                     unit, (leg.a, leg.b))
            return


def _end_rule(rules: Classic, scenario: Any) -> str:
    return cite(scenario.section or f"scenario {scenario.scenario_id}", scenario.rulebook_line)


def check_movement(ctx: Any) -> Iterator[Finding]:
    """The `movement` check: every movement stage of the log, and the turn limit."""
    from ..table_rolls import read_table_rolls
    from .classic import read_portions
    from .setup import scenario_for

    game, views = ctx.game, ctx.views
    if not is_classic(game):
        return                            # the series' movement rules are not written (their findings say so)
    if views is None:
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, "movement not checked: the game view needs the pieces' units "
                      "(--module, and --units units.csv for a module whose pieces carry no unit ids)", "", ctx.log.label)
        return
    rules = Classic(game)
    players = {s.index: s.player for s in ctx.log.steps}
    rolls = [r.step for r in read_table_rolls(ctx.log.steps, game).combat]
    carried = ctx.carried.get("combat") if ctx.carried else None
    portions = read_portions(views, ctx.log.replay.steps, rolls, game.sides, getattr(carried, "where", None))
    mover = Mover(rules, views, ctx.log.label, players)
    scenario = scenario_for(ctx)[0]
    special = SpecialRules(mover, portions, ctx.log.replay.steps, getattr(ctx, "previous", None) is None, scenario)
    mover.entry = special.entry_cost()
    for portion in portions:
        yield from mover.stage(portion)
    yield from special.findings()
    yield from mover.unchecked.findings()
    yield from check_turn_limit(mover, portions, scenario)
