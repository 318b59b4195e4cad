"""Read one Into the Woods table into logical rows: headers, separators, wraps, ghosts, overrides.

A printed table row may span several lines (a trailing comma or an unclosed
"(attached" continues on the next line, whose first cell is empty), page breaks
repeat or garble the header, and OCR leaves ghost rows. This module turns the
printed lines into logical rows with their first line, applying `overrides.csv`
first, and reports every skipped line, merge and rejection (digest §6.10-6.12).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from gamedata.import_kit.overrides import Overrides
from gamedata.import_kit.report import Report
from gamedata.import_kit.rulebook import Rulebook
from gamedata.importers.into_the_woods import cells as cells
from gamedata.importers.into_the_woods.cells import CellError
from gamedata.importers.into_the_woods.names import canonical_names, is_leader
from gamedata.importers.into_the_woods.specs import ItwTable

_HEADER_WORDS = ("Location", "Time and Entry Hex(es)", "Time and Entry Hex", "Time", "Date/Time",
                 "Date, Time, Location", "Unit/Formation", "Unit/Leader", "Units", "Unit", "Command",
                 "Facing", "Activations", "Fatigue")
_GARBLED_HEADERS = {("Lagreian", "Hait/Landan", "Commend"), ("T", "#T *//# 1", "C 1")}
_RAW_HEADER = re.compile(r"^\s*(?:<[^>]+>\s*)*(?:" + "|".join(re.escape(w) for w in _HEADER_WORDS)
                         + r")(?:\s*</[^>]+>)*(?:\s+|$)")
_STRAY_BEFORE = re.compile(r"^(?P<frag>[a-z]{1,2}) (?P<rest>\S.*)$")  # 'y AoM', 'at AoT'
_STRAY_AFTER = re.compile(r"^(?P<rest>\S.*) (?P<frag>[a-z]{1,2})$")  # '2/1 v'
_DESIGNATION = re.compile(r"^(\d+|-)/(\d+|-)/(T|O|R|\d)$")
_BDE = re.compile(r"^(\w+) Bde$")


@dataclass(frozen=True)
class Item:
    """One thing a Unit cell names: counters (canonical names) or a formation to expand."""

    names: tuple[str, ...]
    token: cells.Token
    formation: str = ""  # formation id, or "leader:<name>" for "Stewart Bde"
    minus: tuple[str, ...] = ()


@dataclass(frozen=True)
class LogicalRow:
    """A table row after wraps are joined and overrides applied; cells as printed."""

    line: int
    cells: dict[str, str]
    date: str = ""


@dataclass(frozen=True)
class ParsedRow:
    """A logical row read into values; `items` are the units it names."""

    table: str
    line: int
    items: tuple[Item, ...]
    command: cells.Command
    location: cells.Location | None = None
    entry: cells.Entry | None = None
    date: str = ""
    time: str = ""
    facing: str = ""
    activations: str = ""
    order: str = ""
    fatigue: str = ""
    minus: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=())


def read_table(table: ItwTable, book: Rulebook, overrides: Overrides, report: Report) -> list[ParsedRow]:
    """All rows of one table; every data line ends up kept (in a row) or rejected in `report`."""
    spec = table.spec
    count = report.table(spec.id, spec.first, spec.last)
    book.check_anchor(spec.first, spec.anchor)
    rows: list[ParsedRow] = []
    for logical in _logical_rows(table, book, overrides, report):
        count.rows_read.add(logical.line)
        try:
            parsed = _parse(table, logical, rows, report)
        except CellError as exc:
            report.reject(logical.line, spec.id, _text(logical), str(exc))
            continue
        count.kept.add(logical.line)
        rows.append(parsed)
    return rows


def _text(logical: LogicalRow) -> str:
    return " | ".join(logical.cells.values())


def _logical_rows(table: ItwTable, book: Rulebook, overrides: Overrides, report: Report) -> list[LogicalRow]:
    spec = table.spec
    out: list[LogicalRow] = []
    date = table.date
    for number in range(spec.first, spec.last + 1):
        raw = book.line(number)
        if "\t" not in raw:
            continue
        printed = [c.strip() for c in raw.split("\t")]
        while len(printed) > 1 and not printed[-1]:
            printed.pop()
        if (reject := overrides.get(number, "row")) is not None:
            report.table(spec.id, spec.first, spec.last).rows_read.add(number)
            report.reject(number, spec.id, raw.replace("\t", " | "), f"override: {reject.reason}")
            continue
        values = dict(zip(spec.columns, printed + [""] * (len(spec.columns) - len(printed))))
        if len(printed) > len(spec.columns):
            report.table(spec.id, spec.first, spec.last).rows_read.add(number)
            report.reject(number, spec.id, raw.replace("\t", " | "),
                          f"{len(printed)} cells, table has {len(spec.columns)} columns")
            continue
        for column in spec.columns:
            if (fix := overrides.get(number, column)) is not None:
                report.note(number, spec.id, column, values[column], fix.value, f"override: {fix.reason}")
                values[column] = fix.value
        kind = _classify(values, [values[c] for c in spec.columns], table, report, number)
        if kind == "skip":
            continue
        if kind == "date":
            found = cells.parse_date_separator([values[c] for c in spec.columns])
            if found == "":
                report.note(number, spec.id, "date", "April", table.date,
                            "date separator without a day: the scenario's first day")
                found = table.date
            if found:
                report.note(number, spec.id, "date", " ".join(printed).strip(), found, "date separator row")
            date = found or date
            continue
        if kind == "continuation" and out and _open(out[-1]):
            out[-1] = _join(out[-1], values, number, spec.id, report)
            continue
        out.append(LogicalRow(number, values, date))
    return out


def _classify(values: dict[str, str], printed: list[str], table: ItwTable, report: Report, number: int) -> str:
    texts = [cells.strip_markup(v) for v in printed]
    spec = table.spec
    if tuple(texts) in _GARBLED_HEADERS:
        report.note(number, spec.id, "row", " | ".join(texts), "", "garbled repeated header skipped")
        return "skip"
    if not any(t.strip("*· ") for t in texts):
        report.note(number, spec.id, "row", " | ".join(printed), "", "line without data skipped")
        return "skip"
    if texts[0] == "up as the Confederate player desires.":
        report.note(number, spec.id, "row", texts[0], "", "duplicated prose fragment skipped")
        return "skip"
    if _is_header(values, spec.columns, report, number, spec.id):
        return "skip"
    if table.kind == "reinf" and cells.parse_date_separator(printed) is not None and not texts[0]:
        return "date"
    first = texts[0]
    if not first:
        return "continuation"
    return "data"


def _is_header(values: dict[str, str], columns: tuple[str, ...], report: Report, number: int, table: str) -> bool:
    """A (repeated) header is skipped; a header fused with data keeps the data (digest §6.10)."""
    texts = {c: cells.strip_markup(values[c]) for c in columns}
    first = texts[columns[0]]
    if not any(first == w or first.startswith(w + " ") for w in _HEADER_WORDS):
        return False
    leftover: dict[str, str] = {}
    for column, text in texts.items():
        stripped = True
        while stripped:
            stripped = False
            for word in _HEADER_WORDS:
                if text == word or text.startswith(word + " "):
                    text, stripped = text[len(word):].strip(), True
                    break
        leftover[column] = text
    if not any(leftover.values()):
        report.note(number, table, "row", " | ".join(texts.values()), "", "repeated header skipped")
        return True
    for column in columns:
        if leftover[column] != texts[column]:
            raw = values[column]
            while (m := _RAW_HEADER.match(raw)) is not None:
                raw = raw[m.end():]
            report.note(number, table, column, values[column], raw, "header words fused with data removed")
            values[column] = raw
    return False


def _open(row: LogicalRow) -> bool:
    """Does the row go on to the next line (trailing comma, unclosed `(attached`)?"""
    unit = cells.strip_markup(row.cells.get("unit", ""))
    command = cells.strip_markup(row.cells.get("command", ""))
    return unit.endswith(",") or ("(attached" in command and ")" not in command)


def _join(previous: LogicalRow, values: dict[str, str], number: int, table: str, report: Report) -> LogicalRow:
    """Append a wrapped line's cells to the row above (trailing comma, `(attached` / `to X`)."""
    joined = dict(previous.cells)
    for column, text in values.items():
        if not text:
            continue
        separator = " " if joined[column].endswith(",") or "(attached" in joined[column] else ", "
        joined[column] = f"{joined[column]}{separator}{text}" if joined[column] else text
    report.note(number, table, "row", " | ".join(values.values()), f"joined to line {previous.line}",
                "wrapped line continues the row above")
    return replace(previous, cells=joined)


# ---------------------------------------------------------------- values


def _parse(table: ItwTable, row: LogicalRow, done: list[ParsedRow], report: Report) -> ParsedRow:
    spec, c, line = table.spec, row.cells, row.line
    notes: list[str] = []

    def note(column: str, changes: tuple[str, ...] | list[str], rule: str) -> None:
        for change in changes:
            report.note(line, spec.id, column, c.get(column, ""), change, rule)

    unit_text, command_text = c.get("unit", ""), c.get("command", "")
    bare = cells.strip_markup(command_text)
    if m := _STRAY_BEFORE.match(bare) or _STRAY_AFTER.match(bare):
        unit_text, command_text = _bleed(unit_text, m.group("frag"), m.group("rest"), line, spec.id, report)
    if bare.startswith(")") and unit_text.count("(") > unit_text.count(")"):
        report.note(line, spec.id, "unit", unit_text, unit_text + ")", "parenthesis split by a TAB rejoined")
        unit_text, command_text = unit_text + ")", bare[1:].strip()
    if table.kind == "setup" and cells.strip_markup(c["location"]):
        ghost = cells.strip_markup(c["location"])
        if ghost.isdigit():
            raise CellError(f"OCR ghost row: location {ghost!r} is not a hex id")
    activations_cell = c.get("activations", "")
    if re.fullmatch(r"\d", cells.strip_markup(command_text)) and not activations_cell:
        report.note(line, spec.id, "command", command_text, f"activations {command_text}",
                    "value shifted one column left (gunboat row)")
        activations_cell, command_text = command_text, ""
    if cells.strip_markup(command_text):
        command = cells.parse_command(command_text, table.side)
    else:
        command = cells.Command("")
        report.note(line, spec.id, "command", "", "", "empty Command cell: the OOB command of each unit applies")
    note("command", command.changes, "command designation normalized")
    if command.clause.startswith("attached"):
        notes.append(command.clause)
    minus = tuple(re.findall(r"minus (.+)", command.clause))
    if table.kind == "setup":
        location_text = c["location"]
        if cells.strip_markup(location_text) in ('"', "-"):
            raise CellError(f"location {location_text!r} without a row to repeat")
        location = cells.parse_location(location_text, command.code) if cells.strip_markup(location_text) \
            else cells.Location()
        note("location", location.changes, "location normalized")
        items = _items(table, unit_text, line, report)
        facing = _facing(c.get("facing", ""), items, line, spec.id, report)
        return ParsedRow(spec.id, line, items, command, location=location, facing=facing, minus=minus,
                         notes=tuple(notes))
    items = _items(table, unit_text, line, report)
    date, time, entry_text = _when(table, row, done, report)
    entry = _entry(entry_text, done, line, spec.id, report)
    activations, order = cells.parse_activations(activations_cell)
    fatigue_text = c.get("fatigue", "")
    try:
        fatigue = cells.parse_fatigue(fatigue_text)
    except CellError as exc:
        report.note(line, spec.id, "fatigue", fatigue_text, "", f"value rejected ({exc}); left empty, row kept")
        fatigue = ""
    return ParsedRow(spec.id, line, items, command, entry=entry, date=date, time=time, activations=activations,
                     order=order, fatigue=fatigue, minus=minus, notes=tuple(notes))


def _facing(text: str, items: tuple[Item, ...], line: int, table: str, report: Report) -> str:
    """Junk in the Facing cell of a leader row (`***`, `~`, `L`) is blank; on a combat unit it rejects the row."""
    try:
        return cells.parse_facing(text)
    except CellError:
        if items and all(is_leader(n) for i in items for n in i.names) and all(i.names for i in items):
            report.note(line, table, "facing", text, "", "junk in a leader's Facing cell ignored (leaders face no vertex)")
            return ""
        raise


def _bleed(unit: str, fragment: str, command: str, line: int, table: str, report: Report) -> tuple[str, str]:
    """A word's tail that slipped across the TAB (`MS & AL Ca` | `v 2/1`) goes back to the unit cell."""
    last = cells.strip_markup(unit).split(" ")[-1]
    for word in ("Cav", "Gunboat"):
        tail = word[len(last):]
        if word.startswith(last) and tail and fragment.endswith(tail):
            report.note(line, table, "unit", unit, unit + tail, f"'{fragment}' slipped into the Command cell")
            return unit + tail, command
    report.note(line, table, "command", f"{fragment} {command}", command, f"stray '{fragment}' dropped")
    return unit, command


def _when(table: ItwTable, row: LogicalRow, done: list[ParsedRow], report: Report) -> tuple[str, str, str]:
    c, line, spec = row.cells, row.line, table.spec
    if "time" in c:
        text = cells.strip_markup(c["time"])
        if not text:
            if not done:
                raise CellError("no time and no row above")
            return done[-1].date, done[-1].time, c.get("entry", "")
        time = cells.parse_time(text)
        if time != text:
            report.note(line, spec.id, "time", text, time, "time written as a turn label")
        return row.date, time, c.get("entry", "")
    fused = c.get("time_entry") or c.get("date_time") or ""
    if not cells.strip_markup(fused):
        if not done:
            raise CellError("no time and no row above")
        report.note(line, spec.id, "time", "", f"{done[-1].time} (line {done[-1].line})",
                    "blank time/entry inherits the row above")
        return done[-1].date, done[-1].time, "\x00same"
    date, time, entry = cells.split_time_entry(fused)
    report.note(line, spec.id, "time", fused, f"{date or row.date} {time}; entry {entry!r}",
                "fused date/time/entry cell split")
    return date or row.date, time, entry


def _entry(text: str, done: list[ParsedRow], line: int, table: str, report: Report) -> cells.Entry:
    if text == "\x00same":
        return done[-1].entry or cells.Entry()
    stripped = cells.strip_markup(text)
    if stripped == '"':
        if not done or done[-1].entry is None:
            raise CellError("ditto mark with no row above")
        report.note(line, table, "entry", '"', " ".join(done[-1].entry.hexes), "ditto mark repeats the row above")
        return done[-1].entry
    if not stripped:
        return cells.Entry()
    entry = cells.parse_entry(text)
    for change in entry.changes:
        report.note(line, table, "entry", text, change, "entry normalized")
    return entry


def _items(table: ItwTable, text: str, line: int, report: Report) -> tuple[Item, ...]:
    spec = table.spec
    cleaned = cells.strip_markup(text.replace("<sup>", " <sup>"))
    if not cleaned:
        raise CellError("empty unit cell")
    if m := re.match(r"^Group \d+: (.*)$", text):
        report.note(line, spec.id, "unit", text, m.group(1), "group label removed")
        text = m.group(1)
    expanded, changes = cells.expand_shared(_protect_sup(text))
    for change in changes:
        report.note(line, spec.id, "unit", text, change, "shared suffix expanded to one name per unit")
    parts, split_changes = cells.split_units(expanded)
    for change in split_changes:
        report.note(line, spec.id, "unit", text, change, "unit list separators")
    items: list[Item] = []
    for part in parts:
        token = cells.parse_token(_restore_sup(part), table.notes)
        for change in token.changes:
            report.note(line, spec.id, "unit", part, change, "unit annotations read")
        if _DESIGNATION.match(token.name):
            code = cells.parse_command(token.name, table.side).code
            items.append(Item((), token, code))
            continue
        if token.name == "Reserve Corps":
            minus = tuple(n[len("minus "):] for n in token.notes if n.startswith("minus "))
            items.append(Item((), token, "R Corps", minus))
            continue
        if m := _BDE.match(token.name):
            items.append(Item((), token, f"leader:{m.group(1)}"))
            continue
        names = canonical_names(table.side, token.name)
        if not names:
            raise CellError(f"OCR garbage unit {token.name!r}")
        if names != (token.name,):
            report.note(line, spec.id, "unit", token.name, " + ".join(names), "name variant -> OOB name")
        items.append(Item(names, token))
    return tuple(items)


def _protect_sup(text: str) -> str:
    """Keep `<sup>a, b</sup>` in one piece while the cell is split at commas."""
    return re.sub(r"<sup>([^<]*)</sup>", lambda m: "<sup>" + m.group(1).replace(",", "\x02") + "</sup>", text)


def _restore_sup(text: str) -> str:
    return text.replace("\x02", ",")
