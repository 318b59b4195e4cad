"""``units.csv``: which piece of a module is which unit of ``sources/<game>`` (or which
status marker), for modules whose pieces do not carry a ``UnitId``.

One row per piece: ``slot`` (the palette slot's GPID, empty for a row by name only),
``piece`` (the piece's name as the module gives it), ``unit_id`` (a unit of the game's
oob.xlsx, empty when the piece is no unit), ``marker`` (a status step code such as
``fatigue-2`` when the piece is a status marker), ``match`` (how the draft found it:
``exact``, ``normalised``, ``side``, ``formation``, ``ambiguous``, ``none``; a human
writes ``confirmed``), ``candidates`` (``;``-separated unit ids an ambiguous row could
be) and ``palette`` (where the slot sits, for the human). ``adjutant map-units`` drafts
it, ``adjutant validate units.csv --game G`` checks it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path

from gamedata.model import Game, Problem, Unit
from gamedata.systems import profile_for, symbol_for
from vassal.archive import write_atomically

from .pieces import foreign, piece_classes, piece_side

COLUMNS = ("slot", "piece", "unit_id", "marker", "match", "candidates", "palette")
REQUIRED = ("slot", "piece", "unit_id")
MATCHES = ("exact", "normalised", "side", "formation", "ambiguous", "none", "confirmed")
MAX_BYTES = 16 << 20


class UnitMapError(ValueError):
    """A units.csv that cannot be read at all (the message names the file)."""


@dataclass(frozen=True)
class UnitRow:
    """One row of units.csv; ``row`` is its line in the file (1 = header)."""

    slot: str = ""
    piece: str = ""
    unit_id: str = ""
    marker: str = ""
    match: str = ""
    candidates: str = ""
    palette: str = ""
    row: int = 0


@dataclass(frozen=True)
class Identity:
    """What a piece is in the game: a unit, or a status marker (a step code)."""

    unit_id: str = ""
    marker: str = ""


class UnitMap:
    """Rows by slot and by piece name. A name two rows give to different units (or
    markers) identifies nothing by name: only the slot can tell such pieces apart."""

    def __init__(self, rows: Sequence[UnitRow]) -> None:
        self.rows = tuple(rows)
        self._by_slot = {r.slot: r for r in self.rows if r.slot}
        by_name: dict[str, set[Identity]] = {}
        for r in self.rows:
            by_name.setdefault(r.piece, set()).add(_identity(r))
        self._by_name = {name: next(iter(ids)) for name, ids in by_name.items() if len(ids) == 1}

    def identify(self, slot: str, name: str) -> Identity | None:
        """The identity of a piece from its slot id, else its name; None when the map does
        not list it. An identity with neither unit nor marker means "no unit" (confirmed)."""
        row = self._by_slot.get(slot) if slot else None
        if row is not None:
            return _identity(row)
        return self._by_name.get(name)


def _identity(row: UnitRow) -> Identity:
    return Identity(row.unit_id, row.marker)


def read_unit_map(path: Path) -> tuple[UnitMap, list[Problem]]:
    """Read units.csv; rows the file cannot give are problems (file:row:column)."""
    label = path.name
    try:
        if path.stat().st_size > MAX_BYTES:
            raise UnitMapError(f"{path}: larger than {MAX_BYTES >> 20} MiB, not a units.csv")
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise UnitMapError(f"{path}: cannot read ({exc})") from None
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
        if header is None:
            raise UnitMapError(f"{path}: empty file, expected the header {','.join(COLUMNS)}")
        header = [h.strip() for h in header]
        missing = [c for c in REQUIRED if c not in header]
        if missing:
            raise UnitMapError(f"{path}:1: missing column(s) {', '.join(missing)} (columns: {','.join(COLUMNS)})")
        rows, problems = [], []
        for number, cells in enumerate(reader, start=2):
            if not any(c.strip() for c in cells):
                continue
            if len(cells) > len(header):
                problems.append(Problem(label, "", number, "", f"{len(cells)} cells for {len(header)} columns"))
                continue
            values = {h: c.strip() for h, c in zip(header, cells) if h in COLUMNS}
            rows.append(UnitRow(**values, row=number))
    except csv.Error as exc:
        raise UnitMapError(f"{path}:{reader.line_num}: not valid CSV ({exc})") from None
    return UnitMap(rows), problems


def validate_unit_map(path: Path, game: Game) -> list[Problem]:
    """Every problem of a units.csv against the game: unknown units or markers, a piece given to
    a unit of another side or type (as its name and palette path say), a slot listed twice,
    ambiguous rows nobody resolved."""
    unit_map, problems = read_unit_map(path)
    label = path.name
    markers = {layer.step_code(i) for layer in profile_for(game).layers for i in range(len(layer.steps))}
    slots: dict[str, int] = {}
    for r in unit_map.rows:
        def add(column: str, message: str) -> None:
            problems.append(Problem(label, "", r.row, column, message))
        unit = game.unit(r.unit_id) if r.unit_id else None
        if r.unit_id and unit is None:
            add("unit_id", f"unknown unit {r.unit_id!r} (not in {game.id} oob.xlsx Units)")
        elif unit is not None:
            for column, message in _identity_problems(game, r, unit):
                add(column, message)
        if r.marker and r.marker not in markers:
            add("marker", f"unknown status marker {r.marker!r} (known: {', '.join(sorted(markers))})")
        if r.unit_id and r.marker:
            add("marker", "a piece is a unit or a marker, not both")
        if r.match and r.match not in MATCHES:
            add("match", f"unknown match {r.match!r} (one of {', '.join(MATCHES)})")
        if r.match == "ambiguous" and not r.unit_id:
            add("unit_id", f"ambiguous: piece {r.piece!r} could be {r.candidates or 'several units'}; "
                           "write the right unit_id (or clear the match to mark it as no unit)")
        if not r.slot and not r.piece:
            add("piece", "a row needs a slot or a piece name")
        if r.slot:
            if r.slot in slots:
                add("slot", f"slot {r.slot!r} is already mapped on row {slots[r.slot]}")
            slots.setdefault(r.slot, r.row)
    return sorted(problems)


def _identity_problems(game: Game, row: UnitRow, unit: Unit) -> list[tuple[str, str]]:
    """A piece given to a unit of another side or class, or a piece that is no unit: what its
    name and palette path say (`pieces`) against the unit's side and type."""
    path = [p.strip() for p in row.palette.split(">")] if row.palette else []
    out = []
    why = foreign(game, path, {})
    if why:
        out.append(("unit_id", f"piece {row.piece!r} is {why} ({row.palette}), not {unit.unit_id}"))
    side = piece_side(game, row.piece, path, {})
    if side and side != unit.side:
        out.append(("unit_id", f"piece {row.piece!r} is a {side} piece ({row.palette or 'by its name'}); "
                               f"{unit.unit_id} is {unit.side}"))
    classes = piece_classes(row.piece, {})
    if classes and symbol_for(unit.type) not in classes:
        said = "/".join(sorted(c.value for c in classes))
        out.append(("unit_id", f"piece {row.piece!r} is named as {said}; {unit.unit_id} is of type {unit.type} "
                               f"({symbol_for(unit.type).value})"))
    return out


def write_unit_map(path: Path, rows: Iterable[UnitRow]) -> None:
    """Write units.csv atomically (temp file + rename), columns in their fixed order."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for r in rows:
        writer.writerow([getattr(r, f.name) for f in fields(UnitRow) if f.name in COLUMNS])
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, out.getvalue().encode("utf-8"))
