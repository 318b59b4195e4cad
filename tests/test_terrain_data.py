"""The terrain model as data: what the rulebooks state, how validate checks it, how a re-import
keeps the user's own map and chart cells, and how hexes, hexsides and aliases resolve."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjutant.cmd_validate import validate as validate_command
from conftest import RULEBOOKS
from gamedata.hexids import Hex
from gamedata.import_kit.run import run_import
from gamedata.load import WORKBOOKS, columns, load_game
from gamedata.terrain_todo import HEADING, to_fill
from gamedata.validate import validate
from gamedata.workbook import SheetData, read_workbook, write_workbook
from terrain_games import write_game

SOURCES = Path(__file__).resolve().parents[1] / "sources"
ITW, HSN, ATLANTA = SOURCES / "into-the-woods-shiloh", SOURCES / "hood-strikes-north", SOURCES / "atlanta"
ITW_BOOK = RULEBOOKS / "000_c574b46a31a48b8f.txt"


@pytest.fixture(scope="module")
def itw():
    return load_game(ITW)


@pytest.fixture(scope="module")
def book_lines() -> list[str]:
    return ITW_BOOK.read_text(encoding="utf-8").splitlines()


def _rewrite(folder: Path, file: str, **sheets: list[dict]) -> None:
    book = read_workbook(folder / file)
    rows = {name: [dict(r.values) for r in sheet.rows] for name, sheet in book.items()}
    rows.update(sheets)
    write_workbook(folder / file, [SheetData(s.name, columns(s.schema), tuple(rows.get(s.name, ())))
                                   for s in WORKBOOKS[file]])


def _lines(folder: Path) -> list[str]:
    return [str(p) for p in validate(folder)]


# -- what the rulebooks state ------------------------------------------------------------------

def test_the_4_15_command_trace_costs_are_the_printed_ones(itw, book_lines) -> None:
    fx = itw.effects
    assert fx.cost("command-brigade", "along", "Road") == 1
    assert fx.cost("command-army", "along", "Road") == 0.5
    assert fx.cost("command-brigade", "along", "Farm Lane") == fx.cost("command-army", "along", "Farm Lane") == 1
    assert fx.cost("command-brigade", "enter", "Woods") == fx.cost("command-army", "enter", "Woods") == 2
    assert fx.cost("command-brigade", "enter", "Field Boundary", via="Woods Hexside") == 2
    rows = [r for r in itw.terrain_costs if r.move.startswith("command-")]
    assert {r.rulebook_line for r in rows} == {130}
    assert "use 1 MP per hex for tracing command on Roads" in book_lines[130 - 1]
    # "Use regular Leader movement cost for Command Range in all other terrain": the leader's cell,
    # which the Battle Book does not print, is what a trace through a Field needs
    field = fx.cost("command-brigade", "enter", "Field")
    row = _row(itw, "leader", "enter", "Field")
    assert tuple(map(str, field.cells)) == (f"effects.xlsx:Costs:{row}:cost (leader enter Field)",)


def _row(game, move, action, terrain) -> int:
    return next(r.origin.row for r in game.terrain_costs if (r.move, r.action, r.terrain, r.via) == (move, action, terrain, ""))


def test_every_unprinted_chart_cell_is_empty_and_named(itw) -> None:
    unprinted = itw.effects.unprinted()
    assert len(unprinted) == sum(1 for r in itw.terrain_costs if r.cost is None and r.factor is None and not r.prohibited)
    assert all(re.match(r"effects\.xlsx:Costs:\d+:cost \(", str(c)) for c in unprinted)
    printed = [r for r in itw.terrain_costs if r.cost is not None or r.factor is not None or r.prohibited]
    assert all(r.rulebook_line for r in printed)                    # nothing without its line
    assert all(r.rulebook_line is None for r in itw.terrain_costs if r not in printed)
    assert len(printed) == 25 and len(unprinted) == 63


def test_into_the_woods_terrain_facts_carry_their_lines(itw, book_lines) -> None:
    marsh = {r.hex for r in itw.terrain_hexes if r.terrain == "Marsh-Stream"}
    assert marsh == {"S2410", "S2509", "S2610"}
    assert "The three Marsh-Stream hexes (S2410, S2509 and S2610)" in book_lines[291 - 1]
    sources = {s.side: s for s in itw.terrain.specials("supply-source")}
    assert sources["Union"].name == "Pittsburg Landing" and sources["Union"].hex is None     # not printed: to fill
    assert sources["Confederate"].name == "intersection of Bark Road and Corinth Road" and sources["Confederate"].hex is None
    assert [s.hex for s in itw.terrain.specials("landing")] == [Hex("N", 64, 20), Hex("N", 64, 23)]
    assert itw.terrain.specials("bridge")[0].hex == Hex("S", 26, 10)
    camps = itw.terrain.specials("camp")
    assert len(camps) == 22 and {c.side for c in camps} == {"Union"}
    assert [c.detail for c in camps if c.detail] == ["artillery"]              # S1903, the only one stated
    for row in itw.terrain_specials:
        assert row.rulebook_line and row.source == "rulebook"
    implied = itw.implied_features
    assert [(i.route, i.crossing, i.implies, i.rulebook_line) for i in implied] == [("Farm Lane", "Stream", "Ford", 229)]


def test_hood_strikes_north_cumberland_bridges_and_stations() -> None:
    game = load_game(HSN)
    t = game.terrain
    bridged = {(t.hexids.format(s.a), t.hexids.format(s.b)) for s in t.hexsides if "Bridge" in s.features}
    assert bridged == {("5706", "5805"), ("5706", "5806"), ("5707", "5806")}        # L190: three bridges
    assert all(s.features == ("Major River", "Bridge") for s in t.hexsides)
    stations = {t.hexids.format(s.hex): s.name for s in t.specials("station")}
    assert {"5514": "Antioch", "5519": "La Vergne", "5523": "Smyrna", "5327": "Florence", "5232": "Murfreesboro",
            "4910": "Brentwood"}.items() <= stations.items()
    assert {t.hexids.format(h.hex) for h in t.hexes if h.terrain == ("City",)} == {"5706", "5707"}
    rail = game.effects.step_cost("rail", t)
    assert rail(Hex("main", 57, 6), Hex("main", 58, 5)) is None            # rail movement follows the railroad only
    assert game.effects.cost("unit", "enter", "Rolling") == 3 and game.effects.cost("unit", "enter", "Rolling", condition="rain") == 4


def test_every_game_readme_lists_the_cells_to_fill() -> None:
    for folder in sorted(SOURCES.iterdir()):
        readme = (folder / "README.md").read_text(encoding="utf-8")
        game = load_game(folder)
        assert to_fill(game) in readme, f"{folder.name}: run python tools/terrain_to_fill.py"
        section = readme.split(HEADING)[1]
        for cell in game.effects.unprinted():                       # every empty chart cell, by its row
            row = int(str(cell).split(":")[2])
            assert any(int(a) <= row <= int(b or a) for a, b in re.findall(r"(\d+)(?:-(\d+))?", section)), str(cell)
        for special in game.terrain_specials:
            if not special.hex:
                assert f"`Specials` row {special.origin.row}: the `hex`" in section


# -- validate -------------------------------------------------------------------------------------

def test_validate_catches_a_hexside_named_twice_an_unknown_feature_and_a_hex_off_the_map(tmp_path) -> None:
    folder = tmp_path / "itw"
    shutil.copytree(ITW, folder)
    _rewrite(folder, "terrain.xlsx", Hexsides=[
        {"map": "S", "hex": "S2610", "side": "S", "features": "Stream"},
        {"map": "S", "hex": "S2611", "side": "N", "features": "Creek"},         # the same side, from below
        {"map": "S", "hex": "S3003", "side": "NE", "features": "Road"},
        {"map": "S", "hex": "S3102", "side": "SW", "features": "Road"},         # the same again, same features
        {"map": "S", "hex": "S3003", "side": "SE", "features": "Canal"},
        {"map": "S", "hex": "S7001", "side": "N", "features": "Stream"},
        {"map": "S", "hex": "S3003", "side": "E", "features": "Stream"},
    ])
    problems = _lines(folder)
    assert problems == [
        "terrain.xlsx:Hexsides:3:features: hexside S2610|S2611 is row 2 too (S2610 S) with different features: "
        "'Stream' there, 'Creek' here; state it once",
        "terrain.xlsx:Hexsides:5:hex: hexside S3003|S3102 is row 4 too (S3003 NE); state it once",
        "terrain.xlsx:Hexsides:6:features: 'Canal' is not a hexside/route code of the system (effects.xlsx Terrain: "
        "Bridge, Creek, Farm Lane, Ford, Full Lake, Full River, Gradual Slope, Gully, Impassable, Minor Slope, Ridge, "
        "Road, Steep Slope, Stream, Woods Hexside)",
        "terrain.xlsx:Hexsides:7:hex: hex 'S7001' is off map 'S' (columns 10-69, rows 1-34 in column 70)",
        "terrain.xlsx:Hexsides:8:side: side 'E' is not a side of a hex on map 'S' (N, NE, SE, S, SW, NW)",
    ]
    result = CliRunner().invoke(validate_command, [str(folder)])
    assert result.exit_code == 1 and "5 problem(s)" in result.output


def test_validate_catches_elevation_terrain_codes_and_chart_rows(tmp_path) -> None:
    folder = write_game(tmp_path / "game")
    hexes = [dict(r.values) for r in read_workbook(folder / "terrain.xlsx")["Hexes"].rows]
    hexes[0]["elevation"] = 7                                                   # game.toml: elevation = [0, 4]
    hexes[1]["terrain"] = "Woods;Stream"                                         # a hexside code in a hex
    hexes.append(dict(hexes[2]))                                                 # a hex twice
    _rewrite(folder, "terrain.xlsx", Hexes=hexes)
    costs = [dict(r.values) for r in read_workbook(folder / "effects.xlsx")["Costs"].rows]
    costs[0]["move"] = "dragoons"
    costs[1]["factor"] = 0.5
    _rewrite(folder, "effects.xlsx", Costs=costs)
    problems = _lines(folder)
    assert problems == [
        "effects.xlsx:Costs:2:move: unknown movement class 'dragoons' (sheet Moves)",
        "effects.xlsx:Costs:3:factor: a factor applies to an along row only",
        "terrain.xlsx:Hexes:2:elevation: elevation 7 is outside map 'M' levels 0-4 (game.toml)",
        "terrain.xlsx:Hexes:3:terrain: 'Stream' is a hexside code, not for a hex (hex)",
        "terrain.xlsx:Hexes:282:hex: hex 0103 is already row 4",
    ]


def test_the_bundled_games_validate_clean() -> None:
    for folder in sorted(SOURCES.iterdir()):
        assert validate(folder) == [], folder.name


# -- re-import moves the user's cells to the player's layer --------------------------------------------------------------

def test_a_reimport_keeps_the_users_map_and_chart_cells(tmp_path) -> None:
    folder = tmp_path / "itw"
    folder.mkdir()
    for name in ("game.toml", "overrides.csv"):
        shutil.copy(ITW / name, folder / name)
    run_import(ITW_BOOK, "into-the-woods-shiloh", folder)
    costs = [dict(r.values) for r in read_workbook(folder / "effects.xlsx")["Costs"].rows]
    leader_field = next(r for r in costs if (r["move"], r["action"], r["terrain"]) == ("leader", "enter", "Field"))
    leader_field["cost"] = 1
    woods = next(r for r in costs if (r["move"], r["action"], r["terrain"]) == ("infantry", "enter", "Woods"))
    woods["cost"] = 7                                                          # against the rulebook's 1½
    _rewrite(folder, "effects.xlsx", Costs=costs)
    specials = [dict(r.values) for r in read_workbook(folder / "terrain.xlsx")["Specials"].rows]
    csa = next(r for r in specials if r["kind"] == "supply-source" and r["side"] == "Confederate")
    csa["hex"] = "S2930"
    hexes = [dict(r.values) for r in read_workbook(folder / "terrain.xlsx")["Hexes"].rows]
    hexes[0]["elevation"] = 3                                                  # S2410, a rulebook row
    hexes[0]["terrain"] = "Woods"
    hexes.append({"map": "N", "hex": "N5029", "terrain": "Field", "elevation": 5})
    _rewrite(folder, "terrain.xlsx", Specials=specials, Hexes=hexes)
    run_import(ITW_BOOK, "into-the-woods-shiloh", folder)
    assert read_workbook(folder / "terrain.xlsx") == read_workbook(ITW / "terrain.xlsx")   # the rulebook's alone
    assert sorted(p.name for p in (folder / "player").iterdir()) == ["effects.xlsx", "terrain.xlsx"]   # yours
    game = load_game(folder)
    assert game.effects.cost("leader", "enter", "Field") == 1                  # the user's cell is kept
    assert game.effects.cost("infantry", "enter", "Woods") == 1.5              # the rulebook's cell wins
    assert {s.side: s.hex for s in game.terrain.specials("supply-source")}["Confederate"] == Hex("S", 29, 30)
    s2410 = game.terrain.hex(Hex("S", 24, 10))
    assert s2410.terrain == ("Marsh-Stream", "Woods") and s2410.elevation == 3
    assert game.terrain.hex(Hex("N", 50, 29)).terrain == ("Field",)


# -- the model -------------------------------------------------------------------------------------------

def test_hexes_shared_by_two_maps_are_one_hex_with_neighbours_on_both(itw) -> None:
    t = itw.terrain
    assert t.hexids.canonical(Hex("S", 25, 1)) == Hex("N", 25, 34)
    assert set(t.graph.neighbours(Hex("N", 25, 34))) == {Hex("N", 24, 34), Hex("N", 25, 33), Hex("N", 26, 34),
                                                          Hex("S", 24, 2), Hex("S", 25, 2), Hex("S", 26, 2)}
    assert t.across(Hex("N", 25, 34), "S") == Hex("S", 25, 2)               # the S side, read on the south map
    assert t.across(Hex("S", 25, 1), "N") == Hex("N", 25, 33)
    assert t.hex(Hex("S", 24, 10)) is t.hex(Hex("S", 24, 10))
    assert len(t.graph.hexes) == 57 * 34 + 60 * 34 - 57                    # S row 01 is N row 34 in columns 10-66


def test_side_names_follow_the_printed_north() -> None:
    t = load_game(HSN).terrain
    assert set(t.side_names("main").values()) == {"W", "NW", "NE", "E", "SE", "SW"}   # north is to the right
    assert t.across(Hex("main", 57, 6), "NW") == Hex("main", 58, 5)
    assert t.direction(Hex("main", 58, 5), Hex("main", 57, 6)) == "SE"
    a = load_game(ATLANTA).terrain                                                 # rows grow north
    assert a.across(Hex("A", 10, 5), "N") == Hex("A", 10, 6)


def test_a_hexside_stated_from_either_hex_and_the_features_the_rules_imply(tmp_path, itw) -> None:
    folder = tmp_path / "itw"
    shutil.copytree(ITW, folder)
    _rewrite(folder, "terrain.xlsx", Hexsides=[{"map": "S", "hex": "S3003", "side": "NE", "features": "Farm Lane;Stream"}])
    t = load_game(folder).terrain
    side = t.hexside(Hex("S", 31, 2), Hex("S", 30, 3))
    assert side is not None and side is t.hexside(Hex("S", 30, 3), Hex("S", 31, 2))
    assert side.features == ("Farm Lane", "Stream", "Ford") and side.implied == ("Ford",)
    assert t.hexside(Hex("S", 30, 3), Hex("S", 30, 4)) is None                  # nobody said: unknown
    assert [u.what for u in t.missing([Hex("S", 30, 3), Hex("S", 30, 4)])] == [
        "terrain of S3003", "terrain of S3004", "hexside S3003|S3004"]
