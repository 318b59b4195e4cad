"""A small game with terrain on every hex, for the board drawing, engine and digitize tests.

The terrain codes and the chart are Into the Woods' own (its imported effects.xlsx); the map is
made up (20 x 14 hexes) and filled from a seeded random generator, so it exercises every code:
a main terrain per hex, sometimes a second one, elevation levels, streams and slopes along
hexsides, roads and farm lanes along random walks, fords and bridges where routes cross water,
and special hexes with names.
"""
from __future__ import annotations

import random
import shutil
from pathlib import Path

from gamedata.hexids import Hex, HexIds
from gamedata.load import WORKBOOKS, columns
from gamedata.model import MapDef
from gamedata.terrain import Terrain, board_step, side_names
from gamedata.workbook import SheetData, read_workbook, write_workbook

ITW = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"
COLUMNS, ROWS = (1, 20), (1, 14)
MAP = MapDef("M", "Test map", "", "CCRR", COLUMNS, ROWS, "even", elevation=(0, 4))

GAME_TOML = f"""id = "terrain-test"
name = "Terrain test"
system = "GBACW"
rulebook = "000_c574b46a31a48b8f.txt"
sides = ["Confederate", "Union"]
[[maps]]
id = "M"
name = "Test map"
prefix = ""
id_format = "CCRR"
columns = [{COLUMNS[0]}, {COLUMNS[1]}]
rows = [{ROWS[0]}, {ROWS[1]}]
shifted_columns = "even"
hex_size = 64
elevation = [0, 4]
"""

HEX_CODES = ("Woods", "Field", "Field Boundary", "Marsh", "Thicket", "Sloping Ground", "Wooded Sloping Ground")
SECOND_CODES = ("Orchard", "River", "Thicket")
EDGE_CODES = ("Stream", "Creek", "Gradual Slope", "Minor Slope", "Ridge", "Gully", "Woods Hexside")


def _walk(rng: random.Random, ids: HexIds, length: int) -> list[Hex]:
    h = Hex("M", rng.randint(*COLUMNS), rng.randint(*ROWS))
    path = [h]
    for _ in range(length):
        options = [n for n in ids.neighbours(path[-1]) if n not in path]
        if not options:
            break
        path.append(rng.choice(options))
    return path


def terrain_rows(seed: int = 9) -> dict[str, list[dict]]:
    """Hexes, Hexsides, Specials and Names rows of a fully surveyed random map."""
    rng = random.Random(seed)
    ids = HexIds((MAP,))
    geometry = Terrain(ids)
    hexes = []
    for c in range(COLUMNS[0], COLUMNS[1] + 1):
        for r in range(ROWS[0], ROWS[1] + 1):
            codes = [rng.choice(HEX_CODES)]
            if rng.random() < 0.15:
                second = rng.choice([x for x in SECOND_CODES if x != codes[0]])
                codes.append(second)
            hexes.append({"map": "M", "hex": f"{c:02d}{r:02d}", "terrain": ";".join(codes),
                          "elevation": rng.randint(0, 4), "sides_complete": True})
    sides: dict[tuple[Hex, Hex], list[str]] = {}
    for a in (Hex("M", c, r) for c in range(COLUMNS[0], COLUMNS[1] + 1) for r in range(ROWS[0], ROWS[1] + 1)):
        for b in ids.neighbours(a):
            if a < b and rng.random() < 0.12:
                sides.setdefault((a, b), []).append(rng.choice(EDGE_CODES))
    for code, count, length in (("Road", 3, 14), ("Farm Lane", 3, 10)):
        for _ in range(count):
            path = _walk(rng, ids, length)
            for a, b in zip(path, path[1:]):
                key = (min(a, b), max(a, b))
                if code not in sides.setdefault(key, []):
                    sides[key].append(code)
    for key, features in sides.items():            # a road over a stream or creek has a bridge
        if "Road" in features and {"Stream", "Creek"} & set(features):
            features.append("Bridge")
        elif "Farm Lane" in features and "Creek" in features:
            features.append("Ford")
    rows = []
    for (a, b), features in sorted(sides.items()):
        side = geometry.direction(a, b)
        rows.append({"map": "M", "hex": ids.format(a), "side": side, "features": ";".join(features)})
    specials = [
        {"map": "M", "hex": "0507", "kind": "camp", "name": "Spain Field camp", "side": "Union", "source": "rulebook"},
        {"map": "M", "hex": "1204", "kind": "supply-source", "name": "Pittsburg Landing and its long name",
         "side": "Union"},
        {"map": "M", "hex": "1510", "kind": "fort", "name": "Fort", "side": "Union"},
        {"map": "M", "hex": None, "kind": "supply-source", "name": "Bark Road", "side": "Confederate"},
    ]
    names = [{"map": "M", "hex": "0908", "name": "Shiloh Meeting House (a very long place name)"},
             {"map": "M", "hex": "1009", "name": "Review Field"}]
    return {"Hexes": hexes, "Hexsides": rows, "Specials": specials, "Names": names}


def write_game(folder: Path, seed: int = 9, extra_toml: str = "") -> Path:
    """A complete game folder: game.toml, ITW's chart, empty OOB/scenarios/tables, the random terrain."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.toml").write_text(GAME_TOML + extra_toml, encoding="utf-8")
    shutil.copy(ITW / "effects.xlsx", folder / "effects.xlsx")
    sheets = terrain_rows(seed)
    for file, specs in WORKBOOKS.items():
        if file == "effects.xlsx":
            continue
        write_workbook(folder / file, [SheetData(s.name, columns(s.schema), tuple(sheets.get(s.name, ())))
                                       for s in specs])
    return folder


def rows_of(folder: Path, sheet: str) -> list[dict]:
    return [dict(r.values) for r in read_workbook(folder / "terrain.xlsx")[sheet].rows]


__all__ = ["MAP", "write_game", "terrain_rows", "rows_of", "board_step", "side_names"]


TWO_MAPS_TOML = """id = "shared-row-test"
name = "Shared row test"
system = "GBACW"
rulebook = "000_c574b46a31a48b8f.txt"
sides = ["Confederate", "Union"]
[[maps]]
id = "N"
name = "North map"
prefix = "N"
id_format = "CCRR"
columns = [1, 12]
rows = [1, 8]
shifted_columns = "odd"
[[maps]]
id = "S"
name = "South map"
prefix = "S"
id_format = "CCRR"
columns = [1, 12]
rows = [1, 8]
shifted_columns = "odd"
[[maps.aliases]]
from = "S{cc}01"
to = "N{cc}08"
"""


def write_shared_row_game(folder: Path, seed: int = 4, extra_toml: str = "") -> Path:
    """Two maps sharing a row as Into the Woods' do (S row 01 is N row 08), every hex with a
    terrain code (no elevation), streams along sides and a road across the seam."""
    from gamedata.load import map_defs
    import tomllib

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.toml").write_text(TWO_MAPS_TOML + extra_toml, encoding="utf-8")
    shutil.copy(ITW / "effects.xlsx", folder / "effects.xlsx")
    ids = HexIds(map_defs(tomllib.loads(TWO_MAPS_TOML)))
    geometry = Terrain(ids)
    rng = random.Random(seed)
    hexes = sorted({ids.canonical(Hex(m, c, r)) for m in ("N", "S") for c in range(1, 13) for r in range(1, 9)})
    rows = [{"map": h.map, "hex": ids.format(h), "terrain": rng.choice(("Woods", "Field", "Marsh", "Thicket")),
             "sides_complete": True} for h in hexes]
    sides: dict[tuple[Hex, Hex], list[str]] = {}
    for a in hexes:
        for b in ids.neighbours(a):
            b = ids.canonical(b)
            if a < b and rng.random() < 0.1:
                sides[(a, b)] = ["Stream"]
    road = [Hex("N", 6, r) for r in range(4, 9)] + [Hex("S", 6, r) for r in range(2, 6)]
    for a, b in zip(road, road[1:]):
        sides.setdefault((min(a, b), max(a, b)), []).append("Road")
    side_rows = [{"map": a.map, "hex": ids.format(a), "side": geometry.direction(a, b), "features": ";".join(f)}
                 for (a, b), f in sorted(sides.items())]
    sheets = {"Hexes": rows, "Hexsides": side_rows}
    for file, specs in WORKBOOKS.items():
        if file != "effects.xlsx":
            write_workbook(folder / file, [SheetData(s.name, columns(s.schema), tuple(sheets.get(s.name, ())))
                                           for s in specs])
    return folder
