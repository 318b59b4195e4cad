"""Off-map displays: labelled boxes holding counters (holding areas, reinforcements, dead pools).

A display is one board whose boxes are VASSAL zones named by their labels, so a
log says a unit moved from "Turn 9 AM: enter S1234" to hex S1233. Pieces are laid
out in a grid inside each box, one counter pitch apart, so none hides another.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass

from PIL import Image, ImageDraw

from builder.counters import COUNTER_SIZE, fitted_font

PITCH = COUNTER_SIZE + 8
PER_ROW = 10
MARGIN = 10
LINE_HEIGHT = 18
LABEL_CHARS = 110
TITLE_HEIGHT = 34
WIDTH = 2 * MARGIN + PER_ROW * PITCH
PAPER = (246, 243, 234)
BOX_FILL = (255, 255, 250)
INK = (30, 30, 30)


@dataclass(frozen=True)
class Box:
    """A labelled rectangle on a display board, in board pixels."""

    label: str
    lines: tuple[str, ...]
    left: int
    top: int
    right: int
    bottom: int
    capacity: int

    @property
    def polygon(self) -> tuple[tuple[int, int], ...]:
        return ((self.left, self.top), (self.right, self.top), (self.right, self.bottom), (self.left, self.bottom))

    def slot(self, index: int) -> tuple[int, int]:
        """Centre of the index-th counter place in the box (row by row)."""
        row, column = divmod(index, PER_ROW)
        return (self.left + MARGIN // 2 + column * PITCH + PITCH // 2,
                self.label_bottom + row * PITCH + PITCH // 2)

    @property
    def label_bottom(self) -> int:
        return self.top + 6 + LINE_HEIGHT * len(self.lines)


@dataclass(frozen=True)
class DisplayArt:
    """A display board: title and boxes (the drawing and the zones come from the same boxes)."""

    title: str
    boxes: tuple[Box, ...]
    width: int
    height: int


def plan_display(title: str, contents: list[tuple[str, int]]) -> DisplayArt:
    """Boxes top to bottom for (label, number of counters), each tall enough for its counters."""
    boxes = []
    top = TITLE_HEIGHT
    for label, count in contents:
        rows = max(1, -(-count // PER_ROW))
        lines = tuple(textwrap.wrap(label, LABEL_CHARS)) or ("",)
        bottom = top + 6 + LINE_HEIGHT * len(lines) + rows * PITCH + MARGIN // 2
        boxes.append(Box(label, lines, MARGIN // 2, top, WIDTH - MARGIN // 2, bottom, rows * PER_ROW))
        top = bottom + MARGIN
    return DisplayArt(title, tuple(boxes), WIDTH, top + MARGIN)


def render_display(art: DisplayArt) -> Image.Image:
    image = Image.new("RGB", (art.width, art.height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, 6), art.title, font=fitted_font(art.title, art.width - 2 * MARGIN, 20), fill=INK)
    for box in art.boxes:
        draw.rectangle((box.left, box.top, box.right, box.bottom), fill=BOX_FILL, outline=INK, width=2)
        draw.rectangle((box.left, box.top, box.right, box.label_bottom - 2), fill=(225, 215, 190))
        for index, line in enumerate(box.lines):
            face = fitted_font(line, box.right - box.left - 2 * MARGIN, 14)
            draw.text((box.left + MARGIN, box.top + 4 + index * LINE_HEIGHT), line, font=face, fill=INK)
    return image
