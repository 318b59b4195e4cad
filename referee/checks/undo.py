"""Undo: every undo, who did it, what it took back, and re-rolls.

VASSAL's undo takes back the last logged step, then the one before it, and so
on; a new action moves the undo pointer to itself (``BasicLogger``: the undo
pointer walks back through the logged commands and skips its own undo
commands). The undone step stays in the log, so the referee can tell what was
taken back. Undoing an undo re-does the step.

Re-roll: an undo that takes back a die roll, or a step made after a die roll,
followed by the same player's next roll for the same purpose, means the first
result was seen and replaced.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..context import CheckContext
from ..dice import Roll
from ..findings import Finding, Severity
from ..timeline import StepView

CHECK_ID = "undo"
RULE_UNDO = "VASSAL undo: every undo is reported so both players can agree to it"
RULE_REROLL = "a die roll stands once its result is seen: undoing it and rolling again is a re-roll"
RULE_OPPONENT = "a player may only take back his own actions"


@dataclass(frozen=True)
class UndoRecord:
    """An undo step and the step it took back (``None`` if it reached before the log began)."""

    undo: StepView
    target: StepView | None


def match_undos(steps: Sequence[StepView]) -> list[UndoRecord]:
    """Pair each undo step with the step it took back, the way VASSAL's logger does.

    When the replay matched the undo's inverse commands to a step (``undoes``),
    that evidence wins and the pointer continues from there.
    """
    logged: list[StepView] = []
    pointer = -1
    records = []
    for step in steps:
        if step.is_undo:
            if step.undoes is not None:
                pointer = next((n for n, s in enumerate(logged) if s.index == step.undoes), pointer)
            target = logged[pointer] if pointer >= 0 else None
            pointer -= 1
            logged.append(step)
            records.append(UndoRecord(step, target))
        else:
            logged.append(step)
            pointer = len(logged) - 1
    return records


def _last_roll_before(steps: Sequence[StepView], index: int) -> StepView | None:
    for step in reversed(steps[: index - 1]):
        if step.rolls and not step.is_undo:
            return step
    return None


def _next_roll(steps: Sequence[StepView], after: int, player: str | None, purpose: str) -> Roll | None:
    """The player's first roll after the ``after``-th step, if it is for ``purpose``."""
    for step in steps[after:]:
        if step.is_undo:
            continue
        for roll in step.rolls:
            if player is None or roll.player == player:
                return roll if roll.purpose == purpose else None
    return None


def _dice(roll: Roll) -> str:
    return ",".join(str(d) for d in roll.dice)


def check_undo(ctx: CheckContext) -> Iterator[Finding]:
    yield from undo_findings(ctx.log.label, ctx.log.steps)


def undo_findings(log: str, ordered: Sequence[StepView]) -> Iterator[Finding]:
    """Findings for the undos among ``ordered`` (the log's steps, in order)."""
    position = {s.index: n for n, s in enumerate(ordered, start=1)}
    rerolls: set[int] = set()  # two undos can take back the same roll; report its re-roll once
    for rec in match_undos(ordered):
        undo, target = rec.undo, rec.target
        who = undo.player or "a player"
        if target is None:
            yield Finding(CHECK_ID, Severity.INFO,
                          f"{who} undid an action from before this log began", RULE_UNDO, log, undo.index, undo.player)
            continue
        what = "re-did" if target.is_undo else "took back"
        yield Finding(CHECK_ID, Severity.INFO,
                      f"{who} {what} step {target.index}: {target.describe()}",
                      RULE_UNDO, log, undo.index, undo.player, target.pieces, target.places)
        if target.player and undo.player and target.player != undo.player:
            yield Finding(CHECK_ID, Severity.WARNING,
                          f"{undo.player} undid step {target.index}, an action by {target.player}",
                          RULE_OPPONENT, log, undo.index, undo.player, target.pieces, target.places)
        if target.is_undo:
            continue
        roller = undo.player or target.player
        if target.rolls:
            source, taken = target, "the roll"
        else:
            source = _last_roll_before(ordered, position[target.index])
            taken = "a step after the roll"
            if source is None or (roller and source.player not in (None, roller)):
                continue
        for first in source.rolls:
            again = _next_roll(ordered, position[undo.index], roller, first.purpose)
            if again is None:
                continue
            if again.step in rerolls:
                break
            rerolls.add(again.step)
            yield Finding(CHECK_ID, Severity.ERROR,
                          f"re-roll: {roller or 'a player'} rolled {first.purpose} {_dice(first)} at step {first.step}, "
                          f"took back {taken} at step {undo.index}, and rolled {first.purpose} again "
                          f"({_dice(again)}) at step {again.step}",
                          RULE_REROLL, log, again.step, roller, target.pieces, target.places)
            break
        else:
            if target.rolls:
                yield Finding(CHECK_ID, Severity.WARNING,
                              f"{who} took back the {target.rolls[0].purpose} roll of step {target.index} "
                              f"({_dice(target.rolls[0])})",
                              RULE_REROLL, log, undo.index, undo.player)
