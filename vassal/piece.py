"""A piece definition: its chain of traits, outermost first, BasicPiece last (§4.3).

The type and state chains are decoded one level at a time with the SequenceEncoder
on TAB, never by splitting on tabs, because PlaceMarker/Replace embed whole piece
definitions. Everything the referee asks of a piece (name, position, properties,
which trait changed) is answered here from the traits.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields, is_dataclass, replace
from functools import lru_cache
from typing import TypeVar

from .errors import FormatError
from .keys import NAMED_KEY_CODES, NamedKeyStroke
from .sequence import TAB, chain_parts, decode, encode, written_chain
from .traits import (BasicPiece, Comment, Hideable, Labeler, Layer, Obscurable, PlaceMarker, Trait, UnknownTrait,
                     UsePrototype, decode_trait)

T = TypeVar("T", bound=Trait)


@dataclass(frozen=True)
class TraitChange:
    """One trait whose state differs between two versions of the same piece."""

    index: int
    before: Trait
    after: Trait

    @property
    def kind(self) -> str:
        return type(self.after).__name__


@dataclass(frozen=True)
class Piece:
    """``traits`` outermost first; the last one is the ``BasicPiece``."""

    traits: tuple[Trait, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "traits", tuple(self.traits))
        if not self.traits or not isinstance(self.traits[-1], BasicPiece):
            raise FormatError("a piece must end with its BasicPiece (piece;)", "piece type")

    # ----- text ------------------------------------------------------------
    @classmethod
    def decode(cls, type_text: str, state_text: str) -> Piece:
        """Decode a type chain and its state chain (one state entry per trait)."""
        types, states = _chain(type_text, "piece type"), _chain(state_text, "piece state")
        if len(types) != len(states):
            raise FormatError(
                f"the state chain has {len(states)} entries and does not match the {len(types)} traits", "piece state"
            )
        return cls(tuple(decode_trait(t, s) for t, s in zip(types, states)))

    def encode(self) -> tuple[str, str]:
        """``(type, state)`` exactly as VASSAL writes them."""
        type_text = self.traits[-1].encode_type()
        state_text = self.traits[-1].encode_state()
        for trait in reversed(self.traits[:-1]):
            type_text = encode([trait.encode_type(), type_text], TAB)
            state_text = encode([trait.encode_state(), state_text], TAB)
        return type_text, state_text

    def slot_text(self) -> str:
        """The PieceSlot / PlaceMarker form ``+/null/<type>/<state>``."""
        return encode(["+", "null", *self.encode()], "/")

    @classmethod
    def from_slot_text(cls, text: str) -> Piece:
        """Read ``+/<id>/<type>/<state>`` (the id, ``null`` in a module, is not kept)."""
        fields = decode(text, "/")
        if len(fields) != 4 or fields[0] != "+":
            raise FormatError("a piece definition must be +/id/type/state", "piece slot")
        return cls.decode(fields[2], fields[3])

    # ----- reading ---------------------------------------------------------
    @property
    def basic(self) -> BasicPiece:
        return self.traits[-1]  # type: ignore[return-value]

    def find(self, kind: type[T]) -> tuple[T, ...]:
        """The traits of one class, outermost first."""
        return tuple(t for t in self.traits if isinstance(t, kind))

    @property
    def layers(self) -> tuple[Layer, ...]:
        return self.find(Layer)

    @property
    def name(self) -> str:
        """VASSAL's PieceName: the BasicPiece name passed out through each Layer and Label."""
        return self.seen_name(None)

    def seen_name(self, conceals: Callable[[Trait], bool] | None) -> str:
        """The name as a player shown only what he may see: passed out as ``name`` is, but a
        Mask that ``conceals`` from him names the piece by the mask's name, an Invisible trait
        by "" (VASSAL's ``getName`` for one the trait is obscured or invisible to); ``None``:
        by what it is."""
        properties = self.properties
        name = self.basic.name
        for trait in reversed(self.traits[:-1]):
            if isinstance(trait, Layer):
                name = trait.apply_name(name)
            elif isinstance(trait, Labeler):
                name = trait.apply_name(name, properties)
            elif conceals is None:
                continue
            elif isinstance(trait, Obscurable) and trait.masked and conceals(trait):
                name = trait.mask_name or "?"
            elif isinstance(trait, Hideable) and trait.hidden and conceals(trait):
                name = ""
        return name

    @property
    def properties(self) -> dict[str, str]:
        """Stored property values; an outer trait hides an inner one of the same name,
        as in VASSAL's ``getProperty``. Calculated properties are not evaluated."""
        out: dict[str, str] = {}
        for trait in reversed(self.traits):
            reader = getattr(trait, "properties", None)
            if reader is not None:
                out.update(reader())
        return out

    # ----- changing --------------------------------------------------------
    def with_state(self, state_text: str) -> Piece:
        """The same traits with a new state chain (a ChangePiece ``D/`` command)."""
        return Piece.decode(self.encode()[0], state_text)

    def with_position(self, map_id: str, x: int, y: int) -> Piece:
        """The same piece somewhere else (``null`` map = off all maps)."""
        return self.with_trait(len(self.traits) - 1, replace(self.basic, map_id=map_id, x=x, y=y))

    def with_trait(self, index: int, trait: Trait) -> Piece:
        traits = list(self.traits)
        traits[index] = trait
        return Piece(tuple(traits))

    def diff(self, other: Piece) -> tuple[TraitChange, ...]:
        """Traits whose state differs; both pieces must have the same trait types."""
        if len(self.traits) != len(other.traits) or any(
            a.encode_type() != b.encode_type() for a, b in zip(self.traits, other.traits)
        ):
            raise FormatError("the two pieces do not have the same traits", "piece diff")
        return tuple(
            TraitChange(i, a, b)
            for i, (a, b) in enumerate(zip(self.traits, other.traits))
            if a.encode_state() != b.encode_state()
        )

    # ----- prototypes ------------------------------------------------------
    def expand(self, prototypes: Mapping[str, Piece], strict: bool = True) -> Piece:
        """Inline ``prototype;Name`` traits as VASSAL does for pieces put into play (§4.5).

        The prototype's traits above its BasicPiece replace the UsePrototype trait,
        with the states of the prototype definition; nested prototypes are expanded
        and Comment traits dropped. A prototype that is not defined is an error when
        ``strict`` (what a builder wants); otherwise it is left out, as VASSAL does.
        """
        return Piece((*_expanded(self.traits[:-1], prototypes, (), strict), self.basic))


_DEFAULT_LOOKING = ("", "false", "0", "1", "1.0", "null")


def same_definition(type_a: str, type_b: str) -> bool:
    """Whether two piece types define the same piece for VASSAL: trait by trait, the same
    fields as VASSAL reads them (a field an older VASSAL left out reads as its default),
    whatever fields past those a newer VASSAL appended with their default values."""
    if type_a == type_b:
        return True
    a, b = chain_parts(type_a), chain_parts(type_b)
    return len(a) == len(b) and all(x == y or _definition(x) == _definition(y) for x, y in zip(a, b))


@lru_cache(maxsize=1 << 12)
def _definition(trait_type: str) -> tuple:
    """A trait's type as values: its class and the fields VASSAL reads, plus any further
    fields that do not look like defaults; for a trait we do not model, its fields."""
    trait = decode_trait(trait_type, "")
    if isinstance(trait, UnknownTrait):
        tokens = decode(trait_type, ";")
        return ("?", *_without_trailing_defaults(tokens))
    fields = tuple(_field_values(trait))
    return (type(trait).__name__, fields, _without_trailing_defaults(list(trait.layout.type_tail)))


def _field_values(trait: Trait) -> Iterable[object]:
    """A named keystroke with no real key stands for its name: VASSAL allocates its code when it
    loads the module (57344 and up) and writes that code back when it saves, so ``0,0,Name`` and
    ``57366,0,Name`` define the same piece."""
    for entry in trait._type_entries_now():
        for name in entry.members if hasattr(entry, "members") else (entry,):
            yield _as_defined(getattr(trait, name))


def _as_defined(value: object) -> object:
    """``value`` with every named keystroke in it (nested in commands too) reduced to its name,
    and a list of empty texts read as no list (VASSAL pads a layer's level names, one per image)."""
    if isinstance(value, NamedKeyStroke):
        allocated = value.code == 0 or value.code >= NAMED_KEY_CODES
        return NamedKeyStroke.named(value.name) if value.name and allocated else value
    if isinstance(value, tuple):
        return () if value and all(v == "" for v in value) else tuple(_as_defined(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return replace(value, **{f.name: _as_defined(getattr(value, f.name)) for f in fields(value) if f.init})
    return value


def _without_trailing_defaults(tokens: list[str]) -> tuple[str, ...]:
    while tokens and tokens[-1] in _DEFAULT_LOOKING:
        tokens = tokens[:-1]
    return tuple(tokens)


_NAMING = ("emb2;", "label;")


@lru_cache(maxsize=1 << 14)
def name_of(type_text: str, state_text: str, conceals: Callable[[Trait], bool] | None = None) -> str:
    """``Piece.decode(type, state).name``, decoding only the traits that make the name.

    Names repeat (the same counter in many states) and chains run to a hundred traits,
    so each (type, state) is worked out once, from its Layers and Labels; a label whose
    format names other properties needs them all, and so the whole piece. A piece we
    cannot decode still has its BasicPiece's name. ``conceals``: the name as a player who
    may not see through the Masks and Invisible traits it says sees it (``Piece.seen_name``).
    """
    if conceals is not None and ("obs;" in type_text or "hide;" in type_text):
        try:
            return Piece.decode(type_text, state_text).seen_name(conceals)
        except Exception:  # as below: the plain name
            conceals = None
    try:
        types, states = _chain(type_text, "piece type"), _chain(state_text, "piece state")
        if len(types) != len(states):
            raise FormatError("type and state chains differ in length", "piece")
        naming = _naming(type_text)
        traits = {i: decode_trait(types[i], states[i]) for i in naming}
        if any(isinstance(t, Labeler) and _needs_properties(t) for t in traits.values()):
            return Piece.decode(type_text, state_text).name
        # the BasicPiece's name is in its type: its state (where it is) changes with every move
        name = decode_trait(types[-1], "").name  # type: ignore[attr-defined]
        for i in reversed(naming):
            trait = traits[i]
            if isinstance(trait, Layer):
                name = trait.apply_name(name)
            elif isinstance(trait, Labeler):
                name = trait.apply_name(name, {})
        return name
    except Exception:  # a trait we cannot decode must not stop a replay
        from .gamestate import basic_name
        return basic_name(type_text)


@lru_cache(maxsize=1 << 12)
def _naming(type_text: str) -> tuple[int, ...]:
    """Where the Layers and Labels are in a type chain: what a piece's name depends on."""
    return tuple(i for i, t in enumerate(_chain(type_text, "piece type")[:-1]) if t.startswith(_NAMING))


def _needs_properties(label: Labeler) -> bool:
    """True when the label's name format reads properties other than its own two."""
    used = set(re.findall(r"\$([^$]*)\$", label.name_format)) - {"pieceName", "label"}
    return bool(used) and (bool(label.label) or label.always_use_format) and "{" not in label.name_format


def _chain(text: str, where: str) -> tuple[str, ...]:
    """The entries of a TAB chain, outermost first (§4.3), refusing text VASSAL would not write."""
    parts = written_chain(text)
    if parts is None:
        # stray tab-separated text, or an entry starting with a backslash but not quoted
        raise FormatError("the trait chain has stray tab-separated text or escapes VASSAL would not write", where)
    return parts


def _expanded(
    traits: Iterable[Trait], prototypes: Mapping[str, Piece], using: tuple[str, ...], strict: bool
) -> list[Trait]:
    out: list[Trait] = []
    for trait in traits:
        if isinstance(trait, Comment):
            continue
        if not isinstance(trait, UsePrototype):
            out.append(trait)
            continue
        if trait.name in using:
            raise FormatError(f"prototype {trait.name!r} uses itself", "prototypes")
        definition = prototypes.get(trait.name)
        if definition is None:
            if not strict:
                continue
            raise FormatError(f"prototype {trait.name!r} is not defined", "prototypes")
        if trait.parameters:
            definition = _with_parameters(definition, trait.parameters)
        out.extend(_expanded(definition.traits[:-1], prototypes, (*using, trait.name), strict))
    return out


def _with_parameters(definition: Piece, parameters: str) -> Piece:
    """The prototype text with each ``$k$`` replaced by its ``k=v`` value."""
    type_text, state_text = definition.encode()
    for item in decode(parameters, ","):
        name, _, value = item.partition("=")
        type_text = type_text.replace(f"${name}$", value)
        state_text = state_text.replace(f"${name}$", value)
    return Piece.decode(type_text, state_text)


def placed_piece(trait: PlaceMarker) -> Piece | None:
    """The piece a Place Marker or Replace trait defines inline (``+/null/type/state``), decoded
    when asked (the trait keeps VASSAL's text); None for a palette path, ``null``, or a
    definition that does not decode."""
    if not trait.marker.startswith("+/"):
        return None
    try:
        return Piece.from_slot_text(trait.marker)
    except FormatError:
        return None
