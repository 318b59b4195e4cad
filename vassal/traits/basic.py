"""BasicPiece ``piece;``: image, name and position; always the innermost trait (§4.4)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .base import Trait
from .fields import integer, text


@dataclass(frozen=True)
class BasicPiece(Trait):
    """The piece itself. ``persistent`` is ``None`` for 3.2/3.3 states, which end after gpid."""

    ID = "piece;"
    TYPE = ("clone_key", "delete_key", "image", "name")
    STATE = ("map_id", "x", "y", "gpid")
    STATE_DELIM = ";"

    image: str = text()
    name: str = text()
    gpid: str = text()
    map_id: str = text("null")
    x: int = integer()
    y: int = integer()
    persistent: tuple[tuple[str, str], ...] | None = field(default=())
    clone_key: str = text()
    delete_key: str = text()

    def __post_init__(self) -> None:
        if isinstance(self.persistent, dict):
            object.__setattr__(self, "persistent", tuple(self.persistent.items()))

    def properties(self) -> dict[str, str]:
        return dict(self.persistent or ())

    @classmethod
    def _parse_tail(cls, part: str, tokens: list[str]) -> dict[str, Any] | None:
        if part != "state":
            return None
        if not tokens:
            return {"persistent": None}
        try:
            count = int(tokens[0])
        except ValueError:
            return None
        pairs = tokens[1:]
        if count < 0 or len(pairs) != 2 * count:
            return None
        return {"persistent": tuple(zip(pairs[::2], pairs[1::2]))}

    @classmethod
    def _tail_values(cls, part: str, values: dict[str, Any]) -> list[str]:
        pairs = values.get("persistent")
        if part != "state" or pairs is None:
            return []
        return [str(len(pairs)), *(t for pair in pairs for t in pair)]
