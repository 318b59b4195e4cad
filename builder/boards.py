"""Board images drawn with Pillow when the designer supplies no scanned map.

Every hex is drawn from `BoardGeometry.centre`, the same numbers the module's
HexGrid uses, so a counter dropped on a drawn hex snaps to its centre and VASSAL
names it with the hex id printed in it.
"""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from builder.counters import fitted_font, font
from builder.layout import SIDE_MARGIN, TITLE_STRIP, BoardGeometry
from gamedata.hexids import Hex, HexIds

PAPER = (238, 230, 208)
HEX_LINE = (120, 110, 90)
EDGE = (40, 30, 20)
LABEL = (70, 60, 45)
PLACE = (120, 20, 20)
TERRAIN = (20, 60, 140)


@dataclass(frozen=True)
class BoardArt:
    """Everything a drawn board depends on (the cache key): geometry, hexes, place names."""

    geometry: BoardGeometry
    hexes: tuple[tuple[Hex, str], ...]            # (hex, printed id), own hexes only
    seam_hexes: tuple[Hex, ...]                    # the board above's hexes reaching into this one
    places: tuple[tuple[Hex, str], ...]
    terrain: tuple[tuple[Hex, str], ...]
    title: str


def board_art(geometry: BoardGeometry, hexids: HexIds, places: dict[str, str], terrain: dict[str, str],
              title: str) -> BoardArt:
    """Collect the hexes this board owns (rows `first_row`-`last_row`), their printed ids,
    and the gazetteer names and terrain (both keyed by printed id) that fall on them."""
    m = geometry.map
    own: list[tuple[Hex, str]] = []
    seam: list[Hex] = []
    for column in range(m.columns[0], m.columns[1] + 1):
        low, high = hexids.row_range(m.id, column)
        for row in range(max(low, geometry.first_row), min(high, geometry.last_row) + 1):
            h = Hex(m.id, column, row)
            own.append((h, hexids.format(h)))
        if geometry.joined_above:
            seam.append(Hex(m.id, column, geometry.row_above_top))
    named = tuple((h, places[printed]) for h, printed in own if printed in places)
    marked = tuple((h, terrain[printed]) for h, printed in own if printed in terrain)
    return BoardArt(geometry, tuple(own), tuple(seam), named, marked, title)


def _outline(geometry: BoardGeometry, h: Hex) -> list[tuple[float, float]]:
    x, y = geometry.centre(h)
    r = 2 * geometry.dx / 3
    half = geometry.dy / 2
    return [(x - r, y), (x - r / 2, y - half), (x + r / 2, y - half), (x + r, y), (x + r / 2, y + half), (x - r / 2, y + half)]


def render_board(art: BoardArt) -> Image.Image:
    """Paper, hex outlines, every hex id, place names, the map edge and the title."""
    g = art.geometry
    image = Image.new("RGB", (g.width, g.height), PAPER)
    draw = ImageDraw.Draw(image)
    for h in art.seam_hexes:
        draw.polygon(_outline(g, h), outline=HEX_LINE)
    label_font = font(max(9, g.dy // 6))
    for h, printed in art.hexes:
        draw.polygon(_outline(g, h), outline=HEX_LINE)
        x, y = g.centre(h)
        draw.text((x, y - g.dy / 2 + 2), printed, font=label_font, fill=LABEL, anchor="ma")
    place_width = int(4 * g.dx / 3) + g.dy
    for h, name in art.places:
        x, y = g.centre(h)
        face = fitted_font(name, place_width, max(9, g.dy // 6))
        box = draw.textbbox((x, y + 2), name, font=face, anchor="ma")
        draw.rectangle((box[0] - 2, box[1] - 1, box[2] + 2, box[3] + 1), fill=(255, 250, 235))
        draw.text((x, y + 2), name, font=face, fill=PLACE, anchor="ma")
        draw.ellipse((x - 3, y - 6, x + 3, y), fill=PLACE)
    for h, kind in art.terrain:
        x, y = g.centre(h)
        face = fitted_font(kind, place_width, max(8, g.dy // 7))
        draw.text((x, y + g.dy // 2 - 3), kind, font=face, fill=TERRAIN, anchor="md")
    _edges(draw, art)
    title_font = font(TITLE_STRIP - 10)
    title_y = 4 if g.title_at_top else g.height - TITLE_STRIP + 4
    draw.text((g.x0, title_y), art.title, font=title_font, fill=EDGE)
    _north_arrow(draw, (g.width - SIDE_MARGIN - TITLE_STRIP, title_y + TITLE_STRIP // 2 - 4), g.map.north)
    return image


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
    points = [p for h, _ in art.hexes for p in _outline(g, h)]
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
