"""Layer (Embellishment) ``emb2;``: images switched by level, the flip/step of a counter."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..keys import CTRL, NamedKeyStroke
from .base import Trait
from .fields import INT, Codec, TEXT, custom, flag, integer, keystroke, names, real, text

# Embellishment's state: a missing or bad number reads as "inactive, level 1".
LEVEL = Codec(lambda t, d: INT.parse(t, -1), str)


@dataclass(frozen=True)
class Layer(Trait):
    """One layer; ``value`` is VASSAL's signed state (|value|-1 = level, > 0 = active)."""

    ID = "emb2;"
    TYPE = (
        "activate_command", "activate_modifiers", "activate_key",
        "up_command", "up_modifiers", "up_key",
        "down_command", "down_modifiers", "down_key",
        "reset_command", "reset_key", "reset_level", "draw_underneath_when_selected",
        "x_offset", "y_offset", "images", "level_names", "loop_levels", "name",
        "random_key", "random_text", "follow_property", "property_name", "first_level_value",
        "version", "always_active", "activate_keystroke", "increase_key", "decrease_key",
        "description", "scale", "only_property_name", "only_property_state",
    )  # fmt: skip

    name: str = text()
    images: tuple[str, ...] = names()
    level_names: tuple[str, ...] = names()
    value: int = custom(LEVEL, None)
    increase_key: NamedKeyStroke | None = keystroke()
    decrease_key: NamedKeyStroke | None = keystroke()
    up_command: str = text()
    down_command: str = text()
    always_active: bool = flag()
    activate_command: str = text()
    activate_keystroke: NamedKeyStroke | None = keystroke()
    loop_levels: bool = flag(True)
    description: str = text()
    activate_modifiers: int = integer(CTRL)
    activate_key: str = text()
    up_modifiers: int = integer(CTRL)
    up_key: str = text()
    down_modifiers: int = integer(CTRL)
    down_key: str = text()
    reset_command: str = text()
    reset_key: NamedKeyStroke | None = keystroke()
    reset_level: str = text("1")
    draw_underneath_when_selected: bool = flag()
    x_offset: int = integer()
    y_offset: int = integer()
    random_key: NamedKeyStroke | None = keystroke()
    random_text: str = text()
    follow_property: bool = flag()
    property_name: str = text()
    first_level_value: int = integer(1)
    version: int = integer(1)
    scale: float = real(1.0)
    only_property_name: str = text()
    only_property_state: str = text("true")

    # Version-0 layers (no ``version`` field) wrote ``value;activation``; the
    # activation text is kept as a raw tail.
    STATE = ("value",)
    STATE_DELIM = ";"
    ABSENT = {"version": 0}  # Embellishment0: the old-style key fields apply

    def __post_init__(self) -> None:
        for f in ("images", "level_names"):
            object.__setattr__(self, f, tuple(getattr(self, f)))
        if self.value is None:
            object.__setattr__(self, "value", 1 if self.always_active else -1)

    @property
    def active(self) -> bool:
        return self.value > 0

    @property
    def level(self) -> int:
        """The current level, 0-based, clamped to the levels defined."""
        n = max(len(self.images), 1)
        return min(abs(self.value), n) - 1 if self.value else 0

    @property
    def level_name(self) -> str:
        return self.level_names[self.level] if self.level < len(self.level_names) else ""

    @property
    def image(self) -> str:
        return self.images[self.level] if self.level < len(self.images) else ""

    def with_level(self, level: int, active: bool = True) -> Layer:
        """The same layer showing ``level`` (0-based)."""
        return replace(self, value=(level + 1) * (1 if active else -1))

    def apply_name(self, inner: str) -> str:
        """VASSAL's PieceName through this layer (level name ``+x`` suffix, ``x+`` prefix, else replace)."""
        if not self.active or not self.level_name:
            return inner
        name = self.level_name
        if name.startswith("+"):
            return inner + name[1:]
        if name.endswith("+"):
            return name[:-1] + inner
        return name

    def properties(self) -> dict[str, str]:
        # VASSAL answers these for an unnamed layer too ("_Level"), so do we
        return {
            f"{self.name}_Level": str(self.value),
            f"{self.name}_Name": self.level_name,
            f"{self.name}_Image": self.image,
            f"{self.name}_Active": "true" if self.active else "false",
        }


@dataclass(frozen=True)
class LegacyLayer(Trait):
    """Pre-2.9 Embellishment ``emb;``. Its field grammar is not in the format reference,
    so the fields are kept as text; the state is the same signed level value."""

    ID = "emb;"
    TYPE_DELIM = None
    TYPE = ("body",)
    STATE = ("value",)
    STATE_DELIM = ";"

    body: str = custom(TEXT, "")
    value: int = custom(LEVEL, -1)
