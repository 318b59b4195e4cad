"""`adjutant digitize`: a board the builder drew read back with the drawing's own legend, and a
real public scan (the jzhex template's map) read with a legend cut from it."""
from __future__ import annotations

import csv
import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from adjutant.cmd_digitize import digitize as digitize_command
from adjutant.cmd_validate import validate as validate_command
from builder.layout import plan_boards
from builder.module import build_module
from conftest import CORPUS
from gamedata.load import WORKBOOKS, columns, load_game
from gamedata.validate import validate
from gamedata.workbook import SheetData, read_workbook, write_workbook
from terrain_games import write_game

JZHEX = CORPUS / "jzhex" / "jzhex-n-counters-template-v12-379.vmod"
ITW = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"


def _set_rows(folder: Path, workbook: str = "terrain.xlsx", **sheets: list[dict]) -> None:
    book = read_workbook(folder / workbook)
    rows = {name: [dict(r.values) for r in sheet.rows] for name, sheet in book.items()}
    rows.update(sheets)
    write_workbook(folder / workbook, [SheetData(s.name, columns(s.schema), tuple(rows.get(s.name, ())))
                                       for s in WORKBOOKS["terrain.xlsx"]])


DRAFT = "player/terrain.xlsx"
"""Where digitize writes: the player's layer."""


@pytest.fixture(scope="module")
def round_trip(tmp_path_factory):
    """The random test map drawn by `adjutant build`, then digitized from its own board image."""
    base = tmp_path_factory.mktemp("round-trip")
    source = write_game(base / "drawn")
    board = plan_boards(load_game(source).maps)[0].boards[0]
    module = build_module(source, base / "out").path
    with zipfile.ZipFile(module) as archive:
        name = next(n for n in archive.namelist() if n.startswith("images/board_"))
        image = archive.read(name)
    target = write_game(base / "read", extra_toml=(
        f'[maps.scan]\nimage = "board.png"\nx0 = {board.x0}\ny0 = {board.y0}\ndx = {board.dx!r}\ndy = {float(board.dy)!r}\n'))
    (target / "board.png").write_bytes(image)
    _set_rows(target, Hexes=[], Hexsides=[])
    result = CliRunner().invoke(digitize_command, [str(target / "board.png"), "--game", str(target), "--map", "M"])
    return source, target, result


def _sides(terrain):
    for a in terrain.graph.hexes:
        for b in terrain.graph.neighbours(a):
            if a < b:
                yield a, b


def test_a_drawn_board_reads_back_with_the_drawings_own_legend(round_trip) -> None:
    source, target, result = round_trip
    assert result.exit_code == 0, result.output
    assert "DRAFT:" in result.output and "read with the legend of adjutant's own drawing" in result.output
    drawn, read = load_game(source).terrain, load_game(target).terrain
    wrong = []
    for h in drawn.graph.hexes:
        a, b = drawn.hex(h), read.hex(h)
        if b is None or set(a.terrain) != set(b.terrain) or a.elevation != b.elevation:
            wrong.append(("Hexes", drawn.hexids.format(h), ""))
    sides = list(_sides(drawn))
    for a, b in sides:
        if set(drawn.hexside(a, b).features) != set(read.hexside(a, b).features):
            wrong.append(("Hexsides", drawn.hexids.format(a), drawn.direction(a, b)))
    total = len(drawn.graph.hexes) + len(sides)
    assert total == 280 + 773
    assert (total - len(wrong)) / total >= 0.99
    doubtful = {(r["sheet"], r["hex"], r["side"]) for r in csv.DictReader(
        (target / "digitized" / "digitize-M-doubtful.csv").open(encoding="utf-8"))}
    assert set(wrong) <= doubtful                                    # nothing wrong is guessed silently
    rows = [dict(r.values) for r in read_workbook(target / DRAFT)["Hexes"].rows]
    assert {r["source"] for r in rows} == {"digitize"} and not any(r["reviewed"] for r in rows)
    assert all(0 <= r["confidence"] <= 1 for r in rows)
    assert (target / "digitized" / "digitize-M-overlay.png").is_file()


def test_validate_reports_the_unreviewed_draft_and_a_review_clears_it(round_trip, tmp_path) -> None:
    _, target, _ = round_trip
    copy = tmp_path / "copy"
    shutil.copytree(target, copy)
    warnings = [p for p in validate(copy) if p.severity == "warning"]
    assert [str(p).split(": warning:")[0] for p in warnings] == [f"{DRAFT}:Hexes:2:reviewed",
                                                                 f"{DRAFT}:Hexsides:2:reviewed"]
    assert "280 row(s) of map 'M' drafted by digitize are not reviewed (rows 2-281)" in str(warnings[0])
    result = CliRunner().invoke(validate_command, [str(copy)])
    assert result.exit_code == 0 and "2 warning(s)" in result.output        # a draft does not stop a build
    rows = [dict(r.values) for r in read_workbook(copy / DRAFT)["Hexes"].rows]
    rows[0]["reviewed"] = True
    hexsides = [dict(r.values, reviewed=True) for r in read_workbook(copy / DRAFT)["Hexsides"].rows]
    _set_rows(copy, DRAFT, Hexes=rows, Hexsides=hexsides)
    warnings = [str(p) for p in validate(copy) if p.severity == "warning"]
    assert len(warnings) == 1 and "279 row(s)" in warnings[0] and "(rows 3-281)" in warnings[0]
    # digitizing again replaces the unreviewed draft and keeps the reviewed rows
    result = CliRunner().invoke(digitize_command, [str(copy / "board.png"), "--game", str(copy), "--map", "M"])
    assert result.exit_code == 0, result.output
    assert "DRAFT: 279 hexes and 0 hexsides" in result.output          # every hexside row was reviewed
    assert "kept as they were: 1 hexes and" in result.output
    again = [dict(r.values) for r in read_workbook(copy / DRAFT)["Hexes"].rows]
    assert len(again) == 280 and again[0] == rows[0]
    assert [dict(r.values) for r in read_workbook(copy / DRAFT)["Hexsides"].rows] == hexsides
    assert [dict(r.values) for r in read_workbook(copy / "terrain.xlsx")["Hexes"].rows] == []   # the game's untouched


@pytest.fixture(scope="module")
def jzhex(tmp_path_factory) -> Path:
    """A game whose map is the jzhex template's scanned map, calibrated as the template's own HexGrid
    (x0=22, y0=-4, dx=80.883..., dy=93.9, stagger, numbering offsets 0)."""
    folder = tmp_path_factory.mktemp("jzhex")
    (folder / "maps").mkdir()
    with zipfile.ZipFile(JZHEX) as archive:
        (folder / "maps" / "map.jpg").write_bytes(archive.read("images/map.jpg"))
    (folder / "game.toml").write_text(
        'id = "jzhex"\nname = "Hex\'n\'Counters template"\nsystem = "GBACW"\nrulebook = "none"\nsides = ["Red", "Blue"]\n'
        '[[maps]]\nid = "main"\nname = "Map"\nprefix = ""\nid_format = "CCRR"\ncolumns = [0, 9]\nrows = [1, 8]\n'
        'shifted_columns = "even"\n[maps.scan]\nimage = "maps/map.jpg"\nx0 = 22\ny0 = -4\ndx = 80.88337155288302\n'
        'dy = 93.90000000000086\nstagger = true\nh_off = 0\nv_off = 0\n', encoding="utf-8")
    shutil.copy(ITW / "effects.xlsx", folder / "effects.xlsx")
    for file, specs in WORKBOOKS.items():
        if file != "effects.xlsx":
            write_workbook(folder / file, [SheetData(s.name, columns(s.schema), ()) for s in specs])
    assert validate(folder) == []
    return folder


def test_a_real_scan_without_a_legend_is_refused_with_what_to_give(jzhex, tmp_path) -> None:
    folder = tmp_path / "game"
    shutil.copytree(jzhex, folder)
    result = CliRunner().invoke(digitize_command, [str(folder / "maps" / "map.jpg"), "--game", str(folder), "--map", "main"])
    assert result.exit_code == 2
    assert "terrain.xlsx:Samples:0:map: map 'main' has no Samples (nor Legend) rows" in result.output
    assert "not a board adjutant drew" in result.output
    assert not (folder / DRAFT).exists()                                          # nothing written


@pytest.mark.parametrize("legend", ["colours", "patch"])
def test_the_jzhex_scan_digitizes_as_a_draft_with_its_overlay(jzhex, tmp_path, legend) -> None:
    folder = tmp_path / "game"
    shutil.copytree(jzhex, folder)
    scan = Image.open(folder / "maps" / "map.jpg").convert("RGB")
    if legend == "patch":
        scan.crop((300, 500, 340, 540)).save(folder / "maps" / "field.png")
        entry = {"map": "main", "code": "Field", "patch": "maps/field.png"}
    else:
        r, g, b = scan.getpixel((400, 600))
        entry = {"map": "main", "code": "Field", "colours": f"#{r:02x}{g:02x}{b:02x}"}
    _set_rows(folder, Legend=[entry])
    out = tmp_path / "review"
    result = CliRunner().invoke(digitize_command, [str(folder / "maps" / "map.jpg"), "--game", str(folder),
                                                   "--map", "main", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "read with terrain.xlsx Legend rows of map 'main'" in result.output
    assert "DRAFT: 80 hexes" in result.output and "not reviewed" in result.output
    rows = [dict(r.values) for r in read_workbook(folder / DRAFT)["Hexes"].rows]
    assert len(rows) == 80 and {r["terrain"] for r in rows} == {"Field"}
    assert {r["source"] for r in rows} == {"digitize"}
    # the template's lettering ("replace this with your map...") lies on the top rows: less sure there
    by_hex = {r["hex"]: r["confidence"] for r in rows}
    assert by_hex["0606"] == 1.0 and min(by_hex.values()) < 0.95
    picture = Image.open(out / "digitize-main-overlay.png")
    assert picture.size == scan.size
    assert picture.getpixel((22 + 2 * 81, 400)) != scan.getpixel((22 + 2 * 81, 400))   # tinted where read
    warnings = [p for p in validate(folder) if p.severity == "warning"]
    assert len(warnings) == 1 and "80 row(s) of map 'main' drafted by digitize are not reviewed" in str(warnings[0])


def test_digitize_names_what_is_wrong_with_its_input(jzhex, tmp_path) -> None:
    folder = tmp_path / "game"
    shutil.copytree(jzhex, folder)
    runner = CliRunner()
    missing = runner.invoke(digitize_command, [str(folder / "nothing.png"), "--game", str(folder), "--map", "main"])
    assert missing.exit_code == 2 and "nothing.png: no such file" in missing.output
    (folder / "broken.png").write_bytes(b"not an image")
    broken = runner.invoke(digitize_command, [str(folder / "broken.png"), "--game", str(folder), "--map", "main"])
    assert broken.exit_code == 2 and "not a readable image" in broken.output
    other = runner.invoke(digitize_command, [str(folder / "maps" / "map.jpg"), "--game", str(folder), "--map", "X"])
    assert other.exit_code == 2 and "no map 'X' (maps: main)" in other.output
    _set_rows(folder, Legend=[{"map": "main", "code": "Field", "patch": "../outside.png"}])
    outside = runner.invoke(digitize_command, [str(folder / "maps" / "map.jpg"), "--game", str(folder), "--map", "main"])
    assert outside.exit_code == 2 and "terrain.xlsx:Legend:2:patch:" in outside.output
    unscanned = runner.invoke(digitize_command, [str(folder / "maps" / "map.jpg"), "--game", str(ITW), "--map", "N"])
    assert unscanned.exit_code == 2 and "maps[0].scan: map 'N' has no [maps.scan] calibration" in unscanned.output
