"""Hood Strikes North (GCACW) rulebook importer.

The rulebook text is a Markdown conversion: tables are pipe tables, footnote
markers are glued to cells and mean different things in different tables,
bullets have eaten minus signs, and several tables are printed as bullet
lists. Line numbers below are those of rulebook 003_f9322ba859639b19.txt and
of the digest research/hood-strikes-north.md that documents each quirk.
Printed defects are corrected only through sources/hood-strikes-north/overrides.csv.
"""
from __future__ import annotations

import datetime
import re
import string
from dataclasses import dataclass, field

from gamedata.hexids import HexError
from gamedata.import_kit.chart import emit_chart, emit_facts
from gamedata.import_kit.context import ImportContext
from gamedata.import_kit.normalize import empty_marks, footnotes, lost_minus, strip_html, unescape_markdown
from gamedata.import_kit.records import TableHead, join_notes
from gamedata.import_kit.rulebook import RawRow, TableSpec
from gamedata.importers.hood_strikes_north import terrain as terrain
from gamedata.importers.hood_strikes_north.readings import READINGS  # noqa: F401 - read by the import run
from gamedata.workbook import Cell

GAME_ID = "hood-strikes-north"
TITLE = "HOOD STRIKES NORTH"  # in the rulebook's first lines: refuses another game's rulebook
MAP = "main"
CSA, USA = "Confederate", "Union"
MARKERS = "*†#+●•@$%"

SETUP_COLS = ("unit", "size", "command", "type", "manpower", "hex")
ARRIVAL_COLS = ("unit", "set", "size", "command", "type", "manpower", "entry", "alt_entry")
CONSTANT_COLS = ("unit", "size", "command", "type", "manpower", "entry")
SET_COLS = ("unit", "set", "size", "command", "type", "manpower", "entry")


@dataclass(frozen=True)
class Effect:
    """What a footnote marker means in one table: status codes, an order, a note."""

    statuses: tuple[str, ...] = ()
    orders: str = ""
    notes: str = ""


F1 = ("fatigue-1",)
NO_T1 = Effect(orders="may not activate or recover on Turn 1")


@dataclass(frozen=True)
class UnitTable:
    """A setup, arrival or reinforcement table and how to read its markers (digest §2)."""

    spec: TableSpec
    scenario: str
    side: str
    kind: str  # setup | arrival | constant | variable | union-sets
    markers: dict[str, Effect] = field(default_factory=dict)
    turn: int | None = None


def _setup(tid: str, first: int, last: int, scen: str, side: str, markers: dict[str, Effect],
           anchor: str = "UNIT/LEADER") -> UnitTable:
    return UnitTable(TableSpec(tid, first, last, anchor, SETUP_COLS), scen, side, "setup", markers)


UNIT_TABLES: tuple[UnitTable, ...] = (
    _setup("S1 CSA setup", 240, 251, "S1", CSA, {"#": Effect(F1)}),
    _setup("S1 USA setup", 257, 271, "S1", USA, {"*": Effect(("fort",)), "#": Effect(F1),
                                                 "†": Effect(("exhausted",))}),
    _setup("S2 CSA setup", 371, 382, "S2", CSA, {"*": Effect(("exhausted",) + F1), "+": NO_T1}),
    UnitTable(TableSpec("S2 CSA arrivals", 392, 406, "UNIT/LEADER", ARRIVAL_COLS), "S2", CSA, "arrival"),
    _setup("S2 USA setup", 410, 437, "S2", USA, {
        "●": Effect(("fort-build-1",)), "*": Effect(("fort",)),
        "+": Effect(orders="activation, transfer and recovery restrictions (Special Rule 8)"),
        "#": Effect(("exhausted",) + F1)}),
    _setup("S3 CSA setup", 489, 497, "S3", CSA, {
        "*": Effect(orders="may be activated by either Lee or Stewart"),
        "+": Effect(orders="may not activate or entrench on Turn 1")}),
    _setup("S3 CSA setup (cntd)", 499, 518, "S3", CSA, {
        "*": Effect(orders="may be activated by either Lee or Stewart"),
        "+": Effect(orders="may not activate or entrench on Turn 1")}, anchor="SET-UP (CNTD)"),
    _setup("S3 USA setup", 526, 548, "S3", USA, {
        "*": Effect(("fort",)), "+": Effect(orders="may not activate or entrench on Turn 1"),
        "#": Effect(("disorganized",), orders="no recovery on Turn 1")}),
    _setup("S4 CSA setup", 609, 633, "S4", CSA, {"*": Effect(("exhausted",))}),
    _setup("S4 USA setup", 645, 668, "S4", USA, {
        "+": Effect(orders="may not activate on Turn 1 (Special Rule 4)"), "*": Effect(("exhausted",)),
        "#": Effect(("exhausted", "disorganized") + F1)}),
    _setup("S5 CSA setup", 761, 770, "S5", CSA, {}),
    _setup("S5 USA setup", 774, 789, "S5", USA, {
        "+": Effect(orders="may not activate until Turn 2"), "*": Effect(("fort",))}),
    _setup("S6 CSA setup", 847, 864, "S6", CSA, {"*": Effect(("breastworks",))}),
    _setup("S6 USA setup", 874, 901, "S6", USA, {
        "*": Effect(("unmounted",), notes="Unmounted counter for the whole game")}),
    _setup("S7 CSA setup", 958, 968, "S7", CSA, {
        "*": Effect(("exhausted",)), "#": Effect(("exhausted", "disorganized") + F1),
        "•": Effect(("attached",), notes="attached to Ross (Special Rule 5)")}),
    _setup("S7 CSA setup (cntd)", 972, 987, "S7", CSA, {
        "*": Effect(("exhausted",)), "#": Effect(("exhausted", "disorganized") + F1),
        "•": Effect(("attached",), notes="attached to Ross (Special Rule 5)")}, anchor="SET-UP (CNTD)"),
    _setup("S7 USA setup", 997, 1013, "S7", USA, {
        "*": Effect(("exhausted",)), "@": Effect(("exhausted", "disorganized")),
        "$": Effect(("unmounted",), notes="Unmounted counter")}),
    _setup("S8 CSA setup", 1039, 1050, "S8", CSA, {}),
    _setup("S8 USA setup", 1054, 1066, "S8", USA, {"*": Effect(F1, notes="normal side")}),
    _setup("S9 CSA setup", 1755, 1766, "S9", CSA, {"*": Effect(("exhausted",) + F1), "+": NO_T1}),
    UnitTable(TableSpec("S9 CSA arrivals", 1774, 1788, "UNIT/LEADER", ARRIVAL_COLS), "S9", CSA, "arrival"),
    UnitTable(TableSpec("S9 CSA constant reinforcement", 1794, 1796, "UNIT/LEADER", CONSTANT_COLS),
              "S9", CSA, "constant", turn=10),
    UnitTable(TableSpec("S9 CSA variable reinforcements", 1800, 1809, "UNIT/LEADER", SET_COLS), "S9", CSA,
              "variable", {"@": Effect(notes="see 13.0 for Breckinridge's special rules"),
                           "#": Effect(notes="may never arrive once Lyon's Kentucky Raid has occurred")}),
    _setup("S9 USA setup", 1817, 1845, "S9", USA, {
        "●": Effect(("fort-build-1",)), "*": Effect(("fort",)),
        "+": Effect(orders="activation, transfer and recovery restrictions (Scenario 9, Special Rule 7)"),
        "#": Effect(("exhausted",) + F1)}),
    UnitTable(TableSpec("S9 USA reinforcements", 1857, 1880, "UNIT/LEADER", SET_COLS), "S9", USA, "union-sets",
              {"*": Effect(notes="never arrives if Lyon's Kentucky Raid occurred before it arrived")}),
)

# Same printed name, different counters (digest §1.5 "Name clashes"): keyed by (side, name, size).
CLASHES = {
    (USA, "Thomas", "Brig"): "Thomas (DN)",
    (USA, "Stewart", "Brig"): "Stewart (Cav-5)",
    (USA, "Wood", "Corps"): "Wood (IV Corps)",
}

# Command codes and chain of command (abbreviations L76-96, rules L107-127, digest §1.5).
FORMATIONS: tuple[tuple[str, str, str, str, str, str], ...] = (
    ("AT", CSA, "Army of Tennessee", "army", "", "Hood"),
    ("C", CSA, "Cheatham's corps", "corps", "AT", "Cheatham"),
    ("L", CSA, "Lee's corps", "corps", "AT", "Lee"),
    ("S", CSA, "Stewart's corps", "corps", "AT", "Stewart"),
    ("Cav", CSA, "Forrest's cavalry corps", "corps", "AT", "Forrest"),
    ("C-Cav", CSA, "Chalmers' cavalry division", "division", "Cav", "Chalmers"),
    ("J-Cav", CSA, "Jackson's cavalry division", "division", "Cav", "Jackson"),
    ("B-Cav", CSA, "Buford's cavalry division", "division", "Cav", "Buford"),
    ("R-Cav", CSA, "Roddey's cavalry division", "division", "Cav", "Roddey"),
    ("A-Cav", CSA, "Adams' cavalry division", "division", "Cav", "Adams"),
    ("Ind", CSA, "Independent (Lyon; part of Forrest's cavalry corps, L1271)", "independent", "Cav", ""),
    ("DWV", CSA, "Department of Western Virginia (Breckinridge)", "independent", "AT", ""),
    ("DC", USA, "Department of the Cumberland", "army", "", "Thomas"),
    ("Ohio", USA, "Army of the Ohio", "district", "DC", "Schofield"),
    ("IV", USA, "IV Corps", "corps", "Ohio", "Stanley"),
    ("XXIII", USA, "XXIII Corps", "corps", "Ohio", ""),
    ("XXIII-2", USA, "XXIII Corps, 2nd division", "division", "XXIII", ""),
    ("DAT", USA, "Detachment Army of the Tennessee", "corps", "DC", "Smith"),
    ("DAT-1", USA, "Detachment Army of the Tennessee, 1st division", "division", "DAT", ""),
    ("DAT-2", USA, "Detachment Army of the Tennessee, 2nd division", "division", "DAT", ""),
    ("DAT-3", USA, "Detachment Army of the Tennessee, 3rd division", "division", "DAT", ""),
    ("DE", USA, "District of the Etowah (no leaders, L125)", "district", "DC", ""),
    ("DN", USA, "Defenses of Nashville and Chattanooga Railroad", "district", "DC", "Milroy"),
    ("Cav", USA, "Wilson's cavalry corps", "corps", "DC", "Wilson"),
    ("Cav-1", USA, "1st cavalry division", "division", "Cav", "McCook"),
    ("Cav-2", USA, "2nd cavalry division", "division", "Cav", "Long"),
    ("Cav-5", USA, "5th cavalry division", "division", "Cav", "Hatch"),
    ("Cav-6", USA, "6th cavalry division", "division", "Cav", "R. Johnson"),
    ("Cav-7", USA, "7th cavalry division", "division", "Cav", "Knipe"),
)
SIDE_CODE = {CSA: "CSA", USA: "USA"}


def formation_id(side: str, code: str) -> str:
    """`Cav` is both Forrest's and Wilson's corps, so ids carry the side: `CSA Cav`, `USA Cav`."""
    return f"{SIDE_CODE[side]} {code}"


@dataclass(frozen=True)
class DieTable(TableHead):
    """A die-roll table: its rows as a pipe table and its modifiers as table or bullets."""

    rows: TableSpec
    modifiers: TableSpec | None = None
    modifier_bullets: tuple[int, int, str] | None = None
    notes_lines: tuple[int, int] | None = None
    scenario_id: str = ""


def _rows(tid: str, first: int, last: int, anchor: str) -> TableSpec:
    return TableSpec(tid, first, last, anchor, ("roll", "result"))


DIE_TABLES: tuple[DieTable, ...] = (
    DieTable("s2-arrival", "Arrival Table (Scenario 2)", "1d6", "Confederate arrivals, Turns 2-5", "Scenario 2",
             _rows("s2-arrival", 313, 322, "Die"),
             modifiers=TableSpec("s2-arrival modifiers", 326, 331, "|", ("modifier", "condition")),
             notes_lines=(333, 333), scenario_id="S2"),
    DieTable("blockhouse", "Blockhouse Table", "1d6", "Confederate attack on a Blockhouse", "Scenario 5",
             _rows("blockhouse", 699, 704, "DIE"), modifier_bullets=(716, 722, "Column of Route"), scenario_id="S5"),
    DieTable("random-events", "Random Events Table", "2d6", "Random events from Turn 3", "2.1",
             _rows("random-events", 1160, 1172, "Dice"), notes_lines=(1174, 1178)),
    DieTable("winter-weather", "Winter Weather Table", "1d6", "Winter Weather Phase from Turn 14", "4.0",
             _rows("winter-weather", 1295, 1298, "Roll"), modifier_bullets=(1304, 1306, "On Turn 14")),
    DieTable("remount", "Remount Table", "1d6", "Off-map Union cavalry remount", "5.2",
             _rows("remount", 1348, 1351, "Roll")),
    DieTable("unmounting", "Unmounting Table", "1d6", "Horses Worn Out -> Unmounted", "5.3",
             _rows("unmounting", 1365, 1368, "Roll"), modifier_bullets=(1372, 1374, "exhausted")),
    DieTable("union-reinforcement", "Union Reinforcement Table", "1d6", "Union reinforcement sets from Turn 2",
             "12.0", _rows("union-reinforcement", 1573, 1580, "Die"), modifier_bullets=(1584, 1587, "Turns 2")),
    DieTable("arrival", "Arrival Table", "1d6", "Confederate arrivals from Turn 2", "13.0",
             _rows("arrival", 1601, 1610, "Die"), modifier_bullets=(1614, 1617, "Turn 2"),
             notes_lines=(1619, 1619)),
)

# Tables printed as prose sentences "On a roll of X, Y." (11.0 L1565, Scenario 2 special rule L304, 13.0 L1637):
# (table id, name, section, first line, last line, scenario, anchor).
SENTENCE_TABLES = (
    ("manpower-enhancement", "Union Manpower Enhancement", "11.0", 1565, 1565, "", "Manpower Enhancement"),
    ("s2-manpower-enhancement", "Union Manpower Enhancement (Scenario 2)", "Scenario 2", 304, 306, "S2",
     "Manpower Enhancement"),
    ("confederate-variable-reinforcement", "Confederate Variable Reinforcements", "13.0", 1637, 1637, "S9",
     "Variable reinforcements"),
)

# VP tables: pipe tables (points, reason) or bullet lists; level tables (vp, winner).
VP_PIPES = (("S1", 216, 223), ("S3", 470, 474), ("S4", 587, 592), ("S5", 735, 744), ("S6", 817, 826),
            ("S7", 938, 943))
VP_BULLETS = (("S2", 351, 356), ("S8", 1072, 1074), ("S9", 1709, 1737))
S9_STATIONS = TableSpec("S9 VP RR stations", 1726, 1730, "|", ("a", "b"))
LEVELS = (("S1", 227, 234), ("S2", 360, 367), ("S3", 478, 485), ("S4", 596, 603), ("S5", 748, 755),
          ("S6", 830, 837), ("S7", 947, 954), ("S8", 1078, 1085), ("S9", 1742, 1749))
# Counter values the rules text prints (everything else stays empty): (units, rating, line, quoted anchor).
PRINTED_VALUES: tuple[tuple[tuple[str, ...], str, int, str], ...] = (
    (("Cleburne",), "tactical 4 attacking / 3 defending", 107, "“4/3” on Cleburne"),
    (("Thomas",), "command 4; reverse side Logan, command 3", 1204, "Thomas's Command Value is 4, while Logan's is 3"),
    (("Capron-A", "Croxton-A", "G. Johnson-A"), "artillery 0", 1357, "“A” version (with Artillery values of 0)"),
    (("Capron-B", "Croxton-B", "G. Johnson-B"), "artillery 1", 1357, "“B” version (with Artillery values of 1)"),
    (("Smith-A",), "tactical 3 attacking and defending", 1396, "Tactical value for both attack and defense is 3"),
    (("Stevenson-B",), "artillery 1", 929, "Stevenson-B already has an Artillery value of 1"),
)
FORTS_LINE = 1489
REDOUBTS_LINE = 180
SCENARIO_HEADINGS = (198, 285, 446, 558, 684, 798, 909, 1021, 1676)
GAZETTEER = (2008, 2114)
CAMPAIGN_DAY0 = datetime.date(1864, 11, 22)


def build(ctx: ImportContext) -> None:
    """Import every HSN table into the workbook sheets."""
    _scenarios(ctx)
    oob = _Oob(ctx)
    for table in UNIT_TABLES:
        _unit_table(ctx, table, oob)
    _printed_values(ctx, oob)
    oob.emit_formations()
    oob.emit_units()
    _forts(ctx)
    _redoubts(ctx)
    emit_facts(ctx, "terrain", terrain.FACTS)
    emit_chart(ctx, "terrain-effects", terrain.KINDS, terrain.MOVES, terrain.PRINTED, (), terrain.GRID)
    for die_table in DIE_TABLES:
        _die_table(ctx, die_table)
    for args in SENTENCE_TABLES:
        _sentence_table(ctx, *args)
    _victory(ctx)
    _gazetteer(ctx)
    ctx.sheets["Names"] = sorted(_dedupe_names(ctx.sheets.get("Names", [])), key=lambda r: (str(r["hex"]),
                                                                                              str(r["name"])))


# -- scenarios ---------------------------------------------------------------
_LENGTH = re.compile(r"GAME LENGTH:\*\*\s*(\d+) turns?, (\w+ \d+)(?:[–-](\w+ \d+))?, (\d{4})")


def _scenarios(ctx: ImportContext) -> None:
    for number, first in enumerate(SCENARIO_HEADINGS, start=1):
        ctx.book.check_anchor(first, f"SCENARIO {number}:")
        name = ctx.book.line(first).split(":", 1)[1].strip()
        length_line = ctx.book.find("GAME LENGTH", first)
        match = _LENGTH.search(ctx.book.line(length_line))
        if not match:
            raise ValueError(f"line {length_line}: game length not understood")
        turns, start, end, year = int(match[1]), match[2], match[3] or match[2], match[4]
        start_turn, end_turn = _campaign_turn(start, year), _campaign_turn(end, year)
        if end_turn - start_turn + 1 != turns:
            raise ValueError(f"line {length_line}: {turns} turns do not fit {start}-{end}")
        ctx.emit("Scenarios", {"scenario_id": f"S{number}", "name": string.capwords(name.lower()),
                               "section": f"Scenario {number}", "rulebook_line": first, "start_turn": start_turn,
                               "end_turn": end_turn, "maps": MAP,
                               "notes": f"{turns} turn(s); campaign turns {start_turn}-{end_turn} (L{length_line})"})


def _campaign_turn(month_day: str, year: str) -> int:
    date = datetime.datetime.strptime(f"{month_day} {year}", "%B %d %Y").date()
    return (date - CAMPAIGN_DAY0).days


# -- units ---------------------------------------------------------------------
class _Oob:
    """Collects one OOB entry per counter from every table that prints it."""

    def __init__(self, ctx: ImportContext) -> None:
        self.ctx = ctx
        self.units: dict[str, dict[str, Cell]] = {}
        self.first_line: dict[str, int] = {}

    def unit_id(self, side: str, name: str, size: str) -> str:
        return CLASHES.get((side, name, size), name)

    def add(self, table: str, line: int, side: str, name: str, size: str, command: str, utype: str) -> str:
        uid = self.unit_id(side, name, size)
        command_id = formation_id(side, command) if command else ""
        record: dict[str, Cell] = {"unit_id": uid, "side": side, "name": name, "type": utype, "size": size or None,
                                   "command": command_id or None}
        known = self.units.get(uid)
        if known is None:
            self.units[uid] = record
            self.first_line[uid] = line
            return uid
        if known["side"] != side or known["type"] != utype:
            raise ValueError(f"line {line}: '{name}' is {side} {utype} here but {known['side']} {known['type']} "
                             f"on line {self.first_line[uid]}; add it to CLASHES")
        for key in ("size", "command"):
            if record[key] != known[key]:
                self.ctx.note(table, line, key, str(known[key]), str(record[key]),
                              f"{name}: {key} differs from line {self.first_line[uid]}; OOB keeps the first")
        return uid

    def emit_formations(self) -> None:
        for code, side, name, level, parent, leader in FORMATIONS:
            leader_id = self.unit_id(side, leader, "") if leader else ""
            self.ctx.emit("Formations", {
                "formation_id": formation_id(side, code), "side": side, "name": name, "level": level,
                "parent": formation_id(side, parent) if parent else None,
                "leader": leader_id if leader_id in self.units else None})

    def emit_units(self) -> None:
        for uid in sorted(self.units, key=lambda u: (str(self.units[u]["side"]), u)):
            self.ctx.emit("Units", self.units[uid])


def _printed_values(ctx: ImportContext, oob: _Oob) -> None:
    """Ratings printed in the rules text go to the OOB `ratings` column, citing their line."""
    tid = "printed counter values"
    ctx.report.table(tid, min(v[2] for v in PRINTED_VALUES), max(v[2] for v in PRINTED_VALUES))
    for units, rating, line, anchor in PRINTED_VALUES:
        if anchor not in ctx.book.line(line):
            raise ValueError(f"line {line}: expected '{anchor}'")
        ctx.report.tables[tid].rows_read.add(line)
        for uid in units:
            if uid not in oob.units and uid.endswith("-B") and uid[:-2] + "-A" in oob.units:
                # the B version of a remounted brigade appears in no table (5.2, L1357)
                oob.units[uid] = {**oob.units[uid[:-2] + "-A"], "unit_id": uid, "name": uid, "ratings": None,
                                  "notes": f"replaces {uid[:-2]}-A after a Remounted result (5.2, L{line})"}
                ctx.note(tid, line, "unit", "", uid, "B version named in the rules but in no setup table")
            if uid not in oob.units:
                raise ValueError(f"line {line}: rating for unknown unit '{uid}'")
            record = oob.units[uid]
            record["ratings"] = join_notes(str(record.get("ratings") or ""), f"{rating} (L{line})")
        ctx.keep(tid, line)


_FORT_CLASS = re.compile(r"Class (?P<cls>[AB]) \((?P<body>[^()]*(?:\[[^\]]*\][^()]*)*)\)")


def _forts(ctx: ImportContext) -> None:
    """The printed Union forts (8.0, L1489) as special hexes: `Class A (Hexes 5131 and 5231, [Fortress Rosecrans] ...)`."""
    tid = "union forts"
    for line, _ in ctx.prose(tid, FORTS_LINE, FORTS_LINE, "two types of Forts", r"Class A \("):
        for match in _FORT_CLASS.finditer(ctx.book.line(line)):
            pending: list[str] = []
            for token in re.findall(r"\d{4}|\[[^\]]+\]", match["body"]):
                if token.startswith("["):
                    for hex_id in pending:
                        _fort(ctx, tid, line, hex_id, match["cls"], token[1:-1])
                    pending = []
                else:
                    pending.append(ctx.hexids.normalize(token))
            for hex_id in pending:
                _fort(ctx, tid, line, hex_id, match["cls"], None)


def _redoubts(ctx: ImportContext) -> None:
    """Union redoubts (Basic Game, L180): `hexes 1714 (Fort Mizner), 4111 (Fort Granger), and ... (hexes 5504-5506)`."""
    tid = "union redoubts"
    for line, _ in ctx.prose(tid, REDOUBTS_LINE, REDOUBTS_LINE, "redoubts", r"Union player has redoubts in hexes"):
        text = ctx.book.line(line).split("redoubts in hexes", 1)[1].split(".")[0]
        for hexes, name in re.findall(r"(\d{4}(?:-\d{4})?)(?: \(([A-Z][^)]*)\))?", text):
            for hex_id in ctx.hexids.expand(hexes):
                ctx.emit("Specials", {"map": MAP, "hex": hex_id, "kind": "redoubt", "name": name or None,
                                      "side": "Union", "source": "rulebook", "rulebook_line": line}, tid, line)


def _fort(ctx: ImportContext, tid: str, line: int, hex_id: str, cls: str, name: str | None) -> None:
    ctx.emit("Specials", {"map": MAP, "hex": hex_id, "kind": "fort", "name": name, "side": "Union",
                          "detail": f"class {cls}", "source": "rulebook", "rulebook_line": line}, tid, line)
    if name:
        ctx.emit("Names", {"map": MAP, "hex": hex_id, "name": name, "source": "8.0 Union forts", "rulebook_line": line})


def _unit_table(ctx: ImportContext, table: UnitTable, oob: _Oob) -> None:
    tid = table.spec.id
    for row in ctx.rows(table.spec):
        try:
            record = _unit_row(ctx, table, row, oob)
        except (HexError, _Reject) as exc:
            ctx.reject(tid, row.line, row.text, str(exc))
            continue
        sheet = f"{table.scenario} Setup" if table.kind == "setup" else f"{table.scenario} Reinf"
        ctx.emit(sheet, record, tid, row.line)


class _Reject(Exception):
    """A row that cannot be imported; the message is the reason."""


def _unit_row(ctx: ImportContext, table: UnitTable, row: RawRow, oob: _Oob) -> dict[str, Cell]:
    """One printed unit row -> a Setup or Reinf record (and its OOB entry); _Reject if unusable."""
    tid, line, cells = table.spec.id, row.line, row.cells
    name, strength, effects = _name_strength_markers(ctx, table, row)
    size = ctx.clean(tid, line, "size", cells["size"], empty_marks)
    command = ctx.clean(tid, line, "command", cells["command"], empty_marks)
    utype = ctx.clean(tid, line, "type", cells["type"], empty_marks)
    if not utype:
        if not name.startswith("Blockhouse"):
            raise _Reject("TYPE is empty")
        utype = "Blockhouse"
        ctx.note(tid, line, "type", cells["type"], utype, "em-dash row is a Blockhouse marker (L694, L783-789)")
    statuses = ";".join(dict.fromkeys(s for e in effects for s in e.statuses)) or None
    orders = join_notes(*(e.orders for e in effects))
    notes = join_notes(*(e.notes for e in effects))
    if table.kind == "setup":
        location = _hex_cell(ctx, tid, line, cells["hex"])
        uid = oob.add(tid, line, table.side, name, size, command, utype)
        return {"unit_id": uid, "location": location, "strength": strength, "status": statuses,
                "orders": orders, "notes": notes, "rulebook_line": line}
    entry = _hex_range(ctx, tid, line, cells["entry"])
    record: dict[str, Cell] = {"strength": strength, "status": statuses, "rulebook_line": line, "entry": entry}
    if table.kind == "arrival":
        record.update(dr_set=f"arrival {cells['set']}", alt_entry=_hex_range(ctx, tid, line, cells["alt_entry"]))
    elif table.kind == "constant":
        record["turn"] = table.turn
    else:
        record["dr_set"] = f"{'variable' if table.kind == 'variable' else 'union'} {cells['set']}"
    undefined = None if entry is not None else (
        f"entry hexes printed as '{cells['entry']}': the range spans columns and rows, membership undefined")
    record["notes"] = join_notes(notes, undefined, orders)
    record["unit_id"] = oob.add(tid, line, table.side, name, size, command, utype)
    return record


def _name_strength_markers(ctx: ImportContext, table: UnitTable, row: RawRow) -> tuple[str, int | None,
                                                                                        list[Effect]]:
    """Split the footnote markers glued to the UNIT and MANPOWER cells and resolve them for this table."""
    tid, line, cells = table.spec.id, row.line, row.cells
    name, name_marks = footnotes(ctx.clean(tid, line, "unit", cells["unit"], unescape_markdown), MARKERS)
    strength_text, marks = footnotes(ctx.clean(tid, line, "manpower", cells["manpower"], unescape_markdown), MARKERS)
    marks = name_marks + marks
    for mark in marks:
        ctx.note(tid, line, "marker", mark, _describe(table.markers.get(mark)), "footnote marker resolved")
    unknown = [m for m in marks if m not in table.markers]
    if unknown:
        raise _Reject(f"footnote marker(s) {''.join(unknown)} have no footnote in this table")
    strength_text = ctx.clean(tid, line, "manpower", strength_text, empty_marks)
    if strength_text and not strength_text.isdigit():
        raise _Reject(f"manpower value '{strength_text}' is not a number")
    return name, (int(strength_text) if strength_text else None), [table.markers[m] for m in marks]


def _describe(effect: Effect | None) -> str:
    if effect is None:
        return "(no footnote)"
    return "; ".join(filter(None, [";".join(effect.statuses), effect.orders, effect.notes]))


_HEX_CELL = re.compile(r"^(\d{4})(?:\s*\((.+)\))?$")


def _hex_cell(ctx: ImportContext, tid: str, line: int, text: str) -> str:
    """`0511 (Poplar Grove)` -> '0511'; the place name goes to the Names sheet."""
    match = _HEX_CELL.match(text.strip())
    if not match:
        raise _Reject(f"HEX '{text}' is not a hex id")
    hex_id = ctx.hexids.normalize(match[1])
    if match[2] and not match[2][0].isupper():
        raise _Reject(f"parenthetical '({match[2]})' is not a place name")
    if match[2]:
        ctx.note(tid, line, "hex", text, hex_id, f"place name '{match[2]}' moved to the Names sheet")
        ctx.emit("Names", {"map": MAP, "hex": hex_id, "name": match[2], "source": "setup table",
                           "rulebook_line": line})
    return hex_id


def _hex_range(ctx: ImportContext, tid: str, line: int, text: str) -> str | None:
    """Entry hexes: an area code (N, M), a range along one column (`0110 to 0114`), or None if undefined."""
    value = text.strip()
    if value in {a["code"] for a in ctx.definition.get("areas", ())}:
        return value
    try:
        ctx.hexids.expand(value)
    except HexError as exc:
        ctx.note(tid, line, "entry", value, "", f"not importable as hexes: {exc}")
        return None
    return value


# -- die-roll tables -------------------------------------------------------------
_MODIFIER = re.compile(r"^-\s+(?:(?P<mod>[+-]?\d+):?\s+(?P<cond>.+)|No modifier on (?P<zero>.+))$")
_FOOTNOTE = re.compile(r"^-\s+\\?(?P<mark>[@*+%#])\s+(?P<text>.+)$")


def _die_table(ctx: ImportContext, t: DieTable) -> None:
    ctx.emit("Tables", t.record(t.scenario_id or None, t.rows.first))
    meanings: dict[str, str] = {}
    if t.notes_lines:
        for line, match in ctx.prose(f"{t.table_id} notes", t.notes_lines[0], t.notes_lines[1], "",
                                     r"^(?:-\s+)?\\?(?P<mark>[@*+%#])\s+(?P<text>.+)$"):
            meanings[match["mark"]] = strip_html(match["text"])[0]
            ctx.keep(f"{t.table_id} notes", line)
    for row in ctx.rows(t.rows):
        result, marks = footnotes(ctx.clean(t.table_id, row.line, "result", row.cells["result"],
                                            strip_html, unescape_markdown), MARKERS)
        missing = [m for m in marks if m not in meanings]
        if missing:
            ctx.reject(t.table_id, row.line, row.text, f"marker(s) {''.join(missing)} without footnote")
            continue
        if marks:
            result = f"{result} [" + "; ".join(meanings[m] for m in marks) + "]"
            ctx.note(t.table_id, row.line, "result", row.cells["result"], result, "footnote text attached")
        ctx.emit("Rows", {"table_id": t.table_id, "roll": _roll(row.cells["roll"]), "result": result,
                          "rulebook_line": row.line}, t.table_id, row.line)
    if t.modifiers:
        for row in ctx.rows(t.modifiers):
            modifier = row.cells["modifier"].rstrip(":").strip()
            ctx.emit("Modifiers", {"table_id": t.table_id, "modifier": int(modifier),
                                   "condition": row.cells["condition"], "rulebook_line": row.line},
                     t.modifiers.id, row.line)
    if t.modifier_bullets:
        first, last, anchor = t.modifier_bullets
        tid = f"{t.table_id} modifiers"
        for line, _ in ctx.prose(tid, first, last, anchor, r"^-\s"):
            text = ctx.clean(tid, line, "modifier", ctx.book.line(line).strip(), lost_minus)
            match = _MODIFIER.match(re.sub(r"^-(\d)", r"- -\1", text))
            if not match:
                ctx.reject(tid, line, ctx.book.line(line), "not a modifier line")
                continue
            modifier = int(match["mod"]) if match["mod"] else 0
            condition = match["cond"] or match["zero"]
            ctx.emit("Modifiers", {"table_id": t.table_id, "modifier": modifier, "condition": condition.strip(),
                                   "rulebook_line": line}, tid, line)


def _roll(text: str) -> str | int:
    value = text.strip()
    return int(value) if re.fullmatch(r"-?\d+", value) else value


_ROLL_SENTENCE = re.compile(r"On a roll of (\d+(?:\s+(?:or|to)\s+\d+)*), (.+?)\.(?=\s|$)")


def _sentence_table(ctx: ImportContext, table_id: str, name: str, section: str, first: int, last: int,
                    scenario: str, anchor: str) -> None:
    """Rows from sentences; a paragraph split by a page break (L304/L306) is read as one."""
    ctx.emit("Tables", TableHead(table_id, name, "1d6", name, section).record(scenario or None, first))
    lines = ctx.prose(table_id, first, last, anchor, r"On a roll of|^cavalry unit")
    paragraph = " ".join(ctx.book.line(number).strip() for number, _ in lines)
    for roll, result in _ROLL_SENTENCE.findall(paragraph):
        where = next(n for n, _ in lines if f"On a roll of {roll}," in ctx.book.line(n))
        ctx.emit("Rows", {"table_id": table_id, "roll": _roll(roll.replace(" or ", ",").replace(" to ", "-")),
                          "result": result,
                          "rulebook_line": where}, table_id, where)
    for number, _ in lines:
        ctx.keep(table_id, number)


# -- victory points --------------------------------------------------------------
_HEXES_IN_TEXT = re.compile(r"\((\d{4}(?:\s*(?:/|,|or)\s*\d{4})*)\)")
_BULLET_VP = re.compile(r"^\s*-\s+(?P<pts>\+?\d+(?:/\+?\d+)?|\+?½)\**\s+(?P<item>.+)$")
_LEVEL = re.compile(r"^(?P<a>-?\d+)(?: or (?P<dir>more|less)|(?: to |-)(?P<b>-?\d+))$")


def _victory(ctx: ImportContext) -> None:
    sides = {}
    for sid, first, last in LEVELS:
        spec = TableSpec(f"{sid} victory levels", first, last, "VP", ("vp", "result"))
        sides[sid] = "Confederate" if "CONFEDERATE" in ctx.book.line(first) else "Union"
        for row in ctx.rows(spec):
            match = _LEVEL.match(row.cells["vp"])
            if not match:
                ctx.reject(spec.id, row.line, row.text, "victory band not understood")
                continue
            a = int(match["a"])
            low, high = (a, None) if match["dir"] == "more" else (None, a) if match["dir"] == "less" \
                else (a, int(match["b"]))
            ctx.emit("Levels", {"scenario_id": sid, "low": low, "high": high, "result": row.cells["result"],
                                "rulebook_line": row.line}, spec.id, row.line)
    station_hexes = _stations(ctx)
    for sid, first, last in VP_PIPES:
        spec = TableSpec(f"{sid} VP", first, last, "VP", ("points", "reason"))
        for row in ctx.rows(spec):
            _vp(ctx, spec.id, sid, sides[sid], row.line, row.cells["points"], row.cells["reason"])
    for sid, first, last in VP_BULLETS:
        tid = f"{sid} VP"
        for line, _ in ctx.prose(tid, first, last, "", r"^\s*-\s+(?:\+|\d|Automatic Victory)"):
            text = ctx.book.line(line)
            auto = re.match(r"^\s*-\s+Automatic Victory:\*\*\s*(.+)$", text)
            if auto:
                _vp(ctx, tid, sid, sides[sid], line, "automatic victory", auto[1])
                continue
            bullet = _BULLET_VP.match(text)
            if not bullet:
                ctx.reject(tid, line, text, "VP bullet not understood")
                continue
            points = ctx.override(tid, line, "points", bullet["pts"])
            if not points.startswith("+") and points[0].isdigit():
                ctx.note(tid, line, "points", points, f"-{points}", "minus sign eaten by the Markdown bullet (§0.1)")
                points = f"-{points}"
            extra = station_hexes if line == S9_STATIONS.first - 1 else ()
            _vp(ctx, tid, sid, sides[sid], line, points, bullet["item"], extra)


def _stations(ctx: ImportContext) -> tuple[str, ...]:
    """The S9 RR-station list glued to its bullet (§0.8): names to Names, hexes to that VP item."""
    hexes = []
    for row in ctx.rows(S9_STATIONS):
        for cell in (row.cells["a"], row.cells["b"]):
            match = re.match(r"^(.+?) \((\d{4})\)$", cell)
            if match:
                hexes.append(ctx.hexids.normalize(match[2]))
                ctx.emit("Names", {"map": MAP, "hex": hexes[-1], "name": match[1],
                                   "source": "S9 VP RR stations", "rulebook_line": row.line},
                         S9_STATIONS.id, row.line)
    return tuple(hexes)


def _vp(ctx: ImportContext, tid: str, sid: str, side: str, line: int, points_text: str, item: str,
        extra_hexes: tuple[str, ...] = ()) -> None:
    item = ctx.clean(tid, line, "reason", item, strip_html)
    points: Cell
    value = points_text.replace("½", ".5").lstrip("+")
    try:
        points = float(value) if "." in value else int(value)
    except ValueError:
        points = points_text
    if points_text.strip() == "+?":
        ctx.reject(tid, line, f"{points_text} | {item}", "VP value not printed ('+?'); needs an override")
        return
    hexes = list(extra_hexes)
    for group in _HEXES_IN_TEXT.findall(item):
        for hex_text in re.split(r"\s*(?:/|,|or)\s*", group):
            if ctx.hexids.check(hex_text) is None:
                hexes.append(hex_text)
    ctx.emit("VP", {"scenario_id": sid, "item": item, "location": "/".join(dict.fromkeys(hexes)) or None,
                    "points": points, "side": side, "rulebook_line": line}, tid, line)


# -- gazetteer ---------------------------------------------------------------------
_GAZ = re.compile(r"^\*\*(?P<name>[^*]+?) \((?P<hexes>[^)]+)\):\*\*")


def _gazetteer(ctx: ImportContext) -> None:
    tid = "gazetteer"
    for line, match in ctx.prose(tid, GAZETTEER[0], GAZETTEER[1], "MAP GAZETTEER", _GAZ.pattern):
        hexes_text = match["hexes"]
        if hexes_text.endswith(" and adjacent hexes"):
            ctx.note(tid, line, "hex", hexes_text, hexes_text.split()[0], "'and adjacent hexes' kept as the centre hex")
            hexes_text = hexes_text.split()[0]
        try:
            hexes = ctx.hexids.expand(hexes_text)
        except HexError as exc:
            ctx.reject(tid, line, match[0], str(exc))
            continue
        for hex_id in hexes:
            ctx.emit("Names", {"map": MAP, "hex": hex_id, "name": match["name"], "source": "gazetteer",
                               "rulebook_line": line}, tid, line)


def _dedupe_names(rows: list[dict[str, Cell]]) -> list[dict[str, Cell]]:
    """One row per (hex, name): the first line that prints it."""
    seen: dict[tuple[Cell, Cell], dict[str, Cell]] = {}
    for row in rows:
        seen.setdefault((row["hex"], row["name"]), row)
    return list(seen.values())
