"""A game folder's layout: which file holds which sheets, the schema each sheet's rows follow,
and `game.toml` read into its maps. Fixed here, once, for the loader, the validator and the
importer's writer alike (all three sit above it). A sheet's columns are its row schema's
properties, in order.
"""
from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from gamedata.maps import Alias, MapDef, ScanDef
from gamedata.problems import Problem

SCHEMA_DIR = Path(__file__).resolve().parents[1] / "schemas"
GAME_FILE = "game.toml"
OOB_FILE = "oob.xlsx"
SCENARIOS_FILE = "scenarios.xlsx"
TERRAIN_FILE = "terrain.xlsx"
EFFECTS_FILE = "effects.xlsx"
RULES_FILE = "rules.xlsx"


@dataclass(frozen=True)
class SheetSpec:
    """A sheet of a workbook and the schema its rows follow."""

    name: str
    schema: str
    optional: bool = False      # a workbook written before the sheet existed may lack it: read as empty
    user: bool = False          # only users write it: import-tables never writes one (what a user typed goes to the layer)


WORKBOOKS: dict[str, tuple[SheetSpec, ...]] = {
    OOB_FILE: (SheetSpec("Units", "unit"), SheetSpec("Formations", "formation")),
    SCENARIOS_FILE: (SheetSpec("Scenarios", "scenario"),),
    "tables.xlsx": (
        SheetSpec("Tables", "table"), SheetSpec("Rows", "table-row"), SheetSpec("Modifiers", "table-modifier"),
        SheetSpec("VP", "vp"), SheetSpec("Levels", "level"),
    ),
    TERRAIN_FILE: (
        SheetSpec("Hexes", "terrain-hex"), SheetSpec("Hexsides", "terrain-hexside"), SheetSpec("Names", "named-hex"),
        SheetSpec("Specials", "terrain-special", optional=True), SheetSpec("Legend", "legend", optional=True),
        SheetSpec("Samples", "legend-sample", optional=True),
    ),
    EFFECTS_FILE: (
        SheetSpec("Terrain", "terrain-type"), SheetSpec("Moves", "move-class"), SheetSpec("Costs", "terrain-cost"),
        SheetSpec("Implied", "implied-feature"), SheetSpec("Combat", "terrain-combat", optional=True, user=True),
    ),
}
OPTIONAL_FILES = frozenset({EFFECTS_FILE})
"""Workbooks a game folder may lack (a game without a Terrain Effects Chart yet): read as empty."""


#: Workbooks only a user writes (the importer never does): read and checked when present.
USER_WORKBOOKS: dict[str, tuple[SheetSpec, ...]] = {
    "combat.xlsx": (
        SheetSpec("Combat Tables", "combat-table"), SheetSpec("Combat Columns", "combat-column"),
        SheetSpec("Combat Results", "combat-result"), SheetSpec("Combat Modifiers", "combat-modifier"),
        SheetSpec("Combat Codes", "combat-code", optional=True),
    ),
    RULES_FILE: (
        SheetSpec("Parameters", "rule-parameter", optional=True), SheetSpec("Ranges", "rule-range", optional=True),
        SheetSpec("Chain", "rule-chain", optional=True), SheetSpec("Activation", "rule-activation", optional=True),
    ),
}


def setup_sheet(scenario_id: str) -> SheetSpec:
    return SheetSpec(f"{scenario_id} Setup", "setup")


def reinf_sheet(scenario_id: str) -> SheetSpec:
    return SheetSpec(f"{scenario_id} Reinf", "reinforcement")


@cache
def schema(name: str) -> dict[str, Any]:
    """A JSON Schema from `schemas/<name>.schema.json`."""
    return json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))


def columns(schema_name: str) -> tuple[str, ...]:
    """The columns of a sheet whose rows follow `schema_name`, in order."""
    return tuple(schema(schema_name)["properties"])


class GameDataError(Exception):
    """The game folder has problems; `problems` lists them all. One problem reads as one line
    naming its file inside ``folder`` (a damaged workbook: the same line in every command)."""

    def __init__(self, problems: list[Problem], folder: Path | None = None) -> None:
        lines = [str(p) for p in problems]
        if folder is not None and len(lines) == 1:
            lines = [f"{folder / problems[0].file}{lines[0][len(problems[0].file):]}"]
        super().__init__("\n".join(lines))
        self.problems = problems
        self.folder = folder


def read_game_toml(folder: Path) -> dict[str, Any]:
    """Parse game.toml; raise GameDataError naming the file on any failure."""
    path = folder / GAME_FILE
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise GameDataError([Problem(GAME_FILE, message="missing game definition")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise GameDataError([Problem(GAME_FILE, message=f"cannot read: {exc}")]) from None
    except tomllib.TOMLDecodeError as exc:
        raise GameDataError([Problem(GAME_FILE, message=f"not valid TOML: {exc}")]) from None


def map_defs(definition: dict[str, Any]) -> tuple[MapDef, ...]:
    """MapDefs of a schema-valid game definition."""
    def pair(value: Any) -> tuple[int, int] | None:
        return (int(value[0]), int(value[1])) if value else None

    return tuple(
        MapDef(
            id=m["id"], name=m["name"], prefix=m["prefix"], id_format=m["id_format"],
            columns=pair(m["columns"]), rows=pair(m["rows"]),  # type: ignore[arg-type]
            shifted_columns=m["shifted_columns"], rows_even=pair(m.get("rows_even")),
            rows_odd=pair(m.get("rows_odd")), hex_size=m.get("hex_size", 64),
            aliases=tuple(Alias(a["from"], a["to"]) for a in m.get("aliases", ())),
            rows_increase=m.get("rows_increase", "down"), north=m.get("north", "up"),
            scan=_scan(m["scan"]) if "scan" in m else None, elevation=pair(m.get("elevation")),
            raw_origin=pair(m.get("raw_origin")) or (0, 0), notes=tuple(m.get("notes", ())),
        )
        for m in definition["maps"]
    )


def _scan(s: dict[str, Any]) -> ScanDef:
    """A map's `[maps.scan]` table; absent numbering keys stay None (implied by the map)."""
    return ScanDef(
        image=s["image"], x0=s["x0"], y0=s["y0"], dx=float(s["dx"]), dy=float(s["dy"]),
        sideways=s.get("sideways", False), stagger=s.get("stagger"), h_descend=s.get("h_descend"),
        v_descend=s.get("v_descend"), h_off=s.get("h_off"), v_off=s.get("v_off"),
    )
