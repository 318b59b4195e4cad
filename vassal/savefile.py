"""The save/log container: ``.vsav``, ``.vlog`` and the old ``.sav``/``.log`` names.

Normally a zip with ``savedGame`` (the obfuscated command text), ``savedata``
and ``moduledata``; some 2.9-era files are the bare command stream with no zip.
Everything here treats the file as hostile: bounded decompression, no entry
name ever used as a path, XML without entities or network.
"""

from __future__ import annotations

import os
import zipfile
from dataclasses import dataclass
from pathlib import Path

from . import archive
from .errors import FormatError
from .metadata import Metadata, parse_metadata
from .obfuscation import obfuscate, plain_bytes, utf8_text

#: Largest command text we accept (the biggest corpus save decodes to ~25 MB).
MAX_SAVED_GAME_BYTES = 512 * 1024 * 1024
MAX_METADATA_BYTES = 1024 * 1024


@dataclass(frozen=True)
class SaveFile:
    """What a save or log holds, before interpretation."""

    path: str
    text: str
    obfuscation: str  # "!VCSK", "VOBS", "!VOBS" or "plain"
    zipped: bool
    save_metadata: Metadata | None
    module_metadata: Metadata | None


def read_save(path: str | os.PathLike[str]) -> SaveFile:
    label = str(path)
    try:
        with open(path, "rb") as f:
            head = f.read(len(archive.ZIP_MAGIC))
    except OSError as e:
        raise FormatError(f"cannot open ({e.strerror})", label) from None
    if head != archive.ZIP_MAGIC:
        size = os.path.getsize(path)
        if size > MAX_SAVED_GAME_BYTES * 2 + 16:
            raise FormatError("file too large to be a saved game", label)
        data = Path(path).read_bytes()
        text, kind = _text(data, label) if data else "", _kind(data)
        if kind == "plain" and not text.startswith("begin_save"):
            # a 2.9-era save is the bare command stream; anything else is no save at all
            raise archive.unreadable(archive.SAVE, archive.zip_defect(data[:4], len(data)), label)
        return SaveFile(label, text, kind, False, None, None)
    with archive.open_zip(path, label, archive.SAVE) as zf:
        if not archive.has_entry(zf, "savedGame"):
            if archive.has_entry(zf, "buildFile.xml") or archive.has_entry(zf, "buildFile"):
                raise FormatError("this is a module, not a saved game or log", label)
            raise FormatError("no savedGame entry: not a VASSAL save or log", label)
        # hex obfuscation doubles the size of the text
        data = archive.read_entry(zf, "savedGame", MAX_SAVED_GAME_BYTES * 2 + 16, where=label)
        meta = {name: _metadata(zf, name, label) for name in ("savedata", "moduledata")}
    return SaveFile(label, _text(data, f"{label}: savedGame"), _kind(data), True,
                    meta["savedata"], meta["moduledata"])


def read_module_metadata(path: str | os.PathLike[str]) -> Metadata | None:
    """The ``moduledata`` of a save or log alone (which module wrote it), without decoding its
    commands: None for a file that records none (a bare 2.9-era stream)."""
    label = str(path)
    try:
        with open(path, "rb") as f:
            if f.read(len(archive.ZIP_MAGIC)) != archive.ZIP_MAGIC:
                return None
    except OSError as e:
        raise FormatError(f"cannot open ({e.strerror})", label) from None
    with archive.open_zip(path, label, archive.SAVE) as zf:
        return _metadata(zf, "moduledata", label)


def _metadata(zf: zipfile.ZipFile, name: str, label: str) -> Metadata | None:
    if not archive.has_entry(zf, name):
        return None
    return parse_metadata(archive.read_entry(zf, name, MAX_METADATA_BYTES, where=label), f"{label}: {name}")


def _text(data: bytes, where: str) -> str:
    raw = plain_bytes(data, where)
    if b"\x00" in raw:  # on the bytes, before decoding: UTF-8 writes NUL only for NUL
        raise FormatError("command text contains NUL bytes: not a VASSAL save", where)
    return utf8_text(raw, where)


def _kind(data: bytes) -> str:
    for header in ("!VCSK", "!VOBS", "VOBS"):
        if data.startswith(header.encode()):
            return header
    return "plain"


def save_bytes(text: str, module_metadata: Metadata, save_metadata: Metadata, key: int = 0x42) -> bytes:
    """A ``.vsav``/``.vlog`` as VASSAL 3.6/3.7 writes it: entries savedGame, savedata, moduledata."""
    return archive.zip_bytes([
        ("savedGame", obfuscate(text, key)),
        ("savedata", save_metadata.to_xml()),
        ("moduledata", module_metadata.to_xml()),
    ])


def write_save(path: str | os.PathLike[str], text: str, module_metadata: Metadata,
               save_metadata: Metadata, key: int = 0x42) -> None:
    archive.write_atomically(path, save_bytes(text, module_metadata, save_metadata, key))
