"""Pieces drawn from the module's own images, as VASSAL draws them, for the report's crops.

A piece in a save is its full trait chain (prototypes are expanded when a piece is put
into play), so its look follows from the traits, innermost first: the BasicPiece
image, each active Layer's current image on top (at the layer's offset), a facing
turns everything inside it. A piece is drawn as the report's reader may see it (``fog``):
a piece masked from him shows its mask, one hidden from him is not drawn.

Images are read through the module's bounded, path-safe entry reader; one that is
missing or unreadable (or an SVG, which Pillow cannot draw) is left out, never guessed.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw, UnidentifiedImageError

from vassal.errors import FormatError
from vassal.module import Module
from vassal.piece import Piece
from vassal.replay import PieceState
from vassal.traits import BasicPiece, Layer
from vassal.traits.access import Hideable, Obscurable
from vassal.traits.rotate import FreeRotator

from .board_images import read_image

#: whether a Mask or Invisible trait that is on keeps the report's reader from seeing the piece
Conceals = Callable[[Obscurable | Hideable], bool]


def everyone(trait: Obscurable | Hideable) -> bool:
    """An onlooker's sight: every mask and every hiding counts."""
    return True


MAX_PIXELS = 80_000_000
"""Refuse decompression bombs hidden in a module's images (checked before decoding)."""
MASK_FILL = (120, 120, 120, 255)


def decode_image(data: bytes | None) -> Image.Image | None:
    """RGBA pixels of image bytes, or ``None`` if they are not a readable, sane image."""
    if not data:
        return None
    try:
        with Image.open(io.BytesIO(data)) as src:
            if src.width * src.height > MAX_PIXELS:
                return None
            return src.convert("RGBA")
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        return None


@dataclass
class Drawn:
    """A piece picture and where the piece's position falls in it."""

    image: Image.Image
    cx: float
    cy: float


class PieceArt:
    """Draws pieces of one module; decoded images are kept for the whole report."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self._images: dict[str, Image.Image | None] = {}

    def image(self, name: str) -> Image.Image | None:
        if name not in self._images:
            self._images[name] = decode_image(read_image(self.module, name)) if name else None
        return self._images[name]

    def draw(self, piece: PieceState, conceals: Conceals = everyone) -> Drawn | None:
        """The piece as the reader sees it; ``None`` when hidden from him, undecodable or imageless."""
        try:
            traits = Piece.decode(piece.type, piece.state).traits
        except (FormatError, ValueError, IndexError):
            return None
        drawn: Drawn | None = None
        for trait in reversed(traits):  # innermost (BasicPiece) first
            if isinstance(trait, Hideable) and trait.hidden and conceals(trait):
                return None
            if isinstance(trait, Obscurable) and trait.masked and conceals(trait):
                drawn = self._mask(trait, drawn)
            elif isinstance(trait, Layer) and trait.active:
                top = self.image(trait.image)
                if top is not None:
                    drawn = _over(drawn, top, trait.x_offset, trait.y_offset)
            elif isinstance(trait, FreeRotator) and drawn is not None and trait.degrees % 360:
                drawn = _rotated(drawn, trait.degrees)
            elif isinstance(trait, BasicPiece):
                base = self.image(trait.image)
                if base is not None:
                    drawn = Drawn(base, base.width / 2, base.height / 2)
        return drawn

    def _mask(self, mask: Obscurable, inner: Drawn | None) -> Drawn:
        """What the opponent sees of a masked piece: the mask image, else a grey tile."""
        image = self.image(mask.image)
        if image is not None:
            return Drawn(image, image.width / 2, image.height / 2)
        width, height = (inner.image.size if inner is not None else (40, 40))
        tile = Image.new("RGBA", (width, height), MASK_FILL)
        ImageDraw.Draw(tile).text((width / 2, height / 2), "?", fill=(255, 255, 255, 255), anchor="mm")
        return Drawn(tile, width / 2, height / 2)


def _over(base: Drawn | None, top: Image.Image, dx: int, dy: int) -> Drawn:
    """``top`` drawn centred ``(dx, dy)`` from the piece's position, over ``base``."""
    if base is None:
        return Drawn(top, top.width / 2 - dx, top.height / 2 - dy)
    left = min(0.0, base.cx + dx - top.width / 2)
    up = min(0.0, base.cy + dy - top.height / 2)
    right = max(base.image.width, base.cx + dx + top.width / 2)
    down = max(base.image.height, base.cy + dy + top.height / 2)
    canvas = Image.new("RGBA", (round(right - left), round(down - up)), (0, 0, 0, 0))
    canvas.alpha_composite(base.image, (round(-left), round(-up)))
    canvas.alpha_composite(top, (round(base.cx + dx - top.width / 2 - left), round(base.cy + dy - top.height / 2 - up)))
    return Drawn(canvas, base.cx - left, base.cy - up)


def _rotated(drawn: Drawn, degrees: float) -> Drawn:
    """Turned clockwise by ``degrees`` about the piece's position, as FreeRotator draws."""
    width, height = drawn.image.size
    # centre the position first so the rotation pivots on it
    half_w = max(drawn.cx, width - drawn.cx)
    half_h = max(drawn.cy, height - drawn.cy)
    canvas = Image.new("RGBA", (round(2 * half_w), round(2 * half_h)), (0, 0, 0, 0))
    canvas.alpha_composite(drawn.image, (round(half_w - drawn.cx), round(half_h - drawn.cy)))
    turned = canvas.rotate(-degrees, resample=Image.Resampling.BICUBIC, expand=True)
    return Drawn(turned, turned.width / 2, turned.height / 2)
