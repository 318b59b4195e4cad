"""Scanned maps: Hood Strikes North built on a "scan" drawn here at its own calibration.

The scan paints every hex of the map in a colour that encodes its column and row
(red = column, green = row), around the centre a printed map would have with the
calibration's spacing. A piece placed by the builder must therefore sit on a pixel of
its own hex's colour: a check independent of VASSAL's numbering code. The module is
also read back, replayed (VASSAL's naming) and linted.
"""
from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageDraw

from adjutant.cmd_validate import validate as validate_command
from builder.module import build_module
from builder.scans import scan_path
from gamedata.hexids import HexIds
from gamedata.load import GameDataError, load_game
from vassal.lint import lint
from vassal.module import read_module
from vassal.piece import Piece
from vassal.replay import replay_save
from vassal.savefile import read_save

HSN = Path(__file__).resolve().parents[1] / "sources" / "hood-strikes-north"
X0, Y0, DX, DY = 40, 30, 33.5, 38.0
"""Not the builder's drawn geometry (regular hexes of height 64): a squashed scan."""
WIDTH, HEIGHT = 1990, 1333
SCAN_TOML = f'\n[maps.scan]\nimage = "maps/scan.png"\nx0 = {X0}\ny0 = {Y0}\ndx = {DX}\ndy = {DY}\n'


def paint_scan(path: Path, x0: int = X0, y0: int = Y0) -> None:
    """Hood Strikes North's hexes (columns 1-58; odd columns rows 1-34, even ones 1-33,
    shifted half a hex down) as filled hexagons coloured (column, row, 99)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    radius = 0.55 * DX
    for column in range(1, 59):
        for row in range(1, (34 if column % 2 else 33) + 1):
            x = x0 + (column - 1) * DX
            y = y0 + (row - 1) * DY + (DY / 2 if column % 2 == 0 else 0)
            draw.polygon([(x - radius, y), (x - radius / 2, y - DY * 0.45), (x + radius / 2, y - DY * 0.45),
                          (x + radius, y), (x + radius / 2, y + DY * 0.45), (x - radius / 2, y + DY * 0.45)],
                         fill=(column, row, 99))
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="PNG")


def scanned_game(folder: Path, scan_toml: str = SCAN_TOML) -> Path:
    """Hood Strikes North copied to `folder`, its map given the scan."""
    shutil.copytree(HSN, folder)
    toml = folder / "game.toml"
    text = toml.read_text(encoding="utf-8")
    marker = 'north = "right"\n'
    assert text.count(marker) == 1
    toml.write_text(text.replace(marker, marker + scan_toml), encoding="utf-8")
    paint_scan(folder / "maps" / "scan.png")
    return folder


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = scanned_game(tmp_path_factory.mktemp("game") / "hsn")
    summary = build_module(folder, tmp_path_factory.mktemp("out"))
    return folder, summary.path


@pytest.fixture(scope="module")
def module(built):
    return read_module(built[1])


def test_board_image_is_the_scan_unchanged(built, module) -> None:
    folder, vmod = built
    (board,) = module.map("Main Map").boards
    assert board.image.startswith("scan_") and board.image.endswith(".png")
    with zipfile.ZipFile(vmod) as archive:
        assert archive.read(f"images/{board.image}") == (folder / "maps" / "scan.png").read_bytes()
    assert (board.width, board.height) == (WIDTH, HEIGHT)           # from the image: no width/height given
    attrs = dict(board.attrs)
    assert "width" not in attrs and "height" not in attrs


def test_grid_is_the_calibration(module) -> None:
    (board,) = module.map("Main Map").boards
    grid = board.grid
    assert (grid.x0, grid.y0, grid.dx, grid.dy, grid.sideways) == (X0, Y0, DX, DY, False)


def test_every_setup_piece_sits_on_its_hex_in_the_scan(built, module) -> None:
    folder, vmod = built
    game = load_game(folder)
    hexids = HexIds(game.maps)
    main = module.map("Main Map")
    scan = Image.open(folder / "maps" / "scan.png").convert("RGB")
    checked = 0
    with zipfile.ZipFile(vmod) as archive:
        for scenario in game.scenarios:
            setup = next(s for s in module.predefined_setups if s.name == scenario.name)
            path = folder / "setup.vsav"
            path.write_bytes(archive.read(setup.file))
            replay = replay_save(read_save(path), module)
            by_unit: dict[str, list] = {}
            for state in replay.initial.pieces.values():
                by_unit.setdefault(Piece.decode(state.type, state.state).properties["UnitId"], []).append(state)
            for row in scenario.setup:
                hexes = hexids.expand(row.location) if not row.constraint else ()
                if len(hexes) != 1:
                    continue
                (state,) = by_unit[row.unit_id]
                assert state.location == hexids.normalize(row.location), (scenario.scenario_id, row)
                red, green, blue = scan.getpixel((state.x - main.edge_width, state.y - main.edge_height))
                h = hexids.parse(hexes[0])
                assert (red, green, blue) == (h.column, h.row, 99), (scenario.scenario_id, row.location)
                checked += 1
    assert checked > 250


def test_module_lints_clean(built) -> None:
    report = lint(built[1])
    assert not report.errors, [str(e) for e in report.errors]
    assert not report.warnings, [str(w) for w in report.warnings]


def test_rebuild_is_byte_identical(built, tmp_path) -> None:
    folder, vmod = built
    again = build_module(folder, tmp_path / "out", cache_dir=tmp_path / "cache")
    assert again.path.read_bytes() == vmod.read_bytes()


def test_validate_accepts_the_scanned_game(built) -> None:
    result = CliRunner().invoke(validate_command, [str(built[0])])
    assert result.exit_code == 0, result.output


def test_calibration_missing_the_map_is_reported_by_validate_and_build(tmp_path) -> None:
    # y0 = 400 pushes column 1 from row 26 down (400 + 25 x 38 = 1350) below the 1333-pixel image
    folder = scanned_game(tmp_path / "hsn", SCAN_TOML.replace(f"y0 = {Y0}", "y0 = 400"))
    result = CliRunner().invoke(validate_command, [str(folder)])
    assert result.exit_code == 1
    assert "game.toml::0:maps[0].scan: the calibration (x0=40, y0=400" in result.output
    assert "puts 493 hex(es) of map 'main' off the 1990x1333 image maps/scan.png: 0126 (at 40,1350)" in result.output
    with pytest.raises(GameDataError, match=r"game\.toml::0:maps\[0\]\.scan: .* off the 1990x1333 image"):
        build_module(folder, tmp_path / "out")
    assert not (tmp_path / "out" / "hood-strikes-north.vmod").exists()


@pytest.mark.parametrize("image", ["../outside.png", "/etc/passwd", "maps/../../outside.png", "C:\\maps\\scan.png"])
def test_scan_path_escaping_the_game_folder_is_refused(tmp_path, image) -> None:
    folder = scanned_game(tmp_path / "hsn", SCAN_TOML.replace('"maps/scan.png"', repr(image).replace("'", '"')))
    (tmp_path / "outside.png").write_bytes((folder / "maps" / "scan.png").read_bytes())
    with pytest.raises(GameDataError, match=r"maps\[0\]\.scan\.image: .* is not a path inside the game folder"):
        build_module(folder, tmp_path / "out")


def test_missing_or_unreadable_scan_is_named(tmp_path) -> None:
    folder = scanned_game(tmp_path / "hsn")
    (folder / "maps" / "scan.png").write_bytes(b"not an image")
    result = CliRunner().invoke(validate_command, [str(folder)])
    assert "maps[0].scan.image: maps/scan.png: not a PNG, JPEG or GIF image" in result.output
    (folder / "maps" / "scan.png").unlink()
    result = CliRunner().invoke(validate_command, [str(folder)])
    assert result.exit_code == 1
    assert "maps[0].scan.image: maps/scan.png: no such file in the game folder" in result.output


def test_scan_path_through_a_link_out_of_the_folder_is_refused(tmp_path) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "outside.png").write_bytes(b"x")
    (tmp_path / "game" / "link.png").symlink_to(tmp_path / "outside.png")
    assert scan_path(tmp_path / "game", "link.png") is None
    assert scan_path(tmp_path / "game", "maps/scan.png") == (tmp_path / "game" / "maps" / "scan.png").resolve()
