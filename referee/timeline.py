"""A replayed log reduced to what the integrity checks look at, step by step.

Several checks need the same facts about each step (who acted, whether it is an
undo, which rolls it made, which pieces it touched and where). They are read
from the replay once, here, so every check stays a small pure function and the
whole check costs little more than the replay itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from vassal.replay import Added, Changed, ChatLine, DiceRoll, Moved, Removed, Step

from .dice import Die, Roll, read_chat_roll, roll_of, sides_from_name
from .findings import Place


@dataclass(frozen=True)
class StepView:
    """One replay step as the checks see it.

    ``texts`` are the chat and report lines of the step with VASSAL's HTML
    escaping undone; ``pieces`` and ``places`` are the pieces the step moved,
    added, removed or changed and where they were or went.
    """

    index: int
    player: str | None
    is_undo: bool
    undoes: int | None = None
    rolls: tuple[Roll, ...] = ()
    texts: tuple[str, ...] = ()
    pieces: tuple[str, ...] = ()
    places: tuple[Place, ...] = ()

    def describe(self) -> str:
        """A short description for messages: its first report line, else what it touched."""
        for text in self.texts:
            if text:
                return text
        if self.pieces:
            return "changes to " + ", ".join(self.pieces)
        return "an action with no visible effect"


def _unique(items: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def _place(map_id: str | None, location: str, x: int, y: int) -> Place | None:
    return Place(map_id, location or f"{x},{y}", x, y) if map_id else None


def step_view(step: Step, sides: Mapping[str, Die | int]) -> StepView:
    """Reduce one replay step; ``sides`` gives the die (its size, or the button's dice) per dice
    purpose when known."""
    texts: list[str] = []
    pieces: list[str] = []
    places: list[Place] = []
    rolls: list[Roll] = []
    undo = step.is_undo
    for e in step.events:
        if isinstance(e, ChatLine):
            texts.append(e.text)
        elif isinstance(e, DiceRoll) and not undo and e.values:
            rolls.append(roll_of(step.index, e.player or step.player, e.purpose, e.values,
                                 e.sides or sides.get(e.purpose) or sides_from_name(e.purpose), e.text))
        elif isinstance(e, Moved):
            pieces.append(e.name)
            places.extend(p for p in (_place(e.from_map, e.from_location, e.from_x, e.from_y),
                                      _place(e.to_map, e.to_location, e.to_x, e.to_y)) if p)
        elif isinstance(e, (Added, Removed, Changed)):
            pieces.append(e.name)
    if not undo and not rolls:  # a dice button's own roll is not counted again from its report
        for text in texts:
            chat = read_chat_roll(text)
            if chat:
                rolls.append(roll_of(step.index, chat.player or step.player, chat.purpose, chat.dice,
                                     chat.sides or sides.get(chat.purpose), text))
    return StepView(step.index, step.player, undo, step.undoes, tuple(rolls), tuple(texts), _unique(pieces),
                    tuple(dict.fromkeys(places)))
