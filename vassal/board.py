"""Boards and their placement on a map: map point <-> (board, location name).

Format reference §3.7. A map lays its boards out on a grid of cells: the board
in cell (column, row) starts after the widths of the boards to its left in
that row and the heights of the boards above it in that column, plus the map's
edge margin. VASSAL names a map point by the first board whose rectangle holds
it, converts to that board's local coordinates (mirrored when the board is
reversed) and asks the board's grid; with no board or no name it says
``offboard``. Deck names, which VASSAL checks before boards, are the caller's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from vassal.errors import FormatError
from vassal.grid import (
    GRID_TAGS,
    LocationError,
    MapGrid,
    Point,
    RawElement,
    Size,
    grid_from_element,
)
from vassal.grids.base import Attrs, ElementLike, Factory, attr, build, freeze, raw_from
from vassal.grids.javamath import parse_bool, parse_int

BOARD = "VASSAL.build.module.map.boardPicker.Board"
OFFBOARD = "offboard"


@dataclass(frozen=True)
class Board:
    """A ``Board``: its name (the identifier saves use), pixel size, grid and reversibility.

    ``width``/``height`` are the image size when the board has an image (VASSAL
    ignores the attributes then), else the attributes. ``attrs`` and ``extra``
    keep the element as read so that it writes back unchanged.
    """

    name: str
    width: int
    height: int
    grid: MapGrid | None = None
    reversible: bool = False
    image: str = ""
    attrs: Attrs = ()
    extra: tuple[RawElement, ...] = ()

    @classmethod
    def from_element(cls, el: ElementLike, image_size: Size | None = None) -> Board:
        """Read a Board element; ``image_size`` is required when it names an image."""
        if el.tag != BOARD:
            raise FormatError(f"expected Board, found {el.tag}", "Board")
        attrs = freeze(el.attrs)
        name = attr(attrs, "name") or ""
        where = f"Board {name!r}"
        image = attr(attrs, "image") or ""
        if image:
            if image_size is None:
                raise FormatError(f"the size of its image {image!r} is needed to name locations",
                                  where)
            width, height = image_size.width, image_size.height
        else:
            texts = attr(attrs, "width"), attr(attrs, "height")
            if texts[0] is None or texts[1] is None:
                raise FormatError("has neither an image nor a width and height", where)
            width = parse_int(texts[0], f"{where}@width")
            height = parse_int(texts[1], f"{where}@height")
        grids = [grid_from_element(c) for c in el.children if c.tag in GRID_TAGS]
        extra = tuple(raw_from(c) for c in el.children if c.tag not in GRID_TAGS)
        if len(grids) > 1:
            raise FormatError("holds more than one grid", where)
        return cls(name, width, height, grids[0] if grids else None,
                   parse_bool(attr(attrs, "reversible") or "false"), image, attrs, extra)

    def to_element(self, factory: Factory) -> object:
        """The element as read; a board made in code gets VASSAL's attribute set."""
        attrs = self.attrs or self._default_attrs()
        children = ([self.grid.to_element(factory)] if self.grid else [])
        return build(factory, BOARD, attrs, children + [c.to_element(factory) for c in self.extra])

    def _default_attrs(self) -> Attrs:
        size = () if self.image else (("height", str(self.height)),)
        tail = () if self.image else (("width", str(self.width)),)
        return size + (("image", self.image), ("name", self.name),
                       ("reversible", "true" if self.reversible else "false")) + tail

    @property
    def size(self) -> Size:
        """The board's pixel size: the container its grid counts from."""
        return Size(self.width, self.height)

    def _flip(self, point: Point, reversed_: bool) -> Point:
        return (self.width - point[0], self.height - point[1]) if reversed_ else point

    def location_name(self, local: Point, reversed_: bool = False) -> str | None:
        """The grid's name for a point in board-local pixels; None when there is none."""
        if self.grid is None:
            return None
        return self.grid.location_name(self._flip(local, reversed_), self.size)

    def point_for(self, name: str, reversed_: bool = False) -> Point:
        """Board-local pixels that this board names ``name``."""
        if self.grid is None:
            raise LocationError(f"board {self.name!r} has no grid, so it names no location")
        return self._flip(self.grid.point_for(name, self.size), reversed_)


@dataclass(frozen=True)
class PlacedBoard:
    """A board in cell (column, row) of a map's board layout, possibly reversed."""

    board: Board
    column: int
    row: int
    reversed: bool = False


@dataclass(frozen=True)
class MapLayout:
    """The boards of one map as laid out, and the map's edge margins."""

    boards: tuple[PlacedBoard, ...]
    edge_width: int = 0
    edge_height: int = 0

    @classmethod
    def of(cls, boards: Iterable[PlacedBoard | tuple[Board, int, int]], edge_width: int = 0,
           edge_height: int = 0) -> MapLayout:
        """A layout from ``(board, column, row)`` tuples or ``PlacedBoard``s, in map order."""
        placed = tuple(b if isinstance(b, PlacedBoard) else PlacedBoard(*b) for b in boards)
        return cls(placed, edge_width, edge_height)

    def origin(self, placed: PlacedBoard) -> Point:
        """Map pixels of the board's top-left corner (``Map.setBoardBoundaries``)."""
        x = sum(p.board.width for p in self._cells(row=placed.row) if p.column < placed.column)
        y = sum(p.board.height for p in self._cells(column=placed.column) if p.row < placed.row)
        return self.edge_width + x, self.edge_height + y

    def _cells(self, row: int | None = None, column: int | None = None) -> list[PlacedBoard]:
        """One board per cell (VASSAL's size table keeps the last board put in a cell)."""
        cells: dict[tuple[int, int], PlacedBoard] = {}
        for p in self.boards:
            if (row is None or p.row == row) and (column is None or p.column == column):
                cells[(p.column, p.row)] = p
        return list(cells.values())

    def board_at(self, x: int, y: int) -> PlacedBoard | None:
        """The first board whose rectangle holds the map point (right/bottom edges excluded)."""
        for placed in self.boards:
            ox, oy = self.origin(placed)
            if ox <= x < ox + placed.board.width and oy <= y < oy + placed.board.height:
                return placed
        return None

    def locate(self, x: int, y: int) -> tuple[Board | None, str]:
        """``(board, location name)`` of a map point; ``offboard`` where VASSAL says so."""
        placed = self.board_at(x, y)
        if placed is None:
            return None, OFFBOARD
        ox, oy = self.origin(placed)
        name = placed.board.location_name((x - ox, y - oy), placed.reversed)
        return placed.board, OFFBOARD if name is None else name

    def map_point(self, board_name: str, location: str) -> Point:
        """Map pixels that ``locate`` names ``(board, location)``: for placing pieces."""
        placed = next((p for p in self.boards if p.board.name == board_name), None)
        if placed is None:
            raise LocationError(f"no board named {board_name!r} on this map")
        lx, ly = placed.board.point_for(location, placed.reversed)
        ox, oy = self.origin(placed)
        point = (ox + lx, oy + ly)
        if self.board_at(*point) is not placed or self.locate(*point)[1] != location:
            raise LocationError(f"{location!r} on {board_name!r} lies under another board")
        return point
