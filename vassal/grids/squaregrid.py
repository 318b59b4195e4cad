"""VASSAL's ``SquareGrid`` ("rectangular grid"): point <-> name for square cells.

The format reference covers hexes only; these rules follow VASSAL's
``SquareGridNumbering``. Cell (0,0) is centred on ``(x0, y0)``. The column is
``floor(dx_offset/dx + 0.5)`` but the row is a truncating ``(int)(dy_offset/dy
+ 0.5)``, so rows just above the origin row count as row 0 too; we reproduce
that. Descending numbering counts from ``(int)(width/dx + 0.5)`` and
``(int)(height/dy + 0.5)``.
"""

from __future__ import annotations

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
from vassal.grids.javamath import floor_half, parse_double, trunc
from vassal.grids.numbered import NumberedGrid
from vassal.grids.numbering import GridNumbering

SQUARE_GRID = PKG + "SquareGrid"


@dataclass(frozen=True)
class SquareGrid(NumberedGrid):
    """A ``SquareGrid`` element: attributes as read, children (numbering) in order."""

    attrs: Attrs
    children: tuple[GridNumbering | RawElement, ...] = ()
    tag: str = SQUARE_GRID
    kind: ClassVar[str] = "square grid"
    dx: float = field(init=False)
    dy: float = field(init=False)
    x0: int = field(init=False)
    y0: int = field(init=False)

    def __post_init__(self) -> None:
        def spacing(name: str) -> float:
            value = attr(self.attrs, name)
            parsed = 48.0 if value is None else parse_double(value, where_of(self.tag, name))
            return require_positive(parsed, self.tag, name)

        object.__setattr__(self, "dx", spacing("dx"))
        object.__setattr__(self, "dy", spacing("dy"))
        object.__setattr__(self, "x0", int_attr(self.attrs, self.tag, "x0", 24))
        object.__setattr__(self, "y0", int_attr(self.attrs, self.tag, "y0", 24))

    def _limits(self, size: Size) -> tuple[int, int]:
        """``(maxRows, maxCols)``."""
        return trunc(size.height / self.dy + 0.5), trunc(size.width / self.dx + 0.5)

    def numbered(self, point: Point, size: Size) -> tuple[int, int]:
        """Numbered ``(column, row)`` of a board point, before the offsets."""
        n = self._numbering()
        max_rows, max_cols = self._limits(size)
        col = floor_half((point[0] - self.x0) / self.dx)
        row = trunc((point[1] - self.y0) / self.dy + 0.5)
        return (max_cols - col if n.h_descend else col), (max_rows - row if n.v_descend else row)

    def location_name(self, point: Point, size: Size) -> str | None:
        """VASSAL's name for a board point; None when the grid has no numbering."""
        if self.numbering is None:
            return None
        return self.numbering.name(*self.numbered(point, size))

    def vassal_location(self, name: str, size: Size) -> Point:
        """VASSAL's own ``getCenterPoint`` for a name."""
        n = self._numbering()
        col, row = n.parse(name)
        max_rows, max_cols = self._limits(size)
        row = max_rows - row if n.v_descend else row
        col = max_cols - col if n.h_descend else col
        return trunc(col * self.dx + self.x0), trunc(row * self.dy + self.y0)

    def point_for(self, name: str, size: Size) -> Point:
        """The centre of the cell named ``name``, checked to carry that name.

        VASSAL's parser is tried first; when the format is ambiguous the cells
        of the board are scanned for one carrying the name.
        """
        try:
            point = self.vassal_location(name, size)
            if self.location_name(point, size) == name:
                return point
        except LocationError:
            pass
        found = next((p for p in self.board_centres(size) if self.location_name(p, size) == name),
                     None)
        if found is None:
            raise LocationError(f"{name!r} is not the name of a cell on this board")
        return found

    def board_centres(self, size: Size) -> Iterator[Point]:
        """The centre of every cell whose centre lies on a board of this size."""
        columns, rows = scan_spans((self.x0, self.y0), (self.dx, self.dy),
                                   (size.width, size.height))
        for col in columns:
            for row in rows:
                x, y = trunc(col * self.dx + self.x0), trunc(row * self.dy + self.y0)
                if 0 <= x < size.width and 0 <= y < size.height:
                    yield x, y
