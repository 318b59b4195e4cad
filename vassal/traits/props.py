"""Traits that give a piece properties: Marker, DynamicProperty, CalculatedProperty,
PropertySheet (§4.4). These are what the referee reads as "the piece's values"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..keys import NamedKeyStroke
from ..sequence import decode, encode
from .base import Group, Trait
from .fields import Codec, custom, flag, integer, keystroke, text, tokens


@dataclass(frozen=True)
class Marker(Trait):
    """Fixed properties: ``Marker({'Side': 'Union'})`` or ``Marker(names, values)``."""

    ID = "mark;"
    TYPE_DELIM = None
    TYPE = ("names",)
    STATE = ("values",)

    names: Any = tokens()
    values: tuple[str, ...] = tokens()

    def __post_init__(self) -> None:
        if isinstance(self.names, dict):
            object.__setattr__(self, "values", tuple(self.names.values()))
            object.__setattr__(self, "names", tuple(self.names.keys()))
        object.__setattr__(self, "names", tuple(self.names))
        object.__setattr__(self, "values", tuple(self.values))

    def properties(self) -> dict[str, str]:
        # Marker.getProperty pairs names and values by position; a missing value reads as ""
        return {k: (self.values[i] if i < len(self.values) else "") for i, k in enumerate(self.names)}


@dataclass(frozen=True)
class PropertyCommand:
    """One menu command of a DynamicProperty: ``menu:key:changer``.

    ``changer`` is the comma-encoded change: ``('P', v)`` set, ``('I', step)``
    increment, ``('R', prompt)`` prompt, ``('E', prompt, v1, ...)`` choose.
    """

    menu: str
    key: NamedKeyStroke | None
    changer: tuple[str, ...]

    def encode(self) -> str:
        key = self.key.encode() if self.key is not None else ""
        return encode([self.menu, key, encode(list(self.changer), ",")], ":")

    @staticmethod
    def decode(text: str) -> PropertyCommand:
        parts = decode(text, ":") + ["", ""]
        return PropertyCommand(parts[0], NamedKeyStroke.decode(parts[1]), tuple(decode(parts[2], ",")))


def _parse_commands(token: str, default: Any) -> tuple[PropertyCommand, ...]:
    return () if token == "" else tuple(PropertyCommand.decode(t) for t in decode(token, ","))


COMMANDS = Codec(_parse_commands, lambda v: encode([c.encode() for c in v], ","))


@dataclass(frozen=True)
class DynamicProperty(Trait):
    """A property players change through menu commands; ``value`` is its state."""

    ID = "PROP;"
    TYPE = ("name", Group("constraints", ("numeric", "min", "max", "wrap")), "commands", "description")
    STATE = ("value",)

    name: str = text()
    value: str = text()
    numeric: bool = flag()
    min: int = integer(0)
    max: int = integer(100)
    wrap: bool = flag()
    commands: tuple[PropertyCommand, ...] = custom(COMMANDS, ())
    description: str = text()

    def __post_init__(self) -> None:
        object.__setattr__(self, "commands", tuple(self.commands))

    def properties(self) -> dict[str, str]:
        return {self.name: self.value}


@dataclass(frozen=True)
class CalculatedProperty(Trait):
    """A property computed from an expression; it has no state, so no value to read."""

    ID = "calcProp;"
    TYPE = ("name", "expression", "description")

    name: str = text()
    expression: str = text()
    description: str = text()


@dataclass(frozen=True)
class PropertySheet(Trait):
    """A window of named text fields. ``definition`` is a ``~``-list of entries, each a
    type digit then the field name; ``state`` the ``~``-list of values."""

    ID = "propertysheet;"
    TYPE = ("definition", "menu_name", "unused", "commit_style", "red", "green", "blue", "launch_key", "description")
    STATE = ("state",)

    definition: str = text()
    menu_name: str = text("Properties")
    unused: str = text()
    commit_style: str = text("0")
    red: str = text()
    green: str = text()
    blue: str = text()
    launch_key: NamedKeyStroke | None = keystroke()
    description: str = text()
    state: str = text()

    def properties(self) -> dict[str, str]:
        """Field name -> value; newlines are stored as ``|`` (§4.4)."""
        fields = [f[1:] for f in decode(self.definition, "~")] if self.definition else []
        values = decode(self.state, "~") if self.state else []
        return {n: (values[i].replace("|", "\n") if i < len(values) else "") for i, n in enumerate(fields)}
