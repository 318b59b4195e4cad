"""A combat chart template per system (`gamedata/combat_templates.toml`): the structure of the
system's combat charts as far as the rulebooks state it, written as a `combat.xlsx` the player
fills from the charts they own. Numbers the rulebooks do not print are never written."""
from __future__ import annotations

import tomllib
from pathlib import Path

from gamedata.load import USER_WORKBOOKS, columns
from gamedata.workbook import SheetData

TEMPLATES = Path(__file__).with_name("combat_templates.toml")
#: the template's keys per sheet of combat.xlsx
_SHEETS = {"tables": "Combat Tables", "codes": "Combat Codes", "modifiers": "Combat Modifiers"}


def systems() -> tuple[str, ...]:
    return tuple(tomllib.loads(TEMPLATES.read_text(encoding="utf-8")))


def template_sheets(system: str) -> list[SheetData]:
    """The sheets of the system's template, every sheet of combat.xlsx with its columns; KeyError
    for a system without one."""
    entry = tomllib.loads(TEMPLATES.read_text(encoding="utf-8"))[system]
    rows: dict[str, list[dict]] = {sheet: [] for sheet in _SHEETS.values()}
    for key, sheet in _SHEETS.items():
        rows[sheet] = [dict(r, system=system) if key == "tables" else dict(r) for r in entry.get(key, ())]
    return [SheetData(spec.name, columns(spec.schema), tuple(rows.get(spec.name, ())))
            for spec in USER_WORKBOOKS["combat.xlsx"]]
