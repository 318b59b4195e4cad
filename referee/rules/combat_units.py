"""What the combat checks read of the units in a combat: their strengths (the counter, else
the order of battle) and the facts a combat table's modifiers ask about them."""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from gamedata.conditions import UNKNOWN, MappingFacts
from gamedata.hexids import Hex, HexIds

from ..findings import Measure, Place


@dataclass(frozen=True)
class Sides:
    attackers: tuple[Any, ...]     # UnitViews
    defenders: tuple[Any, ...]
    how: str                       # "marked" or the inference, in words


def _number(text: object) -> float | None:
    m = re.match(r"\s*(\d+(?:\.\d+)?)", str(text))
    return float(m[1]) if m and text is not UNKNOWN else None


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


def hexes_apart(hexids: HexIds, a: Hex, b: Hex, limit: int = 12) -> int:
    """Hexes between two hexes (a retreat is short: searched out to ``limit``, farther = limit)."""
    found = _within(hexids, a, b, limit)
    return limit if found is None else found


def _within(hexids: HexIds, a: Hex, b: Hex, limit: int) -> int | None:
    """Hexes between two hexes, None when farther than ``limit``."""
    seen, ring, steps = {a}, [a], 0
    while ring and b not in seen and steps < limit:
        steps += 1
        ring = [n for h in ring for n in hexids.neighbours(h) if n not in seen]
        seen.update(ring)
    return steps if b in seen else None


MEASURED = 40       # a combat's ends farther apart than this are said to be "more than 40 hexes" apart


Stood = tuple[str, str, "Hex | None"]     # a unit of a combat: its name, its map, its hex at the roll


def opposed(attackers: Iterable[Stood], defenders: Iterable[Stood], hexids: HexIds) -> tuple[Measure, ...]:
    """Each attacker measured to the nearest defender, as they stood at the roll: what a combat
    finding's crop shows at both ends (who fought whom, and how far apart)."""
    targets = [(name, map_, h) for name, map_, h in defenders if h is not None]
    out = []
    for name, map_, h in attackers:
        if h is None or not targets:
            continue
        apart, (other, other_map, there) = min(((_within(hexids, h, t[2], MEASURED), t) for t in targets),
                                               key=lambda pair: MEASURED + 1 if pair[0] is None else pair[0])
        said = f"more than {MEASURED} hexes" if apart is None else f"{apart} hex{'' if apart == 1 else 'es'}"
        out.append(Measure(Place(map_, hexids.format(h)), Place(other_map, hexids.format(there)), name, other, said))
    return tuple(dict.fromkeys(out))
