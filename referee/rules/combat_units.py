"""What the combat checks read of the units in a combat: their strengths (the counter, else
the order of battle) and the facts a combat table's modifiers ask about them."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from gamedata.conditions import UNKNOWN, MappingFacts
from gamedata.hexids import HexIds


@dataclass(frozen=True)
class Sides:
    attackers: tuple[Any, ...]     # UnitViews
    defenders: tuple[Any, ...]
    how: str                       # "marked" or the inference, in words


def _number(text: object) -> float | None:
    m = re.match(r"\s*(\d+(?:\.\d+)?)", str(text))
    return float(m[1]) if m and text is not UNKNOWN else None


def distance(hexids: HexIds, a: Any, b: Any, limit: int = 12) -> int:
    """Hexes between two hexes (searched out to ``limit``; farther = limit)."""
    seen, ring, steps = {a}, [a], 0
    while ring and b not in seen and steps < limit:
        steps += 1
        ring = [n for h in ring for n in hexids.neighbours(h) if n not in seen]
        seen.update(ring)
    return steps


def strength(unit: Any) -> float | None:
    """A unit's strength as its counter shows it, else as the order of battle prints it."""
    return _number(unit.strength) if _number(unit.strength) is not None else _number(unit.unit.strength)


def facts(game: Any, s: Sides) -> MappingFacts:
    """The facts a combat table's modifiers read: each side's statuses, the defender's terrain."""
    found: dict[str, object] = {}
    terrain = {(t.map, t.hex): t.terrain.casefold() for t in game.terrain_hexes}
    for who, units in (("attacker", s.attackers), ("defender", s.defenders)):
        for u in units:
            for code, value in u.status.items():
                if value in ("yes", "no"):
                    key = f"{who}.status({code})"
                    found[key] = bool(found.get(key)) or value == "yes"
    hexids = HexIds(game.maps)
    if s.defenders and s.defenders[0].hex is not None:
        h = s.defenders[0].hex
        here = terrain.get((h.map, hexids.format(h)))
        if here is not None:
            for t in {t.terrain.casefold() for t in game.terrain_hexes}:
                found[f"defender.terrain({t})"] = here == t
    return MappingFacts(found)
