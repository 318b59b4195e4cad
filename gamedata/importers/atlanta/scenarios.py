"""The Atlanta scenarios: which lines form which table, the turn track and scenario clocks.

The text has no turn numbers, only clock times on three July days; every time
is turned into an id on one turn track (30-minute day turns, hourly night
turns).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gamedata.importers.atlanta.clauses import Placement
from gamedata.importers.atlanta.hexes import LineError, clock


@dataclass(frozen=True)
class LineTable:
    """A setup, arrival or loss table printed as `units: placement` lines.

    `notes` are lines inside the range that are commentary, not rows;
    `joins` glue a label line to the lines that carry its placement;
    `pairs` tables print `Heading: unit hex, unit hex` per line;
    `all_rows` is a line whose rule applies to every row of the table.
    """

    id: str
    scenario: str
    first: int
    last: int
    anchor: str
    default_map: str = ""
    kind: str = "placement"  # placement | losses
    notes: frozenset[int] = frozenset()
    joins: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    pairs: bool = False
    all_rows: int | None = None


LINE_TABLES: tuple[LineTable, ...] = (
    LineTable("5.1a.1 Union setup", "5.1", 232, 281, "Sherman and Schofield", "A"),
    LineTable("5.1a.3 Union losses", "5.1", 291, 293, "1/3/17 -4", "A", kind="losses"),
    LineTable("5.1b.1 Confederate setup", "5.1", 311, 336, "Cheatham's Corps", "A", notes=frozenset({327})),
    LineTable("5.1b.5 Confederate losses", "5.1", 362, 365, "Ptr/M/H", "A", kind="losses"),
    LineTable("5.1d.1 No Covington Raid", "5.1d.1", 459, 461, "2/4/16 and 2/16b(1)", "A"),
    LineTable("5.1d.4 Army of the Cumberland and Stewart", "5.1d.4", 495, 499, "Starting with the 1:30 turn", "A",
              notes=frozenset({497})),
    LineTable("5.1d.4 Union losses", "5.1d.4", 505, 509, "1/2/IV (Kimbal)", "A", kind="losses"),
    LineTable("5.1d.4 Confederate losses", "5.1d.4", 513, 535, "Loring's Division", "A", kind="losses",
              notes=frozenset({513, 521, 529})),
    LineTable("5.1d.6 Historical Opening Attack", "5.1d.6", 549, 561, "Bate: Fny", "A", pairs=True,
              joins={558: (559,)}),
    LineTable("5.1d.7 Optional units", "5.1d.7", 567, 580, "3/4/16,16db(2)", "A", joins={577: (578,)}),
    LineTable("5.2a.1 Union setup and reinforcements", "5.2", 647, 659, "Army of Tennessee less", joins={647: (649,)}),
    LineTable("5.2b.1 Confederate setup", "5.2", 673, 703, "Georgia Militia", all_rows=703, joins={
        673: (675,), 677: (679,), 681: (683, 685), 687: (689,), 691: (693,), 695: (697,)}),
    LineTable("5.2b.2 Confederate reinforcements", "5.2", 713, 717, "Ferguson's brigade", notes=frozenset({717})),
    LineTable("5.2d.2 Optional units", "5.2d.2", 811, 811, "The units 3/4/16"),
    LineTable("5.3b Confederate additions", "5.3", 843, 849, "Hardee arrives", notes=frozenset({847})),
)

# Scenario id, name, section, heading line, first-turn line, last-turn line, maps, base scenario, notes
SCENARIOS: tuple[tuple[str, str, str, int, int, int, str, str, str], ...] = (
    ("5.1", "Historical Battle of Atlanta, July 22 1864", "5.1", 216, 220, 222, "A", "",
     "15 turns; the Confederates move first. Supply, HQ and artillery units not listed set up with or adjacent "
     "to units of their command (line 335). Minor variants 5.1d.1-5.1d.13 (5.1d.2 and 5.1d.12 are die-roll "
     "tables)."),
    ("5.1d.1", "5.1 variant: No Covington Raid", "5.1d.1", 455, 220, 222, "A", "5.1",
     "on a d6 roll of 1-2 after Confederate placement; rows replace the 5.1 rows of the same units"),
    ("5.1d.4", "5.1 variant: Sherman asks Thomas to send help", "5.1d.4", 493, 220, 222, "A", "5.1",
     "entries are conditional on orders (no fixed turn); losses apply to the entering units"),
    ("5.1d.6", "5.1 variant: Historical Opening Attack", "5.1d.6", 545, 547, 222, "A", "5.1",
     "starts 12:30PM; rows replace the 5.1 rows of Hardee's units; no special first-turn rules"),
    ("5.1d.7", "5.1 variant: Optional units", "5.1d.7", 563, 220, 222, "A", "5.1",
     "units that may be added for play balance; placement as the text says"),
    ("5.2", "Action of 20 July", "5.2", 631, 637, 639, "A,B", "",
     "Union sets up and writes orders first; the Confederate player moves first but skips the first turn"),
    ("5.2d.2", "5.2 variant: Optional units", "5.2d.2", 809, 637, 639, "A,B", "5.2",
     "the text says 'See 5.1d.8'; the optional units are those of 5.1d.7"),
    ("5.3", "Three Day Action of 20-22 July", "5.3", 821, 827, 828, "A,B", "",
     "setup and reinforcements as 5.2 (5.3a, 5.3b) plus Hardee's arrival; Union/Confederate objective options "
     "change the VP schedule (see VP notes)"),
)

DATES = {"20": "1864-07-20", "21": "1864-07-21", "22": "1864-07-22"}


def turn_track() -> tuple[tuple[int, str, str, bool], ...]:
    """(id, date, HH:MM, night) for 7:00AM July 20 to 7:00PM July 22.

    Day turns are 30 minutes (5.1: 12:00PM-7:00PM is 15 turns); the night-turn
    length is not stated, the 10PM/11PM/midnight/2AM times of 5.3b fit hourly
    night turns from 8:00PM to 6:00AM (derived, see README).
    """
    out: list[tuple[int, str, str, bool]] = []
    for day in ("20", "21", "22"):
        for minutes in range(7 * 60, 19 * 60 + 1, 30):
            out.append((len(out) + 1, DATES[day], f"{minutes // 60:02d}:{minutes % 60:02d}", False))
        if day == "22":
            break
        for hour in (20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6):
            date = DATES[day] if hour >= 20 else DATES[str(int(day) + 1)]
            out.append((len(out) + 1, date, f"{hour:02d}:00", True))
    return tuple(out)


def turn_id(date: str, hhmm: str) -> int:
    for tid, d, hour, _ in turn_track():
        if d == date and hour == hhmm:
            return tid
    raise LineError(f"no turn at {hhmm} on {date} in the turn track")


# The day each base scenario starts on (its 'First turn' line); variants share their base's day.
SCENARIO_DAY = {"5.1": "22", "5.2": "20", "5.3": "20"}


def _base(sid: str) -> str:
    """'5.1d.6' -> '5.1': a variant's base scenario."""
    return sid.split("d")[0]


def scenario_clock(ctx: Any, sid: str, line: int) -> int:
    """Turn id of a 'First turn: 12:00PM July 22 1864' or 'starts the game at 12:30PM' line (override-able)."""
    printed = ctx.book.line(line).strip()
    text = ctx.override(f"{sid} scenario", line, "text", printed)
    m = re.search(r"(\d{1,2}):(\d{2})\s*(AM|PM)(?:\s+July (\d{2}))?", text)
    if not m:
        raise ValueError(f"line {line}: no time in '{printed}'")
    return turn_id(DATES[m.group(4) or SCENARIO_DAY[_base(sid)]], clock(m.group(1), m.group(2), m.group(3)))


def reinf_turn(scenario: str, p: Placement, first_turn: int) -> int | None:
    """Turn-track id of an arrival: scenario turn N, or a clock time on the scenario's (or a named) day."""
    day = SCENARIO_DAY[_base(scenario)]
    if p.scenario_turn is not None:
        return first_turn + p.scenario_turn - 1
    if p.turn_time:
        return turn_id(DATES[p.turn_date or day], p.turn_time)
    return None
