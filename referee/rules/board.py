"""What the rule checks read off two consecutive game views, and how they say what they
could not check (one not-checked finding per check and log, naming the cells to fill)."""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from gamedata.cellref import CellRef
from gamedata.paths import HexGraph

from ..findings import Finding, Severity
from ..view import GameView, UnitView

#: Unit types that are not combat units: they neither block nor count as "an enemy unit".
NON_COMBAT = frozenset({"Ldr", "HQ", "Sup", "Wag", "Blockhouse"})


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

    def add(self, reason: str, cells: Iterable[CellRef] = ()) -> None:
        self.reasons[reason] = self.reasons.get(reason, 0) + 1
        for c in cells:
            self.cells.setdefault(c)

    def findings(self, limit: int = 6) -> Iterator[Finding]:
        if not self.reasons:
            return
        said = "; ".join(f"{r} ({n}x)" if n > 1 else r for r, n in self.reasons.items())
        cells = list(self.cells)
        fill = ""
        if cells:
            more = f" and {len(cells) - limit} more" if len(cells) > limit else ""
            fill = f"; fill {', '.join(map(str, cells[:limit]))}{more}"
        yield Finding(self.check, Severity.NOT_CHECKED, f"not checked: {said}{fill}", self.rule, self.log,
                      cells=tuple(cells))
