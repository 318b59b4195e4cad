"""VASSAL's ``RegionGrid`` ("irregular grid"): named points; a point takes the nearest one's name.

VASSAL keeps the regions in a ``HashMap`` keyed by origin point and scans it
for the nearest origin, keeping the first strictly closer one. Ties therefore
go to whichever origin Java's HashMap iterates first, and two regions on the
same origin leave only the later one. ``java_hashmap_order`` reproduces that
iteration order (bucket by bucket, insertion order inside a bucket), so ties
resolve as in VASSAL. Not modelled: the reordering inside a bucket that Java
turns into a tree, which needs nine colliding origins on a table of 64+.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from vassal.grids.base import (
    PKG,
    Attrs,
    ElementLike,
    Factory,
    GridElement,
    LocationError,
    Point,
    RawElement,
    Size,
    attr,
    build,
    freeze,
    int_attr,
    raw_from,
)
from vassal.grids.javamath import point_hash

REGION_GRID = PKG + "RegionGrid"
REGION = PKG + "Region"

_TREEIFY_AT = 9          # a bucket this long makes Java resize a table smaller than 64
_MIN_TREE_TABLE = 64


def _bucket(key: Point, capacity: int) -> int:
    h = point_hash(*key) & 0xFFFFFFFF
    return (h ^ (h >> 16)) & (capacity - 1)


def java_hashmap_order(keys: Sequence[Point]) -> list[Point]:
    """Distinct keys in the order a ``java.util.HashMap`` built by inserting ``keys`` iterates."""
    distinct: list[Point] = []
    seen: set[Point] = set()
    capacity = 16
    counts: dict[int, int] = {}
    for key in keys:
        if key in seen:
            continue
        seen.add(key)
        distinct.append(key)
        bucket = _bucket(key, capacity)
        counts[bucket] = counts.get(bucket, 0) + 1
        grow = len(distinct) > capacity * 3 // 4
        if counts[bucket] >= _TREEIFY_AT and capacity < _MIN_TREE_TABLE:
            grow = True
        if grow:
            capacity *= 2
            counts = {}
            for k in distinct:
                b = _bucket(k, capacity)
                counts[b] = counts.get(b, 0) + 1
    order = {key: i for i, key in enumerate(distinct)}
    return sorted(distinct, key=lambda k: (_bucket(k, capacity), order[k]))


@dataclass(frozen=True)
class Region:
    """A named point (``Region``: name, originx, originy)."""

    attrs: Attrs
    tag: str = REGION
    name: str = field(init=False)
    origin: Point = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", attr(self.attrs, "name") or "")
        object.__setattr__(self, "origin", (int_attr(self.attrs, self.tag, "originx", 0),
                                            int_attr(self.attrs, self.tag, "originy", 0)))

    def to_element(self, factory: Factory) -> object:
        """The element as read."""
        return build(factory, self.tag, self.attrs, [])


@dataclass(frozen=True)
class RegionGrid(GridElement):
    """A ``RegionGrid`` element: its regions (and anything else) in document order."""

    attrs: Attrs
    children: tuple[Region | RawElement, ...] = ()
    tag: str = REGION_GRID
    _scan: tuple[Region, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        latest: dict[Point, Region] = {}
        for region in self.regions:
            latest[region.origin] = region
        order = java_hashmap_order([r.origin for r in self.regions])
        object.__setattr__(self, "_scan", tuple(latest[p] for p in order))

    @staticmethod
    def read_child(el: ElementLike) -> Region | RawElement:
        """A childless Region element is read as one; anything else is kept verbatim."""
        return Region(freeze(el.attrs)) if el.tag == REGION and not el.children else raw_from(el)

    @property
    def regions(self) -> tuple[Region, ...]:
        """The regions in document order (duplicates of an origin included)."""
        return tuple(c for c in self.children if isinstance(c, Region))

    def nearest(self, point: Point) -> Region | None:
        """The region VASSAL picks for a point: nearest origin, ties to HashMap order."""
        best, best_distance = None, None
        for region in self._scan:
            dx, dy = point[0] - region.origin[0], point[1] - region.origin[1]
            distance = dx * dx + dy * dy
            if best_distance is None or distance < best_distance:
                best, best_distance = region, distance
        return best

    def location_name(self, point: Point, size: Size) -> str | None:
        """The nearest region's name; None when there are no regions."""
        region = self.nearest(point)
        return None if region is None else region.name

    def vassal_location(self, name: str, size: Size) -> Point:
        """VASSAL's ``getLocation``: the origin of the first region (HashMap order) so named."""
        region = next((r for r in self._scan if r.name == name), None)
        if region is None:
            raise LocationError(f"no region is named {name!r}")
        return region.origin

    def point_for(self, name: str, size: Size) -> Point:
        """The region's origin, checked to be named ``name`` (no nearer or earlier twin)."""
        point = self.vassal_location(name, size)
        if self.location_name(point, size) != name:
            raise LocationError(f"region {name!r} shares its origin's name with another region")
        return point
