"""Importer for Into the Woods: The Battle of Shiloh (GBACW): rulebook tables -> workbooks.

Reads every setup and reinforcement table of the ten scenarios (declared in
`into_the_woods_specs`), derives the order of battle from them, expands formation
rows, applies the table notes, adds the scenarios the text defines by reference
(30.11 optional setups, the Day Two Variant, Scenario 10's Union setup), and the
die-roll and victory tables (`into_the_woods_charts`). Every printed row is kept
or rejected in the import report with its line.
"""
from __future__ import annotations

from gamedata.import_kit.chart import emit_chart, emit_facts
from gamedata.import_kit.context import ImportContext
from gamedata.importers.into_the_woods import terrain as terrain
from gamedata.importers.into_the_woods import charts as charts
from gamedata.importers.into_the_woods.names import unit_id
from gamedata.importers.into_the_woods.oob import Oob, build_oob
from gamedata.importers.into_the_woods.read import read_table
from gamedata.importers.into_the_woods.records import Record, finish, records
from gamedata.importers.into_the_woods.scenarios import SCENARIOS, Lists, derive
from gamedata.importers.into_the_woods.readings import READINGS  # noqa: F401 - read by the import run
from gamedata.importers.into_the_woods.specs import PLACEMENTS, TABLES
from gamedata.workbook import Cell

GAME_ID = "into-the-woods-shiloh"
TITLE = "INTO THE WOODS"  # in the rulebook's first lines: refuses another game's rulebook
#: "Two ten-sided dice" read 0-9 (BB 2.0): every table's rolls run 0-9.
DIE_FACES = "0-9"

# Hexes the rulebook names (digest §1.2), for the gazetteer sheet.
NAMED_HEXES = (
    ("S2706", "Shiloh Church", 1387), ("S2905", "Sherman's HQ", 1387), ("S1401", "Owl Creek bridge area", 1389),
    ("S2902", "Hamburg-Purdy/Corinth Road crossroads", 1362), ("S4210", ("Hamburg-Purdy/Eastern Corinth Road "
     "crossroads"), 1363), ("S4202", "crossroads", 1393), ("S3604", "Review Field", 1401),
    ("S3609", "Lost Field", 1403), ("S2604", "Ben Howell field", 1405), ("N3801", "Snake Creek Bridge", 3257),
    ("N6420", "Pittsburg Landing landing hex", 969), ("N6423", "Pittsburg Landing landing hex", 969),
    ("S1234", "Corinth Road entry hex", 1100), ("S2410", "Marsh-Stream", 291), ("S2509", "Marsh-Stream", 291),
    ("S2610", "Marsh-Stream, Shiloh Branch in-hex bridge", 291), ("N3434", "McClernand's headquarters", 2206),
    ("N3233", "Marsh regimental camp", 2206), ("N3331", "Marsh regimental camp", 2206),
    ("N3329", "Marsh regimental camp", 2206), ("N3428", "Marsh regimental camp", 2206),
    ("S1602", "McDowell's camp", 783), ("S1702", "McDowell's camp", 783), ("S2101", "McDowell's camp/HQ", 783),
    ("S2103", "McDowell's camp", 783), ("S1903", "McDowell's artillery camp", 783),
    ("S5313", "Stuart's camp", 783), ("S5614", "Stuart's camp", 783), ("S5712", "Stuart's camp/HQ", 783),
    ("S5714", "Stuart's camp", 783), ("S3514", "25 MO camp", 1224), ("S4515", "Prentiss HQ", 1224),
    ("S3715", "12 MI camp", 1225), ("S4218", "18 MO camp", 1225), ("S3916", "21 MO camp", 1226),
    ("S4418", "61 IL camp", 1226), ("S4117", "16 WI camp", 1227), ("S4617", "18 WI camp", 1227),
    ("S4215", "Hickenlooper camp", 1228), ("S4315", "Munch camp", 1228),
    ("S5512", "crossroads", 3079), ("N5029", "Corinth-Pittsburg Road crossroads", 1637),
)


def build(ctx: ImportContext) -> None:
    """Fill `ctx.sheets` with the OOB, scenarios, tables and gazetteer of the game."""
    turns = {(t["date"], t["label"]): int(t["id"]) for t in ctx.definition.get("turns", ())}
    missing = [f"{date} {label}" for s in SCENARIOS for date, label in (s.start, s.end) if (date, label) not in turns]
    if missing:
        raise ValueError(f"game.toml: the turn track has no turn {', '.join(sorted(set(missing)))}")
    parsed = [(table, read_table(table, ctx.book, ctx.overrides, ctx.report)) for table in TABLES]
    oob = build_oob(parsed, ctx.report)
    lists = Lists({}, {})
    for table, rows in parsed:
        made = records(table, rows, oob, turns, ctx.hexids, ctx.report)
        if table.kind == "setup" and not table.condition:
            lists.setup.setdefault(table.scenario, []).extend(made)
        else:
            lists.reinf.setdefault(table.scenario, []).extend(made)
    for placement in PLACEMENTS:
        lists.setup[placement.scenario].extend(
            {"unit_id": unit_id(placement.side, name), "location": None, "constraint": placement.constraint,
             "facing": None, "strength": None, "status": list(placement.status), "orders": None,
             "notes": [placement.note], "rulebook_line": placement.line} for name in placement.names)
    derive(lists, oob, turns)
    _emit_oob(ctx, oob)
    for scenario in SCENARIOS:
        sid = scenario.scenario_id
        ctx.emit("Scenarios", {"scenario_id": sid, "name": scenario.name, "section": scenario.section,
                               "rulebook_line": scenario.rulebook_line, "start_turn": turns[scenario.start],
                               "end_turn": turns[scenario.end], "maps": scenario.maps,
                               "notes": scenario.notes or None})
        for record in lists.setup.get(sid, []):
            ctx.emit(f"{sid} Setup", _cells(finish(record)))
        for record in lists.reinf.get(sid, []):
            ctx.emit(f"{sid} Reinf", _cells(finish(record)))
    _emit_charts(ctx)
    for hex_id, name, line in NAMED_HEXES:
        ctx.emit("Names", {"map": hex_id[0], "hex": hex_id, "name": name, "source": "rulebook text",
                           "rulebook_line": line})
    emit_facts(ctx, "terrain", terrain.FACTS)
    emit_chart(ctx, "terrain-effects", terrain.KINDS, terrain.MOVES, terrain.PRINTED, terrain.IMPLIED, terrain.GRID)


def _cells(record: Record) -> dict[str, Cell]:
    return {k: v for k, v in record.items() if v is None or isinstance(v, (str, int, float, bool))}


def _emit_oob(ctx: ImportContext, oob: Oob) -> None:
    for unit in oob.units:
        ctx.emit("Units", {"unit_id": unit.unit_id, "side": unit.side, "name": unit.name, "type": unit.type,
                           "size": unit.size or None, "command": unit.command or None,
                           "formation": unit.command or None, "strength": None, "manpower": None, "morale": None,
                           "ratings": None, "counter_text": None, "notes": unit.notes or None})
    for f in oob.formations:
        ctx.emit("Formations", {"formation_id": f.formation_id, "side": f.side, "name": f.name, "level": f.level,
                                "parent": f.parent or None, "leader": f.leader or None})


def _emit_charts(ctx: ImportContext) -> None:
    for t in charts.TABLES:
        ctx.emit("Tables", {"table_id": t.table_id, "name": t.name, "die": t.die, "faces": DIE_FACES,
                            "purpose": t.purpose, "section": t.section, "scenario_id": t.scenario_id or None,
                            "rulebook_line": t.line})
    for r in charts.ALL_ROWS:
        ctx.emit("Rows", {"table_id": r.table_id, "roll": r.roll, "result": r.result, "rulebook_line": r.line})
    for m in charts.MODIFIERS:
        ctx.emit("Modifiers", {"table_id": m.table_id, "modifier": m.modifier, "condition": m.condition,
                               "rulebook_line": m.line})
    variants = {"S1": ("S1", "S1-GD", "S1-TLF", "S1-LW")}
    for v in charts.VPS:
        for sid in variants.get(v.scenario_id, (v.scenario_id,)):
            ctx.emit("VP", {"scenario_id": sid, "item": v.item, "location": v.location or None,
                            "turn": v.turn or None, "points": v.points, "side": v.side or None,
                            "notes": v.notes or None, "rulebook_line": v.line})
    for level in charts.LEVELS:
        for sid in variants.get(level.scenario_id, (level.scenario_id,)):
            ctx.emit("Levels", {"scenario_id": sid, "low": level.low, "high": level.high, "result": level.result,
                                "rulebook_line": level.line})
