"""Classic hex-and-counter Shiloh (rulebook 001): game length, special rules, VP and victory levels.

The 18-line text gives only an introduction, special rules and victory
conditions: setup hexes and the Union reinforcement schedule are printed on the
map, which is not part of the text. So the scenario has empty setup and
reinforcement sheets, and the special rules (ferry, gunboats, reinforcement
entry, forced Union moves) become reference tables (die `0d6`, no roll). Every
row is checked against the line it quotes.
"""
from __future__ import annotations

import re
from typing import Any

from gamedata.import_kit.chart import emit_chart, emit_facts
from gamedata.import_kit.records import TableHead
from gamedata.import_kit.reference import (
    REFERENCE_DIE,
    Quirk,
    QuotedRow,
    emit_quoted_rows,
    note_quirks,
    report_spans,
)
from gamedata.importers.shiloh import terrain as terrain

GAME_ID = "shiloh"
TITLE = "Shiloh is a tactical level simulation"  # in the rulebook's first lines: refuses another game's rulebook
SCENARIO = "shiloh"
PITTSBURG_LANDING = "1508"
PURPOSE = "reference table: no die roll; 'roll' names the case"

TABLES = (
    ("shiloh-ferry", "River ferry (Union only)", "special rules, line 11"),
    ("shiloh-gunboats", "Gunboats", "special rules, line 10"),
    ("shiloh-reinforcements", "Reinforcement entry", "special rules, lines 4-8"),
    ("shiloh-forced-move", "Union forced movement on turns 1 and 2", "special rules, line 9"),
)

# table id, line, pattern the line must contain, case, rule
ROWS: tuple[QuotedRow, ...] = (
    ("shiloh-ferry", 11, r"Union units may cross the river", "who", "Union units only"),
    ("shiloh-ferry", 11, r"at a cost of three MPs", "cost", "3 MP"),
    ("shiloh-ferry", 11, r"only from east to west", "direction", "east to west only"),
    ("shiloh-ferry", 11, r"never end the movement phase in the river ferry hex", "end of movement",
     "may not end the movement phase in the ferry hex"),
    ("shiloh-ferry", 11, r"sufficient MPs to enter both", "entry", "only with MP enough for the ferry hex and the "
                                                                    "far-bank hex in the same phase"),
    ("shiloh-ferry", 11, r"indicated by the ferry symbol", "route", "enter and exit only through the hexes of the "
                                                                     "ferry symbol"),
    ("shiloh-ferry", 11, r"either entry hex is occupied by enemy units", "blocked", "either entry hex enemy-occupied"),
    ("shiloh-ferry", 11, r"Units may not enter river hexes", "river hexes", "no unit may enter (gunboats excepted)"),
    ("shiloh-gunboats", 10, r"may only enter river hexes", "movement", "river hexes only, any number of hexes"),
    ("shiloh-gunboats", 10, r"treated exactly like artillery units", "combat", "exactly like artillery units"),
    ("shiloh-gunboats", 10, r"have no ZOC's, are not affected by Confederate ZOC's and may not be attacked",
     "ZOC and attack", "no ZOC, ignore Confederate ZOC, may not be attacked"),
    ("shiloh-reinforcements", 4, r"During his movement phase", "when", "owner's movement phase, at the location "
                                                                       "noted on the map"),
    ("shiloh-reinforcements", 5, r"may not enter the map in a hex occupied by an enemy unit", "entry hex",
     "not enemy-occupied; an enemy ZOC is allowed"),
    ("shiloh-reinforcements", 6, r"expends one MP to enter the map", "cost", "1 MP to enter the map"),
    ("shiloh-reinforcements", 7, r"map-edge hex nearest their scheduled entry location", "blocked entry",
     "delay, or enter at the nearest map-edge hex (owner's choice among equals)"),
    ("shiloh-reinforcements", 8, r"There are no Confederate reinforcements", "Confederate", "none"),
    ("shiloh-forced-move", 9, r"On turns one and two", "turns", "1 and 2"),
    ("shiloh-forced-move", 9, r"one, and only one, hex to the north or northeast", "Union units not in a Confederate ZOC",
     "move exactly one hex north or northeast (Union player's choice)"),
    ("shiloh-forced-move", 9, r"Units in enemy ZOC's may not move", "Union units in a Confederate ZOC", "may not move"),
)

_LEVEL = r"^(Confederate|Union) (Decisive|Substantive|Marginal): (.+)$"

# Digest C2 quirks: line, what, what the data does
QUIRKS: tuple[Quirk, ...] = (
    (13, "no level when the Confederates hold Pittsburg Landing with fewer VP than the Union",
     "levels kept as printed; no draw level exists"),
    (15, "'twice as many' may be read as >= or >; at 0-0 with Union-held Pittsburg Landing both sides qualify",
     "levels kept as printed; precedence is the referee's decision"),
    (12, "first owner of Pittsburg Landing for 'last to pass through' is not stated", "not imported"),
    (3, "line has no final period", "no effect"),
)


def build(ctx: Any) -> None:
    """Import the Shiloh scenario frame, special-rule tables, VP and victory levels."""
    length = ctx.prose("game length", 2, 2, "The game lasts", r"The game lasts (\d+) turns\. "
                                                               r"The Confederate player is the first player")
    if not length:
        raise ValueError("line 2: game length not found")
    line, m = length[0]
    ctx.emit("Scenarios", {
        "scenario_id": SCENARIO, "name": "Shiloh", "section": None, "rulebook_line": line, "start_turn": 1,
        "end_turn": int(m.group(1)), "maps": "main",
        "notes": "The Confederate player is the first player (line 2). Units set up in the hexes noted on the map "
                 "(line 3); Union reinforcements enter at the locations noted on the map (line 4): neither is in "
                 "the rulebook text, so the setup and reinforcement sheets are empty. No Confederate "
                 "reinforcements (line 8).",
    }, "game length", line)
    for table_id, name, section in TABLES:
        ctx.emit("Tables", TableHead(table_id, name, REFERENCE_DIE, PURPOSE, section).record(SCENARIO, None))
    report_spans(ctx, (t[0] for t in TABLES), ROWS)
    emit_quoted_rows(ctx, ROWS)
    _victory(ctx)
    emit_facts(ctx, "terrain", terrain.FACTS)
    emit_chart(ctx, "terrain-effects", terrain.KINDS, terrain.MOVES, terrain.PRINTED, (), terrain.GRID)
    note_quirks(ctx, QUIRKS, "digest C2")


def _victory(ctx: Any) -> None:
    found = ctx.prose("victory points", 12, 12, "Victory is determined",
                      r"Pittsburg Landing \(hex (\d{4})\)\. One VP is awarded for each enemy SP eliminated")
    if not found or found[0][1].group(1) != PITTSBURG_LANDING:
        raise ValueError("line 12: VP rule or Pittsburg Landing hex not found")
    line = found[0][0]
    for side in ("Confederate", "Union"):
        ctx.emit("VP", {"scenario_id": SCENARIO, "item": "each enemy SP eliminated", "points": 1, "side": side,
                        "rulebook_line": line}, "victory points", line)
    ctx.emit("VP", {"scenario_id": SCENARIO, "item": "Pittsburg Landing: the side whose units occupy it or were "
                                                     "the last to pass through it", "location": PITTSBURG_LANDING,
                    "points": "control", "notes": "a condition of the victory levels, not points",
                    "rulebook_line": line})
    ctx.emit("Names", {"map": "main", "hex": PITTSBURG_LANDING, "name": "Pittsburg Landing",
                       "source": "victory conditions", "rulebook_line": line})
    for line, m in ctx.prose("victory levels", 13, 18, "Confederate Decisive", _LEVEL):
        condition = re.sub(r"^The (Confederate|Union) player achieves an? \w+ victory if ", "", m.group(3))
        if condition == m.group(3):
            ctx.reject("victory levels", line, m.group(0), "victory condition sentence not understood")
            continue
        condition = re.sub(r"^(he|his) ", "", condition).replace("his units", f"{m.group(1)} units")
        ctx.note("victory levels", line, "result", m.group(3), condition, "sentence shortened to its condition")
        ctx.emit("Levels", {"scenario_id": SCENARIO, "low": None, "high": None,
                            "result": f"{m.group(1)} {m.group(2)}: {condition.rstrip('.')}",
                            "rulebook_line": line}, "victory levels", line)
