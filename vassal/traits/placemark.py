"""PlaceMarker ``placemark;`` and Replace ``replace;``: traits that create another
piece, whose whole definition (``+/null/type/state``) sits in one field (§4.4)."""

from __future__ import annotations

from dataclasses import dataclass

from ..keys import NamedKeyStroke
from .base import Trait
from .fields import flag, integer, keystroke, text


@dataclass(frozen=True)
class PlaceMarker(Trait):
    """Places ``marker`` at or near this piece: VASSAL's text for it, a whole piece definition
    inline (``+/null/type/state``, read by ``vassal.piece.Piece.placed_pieces``) or ``null``."""

    ID = "placemark;"
    TYPE = (
        "command", "key", "marker", "marker_text", "x_offset", "y_offset", "match_rotation",
        "after_burner_key", "description", "gpid", "placement", "above", "copy_properties",
        "parameters", "version",
    )  # fmt: skip

    command: str = text("Place Marker")
    key: NamedKeyStroke | None = keystroke()
    marker: str = text("null")
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
