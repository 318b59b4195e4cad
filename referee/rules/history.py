"""What earlier table rolls of the game gave, as facts a table's conditions may ask for.

``rolls(random-events, Lyon's Kentucky Raid)`` counts earlier rolls on a table
that gave a result; ``sets-before(union-reinforcement)`` sums the sets earlier
turns' rolls made available. A roll whose result was not determined makes every
count over its table unknown: the referee never counts a result it could not read.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from gamedata.conditions import UNKNOWN, Fact
from gamedata.rolls import Reading


@dataclass
class History:
    """The readings so far, in log order, with the turn each was rolled in (None = not known)."""

    readings: list[tuple[Reading, int | None]] = field(default_factory=list)

    def add(self, reading: Reading, turn: int | None) -> None:
        self.readings.append((reading, turn))

    def of(self, table_id: str) -> list[tuple[Reading, int | None]]:
        return [(r, t) for r, t in self.readings if r.table.table_id == table_id]

    def value(self, fact: Fact, turn: int | None) -> object:
        """The fact if it is about earlier rolls, else None (not a history fact)."""
        if fact.name == "rolls" and len(fact.args) == 2:
            earlier = self.of(fact.args[0])
            if any(not r.determined for r, _ in earlier):
                return UNKNOWN
            wanted = fact.args[1].casefold()
            return sum(1 for r, _ in earlier if r.branch.result.casefold() == wanted)
        if fact.name == "sets-before" and len(fact.args) == 1:
            earlier = self.of(fact.args[0])
            if turn is None or any(t is None or not r.determined for r, t in earlier):
                return UNKNOWN
            return sum(int(r.branch.row.effect.get("sets") or 0) for r, t in earlier
                       if t < turn and r.branch.row is not None)
        return None
