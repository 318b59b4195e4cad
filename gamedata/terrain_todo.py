"""What a user must still fill in of a game's terrain and chart, as the README section says it.

The section is generated from the data, so it names exactly the cells the imported workbooks
leave empty (the tests compare each game's README with it; `python tools/terrain_to_fill.py`
rewrites the sections after an import).
"""
from __future__ import annotations

from itertools import groupby

from gamedata.hexids import HexIds
from gamedata.model import Game, MapDef

HEADING = "## Map terrain: what you must fill in"


def _spans(numbers: list[int]) -> str:
    out: list[str] = []
    for _, run in groupby(enumerate(numbers), key=lambda p: p[1] - p[0]):
        block = [n for _, n in run]
        out.append(str(block[0]) if len(block) == 1 else f"{block[0]}-{block[-1]}")
    return ", ".join(out)


def _hex_count(hexids: HexIds, m: MapDef) -> int:
    return sum(hexids.row_range(m.id, c)[1] - hexids.row_range(m.id, c)[0] + 1
               for c in range(m.columns[0], m.columns[1] + 1))


def _reviewed(game: Game, m: MapDef, hexids: HexIds) -> bool:
    """Every hex of the map has a reviewed row, with its terrain and its sides complete (a digitized
    map, reviewed): nothing of it is left to fill."""
    rows = [r for r in game.terrain_hexes if r.map == m.id]
    return len({r.hex for r in rows}) == _hex_count(hexids, m) and \
        all(r.reviewed and r.sides_complete and r.terrain for r in rows)


def to_fill(game: Game) -> str:
    """The README section: every terrain and chart cell the rulebook leaves to the user."""
    hexids = HexIds(game.maps)
    lines = [HEADING, "",
             "The rulebook has no map. What it says about the terrain is already in `terrain.xlsx` (each row with "
             "its rulebook line) and `effects.xlsx` (the chart cells it prints). The cells below come from your "
             "own map and the series' Terrain Effects Chart: give them in the player's layer, "
             "`player/terrain.xlsx` and `player/effects.xlsx`, each row with the key columns of the row it fills "
             "(`adjutant to-fill` writes those rows for you), where `adjutant import-tables` never writes. Until a "
             "cell is filled, a check that needs it is reported as not checked, naming the cell.",
             "", "**terrain.xlsx**", ""]
    entered = {(r.map, r.hex) for r in game.terrain_hexes}
    complete = {m.id for m in game.maps if _reviewed(game, m, hexids)}
    for m in game.maps:
        count = _hex_count(hexids, m)
        if m.id in complete:
            lines.append(f"- `Hexes`, map `{m.id}` ({count} hexes): every hex and its sides entered and reviewed "
                         "(the player's layer).")
            continue
        have = sorted(h for mp, h in entered if mp == m.id)
        lines.append(f"- `Hexes`, map `{m.id}` ({count} hexes, columns {m.columns[0]}-{m.columns[1]}, rows "
                     f"{m.rows[0]}-{m.rows[1]}): a row per hex with `terrain`, `elevation` and `sides_complete`"
                     + (f"; the rulebook rows ({', '.join(have)}) need their elevation and any other terrain" if have
                        else "") + ".")
    if len(complete) < len(game.maps):
        lines.append("- `Hexsides`: a row per hexside with features (the rulebook states "
                     f"{len(game.terrain_hexsides) or 'none'}" + (" of them" if game.terrain_hexsides else "")
                     + "); `adjutant digitize` drafts `Hexes` and `Hexsides` from a calibrated scan.")
    for s in game.terrain_specials:
        if not s.hex and s.origin is not None:
            lines.append(f"- `Specials` row {s.origin.row}: the `hex` of the {s.kind} {s.name!r}"
                         + (f" ({s.side})" if s.side else "") + ".")
    if not any(m.elevation for m in game.maps) and len(complete) < len(game.maps):
        lines.append("- `game.toml` `maps.elevation`: the lowest and highest elevation level, for validate to check.")
    lines += ["", "**effects.xlsx**", ""]
    empty = [r for r in game.terrain_costs if r.cost is None and r.factor is None and not r.prohibited]
    if not empty:
        lines.append("- `Costs`: every cell is printed.")
    else:
        lines.append(f"- `Costs`: {len(empty)} cells the rulebook does not print; fill `cost` (or `prohibited`, or "
                     "`factor` for a route) of these rows:")
        for move, rows in groupby(sorted(empty, key=lambda r: (r.move, r.origin.row if r.origin else 0)),
                                  key=lambda r: r.move):
            listed = list(rows)
            numbers = [r.origin.row for r in listed if r.origin]
            what = ", ".join(f"{r.action} {r.terrain}" for r in listed)
            lines.append(f"  - `{move}`: rows {_spans(numbers)} ({what})")
    lines.append("- `Terrain`: add the codes your map uses that the rulebook does not name, with their category; "
                 "then their `Costs` rows.")
    return "\n".join(lines) + "\n"
