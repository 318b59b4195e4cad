"""Zip containers (.vmod, .vsav, .vlog): hostile-safe reading, deterministic writing.

Modules and saves arrive from strangers, so reading never trusts the archive:
entry names are only ever dictionary keys (never filesystem paths), and every
entry is decompressed as a stream that stops as soon as it passes a size limit
or an implausible compression ratio (a zip bomb announces a small size and
inflates without end).

Writing is deterministic so that building the same module twice gives the same
bytes: entries in the order given, one fixed timestamp, fixed permissions, a
fixed compression level, and the file appears only once complete (temp file in
the same folder, then ``os.replace``).
"""

from __future__ import annotations

import io
import os
import zipfile
import zlib
from collections.abc import Sequence
from pathlib import Path

from vassal.errors import FormatError

#: Every entry we write carries this timestamp (the earliest a zip can hold).
FIXED_DATE_TIME = (1980, 1, 1, 0, 0, 0)
#: rw-r--r-- for a regular file, in the high 16 bits of external_attr (Unix).
_FILE_MODE = (0o100644 << 16)
_DEFLATE_LEVEL = 9
#: Formats that are already compressed gain nothing from deflate.
_STORED_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".zip", ".vsav", ".vlog", ".mp3", ".ogg")

#: Real saves inflate by at most ~45x (corpus); deflate bombs reach ~1000x.
DEFAULT_MAX_RATIO = 200
#: Below this many output bytes the ratio test is not applied (tiny entries compress wildly).
_RATIO_GRACE_BYTES = 1 << 20
_MAX_ENTRIES = 100_000
_CHUNK = 1 << 20  # a save's entry inflates to tens of MB: few large reads, one join


#: What a zip-based file is, in the one line every command prints when it cannot be read.
MODULE = "VASSAL module (.vmod)"
SAVE = "VASSAL save or log (.vsav, .vlog)"
ZIP_MAGIC = b"PK\x03\x04"
_EMPTY_ZIP = b"PK\x05\x06"


def zip_defect(head: bytes, size: int) -> str:
    """Why a file that should be a zip archive is not one, from its size and first bytes:
    empty, not a zip at all, or a zip cut short (a mail attachment or copy that stopped)."""
    if size == 0:
        return "the file is empty (0 bytes)"
    if head[:4] in (ZIP_MAGIC, _EMPTY_ZIP):
        return "the zip archive is cut short or damaged"
    return "it is not a zip archive"


def unreadable(kind: str, defect: str, where: str) -> FormatError:
    """The error for a zip-based input (``kind``: ``MODULE``, ``SAVE``...) that cannot be read:
    ``<file>: not a readable <kind>: <defect>``, worded alike in every command."""
    return FormatError(f"not a readable {kind}: {defect}", where)


def open_zip(source: str | os.PathLike[str] | bytes, where: str = "", kind: str = "zip archive") -> zipfile.ZipFile:
    """Open a zip archive from a path or from bytes; anything else is a FormatError
    (``unreadable``: ``kind`` says what the file should have been).

    ``where`` names the input in error messages (defaults to the path).
    """
    label = where or (str(source) if not isinstance(source, bytes) else "archive")
    try:
        handle: str | os.PathLike[str] | io.BytesIO = (
            io.BytesIO(source) if isinstance(source, bytes) else source
        )
        zf = zipfile.ZipFile(handle)
    except FileNotFoundError:
        raise FormatError("file not found", label) from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
        data = source if isinstance(source, bytes) else _head(source)
        size = len(source) if isinstance(source, bytes) else _size(source)
        raise unreadable(kind, zip_defect(data[:4], size), label) from None
    if len(zf.infolist()) > _MAX_ENTRIES:
        zf.close()
        raise FormatError(f"more than {_MAX_ENTRIES} entries", label)
    return zf


def _head(path: str | os.PathLike[str]) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(4)
    except OSError:
        return b""


def _size(path: str | os.PathLike[str]) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return -1


def entry_names(zf: zipfile.ZipFile) -> list[str]:
    """The names of the file entries, in archive order (directories left out)."""
    return [info.filename for info in zf.infolist() if not info.is_dir()]


def has_entry(zf: zipfile.ZipFile, name: str) -> bool:
    """Whether the archive holds a file entry called exactly ``name``."""
    return any(info.filename == name and not info.is_dir() for info in zf.infolist())


def read_entry(
    zf: zipfile.ZipFile,
    name: str,
    limit_bytes: int,
    max_ratio: int = DEFAULT_MAX_RATIO,
    where: str = "",
) -> bytes:
    """The content of entry ``name``, refusing more than ``limit_bytes`` of output.

    Decompression is streamed and abandoned as soon as the output passes the
    limit or, beyond the first MiB, inflates more than ``max_ratio`` times the
    compressed size; the sizes the archive declares are not trusted.
    """
    label = f"{where or zf.filename or 'archive'}: entry {name!r}"
    matches = [info for info in zf.infolist() if info.filename == name]
    if not matches:
        raise FormatError("entry missing", label)
    if len(matches) > 1:
        raise FormatError("entry appears more than once", label)
    info = matches[0]
    if info.flag_bits & 0x1:
        raise FormatError("entry is encrypted", label)
    if info.file_size > limit_bytes:
        raise FormatError(f"entry declares {info.file_size} bytes, over the limit of {limit_bytes}", label)
    ratio_budget = max(info.compress_size, 1) * max_ratio
    chunks, size = [], 0
    try:
        with zf.open(info) as stream:
            while chunk := stream.read(_CHUNK):
                chunks.append(chunk)
                size += len(chunk)
                if size > limit_bytes:
                    raise FormatError(f"entry inflates past the limit of {limit_bytes} bytes", label)
                if size > _RATIO_GRACE_BYTES and size > ratio_budget:
                    raise FormatError(
                        f"entry inflates more than {max_ratio} times its compressed size (zip bomb?)", label
                    )
    except FormatError:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, ValueError) as exc:
        raise FormatError(f"corrupt entry ({exc})", label) from None
    return b"".join(chunks)


def _check_entry_name(name: str) -> None:
    """Refuse names that would be unsafe or ambiguous for anyone unpacking our archive."""
    parts = name.split("/")
    if not name or name.startswith("/") or "\\" in name or any(p in ("", ".", "..") for p in parts):
        raise ValueError(f"unsafe or empty zip entry name {name!r}")


def zip_bytes(entries: Sequence[tuple[str, bytes]]) -> bytes:
    """A deterministic zip holding ``entries`` in the given order.

    Already-compressed formats (images, nested saves) are STORED, everything
    else DEFLATED at a fixed level. Duplicate or unsafe names are a caller bug.
    """
    seen: set[str] = set()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in entries:
            _check_entry_name(name)
            if name in seen:
                raise ValueError(f"duplicate zip entry {name!r}")
            seen.add(name)
            info = zipfile.ZipInfo(name, date_time=FIXED_DATE_TIME)
            info.create_system = 3
            info.external_attr = _FILE_MODE
            if name.lower().endswith(_STORED_SUFFIXES):
                info.compress_type = zipfile.ZIP_STORED
                zf.writestr(info, data)
            else:
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, data, compresslevel=_DEFLATE_LEVEL)
    return buffer.getvalue()


def file_mode(target: Path) -> int:
    """The permissions a file we write gets: those of the file it replaces, else what the
    user's umask gives a new file (a temp file alone would be private, 0600)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


def write_atomically(path: str | os.PathLike[str], data: bytes, *, durable: bool = True) -> None:
    """Write ``data`` to ``path`` so that readers see the old file or the whole new one, with
    the permissions of the file it replaces or the umask's (``file_mode``).

    The temp file lives in the destination folder so that ``os.replace`` is a rename,
    never a copy across filesystems. ``durable=False`` skips the flush to disk before the
    rename, for files a reader can check and remake (a cache): a crash may then leave such a
    file short, never a user's file.
    """
    target = Path(path)
    import tempfile  # writing only: reading a save does not pay for it

    fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.chmod(temp_name, file_mode(target))
        os.replace(temp_name, target)
    except BaseException:
        if os.path.exists(temp_name):
            os.unlink(temp_name)
        raise


def write_zip(path: str | os.PathLike[str], entries: Sequence[tuple[str, bytes]]) -> None:
    """Write a deterministic zip (see ``zip_bytes``) to ``path`` atomically."""
    write_atomically(path, zip_bytes(entries))
