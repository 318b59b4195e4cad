"""The facts a die-roll table asks about, at the step of a roll (`gamedata.conditions.Facts`).

From the game view at the roll (turn number, hour, night, date, scenario, phase,
side to move: `referee.view.GameView`, design.md "The game view"), from earlier
rolls (`History`), and from what the players declared. Anything else, and
everything when there is no view, is `UNKNOWN`: the reading then says what it
depends on instead of guessing.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamedata.conditions import UNKNOWN, Fact

from .history import History


def view_turn(view: Any) -> int | None:
    """The turn number of a game view, None without a view or a turn."""
    turn = getattr(view, "turn", None) if view is not None else None
    return getattr(turn, "id", None)


class RollFacts:
    """Facts at one roll: ``view`` is the game view at the roll's step (None when there is none)."""

    def __init__(self, history: History, view: Any = None, declared: Mapping[str, object] | None = None) -> None:
        self.history = history
        self.view = view
        self.declared = dict(declared or {})

    def value(self, fact: Fact) -> object:
        if str(fact) in self.declared:
            return self.declared[str(fact)]
        earlier = self.history.value(fact, view_turn(self.view))
        if earlier is not None:
            return earlier
        return self._from_view(fact)

    def _from_view(self, fact: Fact) -> object:
        view = self.view
        if view is None or fact.args:
            return UNKNOWN
        turn = getattr(view, "turn", None)
        found: object = None
        if fact.name in ("turn", "hour", "night", "date") and turn is not None:
            found = {"turn": turn.id, "hour": turn.hour or None, "night": turn.night, "date": turn.date or None}[fact.name]
        elif fact.name == "scenario":
            scenario = getattr(view, "scenario", None)
            found = getattr(scenario, "scenario_id", scenario)
        elif fact.name == "phase":
            found = getattr(view, "phase", None)
        elif fact.name == "active":
            found = getattr(view, "active", None)
        return UNKNOWN if found is None else found
