"""What a turn tracker shows, read from its saved state (``TURN<id>\\t<state>``, §5.5).

The state is ``currentLevel|level1|level2…`` with one ``;`` field list per top-level
level: a ListTurnLevel's is ``current;currentSubLevel;first;flags;sub…`` (``current``
indexes its list), a CounterTurnLevel's ``current;currentSubLevel;loop;loopLimit;sub…``
(``current`` is the number shown). The tracker shows the current top level, then the
current sub-level of each level down (``$level1$ $level2$ …``). A tracker that was
never set shows each level's start: the first item, or the counter's start value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .sequence import Decoder

if TYPE_CHECKING:  # pragma: no cover - a log read without its module imports no module reader
    from .module import TurnLevelInfo, TurnTrackerInfo


@dataclass(frozen=True)
class LevelValue:
    """One level as shown: ``index`` is the list item's index (a counter's value for a
    counter level); ``text`` what VASSAL shows for it ("" for an index past the list)."""

    level: TurnLevelInfo
    index: int
    text: str


def tracker_values(tracker: TurnTrackerInfo, state: str | None) -> tuple[LevelValue, ...]:
    """The levels the tracker shows in ``state`` (None: never set, VASSAL's start), outermost first."""
    if not tracker.levels:
        return ()
    if state is None:
        return _start(tracker.levels[0])
    fields = Decoder(state, "|")
    top = fields.int(0)
    states = [fields.token(None) for _ in tracker.levels]  # type: ignore[arg-type]
    if not 0 <= top < len(tracker.levels):
        top = 0
    return _read(tracker.levels[top], states[top])


def _read(level: TurnLevelInfo, state: str | None) -> tuple[LevelValue, ...]:
    if state is None:
        return _start(level)
    fields = Decoder(state, ";")
    current = fields.int(level.start if level.kind == "counter" else 0)
    sub = fields.int(0)
    fields.token("")   # list: first item; counter: loop
    fields.token("")   # list: active flags; counter: loop limit
    sub_states = [fields.token("") for _ in level.sublevels]
    here = _value(level, current)
    if not level.sublevels:
        return (here,)
    if not 0 <= sub < len(level.sublevels):
        return (here,)
    return (here, *_read(level.sublevels[sub], sub_states[sub]))


def _start(level: TurnLevelInfo) -> tuple[LevelValue, ...]:
    here = _value(level, level.start if level.kind == "counter" else 0)
    return (here, *_start(level.sublevels[0])) if level.sublevels else (here,)


def _value(level: TurnLevelInfo, current: int) -> LevelValue:
    if level.kind == "counter":
        return LevelValue(level, current, str(current))
    text = level.items[current] if 0 <= current < len(level.items) else ""
    return LevelValue(level, current, text)



def shown(values: tuple[LevelValue, ...]) -> tuple[str, ...]:
    """Each level as a player reads it: a list item ``18: 11 AM, 1862-04-06`` of level ``Turn``
    reads ``Turn 18, 11 AM, 1862-04-06``; a bare number or a counter ``Turn 5``; any other item
    as written (``Division Orders``)."""
    words = []
    for v in values:
        head, sep, rest = v.text.partition(":")
        if v.level.name and (v.level.kind == "counter" or v.text.strip().isdigit()):
            words.append(f"{v.level.name} {v.text.strip()}")
        elif v.level.name and sep and head.strip().isdigit():
            words.append(f"{v.level.name} {head.strip()}, {rest.strip()}" if rest.strip() else
                         f"{v.level.name} {head.strip()}")
        else:
            words.append(v.text)
    return tuple(words)


def change_words(before: tuple[str, ...], after: tuple[str, ...]) -> str:
    """A tracker moving on, in words: ``Turn 18, 11 AM: Determine Chain of Command -> Activation
    Efficiency Determination`` (the levels that stay said once), ``Turn 18, 11 AM: Replacement/Recovery
    -> Turn 19, 12 PM: Determine Chain of Command`` when the turn changes."""
    same = 0
    while same < min(len(before), len(after)) - 1 and before[same] == after[same]:
        same += 1
    head = ": ".join(after[:same])
    change = f"{': '.join(before[same:]) or '(start)'} -> {': '.join(after[same:])}"
    return f"{head}: {change}" if head else change
