"""A map's default board layout: the ``<setup>`` text of its BoardPicker (§2.3, §5.5).

When a game starts without boards from a save, VASSAL decodes this text as a
SetBoards command of the map. Its decoder only accepts a text that starts with
the map's id or ``mapName`` followed by ``BoardPicker``; any other text decodes
to nothing, and since a default layout exists the board dialog is not shown
either: the map starts with no boards at all. Inside an accepted text a board
name the picker does not have is looked up, not found, and silently left out.
"""

from __future__ import annotations

from collections.abc import Iterator

from vassal import components as c
from vassal.commands import SetBoards, parse_command
from vassal.errors import FormatError
from vassal.module import MAP_TAGS

from .issues import Issue, error, warning
from .tree import Located

BOARD_PICKER_SUFFIX = "BoardPicker"


def check_default_layouts(located: list[Located]) -> Iterator[Issue]:
    """Issues of every map's default layout. A map is known by its ``mapName`` and by the id
    VASSAL generates in build order (``Map0``, ``Map1``...); both prefixes are accepted."""
    maps = [item for item in located if item.element.tag in MAP_TAGS]
    for index, item in enumerate(maps):
        ids = (item.element.get("mapName") or f"Map{index}", f"Map{index}")
        for picker in (ch for ch in item.element.children if ch.tag == c.BOARD_PICKER):
            boards = {b.get("name") for b in picker.children if b.tag == c.BOARD}
            setup = next((ch for ch in picker.children if ch.tag == "setup"), None)
            text = (setup.text or "").strip() if setup is not None else ""
            if text:
                yield from _check_layout(text, ids, boards, f"{item.path}/BoardPicker/setup")


def _check_layout(text: str, ids: tuple[str, str], boards: set[str], where: str) -> Iterator[Issue]:
    try:
        command = parse_command(text)
    except FormatError:
        command = None
    if not isinstance(command, SetBoards) or not any(text.startswith(i + BOARD_PICKER_SUFFIX) for i in ids):
        yield error(where, f"does not start with {ids[0] + BOARD_PICKER_SUFFIX!r}: VASSAL decodes "
                           "no boards from it and shows no board dialog, so the map starts with no boards")
        return
    for placement in command.boards:
        if placement.board not in boards:
            yield warning(where, f"names board {placement.board!r}, which this map does not have "
                                 f"({', '.join(sorted(boards))}): VASSAL leaves it out of the layout")
