"""The few facts about a module the referee needs, read straight from the .vmod.

Private helper until ``vassal.module.Module`` lands (docs/design.md): the module
name and version, the names of the pieces it can put into play, its dice buttons
(so a roll's die size is known) and, for the HTML report, each map's board
images and margins. It reads only the zip entries ``buildFile.xml``/``buildFile``,
``moduledata`` and ``images/<name>``, through the bounded archive reader.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from vassal import archive
from vassal.buildfile import Element, parse_buildfile
from vassal.commands import AddPiece, parse_command
from vassal.errors import FormatError
from vassal.gamestate import basic_name
from vassal.metadata import parse_metadata

MAX_BUILDFILE = 64 * 1024 * 1024
MAX_IMAGE = 64 * 1024 * 1024
_BOARD = "VASSAL.build.module.map.boardPicker.Board"
_MAP_TAGS = ("VASSAL.build.module.Map", "VASSAL.build.module.PrivateMap", "VASSAL.build.module.PlayerHand")


@dataclass(frozen=True)
class BoardImage:
    """A map's board and the image entry that draws it (``""`` when it has none)."""

    map: str
    board: str
    image: str
    edge_x: int
    edge_y: int


@dataclass(frozen=True)
class ModuleFacts:
    path: str
    name: str
    version: str
    piece_names: frozenset[str]
    dice_sides: dict[str, int] = field(default_factory=dict)
    boards: tuple[BoardImage, ...] = ()

    def image(self, name: str) -> bytes | None:
        """The bytes of ``images/<name>``, or ``None`` if the module lacks it."""
        if not name or "/" in name or "\\" in name or name.startswith("."):
            return None
        entry = "images/" + name
        if os.path.isdir(self.path):
            candidate = Path(self.path) / "images" / name
            return candidate.read_bytes() if candidate.is_file() else None
        with archive.open_zip(self.path, self.path) as zf:
            if not archive.has_entry(zf, entry):
                return None
            return archive.read_entry(zf, entry, MAX_IMAGE, where=self.path)


def _int(value: str, default: int = 0) -> int:
    try:
        return int(value)
    except ValueError:
        return default


def _piece_names(root: Element) -> frozenset[str]:
    names = set()
    for slot in root.find_all("VASSAL.build.widget.PieceSlot"):
        command = parse_command(slot.text)
        if isinstance(command, AddPiece):
            name = basic_name(command.type)
            if name:
                names.add(name)
    return frozenset(names)


def _boards(root: Element) -> tuple[BoardImage, ...]:
    boards = []
    for el in root.iter():
        if el.tag in _MAP_TAGS:
            map_name = el.get("mapName")
            for board in el.find_all(_BOARD):
                boards.append(BoardImage(map_name, board.get("name"), board.get("image"),
                                         _int(el.get("edgeWidth")), _int(el.get("edgeHeight"))))
    return tuple(boards)


def read_module_facts(path: str | os.PathLike[str]) -> ModuleFacts:
    """Read a ``.vmod`` or an unpacked module folder; ``FormatError`` if it is neither."""
    label = str(path)
    if os.path.isdir(path):
        folder = Path(path)
        build = next((folder / n for n in ("buildFile.xml", "buildFile") if (folder / n).is_file()), None)
        if build is None:
            raise FormatError("no buildFile.xml in this folder", label)
        build_bytes = build.read_bytes()
        meta_path = folder / "moduledata"
        meta_bytes = meta_path.read_bytes() if meta_path.is_file() else None
    else:
        with archive.open_zip(path, label) as zf:
            entry = next((n for n in ("buildFile.xml", "buildFile") if archive.has_entry(zf, n)), None)
            if entry is None:
                raise FormatError("no buildFile.xml: not a VASSAL module", label)
            build_bytes = archive.read_entry(zf, entry, MAX_BUILDFILE, where=label)
            meta_bytes = (archive.read_entry(zf, "moduledata", 1024 * 1024, where=label)
                          if archive.has_entry(zf, "moduledata") else None)
    root = parse_buildfile(build_bytes, f"{label}: buildFile")
    meta = parse_metadata(meta_bytes, f"{label}: moduledata") if meta_bytes else None
    dice = {b.get("name") or b.get("label"): _int(b.get("nSides", "6"), 6)
            for b in root.find_all("VASSAL.build.module.DiceButton")}
    return ModuleFacts(
        path=label,
        name=meta.name if meta and meta.name else root.get("name"),
        version=meta.version if meta and meta.version else root.get("version"),
        piece_names=_piece_names(root),
        dice_sides={k: v for k, v in dice.items() if k},
        boards=_boards(root),
    )
