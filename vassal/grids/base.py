"""What every grid shares: points, container sizes, element I/O and the lookup error.

A grid read from a buildFile must write back identically, so each grid keeps
its attributes exactly as read (order and spelling) and derives its numbers
from them; children it does not interpret are kept as ``RawElement``s. The
element model itself belongs to ``vassal.buildfile``: grids read any object
with ``tag``, ``attrs`` and ``children`` and write through a ``factory``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Self

from vassal.errors import FormatError
from vassal.grids.javamath import parse_int

PKG = "VASSAL.build.module.map.boardPicker.board."
MAPGRID = PKG + "mapgrid."

#: A point in board (or map) pixels; VASSAL's java.awt.Point holds ints.
Point = tuple[int, int]
#: Attributes in document order, immutable.
Attrs = tuple[tuple[str, str], ...]


class ElementLike(Protocol):
    """The shape of a buildFile element as grids read it."""

    tag: str
    attrs: Mapping[str, str]
    children: Sequence[Any]


#: ``factory(tag, attrs, children)`` builds an element; ``text`` is passed only when non-empty.
Factory = Callable[..., Any]


class LocationError(LookupError):
    """A location name that this grid never produces, or a grid that names nothing."""


#: Scanning more cells than this is refused: a hostile grid with a tiny spacing would hang us.
MAX_SCAN_CELLS = 1_000_000


def scan_spans(origin: tuple[int, int], spacing: tuple[float, float],
               extent: tuple[int, int]) -> tuple[range, range]:
    """Column and row indices whose centres may fall on a board, with a margin of two cells."""
    spans = tuple(range(math.floor(-o / d) - 2, math.ceil((e - o) / d) + 2)
                  for o, d, e in zip(origin, spacing, extent, strict=True))
    if len(spans[0]) * len(spans[1]) > MAX_SCAN_CELLS:
        raise LocationError("the grid is too fine for its board to be searched")
    return spans[0], spans[1]


@dataclass(frozen=True)
class Size:
    """Width and height of a grid's container: the board, or a zone's bounding box."""

    width: int
    height: int


@dataclass(frozen=True)
class RawElement:
    """A child element kept verbatim (ZoneProperty, ZonedGridHighlighter, unknown)."""

    tag: str
    attrs: Attrs
    children: tuple[RawElement, ...] = ()
    text: str = ""

    def to_element(self, factory: Factory) -> Any:
        """Rebuild the element with the caller's element type."""
        return build(factory, self.tag, self.attrs, [c.to_element(factory) for c in self.children],
                     self.text)


def raw_from(el: ElementLike) -> RawElement:
    """Keep an element and its subtree as read."""
    return RawElement(el.tag, freeze(el.attrs), tuple(raw_from(c) for c in el.children),
                      getattr(el, "text", "") or "")


def freeze(attrs: Mapping[str, str]) -> Attrs:
    """Attributes as an immutable sequence, order preserved."""
    return tuple((str(k), str(v)) for k, v in attrs.items())


def build(factory: Factory, tag: str, attrs: Attrs, children: Iterable[Any], text: str = "") -> Any:
    """Call the element factory; text is only passed when there is some."""
    if text:
        return factory(tag, dict(attrs), list(children), text)
    return factory(tag, dict(attrs), list(children))


def attr(attrs: Attrs, name: str) -> str | None:
    """The value of attribute ``name``, or None when absent."""
    for key, value in attrs:
        if key == name:
            return value
    return None


def int_attr(attrs: Attrs, tag: str, name: str, default: int) -> int:
    """An int attribute as Java parses it, ``default`` when absent; errors name ``Tag@name``."""
    value = attr(attrs, name)
    return default if value is None else parse_int(value, where_of(tag, name))


def short(tag: str) -> str:
    """The class name without its package, for messages."""
    return tag.rsplit(".", 1)[-1]


def where_of(tag: str, name: str) -> str:
    """Where-text for an attribute error: ``HexGrid@dx``."""
    return f"{short(tag)}@{name}"


def require_positive(value: float, tag: str, name: str) -> float:
    """Grid spacings divide every coordinate; zero or less makes every name meaningless."""
    if value <= 0:
        raise FormatError(f"must be greater than 0, not {value}", where_of(tag, name))
    return value


def check_tag(el: ElementLike, expected: str) -> None:
    """Refuse an element of the wrong class early, with its tag in the message."""
    if el.tag != expected:
        raise FormatError(f"expected {short(expected)}, found {el.tag}", short(expected))


class GridElement:
    """A grid element kept as read: its ``attrs``, its ``children`` in order and its ``tag``.

    Every grid class reads and writes its element the same way and differs only
    in which children it interprets, so it names those in ``read_child`` and
    inherits the rest. Subclasses are frozen dataclasses whose first two fields
    are ``attrs`` and ``children`` and whose ``tag`` field defaults to the class.
    """

    attrs: Attrs
    children: tuple[Any, ...]
    tag: str

    @staticmethod
    def read_child(el: ElementLike) -> Any:
        """A child this class does not interpret is kept verbatim."""
        return raw_from(el)

    @classmethod
    def from_element(cls, el: ElementLike) -> Self:
        """Read the element: refuse another class, interpret children through ``read_child``."""
        check_tag(el, cls.tag)
        children = tuple(cls.read_child(c) for c in el.children)
        return cls(freeze(el.attrs), children)  # type: ignore[call-arg]  # the dataclass's init

    def to_element(self, factory: Factory) -> object:
        """The element as read."""
        return build(factory, self.tag, self.attrs, [c.to_element(factory) for c in self.children])
