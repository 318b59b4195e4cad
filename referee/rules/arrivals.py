"""Reinforcements: each arrival against the scenario's reinforcement table.

An arrival is a reinforcement of the scenario that steps onto a map hex from a box or
from nowhere (its first such step in the log). Its strength and statuses (fatigue, mode,
losses) where the table gives them and the counter shows them; its turn is compared with the table's
(early: an error; late: a warning, the game's options only defer within the turn, Into
the Woods 9.7); its hex with the table's entry hexes or area, its alternative entry, and
the game's options (scenario-rules.toml ``[entry]``): hexes an entry is widened to
(S1234*), and the closest hex on either side when every entry hex is next to an enemy
unit, except where the shift is not allowed (Pittsburg Landing) — or, with ``blocked =
"occupied"``, the nearest map-edge hex when the entry is held by the enemy;
a late arrival is no finding where ``[entry.delayed]`` allows any delay; the order of arrival within
a turn (letters A, B, C: a warning, since 9.7 lets units defer their entry). Arrivals by die-roll
set are read against their roll by the tables check; only their entry is checked here. Rows with
neither turn nor roll arrive on a condition (``[[entry.when]]``, Into the Woods S8's 2nd and 6th
Divisions): at the start of the turn after a unit of the other side ended a turn in the rule's area
(a turn ends where the log's turn changes) — before it an error, later a warning, and a warning when
the log plays past that turn without them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from gamedata.effects import PROHIBITED
from gamedata.hexids import Hex
from gamedata.model import Game, ReinforcementRow, Scenario
from gamedata.scenario_rules import ArrivalTrigger, EntryOptions

from ..context import CheckContext
from ..findings import Finding, Severity
from ..view import GameView, UnitView
from .classic import Classic
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
    trigger = options.trigger_of(scenario.scenario_id)
    ends: list[TurnEnd] = []
    before = ctx.views.at(0)
    for step in ctx.log.steps:
        view = ctx.views.at(step.index)
        if trigger is not None and before.turn is not None and view.turn is not None \
                and view.turn.id != before.turn.id:
            ends.append(turn_end(before, trigger, places))
        for unit_id, unit in sorted(view.units.items()):
            old = before.unit(unit_id)
            if unit_id not in rows or unit.hex is None or unit_id in arrived or (old is not None and old.hex is not None):
                continue
            arrived[unit_id] = Arrival(unit, rows[unit_id], step.index, step.player,
                                       view.turn.id if view.turn is not None else None)
            found = list(arrival_findings(unit, rows[unit_id], before, view, scenario, ctx.game, places, options))
            if trigger is not None and _conditional(rows[unit_id]):
                found += conditional_arrival(unit, view, ends, trigger)
            for f in found:
                yield Finding(f.check, f.severity, f.message, f.rule, ctx.log.label, step.index, step.player,
                              f.pieces, f.locations)
        before = view
    yield from _out_of_order(list(arrived.values()), scenario, options, ctx.log.label)
    if trigger is not None:
        absent = [ctx.game.unit(u) for u, r in sorted(rows.items()) if _conditional(r) and u not in arrived]
        for f in missing_conditional([u for u in absent if u is not None], ends, trigger):
            yield Finding(f.check, f.severity, f.message, f.rule, ctx.log.label, f.step, None, f.pieces,
                          f.locations)


@dataclass(frozen=True)
class Arrival:
    unit: UnitView
    row: ReinforcementRow
    step: int
    player: str | None
    turn: int | None


@dataclass(frozen=True)
class TurnEnd:
    """The last view of a turn: the units then in a conditional arrival's area, with their sides."""

    turn: int
    step: int
    in_area: tuple[UnitView, ...]


def turn_end(view: GameView, trigger: ArrivalTrigger, places: Places) -> TurnEnd:
    assert view.turn is not None
    inside = tuple(u for _, u in sorted(view.units.items())
                   if u.hex is not None and places.in_area(u.hex, trigger.area))
    return TurnEnd(view.turn.id, view.step, inside)


def _conditional(row: ReinforcementRow) -> bool:
    return not row.turn.strip() and not row.dr_set.strip()


def _first_trigger(ends: list[TurnEnd], side: str) -> tuple[TurnEnd, UnitView] | None:
    return next(((e, u) for e in ends for u in e.in_area if u.side != side), None)


def conditional_arrival(unit: UnitView, view: GameView, ends: list[TurnEnd],
                        trigger: ArrivalTrigger) -> Iterator[Finding]:
    """One arrival on a condition against the turn ends seen so far: due the turn after the first
    end with an enemy unit in the area."""
    rule, at = str(trigger.cite), ((unit.name,), (place_of(unit),))
    if view.turn is None:
        yield _finding(Severity.NOT_CHECKED, f"{unit.name} set up at {unit.location}; the log's turn is not "
                       "known, so its condition was not checked", rule, *at)
        return
    first = _first_trigger(ends, unit.side)
    if first is None:
        yield _finding(Severity.ERROR, f"{unit.name} set up at {unit.location} on Turn {view.turn.id} "
                       f"({view.turn.label}), but no enemy unit has ended a turn in the rule's area", rule, *at)
        return
    end, enemy = first
    if view.turn.id != end.turn + 1:
        yield _finding(Severity.WARNING, f"{unit.name} set up at {unit.location} on Turn {view.turn.id} "
                       f"({view.turn.label}), not at the start of Turn {end.turn + 1}: {enemy.name} ended Turn "
                       f"{end.turn} at {enemy.location} (step {end.step})", rule, (unit.name, enemy.name),
                       (place_of(unit), place_of(enemy)))


def missing_conditional(absent: list, ends: list[TurnEnd], trigger: ArrivalTrigger) -> Iterator[Finding]:
    """Units due on a condition that was met whose turn the log played through without them."""
    for unit in absent:
        first = _first_trigger(ends, unit.side)
        if first is None or not any(e.turn == first[0].turn + 1 for e in ends):
            continue
        end, enemy = first
        due_end = next(e for e in ends if e.turn == end.turn + 1)
        yield Finding(CHECK_ID, Severity.WARNING, f"{unit.name} never set up: {enemy.name} ended Turn {end.turn} "
                      f"at {enemy.location} (step {end.step}), so it was due at the start of Turn {end.turn + 1}",
                      str(trigger.cite), "", due_end.step, None, (unit.name, enemy.name), (place_of(enemy),))


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
        elif view.turn.id > due and options.delayed is not None:
            yield _finding(Severity.INFO, f"{unit.name} entered on Turn {view.turn.id} ({view.turn.label}), "
                           f"{view.turn.id - due} turn(s) after its Turn {due}: a reinforcement may be delayed",
                           f"{options.delayed}", *at)
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
    shift = _shifted(unit.hex, row, places, options, before, unit.side, _enterable(game, unit))
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
             side: str, enterable: Callable[[Hex], bool] = lambda x: True) -> bool | str:
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
    if options.blocked == "occupied":
        return _to_edge(h, entry, enemy, places, options, enterable)
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


def _to_edge(h: Hex, entry: frozenset[Hex], enemy: frozenset[Hex], places: Places, options: EntryOptions,
             enterable: Callable[[Hex], bool]) -> bool | str:
    """An entry held by an enemy unit sends the unit to the map-edge hex nearest
    it (any of several equally near), itself not held by the enemy and one it may enter."""
    if not entry <= enemy:
        return f" (its entry was not held by an enemy unit: {options.shift_when_blocked})"
    for d in range(1, 30):
        free = {x for x in places.within(entry, d) if x not in enemy and places.on_edge(x) and enterable(x)}
        if free:
            return True if h in free else f" (the nearest map-edge hexes not held by the enemy are " \
                f"{', '.join(sorted(places.name(x) for x in free))}: {options.shift_when_blocked})"
    return ""


def _enterable(game: Game, unit: UnitView) -> Callable[[Hex], bool]:
    """Whether the unit's movement class may enter a hex (effects.xlsx Costs; a hex or a class
    the data do not give: yes)."""
    move = Classic(game).move_class(unit.unit)
    if move is None:
        return lambda x: True
    fx, terrain = game.effects, game.terrain

    def may(x: Hex) -> bool:
        here = terrain.hex(x)
        return here is None or not any(fx.lookup(move, "enter", c) is PROHIBITED for c in here.terrain)
    return may


def _finding(severity: Severity, message: str, rule: str, pieces: tuple[str, ...], locations: tuple) -> Finding:
    return Finding(CHECK_ID, severity, message, rule, "", None, None, pieces, locations)
