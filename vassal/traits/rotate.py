"""FreeRotator ``rotate;``: facing of a counter, in fixed steps or free (§4.4)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..keys import NamedKeyStroke
from .base import Entry, Trait
from .fields import INT, flag, integer, keystroke, text

_STEPPED = ("cw_key", "ccw_key", "cw_text", "ccw_text")
_FREE = ("set_angle_key", "set_angle_text")
_COMMON = (
    "random_key", "random_text", "name", "description",
    "direct_key", "direct_text", "direct_expression", "direct_type_facing",
)  # fmt: skip


@dataclass(frozen=True)
class FreeRotator(Trait):
    """``n_angles`` facings (1 = free rotation). ``state`` is VASSAL's state text:
    the facing index when ``n_angles > 1``, the angle in degrees (≤ 0) when free."""

    ID = "rotate;"
    STATE = ("state",)

    n_angles: int = integer(6)
    cw_key: NamedKeyStroke | None = keystroke()
    ccw_key: NamedKeyStroke | None = keystroke()
    cw_text: str = text("Rotate CW")
    ccw_text: str = text("Rotate CCW")
    name: str = text()
    state: str = text(None)  # type: ignore[arg-type]  # default: "0", or "0.0" for free rotation
    set_angle_key: NamedKeyStroke | None = keystroke()
    set_angle_text: str = text("Rotate")
    random_key: NamedKeyStroke | None = keystroke()
    random_text: str = text()
    description: str = text()
    direct_key: NamedKeyStroke | None = keystroke()
    direct_text: str = text()
    direct_expression: str = text()
    direct_type_facing: bool = flag(True)

    def __post_init__(self) -> None:
        if self.state is None:
            object.__setattr__(self, "state", "0.0" if self.n_angles == 1 else "0")

    @classmethod
    def _type_entries(cls, type_text: str) -> tuple[Entry, ...]:
        first = type_text[len(cls.ID) :].split(";", 1)[0]
        return _entries(INT.parse(first, 6))

    def _type_entries_now(self) -> tuple[Entry, ...]:
        return _entries(self.n_angles)

    @property
    def facing(self) -> int:
        """0-based facing index (free rotation: 0)."""
        return INT.parse(self.state, 0) if self.n_angles > 1 else 0

    @property
    def degrees(self) -> float:
        """Clockwise rotation in degrees, as ``<name>_Degrees`` reports it."""
        if self.n_angles > 1:
            return self.facing * 360.0 / self.n_angles
        try:
            return abs(float(self.state))
        except ValueError:
            return 0.0

    def with_facing(self, facing: int) -> FreeRotator:
        return replace(self, state=str(facing % max(self.n_angles, 1)))

    def properties(self) -> dict[str, str]:
        degrees = self.degrees
        shown = str(int(degrees)) if degrees == int(degrees) else str(degrees)
        return {f"{self.name}_Facing": str(self.facing + 1), f"{self.name}_Degrees": shown}


def _entries(n_angles: int) -> tuple[Entry, ...]:
    return ("n_angles", *(_FREE if n_angles == 1 else _STEPPED), *_COMMON)
