"""The size VASSAL gives an SVG image: a board drawn as SVG is as big as this says.

VASSAL 3.8 (``SVGImageUtils.getImageSize``) reads the root element's ``width``,
``height`` and ``viewBox`` with Batik: lengths in user units (``px`` or none),
``in``/``cm``/``mm``/``pt``/``pc`` at Batik's 96 pixels per inch, ``em``/``ex``
against Batik's default font size, and percentages of a 1x1 viewport scaled by
the viewBox. A missing width or height comes from the viewBox, or from the other
side (square) when there is no viewBox; none at all gives 0x0. The result is
rounded as Java's ``(int) (w + 0.5f)`` does.
"""

from __future__ import annotations

import re
import struct

from lxml import etree

from .errors import FormatError
from .grid import Size

_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
_LENGTH = re.compile(rf"^\s*({_NUMBER})\s*(px|in|cm|mm|pt|pc|em|ex|%)?\s*$")
_VIEW_BOX = re.compile(rf"^\s*({_NUMBER})(?:\s*,\s*|\s+)({_NUMBER})(?:\s*,\s*|\s+)({_NUMBER})(?:\s*,\s*|\s+)"
                       rf"({_NUMBER})\s*$")
_PER_INCH = 96.0  # Batik's UserAgentAdapter: 0.26458333 mm per pixel
_FONT_SIZE = 16.0  # Batik's CSS default font size, "medium" = 12pt
_UNITS = {None: 1.0, "px": 1.0, "in": _PER_INCH, "cm": _PER_INCH / 2.54, "mm": _PER_INCH / 25.4,
          "pt": _PER_INCH / 72, "pc": _PER_INCH / 6, "em": _FONT_SIZE, "ex": _FONT_SIZE / 2, "%": 1 / 100}


def _f32(value: float) -> float:
    """Batik and VASSAL compute in Java floats."""
    return struct.unpack("f", struct.pack("f", value))[0]


def _length(text: str, where: str) -> tuple[float, bool]:
    """(user-space length, is a percentage); -1 for an empty attribute, as VASSAL starts with."""
    if not text:
        return -1.0, False
    m = _LENGTH.match(text)
    if m is None:
        raise FormatError(f"SVG length {text!r} cannot be read", where)
    return _f32(float(m.group(1)) * _UNITS[m.group(2)]), m.group(2) == "%"


def _view_box(text: str, where: str) -> tuple[float, float] | None:
    """The viewBox's width and height; None for an empty one (0 wide or high), as Batik gives."""
    m = _VIEW_BOX.match(text)
    if m is None:
        raise FormatError(f"SVG viewBox {text!r} cannot be read", where)
    width, height = _f32(float(m.group(3))), _f32(float(m.group(4)))
    if width < 0 or height < 0:
        raise FormatError(f"SVG viewBox {text!r} has a negative size", where)
    return None if width == 0 or height == 0 else (width, height)


def svg_size(data: bytes, where: str = "SVG image") -> Size:
    """VASSAL's size for the SVG document ``data``; ``FormatError`` where VASSAL could not read it."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise FormatError(f"not readable as SVG ({exc})", where) from None
    if etree.QName(root).localname != "svg":
        raise FormatError("the root element is not <svg>", where)
    w, w_percent = _length(root.get("width", ""), where)
    h, h_percent = _length(root.get("height", ""), where)
    box_text = root.get("viewBox", "")
    box = _view_box(box_text, where) if box_text else None
    if w < 0 or h < 0:
        if box_text:
            if box is not None:
                w = box[0] if w < 0 else (_f32(w * box[0]) if w_percent else w)
                h = box[1] if h < 0 else (_f32(h * box[1]) if h_percent else h)
        elif h >= 0:
            w = h
        elif w >= 0:
            h = w
        else:
            w = h = 0.0
    elif box is not None:
        w = _f32(w * box[0]) if w_percent else w
        h = _f32(h * box[1]) if h_percent else h
    return Size(int(_f32(w + 0.5)), int(_f32(h + 0.5)))
