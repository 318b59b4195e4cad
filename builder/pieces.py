"""Piece definitions: prototypes per side and per system+type, units, status markers.

Trait order (outermost first) on a unit:
  type prototype (status badges, `Type`)  - outside the rotator, so badges stay upright
  FreeRotator `Facing` (systems with facing)
  back-side Layers (exhausted / disordered / wrecked: the unit's own reverse image)
  side prototype (`Side`)
  Marker UnitId, Command, Size, TypeCode  - what the referee reads from a log
  DynamicProperty `Formation` (the unit's formation now: players record attachments)
  DynamicProperty `Strength` (players step it down and up)
  BasicPiece (front image, unit name, GPID)
Palette slots hold the prototype references; scenario saves hold the same pieces
expanded (§4.5), with facing and starting statuses set in the states.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import count

from builder.artwork import (
    BADGE_ROW,
    COUNTER_SIZE,
    back_image,
    badge_image,
    badge_size,
    marker_image,
    unit_image,
    unit_symbol,
)
from gamedata.model import Game, Unit
from gamedata.systems import (
    FACING, FORMATION, SIDE, STATUS, STRENGTH, UNIT_ID, StatusLayer, Symbol, SystemProfile,
)
from vassal.gamestate import join_chain
from vassal.keys import NamedKeyStroke
from vassal.piece import Piece
from vassal.traits.actions import Delete
from vassal.traits.base import Trait
from vassal.traits.basic import BasicPiece
from vassal.traits.layer import Layer
from vassal.traits.props import DynamicProperty, Marker, PropertyCommand
from vassal.traits.prototype import UsePrototype
from vassal.traits.rotate import FreeRotator

def _rows() -> Iterator[int]:
    """Badge rows (in badge heights from the counter centre): the counter's own rows, bottom
    and top first, then the middle; then rows below and above it, further out each time."""
    yield from (2, -2, 1, -1, 0)
    yield from (k * sign for k in count(3) for sign in (1, -1))


def badge_slots(sizes: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Centre of each badge relative to the counter centre, packed in order into rows as
    wide as the counter (left to right, 2 px apart): the counter's rows first, then rows
    beyond its bottom and top edges (Atlanta's CWB list has 23 statuses), so no two badges
    of a piece overlap and every active status stays legible. A two-row badge takes the
    same span of a row and the next one inward."""
    left, right = 1 - COUNTER_SIZE // 2, COUNTER_SIZE // 2
    used: dict[int, int] = {}
    slots = []
    for width, height in sizes:
        span = height // BADGE_ROW
        for row in _rows():
            inward = -1 if row > 0 else 1
            rows = [row + k * inward for k in range(span)]
            start = max(used.get(r, left) for r in rows)
            if start + width <= right:
                break
        for r in rows:
            used[r] = start + width + 2
        slots.append((start + width // 2, (sum(rows) * BADGE_ROW) // span))
    return tuple(slots)


def type_name(game: Game, unit: Unit) -> str:
    """The unit type's display name (game.toml `unit_types`), else its symbol's name."""
    names = {t.code: t.name for t in game.unit_types}
    return names.get(unit.type, unit_symbol(unit).value.capitalize())


def type_prototype_name(game: Game, unit: Unit) -> str:
    """Named by the type code (``GBACW Inf``): display names may carry rulebook notes."""
    return f"{game.system} {unit.type or unit_symbol(unit).value.capitalize()}"


def side_prototype_name(side: str) -> str:
    return f"Side {side}"


def _named(text: str) -> NamedKeyStroke:
    return NamedKeyStroke.named(text)


def status_layer(layer: StatusLayer, images: tuple[str, ...], slot: tuple[int, int], level_names: tuple[str, ...]) -> Layer:
    """A Layer a player switches on/off and steps through; off = the status is absent."""
    multi = len(layer.steps) > 1
    return Layer(
        name=layer.name, images=images, level_names=level_names,
        activate_command=layer.name if not multi else f"{layer.name} on/off",
        activate_keystroke=_named(f"{layer.code}Toggle"),
        up_command=f"{layer.name} +" if multi else "", increase_key=_named(f"{layer.code}Up") if multi else None,
        down_command=f"{layer.name} -" if multi else "", decrease_key=_named(f"{layer.code}Down") if multi else None,
        loop_levels=False, x_offset=slot[0], y_offset=slot[1], description=layer.name,
    )


@cache
def badge_layers(profile: SystemProfile, symbol: Symbol) -> tuple[Layer, ...]:
    """Memoised: every unit of a type shares them, and a build places thousands of units."""
    badges = [layer for layer in profile.layers if not layer.back_side and layer.applies_to(symbol)]
    slots = badge_slots([badge_size(layer) for layer in badges])
    return tuple(
        status_layer(layer, tuple(badge_image(layer, s) for s in range(len(layer.steps))), slot, ())
        for layer, slot in zip(badges, slots)
    )


@cache
def back_layers(profile: SystemProfile, symbol: Symbol) -> tuple[Layer, ...]:
    """The back sides: overlays inside the rotator (they turn with the counter); the level
    name is added to the piece name, so reports say "17 IL (Disordered)"."""
    return tuple(
        status_layer(layer, tuple(back_image(layer, s) for s in range(len(layer.steps))), (0, 0),
                     tuple(f"+ ({layer.label(s)})" for s in range(len(layer.steps))))
        for layer in profile.layers
        if layer.back_side and layer.applies_to(symbol)
    )


def facing_trait(profile: SystemProfile, step: int = 0) -> list[Trait]:
    if profile.facing is None:
        return []
    return [FreeRotator(
        n_angles=profile.facing.angles, cw_key=_named("FacingCW"), ccw_key=_named("FacingCCW"),
        cw_text="Face clockwise", ccw_text="Face counter-clockwise", name=FACING, state=str(step),
        description="Facing",
    )]


def formation_trait(own: str, value: str | None = None) -> DynamicProperty:
    """The formation a unit belongs to now: its own (order of battle) until a player attaches
    it elsewhere ("Attach to formation...", asked by formation id) or sends it back."""
    return DynamicProperty(
        name=FORMATION, value=own if value is None else value,
        commands=(
            PropertyCommand("Attach to formation...", _named("FormationSet"), ("R", "Formation id")),
            PropertyCommand("Return to own formation", _named("FormationOwn"), ("P", own)),
        ),
        description="Formation (attachments)",
    )


def strength_trait(value: str) -> DynamicProperty:
    return DynamicProperty(
        name=STRENGTH, value=value, numeric=True, min=0, max=999,
        commands=(
            PropertyCommand("Strength -1", _named("StrengthDown"), ("I", "-1")),
            PropertyCommand("Strength +1", _named("StrengthUp"), ("I", "1")),
            PropertyCommand("Set strength", _named("StrengthSet"), ("R", "Strength")),
        ),
        description="Strength (steps / manpower)",
    )


@cache
def _encoded(trait: Trait) -> tuple[str, str]:
    return trait.encode_type(), trait.encode_state()


def piece_type(piece: Piece) -> str:
    """`Piece.encode()[0]`, each trait's text memoised: a build encodes the same badge
    layers, markers and rotators thousands of times; only the chaining differs."""
    return join_chain([_encoded(trait)[0] for trait in piece.traits])


def piece_state(piece: Piece) -> str:
    """`Piece.encode()[1]`, memoised per trait like `piece_type`."""
    return join_chain([_encoded(trait)[1] for trait in piece.traits])


def type_prototype(game: Game, profile: SystemProfile, unit: Unit) -> list[Trait]:
    return [*badge_layers(profile, unit_symbol(unit)), Marker({"Type": type_name(game, unit)})]


def side_prototype(side: str) -> list[Trait]:
    return [Marker({SIDE: side})]


def prototypes(game: Game, profile: SystemProfile) -> list[tuple[str, Piece]]:
    """Every prototype the units use, sides first, each name once, in a stable order.
    A prototype's own BasicPiece is a blank placeholder that expansion discards (§4.5)."""
    found: dict[str, list[Trait]] = {}
    for side in game.sides:
        found.setdefault(side_prototype_name(side), side_prototype(side))
    for unit in game.units:
        found.setdefault(type_prototype_name(game, unit), type_prototype(game, profile, unit))
    return [(name, Piece((*traits, BasicPiece()))) for name, traits in found.items()]


def initial_strength(unit: Unit) -> str:
    if unit.strength:
        return unit.strength
    return "" if unit.manpower is None else str(unit.manpower)


@dataclass(frozen=True)
class UnitStart:
    """A unit's starting state in a scenario: facing step, status steps, strength."""

    facing: int = 0
    statuses: tuple[tuple[str, int], ...] = ()      # (layer code, step)
    strength: str | None = None


def unit_piece(game: Game, profile: SystemProfile, unit: Unit, gpid: str, start: UnitStart | None = None) -> Piece:
    """The unit's traits; with `start`, prototypes are expanded and states set (for saves)."""
    side_name, type_proto = side_prototype_name(unit.side), type_prototype_name(game, unit)
    own: list[Trait] = [
        *facing_trait(profile, start.facing if start else 0),
        *back_layers(profile, unit_symbol(unit)),
    ]
    inner: list[Trait] = [
        Marker({UNIT_ID: unit.unit_id, "Command": unit.command, "Size": unit.size, "TypeCode": unit.type}),
        formation_trait(unit.formation or unit.command),
        strength_trait(initial_strength(unit) if start is None or start.strength is None else start.strength),
        BasicPiece(image=unit_image(unit), name=unit.name, gpid=gpid),
    ]
    if start is None:
        return Piece((UsePrototype(name=type_proto), *own, UsePrototype(name=side_name), *inner))
    steps = dict(start.statuses)
    by_name = {layer.name: layer.code for layer in profile.layers}
    expanded = [*type_prototype(game, profile, unit), *own, *side_prototype(unit.side), *inner]
    return Piece(tuple(
        t.with_level(steps[by_name[t.name]]) if isinstance(t, Layer) and by_name.get(t.name) in steps else t
        for t in expanded
    ))


def marker_piece(layer: StatusLayer, step: int, gpid: str) -> Piece:
    """A status marker for the markers palette."""
    return Piece((
        Delete(),
        Marker({"Type": "Marker", STATUS: layer.step_code(step)}),
        BasicPiece(image=marker_image(layer, step), name=layer.label(step), gpid=gpid),
    ))
