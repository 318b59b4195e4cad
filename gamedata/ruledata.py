"""Reading rules.xlsx: a rule's number by key, and the cell to fill when it is not printed."""
from __future__ import annotations

from gamedata.cellref import CellRef, parameter_cell
from gamedata.model import Game, RuleParameter


def parameter_row(game: Game, key: str) -> RuleParameter | None:
    return next((p for p in game.rule_parameters if p.key == key), None)


def parameter(game: Game, key: str) -> float | str | None:
    """The value of a Parameters row; None when the row is missing or its value empty."""
    row = parameter_row(game, key)
    return None if row is None else row.value


def parameter_text(game: Game, key: str) -> str:
    """A Parameters value as text ("" when the row is missing or its value empty)."""
    return str(parameter(game, key) or "")


def parameter_list(game: Game, key: str) -> list[str]:
    """A Parameters value that lists words separated by ';' (empty when the row is missing)."""
    return [w.strip() for w in parameter_text(game, key).split(";") if w.strip()]


def parameter_cite(game: Game, key: str, fallback: str) -> str:
    """How a finding names the rule of a Parameters row: its section and line, else ``fallback``."""
    row = parameter_row(game, key)
    return cite(row.section, row.rulebook_line) if row else fallback


def cell(game: Game, key: str) -> CellRef:
    """Where to fill a parameter: `rules.xlsx:Parameters:<row>:value`, or the row to add."""
    row = parameter_row(game, key)
    if row is None or row.origin is None:
        return parameter_cell(key, f"rules.xlsx:Parameters: a row for {key}")
    return parameter_cell(key, f"{row.origin.file}:{row.origin.sheet}:{row.origin.row}:value ({key})")


def cite(section: str, line: int | None) -> str:
    """How a finding names a rule: "10.92 (rulebook line 398)"."""
    return f"{section} (rulebook line {line})" if line else section
