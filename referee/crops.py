"""A crop of the board around each finding, for the HTML report.

A finding names hexes (its places, and for a range or supply check the traced path and
the hexes that blocked it) and the distances it measured (a unit and the leader, enemy,
wagon or source it is measured to). The crop shows the module's own board around all of
them, both ends of every distance in the picture, at a scale where the board's printed
hex ids read easily (a hex ``TARGET_CELL_PX`` tall) unless that would not fit the page
(``FIT_WIDTH`` x ``FIT_HEIGHT``): then the whole is drawn smaller, and labels drawn at a
fixed size name what stands at each end and where. The pieces there are drawn from the
module's counter images, as the side the report is for may see them; each named hex is
ringed exactly (the grid's own cell outline, drawn just inside it, so a ring never
spills onto a neighbour); a distance is a line from end to end (along the traced path
when there is one) with its length written at its middle; the hexes that blocked a trace
are ringed in another colour and crossed.

Geometry comes from the module, never from guesses: the board layout places boards
on the map, the board's grid (hex, square, zones) gives the cell that holds a point.
Pieces are drawn smaller than the hex and below its centre, so they never hide the
printed id at the top of the hex. The output depends only on the inputs.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from vassal.board import MapLayout, PlacedBoard
from vassal.grid import HexGrid, LocationError, ZonedGrid
from vassal.module import Module
from vassal.replay import BoardState, PieceState

from .findings import Finding, Measure, Place
from .piece_art import Conceals, PieceArt, everyone

RING = (220, 0, 0)
PATH = (20, 90, 230)
BLOCKED = (170, 0, 170)
OUTSIDE = (205, 205, 205)
MIN_CELL_PX = 64
"""A grid cell (hex) is at least this many pixels tall in a crop whose places fit the page at
that size: printed ids stay legible."""
TARGET_CELL_PX = 96
FIT_WIDTH, FIT_HEIGHT = 840, 900
"""A crop never exceeds this (CSS pixels): it fits the report's column; a wider span of places
is drawn smaller, its ends labelled."""
LABEL_PX = 14
"""Labels (what stands at each end of a distance, the distance) are this tall whatever the scale."""
CONTEXT_CELLS = 1.5
"""Board shown round the outermost named hex, in hexes."""
MIN_CELLS = (5, 4)
"""A crop is at least this many hexes wide and high, so the neighbourhood reads."""
NO_CELL = 48.0
"""Cell size assumed where the board has no grid (a point, not a hex, is named)."""
PIECE_FRACTION = 0.55
"""A counter is drawn this tall relative to the hex, below its centre."""


@dataclass(frozen=True)
class Cell:
    """The grid cell holding a point, in map pixels; ``outline`` empty where there is no grid."""

    name: str
    centre: tuple[float, float]
    outline: tuple[tuple[float, float], ...]
    height: float


@dataclass(frozen=True)
class Crop:
    """One picture: the map rectangle ``left, top, width/scale, height/scale`` drawn at
    ``scale``; ``cell_px`` is the height of one hex in the picture."""

    map: str
    png: bytes
    left: int
    top: int
    scale: float
    cell_px: float
    width: int
    height: int
    ringed: tuple[str, ...]
    path: tuple[str, ...]
    blocked: tuple[str, ...]
    measured: tuple[Measure, ...] = ()

    @property
    def title(self) -> str:
        return f"{self.map}: {', '.join(dict.fromkeys(self.ringed + self.path + self.blocked))}"

    @property
    def legible(self) -> bool:
        """Whether the board's printed hex ids read at this scale (else the labels say where)."""
        return self.cell_px >= MIN_CELL_PX - 0.5


# ------------------------------------------------------------------ geometry


def _hex_outline(grid: HexGrid, local: tuple[float, float]) -> tuple[tuple[float, float], tuple[tuple[float, float], ...]]:
    """Centre and corners of the hex holding ``local`` (board pixels)."""
    cx, cy = grid.exact_centre(grid.raw_index((int(local[0]), int(local[1]))))
    r, half = 2 * grid.dx / 3, grid.dy / 2
    corners = [(-r, 0.0), (-r / 2, -half), (r / 2, -half), (r, 0.0), (r / 2, half), (-r / 2, half)]
    if grid.sideways:
        corners = [(b, a) for a, b in corners]
    return (cx, cy), tuple((cx + a, cy + b) for a, b in corners)


def _grid_cell(grid: object, local: tuple[float, float], size: object) -> tuple[tuple[float, float], tuple, float] | None:
    """``(centre, outline, height)`` of the cell holding a board point, or None."""
    if isinstance(grid, HexGrid):
        centre, outline = _hex_outline(grid, local)
        return centre, outline, grid.dy
    if isinstance(grid, ZonedGrid):
        point = (int(local[0]), int(local[1]))
        zone = grid.zone_at(point)
        if zone is None:
            return None if grid.background is None else _grid_cell(grid.background, local, size)
        inner = grid.background if zone.use_parent_grid else zone.own_grid
        cell = None if inner is None else _grid_cell(inner, local, size if zone.use_parent_grid else zone.size)
        if cell is not None:
            return cell
        points = tuple((float(x), float(y)) for x, y in zone.polygon.points)
        bx, by, bw, bh = zone.polygon.bounds
        return (bx + bw / 2, by + bh / 2), points, float(min(bw, bh) or NO_CELL)
    dx, dy = getattr(grid, "dx", None), getattr(grid, "dy", None)
    if dx is None or dy is None:
        return None
    name = grid.location_name((int(local[0]), int(local[1])), size)  # type: ignore[attr-defined]
    if name is None:
        return None
    try:
        cx, cy = grid.point_for(name, size)  # type: ignore[attr-defined]
    except LocationError:
        return None
    outline = ((cx - dx / 2, cy - dy / 2), (cx + dx / 2, cy - dy / 2), (cx + dx / 2, cy + dy / 2), (cx - dx / 2, cy + dy / 2))
    return (float(cx), float(cy)), outline, float(dy)


def _to_map(placed: PlacedBoard, origin: tuple[int, int], point: tuple[float, float]) -> tuple[float, float]:
    x, y = point
    if placed.reversed:
        x, y = placed.board.width - x, placed.board.height - y
    return origin[0] + x, origin[1] + y


def cell_of(layout: MapLayout, x: int, y: int, name: str) -> Cell:
    """The cell a map point lies in (its grid's hex, square or zone), in map pixels."""
    placed = layout.board_at(x, y)
    if placed is not None and placed.board.grid is not None:
        origin = layout.origin(placed)
        local = (x - origin[0], y - origin[1])
        if placed.reversed:
            local = (placed.board.width - local[0], placed.board.height - local[1])
        cell = _grid_cell(placed.board.grid, local, placed.board.size)
        if cell is not None:
            centre, outline, height = cell
            return Cell(name, _to_map(placed, origin, centre), tuple(_to_map(placed, origin, p) for p in outline),
                        height)
    return Cell(name, (float(x), float(y)), (), NO_CELL)


def place_point(layout: MapLayout, place: Place) -> tuple[int, int] | None:
    """The map point of a place: its own coordinates, else found from its name on the boards
    (a rule check names hexes; VASSAL's grid says where they are)."""
    if place.x is not None and place.y is not None:
        return place.x, place.y
    for placed in layout.boards:
        try:
            return layout.map_point(placed.board.name, place.name)
        except LocationError:
            continue
    return None


@dataclass(frozen=True)
class _Line:
    """A measured distance as drawn: its cells end to end (through the traced path when it
    follows one), the labels at its ends and its length."""

    measure: Measure
    cells: tuple[Cell, ...]
    follows_path: bool


@dataclass(frozen=True)
class _Plan:
    map: str
    layout: MapLayout
    rings: tuple[Cell, ...]
    path: tuple[Cell, ...]
    blocked: tuple[Cell, ...]
    lines: tuple[_Line, ...] = ()

    @property
    def cells(self) -> tuple[Cell, ...]:
        return self.rings + self.path + self.blocked


def _plans(finding: Finding, module: Module, state: BoardState | None) -> list[_Plan]:
    """One plan per map the finding names places on (a move off the board touches two)."""
    groups: dict[str, dict[str, list[Cell]]] = {}
    layouts: dict[str, MapLayout] = {}
    maps = {m.name for m in module.maps}

    def cell(place: Place) -> Cell | None:
        if not place.map or place.map not in maps:
            return None
        if place.map not in layouts:
            boards = state.boards.get(place.map) if state is not None else None
            layouts[place.map] = module.map_layout(place.map, boards)
        layout = layouts[place.map]
        point = place_point(layout, place)
        if point is None or layout.board_at(*point) is None:
            return None
        return cell_of(layout, *point, place.name)

    ends = tuple(p for m in finding.measured for p in (m.start, m.end))
    for kind, places in (("rings", tuple(dict.fromkeys(finding.locations + ends))), ("path", finding.path),
                         ("blocked", finding.blocked)):
        for place in places:
            found = cell(place)
            if found is not None:
                groups.setdefault(place.map, {}).setdefault(kind, []).append(found)
    lines: dict[str, list[_Line]] = {}
    for m in finding.measured:
        a, b = cell(m.start), cell(m.end)
        if a is None or b is None or m.start.map != m.end.map:
            continue
        route = tuple(c for c in (cell(p) for p in finding.path) if c is not None)
        along = _along(a, b, route)
        lines.setdefault(m.start.map, []).append(_Line(m, along or (a, b), bool(along)))
    return [_Plan(name, layouts[name], tuple(g.get("rings", ())), tuple(g.get("path", ())), tuple(g.get("blocked", ())),
                  tuple(lines.get(name, ()))) for name, g in groups.items()]


def _along(a: Cell, b: Cell, route: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """The cells from ``a`` to ``b`` through a traced route that runs between them (either way
    round; a route may start a step away, as a supply line starts on the road by the unit),
    or () when the route does not join them."""
    if not route:
        return ()

    def near(c: Cell, d: Cell) -> bool:
        return math.dist(c.centre, d.centre) <= 4 * max(c.height, d.height)

    for cells in (route, route[::-1]):
        if near(cells[0], a) and near(cells[-1], b):
            inner = [c for c in cells if c.name not in (a.name, b.name)]
            return (a, *inner, b)
    return ()


def _extent(layout: MapLayout) -> tuple[int, int]:
    right = max((layout.origin(p)[0] + p.board.width for p in layout.boards), default=0)
    bottom = max((layout.origin(p)[1] + p.board.height for p in layout.boards), default=0)
    return right + layout.edge_width, bottom + layout.edge_height


def _frame(plan: _Plan) -> tuple[int, int, int, int, float, float]:
    """``left, top, width, height`` (map pixels), the scale and the cell height in map pixels:
    every cell of the plan with some board round it, at ``TARGET_CELL_PX`` a hex unless that
    would not fit the page."""
    cell = max(c.height for c in plan.cells)
    xs = [x for c in plan.cells for x, _ in (c.outline or (c.centre,))]
    ys = [y for c in plan.cells for _, y in (c.outline or (c.centre,))]
    margin = CONTEXT_CELLS * cell
    left, right = min(xs) - margin, max(xs) + margin
    top, bottom = min(ys) - margin, max(ys) + margin
    min_w, min_h = MIN_CELLS[0] * cell, MIN_CELLS[1] * cell
    if right - left < min_w:
        mid = (left + right) / 2
        left, right = mid - min_w / 2, mid + min_w / 2
    if bottom - top < min_h:
        mid = (top + bottom) / 2
        top, bottom = mid - min_h / 2, mid + min_h / 2
    map_w, map_h = _extent(plan.layout)
    left, top = max(0.0, left), max(0.0, top)
    right, bottom = min(float(map_w), right), min(float(map_h), bottom)
    width, height = max(1, round(right - left)), max(1, round(bottom - top))
    scale = min(TARGET_CELL_PX / cell, FIT_WIDTH / width, FIT_HEIGHT / height)
    return round(left), round(top), width, height, scale, cell


# ------------------------------------------------------------------ drawing


class CropArt:
    """Draws crops for one module; board and counter images are decoded once."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self.pieces = PieceArt(module)
        self._boards: dict[tuple[str, bool], Image.Image | None] = {}

    def board_image(self, placed: PlacedBoard) -> Image.Image | None:
        key = (placed.board.image, placed.reversed)
        if key not in self._boards:
            image = self.pieces.image(placed.board.image) if placed.board.image else None
            self._boards[key] = image.rotate(180) if image is not None and placed.reversed else image
        return self._boards[key]

    def crops(self, finding: Finding, state: BoardState | None, conceals: Conceals = everyone) -> tuple[Crop, ...]:
        """The finding's crops, one per map it names places on (none without board images), the
        pieces drawn as the report's reader may see them (``conceals``: see ``PieceArt.draw``)."""
        out = []
        for plan in _plans(finding, self.module, state):
            crop = self._draw(plan, state, conceals)
            if crop is not None:
                out.append(crop)
        return tuple(out)

    def _draw(self, plan: _Plan, state: BoardState | None, conceals: Conceals) -> Crop | None:
        left, top, width, height, scale, cell = _frame(plan)
        canvas = Image.new("RGBA", (max(1, round(width * scale)), max(1, round(height * scale))), OUTSIDE + (255,))
        drew_board = False
        for placed in plan.layout.boards:
            drew_board |= self._paste_board(canvas, placed, plan.layout, left, top, width, height, scale)
        if not drew_board:
            return None
        if state is not None:
            self._paste_pieces(canvas, [p for p in state.pieces.values() if p.map == plan.map],
                               left, top, width, height, scale, cell, conceals)
        draw = ImageDraw.Draw(canvas)

        def at(point: tuple[float, float]) -> tuple[float, float]:
            return (point[0] - left) * scale, (point[1] - top) * scale

        line = max(3, round(cell * scale / 22))
        if not any(m.follows_path for m in plan.lines):
            _draw_path(draw, [at(c.centre) for c in plan.path], line)
        for c in plan.blocked:
            _ring(draw, c, at, scale, line, BLOCKED)
            _cross(draw, at(c.centre), cell * scale, line)
        for c in plan.rings:
            _ring(draw, c, at, scale, line, RING)
        labels = _Labels(draw, canvas.size)
        for m in plan.lines:
            _draw_measure(draw, labels, m, at, cell * scale, line)
        out = io.BytesIO()
        canvas.convert("RGB").save(out, format="PNG", optimize=False, compress_level=6)
        return Crop(plan.map, out.getvalue(), left, top, scale, cell * scale, canvas.width, canvas.height,
                    _names(plan.rings), _names(plan.path), _names(plan.blocked),
                    tuple(m.measure for m in plan.lines))

    def _paste_board(self, canvas: Image.Image, placed: PlacedBoard, layout: MapLayout, left: int, top: int,
                     width: int, height: int, scale: float) -> bool:
        ox, oy = layout.origin(placed)
        x0, y0 = max(left, ox), max(top, oy)
        x1, y1 = min(left + width, ox + placed.board.width), min(top + height, oy + placed.board.height)
        if x1 <= x0 or y1 <= y0:
            return False
        image = self.board_image(placed)
        if image is None:
            return False
        part = image.crop((x0 - ox, y0 - oy, x1 - ox, y1 - oy))
        size = (max(1, round((x1 - x0) * scale)), max(1, round((y1 - y0) * scale)))
        part = part.resize(size, Image.Resampling.LANCZOS)
        canvas.alpha_composite(part, (round((x0 - left) * scale), round((y0 - top) * scale)))
        return True

    def _paste_pieces(self, canvas: Image.Image, pieces: Sequence[PieceState], left: int, top: int, width: int,
                      height: int, scale: float, cell: float, conceals: Conceals) -> None:
        """Counters in the crop, stacks fanned out slightly, smaller than the hex and
        below its centre so the printed hex id above stays visible."""
        stacks: dict[tuple[int, int], list[PieceState]] = {}
        for p in pieces:
            if left - cell <= p.x <= left + width + cell and top - cell <= p.y <= top + height + cell:
                stacks.setdefault((p.x, p.y), []).append(p)
        target = PIECE_FRACTION * cell * scale
        for (x, y), stack in sorted(stacks.items()):
            stack.sort(key=lambda p: (p.stack_index if p.stack_index is not None else 0, p.id))
            for depth, p in enumerate(stack):
                drawn = self.pieces.draw(p, conceals)
                if drawn is None:
                    continue
                factor = target / max(drawn.image.width, drawn.image.height)
                small = drawn.image.resize((max(1, round(drawn.image.width * factor)),
                                            max(1, round(drawn.image.height * factor))), Image.Resampling.LANCZOS)
                shift = depth * max(2, target / 12)
                cx = (x - left) * scale + shift
                cy = (y - top) * scale + 0.2 * cell * scale - shift
                canvas.alpha_composite(small, (round(cx - drawn.cx * factor), round(cy - drawn.cy * factor)))


def _names(cells: Iterable[Cell]) -> tuple[str, ...]:
    return tuple(c.name for c in cells)


def _inset(points: Sequence[tuple[float, float]], centre: tuple[float, float], by: float) -> list[tuple[float, float]]:
    """The polygon shrunk toward its centre by ``by`` pixels at the corners."""
    out = []
    for x, y in points:
        dx, dy = x - centre[0], y - centre[1]
        length = math.hypot(dx, dy) or 1.0
        k = max(0.0, (length - by) / length)
        out.append((centre[0] + dx * k, centre[1] + dy * k))
    return out


def _ring(draw: ImageDraw.ImageDraw, cell: Cell, at, scale: float, width: int, colour: tuple[int, int, int]) -> None:
    """The cell's own outline, drawn just inside it: one hex, never its neighbours."""
    centre = at(cell.centre)
    if cell.outline:
        points = _inset([at(p) for p in cell.outline], centre, width / 2 + 1)
        draw.polygon(points, outline=colour, width=width)
    else:
        r = cell.height * scale / 2
        draw.ellipse((centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r), outline=colour, width=width)


def _cross(draw: ImageDraw.ImageDraw, centre: tuple[float, float], size: float, width: int) -> None:
    """An X below the centre of a blocking hex (the printed id above stays clear)."""
    r = size / 6
    cx, cy = centre[0], centre[1] + size / 8
    draw.line((cx - r, cy - r, cx + r, cy + r), fill=BLOCKED, width=width)
    draw.line((cx - r, cy + r, cx + r, cy - r), fill=BLOCKED, width=width)


class _Labels:
    """Text boxes on a crop, each kept inside the picture and off the boxes already placed."""

    def __init__(self, draw: ImageDraw.ImageDraw, size: tuple[int, int]) -> None:
        self.draw, self.size = draw, size
        self.font = ImageFont.load_default(size=LABEL_PX)
        self.placed: list[tuple[float, float, float, float]] = []

    def put(self, text: str, x: float, y: float, below: bool, ink: tuple[int, int, int], beside: bool = False) -> None:
        """``text`` centred on ``x``, its top at ``y`` (``below``) or its bottom at ``y``; ``beside``:
        its left edge at ``x``, centred on ``y``."""
        left, top, right, bottom = self.draw.textbbox((0, 0), text, font=self.font)
        w, h = right - left + 8, bottom - top + 6
        bx = min(max(x if beside else x - w / 2, 1.0), self.size[0] - w - 1)
        by = y - h / 2 if beside else y if below else y - h
        for _ in range(len(self.placed) + 1):
            clash = next((b for b in self.placed if bx < b[2] and b[0] < bx + w and by < b[3] and b[1] < by + h), None)
            if clash is None:
                break
            by = clash[3] + 1 if below else clash[1] - h - 1
        by = min(max(by, 1.0), self.size[1] - h - 1)
        self.placed.append((bx, by, bx + w, by + h))
        self.draw.rectangle((bx, by, bx + w, by + h), fill=(255, 255, 255), outline=ink, width=2)
        self.draw.text((bx + 4 - left, by + 3 - top), text, fill=ink, font=self.font)


def _draw_measure(draw: ImageDraw.ImageDraw, labels: _Labels, line: _Line, at, cell_px: float, width: int) -> None:
    """A distance: the line end to end (its cells' centres), a dot at each end, the length at
    the middle of the line, and at each end what stands there and its hex, on the side away
    from the other end."""
    points = [at(c.centre) for c in line.cells]
    draw.line(points, fill=PATH, width=width, joint="curve")
    r = width * 1.6
    for x, y in (points[0], points[-1]):
        draw.ellipse((x - r, y - r, x + r, y + r), fill=PATH)
    m = line.measure
    (sx, sy), (ex, ey) = points[0], points[-1]
    down = ey >= sy  # the end lies below the start: the start's label goes above it, the end's below
    half = cell_px / 2 + 2
    labels.put(f"{m.start_label} {m.start.name}", sx, sy - half if down else sy + half, not down, RING)
    labels.put(f"{m.end_label} {m.end.name}", ex, ey + half if down else ey - half, down, RING)
    if m.length:  # beside the middle of the line, off it: across a hex's top it would hide the hex id
        (mx, my), (dx, dy) = _middle(points)
        if abs(dy) > abs(dx):
            labels.put(m.length, mx + max(2 * width, 0.45 * cell_px), my, True, PATH, beside=True)
        else:
            labels.put(m.length, mx, my - 2 * width, False, PATH)


def _middle(points: list[tuple[float, float]]) -> tuple[tuple[float, float], tuple[float, float]]:
    """The point halfway along a polyline, and the direction of the line there."""
    lengths = [math.dist(a, b) for a, b in zip(points, points[1:])]
    half = sum(lengths) / 2
    for (a, b), d in zip(zip(points, points[1:]), lengths):
        if half <= d and d:
            t = half / d
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), (b[0] - a[0], b[1] - a[1])
        half -= d
    return points[0], (1.0, 0.0)


def _draw_path(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], width: int) -> None:
    """The traced route centre to centre: a dot at the start, an arrowhead at the end."""
    if not points:
        return
    if len(points) > 1:
        draw.line(points, fill=PATH, width=width, joint="curve")
    r = width * 1.6
    sx, sy = points[0]
    draw.ellipse((sx - r, sy - r, sx + r, sy + r), fill=PATH)
    if len(points) > 1:
        (ax, ay), (bx, by) = points[-2], points[-1]
        angle = math.atan2(by - ay, bx - ax)
        size = width * 4
        tip = (bx, by)
        draw.polygon([tip, (bx - size * math.cos(angle - 0.45), by - size * math.sin(angle - 0.45)),
                      (bx - size * math.cos(angle + 0.45), by - size * math.sin(angle + 0.45))], fill=PATH)
