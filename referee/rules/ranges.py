"""The command, supply, activation, orders and initiative checks of the registry: each runs the
rules of the checked game's system (GBACW, CWB, GCACW) over the log's game views; a system
without command or supply rules says so, one without the others has nothing to say."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain

from gamedata.ruledata import parameter

from ..context import CheckContext
from ..findings import Finding, Severity
from . import (capped, chits, classic, consolidation, cwb, gbacw, gcacw, immobile, incommand, initiative,
               late_rain, leader_death, line, markers, orders, prepared, remounts, reserve, trains, unit_states)
from .assault_bonus import check_assault_bonus
from .winter import check_winter

COMMAND, SUPPLY, ACTIVATION, ORDERS, INITIATIVE = incommand.CHECK_ID, "supply", "activation", "orders", "initiative"
UNITS = unit_states.CHECK_ID


def _players(ctx: CheckContext) -> dict[int, str | None]:
    return {s.index: s.player for s in ctx.log.steps}


def _no_views(ctx: CheckContext, check: str, what: str) -> Iterator[Finding]:
    yield Finding(check, Severity.NOT_CHECKED, f"{what} not checked: the game view needs the pieces' units "
                  "(--module of our build, or --units units.csv)", "", ctx.log.label)


def _steps_text(ctx: CheckContext) -> dict[int, tuple[str, ...]]:
    return {s.index: s.texts for s in ctx.log.steps if not s.is_undo}


def _loss_rolls(ctx: CheckContext) -> list[int]:
    """The steps of the rolls on the table rules.xlsx ``johnston.loss-table`` names (ITW 12.77)."""
    table = parameter(ctx.game, "johnston.loss-table")
    return [r.step for r in gbacw.rolls_on(ctx.log.steps, ctx.game, ctx.views, str(table))] if table else []


Rules = dict[str, Callable[[CheckContext], Iterable[Finding]]]

#: per system, the command-range rules run over a log (the context has the game and its views)
COMMAND_RULES: Rules = {
    "GBACW": lambda ctx: gbacw.check_command(ctx.game, ctx.views, ctx.log.label, _players(ctx), _steps_text(ctx),
                                             _loss_rolls(ctx)),
    "CWB": lambda ctx: cwb.check_command(ctx.game, ctx.views, ctx.log.label, _players(ctx)),
    "GCACW": lambda ctx: gcacw.no_command_range(ctx.game, ctx.log.label),
    "classic": lambda ctx: classic.no_command_range(ctx.game, ctx.log.label),
}
#: per system, the supply and resupply rules
SUPPLY_RULES: Rules = {
    "GBACW": lambda ctx: gbacw.check_supply(ctx.game, ctx.views, ctx.log.label, _players(ctx),
                                            gbacw.resupply_rolls(ctx.log.steps, ctx.game, ctx.views)),
    "CWB": lambda ctx: [*cwb.check_supply(ctx.game, ctx.views, ctx.log.label, _players(ctx)),
                        *trains.check_army_train(ctx.game, ctx.views, ctx.log.label, _players(ctx))],
    "GCACW": lambda ctx: gcacw.no_supply_rule(ctx.game, ctx.log.label),
    "classic": lambda ctx: classic.no_supply_rule(ctx.game, ctx.log.label),
}


def _by_system(ctx: CheckContext, check: str, rules: Rules, checked: str, written: str) -> Iterable[Finding]:
    """Run the checked game's system's rules; without views or rules for the system, say so."""
    game = ctx.game
    assert game is not None
    if ctx.views is None:
        return _no_views(ctx, check, checked)
    run = rules.get(game.system)
    if run is None:
        return [Finding(check, Severity.NOT_CHECKED, f"no {written} rules are written for the {game.system} system",
                        "", ctx.log.label)]
    return run(ctx)


def check_command(ctx: CheckContext) -> Iterable[Finding]:
    return _by_system(ctx, COMMAND, COMMAND_RULES, "command ranges", "command range")


def check_supply(ctx: CheckContext) -> Iterable[Finding]:
    return _by_system(ctx, SUPPLY, SUPPLY_RULES, "supply and resupply", "supply")


#: per system, the activation rules (which leader activates which units, how many times)
ACTIVATION_RULES: Rules = {
    "GCACW": lambda ctx: gcacw.check_activations(ctx.game, ctx.views, ctx.log.steps, ctx.log.label),
    "GBACW": lambda ctx: chain(capped.check_capped(ctx.game, ctx.views, ctx.log.label, _players(ctx),
                                                   _steps_text(ctx)),
                               chits.check_battle_events(ctx.game, ctx.views, ctx.log.label, _players(ctx),
                                                         _steps_text(ctx)),
                               line.check_line(ctx.game, ctx.views, ctx.log.label, _players(ctx), _steps_text(ctx))),
}
#: per system, the rules on orders (Into the Woods 9.22, 9.7, 4.25, 14.44)
ORDERS_RULES: Rules = {
    "GBACW": lambda ctx: orders.check_orders(ctx.game, ctx.views, ctx.log.label, _players(ctx)),
}
#: per system, the statuses a unit must or must not show (Into the Woods 10.92, 14.75, 17.0, S7), the
#: units a result replaces (Hood Strikes North 6.0), the markers a pool limits (its 10.0 bridges) and its cavalry's
#: Horses Worn Out markers and A/B versions (5.1-5.4), who may take the Hood and Forrest Assault Bonus
#: (7.4) and what winter forbids (4.0)
UNIT_RULES: Rules = {
    "GBACW": lambda ctx: chain(unit_states.check_unit_states(ctx.game, ctx.views, ctx.log.label, _players(ctx),
                                                             _steps_text(ctx)),
                               prepared.check_fire(ctx.game, ctx.views, ctx.log.label, _players(ctx),
                                                       _steps_text(ctx)),
                               immobile.check_immobile(ctx.game, ctx.views, ctx.log.label, _players(ctx),
                                                       _steps_text(ctx)),
                               reserve.check_reserve_recovery(ctx.game, ctx.views, ctx.log.label, _players(ctx))),
    "GCACW": lambda ctx: [*leader_death.check_leader_death(ctx.game, list(ctx.views), ctx.log.steps, ctx.log.label,
                                                           _players(ctx)),
                          *consolidation.check_consolidation(ctx.game, list(ctx.views), ctx.log.label, _players(ctx)),
                          *markers.check_marker_limits(ctx.game, ctx.log.replay, ctx.log.label, _players(ctx)),
                          *remounts.check_remounts(ctx.game, ctx.views, ctx.log.steps, ctx.log.label,
                                                   _players(ctx), ctx.opening),
                          *check_assault_bonus(ctx.game, list(ctx.views), ctx.log.steps, ctx.log.label, _players(ctx),
                                               ctx.log.replay),
                          *check_winter(ctx.game, ctx.views, ctx.log.steps, ctx.log.label, _players(ctx),
                                        ctx.carried.get("tables"), ctx.log.replay)],
}
#: per system, who has the initiative (Hood Strikes North 1.0 A and the scenarios' Turn 1 Start)
INITIATIVE_RULES: Rules = {
    "GCACW": lambda ctx: initiative.check_initiative(ctx.game, list(ctx.views), ctx.log.steps, ctx.log.label,
                                                     ctx.carried.get(INITIATIVE),  # type: ignore[arg-type]
                                                     late_rain.table_results(ctx.game, ctx.log.steps, ctx.views)),
}


def _if_written(ctx: CheckContext, check: str, rules: Rules, checked: str) -> Iterable[Finding]:
    """Run the system's rules when it has some (a system without them has nothing to say)."""
    game = ctx.game
    assert game is not None
    if game.system not in rules:
        return []
    if ctx.views is None:
        return _no_views(ctx, check, checked)
    return rules[game.system](ctx)


def check_activation(ctx: CheckContext) -> Iterable[Finding]:
    return _if_written(ctx, ACTIVATION, ACTIVATION_RULES, "activations")


def check_orders(ctx: CheckContext) -> Iterable[Finding]:
    return _if_written(ctx, ORDERS, ORDERS_RULES, "orders")


def check_units(ctx: CheckContext) -> Iterable[Finding]:
    return _if_written(ctx, UNITS, UNIT_RULES, "units' statuses")


def check_initiative(ctx: CheckContext) -> Iterable[Finding]:
    return _if_written(ctx, INITIATIVE, INITIATIVE_RULES, "initiative")


def carry_initiative(ctx: CheckContext) -> object:
    """The log's last Initiative die when its partner is in the next log."""
    if ctx.game is None or ctx.views is None or ctx.game.system not in INITIATIVE_RULES:
        return None
    return initiative.carry(ctx.game, ctx.log.steps, list(ctx.views), ctx.log.label,
                            ctx.carried.get(INITIATIVE),  # type: ignore[arg-type]
                            late_rain.table_results(ctx.game, ctx.log.steps, ctx.views))
