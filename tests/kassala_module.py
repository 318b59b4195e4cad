"""The Kassala author's module (`../shared/games/kassala/vmod/`, unpacked) as a `.vmod`, zipped
the way its own build script does: the folder's contents at the archive's root."""
from __future__ import annotations

import zipfile
from pathlib import Path

from conftest import SHARED

KASSALA = SHARED / "games" / "kassala"
MAP_IMAGE = KASSALA / "vmod" / "images" / "Mapboard.png"


def zip_module(target: Path, folder: Path = KASSALA / "vmod") -> Path:
    """`folder`'s files zipped into `target` (a `.vmod`); returns `target`."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            archive.write(path, path.relative_to(folder).as_posix())
    return target
