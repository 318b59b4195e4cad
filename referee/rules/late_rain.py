"""Hood Strikes North: Late Rain, read from the Initiative dice, and the entrenching it forbids.

Scenario 2, Special Rule 12 (L343): "Starting on Turn 3, if both players roll a 1 during the
Initiative Segment, 'Late Rain' rules are in effect for the current turn only. (Exception: Late
Rain only takes effect if both players have gained initiative at least once earlier in the turn;
otherwise, double-1's are ignored.) ... As soon as Late Rain takes place, Entrenchment actions may
no longer be undertaken for the rest of the Action Cycle." The Advanced Game's Random Event of
that name (2.2, L1212) works the same way in the turn it is rolled: "Rain begins immediately when
both players roll 1 for initiative ... entrenchment during the Action Cycle is not permitted once
rain begins."

The initiative check hands the pairs of dice and who won each; this module says where Late Rain
begins, and a unit that gains an entrenchment marker after it in the same turn's Action Cycle is
an error at its step. The numbers and names are data (rules.xlsx Parameters ``late-rain.*``,
``entrench.statuses``). The Rain rules' other effects are in the Standard Rules (12.0), not in this
rulebook: not checked.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from gamedata.model import Game
from gamedata.ruledata import parameter, parameter_cite, parameter_list

from ..findings import Finding, Severity
from ..timeline import StepView
from ..view import YES, GameView
from ..view.names import loose
from .board import unit_place

CHECK_ID = "initiative"
#: a result a roll may read that no row gives (its total is not known)
UNSURE = "?"


@dataclass(frozen=True)
class Rain:
    """Late Rain began at ``step`` (of log ``log``) in turn ``turn``; ``rule`` cites the rule that
    bars entrenching after it (the scenario's special rule, or the Random Event's)."""

    turn: object
    step: int
    rule: str
    log: str = ""


@dataclass(frozen=True)
class Events:
    """The turns (ids) whose Random Events roll reads Late Rain, and those where it may (the
    reading not determined: the weather not known, say)."""

    rain: frozenset[object] = frozenset()
    maybe: frozenset[object] = frozenset()


@dataclass(frozen=True)
class Rolled:
    """A table roll of the log that stands: its step, turn (id) and the results it may read (one
    when its reading is determined), in the loose form of ``names.loose``."""

    step: int
    turn: object
    results: frozenset[str]


def table_results(game: Game, steps: Sequence[StepView], views: object) -> list[Rolled]:
    """Each standing table roll of the log with the results it may read (none without views;
    ``UNSURE`` among them when a modifier's size, hence the total, is not known)."""
    if views is None:
        return []
    from .tables import readings
    return [Rolled(roll.step, getattr(views.at(roll.step).turn, "id", None),     # type: ignore[attr-defined]
                   frozenset(loose(str(b.result)) for b in reading.branches)
                   | (frozenset({UNSURE}) if reading.unknown_amounts else frozenset()))
            for roll, reading in readings(steps, game, views)]


def event_turns(game: Game, rolled: Sequence[Rolled]) -> Events:
    """The turns in which a roll reads, or may read, Late Rain (``late-rain.event``)."""
    event = loose(str(parameter(game, "late-rain.event") or ""))
    rain = {r.turn for r in rolled if event and r.results == {event}}
    maybe = {r.turn for r in rolled if event and event in r.results and r.results != {event}}
    return Events(frozenset(rain), frozenset(maybe))


def begins(game: Game, scenario: str | None, pairs: Iterable[tuple[Any, Any]], won: dict[int, Any],
           earlier: dict[object, frozenset[str]], events: Events
           ) -> tuple[list[Rain], dict[object, frozenset[str]], list[int]]:
    """Where Late Rain begins: a pair of dice both ``late-rain.die``, in a scenario whose special
    rule has it from ``late-rain.from-turn`` or in a turn whose Random Event is Late Rain, once both
    sides have won an initiative earlier in the turn (``earlier``: the sides that had, by turn, as
    the previous logs left them). Returns the rains, the sides that won by turn, updated, and the
    steps of double dice whose Random Event may or may not have been Late Rain."""
    value = parameter(game, "late-rain.die")
    start = parameter(game, "late-rain.from-turn")
    by_rule = scenario in parameter_list(game, "late-rain.scenarios")
    sides = dict(earlier)
    rains: list[Rain] = []
    unsure: list[int] = []
    for first, second in pairs:
        turn = second.turn
        had = sides.get(turn, frozenset())
        at_turn = second.scenario_turn
        ruled = by_rule and isinstance(start, (int, float)) and at_turn is not None and at_turn >= start
        double = (value is not None and first.value == second.value == value
                  and len(had) >= len(game.sides))
        if double and not ruled and turn in events.maybe:
            unsure.append(second.step)
        elif double and (ruled or turn in events.rain):
            key = "late-rain.no-entrenching" if ruled else "late-rain.event"
            rains.append(Rain(turn, second.step, parameter_cite(game, key, "Late Rain"), second.log))
        if (w := won.get(second.step)) is not None:
            sides[turn] = had | {w.side}
    return rains, sides, unsure


def no_entrenching(game: Game, views: Sequence[GameView], rains: Sequence[Rain], label: str,
                   players: dict[int, str | None]) -> Iterator[Finding]:
    """A unit that gains an entrenchment marker after Late Rain began, in that turn's Action Cycle."""
    statuses = parameter_list(game, "entrench.statuses")
    phase = loose(str(parameter(game, "late-rain.no-entrenching") or ""))
    if not statuses or not rains:
        return
    before: GameView | None = None
    for view in views:
        rain = next((r for r in rains if r.turn == getattr(view.turn, "id", None)
                     and (r.log != label or r.step < view.step)), None)
        if before is not None and rain is not None and (not phase or loose(view.phase or "") == phase):
            for uid, now in view.units.items():
                was = before.unit(uid)
                gained = [s for s in statuses if now.status.get(s) == YES and (was is None or was.status.get(s) != YES)]
                if gained and now.hex is not None:
                    at = f"step {rain.step}" + (f" of {rain.log}" if rain.log and rain.log != label else "")
                    yield Finding(CHECK_ID, Severity.ERROR,
                                  f"{now.name} entrenches ({gained[0]}) at step {view.step}: Late Rain began at {at} "
                                  f"(both Initiative dice {parameter(game, 'late-rain.die')}), and no Entrenchment "
                                  f"action may be undertaken for the rest of the {view.phase}",
                                  rain.rule, label, view.step,
                                  players.get(view.step), (now.name,), unit_place(now))
        before = view
