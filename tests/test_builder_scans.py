"""Scanned maps: Hood Strikes North built on a "scan" drawn here at its own calibration.

The scan paints every hex of the map in a colour that encodes its column and row
(red = column, green = row), around the centre a printed map would have with the
calibration's spacing. A piece placed by the builder must therefore sit on a pixel of
its own hex's colour: a check independent of VASSAL's numbering code. The module is
also read back, replayed (VASSAL's naming) and linted.
"""
from __future__ import annotations

import re
import shutil
import struct
import zipfile
import zlib
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Printed:
    """How a printed map lays out Hood Strikes North's hexes (columns 1-58; odd columns
    rows 1-34, even ones 1-33, shifted half a hex toward higher rows): image size, the
    extra game.toml lines, and the centre of hex (column, row) in the image."""

    name: str
    size: tuple[int, int]
    toml: str
    y0: int = Y0

    def centre(self, column: int, row: int) -> tuple[float, float]:
        shifted = column % 2 == 0
        if self.name.startswith("rows down"):
            return X0 + (column - 1) * DX, Y0 + (row - 1) * DY + (DY / 2 if shifted else 0)
        if self.name == "rows up":        # row 34 at the top; shifted columns sit half a hex higher
            return X0 + (column - 1) * DX, Y0 + (34 - row) * DY - (DY / 2 if shifted else 0)
        # sideways: pointy-topped hexes, columns across (dy apart), rows down (dx apart), even
        # rows (or odd ones) half a hex to the right; x0/y0 swap meaning (format reference §3.1)
        right = row % 2 == (1 if self.name == "sideways, odd rows right" else 0)
        return Y0 + (column - 1) * DY + (DY / 2 if right else 0), X0 + (row - 1) * DX


LAYOUTS = (
    Printed("rows down", (WIDTH, HEIGHT), SCAN_TOML),
    # the calibration's origin at hex 0102 (raw row -1 is row 1): the row offset overridden
    Printed("rows down, origin at 0102", (WIDTH, HEIGHT),
            SCAN_TOML.replace(f"y0 = {Y0}", f"y0 = {Y0 + 38}") + "v_off = 2\n", Y0 + 38),
    Printed("rows up", (WIDTH, HEIGHT), 'rows_increase = "up"\n' + SCAN_TOML),
    Printed("sideways", (2260, 1200), SCAN_TOML + "sideways = true\n"),
    # VASSAL shifts odd raw rows (even game rows) right; the numbering override makes up for it
    Printed("sideways, odd rows right", (2260, 1200),
            SCAN_TOML.replace(f"y0 = {Y0}", f"y0 = {Y0 + 19}") + "sideways = true\nstagger = true\n", Y0 + 19),
)


def paint_scan(path: Path, printed: Printed = LAYOUTS[0]) -> None:
    """Every hex as a filled hexagon coloured (column, row, 99) around its printed centre."""
    image = Image.new("RGB", printed.size, (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for column in range(1, 59):
        for row in range(1, (34 if column % 2 else 33) + 1):
            x, y = printed.centre(column, row)
            draw.ellipse((x - 14, y - 14, x + 14, y + 14), fill=(column, row, 99))
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="PNG")


def scanned_game(folder: Path, scan_toml: str = SCAN_TOML, printed: Printed = LAYOUTS[0]) -> Path:
    """Hood Strikes North copied to `folder`, its map given the scan."""
    shutil.copytree(HSN, folder)
    toml = folder / "game.toml"
    text = toml.read_text(encoding="utf-8")
    marker = 'north = "right"\n'
    assert text.count(marker) == 1
    toml.write_text(text.replace(marker, marker + scan_toml), encoding="utf-8")
    paint_scan(folder / "maps" / "scan.png", printed)
    return folder


@pytest.fixture(scope="module", params=LAYOUTS, ids=[p.name for p in LAYOUTS])
def built(request, tmp_path_factory):
    printed = request.param
    folder = scanned_game(tmp_path_factory.mktemp("game") / "hsn", printed.toml, printed)
    summary = build_module(folder, tmp_path_factory.mktemp("out"))
    return folder, summary.path, printed, summary


@pytest.fixture(scope="module")
def module(built):
    return read_module(built[1])


def test_board_image_is_the_scan_unchanged(built, module) -> None:
    folder, vmod, printed, summary = built
    (board,) = module.map("Main Map").boards
    assert board.image.startswith("scan_") and board.image.endswith(".png")
    with zipfile.ZipFile(vmod) as archive:
        assert archive.read(f"images/{board.image}") == (folder / "maps" / "scan.png").read_bytes()
    assert (board.width, board.height) == printed.size          # from the image: no width/height given
    attrs = dict(board.attrs)
    assert "width" not in attrs and "height" not in attrs
    with zipfile.ZipFile(vmod) as archive:     # the summary counts drawn or cached images: not the scan
        assert summary.images == sum(1 for name in archive.namelist() if name.startswith("images/")) - 1


def test_grid_is_the_calibration(built, module) -> None:
    (board,) = module.map("Main Map").boards
    grid = board.grid
    assert (grid.x0, grid.y0, grid.dx, grid.dy, grid.sideways) == (X0, built[2].y0, DX, DY, built[2].name.startswith("sideways"))


def test_every_setup_piece_sits_on_its_hex_in_the_scan(built, module) -> None:
    folder, vmod, _, _ = built
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
    folder, vmod, _, _ = built
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


def test_scanned_map_joined_to_another_by_aliases_is_digitized_not_built(tmp_path) -> None:
    # Into the Woods: S{cc}01 = N{cc}34, so the north map is drawn stacked above the south map
    folder = tmp_path / "itw"
    shutil.copytree(HSN.parent / "into-the-woods-shiloh", folder)
    toml = folder / "game.toml"
    marker = 'rows = [1, 34]\nshifted_columns = "odd"\n\n[[maps]]'
    text = toml.read_text(encoding="utf-8")
    assert text.count(marker) == 1
    toml.write_text(text.replace(marker, marker.replace("\n\n", SCAN_TOML + "\n")), encoding="utf-8")
    paint_scan(folder / "maps" / "scan.png")
    message = ("game.toml::0:maps[0].scan.image: {}map 'N' shares hexes with another map (aliases); "
               "a scanned map must stand alone to be built (its scan can be digitized)")
    result = CliRunner().invoke(validate_command, [str(folder)])
    assert result.exit_code == 0 and message.format("warning: ") in result.output
    with pytest.raises(GameDataError, match=re.escape(message.format(""))):
        build_module(folder, tmp_path / "out")


def test_scan_table_is_checked_against_the_schema(tmp_path) -> None:
    folder = scanned_game(tmp_path / "hsn", SCAN_TOML.replace(f"dx = {DX}\n", "").replace("x0 = ", 'colour = "red"\nx0 = '))
    result = CliRunner().invoke(validate_command, [str(folder)])
    assert result.exit_code == 1
    assert "game.toml::0:maps.0.scan.dx: required value is empty" in result.output
    assert "game.toml::0:maps.0.scan: Additional properties are not allowed ('colour' was unexpected)" in result.output


def _png_header(width: int, height: int) -> bytes:
    """A PNG that only declares its size (signature, IHDR, IEND): never decoded by the builder."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) + chunk(b"IEND", b"")


def test_scan_declaring_too_many_pixels_is_refused_unread(tmp_path) -> None:
    folder = scanned_game(tmp_path / "hsn")
    (folder / "maps" / "scan.png").write_bytes(_png_header(30000, 30000))
    with pytest.raises(GameDataError, match=r"maps\[0\]\.scan\.image: maps/scan\.png: more than \d+ pixels"):
        build_module(folder, tmp_path / "out")


def test_scan_path_through_a_link_out_of_the_folder_is_refused(tmp_path) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "outside.png").write_bytes(b"x")
    (tmp_path / "game" / "link.png").symlink_to(tmp_path / "outside.png")
    assert scan_path(tmp_path / "game", "link.png") is None
    (tmp_path / "game" / "loop.png").symlink_to(tmp_path / "game" / "loop.png")
    assert scan_path(tmp_path / "game", "loop.png") is None
    assert scan_path(tmp_path / "game", "maps/scan\0.png") is None
    assert scan_path(tmp_path / "game", "maps/scan.png") == (tmp_path / "game" / "maps" / "scan.png").resolve()
