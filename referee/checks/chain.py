"""Log chain: does this log start exactly where the previous one ended?

In a PBEM game each player loads the opponent's log, replays it to the end and
records his own turn from there. The start state of his log must therefore be
the end state of the previous log. VASSAL never checks this, so a piece nudged,
a step cut out of a log or a log sent out of order goes unnoticed unless the
referee compares the two states piece by piece.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from vassal.gamestate import basic_name, chain_parts
from vassal.piece import same_definition
from vassal.sequence import decode

from ..causes import DIFFERENT_SHARE, MIN_DIFFERENT, Cause, discontinuity_cause
from ..context import CheckContext, LogInput
from ..findings import Finding, Place, Severity
from .module import module_of

CHECK_ID = "chain"
RULE = "a log must start from the exact position the previous log ended in"
RULE_UPDATE = "all players of a game must use the same module and version"
_SECRET_TRAITS = ("obs;", "hide;", "restrict;")


def _place(piece: Any) -> Place:
    return Place(piece.map or "", piece.location or "off-map", piece.x, piece.y) if piece.map else \
        Place("", "off-map")


def _where(piece: Any) -> str:
    return str(_place(piece))


def _comparable(piece: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What must carry over between logs besides the definition: each trait's state, and the
    BasicPiece's map, position and slot id. The BasicPiece's persistent properties (OldX,
    OldMap...) are left out: VASSAL writes their changes as ``null`` placeholders in a log,
    so no replay can know them."""
    states = chain_parts(piece.state)
    return tuple(states[:-1]), tuple(decode(states[-1], ";")[:4]) if states else ()


def _name(piece: Any) -> str:
    """How messages name a piece: its name, else its BasicPiece name, else its id."""
    return piece.name or basic_name(piece.type) or f"piece {piece.id}"


def _trait_changes(before: Any, after: Any) -> list[str]:
    """Readable differences between two versions of one piece, trait by trait."""
    changes = []
    if before.name != after.name:
        changes.append(f"name {_name(before)} -> {_name(after)}")
    if not same_definition(before.type, after.type):
        changes.append("its definition (traits) differs")
        return changes
    types = chain_parts(after.type)
    old, new = _comparable(before)[0], _comparable(after)[0]
    for trait, o, n in zip(types, old, new):
        if o != n:
            kind = trait.split(";", 1)[0]
            # these states hold player ids, which are passwords: say what, never the values
            changes.append(f"{kind} changed" if kind + ";" in _SECRET_TRAITS else f"{kind} {o!r} -> {n!r}")
    return changes


def compare_states(previous_end: Mapping[str, Any], start: Mapping[str, Any], previous_log: str, log: str,
                   update: tuple[str, str] | None = None) -> Iterator[Finding]:
    """One error per piece that differs between ``previous_end`` and ``start`` (id -> PieceState).

    ``update`` (the module before and after, when the two files were written with different
    versions): pieces whose only difference is their definition are then that update, told
    once as a warning with their number, not as one error each.
    """
    redefined: list[str] = []
    for pid in sorted(set(previous_end) | set(start)):
        before = previous_end.get(pid)
        after = start.get(pid)
        if after is None:
            yield Finding(CHECK_ID, Severity.ERROR,
                          f"{_name(before)} was at {_where(before)} at the end of {previous_log} "
                          f"but is missing when {log} starts",
                          RULE, log, 0, None, (_name(before),), (_place(before),))
        elif before is None:
            yield Finding(CHECK_ID, Severity.ERROR,
                          f"{_name(after)} is at {_where(after)} when {log} starts "
                          f"but was not in play at the end of {previous_log}",
                          RULE, log, 0, None, (_name(after),), (_place(after),))
        elif (before.map, before.x, before.y) != (after.map, after.x, after.y):
            yield Finding(CHECK_ID, Severity.ERROR,
                          f"{_name(after)} ended {previous_log} at {_where(before)} "
                          f"but starts {log} at {_where(after)}",
                          RULE, log, 0, None, (_name(after),), (_place(before), _place(after)))
        elif update is not None and not same_definition(before.type, after.type):
            redefined.append(_name(after))  # its traits' states follow its new definition
        elif not same_definition(before.type, after.type) or _comparable(before) != _comparable(after):
            changes = _trait_changes(before, after) or ["its state differs"]
            yield Finding(CHECK_ID, Severity.ERROR,
                          f"{_name(after)} at {_where(after)} changed between the end of {previous_log} "
                          f"and the start of {log}: {'; '.join(changes)}",
                          RULE, log, 0, None, (_name(after),), (_place(after),))
    if redefined and update is not None:
        yield Finding(CHECK_ID, Severity.WARNING,
                      f"the module was updated between {previous_log} ({update[0]}) and {log} ({update[1]}): "
                      f"{len(redefined)} pieces have new definitions",
                      RULE_UPDATE, log, 0, None, tuple(sorted(set(redefined)))[:10])


def chain_differences(previous: LogInput, log: LogInput) -> list[Finding]:
    """What differs between the end of ``previous`` and the start of ``log`` (the runner asks
    first, to find a log that does not continue the one before; the chain check then)."""
    if _LAST and _LAST[0] is previous and _LAST[1] is log:
        return list(_LAST[2])
    found = _differences(previous, log)
    _LAST[:] = [previous, log, found]
    return list(found)


_LAST: list = []     # the last pair compared and what differed


def _differences(previous: LogInput, log: LogInput) -> list[Finding]:
    before, after = module_of(previous), module_of(log)
    update = (_version(before), _version(after)) if before != after and all(before) and all(after) else None
    return list(compare_states(previous.replay.final.pieces, log.replay.initial.pieces, previous.label, log.label,
                               update))


def discontinuity(previous: LogInput, log: LogInput) -> Cause | None:
    """A log whose start differs from the previous log's end in most of its pieces: one cause
    (a log of another game, or logs out of order), not one finding per piece."""
    errors = [f for f in chain_differences(previous, log) if f.severity is Severity.ERROR]
    pieces = len(set(previous.replay.final.pieces) | set(log.replay.initial.pieces))
    if len(errors) < MIN_DIFFERENT or len(errors) < DIFFERENT_SHARE * pieces:
        return None
    return discontinuity_cause(log.label, previous.label, len(errors), pieces, errors[0].message)


def check_chain(ctx: CheckContext) -> Iterator[Finding]:
    """Compare this log's start with the end of the file before it, if there is one."""
    if ctx.previous is not None:
        yield from chain_differences(ctx.previous, ctx.log)


def _version(module: tuple[str, str]) -> str:
    return " ".join(module)
