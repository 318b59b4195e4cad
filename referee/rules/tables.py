"""Every die roll read against its table: which table, when it may be rolled, what it reads.

Runs on one replayed log (`CheckContext`). Rolls are matched to tables by
`referee.table_rolls`; each is read (`gamedata.rolls.evaluate`) with the facts
at its step (`RollFacts`: the game view when there is one, earlier results).
Findings: a table rolled when its rule says it is not rolled (a Random Events
roll on Turn 2), what the result requires against what the steps after it show
(`referee.rules.consequences`), and rolls no table claims (listed once per
button). Without game data the check does not run (the runner says so once).
Rolls that were undone are not read: the undo check reports them.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from gamedata.model import Game
from gamedata.rolls import Reading, evaluate

from ..checks.undo import match_undos
from ..context import CheckContext
from ..findings import Finding, Severity
from ..table_rolls import TableRoll, read_table_rolls
from ..timeline import StepView
from .combat import COMBAT_WORDS
from .consequences import Context, SetLedger, check_ammo, check_leaders, check_markers, unchecked, window
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


def readings(steps: Sequence[StepView], game: Game, views: object = None) -> Iterator[tuple[TableRoll, Reading]]:
    """Each table roll of a log that stands (not undone) with its reading, in log order.
    ``views`` gives the game view at a step (``views.at(step)``) when there is one."""
    undone = {rec.target.index for rec in match_undos(steps) if rec.target is not None}
    history = History()
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


def check_tables(ctx: CheckContext) -> Iterable[Finding]:
    if ctx.game is None:  # the runner says once that the rules need --game
        return
    for unread in read_table_rolls(ctx.log.steps, ctx.game, phase_at(getattr(ctx, "views", None))).unread:
        if COMBAT_WORDS.search(unread.button):
            continue  # the combat check reports combat rolls
        steps = ", ".join(map(str, unread.steps[:12])) + (", …" if len(unread.steps) > 12 else "")
        yield Finding(CHECK_ID, Severity.NOT_CHECKED,
                      f"{len(unread.steps)} roll(s) of '{unread.button}' (steps {steps}) not read against a "
                      f"die-roll table: {unread.why}", "[referee.dice] in game.toml maps buttons to tables",
                      ctx.log.label, unread.steps[0])
    views = getattr(ctx, "views", None)
    read = list(readings(ctx.log.steps, ctx.game, views))
    cx = Context(ctx.log.replay.steps, ctx.log.label, ctx.game, views)
    sets = SetLedger()
    for index, (roll, reading) in enumerate(read):
        if reading.allowed is False:
            yield Finding(CHECK_ID, Severity.WARNING,
                          f"{describe(roll, reading)}, but this table is rolled only when {roll.table.when}",
                          roll.table.cite(), ctx.log.label, roll.step, roll.player)
        if not any(r.effect for r in roll.table.rows):
            continue
        if not reading.determined:
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{describe(roll, reading)}: what must follow is not "
                          "checked", roll.table.cite(), ctx.log.label, roll.step, roll.player)
            continue
        row = reading.branch.row
        next_roll = read[index + 1][0].step if index + 1 < len(read) else None
        w = window(ctx.log.replay.steps, roll.step, next_roll, whole_turn=row is not None and "sets" in dict(
            row.effect.items))
        yield from check_markers(cx, roll, reading, w)
        yield from check_leaders(cx, roll, reading, w)
        yield from check_ammo(cx, roll, reading, w)
        yield from sets.check(cx, roll, reading, w)
        yield from unchecked(cx, roll, reading)
