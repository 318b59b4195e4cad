"""A picture of a board with the flagged hexes ringed and named, for the HTML report.

Players recognise a position faster on the board than from hex numbers, so the
report shows the module's own board image with a red ring and the place name
at every place a finding names. Large boards are scaled down so the page stays
light; the output is PNG bytes that depend only on the inputs.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, UnidentifiedImageError

MAX_WIDTH = 1400
MAX_PIXELS = 80_000_000  # refuse decompression bombs hidden in a module's images
RING = (220, 0, 0, 255)


@dataclass(frozen=True)
class Mark:
    """A point to ring, in the board's own pixel coordinates, and the name to write by it."""

    x: int
    y: int
    label: str


def draw_marks(image_bytes: bytes, marks: Sequence[Mark], radius: int, reversed_: bool = False) -> bytes | None:
    """The board image with a ring per mark, at most ``MAX_WIDTH`` pixels wide; ``None``
    if the image cannot be read. A reversed board is shown turned, as VASSAL draws it."""
    try:
        with Image.open(io.BytesIO(image_bytes)) as src:
            if src.width * src.height > MAX_PIXELS:  # checked before any pixel is decoded
                return None
            board = src.convert("RGBA")
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        return None
    if reversed_:
        board = board.rotate(180)
    draw = ImageDraw.Draw(board)
    width = max(3, radius // 5)
    for m in marks:
        draw.ellipse((m.x - radius, m.y - radius, m.x + radius, m.y + radius), outline=RING, width=width)
        draw.text((m.x + radius + 2, m.y - radius), m.label, fill=RING)
    if board.width > MAX_WIDTH:
        height = max(1, round(board.height * MAX_WIDTH / board.width))
        board = board.resize((MAX_WIDTH, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    board.convert("RGB").save(out, format="PNG")
    return out.getvalue()
