"""Traits that limit who sees or handles a piece: Obscurable (mask), Hideable,
Restricted, Immobilized (§4.4). Their states hold a player id, which is the
player's password: those fields are kept for fidelity but never shown in ``repr``."""

from __future__ import annotations

from dataclasses import dataclass

from ..keys import NamedKeyStroke
from .base import Trait
from .fields import flag, keystroke, names, real, text


@dataclass(frozen=True)
class Obscurable(Trait):
    """Mask; ``obscured_by`` is the masking player's id (secret) or ``null``."""

    ID = "obs;"
    TYPE = (
        "key", "image", "hide_command", "display_style", "mask_name", "access",
        "peek_command", "description", "auto_peek_rollover", "deal_key", "deal_expression",
    )  # fmt: skip
    STATE = ("obscured_by", "options")
    STATE_DELIM = ";"

    key: NamedKeyStroke | None = keystroke()
    image: str = text()
    hide_command: str = text("Mask")
    display_style: str = text("I")
    mask_name: str = text("?")
    access: str = text("player:")
    peek_command: str = text()
    description: str = text()
    auto_peek_rollover: bool = flag()
    deal_key: NamedKeyStroke | None = keystroke()
    deal_expression: str = text()
    obscured_by: str = text("null", secret=True)
    options: str = text(secret=True)

    @property
    def masked(self) -> bool:
        return self.obscured_by not in ("null", "")


@dataclass(frozen=True)
class Hideable(Trait):
    """Invisible; ``hidden_by`` is the hiding player's id (secret) or ``null``."""

    ID = "hide;"
    TYPE = ("key", "command", "background", "access", "transparency", "description", "disable_auto_report_move")
    STATE = ("hidden_by",)

    key: NamedKeyStroke | None = keystroke()
    command: str = text("Invisible")
    background: str = text()
    access: str = text("player:")
    transparency: float = real(0.3)
    description: str = text()
    disable_auto_report_move: bool = flag()
    hidden_by: str = text("null", secret=True)

    @property
    def hidden(self) -> bool:
        return self.hidden_by not in ("null", "")


@dataclass(frozen=True)
class Restricted(Trait):
    """Restricted Access; ``owner`` is the owning player's id (secret)."""

    ID = "restrict;"
    TYPE = ("sides", "restrict_by_player", "restrict_movement", "description")
    STATE = ("owner",)

    sides: tuple[str, ...] = names()
    restrict_by_player: bool = flag()
    restrict_movement: bool = flag(True)
    description: str = text()
    owner: str = text(secret=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sides", tuple(self.sides))


@dataclass(frozen=True)
class Immobilized(Trait):
    """Does Not Stack. ``selection`` flag letters, ``movement`` V/I/N, ``stacking`` L/R."""

    ID = "immob;"
    TYPE = ("selection", "movement", "stacking", "description")

    selection: str = text()
    movement: str = text("N")
    stacking: str = text("R")
    description: str = text()
