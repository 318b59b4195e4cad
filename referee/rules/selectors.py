"""Which units a table result is about: selectors in an effect's value, and the roll's own units.

A result names its units in data (``stay=unit:US:Grant``, ``units=formation:2/5/T``,
``enter=reinf:lew-wallace#1``, ``stay=noted:Hardee's_corps``: the units whose set-up row in the
scenario has a note saying so, ``_`` for a blank) or points at the case the roll was made for
(``stay=case:division``: the formation led by the leader the `division` fact names) or at
the unit the roll was made for (``rolled``: the units named in the chat at the roll, "unmounting
roll for Croxton"). Terms joined by blanks must all hold; ``-TERM`` excludes. A selector the
data cannot resolve (a case the chat did not name, a leader no formation has) resolves to None
with the reason, and the check says it could not tell.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from gamedata.model import Game, ReinforcementRow, Unit

from ..timeline import StepView
from .board import named


@dataclass(frozen=True)
class Selected:
    """The unit ids a selector picks, or None with why it cannot tell."""

    units: frozenset[str] | None
    why: str = ""
    text: str = ""
    name: str = ""          # how a message names them: the formations ("Prentiss's division (6/T)")


def reinforcement_rows(game: Game, scenario_id: str | None, kind: str) -> list[ReinforcementRow]:
    """The scenario's Reinf rows whose die-roll set is ``kind`` (``lew-wallace``), or ``kind N``."""
    rows: list[ReinforcementRow] = []
    for scenario in game.scenarios:
        if scenario_id is not None and scenario.scenario_id != scenario_id:
            continue
        rows += [r for r in scenario.reinforcements if r.dr_set == kind or r.dr_set.partition(" ")[0] == kind]
        if scenario_id is not None:
            break
    return rows


def _leaders_named(game: Game, name: str) -> list[Unit]:
    return [u for u in game.units if u.type == "Ldr" and u.name.casefold() == name.casefold()]


def _term(term: str, game: Game, cases: Mapping[str, str], subject: Sequence[str],
          scenario_id: str | None) -> Selected:
    head, _, arg = term.partition(":")
    units = game.units
    if head == "unit":
        return Selected(frozenset(u.unit_id for u in units if u.unit_id == arg or u.name == arg) or None,
                        f"no unit {arg} in the order of battle")
    if head == "type":
        return Selected(frozenset(u.unit_id for u in units if u.type == arg))
    if head == "side":
        return Selected(frozenset(u.unit_id for u in units if u.side == arg))
    if head == "leader" and not arg:
        return Selected(frozenset(u.unit_id for u in units if u.type == "Ldr"))
    if head == "formation":
        formation = game.formation(arg)
        return Selected(frozenset(u.unit_id for u in units if arg in {f.formation_id for f in
                                                                     game.command_chain(u.unit_id)}),
                        name=formation.name if formation else arg)
    if head == "case":
        value = cases.get(arg)
        if value is None:
            return Selected(None, f"the roll's {arg} is not known (name it in the chat at the roll)")
        led = [f.formation_id for leader in _leaders_named(game, value) for f in game.led_by(leader.unit_id)]
        if not led:
            return Selected(None, f"no formation of the order of battle is led by {value} ({arg})")
        return Selected(frozenset(u.unit_id for u in units if {f.formation_id for f in
                                                             game.command_chain(u.unit_id)} & set(led)),
                        name=" and ".join(f.name for f in map(game.formation, led) if f is not None))
    if head == "reinf":
        kind, _, order = arg.partition("#")
        rows = [r for r in reinforcement_rows(game, scenario_id, kind) if not order or r.order == order]
        return Selected(frozenset(r.unit_id for r in rows) or None,
                        f"the scenario has no reinforcement rows of die-roll set {arg}")
    if head == "noted":
        words = arg.replace("_", " ").casefold()
        rows = [r for sc in game.scenarios if scenario_id is None or sc.scenario_id == scenario_id for r in sc.setup]
        return Selected(frozenset(r.unit_id for r in rows if words in r.notes.casefold()) or None,
                        f"no set-up row of the scenario has a note '{arg.replace('_', ' ')}'")
    if head == "rolled" and not arg:
        return Selected(frozenset(subject) or None, "no unit is named in the chat at the roll")
    return Selected(None, f"selector term '{term}' is not understood")


def select(text: str, game: Game, cases: Mapping[str, str] = {}, subject: Sequence[str] = (),  # noqa: B006
           scenario_id: str | None = None) -> Selected:
    """The units a selector picks: every plain term holds, no ``-term`` does."""
    picked: frozenset[str] | None = None
    excluded: set[str] = set()
    names = []
    for term in text.split():
        negated = term.startswith("-")
        found = _term(term.lstrip("-"), game, cases, subject, scenario_id)
        if found.units is None:
            return Selected(None, found.why, text)
        if negated:
            excluded |= found.units
        else:
            picked = found.units if picked is None else picked & found.units
            names += [found.name] if found.name else []
    if picked is None:
        picked = frozenset(u.unit_id for u in game.units)
    return Selected(frozenset(picked - excluded), "", text, ", ".join(names))


# ---------------------------------------------------------------- what the chat says at a roll


def chat_near(steps: Sequence[StepView], index: int) -> list[str]:
    """The players' chat lines of the roll's step and of the steps just before and after it that
    roll nothing themselves (dice reports, which start with '*', are left out: a table's report
    lists every case, so it names every division)."""
    texts = list(steps[index].texts)
    for j in (index - 1, index + 1):
        if 0 <= j < len(steps) and not steps[j].is_undo and not steps[j].rolls:
            texts += steps[j].texts
    return [t for t in texts if t and not t.lstrip().startswith("*")]


def _said(text: str, value: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text, re.IGNORECASE) is not None


def named_cases(texts: Iterable[str], cases: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """Case facts the chat names: for each fact, the one value of its candidates that the lines
    name (a leader's or a division's name, or ``#N`` for the one numeric case); a fact named two
    ways is left unknown."""
    texts = list(texts)
    found: dict[str, str] = {}
    numeric = [f for f, values in cases.items() if values and all(re.fullmatch(r"\d+", v) for v in values)]
    for fact, values in cases.items():
        if fact in numeric:
            continue
        hits = {v for v in values if any(_said(t, v) for t in texts)}
        hits = {v for v in hits if not any(o != v and v in o for o in hits)}   # "Wallace" inside "L. Wallace"
        if len(hits) == 1:
            found[fact] = hits.pop()
    if len(numeric) == 1:
        numbers = {m for t in texts for m in re.findall(r"#\s*(\d+)", t)}
        if len(numbers) == 1:
            found[numeric[0]] = numbers.pop()
    return found


def named_units(texts: Iterable[str], view: object) -> tuple[str, ...]:
    """The units the chat lines name (unit ids), in unit-id order."""
    units = list(getattr(view, "units", {}).values()) if view is not None else []
    hits = {u.unit_id for t in texts for u in named(t, units)}
    return tuple(sorted(hits))
