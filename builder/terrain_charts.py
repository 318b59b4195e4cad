"""The module's terrain charts: the Terrain Effects Chart as the data holds it, and the special
hexes the rules name. An empty chart cell is shown empty: the rulebook does not print it."""
from __future__ import annotations

from builder.charts import ChartArt
from gamedata.model import Game, TerrainCost


def cell_text(row: TerrainCost) -> str:
    """A chart cell as players read it: `1.5`, `x0.5` (of the cost off the route), `P` (prohibited).
    (The module's font has no fraction glyphs.)"""
    if row.prohibited:
        return "P"
    if row.cost is not None:
        return f"{float(row.cost):g}"
    if row.factor is not None:
        return f"x{float(row.factor):g}"
    return ""


def terrain_charts(game: Game) -> list[tuple[str, ChartArt]]:
    """(chart key, art): the Terrain Effects Chart (one column per movement class), the special hexes."""
    charts: list[tuple[str, ChartArt]] = []
    if game.terrain_costs:
        moves = list(dict.fromkeys([m.code for m in game.move_classes] + [r.move for r in game.terrain_costs]))
        names = {t.code: t.name for t in game.terrain_types}
        lines: dict[tuple[str, str, str, str], dict[str, str]] = {}
        for r in game.terrain_costs:
            key = (r.terrain, r.action, r.via, r.condition)
            lines.setdefault(key, {})[r.move] = cell_text(r)
        rows = tuple(
            (names.get(code, "any other" if code == "*" else code) + (f" via {via}" if via else "")
             + (f" ({condition})" if condition else ""), action, *(cells.get(m, "") for m in moves))
            for (code, action, via, condition), cells in lines.items())
        charts.append(("terrain effects", ChartArt(
            "Terrain Effects Chart (MP; P = prohibited; x0.5 = half the cost off the route; empty = not printed "
            "in the rulebook, fill effects.xlsx)", ("Terrain", "Action", *moves), rows)))
    if game.terrain_specials:
        rows = tuple((s.kind, s.map, s.hex or "(not given)", s.name, s.side, s.detail) for s in game.terrain_specials)
        charts.append(("special hexes", ChartArt("Special hexes named in the rules",
                                                 ("Kind", "Map", "Hex", "Name", "Side", "Detail"), rows)))
    return charts
