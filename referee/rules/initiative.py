"""Hood Strikes North: who has the initiative, from the Initiative rolls the log shows.

1.0 A (L1132): "Both players roll a die. The player with the higher roll wins. If both players
roll the same number, the winner of the roll depends on which side, if any, holds 'Army
Initiative'" — each scenario says who wins ties (the Confederates in S1-S5; in S6-S8 the Union
wins 1-1, 2-2 and 3-3 and the Confederates 4-4 to 6-6, as under a Neutral Army Initiative; S9's
Army Initiative starts at Confederate Advantage, 3.0 L1277-1287). "The player with initiative
must perform a single action" (L1134): after a pair of rolls, a unit of the loser's side that
moves before the next roll is an error — unless a Combat roll came first (its retreat) or it is
cavalry (a cavalry retreat moves when the enemy comes next to it). Each scenario's "Turn 1
Start" gives the first initiatives of Turn 1 to a side without a roll (S4: the Union's first
three; S6: the Union's, then the Confederates'): the sides that move in the Action Cycle of
Turn 1 before its first roll must follow that order.

Whose die is whose is the side of the player who rolled it (the view's ``active`` side at the
roll). S9's Army Initiative starts at Confederate Advantage and moves only by the Random Events
Army Initiative Change-A (to Neutral, L1236) and -B (one step, L1242-1244), read from the chain's
Random Events rolls and handed over the chain (``initiative.army-event.*``,
``initiative.army-change.*``). A pair rolled by one side, a tie when the Army Initiative is not
known (a chain starting after Turn 10, a Random Event whose reading is not determined): not
checked, said once per log. The numbers are data: rules.xlsx Parameters ``initiative.*``.
Late Rain (late_rain) is read from the same dice.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from gamedata.model import Game
from gamedata.ruledata import parameter, parameter_cite, parameter_list, parameter_text

from ..findings import Finding, Place, Severity
from ..timeline import StepView
from ..view import GameView, UnitView
from ..view.names import loose
from .board import moved
from .late_rain import Rolled, begins, event_turns, no_entrenching
from .wagons import voluntary

CHECK_ID = "initiative"
CAVALRY = "Cav"


@dataclass(frozen=True)
class Die:
    """One side's initiative die: its step, the side that rolled it, its value, the turn (and
    the scenario's turn number), the log it is in."""

    step: int
    side: str | None
    value: int
    turn: object
    scenario_turn: int | None = None
    log: str = ""


def _rule(game: Game, key: str, fallback: str = "1.0 A Initiative Segment") -> str:
    return parameter_cite(game, key, fallback)


def tie_winner(game: Game, scenario: str | None, value: int, turn: int | None, army: str | None = None) -> str | None:
    """Who wins a tie of ``value`` in the scenario on scenario turn ``turn`` (None: not known);
    ``army``: the Army Initiative (a side's Advantage, or Neutral) when the chain's Random Events
    tell it (3.0, L1279-1285)."""
    rule = parameter_text(game, f"initiative.ties.{scenario}")
    if rule.lower() == "army":        # its start, until a Random Event may change it (Turn 11 on, L1234)
        until = parameter(game, "initiative.army-fixed-until")
        if turn is not None and isinstance(until, (int, float)) and turn <= until:
            army = parameter_text(game, "initiative.army-start") or None
        rule = army or ""
    if rule in game.sides:
        return rule
    if rule.lower() == "neutral":
        low = {int(v) for v in parameter_text(game, "initiative.neutral-low-values").split(";") if v.strip()}
        side = parameter_text(game, "initiative.neutral-low-side")
        return side if value in low else next((s for s in game.sides if s != side), None)
    return None


def army_changes(game: Game) -> dict[str, dict[str, str]]:
    """The Random Events results that move the Army Initiative (loose name -> from -> to; ``*``:
    from any), from rules.xlsx ``initiative.army-event.X`` and ``initiative.army-change.X``."""
    prefix = "initiative.army-event."
    found: dict[str, dict[str, str]] = {}
    for row in game.rule_parameters:
        if row.key.startswith(prefix) and row.value:
            moves = (m.split(">", 1) for m in parameter_list(game, "initiative.army-change." + row.key[len(prefix):]))
            found[loose(str(row.value))] = {a.strip(): b.strip() for a, b in moves}
    return found


def _army(game: Game, army: str | None, rolled: Sequence[Rolled]) -> list[tuple[int, str | None]]:
    """The Army Initiative after each roll of the log that may move it: (step, status or None when
    not known), starting from ``army`` (the chain's, None: not known)."""
    changes = army_changes(game)
    out = []
    for r in rolled:
        hits = [changes[n] for n in r.results if n in changes]
        if not hits:
            continue
        if len(r.results) == 1:
            moves = hits[0]
            army = moves.get("*") or (moves.get(army) if army is not None else None) or army
        else:
            army = None                          # the roll may or may not have moved it
        out.append((r.step, army))
    return out


def _dice(game: Game, steps: Sequence[StepView], views: Sequence[GameView], label: str) \
        -> tuple[list[Die], set[int]]:
    """The log's standing Initiative dice, and the steps of its combat rolls."""
    button, combat = loose(parameter_text(game, "initiative.button")), loose(parameter_text(game, "initiative.combat-button"))
    undone = {s.undoes for s in steps if s.is_undo and s.undoes is not None}
    by_step = {v.step: v for v in views}
    dice, fights = [], set()
    for s in steps:
        if s.is_undo or s.index in undone or s.index not in by_step:
            continue
        view = by_step[s.index]
        for roll in s.rolls:
            if button and loose(roll.purpose).startswith(button) and roll.dice:
                dice.append(Die(s.index, view.active, sum(roll.dice), getattr(view.turn, "id", None),
                                view.scenario_turn, label))
            elif combat and combat in loose(roll.purpose):
                fights.add(s.index)
    return dice, fights


def _pairs(dice: Iterable[Die], carried: Die | None) -> tuple[list[tuple[Die, Die]], Die | None]:
    """Consecutive dice of one turn paired (a carried die first); the last one left unpaired."""
    pairs, pending = [], carried
    for die in dice:
        if pending is None or pending.turn != die.turn:
            pending = die
        else:
            pairs.append((pending, die))
            pending = None
    return pairs, pending


@dataclass(frozen=True)
class Won:
    """The side that won an initiative, at which die (its log and step)."""

    side: str
    step: int
    log: str = ""


@dataclass(frozen=True)
class Carried:
    """What a log hands the next one: a die still waiting for its partner, or the initiative
    whose action is still going on when the log ends."""

    pending: Die | None = None
    winner: Won | None = None
    rolled: object = None          # the turn of the chain's last Initiative roll (Turn 1's forced ones are over)
    had: tuple[tuple[object, frozenset[str]], ...] = ()   # by turn, the sides that won an initiative in it
    rains: tuple = ()              # the Late Rains of the chain (late_rain.Rain)
    army: str | None = None        # the Army Initiative at the log's end (None: not known)


@dataclass
class _Walk:
    """One log's initiatives: its findings and what it leaves for the next log."""

    findings: list[Finding]
    left: Carried


def _walk(game: Game, views: Sequence[GameView], steps: Sequence[StepView], label: str,
          carried: Carried | None, rolled: Sequence[Rolled] = ()) -> _Walk:
    carried = carried or Carried()
    dice, fights = _dice(game, steps, views, label)
    pairs, pending = _pairs(dice, carried.pending)
    players = {s.index: s.player for s in steps}
    scenario = getattr(views[0].scenario, "scenario_id", None) if views else None
    first_turn = getattr(views[0].turn, "id", None) if views else None
    findings = [] if carried.rolled is not None and carried.rolled == first_turn else list(
        _forced(game, views, {d.step for d in dice}, scenario, label, players))
    unsure: list[str] = []
    until = parameter(game, "initiative.army-fixed-until")
    opening = views[0].scenario_turn if views else None
    start = carried.army if carried.army is not None else parameter_text(game, "initiative.army-start") or None \
        if opening is not None and isinstance(until, (int, float)) and opening <= until else None
    moved_to = _army(game, start, rolled)

    def army_at(step: int) -> str | None:
        return next((a for s, a in reversed(moved_to) if s < step), start)

    won = {second.step: w for first, second in pairs
           if (w := _winner(game, scenario, first, second, unsure, army_at(second.step)))}
    rains, had, maybe = begins(game, scenario, pairs, won, dict(carried.had), event_turns(game, rolled))
    unsure.extend(f"Late Rain at the double dice of step {s} (the turn's Random Event may or may not read Late "
                  "Rain)" for s in maybe)
    rains = [*carried.rains, *rains]
    findings.extend(no_entrenching(game, views, rains, label, players))
    starts = {d.step for d in dice}
    winner = carried.winner
    before: GameView | None = None
    for view in views:
        if view.step in starts:
            winner = won.get(view.step)
        if view.step in fights:
            winner = None                       # combat: its retreats move both sides
        if before is not None and winner is not None:
            late = [(w, n) for w, n in moved(before, view) if n.side != winner.side and n.unit.type != CAVALRY]
            if late:
                findings.append(_out_of_turn(game, late, winner, view.step, label, players.get(view.step)))
                winner = None                   # said once per initiative
        before = view
    findings.extend(voluntary(game, views, scenario, won, starts, fights, carried.winner, label, players))
    if unsure:
        findings.append(Finding(CHECK_ID, Severity.NOT_CHECKED, "initiative not checked for " + "; ".join(unsure[:3])
                                + (f" and {len(unsure) - 3} more" if len(unsure) > 3 else ""),
                                _rule(game, "initiative.button"), label))
    last = dice[-1].turn if dice else carried.rolled
    return _Walk(findings, Carried(pending, winner, last, tuple((t, s) for t, s in had.items() if t == last),
                                   tuple(r for r in rains if r.turn == last), moved_to[-1][1] if moved_to else start))


def carry(game: Game, steps: Sequence[StepView], views: Sequence[GameView], label: str,
          carried: Carried | None = None, rolled: Sequence[Rolled] = ()) -> Carried:
    """What the log leaves to the next one: a die waiting for its partner, an initiative under way,
    who won an initiative in the turn, whether Late Rain began in it, and the Army Initiative."""
    return _walk(game, views, steps, label, carried, rolled).left


def check_initiative(game: Game, views: Sequence[GameView], steps: Sequence[StepView], label: str,
                     carried: Carried | None = None, rolled: Sequence[Rolled] = ()) -> Iterator[Finding]:
    """``rolled``: the log's table rolls with their results (``late_rain.table_results``): the
    Random Events that bring Late Rain or move the Army Initiative."""
    if parameter_text(game, "initiative.button"):
        yield from _walk(game, views, steps, label, carried, rolled).findings


def _winner(game: Game, scenario: str | None, first: Die, second: Die, unsure: list[str],
            army: str | None = None) -> Won | None:
    if first.side is None or second.side is None or first.side == second.side:
        where = f" (the first in {first.log})" if first.log and first.log != second.log else ""
        unsure.append(f"the dice of steps {first.step} and {second.step}{where} (one side rolled both: whose die is "
                      "whose is not in the log)")
        return None
    if first.value != second.value:
        high = first if first.value > second.value else second
        return Won(str(high.side), second.step, second.log)
    side = tie_winner(game, scenario, first.value, second.scenario_turn, army)
    if side is None:
        unsure.append(f"the tie of step {second.step} (who holds the Army Initiative, or {scenario}'s tie rule, "
                      "is not known)")
        return None
    return Won(side, second.step, second.log)


def _out_of_turn(game: Game, late: list[tuple[UnitView, UnitView]], won: Won, step: int, label: str,
                 player: str | None) -> Finding:
    units = [n for _, n in late]
    moves = ", ".join(f"{n.name} {w.location}-{n.location}" for w, n in late)
    at = f"step {won.step}" + (f" of {won.log}" if won.log and won.log != label else "")
    return Finding(CHECK_ID, Severity.ERROR, f"{moves}: the {won.side} side won the initiative at {at}, and only "
                   "the player with the initiative performs the action (before any combat, the other side's "
                   "non-cavalry units do not move)", _rule(game, "initiative.button"), label, step, player,
                   tuple(n.name for n in units), tuple(Place(n.map or "", n.location) for n in units if n.hex))


def _forced(game: Game, views: Iterable[GameView], rolled: set[int], scenario: str | None, label: str,
            players: dict[int, str | None]) -> Iterator[Finding]:
    """Turn 1's first initiatives, won without a roll: the sides moving before Turn 1's first
    Initiative roll, in the Action Cycle, follow the scenario's order."""
    order = [s.strip() for s in parameter_text(game, f"initiative.forced.{scenario}").split(";") if s.strip()]
    if not order:
        return
    phase = loose(parameter_text(game, "initiative.phase"))
    runs: list[str] = []
    for s in order:
        if not runs or runs[-1] != s:
            runs.append(s)
    seen: list[str] = []
    before: GameView | None = None
    for view in views:
        if view.scenario_turn not in (None, 1):
            return
        if view.step in rolled:
            return
        if before is not None and (not phase or loose(view.phase or "") == phase):
            for was, now in moved(before, view):
                if now.unit.type == CAVALRY and seen and now.side != seen[-1]:
                    continue              # a cavalry retreat before the enemy's move
                if seen and seen[-1] == now.side:
                    continue
                seen.append(now.side)
                if len(seen) > len(runs) or runs[len(seen) - 1] != now.side:
                    yield Finding(CHECK_ID, Severity.ERROR, f"{now.name} ({now.side}) moved {was.location}-"
                                  f"{now.location} in Turn 1 before any initiative roll: {scenario}'s first "
                                  f"initiatives go to {', then '.join(order)} without a roll, then the dice decide",
                                  _rule(game, f"initiative.forced.{scenario}", "Turn 1 Start"), label, view.step,
                                  players.get(view.step), (now.name,), (Place(now.map or "", now.location),))
                    return
        before = view
