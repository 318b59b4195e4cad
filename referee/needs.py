"""What the checks need that a game's data leaves empty, grouped by the check it unlocks
(`adjutant to-fill`).

For a game alone, the cells are read off its data: every leader whose command range no row
gives, every rule parameter left empty, every chart cost of the classes the traces pay, the
places the rulebook names without their hex, the unit strengths and the combat chart the
combat check reads, and the hexes without terrain. For a log, they are the cells its
not-checked findings carry (`Finding.cells`), nearest first: in the order the checks needed
them, step by step, and along a trace from the leader outward, so the first few settle the
first disputed move.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gamedata.cellref import CellRef, parameter_cell, unit_cell
from gamedata.model import Game, Unit

from .findings import Finding, Severity, sorted_findings
from .rules.board import NON_COMBAT
from .rules.command import range_of
from .rules.incommand import range_to_fill
from .rules.ranges import COMMAND_RULES, SUPPLY_RULES

#: parameter key prefixes -> the check that reads them
PARAMETER_CHECKS = (("supply-source.", "supply"), ("resupply.", "supply"), ("wagon.", "supply"),
                    ("trace-floor", "command"), ("unassigned.", "command"), ("direct-command.", "command"),
                    ("near-leaders.", "command"), ("detachment.", "command"), ("bridge-", "command"))
#: (workbook, sheet, column) -> what a group of such cells is called
KINDS = {("rules.xlsx", "Ranges", "range"): ("leader range", "leader ranges"),
         ("rules.xlsx", "Parameters", "value"): ("rule parameter", "rule parameters"),
         ("terrain.xlsx", "Hexes", "terrain"): ("hex's terrain", "hexes' terrain"),
         ("terrain.xlsx", "Hexsides", "features"): ("hexside", "hexsides"),
         ("terrain.xlsx", "Specials", "hex"): ("place without its hex", "places without their hex"),
         ("effects.xlsx", "Costs", "cost"): ("chart cost", "chart costs"),
         ("oob.xlsx", "Units", "strength"): ("unit strength", "unit strengths"),
         ("combat.xlsx", "Combat Tables", ""): ("combat table", "combat tables"),
         ("oob.xlsx", "Units", ""): ("order of battle", "orders of battle"),
         ("scenarios.xlsx", "Setup", ""): ("scenario set-up", "scenario set-ups"),
         ("scenarios.xlsx", "Reinf", ""): ("reinforcement schedule", "reinforcement schedules"),
         ("scenarios.xlsx", "Setup", "location"): ("unit no scenario places", "units no scenario places")}
MAP_SHEETS = frozenset({("terrain.xlsx", "Hexes"), ("terrain.xlsx", "Hexsides")})


def kind(cell: CellRef, count: int = 2) -> str:
    """What such a cell is called, for ``count`` of them."""
    sheet = cell.sheet.rsplit(" ", 1)[-1] if cell.file == "scenarios.xlsx" else cell.sheet   # "<scenario> Setup"
    names = KINDS.get((cell.file, sheet, cell.column))
    if names is None:
        return f"{cell.sheet} {cell.column}".strip()
    return names[count != 1]


@dataclass(frozen=True)
class Group:
    """Cells of one kind that one check needs; ``reach`` says what filling them unlocks."""

    check: str
    kind: str
    cells: tuple[CellRef, ...]
    reach: str

    @property
    def on_map(self) -> bool:
        return (self.cells[0].file, self.cells[0].sheet) in MAP_SHEETS

    @property
    def named(self) -> str:
        """`65 leader ranges`, `1 rule parameter`."""
        return f"{len(self.cells)} {kind(self.cells[0], len(self.cells))}"


def _group(check: str, cells: Iterable[CellRef], reach: str) -> list[Group]:
    by_kind: dict[str, dict[tuple, CellRef]] = {}
    for c in cells:
        by_kind.setdefault(kind(c), {}).setdefault(c.identity, c)
    return [Group(check, k, tuple(found.values()), reach) for k, found in by_kind.items()]


# ---------------------------------------------------------------- a game alone


def game_needs(game: Game) -> list[Group]:
    """Every empty cell of the game's data that blocks a check, grouped by check and kind."""
    groups: list[Group] = _order_of_battle(game) if game.order_of_battle == "player" else []
    scenarios = len(game.scenarios)
    if game.system in COMMAND_RULES and game.command_ranges:
        leaders = [u for u in game.units if game.led_by(u.unit_id)]
        empty = [u for u in leaders if (r := range_of(game, u.unit_id, u.side)) is None or r.range is None]
        cells = [range_to_fill(u, range_of(game, u.unit_id, u.side)) for u in empty]
        groups += _group("command", cells, f"command range {_in_scenarios(game, empty, scenarios)}")
        moves = {m for r in game.command_ranges for m in game.effects.chain(r.move)} if game.effects.moves else set()
        costs = [c for c in game.effects.unprinted() if dict(c.key)["move"] in moves]
        groups += _group("command", costs, "command traces across that terrain")
    for check in ("command", "supply"):
        if game.system in (COMMAND_RULES if check == "command" else SUPPLY_RULES):
            groups += _group(check, _parameters(game, check), f"the {check} rules that read them")
    if game.system in SUPPLY_RULES:
        places = [CellRef("terrain.xlsx", "Specials", (("map", s.map), ("kind", s.kind), ("name", s.name),
                                                         ("side", s.side)), "hex",
                          f"terrain.xlsx:Specials:{s.origin.row if s.origin else '?'}:hex ({s.name})",
                          f"the hex of {s.name} ({s.kind})")
                  for s in game.terrain_specials if not s.hex and s.kind == "supply-source"]
        groups += _group("supply", places, "supply lines to them")
    groups += _combat(game)
    unmapped = [h for h in game.terrain.graph.hexes if game.terrain.hex(h) is None]
    if unmapped and (game.system in COMMAND_RULES or game.system in SUPPLY_RULES):
        terrain = game.terrain
        cells = [terrain.hex_cell(h, f"terrain.xlsx:Hexes: a row for {terrain.hexids.format(h)}") for h in unmapped]
        groups += _group("command, supply", cells, "every trace and supply line through them (digitize the map, "
                         "or run to-fill with a log for the few a dispute needs)")
    return [g for g in groups if g.cells]


def _order_of_battle(game: Game) -> list[Group]:
    """A game whose order of battle is the player's (game.toml ``order_of_battle = "player"``):
    without counters, the counters and each scenario's set-up and reinforcements (by hand: no key
    to write); with counters, a set-up row to fill, in every scenario, for each unit no scenario
    places (a reinforcement is given in the scenario's Reinf sheet instead)."""
    if not game.units:
        cells = [CellRef("oob.xlsx", "Units", (), "", "player/oob.xlsx Units",
                         "the counters: a row per unit (unit_id, side, name, type, strength, movement)")]
        for s in game.scenarios:
            cells += [CellRef("scenarios.xlsx", f"{s.scenario_id} {sheet}", (), "",
                              f"player/scenarios.xlsx {s.scenario_id} {sheet}", what)
                      for sheet, what in (("Setup", "the set-up: a row per unit (unit_id, location)"),
                                          ("Reinf", "the reinforcements: a row per unit (unit_id, turn, entry)"))]
    else:
        placed = {r.unit_id for s in game.scenarios for r in (*s.setup, *s.reinforcements)}
        cells = [CellRef("scenarios.xlsx", f"{s.scenario_id} Setup", (("unit_id", u.unit_id),), "location",
                         f"player/scenarios.xlsx:{s.scenario_id} Setup: a row for {u.unit_id}",
                         f"where {u.name} sets up in {s.scenario_id} (or its turn and entry in {s.scenario_id} Reinf)")
                 for s in game.scenarios for u in game.units if u.unit_id not in placed]
    return _group("every check", cells, "every check that reads the units on the board (the rulebook prints no "
                  "counters and no setup: the order of battle is the player's)")


def _in_scenarios(game: Game, units: Sequence[Unit], total: int) -> str:
    ids = {u.unit_id for u in units}
    placing = sum(1 for s in game.scenarios if any(r.unit_id in ids for r in (*s.setup, *s.reinforcements)))
    if not total:
        return ""
    return f"in all {total} scenarios" if placing == total else f"in {placing} of {total} scenarios"


def _parameters(game: Game, check: str) -> list[CellRef]:
    return [parameter_cell(p.key, f"{p.origin.file}:{p.origin.sheet}:{p.origin.row}:value ({p.key})" if p.origin
                           else f"rules.xlsx:Parameters: a row for {p.key}")
            for p in game.rule_parameters if p.value is None
            and next((c for prefix, c in PARAMETER_CHECKS if p.key.startswith(prefix)), "") == check]


def _combat(game: Game) -> list[Group]:
    groups = []
    if not game.combat:
        groups += _group("combat", [CellRef("combat.xlsx", "Combat Tables", (), "", "combat.xlsx",
                                            f"the {game.system} combat table")], "every combat roll")
    placed = {r.unit_id for s in game.scenarios for r in (*s.setup, *s.reinforcements) if r.strength not in ("", None)}
    weak = [u for u in game.units if not u.strength and u.type not in NON_COMBAT and u.unit_id not in placed]
    groups += _group("combat", [unit_cell(u.unit_id, "strength", u.name, f"oob.xlsx:Units: strength of {u.name}")
                                for u in weak], "combat rolls whose counters do not show a strength")
    return groups


# ---------------------------------------------------------------- a log


def log_needs(findings: Iterable[Finding]) -> list[Group]:
    """The cells a log's not-checked findings carry, per check and kind, nearest first (see module doc)."""
    ordered = sorted(sorted_findings([f for f in findings if f.severity is Severity.NOT_CHECKED and f.cells]),
                     key=lambda f: (f.log, f.step is None, f.step or 0))
    per_check: dict[str, list[CellRef]] = {}
    counts: dict[str, int] = {}
    for f in ordered:
        per_check.setdefault(f.check, []).extend(f.cells)
        counts[f.check] = counts.get(f.check, 0) + 1
    groups: list[Group] = []
    seen: set[tuple] = set()
    for check, cells in per_check.items():
        fresh = [c for c in cells if c.identity not in seen]
        seen |= {c.identity for c in fresh}
        n = counts[check]
        groups += _group(check, fresh, f"{n} not-checked finding{'s' if n > 1 else ''} of the log")
    return [g for g in groups if g.cells]
