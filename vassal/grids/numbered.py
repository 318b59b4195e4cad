"""What the two regular grids (hex and square) share: a numbering child names their cells."""

from __future__ import annotations

from typing import Any, ClassVar

from vassal.grids.base import ElementLike, GridElement, LocationError, raw_from
from vassal.grids.numbering import NUMBERING_TAGS, GridNumbering


class NumberedGrid(GridElement):
    """A ``HexGrid`` or ``SquareGrid``: its numbering child is interpreted, others kept verbatim."""

    #: How messages name this kind of grid ("hex grid").
    kind: ClassVar[str]

    @staticmethod
    def read_child(el: ElementLike) -> Any:
        """A numbering element is read as one; anything else is kept verbatim."""
        return GridNumbering.from_element(el) if el.tag in NUMBERING_TAGS else raw_from(el)

    @property
    def numbering(self) -> GridNumbering | None:
        """The numbering child; without one VASSAL names no location on this grid."""
        return next((c for c in self.children if isinstance(c, GridNumbering)), None)

    def _numbering(self) -> GridNumbering:
        """The numbering child, which every name needs; without one the grid names nothing."""
        if self.numbering is None:
            raise LocationError(f"this {self.kind} has no numbering, so it names no location")
        return self.numbering
