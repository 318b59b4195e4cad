"""A classic-family game's own special rules, as rules.xlsx Parameters rows read by generic code
over the portions a log shows (``classic.read_portions``): no game is named here.

- `sequence.first` (a side): each turn the first portion is that side's. Judged for a turn whose
  start the log shows (the turn changes within it, or the first log starts at the scenario's
  first turn).
- `forced-move.side`, `forced-move.turns` (turn ids, `;`), `forced-move.directions` (compass
  names of the grid's hexsides, `;`: N, NE, SE, S, SW, NW as `terrain.direction` names them from
  the map's `north` in game.toml): in those turns each unit of the side on the map when its
  portion begins moves exactly one hex in one of the directions unless an enemy zone of control
  holds it, and then it does not move. Judged for a movement stage that closes in the log. A
  unit with no hex in those directions it may enter (off the map, prohibited for its class, held
  by the enemy) is excused; a reinforcement entering the map that portion moves as one.
- `reinforcement.none` (sides, `;`): no unit of those sides arrives once play has begun.
- `reinforcement.phase` (`movement`): a unit arrives (steps onto the map from no hex) in its own
  side's movement stage — the placement may open that stage — and `reinforcement.enemy-hex`
  (`prohibited`): never into a hex an enemy unit holds; never (with or without these rows) into a
  hex its class may not enter (effects.xlsx Costs). `reinforcement.entry-cost` (MP): what
  entering costs, added by the movement check to the arriving unit's first move.
- `movement.never-end-in` (terrain codes, `;`): no unit ends a movement stage in such a hex.
- A ferry (`Ferries`, read by the movement check's path search): `ferry.terrain` (the hexes'
  terrain code), `ferry.symbol` (the hexside feature marking the sides units enter and leave it
  by, terrain.xlsx Hexsides), `ferry.from` / `ferry.to` (compass sides of the ferry hex entered
  by / left by: east to west is NE;SE / NW;SW), `ferry.sides` (the sides that may use it),
  `ferry.enemy` (`closed`: not while an enemy unit holds a hex across a marked side),
  `ferry.except` (unit types the ferry's rules do not bind: gunboats sail through it). A path
  steps into a ferry hex only from a hex across a marked side it may enter by, and out of it
  only to one it may leave by.

"Play has begun" in a log: from the first portion on in the first log of a chain (the steps
before it are the set-up), everywhere in a later one.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from gamedata.effects import PROHIBITED
from gamedata.hexids import Hex
from gamedata.paths import Missing
from gamedata.ruledata import parameter, parameter_cite, parameter_list, parameter_row

from ..findings import Finding, Severity
from .classic import Portion, class_cell, row_rule

MOVEMENT = "movement"


@dataclass(frozen=True)
class Arrival:
    """A unit stepping onto the map from no hex at ``step``."""

    step: int
    unit_id: str
    hex: Hex


def arrivals(views: Any, steps: Sequence[Any]) -> list[Arrival]:
    """Every step that puts a unit on a hex from no hex (a box, or not yet in play)."""
    out = []
    before = views.at(0)
    for step in steps:
        after = views.at(step.index)
        for uid, u in after.units.items():
            was = before.unit(uid)
            if u.hex is not None and (was is None or was.hex is None):
                out.append(Arrival(step.index, uid, u.hex))
        before = after
    return out


def stage_end(portions: Sequence[Portion], k: int) -> int | None:
    """The last step of portion ``k``'s movement stage, None when the log ends in it."""
    p = portions[k]
    if p.combat is not None:
        return p.combat - 1
    return portions[k + 1].first - 1 if k + 1 < len(portions) else None


def _last_act(p: Portion) -> int:
    """The last step at which portion ``p``'s side did something (a move, a removal, a combat
    roll): what follows it, before the next portion's first move, opens that portion."""
    return max([p.first, p.combat or 0, *(leg.step for leg in p.legs), *(g.step for g in p.gone)])


class SpecialRules:
    """The Parameters-driven special rules of one game, judged over one log's portions."""

    def __init__(self, mover: Any, portions: list[Portion], steps: Sequence[Any], first_log: bool,
                 scenario: Any) -> None:
        self.mover, self.portions, self.first_log, self.scenario = mover, portions, first_log, scenario
        self.game = mover.rules.game
        self.views = mover.views
        self.arrived = arrivals(self.views, steps)
        begun = portions[0].first if portions and first_log else 1
        self.in_play = [a for a in self.arrived if a.step >= begun]

    def findings(self) -> Iterator[Finding]:
        yield from self.first_side()
        yield from self.forced_moves()
        yield from self.arrivals()
        yield from self.never_end_in()

    # -- the first side of each turn -------------------------------------------------
    def first_side(self) -> Iterator[Finding]:
        said = self.mover.rules.first_side
        if said.value is None:
            return
        first = next((s for s in self.game.sides if s.casefold() == said.value), str(said.value))
        start = getattr(self.scenario, "start_turn", None)
        for k, p in enumerate(self.portions):
            opens = (k > 0 and self.portions[k - 1].turn != p.turn) or \
                    (k == 0 and self.first_log and not p.carried and p.turn is not None and p.turn == start)
            if opens and p.turn is not None and p.side != first:
                leg = p.legs[0] if p.legs else None
                unit = self.views.at(leg.step).unit(leg.unit_id) if leg else None
                text = f"the {p.side} side began turn {p.turn}: the {first} player is the first player"
                if unit is None:
                    yield Finding(MOVEMENT, Severity.ERROR, text, said.rule, self.mover.label, p.first,
                                  self.mover.players.get(p.first))
                else:
                    ids = self.mover.hexids
                    yield self.mover._finding(f"{text} ({unit.name} moved from {ids.format(leg.a)} to "
                                              f"{ids.format(leg.b)})", said.rule, leg.step, unit, (leg.a, leg.b))

    # -- forced moves ----------------------------------------------------------------
    def forced_moves(self) -> Iterator[Finding]:
        side = parameter_row(self.game, "forced-move.side")
        if side is None or not side.value:
            return
        rule = parameter_cite(self.game, "forced-move.side", "forced moves")
        turns = {int(float(t)) for t in parameter_list(self.game, "forced-move.turns")}
        ways = {d.upper() for d in parameter_list(self.game, "forced-move.directions")}
        for k, p in enumerate(self.portions):
            end = stage_end(self.portions, k)
            if p.side != side.value or p.turn not in turns or p.carried or end is None:
                continue
            since = _last_act(self.portions[k - 1]) if k else 0
            entering = {a.unit_id for a in self.arrived if a.step > since}
            yield from self._forced(p, end, ways, rule, entering)

    def _forced(self, p: Portion, end: int, ways: set[str], rule: str, entering: set[str]) -> Iterator[Finding]:
        """The forced move of one portion; ``entering``: units placed on the map since the other
        side's portion (reinforcements entering: they move as such)."""
        m = self.mover
        start, last = self.views.at(p.first - 1), self.views.at(end)
        terrain, ids = m.terrain, m.hexids
        named = "/".join(sorted(ways))
        for uid, unit in sorted(start.units.items()):
            if unit.side != p.side or unit.hex is None or unit.hex not in m.graph or uid in entering:
                continue
            now = last.unit(uid)
            moved = [leg for leg in p.legs if leg.unit_id == uid and p.moving(leg.step)]
            to = now.hex if now is not None else None
            held = m.rules.zones_on(start, unit.hex, unit, m.graph)
            if held:
                if moved:
                    yield m._finding(f"{unit.name} moved from {ids.format(unit.hex)} on turn {p.turn} while in the "
                                     f"zone of control of {held[0].name} ({ids.format(held[0].hex)}): units in an "
                                     "enemy zone of control may not move on this turn", rule, moved[0].step, unit,
                                     (unit.hex, moved[0].b, held[0].hex), zone=(unit.hex, held[0]))
                continue
            if to == unit.hex or to is None:
                excused = self._excused(unit, start, ways)
                if excused is None:
                    continue              # the terrain around it is not known: not checked (the cells named)
                if excused:
                    continue
                yield m._finding(f"{unit.name} did not move from {ids.format(unit.hex)} on turn {p.turn}: every "
                                 f"{p.side} unit not in an enemy zone of control must move one hex {named}", rule,
                                 end, unit, (unit.hex,))
                continue
            way = terrain.direction(unit.hex, to)
            if way is None or way.upper() not in ways:
                how = f"{way} of it" if way else "not next to it"
                yield m._finding(f"{unit.name} moved from {ids.format(unit.hex)} to {ids.format(to)} ({how}) on turn "
                                 f"{p.turn}: it must move one, and only one, hex {named}", rule, moved[-1].step, unit,
                                 (unit.hex, to))

    def _excused(self, unit: Any, view: Any, ways: set[str]) -> bool | None:
        """Whether no hex in the forced directions may be entered by the unit (off the map,
        prohibited for its class, enemy-held); None when that depends on terrain or a class the
        data does not give (the movement check's not-checked finding names the cells)."""
        m = self.mover
        move = m.rules.move_class(unit.unit)
        if move is None:
            m.unchecked.add(f"no movement class for type {unit.unit.type}", (class_cell(unit.unit.type),))
            return None
        price = m.effects.step_cost(move, m.terrain)
        unknown: list[Any] = []
        for n in m.graph.neighbours(unit.hex):
            way = m.terrain.direction(unit.hex, n)
            if way is None or way.upper() not in ways or any(o.side != unit.side for o in view.at(n)):
                continue
            cost = price(unit.hex, n)
            if isinstance(cost, Missing):
                unknown += cost.cells
            elif cost is not None:
                return False
        if unknown:
            m.unchecked.add("a forced move over terrain the data does not give", unknown)
            return None
        return True

    # -- arrivals --------------------------------------------------------------------
    def _portion_of(self, step: int) -> tuple[Portion | None, Portion | None]:
        """The portion holding ``step`` and the next one."""
        for k, p in enumerate(self.portions):
            if p.first <= step <= p.last:
                return p, self.portions[k + 1] if k + 1 < len(self.portions) else None
        later = [p for p in self.portions if p.first > step]
        return None, later[0] if later else None

    def arrivals(self) -> Iterator[Finding]:
        game, m = self.game, self.mover
        none = {s.casefold() for s in parameter_list(game, "reinforcement.none")}
        phase = parameter_row(game, "reinforcement.phase")
        enemy = parameter_row(game, "reinforcement.enemy-hex")
        ids = m.hexids
        for a in self.in_play:
            view, before = self.views.at(a.step), self.views.at(a.step - 1)
            unit = view.unit(a.unit_id)
            where = f"{unit.name} entered the map at {ids.format(a.hex)}"
            if unit.side.casefold() in none:
                yield m._finding(f"{where} during play: there are no {unit.side} reinforcements",
                                 parameter_cite(game, "reinforcement.none", "reinforcements"), a.step, unit, (a.hex,))
                continue
            if phase is not None and str(phase.value).casefold() == "movement" and not self._own_stage(a, unit.side):
                yield m._finding(f"{where} outside the {unit.side} movement phase: a player places his "
                                 "reinforcements during his own movement phase",
                                 parameter_cite(game, "reinforcement.phase", "reinforcements"), a.step, unit, (a.hex,))
            barred = self._barred(unit, a.hex)
            if barred is not None:
                yield m._finding(f"{where}: {barred[0]}", barred[1], a.step, unit, (a.hex,))
            held = [o for o in before.at(a.hex) if o.side != unit.side]
            if enemy is not None and str(enemy.value).casefold() == "prohibited" and held:
                yield m._finding(f"{where}, held by {held[0].name}: reinforcements may not enter the map in a hex "
                                 "occupied by an enemy unit",
                                 parameter_cite(game, "reinforcement.enemy-hex", "reinforcements"), a.step, unit,
                                 (a.hex,))

    def _barred(self, unit: Any, h: Hex) -> tuple[str, str] | None:
        """Why the unit's class may not stand in ``h`` (a Costs row prohibiting its terrain), with
        the row's rule; None when it may, or the data do not say."""
        m = self.mover
        move = m.rules.move_class(unit.unit)
        here = m.terrain.hex(h)
        if move is None or here is None:
            return None
        for code in here.terrain:
            if m.effects.lookup(move, "enter", code) is PROHIBITED:
                rows = [r for r in m.effects.rows if r.prohibited and r.action == "enter"
                        and r.move in m.effects.chain(move) and r.terrain in (code, "*")]
                return f"{move} may not enter {code}", (row_rule(rows[0]) if rows else "Terrain Effects Chart")
        return None

    def _own_stage(self, a: Arrival, side: str) -> bool:
        p, after = self._portion_of(a.step)
        if p is not None and p.side == side:
            return p.moving(a.step)
        if p is not None and (any(leg.step > a.step for leg in p.legs) or (p.combat or 0) > a.step):
            return False             # the other side moved or fought after it: it was the other's phase
        return after is None or after.side == side    # the placement opened its own movement

    # -- hexes no move ends in --------------------------------------------------------
    def never_end_in(self) -> Iterator[Finding]:
        codes = set(parameter_list(self.game, "movement.never-end-in"))
        if not codes:
            return
        m = self.mover
        rule = parameter_cite(self.game, "movement.never-end-in", "movement")
        for k, p in enumerate(self.portions):
            end = stage_end(self.portions, k)
            if end is None:
                continue
            view = self.views.at(end)
            for leg in p.legs:
                unit = view.unit(leg.unit_id)
                if not p.moving(leg.step) or unit is None or unit.hex != leg.b or unit.side != p.side:
                    continue
                here = m.terrain.hex(leg.b)
                hit = sorted(codes & set(here.terrain)) if here is not None else []
                if hit and leg == [x for x in p.legs if x.unit_id == leg.unit_id and p.moving(x.step)][-1]:
                    yield m._finding(f"{unit.name} ended the movement phase in {m.hexids.format(leg.b)} ({hit[0]}): "
                                     f"units may never end the movement phase in a {hit[0]} hex", rule, leg.step,
                                     unit, (leg.b,))

    def entry_cost(self) -> dict[str, tuple[int, float]]:
        """unit id -> (arrival step, MP its entry costs) for the arrivals in play."""
        row = parameter_row(self.game, "reinforcement.entry-cost")
        if row is None or row.value is None:
            return {}
        return {a.unit_id: (a.step, float(row.value)) for a in self.in_play}


class Ferries:
    """The ferry hexes of a game and how a path may use them (see the module docstring)."""

    def __init__(self, game: Any) -> None:
        terrain = game.terrain
        self.terrain, self.hexids = terrain, terrain.hexids
        codes = set(parameter_list(game, "ferry.terrain"))
        self.rule = parameter_cite(game, "ferry.terrain", "ferry")
        self.sides = {s.casefold() for s in parameter_list(game, "ferry.sides")}
        self.exempt = {t.casefold() for t in parameter_list(game, "ferry.except")}
        self.enemy_closes = str(parameter(game, "ferry.enemy") or "").casefold() == "closed"
        symbol = str(parameter(game, "ferry.symbol") or "")
        ins = {d.upper() for d in parameter_list(game, "ferry.from")}
        outs = {d.upper() for d in parameter_list(game, "ferry.to")}
        self.gates: dict[Hex, tuple[frozenset[Hex], frozenset[Hex]]] = {}
        graph = terrain.graph
        for h in terrain.hexes:
            if not codes & set(h.terrain) or h.hex not in graph:
                continue
            marked = [n for n in graph.neighbours(h.hex)
                      if (side := terrain.hexside(h.hex, n)) is not None and symbol in side.features]
            way = lambda n: (terrain.direction(h.hex, n) or "").upper()  # noqa: E731
            self.gates[h.hex] = (frozenset(n for n in marked if not ins or way(n) in ins),
                                 frozenset(n for n in marked if not outs or way(n) in outs))

    def binds(self, unit: Any) -> bool:
        return bool(self.gates) and unit.unit.type.casefold() not in self.exempt

    def closed(self, unit: Any, view: Any) -> dict[Hex, str]:
        """The ferry hexes the unit may not use at all in this view, with why."""
        out: dict[Hex, str] = {}
        for h, (entries, exits) in self.gates.items():
            name = self.hexids.format(h)
            if self.sides and unit.side.casefold() not in self.sides:
                out[h] = f"only {' and '.join(sorted(s.title() for s in self.sides))} units may use the ferry ({name})"
                continue
            held = [o for n in sorted(entries | exits) for o in view.at(n) if o.side != unit.side]
            if self.enemy_closes and held:
                out[h] = (f"the ferry ({name}) may not be used while an enemy unit holds one of its entry hexes "
                          f"({held[0].name} in {self.hexids.format(held[0].hex)})")
        return out

    def priced(self, cost: Any, unit: Any, view: Any) -> Any:
        """The step price ``cost`` with the ferry's gates (unchanged for a unit they do not bind)."""
        if not self.binds(unit):
            return cost
        closed = self.closed(unit, view)
        gates = self.gates

        def step(a: Hex, b: Hex) -> Any:
            if b in closed or (b in gates and a not in gates[b][0]) or (a in gates and b not in gates[a][1]):
                return None
            return cost(a, b)
        return step

    def why(self, unit: Any, view: Any, path: Sequence[Hex]) -> str | None:
        """Why the ferry on ``path`` (a path the terrain alone allows) may not be used; None when
        the path uses no ferry."""
        if not self.binds(unit):
            return None
        closed = self.closed(unit, view)
        for i, h in enumerate(path):
            if h not in self.gates:
                continue
            if h in closed:
                return closed[h]
            entries, exits = self.gates[h]
            came = path[i - 1] if i else None
            went = path[i + 1] if i + 1 < len(path) else None
            if (came is not None and came not in entries) or (went is not None and went not in exits):
                fmt = lambda hs: " or ".join(self.hexids.format(x) for x in sorted(hs)) or "nowhere"  # noqa: E731
                return (f"the ferry ({self.hexids.format(h)}) is entered only from {fmt(entries)} and left only to "
                        f"{fmt(exits)}, across the sides its symbol marks")
        return None
