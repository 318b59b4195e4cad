"""Traits that put text on or about a piece: Labeler, ReportState, Comment (§4.4)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..keys import NamedKeyStroke
from .base import Trait
from .fields import flag, integer, keystroke, keystrokes, names, text


@dataclass(frozen=True)
class Labeler(Trait):
    """Text Label; ``label`` is its state (the text shown)."""

    ID = "label;"
    TYPE = (
        "label_key", "menu_command", "font_size", "background", "foreground",
        "vertical_position", "vertical_offset", "horizontal_position", "horizontal_offset",
        "vertical_justification", "horizontal_justification", "name_format", "font_family",
        "font_style", "rotate_degrees", "property_name", "description", "always_use_format",
    )  # fmt: skip
    STATE = ("label",)

    label: str = text()
    label_key: NamedKeyStroke | None = keystroke()
    menu_command: str = text("Change label")
    font_size: int = integer(10)
    background: str = text()
    foreground: str = text("0,0,0")
    vertical_position: str = text("t")
    vertical_offset: int = integer(0)
    horizontal_position: str = text("c")
    horizontal_offset: int = integer(0)
    vertical_justification: str = text("b")
    horizontal_justification: str = text("c")
    name_format: str = text("$pieceName$ ($label$)")
    font_family: str = text("Dialog")
    font_style: int = integer(0)
    rotate_degrees: int = integer(0)
    property_name: str = text("TextLabel")
    description: str = text()
    always_use_format: bool = flag()

    def apply_name(self, inner: str, properties: dict[str, str]) -> str:
        """PieceName through this label: the name format, used only when there is a label.

        ``$pieceName$`` and ``$label$`` are the inner name and the label; other
        ``$prop$`` references take the piece's properties, and unknown ones are empty.
        A format holding a BeanShell ``{...}`` expression cannot be evaluated here,
        so the name is then passed through unchanged rather than shown as code.
        """
        if (not self.label and not self.always_use_format) or "{" in self.name_format:
            return inner
        values = {**properties, "pieceName": inner, "label": self.label}
        return re.sub(r"\$([^$]*)\$", lambda m: values.get(m.group(1), ""), self.name_format)

    def properties(self) -> dict[str, str]:
        return {self.property_name: self.label} if self.property_name else {}


@dataclass(frozen=True)
class ReportState(Trait):
    """Report Action: chat reports when the given keys are pressed; state = cycle index."""

    ID = "report;"
    TYPE = ("keys", "report_format", "cycle_down_keys", "cycle_formats", "description", "no_suppress")
    STATE = ("cycle_index",)

    keys: tuple[NamedKeyStroke | None, ...] = keystrokes()
    report_format: str = text("$location$: $newPieceName$ *")
    cycle_down_keys: tuple[NamedKeyStroke | None, ...] = keystrokes()
    cycle_formats: tuple[str, ...] = names()
    description: str = text()
    no_suppress: bool = flag()
    cycle_index: int = integer(-1)

    def __post_init__(self) -> None:
        for f in ("keys", "cycle_down_keys", "cycle_formats"):
            object.__setattr__(self, f, tuple(getattr(self, f)))


@dataclass(frozen=True)
class Comment(Trait):
    """Designer's note ``cmt;``; dropped when prototypes are expanded (§4.5)."""

    ID = "cmt;"
    TYPE = ("comment",)

    comment: str = text()
