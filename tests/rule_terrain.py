"""A small patch of made-up terrain on Into the Woods' south map, for the rule checks' traces.

The bundled terrain.xlsx holds almost no map data (the maps are user data, not in the
rulebooks), so trace tests lay a patch here: every hex of S2010-S3020 Field with its
sides known (`sides_complete`), some hexes Woods, roads and farm lanes along given hexes.
The rulebook leaves a leader's Field cost to the Terrain Effects Chart (not in it): the
patch fills it with 1 MP, the only made-up number, and says so.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from gamedata.hexids import HexIds
from gamedata.model import CommandRange, Game, RuleParameter, TerrainCost, TerrainHex, TerrainHexside
from gamedata.terrain import Terrain

COLUMNS, ROWS = range(20, 31), range(10, 21)
FIELD_COST = 1.0   # made up: the Terrain Effects Chart is not in the rulebook


def patch(game: Game, woods: Iterable[str] = (), roads: Sequence[Sequence[str]] = (),
          lanes: Sequence[Sequence[str]] = (), ranges: Mapping[str, float] = {},
          parameters: Mapping[str, object] = {}) -> Game:
    """``game`` with the patch's terrain, the Field cost filled, leaders' ranges and parameters set."""
    woods = set(woods)
    hexes = [TerrainHex("S", f"S{c:02d}{r:02d}", "Woods" if f"S{c:02d}{r:02d}" in woods else "Field",
                        sides_complete=True) for c in COLUMNS for r in ROWS]
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
    command = tuple(replace(r, range=ranges[r.leader]) if r.leader in ranges else r for r in game.command_ranges)
    params = tuple(replace(p, value=parameters[p.key]) if p.key in parameters else p for p in game.rule_parameters)
    params += tuple(RuleParameter(k, v) for k, v in parameters.items() if k not in {p.key for p in params})
    return replace(game, terrain_hexes=tuple(hexes), terrain_hexsides=tuple(sides), terrain_costs=costs,
                   command_ranges=command, rule_parameters=params)


def with_ranges(game: Game, rows: Iterable[CommandRange]) -> Game:
    return replace(game, command_ranges=tuple(rows))
