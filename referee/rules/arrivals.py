"""Reinforcements: each arrival against the scenario's reinforcement table.

An arrival is a reinforcement of the scenario that steps onto a map hex from a box or
from nowhere (its first such step in the log). Its strength and statuses (fatigue, mode,
losses) where the table gives them and the counter shows them; its turn is compared with the table's
(early: an error; late: a warning, the game's options only defer within the turn, Into
the Woods 9.7); its hex with the table's entry hexes or area, its alternative entry, and
the game's options (scenario-rules.toml ``[entry]``): hexes an entry is widened to
(S1234*), and the closest hex on either side when every entry hex is next to an enemy
unit, except where the shift is not allowed (Pittsburg Landing); the order of arrival within
a turn (letters A, B, C: a warning, since 9.7 lets units defer their entry). Arrivals by die-roll
set are read against their roll by the tables check; only their entry is checked here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from gamedata.hexids import Hex
from gamedata.model import Game, ReinforcementRow, Scenario
from gamedata.scenario_rules import EntryOptions

from ..context import CheckContext
from ..findings import Finding, Severity
from ..view import GameView, UnitView
from .scenario_places import Places, place_of
from .setup import row_cite, scenario_for, state_differences

CHECK_ID = "reinforcements"


def check_arrivals(ctx: CheckContext) -> Iterator[Finding]:
    scenario, _ = scenario_for(ctx)       # the setup check reports an unknown scenario once
    if scenario is None or ctx.views is None or ctx.game is None or not scenario.reinforcements:
        return
    rows = {a.unit_id: a for a in scenario.reinforcements}
    places = Places(ctx.game)
    options = ctx.game.scenario_rules.entry if ctx.game.scenario_rules else EntryOptions()
    arrived: dict[str, Arrival] = {}
    before = ctx.views.at(0)
    for step in ctx.log.steps:
        view = ctx.views.at(step.index)
        for unit_id, unit in sorted(view.units.items()):
            old = before.unit(unit_id)
            if unit_id not in rows or unit.hex is None or unit_id in arrived or (old is not None and old.hex is not None):
                continue
            arrived[unit_id] = Arrival(unit, rows[unit_id], step.index, step.player,
                                       view.turn.id if view.turn is not None else None)
            for f in arrival_findings(unit, rows[unit_id], before, view, scenario, ctx.game, places, options):
                yield Finding(f.check, f.severity, f.message, f.rule, ctx.log.label, step.index, step.player,
                              f.pieces, f.locations)
        before = view
    yield from _out_of_order(list(arrived.values()), scenario, options, ctx.log.label)


@dataclass(frozen=True)
class Arrival:
    unit: UnitView
    row: ReinforcementRow
    step: int
    player: str | None
    turn: int | None


def _out_of_order(arrivals: list[Arrival], scenario: Scenario, options: EntryOptions, label: str) -> Iterator[Finding]:
    """An arrival whose order letter (A first, B second...) comes before that of a unit of the same
    table turn that entered later in the same turn; batteries may come in any order."""
    if options.order is None:
        return
    ordered = [a for a in arrivals if a.row.order and a.turn is not None and a.unit.unit.type not in options.order_free]
    for a in ordered:
        later = [b for b in ordered if b.row.turn == a.row.turn and b.turn == a.turn and b.row.order < a.row.order
                 and b.step > a.step]
        if later:
            first = min(later, key=lambda b: b.step)
            yield Finding(CHECK_ID, Severity.WARNING, f"{a.unit.name} (order {a.row.order}) entered before "
                          f"{first.unit.name} (order {first.row.order}, step {first.step}) of the same turn",
                          f"{options.order}; {row_cite(scenario, a.row, 'reinforcement table')}", label, a.step,
                          a.player, (a.unit.name, first.unit.name), (place_of(a.unit), place_of(first.unit)))


def arrival_findings(unit: UnitView, row: ReinforcementRow, before: GameView, view: GameView, scenario: Scenario,
                     game: Game, places: Places, options: EntryOptions) -> Iterator[Finding]:
    """What is wrong with one arrival: its turn, its hex."""
    rule = row_cite(scenario, row, "reinforcement table")
    at = (unit.name,), (place_of(unit),)
    if row.turn.strip().isdigit():
        due = int(row.turn)
        if view.turn is None:
            yield _finding(Severity.NOT_CHECKED, f"{unit.name} entered at {unit.location}; its turn was not "
                           f"checked: the log's turn is not known (due Turn {due})", rule, *at)
        elif view.turn.id != due and (view.turn.id < due or not row.dr_set):  # by die roll: from the turn on
            early = view.turn.id < due
            yield _finding(Severity.ERROR if early else Severity.WARNING,
                           f"{unit.name} entered on Turn {view.turn.id} ({view.turn.label}), "
                           f"{abs(due - view.turn.id)} turn(s) {'early' if early else 'late'}: due Turn {due}",
                           rule, *at)
    for message in state_differences(unit, row, game, "reinforcement table"):
        yield _finding(Severity.ERROR, f"{message} (on arrival)", rule, *at)
    entry = _entry_hexes(row, places, options)
    if entry is None:
        yield _finding(Severity.NOT_CHECKED, f"{unit.name} entered at {unit.location}; the entry "
                       f"'{row.entry}' names no hexes the referee can read", rule, *at)
        return
    assert unit.hex is not None
    if unit.hex in entry:
        return
    shift = _shifted(unit.hex, row, places, options, before, unit.side)
    if shift is True:
        return
    yield _finding(Severity.ERROR, f"{unit.name} entered at {unit.location}, not at its entry {_entry_words(row)}"
                   f"{shift}", rule, *at)


def _entry_words(row: ReinforcementRow) -> str:
    return row.entry + (f" or {row.alt_entry}" if row.alt_entry else "")


def _entry_hexes(row: ReinforcementRow, places: Places, options: EntryOptions) -> frozenset[Hex] | None:
    cells = [row.entry] + ([row.alt_entry] if row.alt_entry else [])
    cells += [h for w in options.widen if w.entry == row.entry for h in w.hexes]
    return places.hexes(cells)


def _shifted(h: Hex, row: ReinforcementRow, places: Places, options: EntryOptions, before: GameView,
             side: str) -> bool | str:
    """True when the game lets the unit enter at ``h`` because its entry was blocked (Into the
    Woods 9.7: every entry hex next to an enemy unit; the closest hex on either side, along the
    map edge when the entry is on it, not itself next to an enemy unit); else the reason it may
    not, for the message."""
    if options.shift_when_blocked is None:
        return ""
    entry = places.hexes(row.entry) or frozenset()
    never = places.hexes(options.never_at) or frozenset()
    if entry & never:
        return f" (no shift from {row.entry}: {options.never_at_cite})"
    enemy = frozenset(u.hex for u in before.units.values() if u.hex is not None and u.side != side)
    near_enemy = places.within(enemy, 1)
    if not entry <= near_enemy:
        return f" (its entry was not next to an enemy unit: {options.shift_when_blocked})"
    along_edge = all(places.on_edge(x) for x in entry)     # "on either side": along the map edge
    for d in range(1, 8):
        free = {x for x in places.within(entry, d) if x not in near_enemy and (not along_edge or places.on_edge(x))}
        if free:
            return True if h in free else f" (the closest hexes not next to an enemy unit are " \
                f"{', '.join(sorted(places.name(x) for x in free))}: {options.shift_when_blocked})"
    return ""


def _finding(severity: Severity, message: str, rule: str, pieces: tuple[str, ...], locations: tuple) -> Finding:
    return Finding(CHECK_ID, severity, message, rule, "", None, None, pieces, locations)
