"""What a unit adds to a combat table's column under the CWB Regimental Sub-Series (rulebook 002).

23.0e (L207): "use the current strengths of the units to calculate the odds. Each artillery unit
counts as one, regardless of size" — rules.xlsx Parameters ``odds.artillery-counts``: on a combat
table of kind ``odds`` each battery, on either side, counts that much.

26.3.2 (L227): "Any artillery fires against infantry (any formation) or dismounted cavalry at ranges
of greater than 10 hexes are halved" — the ``rss-fire-limits`` row ``artillery at infantry or
dismounted cavalry beyond N hexes`` (``halved``): on a table of kind ``points`` (the firing strength)
a battery farther than N hexes from the nearest target adds half its strength, when every target is
infantry or cavalry not marked mounted (a mixed target is read at face value: the lenient reading).

Each adjustment is said in the finding ("Bty 1 counts 1"). A game without those rows reads every
unit at face value, as before.
"""
from __future__ import annotations

import re
from typing import Any

from gamedata.combat import Combat
from gamedata.hexids import HexIds
from gamedata.model import Game
from gamedata.ruledata import parameter
from gamedata.systems import Symbol, symbol_for

from .combat_units import Sides, hexes_apart, strength

FIRE_LIMITS = "rss-fire-limits"


def _gun(u: Any) -> bool:
    return symbol_for(u.unit.type) is Symbol.ARTILLERY


def _long_range(game: Game) -> int | None:
    """The range beyond which artillery fire at infantry or dismounted cavalry is halved (26.3.2)."""
    table = next((t for t in game.tables if t.table_id == FIRE_LIMITS), None)
    row = next((r for r in table.rows if r.roll.casefold().startswith("artillery at infantry")), None) if table \
        else None
    found = re.search(r"beyond (\d+) hexes", row.roll) if row is not None and "halved" in row.result else None
    return int(found[1]) if found else None


def _soft(u: Any) -> bool:
    """Infantry (any formation) or dismounted cavalry."""
    kind = symbol_for(u.unit.type)
    return kind is Symbol.INFANTRY or (kind is Symbol.CAVALRY and u.status.get("mounted") != "yes")


def adjusted(game: Game | None, combat: Combat, found: Sides, hexids: HexIds
             ) -> tuple[list[float | None], list[float | None], str]:
    """The attackers' and defenders' strengths as the table's column counts them, and what was
    adjusted, in words (", Bty 1 counts 1"; "" when nothing was)."""
    attack = [strength(u) for u in found.attackers]
    defend = [strength(u) for u in found.defenders]
    said: list[str] = []
    counts = parameter(game, "odds.artillery-counts") if game is not None else None
    if combat.kind == "odds" and isinstance(counts, (int, float)):
        for units, values in ((found.attackers, attack), (found.defenders, defend)):
            for i, u in enumerate(units):
                if _gun(u) and values[i] != counts:
                    values[i] = float(counts)
                    said.append(f"{u.name} counts {counts:g}")
    reach = _long_range(game) if game is not None and combat.kind == "points" else None
    targets = [u.hex for u in found.defenders if u.hex is not None]
    if reach is not None and targets and all(_soft(u) for u in found.defenders):
        for i, u in enumerate(found.attackers):
            if _gun(u) and u.hex is not None and attack[i] is not None and \
                    min(hexes_apart(hexids, u.hex, t, reach + 1) for t in targets) > reach:
                attack[i] = attack[i] / 2  # type: ignore[operator]
                said.append(f"{u.name} halved beyond {reach} hexes")
    return attack, defend, "".join(f", {s}" for s in said)
