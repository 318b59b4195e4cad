"""Drawn boards: hex ids printed inside their hexes, shared rows continuing across the seam."""
from __future__ import annotations

from builder.boards import PAPER, board_art, render_board
from builder.layout import plan_boards
from gamedata.hexids import Hex, HexIds
from gamedata.model import Alias, MapDef

# Into the Woods (digest 1.2): N columns 10-66, S columns 10-69, rows 01-34; S row 01 = N row 34.
NORTH = MapDef("N", "North Map", "N", "CCRR", (10, 66), (1, 34), "even")
SOUTH = MapDef("S", "South Map", "S", "CCRR", (10, 69), (1, 34), "even", aliases=(Alias("S{cc}01", "N{cc}34"),))
# Hood Strikes North (digest 1.2): columns 01-58; odd columns rows 01-34, even columns 01-33.
HSN = MapDef("main", "Hood Strikes North", "", "CCRR", (1, 58), (1, 34), "even", rows_even=(1, 33), rows_odd=(1, 34))


def _ink(image, box) -> int:
    region = image.crop(box)
    return sum(1 for x in range(region.width) for y in range(region.height) if region.getpixel((x, y)) != PAPER)


def test_shared_row_lines_up_across_the_seam() -> None:
    (group,) = plan_boards((NORTH, SOUTH))
    north, south = group.boards
    assert (north.map.id, south.map.id) == ("N", "S")
    assert south.first_row == 2                      # S row 01 is N row 34, drawn on N
    for column in range(10, 67):
        nx, ny = north.centre(Hex("N", column, 34))
        sx, sy = south.centre(Hex("S", column, 2))
        assert sx == nx
        assert north.height + sy == ny + north.dy
    # the shifted columns' last row still lies on the north board (a point on the seam
    # would belong to the board below)
    assert north.centre(Hex("N", 10, 34))[1] == north.height - 1


def test_shifted_columns_sit_half_a_hex_lower() -> None:
    (group,) = plan_boards((HSN,))
    board = group.boards[0]
    x1, y1 = board.centre(Hex("main", 1, 5))
    x2, y2 = board.centre(Hex("main", 2, 5))
    assert x2 > x1
    assert y2 - y1 == board.dy // 2


def test_every_hex_id_is_printed_inside_its_hex() -> None:
    (group,) = plan_boards((HSN,))
    board = group.boards[0]
    hexids = HexIds((HSN,))
    art = board_art(board, hexids, {"1715": "Columbia"}, {"5707": "Union fort, class A"}, "Hood Strikes North")
    assert len(art.hexes) == 29 * 34 + 29 * 33
    assert ("main", "5834") not in {(h.map, p) for h, p in art.hexes}   # even columns end at 33
    image = render_board(art)
    assert image.size == (board.width, board.height)
    half = board.dy // 2
    for column, row in ((1, 1), (2, 33), (17, 15), (58, 20)):
        x, y = board.centre(Hex("main", column, row))
        assert _ink(image, (x - 14, y - half + 3, x + 14, y - half + 12)) > 15, (column, row)
    columbia_x, columbia_y = board.centre(Hex("main", 17, 15))
    assert image.getpixel((columbia_x, columbia_y - 3)) == (120, 20, 20)
    fort_x, fort_y = board.centre(Hex("main", 57, 7))
    fort_band = image.crop((fort_x - 30, fort_y + half - 14, fort_x + 30, fort_y + half - 2))
    blue = [p for x in range(fort_band.width) for y in range(fort_band.height)
            if (p := fort_band.getpixel((x, y)))[2] > p[0] + 60]                 # terrain ink is blue
    assert len(blue) > 20
    empty_x, empty_y = board.centre(Hex("main", 30, 20))
    assert image.getpixel((empty_x, empty_y)) == PAPER


def test_board_drawing_is_deterministic() -> None:
    (group,) = plan_boards((HSN,))
    board = group.boards[0]
    art = board_art(board, HexIds((HSN,)), {}, {}, "HSN")
    assert render_board(art).tobytes() == render_board(art).tobytes()
