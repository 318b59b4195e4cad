"""Which board pictures the HTML report shows, and where the rings go.

A finding's places are in map coordinates. A map's first board sits at the map's
margin (``edgeWidth``, ``edgeHeight``), so that offset turns a map point into a
point on the board image. Maps made of several boards are drawn with their
first board only, and marks that fall outside it are left out (the findings
table still lists them).
"""

from __future__ import annotations

import io

from PIL import Image, UnidentifiedImageError

from .board_picture import MAX_PIXELS, Mark, draw_marks
from .findings import Finding
from .module_facts import ModuleFacts
from .render_html import BoardFigure


def _size(data: bytes) -> tuple[int, int] | None:
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        with Image.open(io.BytesIO(data)) as im:
            return im.size
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError):
        return None


def board_figures(findings: tuple[Finding, ...], module: ModuleFacts | None) -> tuple[BoardFigure, ...]:
    """One figure per map that has flagged places and a board image in the module."""
    if module is None:
        return ()
    by_map: dict[str, dict[tuple[int, int], str]] = {}
    for f in findings:
        for p in f.locations:
            if p.map and p.x is not None and p.y is not None:
                by_map.setdefault(p.map, {}).setdefault((p.x, p.y), p.name)
    figures = []
    for map_name in sorted(by_map):
        board = next((b for b in module.boards if b.map == map_name and b.image), None)
        data = module.image(board.image) if board else None
        size = _size(data) if data else None
        if board is None or data is None or size is None:
            continue
        width, height = size
        marks = [Mark(x - board.edge_x, y - board.edge_y, name)
                 for (x, y), name in sorted(by_map[map_name].items())
                 if 0 <= x - board.edge_x < width and 0 <= y - board.edge_y < height]
        if marks:
            radius = max(12, min(60, min(width, height) // 30))
            figures.append(BoardFigure(f"{map_name}: {board.board} ({len(marks)} place(s) marked)",
                                       draw_marks(data, marks, radius)))
    return tuple(figures)
