"""Run a registered importer: rulebook + game.toml + overrides.csv -> workbooks + report.

Everything is written through temp files and renamed, in a fixed order, so the
same inputs always give the same bytes.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import jsonschema

from gamedata.hexids import HexIds
from gamedata.import_kit.context import ImportContext
from gamedata.import_kit.overrides import OverrideError, Overrides
from gamedata.import_kit.readings import ReadingError, apply_readings
from gamedata.import_kit.report import Report
from gamedata.import_kit.rulebook import Rulebook, RulebookError
from gamedata.import_kit.keep import keep_user_rows
from gamedata.load import (
    EFFECTS_FILE, TERRAIN_FILE, WORKBOOKS, GameDataError, columns, map_defs, read_game_toml, reinf_sheet, schema,
    setup_sheet,
)
from gamedata.workbook import Cell, SheetData, WorkbookError, read_workbook, write_workbook

KEPT_FILES = (TERRAIN_FILE, EFFECTS_FILE)
"""Workbooks holding the user's map and chart data beside the rulebook's: kept on re-import."""


class ImportFailed(Exception):
    """The import cannot complete; the message names file and line."""


TITLE_LINES = 20
"""An importer's ``TITLE`` must occur in this many first lines of the rulebook."""


def check_title(book: Rulebook, title: str, definition: dict) -> None:
    """Refuse another game's rulebook before reading any table, whatever the game:
    a table read from the wrong text fails somewhere deep and says nothing useful."""
    head = "\n".join(book.lines[:TITLE_LINES]).lower()
    if title.lower() not in head:
        raise ImportFailed(f"{book.name}: its first {TITLE_LINES} lines never say '{title}': is this the right "
                           f"rulebook? {definition.get('name', 'this game')} is imported from "
                           f"{definition.get('rulebook', 'its own rulebook')}")


@dataclass(frozen=True)
class ImportResult:
    report: Report
    written: tuple[Path, ...]


def run_import(rulebook: Path, game: str, folder: Path) -> ImportResult:
    """Import `rulebook` for `game` into `folder` (which holds game.toml and overrides.csv)."""
    from gamedata.importers import importer_for

    module = importer_for(game)
    try:
        definition = read_game_toml(folder)
    except GameDataError as exc:
        raise ImportFailed(f"{folder}: {exc}") from None
    errors = list(jsonschema.Draft202012Validator(schema("game")).iter_errors(definition))
    if errors:
        raise ImportFailed(f"{folder / 'game.toml'}: {errors[0].message}")
    try:
        book = Rulebook.read(rulebook)
        overrides = Overrides.read(folder)
    except (RulebookError, OverrideError) as exc:
        raise ImportFailed(str(exc)) from None
    check_title(book, module.TITLE, definition)
    report = Report(game, book.name)
    ctx = ImportContext(book, definition, HexIds(map_defs(definition)), overrides, report)
    try:
        module.build(ctx)
        apply_readings(ctx.sheets, getattr(module, "READINGS", ()), book, report)
    except RulebookError as exc:
        raise ImportFailed(str(exc)) from None
    except ValueError as exc:
        raise ImportFailed(f"{book.name}: {exc}") from None
    except (IndexError, KeyError) as exc:  # a table that is not where this edition prints it
        raise ImportFailed(f"{book.name}: a table is not where the importer expects it "
                           f"({type(exc).__name__}: {exc}): is this the right rulebook edition?") from None
    unused = overrides.unused()
    if unused:
        raise ImportFailed("; ".join(
            f"overrides.csv:{o.csv_row}: line {o.line} field '{o.field}' matched no cell" for o in unused))
    lost = report.unaccounted()
    if lost:
        raise ImportFailed("importer dropped rows silently: " + ", ".join(f"{t} line {n}" for t, n in lost))
    written = write_outputs(ctx.sheets, folder, ctx.hexids)
    report.write(folder)
    return ImportResult(report, written)


def write_outputs(sheets: dict[str, list[dict]], folder: Path, hexids: HexIds | None = None) -> tuple[Path, ...]:
    """Write every workbook of the layout (empty sheets included) in a fixed order; the
    user's own rows of the terrain and chart workbooks are kept (`gamedata.import_kit.keep`)."""
    scenario_ids = [str(r["scenario_id"]) for r in sheets.get("Scenarios", [])]
    written = []
    for file, specs in WORKBOOKS.items():
        all_specs = list(specs)
        if file == "scenarios.xlsx":
            all_specs += [s for sid in scenario_ids for s in (setup_sheet(sid), reinf_sheet(sid))]
        existing = _existing(folder / file) if file in KEPT_FILES else {}
        data = [SheetData(s.name, columns(s.schema),
                          tuple(keep_user_rows(s.name, sheets.get(s.name, ()), existing.get(s.name, ()), hexids)))
                for s in all_specs if not s.user or existing.get(s.name)]
        unknown = set(sheets) - {s.name for spec_list in WORKBOOKS.values() for s in spec_list} - {
            n for sid in scenario_ids for n in (setup_sheet(sid).name, reinf_sheet(sid).name)}
        if unknown:
            raise ImportFailed(f"importer produced sheets outside the layout: {sorted(unknown)}")
        write_workbook(folder / file, data)
        written.append(folder / file)
    return tuple(written)


def _existing(path: Path) -> dict[str, list[dict[str, Cell]]]:
    """The rows of a workbook already in the folder (none when absent); an unreadable one
    stops the import rather than being overwritten."""
    if not path.exists():
        return {}
    try:
        book = read_workbook(path)
    except WorkbookError as exc:
        raise ImportFailed(f"{exc.problem}: not overwritten (it may hold your own map data); fix or move it") from None
    return {name: [dict(r.values) for r in sheet.rows] for name, sheet in book.items()}
