"""A game's hex numbering on a VASSAL grid (`gamedata.numbering`, `vassal.grid.renumbered`).

The builder's scans (tests/test_builder_scans.py) check the numbering whose raw hex (0, 0) is
the map's first hex against painted scans and VASSAL's replay. Here: a grid whose raw origin
lies elsewhere names the same hexes at the same points, and the Kassala author's module, whose
grid has no numbering, gets ours: VASSAL itself (decode-log) then names the hex of every piece
of the author's Default Setup as the printed map shows it.
"""
from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

import engine
from conftest import REPO
from gamedata.load import map_defs, read_game_toml
from gamedata.model import MapDef
from gamedata.numbering import map_numbering
from kassala_module import KASSALA, MAP_IMAGE, zip_module
from vassal import components as c
from vassal.buildfile import element, parse_buildfile, write_buildfile
from vassal.grid import HexGrid, Size, grid_from_element, renumbered

WIDTH, HEIGHT = 900, 700
DX, DY = 33.5, 38.0


def _grid(x0: int, y0: int) -> HexGrid:
    grid = grid_from_element(c.hex_grid(DX, DY, x0, y0, c.grid_numbering()))
    assert isinstance(grid, HexGrid)
    return grid


def _names(m: MapDef, x0: int, y0: int) -> dict[tuple[int, int], str]:
    """The name of the hex at each point where a hex of the map's rectangle has its centre."""
    grid = _grid(x0, y0)
    named = renumbered(grid, **map_numbering(m, DX, DY, False, WIDTH, HEIGHT).attributes())
    size = Size(WIDTH, HEIGHT)
    c0, r0 = m.raw_origin
    return {named.centre(h): named.name_of(h, size) for h in grid.board_hexes(size)
            if c0 <= h.nx < c0 + m.columns[1] - m.columns[0] + 1 and r0 <= h.ny < r0 + m.rows[1] - m.rows[0]}


@given(first_column=st.integers(0, 11), first_row=st.integers(0, 9), shifted=st.sampled_from(["even", "odd"]),
       rows_increase=st.sampled_from(["down", "up"]), columns_back=st.integers(0, 2), rows_back=st.integers(0, 3))
def test_a_grid_starting_elsewhere_names_the_same_hexes(first_column, first_row, shifted, rows_increase,
                                                        columns_back, rows_back) -> None:
    """x0, y0 moved back by whole columns (an even number, so that the same columns are drawn
    lower) and rows, with raw_origin saying so: every point keeps its name."""
    m = MapDef("m", "M", "", "CCRR", (first_column, first_column + 14), (first_row, first_row + 12), shifted,
               rows_increase=rows_increase)
    x0, y0 = 200, 160
    moved = replace(m, raw_origin=(2 * columns_back, rows_back))
    at_origin = _names(m, x0, y0)
    assert len(at_origin) == 15 * 12
    assert _names(moved, round(x0 - 2 * columns_back * DX), round(y0 - rows_back * DY)) == at_origin


def test_the_numbering_keeps_the_grid_and_its_other_children() -> None:
    grid = grid_from_element(element(c.HEX_GRID, {"dx": "50.0", "dy": "60.0", "x0": "7", "y0": "9"},
                                     [element("Unknown", {"a": "1"})]))
    assert isinstance(grid, HexGrid) and grid.numbering is None
    named = renumbered(grid, h_off=0, v_off=0, stagger=False)
    assert (named.dx, named.dy, named.x0, named.y0) == (50.0, 60.0, 7, 9)
    assert [ch.tag for ch in named.children] == ["Unknown", c.MAPGRID + "HexGridNumbering"]
    assert named.location_name((7 + 50, 9 + 30 + 60), Size(500, 500)) == "0101"
    again = renumbered(named, h_off=5, v_off=0, stagger=False)
    assert len(again.children) == 2 and again.location_name((7, 9), Size(500, 500)) == "0500"


# The printed map (rules Fig. 4-1) shows each unit of the set-up on its hex (rules III.A.1); read
# by eye from the map in our numbering (sources/kassala/game.toml): piece image -> hexes.
PRINTED_SETUP = {
    "Moslem_Cavalry_4-3_Turkish": ["0401"], "Moslem_Cavalry_3-3_Mamluk": ["0601", "0701"],
    "Moslem_Cavalry_3-3_Arab": ["0602", "0702"], "Moslem_Infantry_4-2_Turkish": ["0301"],
    "Moslem_Infantry_4-2_Egyptian-Sudanese": ["0402"], "Moslem_Infantry_3-2_Nubian": ["0102", "0202", "0203"],
    "Moslem_Cannon_1-0": ["0302", "0302", "0302"],
    "Christian_Infantry_4-2_Portuguese": ["0304", "0305"], "Christian_Infantry_2-2_Portuguese": ["0406"],
    "Christian_Cannon_1-0": ["0506", "0706"], "Christian_Infantry_4-2_Ethiopian": ["0607", "0806"],
    "Christian_Infantry_4-2_Galla-Ethiopian": ["0804", "0805"], "Christian_Cavalry_2-3_Native": ["0507"],
}


@pytest.fixture(scope="module")
def kassala_numbered(tmp_path_factory) -> Path:
    """The author's module with our numbering on its grid (nothing else changed)."""
    folder = tmp_path_factory.mktemp("kassala") / "vmod"
    shutil.copytree(KASSALA / "vmod", folder)
    root = parse_buildfile((folder / "buildFile.xml").read_bytes())
    board = next(b for b in root.iter() if b.tag.endswith("boardPicker.Board"))
    grid = grid_from_element(board.children[0])
    assert isinstance(grid, HexGrid) and grid.numbering is None          # VASSAL names nothing there
    with Image.open(MAP_IMAGE) as image:
        width, height = image.size
    m = next(x for x in map_defs(read_game_toml(REPO / "sources" / "kassala")) if x.id == "main")
    numbering = map_numbering(m, grid.dx, grid.dy, grid.sideways, width, height)
    board.children[0] = renumbered(grid, **numbering.attributes()).to_element(element)
    (folder / "buildFile.xml").write_bytes(write_buildfile(root))
    return zip_module(folder.parent / "kassala-numbered.vmod", folder)


def test_vassal_names_the_authors_setup_as_the_printed_map_shows_it(kassala_numbered) -> None:
    decoded = engine.decode_log(kassala_numbered, KASSALA / "vmod" / "Default Setup.vsav")
    assert decoded.passed
    found: dict[str, list[str]] = {}
    for piece in decoded.final:
        found.setdefault(piece.name, []).append(piece.loc)
    assert {name: sorted(locs) for name, locs in found.items()} == PRINTED_SETUP


def test_the_authors_module_alone_names_no_hex(tmp_path) -> None:
    """Without our numbering every location is offboard: the reason the numbering exists."""
    decoded = engine.decode_log(zip_module(tmp_path / "kassala.vmod"), KASSALA / "vmod" / "Default Setup.vsav")
    assert {piece.loc for piece in decoded.final} == {"offboard"}
