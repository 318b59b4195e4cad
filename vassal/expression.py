"""A small, safe evaluator for the BeanShell expressions modules write in names and labels.

VASSAL evaluates ``{...}`` in formats (a Label's text and name format, a Layer's followed
property) with BeanShell, i.e. Java. Real modules use a small part of it there: literals,
property names, ``+`` on strings and numbers, arithmetic, comparisons, ``&&``, ``||``, ``!``,
``?:``, parentheses, ``GetProperty("name")`` and a few String methods. That part is read here
into a tree and evaluated with Java's rules for those operators (``int`` arithmetic, string
concatenation, ``==`` on strings by value as VASSAL's interpreter does), lazily: an untaken
branch of ``?:``/``&&``/``||`` is parsed but not evaluated, as in Java.

Anything else (regular expressions, other functions, assignments, a type error Java would
raise) is ``CannotEvaluate``: the caller falls back and says so once. Never ``eval``; the
source length, nesting depth and the length of strings built are bounded, so hostile text
costs little.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Union

MAX_SOURCE = 20_000   # characters of one expression (after $prop$ substitution)
MAX_DEPTH = 40        # nesting of parentheses, unary operators and ?: branches
MAX_STRING = 100_000  # characters of a string an expression builds

Value = Union[str, int, float, bool]
#: a property's value as VASSAL stores it (text), or None when nothing defines it
Lookup = Callable[[str], "str | None"]


class CannotEvaluate(ValueError):
    """The expression is outside the subset read here, or Java would fail on it."""


_TOKEN = re.compile(r"""
    \s*(?:
      (?P<num>\d+\.\d*|\.\d+|\d+)[lLfFdD]?
    | (?P<str>"(?:[^"\\]|\\.)*")
    | (?P<name>[A-Za-z_$][A-Za-z0-9_$]*)
    | (?P<op>==|!=|<=|>=|&&|\|\||=~|!~|[-+*/%<>!?:(),.])
    )""", re.VERBOSE)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "'": "'", "\\": "\\"}


def _tokens(source: str) -> list[tuple[str, str]]:
    out, pos, end = [], 0, len(source.rstrip())
    while pos < end:
        m = _TOKEN.match(source, pos)
        if m is None or m.end() == pos:
            raise CannotEvaluate(f"unexpected character {source[pos:pos + 1].strip() or 'space'!r}")
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
        pos = m.end()
    out.append(("end", ""))
    return out


# ---------------------------------------------------------------- parsing

Node = tuple  # ("lit", v) | ("name", n) | ("call", f, args) | ("method", obj, m, args) | (op, ...)


class _Parser:
    """Recursive descent over Java's precedence, ternary lowest."""

    def __init__(self, source: str) -> None:
        self.toks = _tokens(source)
        self.i = 0
        self.depth = 0

    def peek(self) -> tuple[str, str]:
        return self.toks[self.i]

    def take(self, text: str | None = None) -> tuple[str, str]:
        tok = self.toks[self.i]
        if text is not None and tok[1] != text:
            raise CannotEvaluate(f"expected {text!r}, found {tok[1] or 'the end'!r}")
        self.i += 1
        return tok

    def nested(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise CannotEvaluate(f"nested deeper than {MAX_DEPTH}")

    def whole(self) -> Node:
        node = self.ternary()
        if self.peek()[0] != "end":
            raise CannotEvaluate(f"unexpected {self.peek()[1]!r}")
        return node

    def ternary(self) -> Node:
        cond = self.binary(0)
        if self.peek() == ("op", "?"):
            self.take()
            self.nested()
            yes = self.ternary()
            self.take(":")
            no = self.ternary()
            self.depth -= 1
            return ("?", cond, yes, no)
        return cond

    # operators by precedence, lowest first
    LEVELS = (("||",), ("&&",), ("==", "!=", "=~", "!~"), ("<", ">", "<=", ">="), ("+", "-"), ("*", "/", "%"))

    def binary(self, level: int) -> Node:
        if level == len(self.LEVELS):
            return self.unary()
        node = self.binary(level + 1)
        while self.peek()[0] == "op" and self.peek()[1] in self.LEVELS[level]:
            op = self.take()[1]
            node = (op, node, self.binary(level + 1))
        return node

    def unary(self) -> Node:
        kind, text = self.peek()
        if kind == "op" and text in ("!", "-", "+"):
            self.take()
            self.nested()
            node = ("u" + text, self.unary())
            self.depth -= 1
            return node
        return self.postfix()

    def postfix(self) -> Node:
        node = self.primary()
        while self.peek() == ("op", "."):
            self.take()
            kind, name = self.take()
            if kind != "name":
                raise CannotEvaluate(f"expected a name after '.', found {name!r}")
            if self.peek() == ("op", "("):
                node = ("method", node, name, self.arguments())
            elif node[0] == "name":  # a dotted name such as Math.PI
                node = ("name", f"{node[1]}.{name}")
            else:
                raise CannotEvaluate(f"field access .{name} is not supported")
        return node

    def arguments(self) -> tuple[Node, ...]:
        self.take("(")
        self.nested()
        args: list[Node] = []
        if self.peek() != ("op", ")"):
            args.append(self.ternary())
            while self.peek() == ("op", ","):
                self.take()
                args.append(self.ternary())
        self.take(")")
        self.depth -= 1
        return tuple(args)

    def primary(self) -> Node:
        kind, text = self.take()
        if kind == "num":
            number = text.rstrip("lLfFdD")
            return ("lit", float(number) if "." in number else int(number))
        if kind == "str":
            return ("lit", re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), text[1:-1]))
        if kind == "name":
            if text in ("true", "false"):
                return ("lit", text == "true")
            if self.peek() == ("op", "("):
                return ("call", text, self.arguments())
            return ("name", text)
        if (kind, text) == ("op", "("):
            self.nested()
            node = self.ternary()
            self.take(")")
            self.depth -= 1
            return node
        raise CannotEvaluate(f"unexpected {text or 'end of expression'!r}")


@lru_cache(maxsize=1 << 12)
def parse(source: str) -> Node | str:
    """The expression's tree, or why it cannot be read (memoised: modules repeat expressions)."""
    if len(source) > MAX_SOURCE:
        return f"longer than {MAX_SOURCE} characters"
    try:
        return _Parser(source).whole()
    except CannotEvaluate as e:
        return str(e)


# ---------------------------------------------------------------- values

_INT = re.compile(r"-?\d+")
_REAL = re.compile(r"-?\d*\.\d+|-?\d+\.\d*")


def typed(text: str) -> Value:
    """A property's text as VASSAL hands it to BeanShell: a whole number as an int, a decimal
    as a number, ``true``/``false`` as booleans, anything else as a string."""
    if _INT.fullmatch(text) and len(text) < 10:
        return int(text)
    if _REAL.fullmatch(text) and len(text) < 20:
        return float(text)
    if text in ("true", "false"):
        return text == "true"
    return text


def java_text(value: Value) -> str:
    """``String.valueOf``: how Java writes a value into a string."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value) if value != int(value) or abs(value) >= 1e7 else f"{value:.1f}"
    return str(value)


def _number(value: Value, op: str) -> int | float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise CannotEvaluate(f"{op} needs numbers, not {java_text(value)!r}")
    return value


def _boolean(value: Value, op: str) -> bool:
    if not isinstance(value, bool):
        raise CannotEvaluate(f"{op} needs true or false, not {java_text(value)!r}")
    return value


def _int32(n: int) -> int:
    return (n + 2**31) % 2**32 - 2**31


def _equal(a: Value, b: Value) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return isinstance(a, str) and isinstance(b, str) and a == b


def _arithmetic(op: str, a: Value, b: Value) -> Value:
    if op == "+" and (isinstance(a, str) or isinstance(b, str)):
        text = java_text(a) + java_text(b)
        if len(text) > MAX_STRING:
            raise CannotEvaluate(f"a string longer than {MAX_STRING} characters")
        return text
    x, y = _number(a, op), _number(b, op)
    if op in "/%" and y == 0 and isinstance(x, int) and isinstance(y, int):
        raise CannotEvaluate("division by zero")
    if isinstance(x, int) and isinstance(y, int):
        if op == "/":
            return _int32(abs(x) // abs(y) * (1 if (x >= 0) == (y >= 0) else -1))
        if op == "%":
            return _int32(abs(x) % abs(y) * (1 if x >= 0 else -1))
        return _int32(x + y if op == "+" else x - y if op == "-" else x * y)
    try:
        return {"+": x + y, "-": x - y, "*": x * y, "/": x / y if y else float("inf"), "%": x % y if y else 0.0}[op]
    except OverflowError as e:
        raise CannotEvaluate("number too large") from e


_COMPARE = {"<": lambda a, b: a < b, ">": lambda a, b: a > b, "<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b}
_STRING_METHODS: dict[str, tuple[int, Callable[..., Value]]] = {
    "startsWith": (1, lambda s, p: s.startswith(p)),
    "endsWith": (1, lambda s, p: s.endswith(p)),
    "contains": (1, lambda s, p: p in s),
    "equals": (1, lambda s, p: s == p),
    "length": (0, len),
    "isEmpty": (0, lambda s: not s),
    "trim": (0, str.strip),
}


class _Evaluator:
    def __init__(self, lookup: Lookup) -> None:
        self.lookup = lookup

    def value(self, node: Node) -> Value:
        kind = node[0]
        if kind == "lit":
            return node[1]
        if kind == "name":
            text = self.lookup(node[1])
            return "" if text is None else typed(text)  # VASSAL: an undefined property reads as ""
        if kind == "?":
            return self.value(node[2] if _boolean(self.value(node[1]), "?:") else node[3])
        if kind == "&&":
            return _boolean(self.value(node[1]), "&&") and _boolean(self.value(node[2]), "&&")
        if kind == "||":
            return _boolean(self.value(node[1]), "||") or _boolean(self.value(node[2]), "||")
        if kind == "u!":
            return not _boolean(self.value(node[1]), "!")
        if kind in ("u-", "u+"):
            n = _number(self.value(node[1]), kind[1])
            return -n if kind == "u-" else n
        if kind in ("==", "!="):
            return _equal(self.value(node[1]), self.value(node[2])) == (kind == "==")
        if kind in _COMPARE:
            return _COMPARE[kind](_number(self.value(node[1]), kind), _number(self.value(node[2]), kind))
        if kind in ("+", "-", "*", "/", "%"):
            return _arithmetic(kind, self.value(node[1]), self.value(node[2]))
        if kind == "call":
            return self.call(node[1], node[2])
        if kind == "method":
            return self.method(node[1], node[2], node[3])
        raise CannotEvaluate(f"the operator {kind!r} is not supported")

    def call(self, name: str, args: tuple[Node, ...]) -> Value:
        if name == "GetProperty" and len(args) == 1:
            text = self.lookup(java_text(self.value(args[0])))
            return "" if text is None else typed(text)
        raise CannotEvaluate(f"the function {name}() is not supported")

    def method(self, target: Node, name: str, args: tuple[Node, ...]) -> Value:
        if target == ("name", "Math") or (target[0] == "name" and "." in target[1]):
            raise CannotEvaluate(f"{target[1]}.{name}() is not supported")
        arity, fn = _STRING_METHODS.get(name, (-1, None))
        if fn is None or arity != len(args):
            raise CannotEvaluate(f"the method .{name}() is not supported")
        subject = self.value(target)
        values = [self.value(a) for a in args]
        if not isinstance(subject, str) or not all(isinstance(v, str) for v in values):
            raise CannotEvaluate(f".{name}() on a value that is not a string")
        return fn(subject, *values)


def evaluate(source: str, lookup: Lookup) -> Value:
    """The value of a BeanShell expression (without its braces), properties read by ``lookup``.
    Raises ``CannotEvaluate`` outside the subset described above."""
    tree = parse(source)
    if isinstance(tree, str):
        raise CannotEvaluate(tree)
    try:
        return _Evaluator(lookup).value(tree)
    except RecursionError as e:  # bounded by MAX_DEPTH; kept as a last guard
        raise CannotEvaluate("nested too deeply") from e
