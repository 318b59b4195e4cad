"""Boards on a map (format reference §3.7): layout, map point <-> (board, name), reversal."""

from __future__ import annotations

import io
import re

import pytest
from conftest import CORPUS, ENGINE_MODULE
from PIL import Image

from vassal.archive import open_zip, read_entry
from vassal.board import OFFBOARD, Board, MapLayout, PlacedBoard
from vassal.buildfile import Element, element, parse_buildfile
from vassal.errors import FormatError
from vassal.grid import LocationError, Size

BOARD_TAG = "VASSAL.build.module.map.boardPicker.Board"
SQUARE = "VASSAL.build.module.map.boardPicker.board.SquareGrid"
SQUARE_NUMBERING = "VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering"


def _engine() -> tuple[Element, Board]:
    with open_zip(ENGINE_MODULE) as zf:
        build = parse_buildfile(read_entry(zf, "buildFile.xml", 1 << 20))
        image = Image.open(io.BytesIO(read_entry(zf, "images/board.png", 1 << 24)))
    el = next(b for b in build.iter() if b.tag == BOARD_TAG)
    return build, Board.from_element(el, Size(*image.size))


def _engine_layout() -> MapLayout:
    build, board = _engine()
    game_map = next(el for el in build.iter() if el.tag == "VASSAL.build.module.Map")
    return MapLayout.of([(board, 0, 0)], int(game_map.attrs["edgeWidth"]),
                        int(game_map.attrs["edgeHeight"]))


def test_engine_board_locates_what_the_engine_reported():
    layout = _engine_layout()
    text = (CORPUS / "engine" / "engine-undo-example.replay.txt").read_text()
    finals = re.findall(r"^FINAL: Main Map (\d+),(\d+) .* loc='([^']*)' board='([^']*)'", text, re.MULTILINE)
    assert len(finals) == 3
    for x, y, loc, board in finals:
        found, name = layout.locate(int(x), int(y))
        assert (found.name, name) == (board, loc)
        assert layout.map_point(board, loc) == (int(x), int(y))
    assert layout.map_point("Board 1", "0704") == (400, 247)


def test_engine_board_edges_and_offboard():
    layout = _engine_layout()
    board = layout.boards[0].board
    assert (board.width, board.height) == (800, 600)
    assert layout.locate(799, 599)[0] is board
    assert layout.locate(800, 10) == (None, OFFBOARD)        # right edge is outside (Rectangle)
    assert layout.locate(10, 600) == (None, OFFBOARD)
    assert layout.locate(-1, 10) == (None, OFFBOARD)


def test_reversed_board_mirrors_the_names():
    _, board = _engine()
    layout = MapLayout((PlacedBoard(board, 0, 0, reversed=True),), 10, 20)
    # 0203 sits at (100,143) unreversed; reversed it is at (800-100, 600-143), shifted by the edge
    assert layout.locate(10 + 700, 20 + 457) == (board, "0203")
    assert layout.map_point("Board 1", "0203") == (710, 477)
    with pytest.raises(LocationError):
        layout.map_point("Board 2", "0203")


def _square_board(name: str, width: int, height: int) -> Board:
    """A board whose square grid names cells A1, B1, ... with 100-pixel cells from (50,50)."""
    grid = element(SQUARE, {"dx": "100.0", "dy": "100.0", "x0": "50", "y0": "50"},
                   [element(SQUARE_NUMBERING, {"hType": "A", "hOff": "0", "hLeading": "0",
                                               "vLeading": "0"})])
    return Board.from_element(element(BOARD_TAG, {"name": name, "width": str(width),
                                                  "height": str(height)}, [grid]))


def test_layout_offsets_follow_rows_and_columns():
    # 2x2 layout with unequal sizes; §3.7: x sums the widths to the left in the same row,
    # y sums the heights above in the same column, then the edge margins are added.
    nw, ne = _square_board("NW", 300, 200), _square_board("NE", 400, 250)
    sw, se = _square_board("SW", 350, 300), _square_board("SE", 500, 100)
    layout = MapLayout.of([(nw, 0, 0), (ne, 1, 0), (sw, 0, 1), (se, 1, 1)], 15, 25)
    assert [layout.origin(p) for p in layout.boards] == [(15, 25), (315, 25), (15, 225),
                                                         (365, 275)]
    assert layout.locate(365 + 50, 275 + 50) == (se, "A1")
    assert layout.locate(315 + 399, 25 + 249) == (ne, "D3")
    assert layout.map_point("SW", "C3") == (15 + 250, 225 + 250)
    # NW's last column is x=314; x=315 already belongs to NE
    assert layout.locate(314, 30)[0] is nw and layout.locate(315, 30)[0] is ne


def test_missing_cell_counts_as_zero_width():
    a, b = _square_board("A", 300, 200), _square_board("B", 300, 200)
    layout = MapLayout.of([(a, 0, 0), (b, 2, 0)])
    assert layout.origin(layout.boards[1]) == (300, 0)


def test_board_without_grid_names_offboard():
    bare = Board.from_element(element(BOARD_TAG, {"name": "Tray", "width": "100",
                                                  "height": "100"}))
    layout = MapLayout.of([(bare, 0, 0)])
    assert layout.locate(50, 50) == (bare, OFFBOARD)
    with pytest.raises(LocationError):
        layout.map_point("Tray", "A1")


def test_board_errors_name_the_board():
    with pytest.raises(FormatError, match="Board 'Map'.*image 'map.jpg'"):
        Board.from_element(element(BOARD_TAG, {"name": "Map", "image": "map.jpg"}))
    with pytest.raises(FormatError, match="Board 'X'"):
        Board.from_element(element(BOARD_TAG, {"name": "X"}))
    with pytest.raises(FormatError, match="Board 'X'@width"):
        Board.from_element(element(BOARD_TAG, {"name": "X", "width": "wide", "height": "1"}))


def _identical(a: Element, b: Element) -> bool:
    return (a.tag == b.tag and list(a.attrs.items()) == list(b.attrs.items()) and a.text == b.text
            and len(a.children) == len(b.children)
            and all(_identical(x, y) for x, y in zip(a.children, b.children)))


@pytest.mark.parametrize("rel", ["zxvt/buildFile", "BBVassal/buildFile",
                                 "ccnapoleonics/dist/buildFile.xml",
                                 "jzhex/ragnarok/vassal/buildFile.xml"])
def test_corpus_boards_round_trip(rel):
    root = parse_buildfile((CORPUS / rel).read_bytes())
    boards = [el for el in root.iter() if el.tag == BOARD_TAG]
    assert boards
    for el in boards:
        board = Board.from_element(el, Size(1000, 1000))
        assert _identical(board.to_element(element), el)
        assert board.name == el.attrs["name"]


def test_zxvt_board_takes_its_size_from_attributes():
    root = parse_buildfile((CORPUS / "zxvt" / "buildFile").read_bytes())
    board = Board.from_element(next(el for el in root.iter() if el.tag == BOARD_TAG))
    assert (board.name, board.size) == ("5x5", Size(275, 275))
    layout = MapLayout.of([(board, 0, 0)])
    # VASSAL 3.2.17 reported these two creations as B05 and F01 (zxvt/5x5_startup.vlog)
    assert layout.locate(36, 236) == (board, "B05")
    assert layout.locate(236, 36) == (board, "F01")
    assert layout.map_point("5x5", "F01") == (236, 36)


def test_board_made_in_code_writes_vassal_attributes():
    board = Board("Main", 800, 600)
    el = board.to_element(element)
    assert el.tag == BOARD_TAG
    assert list(el.attrs.items()) == [("height", "600"), ("image", ""), ("name", "Main"),
                                      ("reversible", "false"), ("width", "800")]
    assert Board.from_element(el).size == Size(800, 600)
