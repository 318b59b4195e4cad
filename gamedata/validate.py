"""Check a game folder: schemas first, then every cross-reference.

Each problem names file, sheet, spreadsheet row and column so a designer can go
straight to the cell. User data never raises: every failure becomes a Problem.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamedata.combat import combat_problems, combat_warnings
from gamedata.conditions import parse_amount, parse_condition
from gamedata.hexids import HexError, HexIds
from gamedata.layer import Layer, lay_over, read_layer
from gamedata.folder import (
    GAME_FILE, OPTIONAL_FILES, USER_WORKBOOKS, WORKBOOKS, GameDataError, SheetSpec, map_defs,
    read_game_toml, reinf_sheet, setup_sheet,
)
from gamedata.model import _LEVELS, Problem
from gamedata.rolls import parse_dice, parse_effect, parse_roll
from gamedata.scenario_rules import ScenarioRules, read_rules
from gamedata.terrain_check import terrain_problems
from gamedata.typed import MISSING_COLUMN, check_sheet, schema_problems
from gamedata.workbook import Row, Sheet, WorkbookError, read_workbook


@dataclass(frozen=True)
class FolderData:
    """What a game folder holds once read: the definition and every sheet by name."""

    definition: dict[str, Any]
    sheets: dict[str, Sheet]
    rules: ScenarioRules | None = None      # scenario-rules.toml, when the folder has one
    layer: Layer | None = None              # the player's layer as read (its rows are merged into `sheets`)


def validate(folder: Path | str) -> list[Problem]:
    """Every problem of the game folder, sorted by file, sheet and row."""
    return check_folder(Path(folder))[0]


def check_folder(folder: Path) -> tuple[list[Problem], FolderData]:
    """Problems plus whatever could be read (for the loader)."""
    try:
        definition = read_game_toml(folder)
    except GameDataError as exc:
        return exc.problems, FolderData({}, {})
    problems = list(schema_problems(GAME_FILE, "", 0, definition, "game"))
    if not problems:
        problems += _map_problems(definition) + _dice_problems(definition)
    if problems:
        return problems, FolderData(definition, {})
    sheets: dict[str, Sheet] = {}
    homes: dict[str, str] = {}
    for file, specs in WORKBOOKS.items():
        if file in OPTIONAL_FILES and not (folder / file).exists():
            continue
        try:
            book = read_workbook(folder / file)
        except WorkbookError as exc:
            problems.append(exc.problem)
            continue
        problems += _check_sheets(file, specs, sheets, homes, book)
        problems += [p for sheet in book.values() for p in sheet.problems]
        expected = {s.name for s in specs}
        if file == "scenarios.xlsx" and "scenario_id" not in getattr(sheets.get("Scenarios"), "header", ()):
            expected |= set(book)   # no scenario ids to lay the scenario sheets out by: said once, on the column
        elif file == "scenarios.xlsx":
            ids = [r.get("scenario_id") for r in sheets["Scenarios"].rows]
            per_scenario = tuple(s for i in ids if isinstance(i, str) for s in (setup_sheet(i), reinf_sheet(i)))
            problems += _check_sheets(file, per_scenario, sheets, homes, book)
            expected |= {s.name for s in per_scenario}
        problems += [Problem(file, name, 0, "", "sheet not in the layout (a scenario sheet needs a Scenarios row)")
                     for name in book if name not in expected]
    for file, specs in USER_WORKBOOKS.items():
        if (folder / file).exists():
            try:
                problems += _check_sheets(file, specs, sheets, homes, read_workbook(folder / file))
            except WorkbookError as exc:
                problems.append(exc.problem)
    layer, layer_problems = read_layer(folder)
    problems += layer_problems + lay_over(sheets, homes, layer, HexIds(map_defs(definition)),
                                             player_oob=definition.get("order_of_battle") == "player")
    if not any(p.message == MISSING_COLUMN for p in problems):
        # a deleted column is said once, on its header: the references and cells that read it would
        # each say it again (an effects.xlsx Terrain without its codes makes every cost row unknown)
        problems += _cross_references(definition, sheets, homes)
    rules, rule_problems = read_rules(folder)
    problems += rule_problems
    return sorted(set(problems)), FolderData(definition, sheets, rules, layer)


def _map_problems(definition: dict[str, Any]) -> list[Problem]:
    """Map ids and prefixes must be unique: a hex id has to name one map only."""
    problems = []
    for key in ("id", "prefix"):
        values = [m[key] for m in definition["maps"]]
        for index, value in enumerate(values):
            if value in values[:index]:
                problems.append(Problem(GAME_FILE, "", 0, f"maps[{index}].{key}", f"map {key} {value!r} used twice"))
    return problems


def _dice_problems(definition: dict[str, Any]) -> list[Problem]:
    """A die's `faces` must number as many values as it has sides."""
    problems = []
    for index, d in enumerate(definition.get("dice", ())):
        try:
            parse_dice(f"{d['dice']}d{d['sides']}", d.get("faces", ""))
        except ValueError as exc:
            problems.append(Problem(GAME_FILE, "", 0, f"dice[{index}].faces", str(exc)))
    return problems


def _check_sheets(file: str, specs: tuple[SheetSpec, ...], sheets: dict[str, Sheet], homes: dict[str, str],
                  book: dict[str, Sheet]) -> list[Problem]:
    problems: list[Problem] = []
    for spec in specs:
        sheet = book.get(spec.name)
        if sheet is None:
            if not spec.optional:
                problems.append(Problem(file, spec.name, 0, "", "missing sheet"))
            continue
        found, typed = check_sheet(file, sheet, spec.schema)
        problems += found
        sheets[spec.name] = typed
        homes[spec.name] = file
    return problems


def _rows(sheets: dict[str, Sheet], name: str) -> tuple[Row, ...]:
    sheet = sheets.get(name)
    return sheet.rows if sheet else ()


class _Ref:
    """Collects cross-reference problems with the file of each sheet."""

    def __init__(self, sheets: dict[str, Sheet], homes: dict[str, str]) -> None:
        self.sheets = sheets
        self.homes = homes
        self.problems: list[Problem] = []

    def add(self, sheet: str, row: Row, column: str, message: str, severity: str = "error") -> None:
        file, number = row.where(column, self.homes.get(sheet, ""))
        self.problems.append(Problem(file, sheet, number, column, message, severity))


def _cross_references(d: dict[str, Any], sheets: dict[str, Sheet], homes: dict[str, str]) -> list[Problem]:
    ref = _Ref(sheets, homes)
    hexids = HexIds(map_defs(d))
    sides = set(d["sides"])
    types = {t["code"] for t in d.get("unit_types", ())}
    statuses = {s["code"] for s in d.get("statuses", ())} | {
        f"{s['code']}-{level}" for s in d.get("statuses", ()) for level in s.get("levels", ())}
    areas = {a["code"] for a in d.get("areas", ())}
    ref.problems += [Problem(GAME_FILE, "", 0, "maps.aliases", reason) for reason in hexids.alias_problems()]
    ref.problems += _clock_problems(d, sides)
    for area in d.get("areas", ()):
        for h in area["hexes"]:
            if (reason := hexids.check(h)) is not None:
                ref.problems.append(Problem(GAME_FILE, "", 0, f"areas.{area['code']}", reason))

    formations = _unique(ref, "Formations", "formation_id")
    units = _unique(ref, "Units", "unit_id")
    for row in _rows(sheets, "Formations"):
        _member(ref, "Formations", row, "side", sides, "side")
        _member(ref, "Formations", row, "parent", formations, "formation")
        _member(ref, "Formations", row, "leader", units, "unit")
    _check_cycles(ref, sheets)
    for row in _rows(sheets, "Units"):
        _member(ref, "Units", row, "side", sides, "side")
        if types:
            _member(ref, "Units", row, "type", types, "unit type")
        _member(ref, "Units", row, "command", formations, "command (formation_id)")
        _member(ref, "Units", row, "formation", formations, "formation")

    scenarios = _unique(ref, "Scenarios", "scenario_id")
    turn_ids = {str(t[k]) for t in d.get("turns", ()) for k in ("id", "label", "hour") if t.get(k)}
    for sid in sorted(scenarios or ()):
        _placed_once(ref, sid)
        if turn_ids:
            for row in _rows(sheets, reinf_sheet(sid).name):
                _member(ref, reinf_sheet(sid).name, row, "turn", turn_ids,
                        "turn (id, label or hour of game.toml turns)")
        for row in _rows(sheets, setup_sheet(sid).name):
            _member(ref, setup_sheet(sid).name, row, "unit_id", units, "unit in the OOB")
            _hexes(ref, hexids, setup_sheet(sid).name, row, "location", set())
            _statuses(ref, setup_sheet(sid).name, row, statuses)
        for row in _rows(sheets, reinf_sheet(sid).name):
            _member(ref, reinf_sheet(sid).name, row, "unit_id", units, "unit in the OOB")
            _hexes(ref, hexids, reinf_sheet(sid).name, row, "entry", areas)
            _hexes(ref, hexids, reinf_sheet(sid).name, row, "alt_entry", areas)
            _statuses(ref, reinf_sheet(sid).name, row, statuses)

    tables = _unique(ref, "Tables", "table_id")
    for row in _rows(sheets, "Tables"):
        _member(ref, "Tables", row, "scenario_id", scenarios, "scenario")
    for name in ("Rows", "Modifiers"):
        for row in _rows(sheets, name):
            _member(ref, name, row, "table_id", tables, "table")
    _table_cells(ref)
    for sheet, row, column, message in combat_problems(sheets):
        ref.add(sheet, row, column, message)
    for sheet, row, column, message in combat_warnings(sheets):
        ref.add(sheet, row, column, message, "warning")
    combat_ids = {str(r.get("table_id")) for r in _rows(sheets, "Combat Tables")}
    for index, mapping in enumerate(d.get("referee", {}).get("dice", ())):
        if tables is not None and mapping["table"] not in tables | combat_ids:
            ref.problems.append(Problem(GAME_FILE, "", 0, f"referee.dice[{index}].table",
                                        f"table '{mapping['table']}' is not in tables.xlsx nor combat.xlsx"))
        try:
            re.compile(mapping.get("chat", ""))
        except re.error as exc:
            ref.problems.append(Problem(GAME_FILE, "", 0, f"referee.dice[{index}].chat",
                                        f"not a regular expression: {exc}"))
    for name in ("VP", "Levels"):
        for row in _rows(sheets, name):
            _member(ref, name, row, "scenario_id", scenarios, "scenario")
    for row in _rows(sheets, "VP"):
        _hexes(ref, hexids, "VP", row, "location", set())
    for row in _rows(sheets, "Levels"):
        low, high = row.get("low"), row.get("high")
        if isinstance(low, (int, float)) and isinstance(high, (int, float)) and low > high:
            ref.add("Levels", row, "high", f"band {low} to {high} is empty (low > high)")
    for name in ("Hexes", "Hexsides", "Names"):
        for row in _rows(sheets, name):
            _map_hex(ref, hexids, name, row)
    for row in _rows(sheets, "Specials"):
        if row.get("hex") is not None:
            _map_hex(ref, hexids, "Specials", row)
    ref.problems += terrain_problems(d, sheets, homes, hexids)
    _rule_cells(ref, d, units, formations, scenarios, types)
    return ref.problems


def _rule_cells(ref: _Ref, d: dict[str, Any], units: set[str] | None, formations: set[str] | None,
                scenarios: set[str] | None, types: set[str]) -> None:
    """rules.xlsx names units, levels, formations, movement classes, phases and scenarios the
    game has: a misspelt one would silently leave a rule unchecked."""
    if "Parameters" in ref.sheets:
        _unique(ref, "Parameters", "key")
    levels = {f"level:{x}" for x in _LEVELS}
    sides = {f"side:{x}" for x in d["sides"]}
    moves = {str(r.get("code")) for r in _rows(ref.sheets, "Moves")} | {"hexes"}
    phases = {p["name"] for p in d.get("phases", ())}
    unit_types = {f"type:{t}" for t in types}

    def each(sheet: str, row: Row, column: str, known: set[str] | None, what: str) -> None:
        value = row.get(column)
        if value is None or known is None:
            return
        for part in (p.strip() for p in str(value).split(";")):
            if part and part not in known:
                ref.add(sheet, row, column, f"unknown {what} '{part}'")

    people = (units or set()) | levels if units is not None else None
    for row in _rows(ref.sheets, "Ranges"):
        each("Ranges", row, "leader", people, "leader (a unit id or level:<formation level>)")
        each("Ranges", row, "move", moves, "movement class (effects.xlsx Moves, or hexes)")
        each("Ranges", row, "phase", phases, "phase (game.toml phases)")
    for row in _rows(ref.sheets, "Chain"):
        if row.get("rule") in ("exempt", "alternate"):
            each("Chain", row, "subject", people, "unit or level")
        if row.get("rule") in ("attach-from", "attach-in-range", "attach-within", "return-only", "attached-limit",
                               "battery-limit"):
            targets = {f"to:{x}" for x in _LEVELS} | levels | {f"formation:{f}" for f in formations or ()}
            each("Chain", row, "subject", (units or set()) | unit_types | targets if units is not None else None,
                 "unit, type:<unit type>, level:/to:<formation level> or formation:<id>")
        if row.get("rule") == "near-leaders":
            each("Chain", row, "subject", units, "unit")
        if row.get("rule") in ("alternate", "near-leaders"):
            each("Chain", row, "value", units, "unit")
        each("Chain", row, "scenarios", scenarios, "scenario")
        each("Chain", row, "except_scenarios", scenarios, "scenario")
    for row in _rows(ref.sheets, "Activation"):
        each("Activation", row, "leader", (units or set()) | sides if units is not None else None, "leader")
        known = (units or set()) | (formations or set()) | unit_types if units is not None else None
        each("Activation", row, "members", known, "member (unit, formation or type:<unit type>)")
        each("Activation", row, "scenarios", scenarios, "scenario")


def _table_cells(ref: _Ref) -> None:
    """The structured cells of die-roll tables parse: dice and faces, rolls, `when`, `effect`, `amount`."""
    reference: set[str] = set()
    for row in _rows(ref.sheets, "Tables"):
        try:
            dice = parse_dice(_cell(row, "die"), _cell(row, "faces"))
            if dice.count == 0:
                reference.add(_cell(row, "table_id"))
        except ValueError as exc:
            ref.add("Tables", row, "faces" if _cell(row, "faces") else "die", str(exc))
        _parses(ref, "Tables", row, "when", parse_condition)
    for row in _rows(ref.sheets, "Rows"):
        if _cell(row, "table_id") not in reference:
            _parses(ref, "Rows", row, "roll", parse_roll)
        _parses(ref, "Rows", row, "when", parse_condition)
        _parses(ref, "Rows", row, "effect", parse_effect)
    for row in _rows(ref.sheets, "Modifiers"):
        _parses(ref, "Modifiers", row, "when", parse_condition)
        _parses(ref, "Modifiers", row, "amount", lambda text: parse_amount(text, _cell(row, "modifier")))


def _cell(row: Row, column: str) -> str:
    value = row.get(column)
    return "" if value is None else str(value)


def _parses(ref: _Ref, sheet: str, row: Row, column: str, parse: Callable[[str], object]) -> None:
    try:
        parse(_cell(row, column))
    except ValueError as exc:
        ref.add(sheet, row, column, str(exc))


def _clock_problems(d: dict[str, Any], sides: set[str]) -> list[Problem]:
    """Phases name known sides, once each; chat patterns compile."""
    problems = []
    names: set[str] = set()
    for index, phase in enumerate(d.get("phases", ())):
        where = f"phases[{index}]"
        if phase.get("side") and phase["side"] not in sides:
            problems.append(Problem(GAME_FILE, "", 0, f"{where}.side", f"unknown side {phase['side']!r}"))
        if phase["name"] in names:
            problems.append(Problem(GAME_FILE, "", 0, f"{where}.name", f"phase {phase['name']!r} listed twice"))
        names.add(phase["name"])
    for key, pattern in d.get("chat_clock", {}).items():
        try:
            re.compile(pattern)
        except re.error as exc:
            problems.append(Problem(GAME_FILE, "", 0, f"chat_clock.{key}", f"not a regular expression: {exc}"))
    return problems


def _unique(ref: _Ref, sheet: str, column: str) -> set[str] | None:
    """The ids of a sheet, reporting each repeated one; ``None`` when the sheet or its id
    column could not be read (already reported once: references to it are not checked,
    so one broken workbook is not followed by hundreds of "unknown" lines)."""
    if sheet not in ref.sheets or column not in ref.sheets[sheet].header:
        return None
    seen: set[str] = set()
    for row in _rows(ref.sheets, sheet):
        value = row.get(column)
        if value is None:
            continue
        if str(value) in seen:
            ref.add(sheet, row, column, f"duplicate {column} '{value}'")
        seen.add(str(value))
    return seen


def _placed_once(ref: _Ref, sid: str) -> None:
    """A unit starts once per scenario: set up or arriving, not both, not twice."""
    seen: dict[str, str] = {}
    for spec in (setup_sheet(sid), reinf_sheet(sid)):
        for row in _rows(ref.sheets, spec.name):
            uid = row.get("unit_id")
            if uid is None:
                continue
            if str(uid) in seen:
                ref.add(spec.name, row, "unit_id", f"'{uid}' is already placed in {seen[str(uid)]}")
            seen[str(uid)] = f"{spec.name} row {row.number}"


def _member(ref: _Ref, sheet: str, row: Row, column: str, known: set[str] | None, what: str) -> None:
    value = row.get(column)
    if value is not None and known is not None and str(value) not in known:
        ref.add(sheet, row, column, f"unknown {what} '{value}'")


def _statuses(ref: _Ref, sheet: str, row: Row, statuses: set[str]) -> None:
    value = row.get("status")
    if value is None:
        return
    for code in str(value).split(";"):
        if code.strip() not in statuses:
            ref.add(sheet, row, "status", f"unknown status '{code.strip()}' (game.toml statuses)")


def _hexes(ref: _Ref, hexids: HexIds, sheet: str, row: Row, column: str, areas: set[str]) -> None:
    value = row.get(column)
    if value is None:
        return
    text = str(value)
    if text in areas:
        return
    try:
        hexids.expand(text)
    except HexError as exc:
        ref.add(sheet, row, column, str(exc))


def _map_hex(ref: _Ref, hexids: HexIds, sheet: str, row: Row) -> None:
    map_id = row.get("map")
    if map_id not in hexids.maps:
        ref.add(sheet, row, "map", f"unknown map '{map_id}'")
        return
    try:
        h = hexids.parse(str(row.get("hex")))
    except HexError as exc:
        ref.add(sheet, row, "hex", str(exc))
        return
    if h.map != map_id:
        ref.add(sheet, row, "hex", f"hex '{row.get('hex')}' is on map '{h.map}', not '{map_id}'")


def _check_cycles(ref: _Ref, sheets: dict[str, Sheet]) -> None:
    parent = {str(r.get("formation_id")): (r, r.get("parent")) for r in _rows(sheets, "Formations")}
    for fid, (row, _) in parent.items():
        seen = {fid}
        cur = parent[fid][1]
        while cur is not None and str(cur) in parent:
            if str(cur) in seen:
                ref.add("Formations", row, "parent", f"command path of '{fid}' loops back to '{cur}'")
                break
            seen.add(str(cur))
            cur = parent[str(cur)][1]
