"""On-disk cache of encoded images, keyed by a hash of everything that drew them.

Drawing and PNG-encoding a board or a few hundred counters dominates a build;
a rebuild after changing one OOB row should redraw only that row's counter.
The key is the `repr` of the frozen art value (dataclasses of str/int/float/tuple,
whose repr is stable), `ART_VERSION` (bumped whenever drawing code changes) and the
Pillow version (its font rasteriser and PNG encoder decide the bytes).
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import PIL

from vassal.archive import write_atomically

ART_VERSION = "3"
_PNG_END = b"IEND\xaeB`\x82"  # the last chunk of every whole PNG, with its CRC


def art_key(art: object) -> str:
    """Content hash of an art value; equal values give equal keys on every run."""
    return hashlib.sha256(f"{ART_VERSION}|{PIL.__version__}|{art!r}".encode()).hexdigest()


class ImageCache:
    """PNG bytes by art key in `folder` (created on first write); `None` folder = no cache."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.drawn = 0
        self.reused = 0

    def _path(self, art: object) -> Path | None:
        return self.folder / f"{art_key(art)}.png" if self.folder else None

    def get(self, art: object) -> bytes | None:
        """The cached PNG for `art`, or None when it must be drawn."""
        path = self._path(art)
        if path is None or not path.is_file():
            return None
        data = path.read_bytes()
        if not data.endswith(_PNG_END):     # cut short by a crash (entries are not flushed to disk)
            return None
        self.reused += 1
        return data

    def put(self, art: object, data: bytes) -> None:
        """Record a freshly drawn PNG (written whole, then renamed into place)."""
        self.drawn += 1
        path = self._path(art)
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, data, durable=False)
