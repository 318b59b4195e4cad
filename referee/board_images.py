"""Board image bytes from a module, for the HTML report's pictures.

``vassal.module.Module`` sizes boards from their images but does not hand out
the image bytes, so this reads ``images/<name>`` itself: from the ``.vmod``
through the bounded archive reader, or from the unpacked module folder (the
folder of a bare buildFile) after checking that the name cannot leave it.
A missing or unreadable image gives ``None``; the report then just has no
picture for that board.
"""

from __future__ import annotations

from pathlib import Path

from vassal import archive
from vassal.errors import FormatError
from vassal.module import Module

MAX_IMAGE_BYTES = 64 * 1024 * 1024
_ZIP_MAGIC = b"PK\x03\x04"


def _safe_name(name: str) -> bool:
    return bool(name) and "/" not in name and "\\" not in name and not name.startswith(".")


def read_image(module: Module, name: str) -> bytes | None:
    """The bytes of the module's ``images/<name>``, or ``None``."""
    if not _safe_name(name):
        return None
    source = Path(module.source)
    try:
        if source.is_file():
            with source.open("rb") as f:
                is_zip = f.read(len(_ZIP_MAGIC)) == _ZIP_MAGIC
            if is_zip:
                with archive.open_zip(source, module.source) as zf:
                    entry = "images/" + name
                    if not archive.has_entry(zf, entry):
                        return None
                    return archive.read_entry(zf, entry, MAX_IMAGE_BYTES, where=module.source)
            source = source.parent
        path = source / "images" / name
        if not path.is_file() or path.stat().st_size > MAX_IMAGE_BYTES:
            return None
        return path.read_bytes()
    except (OSError, FormatError):
        return None
