"""Colour and texture statistics of a map image's hexes and hexsides, for `adjutant digitize`.

Nothing here knows what any terrain looks like: it measures, and `builder.samples` compares
the measures with those of the hexes and hexsides a player names as samples.

- A hex: the histogram of its colours (in a palette of the map's own commonest colours,
  smoothed so that near shades count as near), the histogram of its edge strength (flat fill,
  hatching, symbols), how dark its outline is (a hex has one, a margin or a lake does not),
  and its fill (the median colour), inside the hex clear of its sides.
- A hexside: profiles across three strips, each row (or column) of a strip averaged along its
  length, as its colour minus the fill of the hex it lies in, and its edge strength:
  `along` the side (a river, a ridge, a wadi: what lies on the side and on which hex's side of
  it), `route` along the line joining the two centres near the side (a road crossing it), and
  `middle`, a short piece of the side at its midpoint (a bridge, a ford).

Pixel work is done by Pillow (histograms, affine resampling, box averages) and numpy (medians
and differences of profiles), so a 5000 x 5000 board takes seconds.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

PALETTE = 24
"""Colours of the map's own palette (from a thumbnail of it)."""
SMOOTHING = 30.0
"""RGB distance at which two palette colours count as about a third alike."""
EDGE_BINS = (0, 10, 30, 80, 256)
OUTLINE_POINTS = 8
"""Points per side where the hex's outline is looked for."""
INNER = 0.72
"""Share of the hex (from its centre to its corners) whose colours describe it: clear of its sides."""
ALONG_ROWS, ROUTE_COLUMNS, MIDDLE_ROWS = 16, 12, 8
SAMPLES = 24
"""Points along a strip's length whose median colour describes a row."""
REGISTER = 4
"""Rows on either side of where the grid puts a hexside within which its drawn line is looked for."""


@dataclass(frozen=True)
class Cell:
    """Where a hex lies in the image: its centre, the grid's column spacing `dx` and hex
    height `dy` (VASSAL's HexGrid terms), and whether the hexes are pointy-topped."""

    x: float
    y: float
    dx: float
    dy: float
    sideways: bool = False

    def corners(self, share: float = 1.0) -> list[tuple[float, float]]:
        """The hex's six corners, pulled toward its centre by `share`."""
        half_width, half_height = self.dx * 2 / 3 * share, self.dy / 2 * share
        flat = [(-half_width, 0.0), (-half_width / 2, -half_height), (half_width / 2, -half_height),
                (half_width, 0.0), (half_width / 2, half_height), (-half_width / 2, half_height)]
        if self.sideways:
            flat = [(v, u) for u, v in flat]
        return [(self.x + u, self.y + v) for u, v in flat]

    @property
    def radius(self) -> float:
        """Centre to corner."""
        return self.dx * 2 / 3


@dataclass(frozen=True, eq=False)
class HexStats:
    """`colours` (smoothed palette shares), `edges` (edge-strength shares), `outline` (share of
    the sides where a line is drawn), `fill` (median colour)."""

    colours: np.ndarray
    edges: np.ndarray
    outline: float
    fill: np.ndarray


@dataclass(frozen=True, eq=False)
class SideStats:
    """Profiles oriented from hex `a` to hex `b`, one row of 4 numbers (colour minus fill, 3,
    and edge strength) per row of a strip: `along` and `middle` rows run from a's side of the
    hexside to b's, `route` rows across the line joining the centres."""

    along: np.ndarray
    route: np.ndarray
    middle: np.ndarray

    def flipped(self) -> SideStats:
        """The same hexside seen from b: rows reversed (the route mirrored across its line)."""
        return SideStats(self.along[::-1], self.route[::-1], self.middle[::-1])

    def minus(self, other: SideStats) -> SideStats:
        return SideStats(self.along - other.along, self.route - other.route, self.middle - other.middle)

    @staticmethod
    def median(found: Sequence[SideStats]) -> SideStats:
        """Element by element, the median of some hexsides' profiles."""
        return SideStats(*(np.median(np.stack([getattr(s, part) for s in found]), axis=0)
                           for part in ("along", "route", "middle")))


def _median(histogram: list[int]) -> int:
    total, seen = sum(histogram), 0
    for value, count in enumerate(histogram):
        seen += count
        if 2 * seen >= total:
            return value
    return 0


def _normalised(values: np.ndarray) -> np.ndarray:
    total = values.sum()
    return values / total if total else values


class MapStatistics:
    """One map image prepared once: its colours, luminance, edge strength and palette."""

    def __init__(self, image: Image.Image) -> None:
        self.rgb = image.convert("RGB")
        self.luminance = self.rgb.convert("L")
        self.edges = self.luminance.filter(ImageFilter.FIND_EDGES)
        self._levels = np.asarray(self.luminance)
        # colour and edge strength as the four bands of one image, resampled together (CMYK is
        # only a container here: unlike RGBA, no band weighs the others when resampled)
        self._strips = Image.merge("CMYK", (*self.rgb.split(), self.edges))
        thumb = self.rgb.copy()
        thumb.thumbnail((400, 400))
        palette_image = thumb.quantize(colors=PALETTE, method=Image.Quantize.MEDIANCUT)
        flat = (palette_image.getpalette() or [])[:3 * PALETTE]
        self.palette = np.array(flat, dtype=float).reshape(-1, 3)
        self.indexed = self.rgb.quantize(palette=palette_image, dither=Image.Dither.NONE)
        apart = ((self.palette[:, None, :] - self.palette[None, :, :]) ** 2).sum(axis=2)
        self._alike = np.exp(-apart / (2 * SMOOTHING * SMOOTHING))

    # -- hexes -----------------------------------------------------------------------------

    def hex(self, cell: Cell) -> HexStats:
        """The hex's statistics, from the part of it clear of its sides (and inside the image)."""
        reach = cell.radius * 1.1
        width, height = self.rgb.size
        box = (max(0, int(cell.x - reach)), max(0, int(cell.y - reach)),
               min(width, int(cell.x + reach) + 1), min(height, int(cell.y + reach) + 1))
        inside = Image.new("L", (box[2] - box[0], box[3] - box[1]), 0)
        ImageDraw.Draw(inside).polygon([(x - box[0], y - box[1]) for x, y in cell.corners(INNER)], fill=255)
        shares = _normalised(np.array(self.indexed.crop(box).histogram(mask=inside)[:len(self.palette)], dtype=float))
        colours = _normalised(self._alike @ shares)
        edge_counts = np.array(self.edges.crop(box).histogram(mask=inside), dtype=float)
        edges = _normalised(np.array([edge_counts[lo:hi].sum() for lo, hi in zip(EDGE_BINS, EDGE_BINS[1:])]))
        outline = self._outline(cell, _median(self.luminance.crop(box).histogram(mask=inside)))
        channels = self.rgb.crop(box).histogram(mask=inside)
        fill = np.array([_median(channels[256 * c:256 * (c + 1)]) for c in range(3)], dtype=float)
        return HexStats(colours, edges, outline, fill)

    def _outline(self, cell: Cell, fill_level: int) -> float:
        """The share of points along the hex's six sides where a line darker than its fill is
        drawn (within a few pixels: grids are rarely drawn exactly where they are computed)."""
        reach = max(1, round(cell.radius * 0.06))
        corners = np.array(cell.corners())
        ends = np.roll(corners, -1, axis=0)
        steps = 0.15 + 0.7 * np.arange(OUTLINE_POINTS) / (OUTLINE_POINTS - 1)
        points = (corners[:, None, :] + (ends - corners)[:, None, :] * steps[None, :, None]).reshape(-1, 2).round()
        height, width = self._levels.shape
        inside = points[(points[:, 0] >= 0) & (points[:, 0] < width) & (points[:, 1] >= 0) & (points[:, 1] < height)]
        if not len(inside):
            return 0.0
        offsets = np.arange(-reach, reach + 1)
        xs = np.clip(inside[:, 0, None, None] + offsets[None, None, :], 0, width - 1).astype(int)
        ys = np.clip(inside[:, 1, None, None] + offsets[None, :, None], 0, height - 1).astype(int)
        darkest = self._levels[ys, xs].reshape(len(inside), -1).min(axis=1)
        return float((darkest < 0.75 * fill_level).mean())

    # -- hexsides --------------------------------------------------------------------------

    @staticmethod
    def bearing(a: Cell, b: Cell) -> tuple[int, bool]:
        """The hexside's orientation (the line a-b, to 15 degrees, modulo a half turn) and
        whether a to b runs the orientation's own way (down the image, or rightward)."""
        angle = math.degrees(math.atan2(b.y - a.y, b.x - a.x)) % 360
        return round(angle % 180 / 15) % 12, 0 <= angle < 180

    def side(self, a: Cell, b: Cell, fill_a: np.ndarray, fill_b: np.ndarray) -> SideStats:
        """The three profiles of the hexside between `a` and `b`, oriented from a to b.

        The strip along the side is centred on the line drawn there (its darkest row within
        REGISTER rows of where the grid puts it: a hand-drawn or scanned grid is seldom drawn
        exactly where it is computed); the middle is the centre of that strip."""
        side = math.hypot(b.x - a.x, b.y - a.y) / math.sqrt(3)
        middle = (fill_a + fill_b) / 2
        total = ALONG_ROWS + 2 * REGISTER
        strip = self._strip(a, b, 0.8 * side, 0.6 * side * total / ALONG_ROWS)
        values = np.asarray(strip.resize((SAMPLES, total), Image.Resampling.BOX), dtype=float)
        darkness = np.median(values[:, :, :3], axis=1).sum(axis=1)
        first = total // 2 - 1 - REGISTER                              # the grid's line lies between two rows
        line = first + int(np.argmin(darkness[first:total // 2 + REGISTER + 1]))
        shift = line - (total // 2 - 1) if line < total // 2 else line - total // 2
        width, height = strip.size
        patch = height * 0.35 * ALONG_ROWS / (0.6 * total)          # 0.35 of a side, in the strip's pixels
        top = height / 2 + shift * height / total - patch / 2
        centre = strip.crop((round(width * 0.28), round(top), round(width * 0.72), round(top + patch)))
        return SideStats(
            _profile(values[REGISTER + shift:REGISTER + shift + ALONG_ROWS], (fill_a, middle, fill_b)),
            _rows(self._strip(a, b, 0.9 * side, 0.3 * side, across=True), ROUTE_COLUMNS, (middle,) * 3),
            _rows(centre, MIDDLE_ROWS, (fill_a, middle, fill_b)),
        )

    def _strip(self, a: Cell, b: Cell, length: float, breadth: float, across: bool = False) -> Image.Image:
        """The rectangle centred on the hexside's midpoint, `length` along the side by `breadth`
        across it (or, `across`, `length` along the line joining the centres by `breadth` across
        that line), resampled at about one pixel per image pixel, colour with edge strength as
        alpha: x runs along, y across (from a to b, or across the line joining the centres)."""
        distance = math.hypot(b.x - a.x, b.y - a.y)
        vx, vy = (b.x - a.x) / distance, (b.y - a.y) / distance
        (ux, uy), (wx, wy) = ((vx, vy), (-vy, vx)) if across else ((-vy, vx), (vx, vy))
        width, height = max(8, min(160, round(length))), max(8, min(160, round(breadth)))
        mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
        data = (ux * length / width, wx * breadth / height, mx - ux * length / 2 - wx * breadth / 2,
                uy * length / width, wy * breadth / height, my - uy * length / 2 - wy * breadth / 2)
        return self._strips.transform((width, height), Image.Transform.AFFINE, data, resample=Image.Resampling.BILINEAR)


def _rows(strip: Image.Image, rows: int, fills: tuple[np.ndarray, ...]) -> np.ndarray:
    """Each of `rows` rows of a strip (from its top: a's side) summed up along its length."""
    return _profile(np.asarray(strip.resize((SAMPLES, rows), Image.Resampling.BOX), dtype=float), fills)


def _profile(values: np.ndarray, fills: tuple[np.ndarray, ...]) -> np.ndarray:
    """Rows (of SAMPLES points of colour and edge strength) summed up: the median colour (what
    runs the whole length, not a label or a road crossing it) minus the fill of the hex the row
    lies in (the middle rows: of both), and the mean edge strength."""
    rows = values.shape[0]
    medians = np.median(values[:, :, :3], axis=1)
    strength = values[:, :, 3].mean(axis=1, keepdims=True)
    fill = np.array([fills[0] if 2 * row < rows - 2 else fills[2] if 2 * row > rows else fills[1]
                     for row in range(rows)])
    return np.hstack([(medians - fill) / 255, strength / 128])
