"""Into the Woods 13.55 (L468): "A single unbrigaded or unassigned unit may attempt Recovery with each
brigade that is in Reserve for a full turn [SR 6.3]. Place the Recovered unit within one hex of the
brigade leader."

A Recovery is a unit's ``routed`` status going off (13.52: it comes back on its Disordered side). For
an unbrigaded or unassigned unit (its own formation is not a brigade) that recovers, a brigade
leader of its side must stand within ``recovery.reserve-range`` hexes of it at the end of the turn
(where the unit is placed; at the log's end, a warning), with the leader's ``orders`` status at
``recovery.reserve-orders`` both then and at the turn's first view (the whole turn when the log
shows its start); each such brigade hosts ``recovery.with-reserve`` recoveries a turn. A unit no
brigade can host is an error naming the nearest leaders checked. A failed attempt uses the
brigade's slot too, but a roll's purpose is not in the log: only recoveries that happened count
(the lenient reading). Numbers and words: rules.xlsx Parameters ``recovery.*``, each cited.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from gamedata.model import Game
from gamedata.ruledata import parameter, parameter_cite

from ..findings import Finding, Severity
from ..view import NO, YES, GameView, UnitView
from .board import unit_place
from .command import leader_level
from .scenario_places import Places

CHECK_ID = "units"
ROUTED = "routed"


def _unbrigaded(game: Game, u: UnitView) -> bool:
    chain = game.command_chain(u.unit_id, u.formation)
    return u.unit.type != "Ldr" and not (chain and chain[0].level == "brigade")


def check_reserve_recovery(game: Game, views: Iterable[GameView], label: str, players: Mapping[int, str | None]
                           ) -> Iterator[Finding]:
    slots, reach = parameter(game, "recovery.with-reserve"), parameter(game, "recovery.reserve-range")
    orders = str(parameter(game, "recovery.reserve-orders") or "")
    code = str(parameter(game, "orders.status") or "")
    if not isinstance(slots, (int, float)) or not isinstance(reach, (int, float)) or not orders or not code:
        return
    places = Places(game)
    first: GameView | None = None           # the turn's first view, when the log shows its start
    recovered: dict[str, int] = {}          # unit id -> the step its rout ended, this turn
    before: GameView | None = None
    for view in views:
        if before is not None and getattr(before.turn, "id", None) != getattr(view.turn, "id", None):
            yield from _judge(game, places, before, first, recovered, int(slots), int(reach), orders, code, label,
                              players, Severity.ERROR)
            first, recovered = view, {}
        if before is not None:
            for uid, now in view.units.items():
                was = before.unit(uid)
                if was is not None and was is not now and was.status.get(ROUTED) == YES \
                        and now.status.get(ROUTED) == NO and _unbrigaded(game, now):
                    recovered[uid] = view.step
        before = view
    if before is not None:
        yield from _judge(game, places, before, first, recovered, int(slots), int(reach), orders, code, label,
                          players, Severity.WARNING)


def _judge(game: Game, places: Places, last: GameView, first: GameView | None, recovered: Mapping[str, int],
           slots: int, reach: int, orders: str, code: str, label: str, players: Mapping[int, str | None],
           severity: Severity) -> Iterator[Finding]:
    rule = parameter_cite(game, "recovery.with-reserve", "13.55")
    used: dict[str, int] = {}
    for uid, step in sorted(recovered.items(), key=lambda x: (x[1], x[0])):
        u = last.unit(uid)
        if u is None or u.hex is None:
            continue
        near = places.within([u.hex], reach)
        leaders = [v for _, v in sorted(last.units.items()) if v.unit.type == "Ldr" and v.side == u.side
                   and v.hex in near and leader_level(game, v.unit_id) == "brigade"]
        hosts = [v for v in leaders if v.status.get(code) == orders
                 and (first is None or first.unit(v.unit_id) is None or first.unit(v.unit_id).status.get(code) == orders)]
        free = [v for v in hosts if used.get(v.unit_id, 0) < slots]
        if free:
            used[free[0].unit_id] = used.get(free[0].unit_id, 0) + 1
            continue
        if hosts:
            why = f"{', '.join(v.name for v in hosts)}'s brigade already hosted {slots} this turn"
        elif leaders:
            why = f"{', '.join(v.name for v in leaders)}'s brigade is not in {orders} for the whole turn"
        else:
            why = f"no brigade leader within {reach} hex"
        yield Finding(CHECK_ID, severity, f"{u.name} (unbrigaded) recovered from rout at step {step}, at "
                      f"{u.location} at the end of the turn: {why}; an unbrigaded or unassigned unit recovers with a "
                      f"brigade in {orders} for a full turn, one a brigade, within {reach} hex of its leader", rule,
                      label, step, players.get(step), (u.name,), unit_place(u))
