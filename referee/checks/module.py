"""Module: is everyone playing with the same module, and is every piece from it?

A log records the name and version of the module it was written with
(``moduledata``). Players on different versions see different pieces and rules
("you're on another version of the module"); a piece the module cannot create
was put into play some other way.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from vassal.commands import AddPiece, parse_command
from vassal.gamestate import basic_name, split_chain
from vassal.sequence import decode

from ..causes import describe_module
from ..context import CheckContext, LogInput
from ..findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from vassal.module import Module

CHECK_ID = "module"
RULE_SAME = "all players of a game must use the same module and version"
RULE_PIECES = "every piece in play must come from the module"


def module_of(log: LogInput) -> tuple[str, str]:
    """(name, version) of the module the log was written with; empty when not recorded."""
    meta = log.replay.module_metadata
    save = log.replay.save_metadata
    name = meta.name if meta else ""
    version = (meta.version if meta and meta.version else "") or (save.version if save else "")
    return name, version


def _compare(log: str, have: tuple[str, str], want: tuple[str, str], against: str) -> Iterator[Finding]:
    if not have[0] and not have[1]:
        yield Finding(CHECK_ID, Severity.INFO, f"{log} does not record which module wrote it", RULE_SAME, log)
        return
    if want[0] and have[0] and have[0] != want[0]:
        return  # another module: the runner tells it once for every log (`referee.causes`)
    if want[1] and have[1] != want[1]:
        yield Finding(CHECK_ID, Severity.WARNING,
                      f"{log} was written with {describe_module(*have)}, but {against} is version {want[1]}",
                      RULE_SAME, log)


def _piece_basic_names(log: LogInput) -> dict[str, int]:
    """Every piece's BasicPiece name at the start or added during the log, with counts."""
    names: dict[str, int] = {}
    for piece in log.replay.initial.pieces.values():
        name = basic_name(piece.type)
        names[name] = names.get(name, 0) + 1
    for step in log.replay.steps:
        for c in step.commands:
            if isinstance(c, AddPiece) and not c.is_stack and not c.type.startswith("deck;"):
                name = basic_name(c.type)
                names[name] = names.get(name, 0) + 1
    return names


_SLOT_TAGS = ("PieceSlot", "CardSlot")
_MARKER_TRAITS = ("placemark;", "replace;")


def _names_in(definition: str, names: set[str]) -> None:
    """The BasicPiece name of a ``+/null/type/state`` definition, and of any piece its
    Place Marker / Replace traits define inline (field 3 holds such a definition)."""
    command = parse_command(definition)
    if not isinstance(command, AddPiece):
        return
    names.add(basic_name(command.type))
    for trait in split_chain(command.type):
        if trait.startswith(_MARKER_TRAITS):
            fields = decode(trait, ";")
            if len(fields) > 3 and fields[3].startswith("+/"):
                _names_in(fields[3], names)


def module_piece_names(module: Module) -> frozenset[str]:
    """Every piece the module can put into play: palette and at-start slots, deck cards,
    and markers defined inline by Place Marker traits (worked out once per module: every log
    of a chain asks)."""
    known = _NAMES.get(id(module))
    if known is not None and known[0] is module:
        return known[1]
    names = _piece_names(module)
    _NAMES.clear()
    _NAMES[id(module)] = (module, names)
    return names


_NAMES: dict[int, tuple[Module, frozenset[str]]] = {}


def _piece_names(module: Module) -> frozenset[str]:
    names: set[str] = set()
    for el in module.root.iter():
        if el.tag.endswith(_SLOT_TAGS):
            _names_in(el.text, names)
    for definition in module.prototypes.values():
        _names_in(definition, names)
    return frozenset(names - {""})


def check_module(ctx: CheckContext) -> Iterator[Finding]:
    log = ctx.log.label
    have = module_of(ctx.log)
    if ctx.module is not None:
        yield from _compare(log, have, (ctx.module.name, ctx.module.version),
                            f"the module given ({ctx.module.source})")
        known = module_piece_names(ctx.module)
        for name, count in sorted(_piece_basic_names(ctx.log).items()):
            if name and name not in known:
                yield Finding(CHECK_ID, Severity.WARNING,
                              f"{name} ({count} in play) is not a piece of {ctx.module.name} {ctx.module.version}",
                              RULE_PIECES, log, pieces=(name,))
    if ctx.first is not ctx.log:
        first = module_of(ctx.first)
        if first != ("", ""):
            yield from _compare(log, have, first, f"{ctx.first.label}, the first file of the chain,")
