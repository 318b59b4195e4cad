"""NonRectangular ``nonRect2;`` / legacy ``nonRect;``: the piece's clickable outline (§4.4)."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Trait
from .fields import real, text


@dataclass(frozen=True)
class NonRectangular(Trait):
    """``shape`` is ``d`` followed by ``M x y``/``L x y``/... path commands, or ``N image``."""

    ID = "nonRect2;"
    TYPE = ("scale", "shape")

    scale: float = real(1.0)
    shape: str = text()


@dataclass(frozen=True)
class LegacyNonRectangular(Trait):
    """``nonRect;`` + ``m,x,y,l,x,y,...,c`` (the pre-3.6 spec), kept as text."""

    ID = "nonRect;"
    TYPE_DELIM = None
    TYPE = ("shape",)

    shape: str = text()
