"""Counter and marker artwork drawn with Pillow.

Counters are drawn from data, not scanned, so every unit in an order of battle gets
a legible piece at 100% zoom. Text uses Pillow's bundled scalable font so the same
input gives the same pixels on every machine (no system fonts, no PNG metadata).
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from gamedata.systems import Colour, Symbol


COUNTER_SIZE = 80
"""Counter edge in pixels: a 1/2" counter at 160 dpi, readable at 100% zoom."""


@dataclass(frozen=True)
class SideColours:
    """Fill and ink for one side's counters."""

    fill: Colour
    ink: Colour


_KNOWN_SIDES: dict[str, SideColours] = {
    "union": SideColours((54, 84, 158), (255, 255, 255)),
    "usa": SideColours((54, 84, 158), (255, 255, 255)),
    "federal": SideColours((54, 84, 158), (255, 255, 255)),
    "confederate": SideColours((176, 176, 168), (20, 20, 20)),
    "csa": SideColours((176, 176, 168), (20, 20, 20)),
}
_FALLBACK_FILLS: tuple[Colour, ...] = ((150, 60, 50), (60, 120, 70), (160, 120, 40), (110, 70, 140))


def side_colours(side: str, sides: tuple[str, ...] = ()) -> SideColours:
    """Blue for the Union, grey for the Confederacy; other sides by their position in `sides`."""
    known = _KNOWN_SIDES.get(side.strip().lower())
    if known is not None:
        return known
    index = sides.index(side) if side in sides else sum(side.encode())
    return SideColours(_FALLBACK_FILLS[index % len(_FALLBACK_FILLS)], (255, 255, 255))


@dataclass(frozen=True)
class CounterArt:
    """Everything drawn on one face of a unit counter; equal specs give equal pixels."""

    colours: SideColours
    symbol: Symbol
    name: str
    command: str = ""
    values: str = ""          # strength / manpower line; empty when the data has none
    size: int = COUNTER_SIZE


@dataclass(frozen=True)
class BackArt:
    """A back side drawn over any counter: a dark veil and a red banner naming the state.

    One translucent overlay per state serves every unit, instead of a second image per
    unit; the front's text still shows through, as on a flipped printed counter.
    """

    label: str
    size: int = COUNTER_SIZE


@dataclass(frozen=True)
class MarkerArt:
    """A status or game marker: coloured tile with one or two lines of text."""

    text: str
    fill: Colour
    ink: Colour = (0, 0, 0)
    width: int = COUNTER_SIZE
    height: int = COUNTER_SIZE


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled scalable font: identical on every machine."""
    return ImageFont.load_default(size=size)


def fitted_font(text: str, width: int, largest: int, smallest: int = 8) -> ImageFont.FreeTypeFont:
    """Largest font size (down to `smallest`) at which `text` fits in `width` pixels."""
    return font(_fitted_size(text, width, largest, smallest))


@lru_cache(maxsize=4096)
def _fitted_size(text: str, width: int, largest: int, smallest: int) -> int:
    """Memoised: the same commands, levels and labels recur on hundreds of counters."""
    for size in range(largest, smallest - 1, -1):
        if font(size).getlength(text) <= width:
            return size
    return smallest


LEGIBLE = 9
"""Smallest font size for a one-line text on a counter; longer texts wrap onto two lines."""
SMALLEST = 7
"""Two lines may go down to this size before a text is cut with an ellipsis."""


def line_height(size: int) -> int:
    return size + max(1, size // 6)


@lru_cache(maxsize=4096)
def fit_text(text: str, width: int, height: int, largest: int) -> tuple[tuple[str, ...], int]:
    """The lines and font size that fit `text` in a `width` x `height` box: one line at a
    legible size if it fits, else two lines split at the space that balances them (Atlanta's
    "Georgia Militia 1st brigade"), else one smaller line, else one line cut with an ellipsis
    at the smallest size (a badge too small for the word: the marker and the piece's name
    keep the whole text)."""
    for size in range(largest, LEGIBLE - 1, -1):
        if font(size).getlength(text) <= width and line_height(size) <= height:
            return (text,), size
    splits = sorted(((text[:i], text[i + 1:]) for i, ch in enumerate(text) if ch == " "),
                    key=lambda pair: abs(len(pair[0]) - len(pair[1])))
    for size in range(largest, SMALLEST - 1, -1):
        if 2 * line_height(size) > height:
            continue
        face = font(size)
        for first, second in splits:
            if max(face.getlength(first), face.getlength(second)) <= width:
                return (first, second), size
    for size in range(LEGIBLE - 1, SMALLEST - 1, -1):
        if font(size).getlength(text) <= width and line_height(size) <= height:
            return (text,), size
    face = font(SMALLEST)
    cut = text
    while cut and face.getlength(cut + "…") > width:
        cut = cut[:-1]
    return (cut.rstrip() + "…",), SMALLEST


def _centred(draw: ImageDraw.ImageDraw, centre_x: float, top: float, text: str, face: ImageFont.FreeTypeFont, ink: Colour) -> None:
    draw.text((centre_x, top), text, font=face, fill=ink, anchor="ma")


def _lines(draw: ImageDraw.ImageDraw, centre_x: float, box: tuple[float, float], text: str, width: int,
           largest: int, ink: Colour) -> None:
    """`text` fitted (see `fit_text`) into the band `box` = (top, bottom), centred across."""
    top, bottom = box
    lines, size = fit_text(text, width, int(bottom - top), largest)
    face = font(size)
    for index, line in enumerate(lines):
        _centred(draw, centre_x, top + index * line_height(size), line, face, ink)


def draw_symbol(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], symbol: Symbol, ink: Colour, fill: Colour) -> None:
    """Draw `symbol` inside `box` (left, top, right, bottom)."""
    left, top, right, bottom = box
    width = max(1, (right - left) // 24)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    if symbol is Symbol.LEADER:
        _star(draw, cx, cy, (bottom - top) / 2 + 2, ink)
        return
    if symbol is Symbol.GUNBOAT:
        hull = [(left, cy), (right, cy), (right - (right - left) // 6, bottom), (left + (right - left) // 6, bottom)]
        draw.polygon(hull, fill=ink)
        draw.rectangle((cx - 6, top + 2, cx + 6, cy), fill=ink)
        draw.line((cx, top - 2, cx, top + 2), fill=ink, width=2)
        return
    draw.rectangle(box, fill=fill, outline=ink, width=width)
    if symbol is Symbol.INFANTRY:
        draw.line((left, top, right, bottom), fill=ink, width=width)
        draw.line((left, bottom, right, top), fill=ink, width=width)
    elif symbol is Symbol.CAVALRY:
        draw.line((left, bottom, right, top), fill=ink, width=width)
    elif symbol is Symbol.ARTILLERY:
        radius = (bottom - top) / 5
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=ink)
    elif symbol is Symbol.WAGON:
        radius = (bottom - top) / 6
        for wheel_x in (left + (right - left) / 4, right - (right - left) / 4):
            draw.ellipse((wheel_x - radius, bottom - 2 * radius - 2, wheel_x + radius, bottom - 2), outline=ink, width=width)
        draw.line((left, cy - 2, right, cy - 2), fill=ink, width=width)


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, ink: Colour) -> None:
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.42
        angle = math.pi / 2 + k * math.pi / 5
        points.append((cx + r * math.cos(angle), cy - r * math.sin(angle)))
    draw.polygon(points, fill=ink)


def render_counter(art: CounterArt) -> Image.Image:
    """Draw one counter face: command top, symbol, name, values bottom."""
    size = art.size
    fill = art.colours.fill
    ink = art.colours.ink
    image = Image.new("RGB", (size, size), fill)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, size - 1, size - 1), outline=(0, 0, 0), width=1)
    margin = max(3, size // 20)
    inner = size - 2 * margin
    if art.command:
        _lines(draw, size / 2, (margin - 1, size * 24 // 100), art.command, inner, size // 6, ink)
    symbol_box = (size * 3 // 10, size * 25 // 100, size * 7 // 10, size * 47 // 100)
    draw_symbol(draw, symbol_box, art.symbol, ink, fill)
    name_bottom = size * 70 // 100 if art.values else size - margin
    _lines(draw, size / 2, (size * 50 // 100, name_bottom), art.name, inner, size // 6, ink)
    if art.values:
        _lines(draw, size / 2, (size * 71 // 100, size - margin), art.values, inner, size // 5, ink)
    return image


BANNER = (200, 30, 30, 255)
VEIL = (0, 0, 0, 80)


def render_back(art: BackArt) -> Image.Image:
    """The back-side overlay: translucent veil over the whole counter, banner across the symbol."""
    size = art.size
    image = Image.new("RGBA", (size, size), VEIL)
    draw = ImageDraw.Draw(image)
    band_top = size * 24 // 100
    draw.rectangle((1, band_top, size - 2, band_top + size // 5), fill=BANNER)
    face = fitted_font(art.label, size - 2 * max(3, size // 20), size // 6)
    draw.text((size / 2, band_top + size // 10), art.label, font=face, fill=(255, 255, 255, 255), anchor="mm")
    return image


def marker_text(text: str, width: int, height: int) -> tuple[tuple[str, ...], int]:
    """The lines and font size a `width` x `height` marker tile draws `text` with."""
    return fit_text(text, width - 6, height - 4, max(LEGIBLE, height // 4))


def shows_whole(text: str, width: int, height: int) -> bool:
    """Whether a marker tile of this size draws `text` without cutting it."""
    lines, _ = marker_text(text, width, height)
    return "".join(lines).replace(" ", "") == text.replace(" ", "")


def render_marker(art: MarkerArt) -> Image.Image:
    """Draw a marker tile, its text fitted inside (wrapped onto two lines when it must be)."""
    image = Image.new("RGB", (art.width, art.height), art.fill)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, art.width - 1, art.height - 1), outline=(0, 0, 0), width=1)
    height = art.height - 4
    lines, size = marker_text(art.text, art.width, art.height)
    top = 2 + (height - len(lines) * line_height(size)) / 2
    for index, line in enumerate(lines):
        _centred(draw, art.width / 2, top + index * line_height(size), line, font(size), art.ink)
    return image


def png_bytes(image: Image.Image) -> bytes:
    """Encode without ancillary chunks so identical pixels give identical bytes."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()
