"""The Kassala author's module (`../shared/games/kassala/vmod/`, unpacked) as a `.vmod`, zipped
the way its own build script does: the folder's contents at the archive's root."""
from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

from conftest import REPO, SHARED
from PIL import Image

from gamedata.load import map_defs, read_game_toml
from gamedata.numbering import map_numbering
from vassal.buildfile import element, parse_buildfile, write_buildfile
from vassal.grid import HexGrid, grid_from_element, renumbered

KASSALA = SHARED / "games" / "kassala"
MAP_IMAGE = KASSALA / "vmod" / "images" / "Mapboard.png"


def zip_module(target: Path, folder: Path = KASSALA / "vmod") -> Path:
    """`folder`'s files zipped into `target` (a `.vmod`); returns `target`."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            archive.write(path, path.relative_to(folder).as_posix())
    return target


def numbered_module(folder: Path) -> Path:
    """The author's module with our numbering (sources/kassala/game.toml) on its grid, nothing else
    changed, zipped beside ``folder`` (a scratch folder the copy is made in): what VASSAL itself
    names the hexes of a log by, as the referee does."""
    shutil.copytree(KASSALA / "vmod", folder)
    root = parse_buildfile((folder / "buildFile.xml").read_bytes())
    board = next(b for b in root.iter() if b.tag.endswith("boardPicker.Board"))
    grid = grid_from_element(board.children[0])
    assert isinstance(grid, HexGrid) and grid.numbering is None          # VASSAL names nothing there
    with Image.open(MAP_IMAGE) as image:
        width, height = image.size
    m = next(x for x in map_defs(read_game_toml(REPO / "sources" / "kassala")) if x.id == "main")
    numbering = map_numbering(m, grid.dx, grid.dy, grid.sideways, width, height)
    board.children[0] = renumbered(grid, **numbering.attributes()).to_element(element)
    (folder / "buildFile.xml").write_bytes(write_buildfile(root))
    return zip_module(folder.parent / "kassala-numbered.vmod", folder)
