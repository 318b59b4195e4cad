"""A community module read with a game's data: what the referee adds to a module it did not build.

- **Hex names.** A module's board grid may have no numbering (VASSAL then names every point on
  it ``offboard``). When a board of the module has a game map's name and a hex
  grid without numbering, the game's own numbering (`[[maps]]`: columns, rows, id format,
  shifted columns, ``raw_origin``) is put on it (`gamedata.numbering`, `vassal.grid.renumbered`)
  before the log is replayed, so steps, views and findings name hexes as the game numbers them.
  A grid with a numbering of its own is left as it is: VASSAL's names win.
- **Units.** A game folder may hold the piece-to-unit map of a community module (`units.csv`,
  drafted by `adjutant map-units` and reviewed): it is used when no `--units` is given.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # a log checked alone pays for none of these (units_file is all it asks for)
    from gamedata.model import Game
    from vassal.module import Module

UNITS_FILE = "units.csv"


def numbered(module: Module, game: Game) -> Module:
    """``module`` with the game's numbering on each board grid that has none (see above)."""
    from gamedata.numbering import map_numbering
    from vassal.grid import HexGrid, renumbered

    maps = {m.name: m for m in game.maps}
    changed = False
    new_maps = []
    for info in module.maps:
        boards = []
        for board in info.boards:
            grid, m = board.grid, maps.get(board.name)
            if isinstance(grid, HexGrid) and grid.numbering is None and m is not None:
                numbering = map_numbering(m, grid.dx, grid.dy, grid.sideways, board.width, board.height)
                board = replace(board, grid=renumbered(grid, **numbering.attributes()))
                changed = True
            boards.append(board)
        new_maps.append(replace(info, boards=tuple(boards)))
    return replace(module, maps=tuple(new_maps)) if changed else module


def units_file(game_folder: Path | None, given: Path | None) -> Path | None:
    """The units.csv to read: the one given, else the game folder's own, else none."""
    if given is not None or game_folder is None:
        return given
    own = game_folder / UNITS_FILE
    return own if own.is_file() else None
