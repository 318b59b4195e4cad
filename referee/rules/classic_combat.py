"""Combat in the classic family: which units fought each roll, the odds with the terrain, the
combat chart's result, and what the players did after it, within the log and into the next.

**Which units fought.** A roll on the combat table in a side's combat stage resolves one
combat. The referee reads it, in order, from
1. a chat line since the previous roll with the word "attack" naming units (by their name in the
   order of battle or their id; a name several units share is narrowed to the units next to a
   named enemy): `1st Infantry and 2nd Cavalry attack 3rd Infantry`;
2. the board: the units of the two sides next to each other that have not fought yet this stage
   form groups (an attacker, its adjacent enemies, their adjacent attackers...). When one group
   is left, or the units removed after the roll all belong to one group, and that group can only
   be fought one way — all its defenders in one hex, or a single attacker — it is that combat,
   and the finding says it was inferred.
Otherwise the roll is not checked, and the finding says what to write in the chat.

**The result** (`gamedata.combat`): face-value strengths, the terrain's combat effects
(effects.xlsx Combat), odds rounded in the defender's favour by the chart's columns, the roll;
the cell's code says what happens (combat.xlsx Combat Codes): eliminations, an exchange, the
advance after combat, contact. A defending hex holding only the unit types of a code's `only`
takes its `only_as` code (a Contact on cannon alone is a Defender Eliminated).

**What follows** the roll until the next roll, the other side's first move or the turn's end (the
*window*; a window the log ends in is carried to the next log of the chain): a unit of the combat
removed that the result does not remove is an error at that step; a unit the result removes still
on the map when the window closes, or an exchange whose larger force removed less face-value
strength than the smaller force had, is an error at the step that closes it; a unit of the
attacking side that moves is an advance after combat — only a unit that attacked, only into a hex
an eliminated defender vacated, at most `advance` units per hex, never where its class may not
go — and any other move in the combat stage is an error at its step.

**Mandatory attacks** (`attack.mandatory = yes`): when the combat stage ends in the log and every
roll of it was read, each enemy unit next to a unit of the side at the start of the stage must
have been attacked, and each such unit must have attacked.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gamedata.cellref import CellRef
from gamedata.combat import Combat, Fighter, Outcome, resolve, totals
from gamedata.effects import TerrainEffects
from gamedata.hexids import Hex

from ..findings import Finding, Place, Severity
from ..table_rolls import TableRoll, read_table_rolls
from .classic import Classic, Gone, Leg, Portion, Where, changes, read_portions, value_cell, where_left
from .combat_units import Sides, facts, opposed, strength

CHECK_ID = "combat"
ATTACK_WORD = re.compile(r"\battack", re.IGNORECASE)


@dataclass(frozen=True)
class Fight:
    """One combat and what its result calls for; small and frozen, so it can be carried to the
    next log when the log ends before the result is applied."""

    log: str
    step: int
    side: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    said: str                       # the combat in words: who, odds, roll, result
    rule: str
    result: str
    eliminate: frozenset[str]       # units the result removes outright
    smaller: frozenset[str] = frozenset()   # an exchange: the smaller force (all removed)
    larger: frozenset[str] = frozenset()    # ... and the larger, which removes at least `owed`
    owed: float = 0.0
    advance: int = 0
    face: tuple[tuple[str, float], ...] = ()     # unit id -> face-value strength
    sides: tuple[tuple[str, str], ...] = ()      # unit id -> its side
    hexes: tuple[tuple[str, Hex], ...] = ()      # unit id -> its hex at the roll
    names: tuple[tuple[str, str], ...] = ()
    map: str = ""

    def name(self, uid: str) -> str:
        return dict(self.names).get(uid, uid)

    def where(self, uid: str) -> Hex | None:
        return dict(self.hexes).get(uid)


@dataclass
class Window:
    """A fight and what was done since its roll."""

    fight: Fight
    removed: dict[str, tuple[str, int]] = field(default_factory=dict)      # unit id -> (log, step)
    advanced: dict[Hex, list[str]] = field(default_factory=dict)
    reported: set[str] = field(default_factory=set)     # what is owed and already reported (unit ids, "paid")

    def carried(self) -> tuple[Any, ...]:
        return (self.fight, tuple(self.removed.items()), tuple((h, tuple(u)) for h, u in self.advanced.items()),
                tuple(sorted(self.reported)))

    @classmethod
    def of(cls, value: tuple[Any, ...]) -> Window:
        fight, removed, advanced, reported = value
        return cls(fight, dict(removed), {h: list(u) for h, u in advanced}, set(reported))


@dataclass(frozen=True)
class Carried:
    """What the combat check hands to the next log: where the sequence of play stands and the
    fight whose result the log ended before applying (if any)."""

    where: Where | None
    open: tuple[tuple[Any, ...], ...] = ()      # Window.carried() of each fight left open


@dataclass
class Analysis:
    findings: list[Finding]
    carried: Carried


class Judge:
    """The combat check over one log."""

    def __init__(self, ctx: Any, rules: Classic) -> None:
        self.ctx, self.rules, self.game = ctx, rules, rules.game
        self.views = ctx.views
        self.label = ctx.log.label
        self.terrain = self.game.terrain
        self.graph = self.terrain.graph
        self.hexids = self.terrain.hexids
        self.effects: TerrainEffects = self.game.effects
        self.players = {s.index: s.player for s in ctx.log.steps}
        self.out: list[Finding] = []
        self.open: list[Window] = []

    # -- findings ----------------------------------------------------------------
    def add(self, severity: Severity, message: str, rule: str, step: int | None, units: Iterable[str] = (),
            fight: Fight | None = None, hexes: Iterable[Hex] = (), seen: Iterable[Any] = (),
            cells: tuple[CellRef, ...] = ()) -> None:
        """A finding about the units ``units`` of ``fight`` (named and placed as they fought) and the
        units ``seen`` on the board (UnitViews), ringing their hexes and ``hexes``."""
        ids, views = tuple(units), tuple(seen)
        names = tuple(dict.fromkeys([fight.name(u) if fight else u for u in ids] + [u.name for u in views]))
        where = [h for u in ids if fight and (h := fight.where(u)) is not None] + list(hexes)
        mapname = fight.map if fight else next((u.map for u in views if u.map), "")
        places = tuple(Place(mapname, self.hexids.format(h)) for h in dict.fromkeys(where))
        measured = opposed(((fight.name(u), fight.map, fight.where(u)) for u in fight.attackers),
                           ((fight.name(u), fight.map, fight.where(u)) for u in fight.defenders),
                           self.hexids) if fight else ()
        self.out.append(Finding(CHECK_ID, severity, message, rule, self.label, step,
                                self.players.get(step) if step else None, names, places, cells=cells,
                                measured=measured))

    # -- the log -----------------------------------------------------------------
    def run(self) -> Analysis:
        ctx = self.ctx
        rolls = [r for r in read_table_rolls(ctx.log.steps, self.game).combat]
        carried: Carried | None = ctx.carried.get(CHECK_ID) if ctx.carried else None
        start = carried.where if isinstance(carried, Carried) else None
        portions = read_portions(self.views, ctx.log.replay.steps, [r.step for r in rolls], self.game.sides, start)
        if isinstance(carried, Carried):
            self.open.extend(Window.of(w) for w in carried.open)
        by_step = {r.step: r for r in rolls}
        for index, portion in enumerate(portions):
            closes = portions[index + 1].first if index + 1 < len(portions) else None
            self._portion(portion, [by_step[s] for s in sorted(by_step) if portion.first <= s <= portion.last],
                          closes)
        if not portions and self.open:
            self._follow(self.open[-1], 1, len(ctx.log.replay.steps))
        recorder = {s.side for s in ctx.log.replay.steps if s.side in self.game.sides}
        last = len(ctx.log.replay.steps)
        for window in self.open:          # the log ends: what its own player owes is due now, unless
            if (window.fight.log, window.fight.step) != (self.label, last):    # it ends with the roll
                self._close(window, None, next(iter(recorder)) if len(recorder) == 1 else None)
        return Analysis(self.out, Carried(where_left(portions), tuple(w.carried() for w in self.open)))

    def _portion(self, portion: Portion, rolls: list[TableRoll], closes: int | None) -> None:
        """Judge a portion's combat stage; ``closes`` = the first step of the next portion (None:
        the log ends in this one)."""
        end = (closes - 1) if closes is not None else len(self.ctx.log.replay.steps)
        if self.open:                     # a fight carried from the previous log
            window = self.open.pop()
            stop = rolls[0].step if rolls else closes
            self._follow(window, portion.first, stop - 1 if stop is not None else end)
            if stop is not None:
                self._close(window, stop)
            else:
                self.open.append(window)  # still open where the log ends
        fought_a: set[str] = set()
        fought_d: set[str] = set()
        known = True
        stage_start = portion.combat if portion.combat is not None else (closes or end + 1)
        engaged = self._engaged(self.views.at(stage_start - 1), portion.side)
        previous = portion.first - 1
        for i, roll in enumerate(rolls):
            if portion.combat is None or roll.step < portion.combat:
                continue
            last = (rolls[i + 1].step - 1) if i + 1 < len(rolls) else end
            fight = self._fight(roll, portion, fought_a, fought_d, previous, last)
            previous = roll.step
            if fight is None:
                known = False
                continue
            fought_a.update(fight.attackers)
            fought_d.update(fight.defenders)
            window = Window(fight)
            self._follow(window, roll.step + 1, last)
            if i + 1 < len(rolls) or closes is not None:
                self._close(window, rolls[i + 1].step if i + 1 < len(rolls) else closes)
            else:
                self.open.append(window)
        if portion.combat is None and closes is None:
            return                        # the log ends in the movement stage: nothing to judge yet
        if closes is not None and known and not portion.carried and self.rules.mandatory.value in ("yes", True, 1):
            self._mandatory(portion, engaged, fought_a, fought_d, closes)

    # -- who fought ----------------------------------------------------------------
    def _engaged(self, view: Any, side: str) -> list[tuple[Any, Any]]:
        """(attacker, defender) pairs of units next to each other, the attackers of ``side``."""
        pairs = []
        for u in view.of(side):
            if u.hex is None or u.hex not in self.graph:
                continue
            for e in self.rules.enemies_next_to(view, u.hex, side, self.graph):
                if self.rules.may_be_attacked(e.unit):
                    pairs.append((u, e))
        return pairs

    def _groups(self, pairs: list[tuple[Any, Any]]) -> list[tuple[list[Any], list[Any]]]:
        """Connected groups of the adjacency between attackers and defenders."""
        parent: dict[str, str] = {}

        def find(x: str) -> str:
            while parent.setdefault(x, x) != x:
                x = parent[x]
            return x
        units: dict[str, Any] = {}
        for a, d in pairs:
            units[a.unit_id], units[d.unit_id] = a, d
            parent[find(a.unit_id)] = find(d.unit_id)
        groups: dict[str, tuple[list[Any], list[Any]]] = {}
        attackers = {a.unit_id for a, _ in pairs}
        for uid, u in units.items():
            g = groups.setdefault(find(uid), ([], []))
            (g[0] if uid in attackers else g[1]).append(u)
        return list(groups.values())

    @staticmethod
    def _forced(group: tuple[list[Any], list[Any]]) -> bool:
        attackers, defenders = group
        return len({d.hex for d in defenders}) == 1 or len(attackers) == 1

    def _declared(self, view: Any, side: str, first: int, last: int) -> tuple[list[Any], list[Any]] | None:
        """The units a chat line with "attack" names in steps ``first``..``last``."""
        for s in reversed(self.ctx.log.steps[max(0, first - 1):last]):
            for text in s.texts:
                if not ATTACK_WORD.search(text):
                    continue
                named = [u for u in view.units.values() if u.hex is not None and _names(text, u)]
                attackers = [u for u in named if u.side == side]
                defenders = [u for u in named if u.side != side]
                if not attackers or not defenders:
                    continue
                near = lambda u, others: any(o.hex in self.graph.neighbours(u.hex) for o in others)  # noqa: E731
                attackers2 = [a for a in attackers if near(a, defenders)] or attackers
                defenders2 = [d for d in defenders if near(d, attackers2)] or defenders
                return attackers2, defenders2
        return None

    def _fight(self, roll: TableRoll, portion: Portion, fought_a: set[str], fought_d: set[str], previous: int,
               last: int) -> Fight | None:
        combat: Combat = roll.table  # type: ignore[assignment]
        before = self.views.at(roll.step - 1)
        said = f"{combat.name} roll {'+'.join(map(str, roll.dice))}"
        side = portion.side
        declared = self._declared(before, side, previous + 1, roll.step)
        how = "declared in the chat"
        if declared is not None:
            attackers, defenders = declared
        else:
            pairs = [(a, d) for a, d in self._engaged(before, side)
                     if a.unit_id not in fought_a and d.unit_id not in fought_d]
            groups = self._groups(pairs)
            chosen = None
            if len(groups) == 1:
                chosen, how = groups[0], "inferred: the only units still next to each other"
            elif groups:
                gone = {g.unit_id for s in range(roll.step + 1, last + 1)
                        for g in changes(self.views.at(s - 1), self.views.at(s), s)[1]}
                hit = [g for g in groups if gone & {u.unit_id for u in g[0] + g[1]}]
                if len(hit) == 1:
                    chosen, how = hit[0], "inferred from the units removed after the roll"
            if chosen is None or not self._forced(chosen):
                why = ("no units of the two sides are next to each other" if not groups else
                       "the units next to each other could have fought it several ways")
                self.add(Severity.NOT_CHECKED, f"{said}: which units fought is not known ({why}); write it in "
                         "the chat before the roll, naming the units as the order of battle does (e.g. '1st Infantry "
                         "attacks 3rd Infantry')", combat.cite(), roll.step)
                return None
            attackers, defenders = chosen
        immune = [d for d in defenders if not self.rules.may_be_attacked(d.unit)]
        if immune:
            self.add(Severity.ERROR, f"{immune[0].name} ({self.hexids.format(immune[0].hex)}) was attacked ({said}, "
                     f"{how}): a {immune[0].unit.type} may not be attacked", self.rules.immune.rule, roll.step,
                     hexes=(immune[0].hex,), seen=(*attackers, immune[0]))
            return None
        for a in attackers:
            far = [d for d in defenders if d.hex not in self.graph.neighbours(a.hex)]
            if far:
                self.add(Severity.ERROR, f"{a.name} attacked {far[0].name}, which is not next to it: every "
                         "attacking unit must be next to every unit it attacks", combat.cite(), roll.step,
                         hexes=(a.hex, far[0].hex), seen=(a, far[0]))
                return None
        return self._read(roll, combat, said, how, side, attackers, defenders)

    def _read(self, roll: TableRoll, combat: Combat, said: str, how: str, side: str, attackers: list[Any],
              defenders: list[Any]) -> Fight | None:
        units = attackers + defenders
        face = {u.unit_id: strength(u) for u in units}
        unknown = [u for u in units if face[u.unit_id] is None]
        if unknown:
            cells = tuple(value_cell(u.unit, "strength") for u in unknown)
            self.add(Severity.NOT_CHECKED, f"{said} ({how}): strength not known for "
                     f"{', '.join(u.name for u in unknown)}; fill {', '.join(map(str, cells))}", combat.cite(),
                     roll.step, seen=unknown, cells=cells)
            return None
        fighters = lambda us: [Fighter(u.name, u.unit.type, u.hex, face[u.unit_id]) for u in us]  # noqa: E731
        t = totals(fighters(attackers), fighters(defenders), self.game.terrain_combat, self.terrain)
        if t.missing:
            self.add(Severity.NOT_CHECKED, f"{said} ({how}): the terrain's effect on the strengths is not known; fill "
                     f"{', '.join(map(str, t.missing[:3]))}", combat.cite(), roll.step, seen=units, cells=t.missing)
            return None
        reading = resolve(combat, t.attack, t.defend, roll.dice, facts(self.game, Sides(tuple(attackers),
                                                                                        tuple(defenders), how)))
        terrain = f" ({'; '.join(t.notes)})" if t.notes else ""
        who = (f"{' + '.join(f'{u.name} {_n(face[u.unit_id])}' for u in attackers)} against "
               f"{' + '.join(f'{u.name} {_n(face[u.unit_id])}' for u in defenders)}{terrain}")
        text = f"{said}, {who} ({how}): {reading.describe()}"
        cell = reading.way.cell if reading.determined else None
        if cell is None:
            self.add(Severity.NOT_CHECKED, f"{text}: what follows not checked", combat.cite(), roll.step,
                     hexes=[u.hex for u in units], seen=units)
            return None
        return self._calls_for(roll, combat, text, side, attackers, defenders, face, cell.result, cell.outcome)

    def _calls_for(self, roll: TableRoll, combat: Combat, text: str, side: str, attackers: list[Any],
                   defenders: list[Any], face: Mapping[str, float], result: str, outcome: Outcome) -> Fight:
        """What a result does to these units."""
        eliminate: set[str] = set()
        if outcome.attacker.eliminated:
            eliminate |= {a.unit_id for a in attackers}
        if outcome.defender.eliminated:
            eliminate |= {d.unit_id for d in defenders}
        advance = outcome.advance
        if outcome.only and outcome.only_as:
            other = combat.outcome(outcome.only_as)
            for h in {d.hex for d in defenders}:
                here = [d for d in defenders if d.hex == h]
                if other is not None and all(d.unit.type in outcome.only for d in here) and other.defender.eliminated:
                    eliminate |= {d.unit_id for d in here}
                    advance = max(advance, other.advance)
                    text += f"; {outcome.only_as} for {self.hexids.format(h)}, held by {'/'.join(outcome.only)} only"
        smaller: frozenset[str] = frozenset()
        larger: frozenset[str] = frozenset()
        owed = 0.0
        if outcome.exchange:
            att = sum(face[a.unit_id] for a in attackers)
            dfd = sum(face[d.unit_id] for d in defenders)
            small, large = (attackers, defenders) if att <= dfd else (defenders, attackers)
            smaller = frozenset(u.unit_id for u in small)
            larger = frozenset(u.unit_id for u in large)
            owed = min(att, dfd)
            if att == dfd:
                smaller = smaller | larger        # equal forces: each is the smaller, both go
        units = attackers + defenders
        return Fight(self.label, roll.step, side, tuple(a.unit_id for a in attackers),
                     tuple(d.unit_id for d in defenders), text, combat.cite(), result, frozenset(eliminate), smaller,
                     larger, owed, advance, tuple(face.items()), tuple((u.unit_id, u.side) for u in units),
                     tuple((u.unit_id, u.hex) for u in units),
                     tuple((u.unit_id, u.name) for u in units), next((u.map for u in units if u.map), ""))

    # -- what followed -------------------------------------------------------------
    def _follow(self, window: Window, first: int, last: int) -> None:
        """Judge the steps ``first``..``last`` of a fight's window as they happen."""
        for s in range(first, last + 1):
            legs, gone = changes(self.views.at(s - 1), self.views.at(s), s)
            for g in gone:
                self._removed(window, g)
            for leg in legs:
                self._moved(window, leg)

    def _removed(self, window: Window, g: Gone) -> None:
        f = window.fight
        if g.unit_id not in f.attackers + f.defenders:
            unit = self.views.at(g.step - 1).unit(g.unit_id)
            self.add(Severity.ERROR, f"{unit.name if unit else g.unit_id} was removed from "
                     f"{self.hexids.format(g.hex)} after {f.said}, but did not take part in that combat", f.rule,
                     g.step, hexes=(g.hex,), seen=(unit,) if unit else ())
            return
        window.removed[g.unit_id] = (self.label, g.step)
        if g.unit_id in f.eliminate or g.unit_id in f.smaller or g.unit_id in f.larger:
            return
        self.add(Severity.ERROR, f"{f.name(g.unit_id)} was removed, but the result {f.result} does not remove it "
                 f"({f.said}, step {f.step}{self._of(f)})", f.rule, g.step, (g.unit_id,), f)

    def _of(self, f: Fight) -> str:
        return "" if f.log == self.label else f" of {f.log}"

    def _moved(self, window: Window, leg: Leg) -> None:
        f = window.fight
        unit = self.views.at(leg.step).unit(leg.unit_id)
        name = unit.name if unit else leg.unit_id
        if unit is None or unit.side != f.side:
            self.add(Severity.ERROR, f"{name} moved from {self.hexids.format(leg.a)} to {self.hexids.format(leg.b)} "
                     f"after {f.said}: the defender's units stay in place", f.rule, leg.step, hexes=(leg.a, leg.b),
                     seen=(unit,) if unit else ())
            return
        if leg.unit_id not in f.attackers:
            self.add(Severity.ERROR, f"{name} moved from {self.hexids.format(leg.a)} to {self.hexids.format(leg.b)} "
                     f"in the combat stage, but did not attack in the combat before it ({f.said}): only an "
                     "attacking unit may advance after combat", f.rule, leg.step, hexes=(leg.a, leg.b), seen=(unit,))
            return
        vacated = {f.where(d) for d in f.defenders
                   if d in window.removed and (d in f.eliminate or d in f.smaller or d in f.larger)}
        there = window.advanced.setdefault(leg.b, [])
        held = [u for u in self.views.at(leg.step - 1).at(leg.b) if u.unit_id not in there]
        if f.advance <= 0 or leg.b not in vacated or held:
            why = (f"the result {f.result} allows no advance" if f.advance <= 0 else
                   f"{self.hexids.format(leg.b)} is not a hex vacated by an eliminated defender of this combat"
                   if leg.b not in vacated else f"{self.hexids.format(leg.b)} is held by {held[0].name}")
            self.add(Severity.ERROR, f"{name} advanced from {self.hexids.format(leg.a)} to {self.hexids.format(leg.b)}: "
                     f"{why} ({f.said})", f.rule, leg.step, (leg.unit_id,), f, (leg.b,))
            return
        if len(there) >= f.advance:
            first = f.name(there[0])
            self.add(Severity.ERROR, f"{name} advanced into {self.hexids.format(leg.b)} after {first} did: at most "
                     f"{f.advance} attacking unit(s) may advance into each hex vacated by an eliminated defender "
                     f"({f.said})", f.rule, leg.step, (leg.unit_id, there[0]), f, (leg.b,))
        there.append(leg.unit_id)
        move = self.rules.move_class(unit.unit)
        if move is not None and self.effects.step_cost(move, self.terrain)(leg.a, leg.b) is None:
            self.add(Severity.ERROR, f"{name} advanced from {self.hexids.format(leg.a)} to {self.hexids.format(leg.b)}, "
                     f"where {move} may not go (effects.xlsx Costs)", f.rule, leg.step, (leg.unit_id,), f, (leg.b,))

    def _close(self, window: Window, step: int | None, recorder: str | None = None) -> None:
        """The window ends at ``step`` (the step that moves on), or the log ends (``step`` None):
        then only what the log's own player (``recorder``'s side) owes is due — the other side
        applies its part in its own log, to which the window is carried."""
        f = window.fight
        at = step if step is not None else len(self.ctx.log.replay.steps)
        when = "" if step is not None else f" at the end of the log, which the {recorder} player recorded"
        side = dict(f.sides)
        due = (lambda units: [u for u in units if u not in window.reported]) if step is not None else \
            (lambda units: [u for u in units if u not in window.reported and side.get(u) == recorder])
        left = due(sorted(u for u in f.eliminate | f.smaller if u not in window.removed))
        if left:
            window.reported.update(left)
            self.add(Severity.ERROR, f"{', '.join(f.name(u) for u in left)} still on the map{when}: the result "
                     f"{f.result} removes {'it' if len(left) == 1 else 'them'} ({f.said}, step {f.step}{self._of(f)})",
                     f.rule, at, left, f)
        if f.larger and f.larger - f.smaller and "paid" not in window.reported and due(sorted(f.larger)):
            paid = sum(dict(f.face)[u] for u in f.larger if u in window.removed)
            if paid < f.owed:
                window.reported.add("paid")
                here = [s for u in f.larger if u in window.removed and (s := window.removed[u])[0] == self.label]
                by = "; ".join(f"{f.name(u)} {_n(dict(f.face)[u])} at {'' if log == self.label else log + ' '}step {s}"
                               for u in sorted(f.larger) if u in window.removed for log, s in [window.removed[u]])
                self.add(Severity.ERROR, f"the exchange's larger force removed {_n(paid)} strength point(s){when}"
                         f"{f' ({by})' if by else ''}, less than the {_n(f.owed)} of the smaller force ({f.said}, step "
                         f"{f.step}{self._of(f)})", f.rule, max(s for _, s in here) if here else at, sorted(f.larger), f)

    def _mandatory(self, portion: Portion, engaged: list[tuple[Any, Any]], fought_a: set[str], fought_d: set[str],
                   closes: int) -> None:
        rule = self.rules.mandatory.rule
        for uid, unit in {a.unit_id: a for a, _ in engaged}.items():
            if uid not in fought_a:
                enemy = next(d for a, d in engaged if a.unit_id == uid)
                self.add(Severity.ERROR, f"{unit.name} ({self.hexids.format(unit.hex)}) began the combat stage next to "
                         f"{enemy.name} ({self.hexids.format(enemy.hex)}) and did not attack", rule, closes,
                         hexes=(unit.hex, enemy.hex), seen=(unit, enemy))
        for uid, unit in {d.unit_id: d for _, d in engaged}.items():
            if uid not in fought_d:
                self.add(Severity.ERROR, f"{unit.name} ({self.hexids.format(unit.hex)}) was next to a {portion.side} "
                         "unit at the start of the combat stage and was not attacked", rule, closes, hexes=(unit.hex,),
                         seen=(unit,))


def _names(text: str, unit: Any) -> bool:
    """Whether a chat line names a unit: its order-of-battle name or its id, as whole words."""
    for name in (unit.name, unit.unit_id):
        if name and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE):
            return True
    return False


def _n(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


_last: list[tuple[Any, Analysis]] = []


def analyse(ctx: Any, rules: Classic) -> Analysis:
    """The combat check of one log, computed once for the check and its carry."""
    for seen, analysis in _last:
        if seen is ctx:
            return analysis
    analysis = Judge(ctx, rules).run()
    _last[:] = [(ctx, analysis)]
    return analysis
