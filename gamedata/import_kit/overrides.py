"""Human corrections to printed cells, kept in `overrides.csv` and applied on import.

A row `rulebook_line, field, value, reason` replaces the cell `field` (a column
name of the table spec, or a field the importer names) of the row printed on
that line. `field = row, value = reject` rejects the line. An override that
matches nothing is an error: the rulebook or the importer has changed.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

import jsonschema

from gamedata.folder import schema

FILE = "overrides.csv"
HEADER = ("rulebook_line", "field", "value", "reason")


class OverrideError(Exception):
    """overrides.csv is malformed or has an override that applies to nothing."""


@dataclass(frozen=True)
class Override:
    line: int
    field: str
    value: str
    reason: str
    csv_row: int


class Overrides:
    """The overrides of one game, looked up by (line, field); tracks which were used."""

    def __init__(self, items: list[Override]) -> None:
        self.items = {(o.line, o.field): o for o in items}
        self.used: set[tuple[int, str]] = set()

    @classmethod
    def read(cls, folder: Path) -> Overrides:
        path = folder / FILE
        if not path.exists():
            return cls([])
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise OverrideError(f"{FILE}: cannot read: {exc}") from None
        reader = csv.DictReader(io.StringIO(text))
        if tuple(reader.fieldnames or ()) != HEADER:
            raise OverrideError(f"{FILE}:1: header must be {','.join(HEADER)}")
        items: list[Override] = []
        validator = jsonschema.Draft202012Validator(schema("override"))
        for number, record in enumerate(reader, start=2):
            try:
                instance = {**record, "rulebook_line": int(record["rulebook_line"])}
            except (TypeError, ValueError):
                raise OverrideError(f"{FILE}:{number}:rulebook_line: not a line number") from None
            for error in validator.iter_errors(instance):
                raise OverrideError(f"{FILE}:{number}: {error.message}")
            key = (instance["rulebook_line"], record["field"])
            if any((o.line, o.field) == key for o in items):
                raise OverrideError(f"{FILE}:{number}: second override for line {key[0]} field {key[1]}")
            items.append(Override(key[0], record["field"], record["value"], record["reason"], number))
        return cls(items)

    def get(self, line: int, field: str) -> Override | None:
        found = self.items.get((line, field))
        if found is not None:
            self.used.add((line, field))
        return found

    def unused(self) -> list[Override]:
        return [o for key, o in self.items.items() if key not in self.used]
