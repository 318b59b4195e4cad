"""Every die roll read against its table: which table, when it may be rolled, what it reads.

Runs on one replayed log (`CheckContext`). Rolls are matched to tables by
`referee.table_rolls`; each is read (`gamedata.rolls.evaluate`) with the facts
at its step (`RollFacts`: the game view when there is one, earlier results).
Findings: a table rolled when its rule says it is not rolled (a Random Events
roll on Turn 2), what the result requires against what the steps after it show
(`referee.rules.consequences`), and rolls no table claims (listed once per
button). Without game data the check does not run (the runner says so once).
Rolls that were undone are not read: the undo check reports them.

Across the chain of logs the check hands on (`Carried`, design.md "What the tables check
carries") the readings so far (a table's conditions count earlier results), the
reinforcement sets withheld, and every roll whose window is still open when its log ends:
the next log's first steps are the rest of that window, judged there as in one log.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from gamedata.model import Game
from gamedata.rolls import Reading, evaluate

from ..context import CheckContext
from ..findings import Finding, Severity
from ..table_rolls import TableRoll, read_table_rolls, undone_steps
from ..timeline import StepView
from .combat import COMBAT_WORDS
from vassal.replay import Step

from .consequences import Context, SetLedger, Window, check_ammo, check_leaders, check_markers, unchecked, window
from .facts import RollFacts, view_turn
from .history import History

CHECK_ID = "tables"


def describe(roll: TableRoll, reading: Reading) -> str:
    """The inspect line of a table roll: ``rolled Winter Weather Table 1d6: 4 (-1 On Turn 15 ...) = 3 -> No Effect``."""
    return f"rolled {roll.table.name} {roll.table.dice}: {reading.describe()}"


def phase_at(views: object) -> Callable[[int], str | None]:
    """The turn tracker's phase at a step, from the game view (None without one)."""
    if views is None:
        return lambda step: None
    return lambda step: views.at(step).phase  # type: ignore[attr-defined]


def readings(steps: Sequence[StepView], game: Game, views: object = None, history: History | None = None
             ) -> Iterator[tuple[TableRoll, Reading]]:
    """Each table roll of a log that stands (not undone) with its reading, in log order.
    ``views`` gives the game view at a step (``views.at(step)``) when there is one; ``history``
    the readings of the earlier logs of the chain (added to as the log is read)."""
    undone = undone_steps(steps)
    history = history if history is not None else History()
    for roll in read_table_rolls(steps, game, phase_at(views)).rolls:
        if roll.step in undone:
            continue
        view = views.at(roll.step) if views is not None else None  # type: ignore[attr-defined]
        reading = evaluate(roll.table, roll.dice, RollFacts(history, view))
        history.add(reading, view_turn(view))
        yield roll, reading


def roll_lines(steps: Sequence[StepView], game: Game, views: object = None) -> dict[int, list[str]]:
    """The inspect lines of a log's table rolls, by step."""
    lines: dict[int, list[str]] = {}
    for roll, reading in readings(steps, game, views):
        lines.setdefault(roll.step, []).append(describe(roll, reading))
    return lines


@dataclass(frozen=True)
class OpenWindow:
    """A roll whose consequences may still fall in the next log: its window reached the end of
    its log. ``steps``: the window's steps so far, (log label, step), earlier logs first;
    ``before``: the game view just before the window (None without the game view)."""

    log: str
    roll: TableRoll
    reading: Reading
    before: Any
    steps: tuple[tuple[str, Step], ...]


@dataclass(frozen=True)
class Carried:
    """What the tables check hands to the next log of the chain: the readings so far with the
    turn of each, the reinforcement sets withheld per kind (None: not known), the open windows."""

    history: tuple[tuple[Reading, int | None], ...] = ()
    withheld: tuple[tuple[str, int | None], ...] = ()
    open: tuple[OpenWindow, ...] = ()


def _unread(ctx: CheckContext) -> Iterator[Finding]:
    undone = undone_steps(ctx.log.steps)
    for unread in read_table_rolls(ctx.log.steps, ctx.game, phase_at(ctx.views)).unread:
        if COMBAT_WORDS.search(unread.button):
            continue  # the combat check reports combat rolls
        standing = tuple(s for s in unread.steps if s not in undone)   # an undone roll is the undo check's
        if not standing:
            continue
        steps = ", ".join(map(str, standing[:12])) + (", …" if len(standing) > 12 else "")
        yield Finding(CHECK_ID, Severity.NOT_CHECKED,
                      f"{len(standing)} roll(s) of '{unread.button}' (steps {steps}) not read against a "
                      f"die-roll table: {unread.why}", "[referee.dice] in game.toml maps buttons to tables",
                      ctx.log.label, standing[0])


def judge_tables(ctx: CheckContext) -> tuple[list[Finding], Carried]:
    """The findings of one log, and what it hands to the next log of the chain."""
    carried = ctx.carried.get(CHECK_ID)
    if ctx.game is None:  # the runner says once that the rules need --game
        return [], Carried()
    if not isinstance(carried, Carried):
        carried = Carried()
    found = list(_unread(ctx))
    views = ctx.views
    steps = ctx.log.replay.steps
    history = History(list(carried.history))
    read = list(readings(ctx.log.steps, ctx.game, views, history))
    cx = Context(steps, ctx.log.label, ctx.game, views)
    sets = SetLedger(carried.withheld)
    first_roll = read[0][0].step if read else None
    windows: list[tuple[str, TableRoll, Reading, Window]] = []
    for open_ in carried.open:                        # rolled in an earlier log: the rest of its window
        w = window(steps, 0, first_roll, _whole_turn(open_.reading))
        windows.append((open_.log, open_.roll, open_.reading,
                        Window(w.first, w.last, open_.steps, open_.before, f"{open_.log} step {open_.roll.step}",
                               w.open)))
    for index, (roll, reading) in enumerate(read):
        if reading.allowed is False:
            found.append(Finding(CHECK_ID, Severity.WARNING,
                                 f"{describe(roll, reading)}, but this table is rolled only when {roll.table.when}",
                                 roll.table.cite(), ctx.log.label, roll.step, roll.player))
        if not any(r.effect for r in roll.table.rows):
            continue
        if not reading.determined:
            found.append(Finding(CHECK_ID, Severity.NOT_CHECKED, f"{describe(roll, reading)}: what must follow is "
                                 "not checked", roll.table.cite(), ctx.log.label, roll.step, roll.player))
            continue
        found.extend(unchecked(cx, roll, reading))
        next_roll = read[index + 1][0].step if index + 1 < len(read) else None
        windows.append((ctx.log.label, roll, reading, window(steps, roll.step, next_roll, _whole_turn(reading))))
    still_open: list[OpenWindow] = []
    for log, roll, reading, w in windows:
        if w.open and not ctx.closing:                # the next log goes on with it: judged there
            before = w.view_before(views) if views is not None else None
            still_open.append(OpenWindow(log, roll, reading, before, w.carried_on(ctx.log.label, steps)))
            continue
        found.extend(check_markers(cx, roll, reading, w))
        found.extend(check_leaders(cx, roll, reading, w))
        found.extend(check_ammo(cx, roll, reading, w))
        found.extend(sets.check(cx, roll, reading, w))
    return found, Carried(tuple(history.readings), tuple(sets.withheld.items()), tuple(still_open))


def _whole_turn(reading: Reading) -> bool:
    """Reinforcement sets are placed during the turn: their window is the rest of the turn."""
    row = reading.branch.row
    return row is not None and "sets" in dict(row.effect.items)
