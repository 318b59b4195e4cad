"""PlaceMarker ``placemark;`` and Replace ``replace;``: traits that create another
piece, whose whole definition (``+/null/type/state``) sits in one field (§4.4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import FormatError
from ..keys import NamedKeyStroke
from .base import Trait
from .fields import Codec, custom, flag, integer, keystroke, text

if TYPE_CHECKING:
    from ..piece import Piece


def _parse_marker(token: str, default: Any) -> Piece | str:
    """A nested definition as a ``Piece``; anything else (``null``, a palette path) as text."""
    from ..piece import Piece

    if not token.startswith("+/"):
        return token
    try:
        return Piece.from_slot_text(token)
    except (FormatError, RecursionError):  # hostile nesting is kept as text, not followed
        return token


def _format_marker(value: Piece | str) -> str:
    return value if isinstance(value, str) else value.slot_text()


MARKER = Codec(_parse_marker, _format_marker)


@dataclass(frozen=True)
class PlaceMarker(Trait):
    """Places ``marker`` (a ``Piece``, or VASSAL's text for it) at or near this piece."""

    ID = "placemark;"
    TYPE = (
        "command", "key", "marker", "marker_text", "x_offset", "y_offset", "match_rotation",
        "after_burner_key", "description", "gpid", "placement", "above", "copy_properties",
        "parameters", "version",
    )  # fmt: skip

    command: str = text("Place Marker")
    key: NamedKeyStroke | None = keystroke()
    marker: Any = custom(MARKER, "null")
    marker_text: str = text("null")
    x_offset: str = text("0")  # expressions since 3.6, e.g. {CurrentY > 300 ? 150 : -150}
    y_offset: str = text("0")
    match_rotation: bool = flag()
    after_burner_key: NamedKeyStroke | None = keystroke()
    description: str = text()
    gpid: str = text()
    placement: int = integer(0)
    above: bool = flag()
    copy_properties: str = text()
    parameters: str = text()
    version: str = text()


@dataclass(frozen=True)
class Replace(PlaceMarker):
    """Replace With: places the marker and deletes this piece."""

    ID = "replace;"
    command: str = text("Replace")
