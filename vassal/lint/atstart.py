"""At-start stacks (``SetupStack``): where VASSAL puts their pieces in a new game (§2.3).

VASSAL places an at-start stack only while its owning board is in play, at
``(x, y)`` or at what its own grid parser makes of ``location``, both in board
coordinates, shifted by the board's place on the map. Its parser is not always
the inverse of its naming (descending numbering with stagger, §3.6), so the
point is named again here the way VASSAL names it: a stack named ``0305`` that
VASSAL would show as ``0304`` is put on the wrong hex. The pieces and their
location names are summarised like a predefined setup.
"""

from __future__ import annotations

from vassal.board import OFFBOARD, MapLayout
from vassal.errors import FormatError
from vassal.grid import LocationError
from vassal.module import MapInfo, Module, SetupStackInfo
from vassal.piece import Piece

from .issues import Issue, error, info, warning
from .setups import SetupPiece

ANY_BOARD = "<any>"


def check_at_start(module: Module, sizes_known: bool) -> tuple[list[Issue], tuple[SetupPiece, ...]]:
    """Issues of every at-start stack and the pieces they place (located when sizes are known)."""
    issues: list[Issue] = []
    pieces: list[SetupPiece] = []
    for map_info in module.maps:
        layout = module.map_layout(map_info.name)
        for stack in map_info.setup_stacks:
            placement = _Placement(stack, map_info, layout, f"Map[{map_info.name}]/SetupStack[{stack.name}]")
            location = placement.location(sizes_known)
            issues.extend(placement.issues)
            if location is not None:
                pieces.extend(SetupPiece(_piece_name(module, gpid), map_info.name, location)
                              for gpid in stack.gpids)
    if any(m.setup_stacks for m in module.maps) and not sizes_known:
        issues.append(info("SetupStack", "board images not available: at-start locations not checked"))
    return issues, tuple(pieces)


class _Placement:
    """Where VASSAL puts one at-start stack; problems found on the way go to ``issues``."""

    def __init__(self, stack: SetupStackInfo, map_info: MapInfo, layout: MapLayout, where: str) -> None:
        self.stack = stack
        self.map_info = map_info
        self.layout = layout
        self.where = where
        self.issues: list[Issue] = []

    def location(self, sizes_known: bool) -> str | None:
        """The location name of the stack's point; ``""`` when it cannot be known here (no board
        sizes), None when VASSAL does not place the stack."""
        stack, layout = self.stack, self.layout
        owning = "" if stack.owning_board == ANY_BOARD else stack.owning_board
        origin = (layout.edge_width, layout.edge_height)
        board = None
        if owning:
            if owning not in {b.name for b in self.map_info.boards}:
                self.issues.append(warning(self.where, f"owningBoard {owning!r} is not a board of this map: "
                                                       "VASSAL never places this stack"))
                return None
            placed = next((p for p in layout.boards if p.board.name == owning), None)
            if placed is None:
                self.issues.append(info(self.where, f"board {owning!r} is not in the map's default layout: "
                                                    "the stack is placed only when a player picks that board"))
                return None
            board, origin = placed.board, layout.origin(placed)
        if not sizes_known:
            return ""
        by_name = stack.use_grid_location and board is not None and board.grid is not None
        point = (stack.x, stack.y)
        if by_name:
            try:
                point = board.grid.vassal_location(stack.location, board.size)
            except (LocationError, FormatError) as exc:
                self.issues.append(error(self.where, f"location {stack.location!r} is not a name of board "
                                                     f"{owning!r} ({exc}): VASSAL cannot place the stack"))
                return None
        x, y = origin[0] + point[0], origin[1] + point[1]
        found, name = layout.locate(x, y)
        if layout.board_at(x, y) is None:
            self.issues.append(error(self.where, f"VASSAL places it at {x},{y}, off every board of map "
                                                 f"{self.map_info.name!r}"))
        elif by_name and name != stack.location:
            self.issues.append(error(self.where, f"VASSAL's own parser puts location {stack.location!r} at "
                                                 f"{x},{y}, which it names {name!r}: the pieces start on the "
                                                 "wrong hex (§3.6); write x,y with useGridLocation=false"))
        elif found is not None and found.grid is not None and name == OFFBOARD:
            self.issues.append(error(self.where, f"VASSAL places it at {x},{y}, which has no location name"))
        return name


def _piece_name(module: Module, gpid: str) -> str:
    try:
        return Piece.from_slot_text(module.piece_slot(gpid).text).name
    except (KeyError, FormatError, ValueError, IndexError, RecursionError):
        return ""
