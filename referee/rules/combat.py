"""Combat results checked against a combat table a user entered (combat.xlsx).

A combat roll is a roll on a combat table's own button (our modules), or one a
`[[referee.dice]]` entry maps to a combat table. For each:

1. Attacker and defender: the units marked with the `attacking` / `defending`
   statuses when the roll is made (our modules give every counter those marks), or
   else inferred: the units of the roller's side that moved since the previous roll
   and stand next to enemy units attack those enemy units; the inference is stated
   in every finding, and an inference that finds no single defending hex is not made.
2. Strengths from the game view (the counter's strength), else the order of battle.
3. The table's column, modifiers (facts `attacker.*` / `defender.*`: statuses and the
   terrain of the defender's hex) and result (`gamedata.combat.resolve`).
4. What follows in the steps after the roll until the next roll or turn change:
   strength lost (or units eliminated), hexes retreated, disorder, compared with the
   result for each side. A difference is an error at the roll's step.

Without a combat table for the system, combat rolls (buttons named for combat,
fire, shock or assault) are reported once as not checked.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from gamedata.combat import Combat, CombatReading, SideResult, filled, resolve
from gamedata.cellref import CellRef, unit_cell
from gamedata.hexids import Hex, HexIds
from vassal.replay import Moved

from ..context import CheckContext
from ..findings import Finding, Place, Severity
from ..table_rolls import read_table_rolls, undone_steps
from .classic import Classic, is_classic
from .classic_combat import analyse
from . import cwb_strength
from .combat_units import Sides, facts, hexes_apart, opposed, strength
from .consequences import window

CHECK_ID = "combat"
#: How a button that rolls for combat is named when the game has no combat table to name it by.
COMBAT_WORDS = re.compile(r"\b(combat|fire|shock|assault|attack|melee|crt)\b", re.IGNORECASE)
ATTACKING, DEFENDING = "attacking", "defending"


def _marked(view: Any, status: str) -> tuple[Any, ...]:
    return tuple(u for u in view.units.values() if u.hex is not None and u.status.get(status) == "yes")


def sides(before: Any, moved_since: Iterable[str], roller_side: str | None, hexids: HexIds) -> Sides | None:
    """Attacker and defender at the roll: marked, else inferred (None when neither works)."""
    attackers, defenders = _marked(before, ATTACKING), _marked(before, DEFENDING)
    if attackers and defenders:
        return Sides(attackers, defenders, "marked attacking/defending")
    if roller_side is None:
        return None
    movers = [before.unit(uid) for uid in moved_since]
    movers = [u for u in movers if u is not None and u.hex is not None and u.side == roller_side]
    targets: dict[Hex, list[Any]] = {}
    for u in movers:
        for h in hexids.neighbours(u.hex):
            enemies = [e for e in before.at(h) if e.side != roller_side]
            if enemies:
                targets[h] = enemies
    if len(targets) != 1:
        return None
    (hex_, enemies), = targets.items()
    attacking = tuple(u for u in movers if hex_ in hexids.neighbours(u.hex))
    return Sides(attacking, tuple(enemies), f"inferred: {roller_side} units that moved since the last roll next to "
                                            f"the enemy in {hexids.format(hex_)}")


@dataclass(frozen=True)
class Before:
    """A unit of a combat as it stood at the roll: what its result is measured from (carried to
    the next log when the log ends with the roll)."""

    unit_id: str
    name: str
    strength: float | None
    hex: Hex | None
    disordered: bool
    map: str = ""

    @classmethod
    def of(cls, u: Any) -> Before:
        return cls(u.unit_id, u.name, strength(u), u.hex, any(u.status.get(c) == "yes" for c in _DISORDER),
                   u.map or "")

    @property
    def stood(self) -> tuple[str, str, Hex | None]:
        return self.name, self.map, self.hex


_DISORDER = ("disordered", "disorganized")


def _outcome(units: Sequence[Before], after: Any, hexids: HexIds) -> tuple[float | None, int | None, bool | None]:
    """Strength lost (eliminated = all of it), farthest hexes moved, any unit disordered, from the view after."""
    lost, moved, disordered = 0.0, 0, False
    for u in units:
        now = after.unit(u.unit_id)
        if now is None or now.hex is None:
            if u.strength is None:
                return None, None, None
            lost += u.strength
            continue
        now_strength = strength(now)
        if u.strength is None or now_strength is None or u.hex is None:
            return None, None, None
        lost += max(0.0, u.strength - now_strength)
        moved = max(moved, hexes_apart(hexids, u.hex, now.hex))
        disordered = disordered or (not u.disordered and any(now.status.get(c) == "yes" for c in _DISORDER))
    return lost, moved, disordered


@dataclass(frozen=True)
class Pending:
    """A combat roll the log ended on, nothing applied yet: judged on the next log's first steps."""

    log: str
    step: int
    player: str | None
    text: str
    rule: str
    attackers: tuple[Before, ...]
    defenders: tuple[Before, ...]
    attacker: SideResult
    defender: SideResult


def _compare(who: str, want: SideResult, got: tuple[float | None, int | None, bool | None]) -> list[str]:
    lost, moved, disordered = got
    wrong = []
    if lost is not None and lost != want.loss:
        wrong.append(f"the {who} lost {lost:g}, the table says {want.loss}")
    if moved is not None and moved != want.retreat:
        wrong.append(f"the {who} moved {moved} hex(es), the table says a retreat of {want.retreat}")
    if disordered is not None and disordered != want.disorder:
        wrong.append(f"the {who} is {'' if disordered else 'not '}disordered, the table says "
                     f"{'disordered' if want.disorder else 'not'}")
    return wrong


def check_combat(ctx: CheckContext) -> Iterable[Finding]:
    if ctx.game is None:
        return
    charts = filled(ctx.game.combat)
    if is_classic(ctx.game) and charts:
        if ctx.views is None:
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, "combat not checked: the game view needs the pieces' units "
                          "(--module, and --units units.csv for a module whose pieces carry no unit ids)", "",
                          ctx.log.label)
            return
        yield from analyse(ctx, Classic(ctx.game)).findings
        return
    read = read_table_rolls(ctx.log.steps, ctx.game)
    if not charts:
        undone = undone_steps(ctx.log.steps)
        likely = [(u.button, [s for s in u.steps if s not in undone]) for u in read.unread
                  if COMBAT_WORDS.search(u.button)]
        likely = [(button, steps) for button, steps in likely if steps]
        if likely:
            rolls = sum(len(steps) for _, steps in likely)
            buttons = ", ".join(f"'{button}'" for button, _ in likely)
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{rolls} combat roll(s) ({buttons}) not checked: no combat "
                          f"table for {ctx.game.system} (enter the series' chart in combat.xlsx: adjutant "
                          "combat-template writes the system's template)",
                          "combat tables (combat.xlsx)", ctx.log.label, likely[0][1][0],
                          cells=(CellRef("combat.xlsx", "Combat Tables", (), "", "combat.xlsx",
                                         f"the {ctx.game.system} combat table"),))
        return
    yield from _check(ctx, read.combat, [])


def _check(ctx: CheckContext, rolls: Sequence[Any], carried: list[Pending]) -> Iterator[Finding]:
    views = getattr(ctx, "views", None)
    steps = ctx.log.replay.steps
    hexids = HexIds(ctx.game.maps)  # type: ignore[union-attr]
    pending = list(ctx.carried.get(CHECK_ID) or ()) if views is not None else []
    for _ in range(len(pending)):         # the rolls the previous log ended on, up to the first roll here
        yield from _judge(ctx, pending, window(steps, 0, rolls[0].step if rolls else None, whole_turn=False),
                          hexids, carried)
    previous_roll = 0
    for index, cr in enumerate(rolls):
        combat: Combat = cr.table
        cite = combat.cite()
        said = f"{combat.name} roll {'+'.join(map(str, cr.dice))}"
        if views is None:
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{said}: attacker, defender and losses are not checked "
                          "without the game view", cite, ctx.log.label, cr.step, cr.player)
            continue
        before = views.at(cr.step - 1)
        moved = {e.piece_id for s in steps[previous_roll:cr.step - 1] for e in s.events if isinstance(e, Moved)}
        by_piece = {u.piece_id: uid for uid, u in before.units.items()}
        found = sides(before, [by_piece[p] for p in moved if p in by_piece], getattr(before, "active", None), hexids)
        previous_roll = cr.step
        if found is None:
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{said}: attacker and defender not known (no units marked "
                          "attacking and defending, and no single enemy hex next to the units that moved)", cite,
                          ctx.log.label, cr.step, cr.player)
            continue
        attack, defend, counted = cwb_strength.adjusted(ctx.game, combat, found, hexids)
        if None in attack or None in defend:
            unknown = [u for u, s_ in zip(found.attackers + found.defenders, attack + defend) if s_ is None]
            missing = [u.name for u in unknown]
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{said} ({found.how}): strength not known for "
                          f"{', '.join(missing)} (counter and order of battle)", cite, ctx.log.label, cr.step,
                          cr.player, tuple(missing),
                          cells=tuple(unit_cell(u.unit_id, "strength", u.name, f"oob.xlsx:Units: strength of {u.name}")
                                      for u in unknown))
            continue
        reading: CombatReading = resolve(combat, sum(attack), sum(defend), cr.dice, facts(ctx.game, found))
        pieces = tuple(u.name for u in found.attackers + found.defenders)
        text = f"{said} ({found.how}{counted}): {reading.describe()}"
        if not reading.determined or reading.way.cell is None:
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{text}: losses not checked", cite, ctx.log.label,
                          cr.step, cr.player, pieces)
            continue
        next_roll = rolls[index + 1].step if index + 1 < len(rolls) else None
        cell = reading.way.cell
        pending.append(Pending(ctx.log.label, cr.step, cr.player, text, cite, tuple(map(Before.of, found.attackers)),
                               tuple(map(Before.of, found.defenders)), cell.attacker, cell.defender))
        yield from _judge(ctx, pending, window(steps, cr.step, next_roll, whole_turn=False), hexids, carried)


def _judge(ctx: CheckContext, pending: list[Pending], w: Any, hexids: HexIds,
           carried: list[Pending]) -> Iterator[Finding]:
    """What the steps of window ``w`` did to the units of the last pending roll, against its
    result: an error at the last step that changed one of them (the step that applies it), or at
    the step the window closes on when none did. A log that ends before anything was applied
    hands the roll to the next log (``carried``)."""
    p = pending.pop()
    views = ctx.views
    units = [u.unit_id for u in p.attackers + p.defenders]
    touched = [s for s in range(w.first, w.last + 1)
               if any(views.at(s).unit(u) is not views.at(s - 1).unit(u) for u in units)]
    if w.cut and not touched:
        carried.append(p)
        return
    after = views.at(max(w.last, w.first - 1))
    wrong = (_compare("attacker", p.attacker, _outcome(p.attackers, after, hexids))
             + _compare("defender", p.defender, _outcome(p.defenders, after, hexids)))
    if wrong:
        at = touched[-1] if touched else w.last + 1 if not w.cut else w.last
        where = "" if p.log == ctx.log.label else f" (rolled at {p.log} step {p.step})"
        fought = p.attackers + p.defenders
        yield Finding(CHECK_ID, Severity.ERROR, f"{p.text}{where}; in {w}: {'; '.join(wrong)}", p.rule, ctx.log.label,
                      at, ctx.log.steps[at - 1].player if 0 < at <= len(ctx.log.steps) else p.player,
                      tuple(u.name for u in fought),
                      tuple(dict.fromkeys(Place(u.map, hexids.format(u.hex)) for u in fought if u.hex is not None)),
                      measured=opposed((u.stood for u in p.attackers), (u.stood for u in p.defenders), hexids))


def carry_combat(ctx: CheckContext) -> object:
    """What the combat check hands to the next log: for the classic family, where the sequence of
    play stands and the fight whose result the log ended before applying; for the series' charts,
    the rolls the log ended on (`Pending`), nothing applied yet."""
    if ctx.game is None or ctx.views is None or not filled(ctx.game.combat):
        return None
    if is_classic(ctx.game):
        return analyse(ctx, Classic(ctx.game)).carried
    carried: list[Pending] = []
    for _ in _check(ctx, read_table_rolls(ctx.log.steps, ctx.game).combat, carried):
        pass
    return tuple(carried)
