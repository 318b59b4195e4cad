"""What earlier table rolls of the game gave, as facts a table's conditions may ask for.

``rolls(random-events, Lyon's Kentucky Raid)`` counts earlier rolls on a table that gave a
result; ``sets-before(union-reinforcement)`` sums the sets earlier turns' rolls made
available; ``weather`` is the weather a result set (``weather=winter; lasts=7``) while it
lasts, ``last-weather`` the latest weather any result set (the previous day's, for a table
read by the previous day's weather). The history runs over the whole chain of logs (the
tables check carries it, `consequences.Past`). A roll whose result was not determined makes
every count over its table unknown: the referee never counts a result it could not read.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from gamedata.conditions import UNKNOWN, Fact
from gamedata.rolls import Reading

from .consequences import Past

#: ``weather`` once a result's weather no longer holds (winter's seven turns are over).
NO_WEATHER = "none"


def past_of(reading: Reading, turn: int | None, day: str | None) -> Past:
    """A reading as the history keeps it; an undetermined one keeps every effect it may have had."""
    if reading.determined:
        row = reading.branch.row
        return Past(reading.table.table_id, reading.branch.result, row.effect.items if row else (), turn, day)
    effects = tuple(dict.fromkeys(i for b in reading.branches if b.row is not None for i in b.row.effect.items))
    return Past(reading.table.table_id, None, effects, turn, day)


@dataclass
class History:
    """The readings so far, in chain order, with the turn and day each was rolled in (None = not known)."""

    readings: list[Past] = field(default_factory=list)

    def add(self, reading: Reading, turn: int | None, day: str | None = None) -> None:
        self.readings.append(past_of(reading, turn, day))

    def of(self, table_id: str) -> list[Past]:
        return [p for p in self.readings if p.table_id == table_id]

    def value(self, fact: Fact, turn: int | None, day: str | None = None) -> object:
        """The fact if it is about earlier rolls, else None (not a history fact)."""
        if fact.name == "rolls" and len(fact.args) == 2:
            earlier = self.of(fact.args[0])
            if any(p.result is None for p in earlier):
                return UNKNOWN
            wanted = fact.args[1].casefold()
            return sum(1 for p in earlier if p.result.casefold() == wanted)  # type: ignore[union-attr]
        if fact.name == "sets-before" and len(fact.args) == 1:
            earlier = self.of(fact.args[0])
            if turn is None or any(p.turn is None or p.result is None for p in earlier):
                return UNKNOWN
            return sum(int(dict(p.effect).get("sets") or 0) for p in earlier if p.turn < turn)  # type: ignore[operator]
        if fact.name in ("weather", "last-weather") and not fact.args:
            return self.weather(turn, day, current=fact.name == "weather")
        return None

    def weather(self, turn: int | None, day: str | None, current: bool = True) -> object:
        """The weather the latest weather result set: while it lasts (``current``), else as set.
        None when no result of the chain set any (the fact then comes from elsewhere)."""
        changes = 0
        for p in reversed(self.readings):
            effect = dict(p.effect)
            if "weather-end" in effect:
                changes += 1
            if "weather" not in effect:
                continue
            if p.result is None:
                return UNKNOWN
            if not current:
                return effect["weather"]
            return self._lasting(p, effect, turn, day, changes)
        return None

    @staticmethod
    def _lasting(p: Past, effect: dict[str, str], turn: int | None, day: str | None, changes: int) -> object:
        lasts = effect.get("lasts", "")
        if lasts == "day":
            if day is None or p.day is None:
                return UNKNOWN
            return effect["weather"] if day == p.day else NO_WEATHER
        if turn is None or p.turn is None:
            return UNKNOWN
        length = int(lasts) if lasts.isdigit() else 1
        end = p.turn + length - 1
        if turn < p.turn:
            return UNKNOWN
        if changes and turn >= end - changes:  # an End Change moved the last turn one box, either way
            return UNKNOWN
        return effect["weather"] if turn <= end else NO_WEATHER
