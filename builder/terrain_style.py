"""How terrain looks on a drawn board: one colour (and a mark colour) per terrain or feature code.

The builder draws with this style, and `adjutant digitize` reads a drawn board back with the
same colours (the drawing's own legend), so the two agree by construction. Colours come from
the code's category (effects.xlsx Terrain); codes sharing a category get distinct shades, in
the order the chart lists them, so no two codes of a system look alike.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gamedata.model import TerrainType

RGB = tuple[int, int, int]

PAPER: RGB = (238, 230, 208)
"""A hex nobody entered: plain paper, so missing data shows at once."""

FILLS: dict[str, tuple[RGB, RGB]] = {       # category -> (hex fill, mark for a second code in a hex)
    "clear": ((250, 248, 240), (170, 170, 170)),
    "field": ((238, 234, 160), (170, 160, 50)),
    "field-boundary": ((214, 220, 140), (125, 125, 40)),
    "woods": ((150, 200, 118), (40, 110, 40)),
    "orchard": ((196, 222, 150), (120, 150, 20)),
    "thicket": ((102, 156, 90), (15, 75, 15)),
    "marsh": ((150, 204, 196), (30, 120, 140)),
    "swamp": ((126, 184, 176), (20, 95, 105)),
    "slope": ((216, 194, 146), (140, 100, 50)),
    "rough": ((226, 206, 158), (155, 112, 58)),
    "town": ((204, 192, 188), (95, 85, 85)),
    "city": ((168, 162, 162), (60, 60, 60)),
    "water": ((124, 172, 232), (30, 90, 200)),
    "camp": ((236, 214, 198), (150, 60, 40)),
    "fort": ((192, 170, 150), (100, 60, 30)),
    "other": ((226, 208, 228), (150, 60, 150)),
}
EDGES: dict[str, RGB] = {                   # hexside categories: drawn along the side
    "stream": (40, 125, 225), "creek": (20, 70, 205), "river": (0, 60, 170), "major-river": (0, 35, 125),
    "lake": (70, 150, 235), "ford": (235, 135, 15), "bridge": (0, 0, 0), "ferry": (205, 0, 205),
    "ridge": (150, 80, 20), "gully": (105, 65, 25), "slope-edge": (185, 125, 60), "woods-edge": (0, 105, 0),
    "field-boundary": (205, 175, 0), "trench": (225, 0, 0), "breastworks": (150, 0, 175),
    "impassable": (120, 132, 152), "map-edge": (60, 45, 30), "county": (255, 120, 185), "other": (255, 0, 255),
}
ROUTES: dict[str, tuple[RGB, int]] = {      # route categories: (colour, width as a share of 100 px of hex)
    "pike": ((205, 30, 30), 9), "road": ((175, 85, 40), 8), "lane": ((210, 165, 105), 6),
    "trail": ((140, 110, 80), 4), "railroad": ((70, 70, 92), 5),
}
CROSSING_MARKS = ("bridge", "ford", "ferry")
"""Hexside categories drawn as a mark across the side's middle, not along the side."""
SHADE = 0.28
"""How much darker the highest elevation level is than the lowest."""


@dataclass(frozen=True)
class Look:
    """How one code is drawn: `colour` (hex fill, side stroke or route line) and `mark`
    (the small symbol of a hex's second code)."""

    code: str
    applies: str
    category: str
    colour: RGB
    mark: RGB = (0, 0, 0)
    width: int = 0


def _variant(colour: RGB, index: int) -> RGB:
    """The index-th shade of a colour: darker and lighter in turn, never the same twice."""
    if index == 0:
        return colour
    step = (index + 1) // 2
    if index % 2:
        f = 0.80 ** step
        return (int(colour[0] * f), int(colour[1] * f), int(colour[2] * f))
    t = min(0.6, 0.3 * step)
    return tuple(int(c + (255 - c) * t) for c in colour)  # type: ignore[return-value]


@dataclass(frozen=True)
class Style:
    """The looks of a system's codes, by code (a frozen value: it is part of a board's cache key)."""

    looks: tuple[Look, ...]

    def look(self, code: str) -> Look | None:
        return next((k for k in self.looks if k.code == code), None)

    @property
    def by_code(self) -> dict[str, Look]:
        return {k.code: k for k in self.looks}


def style_for(types: Iterable[TerrainType]) -> Style:
    """A look for every code of the chart, in chart order."""
    seen: dict[tuple[str, str], int] = {}
    looks = []
    for t in types:
        key = (t.applies, t.category)
        index = seen.get(key, 0)
        seen[key] = index + 1
        if t.applies == "route":
            colour, width = ROUTES.get(t.category, ROUTES["trail"])
            looks.append(Look(t.code, t.applies, t.category, _variant(colour, index), width=width))
        elif t.applies == "hexside":
            looks.append(Look(t.code, t.applies, t.category, _variant(EDGES.get(t.category, EDGES["other"]), index)))
        else:
            fill, mark = FILLS.get(t.category, FILLS["other"])
            looks.append(Look(t.code, t.applies, t.category, _variant(fill, index), _variant(mark, index)))
    return Style(tuple(looks))


def shade(colour: RGB, level: int | None, levels: tuple[int, int] | None) -> RGB:
    """A hex fill darkened with its elevation: the lowest level as is, the highest by SHADE."""
    if level is None or levels is None or levels[1] <= levels[0]:
        return colour
    t = SHADE * (min(max(level, levels[0]), levels[1]) - levels[0]) / (levels[1] - levels[0])
    return (int(colour[0] * (1 - t)), int(colour[1] * (1 - t)), int(colour[2] * (1 - t)))
