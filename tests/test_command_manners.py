"""How every command behaves with damaged files, deleted columns and the files it writes.

* A file that should be a zip archive (a save or log, a module, a workbook) and is empty, is
  no zip at all or is a zip cut short (an attachment that stopped) is said in one line, in the
  same words whichever command reads it.
* A column deleted from a workbook is one line, on its header: not one per row, nor the
  "unknown" lines of the references that read it.
* Files a command writes get the permissions the user's umask gives a new file (a temp file
  renamed into place would otherwise be private, 0600), or keep those of the file they replace.
* ``check -o FILE`` says in one line what the report it wrote holds.
"""

from __future__ import annotations

import os
import shutil
import stat
import zipfile
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from conftest import ENGINE_LOG, ENGINE_MODULE, REPO, RULEBOOKS
from terrain_games import write_game

from adjutant.cli import main
from builder.layout import plan_boards
from gamedata import load_game
from gamedata.validate import validate

ITW = REPO / "sources" / "into-the-woods-shiloh"
EMPTY, NOT_ZIP, CUT = "the file is empty (0 bytes)", "it is not a zip archive", "the zip archive is cut short or damaged"
SAVE, MODULE, WORKBOOK = "VASSAL save or log (.vsav, .vlog)", "VASSAL module (.vmod)", "workbook (.xlsx)"


def cli(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


def damaged(good: Path, defect: str, to: Path) -> Path:
    data = good.read_bytes()
    to.write_bytes({EMPTY: b"", NOT_ZIP: b"<html>the forum's error page</html>\n", CUT: data[: len(data) // 2]}[defect])
    return to


def one_line(result) -> str:
    """The command's whole output, which must be one line (and no traceback)."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code != 0
    lines = (result.stdout + result.stderr).splitlines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize("defect", [EMPTY, NOT_ZIP, CUT])
def test_a_damaged_log_or_module_is_one_line_worded_alike_by_every_command(tmp_path, defect):
    log = damaged(ENGINE_LOG, defect, tmp_path / "turn-3.vlog")
    said = f"error: {log}: not a readable {SAVE}: {defect}"
    assert one_line(cli("check", log)) == said
    assert one_line(cli("inspect", log)) == said
    assert one_line(cli("check", ENGINE_LOG, "--previous", log)) == said
    module = damaged(ENGINE_MODULE, defect, tmp_path / "game.vmod")
    said = f"error: {module}: not a readable {MODULE}: {defect}"
    assert one_line(cli("validate", module)) == said
    assert one_line(cli("check", ENGINE_LOG, "--module", module)) == said
    assert one_line(cli("inspect", ENGINE_LOG, "--module", module)) == said
    assert one_line(cli("map-units", module, "--game", ITW, "-o", tmp_path / "units.csv")) == said


@pytest.mark.parametrize("defect", [EMPTY, NOT_ZIP, CUT])
def test_a_damaged_workbook_is_one_line_worded_alike_by_every_command(tmp_path, defect):
    folder = tmp_path / "itw"
    shutil.copytree(ITW, folder)
    damaged(ITW / "oob.xlsx", defect, folder / "oob.xlsx")
    said = f"error: {folder / 'oob.xlsx'}: not a readable {WORKBOOK}: {defect}"
    assert one_line(cli("build", folder, "-o", tmp_path / "out")) == said
    assert one_line(cli("check", ENGINE_LOG, "--game", folder)) == said
    assert one_line(cli("inspect", ENGINE_LOG, "--game", folder)) == said
    assert one_line(cli("map-units", ENGINE_MODULE, "--game", folder, "-o", tmp_path / "units.csv")) == said
    assert one_line(cli("digitize", tmp_path / "scan.png", "--game", folder, "--map", "N")) == said
    # validate lists problems one per line, as file:sheet:row:column: message, the file's own without place
    result = cli("validate", folder)
    assert result.exit_code == 1 and result.stdout == f"oob.xlsx: not a readable {WORKBOOK}: {defect}\n"


@pytest.mark.parametrize("book, sheet, column", [
    ("oob.xlsx", "Units", "unit_id"), ("oob.xlsx", "Units", "name"), ("oob.xlsx", "Formations", "formation_id"),
    ("scenarios.xlsx", "Scenarios", "scenario_id"), ("scenarios.xlsx", "S1 Setup", "location"),
    ("tables.xlsx", "Tables", "die"), ("tables.xlsx", "Modifiers", "modifier"), ("effects.xlsx", "Terrain", "code"),
    ("effects.xlsx", "Costs", "move"), ("terrain.xlsx", "Specials", "hex"), ("rules.xlsx", "Ranges", "leader"),
])
def test_a_deleted_column_is_one_line(tmp_path, book, sheet, column):
    folder = tmp_path / "itw"
    shutil.copytree(ITW, folder)
    workbook = openpyxl.load_workbook(folder / book)
    header = [c.value for c in workbook[sheet][1]]
    workbook[sheet].delete_cols(header.index(column) + 1)
    workbook.save(folder / book)
    assert [str(p) for p in validate(folder) if p.is_error] == [f"{book}:{sheet}:1:{column}: missing column"]


# ---------------------------------------------------------------- files we write


@pytest.fixture(params=[0o077, 0o002], ids=["umask-077", "umask-002"])
def umask(request):
    old = os.umask(request.param)
    yield 0o666 & ~request.param
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_every_file_a_command_writes_has_the_users_permissions(tmp_path, umask):
    game = write_game(tmp_path / "drawn")
    result = cli("build", game, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    vmod = next((tmp_path / "out").glob("*.vmod"))
    written = [vmod, *(tmp_path / "out" / "cache").rglob("*.png"), *(tmp_path / "out").rglob("*.stamp"),
               *game.glob("*.xlsx")]
    # digitize the drawn board back: the overlay, the doubtful cells, the drafted terrain.xlsx
    board = plan_boards(load_game(game).maps)[0].boards[0]
    scan = write_game(tmp_path / "scan", extra_toml=(f'[maps.scan]\nimage = "board.png"\nx0 = {board.x0}\n'
                                                     f'y0 = {board.y0}\ndx = {board.dx!r}\ndy = {float(board.dy)!r}\n'))
    with zipfile.ZipFile(vmod) as archive:
        (scan / "board.png").write_bytes(archive.read(next(n for n in archive.namelist()
                                                           if n.startswith("images/board_"))))
    result = cli("digitize", scan / "board.png", "--game", scan, "--map", "M")
    assert result.exit_code == 0, result.output
    drafted = scan / "player" / "terrain.xlsx"          # the draft goes to the player's layer
    assert drafted.is_file()
    written += [drafted, *(scan / "digitized").iterdir()]
    result = cli("check", ENGINE_LOG, "--module", ENGINE_MODULE, "--format", "html", "-o", tmp_path / "report.html")
    assert result.exit_code == 0, result.output
    result = cli("map-units", ENGINE_MODULE, "--game", ITW, "-o", tmp_path / "units.csv")
    assert result.exit_code == 0, result.output
    imported = tmp_path / "hsn"
    shutil.copytree(REPO / "sources" / "hood-strikes-north", imported)
    for made in (*imported.glob("*.xlsx"), *imported.glob("import-report.*")):   # written anew
        made.unlink()
    result = cli("import-tables", RULEBOOKS / "003_f9322ba859639b19.txt", "--game", "hood-strikes-north", "-o", imported)
    assert result.exit_code in (0, 1), result.output
    written += [tmp_path / "report.html", tmp_path / "units.csv", *imported.glob("*.xlsx"),
                *imported.glob("import-report.*")]
    assert len(written) > 12
    assert {p.name: oct(mode(p)) for p in written} == {p.name: oct(umask) for p in written}
    assert not list(tmp_path.rglob("*.tmp")) and not list(tmp_path.rglob(".*.xlsx.*"))


def test_a_file_written_again_keeps_its_permissions(tmp_path, umask):
    report = tmp_path / "report.txt"
    report.write_text("an older report")
    report.chmod(0o640)
    assert cli("check", ENGINE_LOG, "-o", report).exit_code == 0
    assert mode(report) == 0o640 and "engine-undo-example.vlog" in report.read_text()


def test_check_o_says_in_one_line_what_the_report_holds(tmp_path):
    for fmt in ("text", "json", "html"):
        out = tmp_path / f"report.{fmt}"
        result = cli("check", ENGINE_LOG, "--module", ENGINE_MODULE, "--format", fmt, "-o", out)
        assert result.exit_code == 0 and result.stderr == ""
        # the counts the report itself gives: the one undo (a note), the game's rules not checked
        assert result.stdout == f"{out}: 0 errors, 0 warnings, 1 not checked, 1 note in 1 file (7 steps)\n"
    result = cli("check", ENGINE_LOG, "--module", ENGINE_MODULE)
    assert "0 errors, 0 warnings, 1 not checked, 1 note\n" in result.stdout
