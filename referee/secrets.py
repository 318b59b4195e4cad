"""Keeping player ids out of every report.

A VASSAL player id is the player's password. Checks compare ids but never put
them in a finding; yet a damaged or doctored log can carry an id where a finding
quotes it (a shifted roster field, a move merged into a chat line). So every
finding is passed through ``redact`` with the ids the log itself reveals (the
mover field of each move, roster entries) before it reaches a report; ids are
hidden where they stand as ids, not where a player wrote the same word.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from vassal.replay import Replay
from vassal.secrets import HIDDEN, field_pattern, hide, is_id
from vassal.secrets import player_ids as ids_in

from .dice import Roll
from .findings import Finding, Measure, Place



def player_ids(replay: Replay) -> frozenset[str]:
    """Every player id the log's steps carry."""
    return ids_in(c for step in replay.steps for c in step.commands)


def redact_roll(roll: Roll, ids: Iterable[str]) -> Roll:
    """The roll with an id hidden where it stands as one (see ``vassal.secrets``)."""
    ids = frozenset(ids)
    pattern = field_pattern(ids)
    return replace(roll, player=HIDDEN if is_id(roll.player, ids) else roll.player,
                   purpose=hide(roll.purpose, pattern), text=hide(roll.text, pattern))


def redact(findings: Iterable[Finding], ids: Iterable[str]) -> list[Finding]:
    """The findings with ids hidden where they stand as ids: a whole player or piece field, or a
    field of command text that a damaged log put inside quoted text. A password that is also
    an ordinary word stays in the players' own words: hiding it there would point at it."""
    ids = frozenset(ids)
    pattern = field_pattern(ids)
    if pattern is None:
        return list(findings)

    def field(value: str) -> str:
        return HIDDEN if is_id(value, ids) else value

    def places(found: tuple[Place, ...]) -> tuple[Place, ...]:
        return tuple(Place(p.map and field(p.map), field(p.name), p.x, p.y) for p in found)

    def measures(found: tuple[Measure, ...]) -> tuple[Measure, ...]:
        return tuple(Measure(*places((m.start, m.end)), field(m.start_label), field(m.end_label), m.length)
                     for m in found)

    return [replace(f, message=hide(f.message, pattern), rule=hide(f.rule, pattern),
                    player=field(f.player) if f.player else f.player,
                    pieces=tuple(field(p) for p in f.pieces),
                    locations=places(f.locations), path=places(f.path), blocked=places(f.blocked),
                    measured=measures(f.measured))
            for f in findings]
