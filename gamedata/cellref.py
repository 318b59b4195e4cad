"""A cell of the game's data that a check needed and found empty, named so a player can fill it.

A check that cannot decide says which cells would let it (its message names them as text, as it
always has); the same cells travel as `CellRef` values in `Finding.cells`, so that
`adjutant to-fill` can gather them and write them into the player's layer as rows to fill:
the workbook and sheet of the layout, the row's key (the columns the layer matches rows by,
`gamedata.layer.OVERLAYS`) and the column to fill.
"""
from __future__ import annotations

from dataclasses import dataclass

from gamedata.hexids import Hex


@dataclass(frozen=True)
class CellRef:
    """Where a missing value belongs: ``file`` (a workbook of the layout: the player gives it in
    the layer's twin), ``sheet``, ``key`` (the row, as (column, value) pairs; empty when the
    data lacks something no row can give, e.g. a unit the order of battle lacks), ``column``
    (to fill; "" = the row's values), ``text`` (how messages name it), ``what`` (in words),
    ``hex`` (the map hex it is about, if any)."""

    file: str
    sheet: str
    key: tuple[tuple[str, str], ...]
    column: str
    text: str
    what: str = ""
    hex: Hex | None = None

    def __str__(self) -> str:
        return self.text

    @property
    def identity(self) -> tuple[str, str, tuple[tuple[str, str], ...], str]:
        """The cell itself, whatever a message calls it."""
        return (self.file, self.sheet, self.key, self.column)

    def as_json(self) -> dict[str, object]:
        return {"file": self.file, "sheet": self.sheet, "key": dict(self.key), "column": self.column,
                "what": self.what, "text": self.text}


def parameter_cell(key: str, text: str) -> CellRef:
    """A rules.xlsx Parameters value."""
    return CellRef("rules.xlsx", "Parameters", (("key", key),), "value", text, f"rule parameter {key}")


def range_cell(leader: str, side: str, name: str, text: str) -> CellRef:
    """A leader's command range (rules.xlsx Ranges)."""
    return CellRef("rules.xlsx", "Ranges", (("leader", leader), ("side", side)), "range", text,
                   f"{name}'s command range")


def unit_cell(unit_id: str, column: str, name: str, text: str) -> CellRef:
    """A counter value of a unit (oob.xlsx Units)."""
    return CellRef("oob.xlsx", "Units", (("unit_id", unit_id),), column, text, f"{name}'s {column}")
