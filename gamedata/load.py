"""Read a game folder (`game.toml` + workbooks) into a `Game`: validated first
(`gamedata.validate`), then built into the frozen model.

The folder's layout (which file holds which sheets, which schema a sheet's rows follow) is
`gamedata.folder`, below the validator; its names are imported here too, for the readers that
take them from the loader.
"""
from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path
from typing import Any, TypeVar

from gamedata.folder import (  # noqa: F401 - the layout, for readers that import it from the loader
    EFFECTS_FILE, GAME_FILE, OOB_FILE, RULES_FILE, SCENARIOS_FILE, TERRAIN_FILE, USER_WORKBOOKS, WORKBOOKS,
    GameDataError, columns, map_defs, read_game_toml, reinf_sheet, schema, setup_sheet,
)
from gamedata.model import (
    Area, ChatClock, CombatCode, CombatColumn, CombatModifier, CombatResultRow, CombatTable, DiceDef, DiceMapping,
    DieRollTable, Formation, ActivationRule, ChainRule, CommandRange, RuleParameter, Game, GameMarker, ImpliedFeature, LegendEntry, LegendSample, MoveClass, NamedHex, PhaseDef,
    ReinforcementRow, Scenario, SetupRow, SheetRow, SpecialHex, Status, TableRow, TerrainCost,
    TerrainCombat, TerrainHex, TerrainHexside, TerrainType, TurnDef, Unit, UnitType, VictoryLevel, VPTable,
)
from gamedata.validate import check_folder
from gamedata.workbook import Sheet

T = TypeVar("T")


def load_game(folder: Path | str) -> Game:
    """Load a validated game; raise GameDataError with every problem otherwise."""
    folder = Path(folder)
    problems, data = check_folder(folder)
    errors = [p for p in problems if p.is_error]
    if errors:
        raise GameDataError(errors, folder)
    return replace(build_game(data.definition, data.sheets), scenario_rules=data.rules)


def _records(sheets: dict[str, Sheet], name: str) -> list[dict[str, Any]]:
    sheet = sheets.get(name)
    return [dict(row.values) for row in sheet.rows] if sheet else []


def _located(cls: type[T], sheets: dict[str, Sheet], file: str, name: str) -> tuple[T, ...]:
    """A sheet's records, each carrying its file, sheet and spreadsheet row number."""
    sheet = sheets.get(name)
    rows = sheet.rows if sheet else ()
    return tuple(_record(cls, dict(row.values), origin=SheetRow(row.file or file, name, row.number)) for row in rows)


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def build_game(d: dict[str, Any], sheets: dict[str, Sheet]) -> Game:
    """Turn a checked definition and its sheets into the frozen model."""
    return Game(
        id=d["id"], name=d["name"], system=d["system"], rulebook=d["rulebook"], sides=tuple(d["sides"]),
        maps=map_defs(d), family=d.get("family", ""),
        order_of_battle=d.get("order_of_battle", "rulebook"),
        areas=tuple(Area(a["code"], a["name"], tuple(a["hexes"])) for a in d.get("areas", ())),
        turns=tuple(TurnDef(t["id"], t.get("date", ""), t["label"], t.get("hour", ""), t.get("night", False))
                    for t in d.get("turns", ())),
        phases=tuple(PhaseDef(x["name"], x.get("side", ""), x.get("section", ""), x.get("rulebook_line"))
                     for x in d.get("phases", ())),
        chat_clock=ChatClock(**d["chat_clock"]) if "chat_clock" in d else None,
        dice=tuple(DiceDef(x["purpose"], x["dice"], x["sides"], x.get("faces", "")) for x in d.get("dice", ())),
        unit_types=tuple(UnitType(x["code"], x["name"]) for x in d.get("unit_types", ())),
        statuses=tuple(Status(x["code"], x["name"], tuple(x.get("levels", ())), x.get("marker", ""),
                              tuple(x.get("markers", {}).items())) for x in d.get("statuses", ())),
        formations=tuple(_record(Formation, f) for f in _records(sheets, "Formations")),
        units=_located(Unit, sheets, OOB_FILE, "Units"),
        scenarios=tuple(_scenario(s, sheets) for s in _records(sheets, "Scenarios")),
        tables=_die_tables(sheets),
        vp=tuple(_record(VPTable, v) for v in _records(sheets, "VP")),
        levels=tuple(_record(VictoryLevel, v) for v in _records(sheets, "Levels")),
        named_hexes=tuple(_record(NamedHex, n) for n in _records(sheets, "Names")),
        terrain_hexes=_located(TerrainHex, sheets, TERRAIN_FILE, "Hexes"),
        terrain_hexsides=_located(TerrainHexside, sheets, TERRAIN_FILE, "Hexsides"),
        notes=tuple(d.get("notes", ())),
        dice_map=tuple(DiceMapping(**x) for x in d.get("referee", {}).get("dice", ())),
        combat=_combat_tables(sheets),
        markers=tuple(GameMarker(x["name"], x.get("note", "")) for x in d.get("markers", ())),
        terrain_specials=_located(SpecialHex, sheets, TERRAIN_FILE, "Specials"),
        legend=_located(LegendEntry, sheets, TERRAIN_FILE, "Legend"),
        samples=_located(LegendSample, sheets, TERRAIN_FILE, "Samples"),
        terrain_types=tuple(_record(TerrainType, t) for t in _records(sheets, "Terrain")),
        move_classes=tuple(_record(MoveClass, m) for m in _records(sheets, "Moves")),
        terrain_costs=_located(TerrainCost, sheets, EFFECTS_FILE, "Costs"),
        implied_features=tuple(_record(ImpliedFeature, i) for i in _records(sheets, "Implied")),
        terrain_combat=_terrain_combat(sheets),
        rule_parameters=_located(RuleParameter, sheets, RULES_FILE, "Parameters"),
        command_ranges=_located(CommandRange, sheets, RULES_FILE, "Ranges"),
        chain_rules=_located(ChainRule, sheets, RULES_FILE, "Chain"),
        activation_rules=_located(ActivationRule, sheets, RULES_FILE, "Activation"),
    )


_KEEP_TYPE = {"manpower", "movement", "rulebook_line", "start_turn", "end_turn", "low", "high", "elevation",
              "sides_complete", "confidence", "reviewed", "contours", "cost", "factor", "prohibited", "range", "adjacent",
              "limit", "value", "amount", "attacker_eliminated", "attacker_loss", "attacker_retreat", "attacker_disorder",
              "defender_eliminated", "defender_loss", "defender_retreat", "defender_disorder", "exchange", "advance",
              "contact"}


def _record(cls: type[T], row: dict[str, Any], **extra: Any) -> T:
    """Build a model record from a row: its fields by name; text fields '' when empty."""
    values: dict[str, Any] = {}
    for f in fields(cls):  # type: ignore[arg-type]
        if f.name in extra:
            values[f.name] = extra[f.name]
        elif f.name in row:
            value = row[f.name]
            values[f.name] = value if f.name in _KEEP_TYPE else _text(value)
    return cls(**values)


def _scenario(s: dict[str, Any], sheets: dict[str, Sheet]) -> Scenario:
    sid = s["scenario_id"]
    return _record(
        Scenario, s,
        setup=_located(SetupRow, sheets, SCENARIOS_FILE, setup_sheet(sid).name),
        reinforcements=_located(ReinforcementRow, sheets, SCENARIOS_FILE, reinf_sheet(sid).name),
    )


def _combat_tables(sheets: dict[str, Sheet]) -> tuple[CombatTable, ...]:
    """combat.xlsx, when the game has one: each table with its columns, results and modifiers."""
    def mine(name: str, table_id: str) -> list[dict[str, Any]]:
        return [r for r in _records(sheets, name) if r["table_id"] == table_id]

    text = _text
    tables = []
    results_sheet = sheets.get("Combat Results")
    origins = {id(row): SheetRow(row.file or "combat.xlsx", "Combat Results", row.number)
               for row in (results_sheet.rows if results_sheet else ())}
    result_rows = [(dict(row.values), origins[id(row)]) for row in (results_sheet.rows if results_sheet else ())]
    codes_sheet = sheets.get("Combat Codes")
    code_rows = [(dict(row.values), SheetRow("combat.xlsx", "Combat Codes", row.number))
                 for row in (codes_sheet.rows if codes_sheet else ())]
    for t in _records(sheets, "Combat Tables"):
        tid = t["table_id"]
        tables.append(CombatTable(
            table_id=tid, name=t["name"], system=t["system"], kind=text(t.get("kind")), die=text(t.get("die")), faces=text(t.get("faces")),
            below=text(t.get("below")), clamp=bool(t.get("clamp")), section=text(t.get("section")),
            notes=text(t.get("notes")),
            columns=tuple(CombatColumn(text(c["column"]), c.get("from")) for c in mine("Combat Columns", tid)),
            results=tuple(CombatResultRow(
                roll=text(r["roll"]), column=text(r["column"]), result=r["result"],
                **{f"{who}_{k}": r.get(f"{who}_{k}") for who in ("attacker", "defender")
                   for k in ("loss", "retreat", "disorder")},
                attacker_morale=text(r.get("attacker_morale")), defender_morale=text(r.get("defender_morale")),
                effect=text(r.get("effect")), source=text(r.get("source")), origin=origin)
                for r, origin in result_rows if r["table_id"] == tid),
            modifiers=tuple(CombatModifier(text(m["modifier"]), m["condition"], text(m.get("when")), m.get("amount"),
                                           m.get("shift"), text(m.get("source")))
                            for m in mine("Combat Modifiers", tid)),
            codes=tuple(_record(CombatCode, r, origin=origin) for r, origin in code_rows if r["table_id"] == tid),
        ))
    return tuple(tables)


def _terrain_combat(sheets: dict[str, Sheet]) -> tuple[TerrainCombat, ...]:
    """effects.xlsx Combat (`from` and `except` are Python words: the model calls them from_, except_)."""
    sheet = sheets.get("Combat")
    return tuple(_record(TerrainCombat, {**row.values, "from_": row.values.get("from"),
                                         "except_": row.values.get("except")},
                         origin=SheetRow(EFFECTS_FILE, "Combat", row.number)) for row in (sheet.rows if sheet else ()))


def _die_tables(sheets: dict[str, Sheet]) -> tuple[DieRollTable, ...]:
    """Tables with their result rows, then their modifiers (as rows with `modifier` set)."""
    rows: dict[str, list[TableRow]] = {}
    for r in _records(sheets, "Rows"):
        rows.setdefault(r["table_id"], []).append(TableRow(
            roll=_text(r["roll"]), result=r["result"], rulebook_line=r.get("rulebook_line"),
            when=_text(r.get("when")), effect=_text(r.get("effect"))))
    for r in _records(sheets, "Modifiers"):
        rows.setdefault(r["table_id"], []).append(TableRow(
            roll="", result=r["condition"], modifier=_text(r["modifier"]), rulebook_line=r.get("rulebook_line"),
            when=_text(r.get("when")), amount=_text(r.get("amount"))))
    return tuple(_record(DieRollTable, t, rows=tuple(rows.get(t["table_id"], ()))) for t in _records(sheets, "Tables"))
