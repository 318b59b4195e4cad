"""The Atlanta die-roll tables: variants' rolls, weather and the leaders' panic tables."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from gamedata.import_kit.records import TableHead
from gamedata.importers.atlanta.units import squash


@dataclass(frozen=True)
class DieTable(TableHead):
    """A die-roll table: rows read from lines by `pattern` (groups: roll, result) or given with their line."""

    scenario: str | None
    first: int
    last: int
    anchor: str
    pattern: str = ""
    rows: tuple[tuple[int, str, str], ...] = ()
    modifiers: tuple[tuple[int, str, str], ...] = ()


DIE_TABLES: tuple[DieTable, ...] = (
    DieTable("atl-16th-corps-location", "Location of 16th Corps", "1d6",
             "rolled after the first Confederate move; where the 16th Corps infantry stands", "5.1d.2", "5.1",
             473, 485, "1: In position", r"^(\d): (.+)$"),
    DieTable("atl-hardee-formation", "Hardee's Corps movement: first roll (movement constraints)", "2d6",
             "each movement phase, per division of Hardee's Corps, until a unit sights the enemy within 6 hexes",
             "5.1d.12", "5.1", 604, 608, "First die roll", r"^(\d+-\d+|\d+\+)\t(.+)$",
             modifiers=((602, "+rating", "division commander's rating"),
                        (602, "+1", "Hardee is stacked with the division commander"))),
    DieTable("atl-hardee-movement", "Hardee's Corps movement: second roll (movement allowance)", "2d6",
             "each movement phase, per division of Hardee's Corps; results above 11 are not printed", "5.1d.12",
             "5.1", 609, 615, "Second die roll", r"^(\d+-\d+|\d+\+?)\t(.+)$",
             modifiers=((602, "+rating", "division commander's rating"),
                        (602, "+1", "Hardee is stacked with the division commander"))),
    DieTable("atl-storm-turn", "Storm day: roll every turn", "1d6",
             "on a day of storms; rolls 3-5 are not printed (no change)", "5.2d.5", "5.3", 999, 1001,
             "1,2: A roll", r"^(\d,\d|\d): (.+)$"),
    DieTable("atl-covington-raid", "No Covington Raid (variant)", "1d6",
             "rolled after Confederate placement and orders if the variant is used; other rolls: the raid happens",
             "5.1d.1", "5.1d.1", 457, 457, "Covington",
             rows=((457, "1-2", "no Covington raid: Garrard's division stays on the map (5.1d.1 setup)"),)),
    DieTable("atl-hearing-guns", "Hearing the guns", "1d6", "rolled at each combat roll until both have heard",
             "5.1d.11", "5.1", 596, 596, "Peculiar acoustics",
             rows=((596, "1", "the combat is heard by Sherman"), (596, "6", "the combat is heard by Hood"))),
    DieTable("atl-creek-crossing", "Peachtree Creek crossing site", "1d6",
             "an unshaken infantry or cavalry unit spends its whole movement allowance in place, then rolls",
             "1.7", None, 70, 70, "Primary roads",
             rows=((70, "1-2", "crossing found: the unit moves across and is disorganized"),),
             modifiers=((70, "only 1", "either hex is swamp"), (70, "none", "both hexes are swamp"))),
    DieTable("atl-bridge-repair", "Bridge repair", "1d6", "each turn while the repair conditions of 1.8 hold",
             "1.8", None, 74, 74, "Bridges may be destroyed", rows=((74, "1", "the bridge is repaired"),)),
    DieTable("atl-fire-ammo", "Fire combat (ammunition: Low Ammo on 11-12, 10-12 for '+' units)", "2d6",
             "every fire combat roll: the series Fire Table (not in the rulebook) gives the losses; 11-12 runs the "
             "firing units low on ammunition, Confederate artillery included (3.5), and 10 too for '+' units (2.5)",
             "3.5", None, 182, 182, "The Confederate artillery operated",
             rows=((182, "11-12", "every firing unit one ammunition level down (Confederate artillery: out of "
                                  "ammunition)"),)),
    DieTable("atl-cleburne", "Cleburne's arrival", "1d6", "each turn from 3:00PM until Cleburne's division enters; "
             "from 6:00PM a 1 or 2 brings him in", "5.2b.2", "5.2", 715, 715, "Cleburne's division and Hb(4)",
             rows=((715, "1", "Cleburne's division and Hb(4) enter from the West edge of map A or B"),)),
    DieTable("atl-cavalry-not-played", "Cavalry action not played: brigades sent to Decatur", "1d6",
             "'roll low or high with a die': the thresholds are not printed", "5.1d.5", "5.1", 543, 543,
             "This rule allows", rows=((543, "low", "one brigade of the Army of the Ohio"),
                                       (543, "high", "two brigades of the Army of the Ohio"))),
)

_WEATHER = ("atl-weather-after-clear", "atl-weather-after-rain", "atl-weather-after-storm")


def dice_tables(ctx: Any) -> None:
    """Write the die-roll tables and the weather tables, each row with its line."""
    for t in DIE_TABLES:
        ctx.emit("Tables", t.record(t.scenario, t.first))
        report = f"{t.section} {t.table_id}"
        if t.pattern:
            for line, m in ctx.prose(report, t.first, t.last, t.anchor, t.pattern):
                roll = m.group(1).replace(",", "-")
                if roll != m.group(1):
                    ctx.note(report, line, "roll", m.group(1), roll, "roll list written as a range")
                ctx.emit("Rows", {"table_id": t.table_id, "roll": roll, "result": squash(m.group(2)),
                                  "rulebook_line": line}, report, line)
        else:
            ctx.book.check_anchor(t.first, t.anchor)
            for line, roll, result in t.rows:
                ctx.emit("Rows", {"table_id": t.table_id, "roll": roll, "result": result, "rulebook_line": line})
        for line, modifier, condition in t.modifiers:
            ctx.emit("Modifiers", {"table_id": t.table_id, "modifier": modifier, "condition": condition,
                                   "rulebook_line": line})
    _weather(ctx)


def _weather(ctx: Any) -> None:
    report = "5.2d.5 weather"
    header = ctx.book.line(989)
    ctx.note(report, 989, "header", header.strip(), "previous day",
             "header says 'Previous Turn' but the roll is made once a day; column 'Storms' is the result 'Storm'")
    for tid, previous in zip(_WEATHER, ("Clear", "Rain", "Storm")):
        ctx.emit("Tables", TableHead(tid, f"Weather (previous day {previous})", "1d6",
                                     "rolled each day on the first daylight turn; applies all day",
                                     "5.2d.5").record("5.3", 989))
    for line, m in ctx.prose(report, 990, 993, "1-3", r"^(\d-\d|\d)\t+(\w+)\t(\w+)\t(\w+)$"):
        for tid, result in zip(_WEATHER, m.groups()[1:]):
            ctx.emit("Rows", {"table_id": tid, "roll": m.group(1), "result": result, "rulebook_line": line},
                     report, line)


# (table id, leader, header line, status-2 line, status-1 line, modifier lines)
PANIC = (
    ("atl-panic-sherman", "Sherman", 1013, 1014, 1015, (1017,)),
    ("atl-panic-johnston", "Johnston", 1035, 1036, 1037, (1039, 1040, 1041, 1042)),
    ("atl-panic-hood", "Hood", 1058, 1059, 1060, ()),
)


def panic_tables(ctx: Any) -> None:
    """Write each leader's panic tables (one per army commander status) and their modifiers."""
    for tid, leader, head, two, one, mods in PANIC:
        report = f"personality {leader}"
        ctx.report.table(report, head, one)
        bands = [c for c in ctx.book.line(head).split("\t")[1:] if c.strip()]
        for status, line in (("2", two), ("1", one)):
            table_id = f"{tid}-status-{status}"
            ctx.emit("Tables", TableHead(
                table_id, f"{leader} panic roll (army commander status {status})", "2d6",
                "roll = number of wrecked divisions; result = the 2d6 total (plus modifiers) that panics"
                + (": exactly = freeze for a day, higher = fall back across the Chattahoochie"
                   if leader == "Sherman" else ""),
                "personality sheets").record(None, head))
            ctx.report.tables[report].rows_read.add(line)
            values = [c.strip() for c in ctx.book.line(line).split("\t")[1:] if c.strip()]
            for band, value in zip(bands, values):
                result = value
                if value == "-":
                    result = "no panic possible"
                    ctx.note(report, line, "result", value, result, "'-' printed: this status cannot panic here")
                ctx.emit("Rows", {"table_id": table_id, "roll": band.strip(), "result": result,
                                  "rulebook_line": line}, report, line)
            for mline in mods:
                text = ctx.book.line(mline).strip()
                m = re.match(r"(?:Modifiers: )?(\+\d)(?: to the roll)?(?: if| in addition if)? (.+)$", text)
                if not m:
                    raise ValueError(f"line {mline}: panic modifier not understood: {text!r}")
                ctx.emit("Modifiers", {"table_id": table_id, "modifier": m.group(1),
                                       "condition": m.group(2).rstrip("."), "rulebook_line": mline})
        ctx.keep(report, head)
        ctx.report.tables[report].rows_read.add(head)
