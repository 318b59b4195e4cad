"""A leader killed when his unit attacks and the two combat dice match (Hood Strikes North 6.0).

6.0 (L1396): "In any combat in which Cleburne's Confederate division is attacking (not defending),
and the Confederate and Union combat die rolls are identical before modification, Cleburne is
killed. If Cleburne is killed, his division is immediately removed from the map and replaced by
the Smith-A counter." An Advanced Game rule: Scenario 9, and Scenario 4, which calls for it (L573).

The data (rules.xlsx Parameters): ``death.unit`` (Cleburne), ``death.replacement`` (Smith-A),
``death.scenarios`` (S4;S9); the combat dice are the rolls of ``initiative.combat-button``, one die
each player (two consecutive rolls, or one roll of two dice), the attacker the unit marked
``attacking`` when the first die is rolled (the combat check reads combat the same way).

Judged at the next Combat or Initiative roll, at the end of the phase, or at the log's end
(whichever comes first): after matching dice with the unit attacking, the unit still on the map,
or its replacement not on it, is an error cited at the second die; the replacement put on the
map while the unit leaves it with no such combat before is an error at that step.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from gamedata.model import Game
from gamedata.ruledata import parameter, parameter_cite, parameter_list

from ..findings import Finding, Severity
from ..timeline import StepView
from ..view import YES, GameView
from ..view.names import loose
from .board import unit_place

CHECK_ID = "units"
RULE = "6.0 Death of Cleburne"


@dataclass(frozen=True)
class Fight:
    """A pair of combat dice: the steps of the first and second die, their values."""

    first: int
    second: int
    dice: tuple[int, int]


def _fights(steps: Sequence[StepView], button: str) -> list[Fight]:
    undone = {s.undoes for s in steps if s.is_undo and s.undoes is not None}
    fights: list[Fight] = []
    pending: tuple[int, int] | None = None
    for s in steps:
        if s.is_undo or s.index in undone:
            continue
        for roll in s.rolls:
            if button not in loose(roll.purpose) or not roll.dice:
                continue
            if len(roll.dice) == 2:
                fights.append(Fight(s.index, s.index, (roll.dice[0], roll.dice[1])))
                pending = None
            elif pending is None:
                pending = (s.index, roll.dice[0])
            else:
                fights.append(Fight(pending[0], s.index, (pending[1], roll.dice[0])))
                pending = None
    return fights


def _on_map(view: GameView, unit_id: str) -> bool:
    u = view.unit(unit_id)
    return u is not None and u.hex is not None


def check_leader_death(game: Game, views: Sequence[GameView], steps: Sequence[StepView], label: str,
                       players: dict[int, str | None]) -> Iterator[Finding]:
    unit_id, replacement = str(parameter(game, "death.unit") or ""), str(parameter(game, "death.replacement") or "")
    button = loose(str(parameter(game, "initiative.combat-button") or ""))
    scenario = getattr(views[0].scenario, "scenario_id", None) if views else None
    if not (unit_id and replacement and button) or scenario not in parameter_list(game, "death.scenarios"):
        return
    rule = parameter_cite(game, "death.unit", RULE)
    initiative = loose(str(parameter(game, "initiative.button") or "")) or None
    rolls_at = {s.index for s in steps for r in s.rolls
                if button in loose(r.purpose) or (initiative and loose(r.purpose).startswith(initiative))}
    order = [v.step for v in views]
    by_step = {v.step: v for v in views}
    killed: set[int] = set()
    for fight in _fights(steps, button):
        before = next((by_step[s] for s in reversed(order) if s < fight.first), None)
        attacker = before.unit(unit_id) if before is not None else None
        if attacker is None or attacker.hex is None or attacker.status.get("attacking") != YES:
            continue
        if fight.dice[0] != fight.dice[1]:
            continue
        killed.add(fight.second)
        end = _judged_at(views, fight.second, rolls_at)
        if end is None:
            continue
        if _on_map(end, unit_id) or not _on_map(end, replacement):
            where = unit_place(attacker)
            yield Finding(CHECK_ID, Severity.ERROR,
                          f"{attacker.name} attacking, both combat dice {fight.dice[0]} (steps {fight.first} and "
                          f"{fight.second}): {attacker.name} is killed, his division removed from the map and "
                          f"replaced by {replacement} — by step {end.step} "
                          + ("it is still on the map" if _on_map(end, unit_id) else f"{replacement} is not on it"),
                          rule, label, fight.second, players.get(fight.second), (attacker.name,), where)
    yield from _unexplained(views, unit_id, replacement, killed, rule, label, players)


def _judged_at(views: Sequence[GameView], second: int, rolls_at: set[int]) -> GameView | None:
    """The view at which the death must be done: the last before the next roll, the phase's or the
    turn's change, or the log's end."""
    after = [v for v in views if v.step >= second]
    if not after:
        return None
    last = after[0]
    key = (last.phase, getattr(last.turn, "id", None))
    for v in after[1:]:
        if v.step in rolls_at or (v.phase, getattr(v.turn, "id", None)) != key:
            break
        last = v
    return last


def _unexplained(views: Sequence[GameView], unit_id: str, replacement: str, killed: set[int], rule: str,
                 label: str, players: dict[int, str | None]) -> Iterator[Finding]:
    """The replacement entering the map as the unit leaves it, with no matching dice before."""
    before: GameView | None = None
    for view in views:
        if before is not None and not _on_map(before, replacement) and _on_map(view, replacement) \
                and _on_map(before, unit_id) and not _on_map(view, unit_id) \
                and not any(s <= view.step for s in killed):
            new = view.unit(replacement)
            yield Finding(CHECK_ID, Severity.ERROR,
                          f"{new.name} replaces {before.unit(unit_id).name} at step {view.step}, but no combat "
                          f"before it had {before.unit(unit_id).name} attacking with both combat dice identical",
                          rule, label, view.step, players.get(view.step), (new.name,), unit_place(new))
            return
        before = view
