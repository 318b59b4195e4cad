"""Into the Woods 5.26 (L182): "In the first day scenarios, Stuart's brigade (Sherman's division) is
limited to a maximum of two Activations regardless of the number of Sherman's AMs, unless In
Command during the Division Orders Phase."

An Activation is an AM drawn from a cup, not a piece: the log shows one where a player writes
the words of rules.xlsx ``am.declared`` ("AM") in the chat, and where the moves change from one
division to another (a division's units move under its own AM). The brigade's Activations in a
turn are the stretches between such boundaries in which one of its units moves: two AMs of the
same division drawn one after the other with no line between them count as one, so the count
never exceeds what was played. On the third, the brigade's leader is traced to his division
leader at the turn's Division Orders Phase (the first view of the turn when the log has no such
phase): out of range is an error naming the moves, in range is silent, and a trace that needs
map cells is not checked, saying which.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from gamedata.model import Game
from gamedata.ruledata import cite, parameter, parameter_row

from ..findings import Finding, Severity
from ..view import GameView, UnitView
from ..view.names import loose
from .board import moved
from .command import Tracer, range_of
from .incommand import assessed_at, describe, range_to_fill

CHECK_ID = "activation"


def _rule(game: Game) -> str:
    row = parameter_row(game, "capped.activations")
    return cite(row.section, row.rulebook_line) if row else "5.26"


@dataclass
class _Turn:
    """One turn of the capped brigade: its Activations (the first move's step each), the view of
    the Division Orders Phase, and whether the cap was judged."""

    orders: GameView | None = None
    activations: list[int] = field(default_factory=list)
    judged: bool = False


def check_capped(game: Game, views: Iterable[GameView], label: str, players: Mapping[int, str | None],
                 texts: Mapping[int, tuple[str, ...]]) -> Iterator[Finding]:
    brigade = str(parameter(game, "capped.formation") or "")
    limit = parameter(game, "capped.activations")
    if not brigade or not isinstance(limit, (int, float)):
        return
    days = {d.strip() for d in str(parameter(game, "capped.days") or "").split(";") if d.strip()}
    am = str(parameter(game, "am.declared") or "")
    pattern = re.compile(rf"(?<!\w){re.escape(am)}(?!\w)", re.IGNORECASE) if am else None
    tracer = Tracer(game)
    phase = loose(assessed_at(game) or "Division Orders")
    turns: dict[object, _Turn] = {}
    before: GameView | None = None
    current: str | None = None                 # the division whose units moved last
    open_window = False
    for view in views:
        turn_id = getattr(view.turn, "id", None)
        turn = turns.setdefault(turn_id, _Turn())
        if turn.orders is None or loose(view.phase or "") == phase:
            turn.orders = view               # the turn's Division Orders Phase, else its first view
        if before is None or getattr(before.turn, "id", None) != turn_id:
            current, open_window = None, False
        if pattern is not None and any(pattern.search(t) for t in texts.get(view.step, ())):
            current, open_window = None, False
        if before is not None:
            for was, now in moved(before, view):
                division = _division(game, now)
                if division != current:
                    current, open_window = division, False
                if now.formation == brigade and not open_window:
                    open_window = True
                    turn.activations.append(view.step)
                    date = getattr(view.turn, "date", "") or ""
                    if len(turn.activations) > limit and not turn.judged and (not days or date in days):
                        turn.judged = True
                        yield from _judge(game, tracer, turn, brigade, now, view, label, players.get(view.step))
        before = view


def _division(game: Game, unit: UnitView) -> str | None:
    return next((f.formation_id for f in game.command_chain(unit.unit_id, unit.formation) if f.level == "division"),
                None)


def _judge(game: Game, tracer: Tracer, turn: _Turn, brigade: str, unit: UnitView, view: GameView, label: str,
           player: str | None) -> Iterator[Finding]:
    """The third Activation: allowed only if the brigade was In Command at the Division Orders Phase."""
    f = game.formation(brigade)
    division = game.formation(f.parent) if f is not None else None
    at = turn.orders or view
    leader = at.unit(f.leader) if f is not None and f.leader else None
    chief = at.unit(division.leader) if division is not None and division.leader else None
    said = (f"{f.name if f else brigade} activated {len(turn.activations)} times this turn (its units moved from "
            f"steps {', '.join(map(str, turn.activations))}): at most "
            f"{parameter(game, 'capped.activations'):g} unless In Command during the Division Orders Phase")
    rng = range_of(game, chief.unit_id, chief.side) if chief is not None else None
    if leader is None or chief is None or leader.hex is None or chief.hex is None or rng is None or rng.range is None:
        placed = chief is not None and chief.hex is not None and leader is not None and leader.hex is not None
        why = "his division leader's Command Range is not in rules.xlsx" if placed else "a leader is not on the map"
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{said}; whether it was In Command is not checked ({why})",
                      _rule(game), label, view.step, player, (unit.name,),
                      cells=(range_to_fill(chief, rng),) if placed and chief is not None else ())
        return
    t = tracer.trace(leader, chief, rng)
    if t.within is True:
        return
    if t.within is None:
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{said}; whether it was In Command is not checked: the trace "
                      f"crosses hexes without terrain ({', '.join(map(str, t.cells[:3]))})", _rule(game), label,
                      view.step, player, (unit.name, leader.name), cells=t.cells)
        return
    t = tracer.drawn(t)
    yield Finding(CHECK_ID, Severity.ERROR, f"{said}, and it was not at step {at.step}: {describe(t, tracer)}",
                  _rule(game), label, view.step, player, (unit.name, leader.name),
                  tracer.places(unit.map, [h for h in (unit.hex, leader.hex) if h is not None]),
                  tracer.places(leader.map, t.path))

