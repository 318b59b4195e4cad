"""Great Battles of the American Civil War (Into the Woods): command and ammunition supply.

Command (4.15, 4.2-4.33): at the phase the Ranges rows name (the Division Orders Phase),
every leader and unit on the map is traced to its commander (`command.assess`); a unit whose
trace, or whose leader's trace, failed there and that moves later in the turn is "moved while
Out of Command" — an error when its counter says it is in command, a warning when the counter
cannot show it, nothing when it is marked Out of Command. Where the log shows no phases, each
move is assessed on the board just before it. Shiloh Branch's bridge (9.44) is closed to
tracing while it is. Attachments (4.33) and CSA batteries per brigade (4.32) are checked on
every step.

Ammunition resupply (10.92): a unit whose ammunition level goes up was resupplied. It must
not be next to an enemy unit; it must be near a Road or Farm Lane (artillery 1/0 hexes, small
arms 2/1) or in a camp; that road or lane must trace to its side's supply source along roads
and lanes, once on a road staying on it, never through enemy units or the hexes next to them
unless friendly-occupied (blockers: enemy combat units in command at that step — not marked Out
of Command, their trace not proved out of range — except unassigned cavalry); small arms need an Ammo Resupply roll of 4 or less after -2 on a Road,
-1 on a Farm Lane, +3 for the Union until the end of 10 AM on a first day. Every number is
read from rules.xlsx.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from gamedata.hexids import Hex
from gamedata.model import ChainRule, Game
from gamedata.paths import Missing, StayOn, route, zone
from gamedata.ruledata import cell, cite, parameter

from ..findings import Finding, Measure, Severity
from ..table_rolls import TableRoll, read_table_rolls, undone_steps
from ..view import GameView, UnitView
from . import incommand
from .abilities import Abilities
from .board import NON_COMBAT, Unchecked, enemies_next_to, touched
from .board import first_day as _first_day
from .board import scenario_of as _scenario
from .command import Tracer, assess, own_formation, range_of
from .declared import Declarations

COMMAND = incommand.CHECK_ID
SUPPLY = "supply"
AMMO_LEVELS = ("full", "low", "no")
ROAD, LANE = "Road", "Farm Lane"


def _hour(view: GameView) -> tuple[str, str]:
    turn = getattr(view, "turn", None)
    return (turn.date, turn.hour) if turn is not None else ("", "")


class Bridge:
    """9.44: Shiloh Branch's bridge hex is closed to tracing in first-day scenarios starting at
    8 AM or earlier until no Union unit is within four hexes; then open for good."""

    def __init__(self, game: Game, tracer: Tracer) -> None:
        self.game, self.tracer = game, tracer
        text, near, latest = (parameter(game, k) for k in ("bridge-hex", "bridge-clear", "bridge-start-by"))
        self.hex = tracer.hexids.parse(str(text)) if text else None
        self.near = int(near) if isinstance(near, (int, float)) else None
        self.latest = str(latest or "")
        self.open: bool | None = None

    def closed(self, view: GameView) -> frozenset[Hex]:
        if self.hex is None or self.near is None:
            return frozenset()
        if self.open is None:
            first = _first_day(self.game, view)
            scenario = next((s for s in self.game.scenarios if s.scenario_id == _scenario(view)), None)
            start = next((t for t in self.game.turns if scenario and t.id == scenario.start_turn), None)
            self.open = not (first and start is not None and start.hour and start.hour <= self.latest)
        if not self.open:
            graph = self.game.terrain.graph
            zone_ = graph.near((self.hex,), self.near) if self.hex in graph else set()
            if not any(u.side == "Union" and u.hex in zone_ for u in view.units.values()):
                self.open = True
        return frozenset() if self.open else frozenset({self.hex})


# ------------------------------------------------------------------ command


def check_command(game: Game, views: Iterable[GameView], label: str, players: dict[int, str | None],
                  texts: Mapping[int, tuple[str, ...]] | None = None, loss_rolls: Iterable[int] = ()
                  ) -> Iterator[Finding]:
    """Command at the Division Orders Phase (4.15, 4.2-4.21), Shiloh Branch's bridge closed while
    it is (9.44), attachments (4.33) and batteries per brigade (4.32) at every step, and the
    counts declared in the chat (``texts`` by step: 4.25 Unassigned AMs, 4.11 Direct Command);
    Johnston's leader loss roll in the turns that require one (12.77; ``loss_rolls``: its steps)."""
    tracer = Tracer(game)
    bridge = Bridge(game, tracer)
    declarations = Declarations(texts or {}, label)
    abilities = Abilities(texts or {}, label, lambda turn, who: (turn, who) in declarations.direct,
                          rolls=frozenset(loss_rolls))

    def every_step(game: Game, before: GameView, view: GameView, label: str, player: str | None,
                   tracer: Tracer) -> Iterator[Finding]:
        yield from _attachments(game, before, view, label, player, tracer)
        yield from declarations(game, before, view, label, player, tracer)
        yield from abilities(game, before, view, label, player, tracer)
    yield from incommand.check(game, views, label, players, "4.15 Command Range", bridge.closed, every_step,
                               lambda unit, turn: declarations.in_direct_command(game, unit, turn))
    yield from declarations.finish(game, tracer)
    yield from abilities.finish(game)


def _attachments(game: Game, before: GameView, view: GameView, label: str, player: str | None,
                 tracer: Tracer) -> Iterator[Finding]:
    """4.33 attachments of artillery and cavalry only from 9 AM April 6 (to a division from 12 Noon,
    4.32); 4.24 within range; 4.32 batteries per brigade and division, a battery of the brigade's
    own division, back from a division to its own command only; 4.25 cavalry per division."""
    date, hour = _hour(view)
    changed = [(was, u) for was, u in touched(before, view) if was is None or was.formation != u.formation]
    if not changed:
        return
    for rule in (r for r in game.chain_rules if r.rule == "attach-from"):
        for was, u in changed:
            if not u.attached or not _binds(game, rule, u) or (was is not None and was.attached):
                continue
            if date and f"{date} {hour}" < str(rule.value):
                yield Finding(COMMAND, Severity.ERROR, f"{u.name} attached to {u.formation} on {date} {hour}, before "
                              f"{rule.value}", cite(rule.section, rule.rulebook_line), label, view.step, player,
                              (u.name,))
    for rule in (r for r in game.chain_rules if r.rule == "attach-in-range"):
        for was, u in changed:
            if was is not None and u.hex is not None and _subject(rule, u):
                yield from _attached_in_range(game, rule, view, u, label, player, tracer)
    for rule in (r for r in game.chain_rules if r.rule == "attach-within"):
        for was, u in changed:
            if u.attached and _binds(game, rule, u) and not _same(game, u, str(rule.value)):
                yield Finding(COMMAND, Severity.ERROR, f"{u.name} attached to {u.formation}, not of its own "
                              f"{rule.value}", cite(rule.section, rule.rulebook_line), label, view.step, player,
                              (u.name,))
    for rule in (r for r in game.chain_rules if r.rule == "return-only"):
        for was, u in changed:
            left = game.formation(was.formation) if was is not None else None
            if (left is not None and left.level == rule.value and u.attached and _binds(game, rule, u, level=False)
                    and (not rule.side or rule.side == u.side)):
                yield Finding(COMMAND, Severity.ERROR, f"{u.name} moved from {was.formation} to {u.formation}: from "
                              f"a {rule.value} it may go back to its own command ({game.formation_of(u.unit_id)}) "
                              "only", cite(rule.section, rule.rulebook_line), label, view.step, player, (u.name,))
    for rule in (r for r in game.chain_rules if r.rule in ("battery-limit", "attached-limit")):
        limit = int(float(rule.value or 0))
        counts, earlier = _held(game, view, rule), _held(game, before, rule)
        for formation, names in counts.items():
            allowed = limit if rule.rule == "attached-limit" else max(limit, len(game_start_batteries(game, formation)))
            if len(names) > allowed and len(earlier.get(formation, ())) <= allowed:
                what = "attached " if rule.rule == "attached-limit" else ""
                yield Finding(COMMAND, Severity.ERROR, f"{formation} has {len(names)} {what}{_kind(rule)} "
                              f"({', '.join(names)}): at most {limit}"
                              + ("" if rule.rule == "attached-limit" else " unless it starts with more"),
                              cite(rule.section, rule.rulebook_line), label, view.step, player, tuple(names))


def _tokens(rule: ChainRule, name: str) -> set[str]:
    return {p.strip()[len(name) + 1:] for p in rule.subject.split(";") if p.strip().startswith(name + ":")}


def _binds(game: Game, rule: ChainRule, u: UnitView, level: bool = True) -> bool:
    """Whether a Chain row's subject covers the unit (``type:`` tokens) and, with ``level``, the
    formation it is now in (``to:`` a level); side when the row names one."""
    types, to = _tokens(rule, "type"), _tokens(rule, "to")
    if rule.side and rule.side != u.side or types and u.unit.type not in types:
        return False
    if level and to:
        f = game.formation(u.formation)
        return f is not None and f.level in to
    return True


def _same(game: Game, u: UnitView, level: str) -> bool:
    """Whether the unit's own formation and the one it is attached to share their ``level`` formation."""
    def above(chain: tuple) -> str | None:
        return next((f.formation_id for f in chain if f.level == level), None)
    own = above(game.command_chain(u.unit_id, game.formation_of(u.unit_id)))
    return own is not None and own == above(game.command_chain(u.unit_id, u.formation))


def _kind(rule: ChainRule) -> str:
    types = _tokens(rule, "type") or {"Art"}
    return "batteries" if types == {"Art"} else "cavalry units" if types == {"Cav"} else "/".join(sorted(types))


def _held(game: Game, view: GameView, rule: ChainRule) -> dict[str, list[str]]:
    """Per formation of the row's levels (``level:``) or ids (``formation:``), the units of its
    types (``type:``, artillery by default) on the map in it — attached ones only for an
    ``attached-limit``."""
    types = _tokens(rule, "type") or {"Art"}
    levels, ids = _tokens(rule, "level"), _tokens(rule, "formation")
    found: dict[str, list[str]] = {}
    for u in sorted(view.units.values(), key=lambda u: u.unit_id):
        if u.unit.type not in types or (rule.side and u.side != rule.side) or u.hex is None:
            continue
        if rule.rule == "attached-limit" and not u.attached:
            continue
        f = game.formation(u.formation)
        if f is not None and (f.level in levels or f.formation_id in ids):
            found.setdefault(f.formation_id, []).append(u.name)
    return found


def _subject(rule: ChainRule, u: UnitView) -> bool:
    parts = [p.strip() for p in rule.subject.split(";")]
    return (not rule.side or rule.side == u.side) and (u.unit_id in parts or f"type:{u.unit.type}" in parts)


def _attached_in_range(game: Game, rule: ChainRule, view: GameView, u: UnitView, label: str, player: str | None,
                       tracer: Tracer) -> Iterator[Finding]:
    """4.24: attached only within range of the new formation's leader (and of its division's)."""
    levels = [v.strip() for v in str(rule.value or "").split(";") if v.strip()]
    chain = [f for f in game.command_chain(u.unit_id, u.formation) if f.level in levels and f.leader]
    for f in chain:
        leader = view.unit(f.leader)
        rng = range_of(game, f.leader, u.side)
        said = f"{u.name} attached to {u.formation} at {tracer.hexids.format(u.hex)}"
        if leader is None or leader.hex is None or rng is None or rng.range is None:
            placed = leader is not None and leader.hex is not None
            yield Finding(COMMAND, Severity.NOT_CHECKED, f"{said}: whether it was in {f.name}'s range is not checked "
                          "(" + ("his range is not in rules.xlsx" if placed else "the leader is not on the map") + ")",
                          cite(rule.section, rule.rulebook_line), label, view.step, player, (u.name,),
                          cells=(incommand.range_to_fill(leader, rng),) if placed else ())
            continue
        t = tracer.trace(u, leader, rng)
        if t.within is False:
            t = tracer.drawn(t)
            yield Finding(COMMAND, Severity.ERROR, f"{said} out of range: {incommand.describe(t, tracer)}",
                          cite(rule.section, rule.rulebook_line), label, view.step, player, (u.name, leader.name),
                          tracer.places(u.map, [u.hex, leader.hex]), tracer.places(u.map, t.path),
                          measured=(incommand.measure(t, tracer),))
        elif t.within is None:
            yield Finding(COMMAND, Severity.NOT_CHECKED, f"{said}: the trace to {leader.name} crosses hexes without "
                          f"terrain ({', '.join(map(str, t.cells[:3]))})", cite(rule.section, rule.rulebook_line),
                          label, view.step, player, (u.name, leader.name), cells=t.cells)


def game_start_batteries(game: Game, formation: str) -> list[str]:
    return [u.name for u in game.members(formation) if u.type == "Art"]


# ------------------------------------------------------------------ ammunition supply


def _level(unit: UnitView) -> int | None:
    value = unit.status.get("ammo")
    if value == "none":                  # no ammunition marker on the stack: full
        return 0
    return AMMO_LEVELS.index(value) if value in AMMO_LEVELS else None


@dataclass
class Supply:
    """The 10.92 supply line of one game: roads and lanes, once on a road staying on it."""

    game: Game
    tracer: Tracer

    def __post_init__(self) -> None:
        terrain = self.game.terrain

        def step(a: Hex, b: Hex) -> float | Missing | None:
            side = terrain.hexside(a, b)
            if side is None:
                return Missing((terrain.side_cell(a, b, f"terrain.xlsx:Hexsides: {terrain.hexids.format(a)}|"
                                                        f"{terrain.hexids.format(b)}"),))
            return 1.0 if {ROAD, LANE} & set(side.features) else None
        self.step = step
        self.mode = StayOn(lambda a, b: ROAD in terrain.routes(a, b))

    def on(self, h: Hex, code: str) -> bool | None:
        """Whether a road (lane) runs through ``h``; None when its sides are not known."""
        terrain = self.game.terrain
        if h not in terrain.graph:
            return None
        sides = [terrain.hexside(h, n) for n in terrain.graph.neighbours(h)]
        if any(s is not None and code in s.features for s in sides):
            return True
        return None if any(s is None for s in sides) else False

    def near(self, h: Hex, code: str, n: int) -> tuple[list[Hex], bool]:
        """Hexes within ``n`` of ``h`` a road (lane) runs through, and whether that is all known."""
        found, known = [], True
        for x in sorted(self.game.terrain.graph.near((h,), n)):
            on = self.on(x, code)
            if on:
                found.append(x)
            known &= on is not None
        return found, known

    def sources(self, side: str) -> list[Hex] | None:
        text = parameter(self.game, f"supply-source.{side}")
        return [self.tracer.hexids.parse(t.strip()) for t in str(text).split(";")] if text else None


def check_supply(game: Game, views: Iterable[GameView], label: str, players: dict[int, str | None],
                 rolls: list[TableRoll]) -> Iterator[Finding]:
    tracer = Tracer(game)
    supply = Supply(game, tracer)
    graph = game.terrain.graph
    unchecked = Unchecked(SUPPLY, "10.92 Ammo Resupply", label)
    rule = cite("10.92 Ammo Resupply", 376)
    used: set[int] = set()
    before = None
    for view in views:
        if before is None:
            before = view
            continue
        step = view.step
        for was, u in touched(before, view):
            old, new = (_level(was) if was else None), _level(u)
            if old is None or new is None or new >= old or u.hex is None or u.unit.type in NON_COMBAT:
                continue
            where = tracer.hexids.format(u.hex)
            said = f"{u.name} resupplied at {where}"
            enemies = enemies_next_to(view, u, graph)
            if enemies:
                e = enemies[0]
                yield Finding(SUPPLY, Severity.ERROR, f"{said} next to the enemy {e.name} at "
                              f"{tracer.hexids.format(e.hex)}: units adjacent to an enemy unit are not eligible",
                              cite("10.92 Ammo Resupply", 398), label, step, players.get(step), (u.name, e.name),
                              tracer.places(u.map, [u.hex, e.hex]),
                              measured=(Measure(tracer.place(u.map, u.hex), tracer.place(e.map, e.hex), u.name,
                                                e.name, "1 hex"),))
                continue
            yield from _resupply(game, supply, view, u, step, label, players.get(step), rolls, used, unchecked, rule)
        before = view
    yield from unchecked.findings()


def _number(game: Game, key: str) -> float | None:
    value = parameter(game, key)
    return float(value) if isinstance(value, (int, float)) else None


def _resupply(game: Game, supply: Supply, view: GameView, u: UnitView, step: int, label: str, player: str | None,
              rolls: list[TableRoll], used: set[int], unchecked: Unchecked, rule: str) -> Iterator[Finding]:
    tracer = supply.tracer
    kind = "artillery" if u.unit.type == "Art" else "small-arms"
    road_n, lane_n = _number(game, f"resupply.{kind}-road"), _number(game, f"resupply.{kind}-lane")
    where = tracer.hexids.format(u.hex)
    said = f"{u.name} resupplied at {where}"
    if road_n is None or lane_n is None:
        unchecked.add("resupply distances not in rules.xlsx", [cell(game, f"resupply.{kind}-road")])
        return
    # an infantry camp (one the data leaves untyped counts as one), on a scenario's first day only
    camp = _first_day(game, view) is not False and any(
        s.hex == u.hex for s in game.terrain.specials("camp") if s.detail not in ("artillery", "cavalry"))
    roads, roads_known = supply.near(u.hex, ROAD, int(road_n))
    lanes, lanes_known = supply.near(u.hex, LANE, int(lane_n))
    starts = roads + lanes
    if kind == "small-arms":
        only_camp = camp and not starts and roads_known and lanes_known
        yield from _roll(game, supply, view, u, step, label, player, rolls, used, camp, only_camp)
    if not starts:
        if not (roads_known and lanes_known):
            unchecked.add("resupply near roads and lanes in hexes without terrain",
                          [x.cell for x in game.terrain.missing(game.terrain.graph.near((u.hex,), int(road_n)))][:3])
        elif not camp:
            yield Finding(SUPPLY, Severity.ERROR, f"{said}: not within {road_n:g} hex(es) of a Road nor {lane_n:g} of a "
                          f"Farm Lane", rule, label, step, player, (u.name,), tracer.places(u.map, [u.hex]))
        return
    yield from _line(game, supply, view, u, starts, step, label, player, unchecked, rule, camp)


def _blockers(game: Game, tracer: Tracer, view: GameView, side: str) -> tuple[set[Hex], set[Hex]]:
    """Hexes of enemy units that block and of friendly units. An enemy combat unit blocks unless
    it is unassigned cavalry, or out of command "at the moment of Ammo Resupply": marked Out of
    Command, or its trace to its commander (or its leader's) proved out of range; a trace the
    data cannot make counts it in command."""
    friendly = {o.hex for o in view.units.values() if o.hex is not None and o.side == side}
    candidates = []
    for o in view.units.values():
        if o.hex is None or o.side == side or o.unit.type in NON_COMBAT:
            continue
        formation = game.formation(o.formation)
        if o.unit.type == "Cav" and formation is not None and formation.level == "army":
            continue                      # unassigned cavalry never blocks
        if o.status.get("out-of-command") != "yes":
            candidates.append(o)
    chain = {f.leader for o in candidates for f in game.command_chain(o.unit_id, o.formation) if f.leader}
    traced = assess(tracer, view, candidates + [u for uid, u in view.units.items() if uid in chain])
    out = {t.unit.unit_id for t in traced.traces if t.within is False}
    out_formations = {own_formation(game, uid) for uid in out} - {""}
    enemy = {o.hex for o in candidates if o.unit_id not in out and not out_formations & {
        f.formation_id for f in game.command_chain(o.unit_id, o.formation)}}
    return enemy, friendly


def _line(game: Game, supply: Supply, view: GameView, u: UnitView, starts: list[Hex], step: int, label: str,
          player: str | None, unchecked: Unchecked, rule: str, camp: bool) -> Iterator[Finding]:
    tracer = supply.tracer
    sources = supply.sources(u.side)
    if sources is None:
        unchecked.add(f"the {u.side} supply source has no hex", [cell(game, f"supply-source.{u.side}")])
        return
    graph = game.terrain.graph
    enemy, friendly = _blockers(game, tracer, view, u.side)
    cut = zone(graph, enemy, unless=friendly)
    line = route(graph, starts, sources, supply.step, blocked=cut, mode=supply.mode)
    if line is not None and not line.missing:
        return
    if line is not None:
        unchecked.add("supply lines through hexsides without terrain", line.cells)
        return
    free = route(graph, starts, sources, supply.step, mode=supply.mode)
    if free is None or free.missing:
        if free is None:
            yield Finding(SUPPLY, Severity.ERROR if not camp else Severity.WARNING,
                          f"{u.name} resupplied at {tracer.hexids.format(u.hex)}: no road or lane joins it to the "
                          f"supply source", rule, label, step, player, (u.name,), tracer.places(u.map, [u.hex]))
        else:
            unchecked.add("supply lines through hexsides without terrain", free.cells)
        return
    blocked = [h for h in free.path if h in cut]
    near = sorted({o.name for h in blocked for n in (h, *graph.neighbours(h)) for o in view.at(n)
                   if o.side != u.side and o.hex in enemy})
    yield Finding(SUPPLY, Severity.ERROR if not camp else Severity.WARNING,
                  f"{u.name} resupplied at {tracer.hexids.format(u.hex)} with its supply line cut: the road to "
                  f"{tracer.hexids.format(free.path[-1])} passes {', '.join(tracer.hexids.format(h) for h in blocked)}, "
                  f"next to {', '.join(near)}" + (" (a camp roll needs no supply line)" if camp else ""),
                  rule, label, step, player, (u.name, *near), tracer.places(u.map, [u.hex]),
                  tracer.places(u.map, free.path), tracer.places(u.map, blocked),
                  measured=(Measure(tracer.place(u.map, u.hex), tracer.place(u.map, free.path[-1]), u.name,
                                    "the supply source", f"{len(free.path) - 1} hexes by road"),))


def _roll(game: Game, supply: Supply, view: GameView, u: UnitView, step: int, label: str, player: str | None,
          rolls: list[TableRoll], used: set[int], camp: bool, only_camp: bool) -> Iterator[Finding]:
    """The Ammo Resupply roll before the resupply (the latest not already used): the regular roll
    with its modifiers, or in an infantry camp the camp roll (no modifier); ``only_camp`` when no
    road or lane is near, so only the camp roll can succeed."""
    roll = next((r for r in reversed(rolls) if r.step <= step and r.step not in used), None)
    rule = cite("10.92 Ammo Resupply", 385)
    said = f"{u.name} resupplied at {supply.tracer.hexids.format(u.hex)}"
    if roll is None:
        if view.phase != "Replacement/Recovery":
            yield Finding(SUPPLY, Severity.WARNING, f"{said} without an Ammo Resupply roll", rule, label, step, player,
                          (u.name,))
        return
    used.add(roll.step)
    die = roll.dice[0]
    target, camp_target = _number(game, "resupply.target"), _number(game, "resupply.camp-target")
    drm, why = 0.0, []
    road, lane = supply.on(u.hex, ROAD), supply.on(u.hex, LANE)
    if road or road is None:
        drm += _number(game, "resupply.road-drm") or 0
        why.append("on a Road" if road else "at best on a Road: its terrain is not known")
    elif lane or lane is None:
        drm += _number(game, "resupply.lane-drm") or 0
        why.append("on a Farm Lane" if lane else "at best on a Farm Lane: its terrain is not known")
    until = parameter(game, "resupply.union-drm-until")
    date, hour = _hour(view)
    if u.side == "Union" and _first_day(game, view) and hour and until and hour <= str(until):
        drm += _number(game, "resupply.union-drm") or 0
        why.append("Union, first day to 10 AM")
    if target is None or (camp and camp_target is None):
        return
    if camp and camp_target is not None and die <= camp_target:
        return
    if only_camp:
        yield Finding(SUPPLY, Severity.ERROR, f"{said} on a failed camp roll: {die}, more than {camp_target:g} (no "
                      "road or lane near: only the camp roll applies)", cite("10.92 Ammo Resupply", 395), label, step,
                      player, (u.name,), supply.tracer.places(u.map, [u.hex]))
    elif die + drm > target:
        yield Finding(SUPPLY, Severity.ERROR, f"{said} on a failed roll: {die} {drm:+g} ({', '.join(why) or 'no DRM'}) "
                      f"= {die + drm:g}, more than {target:g}", rule, label, step, player, (u.name,),
                      supply.tracer.places(u.map, [u.hex]))


def resupply_rolls(steps, game: Game, views) -> list[TableRoll]:
    return [r for r in _table_rolls(steps, game, views) if r.table.table_id == "ammo-resupply"]


def rolls_on(steps, game: Game, views, table_id: str) -> list[TableRoll]:
    """The log's rolls on one table that stand (not undone)."""
    undone = undone_steps(steps)
    return [r for r in _table_rolls(steps, game, views) if r.table.table_id == table_id and r.step not in undone]


def _table_rolls(steps, game: Game, views) -> tuple[TableRoll, ...]:
    phase = (lambda s: views.at(s).phase) if views is not None else (lambda s: None)
    return tuple(read_table_rolls(steps, game, phase).rolls)
