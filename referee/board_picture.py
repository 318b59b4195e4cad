"""A picture of a board with the flagged hexes ringed, for the HTML report.

Players recognise a position faster on the board than from hex numbers, so the
report shows the module's own board image with a red ring around every place a
finding names. Large boards are scaled down so the page stays light; the output
is PNG bytes and depends only on the inputs (no timestamps in the file).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

MAX_WIDTH = 1400
MAX_PIXELS = 80_000_000  # refuse decompression bombs hidden in a module's images
RING = (220, 0, 0, 255)


@dataclass(frozen=True)
class Mark:
    """A point to ring, in the board image's own pixel coordinates."""

    x: int
    y: int
    label: str


def draw_marks(image_bytes: bytes, marks: Sequence[Mark], radius: int) -> bytes:
    """The board image with a ring per mark, scaled to at most ``MAX_WIDTH`` pixels wide."""
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    with Image.open(io.BytesIO(image_bytes)) as src:
        board = src.convert("RGBA")
    draw = ImageDraw.Draw(board)
    width = max(3, radius // 5)
    for m in marks:
        box = (m.x - radius, m.y - radius, m.x + radius, m.y + radius)
        draw.ellipse(box, outline=RING, width=width)
    if board.width > MAX_WIDTH:
        height = max(1, round(board.height * MAX_WIDTH / board.width))
        board = board.resize((MAX_WIDTH, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    board.convert("RGB").save(out, format="PNG", optimize=False)
    return out.getvalue()
