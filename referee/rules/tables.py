"""Every die roll read against its table: which table, when it may be rolled, what it reads, what follows.

Runs on one replayed log (`CheckContext`) of a chain. Rolls are matched to tables by
`referee.table_rolls`; each is read (`gamedata.rolls.evaluate`) with the facts at its step
(`RollFacts`: the game view when there is one, earlier results of the whole chain, the case
and the units the chat names at the roll). Findings: a table rolled when its rule says it is
not rolled (a Random Events roll on Turn 2, the weather table of the wrong previous day), what
the result requires against what the steps after it show (`referee.rules.consequences`),
a table a weather result requires every turn left unrolled, and rolls no table claims (listed
once per button). What a log's end leaves open is handed to the next log (`carry`). Without
game data the check does not run (the runner says so once). Rolls that were undone are not
read: the undo check reports them.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from gamedata.conditions import UNKNOWN, parse_fact
from gamedata.los import LineOfSight
from gamedata.model import Game
from gamedata.rolls import Reading, RollTable, evaluate, roll_tables

from ..checks.undo import match_undos
from ..context import CheckContext
from ..findings import Finding, Severity
from ..table_rolls import TableRoll, read_table_rolls, undone_steps
from ..timeline import StepView
from .abilities import ability_used
from .combat import COMBAT_WORDS
from .consequences import (
    Context, Judge, Outcome, TablesCarried, Window, check_ammo, check_markers, check_removed_units, open_roll, unchecked,
    window,
)
from .unit_results import SetLedger, check_entered, check_fatigue, check_gains, check_movement, check_statuses
from .facts import RollFacts, view_day, view_turn
from .history import History
from .selectors import chat_near, named_cases, named_units, select

CHECK_ID = "tables"
#: What each result is compared with in its window (the sets keep a ledger across rolls: `SetLedger`).
CHECKS: tuple[Callable[[Judge], Iterator[Finding]], ...] = (
    check_markers, check_removed_units, check_ammo, check_statuses, check_fatigue, check_movement, check_entered,
    check_gains, unchecked,
)


def describe(roll: TableRoll, reading: Reading) -> str:
    """The inspect line of a table roll: ``rolled Winter Weather Table 1d6: 4 (-1 On Turn 15 ...) = 3 -> No Effect``."""
    return f"rolled {roll.table.name} {roll.table.dice}: {reading.describe()}"


def phase_at(views: object) -> Callable[[int], str | None]:
    """The turn tracker's phase at a step, from the game view (None without one)."""
    if views is None:
        return lambda step: None
    return lambda step: views.at(step).phase  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Read:
    """A standing table roll with its reading and the units it is about (named at the roll, or
    the table's own units)."""

    roll: TableRoll
    reading: Reading
    subject: tuple[str, ...]
    turn: int | None
    named: tuple[tuple[str, str], ...] = ()     # the case facts the chat named at the roll


def _table_units(table: RollTable) -> str | None:
    """The one ``units=`` selector every row of the table that names units shares, if any."""
    found = {r.effect.get("units") for r in table.rows if r.effect.get("units")}
    return found.pop() if len(found) == 1 else None


def _case_values(table: RollTable) -> dict[str, list[str]]:
    """For each plain fact of the table's rows and modifiers, the values its conditions name."""
    values: dict[str, list[str]] = {}
    conditions = [*(r.when for r in table.rows), *(m.when for m in table.modifiers)]
    for condition in conditions:
        for clause in condition.clauses:
            if clause.fact.args or clause.op not in ("=", "in"):
                continue
            if clause.op == "in" and clause.is_range:
                low, high = clause.values
                if low.isdigit() and high.isdigit():
                    values.setdefault(str(clause.fact), []).extend(str(v) for v in range(int(low), int(high) + 1))
                continue
            values.setdefault(str(clause.fact), []).extend(clause.values)
    return {f: list(dict.fromkeys(v)) for f, v in values.items()}


#: the fact of a loss roll's modifier: the leader used one of his abilities that turn
USED = "ability-used"


def _asks(table: RollTable, fact: str) -> bool:
    return any(c.fact.name == fact for when in [*(r.when for r in table.rows), *(m.when for m in table.modifiers)]
               for c in when.clauses)


def read_rolls(steps: Sequence[StepView], game: Game, views: object = None, history: History | None = None
               ) -> list[Read]:
    """Each table roll of a log that stands (not undone), read in log order; ``history`` (the
    chain's earlier readings) grows with each."""
    undone = {rec.target.index for rec in match_undos(steps) if rec.target is not None}
    history = history if history is not None else History()
    index_of = {s.index: i for i, s in enumerate(steps)}
    found: list[Read] = []
    graph = _Graph(game)
    for roll in read_table_rolls(steps, game, phase_at(views)).rolls:
        if roll.step in undone:
            continue
        view = views.at(roll.step) if views is not None else None  # type: ignore[attr-defined]
        texts = chat_near(steps, index_of[roll.step]) if roll.step in index_of else []
        selector = _table_units(roll.table)
        if selector is not None and selector != "rolled":
            picked = select(selector, game).units or frozenset()
            subject = tuple(sorted(u for u in picked if view is not None and view.unit(u) is not None))
        else:
            subject = named_units(texts, view)
        base = RollFacts(history, view, subject=subject, graph=graph)
        cases = {f: v for f, v in _case_values(roll.table).items()
                 if base.value(parse_fact(f)) is UNKNOWN}
        named = named_cases(texts, cases)
        said: dict[str, object] = dict(named)
        if views is not None and _asks(roll.table, USED):      # ITW 12.77: the chat's abilities (abilities.py)
            used = ability_used(game, steps, views, roll.step)
            said.update({} if used is None else {USED: used})
        reading = evaluate(roll.table, roll.dice, RollFacts(history, view, said, subject, graph))
        history.add(reading, view_turn(view), view_day(view))
        found.append(Read(roll, reading, subject, view_turn(view), tuple(named.items())))
    return found


class _Graph:
    """The map's hex graph, built only when a table asks a distance."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __contains__(self, h: object) -> bool:
        return h in self.game.terrain.graph

    def near(self, centres: Iterable[Any], n: int) -> frozenset[Any]:
        return self.game.terrain.graph.near(centres, n)

    def sees(self, a: Any, b: Any) -> bool | None:
        """Whether a unit in ``a`` sees ``b`` (`gamedata.los`), None while the terrain is not known."""
        if not hasattr(self, "_los"):
            self._los = LineOfSight.of(self.game)
        return self._los.sight(a, b).sees


def readings(steps: Sequence[StepView], game: Game, views: object = None) -> Iterator[tuple[TableRoll, Reading]]:
    """Each table roll of a log that stands (not undone) with its reading, in log order.
    ``views`` gives the game view at a step (``views.at(step)``) when there is one."""
    for r in read_rolls(steps, game, views):
        yield r.roll, r.reading


def roll_lines(steps: Sequence[StepView], game: Game, views: object = None) -> dict[int, list[str]]:
    """The inspect lines of a log's table rolls, by step."""
    lines: dict[int, list[str]] = {}
    for roll, reading in readings(steps, game, views):
        lines.setdefault(roll.step, []).append(describe(roll, reading))
    return lines


# ---------------------------------------------------------------- the check and what it carries


def check_tables(ctx: CheckContext) -> Iterable[Finding]:
    if ctx.game is None:  # the runner says once that the rules need --game
        return
    undone = undone_steps(ctx.log.steps)
    for unread in read_table_rolls(ctx.log.steps, ctx.game, phase_at(getattr(ctx, "views", None))).unread:
        standing = [s for s in unread.steps if s not in undone]   # an undone roll is the undo check's
        if COMBAT_WORDS.search(unread.button) or not standing:
            continue  # the combat check reports combat rolls
        steps = ", ".join(map(str, standing[:12])) + (", …" if len(standing) > 12 else "")
        yield Finding(CHECK_ID, Severity.NOT_CHECKED,
                      f"{len(standing)} roll(s) of '{unread.button}' (steps {steps}) not read against a "
                      f"die-roll table: {unread.why}", "[referee.dice] in game.toml maps buttons to tables",
                      ctx.log.label, standing[0])
    yield from judge(ctx)[0]


def carry_tables(ctx: CheckContext) -> TablesCarried | None:
    """What this log hands to the next: the chain's readings, the windows its end cut, the sets
    withheld (design.md "What the tables check carries")."""
    if ctx.game is None:
        return None
    carried = judge(ctx)[1]
    _memo.clear()                    # the runner asks for the findings first: the log may go
    return carried


_memo: dict[int, tuple[CheckContext, tuple[list[Finding], TablesCarried]]] = {}


def judge(ctx: CheckContext) -> tuple[list[Finding], TablesCarried]:
    """The findings of one log and what it carries (computed once per context: the runner asks
    for the findings, then for what the check hands on)."""
    key = id(ctx)
    if key in _memo and _memo[key][0] is ctx:
        return _memo[key][1]
    _memo.clear()
    result = _judge(ctx)
    _memo[key] = (ctx, result)
    return result


def _judge(ctx: CheckContext) -> tuple[list[Finding], TablesCarried]:
    game = ctx.game
    assert game is not None
    carried = ctx.carried.get(CHECK_ID)
    carried = carried if isinstance(carried, TablesCarried) else TablesCarried()
    views = getattr(ctx, "views", None)
    history = History(list(carried.history))
    read = read_rolls(ctx.log.steps, game, views, history)
    steps = ctx.log.replay.steps
    turn_at = (lambda s: view_turn(views.at(s))) if views is not None else None
    cx = Context(steps, ctx.log.label, game, views)
    ledger = SetLedger(dict(carried.withheld))
    tables = {t.table_id: t for t in roll_tables(game.tables)}
    findings: list[Finding] = []
    still_open = []

    def next_roll(table_id: str, after: int) -> int | None:
        return next((r.roll.step for r in read if r.roll.table.table_id == table_id and r.roll.step > after), None)

    def run(o: Outcome, w: Window, until: str) -> None:
        j = Judge(cx, o, w)
        found = [f for check in CHECKS for f in check(j)] + list(ledger.check(j))
        # what the log's end leaves open is judged on the next log when one follows (said once, there)
        findings.extend(f for f in found if ctx.closing or id(f) not in j.deferred)
        if w.cut:
            still_open.append(open_roll(o, until, j.done))

    for op in carried.open:            # windows the previous log's end cut
        o = op.outcome(tables)
        if o is None:
            continue
        whole = op.until == "turn"
        same_turn = turn_at is None or op.turn is None or turn_at(0) in (None, op.turn)
        w = window(steps, 0, next_roll(op.table_id, 0), whole, turn_at) if same_turn else Window(1, 0)
        run(o, w, op.until)
    for r in read:
        roll, reading = r.roll, r.reading
        if reading.allowed is False:
            findings.append(Finding(CHECK_ID, Severity.WARNING, f"{describe(roll, reading)}, but this table is rolled "
                                    f"only when {roll.table.when}", roll.table.cite(), ctx.log.label, roll.step,
                                    roll.player))
        if not any(row.effect for row in roll.table.rows):
            continue
        if not reading.determined:
            findings.append(Finding(CHECK_ID, Severity.NOT_CHECKED, f"{describe(roll, reading)}: what must follow is "
                                    "not checked", roll.table.cite(), ctx.log.label, roll.step, roll.player))
            continue
        o = Outcome.of(roll, reading, ctx.log.label, r.subject, r.turn, dict(r.named))
        whole = o.has("sets") or o.has("enter") or o.effect("until") == "turn"
        run(o, window(steps, roll.step, next_roll(roll.table.table_id, roll.step), whole, turn_at),
            "turn" if whole else "roll")
    findings.extend(each_turn(cx, history, turn_at))
    return findings, TablesCarried(tuple(history.readings), tuple(still_open), tuple(ledger.withheld.items()))


def _turn_ends(steps: Sequence[Any], turn_at: Callable[[int], int | None]) -> dict[int, tuple[int, int]]:
    """(first step, last step) of each turn the log shows from its start to its end (a turn the log
    ends in is left out: it goes on in the next log)."""
    spans: dict[int, tuple[int, int]] = {}
    current, first = turn_at(0), 1
    for step in steps:
        turn = turn_at(step.index)
        if turn != current:
            if current is not None:
                spans[current] = (first, step.index - 1)
            current, first = turn, step.index
    return spans


def each_turn(cx: Context, history: History, turn_at: Callable[[int], int | None] | None) -> Iterator[Finding]:
    """``each-turn=TABLE``: while the weather a result set holds, TABLE is rolled in every turn
    (Atlanta 5.2d.5: a day of storms gets a roll every turn) — judged for each turn the log ends."""
    if turn_at is None:
        return
    pasts = history.readings
    for turn, (first, last) in _turn_ends(cx.steps, turn_at).items():
        view = cx.views.at(last)
        day = view_day(view)
        upto = History([p for p in pasts if p.turn is not None and p.turn <= turn])
        weather = upto.weather(turn, day)
        cause = next((p for p in reversed(upto.readings) if dict(p.effect).get("weather") and p.result is not None),
                     None)
        if cause is None or weather != dict(cause.effect).get("weather"):
            continue
        table = dict(cause.effect).get("each-turn")
        if table is None or any(p.table_id == table and p.turn == turn for p in pasts):
            continue
        rolled = next((t for t in roll_tables(cx.game.tables) if t.table_id == table), None)
        name = rolled.name if rolled is not None else table
        yield Finding(CHECK_ID, Severity.WARNING, f"no roll on {name} in turn {turn}, but the weather is "
                      f"{weather} ({cause.result}, rolled on turn {cause.turn}): every such turn gets a roll",
                      rolled.cite() if rolled is not None else table, cx.label, last, cx.player(last))

