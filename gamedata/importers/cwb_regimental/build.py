"""CWB Regimental Sub-Series v2.0 (rulebook 002): the system's limits and ammunition tables.

The rulebook is a delta on the CWB series rules and holds no map, counters or
scenario. What it does define with numbers — command radii, stacking and fire
limits, Low/No Ammo, resupply conditions, the optional artillery ammunition
rules and the reserve-ammunition totals of two games — is imported here as
reference tables. A reference table has no die roll; it is written with die
`0d6` and its `roll` column holds the case the row applies to. Each row names
the line it comes from and a pattern that line must contain, so a different
edition of the text stops the import instead of yielding stale numbers.
"""
from __future__ import annotations

from typing import Any

from gamedata.import_kit.chart import emit_chart
from gamedata.importers.cwb_regimental.readings import READINGS  # noqa: F401 - read by the import run
from gamedata.import_kit.records import TableHead
from gamedata.import_kit.reference import (
    REFERENCE_DIE,
    Quirk,
    QuotedRow,
    check_quoted,
    emit_quoted_rows,
    note_quirks,
    report_spans,
)
from gamedata.importers.cwb_regimental import terrain as terrain

GAME_ID = "cwb-regimental"
TITLE = "Regimental Sub-Series Rules"  # in the rulebook's first lines: refuses another game's rulebook

# table id, name, die, section, purpose
TABLES: tuple[tuple[str, str, str, str, str], ...] = (
    ("rss-command-radius", "Command radius (10.5a)", REFERENCE_DIE, "10.5a",
     "reference table: radius in movement points, 'at or within'"),
    ("rss-stacking", "Stacking and its movement costs (12.1, 12.2)", REFERENCE_DIE, "12.1-12.2",
     "reference table: limits are in effect at the end of every phase"),
    ("rss-fire-limits", "Fire limits (12.3, 26.3)", REFERENCE_DIE, "12.3, 26.3", "reference table"),
    ("rss-fire-combat-ammo", "Fire Combat Table: ammunition results (28.1, 27.1b)", "2d6", "28.1",
     "the Fire Combat Table itself is not in the rulebook; only the rolls that cost ammunition"),
    ("rss-resupply", "Resupply conditions (28.2-28.4)", REFERENCE_DIE, "28.2-28.4", "reference table"),
    ("rss-distorted-order", "Distorted order lock (10.1f, optional)", "1d6", "10.1f",
     "one roll per turn in the Command Phase Delay Reduction Segment"),
    ("rss-wrecked", "Wrecked regiments, brigades, divisions (22.0)", REFERENCE_DIE, "22.0", "reference table"),
    ("rss-artillery-ammo", "Detailed artillery ammunition (27.1a, 27.1c, optional)", REFERENCE_DIE, "27.1",
     "reference table: shell and canister per battery"),
    ("rss-limbered-target-shift", "Morale shift for limbered artillery targets beyond 10 hexes (27.1a C)",
     REFERENCE_DIE, "27.1a", "roll = guns firing; only when the target is limbered artillery at more than 10 hexes"),
    ("rss-ammo-thg-csa", "This Hallowed Ground: Confederate reserve ammunition (27.1c E)", REFERENCE_DIE, "27.1c",
     "points per train"),
    ("rss-ammo-thg-usa", "This Hallowed Ground: Union reserve ammunition (27.1c E)", REFERENCE_DIE, "27.1c",
     "points per train"),
    ("rss-ammo-tts-csa", "This Terrible Sound: Confederate reserve ammunition (27.1c E)", REFERENCE_DIE, "27.1c",
     "points per train"),
    ("rss-ammo-tts-usa", "This Terrible Sound: Union reserve ammunition (27.1c E)", REFERENCE_DIE, "27.1c",
     "points per train"),
)

# table id, line, pattern the line must contain, roll (the case), result
ROWS: tuple[QuotedRow, ...] = (
    ("rss-command-radius", 63, r"within 12 movement points of their Corps HQ", "division leader to corps HQ",
     "12 MP; only the leader must be within the radius"),
    ("rss-command-radius", 65, r"within 8 movement points of their division commanders",
     "brigade commander to division commander", "8 MP; only the leader must be within the radius"),
    ("rss-command-radius", 67, r"within 6 movement points of their brigade commanders", "regiment to brigade commander",
     "6 MP, or adjacent to an in-command unit of the same brigade; not traced through hexes holding units of "
     "other commands"),
    ("rss-command-radius", 71, r"treated as any other unit in that brigade", "brigade battery",
     "as any other unit of the brigade"),
    ("rss-command-radius", 73, r"any leader of that division", "division battery",
     "to any leader of the division, with that leader's radius"),
    ("rss-command-radius", 75, r"any leader of that corps", "corps battery",
     "to any leader of the corps, with that leader's radius"),
    ("rss-command-radius", 79, r"corps-type HQ of their own", "army reserve battery",
     "to its own corps-type HQ unless reassigned"),
    ("rss-stacking", 105, r"No more than 16 strength points", "strength points in a hex", "16 (all types)"),
    ("rss-stacking", 105, r"supply wagon can only stack with one other unit", "supply wagon",
     "with at most one other unit"),
    ("rss-stacking", 105, r"only at the \*\*beginning\*\* of his Movement Phase", "change of stacking order",
     "phasing player at the beginning of his Movement Phase, or either player after a close combat or retreat"),
    ("rss-stacking", 109, r"pay an \+2 MP to stack", "enter a hex with another unit", "+2 MP"),
    ("rss-stacking", 109, r"pay an \+2 MP to leave", "leave a stack", "+2 MP (every unit stacked at the start of "
                                                                      "the phase, the last one included)"),
    ("rss-stacking", 109, r"total of \+4 MP", "move through another unit", "+4 MP"),
    ("rss-stacking", 113, r"Infantry units in Column or Mounted cavalry units \*\*cannot\*\* stack",
     "column infantry, mounted cavalry", "may move through units but never end a move stacked"),
    ("rss-stacking", 113, r"Limbered artillery may stack with only one other", "limbered artillery",
     "with one other limbered battery, or normally with infantry or dismounted cavalry in line"),
    ("rss-stacking", 115, r"None of this rule applies to leaders", "leaders", "exempt"),
    ("rss-fire-limits", 121, r"No more than 8 strength points", "strength points firing from a hex per phase",
     "8 (all types); the top 8 SP, artillery from any position"),
    ("rss-fire-limits", 121, r"up to 8 strength points of infantry and one artillery battery",
     "close combat, defender", "8 SP of infantry and one battery (any strength)"),
    ("rss-fire-limits", 225, r"three Union batteries or two Confederate batteries", "batteries on one target",
     "3 Union, 2 Confederate"),
    ("rss-fire-limits", 227, r"greater than 10 hexes are halved",
     "artillery at infantry or dismounted cavalry beyond 10 hexes", "halved"),
    ("rss-fire-combat-ammo", 373, r"die roll is 11 or 12", "11-12",
     "every firing unit (artillery included) marked Low Ammo; a unit already Low Ammo becomes No Ammo"),
    ("rss-resupply", 389, r"end of the friendly Movement Phase", "when",
     "end of the friendly Movement Phase (Resupply Segment)"),
    ("rss-resupply", 389, r"at least four hexes from any enemy unit", "distance from the enemy", "4 hexes or more"),
    ("rss-resupply", 389, r"within 2 hexes of the supply wagon or train", "distance to the wagon or train",
     "2 hexes or less"),
    ("rss-resupply", 389, r"Shaken or better", "morale", "Shaken or better"),
    ("rss-resupply", 391, r"Artillery must be limbered", "artillery", "limbered"),
    ("rss-resupply", 379, r"only by their own Corps wagons", "source",
     "own corps wagon; units without a wagon or regular corps: the Army Train"),
    ("rss-resupply", 383, r"road hexes \(any type\) or clear hexes adjacent to a road", "Army Train movement",
     "road hexes, or clear hexes adjacent to a road"),
    ("rss-resupply", 389, r"return a unit in either condition to normal", "effect", "Low Ammo or No Ammo removed"),
    ("rss-distorted-order", 55, r"rolls a 6 on one die", "6", "the unit may again be sent orders"),
    ("rss-wrecked", 197, r"lost 50% or more of its printed strength", "regiment",
     "wrecked at 50% or more lost (6 SP wrecked at 3, 5 SP at 2)"),
    ("rss-wrecked", 199, r"regimental boxes to the left of the check", "brigade",
     "all regimental boxes left of the check marked"),
    ("rss-wrecked", 201, r"brigade boxes to the left of the check", "division",
     "all brigade boxes left of the check marked"),
    ("rss-artillery-ammo", 283, r"Six rounds of long range ammo", "shell", "6 at most (full load at setup or entry)"),
    ("rss-artillery-ammo", 283, r"three rounds of short range ammo", "canister", "3 at most (full load at setup or entry)"),
    ("rss-artillery-ammo", 287, r"range of four hexes or more", "fire at 4 hexes or more", "-1 shell"),
    ("rss-artillery-ammo", 287, r"one or two hexes", "fire at 1-2 hexes", "-1 canister"),
    ("rss-artillery-ammo", 287, r"targets three hexes distant", "fire at 3 hexes", "-1 shell or -1 canister (owner's choice)"),
    ("rss-artillery-ammo", 287, r"Two rounds of canister", "fire in close combat", "-2 canister"),
    ("rss-artillery-ammo", 289, r"as if it were firing at three hexes", "no canister, shell left, range 1-2 or close combat",
     "-1 shell; fire points as at 3 hexes"),
    ("rss-artillery-ammo", 293, r"one column shift to the left", "close combat with one canister left",
     "fires, one column shift left"),
    ("rss-artillery-ammo", 293, r"may never fire", "no shell and no canister", "cannot fire"),
    ("rss-artillery-ammo", 255, r"increments of two or more", "split fire", "targets at most guns / 2"),
    ("rss-artillery-ammo", 261, r"costs one ammunition point", "targets engaged in one fire phase",
     "1 ammunition point each (never for canister)"),
    ("rss-limbered-target-shift", 265, r"apply -1 shift for each gun firing up to -3", "1", "-1"),
    ("rss-limbered-target-shift", 265, r"apply -1 shift for each gun firing up to -3", "2", "-2"),
    ("rss-limbered-target-shift", 265, r"apply -1 shift for each gun firing up to -3", "3", "-3"),
    ("rss-limbered-target-shift", 265, r"If 4 or more guns are firing", "4 or more", "-6"),
)

MODIFIERS: tuple[tuple[str, int, str, str, str], ...] = (
    ("rss-fire-combat-ammo", 271, r"add \+1 to the die roll on the Fire Combat Table", "+1",
     "crossfire: artillery target hit by combined artillery fire through two non-contiguous hexsides (optional)"),
)

# reserve ammunition: table id, first line, last line, anchor
AMMO = (("rss-ammo-thg-csa", 319, 323, "Army—90"), ("rss-ammo-thg-usa", 327, 334, "Army—250"),
        ("rss-ammo-tts-csa", 340, 348, "Army: 120"), ("rss-ammo-tts-usa", 352, 359, "Army—100"))
_AMMO_LINE = r"^(?P<train>[\w ]+?)(?P<sep>—|: )(?P<points>\d+) points(?: \(add (?P<add>\d+) points on (?P<on>[^)]+)\))?$"

# Digest A2.1 quirks: line, what, what the data does
QUIRKS: tuple[Quirk, ...] = (
    (165, "19.3d printed between 20.3c and 20.7", "order of sections does not matter to the tables"),
    (231, "26.6 cites '15.0d above' for the EZOC unlimber ban", "15.0d (L127) only waives drawing fire; the ban "
                                                               "is 26.6 itself; not imported"),
    (159, "20.3c: range 5 in 'ignore' (5 or more) vs 'greater than five' (L163)", "rule text, not imported; range "
                                                                                 "5 belongs to 'ignore' by L159"),
    (145, "'Drop 20.3e'", "the CWB 20.3e is deleted; not a table"),
    (261, "27.1a B charges the army pool that 27.1c E abolishes", "kept as 1 point per target (rss-artillery-ammo)"),
    (385, "'series rules case 27.1' is CWB 27.1, not RSS 27.1", "noted in rss-resupply Army Train row"),
    (323, "THG 'H Corps' vs horse artillery with no corps wagon (L307)", "kept as printed: 'H Corps' 36"),
    (358, "TTS lists 11 and 15 Corps (not at Chickamauga)", "kept as printed"),
    (105, "'Alternatively, a supply wagon can only stack with one other unit'", "read as: a wagon plus at most "
                                                                              "one other unit"),
    (283, "shell/canister markers 'cannibalized from other games'", "statuses shell-0..6 and canister-0..3"),
    (297, "27.1c C switches off Low/No Ammo for artillery", "noted in README; option flag is the module's"),
)


def build(ctx: Any) -> None:
    """Import the Regimental Sub-Series reference tables."""
    for table_id, name, die, section, purpose in TABLES:
        ctx.emit("Tables", TableHead(table_id, name, die, purpose, section).record(None, None))
    report_spans(ctx, (t[0] for t in TABLES), ROWS + MODIFIERS)
    emit_quoted_rows(ctx, ROWS)
    for table_id, line, pattern, modifier, condition in MODIFIERS:
        check_quoted(ctx, table_id, line, pattern)
        ctx.emit("Modifiers", {"table_id": table_id, "modifier": modifier, "condition": condition,
                               "rulebook_line": line}, table_id, line)
    for table_id, first, last, anchor in AMMO:
        for line, m in ctx.prose(table_id, first, last, anchor, _AMMO_LINE):
            if m.group("sep") != "—":
                ctx.note(table_id, line, "separator", m.group("sep"), "—", "colon where every other entry has "
                                                                             "an em dash (digest A2.1 #9)")
            result = m.group("points")
            if m.group("add"):
                result += f"; add {m.group('add')} on {m.group('on')}"
            ctx.emit("Rows", {"table_id": table_id, "roll": m.group("train"), "result": result,
                              "rulebook_line": line}, table_id, line)
    emit_chart(ctx, "terrain-effects", terrain.KINDS, terrain.MOVES, terrain.PRINTED, (), terrain.GRID)
    note_quirks(ctx, QUIRKS, "digest A2.1")
