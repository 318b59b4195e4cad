"""Setup conformity: the start of a game's first log against the scenario's set-up table.

The set-up is the first log's start state (what File > New Game, or the players' own
set-up save, gave): a unit off its hex there is a finding for the start (no step). A unit
the table sets up in an area waits in a set-up box; its first step onto a hex is its
set-up, checked at that step against the area and its printed state.

Every unit of the table must stand on its hex (or, for a row that names an area or a
choice, in a set-up box or on a hex of that area), with the facing, strength and status
the row gives; a unit the table does not place (a reinforcement among them) must not be
on the map. Each finding cites the table row (scenarios.xlsx sheet and row) and its
rulebook line. Only the first log of a chain is compared: later logs continue a game.
"""

from __future__ import annotations

import re
from dataclasses import replace
from collections.abc import Iterator

from gamedata.hexids import Hex
from gamedata.model import Game, ReinforcementRow, Scenario, SetupRow
from gamedata.systems import FREE_FACING, parse_status, profile_for

from ..context import CheckContext
from ..findings import Finding, Place, Severity
from ..view import UNKNOWN, YES, GameView, UnitView
from .scenario_places import Places, place_of

CHECK_ID = "setup"
_WITHIN = re.compile(r"within (\d+) hex(?:es)? of (\S+)", re.IGNORECASE)


def row_cite(scenario: Scenario, row: SetupRow | object, what: str) -> str:
    """``S1 set-up table (scenarios.xlsx S1 Setup row 12, rulebook L793)``."""
    origin = getattr(row, "origin", None)
    where = f"scenarios.xlsx {origin.sheet} row {origin.row}" if origin else "scenarios.xlsx"
    line = getattr(row, "rulebook_line", None)
    return f"{scenario_name(scenario)} {what} ({where}{f', rulebook L{line}' if line else ''})"


def scenario_name(scenario: Scenario) -> str:
    """``Scenario 1`` (Hood Strikes North's sections), ``30.1 S1``, ``5.1``."""
    section = scenario.section
    if section.lower().startswith("scenario") or section == scenario.scenario_id:
        return section
    return f"{section} {scenario.scenario_id}".strip()


def scenario_for(ctx: CheckContext) -> tuple[Scenario | None, Finding | None]:
    """The scenario the log plays, or a not-checked finding saying why there is none."""
    views, game = ctx.views, ctx.game
    if views is None or game is None:
        return None, None
    sid = views.scenario.scenario_id
    scenario = next((s for s in game.scenarios if s.scenario_id == sid), None)
    if scenario is None:
        return None, Finding(CHECK_ID, Severity.NOT_CHECKED, "the scenario's rules were not checked: the log's "
                             "scenario is not known (give --scenario)", "scenario rules", ctx.log.label)
    return scenario, None


def check_setup(ctx: CheckContext) -> Iterator[Finding]:
    scenario, missing = scenario_for(ctx)
    if missing is not None:
        yield missing
    if scenario is None or not ctx.opening or ctx.views is None or ctx.game is None:
        return
    yield from setup_findings(ctx.views.at(0), scenario, ctx.game, ctx.log.label)
    yield from _placements(ctx, scenario, ctx.game)


def _placements(ctx: CheckContext, scenario: Scenario, game: Game) -> Iterator[Finding]:
    """Units the table sets up in an area (waiting in a set-up box at the start): their first
    step onto a hex is their set-up, checked against the area and their printed state."""
    assert ctx.views is not None
    start = ctx.views.at(0)
    waiting = {row.unit_id: row for row in scenario.setup
               if (u := start.unit(row.unit_id)) is not None and u.hex is None}
    places = Places(game)
    for step in ctx.log.steps:
        view = ctx.views.at(step.index)
        for unit_id in sorted(waiting):
            unit = view.unit(unit_id)
            if unit is None or unit.hex is None:
                continue
            row = waiting.pop(unit_id)
            rule = row_cite(scenario, row, "set-up table")
            found = list(_placement(unit, row, places, rule, ctx.log.label))
            found += [_finding(m, rule, ctx.log.label, (unit.name,), (place_of(unit),))
                      for m in state_differences(unit, row, game, "set-up table")]
            yield from (replace(f, step=step.index, player=step.player) for f in found)


def setup_findings(start: GameView, scenario: Scenario, game: Game, label: str) -> Iterator[Finding]:
    """What differs between a position at the end of the set-up and the scenario's set-up table."""
    places = Places(game)
    placed = {row.unit_id for row in scenario.setup}
    for row in scenario.setup:
        unit = start.unit(row.unit_id)
        rule = row_cite(scenario, row, "set-up table")
        if unit is None:
            yield _finding(f"{row.unit_id} is missing: the set-up table puts it at {_where(row)}", rule, label,
                           (row.unit_id,), ())
            continue
        yield from _placement(unit, row, places, rule, label)
        if unit.hex is not None:        # a unit in a set-up box: its state is checked when placed
            for message in state_differences(unit, row, game, "set-up table"):
                yield _finding(message, rule, label, (unit.name,), (place_of(unit),))
    due = {a.unit_id for a in scenario.reinforcements}
    for unit_id, unit in sorted(start.units.items()):
        if unit_id in placed or unit.hex is None:
            continue
        if unit_id not in due:      # an arrival is the reinforcement check's
            yield _finding(f"{unit.name} is on the map at {unit.location} at the end of the set-up, but the set-up table does "
                           f"not place it", f"{scenario.scenario_id} set-up table (scenarios.xlsx "
                           f"{scenario.scenario_id} Setup)", label, (unit.name,), (place_of(unit),))


def _where(row: SetupRow) -> str:
    return " - ".join(p for p in (row.location, row.constraint) if p) or "a place of the player's choice"


def area_of(row: SetupRow, places: Places) -> frozenset[Hex] | None:
    """The hexes a set-up row allows, when the row names them (a hex, hexes, a range, a
    distance from a hex); None for a choice or an area only the map shows."""
    if not row.constraint:
        return places.hexes(row.location)
    near = _WITHIN.search(row.constraint)
    if near:
        centre = places.hexes(near.group(2).rstrip(".,;"))
        return places.within(centre, int(near.group(1))) if centre else None
    return places.hexes(row.constraint.split(";")[0])


def _placement(unit: UnitView, row: SetupRow, places: Places, rule: str, label: str) -> Iterator[Finding]:
    allowed = area_of(row, places)
    single = allowed is not None and len(allowed) == 1 and not row.constraint
    if unit.hex is None:
        if single:
            yield _finding(f"{unit.name} is at {unit.location or 'no place on any map'}, not on its set-up hex "
                           f"{row.location}", rule, label, (unit.name,), (place_of(unit),))
        return          # in a set-up box: the player places it
    if allowed is None:
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{unit.name} set up at {unit.location}: its placement "
                      f"'{_where(row)}' names no hexes the referee can read", rule, label, None, None,
                      (unit.name,), (place_of(unit),))
    elif unit.hex not in allowed:
        yield _finding(f"{unit.name} is set up at {unit.location}, not at {_where(row)}", rule, label,
                       (unit.name,), (place_of(unit),))


def state_differences(unit: UnitView, row: SetupRow | ReinforcementRow, game: Game, table: str) -> Iterator[str]:
    """Facing, strength and status where the row gives them and the counter shows them
    (``table``: how the message names the table)."""
    facing = getattr(row, "facing", "").strip()
    if facing and facing.lower() not in FREE_FACING and unit.facing not in (None, UNKNOWN) and unit.facing != facing:
        yield f"{unit.name} faces {unit.facing}; the {table} says {facing}"
    if row.strength and unit.strength != UNKNOWN and unit.strength != row.strength:
        yield f"{unit.name} has strength {unit.strength}; the {table} says {row.strength}"
    for layer, step in parse_status(profile_for(game), row.status):
        wanted = layer.levels[step] if layer.levels else YES
        shown = unit.status.get(layer.code, UNKNOWN)
        if shown != UNKNOWN and shown != wanted:
            yield f"{unit.name} shows {layer.code} {shown}; the {table} says {wanted}"


def _finding(message: str, rule: str, label: str, pieces: tuple[str, ...], locations: tuple[Place, ...]) -> Finding:
    return Finding(CHECK_ID, Severity.ERROR, message, rule, label, None, None, pieces, locations)
