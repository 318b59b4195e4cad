"""The classic hex-wargame family (odds CRT, movement factors, zones of control) as rules
over data, and the sequence of play a log shows.

A game declares the family in game.toml (`family = "classic"`); then the `movement` check
(`classic_move`) and the `combat` check (`classic_combat`) run its rules. Nothing here knows
a game: the numbers and procedures come from the game's folder —
- each unit's movement factor and strength (oob.xlsx, the player's layer), its movement class
  (the effects.xlsx Moves row named by its type, else by its symbol: design.md);
- the Terrain Effects Chart (effects.xlsx: Costs for movement, Combat for strengths);
- the combat chart (combat.xlsx) and what each result does (Combat Codes);
- the family's procedures in rules.xlsx Parameters: `zoc.enter` (`stop`: entering a hex next
  to an enemy unit ends the move), `zoc.leave` (`never`: a unit that begins next to an enemy
  may not move; `free`), `zoc.types` (the types exerting a zone; `all` or empty = all), `stacking.units`
  (units a hex may hold at the end of a move), `attack.mandatory` (`yes`), `sequence.first` (the side
  that moves first each turn); unit types that have no zone (`zoc.none`), that enemy zones do not
  affect (`zoc.unaffected`), that may not be attacked (`attack.immune`) — `;`-separated types, matched
  without case; the special rules of `classic_rules.py` (forced moves, arrivals, hexes no move
  may end in);
- the turn limit (the scenario's `end_turn`).

**The sequence of play as a log shows it.** Each turn one side moves, then attacks; then the
other side. A log has no phase marker for that (a community module may track turns only),
so the referee reads the portions from what happens: a portion of side S begins with
the first step that moves one of S's units from hex to hex after the other side's portion (or
at a new turn); it is S's movement until S's first roll on the combat table, then S's combat
until the other side moves. Removals (a counter deleted or taken off the map) do not start a
portion: either player may apply a result. A combat roll by the other side's player does (he
attacks without moving), with the steps he wrote just before it that changed nothing on the
board: the chat line declaring the attack is his.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamedata.cellref import CellRef, unit_cell
from gamedata.hexids import Hex
from gamedata.model import Game, RuleParameter, Unit
from gamedata.ruledata import cite, parameter_row
from gamedata.systems import symbol_for

from ..findings import Finding, Place, Severity

FAMILY = "classic"


def is_classic(game: Game | None) -> bool:
    """Whether the game declares the classic family (or is a stand-alone classic game)."""
    return game is not None and (game.family == FAMILY or game.system == FAMILY)


@dataclass(frozen=True)
class Said:
    """A parameter of the family's rules as the game's data gives it, with its rule."""

    value: str | float | None
    rule: str


def _said(row: RuleParameter | None, fallback: str) -> Said:
    if row is None:
        return Said(None, fallback)
    value = row.value.strip().casefold() if isinstance(row.value, str) else row.value
    return Said(value, cite(row.section, row.rulebook_line) if row.section else fallback)


@dataclass(frozen=True)
class Types:
    """A Parameters row listing unit types (`;`-separated, casefolded), with its rule."""

    value: frozenset[str]
    rule: str


def _types(game: Game, key: str) -> Types:
    row = parameter_row(game, key)
    said = _said(row, key)
    return Types(frozenset(t.strip().casefold() for t in str(said.value or "").split(";") if t.strip()), said.rule)


class Classic:
    """The classic family's rules of one game: parameters, units' values, zones of control."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.zoc_enter = _said(parameter_row(game, "zoc.enter"), "zones of control")
        self.zoc_leave = _said(parameter_row(game, "zoc.leave"), "zones of control")
        types = _said(parameter_row(game, "zoc.types"), "zones of control")
        self.zoc_types = frozenset(t.strip() for t in str(types.value or "").split(";")
                                   if t.strip() and t.strip().casefold() != "all")
        self.stacking = _said(parameter_row(game, "stacking.units"), "stacking")
        self.mandatory = _said(parameter_row(game, "attack.mandatory"), "combat")
        self.first_side = _said(parameter_row(game, "sequence.first"), "sequence of play")
        self.no_zone = _types(game, "zoc.none")
        self.unaffected = _types(game, "zoc.unaffected")
        self.immune = _types(game, "attack.immune")
        self._classes = {m.code.casefold(): m.code for m in game.move_classes}

    # -- units -----------------------------------------------------------------
    def move_class(self, unit: Unit) -> str | None:
        """The effects.xlsx Moves class a unit pays by: the one named as its type, else as its symbol
        (either without case)."""
        found = self._classes.get(unit.type.casefold())
        return found if found is not None else self._classes.get(symbol_for(unit.type).value)

    def ignores_zones(self, unit: Unit) -> bool:
        """Whether enemy zones of control do not affect the unit (`zoc.unaffected`)."""
        return unit.type.casefold() in self.unaffected.value

    def may_be_attacked(self, unit: Unit) -> bool:
        return unit.type.casefold() not in self.immune.value

    @staticmethod
    def movement(unit: Unit) -> float | None:
        value = getattr(unit, "movement", None)
        return None if value is None else float(value)

    def exerts_zone(self, unit: Unit) -> bool:
        return (not self.zoc_types or unit.type in self.zoc_types) and unit.type.casefold() not in self.no_zone.value

    def zone(self, view: Any, side: str, graph: Any) -> frozenset[Hex]:
        """The hexes next to units of the sides other than ``side`` that exert a zone of control."""
        out: set[Hex] = set()
        for u in view.units.values():
            if u.side != side and u.hex is not None and u.hex in graph and self.exerts_zone(u.unit):
                out.update(graph.neighbours(u.hex))
        return frozenset(out)

    @staticmethod
    def enemies_next_to(view: Any, hex_: Hex, side: str, graph: Any) -> list[Any]:
        if hex_ not in graph:
            return []
        return [o for n in graph.neighbours(hex_) for o in view.at(n) if o.side != side]

    def zones_on(self, view: Any, hex_: Hex, unit: Any, graph: Any) -> list[Any]:
        """The enemy units whose zone of control holds ``unit`` in ``hex_`` (none for a unit
        enemy zones do not affect)."""
        if self.ignores_zones(unit.unit):
            return []
        return [o for o in self.enemies_next_to(view, hex_, unit.side, graph) if self.exerts_zone(o.unit)]


def no_command_range(game: Game, label: str) -> list[Finding]:
    return [Finding("command", Severity.INFO, f"the classic family's rules ({game.name}) have no command ranges: "
                    "nothing to check (a game of the family that has them is not checked for them)",
                    "classic family", label)]


def no_supply_rule(game: Game, label: str) -> list[Finding]:
    return [Finding("supply", Severity.INFO, f"the classic family's rules ({game.name}) have no supply lines: "
                    "nothing to check (a game of the family that has them is not checked for them)",
                    "classic family", label)]


def value_cell(unit: Unit, column: str) -> CellRef:
    """The oob.xlsx cell to fill for a unit's counter value (in the player's layer, or the game's)."""
    where = f"{unit.origin.file}:{unit.origin.sheet}:{unit.origin.row}:{column}" if unit.origin else \
        f"oob.xlsx:Units:{column}"
    return unit_cell(unit.unit_id, column, unit.name, f"{where} ({unit.unit_id})")


def class_cell(unit_type: str) -> CellRef:
    """The effects.xlsx Moves row a unit type needs to move by."""
    return CellRef("effects.xlsx", "Moves", (("code", unit_type),), "", f"effects.xlsx:Moves: a row for {unit_type}",
                   f"the movement class of {unit_type} units")


def row_rule(row: Any) -> str:
    """How a finding cites an effects.xlsx Costs row: the section its notes begin with, and its line."""
    where = row.notes.split(":")[0] if row.notes else ""
    return cite(where or "Terrain Effects Chart", row.rulebook_line)


def place(view_unit: Any, hexids: Any, h: Hex | None = None) -> Place:
    """Where a unit is (or the hex ``h`` on its map), as findings name it."""
    target = view_unit.hex if h is None else h
    return Place(view_unit.map or "", hexids.format(target))


# ---------------------------------------------------------------- the sequence of play


@dataclass(frozen=True)
class Leg:
    """One move of a unit on the map: from hex ``a`` to hex ``b`` at ``step``."""

    step: int
    unit_id: str
    a: Hex
    b: Hex


@dataclass(frozen=True)
class Gone:
    """A unit taken off the map (deleted, or moved off every hex) at ``step``, from ``hex``."""

    step: int
    unit_id: str
    hex: Hex


@dataclass
class Portion:
    """One side's part of a turn as the log shows it: its steps from ``first`` to ``last``,
    the first roll on the combat table (``combat``: the combat stage begins), its moves and
    removals. ``carried``: the portion began in an earlier log."""

    turn: int | None
    side: str
    first: int
    last: int
    combat: int | None = None
    legs: list[Leg] = field(default_factory=list)
    gone: list[Gone] = field(default_factory=list)
    carried: bool = False

    def moving(self, step: int) -> bool:
        """Whether ``step`` is in the movement stage."""
        return self.combat is None or step < self.combat


@dataclass(frozen=True)
class Where:
    """Where the previous log left the sequence of play (carried to the next log)."""

    turn: int | None
    side: str
    combat: bool


def _turn(view: Any) -> int | None:
    turn = getattr(view, "turn", None)
    return getattr(turn, "id", None)


def read_portions(views: Any, steps: Sequence[Any], roll_steps: Iterable[int], sides: Sequence[str],
                  start: Where | None = None) -> list[Portion]:
    """The portions of a log, in order (see the module docstring); ``steps`` are the replay's
    steps (``side``, ``is_undo``, ``undoes``); ``roll_steps`` the steps with a combat-table roll.
    A move taken back by an undo is dropped with the undone step."""
    rolls = set(roll_steps)
    portions: list[Portion] = []
    current: Portion | None = None
    if start is not None:
        current = Portion(start.turn, start.side, 1, 0, 1 if start.combat else None, carried=True)
        portions.append(current)
    before = views.at(0)
    quiet: list[Any] = []         # the steps since the last that changed the board or rolled (chat...)
    for step in steps:
        i = step.index
        after = views.at(i)
        turn = _turn(after)
        if current is not None and turn is not None and current.turn is not None and turn != current.turn:
            current, quiet = None, []
        legs, gone = changes(before, after, i)
        if step.is_undo and step.undoes is not None:
            for p in portions:
                p.legs[:] = [leg for leg in p.legs if leg.step != step.undoes]
                p.gone[:] = [g for g in p.gone if g.step != step.undoes]
            legs, gone = [], []
        movers = {after.unit(leg.unit_id).side for leg in legs if after.unit(leg.unit_id) is not None}
        actor = next(iter(movers)) if len(movers) == 1 else None
        if actor is not None and (current is None or actor != current.side):
            current = Portion(turn, actor, i, i)
            portions.append(current)
        if i in rolls:
            roller = step.side if step.side in sides else None
            if current is None or (roller is not None and roller != current.side):
                # the roller's own steps just before it (the chat declaring the attack) are his
                first = i
                while quiet and quiet[-1].side == roller and quiet[-1].index == first - 1:
                    first = quiet.pop().index
                if current is not None and current.last >= first:
                    current.last = first - 1
                current = Portion(turn, roller or "", first, i)
                portions.append(current)
            if current.combat is None:
                current.combat = i
        if current is not None:
            current.last = i
            if current.turn is None:
                current.turn = turn
            current.legs.extend(legs)
            current.gone.extend(gone)
        quiet = [] if legs or gone or i in rolls else [*quiet, step]
        before = after
    return portions


def changes(before: Any, after: Any, step: int) -> tuple[list[Leg], list[Gone]]:
    legs, gone = [], []
    for uid, u in after.units.items():
        was = before.unit(uid)
        if was is u or was is None or was.hex is None:
            continue
        if u.hex is None:
            gone.append(Gone(step, uid, was.hex))
        elif u.hex != was.hex:
            legs.append(Leg(step, uid, was.hex, u.hex))
    for uid, was in before.units.items():
        if uid not in after.units and was.hex is not None:
            gone.append(Gone(step, uid, was.hex))
    return legs, gone


def where_left(portions: Sequence[Portion]) -> Where | None:
    if not portions:
        return None
    last = portions[-1]
    return Where(last.turn, last.side, last.combat is not None)


def names(units: Iterable[Any]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(u.name for u in units))


def by_id(units: Iterable[Any]) -> Mapping[str, Any]:
    return {u.unit_id: u for u in units}


def iter_units(view: Any, ids: Iterable[str]) -> Iterator[Any]:
    for uid in ids:
        u = view.unit(uid)
        if u is not None:
            yield u
