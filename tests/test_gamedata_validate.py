"""`adjutant validate` on the bundled Hood Strikes North data and on broken copies of it."""
from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from adjutant.cmd_validate import validate as validate_command
from gamedata import GameDataError, load_game, validate

REPO = Path(__file__).resolve().parents[1]
GAME = REPO / "sources" / "hood-strikes-north"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "hsn"
    shutil.copytree(GAME, target)
    return target


def set_cell(path: Path, sheet: str, row: int, column: str, value: object) -> None:
    book = openpyxl.load_workbook(path)
    ws = book[sheet]
    header = [c.value for c in ws[1]]
    ws.cell(row=row, column=header.index(column) + 1, value=value)
    book.save(path)


def lines_of(folder: Path) -> list[str]:
    return [str(p) for p in validate(folder)]


def test_bundled_game_is_clean():
    assert validate(GAME) == []
    game = load_game(GAME)
    assert len(game.scenarios) == 9 and game.maps[0].rows_even == (1, 33)


def test_cli_clean_exit_0():
    result = CliRunner().invoke(validate_command, [str(GAME)])
    assert result.exit_code == 0
    assert "no problems" in result.output


def test_unknown_unit(copy):
    set_cell(copy / "scenarios.xlsx", "S1 Setup", 2, "unit_id", "Nobody")
    assert lines_of(copy) == ["scenarios.xlsx:S1 Setup:2:unit_id: unknown unit in the OOB 'Nobody'"]


def test_hex_off_the_map(copy):
    # column 44 is even: it ends at row 33 (S6 rule 3, "hexes 4401 to 4433")
    set_cell(copy / "scenarios.xlsx", "S6 Setup", 3, "location", "4434")
    problems = lines_of(copy)
    assert len(problems) == 1
    assert problems[0].startswith("scenarios.xlsx:S6 Setup:3:location: hex '4434' is off map 'main'")


def test_bad_command_path(copy):
    set_cell(copy / "oob.xlsx", "Units", 5, "command", "USA Nowhere")
    assert lines_of(copy) == ["oob.xlsx:Units:5:command: unknown command (formation_id) 'USA Nowhere'"]


def test_command_path_loop(copy):
    # CSA AT is row 2 of Formations; make the army report to one of its own corps
    set_cell(copy / "oob.xlsx", "Formations", 2, "parent", "CSA C")
    problems = lines_of(copy)
    assert "oob.xlsx:Formations:2:parent: command path of 'CSA AT' loops back to 'CSA AT'" in problems


def test_wrong_type(copy):
    set_cell(copy / "scenarios.xlsx", "S2 Setup", 4, "strength", "eleven")
    assert lines_of(copy) == ["scenarios.xlsx:S2 Setup:4:strength: 'eleven' is not a whole number"]


def test_missing_sheet(copy):
    book = openpyxl.load_workbook(copy / "scenarios.xlsx")
    del book["S9 Reinf"]
    book.save(copy / "scenarios.xlsx")
    assert lines_of(copy) == ["scenarios.xlsx:S9 Reinf:0:: missing sheet"]


def test_missing_column(copy):
    book = openpyxl.load_workbook(copy / "oob.xlsx")
    book["Units"].delete_cols(4)  # the `type` column
    book.save(copy / "oob.xlsx")
    assert lines_of(copy) == ["oob.xlsx:Units:1:type: missing column"]   # one line, not one per unit


def test_empty_file(copy):
    (copy / "tables.xlsx").write_bytes(b"")
    assert lines_of(copy) == ["tables.xlsx: not a readable workbook (.xlsx): the file is empty (0 bytes)"]


def test_not_a_spreadsheet(copy):
    (copy / "terrain.xlsx").write_text("map,hex,terrain\nmain,1715,town\n", encoding="utf-8")
    assert lines_of(copy) == ["terrain.xlsx: not a readable workbook (.xlsx): it is not a zip archive"]


def test_cli_reports_problems_exit_1(copy):
    set_cell(copy / "scenarios.xlsx", "S1 Setup", 2, "unit_id", "Nobody")
    result = CliRunner().invoke(validate_command, [str(copy)])
    assert result.exit_code == 1
    assert "scenarios.xlsx:S1 Setup:2:unit_id: unknown unit in the OOB 'Nobody'" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_cli_unreadable_folder_exit_2(tmp_path):
    result = CliRunner().invoke(validate_command, [str(tmp_path / "absent")])
    assert result.exit_code == 2
    assert "absent: no such file or folder; validate takes a game folder" in result.output


def test_broken_game_toml(copy):
    (copy / "game.toml").write_text('id = "hood-strikes-north"\nname = [\n', encoding="utf-8")
    problems = lines_of(copy)
    assert len(problems) == 1 and problems[0].startswith("game.toml: not valid TOML")


def test_load_game_refuses_broken_data(copy):
    set_cell(copy / "scenarios.xlsx", "S1 Setup", 2, "unit_id", "Nobody")
    with pytest.raises(GameDataError) as caught:
        load_game(copy)
    assert [p.column for p in caught.value.problems] == ["unit_id"]


def test_validation_never_modifies_inputs(copy):
    before = {p.name: p.read_bytes() for p in copy.iterdir()}
    validate(copy)
    assert {p.name: p.read_bytes() for p in copy.iterdir()} == before


def test_unit_placed_twice_in_a_scenario(copy):
    # S1 Setup row 3 is Chalmers (L243); make it Forrest, who is row 2 (L242)
    set_cell(copy / "scenarios.xlsx", "S1 Setup", 3, "unit_id", "Forrest")
    assert lines_of(copy) == ["scenarios.xlsx:S1 Setup:3:unit_id: 'Forrest' is already placed in S1 Setup row 2"]


def test_reinforcement_turn_outside_the_track(copy):
    # Smith-B arrives on Turn 10 (L1796); the HSN track has 32 turns
    book = openpyxl.load_workbook(copy / "scenarios.xlsx")
    ws = book["S9 Reinf"]
    header = [c.value for c in ws[1]]
    row = next(r for r in range(2, ws.max_row + 1) if ws.cell(r, header.index("unit_id") + 1).value == "Smith-B")
    ws.cell(row, header.index("turn") + 1, value=33)
    book.save(copy / "scenarios.xlsx")
    assert lines_of(copy) == [
        f"scenarios.xlsx:S9 Reinf:{row}:turn: unknown turn (id, label or hour of game.toml turns) '33'"]


def test_sheet_outside_the_layout(copy):
    book = openpyxl.load_workbook(copy / "scenarios.xlsx")
    book.create_sheet("S10 Setup")
    book.save(copy / "scenarios.xlsx")
    assert lines_of(copy) == [
        "scenarios.xlsx:S10 Setup:0:: sheet not in the layout (a scenario sheet needs a Scenarios row)"]


def test_vp_location_off_the_map(copy):
    set_cell(copy / "tables.xlsx", "VP", 2, "location", "1715/5934")
    problems = lines_of(copy)
    assert len(problems) == 1 and problems[0].startswith("tables.xlsx:VP:2:location: hex '5934' is off map")


BUNDLED = sorted(p.parent.name for p in (REPO / "sources").glob("*/game.toml"))


@pytest.mark.parametrize("game", BUNDLED)
def test_every_bundled_game_validates(game):
    assert validate(REPO / "sources" / game) == []


def test_hsn_is_bundled():
    assert "hood-strikes-north" in BUNDLED


def test_column_twice(copy):
    book = openpyxl.load_workbook(copy / "oob.xlsx")
    ws = book["Units"]
    ws.cell(row=1, column=ws.max_column + 1, value="name")
    book.save(copy / "oob.xlsx")
    assert lines_of(copy) == ["oob.xlsx:Units:1:name: column appears twice"]


def test_two_maps_with_one_prefix(copy):
    text = (copy / "game.toml").read_text(encoding="utf-8")
    second = text[text.index("[[maps]]"):text.index("[[areas]]")].replace('id = "main"', 'id = "second"')
    (copy / "game.toml").write_text(text.replace("[[areas]]", second + "[[areas]]", 1), encoding="utf-8")
    assert lines_of(copy) == ["game.toml::0:maps[1].prefix: map prefix '' used twice"]
