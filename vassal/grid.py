"""Board grids: VASSAL's exact point -> location name, name -> point, and hex topology.

The public entry point over ``vassal.grids``: ``grid_from_element`` turns any
of the four grid elements a Board may hold into its model. Every grid offers

* ``location_name(point, size)``: the name VASSAL gives a board point, or None
  where VASSAL has none (the map then says ``offboard``);
* ``point_for(name, size)``: a point that ``location_name`` names ``name`` (for
  hexes, the snap centre), raising ``LocationError`` for names never produced;
* ``vassal_location(name, size)``: what VASSAL's own parser returns, quirks kept;
* ``to_element(factory)``: the element back, attributes verbatim.

``renumbered(grid, **numbering)`` gives a hex grid another numbering: a community module's grid
without one (VASSAL names every point on it ``offboard``) named as a game numbers its hexes.

``size`` is the board's size (its image size, or width/height without image).
"""

from __future__ import annotations

from dataclasses import replace

from vassal.components import grid_numbering
from vassal.errors import FormatError
from vassal.grids.base import ElementLike, LocationError, Point, RawElement, Size
from vassal.grids.hexgrid import (
    FLAT_DIRECTIONS,
    POINTY_DIRECTIONS,
    HexGrid,
    Hexside,
    RawHex,
)
from vassal.grids.numbering import GridNumbering
from vassal.grids.regiongrid import Region, RegionGrid
from vassal.grids.squaregrid import SquareGrid
from vassal.grids.zonedgrid import (
    ZONED_GRID,
    Polygon,
    SimpleGrid,
    Zone,
    ZonedGrid,
    simple_grid_from_element,
)

#: Any grid a Board can hold.
MapGrid = SimpleGrid | ZonedGrid

GRID_TAGS = (HexGrid.tag, SquareGrid.tag, RegionGrid.tag, ZONED_GRID)

__all__ = [
    "FLAT_DIRECTIONS", "GRID_TAGS", "POINTY_DIRECTIONS", "GridNumbering", "HexGrid", "Hexside",
    "LocationError", "MapGrid", "Point", "Polygon", "RawElement", "RawHex", "Region", "RegionGrid",
    "Size", "SquareGrid", "Zone", "ZonedGrid", "grid_from_element", "renumbered",
]


def grid_from_element(el: ElementLike) -> MapGrid:
    """The grid model for a HexGrid, SquareGrid, RegionGrid or ZonedGrid element."""
    if el.tag == ZONED_GRID:
        return ZonedGrid.from_element(el)
    grid = simple_grid_from_element(el)
    if grid is None:
        raise FormatError(f"{el.tag} is not a board grid", "Board")
    return grid


def renumbered(grid: HexGrid, **numbering: object) -> HexGrid:
    """``grid`` with its HexGridNumbering replaced by (or, where it has none, given) one of these
    attributes (``vassal.components.grid_numbering``'s keywords); geometry and other children kept."""
    child = GridNumbering.from_element(grid_numbering("hex", **numbering))  # type: ignore[arg-type]
    return replace(grid, children=(*(c for c in grid.children if not isinstance(c, GridNumbering)), child))
