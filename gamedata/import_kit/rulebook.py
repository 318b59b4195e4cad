"""A rulebook text and the tables in it, located by line range.

Rulebook texts are copied out of PDFs: tables come as TAB-separated lines or as
Markdown pipe tables, mixed with footnotes, captions and prose. An importer
declares each table by line range (checked against an anchor text so a
different rulebook edition fails loudly) and gets its rows back with their
line numbers.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

MAX_RULEBOOK_BYTES = 20 * 1024 * 1024
_PIPE_RULE = re.compile(r"^\|?[\s:|-]*-[\s:|-]*\|?\s*$")


class RulebookError(Exception):
    """The rulebook cannot be read or does not match what the importer expects."""


@dataclass(frozen=True)
class TableSpec:
    """One table of a rulebook.

    `first`/`last` are inclusive 1-based line numbers; `anchor` must occur on
    line `first` (case-insensitive). `sep` is "|" for Markdown pipe tables (a
    header row and its `|---|` rule are skipped) or "\\t" for TAB rows.
    `columns` name the cells in order; overrides use these names as `field`.
    """

    id: str
    first: int
    last: int
    anchor: str
    columns: tuple[str, ...]
    sep: str = "|"


@dataclass(frozen=True)
class RawRow:
    """A data row as printed: its line, its cells by column name, its text."""

    line: int
    cells: dict[str, str]
    text: str


@dataclass(frozen=True)
class Rulebook:
    """The lines of a rulebook text; `line(n)` is 1-based like the digests."""

    name: str
    lines: tuple[str, ...]

    @classmethod
    def read(cls, path: Path) -> Rulebook:
        try:
            size = path.stat().st_size
            if size > MAX_RULEBOOK_BYTES:
                raise RulebookError(f"{path.name}: too large for a rulebook text ({size} bytes)")
            data = path.read_bytes()
        except OSError as exc:
            raise RulebookError(f"{path.name}: cannot read: {exc.strerror}") from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RulebookError(f"{path.name}: not UTF-8 text (byte {exc.start})") from None
        return cls(path.name, tuple(text.split("\n")))

    def line(self, number: int) -> str:
        return self.lines[number - 1]

    def check_anchor(self, number: int, anchor: str) -> None:
        if not 1 <= number <= len(self.lines) or anchor.lower() not in self.line(number).lower():
            raise RulebookError(
                f"{self.name}: line {number}: expected '{anchor}' — is this the right rulebook edition?")

    def find(self, text: str, start: int = 1) -> int:
        """Line number of the first line at or after `start` containing `text`."""
        for number in range(start, len(self.lines) + 1):
            if text.lower() in self.line(number).lower():
                return number
        raise RulebookError(f"{self.name}: '{text}' not found after line {start}")

    def rows(self, spec: TableSpec) -> tuple[list[RawRow], list[RawRow]]:
        """(rows with the declared number of cells, rows with another count).

        Rows of the wrong width are returned separately so the importer rejects
        them with their line rather than guessing which cell shifted.
        """
        self.check_anchor(spec.first, spec.anchor)
        good: list[RawRow] = []
        bad: list[RawRow] = []
        for number in range(spec.first, min(spec.last, len(self.lines)) + 1):
            text = self.line(number)
            cells = split_cells(text, spec.sep)
            if cells is None:
                continue
            if spec.sep == "|" and (_PIPE_RULE.match(text.strip()) or self._is_pipe_header(number)):
                continue
            row = RawRow(number, dict(zip(spec.columns, cells, strict=False)), text)
            (good if len(cells) == len(spec.columns) else bad).append(row)
        return good, bad

    def _is_pipe_header(self, number: int) -> bool:
        """A pipe row directly above a `|---|` rule is a header (possibly blank)."""
        return number < len(self.lines) and bool(_PIPE_RULE.match(self.line(number + 1).strip()))


def split_cells(text: str, sep: str) -> list[str] | None:
    """Cells of a table line, stripped; None if the line is not a table row."""
    if sep == "|":
        stripped = text.strip()
        if not stripped.startswith("|"):
            return None
        body = stripped[1:-1] if stripped.endswith("|") and len(stripped) > 1 else stripped[1:]
        return [c.strip() for c in body.split("|")]
    if sep not in text:
        return None
    return [c.strip() for c in text.split(sep)]
