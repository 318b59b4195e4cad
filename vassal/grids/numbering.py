"""Grid numbering (``HexGridNumbering`` / ``SquareGridNumbering``): index <-> text.

The arithmetic of format reference §3.3-3.5: how a numbered column and row
become ``0203`` or ``B1``, and how VASSAL parses such a name back. Which raw
index a point has, and descending/stagger corrections, belong to each grid;
this module only knows the shared ``RegularGridNumbering`` rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from vassal.errors import FormatError
from vassal.grids.base import (
    MAPGRID,
    Attrs,
    ElementLike,
    Factory,
    LocationError,
    attr,
    build,
    freeze,
    where_of,
)
from vassal.grids.formats import expand, format_tokens
from vassal.grids.javamath import parse_bool, parse_int, try_int

HEX_NUMBERING = MAPGRID + "HexGridNumbering"
OBLIQUE_NUMBERING = MAPGRID + "ObliqueHexGridNumbering"
SQUARE_NUMBERING = MAPGRID + "SquareGridNumbering"
NUMBERING_TAGS = (HEX_NUMBERING, OBLIQUE_NUMBERING, SQUARE_NUMBERING)

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ALPHA_MATCH = "-?(?:" + "|".join(c + "+" for c in ALPHABET) + ")"


def part(n: int, kind: str, leading: int) -> str:
    """One coordinate as text (``RegularGridNumbering.getName``).

    Alphabetic repeats one letter (26 -> AA, 27 -> BB); numeric pads with zeros
    to at least ``leading + 1`` digits. Negative numbers get a leading ``-``.
    """
    sign = "-" if n < 0 else ""
    n = abs(n)
    if kind == "A":
        return sign + ALPHABET[n % 26] * (n // 26 + 1)
    zeros = ""
    while leading > 0 and n < 10**leading:
        zeros += "0"
        leading -= 1
    return sign + zeros + str(n)


def parse_part(text: str, kind: str) -> int:
    """The inverse of ``part`` as VASSAL's ``parseName`` computes it."""
    if kind != "A":
        value = try_int(text)
        if value is None:
            raise LocationError(f"{text!r} is too large a number")
        return value
    negative = text.startswith("-")
    body = text[1:] if negative else text
    value = 26 * (len(body) - 1) + ALPHABET.index(body[-1])
    return -value if negative else value


@dataclass(frozen=True)
class GridNumbering:
    """A ``HexGridNumbering``, ``ObliqueHexGridNumbering`` or ``SquareGridNumbering``."""

    tag: str
    attrs: Attrs
    first: str = field(init=False)
    sep: str = field(init=False)
    h_type: str = field(init=False)
    v_type: str = field(init=False)
    h_leading: int = field(init=False)
    v_leading: int = field(init=False)
    h_off: int = field(init=False)
    v_off: int = field(init=False)
    h_descend: bool = field(init=False)
    v_descend: bool = field(init=False)
    stagger: bool = field(init=False)
    location_format: str = field(init=False)

    def __post_init__(self) -> None:
        def text(name: str, default: str) -> str:
            value = attr(self.attrs, name)
            return default if value is None else value

        def char(name: str, default: str) -> str:
            value = text(name, default)
            if not value:
                raise FormatError("must not be empty", where_of(self.tag, name))
            return value[0]

        def number(name: str, default: int) -> int:
            value = attr(self.attrs, name)
            return default if value is None else parse_int(value, where_of(self.tag, name))

        values = {
            "first": char("first", "H"), "sep": text("sep", ""),
            "h_type": char("hType", "N"), "v_type": char("vType", "N"),
            "h_leading": number("hLeading", 1), "v_leading": number("vLeading", 1),
            "h_off": number("hOff", 1), "v_off": number("vOff", 1),
            "h_descend": parse_bool(text("hDescend", "false")),
            "v_descend": parse_bool(text("vDescend", "false")),
            "stagger": self.tag != SQUARE_NUMBERING and parse_bool(text("stagger", "true")),
            "location_format": text("locationFormat", "$gridLocation$"),
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    @classmethod
    def from_element(cls, el: ElementLike) -> GridNumbering:
        """Read a numbering element, keeping its attributes verbatim."""
        if el.tag not in NUMBERING_TAGS:
            raise FormatError(f"unexpected grid numbering {el.tag}", "GridNumbering")
        return cls(el.tag, freeze(el.attrs))

    def to_element(self, factory: Factory) -> object:
        """The element as read (or as created)."""
        return build(factory, self.tag, self.attrs, [])

    @property
    def oblique(self) -> bool:
        """ObliqueHexGridNumbering (VASSAL 3.8+) shifts rows along the columns."""
        return self.tag == OBLIQUE_NUMBERING

    def column_text(self, col: int) -> str:
        """The column part for numbered column ``col`` (before the offset)."""
        return part(col + self.h_off, self.h_type, self.h_leading)

    def row_text(self, row: int) -> str:
        """The row part for numbered row ``row`` (before the offset)."""
        return part(row + self.v_off, self.v_type, self.v_leading)

    def name(self, col: int, row: int) -> str:
        """The full location name for a numbered column and row (``locationName``)."""
        col_text, row_text = self.column_text(col), self.row_text(row)
        grid_location = (col_text + self.sep + row_text if self.first == "H"
                         else row_text + self.sep + col_text)
        props = {"gridLocation": grid_location, "row": row_text, "column": col_text}
        return expand(self.location_format, props, unknown_as_name=False)

    def parse(self, name: str) -> tuple[int, int]:
        """Numbered ``(col, row)`` from a name, as VASSAL's ``getLocation`` parses it.

        Raises LocationError when the name does not match the format.
        """
        pattern, col_group, row_group = self._pattern()
        match = pattern.fullmatch(name)
        if match is None or not col_group or not row_group:
            raise LocationError(f"{name!r} does not match the location format "
                                f"{self.location_format!r}")
        col = parse_part(match.group(col_group), self.h_type)
        row = parse_part(match.group(row_group), self.v_type)
        return col - self.h_off, row - self.v_off

    def _pattern(self) -> tuple[re.Pattern[str], int, int]:
        def coord(kind: str, leading: int) -> str:
            return "(" + (_ALPHA_MATCH if kind == "A" else f"-?[0-9]{{{leading + 1},}}") + ")"

        regex, groups, col_group, row_group = "", 0, 0, 0
        for is_property, token in format_tokens(self.location_format):
            if not is_property:
                regex += re.escape(token)
            elif token == "gridLocation":
                if self.first == "H":
                    regex += coord(self.h_type, self.h_leading) + re.escape(self.sep)
                    regex += coord(self.v_type, self.v_leading)
                    col_group, row_group, groups = groups + 1, groups + 2, groups + 2
                else:
                    regex += coord(self.v_type, self.v_leading) + re.escape(self.sep)
                    regex += coord(self.h_type, self.h_leading)
                    row_group, col_group, groups = groups + 1, groups + 2, groups + 2
            elif token == "row":
                regex += coord(self.v_type, self.v_leading)
                groups += 1
                row_group = groups
            elif token == "column":
                regex += coord(self.h_type, self.h_leading)
                groups += 1
                col_group = groups
        return re.compile(regex), col_group, row_group
