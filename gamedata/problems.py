"""Problems in a game's data and where a record was read: the one diagnostics type of every
layer (loader, validator, importer, terrain, scenario rules), so it sits below them all."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One defect in the game data, located as precisely as the data allows.

    `row` is the spreadsheet row number (1 = header); 0 when the problem is not
    tied to a row (missing sheet, unreadable file). A `warning` (a drafted cell nobody
    reviewed yet, a place whose hex the rulebook does not give) is reported but does not
    stop a load or a build.
    """

    file: str
    sheet: str = ""
    row: int = 0
    column: str = ""
    message: str = ""
    severity: str = "error"         # error | warning

    def __str__(self) -> str:
        prefix = "warning: " if self.severity == "warning" else ""
        if not (self.sheet or self.row or self.column):  # the whole file: one line as every command says it
            return f"{self.file}: {prefix}{self.message}"
        return f"{self.file}:{self.sheet}:{self.row}:{self.column}: {prefix}{self.message}"

    @property
    def is_error(self) -> bool:
        return self.severity != "warning"


@dataclass(frozen=True)
class SheetRow:
    """Where a record was read: workbook file, sheet and spreadsheet row number
    (1 = header), so a consumer's error points at the very cell, blank rows and all."""

    file: str
    sheet: str
    row: int

    def problem(self, column: str, message: str) -> Problem:
        return Problem(self.file, self.sheet, self.row, column, message)
