"""Errors a user can act on: each names the file, the cell or the step, and what to do.

One test per case a new user met (issue 14, point 3), each with the exact message.
"""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from conftest import CORPUS, ENGINE_LOG, ENGINE_MODULE, REPO, RULEBOOKS
from test_gamedata_validate import set_cell

from adjutant.cli import main
from gamedata.importers import IMPORTERS
from gamedata.validate import validate

ITW = REPO / "sources" / "into-the-woods-shiloh"
CCN = CORPUS / "ccnapoleonics" / "dist"
RULEBOOK_OF = {"into-the-woods-shiloh": "000_c574b46a31a48b8f.txt", "shiloh": "001_bc722dbdf65a3fe9.txt",
               "cwb-regimental": "002_bf5691fdb44795f2.txt", "hood-strikes-north": "003_f9322ba859639b19.txt",
               "atlanta": "004_d72011bf1c6b615e.txt"}


def cli(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture()
def itw(tmp_path) -> Path:
    folder = tmp_path / "itw"
    shutil.copytree(ITW, folder)
    return folder


def store_result(book: Path, cell: str, result: str) -> None:
    """Give a formula cell the result a spreadsheet program stores beside it (openpyxl stores none)."""
    with zipfile.ZipFile(book) as zf:
        entries = {i.filename: zf.read(i) for i in zf.infolist()}
    pattern = re.compile(rf'<c r="{cell}"( t="[a-z]+")?><f>(.*?)</f><v></v>'.encode())
    for name, data in entries.items():
        if name.startswith("xl/worksheets/") and pattern.search(data):
            entries[name] = pattern.sub(rb'<c r="' + cell.encode() + rb'" t="str"><f>\2</f><v>' + result.encode()
                                        + b"</v>", data)
    with zipfile.ZipFile(book, "w") as zf:
        for name, data in entries.items():
            zf.writestr(name, data)


# ---------------------------------------------------------------- workbooks


def test_a_formula_without_a_stored_result_is_refused_by_cell(itw):
    set_cell(itw / "scenarios.xlsx", "S1 Setup", 3, "location", '="S"&"3103"')
    assert [str(p) for p in validate(itw)] == [
        'scenarios.xlsx:S1 Setup:3:location: formula without a cached value (="S"&"3103"): open and save the '
        "workbook in a spreadsheet program so it stores the result, or type the value"]
    result = cli("build", itw, "-o", itw.parent / "out")
    assert result.exit_code == 1 and "formula without a cached value" in result.stderr
    assert not (itw.parent / "out").exists()


def test_a_formula_is_read_through_its_stored_result(itw):
    set_cell(itw / "scenarios.xlsx", "S1 Setup", 3, "location", '="S"&"3103"')
    store_result(itw / "scenarios.xlsx", "B3", "S3103")
    assert validate(itw) == []


def test_a_formula_whose_result_is_an_error_is_refused(itw):
    set_cell(itw / "scenarios.xlsx", "S1 Setup", 3, "location", "=1/0")
    store_result(itw / "scenarios.xlsx", "B3", "#DIV/0!")
    assert [str(p) for p in validate(itw)] == [
        "scenarios.xlsx:S1 Setup:3:location: formula result is an error (#DIV/0! from =1/0)"]


@pytest.mark.parametrize(("book", "sheet", "column", "value", "message"), [
    ("scenarios.xlsx", "S1 Setup", "strength", -3, "-3 is below the smallest allowed value, 0"),
    ("scenarios.xlsx", "S1 Setup", "strength", 50000, "50000 is above the largest allowed value, 99"),
    ("scenarios.xlsx", "S1 Reinf", "strength", 120, "120 is above the largest allowed value, 99"),
    ("oob.xlsx", "Units", "strength", -5, "-5 is below the smallest allowed value, 0"),
    ("oob.xlsx", "Units", "strength", "-5", "-5 is below the smallest allowed value, 0"),   # a number held as text
    ("oob.xlsx", "Units", "manpower", 1000, "1000 is above the largest allowed value, 99"),
])
def test_negative_or_absurd_strengths_are_refused(itw, book, sheet, column, value, message):
    set_cell(itw / book, sheet, 2, column, value)
    assert [str(p) for p in validate(itw)] == [f"{book}:{sheet}:2:{column}: {message}"]


def test_a_corrupt_workbook_is_reported_once(itw):
    data = (itw / "oob.xlsx").read_bytes()
    (itw / "oob.xlsx").write_bytes(data[: len(data) // 2])  # cut short
    result = cli("validate", itw)
    assert result.exit_code == 1
    # not followed by an "unknown unit" for each of the hundreds of setup rows naming its units
    assert result.stdout == "oob.xlsx: not a readable workbook (.xlsx): the zip archive is cut short or damaged\n"


def test_a_workbook_missing_its_units_sheet_gives_no_knock_on_errors(itw):
    wb = openpyxl.load_workbook(itw / "oob.xlsx")
    del wb["Units"]
    wb.save(itw / "oob.xlsx")
    assert [str(p) for p in validate(itw)] == ["oob.xlsx:Units:0:: missing sheet"]


# ---------------------------------------------------------------- import-tables


@pytest.mark.parametrize("game", sorted(IMPORTERS))
def test_import_tables_on_another_games_rulebook_asks_if_it_is_the_right_one(tmp_path, game):
    folder = tmp_path / game
    shutil.copytree(REPO / "sources" / game, folder)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    for rulebook in sorted(set(RULEBOOK_OF.values()) - {RULEBOOK_OF[game]}):
        result = cli("import-tables", RULEBOOKS / rulebook, "--game", game, "-o", folder)
        assert result.exit_code == 2, (game, rulebook, result.output)
        assert "Traceback" not in result.output
        assert f"error: {rulebook}: " in result.stderr and "is this the right rulebook?" in result.stderr
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # nothing written


def test_import_tables_wrong_rulebook_message(tmp_path):
    folder = tmp_path / "atlanta"
    shutil.copytree(REPO / "sources" / "atlanta", folder)
    result = cli("import-tables", RULEBOOKS / "001_bc722dbdf65a3fe9.txt", "--game", "atlanta", "-o", folder)
    assert result.stderr == (
        "error: 001_bc722dbdf65a3fe9.txt: its first 20 lines never say 'Atlanta Game Rules': is this the right "
        "rulebook? Atlanta is imported from 004_d72011bf1c6b615e.txt\n")


# ---------------------------------------------------------------- modules, logs and their commands


def test_a_module_folder_without_its_board_images_warns_that_every_place_is_offboard():
    log = CCN / "CCNv4 Tutorial.vlog"
    warning = (f"warning: {CCN / 'buildFile.xml'}: 5 board image(s) missing (Bataille_de_Marengo v2.jpg, "
               "Eylau_cemetery _attack.jpg, Talavera v2.jpg and 2 more), so every location on those boards will "
               "be `offboard`: give the .vmod, or the module folder with its images/ folder\n")
    result = cli("inspect", log, "--module", CCN / "buildFile.xml")
    assert result.exit_code == 0 and result.stderr == warning
    result = cli("check", log, "--module", CCN / "buildFile.xml", "--check", "undo")
    assert result.stderr == warning
    # a module with its images gives no warning
    assert cli("inspect", ENGINE_LOG, "--module", ENGINE_MODULE).stderr == ""


def test_check_without_game_says_which_checks_it_could_not_run():
    result = cli("check", ENGINE_LOG)
    assert result.exit_code == 0
    assert "0 errors, 0 warnings, 2 not checked, 1 note\n" in result.output
    section = result.output.split("Not checked:\n")[1].split("\n\n")[0].splitlines()
    assert section == [
        "  module run in part: the pieces in play were not compared with the module's pieces, nor the log's "
        "module version with the module's: no --module given (module: module needs --module)",
        "  the game's rules were not checked (command ranges, supply, die-roll tables and combat results, the "
        "scenario's set-up, reinforcements, restricted hexes, exits and victory): "
        "no --game given (rules: rule checks need the game's data: --game sources/<game>)",
    ]


def test_check_with_a_game_says_which_rolls_it_could_not_read():
    # a log of a module we did not build: its buttons name no table of the game, and GCACW has no combat chart
    result = cli("check", ENGINE_LOG, "--module", ENGINE_MODULE, "--game", REPO / "sources" / "hood-strikes-north",
                 "--format", "json")
    import json
    unchecked = [f["message"] for f in json.loads(result.output)["findings"] if f["severity"] == "not-checked"]
    assert unchecked == ["1 roll(s) of 'Morale' (steps 2) not read against a die-roll table: no die-roll table of "
                         "the game is mapped to this button",
                         "1 combat roll(s) ('Combat') not checked: no combat table for GCACW (enter the series' "
                         "chart in combat.xlsx: adjutant combat-template writes the system's template)"]


def test_the_same_log_given_twice_is_named(tmp_path):
    copy = tmp_path / "turn3.vlog"
    shutil.copy(ENGINE_LOG, copy)
    result = cli("check", ENGINE_LOG, copy)
    assert result.exit_code == 2
    assert result.stderr == ("error: turn3.vlog and engine-undo-example.vlog are the same log: give each log "
                             "once, in playing order\n")
    result = cli("check", copy, "--previous", copy)
    assert result.exit_code == 2
    assert result.stderr == f"error: {copy} is given twice: give each log once, in playing order\n"


def test_validate_a_corrupt_vmod_exits_2(tmp_path):
    cut = tmp_path / "cut.vmod"
    cut.write_bytes(ENGINE_MODULE.read_bytes()[:3000])
    result = cli("validate", cut)
    assert result.exit_code == 2
    assert result.stderr == f"error: {cut}: not a readable VASSAL module (.vmod): the zip archive is cut short or damaged\n"
    empty = tmp_path / "empty.vmod"
    with zipfile.ZipFile(empty, "w") as zf:
        zf.writestr("savedGame", "not a module")
    result = cli("validate", empty)
    assert result.exit_code == 2
    assert result.stderr == (f"error: {empty}: not a readable VASSAL module (.vmod): the zip archive holds no buildFile "
                             "(cut short, damaged, or not a module)\n")


def test_validate_a_save_says_what_it_expected():
    save = CORPUS / "kassala" / "vmod" / "Default Setup.vsav"
    result = cli("validate", save)
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {save}: a saved game or log, not a module or game data; validate takes a game folder "
        "(sources/<game>), a module (a .vmod, an unpacked module folder, or its buildFile) or a units.csv with --game. "
        f"To read it: adjutant inspect {save}; to referee it: adjutant check {save}\n")
