"""Drawn boards: hex ids printed inside their hexes, shared rows continuing across the seam."""
from __future__ import annotations

from dataclasses import replace

from builder.boards import PLACE, SPECIAL, board_art, render_board
from builder.terrain_style import PAPER
from builder.layout import SIDE_MARGIN, TITLE_STRIP, plan_boards
from builder.parts import hex_grid
from gamedata.hexids import Hex, HexIds
from gamedata.model import Alias, MapDef
from gamedata.terrain import Special, Terrain
from vassal.grid import Size, grid_from_element

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
    fort = Special("fort", "main", Hex("main", 57, 7), "Fort Negley")
    art = board_art(board, Terrain(hexids, specials=[fort]), {"1715": "Columbia"}, "Hood Strikes North")
    assert len(art.hexes) == 29 * 34 + 29 * 33
    assert ("main", "5834") not in {(h.map, p) for h, p in art.hexes}   # even columns end at 33
    image = render_board(art)
    assert image.size == (board.width, board.height)
    half = board.dy // 2
    for column, row in ((1, 1), (2, 33), (17, 15), (58, 20)):
        x, y = board.centre(Hex("main", column, row))
        assert _ink(image, (x - 14, y - half + 3, x + 14, y - half + 12)) > 15, (column, row)
    columbia_x, columbia_y = board.centre(Hex("main", 17, 15))
    name_band = image.crop((columbia_x - 30, columbia_y + 8, columbia_x + 30, columbia_y + half - 2))
    red = [p for x in range(name_band.width) for y in range(name_band.height)
           if (p := name_band.getpixel((x, y)))[0] > p[1] + 50]                     # the name's ink is PLACE red
    assert len(red) > 20 and min(red)[0] <= PLACE[0] + 40
    fort_x, fort_y = board.centre(Hex("main", 57, 7))
    symbol = image.crop((fort_x - 8, fort_y - 8, fort_x + 8, fort_y + 8))
    assert _ink(symbol, (0, 0, 16, 16)) > 20 and SPECIAL in {symbol.getpixel((x, y)) for x in range(16) for y in range(16)}
    empty_x, empty_y = board.centre(Hex("main", 30, 20))
    assert image.getpixel((empty_x, empty_y)) == PAPER                  # no terrain entered: plain paper


def test_board_drawing_is_deterministic() -> None:
    (group,) = plan_boards((HSN,))
    board = group.boards[0]
    art = board_art(board, Terrain(HexIds((HSN,))), {}, "HSN")
    assert render_board(art).tobytes() == render_board(art).tobytes()


# Atlanta (digest B1.2): rows grow south to north; map B (NE) lies north of map A (SE);
# B rows 00-02 are A rows 34-36 (game.toml aliases); even columns sit toward higher rows.
ATLANTA_A = MapDef("A", "Atlanta map A", "A", "C.RR", (0, 49), (1, 36), "even", rows_increase="up")
ATLANTA_B = MapDef("B", "Atlanta map B", "B", "C.RR", (0, 49), (0, 36), "even", rows_increase="up",
                   aliases=tuple(Alias(f"B{{cc}}.{r:02d}", f"A{{cc}}.{r + 34}") for r in range(3)))


def _named_centres(board, hexids: HexIds):
    """(printed id, centre, VASSAL's name for that centre) for every hex the board draws."""
    grid = grid_from_element(hex_grid(board))
    size = Size(board.width, board.height)
    art = board_art(board, Terrain(hexids), {}, board.map.name)
    return [(printed, board.centre(h), grid.location_name(board.centre(h), size), grid, size) for h, printed in art.hexes]


def test_rows_growing_north_are_drawn_upward_with_map_b_above_map_a() -> None:
    (group,) = plan_boards((ATLANTA_A, ATLANTA_B))
    top, bottom = group.boards
    assert (top.map.id, bottom.map.id) == ("B", "A")
    assert (top.first_row, top.last_row, bottom.first_row, bottom.last_row) == (3, 36, 1, 36)
    # north is up: a higher row is higher on the board
    assert bottom.centre(Hex("A", 10, 2))[1] < bottom.centre(Hex("A", 10, 1))[1]
    assert top.centre(Hex("B", 10, 36))[1] < top.centre(Hex("B", 10, 3))[1]
    # even columns sit half a hex toward higher rows, i.e. higher on the board
    assert bottom.centre(Hex("A", 9, 5))[1] - bottom.centre(Hex("A", 10, 5))[1] == bottom.dy // 2
    # B row 03 continues A row 36 (= B row 02) one hex further north, in every column
    for column in range(50):
        bx, by = top.centre(Hex("B", column, 3))
        ax, ay = bottom.centre(Hex("A", column, 36))
        assert bx == ax
        assert (top.height + ay) - by == bottom.dy


def test_upward_grid_names_every_drawn_hex_as_printed_and_inverts_exactly() -> None:
    hexids = HexIds((ATLANTA_A, ATLANTA_B))
    (group,) = plan_boards((ATLANTA_A, ATLANTA_B))
    checked = 0
    for board in group.boards:
        for printed, centre, named, grid, size in _named_centres(board, hexids):
            assert named == printed, (board.map.id, printed)
            assert grid.point_for(printed, size) == centre
            # VASSAL's own name-to-point (used by "send to location") lands in the same hex
            assert grid.location_name(grid.vassal_location(printed, size), size) == printed
            checked += 1
    assert checked == 50 * 36 + 50 * 34
    assert {"A4.27", "A0.01", "B49.36", "B0.03"} <= {p for b in group.boards for p, *_ in _named_centres(b, hexids)}


def test_compass_arrow_points_to_the_north_edge() -> None:
    """Hood Strikes North is drawn turned (columns 01-58 run south to north): its arrow points right."""
    hexids = HexIds((HSN,))
    arrows = {}
    for north in ("right", "up"):
        (group,) = plan_boards((replace(HSN, north=north),))
        board = group.boards[0]
        image = render_board(board_art(board, Terrain(hexids), {}, "Hood Strikes North"))
        cx = board.width - SIDE_MARGIN - TITLE_STRIP
        arrows[north] = image.crop((cx - 12, 0, cx + 12, TITLE_STRIP))
    right, up = arrows["right"], arrows["up"]
    # the arrow head (the widest inked part) is at the right end for "right", at the top for "up"
    assert _ink(right, (17, 10, 24, 20)) > _ink(right, (0, 10, 7, 20))
    assert _ink(up, (8, 0, 16, 10)) > _ink(up, (8, 16, 16, 26))
    assert right.tobytes() != up.tobytes()
