"""Turn tracker states in predefined setups (``TURN<trackerId>\\t<state>``, §5.5).

A setup that starts on a later turn carries the tracker's state, and VASSAL
restores it without checking it against the module's levels:

* the state is ``currentLevel|level1|level2…`` with one ``;`` field list per
  top-level level; a ListTurnLevel's is ``current;currentSubLevel;first;flags;sub…``
  and a CounterTurnLevel's ``current;currentSubLevel;loop;loopLimit;sub…``;
* a ListTurnLevel whose ``current`` is not an index of its list shows an empty
  turn, and its "Set turn" dialog indexes the list with it and fails;
* the active flags are read one per item and a missing flag is read as
  ``false``: those items are switched off, so advancing the turn skips them;
* ``currentSubLevel`` picks the sub-level that advances first; outside the
  sub-levels, advancing the turn fails;
* a CounterTurnLevel takes ``loop`` and ``loopLimit`` from the save, replacing
  the module's own settings for the whole game;
* a tracker id the module does not have (``TurnTracker0``, ``TurnTracker1``… in
  build order) matches no tracker, so the state is dropped.
"""

from __future__ import annotations

from collections.abc import Iterator

from vassal.commands import Command, TurnState
from vassal.module import Module, TurnLevelInfo
from vassal.sequence import Decoder, decode

from .issues import Issue, error, warning
from .structure import java_int


def check_turn_states(commands: tuple[Command, ...], module: Module, where: str) -> Iterator[Issue]:
    """Issues of every TURN command of one setup, against the module's trackers."""
    trackers = {t.ident: t for t in module.turn_trackers}
    for command in commands:
        if not isinstance(command, TurnState):
            continue
        tracker = trackers.get(command.tracker)
        if tracker is None:
            yield warning(where, f"sets turn tracker {command.tracker!r}, which the module does not have "
                                 f"(it has {', '.join(sorted(trackers)) or 'none'}): VASSAL drops that state")
            continue
        states = decode(command.state, "|")[1:]
        for level, state in zip(tracker.levels, states):
            yield from _check_level(level, state, f"{where}: turn tracker {tracker.name!r}")


def _check_level(level: TurnLevelInfo, state: str, where: str) -> Iterator[Issue]:
    here = f"{where} level {level.name!r}"
    fields = Decoder(state, ";")
    current_text = fields.token("")
    sub_index = fields.int(0)
    if level.kind == "list":
        yield from _check_list(level, current_text, fields, here)
    else:
        yield from _check_counter(level, fields, here)
    if level.sublevels and not 0 <= sub_index < len(level.sublevels):
        yield error(here, f"currentSubLevel {sub_index} is not one of its {len(level.sublevels)} "
                          "sub-levels: advancing the turn fails in VASSAL")
    for sublevel in level.sublevels:
        yield from _check_level(sublevel, fields.token(""), here)


def _check_list(level: TurnLevelInfo, current_text: str, fields: Decoder, here: str) -> Iterator[Issue]:
    size = len(level.items)
    current = java_int(current_text)
    if current is None or not 0 <= current < size:
        yield error(here, f"current item {current_text!r} is not an index of its {size} items: VASSAL "
                          "shows an empty turn and its Set dialog fails")
    first_text = fields.token("")
    first = java_int(first_text) if first_text else 0
    if first is None or not 0 <= first < size:
        yield warning(here, f"first item {first_text!r} is not an index of its {size} items: after a "
                            "reset the level shows an empty turn")
    flags = decode(fields.token(""), ",")
    if len(flags) < size:
        yield warning(here, f"{len(flags)} active flags for {size} items: VASSAL reads the missing ones "
                            f"as false, so items {', '.join(level.items[len(flags):][:3])}"
                            f"{'…' if size - len(flags) > 3 else ''} are skipped when the turn advances")


def _check_counter(level: TurnLevelInfo, fields: Decoder, here: str) -> Iterator[Issue]:
    loops = fields.token("false") == "true"
    limit = fields.int(-1)
    if loops != (level.loop_limit is not None) or (loops and limit != level.loop_limit):
        module = "no loop" if level.loop_limit is None else f"a loop after {level.loop_limit}"
        saved = f"a loop after {limit}" if loops else "no loop"
        yield warning(here, f"the state says {saved}, the module {module}: VASSAL keeps the save's "
                            "setting for the whole game")
