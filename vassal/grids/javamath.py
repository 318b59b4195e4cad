"""Java's number rules, so that grid arithmetic lands on VASSAL's exact pixel and name.

VASSAL computes hex and square positions in Java ``double`` and converts them to
``int`` with three different operations; confusing them moves a point by one
pixel or one hex. Python floats are IEEE doubles too, so writing each Java
expression in the same order gives bit-identical results.
"""

from __future__ import annotations

import math
import re
import struct

from vassal.errors import FormatError

_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1
_JAVA_INT = re.compile(r"[+-]?[0-9]+")
# Double.valueOf: decimal with optional exponent and an optional type suffix, trimmed.
_JAVA_DOUBLE = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[fFdD]?")
_JAVA_WHITESPACE = "".join(chr(c) for c in range(0x21))


def trunc(value: float) -> int:
    """Java's ``(int) value``: truncation toward zero."""
    return int(value)


def floor_half(value: float) -> int:
    """Java's ``(int) Math.floor(value + 0.5)``, the addition rounded as a double first."""
    return math.floor(value + 0.5)


def java_round(value: float) -> int:
    """Java's ``Math.round(double)``: the exact floor of ``value + 1/2``.

    Unlike ``floor(value + 0.5)`` it is not fooled by the addition rounding up
    (0.49999999999999994 rounds to 0); unlike Python's ``round`` halves go up.
    """
    whole = math.floor(value)
    return whole + 1 if value - whole >= 0.5 else whole


def try_int(text: str) -> int | None:
    """``Integer.parseInt``, or None where Java would throw: sign, digits, 32-bit range."""
    # more than ten significant digits cannot fit; checking first keeps int() cheap
    if not _JAVA_INT.fullmatch(text) or len(text.lstrip("+-").lstrip("0")) > 10:
        return None
    value = int(text)
    return value if _INT_MIN <= value <= _INT_MAX else None


def parse_int(text: str, where: str) -> int:
    """``Integer.valueOf`` on an attribute; anything else is a FormatError naming it."""
    value = try_int(text)
    if value is None:
        raise FormatError(f"{text!r} is not a 32-bit integer", where)
    return value


def parse_double(text: str, where: str) -> float:
    """``Double.valueOf`` for the finite decimal forms VASSAL writes."""
    trimmed = text.strip(_JAVA_WHITESPACE)
    if not _JAVA_DOUBLE.fullmatch(trimmed):
        raise FormatError(f"{text!r} is not a number", where)
    value = float(trimmed.rstrip("fFdD"))
    if not math.isfinite(value):
        raise FormatError(f"{text!r} is not a finite number", where)
    return value


def parse_bool(text: str) -> bool:
    """``Boolean.valueOf``: true exactly when the text is 'true' in any letter case."""
    return text.lower() == "true"


def java_trim(text: str) -> str:
    """``String.trim()``: drops every character <= U+0020 at both ends."""
    return text.strip(_JAVA_WHITESPACE)


def _int32(value: int) -> int:
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def _double_bits(value: float) -> int:
    return struct.unpack(">q", struct.pack(">d", float(value)))[0]


def point_hash(x: int, y: int) -> int:
    """``java.awt.Point.hashCode()`` (from ``Point2D``): fixes a HashMap's iteration order."""
    bits = _double_bits(x) ^ ((_double_bits(y) * 31) & 0xFFFFFFFFFFFFFFFF)
    bits &= 0xFFFFFFFFFFFFFFFF
    return _int32(bits) ^ _int32(bits >> 32)


def java_int_div(a: int, b: int) -> int:
    """Java's ``a / b`` on ints: the quotient truncated toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q
