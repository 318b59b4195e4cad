"""Pieces of output records that every importer builds the same way.

The Tables sheet describes each rule table with the same five facts plus where
it stands; a formation of the order of battle (``gamedata.model.Formation``)
is written the same way in every game; notes columns collect several remarks
into one cell. Keeping them here means every importer writes them alike.
"""
from __future__ import annotations

from dataclasses import dataclass

from gamedata.model import Formation
from gamedata.workbook import Cell


def join_notes(*parts: str | None) -> str | None:
    """Non-empty remarks joined with ``; ``; None (an empty cell) when there are none."""
    return "; ".join(p for p in parts if p) or None


def formation_record(f: Formation) -> dict[str, Cell]:
    """The Formations row; an empty parent (the top) or leader (none printed) is an empty cell."""
    return {"formation_id": f.formation_id, "side": f.side, "name": f.name, "level": f.level,
            "parent": f.parent or None, "leader": f.leader or None}


@dataclass(frozen=True)
class TableHead:
    """What the Tables sheet says about a rule table, whatever rows it holds."""

    table_id: str
    name: str
    die: str
    purpose: str
    section: str

    def record(self, scenario_id: str | None, rulebook_line: int | None) -> dict[str, Cell]:
        """The table's row of the Tables sheet."""
        return {"table_id": self.table_id, "name": self.name, "die": self.die, "purpose": self.purpose,
                "section": self.section, "scenario_id": scenario_id, "rulebook_line": rulebook_line}
