"""Atlanta 3.5 (L182): Confederate artillery "is automatically replenished if the artillery is within
2 hexes of the Corps supply wagon or the Army trains during the resupply phase". A unit of
`resupply.automatic` still showing a Low/No Ammo status at the end of the resupply phase (Parameters
`resupply.phase`, a phase of game.toml [[phases]]: the series' sequence of play is not in the
rulebook set) with a wagon serving it within `resupply.automatic-distance` hexes is an error; the
log's last phase is left to the next log. Without the phase it says once, when such a unit shows
the status, which cells would let it run. Run by the supply check beside `cwb.check_supply` (which
judges a refill made); a module of its own, since `stacking` (its phase ends) reads `cwb`.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from gamedata.model import Game
from gamedata.ruledata import cell, parameter

from ..context import CheckContext
from ..findings import Finding, Severity
from ..view import GameView, UnitView
from .command import Tracer
from .cwb import SUPPLY, WAGONS, _ammo_codes, _automatic, _int, _rule, _serves
from .ranges import _players
from .stacking import phase_ends


def run(ctx: CheckContext) -> Iterator[Finding]:
    if ctx.game is None or ctx.views is None or ctx.game.system != "CWB":
        return
    yield from check_refills(ctx.game, ctx.views, ctx.log.label, _players(ctx))


def check_refills(game: Game, views: Iterable[GameView], label: str, players: dict[int, str | None]
                  ) -> Iterator[Finding]:
    """Units resupplied automatically (`resupply.automatic`) still short of ammunition at the end of
    the resupply phase with their wagon in reach (see the module docstring)."""
    codes, n = _ammo_codes(game), _int(game, "resupply.automatic-distance")
    if parameter(game, "resupply.automatic") is None or not codes or n is None:
        return
    rule = _rule(game, "resupply.automatic", "3.5 Resupply")
    phase = str(parameter(game, "resupply.phase") or "")
    known = phase and any(p.name == phase for p in game.phases)
    tracer = Tracer(game)
    short: UnitView | None = None
    for view, last, _ in phase_ends(views):
        for u in (u for _, u in sorted(view.units.items()) if _automatic(game, u) and u.hex is not None
                  and any(u.status.get(c) == "yes" for c in codes)):
            short = short or u
            if not known or last or view.phase != phase:
                continue
            chain = {f.formation_id for f in game.command_chain(u.unit_id, u.formation)}
            near = [w for w in view.units.values() if w.side == u.side and w.unit.type in WAGONS and w.hex is not None
                    and _serves(game, w) in chain and tracer.distance(u.hex, w.hex, n) is not None]
            if near:
                w = near[0]
                yield Finding(SUPPLY, Severity.ERROR, f"{u.name} at {tracer.hexids.format(u.hex)} still shows "
                              f"{'/'.join(c for c in codes if u.status.get(c) == 'yes')} at the end of the {phase} "
                              f"phase with its wagon {w.name} at {tracer.hexids.format(w.hex)} within {n} hexes: it "
                              "is replenished automatically", rule, label, view.step, players.get(view.step),
                              (u.name, w.name), tracer.places(u.map, [u.hex, w.hex]))
    if short is not None and not known:
        why = (f"no phase of game.toml [[phases]] is named '{phase}'" if phase else
               f"fill {cell(game, 'resupply.phase')} with the resupply phase of game.toml [[phases]] (the series' "
               "sequence of play is not in the rulebook set)")
        yield Finding(SUPPLY, Severity.NOT_CHECKED, f"whether {short.name} and the other batteries out of ammunition "
                      f"were replenished in the resupply phase when their wagon was within {n} hexes is not "
                      f"checked: {why}", rule, label, None, None, (short.name,), cells=(cell(game, "resupply.phase"),))
