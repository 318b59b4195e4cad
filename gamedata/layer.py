"""The player's layer: the numbers only the players' own copy of a game shows.

A rulebook rarely prints counter values (strengths, movement allowances, leaders' command
ranges), the series' charts (combat results, fire, shock) or the map's terrain. Players give
them in the game folder's `player/` folder, in workbooks named like the game's own
(`oob.xlsx`, `rules.xlsx`, `terrain.xlsx`, `effects.xlsx`, `tables.xlsx`, `combat.xlsx`),
each holding only the rows and columns the player gives. `import-tables` never writes there.
`load_game` lays each row of the layer over the game's row with the same key (`OVERLAYS`):

- a cell the player fills replaces the game's cell, except a list of codes (`terrain`,
  `features`), whose codes are added to the game's; a cell replacing a value the game's own
  workbook gives is a warning naming both cells (the rulebook said otherwise);
- a cell the player leaves empty leaves the game's as it is, and a row with nothing but its key
  (a row `adjutant to-fill` wrote, not filled yet) is no row at all;
- a row whose key the game lacks is added (a hex's terrain, a chart's cell, a leader's range),
  and must then be whole; where the layer only gives values to the game's rows (units: the
  order of battle is the rulebook's), it is an error;
- the order of battle and the scenarios' set-up and reinforcement rows (`player/oob.xlsx` Units
  and Formations, `player/scenarios.xlsx` "<scenario> Setup" and "<scenario> Reinf") are the
  rulebook's, except in a game whose `game.toml` says `order_of_battle = "player"` (a rulebook
  printing no counters and no setup, as classic Shiloh's): there the layer adds them too.

Every cell is typed by the sheet's row schema and a problem names the player's workbook, sheet,
row and column (`player/oob.xlsx:Units:5:strength`). Three columns only the layer has:
`source` (where a value was read: "counter", a module's piece), `reviewed` (TRUE once someone
checked a drafted row; a drafted row nobody reviewed is a warning) and `about` (what the row is,
written by `adjutant to-fill` for the person filling it; never read).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from gamedata.hexids import HexError, HexIds
from gamedata.folder import (EFFECTS_FILE, OOB_FILE, RULES_FILE, SCENARIOS_FILE, TERRAIN_FILE, USER_WORKBOOKS,
                             WORKBOOKS, schema)
from gamedata.model import Problem
from gamedata.terrain import codes
from gamedata.terrain_check import spans
from gamedata.typed import MISSING_COLUMN, check_header, coerce, schema_problems
from gamedata.workbook import Cell, Row, Sheet, WorkbookError, read_workbook

PLAYER_DIR = "player"
LAYER_ONLY = ("source", "reviewed", "about")
"""Columns of the layer's sheets that the game's sheets lack: where a value came from, whether
someone reviewed it, and what the row is."""
COMBAT_FILE = "combat.xlsx"
TABLES_FILE = "tables.xlsx"


@dataclass(frozen=True)
class Overlay:
    """How a sheet of the layer lies over the game's sheet of the same name: the columns that
    name a row (``loose``: key columns a player may leave empty, matching any value when one
    row of the game matches), whether a row the game lacks is added, and the list columns."""

    key: tuple[str, ...]
    loose: tuple[str, ...] = ()
    adds: bool = True
    lists: frozenset[str] = field(default_factory=frozenset)
    blank: tuple[str, ...] = ()     # key columns a sheet may leave out: their value is then "" (none)
    oob: bool = False               # adds rows where the game's order of battle is the player's, not elsewhere

    @property
    def needed(self) -> tuple[str, ...]:
        """The key columns a sheet of the layer must have."""
        return tuple(c for c in self.key if c not in self.loose and c not in self.blank)


_CODES = frozenset({"terrain", "features"})

#: workbook -> sheet -> how the layer's sheet lies over the game's
OVERLAYS: dict[str, dict[str, Overlay]] = {
    OOB_FILE: {"Units": Overlay(("unit_id",), adds=False, oob=True),
               "Formations": Overlay(("formation_id",), adds=False, oob=True)},
    SCENARIOS_FILE: {},             # "<scenario> Setup" and "<scenario> Reinf": see `overlay_of`
    RULES_FILE: {"Parameters": Overlay(("key",)), "Ranges": Overlay(("leader", "side"), loose=("side",))},
    TERRAIN_FILE: {
        "Hexes": Overlay(("map", "hex"), lists=_CODES), "Hexsides": Overlay(("map", "hex", "side"), lists=_CODES),
        "Names": Overlay(("map", "hex", "name")), "Specials": Overlay(("map", "kind", "name", "side"), blank=("side",)),
        "Legend": Overlay(("map", "code")), "Samples": Overlay(("map", "hex", "side"), blank=("side",)),
    },
    EFFECTS_FILE: {
        "Terrain": Overlay(("code",)), "Moves": Overlay(("code",)),
        "Costs": Overlay(("move", "action", "terrain", "via", "condition"), blank=("via", "condition")),
        "Implied": Overlay(("route", "crossing", "implies")),
        "Combat": Overlay(("terrain", "side", "per", "from", "except"), blank=("from", "except")),
    },
    TABLES_FILE: {"Tables": Overlay(("table_id",)), "Rows": Overlay(("table_id", "roll", "when"), blank=("when",)),
                  "Modifiers": Overlay(("table_id", "modifier"))},
    COMBAT_FILE: {"Combat Tables": Overlay(("table_id",)), "Combat Columns": Overlay(("table_id", "column")),
                  "Combat Results": Overlay(("table_id", "roll", "column")),
                  "Combat Modifiers": Overlay(("table_id", "modifier")), "Combat Codes": Overlay(("table_id", "code"))},
}


SCENARIO_SHEETS = {" Setup": "setup", " Reinf": "reinforcement"}
"""The scenario sheets of the layer by the end of their name, with their row schemas."""
_SCENARIO_ROWS = Overlay(("unit_id",), adds=False, oob=True)   # a unit starts once per scenario


def overlay_of(file: str, sheet: str) -> Overlay | None:
    """How a sheet of the layer lies over the game's (None: not a sheet of the layer)."""
    if file == SCENARIOS_FILE and sheet.endswith(tuple(SCENARIO_SHEETS)):
        return _SCENARIO_ROWS
    return OVERLAYS.get(file, {}).get(sheet)


def key_of(file: str, sheet: str) -> tuple[str, ...]:
    """The key columns of a sheet of the layer."""
    overlay = overlay_of(file, sheet)
    if overlay is None:
        raise KeyError(f"{file} {sheet} is not a sheet of the player's layer")
    return overlay.key


def layer_file(file: str) -> str:
    """How problems name a workbook of the layer: ``player/oob.xlsx``."""
    return f"{PLAYER_DIR}/{file}"


def sheet_schema(file: str, sheet: str) -> str:
    """The row schema of a sheet of the layout."""
    if file == SCENARIOS_FILE:
        return next(name for end, name in SCENARIO_SHEETS.items() if sheet.endswith(end))
    specs = WORKBOOKS.get(file) or USER_WORKBOOKS.get(file) or ()
    return next(s.schema for s in specs if s.name == sheet)


@dataclass(frozen=True)
class Layer:
    """The workbooks of a game's `player/` folder as read: file -> sheet name -> sheet."""

    books: Mapping[str, Mapping[str, Sheet]]

    @property
    def files(self) -> tuple[str, ...]:
        return tuple(layer_file(f) for f in self.books)

    def values(self) -> int:
        """How many cells the layer gives (its rows' non-empty cells outside the keys)."""
        return sum(1 for file, book in self.books.items() for name, sheet in book.items()
                   for row in sheet.rows for column, value in row.values.items()
                   if value is not None and column not in LAYER_ONLY
                   and column not in (overlay_of(file, name) or Overlay(())).key)


def read_layer(folder: Path) -> tuple[Layer, list[Problem]]:
    """The layer's workbooks (none when the folder has no `player/`); files that are not
    workbooks of the layer are problems, other files (pictures, notes) are left alone."""
    home = folder / PLAYER_DIR
    books: dict[str, Mapping[str, Sheet]] = {}
    problems: list[Problem] = []
    if not home.is_dir():
        return Layer(books), problems
    for path in sorted(home.iterdir()):
        if path.suffix.lower() != ".xlsx" or path.name.startswith((".", "~$")):
            continue       # lock files of spreadsheet programs, pictures, notes
        if path.name not in OVERLAYS:
            problems.append(Problem(layer_file(path.name), message="not a workbook of the player's layer "
                                    f"({', '.join(OVERLAYS)})"))
            continue
        try:
            books[path.name] = read_workbook(path, label=layer_file(path.name))
        except WorkbookError as exc:
            problems.append(exc.problem)
    return Layer(books), problems


Normalize = Callable[[str, str], str]


def hex_normalizer(hexids: HexIds | None) -> Normalize:
    """A hex key as its canonical id (aliases resolved), so `S2501` and `N2534` are one row."""
    def normalize(text: str, map_id: str) -> str:
        if hexids is None:
            return text
        try:
            return hexids.normalize(text, map_id or None)
        except (HexError, KeyError):
            return text
    return normalize


def row_key(overlay: Overlay, values: Mapping[str, Cell], normalize: Normalize) -> tuple[str, ...]:
    """The key of a row as text (empty = ""), hexes canonical."""
    out = []
    for column in overlay.key:
        value = values.get(column)
        text = "" if value is None else str(value).strip()
        if column == "hex" and text:
            text = normalize(text, str(values.get("map") or ""))
        out.append(text)
    return tuple(out)


def covers(overlay: Overlay, have: tuple[str, ...], want: tuple[str, ...]) -> bool:
    """Whether a layer row keyed ``have`` is the row keyed ``want`` (a loose key column left empty
    matches any value)."""
    return all(a == b or (not a and column in overlay.loose) for column, a, b in zip(overlay.key, have, want))


def merge_cell(column: str, game: Cell, player: Cell, lists: frozenset[str]) -> Cell:
    """The cell the game's data gets: the player's, or for a list of codes both lists."""
    if column in lists and game is not None:
        return ";".join(dict.fromkeys(codes(str(game)) + codes(str(player))))
    return player


def lay_over(sheets: dict[str, Sheet], homes: dict[str, str], layer: Layer, hexids: HexIds | None,
             player_oob: bool = False) -> list[Problem]:
    """Merge every sheet of the layer into ``sheets`` (changed in place; ``homes`` gets the
    layer's workbook for a sheet only the layer has) and return the layer's problems.
    ``player_oob``: the game's order of battle is the player's (the layer adds units and
    set-up and reinforcement rows)."""
    problems: list[Problem] = []
    normalize = hex_normalizer(hexids)
    for file, book in layer.books.items():
        label = layer_file(file)
        for name, sheet in book.items():
            overlay = overlay_of(file, name)
            if overlay is None:
                gives = ", ".join(OVERLAYS[file]) or "<scenario> Setup, <scenario> Reinf"
                problems.append(Problem(label, name, 0, "", f"not a sheet the player's layer gives in {file} "
                                        f"({gives})"))
                continue
            if file == SCENARIOS_FILE and name not in sheets:
                problems.append(Problem(label, name, 0, "", f"no scenario {name.rsplit(' ', 1)[0]!r} in "
                                        f"{file} Scenarios: a scenario sheet is named after a scenario_id"))
                continue
            if overlay.oob and player_oob:
                overlay = replace(overlay, adds=True)
            merged, found = _lay_sheet(label, sheet, sheets.get(name), homes.get(name, label), overlay,
                                       sheet_schema(file, name), normalize)
            problems += found + list(sheet.problems)
            if merged is not None:
                sheets[name] = merged
                homes.setdefault(name, label)
    return problems


def _lay_sheet(label: str, sheet: Sheet, game: Sheet | None, home: str, overlay: Overlay, name: str,
               normalize: Normalize) -> tuple[Sheet | None, list[Problem]]:
    props = schema(name)["properties"]
    problems = check_header(label, sheet, name, extra=LAYER_ONLY, required=overlay.needed)
    if any(p.row == 1 and p.message == MISSING_COLUMN for p in problems):
        return None, problems          # without its key a row names nothing: said once, the sheet is not read
    rows = list(game.rows) if game is not None else []
    index: dict[tuple[str, ...], list[int]] = {}
    for i, row in enumerate(rows):
        index.setdefault(row_key(overlay, row.values, normalize), []).append(i)
    seen: dict[tuple[str, ...], int] = {}
    drafts: list[int] = []
    for row in sheet.rows:
        values = coerce(row.values, name)
        given = {k: v for k, v in values.items() if k in props and v is not None}
        problems += schema_problems(label, sheet.name, row.number, given, name, partial=True)
        problems += _layer_only(label, sheet.name, row)
        key = row_key(overlay, values, normalize)
        if key in seen:
            problems.append(Problem(label, sheet.name, row.number, overlay.key[0],
                                    f"the same {_named(overlay, key)} as row {seen[key]}: give it once"))
            continue
        seen[key] = row.number
        if not any(column not in overlay.key for column in given):
            continue        # a row waiting to be filled (adjutant to-fill writes such rows): nothing to lay over
        if _draft(row) and "reviewed" not in props:
            drafts.append(row.number)
        matches = _matches(overlay, key, index)
        if len(matches) > 1:
            which = f"give {', '.join(overlay.loose)} to say which" if overlay.loose else \
                "the layer cannot tell them apart"
            numbers = ", ".join(str(rows[i].number) for i in matches)
            problems.append(Problem(label, sheet.name, row.number, (overlay.loose or overlay.key)[0],
                                    f"{_named(overlay, key)} matches rows {numbers} of {home}: {which}"))
            continue
        if matches:
            i = matches[0]
            rows[i], replaced = _merge(rows[i], given, label, row.number, overlay)
            problems += [Problem(label, sheet.name, row.number, column,
                                 f"replaces {old!r} given by {home}:{sheet.name}:{rows[i].number}", "warning")
                         for column, old in replaced]
        elif overlay.adds:
            problems += schema_problems(label, sheet.name, row.number, given, name)  # an added row must be whole
            rows.append(Row(row.number, {**{k: None for k in props}, **given}, file=label))
        else:
            why = ("; a game whose rulebook prints no order of battle says order_of_battle = \"player\" in game.toml"
                   if overlay.oob and not rows else "")
            problems.append(Problem(label, sheet.name, row.number, overlay.key[0],
                                    f"unknown {_named(overlay, key)}: not in {home} {sheet.name} (the player's layer "
                                    f"gives values to its rows, it adds none: the order of battle is the rulebook's"
                                    f"{why})"))
    if drafts:
        rows_said = f"row{'s' if len(drafts) > 1 else ''} {spans(drafts)}"
        problems.append(Problem(label, sheet.name, drafts[0], "reviewed", f"{len(drafts)} drafted row(s) not reviewed "
                                f"({rows_said}): check each value against your counters or charts, then set "
                                "reviewed to TRUE", "warning"))
    header = tuple(dict.fromkeys((*(game.header if game else ()), *(c for c in sheet.header if c in props))))
    return Sheet(sheet.name, header, tuple(rows), game.problems if game else ()), problems


def _matches(overlay: Overlay, key: tuple[str, ...], index: dict[tuple[str, ...], list[int]]) -> list[int]:
    exact = index.get(key, [])
    if exact or not overlay.loose:
        return exact
    loose = {overlay.key.index(c) for c in overlay.loose if not key[overlay.key.index(c)]}
    if not loose:
        return []
    return [i for k, found in index.items() for i in found
            if all(a == b for n, (a, b) in enumerate(zip(k, key)) if n not in loose)]


def _merge(row: Row, given: Mapping[str, Cell], label: str, number: int,
           overlay: Overlay) -> tuple[Row, list[tuple[str, Cell]]]:
    values = dict(row.values)
    origins = dict(row.given)
    replaced = []
    for column, value in given.items():
        if column in overlay.key:
            continue
        old = values.get(column)
        if old is not None and old != value and column not in overlay.lists:
            replaced.append((column, old))
        values[column] = merge_cell(column, old, value, overlay.lists)
        origins[column] = (label, number)
    return Row(row.number, values, row.file, origins), replaced


def _layer_only(label: str, sheet: str, row: Row) -> list[Problem]:
    reviewed = row.get("reviewed")
    if reviewed is not None and not isinstance(reviewed, bool):
        return [Problem(label, sheet, row.number, "reviewed", f"expected TRUE or FALSE, got {reviewed!r}")]
    return []


def _draft(row: Row) -> bool:
    return row.get("source") is not None and row.get("reviewed") is not True


def _named(overlay: Overlay, key: tuple[str, ...]) -> str:
    return " ".join(f"{c} {v!r}" for c, v in zip(overlay.key, key) if v)
