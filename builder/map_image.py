"""Where a game's hexes lie in a picture of its map: a module's board, or a calibrated scan.

`from_module` reads a VASSAL module's boards (the game map whose `name` is the board's, or
the one named) with the module's own grid; a grid without numbering (a community module's)
is numbered as the game numbers the map (`gamedata.numbering`). Boards of one map window are
pasted at their layout origins, so maps that share a row (Into the Woods north and south)
are one picture whose seam reads like any other hexside. `from_scan` reads an image under the
map's `[maps.scan]` calibration. Either way each hex of the game (canonical: `S2501` is
`N2534`) has the point VASSAL names with its printed id, inside the picture.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from builder.hexstats import Cell
from builder.scans import grid_element
from gamedata.hexids import Hex, HexIds
from gamedata.model import Game, MapDef, Problem
from gamedata.numbering import map_numbering
from vassal.board import Board
from vassal.errors import FormatError
from vassal.grid import HexGrid, LocationError, Size, grid_from_element, renumbered
from vassal.module import IMAGE_LIMIT, open_module_files, read_module


class DigitizeError(Exception):
    """The map cannot be digitized (the picture, the module or the samples); `problem` says why."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


@dataclass
class MapImage:
    """A picture and the hexes in it: `cells` by canonical hex, `maps` the game maps shown,
    `source` what the picture is (for messages), `missing` the hexes of those maps not in it (by
    map, as the map numbers them)."""

    image: Image.Image
    maps: tuple[MapDef, ...]
    source: str
    cells: dict[Hex, Cell] = field(default_factory=dict)
    missing: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return "-".join(m.id for m in self.maps)


def _open(data: bytes, where: str) -> Image.Image:
    try:
        with Image.open(io.BytesIO(data)) as opened:
            return opened.convert("RGB")
    except Image.DecompressionBombError:
        raise DigitizeError(Problem(where, message=f"more than {2 * Image.MAX_IMAGE_PIXELS} pixels")) from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise DigitizeError(Problem(where, message=f"not a readable image ({type(exc).__name__})")) from None


def _place(picture: MapImage, m: MapDef, hexids: HexIds, grid: HexGrid, size: Size, origin: tuple[int, int]) -> None:
    """Give every hex of `m` that `grid` names inside a board of `size` (at `origin` in the
    picture) its cell, unless another board already holds it (the shared row of two maps)."""
    for column in range(m.columns[0], m.columns[1] + 1):
        low, high = hexids.row_range(m.id, column)
        for row in range(low, high + 1):
            h = Hex(m.id, column, row)
            try:
                x, y = grid.point_for(hexids.format(h), size)
            except LocationError:
                continue
            if 0 <= x < size.width and 0 <= y < size.height:
                picture.cells.setdefault(hexids.canonical(h),
                                         Cell(origin[0] + x, origin[1] + y, grid.dx, grid.dy, grid.sideways))


def _count_missing(picture: MapImage, hexids: HexIds) -> None:
    """The hexes of each map shown that have no cell (a shared row counts where it is read)."""
    for m in picture.maps:
        hexes = (Hex(m.id, column, row) for column in range(m.columns[0], m.columns[1] + 1)
                 for row in range(hexids.row_range(m.id, column)[0], hexids.row_range(m.id, column)[1] + 1))
        missing = tuple(hexids.format(h) for h in hexes if hexids.canonical(h) not in picture.cells)
        if missing:
            picture.missing[m.id] = missing


def from_scan(game: Game, m: MapDef, path: Path) -> MapImage:
    """The scan at `path` of map `m`, calibrated by its `[maps.scan]`."""
    index = game.maps.index(m)
    if m.scan is None:
        raise DigitizeError(Problem("game.toml", "", 0, f"maps[{index}].scan",
                                    f"map '{m.id}' has no [maps.scan] calibration: give the scan's x0, y0, dx, dy, "
                                    "or digitize the module's board with --module"))
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DigitizeError(Problem(str(path), message="no such file")) from None
    except OSError as exc:
        raise DigitizeError(Problem(str(path), message=f"cannot read: {exc.strerror}")) from None
    image = _open(data, str(path))
    size = Size(*image.size)
    grid = grid_from_element(grid_element(m, m.scan, size))
    assert isinstance(grid, HexGrid)
    picture = MapImage(image, (m,), f"the scan {path.name} under map '{m.id}''s [maps.scan]")
    hexids = HexIds(game.maps)
    _place(picture, m, hexids, grid, size, (0, 0))
    _count_missing(picture, hexids)
    if not picture.cells:
        raise DigitizeError(Problem("game.toml", "", 0, f"maps[{index}].scan",
                                    f"the calibration puts no hex of map '{m.id}' inside {path.name}"))
    return picture


def _board_grid(board: Board, m: MapDef, where: str) -> HexGrid:
    """The board's hex grid, numbered as the game numbers map `m` where the module gives it no
    numbering of its own."""
    grid = board.grid
    if not isinstance(grid, HexGrid):
        raise DigitizeError(Problem(where, message="has no hex grid: a map without hexes cannot be digitized"))
    if grid.numbering is None:
        numbering = map_numbering(m, grid.dx, grid.dy, grid.sideways, board.width, board.height)
        grid = renumbered(grid, **numbering.attributes())
    return grid


def from_module(game: Game, path: Path, board_name: str | None = None, map_id: str | None = None) -> MapImage:
    """The boards of a module that show the game's maps, in one picture of their map window:
    the board named `board_name` (showing `map_id`, or the map of the same name, or the game's
    only map), else every board whose name is a map's (or, with one board and one map, those)."""
    try:
        module = read_module(path)
    except FormatError as exc:
        raise DigitizeError(Problem(str(path), message=str(exc))) from None
    boards = [(info, b) for info in module.maps for b in info.boards]
    by_id = {m.id: m for m in game.maps}
    if map_id is not None and map_id not in by_id:
        raise DigitizeError(Problem("game.toml", "", 0, "maps", f"no map '{map_id}' (maps: {', '.join(by_id)})"))
    chosen: list[tuple[str, Board, MapDef]] = []
    if board_name is not None:
        found = [(info, b) for info, b in boards if b.name == board_name]
        if not found:
            raise DigitizeError(Problem(str(path), message=f"no board '{board_name}' (boards: "
                                        f"{', '.join(b.name for _, b in boards) or 'none'})"))
        m = by_id.get(map_id or "") or next((x for x in game.maps if x.name == board_name), None)
        if m is None and len(game.maps) == 1:
            m = game.maps[0]
        if m is None:
            raise DigitizeError(Problem(str(path), message=f"which map of the game does board '{board_name}' show? "
                                        f"give --map ({', '.join(by_id)})"))
        chosen = [(found[0][0].name, found[0][1], m)]
    else:
        named = {x.name: x for x in game.maps if map_id is None or x.id == map_id}
        chosen = [(info.name, b, named[b.name]) for info, b in boards if b.name in named]
        if not chosen and len(boards) == 1 and len(named) == 1:
            chosen = [(boards[0][0].name, boards[0][1], next(iter(named.values())))]
        if not chosen:
            raise DigitizeError(Problem(str(path), message=(
                f"no board is named as a map of the game (boards: {', '.join(b.name for _, b in boards) or 'none'}; "
                f"maps: {', '.join(f'{x.id} = {x.name!r}' for x in game.maps)}): give --board")))
    window = chosen[0][0]
    chosen = [c for c in chosen if c[0] == window]
    layout = module.map_layout(window)
    placed = {p.board.name: p for p in layout.boards}
    for _, b, _ in chosen:
        if b.name not in placed:
            raise DigitizeError(Problem(str(path), message=f"board '{b.name}' is not laid out on map '{window}'"))
    origins = {name: layout.origin(p) for name, p in placed.items()}
    width = max((origins[n][0] + p.board.width for n, p in placed.items()), default=0)
    height = max((origins[n][1] + p.board.height for n, p in placed.items()), default=0)
    picture_image = Image.new("RGB", (max(1, width), max(1, height)), (255, 255, 255))
    with open_module_files(path) as (files, _):
        for name, p in placed.items():
            if not p.board.image:
                continue
            where = f"{path.name}: board '{name}' image {p.board.image}"
            try:
                data = files.read("images/" + p.board.image, IMAGE_LIMIT)
            except FormatError as exc:
                raise DigitizeError(Problem(where, message=str(exc))) from None
            picture_image.paste(_open(data, where), origins[name])
    maps = tuple(dict.fromkeys(m for _, _, m in chosen))
    names = ", ".join(f"'{b.name}'" for _, b, _ in chosen)
    picture = MapImage(picture_image, maps, f"board {names} of {path.name}")
    hexids = HexIds(game.maps)
    for _, b, m in chosen:
        grid = _board_grid(b, m, f"{path.name}: board '{b.name}'")
        _place(picture, m, hexids, grid, b.size, origins[b.name])
    _count_missing(picture, hexids)
    if not picture.cells:
        raise DigitizeError(Problem(str(path), message=f"the grid of board {names} names no hex of map(s) "
                                    f"{', '.join(m.id for m in maps)} as the game numbers them"))
    return picture
