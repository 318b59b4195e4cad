"""The command and supply checks of the registry: each runs the rules of the checked game's
system (GBACW, CWB, GCACW) over the log's game views; a system without such rules says so."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from ..context import CheckContext
from ..findings import Finding, Severity
from . import classic, cwb, gbacw, gcacw, incommand

COMMAND, SUPPLY, ACTIVATION = incommand.CHECK_ID, "supply", "activation"


def _players(ctx: CheckContext) -> dict[int, str | None]:
    return {s.index: s.player for s in ctx.log.steps}


def _no_views(ctx: CheckContext, check: str, what: str) -> Iterator[Finding]:
    yield Finding(check, Severity.NOT_CHECKED, f"{what} not checked: the game view needs the pieces' units "
                  "(--module of our build, or --units units.csv)", "", ctx.log.label)


def _steps_text(ctx: CheckContext) -> dict[int, tuple[str, ...]]:
    return {s.index: s.texts for s in ctx.log.steps if not s.is_undo}


Rules = dict[str, Callable[[CheckContext], Iterable[Finding]]]

#: per system, the command-range rules run over a log (the context has the game and its views)
COMMAND_RULES: Rules = {
    "GBACW": lambda ctx: gbacw.check_command(ctx.game, ctx.views, ctx.log.label, _players(ctx), _steps_text(ctx)),
    "CWB": lambda ctx: cwb.check_command(ctx.game, ctx.views, ctx.log.label, _players(ctx)),
    "GCACW": lambda ctx: gcacw.no_command_range(ctx.game, ctx.log.label),
    "classic": lambda ctx: classic.no_command_range(ctx.game, ctx.log.label),
}
#: per system, the supply and resupply rules
SUPPLY_RULES: Rules = {
    "GBACW": lambda ctx: gbacw.check_supply(ctx.game, ctx.views, ctx.log.label, _players(ctx),
                                            gbacw.resupply_rolls(ctx.log.steps, ctx.game, ctx.views)),
    "CWB": lambda ctx: cwb.check_supply(ctx.game, ctx.views, ctx.log.label, _players(ctx)),
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


def check_activation(ctx: CheckContext) -> Iterable[Finding]:
    game = ctx.game
    assert game is not None
    if game.system != "GCACW":
        return []
    if ctx.views is None:
        return _no_views(ctx, ACTIVATION, "activations")
    return gcacw.check_activations(game, ctx.views, ctx.log.steps, ctx.log.label)
