"""What a re-import keeps of the user's own map and chart data.

`terrain.xlsx` and `effects.xlsx` hold both what the rulebook states (written by the
importer, each row with its rulebook line) and what only the user's map and charts can give
(terrain of every hex, chart cells the rulebook does not print). Running `import-tables`
again must not throw the second away. So, per sheet, rows are matched by a key:
- a row the importer writes takes the user's values for every cell the importer leaves empty
  (a filled-in cost, an elevation, the hex of a supply source the rulebook names without it),
  and the union of both terrain-code lists;
- a row only the user has is kept, after the importer's rows, unless it carries a rulebook
  line (it came from an earlier import of a text that no longer says it).
Same inputs (rulebook, overrides, the workbook on disk) give the same bytes.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gamedata.hexids import HexError, HexIds
from gamedata.terrain import codes
from gamedata.workbook import Cell

#: sheet -> the columns that identify a row
KEYS: dict[str, tuple[str, ...]] = {
    "Hexes": ("map", "hex"),
    "Hexsides": ("map", "hex", "side"),
    "Names": ("map", "hex", "name"),
    "Specials": ("map", "kind", "name", "side"),
    "Legend": ("map", "code"),
    "Terrain": ("code",),
    "Moves": ("code",),
    "Costs": ("move", "action", "terrain", "via", "condition"),
    "Implied": ("route", "crossing", "implies"),
    "Combat": ("terrain", "side", "per", "from", "except"),
}
LISTS = {"terrain", "features"}
"""Columns holding `;`-separated codes: merged as a union, the importer's codes first."""

Record = Mapping[str, Cell]


def _key(sheet: str, row: Record, normalize: Callable[[str, str], str]) -> tuple[str, ...]:
    out = []
    for column in KEYS[sheet]:
        value = row.get(column)
        text = "" if value is None else str(value).strip()
        if column == "hex" and text:
            text = normalize(text, str(row.get("map") or ""))
        out.append(text)
    return tuple(out)


def _normalizer(hexids: HexIds | None) -> Callable[[str, str], str]:
    def normalize(text: str, map_id: str) -> str:
        if hexids is None:
            return text
        try:
            return hexids.normalize(text, map_id or None)
        except (HexError, KeyError):
            return text
    return normalize


def _merged(produced: Record, kept: Record) -> dict[str, Cell]:
    row = dict(produced)
    for column, value in kept.items():
        if column in LISTS and value is not None and row.get(column) is not None:
            union = dict.fromkeys(codes(str(row[column])) + codes(str(value)))
            row[column] = ";".join(union)
        elif row.get(column) is None and value is not None:
            row[column] = value
    return row


def keep_user_rows(sheet: str, produced: Sequence[Record], existing: Sequence[Record],
                   hexids: HexIds | None) -> list[dict[str, Any]]:
    """The importer's rows with the user's cells merged in, then the user's own rows."""
    if sheet not in KEYS or not existing:
        return [dict(r) for r in produced]
    normalize = _normalizer(hexids)
    theirs: dict[tuple[str, ...], Record] = {}
    for row in existing:
        theirs.setdefault(_key(sheet, row, normalize), row)
    out: list[dict[str, Any]] = []
    used: set[tuple[str, ...]] = set()
    for row in produced:
        key = _key(sheet, row, normalize)
        if key in theirs and key not in used:
            out.append(_merged(row, theirs[key]))
            used.add(key)
        else:
            out.append(dict(row))
    for row in existing:
        key = _key(sheet, row, normalize)
        if key in used or row.get("rulebook_line") is not None:
            continue
        used.add(key)
        out.append(dict(row))
    return out
