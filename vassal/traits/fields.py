"""Field codecs: how one trait field's text becomes a typed value and back.

VASSAL reads each field with a typed reader that falls back to a default
(``nextInt(0)``, ``nextBoolean(false)``, a keystroke, a comma list ...).
A codec here is that reader plus the writer VASSAL uses for the same field.
Declaring the codec once in the dataclass field's metadata lets one generic
decoder/encoder (``base.py``) serve every trait.
"""

from __future__ import annotations

import math
from decimal import Decimal
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..keys import NamedKeyStroke
from ..sequence import decode, encode


@dataclass(frozen=True)
class Codec:
    """``parse(token, default)`` and ``format(value)`` for one kind of field."""

    parse: Callable[[str, Any], Any]
    format: Callable[[Any], str]


def _parse_int(token: str, default: int) -> int:
    try:
        return int(token)
    except ValueError:
        return default


def _parse_float(token: str, default: float) -> float:
    try:
        value = float(token)
    except ValueError:
        return default
    return default if math.isnan(value) else value


def java_double(value: float) -> str:
    """``String.valueOf(double)``: plain from 10^-3 up to 10^7, else ``d.dddE±n``."""
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0 or 1e-3 <= abs(value) < 1e7:
        return repr(value)  # Python's shortest digits, always with a ".0" when integral
    sign, digits, exponent = Decimal(repr(value)).as_tuple()
    power = exponent + len(digits) - 1  # type: ignore[operator]
    text = "".join(map(str, digits)).rstrip("0") or "0"
    return f"{'-' if sign else ''}{text[0]}.{text[1:] or '0'}E{power}"


def _parse_key(token: str, default: Any) -> NamedKeyStroke | None:
    return NamedKeyStroke.decode(token)


def _format_key(value: NamedKeyStroke | None) -> str:
    return value.encode() if value is not None else ""


def _parse_names(token: str, default: Any) -> tuple[str, ...]:
    # StringArrayConfigurer: an empty field is an empty array
    return () if token == "" else tuple(decode(token, ","))


def _parse_tokens(token: str, default: Any) -> tuple[str, ...]:
    # a bare SequenceEncoder list: an empty field is one empty token
    return tuple(decode(token, ","))


def _parse_keys(token: str, default: Any) -> tuple[NamedKeyStroke | None, ...]:
    return tuple(NamedKeyStroke.decode(t) for t in _parse_names(token, ()))


def _format_keys(value: tuple[NamedKeyStroke | None, ...]) -> str:
    return encode([_format_key(k) for k in value], ",")


TEXT = Codec(lambda t, d: t, lambda v: v or "")
INT = Codec(_parse_int, str)
BOOL = Codec(lambda t, d: t == "true", lambda v: "true" if v else "false")
FLOAT = Codec(_parse_float, java_double)
KEY = Codec(_parse_key, _format_key)
NAMES = Codec(_parse_names, lambda v: encode(list(v), ","))
TOKENS = Codec(_parse_tokens, lambda v: encode(list(v), ","))
KEYS = Codec(_parse_keys, _format_keys)


def _spec(codec: Codec, default: Any, secret: bool = False) -> Any:
    if isinstance(default, (list, tuple)):
        return field(default=tuple(default), metadata={"codec": codec}, repr=not secret)
    return field(default=default, metadata={"codec": codec}, repr=not secret)


def text(default: str = "", *, secret: bool = False) -> Any:
    """A string field. ``secret`` keeps player passwords out of ``repr``."""
    return _spec(TEXT, default, secret)


def integer(default: int = 0) -> Any:
    return _spec(INT, default)


def flag(default: bool = False) -> Any:
    return _spec(BOOL, default)


def real(default: float = 0.0) -> Any:
    return _spec(FLOAT, default)


def keystroke(default: NamedKeyStroke | None = None) -> Any:
    return _spec(KEY, default)


def names(default: tuple[str, ...] = ()) -> Any:
    """A comma list (``StringArrayConfigurer``); ``""`` is the empty list."""
    return _spec(NAMES, default)


def tokens(default: tuple[str, ...] = ("",)) -> Any:
    """A comma list read token by token; ``""`` is one empty token."""
    return _spec(TOKENS, default)


def keystrokes(default: tuple[NamedKeyStroke | None, ...] = ()) -> Any:
    """A comma list of keystrokes (``NamedKeyStrokeArrayConfigurer``)."""
    return _spec(KEYS, default)


def custom(codec: Codec, default: Any) -> Any:
    return _spec(codec, default)
