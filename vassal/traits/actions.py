"""Traits that are menu commands: Delete, Clone, SendToLocation, ReturnToDeck,
TriggerAction, GlobalKeyCommand, RestrictCommands, ActionButton, MarkMoved (§4.4).
The referee needs little from them beyond keeping them intact."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..keys import CTRL, NamedKeyStroke
from .base import Trait
from .fields import INT, flag, integer, keystroke, keystrokes, text


@dataclass(frozen=True)
class Delete(Trait):
    """``delete;``: a menu command that removes the piece."""

    ID = "delete;"
    TYPE = ("command", "key", "description")

    command: str = text("Delete")
    key: NamedKeyStroke | None = keystroke(NamedKeyStroke(ord("D"), CTRL))
    description: str = text()


@dataclass(frozen=True)
class Clone(Trait):
    """``clone;``: a menu command that puts a copy of the piece next to it."""

    ID = "clone;"
    TYPE = ("command", "key", "description")

    command: str = text("Clone")
    key: NamedKeyStroke | None = keystroke(NamedKeyStroke(ord("C"), CTRL))
    description: str = text()


@dataclass(frozen=True)
class SendToLocation(Trait):
    """Send the piece somewhere; the state remembers where "Send back" returns it."""

    ID = "sendto;"
    TYPE = (
        "command", "key", "map_id", "board_name", "x", "y", "back_command", "back_key",
        "x_index", "y_index", "x_offset", "y_offset", "description", "destination",
        "zone", "region", "property_filter", "grid_location",
    )  # fmt: skip
    STATE = ("back_map", "back_x", "back_y")
    STATE_DELIM = ";"

    command: str = text()
    key: NamedKeyStroke | None = keystroke()
    map_id: str = text()
    board_name: str = text()
    x: str = text("0")
    y: str = text("0")
    back_command: str = text()
    back_key: NamedKeyStroke | None = keystroke()
    x_index: str = text("0")
    y_index: str = text("0")
    x_offset: str = text("0")
    y_offset: str = text("0")
    description: str = text()
    destination: str = text("L")
    zone: str = text()
    region: str = text()
    property_filter: str = text()
    grid_location: str = text()
    back_map: str = text()
    back_x: str = text()
    back_y: str = text()


@dataclass(frozen=True)
class ReturnToDeck(Trait):
    """``return;``: a menu command that sends the piece to a deck."""

    ID = "return;"
    TYPE = (
        "command", "key", "deck_id", "select_deck_prompt", "description", "version", "deck_select", "deck_expression",
    )  # fmt: skip

    command: str = text("Return to Deck")
    key: NamedKeyStroke | None = keystroke()
    deck_id: str = text()
    select_deck_prompt: str = text("Select destination")
    description: str = text()
    version: int = integer(2)
    deck_select: bool = flag()
    deck_expression: str = text()


@dataclass(frozen=True)
class TriggerAction(Trait):
    """``macro;``: keys that fire other keys when the piece matches a property expression."""

    ID = "macro;"
    TYPE = (
        "name", "command", "key", "property_match", "watch_keys", "action_keys", "loop",
        "pre_loop_key", "post_loop_key", "loop_type", "while_expression", "until_expression",
        "loop_count", "index", "index_property", "index_start", "index_step",
    )  # fmt: skip

    name: str = text()
    command: str = text()
    key: NamedKeyStroke | None = keystroke()
    property_match: str = text()
    watch_keys: tuple[NamedKeyStroke | None, ...] = keystrokes()
    action_keys: tuple[NamedKeyStroke | None, ...] = keystrokes()
    loop: bool = flag()
    pre_loop_key: NamedKeyStroke | None = keystroke()
    post_loop_key: NamedKeyStroke | None = keystroke()
    loop_type: str = text("counted")
    while_expression: str = text()
    until_expression: str = text()
    loop_count: str = text()
    index: bool = flag()
    index_property: str = text()
    index_start: int = integer(1)
    index_step: int = integer(1)


@dataclass(frozen=True)
class GlobalKeyCommand(Trait):
    """Sends ``global_key`` to the pieces matching ``properties_filter``."""

    ID = "globalkey;"
    TYPE = (
        "command", "key", "global_key", "properties_filter", "restrict_range", "range",
        "report_single", "fixed_range", "range_property", "description", "select_from_deck",
        "target", "suppress_sounds", "parameters",
    )  # fmt: skip

    command: str = text()
    key: NamedKeyStroke | None = keystroke()
    global_key: NamedKeyStroke | None = keystroke()
    properties_filter: str = text()
    restrict_range: bool = flag()
    range: int = integer(1)
    report_single: bool = flag()
    fixed_range: bool = flag(True)
    range_property: str = text()
    description: str = text()
    select_from_deck: str = text("-1")  # a number or an expression
    target: str = text()
    suppress_sounds: bool = flag()
    parameters: str = text()


@dataclass(frozen=True)
class RestrictCommands(Trait):
    """Hides or disables the listed keys while ``property_match`` is true."""

    ID = "hideCmd;"
    TYPE = ("name", "action", "property_match", "watch_keys")

    name: str = text()
    action: str = text("Hide")
    property_match: str = text()
    watch_keys: tuple[NamedKeyStroke | None, ...] = keystrokes()


@dataclass(frozen=True)
class ActionButton(Trait):
    """A clickable area; ``polygon`` is the flat ``x1, y1, ...`` list (``None``: not written)."""

    ID = "button;"
    TYPE = ("key", "x", "y", "width", "height", "description", "launch_popup_menu", "use_whole_shape", "version")

    key: NamedKeyStroke | None = keystroke()
    x: int = integer(-20)
    y: int = integer(-20)
    width: int = integer(40)
    height: int = integer(40)
    description: str = text()
    launch_popup_menu: bool = flag()
    use_whole_shape: bool = flag(True)
    version: int = integer(1)
    polygon: tuple[int, ...] | None = field(default=())

    @classmethod
    def _parse_tail(cls, part: str, tokens: list[str]) -> dict[str, Any] | None:
        if part != "type":
            return None
        if not tokens:
            return {"polygon": None}
        numbers = [INT.parse(t, None) for t in tokens]
        if None in numbers or numbers[0] != len(numbers[1:]) // 2 or len(numbers) % 2 != 1:
            return None
        return {"polygon": tuple(numbers[1:])}

    @classmethod
    def _tail_values(cls, part: str, values: dict[str, Any]) -> list[str]:
        points = values.get("polygon")
        if part != "type" or points is None:
            return []
        return [str(len(points) // 2), *map(str, points)]


@dataclass(frozen=True)
class MarkMoved(Trait):
    """Marks a piece that has moved; ``moved`` is its state."""

    ID = "markmoved;"
    TYPE = (
        "image", "x_offset", "y_offset", "command", "key", "description",
        "ignore_same_location", "command_true", "key_true", "command_false", "key_false",
    )  # fmt: skip
    STATE = ("moved",)

    image: str = text("moved.gif")
    x_offset: int = integer(0)
    y_offset: int = integer(0)
    command: str = text("Mark Moved")
    key: NamedKeyStroke | None = keystroke(NamedKeyStroke(ord("M"), CTRL))
    description: str = text()
    ignore_same_location: bool = flag()
    command_true: str = text("Mark as moved")
    key_true: NamedKeyStroke | None = keystroke()
    command_false: str = text("Mark as not moved")
    key_false: NamedKeyStroke | None = keystroke()
    moved: bool = flag()
