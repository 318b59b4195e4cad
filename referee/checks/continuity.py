"""Continuity inside a log: hidden pieces moved by others, pieces of the other side.

A piece masked (``obs;``) or hidden (``hide;``) records the *player id* of whoever
masked it. Only that player can see it; a move of it by anyone else is
suspicious. Where the sides are known (the log's player roster, the game's
definition) and a piece carries its side in a Marker trait, a player moving or
changing the other side's pieces is flagged too.

Player ids are passwords: they are compared for equality here and never leave
this module.
"""

from __future__ import annotations

from collections.abc import Iterator

from vassal.commands import AddPiece, ChangePiece, MovePiece, RemovePiece
from vassal.gamestate import split_chain
from vassal.replay import Changed, Moved
from vassal.sequence import decode

from ..context import CheckContext
from ..findings import Finding, Place, Severity

CHECK_ID = "continuity"
RULE_HIDDEN = "a piece hidden or masked by one player may be moved only by that player"
RULE_SIDE = "a player moves and changes only his own side's pieces"
_UNSET = ("", "null")


class _Pieces:
    """Type and state chains per piece, split only when a check asks."""

    def __init__(self) -> None:
        self.raw: dict[str, tuple[str, str]] = {}
        self._split: dict[str, tuple[list[str], list[str]]] = {}

    def set(self, pid: str, type_text: str, state: str) -> None:
        self.raw[pid] = (type_text, state)
        self._split.pop(pid, None)

    def set_state(self, pid: str, state: str) -> None:
        if pid in self.raw:
            self.set(pid, self.raw[pid][0], state)

    def remove(self, pid: str) -> None:
        self.raw.pop(pid, None)
        self._split.pop(pid, None)

    def chains(self, pid: str) -> tuple[list[str], list[str]]:
        if pid not in self._split:
            type_text, state = self.raw.get(pid, ("", ""))
            self._split[pid] = (split_chain(type_text), split_chain(state))
        return self._split[pid]

    def _has(self, pid: str, *prefixes: str) -> bool:
        """Cheap pre-test: splitting a long trait chain costs far more than a substring search."""
        type_text = self.raw.get(pid, ("", ""))[0]
        return any(p in type_text for p in prefixes)

    def owner_ids(self, pid: str) -> list[str]:
        """Player ids that masked or hid the piece (its ``obs;``/``hide;`` states)."""
        if not self._has(pid, "obs;", "hide;"):
            return []
        types, states = self.chains(pid)
        ids = []
        for t, s in zip(types, states):
            if t.startswith(("obs;", "hide;")):
                owner = decode(s, ";")[0] if s else ""
                if owner not in _UNSET:
                    ids.append(owner)
        return ids

    def markers(self, pid: str) -> list[str]:
        """The values of the piece's Marker traits (``mark;Side`` = ``Red``...)."""
        if not self._has(pid, "mark;"):
            return []
        types, states = self.chains(pid)
        return [v for t, s in zip(types, states) if t.startswith("mark;") for v in decode(s, ",")]


def _known_sides(ctx: CheckContext) -> set[str]:
    sides = {p.side for p in ctx.log.replay.players if p.side and not p.side.startswith("<")}
    if ctx.game is not None:
        sides |= set(ctx.game.sides)
    return sides


def _place(e: Moved) -> tuple[Place, ...]:
    return (Place(e.to_map, e.to_location, e.to_x, e.to_y),) if e.to_map else ()


def check_continuity(ctx: CheckContext) -> Iterator[Finding]:
    log = ctx.log.label
    pieces = _Pieces()
    for p in ctx.log.replay.initial.pieces.values():
        pieces.set(p.id, p.type, p.state)
    sides = _known_sides(ctx)
    for step in ctx.log.replay.steps:
        if not step.is_undo:
            mover = next((c.player_id for c in step.commands if isinstance(c, MovePiece) and c.player_id), "")
            yield from _step_findings(ctx, step, pieces, mover, sides, log)
        for c in step.commands:
            if isinstance(c, AddPiece) and not c.is_stack:
                pieces.set(c.id, c.type, c.state)
            elif isinstance(c, ChangePiece):
                pieces.set_state(c.id, c.new_state)
            elif isinstance(c, RemovePiece):
                pieces.remove(c.id)


def _step_findings(ctx, step, pieces: _Pieces, mover: str, sides: set[str], log: str) -> Iterator[Finding]:
    reported: set[str] = set()
    for e in step.events:
        if isinstance(e, Moved) and mover and e.piece_id in pieces.raw:
            owners = pieces.owner_ids(e.piece_id)
            if owners and mover not in owners:
                reported.add(e.piece_id)
                yield Finding(CHECK_ID, Severity.WARNING,
                              f"{step.player or 'a player'} moved {e.name} from {e.from_location} to "
                              f"{e.to_location} while another player had it hidden or masked",
                              RULE_HIDDEN, log, step.index, step.player, (e.name,), _place(e))
        if not isinstance(e, (Moved, Changed)) or not step.side or step.side not in sides:
            continue
        if e.piece_id in reported or e.piece_id not in pieces.raw:
            continue
        piece_sides = [v for v in pieces.markers(e.piece_id) if v in sides]
        if piece_sides and step.side not in piece_sides:
            reported.add(e.piece_id)
            verb = "moved" if isinstance(e, Moved) else "changed"
            yield Finding(CHECK_ID, Severity.WARNING,
                          f"{step.player or 'a player'} ({step.side}) {verb} {e.name}, a {piece_sides[0]} piece",
                          RULE_SIDE, log, step.index, step.player, (e.name,),
                          _place(e) if isinstance(e, Moved) else ())
