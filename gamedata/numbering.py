"""How a map's hexes are named on a VASSAL hex grid, as plain numbers.

A VASSAL HexGrid gives the geometry (`dx`, `dy`, `sideways`) and the board's image size; the
game's `[[maps]]` gives the numbering (columns, rows, prefix, id format, shifted columns,
`rows_increase`, and `raw_origin`: which raw hex of the grid is the map's first column and top
row). Together they fix every attribute of the HexGridNumbering that names each hex as the
game numbers it (format reference §3.3-3.4). The builder writes them into the grids of the
boards it makes from scans; the digitizer and the referee put them on a community module's
grid that has no numbering of its own (every location there is `offboard` to VASSAL).

This module knows no VASSAL element: `vassal.grid.renumbered(grid, **numbering.attributes())`
makes the grid.
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from gamedata.model import MapDef, ScanDef


def _limit(length: float, spacing: float) -> int:
    """VASSAL's row or column limit of a board: `(int) Math.floor(length / spacing + 0.5)`."""
    return math.floor(length / spacing + 0.5)


@dataclass(frozen=True)
class MapNumbering:
    """The attributes of a HexGridNumbering, as `vassal.components.grid_numbering` takes them."""

    first: str
    sep: str
    h_leading: int
    v_leading: int
    h_off: int
    v_off: int
    h_descend: bool
    v_descend: bool
    stagger: bool
    location_format: str

    def attributes(self) -> dict[str, object]:
        return asdict(self)


def map_numbering(m: MapDef, dx: float, dy: float, sideways: bool, width: int, height: int,
                  scan: ScanDef | None = None) -> MapNumbering:
    """The numbering that names the hexes of a grid (`dx`, `dy`, `sideways`, on a board of
    `width` x `height`) as map `m` numbers them; a `[maps.scan]` table may override VASSAL's
    attributes where the print differs.

    The map's columns count across the board and its rows down it (when sideways both axes
    swap, so the row part is VASSAL's column and `first` is `V`). The raw hex `raw_origin` is
    the first column and the top row: the first row, or the last when rows grow upward.
    Descending numbering counts from the far edge, so its offset comes from the board size:
    VASSAL's limits are `maxRows = height/dx`, `maxCols = width/dy` (rounded)."""
    scan = scan or ScanDef("", 0, 0, dx, dy, sideways)
    raw_column, raw_row = m.raw_origin
    h_descend = scan.h_descend if scan.h_descend is not None else False
    v_descend = scan.v_descend if scan.v_descend is not None else m.rows_increase == "up"
    column_off = (m.columns[1] - (_limit(width, dy) - raw_column) if h_descend
                  else m.columns[0] - raw_column)
    row_off = m.rows[1] - (_limit(height, dx) - raw_row) if v_descend else m.rows[0] - raw_row
    dotted = m.id_format != "CCRR"
    column_leading, row_leading = (0 if dotted else 1), 1
    if sideways:
        h_off, v_off, h_leading, v_leading = row_off, column_off, row_leading, column_leading
    else:
        h_off, v_off, h_leading, v_leading = column_off, row_off, column_leading, row_leading
    return MapNumbering(
        first="V" if sideways else "H", sep="." if dotted else "", h_leading=h_leading, v_leading=v_leading,
        h_off=scan.h_off if scan.h_off is not None else h_off, v_off=scan.v_off if scan.v_off is not None else v_off,
        h_descend=h_descend, v_descend=v_descend, stagger=_stagger(m, scan, sideways, v_descend),
        location_format=f"{m.prefix}$gridLocation$",
    )


def _stagger(m: MapDef, scan: ScanDef, sideways: bool, rows_up: bool) -> bool:
    """VASSAL draws odd raw columns half a hex lower. Numbering must add a row to odd raw
    columns exactly when those are not the map's shifted columns (which sit half a hex toward
    higher rows) while rows grow downward, or are while rows grow upward. A sideways grid
    gives `stagger` itself (shifted columns say nothing about rows), default off."""
    if scan.stagger is not None:
        return scan.stagger
    if sideways:
        return False
    odd_raw_column = m.columns[0] - m.raw_origin[0] + 1      # the map's number of raw column 1
    odd_shifted = odd_raw_column % 2 == (0 if m.shifted_columns == "even" else 1)
    return odd_shifted == rows_up
