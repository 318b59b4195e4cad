"""Keeping player ids out of every report.

A VASSAL player id is the player's password. Checks compare ids but never put
them in a finding; yet a damaged or doctored log can carry an id inside text a
finding quotes (a chat line, a piece name). So every finding is passed through
``redact`` with the ids the log itself reveals (the mover field of each move,
roster entries made during the log) before it reaches a report.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from vassal.replay import Replay
from vassal.secrets import HIDDEN, redaction_pattern
from vassal.secrets import player_ids as ids_in

from .dice import Roll
from .findings import Finding, Place



def player_ids(replay: Replay) -> frozenset[str]:
    """Every player id the log's steps carry."""
    return ids_in(c for step in replay.steps for c in step.commands)


def redact_roll(roll: Roll, ids: Iterable[str]) -> Roll:
    """The roll with any of ``ids`` in its player, purpose or text hidden."""
    pattern = redaction_pattern(ids)
    if pattern is None:
        return roll
    return replace(roll, player=roll.player and pattern.sub(HIDDEN, roll.player),
                   purpose=pattern.sub(HIDDEN, roll.purpose), text=pattern.sub(HIDDEN, roll.text))


def redact(findings: Iterable[Finding], ids: Iterable[str]) -> list[Finding]:
    """The findings with any of ``ids`` in their texts replaced by ``HIDDEN``."""
    pattern = redaction_pattern(ids)
    if pattern is None:
        return list(findings)

    def clean(text: str) -> str:
        return pattern.sub(HIDDEN, text)

    def places(found: tuple[Place, ...]) -> tuple[Place, ...]:
        return tuple(Place(p.map and clean(p.map), clean(p.name), p.x, p.y) for p in found)

    return [replace(f, message=clean(f.message), rule=clean(f.rule),
                    player=clean(f.player) if f.player else f.player,
                    pieces=tuple(clean(p) for p in f.pieces),
                    locations=places(f.locations), path=places(f.path), blocked=places(f.blocked))
            for f in findings]
