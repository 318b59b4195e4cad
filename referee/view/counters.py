"""What a counter shows: which of its traits carry the unit's statuses, facing, strength
and formation, and their values in a given state.

A piece's type never changes during a game, so its layout (which trait index is the
Fatigue layer, the facing rotator, the Strength property...) is worked out once per
type text; a state change then re-reads only the traits that changed. Layers are
matched to the game's status codes by name, the way the builder names them
(``gamedata.systems``): a community module's layer called "Disordered" reads as the
``disordered`` status too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from gamedata.systems import FACING, FORMATION, STRENGTH, StatusLayer, SystemProfile
from vassal.sequence import split_chain
from vassal.traits import DynamicProperty, FreeRotator, Layer, Marker, Trait, decode_trait

from .names import loose

YES = "yes"
NO = "no"
NONE = "none"
UNKNOWN = "unknown"
"""Status values: a status without levels is YES or NO; one with levels shows its level,
or its "none" level (the data's ``fatigue-0``, ``ammo-full``...) else NONE when off;
UNKNOWN where the counter cannot show it."""


def status_value(layer: StatusLayer, active: bool, level: int) -> str:
    """The value a status layer shows (``level`` 0-based)."""
    if not active:
        return (layer.off or NONE) if layer.levels else NO
    if not layer.levels:
        return YES
    return layer.levels[min(level, len(layer.levels) - 1)]


def marker_value(layer: StatusLayer, code: str) -> str | None:
    """The value a status marker's step code (``fatigue-2``, ``disordered``) gives its layer."""
    if not layer.levels:
        return YES if code == layer.code else None
    prefix = layer.code + "-"
    level = code[len(prefix):] if code.startswith(prefix) else None
    return level if level in layer.levels else None


@dataclass(frozen=True)
class Layout:
    """Where a piece type keeps what the view reads (indexes in its trait chain)."""

    types: tuple[str, ...]
    statuses: tuple[tuple[int, StatusLayer], ...]   # layer trait index -> status
    facing: int | None
    strength: int | None
    formation: int | None
    markers: tuple[int, ...]                        # Marker traits (fixed properties)

    def properties(self, states: list[str]) -> dict[str, str]:
        """The Marker properties; an outer trait hides an inner one, as in VASSAL."""
        found: dict[str, str] = {}
        for index in self.markers:
            t = self.trait(index, states)
            if isinstance(t, Marker):
                for name, value in t.properties().items():
                    found.setdefault(name, value)
        return found

    def trait(self, index: int, states: list[str]) -> Trait | None:
        """The trait at ``index`` in these states; None where a damaged log gives no state
        for it or a state that does not decode (the view then reads the value as unknown)."""
        if index >= len(states):
            return None
        try:
            return decode_trait(self.types[index], states[index])
        except Exception:  # hostile or damaged state text: read as unknown, never a traceback
            return None

    def read(self, states: list[str], profile: SystemProfile) -> Reading:
        """The statuses, facing, strength and formation this piece shows in ``states``."""
        status = {}
        for index, layer in self.statuses:
            t = self.trait(index, states)
            status[layer.code] = status_value(layer, t.active, t.level) if isinstance(t, Layer) else UNKNOWN
        facing = None
        if profile.facing is not None:
            rotator = self.trait(self.facing, states) if self.facing is not None else None
            facing = profile.facing.label(rotator.facing) if isinstance(rotator, FreeRotator) else UNKNOWN
        return Reading(status, facing, self._value(self.strength, states), self._value(self.formation, states))

    def _value(self, index: int | None, states: list[str]) -> str | None:
        if index is None:
            return None
        t = self.trait(index, states)
        return t.value if isinstance(t, DynamicProperty) else None


@dataclass(frozen=True)
class Reading:
    status: dict[str, str]
    facing: str | None          # None: the system has no facing
    strength: str | None        # None: the counter has no strength property
    formation: str | None       # None: the counter does not record its formation


@lru_cache(maxsize=4096)
def layout(type_text: str, profile: SystemProfile) -> Layout:
    """The layout of a piece type (cached: every unit of a kind shares a few types)."""
    types = tuple(split_chain(type_text))
    by_name = {loose(name): layer for layer in profile.layers for name in (layer.code, layer.name)}
    statuses: list[tuple[int, StatusLayer]] = []
    facing = strength = formation = None
    markers: list[int] = []
    seen: set[str] = set()
    for index, text in enumerate(types[:-1]):
        try:
            t = decode_trait(text, "")
        except Exception:  # a trait we cannot decode carries nothing we read
            continue
        if isinstance(t, Layer):
            layer = by_name.get(loose(t.name))
            if layer is not None and layer.code not in seen:
                seen.add(layer.code)
                statuses.append((index, layer))
        elif isinstance(t, FreeRotator) and t.n_angles > 1 and (facing is None or t.name == FACING):
            facing = index
        elif isinstance(t, DynamicProperty) and t.name == STRENGTH and strength is None:
            strength = index
        elif isinstance(t, DynamicProperty) and t.name == FORMATION and formation is None:
            formation = index
        elif isinstance(t, Marker):
            markers.append(index)
    return Layout(types, tuple(statuses), facing, strength, formation, tuple(markers))
