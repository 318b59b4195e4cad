"""`adjutant digitize` on the pictures a player has: a module's boards (`--module`) and scans under
`[maps.scan]`, two maps that share a row (as Into the Woods' north and south maps do), and what
it says when the picture, the module or the samples cannot be used.

The two-map game is drawn by `adjutant build` from known terrain (tests/terrain_games.py), so the
draft read back from the module's boards, or from the boards' images as scans, must be that
terrain: every hex once (the shared row as the north map's), every hexside, the seam's too.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from adjutant.cmd_digitize import digitize as digitize_command
from builder.map_image import from_module
from builder.module import build_module
from builder.samples import read_samples
from builder.terrain_draft import DigitizeError
from gamedata.load import WORKBOOKS, columns, load_game
from gamedata.validate import validate
from gamedata.workbook import SheetData, read_workbook, write_workbook
from kassala_module import zip_module
from terrain_games import write_shared_row_game
from vassal.module import read_module

DRAFT = Path("player") / "terrain.xlsx"


def _blank_terrain(folder: Path) -> Path:
    write_workbook(folder / "terrain.xlsx", [SheetData(s.name, columns(s.schema), ()) for s in WORKBOOKS["terrain.xlsx"]])
    return folder


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """The two-map game with its terrain, its module, and a copy of the game without terrain."""
    base = tmp_path_factory.mktemp("shared-row")
    source = write_shared_row_game(base / "source")
    module = build_module(source, base / "out").path
    return source, module, base


def _differences(source: Path, read: Path) -> tuple[list[str], list[str]]:
    """The hexes and hexsides whose terrain read back differs from the terrain drawn."""
    drawn, found = load_game(source).terrain, load_game(read).terrain
    ids = drawn.hexids
    hexes = [ids.format(h) for h in drawn.graph.hexes
             if found.hex(h) is None or found.hex(h).terrain != drawn.hex(h).terrain]
    sides = []
    for a in drawn.graph.hexes:
        for b in drawn.graph.neighbours(a):
            if a < b:
                want, got = drawn.hexside(a, b), found.hexside(a, b)
                if got is None or set(want.features if want else ()) != set(got.features):
                    sides.append(f"{ids.format(a)}|{ids.format(b)}")
    return hexes, sides


def test_both_boards_of_a_module_read_as_one_map_window(shared, tmp_path) -> None:
    source, module, _ = shared
    game = _blank_terrain(write_shared_row_game(tmp_path / "game"))
    result = CliRunner().invoke(digitize_command, ["--module", str(module), "--game", str(game)])
    assert result.exit_code == 0, result.output
    assert "map N: read with" in result.output and "map S: read with" in result.output
    assert "DRAFT: 96 hexes" in result.output            # the north map: 12 x 8
    assert "DRAFT: 84 hexes" in result.output            # the south map less its first row, the north's last
    assert "lie outside" not in result.output             # no hex of either map is missing
    hexes, sides = _differences(source, game)
    assert hexes == [] and sides == []
    rows = [dict(r.values) for r in read_workbook(game / DRAFT)["Hexes"].rows]
    assert len(rows) == 180 and not any(r["hex"].startswith("S") and r["hex"].endswith("01") for r in rows)
    overlay = game / "digitized" / "digitize-N-S-overlay.png"
    assert Image.open(overlay).size == Image.open(overlay).size and overlay.stat().st_size > 0


def _printed_scans(module: Path, game: Path) -> None:
    """Each map a [maps.scan] table and an image cut from the module's map window as a printed
    map shows it: the south map with the row it shares with the north map (its row 01)."""
    loaded = load_game(game)
    window = from_module(loaded, module).image
    boards = {b.name: b for b in next(m for m in read_module(module).maps if m.name == "Main Map").boards}
    north, south = boards["North map"], boards["South map"]
    top = north.height - round(north.grid.dy) - 40              # 40 px above the centres of the shared row
    window.crop((0, 0, north.width, north.height)).save(game / "N.png")
    window.crop((0, top, south.width, north.height + south.height)).save(game / "S.png")
    y0 = {"N": north.grid.y0, "S": south.grid.y0 + north.height - top - round(south.grid.dy)}
    text = (game / "game.toml").read_text(encoding="utf-8")
    head, *maps = text.split("[[maps]]")
    for index, map_id in enumerate(("N", "S")):
        grid = north.grid
        scan = (f'raw_origin = [1, 0]\n[maps.scan]\nimage = "{map_id}.png"\nx0 = {grid.x0}\ny0 = {y0[map_id]}\n'
                f'dx = {grid.dx!r}\ndy = {grid.dy!r}\n')
        maps[index] = maps[index].replace('shifted_columns = "odd"\n', 'shifted_columns = "odd"\n' + scan, 1)
    (game / "game.toml").write_text("[[maps]]".join([head, *maps]), encoding="utf-8")


def test_two_printed_scans_that_share_a_row_digitize_one_map_at_a_time(shared, tmp_path) -> None:
    source, module, _ = shared
    game = _blank_terrain(write_shared_row_game(tmp_path / "game"))
    _printed_scans(module, game)
    warnings = [str(p) for p in validate(game)]
    assert all(": warning:" in w for w in warnings), warnings
    runner = CliRunner()
    for map_id in ("S", "N"):           # the south map first: the shared row is still read as the north's
        result = runner.invoke(digitize_command, [str(game / f"{map_id}.png"), "--game", str(game), "--map", map_id])
        assert result.exit_code == 0, result.output
        assert "lie outside" not in result.output
    hexes, sides = _differences(source, game)
    assert hexes == [] and sides == []          # the seam's hexsides read from the south map's scan


def test_a_hex_beside_hexes_the_picture_does_not_show_is_not_surveyed(shared, tmp_path) -> None:
    """A scan cut short of the north map's last column: its hexes are not read, and the
    hexsides beside them are unknown, not plain."""
    source, module, _ = shared
    game = _blank_terrain(write_shared_row_game(tmp_path / "game"))
    _printed_scans(module, game)
    with Image.open(game / "N.png") as scan:
        scan.crop((0, 0, scan.width - 90, scan.height)).save(game / "N.png")
    result = CliRunner().invoke(digitize_command, [str(game / "N.png"), "--game", str(game), "--map", "N"])
    assert result.exit_code == 0, result.output
    assert "map N: 8 hex(es) of the map lie outside the scan N.png" in result.output
    assert ": not read (N1201, N1202, N1203, N1204, N1205, N1206, ...)" in result.output
    read = load_game(game).terrain
    ids = read.hexids
    assert read.hex(ids.parse("N1203")) is None and read.hexside(ids.parse("N1103"), ids.parse("N1203")) is None
    assert not read.hex(ids.parse("N1103")).sides_complete and read.hex(ids.parse("N1003")).sides_complete
    assert read.hex(ids.parse("N0608")).sides_complete        # the seam is read with the south map


def test_a_module_board_that_names_no_hex_of_the_game_is_refused(shared, tmp_path) -> None:
    _, module, _ = shared
    runner = CliRunner()
    game = write_shared_row_game(tmp_path / "game")
    none = runner.invoke(digitize_command, ["--module", str(module), "--game", str(game), "--board", "Nowhere"])
    assert none.exit_code == 2 and "no board 'Nowhere' (boards: North map, South map, No scenarios, Eliminated)" in none.output
    kassala = runner.invoke(digitize_command, ["--module", str(zip_module(tmp_path / "k.vmod")), "--game", str(game)])
    assert kassala.exit_code == 2 and "no board is named as a map of the game (boards: Kassala; maps: " in kassala.output
    both = runner.invoke(digitize_command, ["x.png", "--module", str(module), "--game", str(game)])
    assert both.exit_code == 2 and "give either a scan (IMAGE, with --map) or --module" in both.output
    broken = tmp_path / "broken.vmod"
    broken.write_bytes(b"not a module")
    bad = runner.invoke(digitize_command, ["--module", str(broken), "--game", str(game)])
    assert bad.exit_code == 2 and "broken.vmod" in bad.output and "Traceback" not in bad.output
    assert not (game / DRAFT).exists()


def test_sample_hexsides_need_plain_ones_and_samples_must_be_on_the_picture(shared, tmp_path) -> None:
    _, module, _ = shared
    game = _blank_terrain(write_shared_row_game(tmp_path / "game"))
    samples = [{"map": "N", "code": "Woods", "hex": "N0101"}, {"map": "N", "code": "Stream", "hex": "N0101", "side": "S"}]
    write_workbook(game / "terrain.xlsx", [SheetData(s.name, columns(s.schema), tuple(samples) if s.name == "Samples" else ())
                                           for s in WORKBOOKS["terrain.xlsx"]])
    result = CliRunner().invoke(digitize_command, ["--module", str(module), "--game", str(game)])
    assert result.exit_code == 2
    assert "terrain.xlsx:Samples:0:code: the Samples name hexsides with features but none without" in result.output
    samples = [{"map": "S", "code": "Woods", "hex": "S0101"}, {"map": "S", "code": "Field", "hex": "S0202"}]
    write_workbook(game / "terrain.xlsx", [SheetData(s.name, columns(s.schema), tuple(samples) if s.name == "Samples" else ())
                                           for s in WORKBOOKS["terrain.xlsx"]])
    picture = from_module(load_game(game), module, "South map")     # drawn from its row 02: row 01 is the north's
    with pytest.raises(DigitizeError, match=r"terrain.xlsx:Samples:2:hex: sample S0101 is not on board 'South map'"):
        read_samples(load_game(game), picture)


@pytest.mark.parametrize("row, message", [
    ({"map": "N", "code": "Stream", "hex": "N0101"}, "'Stream' is a hexside code, not for a sample hex"),
    ({"map": "N", "code": "Woods", "hex": "N0101", "side": "S"}, "'Woods' is a hex code, not for a sample hexside"),
    ({"map": "N", "code": "none", "hex": "N0101"}, "'none' is not a hex code of the system"),
    ({"map": "N", "code": "Woods", "hex": "N9999"}, "hex"),
    ({"map": "X", "code": "Woods", "hex": "N0101"}, "unknown map 'X'"),
    ({"map": "N", "code": "Stream", "hex": "N0101", "side": "N"}, "is the map's edge"),
])
def test_samples_are_checked_cell_by_cell(tmp_path, row, message) -> None:
    game = _blank_terrain(write_shared_row_game(tmp_path / "game"))
    rows = [{"map": "N", "code": "Woods", "hex": "N0202"}, row]
    write_workbook(game / "terrain.xlsx", [SheetData(s.name, columns(s.schema), tuple(rows) if s.name == "Samples" else ())
                                           for s in WORKBOOKS["terrain.xlsx"]])
    problems = [str(p) for p in validate(game) if p.is_error]
    assert len(problems) == 1 and problems[0].startswith("terrain.xlsx:Samples:3:") and message in problems[0], problems


def test_progress_is_told_as_hexes_and_hexsides_are_read(shared, tmp_path) -> None:
    _, module, _ = shared
    game = _blank_terrain(write_shared_row_game(tmp_path / "game"))
    samples = [{"map": "N", "code": c, "hex": h} for c, h in (("Woods", "N0101"), ("Field", "N0102"))]
    write_workbook(game / "terrain.xlsx", [SheetData(s.name, columns(s.schema), tuple(samples) if s.name == "Samples" else ())
                                           for s in WORKBOOKS["terrain.xlsx"]])
    told: list[tuple[int, int]] = []
    loaded = load_game(game)
    read_samples(loaded, from_module(loaded, module), lambda done, total: told.append((done, total)))
    total = told[-1][1]
    assert told[-1] == (total, total) and total == 180 + 487
    assert [d for d, _ in told] == sorted(d for d, _ in told) and len(told) > 5
    with pytest.raises(DigitizeError):
        from_module(loaded, module, "North map", "Q")
    shutil.rmtree(game)


ITW = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"


def test_into_the_woods_two_boards_read_with_their_place_names_as_no_terrain(tmp_path) -> None:
    """The bundled Into the Woods module: its north and south boards, which share a row, read
    in one map window with the legend of adjutant's drawing. Its bundled terrain is three marsh
    hexes, so the boards show no feature; the place names printed across hexsides (the north end
    of the Tennessee River, Shiloh Church), anti-aliased, are lettering, not a slope's line."""
    module = build_module(ITW, tmp_path / "out").path
    game = tmp_path / "game"
    shutil.copytree(ITW, game)
    result = CliRunner().invoke(digitize_command, ["--module", str(module), "--game", str(game)])
    assert result.exit_code == 0, result.output
    assert "map N: read with" in result.output and "map S: read with" in result.output
    assert "DRAFT: 0 hexes and 0 hexsides with features" in result.output
    assert "kept as they were: 3 hexes" in result.output              # the rulebook's marsh hexes, not redrafted
    # the south map's row 01 is the north map's row 34 (game.toml's alias), the north map ends at
    # column 66: the module draws the south map from its row 02, so these three are on no board
    assert "map S: 3 hex(es) of the map lie outside board 'North map', 'South map' of into-the-woods-shiloh.vmod: " \
           "not read (S6701, S6801, S6901)" in result.output
    assert {name: len(sheet.rows) for name, sheet in read_workbook(game / DRAFT).items()} == {"Hexes": 0, "Hexsides": 0}
    doubtful = (game / "digitized" / "digitize-N-S-doubtful.csv").read_text(encoding="utf-8").splitlines()
    listed = {line.split(",")[2] for line in doubtful[1:]}
    assert "S2501" not in listed and "N2534" in listed                # the shared row once, as the north map's
    assert not (ITW / "player").exists()                              # the bundled folder untouched


def test_hex_numbers_printed_by_every_north_side_are_no_road(tmp_path) -> None:
    """Adjutant's boards print each hex's number on a paper label at its top, by its north side
    (as most printed maps do): the line joining two centres across a north side runs through
    it. Read with three samples of each code chosen at random (of the random test map of
    tests/terrain_games.py), roads and farm lanes are found where they are drawn, and a label
    is not taken for one: each hexside is measured against the typical one of its orientation."""
    import random

    from terrain_games import write_game

    source = write_game(tmp_path / "source")
    module = build_module(source, tmp_path / "out").path
    drawn = load_game(source).terrain
    ids = drawn.hexids
    rng = random.Random(1)
    samples = []
    by_code: dict[str, list] = {}
    for h in sorted(drawn.graph.hexes):
        by_code.setdefault(drawn.hex(h).terrain[0], []).append(h)
    for code, found in by_code.items():
        samples += [{"map": "M", "code": code, "hex": ids.format(h)} for h in rng.sample(found, min(3, len(found)))]
    pairs = sorted((a, b) for a in drawn.graph.hexes for b in drawn.graph.neighbours(a) if a < b)
    by_feature: dict[str, list] = {}
    for a, b in pairs:
        side = drawn.hexside(a, b)
        for code in (side.features if side and side.features else ("none",)):
            by_feature.setdefault(code, []).append((a, b))
    for code, found in by_feature.items():
        single = [p for p in found if len(drawn.hexside(*p).features if drawn.hexside(*p) else ()) <= 1] or found
        samples += [{"map": "M", "code": code, "hex": ids.format(a), "side": drawn.direction(a, b)}
                    for a, b in rng.sample(single, min(3, len(single)))]
    game = write_game(tmp_path / "game")
    write_workbook(game / "terrain.xlsx", [SheetData(s.name, columns(s.schema), tuple(samples) if s.name == "Samples" else ())
                                           for s in WORKBOOKS["terrain.xlsx"]])
    result = CliRunner().invoke(digitize_command, ["--module", str(module), "--game", str(game)])
    assert result.exit_code == 0, result.output
    read = load_game(game).terrain
    for route in ("Road", "Farm Lane"):
        drawn_on = {p for p in pairs if drawn.hexside(*p) and route in drawn.hexside(*p).features}
        read_on = {p for p in pairs if read.hexside(*p) and route in read.hexside(*p).features}
        assert len(drawn_on & read_on) >= 0.9 * len(drawn_on), route
        assert len(read_on - drawn_on) <= 0.06 * (len(pairs) - len(drawn_on)), (route, len(read_on - drawn_on))
