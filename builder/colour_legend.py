"""Reading a map by colours: a legend of colours per code (terrain.xlsx Legend: sample colours, or a
patch cut from the map's printed key; without one, the legend of adjutant's own drawing).

Around each hex centre the reader sorts pixels into the legend's colours:
- a hex: two lobes left and right of its centre (clear of the hex id above and a name below):
  the main terrain is the commonest fill colour, a second code a mark of its colour, the
  elevation the shade of the fill where the legend has shades;
- a hexside: cross-sections along the side (streams, ridges...), along the line between the two
  centres (roads, lanes, railroads), and at the middle (bridges, fords).
It suits boards drawn in flat colours (adjutant's own); a printed map is better read by the
likeness of named sample hexes (`builder.samples`).
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from builder.boards import EDGE, HALO, HEX_LINE, LABEL, PLACE, SPECIAL
from builder.map_image import MapImage
from builder.scans import scan_path
from builder.terrain_draft import DOUBTFUL, DigitizeError, Draft, HexGuess, Kept, SideGuess
from builder.terrain_style import CROSSING_MARKS, PAPER, RGB, Style, shade, style_for
from gamedata.hexids import Hex
from gamedata.load import TERRAIN_FILE
from gamedata.model import Game, Problem
from gamedata.terrain import codes

NONE = "none"


@dataclass(frozen=True)
class Prototype:
    """One colour of the legend: what it stands for (`role` fill, mark, edge, crossing, route,
    or none for paper and lettering) and the elevation level of a shaded fill."""

    colour: RGB
    code: str
    role: str
    level: int | None = None


class Legend:
    """The colours to read a map with; `reach` is how far (RGB distance) a pixel may be from
    every colour and still count."""

    def __init__(self, prototypes: Iterable[Prototype], source: str, reach: float) -> None:
        self.prototypes = tuple(prototypes)
        self.source = source
        self.reach2 = reach * reach
        self._exact = {}
        for p in self.prototypes:
            self._exact.setdefault(p.colour, p)
        self._near: dict[RGB, Prototype | None] = {}

    def classify(self, rgb: RGB) -> Prototype | None:
        found = self._exact.get(rgb)
        if found is not None:
            return found
        key = (rgb[0] >> 2, rgb[1] >> 2, rgb[2] >> 2)
        if key not in self._near:
            r, g, b = (k * 4 + 2 for k in key)
            best, dist = None, self.reach2
            for p in self.prototypes:
                d = (p.colour[0] - r) ** 2 + (p.colour[1] - g) ** 2 + (p.colour[2] - b) ** 2
                if d <= dist:
                    best, dist = p, d
            self._near[key] = best
        return self._near[key]

    @property
    def has_levels(self) -> bool:
        return any(p.level is not None for p in self.prototypes)


def drawing_legend(style: Style, levels: tuple[int, int] | None) -> Legend:
    """The legend of the builder's drawing: every code's colour (fills at every elevation
    shade), the marks, and paper and lettering as colours that are no terrain."""
    out: list[Prototype] = []
    for look in style.looks:
        if look.applies == "hex":
            steps = range(levels[0], levels[1] + 1) if levels else (None,)
            out += [Prototype(shade(look.colour, level, levels), look.code, "fill", level) for level in steps]
            out.append(Prototype(look.mark, look.code, "mark"))
        elif look.applies == "route":
            out.append(Prototype(look.colour, look.code, "route"))
        else:
            out.append(Prototype(look.colour, look.code, "crossing" if look.category in CROSSING_MARKS else "edge"))
    out.append(Prototype(PAPER, "", "paper"))
    out += [Prototype(c, "", NONE) for c in (LABEL, PLACE, HEX_LINE, SPECIAL, HALO, EDGE, (255, 255, 255), (0, 0, 0))]
    # Lettering is drawn anti-aliased: its soft edge on the paper is lettering too (a place
    # name's edge is otherwise nearer a slope's brown line than the name's own red).
    out += [Prototype(_blend(c, PAPER, share), "", NONE) for c in (LABEL, PLACE, SPECIAL) for share in (0.25, 0.5, 0.75)]
    return Legend(out, "the legend of adjutant's own drawing (no Legend rows for this map)", 60.0)


def sheet_legend(game: Game, map_id: str, folder: Path) -> Legend | None:
    """The Legend rows of a map, or None when it has none. A patch gives its dominant colours."""
    rows = [e for e in game.legend if e.map == map_id]
    if not rows:
        return None
    types = {t.code: t for t in game.terrain_types}
    out: list[Prototype] = []
    for entry in rows:
        where = entry.origin.problem if entry.origin else (lambda c, m: Problem(TERRAIN_FILE, "Legend", 0, c, m))
        t = types.get(entry.code)
        if t is None:
            raise DigitizeError(where("code", f"unknown code '{entry.code}'"))
        role = {"hex": "fill", "route": "route"}.get(t.applies, "crossing" if t.category in CROSSING_MARKS else "edge")
        colours = [_hex_colour(c) for c in codes(entry.colours)]
        if entry.patch:
            colours += _patch_colours(folder, entry.patch, where)
        out += [Prototype(c, entry.code, role) for c in colours]
    return Legend(out, f"{TERRAIN_FILE} Legend rows of map '{map_id}'", 48.0)


def _blend(ink: RGB, paper: RGB, share: float) -> RGB:
    """The colour of `ink` covering `share` of a pixel of `paper`."""
    return tuple(round(share * i + (1 - share) * p) for i, p in zip(ink, paper))  # type: ignore[return-value]


def _hex_colour(text: str) -> RGB:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def _patch_colours(folder: Path, patch: str, where) -> list[RGB]:  # type: ignore[no-untyped-def]
    path = scan_path(folder, patch)
    if path is None or not path.is_file():
        raise DigitizeError(where("patch", f"{patch!r} is not an image file inside the game folder"))
    try:
        with Image.open(path) as image:
            small = image.convert("RGB")
            small.thumbnail((64, 64))
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise DigitizeError(where("patch", f"{patch}: not a readable image ({type(exc).__name__})")) from None
    quantized = small.quantize(colors=4)
    palette = quantized.getpalette() or []
    counts = sorted(quantized.getcolors() or [], reverse=True)
    total = sum(n for n, _ in counts) or 1
    return [tuple(palette[3 * i:3 * i + 3]) for n, i in counts if n / total >= 0.15]  # type: ignore[misc]



class _Reader:
    def __init__(self, image: Image.Image, legend: Legend) -> None:
        self.pixels = image.load()
        self.width, self.height = image.size
        self.legend = legend

    def at(self, x: float, y: float) -> Prototype | None:
        xi, yi = int(round(x)), int(round(y))
        if 0 <= xi < self.width and 0 <= yi < self.height:
            return self.legend.classify(self.pixels[xi, yi][:3])
        return None

    def hex(self, h: Hex, centre: tuple[int, int], scale: float) -> HexGuess:
        """Fill votes in two lobes beside the centre; marks of second codes in the same lobes.
        Lettering and lines of the legend are skipped; colours of no legend entry count
        against the guess."""
        cx, cy = centre
        r = scale / math.sqrt(3)
        band = 0.22 * scale
        fills: Counter[str] = Counter()
        levels: dict[str, Counter[int | None]] = {}
        marks: Counter[str] = Counter()
        paper = counted = 0
        inner, outer = (0.3 * r) ** 2, (0.72 * r) ** 2
        for dy in range(-int(band), int(band) + 1):
            for dx in range(-int(0.72 * r), int(0.72 * r) + 1):
                if not inner <= dx * dx + dy * dy <= outer:
                    continue
                x, y = cx + dx, cy + dy
                if not (0 <= x < self.width and 0 <= y < self.height):
                    continue
                p = self.at(x, y)
                if p is not None and p.role in (NONE, "edge", "route", "crossing"):
                    continue
                counted += 1            # a colour of no legend entry counts against every guess
                if p is None:
                    continue
                if p.role == "paper":
                    paper += 1
                elif p.role == "fill":
                    fills[p.code] += 1
                    levels.setdefault(p.code, Counter())[p.level] += 1
                elif p.role == "mark":
                    marks[p.code] += 1
        if not fills or paper >= max(fills.values()):
            why = "no terrain colour of the legend here" if counted else "nothing readable here"
            return HexGuess(h, (), None, round(paper / counted, 3) if counted else 0.0, why)
        (main, votes), *rest = fills.most_common()
        confidence = votes / counted
        found = [main] + [code for code, n in marks.most_common() if code != main and n >= max(8, 0.015 * counted)]
        level = levels[main].most_common(1)[0][0] if self.legend.has_levels else None
        why = "" if confidence >= DOUBTFUL else (
            f"{main} on {votes} of {counted} samples" + (f", {rest[0][0]} on {rest[0][1]}" if rest else ""))
        return HexGuess(h, tuple(found), level, round(confidence, 3), why)

    def side(self, a: Hex, b: Hex, pa: tuple[int, int], pb: tuple[int, int]) -> SideGuess:
        """Features along the side, routes between the centres, crossings at the middle."""
        (ax, ay), (bx, by) = pa, pb
        length = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / length, (by - ay) / length          # centre to centre
        nx, ny = -uy, ux                                         # along the side
        mx, my = (ax + bx) / 2, (ay + by) / 2
        half = length / (2 * math.sqrt(3))
        edge_w, route_w = max(2, int(length / 25)), max(3, int(length / 10))
        edges = self._sections([(mx + nx * t, my + ny * t) for t in _stations(0.3 * half, 0.85 * half)],
                               (ux, uy), edge_w, "edge")
        route_points = [(ax + ux * s, ay + uy * s) for s in _stations(0.15 * length, 0.4 * length, 0.5 * length)]
        routes = self._sections(route_points, (nx, ny), route_w, "route")
        reach = max(2, int(length / 32))
        crossing: Counter[str] = Counter()
        for i in range(-reach, reach + 1):
            for k in range(-reach, reach + 1):
                p = self.at(mx + ux * i + nx * k, my + uy * i + ny * k)
                if p is not None and p.role == "crossing":
                    crossing[p.code] += 1
        found: list[str] = []
        doubts: list[str] = []
        confidence = 1.0
        for share, low, high in ((edges, 0.12, 0.3), (routes, 0.2, 0.6)):
            for code, cover in share.items():
                confidence = min(confidence, _certainty(cover, low, high))
                if cover >= high:
                    found.append(code)
                elif cover >= low:
                    doubts.append(f"{code} on {cover:.0%} of the side")
        for code, n in crossing.items():
            if n >= 4:
                found.append(code)
            else:
                doubts.append(f"{code}? ({n} pixels at the middle)")
                confidence = min(confidence, DOUBTFUL / 2)
        return SideGuess(a, b, tuple(found), round(confidence, 3), "; ".join(doubts))

    def _sections(self, stations: Sequence[tuple[float, float]], across: tuple[float, float], width: int,
                  role: str) -> dict[str, float]:
        """The share of informative cross-sections (two pixels in a row of one legend colour
        other than paper and lettering: a fill or a line, not the anti-aliased edge of a
        letter) in which each code of `role` appears, on two pixels in a row."""
        seen: Counter[str] = Counter()
        informative = 0
        for x, y in stations:
            codes_here = set()
            useful = False
            previous = None
            for k in range(-width, width + 1):
                p = self.at(x + across[0] * k, y + across[1] * k)
                if p is None or p.role in (NONE, "paper"):
                    previous = None
                    continue
                if previous is not None and previous == p:
                    useful = True
                    if p.role == role:
                        codes_here.add(p.code)
                previous = p
            informative += useful
            seen.update(codes_here)
        return {code: n / informative for code, n in seen.items()} if informative else {}


def _certainty(cover: float, low: float, high: float) -> float:
    """How sure a presence/absence call is: 1 far from the undecided band [low, high), under
    DOUBTFUL inside it."""
    if cover >= high:
        return min(1.0, DOUBTFUL + (1 - DOUBTFUL) * (cover - high) / max(1e-9, 1 - high) + 0.1)
    if cover < low:
        return min(1.0, DOUBTFUL + (1 - DOUBTFUL) * (low - cover) / low + 0.1)
    return DOUBTFUL * 0.9 * (1 - (cover - low) / (high - low))


def _stations(low: float, high: float, mirror: float | None = None) -> list[float]:
    """Positions between `low` and `high` (one per pixel), on both sides of 0 (or of `mirror`)."""
    steps = max(2, int(high - low))
    one = [low + (high - low) * i / (steps - 1) for i in range(steps)]
    if mirror is None:
        return [-t for t in reversed(one)] + one
    return one + [2 * mirror - t for t in one]



def read_colours(game: Game, folder: Path, picture: MapImage) -> list[Draft]:
    """Read each map of the picture with its Legend rows, else with the legend of adjutant's
    own drawing (allowed only on a board it drew)."""
    terrain = game.terrain
    kept = Kept.of(terrain)
    read = {m.id for m in picture.maps}
    drafts = []
    for m in picture.maps:
        legend = sheet_legend(game, m.id, folder)
        centres = {h: (int(c.x), int(c.y)) for h, c in picture.cells.items() if h.map == m.id}
        if legend is None:
            legend = drawing_legend(style_for(game.terrain_types), m.elevation)
            scale = next(iter(picture.cells.values())).dy
            if not _looks_drawn(picture.image, centres, scale):
                raise DigitizeError(Problem(TERRAIN_FILE, "Samples", 0, "map", (
                    f"map '{m.id}' has no Samples (nor Legend) rows, and {picture.source} is not a board adjutant "
                    "drew (no hex-id labels where its drawing puts them): name one to three sample hexes of each "
                    "terrain and sample hexsides of each feature (and of none) in terrain.xlsx sheet Samples")))
        reader = _Reader(picture.image, legend)
        draft = Draft(m, legend.source)
        for c in sorted(centres):
            pc = centres[c]
            near = [(picture.cells[n].x, picture.cells[n].y) for n in terrain.graph.neighbours(c) if n in picture.cells]
            scale = min(math.dist(pc, q) for q in near) if near else picture.cells[c].dy
            if c in kept.hexes:
                draft.kept_hexes += 1
            else:
                draft.hexes.append(reader.hex(c, pc, scale))
            for n in terrain.graph.neighbours(c):
                if n not in picture.cells or (n < c and n.map in read):   # read from n's side
                    continue
                if kept.side(c, n):
                    draft.kept_sides += 1
                    continue
                draft.sides.append(reader.side(c, n, pc, (int(picture.cells[n].x), int(picture.cells[n].y))))
        drafts.append(draft)
    return drafts


def _looks_drawn(image: Image.Image, centres: dict[Hex, tuple[int, int]], scale: float) -> bool:
    """Whether the image is a board the builder drew: paper hex-id labels at the top of most hexes."""
    pixels = image.load()
    sample = sorted(centres.items())[:60]
    hits = 0
    for _, (x, y) in sample:
        window = [(x + dx, y + dy) for dx in range(-int(0.15 * scale), int(0.15 * scale) + 1)
                  for dy in range(-int(0.4 * scale), -int(0.3 * scale) + 1)
                  if 0 <= x + dx < image.width and 0 <= y + dy < image.height]
        paper = sum(1 for p in window if pixels[p][:3] == PAPER)
        hits += bool(window) and paper >= 0.3 * len(window)
    return bool(sample) and hits >= 0.7 * len(sample)
