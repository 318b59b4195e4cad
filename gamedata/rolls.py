"""Die-roll tables as the referee reads them: dice, result rows, modifiers, and one roll's reading.

`tables.xlsx` keeps each table as printed (`DieRollTable`: rows, then modifiers
as rows with `modifier` set) with its structured cells: a row's `when` (the case
it applies to, `gamedata.conditions`) and `effect` (what must follow, checked in
the log), a modifier's `when` and `amount`, the table's `faces` (dice read 0-9)
and `when` (when the table may be rolled at all). `RollTable.of(table)` parses
all of it once; `evaluate(table, dice, facts)` is the pure reading of one roll:
natural total, modifiers applied, modified total, result row.

Facts the source cannot tell do not stop the reading: every way they could turn
out is tried (`Branch`), and the reading is `determined` only when all ways give
the same result. A total no printed row covers is "not printed", never a guess.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from gamedata.conditions import (
    ALWAYS, UNKNOWN, Amount, Condition, ConditionError, Fact, Facts, Overlay, assignments, parse_amount,
    parse_condition,
)
from gamedata.model import DieRollTable, TableRow

#: Most assignments of unknown facts a reading tries before it gives up and says so.
MAX_BRANCHES = 4096
NOT_PRINTED = "not printed"


class TableError(ValueError):
    """A cell of a die-roll table that cannot be read; `column` names the cell, `row` the table row (or None)."""

    def __init__(self, table_id: str, column: str, message: str, row: TableRow | None = None) -> None:
        super().__init__(f"{table_id}: {column}: {message}")
        self.table_id = table_id
        self.column = column
        self.message = message
        self.row = row


@dataclass(frozen=True)
class Dice:
    """``count`` dice of ``sides`` faces numbered from ``low`` (1, or 0 for d10 read 0-9)."""

    count: int
    sides: int
    low: int = 1

    @property
    def high(self) -> int:
        return self.low + self.sides - 1

    def totals(self) -> range:
        return range(self.count * self.low, self.count * self.high + 1)

    def distribution(self) -> dict[int, float]:
        """Probability of each total with fair dice."""
        counts = {0: 1}
        for _ in range(self.count):
            nxt: dict[int, int] = {}
            for total, n in counts.items():
                for face in range(self.low, self.high + 1):
                    nxt[total + face] = nxt.get(total + face, 0) + n
            counts = nxt
        all_ = self.sides ** self.count
        return {t: n / all_ for t, n in sorted(counts.items())}

    def __str__(self) -> str:
        text = f"{self.count}d{self.sides}"
        return text if self.low == 1 else f"{text} ({self.low}-{self.high})"


def parse_dice(die: str, faces: str = "") -> Dice:
    m = re.fullmatch(r"(\d+)d(\d+)", die.strip())
    if m is None:
        raise ValueError(f"die '{die}' is not NdS (2d6)")
    count, sides = int(m[1]), int(m[2])
    low = 1
    if faces.strip():
        f = re.fullmatch(r"(-?\d+)-(-?\d+)", faces.strip())
        if f is None:
            raise ValueError(f"faces '{faces}' are not low-high (0-9)")
        low, high = int(f[1]), int(f[2])
        if high - low + 1 != sides:
            raise ValueError(f"faces {faces} are {high - low + 1} values for a {sides}-sided die")
    return Dice(count, sides, low)


class Kind(Enum):
    VALUES = "values"          # numbers: one, a list, a range, N or less, N or more
    EVEN = "even"
    ODD = "odd"
    AUTOMATIC = "automatic"    # no roll needed: the result holds whatever the dice say
    NO_ROLL = "no roll"        # no roll allowed: the result holds whatever the dice say
    NEVER = "never"            # printed "-": the case does not arise
    UNPRINTED = "unprinted"    # a result whose rolls the rulebook does not give ("roll low or high")
    OTHERWISE = "otherwise"    # every total no other applicable row covers


@dataclass(frozen=True)
class RollSpec:
    """Which totals a row covers, read from its `roll` cell."""

    kind: Kind
    low: int | None = None     # VALUES: inclusive bounds (None = open) or the listed values
    high: int | None = None
    values: tuple[int, ...] = ()
    text: str = ""

    def matches(self, total: int) -> bool:
        if self.kind is Kind.VALUES:
            if self.values:
                return total in self.values
            return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)
        if self.kind is Kind.EVEN:
            return total % 2 == 0
        if self.kind is Kind.ODD:
            return total % 2 == 1
        return self.kind in (Kind.AUTOMATIC, Kind.NO_ROLL)

    def __str__(self) -> str:
        return self.text


_WORDS = {"even": Kind.EVEN, "odd": Kind.ODD, "automatic": Kind.AUTOMATIC, "auto": Kind.AUTOMATIC,
          "no roll": Kind.NO_ROLL, "-": Kind.NEVER, "—": Kind.NEVER, "low": Kind.UNPRINTED,
          "high": Kind.UNPRINTED, "otherwise": Kind.OTHERWISE}


def parse_roll(text: str) -> RollSpec:
    """``4``, ``-3``, ``2-4``, ``3 or less``, ``8 or higher``, ``8+``, ``2,4``, ``even``, ``Auto``, ``No roll``..."""
    body = " ".join(str(text).split())
    word = _WORDS.get(body.casefold())
    if word is not None:
        return RollSpec(word, text=body)
    if re.fullmatch(r"[+-]?\d+", body):
        return RollSpec(Kind.VALUES, int(body), int(body), text=body)
    if m := re.fullmatch(r"([+-]?\d+) or (?:less|lower|fewer)", body):
        return RollSpec(Kind.VALUES, None, int(m[1]), text=body)
    if m := re.fullmatch(r"([+-]?\d+)(?: or (?:more|higher|greater)|\+)", body):
        return RollSpec(Kind.VALUES, int(m[1]), None, text=body)
    if m := re.fullmatch(r"(-?\d+)\s*(?:-|–|to)\s*(-?\d+)", body):
        low, high = int(m[1]), int(m[2])
        if low > high:
            raise ValueError(f"roll range '{body}' runs backwards")
        return RollSpec(Kind.VALUES, low, high, text=body)
    if re.fullmatch(r"-?\d+(?:\s*(?:,|or)\s*-?\d+)+", body):
        values = tuple(int(v) for v in re.findall(r"-?\d+", body))
        return RollSpec(Kind.VALUES, min(values), max(values), values, text=body)
    raise ValueError(f"roll '{body}' is not a number, a range (2-4, 3 or less, 8+), a list (2,4), "
                     f"even/odd, Auto, No roll, -, low/high or otherwise")


@dataclass(frozen=True)
class Effect:
    """What a result requires in the game, as `key=value` items (``sets=2``, ``weather=winter``,
    ``fatigue=+2``, ``remove=blockhouse``); checked against the log where it can show them."""

    items: tuple[tuple[str, str], ...] = ()

    def get(self, key: str) -> str | None:
        return next((v for k, v in self.items if k == key), None)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __str__(self) -> str:
        return "; ".join(f"{k}={v}" if v else k for k, v in self.items)


def parse_effect(text: str | None) -> Effect:
    items = []
    for part in (text or "").split(";"):
        part = part.strip()
        if not part:
            continue
        key, _, value = part.partition("=")
        if not re.fullmatch(r"[a-z][a-z0-9_.-]*", key.strip()):
            raise ValueError(f"effect '{part}' is not key=value with a lower-case key")
        items.append((key.strip(), value.strip()))
    return Effect(tuple(items))


@dataclass(frozen=True)
class ResultRow:
    roll: RollSpec
    result: str
    when: Condition = ALWAYS
    effect: Effect = Effect()
    line: int | None = None


@dataclass(frozen=True)
class Modifier:
    printed: str               # as the rulebook prints it ("-2", "+rating", "only 1")
    condition: str             # the printed condition ("On Turn 14 (December 6)")
    when: Condition
    amount: Amount
    line: int | None = None


@dataclass(frozen=True)
class RollTable:
    """A die-roll table ready to read rolls with. Reference tables (die ``0dN``) have none."""

    table_id: str
    name: str
    section: str
    dice: Dice
    when: Condition
    rows: tuple[ResultRow, ...]
    modifiers: tuple[Modifier, ...]
    scenario_id: str = ""
    line: int | None = None

    @classmethod
    def of(cls, table: DieRollTable) -> RollTable | None:
        """The parsed table, None for a reference table; raises `TableError` naming the bad cell."""
        try:
            dice = parse_dice(table.die, table.faces)
        except ValueError as exc:
            raise TableError(table.table_id, "faces" if table.faces else "die", str(exc)) from None
        if dice.count == 0:
            return None
        rows, modifiers = [], []
        for row in table.rows:
            if row.modifier:
                modifiers.append(Modifier(row.modifier, row.result, _when(table, row), _amount(table, row),
                                          row.rulebook_line))
                continue
            try:
                spec = parse_roll(row.roll)
                effect = parse_effect(row.effect)
            except ValueError as exc:
                raise TableError(table.table_id, "effect" if "effect" in str(exc) else "roll", str(exc), row) from None
            rows.append(ResultRow(spec, row.result, _when(table, row), effect, row.rulebook_line))
        try:
            when = parse_condition(table.when)
        except ConditionError as exc:
            raise TableError(table.table_id, "when", str(exc)) from None
        return cls(table.table_id, table.name, table.section, dice, when, tuple(rows), tuple(modifiers),
                   table.scenario_id, table.rulebook_line)

    def cite(self) -> str:
        """How findings name the table: its name and rule section."""
        return f"{self.name} ({self.section})" if self.section else self.name

    def facts(self) -> tuple[Fact, ...]:
        """Every fact reading a roll may need (the table's own `when` aside)."""
        found: list[Fact] = []
        for m in self.modifiers:
            found += m.when.facts()
            if m.amount.fact is not None:
                found.append(m.amount.fact)
        for r in self.rows:
            found += r.when.facts()
        return tuple(dict.fromkeys(found))


def _when(table: DieRollTable, row: TableRow) -> Condition:
    try:
        return parse_condition(row.when)
    except ConditionError as exc:
        raise TableError(table.table_id, "when", str(exc), row) from None


def _amount(table: DieRollTable, row: TableRow) -> Amount:
    try:
        return parse_amount(row.amount, row.modifier)
    except ConditionError as exc:
        raise TableError(table.table_id, "amount", str(exc), row) from None


def roll_tables(tables: Iterable[DieRollTable]) -> tuple[RollTable, ...]:
    """The die-roll tables among ``tables`` (reference tables left out). A game's tables (a
    tuple, ``Game.tables``) are read once: every log of a chain and every check asks for them."""
    if isinstance(tables, tuple):
        known = _READ.get(id(tables))
        if known is not None and known[0] is tables:
            return known[1]
    read = tuple(t for t in (RollTable.of(x) for x in tables) if t is not None)
    if isinstance(tables, tuple):
        if len(_READ) >= _KEEP:
            _READ.clear()
        _READ[id(tables)] = (tables, read)
    return read


#: the tables read lately, by the identity of the tuple they were read from (kept alive with it)
_READ: dict[int, tuple[tuple[DieRollTable, ...], tuple[RollTable, ...]]] = {}
_KEEP = 8


# ---------------------------------------------------------------- reading one roll


@dataclass(frozen=True)
class Applied:
    modifier: Modifier
    amount: int

    def __str__(self) -> str:
        return f"{self.amount:+d} {self.modifier.condition}"


@dataclass(frozen=True)
class Branch:
    """One way the unknown facts may be: what is assumed, what applies, and the row it reads."""

    assumed: tuple[tuple[Fact, object], ...]
    applied: tuple[Applied, ...]
    total: int
    row: ResultRow | None        # None: the rulebook prints no result for this total

    @property
    def result(self) -> str:
        return self.row.result if self.row is not None else NOT_PRINTED


@dataclass(frozen=True)
class Reading:
    """One roll read against its table."""

    table: RollTable
    dice: tuple[int, ...]
    natural: int
    branches: tuple[Branch, ...]
    unknown: tuple[Fact, ...]          # facts the reading needed and the source could not tell
    unknown_amounts: tuple[Fact, ...]  # facts a modifier's size depends on, not known: totals unknown
    allowed: bool | None = True        # the table's own `when` at this roll (None = unknown)

    @property
    def determined(self) -> bool:
        """The result is the same however the unknown facts turn out."""
        return not self.unknown_amounts and len({b.result for b in self.branches}) == 1

    @property
    def branch(self) -> Branch:
        """The reading when it is determined (the first branch otherwise)."""
        return self.branches[0]

    @property
    def results(self) -> tuple[str, ...]:
        """The possible results in the table's row order ("not printed" last)."""
        order = {id(r): i for i, r in enumerate(self.table.rows)}
        ranked = sorted(self.branches, key=lambda b: order.get(id(b.row), len(order)))
        return tuple(dict.fromkeys(b.result for b in ranked))

    @property
    def deciding(self) -> tuple[Fact, ...]:
        """The unknown facts whose value changes the result (those that do not are left out)."""
        found = []
        for fact in self.unknown:
            if fact in self.unknown_amounts:
                found.append(fact)
                continue
            seen: dict[tuple, set[str]] = {}
            for b in self.branches:
                others = tuple((f, v) for f, v in b.assumed if f != fact)
                seen.setdefault(others, set()).add(b.result)
            if any(len(results) > 1 for results in seen.values()):
                found.append(fact)
        return tuple(found)

    def describe(self) -> str:
        """``4 (-1 On Turn 15 (December 7)) = 3 -> No Effect``, or what the result depends on."""
        natural = "+".join(map(str, self.dice)) + (f" = {self.natural}" if len(self.dice) > 1 else "")
        if self.unknown_amounts:
            return (f"{natural}: modified by {', '.join(map(str, self.unknown_amounts))}, not known at this "
                    f"step -> {' or '.join(self.results)}")
        if len({(b.total, b.result) for b in self.branches}) == 1:
            b = self.branch
            mods = f" ({', '.join(map(str, b.applied))}) = {b.total}" if b.applied else ""
            return f"{natural}{mods} -> {b.result}"
        common = [a for a in self.branch.applied if all(a in b.applied for b in self.branches)]
        mods = f" ({', '.join(map(str, common))})" if common else ""
        if self.determined:
            return f"{natural}{mods} -> {self.branch.result}"
        return (f"{natural}{mods} -> {' or '.join(self.results)}, depending on "
                f"{', '.join(map(str, self.deciding))} (not known at this step)")


def row_for(table: RollTable, total: int, facts: Facts) -> ResultRow | None:
    """The row a (modified) total reads, given facts that decide every row's `when`."""
    return _row(table.rows, total, [r.when.evaluate(facts) is True for r in table.rows])


def _row(rows: Sequence[ResultRow], total: int, live: Sequence[bool]) -> ResultRow | None:
    for r, on in zip(rows, live):
        if on and r.roll.kind is not Kind.OTHERWISE and r.roll.matches(total):
            return r
    return next((r for r, on in zip(rows, live) if on and r.roll.kind is Kind.OTHERWISE), None)


def _branches(table: RollTable, naturals: Sequence[int], facts: Facts,
              assumed: tuple[tuple[Fact, object], ...]) -> list[Branch]:
    """One branch per natural total under one assumption: the modifiers and the rows' conditions
    do not depend on the dice, so they are decided once for all the totals read."""
    applied = []
    for m in table.modifiers:
        if m.when.evaluate(facts) is not True:
            continue
        amount = m.amount.value(facts)
        applied.append(Applied(m, 0 if amount is None or m.amount.selects_rows else amount))
    shift = sum(a.amount for a in applied)
    live = [r.when.evaluate(facts) is True for r in table.rows]
    return [Branch(assumed, tuple(applied), n + shift, _row(table.rows, n + shift, live)) for n in naturals]


def evaluate(table: RollTable, dice: Sequence[int], facts: Facts) -> Reading:
    """Read ``dice`` (faces as the table reads them) on ``table`` with the facts at the roll."""
    return evaluate_many(table, [dice], facts)[0]


def evaluate_many(table: RollTable, rolls: Sequence[Sequence[int]], facts: Facts) -> list[Reading]:
    """Read several rolls on ``table`` with the same facts (a button's report line for every
    total the dice can show): each way the unknown facts may be is worked out once."""
    naturals = [sum(dice) for dice in rolls]
    unknown = tuple(f for f in table.facts() if facts.value(f) is UNKNOWN)
    amount_facts = {m.amount.fact for m in table.modifiers if m.amount.fact is not None}
    unknown_amounts = tuple(f for f in unknown if f in amount_facts)
    conditions = [*(m.when for m in table.modifiers), *(r.when for r in table.rows)]
    tried = assignments(conditions, [f for f in unknown if f not in amount_facts], MAX_BRANCHES)
    applies = table.when.evaluate(facts)
    if tried is None:  # too many unknowns to try them all: read with none of them known
        alone = _branches(table, naturals, facts, ())
        return [Reading(table, tuple(dice), n, (b,), unknown, unknown_amounts or unknown, applies)
                for dice, n, b in zip(rolls, naturals, alone)]
    per_assumption = [_branches(table, naturals, Overlay(facts, dict(assumed)), assumed) for assumed in tried]
    return [Reading(table, tuple(dice), n, tuple(bs[i] for bs in per_assumption), unknown, unknown_amounts, applies)
            for i, (dice, n) in enumerate(zip(rolls, naturals))]
