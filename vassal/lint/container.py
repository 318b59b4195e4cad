"""Checks on the module as a file: entries, metadata, versions, raw buildFile bytes.

Format reference §1.1–§1.4: VASSAL decides what a file is from its entries
(``savedGame`` = a save, ``extensiondata`` = an extension), picks ``buildFile``
or ``buildFile.xml`` from the metadata's VassalVersion, refuses modules stamped
with a newer minor version, and builds from XML in which CDATA is silently
dropped and control characters are fatal.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from vassal.metadata import Metadata

from .issues import Issue, error, warning

BUILDFILE = "buildFile.xml"
BUILDFILE_OLD = "buildFile"
MODULEDATA = "moduledata"
_VERSION = re.compile(r"\s*(\d+)\.(\d+)")
_RAW_CONTROL = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_CHAR_REF = re.compile(rb"&#(x[0-9a-fA-F]+|[0-9]+);")
_CDATA = re.compile(rb"<!\[CDATA\[")


@dataclass(frozen=True)
class Version:
    major: int
    minor: int

    def __str__(self) -> str:
        return f"{self.major}.{self.minor}"


def minor_version(text: str) -> Version | None:
    """``3.6.19`` -> 3.6; None for text that is not a version (``${vassal.version}``)."""
    match = _VERSION.match(text)
    return Version(int(match.group(1)), int(match.group(2))) if match else None


def buildfile_name(metadata: Metadata | None) -> str:
    """The entry VASSAL reads: ``buildFile`` below VassalVersion 3.5, else ``buildFile.xml`` (§1.2)."""
    version = minor_version(metadata.vassal_version) if metadata and metadata.vassal_version else None
    return BUILDFILE_OLD if version is not None and (version.major, version.minor) < (3, 5) else BUILDFILE


def check_versions(metadata: Metadata | None, root_version: str, target: Version) -> Iterator[Issue]:
    """The two version gates of §1.2 for a module meant to open in VASSAL ``target``."""
    if metadata is not None and metadata.vassal_version:
        version = minor_version(metadata.vassal_version)
        if version is None:
            yield warning(MODULEDATA, f"VassalVersion {metadata.vassal_version!r} is not a version number")
        elif (version.major, version.minor) > (target.major, target.minor):
            yield warning(MODULEDATA, f"VassalVersion {metadata.vassal_version} is newer than {target}: "
                                      f"VASSAL {target} refuses to open the module (module too new)")
    if root_version:
        version = minor_version(root_version)
        if version is None:
            yield warning(BUILDFILE, f"root VassalVersion {root_version!r} is not a version number")
        elif (version.major, version.minor) > (target.major, target.minor):
            yield warning(BUILDFILE, f"root VassalVersion {root_version} is newer than {target}: "
                                     f"VASSAL {target} shows a version warning dialog on opening")


def check_names(metadata: Metadata | None, root_name: str) -> Iterator[Issue]:
    if metadata is None:
        yield warning(MODULEDATA, "missing: VASSAL has to guess the file type from the buildFile; "
                                  "always write moduledata")
    elif metadata.name != root_name:
        yield warning(MODULEDATA, f"name {metadata.name!r} differs from the buildFile name {root_name!r}: "
                                  "saves made with one are reported as made with another module")


def check_bytes(data: bytes, where: str) -> Iterator[Issue]:
    """What the XML parser would hide: CDATA (dropped by VASSAL) and control characters."""
    bad = [m.start() for m in _RAW_CONTROL.finditer(data)]
    bad += [m.start() for m in _CHAR_REF.finditer(data) if _is_control(m.group(1))]
    if bad:
        line = data.count(b"\n", 0, min(bad)) + 1
        yield error(f"{where}:{line}", "control character, illegal in XML 1.0: VASSAL cannot parse the buildFile")
    for match in _CDATA.finditer(data):
        line = data.count(b"\n", 0, match.start()) + 1
        yield error(f"{where}:{line}", "CDATA section: VASSAL ignores CDATA text, so its content "
                                       "(e.g. a piece definition) is lost")


def _is_control(reference: bytes) -> bool:
    """Whether ``&#N;`` / ``&#xN;`` names a C0 control other than TAB, LF, CR."""
    value = int(reference[1:], 16) if reference.startswith(b"x") else int(reference)
    return value < 0x20 and value not in (0x09, 0x0A, 0x0D)
