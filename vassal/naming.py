"""A piece's name and drawn state as VASSAL works them out: properties, formats, followed Layers.

VASSAL names a piece (``getName``) from its BasicPiece's name outward through every Layer
(level name: ``+x`` a suffix, ``x+`` a prefix, else the whole name) and Label (its name format,
``$pieceName$ ($label$)`` by default, used when the label's text is not empty). Both read
properties: a Label's text and format are formats (``$prop$`` replaced, ``{...}`` evaluated as
BeanShell, ``vassal.expression``), and a Layer that follows a property takes its level from the
property's value each time VASSAL reads the layer (``value - firstLevelValue + 1``, kept within
the layer's levels; a value that is not a whole number leaves the level as it was).

A property is looked up as VASSAL's piece does: the outermost trait that defines it (Layer
``<name>_Level``..., Dynamic Property, Marker, Calculated Property, Label, mask state...), then the
BasicPiece (``BasicName``, ``PieceName``, ``CurrentMap``, ``LocationName``... and its persistent
properties), then the global properties of the piece's zone, its map and the module, whose values
follow the log's changes (``Surroundings``), with each deck's ``<deck>_numPieces`` and the module's
preferences at their defaults (``decode-log`` plays as no side, so ``playerSide`` is empty).

What this cannot evaluate (``CannotEvaluate``) leaves that trait as the plain reading does (a
Label passed through, a Layer at its stored level) and is reported once through ``note``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache

from .expression import CannotEvaluate, evaluate, java_text
from .piece import name_of
from .sequence import chain_parts, join_chain
from .traits import BasicPiece, CalculatedProperty, Hideable, Labeler, Layer, Obscurable, decode_trait

_REFERENCE = re.compile(r"\$([^$]*)\$")
_WHOLE = re.compile(r"[+-]?[0-9]{1,9}")  # what Java's Integer.parseInt reads (within int range)


@dataclass(frozen=True)
class Where:
    """Where a piece is, as its BasicPiece reports it (``CurrentMap``, ``LocationName``...)."""

    map: str | None
    x: int
    y: int
    location: str = ""
    zone: str = ""
    board: str = ""
    deck: str = ""


@dataclass
class Surroundings:
    """The properties a piece falls back to: global properties by container (``Module``, a map
    name, ``map:zone``) as the log has set them, then module-wide values (deck counts, preferences)."""

    globals: Mapping[tuple[str, str], str]
    module_values: Mapping[str, str] = field(default_factory=dict)

    def lookup(self, name: str, where: Where) -> str | None:
        if where.map is not None:
            if where.zone:
                value = self.globals.get((f"{where.map}:{where.zone}", name))
                if value is not None:
                    return value
            value = self.globals.get((where.map, name))
            if value is not None:
                return value
        value = self.globals.get(("Module", name))
        return value if value is not None else self.module_values.get(name)


def substitute(text: str, lookup: Callable[[str], str | None]) -> str:
    """``$prop$`` references replaced by the properties' values; VASSAL writes the name of a
    property nothing defines in its place (``$AlliedCVP$`` shows as ``AlliedCVP``)."""
    if "$" not in text:
        return text
    return _REFERENCE.sub(lambda m: _value_or_name(lookup, m.group(1)), text)


def _value_or_name(lookup: Callable[[str], str | None], name: str) -> str:
    value = lookup(name)
    return name if value is None else value


def format_text(text: str, lookup: Callable[[str], str | None]) -> str:
    """A VASSAL format (``Expression.createExpression``): text that starts with ``{`` and ends
    with ``}`` is a BeanShell expression, in which ``$prop$`` is replaced first, as VASSAL does, so
    that the value becomes part of the code; any other text has its ``$prop$`` replaced and its
    braces kept as they are (an HTML label's style sheet, say)."""
    if len(text) > 1 and text.startswith("{") and text.endswith("}"):
        return java_text(evaluate(substitute(text[1:-1], lookup), lookup))
    return substitute(text, lookup)


@lru_cache(maxsize=1 << 12)
def _plain(type_text: str) -> bool:
    """True when the name and state need no property: no followed Layer and no Label (whose text
    and format may read any); then the plain reading, ``vassal.piece.name_of``, is VASSAL's."""
    for t in chain_parts(type_text)[:-1]:
        if t.startswith("emb2;"):
            trait = decode_trait(t, "1")
            if isinstance(trait, Layer) and trait.follow_property and trait.property_name:
                return False
        elif t.startswith("label;"):
            return False
    return True


class PieceNames:
    """Names and states of the pieces of one board, worked out as VASSAL would show them;
    memoised per piece text and place, as boards repeat the same counters."""

    #: distinct notes said at most (a hostile file could make each piece's name fail its own way)
    MAX_NOTES = 10

    def __init__(self, surroundings: Surroundings, note: Callable[[str], None] | None = None,
                 conceals: Callable[[object], bool] | None = None) -> None:
        """``conceals``: name the pieces as a player kept out by the Masks and Invisible traits it
        says (``Piece.seen_name``); None: by what they are, as the referee reasons."""
        self.surroundings = surroundings
        self.conceals = conceals
        self._say = note or (lambda message: None)
        self._said: set[str] = set()
        self._done: dict[tuple[str, str, Where], tuple[str, str]] = {}

    def note(self, message: str) -> None:
        """Says each thing once, and no more than ``MAX_NOTES`` things."""
        if message in self._said or len(self._said) > self.MAX_NOTES:
            return
        self._said.add(message)
        self._say(message if len(self._said) <= self.MAX_NOTES else
                  "more piece names could not be fully worked out: their unevaluated parts are left out")

    def name_and_state(self, type_text: str, state_text: str, where: Where) -> tuple[str, str]:
        if _plain(type_text):
            return name_of(type_text, state_text, self.conceals), state_text
        key = (type_text, state_text, where)
        done = self._done.get(key)
        if done is None:
            try:
                done = _Piece(type_text, state_text, where, self).name_and_state()
            except Exception as e:  # a piece we cannot read keeps its plain name; never a traceback
                self.note(f"a piece's name could not be worked out ({type(e).__name__}): its plain name is shown")
                done = (name_of(type_text, state_text, self.conceals), state_text)
            self._done[key] = done
        return done


class _Piece:
    """One piece being read: its traits decoded on demand, followed Layers re-read once."""

    def __init__(self, type_text: str, state_text: str, where: Where, names: PieceNames) -> None:
        self.types = chain_parts(type_text)
        self.states = chain_parts(state_text)
        self.state_text = state_text
        if len(self.types) != len(self.states):
            raise ValueError("type and state chains differ in length")
        self.where = where
        self.names = names
        self._traits: dict[int, object] = {}
        self._busy: set[str] = set()  # properties being worked out (a format that reads itself)
        self.index = _property_index(type_text, state_text)

    # ----- traits ----------------------------------------------------------
    def trait(self, i: int) -> object:
        trait = self._traits.get(i)
        if trait is None:
            trait = decode_trait(self.types[i], self.states[i])
            if isinstance(trait, Layer) and trait.follow_property and trait.property_name:
                self._traits[i] = trait  # its level reads properties, which may read this layer
                trait = self._followed(trait)
            self._traits[i] = trait
        return trait

    def _followed(self, layer: Layer) -> Layer:
        """``Embellishment``'s followed level: from the property's value, within the levels."""
        try:
            text = self.format(layer.property_name, expression_only=True)
        except CannotEvaluate as e:
            self.names.note(f"layer {layer.name!r} follows {layer.property_name[:80]!r}, which cannot be "
                            f"evaluated ({e}): it is shown at its stored level")
            return layer
        if _WHOLE.fullmatch(text) is None:
            return layer  # not a whole number: VASSAL reports the bad value and keeps the level
        level = int(text) - layer.first_level_value + 1
        level = max(1, min(level, max(len(layer.images), 1)))
        return replace(layer, value=level if layer.active or layer.always_active else -level)

    # ----- properties -----------------------------------------------------
    def lookup(self, name: str) -> str | None:
        if name in self._busy:
            raise CannotEvaluate(f"the property {name!r} reads itself")
        self._busy.add(name)
        try:
            return self._lookup(name)
        finally:
            self._busy.discard(name)

    def _lookup(self, name: str) -> str | None:
        for i in self.index.get(name, ()):
            trait = self.trait(i)
            if isinstance(trait, CalculatedProperty):
                return self.format(trait.expression)
            if isinstance(trait, Labeler):
                return self.label(trait)
            if isinstance(trait, Obscurable):
                return "true" if trait.masked else "false"  # decode-log plays no side: a mask hides
            value = trait.properties().get(name)  # type: ignore[attr-defined]
            if value is not None:
                return value
        return self.basic(name)

    def basic(self, name: str) -> str | None:
        """What the BasicPiece answers, then the global properties around the piece."""
        w = self.where
        computed = {
            "BasicName": lambda: self.trait(len(self.types) - 1).name,  # type: ignore[attr-defined]
            "PieceName": self.name,
            "CurrentMap": lambda: w.map or "",
            "CurrentX": lambda: str(w.x),
            "CurrentY": lambda: str(w.y),
            "LocationName": lambda: w.location,
            "CurrentZone": lambda: w.zone,
            "CurrentBoard": lambda: w.board,
            "DeckName": lambda: w.deck,
        }.get(name)
        if computed is not None:
            return computed()
        basic = self.trait(len(self.types) - 1)
        if isinstance(basic, BasicPiece):
            value = dict(basic.persistent or ()).get(name)
            if value is not None:
                return value
        return self.names.surroundings.lookup(name, w)

    def format(self, text: str, expression_only: bool = False) -> str:
        """A format's text; ``expression_only``: a followed property's name, which is a ``{...}``
        expression, a ``$...$`` format, or else the name of one property."""
        if expression_only and "{" not in text and "$" not in text:
            return self.lookup(text) or ""
        return format_text(text, self.lookup)

    def label(self, label: Labeler) -> str:
        """``Labeler.getLabel``: the label's text read as a format."""
        return self.format(label.label)

    # ----- the name --------------------------------------------------------
    def name(self) -> str:
        if "PieceName" in self._busy:
            raise CannotEvaluate("the piece's name reads itself")
        self._busy.add("PieceName")
        try:
            return self._name_from(0)
        finally:
            self._busy.discard("PieceName")

    def _name_from(self, first: int) -> str:
        """``getName`` of the trait at ``first``: a Layer showing a level name that replaces the
        name, or a Label with no text, does not read the traits inside it (so a followed Layer
        there keeps its stored level, as in VASSAL). A hidden or masked piece is named by what it
        is, not as VASSAL shows it to an onlooker ("" or the mask's name): the referee reasons on
        every piece; a report names it as its reader may see it (``PieceNames.conceals``)."""
        conceals = self.names.conceals
        for i in range(first, len(self.types) - 1):
            if not self.types[i].startswith(("emb2;", "label;", "obs;", "hide;")):
                continue
            trait = self.trait(i)
            if isinstance(trait, Obscurable):
                if trait.masked and conceals is not None and conceals(trait):
                    return trait.mask_name or "?"
                continue
            if isinstance(trait, Hideable):
                if trait.hidden and conceals is not None and conceals(trait):
                    return ""
                continue
            if isinstance(trait, Layer) and trait.active and trait.level_name:
                level_name = trait.level_name
                if level_name.startswith("+") or level_name.endswith("+"):
                    return trait.apply_name(self._name_from(i + 1))
                return level_name
            if isinstance(trait, Labeler) and (trait.label or trait.always_use_format):
                return self._labelled(trait, self._name_from(i + 1))
        return self.trait(len(self.types) - 1).name  # type: ignore[attr-defined]

    def _labelled(self, label: Labeler, inner: str) -> str:
        values = {"pieceName": inner}
        try:
            values["label"] = self.label(label)
            return format_text(label.name_format, lambda n: values[n] if n in values else self.lookup(n))
        except CannotEvaluate as e:
            self.names.note(f"a label's text or name format cannot be evaluated ({e}): "
                            "that label is left out of the piece's name")
            return inner

    def name_and_state(self) -> tuple[str, str]:
        name = self.name()
        states = list(self.states)
        for i, trait in self._traits.items():  # the followed Layers VASSAL read while naming
            if isinstance(trait, Layer) and trait.follow_property:
                states[i] = trait.encode_state()
        return name, (join_chain(states) if states != list(self.states) else self.state_text)


@lru_cache(maxsize=1 << 12)
def _property_index(type_text: str, state_text: str) -> dict[str, tuple[int, ...]]:
    """Property name -> the traits that define it, outermost first (the BasicPiece is asked last,
    by ``_Piece.basic``). Names depend on the type alone; the state only makes the traits readable."""
    index: dict[str, list[int]] = {}
    types, states = chain_parts(type_text), chain_parts(state_text)
    for i, (t, s) in enumerate(zip(types[:-1], states[:-1])):
        trait = decode_trait(t, s)
        if isinstance(trait, CalculatedProperty):
            names = [trait.name]
        elif isinstance(trait, Obscurable):
            names = ["Obscured", "ObscuredToOthers"]
        elif isinstance(trait, Labeler):
            names = [trait.property_name] if trait.property_name else []
        else:
            reader = getattr(trait, "properties", None)
            names = list(reader()) if reader is not None else []
        for name in names:
            index.setdefault(name, []).append(i)
    return {k: tuple(v) for k, v in index.items()}


def surroundings(globals_now: Mapping[tuple[str, str], str], module: object | None,
                 deck_counts: Mapping[str, int]) -> Surroundings:
    """What pieces fall back to on a board: the module's global properties at their initial
    values overlaid by the values the log set (``globals_now``), each deck's ``<deck>_numPieces``,
    and the module's preferences at their defaults; ``playerSide`` is empty (no side is played)."""
    values: dict[tuple[str, str], str] = {}
    extra: dict[str, str] = {"playerSide": ""}
    if module is not None:
        for prop in getattr(module, "global_properties", ()):
            values[(prop.container, prop.name)] = prop.initial_value or ""
        extra.update(getattr(module, "preferences", ()))
    values.update(globals_now)
    extra.update({f"{name}_numPieces": str(n) for name, n in deck_counts.items()})
    return Surroundings(values, extra)
