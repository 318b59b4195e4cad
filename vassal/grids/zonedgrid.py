"""VASSAL's ``ZonedGrid``: polygons (zones) with their own grids over a background grid.

Format reference §2.3 and §3.7. A point belongs to the first zone, in document
order, whose polygon contains it by Java's ``Polygon.contains`` insideness: a
point on an edge counts only if the inside lies to its right (or below a
horizontal edge). Zone grids work in board coordinates but count descending
numbers from the zone's bounding box. ``useParentGrid`` zones use the
background grid, which counts from the board.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from vassal.grids.base import (
    MAPGRID,
    PKG,
    Attrs,
    ElementLike,
    GridElement,
    LocationError,
    Point,
    RawElement,
    Size,
    attr,
    raw_from,
)
from vassal.grids.formats import expand, format_tokens
from vassal.grids.hexgrid import HEX_GRID, HexGrid
from vassal.grids.javamath import java_int_div, java_trim, try_int
from vassal.grids.regiongrid import REGION_GRID, RegionGrid
from vassal.grids.squaregrid import SQUARE_GRID, SquareGrid
from vassal.sequence import decode

ZONED_GRID = PKG + "ZonedGrid"
ZONE = MAPGRID + "Zone"

#: A grid that can stand alone on a board or in a zone.
SimpleGrid = HexGrid | SquareGrid | RegionGrid
_SIMPLE: dict[str, Callable[[ElementLike], SimpleGrid]] = {
    HEX_GRID: HexGrid.from_element,
    SQUARE_GRID: SquareGrid.from_element,
    REGION_GRID: RegionGrid.from_element,
}
#: A grid's name-to-point method: ``point_for`` or ``vassal_location``.
Locator = Callable[[SimpleGrid, str, Size], Point]
#: A proposed point for a name, with the zone and grid that proposed it.
Candidate = tuple[Point, "Zone | None", "SimpleGrid | None"]
#: How far from a cell's centre (or a region's origin) ``point_for`` looks, at most.
_MAX_RADIUS = 160


def simple_grid_from_element(el: ElementLike) -> SimpleGrid | None:
    """A Hex/Square/Region grid, or None when the element is something else."""
    reader = _SIMPLE.get(el.tag)
    return reader(el) if reader else None


def parse_path(path: str) -> tuple[Point, ...]:
    """A zone's ``x1,y1;x2,y2;...`` as ``PolygonEditor.reset`` reads it: bad pairs are skipped."""
    points: list[Point] = []
    for pair in decode(path, ";"):
        fields = decode(pair, ",")
        if len(fields) < 2:
            continue
        x, y = try_int(java_trim(fields[0])), try_int(java_trim(fields[1]))
        if x is not None and y is not None:
            points.append((x, y))
    return tuple(points)


@dataclass(frozen=True)
class Polygon:
    """A ``java.awt.Polygon`` of int vertices, with Java's insideness rule."""

    points: tuple[Point, ...]
    #: ``(x, y, width, height)`` of the bounding box, as ``Polygon.getBounds``.
    bounds: tuple[int, int, int, int] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        xs, ys = [p[0] for p in self.points] or [0], [p[1] for p in self.points] or [0]
        object.__setattr__(self, "bounds", (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))

    def contains(self, point: Point) -> bool:
        """Crossing-number test against a ray to the right, edges half-open in y."""
        x, y = point
        bx, by, bw, bh = self.bounds
        if len(self.points) <= 2 or not (bx <= x < bx + bw and by <= y < by + bh):
            return False
        crossings = 0
        previous = self.points[-1]
        for current in self.points:
            (x1, y1), (x2, y2), previous = previous, current, current
            if y1 == y2:
                continue
            (xa, ya), (xb, yb) = ((x1, y1), (x2, y2)) if y1 < y2 else ((x2, y2), (x1, y1))
            if not ya <= y < yb or x >= max(x1, x2):
                continue
            # The edge's x at this y, in the same double arithmetic Java uses.
            if x < min(x1, x2) or (x - xa) < (y - ya) / (yb - ya) * (xb - xa):
                crossings += 1
        return crossings % 2 == 1


@dataclass(frozen=True)
class Zone(GridElement):
    """A ``Zone``: name, polygon, location format and its own grid (or the background's)."""

    attrs: Attrs
    children: tuple[SimpleGrid | RawElement, ...] = ()
    tag: str = ZONE
    name: str = field(init=False)
    polygon: Polygon = field(init=False)
    location_format: str = field(init=False)
    use_parent_grid: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", attr(self.attrs, "name") or "")
        object.__setattr__(self, "polygon", Polygon(parse_path(attr(self.attrs, "path") or "")))
        fmt = attr(self.attrs, "locationFormat")
        object.__setattr__(self, "location_format", "$name$" if fmt is None else fmt)
        object.__setattr__(self, "use_parent_grid", attr(self.attrs, "useParentGrid") == "true")

    @staticmethod
    def read_child(el: ElementLike) -> SimpleGrid | RawElement:
        """A zone's grid is interpreted; ZoneProperties and anything else are kept verbatim."""
        return simple_grid_from_element(el) or raw_from(el)

    @property
    def own_grid(self) -> SimpleGrid | None:
        """The grid inside this zone's element (the last, as VASSAL keeps the last set)."""
        grids = [c for c in self.children if not isinstance(c, RawElement)]
        return grids[-1] if grids else None

    @property
    def size(self) -> Size:
        """The bounding-box size a zone grid counts descending numbers from."""
        _, _, width, height = self.polygon.bounds
        return Size(width, height)


@dataclass(frozen=True)
class ZonedGrid(GridElement):
    """A ``ZonedGrid``: zones, an optional background grid and other children, in order."""

    attrs: Attrs
    children: tuple[Zone | SimpleGrid | RawElement, ...] = ()
    tag: str = ZONED_GRID

    @staticmethod
    def read_child(el: ElementLike) -> Zone | SimpleGrid | RawElement:
        """Zones and the background grid are interpreted; anything else is kept verbatim."""
        if el.tag == ZONE:
            return Zone.from_element(el)
        return simple_grid_from_element(el) or raw_from(el)

    @property
    def zones(self) -> tuple[Zone, ...]:
        """Zones in document order: the order VASSAL tries them."""
        return tuple(c for c in self.children if isinstance(c, Zone))

    @property
    def background(self) -> SimpleGrid | None:
        """The grid used outside every zone (the last grid child, as VASSAL keeps the last)."""
        grids = [c for c in self.children if not isinstance(c, (Zone, RawElement))]
        return grids[-1] if grids else None

    def zone_at(self, point: Point) -> Zone | None:
        """The first zone containing a board point."""
        return next((z for z in self.zones if z.polygon.contains(point)), None)

    def _grid_of(self, zone: Zone, board: Size) -> tuple[SimpleGrid | None, Size]:
        if zone.use_parent_grid:
            return self.background, board
        return zone.own_grid, zone.size

    def location_name(self, point: Point, size: Size) -> str | None:
        """The first containing zone's name, else the background grid's; None if neither."""
        zone = self.zone_at(point)
        if zone is None:
            return None if self.background is None else self.background.location_name(point, size)
        grid, grid_size = self._grid_of(zone, size)
        inner = None if grid is None else grid.location_name(point, grid_size)
        return expand(zone.location_format, {"name": zone.name, "gridLocation": inner},
                      unknown_as_name=True)

    def _candidates(self, name: str, size: Size, locate: Locator,
                    contained: bool = True) -> Iterator[Candidate]:
        """``(point, zone, grid)`` each zone (then the background) offers for ``name``.

        In VASSAL's order. With ``contained`` (VASSAL's rule) a zone's offer
        counts only when the zone contains the point.
        """
        for zone in self.zones:
            grid, grid_size = self._grid_of(zone, size)
            inner = _match_zone_format(zone, name, grid is not None)
            if inner is False or (inner is not True and grid is None):
                continue
            try:
                point = _zone_anchor(zone) if inner is True else locate(grid, inner, grid_size)
            except LocationError:
                continue
            if zone.polygon.contains(point) or not contained:
                yield point, zone, None if inner is True else grid
        if self.background is not None:
            try:
                yield locate(self.background, name, size), None, self.background
            except LocationError:
                pass

    def vassal_location(self, name: str, size: Size) -> Point:
        """VASSAL's ``getLocation``: the first zone that parses the name, else the background."""
        for point, _, _ in self._candidates(name, size, lambda g, n, s: g.vassal_location(n, s)):
            return point
        raise LocationError(f"no zone or grid names a location {name!r}")

    def point_for(self, name: str, size: Size) -> Point:
        """A point VASSAL names ``name``.

        Each zone (then the background) proposes the centre of its cell; a cell
        cut by a zone edge may have its centre outside the zone, or under an
        earlier zone, so pixels around the centre, out to the cell's size, are
        tried in a fixed order (coarse, then every pixel).
        """
        for centre, zone, grid in self._candidates(name, size, lambda g, n, s: g.point_for(n, s),
                                                   contained=False):
            radius = min(math.ceil(max(grid.dx, grid.dy)), _MAX_RADIUS) \
                if isinstance(grid, (HexGrid, SquareGrid)) else _MAX_RADIUS
            for point in _nearby(centre, radius):
                if (zone is None or zone.polygon.contains(point)) and \
                        self.location_name(point, size) == name:
                    return point
        raise LocationError(f"no point of this board is named {name!r}")


def _match_zone_format(zone: Zone, name: str, has_grid: bool) -> str | bool:
    """Match ``name`` against the zone's format (``Zone.getLocation``).

    Returns the grid-location part, True when the format has no grid part and
    matches, or False when it does not match.
    """
    regex, groups = "", 0
    for is_property, token in format_tokens(zone.location_format):
        if not is_property:
            regex += re.escape(token)
        elif token == "name":
            regex += re.escape(zone.name)
        elif token == "gridLocation" and has_grid:
            regex += "(.*)"
            groups += 1
    match = re.fullmatch(regex, name) if regex else None
    if match is None:
        return False
    return match.group(groups) if groups else True


def _zone_anchor(zone: Zone) -> Point:
    """Where VASSAL puts a gridless zone's location: the vertex mean, else the first vertex."""
    points = zone.polygon.points
    if not points:
        raise LocationError(f"zone {zone.name!r} has no shape")
    mean = (java_int_div(sum(p[0] for p in points), len(points)),
            java_int_div(sum(p[1] for p in points), len(points)))
    return mean if zone.polygon.contains(mean) else points[0]


@lru_cache(maxsize=8)
def _offsets(radius: int) -> tuple[Point, ...]:
    """Offsets within ``radius``: every 4th pixel nearest first, then all the others likewise."""
    span = range(-radius, radius + 1)
    inside = [(dx, dy) for dx in span for dy in span if dx * dx + dy * dy <= radius * radius]
    return tuple(sorted(inside, key=lambda o: (o[0] % 4 != 0 or o[1] % 4 != 0,
                                               o[0] * o[0] + o[1] * o[1], o[1], o[0])))


def _nearby(centre: Point, radius: int) -> Iterator[Point]:
    for dx, dy in _offsets(radius):
        yield centre[0] + dx, centre[1] + dy
