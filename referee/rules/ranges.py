"""The command and supply checks of the registry: each runs the rules of the checked game's
system (GBACW, CWB, GCACW) over the log's game views; a system without such rules says so."""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..context import CheckContext
from ..findings import Finding, Severity
from . import cwb, gbacw, gcacw, incommand

COMMAND, SUPPLY, ACTIVATION = incommand.CHECK_ID, "supply", "activation"


def _players(ctx: CheckContext) -> dict[int, str | None]:
    return {s.index: s.player for s in ctx.log.steps}


def _no_views(ctx: CheckContext, check: str, what: str) -> Iterator[Finding]:
    yield Finding(check, Severity.NOT_CHECKED, f"{what} not checked: the game view needs the pieces' units "
                  "(--module of our build, or --units units.csv)", "", ctx.log.label)


def check_command(ctx: CheckContext) -> Iterable[Finding]:
    game = ctx.game
    assert game is not None
    if ctx.views is None:
        return _no_views(ctx, COMMAND, "command ranges")
    system = game.system
    if system == "GBACW":
        texts = {s.index: s.texts for s in ctx.log.steps if not s.is_undo}
        return gbacw.check_command(game, ctx.views, ctx.log.label, _players(ctx), texts)
    if system == "CWB":
        return cwb.check_command(game, ctx.views, ctx.log.label, _players(ctx))
    if system == "GCACW":
        return gcacw.no_command_range(game, ctx.log.label)
    return [Finding(COMMAND, Severity.NOT_CHECKED, f"no command range rules are written for the {system} system",
                    "", ctx.log.label)]


def check_supply(ctx: CheckContext) -> Iterable[Finding]:
    game = ctx.game
    assert game is not None
    if ctx.views is None:
        return _no_views(ctx, SUPPLY, "supply and resupply")
    system = game.system
    if system == "GBACW":
        rolls = gbacw.resupply_rolls(ctx.log.steps, game, ctx.views)
        return gbacw.check_supply(game, ctx.views, ctx.log.label, _players(ctx), rolls)
    if system == "CWB":
        return cwb.check_supply(game, ctx.views, ctx.log.label, _players(ctx))
    if system == "GCACW":
        return gcacw.no_supply_rule(game, ctx.log.label)
    return [Finding(SUPPLY, Severity.NOT_CHECKED, f"no supply rules are written for the {system} system", "",
                    ctx.log.label)]


def check_activation(ctx: CheckContext) -> Iterable[Finding]:
    game = ctx.game
    assert game is not None
    if game.system != "GCACW":
        return []
    if ctx.views is None:
        return _no_views(ctx, ACTIVATION, "activations")
    return gcacw.check_activations(game, ctx.views, ctx.log.steps, ctx.log.label)
