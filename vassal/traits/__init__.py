"""Piece traits (VASSAL "decorators"): one frozen dataclass per trait.

``decode_trait(type, state)`` picks the class by VASSAL's factory key (the type up to
and including its first ``;``, §4.3); unknown keys, and text that a class could not
re-create byte for byte, become ``UnknownTrait`` holding the text verbatim.
"""

from __future__ import annotations

from functools import lru_cache

from .access import Hideable, Immobilized, Obscurable, Restricted
from .actions import (
    ActionButton,
    Clone,
    Delete,
    GlobalKeyCommand,
    MarkMoved,
    RestrictCommands,
    ReturnToDeck,
    SendToLocation,
    TriggerAction,
)
from .base import Layout, Trait, Unfaithful, UnknownTrait, trait_key
from .basic import BasicPiece
from .layer import Layer, LegacyLayer
from .placemark import PlaceMarker, Replace
from .props import CalculatedProperty, DynamicProperty, Marker, PropertyCommand, PropertySheet
from .prototype import UsePrototype
from .rotate import FreeRotator
from .shape import LegacyNonRectangular, NonRectangular
from .text import Comment, Labeler, ReportState

TRAIT_CLASSES: tuple[type[Trait], ...] = (
    BasicPiece, Layer, LegacyLayer, FreeRotator, Marker, DynamicProperty, CalculatedProperty,
    Labeler, UsePrototype, Delete, Clone, MarkMoved, ReportState, Obscurable, Hideable,
    SendToLocation, ReturnToDeck, Immobilized, TriggerAction, GlobalKeyCommand,
    RestrictCommands, Restricted, ActionButton, NonRectangular, LegacyNonRectangular,
    PropertySheet, PlaceMarker, Replace, Comment,
)  # fmt: skip

REGISTRY: dict[str, type[Trait]] = {cls.ID: cls for cls in TRAIT_CLASSES}


@lru_cache(maxsize=32768)
def decode_trait(type_text: str, state_text: str) -> Trait:
    """The trait for one entry of a type chain and the matching state entry.

    Traits are immutable and pieces of one module repeat the same trait texts
    thousands of times (prototypes, unchanged states), so decodings are cached.
    """
    cls = REGISTRY.get(trait_key(type_text))
    if cls is None:
        return UnknownTrait(type_text, state_text)
    try:
        trait = cls.decode(type_text, state_text)
    except Unfaithful:
        return UnknownTrait(type_text, state_text)
    if not trait.writes_type_back(type_text) or trait.encode_state() != state_text:
        return UnknownTrait(type_text, state_text)
    return trait


__all__ = [
    "TRAIT_CLASSES", "REGISTRY", "decode_trait", "trait_key", "Trait", "Layout", "UnknownTrait",
    *(cls.__name__ for cls in TRAIT_CLASSES), "PropertyCommand",
]  # fmt: skip
