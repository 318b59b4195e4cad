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
from gamedata.import_kit.keep import Typed, blocked, layer_sheets, typed_rows
from gamedata.layer import PLAYER_DIR, Layer, hex_normalizer, read_layer
from gamedata.folder import (
    WORKBOOKS, GameDataError, columns, map_defs, read_game_toml, reinf_sheet, schema,
    setup_sheet,
)
from gamedata.workbook import Row, SheetData, WorkbookError, read_workbook, write_workbook


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
    outputs: Outputs
    kept: Layer             # the player's layer the folder held before the import (never written)

    @property
    def written(self) -> tuple[Path, ...]:
        return self.outputs.written


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
    kept = read_layer(folder)[0]
    outputs = write_outputs(ctx.sheets, folder, ctx.hexids)
    report.write(folder)
    return ImportResult(report, outputs, kept)


def write_outputs(sheets: dict[str, list[dict]], folder: Path, hexids: HexIds | None = None) -> Outputs:
    """Write every workbook of the layout (empty sheets included) in a fixed order, from the
    importer's rows alone. Values the player typed into those workbooks are first moved to new
    workbooks of the player's layer (`gamedata.import_kit.keep`); when such a workbook already
    exists nothing is written and the import fails, naming the values to move."""
    scenario_ids = [str(r["scenario_id"]) for r in sheets.get("Scenarios", [])]
    unknown = set(sheets) - {s.name for spec_list in WORKBOOKS.values() for s in spec_list} - {
        n for sid in scenario_ids for n in (setup_sheet(sid).name, reinf_sheet(sid).name)}
    if unknown:
        raise ImportFailed(f"importer produced sheets outside the layout: {sorted(unknown)}")
    normalize = hex_normalizer(hexids)
    typed = Typed()
    books = []
    for file, specs in WORKBOOKS.items():
        all_specs = list(specs)
        if file == "scenarios.xlsx":
            all_specs += [s for sid in scenario_ids for s in (setup_sheet(sid), reinf_sheet(sid))]
        existing = _existing(folder / file)
        for s in all_specs:
            typed_rows(file, s.name, sheets.get(s.name, ()), existing.get(s.name, ()), normalize, typed)
        books.append((file, [SheetData(s.name, columns(s.schema), tuple(dict(r) for r in sheets.get(s.name, ())))
                             for s in all_specs]))
    refused = blocked(folder, typed)
    if refused:
        raise ImportFailed("nothing written: " + "; ".join(refused))
    moved = []
    for file, rows in typed.rows.items():
        write_workbook(folder / PLAYER_DIR / file, layer_sheets(file, rows))
        moved.append(folder / PLAYER_DIR / file)
    for file, data in books:
        write_workbook(folder / file, data)
    return Outputs(tuple(folder / file for file, _ in books), typed, tuple(moved))


@dataclass(frozen=True)
class Outputs:
    """What an import wrote: the imported workbooks, the values the player had typed into
    them (moved to the layer's workbooks ``moved``) and the cells the rulebook replaced."""

    written: tuple[Path, ...]
    typed: Typed
    moved: tuple[Path, ...]


def _existing(path: Path) -> dict[str, tuple[Row, ...]]:
    """The rows of a workbook already in the folder (none when absent); an unreadable one
    stops the import rather than being overwritten."""
    if not path.exists():
        return {}
    try:
        book = read_workbook(path)
    except WorkbookError as exc:
        raise ImportFailed(f"{exc.problem}: not overwritten (it may hold values you typed); fix or move it") from None
    return {name: sheet.rows for name, sheet in book.items()}
