"""Atlanta (brigade-scale CWB, rulebook 004): tables, order of battle and import rules.

The Atlanta rules are an unfinished 1991-93 draft. Its setup "tables" are lines
of `units: placement` text with four hex spellings (`A49.34`, `11.35`, `7:17`,
`2617`), designations with Roman-numeral corps, groups named after their
commander ("Cheatham's Corps"), and victory schedules whose bands overlap. This
module holds what is specific to that text: which lines form which table, the
order of battle the text names (so that every unit token is checked, never
guessed), the units a group phrase stands for, the scenario-wide formation and
order rules, and the die-roll, VP and panic tables. Everything a human had to
decide is in `sources/atlanta/overrides.csv`, applied here with its reason.

This module runs the import in order; each part of the text has its own
module: `atlanta_oob` (order of battle and group phrases), `atlanta_hexes`,
`atlanta_units` and `atlanta_clauses` (reading a line), `atlanta_scenarios`
(line tables, turn track), `atlanta_setup` and `atlanta_rules` (scenario rows),
`atlanta_dice` and `atlanta_victory` (tables).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamedata.import_kit.chart import emit_chart, emit_facts
from gamedata.importers.atlanta.readings import READINGS  # noqa: F401 - read by the import run
from gamedata.import_kit.records import formation_record, join_notes
from gamedata.import_kit.reference import Quirk, note_quirks
from gamedata.importers.atlanta.dice import dice_tables, panic_tables
from gamedata.importers.atlanta.oob import formations, units
from gamedata.importers.atlanta.rules import apply_command_rules
from gamedata.importers.atlanta.scenarios import LINE_TABLES, SCENARIOS, scenario_clock
from gamedata.importers.atlanta import terrain as terrain
from gamedata.importers.atlanta.setup import compose_variants, copy_5_2_into_5_3, line_table
from gamedata.importers.atlanta.units import vocabulary
from gamedata.importers.atlanta.victory import victory

GAME_ID = "atlanta"
TITLE = "Atlanta Game Rules"  # in the rulebook's first lines: refuses another game's rulebook


def build(ctx: Any) -> None:
    """Import the Atlanta rulebook: OOB, scenarios, setups, arrivals, tables, VP."""
    vocab = vocabulary()
    _oob(ctx)
    turn_at: dict[int, int] = {}  # a variant reuses its base's first/last-turn lines: read each line once
    for s in SCENARIOS:
        for line in s[4:6]:
            if line not in turn_at:
                turn_at[line] = scenario_clock(ctx, s[0], line)
    clocks = {s[0]: (turn_at[s[4]], turn_at[s[5]]) for s in SCENARIOS}
    rows: dict[str, list[dict[str, Any]]] = {}
    for table in LINE_TABLES:
        if table.scenario == "5.3" and "5.3 Setup" not in rows:
            copy_5_2_into_5_3(ctx, rows)
        line_table(ctx, table, vocab, rows, clocks[table.scenario][0])
    apply_command_rules(ctx, rows)
    compose_variants(ctx, rows, [(s[0], s[7], s[3]) for s in SCENARIOS if s[7]])
    _scenarios(ctx, clocks)
    for sheet in sorted(rows, key=_sheet_order):
        for record in rows[sheet]:
            table = record.pop("_table", None)   # rows added for a loss line have no table of their own
            ctx.emit(sheet, record, table, record["rulebook_line"] if table else None)
    dice_tables(ctx)
    panic_tables(ctx)
    victory(ctx)
    emit_facts(ctx, "terrain", terrain.FACTS)
    emit_chart(ctx, "terrain-effects", terrain.KINDS, terrain.MOVES, terrain.PRINTED, terrain.IMPLIED, terrain.GRID)
    note_quirks(ctx, QUIRKS, "digest B2.5")


def _sheet_order(name: str) -> tuple[int, str]:
    sid = name.split(" ")[0]
    order = [s[0] for s in SCENARIOS]
    return (order.index(sid), name)


def _oob(ctx: Any) -> None:
    for f in formations():
        ctx.emit("Formations", formation_record(f))
    for u in units():
        ctx.emit("Units", {
            "unit_id": u.unit_id, "side": u.side, "name": u.name, "type": u.type, "size": u.size or None,
            "command": u.formation, "formation": None,
            "strength": u.strength, "notes": join_notes(u.notes, f"named on rulebook line {u.line}"),
        })


def _scenarios(ctx: Any, clocks: Mapping[str, tuple[int, int]]) -> None:
    for sid, name, section, line, _, _, maps, base, notes in SCENARIOS:
        start, end = clocks[sid]
        ctx.emit("Scenarios", {
            "scenario_id": sid, "name": name, "section": section, "rulebook_line": line,
            "start_turn": start, "end_turn": end, "maps": maps,
            "notes": join_notes(base and f"variant of {base}: its sheets hold the {base} rows of the units it does "
                                         "not list, then its own", notes),
        })


# Digest B2.5 quirks that no table row carries; each is noted with what the data does about it.
QUIRKS: tuple[Quirk, ...] = (
    (50, "purple hexsides 'on the SW map'", "read as map A (SE): 5.1a.2 says the Union works are printed on map A; "
                                             "which hexsides is not given (terrain.xlsx, from the map)"),
    (54, "woods to ignore 'lost in the .pdf version'", "not data: derive from the hexes in front of the works"),
    (162, "Johnston option: 8 hexes (3.1) vs 10 hexes (5.1b.1 L327)", "option prose, not imported; both kept in "
                                                                       "README"),
    (325, "'Wkr/M/H (Maney's brigade)'", "kept as printed: a brigade of Maney's division, ordered to Bate"),
    (371, "Bald Hill 'hex 17.19' in the objective prose", "VP rows follow the tables: 18.14 is Bald Hill, 17.19 "
                                                          "the dominating height"),
    (447, "Georgia Railroad 'not reflected in these totals'", "the 5 VP row of the table (L381) is kept; the "
                                                               "printed maximum 136 includes it"),
    (767, "stated maximum 124 (44)", "the table sums to 116 (36); table values kept, maximum not imported"),
    (901, "stated maximum 140 (60)", "the table sums to 141 (61); table values kept, maximum not imported"),
    (775, "'-2 For each corps supply unit lost' (side not stated)", "kept as printed on the Union-positive scale"),
    (789, "'-1 for each turn of delay after 4:00PM until Cleburne enters'", "kept as printed; the sign favours "
                                                                            "the Confederates for their own delay"),
    (811, "'See 5.1d.8'", "the optional units are those of 5.1d.7 (5.1d.8 is hidden deployment)"),
    (851, "'road exit at SE 19.20'", "SE = map A, but 19.20 is not an edge hex; prose, not imported"),
    (853, "heading '5.2c' reused in 5.3", "imported as scenario 5.3 victory points"),
    (975, "'See 5.1d.5'", "Thomas's help is 5.1d.4; 5.3d.2 not imported as rows (prose only)"),
    (1023, "panic demands: Sherman's sheet vs Johnston's/Hood's sheets", "conflicting counts; not imported, "
                                                                         "see README"),
    (615, "second Hardee roll stops at 9-11", "modified rolls above 11 have no printed result"),
    (667, "Garrard has orders but no setup hex", "no row; his division is placed only by 5.1d.1"),
    (285, "'1/4/16 and the accompanying artillery 16b(1) and 2/Cavb(2)'", "read as Sprague's 2/4/16, 4/16db(1) "
                                                                          "and 2/Cavb(2): in line, unentrenched"),
    (543, "'roll low or high with a die' has no thresholds", "table atl-cavalry-not-played keeps 'low'/'high'"),
    (681, "unclosed parenthesis in the 5.2b.1 cavalry label", "the printed label is a known group phrase"),
    (823, "'Army of Tennessee' names both the Confederate army and (in 5.1a/5.2a) the Union Army of the "
          "Tennessee", "group phrases are resolved per table: Union in 5.2a.1 L647"),
)
