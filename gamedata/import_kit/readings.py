"""How the referee reads a printed die-roll table: the structured cells an importer adds.

The rulebook prints "Rain*" with a footnote "Convert to No Effect if winter
weather is in effect", "- 2 On Turn 14", "A roll of 0-5 removes his restrictions.
If he fails, he may roll ... with a -1 DRM for each previous failed roll". The
import keeps that text and adds, per printed record, the cells a program can
decide (`gamedata.conditions`, `gamedata.rolls`): a row's `when` and `effect`,
a modifier's `when` and `amount`, a table's `when`.

A `Reading` names the printed record it reads (sheet, table, rulebook line and
the printed roll or modifier) and quotes the words it reads them from; the quote
must still be on the line (or in the record) at every import, so another edition
of the text stops the import instead of yielding stale readings. Several readings
of one printed row are its cases (a row read two ways by a footnote). A reading
with `add` set is a record the rulebook states in prose beside the table (an
"otherwise" result, a modifier printed in another paragraph); it follows the
printed records of its line, or the table's last record. A reading that matches nothing fails the import, as
an unused override does.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gamedata.import_kit.report import Report
from gamedata.import_kit.rulebook import Rulebook
from gamedata.workbook import Cell

SHEETS = ("Tables", "Rows", "Modifiers")
_KEY = {"Tables": "table_id", "Rows": "roll", "Modifiers": "modifier"}
_TEXT = {"Tables": "name", "Rows": "result", "Modifiers": "condition"}


@dataclass(frozen=True)
class Reading:
    """One structured reading of a printed record (see the module docstring).

    `key` is the printed roll (Rows), modifier (Modifiers) or table id (Tables). `roll`,
    `result` replace the printed ones for this case ("" = as printed); `quote` must occur in
    the record's printed text, or on `quote_line` of the rulebook when given.
    """

    sheet: str
    table_id: str
    line: int | None
    key: str
    quote: str
    why: str
    when: str = ""
    roll: str = ""
    result: str = ""
    effect: str = ""
    amount: str = ""
    add: bool = False
    quote_line: int | None = None

    def cells(self) -> dict[str, Cell]:
        """The cells this reading sets on its record."""
        cells: dict[str, Cell] = {"when": self.when or None}
        if self.sheet == "Rows":
            cells["effect"] = self.effect or None
            if self.roll:
                cells["roll"] = self.roll
            if self.result:
                cells["result"] = self.result
        elif self.sheet == "Modifiers":
            cells["amount"] = self.amount or None
        return cells


class ReadingError(ValueError):
    """A reading whose quote is gone, or that matches no record (or several)."""


def _matches(reading: Reading, record: dict[str, Cell]) -> bool:
    if reading.add or record.get("table_id") != reading.table_id:
        return False
    if reading.sheet != "Tables" and (record.get("rulebook_line") != reading.line
                                      or str(record.get(_KEY[reading.sheet])) != reading.key):
        return False
    return reading.quote_line is not None or reading.quote in str(record.get(_TEXT[reading.sheet]) or "")


def _added(reading: Reading) -> dict[str, Cell]:
    record: dict[str, Cell] = {"table_id": reading.table_id, "rulebook_line": reading.line}
    if reading.sheet == "Rows":
        record.update(roll=reading.roll or reading.key, result=reading.result)
    else:
        record.update(modifier=reading.key, condition=reading.result)
    return {**record, **reading.cells()}


def apply_readings(sheets: dict[str, list[dict[str, Cell]]], readings: Iterable[Reading], book: Rulebook,
                   report: Report) -> None:
    """Set the structured cells of the Tables, Rows and Modifiers records from ``readings``, in place."""
    readings = tuple(readings)
    for r in readings:
        if r.sheet not in SHEETS:
            raise ReadingError(f"reading of {r.table_id} line {r.line}: unknown sheet {r.sheet}")
        where = r.quote_line or (r.line if r.add else None)
        if where is not None and r.quote not in book.line(where):
            raise ReadingError(f"reading of {r.table_id} line {r.line} ({r.key}): line {where} no longer "
                               f"says '{r.quote}' — is this the right rulebook edition?")
    used: set[Reading] = set()
    for sheet in SHEETS:
        out: list[dict[str, Cell]] = []
        records = sheets.get(sheet, [])
        printed = {(r.get("table_id"), r.get("rulebook_line")) for r in records}
        for index, record in enumerate(records):
            mine = [r for r in readings if r.sheet == sheet and _matches(r, record)]
            for r in mine:
                if r in used:
                    raise ReadingError(f"reading of {r.table_id} line {r.line} ({r.key}) matches several records")
                used.add(r)
                out.append({**record, **r.cells()})
                _note(report, r, record)
            if not mine:
                out.append(record)
            following = records[index + 1] if index + 1 < len(records) else {}
            table, line = record.get("table_id"), record.get("rulebook_line")
            # added records follow the printed ones of their line, else the table's last one
            for r in readings:
                if r.add and r.sheet == sheet and r.table_id == table and r not in used and (
                        (r.line == line and (following.get("table_id"), following.get("rulebook_line")) != (table, line))
                        or ((table, r.line) not in printed and following.get("table_id") != table)):
                    used.add(r)
                    out.append(_added(r))
                    report.note(r.line or 0, r.table_id, sheet, "", r.result or r.key, f"added: {r.why}")
        sheets[sheet] = out
    unused = [r for r in readings if r not in used]
    if unused:
        raise ReadingError("; ".join(f"reading of {r.table_id} line {r.line} ({r.key}: {r.quote}) matched no "
                                     f"record" for r in unused))


def _note(report: Report, r: Reading, record: dict[str, Cell]) -> None:
    after = "; ".join(f"{k}={v}" for k, v in r.cells().items() if v)
    printed = f"{record.get(_KEY[r.sheet])}: {record.get(_TEXT[r.sheet])}" if r.sheet != "Tables" else r.table_id
    report.note(r.line or r.quote_line or 0, r.table_id, r.sheet, printed, after, f"read: {r.why}")
