"""Charts drawn from the game's data: die-roll tables, victory points, victory levels, the
Terrain Effects Chart as the data holds it and the special hexes the rules name.

Each chart is a plain text grid image, so it shows the data exactly as the workbook
holds it (with the rulebook section in the title for checking against the book); an empty
Terrain Effects Chart cell is shown empty: the rulebook does not print it.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass

from PIL import Image, ImageDraw

from builder.counters import font
from gamedata.model import Game, TerrainCost

FONT_SIZE = 14
ROW_HEIGHT = 22
PAD = 8
WRAP = 60
INK = (20, 20, 20)
RULE = (170, 160, 140)
HEADER_FILL = (225, 215, 190)


@dataclass(frozen=True)
class ChartArt:
    """A titled table: header cells and rows of cells (all text)."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def _lines(text: str) -> list[str]:
    """A cell's text wrapped to at most WRAP characters a line (long results stay whole)."""
    return textwrap.wrap(text, WRAP) or [""]


def render_chart(art: ChartArt) -> Image.Image:
    face = font(FONT_SIZE)
    title_face = font(FONT_SIZE + 4)
    rows = [[_lines(cell) for cell in row[:len(art.header)]] for row in (art.header, *art.rows)]
    widths = [max(int(face.getlength(line)) for row in rows if i < len(row) for line in row[i]) + 2 * PAD
              for i in range(len(art.header))]
    heights = [max(len(cell) for cell in row) * ROW_HEIGHT for row in rows]
    table_width = sum(widths)
    width = max(table_width, int(title_face.getlength(art.title)) + 2 * PAD) + 2
    top = ROW_HEIGHT + PAD
    image = Image.new("RGB", (width, top + sum(heights) + PAD), (252, 250, 244))
    draw = ImageDraw.Draw(image)
    draw.text((PAD, PAD // 2), art.title, font=title_face, fill=INK)
    draw.rectangle((0, top, table_width, top + heights[0]), fill=HEADER_FILL)
    y = top
    for row, height in zip(rows, heights):
        x = 0
        for i, cell in enumerate(row):
            for k, line in enumerate(cell):
                draw.text((x + PAD, y + 3 + k * ROW_HEIGHT), line, font=face, fill=INK)
            x += widths[i]
        y += height
        draw.line((0, y, table_width, y), fill=RULE)
    return image


def game_charts(game: Game) -> list[tuple[str, ChartArt]]:
    """(chart key, art) for every die-roll table, VP items and victory levels per scenario,
    then the Terrain Effects Chart and the special hexes (`terrain_charts`)."""
    charts = []
    for table in game.tables:
        section = f" ({table.section})" if table.section else ""
        title = f"{table.name}, {table.die}{section}"
        rows = tuple((r.roll, r.result, r.modifier) for r in table.rows)
        header = ("Roll", "Result", "Modifier") if any(r.modifier for r in table.rows) else ("Roll", "Result")
        charts.append((f"table {table.table_id}", ChartArt(title, header, tuple(r[:len(header)] for r in rows))))
    names = {s.scenario_id: s.name for s in game.scenarios}
    for scenario_id in dict.fromkeys(v.scenario_id for v in game.vp):
        items = tuple((v.item, v.location, v.turn, v.points, v.side) for v in game.vp if v.scenario_id == scenario_id)
        charts.append((f"vp {scenario_id}", ChartArt(f"Victory points: {names.get(scenario_id, scenario_id)}",
                                                     ("Item", "Location", "Turn", "Points", "Side"), items)))
    for scenario_id in dict.fromkeys(v.scenario_id for v in game.levels):
        bands = tuple((_number(v.low), _number(v.high), v.result) for v in game.levels if v.scenario_id == scenario_id)
        charts.append((f"levels {scenario_id}", ChartArt(f"Victory levels: {names.get(scenario_id, scenario_id)}",
                                                         ("From", "To", "Result"), bands)))
    return charts + terrain_charts(game)


def _number(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else str(value)


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
