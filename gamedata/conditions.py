"""When a table row or a die-roll modifier applies: a small condition language the referee evaluates.

A rulebook says "-2 On Turn 14", "+1 if the leader Forrest is stacked with the
active attacking unit", "Rain, converted to No Effect if winter weather is in
effect". The tables keep that printed text; beside it a `when` cell states the
same thing in a form a program can decide:

    turn = 14
    stacked(Forrest)
    weather = winter
    turn in 3..16 and not rolls(random-events, Lyon's Kentucky Raid)
    declared(attack) in column of route | hasty

Grammar: alternatives joined by ``or``, each of clauses joined by ``and`` (no
parentheses: ``and`` binds tighter); a clause is ``[not] FACT [OP VALUE]`` with
OP one of ``= != < <= > >= in``. A FACT is a name (``turn``, ``unit.terrain``)
with optional arguments in parentheses. A VALUE is a number, a time (``13:00``),
a range ``a..b`` (with ``in``), a list ``a | b`` (with ``in``) or plain words.
A bare FACT is true when the fact is true (a non-zero count, a set flag).

Facts come from a `Facts` source (the game view at the step of the roll, the
history of earlier rolls). A fact the source cannot tell is `UNKNOWN`, and so
is every clause that needs it: three-valued logic (True, False, None = unknown),
so that the referee says "depends on whether Forrest was stacked" instead of guessing.

A modifier's `amount` cell is ``+N``, ``-N``, ``N * FACT`` (per failed roll:
``-1 * rolls(grant-release, Grant may not move)``), ``FACT`` (a rating:
``+unit.value(rating)``) or ``rows`` (the modifier changes which result rows
apply, see their `when`; it adds nothing).
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol


class _Unknown:
    """What a fact is when nothing says (singleton)."""

    _instance: _Unknown | None = None

    def __new__(cls) -> _Unknown:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNKNOWN"

    def __bool__(self) -> bool:
        raise TypeError("UNKNOWN has no truth value: test `is UNKNOWN` first")


UNKNOWN = _Unknown()


class ConditionError(ValueError):
    """A `when` or `amount` cell that does not parse; the message says what is wrong."""


@dataclass(frozen=True)
class Fact:
    """A named fact with its arguments, e.g. ``stacked(Forrest)`` = Fact("stacked", ("Forrest",))."""

    name: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.name}({', '.join(self.args)})" if self.args else self.name


class Facts(Protocol):
    """Where a condition's facts come from. Return `UNKNOWN` for anything the source cannot tell."""

    def value(self, fact: Fact) -> object: ...


class MappingFacts:
    """Facts from a mapping keyed by the fact as written (``"turn"``, ``"stacked(Forrest)"``);
    anything not in it is `UNKNOWN`. Used where facts are given, not observed (tests, the
    builder's report line, a player's declaration)."""

    def __init__(self, values: Mapping[str, object] | None = None) -> None:
        self.values = {_canonical(k): v for k, v in (values or {}).items()}

    def value(self, fact: Fact) -> object:
        return self.values.get(str(fact), UNKNOWN)


class Overlay:
    """``base`` with some facts set: a branch in which unknown facts are assumed to have values."""

    def __init__(self, base: Facts, assumed: Mapping[Fact, object]) -> None:
        self.base = base
        self.assumed = dict(assumed)

    def value(self, fact: Fact) -> object:
        return self.assumed[fact] if fact in self.assumed else self.base.value(fact)


_NAME = re.compile(r"^(?P<name>[a-z][a-z0-9_.-]*)(?:\((?P<args>[^()]*)\))?$")
_OPS = ("!=", "<=", ">=", "=", "<", ">")


def parse_fact(text: str) -> Fact:
    m = _NAME.match(text.strip())
    if m is None:
        raise ConditionError(f"'{text.strip()}' is not a fact (a lower-case name, optionally with (arguments))")
    args = tuple(a.strip() for a in m["args"].split(",")) if m["args"] is not None else ()
    return Fact(m["name"], args)


def _canonical(text: str) -> str:
    return str(parse_fact(text))


@dataclass(frozen=True)
class Clause:
    """``[not] fact [op value]``; ``values`` holds one value, a list (``a | b``) or a range's two ends."""

    fact: Fact
    op: str = ""            # "" = the fact itself is the truth
    values: tuple[str, ...] = ()
    negated: bool = False
    is_range: bool = False

    def evaluate(self, facts: Facts) -> bool | None:
        truth = self._test(facts.value(self.fact))
        return truth if truth is None or not self.negated else not truth

    def _test(self, value: object) -> bool | None:
        if value is UNKNOWN:
            return None
        if not self.op:
            return bool(value)
        if self.op == "in":
            if self.is_range:
                low, high = (_number(v) for v in self.values)
                number = _number(value)
                if number is None or low is None or high is None:
                    return _text(value) in {_text(v) for v in self.values}
                return low <= number <= high
            return any(_equal(value, v) for v in self.values)
        (wanted,) = self.values
        if self.op == "=":
            return _equal(value, wanted)
        if self.op == "!=":
            return not _equal(value, wanted)
        a, b = _number(value), _number(wanted)
        if a is None and b is None:
            a, b = _text(value), _text(wanted)  # type: ignore[assignment]
        elif a is None or b is None:  # a word is neither more nor less than a number
            return False
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[self.op]  # type: ignore[operator]

    def __str__(self) -> str:
        head = ("not " if self.negated else "") + str(self.fact)
        if not self.op:
            return head
        if self.op == "in":
            return f"{head} in {'..'.join(self.values) if self.is_range else ' | '.join(self.values)}"
        return f"{head} {self.op} {self.values[0]}"


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    return _number_in(str(value))


_DECIMAL = re.compile(r"[+-]?\d+(?:\.\d+)?")
_CLOCK = re.compile(r"\d{1,2}:\d{2}")


@lru_cache(maxsize=4096)
def _number_in(text: str) -> float | None:
    """The number a cell's words give (cached: the same few hundred words are compared for every
    row of every table at every roll, and at build time for every button's report)."""
    text = text.strip()
    if _DECIMAL.fullmatch(text):
        return float(text)
    if _CLOCK.fullmatch(text):  # a time of day compares as minutes
        hours, minutes = text.split(":")
        return int(hours) * 60 + int(minutes)
    return None


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return _folded(str(value))


@lru_cache(maxsize=4096)
def _folded(text: str) -> str:
    return text.strip().casefold()


def _equal(value: object, wanted: str) -> bool:
    a, b = _number(value), _number(wanted)
    if a is not None and b is not None:
        return a == b
    return _text(value) == _text(wanted)


@dataclass(frozen=True)
class Condition:
    """Alternatives joined by ``or``, each a set of clauses joined by ``and`` (which binds
    tighter); no alternative = always."""

    alternatives: tuple[tuple[Clause, ...], ...] = ()
    text: str = ""

    def evaluate(self, facts: Facts) -> bool | None:
        """True, False, or None when a fact it needs is unknown and the rest does not decide."""
        if not self.alternatives:
            return True
        unknown = False
        for clauses in self.alternatives:
            truth = _all(clauses, facts)
            if truth is True:
                return True
            unknown = unknown or truth is None
        return None if unknown else False

    @property
    def clauses(self) -> tuple[Clause, ...]:
        return tuple(c for alternative in self.alternatives for c in alternative)

    def facts(self) -> tuple[Fact, ...]:
        return tuple(dict.fromkeys(c.fact for c in self.clauses))

    def __bool__(self) -> bool:
        return bool(self.alternatives)

    def __str__(self) -> str:
        return " or ".join(" and ".join(str(c) for c in alternative) for alternative in self.alternatives)


def _all(clauses: tuple[Clause, ...], facts: Facts) -> bool | None:
    unknown = False
    for clause in clauses:
        truth = clause.evaluate(facts)
        if truth is False:
            return False
        unknown = unknown or truth is None
    return None if unknown else True


ALWAYS = Condition()


def _split_top(text: str, separator: str) -> list[str]:
    """Split at ``separator`` outside parentheses."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0 and text.startswith(separator, i):
            parts.append(text[start:i])
            i += len(separator)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return parts


def _clause(text: str) -> Clause:
    body = text.strip()
    if not body:
        raise ConditionError("empty clause ('and'/'or' twice in a row, or at an end)")
    negated = body.startswith("not ")
    if negated:
        body = body[4:].strip()
    m = re.match(r"^(?P<fact>[a-z][a-z0-9_.-]*(?:\([^()]*\))?)\s*(?P<rest>.*)$", body)
    if m is None:
        raise ConditionError(f"'{body}' does not start with a fact")
    fact, rest = parse_fact(m["fact"]), m["rest"].strip()
    if not rest:
        return Clause(fact, negated=negated)
    if rest.startswith("in "):
        value = rest[3:].strip()
        if ".." in value:
            low, _, high = value.partition("..")
            if not low.strip() or not high.strip():
                raise ConditionError(f"range '{value}' needs two ends (a..b)")
            return Clause(fact, "in", (low.strip(), high.strip()), negated, is_range=True)
        items = tuple(v.strip() for v in value.split("|"))
        if not all(items):
            raise ConditionError(f"list '{value}' has an empty item")
        return Clause(fact, "in", items, negated)
    for op in _OPS:
        if rest.startswith(op):
            value = rest[len(op):].strip()
            if not value:
                raise ConditionError(f"nothing to compare {fact} with after '{op}'")
            return Clause(fact, op, (value,), negated)
    raise ConditionError(f"after {fact}: expected one of = != < <= > >= in, or 'and', found '{rest}'")


def parse_condition(text: str | None) -> Condition:
    """A `when` cell; empty = always. Raises `ConditionError`."""
    body = (text or "").strip()
    if not body:
        return ALWAYS
    return Condition(tuple(tuple(_clause(part) for part in _split_top(alternative, " and "))
                           for alternative in _split_top(body, " or ")), body)


@dataclass(frozen=True)
class Amount:
    """What a modifier adds: ``constant + factor * fact`` (``fact`` may be absent); ``rows`` adds
    nothing and selects result rows instead."""

    constant: int = 0
    factor: int = 0
    fact: Fact | None = None
    selects_rows: bool = False

    def value(self, facts: Facts) -> int | None:
        """The amount, or None when its fact is unknown or not a number."""
        if self.fact is None:
            return self.constant
        number = _number(facts.value(self.fact))
        return None if number is None else self.constant + int(self.factor * number)

    def __str__(self) -> str:
        if self.selects_rows:
            return "rows"
        if self.fact is None:
            return f"{self.constant:+d}"
        if self.factor in (1, -1):
            return f"{'+' if self.factor > 0 else '-'}{self.fact}"
        return f"{self.factor:+d} * {self.fact}"


def parse_amount(text: str | None, printed: str = "") -> Amount:
    """A modifier's `amount` cell; empty = the printed modifier, which must then be a number."""
    body = (text or "").strip()
    if not body:
        printed = printed.strip()
        if re.fullmatch(r"[+-]?\d+", printed):
            return Amount(int(printed))
        raise ConditionError(f"printed modifier '{printed}' is not a number: state the amount "
                             f"(+N, N * fact, fact or rows)")
    if body == "rows":
        return Amount(selects_rows=True)
    if re.fullmatch(r"[+-]?\d+", body):
        return Amount(int(body))
    m = re.fullmatch(r"(?P<factor>[+-]?\d+)\s*\*\s*(?P<fact>.+)", body)
    if m:
        return Amount(0, int(m["factor"]), parse_fact(m["fact"]))
    m = re.fullmatch(r"(?P<sign>[+-]?)\s*(?P<fact>[a-z].*)", body)
    if m:
        return Amount(0, -1 if m["sign"] == "-" else 1, parse_fact(m["fact"]))
    raise ConditionError(f"amount '{body}' is not +N, N * fact, fact or rows")


# ---------------------------------------------------------------- trying every way unknown facts may be


def candidates(conditions: Sequence[Condition], fact: Fact) -> list[object]:
    """Values worth trying for an unknown fact: each value a clause compares it with (and "none of
    these"), either side of each bound, true and false for a fact tested on its own."""
    values: list[object] = []
    boolean = named = False
    for condition in conditions:
        for clause in condition.clauses:
            if clause.fact != fact:
                continue
            if not clause.op:
                boolean = True
            elif clause.op == "in" and clause.is_range:
                values += [_shift(clause.values[0], -1), clause.values[0], clause.values[1],
                           _shift(clause.values[1], 1)]
            elif clause.op in ("<", "<=", ">", ">="):
                values += [_shift(clause.values[0], -1), clause.values[0], _shift(clause.values[0], 1)]
            else:
                named = True
                values += list(clause.values)
    if boolean:
        values += [True, False]
    if named:
        values.append("(none of these)")
    return list(dict.fromkeys(v for v in values if v is not None))


def _shift(value: str, by: int) -> object:
    if re.fullmatch(r"[+-]?\d+", value.strip()):
        return int(value) + by
    if re.fullmatch(r"\d{1,2}:\d{2}", value.strip()):
        hours, minutes = map(int, value.split(":"))
        total = hours * 60 + minutes + by
        return f"{total // 60:02d}:{total % 60:02d}"
    return None


def assignments(conditions: Sequence[Condition], unknown: Sequence[Fact], limit: int
                ) -> list[tuple[tuple[Fact, object], ...]] | None:
    """Every combination of candidate values of the ``unknown`` facts (one empty combination when
    none is unknown); None when there would be more than ``limit``."""
    choices = [candidates(conditions, f) for f in unknown]
    count = 1
    for c in choices:
        count *= len(c)
    if count > limit:
        return None
    return [tuple(zip(unknown, values)) for values in itertools.product(*choices)]
