"""Reference tables: rules with numbers but no die roll, each row tied to the line it quotes.

A reference table is written with die ``0d6``; its ``roll`` column names the
case a row applies to. Every row carries its rulebook line and a pattern that
line must contain, so another edition of the text stops the import instead of
yielding stale numbers. Rulebook quirks that no row carries are noted the same
way by every importer.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

#: The die of a table that is read, never rolled.
REFERENCE_DIE = "0d6"

#: table id, rulebook line, pattern the line must contain, case (``roll``), rule (``result``).
QuotedRow = tuple[str, int, str, str, str]
#: rulebook line, what the text gets wrong, what the data does about it.
Quirk = tuple[int, str, str]


def check_quoted(ctx: Any, table_id: str, line: int, pattern: str) -> None:
    """Register ``line`` as a row of ``table_id``; the line must still say what the row quotes."""
    if not ctx.prose(table_id, line, line, "", pattern):
        raise ValueError(f"line {line}: expected /{pattern}/ — is this the right rulebook edition?")


def report_spans(ctx: Any, table_ids: Iterable[str], quoted: Sequence[tuple[Any, ...]]) -> None:
    """Report each table over the lines its quoted rows (``(table id, line, ...)``) come from."""
    for table_id in table_ids:
        lines = [r[1] for r in quoted if r[0] == table_id]
        if lines:
            ctx.report.table(table_id, min(lines), max(lines))


def emit_quoted_rows(ctx: Any, rows: Iterable[QuotedRow]) -> None:
    """Check each row against its line and write it to the Rows sheet."""
    for table_id, line, pattern, case, rule in rows:
        check_quoted(ctx, table_id, line, pattern)
        ctx.emit("Rows", {"table_id": table_id, "roll": case, "result": rule, "rulebook_line": line},
                 table_id, line)


def note_quirks(ctx: Any, quirks: Iterable[Quirk], digest: str) -> None:
    """Note each rulebook defect with what the data does about it (``digest`` names the source)."""
    for line, what, action in quirks:
        ctx.note("quirks", line, "text", what, action, f"rulebook defect ({digest})")
