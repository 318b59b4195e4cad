"""UsePrototype ``prototype;``: a reference to a PrototypeDefinition (§4.4, §4.5)."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Trait
from .fields import text


@dataclass(frozen=True)
class UsePrototype(Trait):
    """``parameters`` is the raw ``k1=v1,k2=v2`` text (``$k$`` is replaced by ``v``)."""

    ID = "prototype;"
    TYPE = ("name", "parameters")

    name: str = text()
    parameters: str = text()
