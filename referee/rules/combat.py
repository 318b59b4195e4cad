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

from gamedata.combat import Combat, CombatReading, SideResult, resolve
from gamedata.conditions import UNKNOWN, MappingFacts
from gamedata.cellref import CellRef, unit_cell
from gamedata.hexids import Hex, HexIds
from vassal.replay import Moved

from ..context import CheckContext
from ..findings import Finding, Severity
from ..table_rolls import read_table_rolls, undone_steps
from .consequences import window

CHECK_ID = "combat"
#: How a button that rolls for combat is named when the game has no combat table to name it by.
COMBAT_WORDS = re.compile(r"\b(combat|fire|shock|assault|attack|melee|crt)\b", re.IGNORECASE)
ATTACKING, DEFENDING = "attacking", "defending"


@dataclass(frozen=True)
class Sides:
    attackers: tuple[Any, ...]     # UnitViews
    defenders: tuple[Any, ...]
    how: str                       # "marked" or the inference, in words


def _number(text: object) -> float | None:
    m = re.match(r"\s*(\d+(?:\.\d+)?)", str(text))
    return float(m[1]) if m and text is not UNKNOWN else None


def strength(unit: Any) -> float | None:
    """A unit's strength as its counter shows it, else as the order of battle prints it."""
    return _number(unit.strength) if _number(unit.strength) is not None else _number(unit.unit.strength)


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


def _facts(game: Any, s: Sides) -> MappingFacts:
    facts: dict[str, object] = {}
    terrain = {(t.map, t.hex): t.terrain.casefold() for t in game.terrain_hexes}
    for who, units in (("attacker", s.attackers), ("defender", s.defenders)):
        for u in units:
            for code, value in u.status.items():
                if value in ("yes", "no"):
                    key = f"{who}.status({code})"
                    facts[key] = bool(facts.get(key)) or value == "yes"
    hexids = HexIds(game.maps)
    if s.defenders and s.defenders[0].hex is not None:
        h = s.defenders[0].hex
        here = terrain.get((h.map, hexids.format(h)))
        if here is not None:
            for t in {t.terrain.casefold() for t in game.terrain_hexes}:
                facts[f"defender.terrain({t})"] = here == t
    return MappingFacts(facts)


def _outcome(units: Sequence[Any], after: Any, hexids: HexIds) -> tuple[float | None, int | None, bool | None]:
    """Strength lost (eliminated = all of it), farthest hexes moved, any unit disordered, from the view after."""
    lost, moved, disordered = 0.0, 0, False
    for u in units:
        now = after.unit(u.unit_id)
        before = strength(u)
        if now is None or now.hex is None:
            if before is None:
                return None, None, None
            lost += before
            continue
        now_strength = strength(now)
        if before is None or now_strength is None:
            return None, None, None
        lost += max(0.0, before - now_strength)
        moved = max(moved, _distance(hexids, u.hex, now.hex))
        disordered = disordered or any(now.status.get(c) == "yes" and u.status.get(c) != "yes"
                                       for c in ("disordered", "disorganized"))
    return lost, moved, disordered


def _distance(hexids: HexIds, a: Hex, b: Hex, limit: int = 12) -> int:
    """Hexes between two hexes (a retreat is short: searched out to ``limit``, farther = limit)."""
    seen, ring, steps = {a}, [a], 0
    while ring and b not in seen and steps < limit:
        steps += 1
        ring = [n for h in ring for n in hexids.neighbours(h) if n not in seen]
        seen.update(ring)
    return steps


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
    read = read_table_rolls(ctx.log.steps, ctx.game)
    if not ctx.game.combat:
        undone = undone_steps(ctx.log.steps)
        likely = [(u.button, [s for s in u.steps if s not in undone]) for u in read.unread
                  if COMBAT_WORDS.search(u.button)]
        likely = [(button, steps) for button, steps in likely if steps]
        if likely:
            rolls = sum(len(steps) for _, steps in likely)
            buttons = ", ".join(f"'{button}'" for button, _ in likely)
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{rolls} combat roll(s) ({buttons}) not checked: no combat "
                          f"table for {ctx.game.system} (enter the series' chart in combat.xlsx)",
                          "combat tables (combat.xlsx)", ctx.log.label, likely[0][1][0],
                          cells=(CellRef("combat.xlsx", "Combat Tables", (), "", "combat.xlsx",
                                         f"the {ctx.game.system} combat table"),))
        return
    yield from _check(ctx, read.combat)


def _check(ctx: CheckContext, rolls: Sequence[Any]) -> Iterator[Finding]:
    views = getattr(ctx, "views", None)
    steps = ctx.log.replay.steps
    hexids = HexIds(ctx.game.maps)  # type: ignore[union-attr]
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
        attack = [strength(u) for u in found.attackers]
        defend = [strength(u) for u in found.defenders]
        if None in attack or None in defend:
            unknown = [u for u, s_ in zip(found.attackers + found.defenders, attack + defend) if s_ is None]
            missing = [u.name for u in unknown]
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{said} ({found.how}): strength not known for "
                          f"{', '.join(missing)} (counter and order of battle)", cite, ctx.log.label, cr.step,
                          cr.player, tuple(missing),
                          cells=tuple(unit_cell(u.unit_id, "strength", u.name, f"oob.xlsx:Units: strength of {u.name}")
                                      for u in unknown))
            continue
        reading: CombatReading = resolve(combat, sum(attack), sum(defend), cr.dice, _facts(ctx.game, found))
        pieces = tuple(u.name for u in found.attackers + found.defenders)
        text = f"{said} ({found.how}): {reading.describe()}"
        if not reading.determined or reading.way.cell is None:
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{text}: losses not checked", cite, ctx.log.label,
                          cr.step, cr.player, pieces)
            continue
        next_roll = rolls[index + 1].step if index + 1 < len(rolls) else None
        w = window(steps, cr.step, next_roll, whole_turn=False)
        after = views.at(max(w.last, w.first - 1))
        cell = reading.way.cell
        wrong = (_compare("attacker", cell.attacker, _outcome(found.attackers, after, hexids))
                 + _compare("defender", cell.defender, _outcome(found.defenders, after, hexids)))
        if wrong:
            yield Finding(CHECK_ID, Severity.ERROR, f"{text}; in {w}: {'; '.join(wrong)}", cite, ctx.log.label,
                          cr.step, cr.player, pieces)
