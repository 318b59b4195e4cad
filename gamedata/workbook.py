"""Spreadsheet I/O: xlsx in as header-keyed rows, xlsx out byte-for-byte reproducible.

Designers keep game data in spreadsheets, so problems must point at the sheet
row a designer sees (1 = header). Writing is deterministic (fixed workbook
properties, fixed zip timestamps, sheets in the given order) so that
`rulebook + overrides -> workbook` can be checked by comparing bytes.
"""
from __future__ import annotations

import datetime
import io
import os
import re
import tempfile
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamedata.model import Problem

Cell = str | int | float | bool | None

FIXED_TIME = datetime.datetime(2000, 1, 1, 0, 0, 0)
CREATOR = "adjutant"
MAX_XLSX_BYTES = 50 * 1024 * 1024
MAX_UNPACKED_BYTES = 500 * 1024 * 1024


class WorkbookError(Exception):
    """A spreadsheet that cannot be read at all; carries the Problem to print."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


@dataclass(frozen=True)
class Row:
    """One data row: its spreadsheet row number and its cells keyed by header.

    A row of the game merged with the player's layer (`gamedata.layer`) remembers where each
    cell came from, so a problem names the cell the player typed: ``file`` is set on a row the
    layer added (its workbook, e.g. ``player/terrain.xlsx``; "" = the sheet's own workbook),
    ``given`` maps each column the layer gave to its (workbook, row)."""

    number: int
    values: Mapping[str, Cell]
    file: str = ""
    given: Mapping[str, tuple[str, int]] = field(default_factory=dict)

    def get(self, column: str) -> Cell:
        return self.values.get(column)

    def where(self, column: str, home: str) -> tuple[str, int]:
        """The workbook and row of a cell: the player's layer's when it gave it, else the
        row's own (``home`` = the workbook of the row's sheet)."""
        if column in self.given:
            return self.given[column]
        return (self.file or home, self.number)


@dataclass(frozen=True)
class Sheet:
    """A sheet read as header + rows; fully empty rows are skipped. ``problems``: cells
    that cannot be read as values (formulas the file holds no result for)."""

    name: str
    header: tuple[str, ...]
    rows: tuple[Row, ...]
    problems: tuple[Problem, ...] = ()


#: What an .xlsx is, in the one line every command prints when it cannot read one.
WORKBOOK = "workbook (.xlsx)"


@dataclass(frozen=True)
class SheetData:
    """A sheet to write: its columns in order and one mapping per row."""

    name: str
    columns: tuple[str, ...]
    rows: tuple[Mapping[str, Cell], ...]


def _cell(value: Any) -> Cell:
    """Normalise a read cell: strip text, blank text -> None, dates -> ISO text."""
    if isinstance(value, str):
        text = value.strip()
        return text or None
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def read_workbook(path: Path, label: str | None = None) -> dict[str, Sheet]:
    """Read every sheet of an xlsx file; raise WorkbookError on an unreadable file. Problems
    name the file by ``label`` (default: its name)."""
    import openpyxl

    name = label or path.name
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise WorkbookError(Problem(name, message=f"cannot read file: {exc.strerror}")) from None
    if size > MAX_XLSX_BYTES:
        raise WorkbookError(Problem(name, message=f"file too large ({size} bytes)"))
    if size == 0 or not zipfile.is_zipfile(path):
        raise WorkbookError(Problem(name, message=unreadable_workbook(path, size)))
    _check_unpacked_size(path, name)
    # openpyxl and the XML parser below it raise many exception types on a damaged file;
    # user data must never end in a traceback, so any failure here becomes one Problem.
    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
        # a formula is read through the result the spreadsheet program stored with it; a file
        # written by a program that stores none (a script, some converters) would read as empty
        formulas = openpyxl.load_workbook(path, read_only=True) if has_formulas(path) else None
    except Exception as exc:  # noqa: BLE001 - see above
        raise WorkbookError(Problem(name, message=_no_workbook(exc))) from None
    try:
        return {ws.title: _read_sheet(ws, name, formulas[ws.title] if formulas else None) for ws in book.worksheets}
    except Exception as exc:  # noqa: BLE001 - see above
        raise WorkbookError(Problem(name, message=_no_workbook(exc))) from None
    finally:
        book.close()
        if formulas is not None:
            formulas.close()


def _no_workbook(exc: Exception) -> str:
    return f"not a readable {WORKBOOK}: the zip archive holds no readable workbook ({type(exc).__name__})"


def unreadable_workbook(path: Path, size: int) -> str:
    """``not a readable workbook (.xlsx): <why>``, in the words every command uses for a
    zip-based file it cannot read (``vassal.archive.zip_defect``: empty, not a zip, cut short)."""
    with path.open("rb") as handle:
        head = handle.read(4)
    why = ("the file is empty (0 bytes)" if size == 0 else
           "the zip archive is cut short or damaged" if head in (b"PK\x03\x04", b"PK\x05\x06") else
           "it is not a zip archive")
    return f"not a readable {WORKBOOK}: {why}"


def has_formulas(path: Path) -> bool:
    """Whether any worksheet holds a formula (``<f>``), so values need a second look."""
    with zipfile.ZipFile(path) as archive:
        for info in archive.infolist():
            if info.filename.startswith("xl/worksheets/") and info.filename.endswith(".xml"):
                with archive.open(info) as data:
                    if b"<f" in data.read():
                        return True
    return False


def _check_unpacked_size(path: Path, name: str) -> None:
    """Refuse zip bombs before openpyxl inflates anything."""
    try:
        with zipfile.ZipFile(path) as archive:
            total = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError):
        raise WorkbookError(Problem(name, message=unreadable_workbook(path, path.stat().st_size))) from None
    if total > MAX_UNPACKED_BYTES:
        raise WorkbookError(Problem(name, message=f"unpacks to {total} bytes, more than a workbook may"))


def _read_sheet(ws: Any, file: str, formulas: Any = None) -> Sheet:
    rows = ws.iter_rows(values_only=True)
    texts = formulas.iter_rows(values_only=True) if formulas is not None else None
    first = next(rows, None)
    if texts is not None:
        next(texts, None)
    header = tuple("" if v is None else str(v).strip() for v in (first or ()))
    while header and not header[-1]:
        header = header[:-1]
    records: list[Row] = []
    problems: list[Problem] = []
    for number, values in enumerate(rows, start=2):
        written = next(texts, ()) if texts is not None else ()
        cells: dict[str, Cell] = {}
        for index, (col, value) in enumerate(zip(header, values, strict=False)):
            if col and col not in cells:  # a repeated column is reported by the validator, the first one counts
                cells[col] = _cell(value)
                formula = written[index] if index < len(written) else None
                if isinstance(formula, str) and formula.startswith("="):
                    problem = _formula_problem(value, formula)
                    if problem:  # reported once here; the cell reads as empty, not as a wrong value
                        problems.append(Problem(file, ws.title, number, col, problem))
                        cells[col] = None
        if any(v is not None for v in cells.values()):
            records.append(Row(number, cells))
    return Sheet(ws.title, header, tuple(records), tuple(problems))


def _formula_problem(value: Any, formula: str) -> str | None:
    """Why a formula cell cannot be used, or None when its stored result can."""
    if value is None:
        return (f"formula without a cached value ({formula}): open and save the workbook in a spreadsheet "
                f"program so it stores the result, or type the value")
    if isinstance(value, str) and value.startswith("#"):
        return f"formula result is an error ({value} from {formula})"
    return None


def write_workbook(path: Path, sheets: Sequence[SheetData]) -> None:
    """Write sheets in order to `path` via a temp file; same input -> same bytes."""
    import openpyxl

    book = openpyxl.Workbook()
    book.remove(book.active)
    book.properties.creator = CREATOR
    book.properties.lastModifiedBy = CREATOR
    book.properties.created = FIXED_TIME
    book.properties.modified = FIXED_TIME
    for data in sheets:
        ws = book.create_sheet(data.name)
        ws.append(list(data.columns))
        for row in data.rows:
            ws.append([row.get(col) for col in data.columns])
    buffer = io.BytesIO()
    book.save(buffer)
    _write_atomically(path, _fix_zip_times(buffer.getvalue()))


_CORE_TIME = re.compile(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*(</dcterms:)")


def _fix_zip_times(data: bytes) -> bytes:
    """Re-pack the xlsx zip with fixed timestamps: openpyxl stamps 'now' on every entry
    and in docProps/core.xml's `dcterms:modified` whatever the workbook properties say."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME.timetuple()[:6])
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o644 << 16
            content = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                stamp = FIXED_TIME.strftime("%Y-%m-%dT%H:%M:%SZ").encode()
                content = _CORE_TIME.sub(rb"\g<1>" + stamp + rb"\g<2>", content)
            dst.writestr(fixed, content)
    return out.getvalue()


def _write_atomically(path: Path, data: bytes) -> None:
    """Write to a temp file in the target folder, then rename over the target, with the
    permissions of the file it replaces, else those the user's umask gives a new file (the
    temp file alone would be private, 0600)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = path.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        mode = 0o666 & ~mask
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text_atomically(path: Path, text: str) -> None:
    """Text counterpart of the atomic write, for reports and CSV files."""
    _write_atomically(path, text.encode("utf-8"))
