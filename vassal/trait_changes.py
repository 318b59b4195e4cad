"""Trait state changes in words, for step narration and referee findings."""

from __future__ import annotations


def describe_trait_change(trait_type: str, old_state: str, new_state: str) -> str:
    """What a player would say changed: "Fatigue: 0 -> 1", "facing 2 -> 3", "masked".

    Secret fields (player ids in masks, invisibility and ownership) are never shown.
    An empty string means the change is bookkeeping a player would not call a change.
    """
    from .traits import (DynamicProperty, FreeRotator, Hideable, Labeler, Layer, MarkMoved, Marker,
                         Obscurable, ReportState, Restricted, SendToLocation, UnknownTrait, decode_trait)

    try:
        before, after = decode_trait(trait_type, old_state), decode_trait(trait_type, new_state)
    except Exception:  # an undecodable trait is still a change worth reporting
        return trait_type.split(";", 1)[0]
    if isinstance(after, Layer):
        label = after.name or after.description or "layer"
        return f"{label}: {_layer_level(before)} → {_layer_level(after)}"
    if isinstance(after, FreeRotator):
        return f"{after.name or 'facing'}: {before.facing + 1} → {after.facing + 1}"
    if isinstance(after, DynamicProperty):
        return f"{after.name}: {before.value} → {after.value}"
    if isinstance(after, Marker):
        return ", ".join(f"{n}: {b} → {a}" for n, b, a in zip(after.names, before.values, after.values) if a != b)
    if isinstance(after, Labeler):
        return f"label: “{before.label}” → “{after.label}”"
    if isinstance(after, MarkMoved):
        return "marked moved" if after.moved else "marked not moved"
    if isinstance(after, Obscurable):
        return "masked" if after.masked else "unmasked"
    if isinstance(after, Hideable):
        return "hidden" if after.hidden else "revealed"
    if isinstance(after, Restricted):
        return "owner changed"
    if isinstance(after, (SendToLocation, ReportState)):
        return ""  # bookkeeping (where "send back" returns to, report cycle): nothing a player did
    if isinstance(after, UnknownTrait):
        return trait_type.split(";", 1)[0] + " changed"
    return type(after).__name__ + " changed"


def _layer_level(layer) -> str:
    if not layer.active:
        return "off"
    return layer.level_name or f"level {layer.level + 1}"
