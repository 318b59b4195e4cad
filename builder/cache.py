"""On-disk cache of encoded images, keyed by a hash of everything that drew them.

Drawing and PNG-encoding a board or a few hundred counters dominates a build;
a rebuild after changing one OOB row should redraw only that row's counter.
The key is the `repr` of the frozen art value (dataclasses of str/int/float/tuple,
whose repr is stable) plus `ART_VERSION`, bumped whenever drawing code changes.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

ART_VERSION = "1"


def art_key(art: object) -> str:
    """Content hash of an art value; equal values give equal keys on every run."""
    return hashlib.sha256(f"{ART_VERSION}|{art!r}".encode("utf-8")).hexdigest()


class ImageCache:
    """PNG bytes by art key in `folder` (created on first write); `None` folder = no cache."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.drawn = 0
        self.reused = 0

    def png(self, art: object, draw: Callable[[], bytes]) -> bytes:
        """The cached PNG for `art`, drawing and storing it when absent."""
        key = art_key(art)
        path = self.folder / f"{key}.png" if self.folder else None
        if path is not None and path.is_file():
            self.reused += 1
            return path.read_bytes()
        data = draw()
        self.drawn += 1
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temp, path)
        return data
