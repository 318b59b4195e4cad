"""A module linter: what real VASSAL 3.6–3.8 would refuse, warn about, or get wrong.

There is no VASSAL to try a module in, so the checks VASSAL makes while opening
a module, building its components, drawing its images and loading its
predefined setups are written down here, each from the format reference
(``research/vassal-file-formats.md``) and VASSAL's behaviour:

* ``container``: file type, moduledata, which buildFile VASSAL reads, version gates
  for the ``target`` release (3.6 by default), CDATA and control characters;
* ``structure``: classes VASSAL can build, numbers it parses, GPIDs, map parts,
  sides, names that must be unique, dice that can roll; ``layouts``: each map's
  default board layout;
* ``pieces``: piece definitions, prototypes, keystrokes; ``images`` and ``documents``:
  the files components and traits name;
* ``atstart`` and ``setups``: where at-start stacks and predefined setups put pieces;
  ``turns``: the turn tracker states the setups restore.

``lint_module(path)`` returns the issues; ``lint(path)`` also returns, per
predefined setup and for the at-start stacks, the pieces placed and their
location names, for comparison with the scenario data. A folder or bare
buildFile without its ``images/`` is treated as a partial copy: checks that need
the other files are skipped with an ``info`` issue saying so.

The module is read, never written; its entries are read through
``vassal.archive`` with size limits and never used as filesystem paths.
"""

from __future__ import annotations

import os
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from vassal.buildfile import parse_buildfile
from vassal.errors import FormatError
from vassal.metadata import Metadata, parse_metadata
from vassal.module import ModuleFiles, open_module_files, read_module

from .atstart import check_at_start
from .container import (
    MODULEDATA,
    Version,
    buildfile_name,
    check_bytes,
    check_names,
    check_versions,
    minor_version,
)
from .documents import check_documents
from .images import check_images
from .issues import Issue, error, info
from .layouts import check_default_layouts
from .pieces import check_pieces
from .setups import SetupPiece, SetupSummary, check_setups
from .structure import check_structure
from .tree import walk

__all__ = ["Issue", "LintReport", "SetupPiece", "SetupSummary", "lint", "lint_module"]

BUILDFILE_LIMIT = 64 << 20
METADATA_LIMIT = 1 << 20
DEFAULT_TARGET = "3.6"


@dataclass(frozen=True)
class LintReport:
    """All issues, in the order found (deterministic), what each predefined setup places, and
    what the module's at-start stacks place in every new game."""

    issues: tuple[Issue, ...]
    setups: tuple[SetupSummary, ...]
    at_start: tuple[SetupPiece, ...] = ()

    @property
    def errors(self) -> tuple[Issue, ...]:
        return tuple(i for i in self.issues if i.severity == "error")

    @property
    def warnings(self) -> tuple[Issue, ...]:
        return tuple(i for i in self.issues if i.severity == "warning")


def lint_module(path: str | os.PathLike[str], target: str = DEFAULT_TARGET) -> list[Issue]:
    """The issues of a ``.vmod``, an unpacked module folder, or a bare buildFile."""
    return list(lint(path, target).issues)


def lint(path: str | os.PathLike[str], target: str = DEFAULT_TARGET) -> LintReport:
    version = minor_version(target)
    if version is None:
        raise ValueError(f"target {target!r} is not a VASSAL version like 3.6")
    source = Path(path)
    with ExitStack() as stack:
        try:
            files, bare = stack.enter_context(open_module_files(source))
        except FormatError as exc:
            return LintReport((error(str(source), exc.message),), ())
        # an unpacked copy without its images folder is partial: image checks cannot be made
        complete = files.folder is None or (files.folder / "images").is_dir()
        return _Linter(source, files, bare, complete, version).run()


class _Linter:
    """One run over one module; collects issues in a fixed order."""

    def __init__(self, source: Path, files: ModuleFiles, bare: str | None, complete: bool, target: Version) -> None:
        self.source = source
        self.files = files
        self.bare = bare
        self.complete = complete
        self.target = target
        self.issues: list[Issue] = []

    def run(self) -> LintReport:
        if self.files.has("savedGame"):
            return LintReport((error(str(self.source), "this is a saved game or log, not a module"),), ())
        if self.files.has("extensiondata"):
            self.issues.append(error("extensiondata", "present: VASSAL opens the file as an extension, "
                                                      "not as a module"))
        metadata = self._metadata()
        name = self.bare or buildfile_name(metadata)
        if not self.files.has(name):
            version = metadata.vassal_version if metadata else "none"
            self.issues.append(error(name, f"missing: with VassalVersion {version} VASSAL reads {name} "
                                           "and finds no buildfile"))
            return self._report(())
        try:
            data = self.files.read(name, BUILDFILE_LIMIT)
            self.issues.extend(check_bytes(data, name))
            root = parse_buildfile(data, name)
        except FormatError as exc:
            self.issues.append(error(exc.where or name, exc.message))
            return self._report(())
        self.issues.extend(check_names(metadata, root.get("name")))
        self.issues.extend(check_versions(metadata, root.get("VassalVersion"), self.target))
        located = list(walk(root))
        has_entry = self.files.has if self.complete else None
        self.issues.extend(check_structure(located, has_entry, self.files.read if self.complete else None))
        self.issues.extend(check_default_layouts(located))
        pieces = check_pieces(located)
        self.issues.extend(pieces.issues)
        self.issues.extend(check_images(located, pieces.definitions, has_entry,
                                        self.files.read if self.complete else None))
        if self.complete:
            self.issues.extend(check_documents(located, self.files.has))
        try:
            module = read_module(self.source)
        except FormatError as exc:
            # an error found above usually is the cause: then this is only a note
            report = info if any(i.severity == "error" for i in self.issues) else error
            self.issues.append(report(exc.where or name, f"{exc.message} (predefined setups not checked)"))
            return self._report(())
        issues, at_start = check_at_start(module, self.complete)
        self.issues.extend(issues)
        issues, setups = check_setups(module, self.files.has, self.files.read, self.complete)
        self.issues.extend(issues)
        return LintReport(tuple(self.issues), tuple(setups), at_start)

    def _metadata(self) -> Metadata | None:
        if not self.files.has(MODULEDATA):
            return None
        try:
            return parse_metadata(self.files.read(MODULEDATA, METADATA_LIMIT), MODULEDATA)
        except FormatError as exc:
            self.issues.append(error(MODULEDATA, exc.message))
            return None

    def _report(self, setups: tuple[SetupSummary, ...]) -> LintReport:
        return LintReport(tuple(self.issues), setups)
