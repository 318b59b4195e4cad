"""Atlanta 5.1b.4 (L356): "Cheatham's corps may not be given an order to advance until after the
battle has opened: gunfire is heard", read from rules.xlsx Parameters rows.

An order is written on paper; what the log shows is its effect: a unit of the held formation
(``guns.hold``, Cheatham's corps) that moves to a hex outside the Atlanta defenses (the terrain.xlsx
Specials ``guns.defenses`` names: the corps sets up inside them, 5.1b.1 L311) has advanced, so an
order to advance was given. Before the gunfire is heard that is an error, in the scenarios of
``guns.scenarios`` (5.1 and its variants; 5.1d.6, L547: "the special first turn command and
initiative rules do not apply").

When the gunfire is heard (5.1a.4, L299: "gunfire is heard (units in combat)"): at the first fire roll
(the table ``fire.table`` names) or combat roll; with the variant 5.1d.11 (L596), played when the log
holds rolls of its table (``guns.hearing``: ``<table>:<result>``), only when that die gives the
result by which Hood hears it. Heard in one log, it stays heard in the next logs of the chain
(``carry``). Without the defenses' hexes a move of the held corps before the guns is a not-checked
finding naming the cells. The order itself is on paper: the players record it in the chat with the
wording of ``guns.order-chat`` (an order so recorded before the guns is an error); a log in which
the hold is in force and neither the chat nor an advance shows an order says once that an order
given on paper only is not seen.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass

from gamedata.model import Game
from gamedata.ruledata import cell, parameter, parameter_cite, parameter_list

from ..context import CheckContext
from ..findings import Finding, Severity
from ..table_rolls import TableRolls
from ..view import GameView
from .scenario_places import place_of
from .setup import scenario_for

CHECK_ID = "restricted"


@dataclass(frozen=True)
class Heard:
    """What the check hands the next log: whether the gunfire was heard, and whether the log chain
    plays 5.1d.11 (a roll of its table seen)."""

    heard: bool
    variant: bool


def _hearing(game: Game) -> tuple[str, int | None]:
    table, _, result = str(parameter(game, "guns.hearing") or "").partition(":")
    return table.strip(), int(result) if result.strip().isdigit() else None


def _heard_at(ctx: CheckContext) -> tuple[int | None, bool, bool]:
    from ..table_rolls import read_table_rolls, undone_steps

    assert ctx.game is not None
    return heard_at(ctx.game, read_table_rolls(ctx.log.steps, ctx.game), undone_steps(ctx.log.steps),
                    getattr(ctx.carried.get(CHECK_ID), "guns", ctx.carried.get(CHECK_ID)))


def heard_at(game: Game, rolls: TableRolls, undone: Collection[int], before: object
             ) -> tuple[int | None, bool, bool]:
    """(the step at which the gunfire is heard in this log, or None; whether it was heard before
    this log; whether the variant die is played): ``rolls``, the log's rolls read against their
    tables; ``before``, what the log before handed on."""
    heard_before = isinstance(before, Heard) and before.heard
    table, result = _hearing(game)
    fire = str(parameter(game, "fire.table") or "")
    hearing = [r for r in rolls.rolls if getattr(r.table, "table_id", "") == table and r.step not in undone]
    variant = bool(hearing) or (isinstance(before, Heard) and before.variant)
    if variant:
        steps = [r.step for r in hearing if result is not None and sum(r.dice) == result]
    else:
        steps = [r.step for r in rolls.rolls if getattr(r.table, "table_id", "") == fire and r.step not in undone]
        steps += [r.step for r in rolls.combat if r.step not in undone]
    return min(steps, default=None), heard_before, variant


def carry(ctx: CheckContext) -> object:
    if ctx.game is None or not parameter(ctx.game, "guns.hold"):
        return None
    at, before, variant = _heard_at(ctx)
    return Heard(before or at is not None, variant)


def check_guns(ctx: CheckContext) -> Iterator[Finding]:
    game, views = ctx.game, ctx.views
    if game is None or views is None or not parameter(game, "guns.hold"):
        return
    scenario, _ = scenario_for(ctx)
    if scenario is None or scenario.scenario_id not in parameter_list(game, "guns.scenarios"):
        return
    at, before, _ = _heard_at(ctx)
    if not before:
        yield from judge_moves(game, views.at, [(s.index, s.player, s.texts) for s in ctx.log.steps], at,
                               ctx.log.label)


def judge_moves(game: Game, view_at: Callable[[int], GameView],
                steps: list[tuple[int, str | None, tuple[str, ...]]], at: int | None, label: str) -> Iterator[Finding]:
    """The held formation's orders to advance before step ``at`` (the gunfire heard; None: not in
    this log): recorded in the chat (``guns.order-chat``), or shown by a move out of the defenses.
    ``steps``: (index, player, chat lines); ``view_at(i)``, the view after step i (0: the log's start)."""
    held = set(parameter_list(game, "guns.hold"))
    rule = parameter_cite(game, "guns.hold", "5.1b.4")
    kind, _, name = str(parameter(game, "guns.defenses") or "").partition(":")
    defenses = frozenset(game.terrain.hexids.canonical(s.hex) for s in game.terrain.specials(kind)
                         if s.hex is not None and (s.name or "").lower().startswith(name.lower()))
    unknown: list[str] = []
    said: set[str] = set()              # one finding a unit: its first advance
    wording = str(parameter(game, "guns.order-chat") or "")
    ordered = False
    last = view_at(0)
    for index, player, texts in steps:
        if at is not None and index >= at:
            break
        if wording and any(wording.lower() in t.lower() for t in texts):
            ordered = True
            yield Finding(CHECK_ID, Severity.ERROR, f"an order to advance is recorded in the chat ('{wording}') before "
                          f"the gunfire was heard: {', '.join(sorted(held))} may not be given one until then", rule,
                          label, index, player)
        view = view_at(index)
        for uid, u in sorted(view.units.items()):
            old = last.unit(uid)
            if u.hex is None or old is None or old.hex is None or old.hex == u.hex or not held & {
                    f.formation_id for f in game.command_chain(uid, u.formation)}:
                continue
            if not defenses:
                unknown.append(u.name)
            elif u.hex not in defenses and uid not in said:
                said.add(uid)
                yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} advanced to {u.location}, outside the Atlanta "
                              f"defenses, before the gunfire was heard: {', '.join(sorted(held))} may not be given an "
                              "order to advance until then", rule, label, index, player, (u.name,), (place_of(u),))
        last = view
    if steps and (at is None or at > steps[0][0]) and not ordered and not said:
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"an order to advance given to {', '.join(sorted(held))} before "
                      "the gunfire was heard is seen only when the corps leaves the defenses or the chat records it"
                      + (f" ('{wording}')" if wording else f": fill {cell(game, 'guns.order-chat')}"), rule, label,
                      steps[0][0], None)
    if unknown:
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{', '.join(dict.fromkeys(unknown))} moved before the gunfire "
                      f"was heard: whether they left the Atlanta defenses (an advance) is not checked: terrain.xlsx "
                      f"Specials needs the rows of kind '{kind}' named '{name}…'", rule, label)
