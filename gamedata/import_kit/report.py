"""The import report: every normalization and rejection with its rulebook line.

Per table it also accounts for every data row read (kept or rejected), which is
what proves the import dropped nothing silently.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from gamedata.workbook import write_text_atomically


@dataclass(frozen=True, order=True)
class Note:
    """One change made to a printed value."""

    line: int
    table: str
    field: str
    before: str
    after: str
    rule: str


@dataclass(frozen=True, order=True)
class Rejection:
    """A printed row (or cell) that could not be used, and why."""

    line: int
    table: str
    text: str
    reason: str


@dataclass
class TableCount:
    """Data rows read from one table and what became of each."""

    table: str
    first: int
    last: int
    rows_read: set[int] = field(default_factory=set)
    kept: set[int] = field(default_factory=set)
    rejected: set[int] = field(default_factory=set)
    records: int = 0


class Report:
    """Accumulates notes, rejections and per-table counts during one import."""

    def __init__(self, game: str, rulebook: str) -> None:
        self.game = game
        self.rulebook = rulebook
        self.notes: list[Note] = []
        self.rejections: list[Rejection] = []
        self.tables: dict[str, TableCount] = {}

    def table(self, table: str, first: int, last: int) -> TableCount:
        return self.tables.setdefault(table, TableCount(table, first, last))

    def note(self, line: int, table: str, field_name: str, before: str, after: str, rule: str) -> None:
        self.notes.append(Note(line, table, field_name, before, after, rule))

    def reject(self, line: int, table: str, text: str, reason: str) -> None:
        self.rejections.append(Rejection(line, table, text.strip(), reason))
        if table in self.tables:
            self.tables[table].rejected.add(line)

    def unaccounted(self) -> list[tuple[str, int]]:
        """Rows read but neither kept nor rejected — a bug in the importer."""
        return sorted(
            (t.table, line) for t in self.tables.values() for line in t.rows_read - t.kept - t.rejected
        )

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "rulebook": self.rulebook,
            "tables": [
                {"table": t.table, "first_line": t.first, "last_line": t.last, "rows_read": len(t.rows_read),
                 "rows_kept": len(t.kept), "rows_rejected": len(t.rejected), "records": t.records}
                for t in self.tables.values()
            ],
            "normalizations": [asdict(n) for n in self.notes],
            "rejections": [asdict(r) for r in self.rejections],
        }

    def to_markdown(self) -> str:
        out = [f"# Import report: {self.game}", "", f"Rulebook: `{self.rulebook}`", "", "## Tables", "",
               "| table | lines | rows read | kept | rejected | records |", "|---|---|---|---|---|---|"]
        for t in self.tables.values():
            out.append(f"| {t.table} | {t.first}-{t.last} | {len(t.rows_read)} | {len(t.kept)} | "
                       f"{len(t.rejected)} | {t.records} |")
        out += ["", f"## Rejections ({len(self.rejections)})", "",
                "| line | table | text | reason |", "|---|---|---|---|"]
        out += [f"| {r.line} | {r.table} | {_md(r.text)} | {_md(r.reason)} |" for r in self.rejections]
        out += ["", f"## Normalizations ({len(self.notes)})", "", "| line | table | field | before | after | rule |",
                "|---|---|---|---|---|---|"]
        out += [f"| {n.line} | {n.table} | {n.field} | {_md(n.before)} | {_md(n.after)} | {_md(n.rule)} |"
                for n in self.notes]
        return "\n".join(out) + "\n"

    def write(self, folder: Path) -> None:
        write_text_atomically(folder / "import-report.json",
                              json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n")
        write_text_atomically(folder / "import-report.md", self.to_markdown())


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
