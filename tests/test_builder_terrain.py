"""Boards drawn from terrain data: every hex, hexside and route as the workbook says, hex ids
legible whatever is drawn, names never over an id, and the module clean in the real engine."""
from __future__ import annotations

import io
import math
import zipfile
from pathlib import Path

import pytest
from PIL import Image

import engine
from builder.boards import board_art, id_box, render_board, side_segment, stroke
from builder.layout import plan_boards
from builder.module import build_module
from builder.terrain_style import CROSSING_MARKS, PAPER, shade, style_for
from gamedata.load import load_game
from gamedata.terrain import Terrain
from terrain_games import write_game

ITW = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    folder = write_game(tmp_path_factory.mktemp("terrain-game"))
    game = load_game(folder)
    (group,) = plan_boards(game.maps)
    board = group.boards[0]
    places = {"0908": "Shiloh Meeting House (a very long place name)", "1009": "Review Field"}
    art = board_art(board, game.terrain, places, "Test map", style_for(game.terrain_types), group)
    return game, board, art, render_board(art)


def test_every_hex_is_filled_with_its_terrain_shaded_by_its_elevation(drawn) -> None:
    game, board, art, image = drawn
    looks = art.style.by_code
    assert len(art.cells) == 280 and art.levels == (0, 4)
    for cell in art.cells:
        x, y = cell.centre
        r = 2 * board.dx / 3
        point = (round(x - 0.25 * r), round(y - 0.2 * board.dy))               # clear of routes, marks and labels
        expected = shade(looks[cell.codes[0]].colour, cell.elevation, art.levels)
        assert image.getpixel(point) == expected, (game.terrain.hexids.format(cell.hex), cell.codes)
    low, high = shade((100, 200, 50), 0, (0, 4)), shade((100, 200, 50), 4, (0, 4))
    assert low == (100, 200, 50) and sum(high) < sum(low)


def test_hexside_features_and_routes_are_drawn_where_the_data_puts_them(drawn) -> None:
    game, board, art, image = drawn
    looks = art.style.by_code
    named = {p.centre for p in art.places}
    checked = {"hexside": 0, "route": 0, "crossing": 0}
    for side in art.sides:
        along = [f for f in side.features if looks[f].applies == "hexside" and looks[f].category not in CROSSING_MARKS]
        routes = [f for f in side.features if looks[f].applies == "route"]
        if len(along) == 1:
            assert _on_stroke(image, side, 0.25) >= 2 and _on_stroke(image, side, 0.75) >= 2, side
            assert looks[along[0]].colour in _stroke_colours(image, side, 0.25)
            checked["hexside"] += 1
        if len(routes) == 1 and side.a not in named and side.b not in named:
            (ax, ay), (bx, by) = side.a, side.b
            point = (round(ax + (bx - ax) * 0.3), round(ay + (by - ay) * 0.3))
            assert image.getpixel(point) == looks[routes[0]].colour, side
            checked["route"] += 1
        crossing = [f for f in side.features if looks[f].category in CROSSING_MARKS]
        if crossing:
            mid = (round((side.a[0] + side.b[0]) / 2), round((side.a[1] + side.b[1]) / 2))
            assert image.getpixel(mid) == looks[crossing[0]].colour
            checked["crossing"] += 1
    assert checked["hexside"] > 80 and checked["route"] > 40 and checked["crossing"] >= 2


def _stroke_colours(image, side, t: float) -> list:
    """The pixels across the hexside at `t` of its length (the hex outline itself runs on the line)."""
    (x1, y1), (x2, y2) = side_segment(side.a, side.b)
    length = math.dist(side.a, side.b)
    ux, uy = (side.b[0] - side.a[0]) / length, (side.b[1] - side.a[1]) / length
    px, py = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
    return [image.getpixel((round(px + ux * k), round(py + uy * k))) for k in (-2, -1, 1, 2)]


def _on_stroke(image, side, t: float) -> int:
    colours = _stroke_colours(image, side, t)
    return max(colours.count(c) for c in colours)


def test_hex_ids_stay_legible_and_names_never_print_over_them(drawn) -> None:
    """Every id's label is pixel for pixel what it is on a blank board: no terrain, route, mark,
    symbol or name reaches into it."""
    game, board, art, image = drawn
    blank = render_board(board_art(board, Terrain(game.terrain.hexids), {}, "Test map", art.style))
    for h, printed in art.hexes:
        box = tuple(round(v) for v in id_box(board, board.centre(h), printed))
        assert image.crop(box).tobytes() == blank.crop(box).tobytes(), printed
        assert image.getpixel((box[0] + 1, box[1] + 1)) == PAPER
    names = [p for p in art.places if p.name]
    assert {p.name for p in names} >= {"Shiloh Meeting House (a very long place name)", "Review Field", "Fort"}
    # the names are there: red ink below their hex centres
    for place in names:
        x, y = place.centre
        band = image.crop((x - 40, y + 8, x + 40, y + board.dy // 2))
        pixels = [band.getpixel((i, j)) for i in range(band.width) for j in range(band.height)]
        assert sum(1 for p in pixels if p[0] > p[1] + 60) > 10, place.name


def test_a_hex_nobody_entered_is_paper_and_a_stream_on_its_side_stays_visible(drawn) -> None:
    game, board, art, image = drawn
    empty = render_board(board_art(board, Terrain(game.terrain.hexids), {}, "Test map", art.style))
    x, y = board.centre(art.hexes[40][0])
    assert empty.getpixel((x, y)) == PAPER
    # a feature on a hex's upper side is not covered by that hex's id label
    for side in art.sides:
        (x1, y1), (x2, y2) = side_segment(side.a, side.b)
        if abs(y1 - y2) < 1 and "Stream" in side.features and len(side.features) == 1:
            below = max(side.a[1], side.b[1])
            assert below - board.dy / 2 + stroke(board) // 2 + 2 > y1 + stroke(board) / 2 - 1
            assert _stroke_colours(image, side, 0.5).count(art.style.by_code["Stream"].colour) >= 3
            break
    else:
        pytest.fail("no horizontal stream side in the test map")


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    """The random terrain game and Into the Woods (stacked boards, rulebook terrain, charts), built."""
    out = tmp_path_factory.mktemp("modules")
    game = write_game(out / "terrain-game")
    return [build_module(game, out / "build").path, build_module(ITW, out / "build").path]


def test_modules_with_terrain_open_clean_in_the_real_engine(modules) -> None:
    engine.require()
    for module in modules:
        run = engine.check_vmod(module, strict=True)
        assert run.returncode == 0 and run.problems() == [], (module.name, run.problems()[:5])
        assert any(line.startswith("SUMMARY: 0 errors, 0 warnings") for line in run.lines)


def test_the_module_carries_the_terrain_effects_chart_and_the_special_hexes(modules) -> None:
    with zipfile.ZipFile(modules[1]) as archive:
        names = archive.namelist()
        build = archive.read("buildFile.xml").decode("utf-8")
        chart = next(n for n in names if n.startswith("images/chart_terrain_effects"))
        picture = Image.open(io.BytesIO(archive.read(chart)))
    assert any(n.startswith("images/chart_special_hexes") for n in names)
    assert "Terrain Effects Chart (MP" in build and "Special hexes named in the rules" in build
    assert picture.width > 600 and picture.height > 400
