"""Who last stood in each hex, across the logs of a chain.

VP terms such as "occupied or last passed through" (Into the Woods S2, S3, S6) need the
last unit of a kind that was in a hex, however many logs ago. ``passage`` folds a log's
views into the ledger the chain's earlier logs left, so the last log's tally sees the
whole game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gamedata.hexids import Hex

from .board import UnitView
from .views import GameView

Passed = Mapping[tuple[Hex, str], tuple[int, UnitView]]
"""(hex, unit type) -> (order of the sighting across the chain, the unit as it stood there)."""


def passage(views: Iterable[GameView], before: Passed | None = None) -> dict[tuple[Hex, str], tuple[int, UnitView]]:
    """The ledger after ``views`` (one log's views in step order), starting from ``before``."""
    ledger = dict(before or {})
    order = max((n for n, _ in ledger.values()), default=0)
    for view in views:
        order += 1
        for _, unit in sorted(view.units.items()):
            if unit.hex is not None:
                ledger[(unit.hex, unit.unit.type)] = (order, unit)
    return ledger


def last_in(ledger: Passed, h: Hex, types: tuple[str, ...] = ()) -> UnitView | None:
    """The last unit (of ``types``, any when empty) seen in ``h``."""
    found = [entry for (at, kind), entry in ledger.items() if at == h and (not types or kind in types)]
    return max(found, key=lambda e: e[0])[1] if found else None
