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
Units still in their set-up boxes are followed through the chain (handed to the next log):
each is checked when first placed, and those still in a box when the turn tracker first
moves on are reported there, one finding per box.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from gamedata.hexids import Hex
from gamedata.model import Game, ReinforcementRow, Scenario, SetupRow
from gamedata.systems import FREE_FACING, parse_status, profile_for

from vassal.replay import Step, TurnChanged

from ..context import CheckContext
from ..findings import Finding, Place, Severity
from ..timeline import StepView
from ..view import UNKNOWN, YES, GameView, UnitView
from .scenario_places import Places, place_of
from .setup_words import Words

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


@dataclass(frozen=True)
class Waiting:
    """What the set-up check hands to the next log: the scenario's set-up rows whose units are
    still in their set-up boxes, and whether play has moved past the set-up (they were reported)."""

    scenario_id: str
    rows: tuple[SetupRow, ...]
    reported: bool = False


def judge_setup(ctx: CheckContext) -> tuple[list[Finding], Waiting | None]:
    """The set-up of the chain's opening log, then the units still in set-up boxes through the
    chain: each checked when first placed, and reported when play moves on without them."""
    scenario, missing = scenario_for(ctx)
    found = [missing] if missing is not None else []
    if scenario is None or ctx.views is None or ctx.game is None:
        return found, None
    waiting = ctx.carried.get(CHECK_ID)
    if ctx.opening:
        found += setup_findings(ctx.views.at(0), scenario, ctx.game, ctx.log.label)
        start = ctx.views.at(0)
        waiting = Waiting(scenario.scenario_id, tuple(row for row in scenario.setup if (u := start.unit(row.unit_id))
                                                      is not None and u.hex is None))
    if not isinstance(waiting, Waiting) or waiting.scenario_id != scenario.scenario_id or not waiting.rows:
        return found, None
    more, waiting = _placements(ctx, scenario, ctx.game, waiting)
    return found + more, waiting


def _placements(ctx: CheckContext, scenario: Scenario, game: Game, waiting: Waiting
                ) -> tuple[list[Finding], Waiting]:
    """Units the table sets up in an area (waiting in a set-up box at the start): their first
    step onto a hex is their set-up, checked against the area and their printed state. Units
    still in their boxes when the turn tracker first moves on are reported there, once."""
    assert ctx.views is not None
    rows = {row.unit_id: row for row in waiting.rows}
    reported = waiting.reported
    places = Places(game)
    words = Words(game, scenario, places)
    found: list[Finding] = []
    for step in ctx.log.steps:
        view = ctx.views.at(step.index)
        for unit_id in sorted(rows):
            unit = view.unit(unit_id)
            if unit is None or unit.hex is None:
                continue
            row = rows.pop(unit_id)
            rule = row_cite(scenario, row, "set-up table")
            placed = list(_placement(unit, row, words, view, rule, ctx.log.label))
            placed += [_finding(m, rule, ctx.log.label, (unit.name,), (place_of(unit),))
                       for m in state_differences(unit, row, game, "set-up table")]
            found += [replace(f, step=step.index, player=step.player) for f in placed]
        if not reported and rows and _moves_on(ctx.log.replay.steps[step.index - 1]):
            reported = True
            found += _left_in_boxes(view, rows, scenario, ctx.log.label, step)
    return found, Waiting(waiting.scenario_id, tuple(rows.values()), reported)


def _moves_on(step: Step) -> bool:
    """A step that moves the turn tracker on: play has moved past the set-up."""
    return not step.is_undo and any(isinstance(e, TurnChanged) for e in step.events)


def _left_in_boxes(view: GameView, rows: dict[str, SetupRow], scenario: Scenario, label: str,
                   step: StepView) -> Iterator[Finding]:
    """One error for the units of the set-up table still in their set-up boxes when play moves
    on, each with its box (one set-up left unfinished: one finding, however many boxes)."""
    left = [(u, row) for unit_id, row in sorted(rows.items()) if (u := view.unit(unit_id)) is not None
            and u.hex is None]
    if not left:
        return
    clock = ", ".join(str(x) for x in (view.turn.label if view.turn else None, view.phase) if x)
    boxes: dict[Place, list[str]] = {}
    for unit, _ in left:
        boxes.setdefault(Place(unit.map or "", unit.location), []).append(unit.name)
    listed = "; ".join(f"{', '.join(names)} in '{place.name or place.map}'" for place, names in boxes.items())
    rule = row_cite(scenario, left[0][1], "set-up table") + (f" and {len(left) - 1} more row(s)" if len(left) > 1
                                                             else "")
    yield Finding(CHECK_ID, Severity.ERROR,
                  f"{len(left)} unit(s) of the set-up table still in their set-up boxes when play moves on"
                  f"{f' ({clock})' if clock else ''}: {listed}", rule, label, step.index, step.player,
                  tuple(u.name for u, _ in left), tuple(boxes))


def setup_findings(start: GameView, scenario: Scenario, game: Game, label: str) -> Iterator[Finding]:
    """What differs between a position at the end of the set-up and the scenario's set-up table."""
    words = Words(game, scenario, Places(game))
    placed = {row.unit_id for row in scenario.setup}
    for row in scenario.setup:
        unit = start.unit(row.unit_id)
        rule = row_cite(scenario, row, "set-up table")
        if unit is None:
            yield _finding(f"{row.unit_id} is missing: the set-up table puts it at {_where(row)}", rule, label,
                           (row.unit_id,), ())
            continue
        yield from _placement(unit, row, words, start, rule, label)
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


def _placement(unit: UnitView, row: SetupRow, words: Words, view: GameView, rule: str, label: str
               ) -> Iterator[Finding]:
    """The unit's place against the row: its hex, hexes or distance (``area_of``), then the rest of
    the row's words (``setup_words``: bounds, the defenses, roads, creeks, the units around)."""
    allowed = area_of(row, words.places)
    single = allowed is not None and len(allowed) == 1 and not row.constraint
    if unit.hex is None:
        if single:
            yield _finding(f"{unit.name} is at {unit.location or 'no place on any map'}, not on its set-up hex "
                           f"{row.location}", rule, label, (unit.name,), (place_of(unit),))
        return          # in a set-up box: the player places it
    at = ((unit.name,), (place_of(unit),))
    if allowed is None and (not row.constraint or words.unread(row)):
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{unit.name} set up at {unit.location}: its placement "
                      f"'{_where(row)}' names no hexes the referee can read", rule, label, None, None, *at)
        return
    if allowed is not None and unit.hex not in allowed:
        yield _finding(f"{unit.name} is set up at {unit.location}, not at {_where(row)}", rule, label, *at)
    problems = list(words.judge(unit, row, view, skip_first=allowed is not None))
    if errors := [p.message for p in problems if p.error]:
        yield _finding(f"{unit.name} set up at {unit.location} is {'; '.join(errors)} ({_where(row)})", rule, label,
                       *at)
    for p in problems:
        if not p.error:
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{unit.name} set up at {unit.location}: {p.message}",
                          rule, label, None, None, *at)


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
