"""The facts a die-roll table asks about, at the step of a roll (`gamedata.conditions.Facts`).

From the game view at the roll (turn number, hour, night, date, scenario, phase,
side to move: `referee.view.GameView`, design.md "The game view"), from earlier
rolls of the chain (`History`: counts, sets, the weather a result set), from what the
players said at the roll (the case the chat names: "Sherman AM drawn" -> `division =
Sherman`), and from the roll's own units (named at the roll, or the table's units:
`unit.status(exhausted)`, `unit.side`, `enemy-distance` — hexes to the nearest enemy
combat unit; `target.adjacent`, `target.within-2-los` — the other side's combat units next to
the unit picked, or within two hexes of it with line of sight). Anything else, and everything when there is no view, is `UNKNOWN`: the
reading then says what it depends on instead of guessing.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamedata.conditions import UNKNOWN, Fact

from .board import NON_COMBAT
from .history import History

#: The farthest ``enemy-distance`` is counted (the tables ask about 5 and 10 hexes).
FAR = 12


def view_turn(view: Any) -> int | None:
    """The turn number of a game view, None without a view or a turn."""
    turn = getattr(view, "turn", None) if view is not None else None
    return getattr(turn, "id", None)


def view_day(view: Any) -> str | None:
    """The date of a game view's turn, None without one."""
    turn = getattr(view, "turn", None) if view is not None else None
    return getattr(turn, "date", None) or None


class RollFacts:
    """Facts at one roll: ``view`` is the game view at the roll's step (None when there is none),
    ``subject`` the unit ids the roll is for, ``graph`` the map's hexes (for distances)."""

    def __init__(self, history: History, view: Any = None, declared: Mapping[str, object] | None = None,
                 subject: Sequence[str] = (), graph: Any = None) -> None:
        self.history = history
        self.view = view
        self.declared = dict(declared or {})
        self.subject = tuple(subject)
        self.graph = graph

    def value(self, fact: Fact) -> object:
        if str(fact) in self.declared:
            return self.declared[str(fact)]
        earlier = self.history.value(fact, view_turn(self.view), view_day(self.view))
        if earlier is not None:
            return earlier
        if fact.name.startswith(("unit.", "target.")) or fact.name == "enemy-distance":
            return self._of_subject(fact)
        return self._from_view(fact)

    def _units(self) -> list[Any]:
        if self.view is None:
            return []
        return [u for u in (self.view.unit(uid) for uid in self.subject) if u is not None]

    def _of_subject(self, fact: Fact) -> object:
        units = self._units()
        if not units:
            return UNKNOWN
        if fact.name == "enemy-distance":
            return self._enemy_distance(units)
        if len(units) != 1:
            return UNKNOWN
        (unit,) = units
        if fact.name.startswith("target."):
            return self._opposing_near(fact.name, unit)
        if fact.name == "unit.side":
            return unit.side
        if fact.name == "unit.status" and len(fact.args) == 1:
            value = unit.status.get(fact.args[0])
            if value in (None, "unknown"):
                return UNKNOWN
            return value == "yes" if value in ("yes", "no") else value
        return UNKNOWN

    def _enemy_distance(self, units: list[Any]) -> object:
        """Hexes from the nearest of the units on the map to the nearest enemy combat unit
        (``FAR`` + 1 when none is that close)."""
        graph = self.graph
        centres = [u.hex for u in units if u.hex is not None]
        if graph is None or not centres or any(h not in graph for h in centres):
            return UNKNOWN
        sides = {u.side for u in units}
        enemy = {u.hex for u in self.view.units.values()
                 if u.hex is not None and u.side not in sides and u.unit.type not in NON_COMBAT}
        for n in range(FAR + 1):
            if graph.near(centres, n) & enemy:
                return n
        return FAR + 1

    def _opposing_near(self, name: str, target: Any) -> object:
        """How close the other side's combat units stand to the unit a roll picked (a leader for
        I am Hit!): ``target.adjacent``, one next to it; ``target.within-2-los``, one within two
        hexes that sees it (`gamedata.los`; UNKNOWN while the terrain between is not entered)."""
        graph = self.graph
        if graph is None or target.hex is None or target.hex not in graph:
            return UNKNOWN
        others = {u.hex for u in self.view.units.values()
                  if u.hex is not None and u.side != target.side and u.unit.type not in NON_COMBAT}
        reach = 1 if name == "target.adjacent" else 2 if name == "target.within-2-los" else None
        if reach is None:
            return UNKNOWN
        close = sorted(others & (graph.near([target.hex], reach) - {target.hex}))
        if name == "target.adjacent":
            return bool(close)
        seen = [graph.sees(h, target.hex) for h in close]
        return True if True in seen else UNKNOWN if None in seen else False

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
