"""What a game's data lack for a playable module, said before the module is presented.

Some rulebooks hold no map, counters or setup (classic Shiloh prints them on the map
and counters; the CWB series rules are system rules only). Such a game still builds,
so its charts and tables can be used, but a 1-hex board with no counters must never be
presented as a finished module: each gap is named with the cells or keys to fill.
"""
from __future__ import annotations

from gamedata.model import Game


def build_gaps(game: Game) -> list[str]:
    """One sentence per thing missing for play, naming where to enter it; empty when complete."""
    gaps = []
    mine = "player/" if game.order_of_battle == "player" else ""    # where the player gives the order of battle
    for m in game.maps:
        if m.scan is None and m.columns[0] == m.columns[1] and m.rows[0] == m.rows[1]:
            gaps.append(f"map '{m.name}' has a single hex (columns {m.columns[0]}-{m.columns[1]}, rows "
                        f"{m.rows[0]}-{m.rows[1]}): the game data give no map extent, so its board is a "
                        f"placeholder; enter the map's columns and rows in game.toml [[maps]], or a scanned "
                        f"map in [maps.scan]")
    if not game.units:
        gaps.append("oob.xlsx has no units: the module has no counters; enter the order of battle in "
                    f"{mine}oob.xlsx, sheet Units")
    if not game.scenarios:
        gaps.append("scenarios.xlsx has no scenarios: the module has no predefined setup for File > New Game; "
                    "enter them in scenarios.xlsx, sheet Scenarios")
    for s in game.scenarios:
        if not s.setup and not s.reinforcements:
            gaps.append(f"scenario '{s.scenario_id}' sets up no unit and brings in none: its predefined "
                        f"setup is an empty board; enter it in {mine}scenarios.xlsx, sheets '{s.scenario_id} Setup' "
                        f"and '{s.scenario_id} Reinf'")
    return gaps
