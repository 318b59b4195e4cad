"""A small patch of made-up terrain on Into the Woods' south map, for the rule checks' traces.

The bundled terrain.xlsx holds almost no map data (the maps are user data, not in the
rulebooks), so trace tests lay a patch here: every hex of S2010-S3020 Field with its
sides known (`sides_complete`), some hexes Woods, roads and farm lanes along given hexes.
The rulebook leaves a leader's Field cost to the Terrain Effects Chart (not in it): the
patch fills it with 1 MP, the only made-up number, and says so.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from dataclasses import replace

from gamedata.hexids import HexIds
from gamedata.model import CommandRange, Game, RuleParameter, TerrainCost, TerrainHex, TerrainHexside
from gamedata.terrain import Terrain

COLUMNS, ROWS = range(20, 31), range(10, 21)   # the default patch: S2010-S3020
FIELD_COST = 1.0   # made up: the Terrain Effects Chart is not in the rulebook


def patch(game: Game, woods: Iterable[str] = (), roads: Sequence[Sequence[str]] = (),
          lanes: Sequence[Sequence[str]] = (), ranges: Mapping[str, float] = {},
          parameters: Mapping[str, object] = {}, columns: range = COLUMNS, rows: range = ROWS) -> Game:
    """``game`` with the patch's terrain, the Field cost filled, leaders' ranges and parameters set."""
    woods = set(woods)
    hexes = [TerrainHex("S", f"S{c:02d}{r:02d}", "Woods" if f"S{c:02d}{r:02d}" in woods else "Field",
                        sides_complete=True) for c in columns for r in rows]
    terrain = Terrain.of(game)
    ids = HexIds(game.maps)
    sides = []
    for code, lines in (("Road", roads), ("Farm Lane", lanes)):
        for line in lines:
            for a, b in zip(line, line[1:]):
                side = terrain.direction(ids.parse(a), ids.parse(b))
                assert side is not None, f"{a} and {b} do not touch"
                sides.append(TerrainHexside("S", a, side, code))
    field_row = TerrainCost("leader", "enter", "Field", cost=FIELD_COST)
    costs = (field_row,) + tuple(c for c in game.terrain_costs if (c.move, c.action, c.terrain, c.via)
                                 != ("leader", "enter", "Field", ""))
    default = ranges.get("*")
    command = tuple(replace(r, range=ranges.get(r.leader, default if r.range is None else r.range))
                    for r in game.command_ranges)
    params = tuple(replace(p, value=parameters[p.key]) if p.key in parameters else p for p in game.rule_parameters)
    params += tuple(RuleParameter(k, v) for k, v in parameters.items() if k not in {p.key for p in params})
    return replace(game, terrain_hexes=tuple(hexes), terrain_hexsides=tuple(sides), terrain_costs=costs,
                   command_ranges=command, rule_parameters=params)


def with_ranges(game: Game, rows: Iterable[CommandRange]) -> Game:
    return replace(game, command_ranges=tuple(rows))


_SHEETS = {  # (file, sheet) -> (schema, Game field)
    ("terrain.xlsx", "Hexes"): ("terrain-hex", "terrain_hexes"),
    ("terrain.xlsx", "Hexsides"): ("terrain-hexside", "terrain_hexsides"),
    ("effects.xlsx", "Costs"): ("terrain-cost", "terrain_costs"),
    ("rules.xlsx", "Ranges"): ("rule-range", "command_ranges"),
    ("rules.xlsx", "Parameters"): ("rule-parameter", "rule_parameters"),
}


def write_patch(folder: Path, game: Game) -> None:
    """Write a patched game's terrain, costs, ranges and parameters into the workbooks of a copy
    of its folder (the other sheets kept as they are), for logs checked with ``--game``."""
    from gamedata.load import columns
    from gamedata.workbook import SheetData, read_workbook, write_workbook
    for file in sorted({f for f, _ in _SHEETS}):
        book = read_workbook(folder / file)
        sheets = []
        for name, sheet in book.items():
            if (file, name) in _SHEETS:
                schema, attr = _SHEETS[(file, name)]
                cols = columns(schema)
                rows = tuple({c: (v if (v := getattr(r, c, None)) not in ("",) else None) for c in cols}
                             for r in getattr(game, attr))
                sheets.append(SheetData(name, cols, rows))
            else:
                sheets.append(SheetData(name, sheet.header, tuple(dict(r.values) for r in sheet.rows)))
        write_workbook(folder / file, sheets)
