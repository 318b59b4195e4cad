"""Piece definitions in the module: PieceSlots, CardSlots and PrototypeDefinitions.

Each text must decode the way VASSAL's ``BasicCommandEncoder.createPiece`` reads
it (``+/null/type/state``, type and state chains of equal length, BasicPiece
innermost; §4.3), every ``prototype;Name`` should resolve (VASSAL silently drops
an unknown one, which an extension may define) and must not cycle (§4.5),
a slot's BasicPiece gpid should be the slot's own, and keystroke fields must be
``code,modifiers[,name]`` (VASSAL reads anything else as "no key", silently).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields

from vassal import components as c
from vassal.errors import FormatError
from vassal.keys import NamedKeyStroke
from vassal.piece import Piece, placed_piece
from vassal.sequence import decode
from vassal.traits import PlaceMarker, Trait, UsePrototype
from vassal.traits.fields import KEY, KEYS

from .issues import Issue, error, warning
from .structure import SLOT_TAGS
from .tree import Located


@dataclass(frozen=True)
class Definition:
    """A decoded piece definition and where it sits in the buildFile."""

    where: str
    piece: Piece
    is_prototype: bool


@dataclass(frozen=True)
class PieceReport:
    issues: tuple[Issue, ...]
    definitions: tuple[Definition, ...]


def check_pieces(located: list[Located]) -> PieceReport:
    issues: list[Issue] = []
    definitions: list[Definition] = []
    for item in located:
        el = item.element
        if el.tag not in (*SLOT_TAGS, c.PROTOTYPE_DEFINITION):
            continue
        try:
            piece = Piece.from_slot_text(el.text)
        except (FormatError, ValueError, IndexError, RecursionError) as exc:
            message = exc.message if isinstance(exc, FormatError) else str(exc)
            issues.append(error(item.path, f"piece definition does not decode ({message}): "
                                           "VASSAL cannot create this piece"))
            continue
        definitions.append(Definition(item.path, piece, el.tag == c.PROTOTYPE_DEFINITION))
        if el.tag in SLOT_TAGS and el.get("gpid") and piece.basic.gpid not in ("", el.get("gpid")):
            issues.append(warning(item.path, f"the BasicPiece says gpid {piece.basic.gpid!r} but the slot's "
                                             f"gpid is {el.get('gpid')!r}"))
        issues.extend(warning(item.path, message) for message in _bad_keys(piece))
    # a prototype that does not decode is still defined: its users are not told it is missing
    declared = {item.element.get("name") for item in located if item.element.tag == c.PROTOTYPE_DEFINITION}
    paths = {item.path: item.element.get("name") for item in located
             if item.element.tag == c.PROTOTYPE_DEFINITION}
    prototypes = {paths[d.where]: d for d in definitions if d.is_prototype}
    issues.extend(_check_references(definitions, prototypes, declared))
    return PieceReport(tuple(issues), tuple(definitions))


def all_traits(piece: Piece) -> Iterator[Trait]:
    """The piece's traits and, after each Place Marker, the traits of the piece it would
    place, however deep (a hostile module's nesting is walked, not recursed into)."""
    pending = [iter(piece.traits)]
    while pending:
        trait = next(pending[-1], None)
        if trait is None:
            pending.pop()
            continue
        yield trait
        inner = placed_piece(trait) if isinstance(trait, PlaceMarker) else None
        if inner is not None:
            pending.append(iter(inner.traits))


def _references(piece: Piece) -> list[str]:
    return [t.name for t in all_traits(piece) if isinstance(t, UsePrototype)]


def _check_references(definitions: list[Definition], prototypes: dict[str, Definition],
                      declared: set[str]) -> Iterator[Issue]:
    for d in definitions:
        for name in _references(d.piece):
            if name not in declared:
                yield warning(d.where, f"uses prototype {name!r}, which is not defined: VASSAL silently "
                                       "leaves those traits out (unless an extension defines it)")
    pieces = {name: d.piece for name, d in prototypes.items()}
    for name, d in prototypes.items():
        if _reaches(name, d.piece, pieces):
            yield error(d.where, "prototype uses itself (directly or through "
                                                        "other prototypes): expanding it never ends")


def _reaches(target: str, piece: Piece, prototypes: dict[str, Piece]) -> bool:
    seen: set[str] = set()
    pending = _references(piece)
    while pending:
        name = pending.pop()
        if name == target:
            return True
        if name in seen or name not in prototypes:
            continue
        seen.add(name)
        pending.extend(_references(prototypes[name]))
    return False


def _bad_keys(piece: Piece) -> Iterator[str]:
    """Keystroke fields whose text VASSAL's NamedHotKeyConfigurer.decode reads as no key."""
    for trait in all_traits(piece):
        spelled = {name: raw for name, raw, _ in trait.layout.spellings}
        for f in fields(trait):
            codec = f.metadata.get("codec")
            if codec not in (KEY, KEYS) or f.name not in spelled:
                continue
            token = decode(spelled[f.name], ";")[0] if spelled[f.name] else ""
            items = [token] if codec is KEY else ([] if token == "" else decode(token, ","))
            for item in items:
                if item and NamedKeyStroke.decode(item) is None:
                    yield (f"{type(trait).__name__} field {f.name}: {item!r} is not code,modifiers[,name]; "
                           "VASSAL reads it as no key")
