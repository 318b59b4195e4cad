"""Civil War Brigade (the Regimental Sub-Series, Atlanta): command radius and resupply.

Command radius (RSS 10.5a, "must always be at or within"): division leaders 12 MP of their
corps, brigade commanders 8 MP of their division's, regiments 6 MP of their brigadier or next
to an in-command unit of their brigade; Atlanta's division commanders 8 MP of their corps
commander. Checked after every step for what moved (`incommand`), with the radii from
rules.xlsx Ranges.

Units that must stay near named leaders (Chain `near-leaders`, Atlanta 2.1g: 16th Corps units
"must stay within 4 hexes of either Dodge or the division commander"): after every step, each
listed unit that moved, or whose leaders moved, is measured in hexes (Parameters
`near-leaders.hexes`) to the listed leaders on the map; farther from all of them is an error.

Resupply (RSS 28.2-28.4; Atlanta 2.4, 3.2 and 3.5 amend who draws from which wagon and CSA
artillery): a unit whose Low/No Ammo marker comes off was resupplied. RSS 28.4 (the series rule
Atlanta plays by: its own rulebook prints no resupply distance but for Confederate artillery) asks
it to be at least `resupply.enemy-distance` hexes from every enemy unit, at or within
`resupply.wagon-distance` hexes of a wagon serving its corps or army (Parameters
`wagon.<unit id>` = the formation a wagon serves, else the wagon's own formation), in a morale
state no worse than Shaken (`resupply.ineligible-states`), and limbered if it is artillery
(`resupply.limbered`). The units of `resupply.automatic` (`<side>:<type>`; Atlanta 3.5: Confederate
artillery "is automatically replenished if ... within 2 hexes of the Corps supply wagon or the
Army trains") are judged by that distance alone (`resupply.automatic-distance`), under that
rule's citation. All of it is hex distance and counter state: no terrain needed.

The same units left out of ammunition: `refills.py`. Atlanta 2.6a's detachment marker, traced to
its parent brigade at each step beside the radii: `detachment.py`.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from gamedata.cellref import CellRef
from gamedata.model import ChainRule, Game
from gamedata.ruledata import cell, cite, parameter, parameter_row

from ..findings import Finding, Measure, Severity
from ..view import GameView, UnitView
from . import incommand
from .board import NON_COMBAT, Unchecked, moved, touched
from .command import Tracer
from .detachment import Detachment

SUPPLY = "supply"
WAGONS = frozenset({"Sup", "Wag", "Wagon", "Train"})


def check_command(game: Game, views: Iterable[GameView], label: str, players: dict[int, str | None]
                  ) -> Iterator[Finding]:
    if not game.units:
        yield Finding(incommand.CHECK_ID, Severity.NOT_CHECKED, "command radii not checked: the game has no order of "
                      "battle (oob.xlsx Units and Formations are empty: the series rules name no units)",
                      "10.5a Command Radius", label)
        return
    near, detachment = NearLeaders(), Detachment()

    def extra(game: Game, before: GameView, view: GameView, label: str, player: str | None,
              tracer: Tracer) -> Iterator[Finding]:
        yield from near(game, before, view, label, player, tracer)
        yield from detachment(game, before, view, label, player, tracer)

    yield from incommand.check(game, views, label, players, "10.5a Command Radius", extra=extra)
    yield from detachment.findings_at_end()


def _ids(text: object) -> list[str]:
    return [t.strip() for t in str(text or "").split(";") if t.strip()]


@dataclass
class NearLeaders:
    """Chain `near-leaders` rows checked at each step (see the module docstring); a unit far
    from all its leaders is said once until it is back near one."""

    said: set[str] = field(default_factory=set)

    def __call__(self, game: Game, before: GameView, view: GameView, label: str, player: str | None,
                 tracer: Tracer) -> Iterator[Finding]:
        rows = [r for r in game.chain_rules if r.rule == "near-leaders"]
        if not rows:
            return
        movers = {now.unit_id for _, now in moved(before, view)}
        hexes = parameter(game, "near-leaders.hexes")
        for row in rows:
            units, leaders = _ids(row.subject), _ids(row.value)
            scenario = getattr(getattr(view, "scenario", None), "scenario_id", None)
            if not row.applies(scenario) or not movers & set(units + leaders):
                continue
            for uid in units:
                u = view.unit(uid)
                if u is None or u.hex is None or (uid not in movers and not movers & set(leaders)):
                    continue
                finding = self._judge(game, row, view, u, leaders, hexes, label, player, tracer)
                if finding is None:
                    self.said.discard(uid)
                elif uid not in self.said:
                    self.said.add(uid)
                    yield finding

    @staticmethod
    def _judge(game: Game, row: ChainRule, view: GameView, u: UnitView, leaders: list[str], hexes: object,
               label: str, player: str | None, tracer: Tracer) -> Finding | None:
        rule = cite(row.section, row.rulebook_line)
        where = tracer.hexids.format(u.hex)
        on_map = [c for c in (view.unit(lid) for lid in leaders) if c is not None and c.hex is not None]
        if not isinstance(hexes, (int, float)) or not on_map:
            why = (f"fill {cell(game, 'near-leaders.hexes')}" if not isinstance(hexes, (int, float))
                   else f"none of {', '.join(leaders)} is on the map")
            return Finding(incommand.CHECK_ID, Severity.NOT_CHECKED, f"whether {u.name} at {where} stayed near "
                           f"{' or '.join(leaders)} is not checked: {why}", rule, label, view.step, player, (u.name,))
        n = float(hexes)
        if any(tracer.distance(u.hex, c.hex, n) is not None for c in on_map):
            return None
        far = "; ".join(f"{c.name} at {tracer.hexids.format(c.hex)}" for c in on_map)
        return Finding(incommand.CHECK_ID, Severity.ERROR, f"{u.name} at {where} is more than {n:g} hexes from "
                       f"each of {far} (it must stay within {n:g} hexes of one of them)", rule, label, view.step,
                       player, (u.name, *(c.name for c in on_map)),
                       tracer.places(u.map, [u.hex, *(c.hex for c in on_map)]),
                       measured=tuple(_hexes_apart(tracer, u, c, n) for c in on_map))


def _hexes_apart(tracer: Tracer, u: UnitView, other: UnitView, beyond: float) -> Measure:
    """How far ``other`` is from ``u``, known to be more than ``beyond`` hexes: counted when
    it is within a few times that, else said as more than it."""
    hexes = tracer.distance(u.hex, other.hex, 4 * beyond + 16)
    length = f"{hexes:g} hexes" if hexes is not None else f"more than {4 * beyond + 16:g} hexes"
    return Measure(tracer.place(u.map, u.hex), tracer.place(other.map, other.hex), u.name, other.name, length)


def _ammo_codes(game: Game) -> list[str]:
    text = parameter(game, "resupply.ammo-statuses")
    return [c.strip() for c in str(text).split(";")] if text else []


def _int(game: Game, key: str) -> int | None:
    value = parameter(game, key)
    return int(value) if isinstance(value, (int, float)) else None


def _serves(game: Game, wagon: UnitView) -> str:
    """The formation a wagon serves: rules.xlsx `wagon.<unit id>`, else its OOB formation."""
    value = parameter(game, f"wagon.{wagon.unit_id}")
    return str(value) if value else game.formation_of(wagon.unit_id)


def _rule(game: Game, key: str, fallback: str) -> str:
    row = parameter_row(game, key)
    return cite(f"{row.section} Resupply", row.rulebook_line) if row else fallback


def _automatic(game: Game, u: UnitView) -> bool:
    """Whether ``u`` is of the units resupplied by wagon distance alone (`resupply.automatic`)."""
    kinds = [k.strip() for k in str(parameter(game, "resupply.automatic") or "").split(";") if k.strip()]
    return f"{u.side}:{u.unit.type}" in kinds


def check_supply(game: Game, views: Iterable[GameView], label: str, players: dict[int, str | None]
                 ) -> Iterator[Finding]:
    codes = _ammo_codes(game)
    rule = _rule(game, "resupply.wagon-distance", "28.4 Resupply")
    unchecked = Unchecked(SUPPLY, rule, label)
    if not codes:
        unchecked.add("which statuses are Low and No Ammo", [cell(game, "resupply.ammo-statuses")])
        yield from unchecked.findings()
        return
    tracer = Tracer(game)
    graph = game.terrain.graph
    enemy_n, wagon_n = _int(game, "resupply.enemy-distance"), _int(game, "resupply.wagon-distance")
    before = None
    for view in views:
        if before is not None:
            for was, u in touched(before, view):
                if was is None or u.hex is None or not any(
                        was.status.get(c) == "yes" and u.status.get(c) == "no" for c in codes):
                    continue
                if _automatic(game, u):
                    why = _rule(game, "resupply.automatic", rule)
                    problems = list(_far_from_wagon(game, tracer, graph, view, u,
                                                    _int(game, "resupply.automatic-distance"), unchecked))
                else:
                    why = rule
                    problems = list(_ineligible(game, tracer, graph, view, u, enemy_n, wagon_n, unchecked))
                if problems:
                    step = view.step
                    pieces = (u.name, *dict.fromkeys(o.name for _, others in problems for o in others))
                    hexes = [u.hex, *(o.hex for _, others in problems for o in others)]
                    yield Finding(SUPPLY, Severity.ERROR, f"{u.name} resupplied at {tracer.hexids.format(u.hex)}: "
                                  + "; ".join(m for m, _ in problems), why, label, step, players.get(step),
                                  pieces, tracer.places(u.map, dict.fromkeys(hexes)),
                                  measured=tuple(_hexes_apart(tracer, u, o, 0) for _, others in problems
                                                 for o in others))
        before = view
    yield from unchecked.findings()


def _ineligible(game: Game, tracer: Tracer, graph, view: GameView, u: UnitView, enemy_n: int | None,
                wagon_n: int | None, unchecked: Unchecked) -> Iterator[tuple[str, list[UnitView]]]:
    """Why ``u`` may not resupply: each reason, with the units it is measured to (an enemy, a wagon)."""
    status = u.status
    states = parameter(game, "resupply.ineligible-states")
    if states is None:
        unchecked.add("the morale states that may not resupply", [cell(game, "resupply.ineligible-states")])
    for code in (c.strip() for c in str(states or "").split(";") if c.strip()):
        if status.get(code) == "yes":
            yield f"it is {code} (Shaken or better only)", []
    limbered = parameter(game, "resupply.limbered")
    if u.unit.type == "Art":
        if limbered is None:
            unchecked.add("whether artillery must be limbered", [cell(game, "resupply.limbered")])
        elif str(limbered) == "yes" and (status.get("limbered") == "no" or status.get("unlimbered") == "yes"):
            yield "artillery must be limbered to be resupplied", []
    if enemy_n is None:
        unchecked.add("the distance from the enemy", [cell(game, "resupply.enemy-distance")])
    elif u.hex in graph:
        close = graph.near((u.hex,), enemy_n - 1)
        near = [o for o in view.units.values()
                if o.side != u.side and o.hex in close and o.unit.type not in NON_COMBAT | WAGONS]
        if near:
            e = min(near, key=lambda o: (tracer.distance(u.hex, o.hex, enemy_n) or 0, o.unit_id))
            yield (f"the enemy {e.name} at {tracer.hexids.format(e.hex)} is "
                   f"{tracer.distance(u.hex, e.hex, enemy_n):g} hexes away (at least {enemy_n})", [e])
    yield from _far_from_wagon(game, tracer, graph, view, u, wagon_n, unchecked)


def _far_from_wagon(game: Game, tracer: Tracer, graph, view: GameView, u: UnitView, wagon_n: int | None,
                    unchecked: Unchecked) -> Iterator[tuple[str, list[UnitView]]]:
    """The wagon condition: a wagon of the unit's corps or army train at or within ``wagon_n`` hexes."""
    if wagon_n is None:
        unchecked.add("the distance from a wagon", [cell(game, "resupply.wagon-distance")])
        return
    chain = {f.formation_id for f in game.command_chain(u.unit_id, u.formation)}
    wagons = [w for w in view.units.values()
              if w.side == u.side and w.unit.type in WAGONS and _serves(game, w) in chain]
    if not any(w.hex is not None for w in wagons):
        if not [w for w in game.units if w.side == u.side and w.type in WAGONS]:
            wagons_cell = CellRef("oob.xlsx", "Units", (), "", "oob.xlsx:Units (wagons)", "wagons in the order of battle")
            unchecked.add("no wagon in the order of battle", [wagons_cell])
        else:
            yield "no wagon of its corps or army train is on the map", []
        return
    on_map = [w for w in wagons if w.hex is not None and w.hex in graph]
    if not on_map or any(tracer.distance(u.hex, w.hex, wagon_n) is not None for w in on_map):
        return
    far = 4 * wagon_n + 16
    w = min(on_map, key=lambda w: (tracer.distance(u.hex, w.hex, far) or far + 1, w.unit_id))
    d = tracer.distance(u.hex, w.hex, far)
    how = f"{d:g} hexes away" if d is not None else f"more than {far} hexes away"
    yield (f"its wagon {w.name} at {tracer.hexids.format(w.hex)} is {how} (at or within {wagon_n})",
           [w])
