"""One readable line per replay step ("step 412 · Union · moved 17 IL from S3205 to S3306")."""

from __future__ import annotations

import re

from .replay import (Added, BoardsChanged, Changed, ChatLine, DiceRoll, Event, Moved, PlayerJoined,
                     PropertyChanged, Removed, Step, TurnChanged, UndoBegin, UndoEnd)
from .turns import change_words

SEP = " · "


def where(map_id: str | None, location: str) -> str:
    if map_id is None:
        return "off the map"
    return location or map_id


def describe(e: Event) -> str | None:
    """A short phrase for one event; None for events not worth a phrase on their own."""
    if isinstance(e, Moved):
        src = where(e.from_map, e.from_location)
        dst = where(e.to_map, e.to_location)
        if e.from_map != e.to_map and e.to_map is not None and e.from_map is not None:
            src, dst = f"{e.from_map} {src}", f"{e.to_map} {dst}"
        return f"moved {e.name} from {src} to {dst}"
    if isinstance(e, Added):
        return f"added {e.name} at {where(e.map, e.location)}"
    if isinstance(e, Removed):
        return f"removed {e.name} from {where(e.map, e.location)}"
    if isinstance(e, Changed):
        said = [c.description for c in e.changes if c.description]
        return f"changed {e.name}: " + "; ".join(said) if said else None
    if isinstance(e, DiceRoll):
        dice = ",".join(str(v) for v in e.values)
        total = f" = {e.total}" if e.total is not None and len(e.values) > 1 else ""
        return f"rolled {e.purpose}: {dice}{total}"
    if isinstance(e, ChatLine):
        return f"said “{e.text}”"
    if isinstance(e, TurnChanged):
        return f"turn: {change_words(e.before, e.after)}" if e.after else "turn tracker moved"
    if isinstance(e, BoardsChanged):
        return f"boards of {e.map}: " + ", ".join(b.board for b in e.boards)
    if isinstance(e, PlayerJoined):
        return f"{e.name} joined as {e.side}"
    if isinstance(e, (PropertyChanged, UndoBegin, UndoEnd)):
        return None
    return None


_TURN_REPORT = re.compile(r"Turn Updated from (?P<before>.+?) to (?P<after>.+)$")


def _tracker_report(e: Event, events: list[Event]) -> str | None:
    """Without the module's tracker, a turn change in the words of VASSAL's own report of it
    ("* * <Hood> Turn Updated from 2: Nov 24 Leader Transfer to 2: Nov 24 Attachment")."""
    if not isinstance(e, TurnChanged) or e.after:
        return None
    for chat in events:
        if isinstance(chat, ChatLine) and (m := _TURN_REPORT.search(chat.text)):
            return f"turn: {m['before']} -> {m['after']}"
    return None


def describe_step(step: Step) -> str:
    """The step's number, who acted, and what happened, in one line."""
    who = " / ".join(x for x in (step.player, step.side) if x) or "?"
    events = list(step.events)
    if step.is_undo:
        what = f"UNDO of step {step.undoes}" if step.undoes else "UNDO"
        inner = [d for e in events if not isinstance(e, ChatLine) and (d := describe(e))]
        if inner:
            what += " (" + "; ".join(inner) + ")"
    else:
        dice = [e for e in events if isinstance(e, DiceRoll)]
        # a dice report repeats the roll as chat: say the roll once
        chats_of_dice = {d.text for d in dice}
        phrases = [_tracker_report(e, events) or d for e in events
                   if not (isinstance(e, ChatLine) and (e.text in chats_of_dice or e.text.startswith("*")))
                   and (d := describe(e))]
        if not phrases:
            phrases = [d for e in events if isinstance(e, ChatLine) and (d := describe(e))]
        what = "; ".join(phrases) if phrases else "no visible change"
    return f"step {step.index}{SEP}{who}{SEP}{what}"

