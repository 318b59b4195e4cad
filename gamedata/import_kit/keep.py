"""What a re-import keeps: values a player typed into an imported workbook.

The imported workbooks (`oob.xlsx`, `tables.xlsx`, `terrain.xlsx`, `effects.xlsx`) are written
from the rulebook alone; the player's own numbers belong in the player's layer (`player/`,
`gamedata.layer`), which `import-tables` never writes. A player who typed values straight into
an imported workbook would lose them at the next import, so before writing, the import compares
what the folder holds with what it produces, row by row (rows matched by the layer's keys):

- a cell the player filled where the importer writes nothing (a strength, an elevation, a
  chart cost, a code added to a hex's list) is *typed*: moved to the same workbook of the
  layer, with its row's key;
- a row only the player has (no rulebook line: it never came from an import) is typed whole;
- a cell the importer writes with another value is *replaced*: the rulebook's value wins, and
  the import says so (to keep the player's, give it in the layer, where it wins with a warning).

The typed values go to a new workbook of the layer; when that workbook already exists the
import stops before writing anything (the layer is the player's: the import never changes it)
and lists the cells to move by hand. Same inputs give the same bytes.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from gamedata.layer import PLAYER_DIR, Normalize, Overlay, key_of, layer_file, overlay_of, row_key
from gamedata.terrain import codes
from gamedata.workbook import Cell, Row, SheetData

Record = Mapping[str, Cell]


@dataclass(frozen=True)
class Replaced:
    """A cell of an imported workbook the rulebook now gives otherwise."""

    file: str
    sheet: str
    row: int
    column: str
    was: Cell
    now: Cell

    def __str__(self) -> str:
        return (f"{self.file}:{self.sheet}:{self.row}:{self.column}: {self.was!r} replaced by the rulebook's "
                f"{self.now!r}")


@dataclass
class Typed:
    """What the player typed into the imported workbooks, per workbook and sheet, as rows of
    the layer (key columns + the typed cells), and the cells the rulebook replaced."""

    rows: dict[str, dict[str, list[dict[str, Cell]]]] = field(default_factory=dict)
    replaced: list[Replaced] = field(default_factory=list)
    where: dict[str, list[str]] = field(default_factory=dict)     # workbook -> its typed cells, `sheet:row:column`

    def cells(self, file: str | None = None) -> int:
        """How many typed cells (outside the keys), in one workbook or in all."""
        return sum(len(row) - len(key_of(f, name))
                   for f, sheets in self.rows.items() if file in (None, f)
                   for name, rows in sheets.items() for row in rows)

    def summary(self, file: str) -> str:
        """`Units: strength 30, movement 30` for a workbook."""
        parts = []
        for name, rows in self.rows[file].items():
            counts: dict[str, int] = {}
            for row in rows:
                for column in row:
                    if column not in key_of(file, name):
                        counts[column] = counts.get(column, 0) + 1
            parts.append(f"{name}: " + ", ".join(f"{c} {n}" for c, n in counts.items()))
        return "; ".join(parts)


def typed_rows(file: str, sheet: str, produced: Sequence[Record], existing: Sequence[Row],
               normalize: Normalize, typed: Typed) -> None:
    """Add to ``typed`` what the player typed into one sheet of an imported workbook (see
    module doc)."""
    overlay = overlay_of(file, sheet)
    if overlay is None or not existing:
        return
    made: dict[tuple[str, ...], list[Record]] = {}
    for row in produced:
        made.setdefault(row_key(overlay, row, normalize), []).append(row)
    out: list[dict[str, Cell]] = []
    for found in existing:          # rows sharing a key are paired in order, as both files list them
        number, row = found.number, found.values
        same = made.get(row_key(overlay, row, normalize))
        if not same:
            if row.get("rulebook_line") is None:
                out.append({k: v for k, v in row.items() if v is not None})
                typed.where.setdefault(file, []).append(f"{sheet}:{number} (a row of yours)")
            continue
        cells = _typed_cells(file, sheet, number, row, same.pop(0), overlay, typed)
        if cells:
            out.append({**{k: row.get(k) for k in overlay.key if row.get(k) is not None}, **cells})
            typed.where.setdefault(file, []).extend(f"{sheet}:{number}:{c}" for c in cells)
    if out:
        typed.rows.setdefault(file, {})[sheet] = out


def _typed_cells(file: str, sheet: str, number: int, row: Record, made: Record, overlay: Overlay,
                 typed: Typed) -> dict[str, Cell]:
    cells: dict[str, Cell] = {}
    for column, value in row.items():
        if value is None or column in overlay.key:
            continue
        now = made.get(column)
        if now is None:
            cells[column] = value
        elif column in overlay.lists:
            extra = [c for c in codes(str(value)) if c not in codes(str(now))]
            if extra:
                cells[column] = ";".join(extra)
        elif now != value:
            typed.replaced.append(Replaced(file, sheet, number, column, value, now))
    return cells


def layer_sheets(file: str, sheets: Mapping[str, list[dict[str, Cell]]]) -> list[SheetData]:
    """The typed rows of a workbook as the layer's sheets: the keys, then the columns in use."""
    out = []
    for name, rows in sheets.items():
        key = key_of(file, name)
        used = dict.fromkeys(c for row in rows for c in row if c not in key)
        out.append(SheetData(name, (*key, *used), tuple(rows)))
    return out


def blocked(folder: Path, typed: Typed) -> list[str]:
    """Why the typed values cannot be moved: a workbook of the layer they would go to exists."""
    out = []
    for file in typed.rows:
        if (folder / PLAYER_DIR / file).exists():
            cells = typed.where[file]
            more = f" and {len(cells) - SHOWN} more" if len(cells) > SHOWN else ""
            out.append(f"{layer_file(file)} exists, so the values you typed into {file} cannot be moved there "
                       f"({', '.join(cells[:SHOWN])}{more}): copy them into {layer_file(file)} (or clear them in "
                       f"{file}) and import again")
    return out


SHOWN = 10
"""Cells named one by one in a message; beyond, a count."""
