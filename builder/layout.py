"""Where every hex of a game's maps sits on a drawn board, in VASSAL's own geometry.

One `BoardGeometry` per drawn map (a `ScanBoard` per scanned one, made by `builder.scans`)
gives the HexGrid/HexGridNumbering attributes *and* the pixel centre of every hex, from the
same numbers: the board drawing, the grid written to buildFile.xml and the scenario placements
therefore agree to the pixel (centres use VASSAL's snap formula, format reference §3.2).

Rows run down the board (row numbers grow downward, Into the Woods) or up it
(`rows_increase = "up"`, Atlanta: rows grow northward). Upward rows are raw rows
counted from the bottom, so the numbering is written with `vDescend` and a `vOff`
computed from the board height exactly as VASSAL counts (§3.4).

Maps that share hexes (`S{cc}01` = `N{cc}34`) are stacked: the alias target is
drawn whole, the alias source is drawn from its first row that is not the target's,
on the side its rows continue to (below the target when rows grow downward, above
it when they grow upward), so the hex rows continue across the seam.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from gamedata.hexids import Hex, HexIds
from gamedata.model import MapDef
from vassal.buildfile import Element
from vassal.grids.javamath import floor_half

TITLE_STRIP = 28
"""Pixels above the top hex row of a free-standing board, for its title."""
SIDE_MARGIN = 6


@dataclass(frozen=True)
class BoardGeometry:
    """A map's hex grid as VASSAL will read it; columns grow rightward, rows downward
    or (`rows_up`) upward."""

    map: MapDef
    dy: int                 # hex height (distance between centres in a column)
    base_column: int        # game column at raw column index 0
    first_row: int          # lowest game row drawn on this board
    last_row: int           # highest game row drawn on this board
    x0: int
    y0: int
    width: int
    height: int
    title_at_top: bool
    rows_up: bool = False
    joined_above: bool = False   # another board of the same map window sits right above

    @property
    def dx(self) -> float:
        return self.dy * math.sqrt(3) / 2

    @property
    def top_row(self) -> int:
        """The game row drawn at raw row index 0."""
        return self.last_row if self.rows_up else self.first_row

    @property
    def row_above_top(self) -> int:
        """The game row (in this map's numbering) one hex above the top row."""
        return self.top_row + 1 if self.rows_up else self.top_row - 1

    def raw(self, h: Hex) -> tuple[int, int]:
        return h.column - self.base_column, (self.last_row - h.row) if self.rows_up else (h.row - self.first_row)

    def centre(self, h: Hex) -> tuple[int, int]:
        """VASSAL's snap centre of `h` in board pixels (§3.2, Java int truncation)."""
        nx, ny = self.raw(h)
        x = int(self.dx * nx + self.x0)
        y = int(self.dy * ny + self.y0) if nx % 2 == 0 else int(self.dy * ny + int(self.dy / 2) + self.y0)
        return x, y

    def grid_attributes(self) -> dict[str, str]:
        """`HexGrid` attributes (both dx and dy: VASSAL reads dx first, §3.1)."""
        return {
            "color": "0,0,0", "cornersLegal": "false", "dotsVisible": "false", "dx": repr(self.dx),
            "dy": f"{self.dy}.0", "edgesLegal": "false", "sideways": "false", "snapTo": "true",
            "visible": "false", "x0": str(self.x0), "y0": str(self.y0),
        }

    def numbering_attributes(self) -> dict[str, str]:
        """`HexGridNumbering` that names each centre exactly as the game does (stagger off:
        the lower-drawn game columns are VASSAL's odd raw columns by choice of `base_column`).

        Upward rows: VASSAL names raw row `ny` as `maxRows - ny + vOff` with
        `maxRows = (int)(height / dx + 0.5)`, so `vOff = last_row - maxRows`."""
        dotted = self.map.id_format != "CCRR"
        v_off = self.last_row - floor_half(self.height / self.dx) if self.rows_up else self.first_row
        return {
            "color": "0,0,0", "first": "H", "fontSize": "9", "hDescend": "false", "hDrawOff": "0",
            "hLeading": "0" if dotted else "1", "hOff": str(self.base_column), "hType": "N",
            "locationFormat": f"{self.map.prefix}$gridLocation$", "rotateText": "0",
            "sep": "." if dotted else "", "stagger": "false", "vDescend": "true" if self.rows_up else "false",
            "vDrawOff": "0", "vLeading": "1", "vOff": str(v_off), "vType": "N", "visible": "false",
        }


@dataclass(frozen=True)
class ScanBoard:
    """A scanned map as a VASSAL board: archive image name, its bytes and size, the
    HexGrid element, and the snap centre of every hex of the map (keyed by Hex). Made from
    the scan and its calibration by `builder.scans`."""

    map: MapDef
    image: str
    width: int
    height: int
    grid: Element
    data: bytes = field(repr=False, compare=False)
    centres: dict[Hex, tuple[int, int]] = field(repr=False, compare=False)

    def centre(self, h: Hex) -> tuple[int, int]:
        """The point VASSAL names with `h`'s printed id (a KeyError for a hex not on this map)."""
        return self.centres[h]


@dataclass(frozen=True)
class MapGroup:
    """Boards shown together in one VASSAL map window, top to bottom (a scanned map's
    board, `ScanBoard`, stands alone in its group)."""

    name: str
    boards: tuple[BoardGeometry | ScanBoard, ...]


def _alias_offset(hexids: HexIds, source: MapDef) -> tuple[str, int] | None:
    """(target map id, row offset) when `source`'s rows continue another map's."""
    if not source.aliases:
        return None
    for row in range(source.rows[0], source.rows[1] + 1):
        h = Hex(source.id, source.columns[0], row)
        target = hexids.canonical(h)
        if target.map != source.id:
            return target.map, target.row - row
    return None


def _geometry(m: MapDef, first_row: int, title_at_top: bool, tight_top: bool, cut_bottom: bool) -> BoardGeometry:
    dy = m.hex_size + m.hex_size % 2              # even, so half a hex is a whole pixel
    dx = dy * math.sqrt(3) / 2
    radius = 2 * dx / 3
    rows_up = m.rows_increase == "up"
    shifted_parity = 0 if m.shifted_columns == "even" else 1
    # VASSAL draws odd raw columns half a hex lower. The game's shifted columns sit half a
    # hex toward higher rows: lower on the board when rows grow downward, higher when they
    # grow upward. Raw column 0 is therefore an unshifted column, or a shifted one.
    low_parity = shifted_parity if not rows_up else 1 - shifted_parity
    base = m.columns[0] if (m.columns[0] % 2 != low_parity) else m.columns[0] - 1
    x0 = SIDE_MARGIN + math.ceil(radius)
    # A cut board keeps one pixel row below its bottom row's lower (odd raw) centres, so those
    # centres lie on it (VASSAL gives a point on the seam to the board below); the board
    # below starts one pixel higher to keep the rows continuous.
    y0 = dy // 2 - 1 if tight_top else (TITLE_STRIP if title_at_top else SIDE_MARGIN) + dy // 2
    last_row = m.rows[1]
    rows_drawn = last_row - first_row
    width = int(dx * (m.columns[1] - base) + x0 + radius) + SIDE_MARGIN
    if cut_bottom:
        height = y0 + rows_drawn * dy + dy // 2 + 1
    else:
        height = y0 + rows_drawn * dy + dy + (SIDE_MARGIN if title_at_top else TITLE_STRIP)
    return BoardGeometry(m, dy, base, first_row, last_row, x0, y0, width, height, title_at_top, rows_up, tight_top)


def plan_boards(maps: tuple[MapDef, ...]) -> tuple[MapGroup, ...]:
    """Group maps that share hexes and compute each board's geometry, in game order."""
    hexids = HexIds(maps)
    continued: dict[str, tuple[str, int]] = {}      # target map id -> (source map id, first own row)
    for m in maps:
        link = _alias_offset(hexids, m)
        if link is not None:
            target_id, offset = link
            target = hexids.maps[target_id]
            continued[target_id] = (m.id, target.rows[1] - offset + 1)
    sources = {source for source, _ in continued.values()}
    groups = []
    for m in maps:
        if m.id in sources:
            continue
        chain = [(m, m.rows[0])]
        while chain[-1][0].id in continued:
            source_id, first_row = continued[chain[-1][0].id]
            chain.append((hexids.maps[source_id], first_row))
        if m.rows_increase == "up":
            chain.reverse()                         # the continuing map lies above
        boards = tuple(
            _geometry(mp, first_row, title_at_top=index == 0, tight_top=index > 0, cut_bottom=index < len(chain) - 1)
            for index, (mp, first_row) in enumerate(chain)
        )
        groups.append(MapGroup(" / ".join(b.map.name for b in boards), boards))
    return tuple(groups)
