"""What an importer works with: the rulebook, overrides, hex ids, the report and the output.

An importer module (`gamedata/importers/<game>.py`) defines `GAME_ID` and
`build(ctx: ImportContext) -> None`. It reads tables with `ctx.rows(spec)`
(wrong-width rows are rejected for it, overrides applied), cleans cells with
`ctx.clean(...)` (each change noted with its line), and hands records to
`ctx.emit(sheet, record, table, line)` or `ctx.reject(...)`. The framework
checks that every row read was kept or rejected.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from gamedata.hexids import HexIds
from gamedata.import_kit.overrides import Overrides
from gamedata.import_kit.report import Report
from gamedata.import_kit.rulebook import RawRow, Rulebook, TableSpec
from gamedata.workbook import Cell

Normalizer = Callable[[str], tuple[str, str | None]]


class ImportContext:
    """State of one import run."""

    def __init__(self, book: Rulebook, definition: dict[str, Any], hexids: HexIds,
                 overrides: Overrides, report: Report) -> None:
        self.book = book
        self.definition = definition
        self.hexids = hexids
        self.overrides = overrides
        self.report = report
        self.sheets: dict[str, list[dict[str, Cell]]] = {}

    def rows(self, spec: TableSpec) -> list[RawRow]:
        """The table's data rows with overrides applied; wrong-width and overridden-away rows rejected."""
        good, bad = self.book.rows(spec)
        count = self.report.table(spec.id, spec.first, spec.last)
        for row in good + bad:
            count.rows_read.add(row.line)
        for row in bad:
            self.reject(spec.id, row.line, row.text,
                        f"{len(row.cells) if len(row.cells) < len(spec.columns) else 'more'} cells where "
                        f"{len(spec.columns)} columns ({', '.join(spec.columns)}) are expected: row shifted")
        out: list[RawRow] = []
        for row in good:
            if (o := self.overrides.get(row.line, "row")) is not None:
                if o.value != "reject":
                    raise ValueError(f"overrides.csv:{o.csv_row}: field 'row' only takes the value 'reject'")
                self.reject(spec.id, row.line, row.text, f"override: {o.reason}")
                continue
            cells = dict(row.cells)
            for name in spec.columns:
                cells[name] = self.override(spec.id, row.line, name, cells[name])
            out.append(RawRow(row.line, cells, row.text))
        return out

    def prose(self, table: str, first: int, last: int, anchor: str, pattern: str) -> list[tuple[int, re.Match[str]]]:
        """Lines of a table printed as prose or bullets, matched by `pattern` (rows to account for)."""
        self.book.check_anchor(first, anchor)
        count = self.report.table(table, first, last)
        regex = re.compile(pattern)
        found = []
        for number in range(first, last + 1):
            match = regex.search(self.book.line(number))
            if match:
                count.rows_read.add(number)
                found.append((number, match))
        return found

    def override(self, table: str, line: int, field: str, value: str) -> str:
        """The overridden value of a cell, noted in the report; `value` if none."""
        o = self.overrides.get(line, field)
        if o is None:
            return value
        self.report.note(line, table, field, value, o.value, f"override: {o.reason}")
        return o.value

    def clean(self, table: str, line: int, field: str, value: str, *steps: Normalizer) -> str:
        """Run normalizers in order, noting every change with its line."""
        for step in steps:
            before = value
            value, why = step(value)
            if why is not None:
                self.report.note(line, table, field, before, value, why)
        return value

    def note(self, table: str, line: int, field: str, before: str, after: str, rule: str) -> None:
        self.report.note(line, table, field, before, after, rule)

    def reject(self, table: str, line: int, text: str, reason: str) -> None:
        self.report.reject(line, table, text, reason)

    def keep(self, table: str, line: int) -> None:
        """Count a row as kept when it feeds other records (e.g. a footnote line) instead of its own."""
        if table in self.report.tables:
            self.report.tables[table].kept.add(line)

    def emit(self, sheet: str, record: dict[str, Cell], table: str | None = None, line: int | None = None) -> None:
        """Add a record to an output sheet; a table row that yields a record counts as kept."""
        self.sheets.setdefault(sheet, []).append(record)
        if table is not None and line is not None and table in self.report.tables:
            count = self.report.tables[table]
            count.kept.add(line)
            count.records += 1
