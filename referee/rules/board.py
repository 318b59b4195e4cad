"""What the rule checks read off two consecutive game views, and how they say what they
could not check (one not-checked finding per check and log, naming the cells to fill)."""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from gamedata.cellref import CellRef
from gamedata.model import Game
from gamedata.paths import HexGraph

from ..findings import Finding, Place, Severity
from ..view import GameView, UnitView

#: Unit types that are not combat units: they neither block nor count as "an enemy unit".
NON_COMBAT = frozenset({"Ldr", "HQ", "Sup", "Wag", "Blockhouse"})


def unit_place(u: UnitView) -> tuple[Place, ...]:
    """Where a finding rings a unit: its hex, or nothing off the map."""
    return (Place(u.map or "", u.location),) if u.hex is not None else ()


def scenario_of(view: GameView) -> str | None:
    return getattr(getattr(view, "scenario", None), "scenario_id", None)


def first_day(game: Game, view: GameView) -> bool | None:
    """Whether the view's turn is on the scenario's first day (None: not known)."""
    sid, turn = scenario_of(view), getattr(view, "turn", None)
    scenario = next((s for s in game.scenarios if s.scenario_id == sid), None)
    if scenario is None or turn is None or scenario.start_turn is None:
        return None
    start = next((t for t in game.turns if t.id == scenario.start_turn), None)
    return None if start is None else start.date == turn.date


def moved(before: GameView, after: GameView) -> Iterator[tuple[UnitView, UnitView]]:
    """(unit before, unit after) for each unit that changed hex on the map between two views."""
    for uid, u in after.units.items():
        was = before.unit(uid)
        if was is u:
            continue        # the view keeps the unit a step did not touch: nothing to compare
        if was is not None and was.hex is not None and u.hex is not None and was.hex != u.hex:
            yield was, u


def touched(before: GameView, after: GameView) -> list[tuple[UnitView | None, UnitView]]:
    """(unit before or None, unit after) for each unit the step re-read (the view keeps the
    others as the same objects)."""
    return [(before.unit(uid), u) for uid, u in after.units.items()
            if before.unit(uid) is not u]


def enemies_next_to(view: GameView, unit: UnitView, graph: HexGraph) -> list[UnitView]:
    """Enemy combat units in the hexes next to ``unit`` (and in its own, which cannot happen)."""
    h = unit.hex
    if h is None or h not in graph:
        return []
    near = (h, *graph.neighbours(h))
    return [o for n in near for o in view.at(n)
            if o.side != unit.side and o.unit.type not in NON_COMBAT]


def named(text: str, units: list[UnitView]) -> list[UnitView]:
    """The units a chat line names (whole words; a longer name wins over one inside it)."""
    hits = [u for u in units if re.search(rf"(?<!\w){re.escape(u.unit.name)}(?!\w)", text, re.IGNORECASE)]
    return [u for u in hits if not any(o is not u and u.unit.name in o.unit.name for o in hits)]


@dataclass
class Unchecked:
    """What a check could not decide in one log, said once at the end: reasons with counts,
    and the cells to fill (the first few, then how many more)."""

    check: str
    rule: str
    log: str
    reasons: dict[str, int] = field(default_factory=dict)
    cells: dict[CellRef, None] = field(default_factory=dict)
    near: dict[CellRef, None] = field(default_factory=dict)

    def add(self, reason: str, cells: Iterable[CellRef] = ()) -> None:
        self.reasons[reason] = self.reasons.get(reason, 0) + 1
        for c in cells:
            self.cells.setdefault(c)

    def prefer(self, cells: Iterable[CellRef]) -> None:
        """Cells a move of the log could not be judged without (already added): named first,
        nearest the dispute, before those a general assessment met."""
        for c in cells:
            self.near.setdefault(c)

    def findings(self, limit: int = 6) -> Iterator[Finding]:
        if not self.reasons:
            return
        said = "; ".join(f"{r} ({n}x)" if n > 1 else r for r, n in self.reasons.items())
        cells = [*self.near, *(c for c in self.cells if c not in self.near)]
        fill = ""
        if cells:
            more = f" and {len(cells) - limit} more" if len(cells) > limit else ""
            fill = f"; fill {', '.join(map(str, cells[:limit]))}{more}"
        yield Finding(self.check, Severity.NOT_CHECKED, f"not checked: {said}{fill}", self.rule, self.log,
                      cells=tuple(cells))
