"""Boards from scanned map images: the designer's image, unchanged, under a grid calibration.

A map with a `[maps.scan]` table is not drawn. Its board image is the scan's bytes,
stored under a content-hashed name (same scan, same name, same module bytes), and the
board has no width/height, so VASSAL takes the image's own size. Its HexGrid is the
calibration verbatim; its numbering follows from the map's columns, rows, prefix, id
format, shifted columns and raw origin unless the calibration overrides it (format reference
§3.3, `gamedata.numbering`).
Every hex of the map must then be named by VASSAL at a point inside the image: each
setup piece goes to the exact point `vassal.grid` computes for the hex's printed id.
"""
from __future__ import annotations

import hashlib
import io
from dataclasses import replace
from pathlib import Path, PurePosixPath, PureWindowsPath

from PIL import Image

from builder.layout import MapGroup, ScanBoard, plan_boards
from gamedata.hexids import Hex, HexIds
from gamedata.load import GAME_FILE, GameDataError, load_game
from gamedata.model import Game, MapDef, Problem, ScanDef
from gamedata.numbering import map_numbering
from vassal import components as c
from vassal.buildfile import Element
from vassal.grid import HexGrid, LocationError, Size, grid_from_element

SCAN_FORMATS = {"PNG": ".png", "JPEG": ".jpg", "GIF": ".gif"}
"""Image formats VASSAL boards display, with the archive suffix each is stored under."""
MAX_SCAN_BYTES = 256 * 1024 * 1024
MISSES_SHOWN = 3


def _field(index: int, name: str) -> str:
    return f"maps[{index}].scan" + (f".{name}" if name else "")


def _problem(index: int, name: str, message: str) -> Problem:
    return Problem(GAME_FILE, "", 0, _field(index, name), message)


def scan_path(folder: Path, image: str) -> Path | None:
    """The scan's file inside the game folder; None when `image` is absolute, climbs out
    with `..`, holds a NUL, or resolves (through links) outside the folder or not at all."""
    if PurePosixPath(image).is_absolute() or PureWindowsPath(image).is_absolute() or PureWindowsPath(image).drive:
        return None
    if ".." in PureWindowsPath(image).parts or "\0" in image:
        return None
    root = folder.resolve()
    try:
        path = (root / image).resolve()
    except (OSError, RuntimeError):          # a link loop, or a name the system refuses
        return None
    return path if path.is_relative_to(root) else None


def _read_image(folder: Path, index: int, scan: ScanDef) -> tuple[bytes, str, Size] | Problem:
    """The scan's bytes, archive suffix and pixel size (from its header; never decoded)."""
    path = scan_path(folder, scan.image)
    if path is None:
        return _problem(index, "image", f"{scan.image!r} is not a path inside the game folder")
    try:
        if path.stat().st_size > MAX_SCAN_BYTES:
            return _problem(index, "image", f"{scan.image}: larger than {MAX_SCAN_BYTES // 2**20} MiB")
        data = path.read_bytes()
    except FileNotFoundError:
        return _problem(index, "image", f"{scan.image}: no such file in the game folder")
    except OSError as exc:
        return _problem(index, "image", f"{scan.image}: cannot read: {exc.strerror}")
    try:
        with Image.open(io.BytesIO(data)) as picture:
            kind, (width, height) = picture.format, picture.size
    except Image.DecompressionBombError:
        return _problem(index, "image", f"{scan.image}: more than {2 * Image.MAX_IMAGE_PIXELS} pixels")
    except (OSError, SyntaxError, ValueError):
        kind = None
    if kind not in SCAN_FORMATS:
        return _problem(index, "image", f"{scan.image}: not a PNG, JPEG or GIF image")
    return data, SCAN_FORMATS[kind], Size(width, height)


def grid_element(m: MapDef, scan: ScanDef, size: Size) -> Element:
    """The HexGrid with the numbering that names the scan's hexes as printed (§3.3, §3.4):
    the calibration verbatim, numbered by `gamedata.numbering.map_numbering`."""
    numbering = map_numbering(m, scan.dx, scan.dy, scan.sideways, size.width, size.height, scan)
    return c.hex_grid(scan.dx, scan.dy, scan.x0, scan.y0, c.grid_numbering(**numbering.attributes()),
                      sideways=scan.sideways)


def _centres(m: MapDef, scan: ScanDef, index: int, hexids: HexIds, grid: HexGrid,
             size: Size) -> dict[Hex, tuple[int, int]] | Problem:
    """Every hex of the map at VASSAL's point for its printed id, or the problem naming
    the first hexes the calibration misses."""
    centres: dict[Hex, tuple[int, int]] = {}
    misses: list[str] = []
    for column in range(m.columns[0], m.columns[1] + 1):
        low, high = hexids.row_range(m.id, column)
        for row in range(low, high + 1):
            h = Hex(m.id, column, row)
            name = hexids.format(h)
            try:
                x, y = grid.point_for(name, size)
            except LocationError:
                misses.append(f"{name} (no hex of this grid)")
                continue
            if not (0 <= x < size.width and 0 <= y < size.height):
                misses.append(f"{name} (at {x},{y})")
                continue
            centres[h] = (x, y)
    if misses:
        more = len(misses) - MISSES_SHOWN
        shown = ", ".join(misses[:MISSES_SHOWN]) + (f" and {more} more" if more > 0 else "")
        return _problem(index, "", f"the calibration (x0={scan.x0}, y0={scan.y0}, dx={scan.dx}, dy={scan.dy}, "
                        f"sideways={str(scan.sideways).lower()}) puts {len(misses)} hex(es) of map {m.id!r} off "
                        f"the {size.width}x{size.height} image {scan.image}: {shown}")
    return centres


def hex_centres(m: MapDef, scan: ScanDef, hexids: HexIds, size: Size,
                index: int = 0) -> dict[Hex, tuple[int, int]] | Problem:
    """Every hex of map `m` at VASSAL's point for its printed id in an image of `size` under
    the calibration `scan`, or the problem naming the hexes it puts off the image."""
    element = grid_element(m, scan, size)
    grid = grid_from_element(element)
    assert isinstance(grid, HexGrid)
    return _centres(m, scan, index, hexids, grid, size)


def _scan_board(folder: Path, index: int, m: MapDef, scan: ScanDef, hexids: HexIds) -> ScanBoard | Problem:
    read = _read_image(folder, index, scan)
    if isinstance(read, Problem):
        return read
    data, suffix, size = read
    element = grid_element(m, scan, size)
    centres = hex_centres(m, scan, hexids, size, index)
    if isinstance(centres, Problem):
        return centres
    name = f"scan_{hashlib.sha256(data).hexdigest()[:24]}{suffix}"
    return ScanBoard(m, name, size.width, size.height, element, data, centres)


def _boards(folder: Path, game: Game, groups: tuple[MapGroup, ...],
            severity: str = "error") -> tuple[dict[str, ScanBoard], list[Problem]]:
    """The scanned maps' boards by map id, and what is wrong with the others. A map stacked
    with another (aliases) is not built from its scan: the seam between their boards is drawn,
    not scanned (a `severity` problem; its scan still serves `adjutant digitize`)."""
    hexids = HexIds(game.maps)
    stacked = {b.map.id for group in groups if len(group.boards) > 1 for b in group.boards}
    boards: dict[str, ScanBoard] = {}
    problems: list[Problem] = []
    for index, m in enumerate(game.maps):
        if m.scan is None:
            continue
        if m.id in stacked:
            problems.append(replace(_problem(index, "image", f"map {m.id!r} shares hexes with another map (aliases); "
                                             "a scanned map must stand alone to be built (its scan can be digitized)"),
                                    severity=severity))
            continue
        board = _scan_board(folder, index, m, m.scan, hexids)
        if isinstance(board, Problem):
            problems.append(board)
        else:
            boards[m.id] = board
    return boards, problems


def scan_problems(folder: Path) -> list[Problem]:
    """What `adjutant validate` reports about a (schema-valid) game's scanned maps."""
    game = load_game(folder)
    _, problems = _boards(folder, game, plan_boards(game.maps), severity="warning")
    return problems


def with_scans(folder: Path, game: Game, groups: tuple[MapGroup, ...]) -> tuple[MapGroup, ...]:
    """The planned board groups with every scanned map's drawn board replaced by its scan;
    raises GameDataError naming game.toml and the scan field when a scan is unusable."""
    boards, problems = _boards(folder, game, groups)
    if problems:
        raise GameDataError(problems)
    if not boards:
        return groups
    return tuple(
        MapGroup(group.name, tuple(boards.get(b.map.id, b) for b in group.boards))
        for group in groups
    )


def scan_entries(groups: tuple[MapGroup, ...]) -> list[tuple[str, bytes]]:
    """The archive entries of the scans, once per image, by name."""
    found = {b.image: b.data for group in groups for b in group.boards if isinstance(b, ScanBoard)}
    return [(f"images/{name}", found[name]) for name in sorted(found)]
