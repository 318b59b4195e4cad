"""Benchmark: the path engine for every unit at every log step, against a plain BFS floor.

A full-size map (60 x 40 hexes) with Into the Woods' terrain codes and chart, every hex and
hexside surveyed (woods, fields, boundaries, marsh; roads, farm lanes, streams, slopes), and
100 units, 50 a side, in brigades of a leader and four regiments. One "step" of a log is what
the rule checks do then: each leader's command range (a brigade leader's trace, 6 MP, costs
from the chart) and whether each of its regiments is within it (`Reach.within`: True, False,
or None when only unprinted chart cells could tell), and for every unit its supply line (ITW
10.92: along roads and farm lanes to its side's source, once on a road staying on it, blocked
by enemy units and the hexes next to them unless a friend is there). Units move a little
between steps, so blocking is new every step; hexside prices are memoised across steps.
Timed twice: with the chart's unprinted leader cells filled (bench values), and as imported.

The floor is what no search can beat: a plain breadth-first search over the whole map from
every unit (integers only, no costs). Each side is timed over several steps; the best round
of each is kept so a busy machine does not distort the ratio.

    python bench/bench_paths.py [STEPS]
"""
from __future__ import annotations

import random
import sys
import time
from collections import deque
from pathlib import Path

from gamedata.hexids import Hex, HexIds
from gamedata.effects import TerrainEffects
from gamedata.load import load_game
from gamedata.model import MapDef, TerrainCost
from gamedata.paths import MISSING, StayOn, reach, route, zone
from gamedata.terrain import Hexside, HexTerrain, Terrain

ITW = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"
COLUMNS, ROWS, UNITS, COMMAND_RANGE, BRIGADE = 60, 40, 100, 6, 5
MAP = MapDef("B", "bench", "", "CCRR", (1, COLUMNS), (1, ROWS), "odd")
ROUNDS = 3


def bench_terrain(seed: int = 1) -> Terrain:
    rng = random.Random(seed)
    game = load_game(ITW)
    ids = HexIds((MAP,))
    hexes = [Hex("B", c, r) for c in range(1, COLUMNS + 1) for r in range(1, ROWS + 1)]
    codes = ("Woods", "Woods", "Woods", "Field", "Field Boundary", "Marsh", "Thicket")
    cells = [HexTerrain(h, (rng.choice(codes),), rng.randint(0, 6), sides_complete=True) for h in hexes]
    sides: dict[tuple[Hex, Hex], list[str]] = {}
    for a in hexes:
        for b in ids.neighbours(a):
            if a < b and rng.random() < 0.08:
                sides.setdefault((a, b), []).append(rng.choice(("Stream", "Gradual Slope", "Woods Hexside")))
    for code, count, length in (("Road", 12, 60), ("Farm Lane", 25, 30)):
        for _ in range(count):
            path = [rng.choice(hexes)]
            for _ in range(length):
                options = [n for n in ids.neighbours(path[-1]) if n not in path]
                if not options:
                    break
                path.append(rng.choice(options))
            for a, b in zip(path, path[1:]):
                key = (min(a, b), max(a, b))
                if code not in sides.setdefault(key, []):
                    sides[key].append(code)
    terrain = Terrain(ids, game.terrain_types, cells, [Hexside(a, b, tuple(f)) for (a, b), f in sides.items()],
                      (), ((i.route, i.crossing, i.implies) for i in game.implied_features))
    filled = [TerrainCost("leader", action, code, cost=cost) for action, code, cost in FILLED]
    terrain.effects = TerrainEffects(game.terrain_types, game.move_classes, filled + list(game.terrain_costs))  # type: ignore[attr-defined]
    terrain.as_imported = game.effects  # type: ignore[attr-defined]
    return terrain


FILLED = (("enter", "Field", 1), ("enter", "Field Boundary", 1), ("enter", "Marsh", 3), ("enter", "Thicket", 3),
          ("cross", "Stream", 1), ("cross", "Gradual Slope", 0))
"""Made-up leader costs for the cells the Battle Book does not print (a user's filled chart):
bench data, not game data. With the chart as imported those cells are unknown: a regiment
not in known range needs a second search counting them at no cost (timed separately)."""


def supply_step(t: Terrain):  # type: ignore[no-untyped-def]
    def step(a: Hex, b: Hex):  # type: ignore[no-untyped-def]
        side = t.hexside(a, b)
        if side is None:
            return MISSING
        return 1.0 if side.has("Road", "Farm Lane") else None
    return step


def engine_step(t: Terrain, units: list[tuple[Hex, str]], sources: dict[str, Hex], trace, supply, on_road) -> int:  # type: ignore[no-untyped-def]
    found = 0
    at = {side: [h for h, s in units if s == side] for side in ("A", "B")}
    blocks = {side: zone(t.graph, at["B" if side == "A" else "A"], unless=set(at[side])) for side in ("A", "B")}
    for first in range(0, len(units), BRIGADE):
        leader, *regiments = units[first:first + BRIGADE]
        ranged = reach(t.graph, leader[0], COMMAND_RANGE, trace)
        found += sum(ranged.within(h) is not False for h, _ in regiments)
    for h, side in units:
        line = route(t.graph, h, [sources[side]], supply, blocked=blocks[side], mode=StayOn(on_road))
        found += line is not None
    return found


def bfs_step(t: Terrain, units: list[tuple[Hex, str]]) -> int:
    adjacent, index = t.graph.adjacent, t.graph.index
    found = 0
    for h, _ in units:
        seen = {index[h]}
        queue = deque(seen)
        while queue:
            for j in adjacent[queue.popleft()]:
                if j not in seen:
                    seen.add(j)
                    queue.append(j)
        found += len(seen)
    return found


def main(argv: list[str]) -> int:
    steps = int(argv[1]) if len(argv) > 1 else 10
    t = bench_terrain()
    rng = random.Random(2)
    units = []
    for brigade in range(UNITS // BRIGADE):                # a leader and its regiments, close together
        centre, side = rng.choice(t.graph.hexes), "A" if brigade % 2 else "B"
        near = list(reach(t.graph, centre, 3, lambda a, b: 1.0))
        units += [(rng.choice(near), side) for _ in range(BRIGADE)]
    sources = {"A": rng.choice(t.graph.hexes), "B": rng.choice(t.graph.hexes)}
    trace = t.effects.step_cost("command-brigade", t)  # type: ignore[attr-defined]
    supply = supply_step(t)

    def on_road(a: Hex, b: Hex) -> bool:
        routes = t.routes(a, b)
        return "Road" in routes and "Farm Lane" not in routes

    moves = []
    for _ in range(steps):                       # every unit moves to a neighbouring hex, or stays
        units = [(rng.choice((h, *t.graph.neighbours(h))), s) for h, s in units]
        moves.append(units)
    start = time.perf_counter()
    engine_step(t, moves[0], sources, trace, supply, on_road)
    warm = time.perf_counter() - start           # the first step prices the hexsides it meets

    def timed(action) -> float:  # type: ignore[no-untyped-def]
        best = float("inf")
        for _ in range(ROUNDS):
            begin = time.perf_counter()
            for units_now in moves:
                action(units_now)
            best = min(best, (time.perf_counter() - begin) / steps)
        return best

    engine = timed(lambda u: engine_step(t, u, sources, trace, supply, on_road))
    floor = timed(lambda u: bfs_step(t, u))
    unfilled = t.as_imported.step_cost("command-brigade", t)  # type: ignore[attr-defined]
    engine_step(t, moves[0], sources, unfilled, supply, on_road)
    flooded = timed(lambda u: engine_step(t, u, sources, unfilled, supply, on_road))
    print(f"{COLUMNS}x{ROWS} hexes, {UNITS} units, {steps} log steps; per step, {UNITS // BRIGADE} command ranges "
          f"({COMMAND_RANGE} MP) checked for {UNITS - UNITS // BRIGADE} regiments, and {UNITS} supply lines:")
    print(f"  path engine, chart filled:            {engine * 1000:7.1f} ms  (first step {warm * 1000:.1f} ms, "
          f"pricing the hexsides)")
    print(f"  path engine, chart as imported:       {flooded * 1000:7.1f} ms  (unprinted cells unknown: a regiment "
          f"out of known range is searched again through them)")
    print(f"  plain BFS from every unit (floor):    {floor * 1000:7.1f} ms")
    print(f"  ratio to the floor: {engine / floor:.2f} (chart filled), {flooded / floor:.2f} (as imported)")
    return 0 if max(engine, flooded) < 1.0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
