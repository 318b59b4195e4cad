"""Rows added to the player's layer: rows to fill (`adjutant to-fill`) and drafted values
(`adjutant counter-values`).

Each cell a check needs becomes a row of the layer's workbook for its sheet: the row's key
(the columns the layer matches rows by), the column to fill left empty, and `about` saying what
it is and what it unlocks; a drafted row carries its values and their `source`. A row whose key
the layer's sheet already has is left alone, typed or not; nothing the player wrote is changed.
A new workbook is written whole; rows are appended to an existing one (its other sheets, rows,
columns and formatting kept), unless it holds formulas, whose stored results a rewrite would
lose: then nothing is written to it and the rows are only listed.
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from gamedata.cellref import CellRef
from gamedata.hexids import HexIds
from gamedata.layer import PLAYER_DIR, covers, hex_normalizer, key_of, layer_file, overlay_of, row_key
from gamedata.workbook import Cell, SheetData, WorkbookError, has_formulas, read_workbook, write_workbook

ABOUT = "about"


@dataclass(frozen=True)
class Written:
    """What became of one workbook of the layer: rows added, rows already there, or why not written."""

    file: str
    added: int
    present: int
    refused: str = ""


def rows_to_fill(cells: Iterable[CellRef], about: Mapping[CellRef, str]) -> dict[str, dict[str, list[dict[str, Cell]]]]:
    """workbook -> sheet -> rows (one per key, columns to fill empty); cells without a key (no row
    of the layer can give them) are left out."""
    out: dict[str, dict[str, dict[tuple, dict[str, Cell]]]] = {}
    for c in cells:
        if not c.key or overlay_of(c.file, c.sheet) is None:
            continue
        rows = out.setdefault(c.file, {}).setdefault(c.sheet, {})
        row = rows.setdefault(c.key, {**dict(c.key), ABOUT: about.get(c, c.what)})
        if c.column:
            row.setdefault(c.column, None)
    return {file: {sheet: list(rows.values()) for sheet, rows in sheets.items()} for file, sheets in out.items()}


def add_to_layer(folder: Path, rows: Mapping[str, Mapping[str, list[dict[str, Cell]]]],
                  hexids: HexIds | None) -> list[Written]:
    """Add the rows to the layer's workbooks, each whose key a sheet lacks (see module doc)."""
    normalize = hex_normalizer(hexids)
    done = []
    for file, sheets in rows.items():
        path = folder / PLAYER_DIR / file
        if not path.exists():
            write_workbook(path, [SheetData(name, _columns(file, name, list_), tuple(list_))
                                  for name, list_ in sheets.items()])
            done.append(Written(layer_file(file), sum(map(len, sheets.values())), 0))
            continue
        try:
            book = read_workbook(path, label=layer_file(file))
        except WorkbookError as exc:
            done.append(Written(layer_file(file), 0, 0, f"{exc.problem}"))
            continue
        if has_formulas(path):
            done.append(Written(layer_file(file), 0, 0, "it holds formulas, whose stored results a rewrite would "
                                "lose: add the rows listed above by hand"))
            continue
        added = present = 0
        fresh: dict[str, list[dict[str, Cell]]] = {}
        for name, list_ in sheets.items():
            overlay = overlay_of(file, name)
            assert overlay is not None
            have = [row_key(overlay, r.values, normalize) for r in book[name].rows] if name in book else []
            new = [r for r in list_ if not any(covers(overlay, k, row_key(overlay, r, normalize)) for k in have)]
            present += len(list_) - len(new)
            added += len(new)
            if new:
                fresh[name] = new
        if fresh:
            _append(path, file, fresh)
        done.append(Written(layer_file(file), added, present))
    return done


def _columns(file: str, sheet: str, rows: list[dict[str, Cell]]) -> tuple[str, ...]:
    key = key_of(file, sheet)
    return (*key, *dict.fromkeys(c for r in rows for c in r if c not in key and c != ABOUT), ABOUT)


def _append(path: Path, file: str, sheets: Mapping[str, list[dict[str, Cell]]]) -> None:
    """Append rows to an existing workbook through openpyxl, adding the columns they need at the
    end of each sheet's header; written through a temp file and renamed."""
    import openpyxl

    book = openpyxl.load_workbook(path)
    for name, rows in sheets.items():
        if name in book.sheetnames:
            ws = book[name]
            header = [c.value for c in ws[1]] if ws.max_row >= 1 else []
            header = [str(h).strip() if h is not None else "" for h in header]
            while header and not header[-1]:
                header.pop()
        else:
            ws = book.create_sheet(name)
            header = []
        wanted = _columns(file, name, rows)
        for column in wanted:
            if column not in header:
                header.append(column)
                ws.cell(row=1, column=len(header), value=column)
        last = max((r for r in range(1, ws.max_row + 1)
                    if any(ws.cell(r, c).value is not None for c in range(1, len(header) + 1))), default=1)
        for offset, row in enumerate(rows, start=1):
            for index, column in enumerate(header, start=1):
                if row.get(column) is not None:
                    ws.cell(row=last + offset, column=index, value=row[column])
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    os.close(fd)
    try:
        book.save(tmp)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
