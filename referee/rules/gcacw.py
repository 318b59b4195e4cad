"""Great Campaigns of the American Civil War (Hood Strikes North): activations.

The game has no command-range rule (Basic Game 2.2 lists leaders and their commands, not
ranges) and no supply rule (Advanced Game 10.0: "All units are always in supply"): the
report says so instead of checking either.

Activations (5.2 Activate Leader): an activation is declared in the chat ("Activate Leader:
Schofield", "Schofield activates"); the units of the leader's side that move until the next
declaration or turn change are the ones he activated. Each must be of his command (the order
of battle's chain) or allowed by a rules.xlsx Activation row (wagons for any Union leader,
2.2; scenario permissions such as Croxton under Hatch); a row's ``limit`` caps the units of
type ``of`` among ``members`` in one activation (Schofield: five IV/XXIII Corps infantry and
three wagon trains).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from gamedata.model import ActivationRule, Game
from gamedata.ruledata import cite

from ..findings import Finding, Severity
from ..timeline import StepView
from ..view import GameView, UnitView
from .board import moved, named
from .command import Tracer

ACTIVATION = "activation"
WAGONS = frozenset({"Wag"})
DECLARED = re.compile(r"\bactivat(e|es|ed|ing|ion)\b", re.IGNORECASE)


def no_command_range(game: Game, label: str) -> list[Finding]:
    return [Finding("command", Severity.INFO, f"{game.name} has no command-range rule (Basic Game 2.2 gives leaders "
                    "their commands, not ranges): command ranges are not checked; activations are (check "
                    "'activation')", "2.2 Playing Pieces", label)]


def no_supply_rule(game: Game, label: str) -> list[Finding]:
    return [Finding("supply", Severity.INFO, f"{game.name} has no supply rules (Advanced Game 10.0: all units are "
                    "always in supply): nothing to check", "10.0 Supply (Advanced Game)", label)]


@dataclass
class Activation:
    leader: UnitView
    step: int
    player: str | None
    scenario: str | None
    units: dict[str, tuple[UnitView, int]] = field(default_factory=dict)   # unit id -> (unit, step of its move)


def _declared(game: Game, text: str, side_units: dict[str, UnitView]) -> str | None:
    """The leader a chat line activates (his name in a line saying 'activate'; the longest
    name the line holds)."""
    if not DECLARED.search(text):
        return None
    longest = max(named(text, list(side_units.values())), key=lambda u: len(u.unit.name), default=None)
    return longest.unit_id if longest else None


def check_activations(game: Game, views: Iterable[GameView], steps: Sequence[StepView],
                      label: str) -> Iterator[Finding]:
    texts = {s.index: s.texts for s in steps if not s.is_undo}
    players = {s.index: s.player for s in steps}
    tracer = Tracer(game)
    current: Activation | None = None
    before = None
    declared_any = units_moved = False
    for view in views:
        step = view.step
        if before is not None and getattr(before.turn, "id", None) != getattr(view.turn, "id", None):
            if current is not None:
                yield from _judge(game, current, label, tracer)
            current = None
        leaders = {uid: u for uid, u in view.units.items() if u.unit.type == "Ldr"}
        for text in texts.get(step, ()):
            uid = _declared(game, text, leaders)
            if uid is not None:
                declared_any = True
                if current is not None:
                    yield from _judge(game, current, label, tracer)
                scenario = getattr(getattr(view, "scenario", None), "scenario_id", None)
                current = Activation(leaders[uid], step, players.get(step), scenario)
        if before is not None:
            movers = list(moved(before, view))
            units_moved = units_moved or bool(movers)
            yield from _with_wagons(game, view, movers, label, players.get(step), tracer)
            if current is not None:
                for _, now in movers:
                    if now.side == current.leader.side and now.unit_id != current.leader.unit_id:
                        current.units.setdefault(now.unit_id, (now, step))
        before = view
    if current is not None:
        yield from _judge(game, current, label, tracer)
    if units_moved and not declared_any:
        yield Finding(ACTIVATION, Severity.NOT_CHECKED, "no activation declared in the chat ('Activate Leader: "
                      "<leader>'): which leader moved which units is not checked", "5.2 Activate Leader", label)


def _with_wagons(game: Game, view: GameView, movers: list[tuple[UnitView, UnitView]], label: str,
                 player: str | None, tracer: Tracer) -> Iterator[Finding]:
    """2.2 (L131): "a leader may not stack in a hex with just a wagon; a unit of the leader's
    command must also be in the hex" — after a step that moved the leader or the wagon."""
    hexes = {now.hex for _, now in movers if now.hex is not None}
    for h in sorted(hexes):
        here = view.at(h)
        wagons = [u for u in here if u.unit.type in WAGONS]
        for leader in (u for u in here if u.unit.type == "Ldr" and wagons):
            if not any(_own(game, leader, u) for u in here if u is not leader and u.unit.type not in WAGONS):
                yield Finding(ACTIVATION, Severity.ERROR, f"{leader.name} stacked at {tracer.hexids.format(h)} with "
                              f"{', '.join(w.name for w in wagons)} and no unit of his command",
                              cite("2.2 Union Wagon Trains", 131), label, view.step, player,
                              (leader.name, *(w.name for w in wagons)), tracer.places(leader.map, [h]))


def _rows(game: Game, leader: UnitView, scenario: str | None) -> list[ActivationRule]:
    found = []
    for r in game.activation_rules:
        names = [n.strip() for n in r.leader.split(";")]
        if leader.unit_id not in names and f"side:{leader.side}" not in names:
            continue
        only = [s.strip() for s in r.scenarios.split(";") if s.strip()]
        if only and scenario not in only:
            continue
        found.append(r)
    return found


def _member(game: Game, unit: UnitView, spec: str) -> bool:
    chain = {f.formation_id for f in game.command_chain(unit.unit_id, unit.formation)}
    for part in (p.strip() for p in spec.split(";")):
        if part.startswith("type:") and unit.unit.type == part[5:]:
            return True
        if part in chain or part == unit.unit_id:
            return True
    return False


def _own(game: Game, leader: UnitView, unit: UnitView) -> bool:
    led = {f.formation_id for f in game.led_by(leader.unit_id)}
    chain = {f.formation_id for f in game.command_chain(unit.unit_id, unit.formation)}
    return bool(led & chain)


def _judge(game: Game, a: Activation, label: str, tracer: Tracer) -> Iterator[Finding]:
    leader = a.leader
    rows = _rows(game, leader, a.scenario)
    for unit, step in sorted(a.units.values(), key=lambda x: x[1]):
        if _own(game, leader, unit) or any(_member(game, unit, r.members) for r in rows):
            continue
        yield Finding(ACTIVATION, Severity.ERROR, f"{unit.name} moved at step {step} in {leader.name}'s activation "
                      f"(declared at step {a.step}) but is not of his command and no rule lets him activate it",
                      "5.2 Activate Leader", label, step, a.player, (unit.name, leader.name),
                      tracer.places(unit.map, [unit.hex]))
    for r in rows:
        if r.limit is None:
            continue
        counted = [(u, s) for u, s in a.units.values() if _member(game, u, r.members) and (not r.of or u.unit.type == r.of)]
        if len(counted) > r.limit:
            counted.sort(key=lambda x: x[1])
            u, s = counted[r.limit]
            names = tuple(x.name for x, _ in counted)
            yield Finding(ACTIVATION, Severity.ERROR, f"{leader.name}'s activation (declared at step {a.step}) moved "
                          f"{len(counted)} {r.of or 'units'} of {r.members} ({', '.join(names)}): at most {r.limit}",
                          cite(f"{r.section} Activate Leader", r.rulebook_line), label, s, a.player,
                          (leader.name, *names))
