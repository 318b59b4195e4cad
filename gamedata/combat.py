"""Combat, fire and shock tables a user enters from the series' own charts, and one combat read on them.

The rulebooks bundled here do not print their series' combat charts, so the
game data has none: a user enters the chart they own in `combat.xlsx` (schemas
`combat-table`, `combat-column`, `combat-result`, `combat-modifier`). A table
finds its column from the two strengths (odds, rounded in the defender's favour
by the columns' starting values; a differential; or fire points alone), shifts
it by column-shift modifiers, adds die modifiers to the roll, and reads a result
that says what happens to each side: losses, retreat hexes, disorder, morale
checks, anything else as `effect` items. Conditions use the language of
`gamedata.conditions`; facts about the two sides are named `attacker.*` and
`defender.*` (``defender.terrain(woods)``, ``attacker.status(disordered)``).
Facts nobody knows are tried every way, as for die-roll tables.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from gamedata.conditions import UNKNOWN, Condition, ConditionError, Fact, Facts, Overlay, assignments, parse_condition
from gamedata.cellref import CellRef
from gamedata.hexids import Hex
from gamedata.model import CombatCode, CombatResultRow, CombatTable, TerrainCombat
from gamedata.rolls import (
    MAX_BRANCHES, NOT_PRINTED, Dice, Effect, Kind, RollSpec, parse_dice, parse_effect, parse_roll,
)
from gamedata.workbook import Row, Sheet

if TYPE_CHECKING:
    from gamedata.terrain import Terrain

NOT_ALLOWED = "not allowed"


class CombatError(ValueError):
    """A combat table entry that cannot be read."""


@dataclass(frozen=True)
class SideResult:
    """What a combat result does to one side."""

    loss: int = 0
    retreat: int = 0
    disorder: bool = False
    morale: str = ""
    eliminated: bool = False

    def __str__(self) -> str:
        parts = ["eliminated" if self.eliminated else "", f"loses {self.loss}" if self.loss else "",
                 f"retreats {self.retreat}" if self.retreat else "", "disordered" if self.disorder else "",
                 f"morale {self.morale}" if self.morale else ""]
        return ", ".join(p for p in parts if p) or "no effect"


@dataclass(frozen=True)
class Outcome:
    """What a result does to the units of a combat: each side, an exchange, the advance after
    combat (units per vacated hex), contact (everyone stays), and the code a defending hex of only
    ``only`` unit types takes instead (``only_as``)."""

    attacker: SideResult = SideResult()
    defender: SideResult = SideResult()
    exchange: bool = False
    advance: int = 0
    contact: bool = False
    only: tuple[str, ...] = ()
    only_as: str = ""
    effect: Effect = Effect()
    name: str = ""
    section: str = ""


@dataclass(frozen=True)
class Cell:
    roll: RollSpec
    column: str
    result: str
    outcome: Outcome
    row: CombatResultRow

    @property
    def attacker(self) -> SideResult:
        return self.outcome.attacker

    @property
    def defender(self) -> SideResult:
        return self.outcome.defender

    @property
    def effect(self) -> Effect:
        return self.outcome.effect


@dataclass(frozen=True)
class Shift:
    printed: str
    condition: str
    when: Condition
    amount: int
    shift: int


@dataclass(frozen=True)
class Column:
    label: str
    start: float


@dataclass(frozen=True)
class Combat:
    """A combat table ready to resolve combats with."""

    table_id: str
    name: str
    system: str
    kind: str
    dice: Dice
    columns: tuple[Column, ...]
    cells: tuple[Cell, ...]
    modifiers: tuple[Shift, ...]
    below_allowed: bool
    clamp: bool
    section: str = ""
    codes: Mapping[str, Outcome] = field(default_factory=dict)

    def cite(self) -> str:
        return f"{self.name} ({self.section})" if self.section else self.name

    def outcome(self, code: str) -> Outcome | None:
        """What a result code does, when the table's Combat Codes explain it."""
        return self.codes.get(code.strip())

    def value(self, attack: float, defend: float) -> float:
        """The number the columns are found by."""
        if self.kind == "odds":
            return attack / defend if defend else float("inf")
        if self.kind == "differential":
            return attack - defend
        if self.kind == "defender":
            return defend
        return attack

    def column_index(self, value: float) -> int | None:
        """The column a value falls in: the last one starting at or below it; None below the first
        when attacks there are not allowed."""
        found = None
        for index, column in enumerate(self.columns):
            if column.start <= value + 1e-9:
                found = index
        if found is None and self.below_allowed:
            return 0
        return found


def column_start(label: str) -> float:
    """3:1 -> 3, 1:2 -> 0.5, +2 -> 2, -1 -> -1, 7-9 -> 7, 10+ -> 10."""
    text = label.strip()
    if m := re.fullmatch(r"(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)", text):
        return float(m[1]) / float(m[2])
    if m := re.fullmatch(r"([+-]?\d+(?:\.\d+)?)(?:\s*(?:-|–|to)\s*\d+|\+| or more)?", text):
        return float(m[1])
    raise CombatError(f"column '{label}': no starting value (give 'from')")


_SIDE_FIELDS = ("loss", "retreat", "disorder", "morale", "eliminated")


def _side(row: CombatResultRow | CombatCode, who: str) -> SideResult | None:
    """One side's columns of a cell or code; None when all are empty (the code's apply)."""
    values = {k: getattr(row, f"{who}_{k}", None) for k in _SIDE_FIELDS}
    if all(v in (None, "") for v in values.values()):
        return None
    return SideResult(values["loss"] or 0, values["retreat"] or 0, bool(values["disorder"]), values["morale"] or "",
                      bool(values["eliminated"]))


def _code_outcome(code: CombatCode) -> Outcome:
    return Outcome(_side(code, "attacker") or SideResult(), _side(code, "defender") or SideResult(),
                   bool(code.exchange), code.advance or 0, bool(code.contact),
                   tuple(t.strip() for t in code.only.split(";") if t.strip()), code.only_as.strip(),
                   parse_effect(code.effect), code.name, code.section)


def _cell_outcome(row: CombatResultRow, codes: Mapping[str, Outcome]) -> Outcome:
    """A cell's outcome: its code's, with the side columns the cell fills instead."""
    base = codes.get(row.result.strip(), Outcome())
    attacker, defender = _side(row, "attacker"), _side(row, "defender")
    effect = parse_effect(row.effect)
    return replace(base, attacker=attacker or base.attacker, defender=defender or base.defender,
                   effect=effect if effect else base.effect)


def combat_of(table: CombatTable) -> Combat:
    """Parse a combat table; raises `CombatError` naming what is wrong."""
    try:
        dice = parse_dice(table.die, table.faces)
        columns = tuple(Column(c.column, c.start if c.start is not None else column_start(c.column))
                        for c in table.columns)
        codes = {c.code.strip(): _code_outcome(c) for c in table.codes}
        cells = tuple(Cell(parse_roll(r.roll), r.column, r.result, _cell_outcome(r, codes), r) for r in table.results)
        modifiers = tuple(Shift(m.modifier, m.condition, parse_condition(m.when), *_amounts(m.modifier, m.amount,
                                                                                            m.shift))
                          for m in table.modifiers)
    except (ValueError, ConditionError) as exc:
        raise CombatError(f"{table.table_id}: {exc}") from None
    if not columns:
        raise CombatError(f"{table.table_id}: no columns")
    return Combat(table.table_id, table.name, table.system, table.kind, dice, columns, cells, modifiers,
                  table.below.strip().casefold() == "first column", table.clamp, table.section, codes)


def filled(tables: Sequence[CombatTable]) -> tuple[Combat, ...]:
    """The combat tables that can be read: a template not filled in yet (no columns or no results:
    `validate` warns) is left out, so no roll is read against it."""
    return tuple(combat_of(t) for t in tables if t.columns and t.results and t.kind and t.die)


def _amounts(printed: str, amount: int | None, shift: int | None) -> tuple[int, int]:
    if amount is None and shift is None:
        if re.fullmatch(r"[+-]?\d+", printed.strip()):
            return int(printed), 0
        raise ConditionError(f"modifier '{printed}': give its amount (die) or shift (columns)")
    return amount or 0, shift or 0


@dataclass(frozen=True)
class Resolution:
    """One way a combat reads: what unknown facts were assumed, the column, modifiers, total, cell."""

    assumed: tuple[tuple[Fact, object], ...]
    column: str | None           # None: below the first column, where no attack is allowed
    shifts: tuple[Shift, ...]
    total: int
    cell: Cell | None            # None: not printed (or no column)

    @property
    def result(self) -> str:
        if self.column is None:
            return NOT_ALLOWED
        return self.cell.result if self.cell is not None else NOT_PRINTED


@dataclass(frozen=True)
class CombatReading:
    combat: Combat
    attack: float
    defend: float
    dice: tuple[int, ...]
    ways: tuple[Resolution, ...]
    unknown: tuple[Fact, ...]

    @property
    def determined(self) -> bool:
        return len({(w.result, w.cell and (w.cell.attacker, w.cell.defender)) for w in self.ways}) == 1

    @property
    def way(self) -> Resolution:
        return self.ways[0]

    def describe(self) -> str:
        odds = {"odds": f"{_n(self.attack)}:{_n(self.defend)}", "differential": f"{_n(self.attack)} vs {_n(self.defend)}",
                "points": f"{_n(self.attack)} points", "defender": f"defender {_n(self.defend)}"}[self.combat.kind]
        dice = "+".join(map(str, self.dice))
        if not self.determined:
            results = " or ".join(dict.fromkeys(w.result for w in self.ways))
            return (f"{odds}, roll {dice} -> {results}, depending on {', '.join(map(str, self.unknown))} "
                    f"(not known at this step)")
        w = self.way
        if w.column is None:
            return f"{odds}: below the first column, {NOT_ALLOWED}"
        mods = ", ".join(f"{s.printed} {s.condition}" for s in w.shifts)
        return f"{odds} -> column {w.column}, roll {dice}{f' ({mods})' if mods else ''} = {w.total} -> {w.result}"


def _n(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _cell(combat: Combat, column: str, total: int) -> Cell | None:
    """The column's cell for ``total``; beyond the printed rows the nearest end when the table
    clamps, else none (not printed)."""
    cells = [c for c in combat.cells if c.column == column]
    for c in cells:
        if c.roll.matches(total):
            return c
    bounded = [c for c in cells if c.roll.kind is Kind.VALUES]
    if not combat.clamp or not bounded:
        return None
    lowest = min(bounded, key=lambda c: c.roll.low if c.roll.low is not None else -10**6)
    highest = max(bounded, key=lambda c: c.roll.high if c.roll.high is not None else 10**6)
    return lowest if lowest.roll.low is not None and total < lowest.roll.low else highest


def _resolve(combat: Combat, attack: float, defend: float, natural: int, facts: Facts,
             assumed: tuple[tuple[Fact, object], ...]) -> Resolution:
    applied = tuple(m for m in combat.modifiers if m.when.evaluate(facts) is True)
    total = natural + sum(m.amount for m in applied)
    index = combat.column_index(combat.value(attack, defend))
    if index is None:
        return Resolution(assumed, None, applied, total, None)
    index = max(0, min(len(combat.columns) - 1, index + sum(m.shift for m in applied)))
    column = combat.columns[index].label
    return Resolution(assumed, column, applied, total, _cell(combat, column, total))


def resolve(combat: Combat, attack: float, defend: float, dice: Sequence[int], facts: Facts) -> CombatReading:
    """Read one combat: strengths ``attack`` and ``defend`` (``defend`` unused for fire points)."""
    conditions = [m.when for m in combat.modifiers]
    needed = tuple(dict.fromkeys(f for c in conditions for f in c.facts()))
    unknown = tuple(f for f in needed if facts.value(f) is UNKNOWN)
    tried = assignments(conditions, unknown, MAX_BRANCHES) or [()]
    ways = tuple(_resolve(combat, attack, defend, sum(dice), Overlay(facts, dict(a)), a) for a in tried)
    return CombatReading(combat, attack, defend, tuple(dice), ways, unknown)


# ---------------------------------------------------------------- strengths with the terrain


@dataclass(frozen=True)
class Fighter:
    """A unit in a combat: its face-value strength, type and hex."""

    name: str
    type: str
    hex: Hex
    strength: float


@dataclass(frozen=True)
class Totals:
    """The two sides' strengths after the terrain's combat effects (effects.xlsx Combat): each
    effect applied in words with its rule (``notes``); ``missing`` names the terrain cells left
    unknown (the totals then hold the effects that could be decided)."""

    attack: float
    defend: float
    notes: tuple[str, ...] = ()
    missing: tuple[CellRef, ...] = ()


def _cite(row: TerrainCombat) -> str:
    where = ", ".join(p for p in (row.section and str(row.section), row.rulebook_line and f"L{row.rulebook_line}") if p)
    return f" ({where})" if where else ""


def _excepted(row: TerrainCombat, fighter: Fighter) -> bool:
    return fighter.type in {t.strip() for t in row.except_.split(";") if t.strip()}


def totals(attackers: Sequence[Fighter], defenders: Sequence[Fighter], effects: Sequence[TerrainCombat],
           terrain: Terrain) -> Totals:
    """Attack and defence totals of one combat: face values, then each terrain row — a hex's
    terrain for the side's units in it (once per hex, or per unit), a hexside feature between an
    attacker and a defender it attacks (per unit, once per row; ``from`` = marked: only from the hex
    the feature's Hexsides row is written from). A unit never goes below 0."""
    notes: list[str] = []
    missing: list[CellRef] = []
    kinds = {t.code: t.applies for t in terrain.types.values()}
    hexids = terrain.hexids
    side_of = {"attacker": attackers, "defender": defenders}
    other_of = {"attacker": defenders, "defender": attackers}
    unit_change: dict[tuple[str, int], float] = {}
    hex_change: dict[str, float] = {"attacker": 0.0, "defender": 0.0}

    def hex_codes(h: Hex) -> tuple[str, ...] | None:
        t = terrain.hex(h)
        if t is None:
            missing.append(terrain.hex_cell(h, f"terrain.xlsx:Hexes: terrain of {hexids.format(h)}"))
            return None
        return t.terrain

    def crosses(row: TerrainCombat, a: Hex, b: Hex, attacker_hex: Hex) -> bool:
        side = terrain.hexside(a, b)
        if side is None:
            missing.append(terrain.side_cell(a, b, f"terrain.xlsx:Hexsides: {hexids.format(a)}|{hexids.format(b)}"))
            return False
        if row.terrain not in side.features:
            return False
        marked = side.a == hexids.canonical(attacker_hex)
        return not row.from_ or (row.from_ == "marked") == marked

    for row in effects:
        applies = kinds.get(row.terrain)
        for who, mine in side_of.items():
            if row.side != who:
                continue
            if applies == "hex":
                by_hex: dict[Hex, list[tuple[int, Fighter]]] = {}
                for i, f in enumerate(mine):
                    by_hex.setdefault(f.hex, []).append((i, f))
                for h, here in by_hex.items():
                    codes_here = hex_codes(h)
                    counted = [(i, f) for i, f in here if not _excepted(row, f)]
                    if not codes_here or row.terrain not in codes_here or not counted:
                        continue
                    if row.per == "hex":
                        hex_change[who] += row.amount
                        notes.append(f"{_signed(row.amount)} {row.terrain} to the {who}'s total in "
                                     f"{hexids.format(h)}{_cite(row)}")
                    else:
                        for i, f in counted:
                            unit_change[who, i] = unit_change.get((who, i), 0.0) + row.amount
                            notes.append(f"{_signed(row.amount)} {f.name} in {row.terrain}{_cite(row)}")
            elif applies == "hexside":
                done: set[Hex] = set()
                for i, f in enumerate(mine):
                    if _excepted(row, f) or (row.per == "hex" and f.hex in done):
                        continue
                    facing = [o.hex for o in other_of[who] if o.hex in hexids.neighbours(f.hex)]
                    attacker_hex = (lambda o: f.hex) if who == "attacker" else (lambda o: o)
                    if any(crosses(row, f.hex, o, attacker_hex(o)) for o in dict.fromkeys(facing)):
                        if row.per == "hex":
                            hex_change[who] += row.amount
                            done.add(f.hex)
                        else:
                            unit_change[who, i] = unit_change.get((who, i), 0.0) + row.amount
                        notes.append(f"{_signed(row.amount)} {f.name} across {row.terrain}"
                                     f"{' from its marked side' if row.from_ == 'marked' else ''}{_cite(row)}")

    def total(who: str) -> float:
        units = sum(max(0.0, f.strength + unit_change.get((who, i), 0.0)) for i, f in enumerate(side_of[who]))
        return max(0.0, units + hex_change[who])

    return Totals(total("attacker"), total("defender"), tuple(notes), tuple(dict.fromkeys(missing)))


def _signed(x: float) -> str:
    return f"{'+' if x >= 0 else ''}{_n(x)}"


# ---------------------------------------------------------------- checking combat.xlsx


def _rows(sheets: dict[str, Sheet], name: str) -> tuple[Row, ...]:
    sheet = sheets.get(name)
    return sheet.rows if sheet else ()


def combat_warnings(sheets: dict[str, Sheet]) -> Iterator[tuple[str, Row, str, str]]:
    """(sheet, row, column, message) for a combat table not filled in yet (a template)."""
    for row in _rows(sheets, "Combat Tables"):
        tid = str(row.get("table_id"))
        empty = [name for name in ("kind", "die") if not row.get(name)] + [
            name for name in ("Combat Columns", "Combat Results")
            if not any(str(r.get("table_id")) == tid for r in _rows(sheets, name))]
        if empty:
            yield "Combat Tables", row, "table_id", (f"{tid}: {', '.join(empty)} not entered yet: no roll is read "
                                                    "against it until your chart is entered")


def combat_problems(sheets: dict[str, Sheet]) -> Iterator[tuple[str, Row, str, str]]:
    """(sheet, row, column, message) for every combat.xlsx cell that does not read."""
    tables = {str(r.get("table_id")): r for r in _rows(sheets, "Combat Tables")}
    columns: dict[str, set[str]] = {}
    for row in (r for r in _rows(sheets, "Combat Tables") if r.get("die")):
        try:
            parse_dice(str(row.get("die") or ""), str(row.get("faces") or ""))
        except ValueError as exc:
            yield "Combat Tables", row, "faces" if row.get("faces") else "die", str(exc)
        below = str(row.get("below") or "").strip().casefold()
        if below not in ("", NOT_ALLOWED, "first column"):
            yield "Combat Tables", row, "below", "below is 'not allowed' or 'first column'"
    for row in _rows(sheets, "Combat Columns"):
        tid, label = str(row.get("table_id")), str(row.get("column"))
        if tid not in tables:
            yield "Combat Columns", row, "table_id", f"unknown combat table '{tid}'"
        columns.setdefault(tid, set()).add(label)
        if row.get("from") is None:
            try:
                column_start(label)
            except CombatError as exc:
                yield "Combat Columns", row, "from", str(exc)
    codes: dict[str, set[str]] = {}
    for row in _rows(sheets, "Combat Codes"):
        tid, code = str(row.get("table_id")), str(row.get("code")).strip()
        if tid not in tables:
            yield "Combat Codes", row, "table_id", f"unknown combat table '{tid}'"
        if code in codes.get(tid, set()):
            yield "Combat Codes", row, "code", f"code '{code}' is explained twice for {tid}"
        codes.setdefault(tid, set()).add(code)
        try:
            parse_effect(str(row.get("effect") or ""))
        except ValueError as exc:
            yield "Combat Codes", row, "effect", str(exc)
    for row in _rows(sheets, "Combat Codes"):
        tid, also = str(row.get("table_id")), str(row.get("only_as") or "").strip()
        if also and also not in codes.get(tid, set()):
            yield "Combat Codes", row, "only_as", f"'{also}' is not a code of {tid} (Combat Codes)"
        if bool(also) != bool(str(row.get("only") or "").strip()):
            yield "Combat Codes", row, "only_as" if not also else "only", "only and only_as go together"
    sides = [f"{who}_{k}" for who in ("attacker", "defender") for k in ("loss", "retreat", "disorder", "morale")]
    for row in _rows(sheets, "Combat Results"):
        tid = str(row.get("table_id"))
        if tid not in tables:
            yield "Combat Results", row, "table_id", f"unknown combat table '{tid}'"
        elif str(row.get("column")) not in columns.get(tid, set()):
            yield "Combat Results", row, "column", f"column '{row.get('column')}' is not in Combat Columns for {tid}"
        if (codes.get(tid) and str(row.get("result")).strip() not in codes[tid]
                and all(row.get(c) in (None, "") for c in sides)):
            yield ("Combat Results", row, "result", f"'{row.get('result')}' is not a code of {tid} (Combat Codes) "
                   "and the cell says nothing of what it does")
        for column, parse in (("roll", parse_roll), ("effect", parse_effect)):
            try:
                parse("" if row.get(column) is None else str(row.get(column)))
            except ValueError as exc:
                yield "Combat Results", row, column, str(exc)
    for row in _rows(sheets, "Combat Modifiers"):
        if str(row.get("table_id")) not in tables:
            yield "Combat Modifiers", row, "table_id", f"unknown combat table '{row.get('table_id')}'"
        try:
            parse_condition(str(row.get("when") or ""))
            _amounts(str(row.get("modifier")), row.get("amount"), row.get("shift"))
        except ConditionError as exc:
            yield "Combat Modifiers", row, "amount" if "modifier" in str(exc) else "when", str(exc)
