"""Into the Woods: orders as the Orders markers show them (the ``orders`` status of a unit).

* 9.22 (L204): "No Confederate units may be placed in March Orders until 9 AM on April 6th. No
  Federal units may be placed in March Orders until 10 AM ... (except the turn of their arrival
  for off-map reinforcements)"; "If playing an April 5th scenario, the same limits and times are
  used" (L206). Scenarios S4 and S6 allow no March Orders (L1587, L2129), S8 none for the Union
  but reinforcements entering at 10 AM or later (L2516): ``march.banned.<scenario>``.
* 9.7 and the reinforcement notes (L1102): "All units enter under Advance Orders. Exception: 9 AM
  Reserve Corps arrivals" (who may enter under March Orders, 9.22).
* 4.25 (L166): "Unassigned units are always under Advance Orders"; 14.44 (L500): "Detachments
  are always under Advance Orders".

The numbers and names are rules.xlsx Parameters (``orders.*``, ``march.*``, ``advance.*``): a
marker put on a unit against them is an error at its step, naming the unit and its hex. A unit
whose counter cannot show orders is skipped; where no Orders marker appears in a whole log the
check says once that it could not see any orders.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from gamedata.model import Game
from gamedata.ruledata import cite, parameter, parameter_row

from ..findings import Finding, Place, Severity
from ..view import NONE, UNKNOWN, GameView, UnitView

CHECK_ID = "orders"


def _list(game: Game, key: str) -> list[str]:
    return [w.strip() for w in str(parameter(game, key) or "").split(";") if w.strip()]


def _rule(game: Game, key: str, fallback: str) -> str:
    row = parameter_row(game, key)
    return cite(row.section, row.rulebook_line) if row else fallback


def _place(u: UnitView) -> tuple[Place, ...]:
    return (Place(u.map or "", u.location),) if u.hex is not None else ()


@dataclass(frozen=True)
class Arrival:
    """When a unit came onto the map in this log."""

    turn: object
    hour: str
    step: int


def check_orders(game: Game, views: Iterable[GameView], label: str, players: dict[int, str | None]) \
        -> Iterator[Finding]:
    code = str(parameter(game, "orders.status") or "")
    march, advance = str(parameter(game, "orders.march") or ""), str(parameter(game, "orders.advance") or "")
    if not code or not march or not advance:
        return
    arrivals: dict[str, Arrival] = {}
    before: GameView | None = None
    shown = False
    for view in views:
        if before is None:                     # the start: the set-up check's business
            before = view
            continue
        turn = getattr(view.turn, "id", None)
        for uid, u in view.units.items():
            was = before.unit(uid)
            if was is u or u.hex is None:
                continue
            if was is None or was.hex is None:
                arrivals[uid] = Arrival(turn, getattr(view.turn, "hour", "") or "", view.step)
            level = u.status.get(code, UNKNOWN)
            if level in (UNKNOWN, NONE):
                continue
            shown = True
            if was is not None and was.hex is not None and was.status.get(code) == level:
                continue                      # its orders did not change
            player = players.get(view.step)
            if level == march:
                yield from _march(game, view, u, arrivals.get(uid), turn, label, player)
            elif level != advance:
                yield from _always_advance(game, view, u, level, arrivals.get(uid), label, player)
        before = view
    if not shown and before is not None:
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, "orders not checked: no unit of the log shows an Orders marker "
                      f"({advance}, {march}...) that it did not start with", _rule(game, "orders.status",
                                                                                     "9.22 March Movement"), label)


def _march(game: Game, view: GameView, u: UnitView, arrived: Arrival | None, turn: object, label: str,
           player: str | None) -> Iterator[Finding]:
    scenario = getattr(getattr(view, "scenario", None), "scenario_id", None)
    date, hour = getattr(view.turn, "date", "") or "", getattr(view.turn, "hour", "") or ""
    said = f"{u.name} under March Orders at {u.location} ({date} {hour})"
    banned = str(parameter(game, f"march.banned.{scenario}") or "")
    if banned == "all":
        yield Finding(CHECK_ID, Severity.ERROR, f"{said}: {scenario} allows no March Orders",
                      _rule(game, f"march.banned.{scenario}", "9.22"), label, view.step, player, (u.name,), _place(u))
        return
    if banned == u.side:
        since = str(parameter(game, "march.banned.arrivals-from") or "")
        if arrived is None or not since or arrived.hour < since:
            yield Finding(CHECK_ID, Severity.ERROR, f"{said}: in {scenario} no {u.side} unit may use March Orders"
                          + (f" but reinforcements entering at {since} or later" if since else ""),
                          _rule(game, f"march.banned.{scenario}", "9.22"), label, view.step, player, (u.name,),
                          _place(u))
        return
    start = str(parameter(game, f"march.from.{u.side}") or "")
    if start and date in _list(game, "march.first-days") and hour and hour < start:
        yield Finding(CHECK_ID, Severity.ERROR, f"{said}: no {u.side} unit may be placed in March Orders until "
                      f"{start}", _rule(game, f"march.from.{u.side}", "9.22 March Movement"), label, view.step,
                      player, (u.name,), _place(u))
    elif arrived is not None and arrived.turn == turn and not _exempt(game, u, arrived.hour):
        yield Finding(CHECK_ID, Severity.ERROR, f"{said} on the turn of its arrival: a reinforcement enters under "
                      "Advance Orders and may be placed in March Orders from the next turn",
                      _rule(game, "advance.reinforcements", "9.22 March Movement"), label, view.step, player,
                      (u.name,), _place(u))


def _exempt(game: Game, u: UnitView, hour: str) -> bool:
    """The reinforcements that may arrive under March Orders (the Reserve Corps at 9 AM)."""
    for entry in _list(game, "march.arrival-exempt"):
        who, _, at = entry.partition("@")
        chain = {f.formation_id for f in game.command_chain(u.unit_id, u.formation)}
        if (who == u.unit_id or who in chain) and (not at or at == hour):
            return True
    return False


def _always_advance(game: Game, view: GameView, u: UnitView, level: str, arrived: Arrival | None, label: str,
                    player: str | None) -> Iterator[Finding]:
    """Units always under Advance Orders (detachments, the Unassigned), and reinforcements on
    the step they arrive."""
    f = game.formation(u.formation)
    said = f"{u.name} under {level} Orders at {u.location}"
    if u.unit.type in _list(game, "advance.types"):
        yield Finding(CHECK_ID, Severity.ERROR, f"{said}: {u.unit.type} units are always under Advance Orders",
                      _rule(game, "advance.types", "14.44"), label, view.step, player, (u.name,), _place(u))
    elif f is not None and f.level in _list(game, "advance.levels") and u.unit.type != "Ldr":
        yield Finding(CHECK_ID, Severity.ERROR, f"{said}: unassigned units ({f.formation_id}) are always under "
                      "Advance Orders", _rule(game, "advance.levels", "4.25"), label, view.step, player, (u.name,),
                      _place(u))
    elif arrived is not None and arrived.step == view.step:
        yield Finding(CHECK_ID, Severity.ERROR, f"{said} as it arrives: all reinforcements enter under Advance "
                      "Orders", _rule(game, "advance.reinforcements", "9.7"), label, view.step, player, (u.name,),
                      _place(u))
