"""The built module judged by the real VASSAL engine: it loads clean (`check-vmod --strict`),
and every predefined setup, opened as File > New Game opens it (`setup-locations`), puts each
unit where its scenario's set-up table puts it, a hex the rulebook prints on the row's cited line.

One full build of Hood Strikes North (real data from sources/) per session; the other checks
use the in-memory plan or tiny synthetic games. Mutations tried (each fails here): a setup piece
placed a hex lower (`Placer.hex_spot`: 2 failed), the reinforcement box named without its entry (2),
the first image left out of the archive (4: VASSAL reports it missing), a back layer's level named
"+ Exhausted" instead of "+ (Exhausted)" (5).
"""
from __future__ import annotations

import shutil
import zipfile
from collections import Counter
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from adjutant.cmd_build import build as build_command
from builder import parts
from builder.layout import plan_boards
from builder.module import build_module, make_plan, scenario_save
from builder.scenarios import BuildError, hex_runs
from gamedata.hexids import Hex, HexIds
from gamedata.load import load_game
from gamedata.model import Formation, Game, MapDef, Scenario, SetupRow, SheetRow, Unit
from vassal.lint import lint_module
from vassal.module import read_module
from vassal.piece import Piece
from vassal.replay import replay_save
from vassal.savefile import read_save
from vassal.sequence import decode
from vassal.traits.rotate import FreeRotator

import engine
from conftest import RULEBOOKS

HSN = Path(__file__).resolve().parents[1] / "sources" / "hood-strikes-north"


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("build")
    summary = build_module(HSN, out)
    return summary, out


@pytest.fixture(scope="session")
def game() -> Game:
    return load_game(HSN)


@pytest.fixture(scope="session")
def module(built):
    return read_module(built[0].path)


@pytest.fixture(scope="session")
def checked(built):
    """VASSAL loading the module: every piece slot, prototype, image and predefined setup."""
    return engine.check_vmod(built[0].path, strict=True)


@pytest.fixture(scope="session")
def placed(built) -> dict[str, list[engine.SetupPiece]]:
    """Setup name -> the pieces VASSAL places when the setup is opened (File > New Game)."""
    return engine.by_setup(engine.setup_locations(built[0].path))


def unit_of(game: Game, name: str) -> str:
    """The unit name of a piece VASSAL names: the unit's name, followed by the names of the
    status layers VASSAL adds ("Rucker (Exhausted)"); the longest unit name that fits. (Two
    units may share a name: "Stewart" the corps leader and "Stewart (Cav-5)" the brigade.)"""
    fits = [u.name for u in game.units if name == u.name or name.startswith(u.name + " (")]
    assert fits, name
    return max(fits, key=len)


def name_of(game: Game, unit_id: str) -> str:
    return game.unit(unit_id).name


@pytest.fixture(scope="session")
def setups(built, module, tmp_path_factory):
    """Scenario id -> replay of its predefined setup, located with the module's grids."""
    folder = tmp_path_factory.mktemp("setups")
    replays = {}
    with zipfile.ZipFile(built[0].path) as archive:
        for setup in module.predefined_setups:
            path = folder / Path(setup.file).name
            path.write_bytes(archive.read(setup.file))
            replays[setup.name] = replay_save(read_save(path), module)
    return replays


def _unit_pieces(replay) -> dict[str, list]:
    by_unit: dict[str, list] = {}
    for state in replay.initial.pieces.values():
        props = Piece.decode(state.type, state.state).properties
        by_unit.setdefault(props["UnitId"], []).append(state)
    return by_unit


def test_module_loads_clean_in_vassal_with_every_setup(built, checked, game) -> None:
    assert checked.returncode == 0 and checked.problems() == [], checked.problems()
    (line,) = checked.tagged("CHECKED")
    assert line.startswith("module 'Hood Strikes North' version")
    assert f"{len(game.scenarios)} predefined setups loaded" in line
    assert built[0].setups == len(game.scenarios)


def test_palette_has_one_piece_per_oob_unit_with_its_side(module, game) -> None:
    prototypes = {name: Piece.from_slot_text(text) for name, text in module.prototypes.items()}
    sides = Counter()
    unit_ids = set()
    for slot in module.piece_slots:
        props = Piece.from_slot_text(slot.text).expand(prototypes).properties
        if "UnitId" in props:
            sides[props["Side"]] += 1
            unit_ids.add(props["UnitId"])
    assert sides == Counter(u.side for u in game.units)
    assert unit_ids == {u.unit_id for u in game.units}


def test_every_single_hex_setup_row_is_where_vassal_places_its_unit(placed, game) -> None:
    """The hex of every single-hex set-up row is printed on the row's cited rulebook line, and
    VASSAL names the unit's location with it."""
    lines = (RULEBOOKS / game.rulebook).read_text(encoding="utf-8").split("\n")
    hexids = HexIds(game.maps)
    checked = 0
    for scenario in game.scenarios:
        where: dict[str, set[str]] = {}
        for p in placed[scenario.name]:
            where.setdefault(unit_of(game, p.name), set()).add(p.loc)
        for row in scenario.setup:
            if row.constraint or len(hexids.expand(row.location)) != 1:
                continue
            assert row.location in lines[row.rulebook_line - 1], (scenario.scenario_id, row)
            assert hexids.normalize(row.location) in where[name_of(game, row.unit_id)], (scenario.scenario_id, row)
            checked += 1
    assert checked > 250


def test_every_setup_and_reinforcement_row_has_a_piece(placed, game) -> None:
    for scenario in game.scenarios:
        pieces = Counter(unit_of(game, p.name) for p in placed[scenario.name])
        assert pieces == Counter(name_of(game, r.unit_id) for r in (*scenario.setup, *scenario.reinforcements)), \
            scenario.name


def test_reinforcements_wait_in_boxes_naming_turn_and_entry(placed, game) -> None:
    scenario = next(s for s in game.scenarios if s.reinforcements)
    for row in scenario.reinforcements:
        (piece,) = [p for p in placed[scenario.name] if unit_of(game, p.name) == name_of(game, row.unit_id)
                    and p.map == "Scenario Display"]
        assert piece.map == "Scenario Display"
        assert piece.loc.startswith(f"Turn {row.turn}" if row.turn else f"Die-roll set {row.dr_set}")
        assert row.entry in piece.loc


def test_entry_areas_are_named_with_their_hexes_not_their_code(placed, game) -> None:
    # Scenario 9 (L1859, L1884): Hammond enters on Union die-roll set 1 in area N = Nashville 5703/5705/5706/5707
    scenario = next(s for s in game.scenarios if s.scenario_id == "S9")
    row = next(r for r in scenario.reinforcements if r.unit_id == "Hammond")
    assert (row.dr_set, row.entry) == ("union 1", "N")
    (piece,) = [p for p in placed[scenario.name] if unit_of(game, p.name) == name_of(game, "Hammond")]
    assert piece.loc == "Die-roll set union 1: enter Nashville (Union reinforcement entry area, L1884): 5703, 5705-5707"


def test_hex_runs_shorten_consecutive_rows_of_a_column() -> None:
    atlanta = load_game(HSN.parent / "atlanta")
    west = next(a for a in atlanta.areas if a.code == "AB-west")
    assert hex_runs(HexIds(atlanta.maps), west.hexes) == "A0.01-A0.36, B0.03-B0.36"


def test_starting_statuses_and_strength_are_set(setups, placed, game) -> None:
    # Scenario 2 (L375): Rucker at 0111, exhausted and Fatigue 1, manpower 2
    scenario = next(s for s in game.scenarios if s.scenario_id == "S2")
    row = next(r for r in scenario.setup if r.unit_id == "Rucker")
    assert (row.location, row.status, row.strength) == ("0111", "exhausted;fatigue-1", "2")
    # VASSAL names the piece with its active Exhausted layer, on its hex
    assert [(p.name, p.loc) for p in placed[scenario.name] if p.name.startswith("Rucker")] == [
        ("Rucker (Exhausted)", "0111")]
    (state,) = _unit_pieces(setups[scenario.name])["Rucker"]
    piece = Piece.decode(state.type, state.state)
    layers = {layer.name: layer for layer in piece.layers}
    assert layers["Exhausted"].active and layers["Exhausted"].image.startswith("back_exhausted_")
    assert layers["Fatigue"].active and layers["Fatigue"].level == 0
    assert not layers["Demoralized"].active
    assert piece.properties["Strength"] == "2"
    assert piece.name == "Rucker (Exhausted)"


def test_board_grid_names_every_drawn_hex_as_printed(module, game) -> None:
    board = module.map("Main Map").boards[0]
    (group,) = plan_boards(game.maps)
    geometry = group.boards[0]
    hexids = HexIds(game.maps)
    for column in range(1, 59):
        low, high = hexids.row_range("main", column)
        for row in (low, (low + high) // 2, high):
            h = Hex("main", column, row)
            assert board.location_name(geometry.centre(h)) == hexids.format(h)


def test_rebuild_is_byte_identical_and_reuses_the_cache(built, tmp_path) -> None:
    summary, out = built
    again = build_module(HSN, tmp_path, cache_dir=out / "cache")
    assert again.images_drawn == 0
    assert again.path.read_bytes() == summary.path.read_bytes()
    unchanged = build_module(HSN, tmp_path, cache_dir=out / "cache")
    assert unchanged.up_to_date and unchanged.path.read_bytes() == summary.path.read_bytes()


def test_gpids_survive_a_changed_oob_row(game) -> None:
    before = make_plan(game).gpids
    first, second = game.units[0], game.units[1]
    edited = replace(game, units=(replace(first, strength="9", name=first.name + " (edited)"), *game.units[1:]))
    assert make_plan(edited).gpids == before
    renamed = replace(game, units=(first, replace(second, unit_id=second.unit_id + "-new"), *game.units[2:]),
                      scenarios=())
    after = make_plan(renamed).gpids
    assert f"unit:{second.unit_id}" not in after
    assert {k: v for k, v in after.items() if k != f"unit:{second.unit_id}-new"} == \
        {k: v for k, v in before.items() if k != f"unit:{second.unit_id}"}


def _tiny_gbacw(rows: tuple[SetupRow, ...]) -> Game:
    # Into the Woods (digest 1.2): N map CCRR with prefix; units face vertices NE/E/SE/SW/W/NW
    north = MapDef("N", "North Map", "N", "CCRR", (10, 20), (1, 10), "even")
    units = (Unit("17 IL", "Union", "17 IL", "Inf", command="3/1/T", strength="7"),
             Unit("6 MS", "Confederate", "6 MS", "Inf", command="2/1/3", strength="5"))
    return Game("tiny", "Tiny", "GBACW", "", ("Union", "Confederate"), (north,), units=units,
                scenarios=(Scenario("T1", "Tiny test", setup=rows),))


def test_facing_and_disorder_reach_the_setup_save(tmp_path) -> None:
    game = _tiny_gbacw((SetupRow("17 IL", "N1205", facing="SE", status="disordered"),
                        SetupRow("6 MS", "N1506", facing="NW")))
    plan = make_plan(game)
    path = tmp_path / "t1.vsav"
    path.write_bytes(scenario_save(plan, plan.scenarios[0]))
    pieces = {Piece.decode(p.type, p.state).properties["UnitId"]: Piece.decode(p.type, p.state)
              for p in replay_save(read_save(path)).initial.pieces.values()}
    facing = {name: piece.find(FreeRotator)[0].facing for name, piece in pieces.items()}
    assert facing == {"17 IL": 5, "6 MS": 11}          # bearings 150 and 330 of 12 steps
    assert pieces["17 IL"].properties["Facing_Facing"] == "6"   # VASSAL's property is 1-based
    assert {l.name: l.active for l in pieces["17 IL"].layers}["Disordered"]
    assert not {l.name: l.active for l in pieces["6 MS"].layers}["Disordered"]


def test_unknown_unit_is_reported_at_the_rows_own_sheet_row() -> None:
    # the second record sits on spreadsheet row 9 (blank rows above it): the error says 9, not 3
    game = _tiny_gbacw((SetupRow("17 IL", "N1205", origin=SheetRow("scenarios.xlsx", "T1 Setup", 2)),
                        SetupRow("99 XX", "N1206", rulebook_line=812, origin=SheetRow("scenarios.xlsx", "T1 Setup", 9))))
    with pytest.raises(BuildError, match=r"^scenarios\.xlsx:T1 Setup:9:unit_id: unit '99 XX' .*\(rulebook line 812\)$"):
        make_plan(game)


def test_unknown_facing_of_a_record_made_in_code_names_the_sheet_only() -> None:
    game = _tiny_gbacw((SetupRow("17 IL", "N1205", facing="Up"),))
    with pytest.raises(BuildError, match=r"^scenarios\.xlsx:T1 Setup:0:facing: unknown facing 'Up'"):
        make_plan(game)


def test_cli_error_names_the_spreadsheet_row_below_a_blank_row(tmp_path) -> None:
    """Into the Woods scenario 1 setup with a blank row inserted at row 3 and a bad facing
    on spreadsheet row 10 (the 8th data row): the error must say row 10."""
    broken = tmp_path / "itw"
    shutil.copytree(HSN.parent / "into-the-woods-shiloh", broken)
    book = openpyxl.load_workbook(broken / "scenarios.xlsx")
    sheet_name = next(name for name in book.sheetnames if name.endswith(" Setup"))
    sheet = book[sheet_name]
    header = [cell.value for cell in sheet[1]]
    sheet.insert_rows(3)
    sheet.cell(row=10, column=header.index("facing") + 1, value="Upward")
    book.save(broken / "scenarios.xlsx")
    result = CliRunner().invoke(build_command, [str(broken), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert f"scenarios.xlsx:{sheet_name}:10:facing: unknown facing 'Upward'" in result.output
    assert "Traceback" not in result.output


def test_cli_reports_bad_data_without_traceback_and_writes_nothing(tmp_path) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(HSN, broken)
    toml = broken / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('system = "GCACW"', 'system = "NOPE"'), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(build_command, [str(broken), "-o", str(out)])
    assert result.exit_code == 1
    assert "game.toml" in result.output and "Traceback" not in result.output
    assert not (out / "hood-strikes-north.vmod").exists()


@pytest.mark.parametrize("target", ["3.6", "3.7", "3.8"])
def test_the_linter_agrees_with_vassal_on_the_module(built, checked, target) -> None:
    issues = lint_module(built[0].path, target)
    assert [str(i) for i in issues if i.severity != "info"] == [] and checked.problems() == []


def test_setup_starts_the_turn_track_at_the_scenario_start(setups, module, game) -> None:
    # Scenario 3 "A Great Chance Was Lost" starts on campaign Turn 6, November 28 (digest 1.3)
    scenario = next(s for s in game.scenarios if s.scenario_id == "S3")
    assert scenario.start_turn == 6
    tracker = module.turn_trackers[0]
    state = setups[scenario.name].initial.turns[tracker.ident]
    current_level, turn_level = decode(state, "|")
    index = int(decode(turn_level, ";")[0])
    assert current_level == "0"
    assert tracker.levels[0].items[index] == "6: Nov 28, 1864-11-28"


def test_palette_survives_a_formation_cycle() -> None:
    game = _tiny_gbacw((SetupRow("17 IL", "N1205"),))
    looped = replace(game, formations=(Formation("A", "Union", "Army", "army"),
                                       Formation("B", "Union", "Corps B", "corps", parent="C"),
                                       Formation("C", "Union", "Corps C", "corps", parent="B")),
                     units=(replace(game.units[0], formation="B"), game.units[1]))
    plan = make_plan(looped)
    slots = [el for el in parts.palette(looped, plan.profile, plan.gpids).iter() if el.tag.endswith("PieceSlot")]
    names = Counter(el.get("entryName") for el in slots)
    assert (names["17 IL"], names["6 MS"]) == (1, 1)


def test_cli_rebuild_with_nothing_changed_is_up_to_date(built) -> None:
    summary, out = built
    result = CliRunner().invoke(build_command, [str(HSN), "-o", str(out)])
    assert result.exit_code == 0
    assert result.output.strip().startswith(f"{summary.path}: up to date")
