"""A game's map sheets as data: how each numbers and lays out its hexes, which hex ids name
the same hex, and the calibration of a scanned map image. Hex ids (`gamedata.hexids`), the
terrain model and the builder's boards all start from these."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Alias:
    """Two hex ids naming the same hex, e.g. `S{cc}01` = `N{cc}34` (Into the Woods)."""

    source: str
    target: str


@dataclass(frozen=True)
class ScanDef:
    """A scanned map image and its grid calibration, in VASSAL's own HexGrid terms (format
    reference §3): `x0`/`y0` the centre of raw hex (0,0) in image pixels, `dx` the distance
    between columns, `dy` between hexes of a column, `sideways` for pointy-topped rows.
    The numbering fields override what the map's columns, rows and shifted columns imply
    when the printed numbering differs; `None` = implied."""

    image: str                      # path relative to the game folder, as written
    x0: int
    y0: int
    dx: float
    dy: float
    sideways: bool = False
    stagger: bool | None = None
    h_descend: bool | None = None
    v_descend: bool | None = None
    h_off: int | None = None
    v_off: int | None = None


@dataclass(frozen=True)
class MapDef:
    """One map sheet: how its hexes are numbered and laid out.

    `shifted_columns` says which columns ("even" or "odd") sit half a hex toward
    higher row numbers; the builder needs it to draw or grid a board, the
    referee to compute adjacency. `rows_even`/`rows_odd` limit rows per column
    parity where the map is cut (Hood Strikes North even columns end at 33).
    `rows_increase` says which way row numbers grow on the printed map ("down":
    Into the Woods; "up": Atlanta, rows grow northward); `north` which board edge
    is north once the map is drawn that way (Hood Strikes North: "right").
    """

    id: str
    name: str
    prefix: str
    id_format: str
    columns: tuple[int, int]
    rows: tuple[int, int]
    shifted_columns: str
    rows_even: tuple[int, int] | None = None
    rows_odd: tuple[int, int] | None = None
    hex_size: int = 64
    aliases: tuple[Alias, ...] = ()
    rows_increase: str = "down"
    north: str = "up"
    scan: ScanDef | None = None     # a scanned map image; None = the builder draws the board
    elevation: tuple[int, int] | None = None   # lowest and highest elevation level; None = not stated
    raw_origin: tuple[int, int] = (0, 0)       # VASSAL raw (column, row) of the first column and top row
    notes: tuple[str, ...] = ()
