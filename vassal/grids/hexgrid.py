"""VASSAL's ``HexGrid``: point <-> hex name exactly as VASSAL computes it, and hex topology.

Format reference §3.1-3.6. All arithmetic happens in the *unrotated* frame: a
sideways grid swaps x and y on entry and exit, so its ``x0`` is a vertical
offset and its ``dx`` a vertical spacing. In that frame hexes stand in columns
``nx`` and odd columns sit half a hex lower; a hex is addressed by its raw
index ``RawHex(nx, ny)``. Naming turns a raw index into text (descending,
stagger, offsets); ``point_for`` inverts naming exactly, which VASSAL's own
``getCenterPoint`` (``vassal_location``) does not do for descending grids.

The referee reasons in raw indices: neighbours, hexsides and distances are
exact there whatever the numbering, and ``*_name`` helpers convert.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import ClassVar

from vassal.grids.base import (
    PKG,
    Attrs,
    LocationError,
    Point,
    RawElement,
    Size,
    attr,
    int_attr,
    require_positive,
    scan_spans,
    where_of,
)
from vassal.grids.javamath import (
    floor_half,
    java_int_div,
    java_round,
    parse_bool,
    parse_double,
    trunc,
)
from vassal.grids.numbered import NumberedGrid
from vassal.grids.numbering import GridNumbering

HEX_GRID = PKG + "HexGrid"
SQRT3_2 = math.sqrt(3) / 2.0
DEFAULT_DY = 64.0
DEFAULT_DX = SQRT3_2 * DEFAULT_DY

# Steps in the unrotated frame: (column step, row step from an even column, from an odd one).
_UP, _DOWN = (0, -1, -1), (0, 1, 1)
_UP_RIGHT, _DOWN_RIGHT = (1, -1, 0), (1, 0, 1)
_UP_LEFT, _DOWN_LEFT = (-1, -1, 0), (-1, 0, 1)
#: Compass directions clockwise from the top, with their unrotated steps.
FLAT_DIRECTIONS = {"N": _UP, "NE": _UP_RIGHT, "SE": _DOWN_RIGHT, "S": _DOWN, "SW": _DOWN_LEFT,
                   "NW": _UP_LEFT}
POINTY_DIRECTIONS = {"NE": _DOWN_LEFT, "E": _DOWN, "SE": _DOWN_RIGHT, "SW": _UP_RIGHT, "W": _UP,
                     "NW": _UP_LEFT}


@dataclass(frozen=True, order=True)
class RawHex:
    """A hex by raw index: column ``nx`` and row ``ny`` in the unrotated frame."""

    nx: int
    ny: int


@dataclass(frozen=True)
class Hexside:
    """The edge shared by two adjacent hexes; ``a < b`` so each edge has one value."""

    a: RawHex
    b: RawHex


@dataclass(frozen=True)
class HexGrid(NumberedGrid):
    """A ``HexGrid`` element: attributes as read, children (numbering) in order."""

    attrs: Attrs
    children: tuple[GridNumbering | RawElement, ...] = ()
    tag: str = HEX_GRID
    kind: ClassVar[str] = "hex grid"
    dx: float = field(init=False)
    dy: float = field(init=False)
    x0: int = field(init=False)
    y0: int = field(init=False)
    sideways: bool = field(init=False)

    def __post_init__(self) -> None:
        # Java's DOM hands attributes over alphabetically, so dx is set before dy; setting dy
        # recomputes dx when dx still holds the default exactly (format reference §3.1).
        dx, dy = DEFAULT_DX, DEFAULT_DY
        if (text := attr(self.attrs, "dx")) is not None:
            dx = parse_double(text, where_of(self.tag, "dx"))
        if (text := attr(self.attrs, "dy")) is not None:
            dy = parse_double(text, where_of(self.tag, "dy"))
            if dx == DEFAULT_DX:
                dx = SQRT3_2 * dy
        object.__setattr__(self, "dx", require_positive(dx, self.tag, "dx"))
        object.__setattr__(self, "dy", require_positive(dy, self.tag, "dy"))
        object.__setattr__(self, "x0", int_attr(self.attrs, self.tag, "x0", 0))
        object.__setattr__(self, "y0", int_attr(self.attrs, self.tag, "y0", 32))
        object.__setattr__(self, "sideways", parse_bool(attr(self.attrs, "sideways") or "false"))

    # --- raw indices and centres (§3.2) ---

    def _swap(self, x: float, y: float) -> tuple[float, float]:
        return (y, x) if self.sideways else (x, y)

    def raw_index(self, point: Point) -> RawHex:
        """The hex VASSAL names for a board point (``getRawColumn``, ``getRawRow``)."""
        x, y = self._swap(*point)
        column = floor_half((x - self.x0) / self.dx)
        nx = java_round((x - self.x0) / self.dx)
        if nx % 2 == 0:
            ny = java_round((y - self.y0) / self.dy)
        else:
            ny = java_round((y - self.y0 - self.dy / 2) / self.dy)
        return RawHex(column, ny)

    def centre(self, hex_: RawHex) -> Point:
        """The pixel VASSAL snaps a piece to in this hex (``hexPointCenterFromRawIndex``)."""
        x = trunc(self.dx * hex_.nx + self.x0)
        if hex_.nx % 2 == 0:
            y = trunc(self.dy * hex_.ny + self.y0)
        else:
            y = trunc(self.dy * hex_.ny + trunc(self.dy / 2) + self.y0)
        bx, by = self._swap(x, y)
        return int(bx), int(by)

    def exact_centre(self, hex_: RawHex) -> tuple[float, float]:
        """The geometric centre, unrounded: for hexside midpoints and drawing."""
        y = self.y0 + self.dy * hex_.ny + (self.dy / 2 if hex_.nx % 2 else 0.0)
        return self._swap(self.x0 + self.dx * hex_.nx, y)

    # --- naming (§3.4) ---

    def _limits(self, size: Size) -> tuple[int, int]:
        """``(maxRows, maxCols)`` with VASSAL's swapped spacings (height/dx, width/dy)."""
        return floor_half(size.height / self.dx), floor_half(size.width / self.dy)

    def _descending(self, numbering: GridNumbering) -> bool:
        return numbering.h_descend if self.sideways else numbering.v_descend

    def _count_back(self, col: int, row: int, n: GridNumbering, size: Size) -> tuple[int, int]:
        """Count descending numbers back from the far edge.

        The flip is its own inverse, so naming and VASSAL's parsing share it; a
        sideways grid swaps which limit and which flag each coordinate uses.
        """
        rows, cols = self._limits(size)
        if self.sideways:
            return (rows - col if n.v_descend else col), (cols - row if n.h_descend else row)
        return (cols - col if n.h_descend else col), (rows - row if n.v_descend else row)

    def numbered(self, hex_: RawHex, size: Size) -> tuple[int, int]:
        """Numbered ``(column, row)`` of a raw hex, before the offsets are added."""
        n = self._numbering()
        col, row = self._count_back(hex_.nx, hex_.ny, n, size)
        if n.stagger and hex_.nx % 2 != 0:
            row += -1 if self._descending(n) else 1
        if n.oblique:
            row = java_int_div(col, 2) + row if n.stagger else row - java_int_div(col, 2) + 1
        return col, row

    def name_of(self, hex_: RawHex, size: Size) -> str:
        """The location name of a raw hex."""
        return self._numbering().name(*self.numbered(hex_, size))

    def location_name(self, point: Point, size: Size) -> str | None:
        """VASSAL's name for a board point; None when the grid has no numbering."""
        if self.numbering is None:
            return None
        return self.name_of(self.raw_index(point), size)

    # --- names to points (§3.5, §3.6) ---

    def hex_for(self, name: str, size: Size) -> RawHex:
        """The raw hex named ``name``: naming inverted exactly.

        The numbers parsed from the name are un-numbered algebraically; when the
        format is ambiguous (no separator and numbers longer than the padding),
        the hexes of the board are scanned for one carrying the name.
        """
        hex_ = self._invert(name, size)
        if hex_ is None:
            hex_ = next((h for h in self.board_hexes(size) if self.name_of(h, size) == name), None)
        if hex_ is None:
            raise LocationError(f"{name!r} is not the name of a hex on this board")
        return hex_

    def _invert(self, name: str, size: Size) -> RawHex | None:
        n = self._numbering()
        try:
            col, row = n.parse(name)
        except LocationError:
            return None
        max_rows, max_cols = self._limits(size)
        if n.oblique:
            row = row - java_int_div(col, 2) if n.stagger else row + java_int_div(col, 2) - 1
        if self.sideways:
            nx = max_rows - col if n.v_descend else col
        else:
            nx = max_cols - col if n.h_descend else col
        if n.stagger and nx % 2 != 0:
            row -= -1 if self._descending(n) else 1
        if self.sideways:
            ny = max_cols - row if n.h_descend else row
        else:
            ny = max_rows - row if n.v_descend else row
        hex_ = RawHex(nx, ny)
        return hex_ if self.name_of(hex_, size) == name else None

    def board_hexes(self, size: Size) -> Iterator[RawHex]:
        """Every hex whose centre lies on a board of this size, column by column."""
        columns, rows = scan_spans((self.x0, self.y0), (self.dx, self.dy),
                                   self._swap(size.width, size.height))
        for nx in columns:
            for ny in rows:
                if self.on_board(RawHex(nx, ny), size):
                    yield RawHex(nx, ny)

    def point_for(self, name: str, size: Size) -> Point:
        """The snap centre of the hex named ``name``; ``location_name`` of it gives ``name``."""
        point = self.centre(self.hex_for(name, size))
        if self.location_name(point, size) != name:
            raise LocationError(f"the centre of {name!r} rounds into another hex on this grid")
        return point

    def vassal_location(self, name: str, size: Size) -> Point:
        """VASSAL's own ``getLocation``: off by a hex on some descending grids (§3.6)."""
        n = self._numbering()
        if n.oblique:
            raise LocationError("VASSAL's name parser for oblique numbering is not modelled")
        col, row = n.parse(name)
        if n.stagger and col % 2 != 0:
            row += 1 if self._descending(n) else -1
        col, row = self._count_back(col, row, n, size)
        x = trunc(col * self.dx) + self.x0
        y = (trunc(row * self.dy) if col % 2 == 0 else trunc(row * self.dy + self.dy / 2)) + self.y0
        bx, by = self._swap(x, y)
        return int(bx), int(by)

    # --- topology ---

    @property
    def directions(self) -> tuple[str, ...]:
        """Compass directions of the six neighbours, clockwise from the top."""
        return tuple(self._steps())

    def _steps(self) -> dict[str, tuple[int, int, int]]:
        return POINTY_DIRECTIONS if self.sideways else FLAT_DIRECTIONS

    def neighbour(self, hex_: RawHex, direction: str) -> RawHex:
        """The adjacent hex in a compass direction (see ``directions``)."""
        steps = self._steps()
        if direction not in steps:
            raise ValueError(f"{direction!r} is not one of {', '.join(steps)}")
        dcol, drow_even, drow_odd = steps[direction]
        return RawHex(hex_.nx + dcol, hex_.ny + (drow_odd if hex_.nx % 2 else drow_even))

    def neighbours(self, hex_: RawHex) -> tuple[RawHex, ...]:
        """The six adjacent hexes, in ``directions`` order."""
        return tuple(self.neighbour(hex_, d) for d in self._steps())

    def direction(self, origin: RawHex, target: RawHex) -> str | None:
        """The direction from ``origin`` to an adjacent ``target``; None if not adjacent."""
        return next((d for d in self._steps() if self.neighbour(origin, d) == target), None)

    @staticmethod
    def distance(a: RawHex, b: RawHex) -> int:
        """Hexes between two hexes (cube coordinates of the odd-columns-down layout)."""
        ra = a.ny - (a.nx - (a.nx & 1)) // 2
        rb = b.ny - (b.nx - (b.nx & 1)) // 2
        dq, dr = b.nx - a.nx, rb - ra
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def hexside(self, a: RawHex, b: RawHex) -> Hexside:
        """The edge between two adjacent hexes."""
        if self.direction(a, b) is None:
            raise ValueError(f"{a} and {b} are not adjacent")
        return Hexside(min(a, b), max(a, b))

    def hexsides(self, hex_: RawHex) -> tuple[Hexside, ...]:
        """The six edges of a hex, in ``directions`` order."""
        return tuple(self.hexside(hex_, n) for n in self.neighbours(hex_))

    def hexside_at(self, point: Point) -> Hexside:
        """The edge of the point's hex nearest the point: where an edge-snapped marker sits."""
        hex_ = self.raw_index(point)

        def gap(side: Hexside) -> float:
            mx, my = self.hexside_midpoint(side)
            return (mx - point[0]) ** 2 + (my - point[1]) ** 2

        return min(self.hexsides(hex_), key=gap)

    def hexside_midpoint(self, side: Hexside) -> tuple[float, float]:
        """The board point halfway between the two centres: the middle of the edge."""
        (ax, ay), (bx, by) = self.exact_centre(side.a), self.exact_centre(side.b)
        return (ax + bx) / 2, (ay + by) / 2

    # --- topology by name ---

    def on_board(self, hex_: RawHex, size: Size) -> bool:
        """Whether the hex's centre lies on a board of this size."""
        x, y = self.centre(hex_)
        return 0 <= x < size.width and 0 <= y < size.height

    def neighbours_of_name(self, name: str, size: Size) -> tuple[str, ...]:
        """Names of the adjacent hexes whose centres are on the board, in ``directions`` order."""
        hex_ = self.hex_for(name, size)
        return tuple(self.name_of(n, size) for n in self.neighbours(hex_) if self.on_board(n, size))

    def distance_between_names(self, a: str, b: str, size: Size) -> int:
        """Hexes between two named hexes."""
        return self.distance(self.hex_for(a, size), self.hex_for(b, size))

