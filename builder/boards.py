"""Board images drawn with Pillow from the game's terrain, when the designer supplies no scan.

Every hex is drawn from `BoardGeometry.centre`, the same numbers the module's HexGrid uses,
so a counter dropped on a drawn hex snaps to its centre and VASSAL names it with the hex id
printed in it. The board draws what the terrain data says, and nothing else: each hex
filled with its main terrain (darker with its elevation), a mark for a second terrain code,
streams, ridges and other hexside features along the sides, roads, pikes, lanes and railroads
from hex centre to hex centre, bridges and fords across the sides, special places with their
symbols and names. A hex nobody entered stays plain paper, so a designer sees at once what
is missing. Hex ids are drawn last on a paper label, and names are placed where no hex id
is: both stay legible whatever the terrain.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from builder.counters import font
from builder.layout import SIDE_MARGIN, TITLE_STRIP, BoardGeometry, MapGroup
from builder.terrain_style import CROSSING_MARKS, PAPER, Look, Style, shade
from gamedata.hexids import Hex
from gamedata.terrain import Terrain, board_step, side_names

HEX_LINE = (120, 110, 90)
EDGE = (40, 30, 20)
LABEL = (70, 60, 45)
PLACE = (120, 20, 20)
SPECIAL = (90, 30, 120)
HALO = (255, 252, 240)

Point = tuple[int, int]
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class HexCell:
    """A hex with terrain, at its centre on this board."""

    hex: Hex
    centre: Point
    codes: tuple[str, ...]
    elevation: int | None


@dataclass(frozen=True)
class SideCell:
    """A hexside with features, given by the centres of the hexes on either side."""

    a: Point
    b: Point
    features: tuple[str, ...]


@dataclass(frozen=True)
class Place:
    """A named or special hex: its centre, the name to print and the special kinds it has."""

    centre: Point
    name: str
    kinds: tuple[str, ...] = ()


@dataclass(frozen=True)
class BoardArt:
    """Everything a drawn board depends on (the cache key): geometry, hexes, terrain, places."""

    geometry: BoardGeometry
    hexes: tuple[tuple[Hex, str], ...]            # (hex, printed id), own hexes only
    seam_hexes: tuple[Hex, ...]                    # the board above's hexes reaching into this one
    cells: tuple[HexCell, ...]
    sides: tuple[SideCell, ...]
    places: tuple[Place, ...]
    style: Style
    levels: tuple[int, int] | None
    title: str


def board_art(geometry: BoardGeometry, terrain: Terrain, places: Mapping[str, str], title: str,
              style: Style | None = None, group: MapGroup | None = None) -> BoardArt:
    """Collect what this board shows: its own hexes (rows `first_row`-`last_row`) and printed
    ids, the terrain of those and of the seam row above, the hexsides touching them, and the
    gazetteer names (`places`, keyed by printed id) and special hexes on them. `group` holds
    the boards stacked with this one in its window, for hexsides across a seam."""
    m, hexids = geometry.map, terrain.hexids
    style = style or Style(())
    boards: dict[str, BoardGeometry] = {}
    offsets: dict[str, int] = {}
    top = 0
    for board in (group.boards if group else (geometry,)):
        if isinstance(board, BoardGeometry):
            boards[board.map.id], offsets[board.map.id] = board, top
        top += board.height
    own: list[tuple[Hex, str]] = []
    seam: list[Hex] = []
    for column in range(m.columns[0], m.columns[1] + 1):
        low, high = hexids.row_range(m.id, column)
        for row in range(max(low, geometry.first_row), min(high, geometry.last_row) + 1):
            h = Hex(m.id, column, row)
            own.append((h, hexids.format(h)))
        if geometry.joined_above:
            seam.append(Hex(m.id, column, geometry.row_above_top))

    def locate(h: Hex) -> Point | None:
        for spelling in terrain.spellings(h):
            if spelling.map == m.id:
                return geometry.centre(spelling)
        for spelling in terrain.spellings(h):
            other = boards.get(spelling.map)
            if other is not None and spelling.map in offsets:
                x, y = other.centre(spelling)
                return x, y + offsets[spelling.map] - offsets[m.id]
        return None

    drawn = [h for h, _ in own] + seam
    canonical = {hexids.canonical(h): h for h in drawn}
    cells = tuple(HexCell(c, geometry.centre(written), t.terrain, t.elevation)
                  for c, written in canonical.items() if (t := terrain.hex(c)) is not None and t.terrain)
    sides = _sides(geometry, terrain, canonical, locate)
    named = _places(geometry, terrain, own, places)
    levels = m.elevation or _levels(cells)
    return BoardArt(geometry, tuple(own), tuple(seam), cells, sides, named, style, levels, title)


def _sides(geometry: BoardGeometry, terrain: Terrain, canonical: Mapping[Hex, Hex], locate) -> tuple[SideCell, ...]:  # type: ignore[no-untyped-def]
    out: list[SideCell] = []
    for side in terrain.hexsides:
        if not side.features:
            continue
        if side.b is None:
            written = canonical.get(side.a)
            if written is None:
                continue
            direction = next((d for d, n in side_names(geometry.map).items() if n == side.side), None)
            if direction is None:
                continue
            dc, dr = board_step(geometry.map, written.column, direction)
            out.append(SideCell(geometry.centre(written), geometry.centre(Hex(written.map, written.column + dc,
                                                                                written.row + dr)), side.features))
            continue
        if side.a not in canonical and side.b not in canonical:
            continue
        a, b = locate(side.a), locate(side.b)
        if a is not None and b is not None:
            out.append(SideCell(a, b, side.features))
    return tuple(sorted(out, key=lambda s: (s.a, s.b)))


def _places(geometry: BoardGeometry, terrain: Terrain, own: list[tuple[Hex, str]],
            places: Mapping[str, str]) -> tuple[Place, ...]:
    kinds: dict[Hex, list[str]] = {}
    names: dict[Hex, str] = {}
    for s in terrain.specials():
        if s.hex is not None:
            kinds.setdefault(s.hex, []).append(s.kind)
            if s.name:
                names.setdefault(s.hex, s.name)
    out = []
    for h, printed in own:
        c = terrain.hexids.canonical(h)
        name = places.get(printed) or names.get(c, "")
        if name or c in kinds:
            out.append(Place(geometry.centre(h), name, tuple(dict.fromkeys(kinds.get(c, ())))))
    return tuple(out)


def _levels(cells: tuple[HexCell, ...]) -> tuple[int, int] | None:
    found = [c.elevation for c in cells if c.elevation is not None]
    return (min(found), max(found)) if found else None


# -- drawing ---------------------------------------------------------------------------

def outline(geometry: BoardGeometry, centre: Point) -> list[tuple[float, float]]:
    x, y = centre
    r = 2 * geometry.dx / 3
    half = geometry.dy / 2
    return [(x - r, y), (x - r / 2, y - half), (x + r / 2, y - half), (x + r, y), (x + r / 2, y + half), (x - r / 2, y + half)]


def id_font(geometry: BoardGeometry) -> ImageFont.FreeTypeFont:
    return font(max(9, geometry.dy // 6))


def id_box(geometry: BoardGeometry, centre: Point, printed: str) -> Box:
    """Where a hex id is printed: centred at the top of its hex, below a feature drawn along
    its upper side (a stream there stays visible), with a label margin."""
    face = id_font(geometry)
    x, y = centre
    top = y - geometry.dy / 2 + stroke(geometry) // 2 + 3
    width = face.getlength(printed)
    ascent, descent = face.getmetrics()
    return (x - width / 2 - 2, top - 1, x + width / 2 + 2, top + ascent + descent)


def render_board(art: BoardArt) -> Image.Image:
    """Terrain, hex outlines, hexside features, routes, crossings, places, hex ids, edge, title."""
    g = art.geometry
    image = Image.new("RGB", (g.width, g.height), PAPER)
    draw = ImageDraw.Draw(image)
    looks = art.style.by_code
    for cell in art.cells:
        _fill(draw, g, cell, looks, art.levels)
    for h in art.seam_hexes:
        draw.polygon(outline(g, g.centre(h)), outline=HEX_LINE)
    for h, _ in art.hexes:
        draw.polygon(outline(g, g.centre(h)), outline=HEX_LINE)
    for side in art.sides:
        _side(draw, g, side, looks)
    for side in art.sides:
        _routes(draw, g, side, looks)
    for side in art.sides:
        _crossings(draw, g, side, looks)
    ids = [id_box(g, g.centre(h), printed) for h, printed in art.hexes]
    for place in art.places:
        _place(draw, g, place, ids)
    face = id_font(g)
    for (h, printed), box in zip(art.hexes, ids):
        draw.rectangle(box, fill=PAPER)
        draw.text(((box[0] + box[2]) / 2, box[1] + 1), printed, font=face, fill=LABEL, anchor="ma")
    _edges(draw, art)
    title_font = font(TITLE_STRIP - 10)
    title_y = 4 if g.title_at_top else g.height - TITLE_STRIP + 4
    draw.text((g.x0, title_y), art.title, font=title_font, fill=EDGE)
    _north_arrow(draw, (g.width - SIDE_MARGIN - TITLE_STRIP, title_y + TITLE_STRIP // 2 - 4), g.map.north)
    return image


def mark_spots(geometry: BoardGeometry, centre: Point) -> list[Point]:
    """Where the marks of a hex's second, third... terrain codes go (left, right, then lower)."""
    x, y = centre
    r = 2 * geometry.dx / 3
    return [(int(x - r / 2), y), (int(x + r / 2), y), (int(x - r / 4), int(y + geometry.dy / 8)),
            (int(x + r / 4), int(y + geometry.dy / 8))]


def _fill(draw: ImageDraw.ImageDraw, g: BoardGeometry, cell: HexCell, looks: Mapping[str, Look],
          levels: tuple[int, int] | None) -> None:
    main = looks.get(cell.codes[0])
    if main is not None:
        draw.polygon(outline(g, cell.centre), fill=shade(main.colour, cell.elevation, levels))
    size = max(3, g.dy // 12)
    for code, (x, y) in zip(cell.codes[1:], mark_spots(g, cell.centre)):
        look = looks.get(code)
        if look is not None:
            _mark(draw, look.category, (x, y), size, look.mark)


def _mark(draw: ImageDraw.ImageDraw, category: str, at: Point, size: int, ink: tuple[int, int, int]) -> None:
    """A small symbol of a second terrain in a hex: a tree, tufts, waves, a block..."""
    x, y = at
    if category in ("woods", "thicket", "orchard"):
        draw.ellipse((x - size, y - size, x + size, y + size / 2), fill=ink)
        draw.line((x, y, x, y + size), fill=ink, width=max(1, size // 2))
    elif category in ("marsh", "swamp", "water"):
        for dy in (-size // 2, size // 2):
            draw.line((x - size, y + dy, x + size, y + dy), fill=ink, width=max(1, size // 2))
    elif category in ("town", "city", "fort", "camp"):
        draw.rectangle((x - size, y - size, x + size, y + size), fill=ink)
    else:
        draw.polygon([(x, y - size), (x + size, y + size), (x - size, y + size)], fill=ink)


def side_segment(a: Point, b: Point) -> tuple[tuple[float, float], tuple[float, float]]:
    """The hexside between two adjacent hex centres: through their midpoint, across the line
    joining them, as long as a hex side (the centres' distance over the square root of 3)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    half = length / (2 * math.sqrt(3))
    ux, uy = -dy / length, dx / length
    return (mx - ux * half, my - uy * half), (mx + ux * half, my + uy * half)


def stroke(g: BoardGeometry) -> int:
    return max(3, g.dy // 11)


def _side(draw: ImageDraw.ImageDraw, g: BoardGeometry, side: SideCell, looks: Mapping[str, Look]) -> None:
    """Hexside features along the side; several share its length in turn."""
    along = [looks[f] for f in side.features if f in looks and looks[f].applies == "hexside"
             and looks[f].category not in CROSSING_MARKS]
    if not along:
        return
    (x1, y1), (x2, y2) = side_segment(side.a, side.b)
    n = len(along)
    for i, look in enumerate(along):
        t0, t1 = i / n, (i + 1) / n
        draw.line((x1 + (x2 - x1) * t0, y1 + (y2 - y1) * t0, x1 + (x2 - x1) * t1, y1 + (y2 - y1) * t1),
                  fill=look.colour, width=stroke(g))


def route_width(g: BoardGeometry, look: Look) -> int:
    return max(2, round(look.width * g.dy / 100))


def _routes(draw: ImageDraw.ImageDraw, g: BoardGeometry, side: SideCell, looks: Mapping[str, Look]) -> None:
    """Roads and their kin from hex centre to hex centre; two on one side run side by side."""
    routes = [looks[f] for f in side.features if f in looks and looks[f].applies == "route"]
    (ax, ay), (bx, by) = side.a, side.b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = -(by - ay) / length, (bx - ax) / length
    for i, look in enumerate(routes):
        width = route_width(g, look)
        shift = (i - (len(routes) - 1) / 2) * (width + 1)
        draw.line((ax + ux * shift, ay + uy * shift, bx + ux * shift, by + uy * shift), fill=look.colour, width=width)
        if look.category == "railroad":
            for t in (0.25, 0.5, 0.75):
                cx, cy = ax + (bx - ax) * t, ay + (by - ay) * t
                draw.line((cx - ux * width, cy - uy * width, cx + ux * width, cy + uy * width), fill=look.colour,
                          width=max(1, width // 2))


def crossing_radius(g: BoardGeometry) -> int:
    return max(3, stroke(g) // 2 + 1)


def _crossings(draw: ImageDraw.ImageDraw, g: BoardGeometry, side: SideCell, looks: Mapping[str, Look]) -> None:
    """Bridges, fords and ferries: a small square, diamond or disc on the middle of the side,
    within the side's stroke so it never reaches a hex id."""
    marks = [looks[f] for f in side.features if f in looks and looks[f].category in CROSSING_MARKS]
    if not marks:
        return
    (ax, ay), (bx, by) = side.a, side.b
    x, y, r = (ax + bx) / 2, (ay + by) / 2, crossing_radius(g)
    look = marks[0]
    if look.category == "bridge":
        draw.rectangle((x - r, y - r, x + r, y + r), fill=look.colour)
    elif look.category == "ford":
        draw.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=look.colour)
    else:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=look.colour)


def _place(draw: ImageDraw.ImageDraw, g: BoardGeometry, place: Place, ids: list[Box]) -> None:
    x, y = place.centre
    if place.kinds:
        _special(draw, place.kinds[0], (x, y), max(4, g.dy // 9))
    if not place.name:
        return
    box, face, lines = _name_layout(g, place, ids)
    if face is None:
        return
    top = box[1]
    for line in lines:
        draw.text((x, top), line, font=face, fill=PLACE, anchor="ma", stroke_width=1, stroke_fill=HALO)
        top += face.size + 1


def _name_layout(g: BoardGeometry, place: Place, ids: list[Box]) -> tuple[Box, ImageFont.FreeTypeFont | None, list[str]]:
    """The largest type (down to 7 px) and at most two lines at which the name, under its
    hex's centre, touches no hex id (nor its hex's lower side, where a stream may run);
    failing that, the name cut to what fits."""
    x, y = place.centre
    top = y + g.dy * 0.16
    near = [b for b in ids if abs((b[0] + b[2]) / 2 - x) < 4 * g.dx and abs(b[1] - y) < 2 * g.dy]
    r = 2 * g.dx / 3
    near.append((x - r / 2, y + g.dy / 2 - stroke(g) / 2 - 1, x + r / 2, y + g.dy / 2 + stroke(g)))
    widest = 3 * g.dx
    for size in range(max(9, g.dy // 6), 6, -1):
        face = font(size)
        for lines in _wrappings(place.name, face, widest):
            width = max(face.getlength(line) for line in lines)
            box = (x - width / 2 - 1, top, x + width / 2 + 1, top + len(lines) * (size + 1) + 1)
            if not any(_overlap(box, b) for b in near):
                return box, face, lines
    face = font(7)
    text = place.name
    while text and any(_overlap(box := (x - face.getlength(text + "…") / 2 - 1, top,
                                         x + face.getlength(text + "…") / 2 + 1, top + 9), b) for b in near):
        text = text[:-1]
    return box, (face if text else None), [text + "…" if text != place.name else text]


def _wrappings(text: str, face: ImageFont.FreeTypeFont, widest: float) -> list[list[str]]:
    options = [[text]] if face.getlength(text) <= widest else []
    words = text.split()
    for cut in range(1, len(words)):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        if face.getlength(first) <= widest and face.getlength(second) <= widest:
            options.append([first, second])
    return sorted(options, key=lambda ls: (max(face.getlength(line) for line in ls), len(ls)))


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _special(draw: ImageDraw.ImageDraw, kind: str, at: Point, size: int) -> None:
    """A small symbol for a special hex: camp tent, fort, station, landing, supply source..."""
    x, y = at
    if kind in ("camp", "hq"):
        draw.polygon([(x - size, y + size // 2), (x, y - size), (x + size, y + size // 2)], outline=SPECIAL, width=2)
        if kind == "hq":
            draw.line((x, y - size, x, y - 2 * size), fill=SPECIAL, width=2)
    elif kind in ("fort", "redoubt"):
        points = [(x + size * math.sin(a), y - size * math.cos(a)) for a in (i * 2 * math.pi / 5 for i in range(5))]
        draw.polygon(points, outline=SPECIAL, width=2)
    elif kind in ("town", "city"):
        draw.rectangle((x - size, y - size // 2, x + size, y + size // 2), outline=SPECIAL, width=2)
    elif kind == "supply-source":
        draw.ellipse((x - size, y - size, x + size, y + size), outline=SPECIAL, width=3)
    elif kind in ("entry", "exit"):
        draw.polygon([(x - size, y - size // 2), (x + size, y), (x - size, y + size // 2)], fill=SPECIAL)
    elif kind == "station":
        draw.rectangle((x - size, y - size // 3, x + size, y + size // 3), fill=SPECIAL)
    else:
        draw.polygon([(x, y - size), (x + size, y), (x, y + size), (x - size, y)], outline=SPECIAL, width=2)


NORTH_VECTORS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def _north_arrow(draw: ImageDraw.ImageDraw, centre: tuple[int, int], north: str) -> None:
    """A compass arrow in the title strip, so a board drawn turned (Hood Strikes North,
    north to the right) says so."""
    (ux, uy), (cx, cy), half = NORTH_VECTORS[north], centre, 9
    tip = (cx + ux * half, cy + uy * half)
    draw.line((cx - ux * half, cy - uy * half, *tip), fill=EDGE, width=2)
    draw.polygon([tip, (tip[0] - ux * 6 - uy * 4, tip[1] - uy * 6 - ux * 4),
                  (tip[0] - ux * 6 + uy * 4, tip[1] - uy * 6 + ux * 4)], fill=EDGE)
    draw.text((cx + uy * 9 + ux * 2, cy - ux * 8 + uy * 2), "N", font=font(12), fill=EDGE, anchor="mm")


def _edges(draw: ImageDraw.ImageDraw, art: BoardArt) -> None:
    """The playing-area edge: a frame round all hex centres' polygons (open at a seam)."""
    g = art.geometry
    points = [p for h, _ in art.hexes for p in outline(g, g.centre(h))]
    left = min(x for x, _ in points)
    right = max(x for x, _ in points)
    top = 0 if art.seam_hexes else min(y for _, y in points)
    bottom = min(g.height - 1, max(y for _, y in points))
    width = 3
    draw.line((left, top, left, bottom), fill=EDGE, width=width)
    draw.line((right, top, right, bottom), fill=EDGE, width=width)
    if not art.seam_hexes:
        draw.line((left, top, right, top), fill=EDGE, width=width)
    if bottom < g.height - 1:
        draw.line((left, bottom, right, bottom), fill=EDGE, width=width)
