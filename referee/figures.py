"""Which board pictures the HTML report shows, and where the rings go.

A finding's places are in map coordinates. The module's map layout says which
board holds a point and where that board's top-left corner sits on the map
(margins and boards to its left and above), so each place becomes a point on
one board image. Each board with flagged places gets one picture.
"""

from __future__ import annotations

from vassal.module import Module

from .board_images import read_image
from .board_picture import Mark, draw_marks
from .findings import Finding
from .render_html import BoardFigure


def board_figures(findings: tuple[Finding, ...], module: Module | None) -> tuple[BoardFigure, ...]:
    """One figure per board that has flagged places and an image in the module."""
    if module is None:
        return ()
    by_map: dict[str, dict[tuple[int, int], str]] = {}
    for f in findings:
        for p in f.locations:
            if p.map and p.x is not None and p.y is not None:
                by_map.setdefault(p.map, {}).setdefault((p.x, p.y), p.name)
    figures = []
    for map_name in sorted(by_map):
        if not any(m.name == map_name for m in module.maps):
            continue
        layout = module.map_layout(map_name)
        marks: dict[int, list[Mark]] = {}
        for (x, y), name in sorted(by_map[map_name].items()):
            placed = layout.board_at(x, y)
            if placed is not None:
                ox, oy = layout.origin(placed)
                marks.setdefault(layout.boards.index(placed), []).append(Mark(x - ox, y - oy, name))
        for index, board_marks in sorted(marks.items()):
            placed = layout.boards[index]
            data = read_image(module, placed.board.image)
            if data is None:
                continue
            radius = max(12, min(60, min(placed.board.width, placed.board.height) // 30))
            png = draw_marks(data, board_marks, radius, placed.reversed)
            if png is not None:
                figures.append(BoardFigure(f"{map_name}: {placed.board.name} "
                                           f"({len(board_marks)} place(s) marked)", png))
    return tuple(figures)
