"""Artillery fire a game's own rules restrict by side, read from rules.xlsx Parameters rows.

Atlanta 3.5 (L182): "Confederate artillery that runs out of ammunition is allowed to fire only at
ranges of 2 or less" (``artillery.out-of-ammo-range``: ``Confederate:2``); (L184, optional)
"Players may optionally restrict Confederate artillery to 4 points firing from a hex"
(``artillery.points-per-hex``: ``Confederate:4``).

A fire is a roll on the table ``fire.table`` names (Atlanta's ``atl-fire-ammo``); the firing units
are the ones marked ``attacking`` when it is rolled, its targets the ones marked ``defending``
(the fire and combat checks read them so). At each fire:

* a battery of the side at out of ammunition firing at a target farther than the range (the
  nearest unit marked defending) is an error;
* the side's batteries firing from one hex with more strength points than the cap: a warning (an
  optional rule: "if it is played"); a battery whose strength is not known leaves its hex
  unchecked, naming the oob.xlsx cell.

Atlanta 4.4 (L208, optional): "restrict artillery to 100 points total plus 50 per day of the
scenario ..., with this limit not applying to firing on targets within 2 hexes"
(``artillery.ammunition`` = 100, ``artillery.ammunition-per-day`` = 50,
``artillery.ammunition-free-range`` = 2): each side's artillery points fired at targets farther than
the free range are added up through the chain (``carry``); the fire that takes a side past the
total (and 50 for each day of the scenario's turns) is a warning "if the optional rule is played".
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from gamedata.cellref import unit_cell
from gamedata.hexids import HexIds
from gamedata.model import Game
from gamedata.ruledata import parameter, parameter_cite, parameter_list
from gamedata.systems import Symbol, symbol_for

from ..context import CheckContext
from ..findings import Finding, Place, Severity
from ..view import YES, GameView, UnitView
from .combat_units import hexes_apart
from .consequences import OUT_OF_AMMO
from .stacking import strength

CHECK_ID = "fire"


@dataclass(frozen=True)
class Caps:
    """side -> a number, from a ``Side:n`` Parameters value, and the row's citation."""

    by_side: dict[str, int]
    rule: str

    @classmethod
    def of(cls, game: Game, key: str) -> Caps:
        pairs = (p.split(":", 1) for p in parameter_list(game, key) if ":" in p)
        return cls({side.strip(): int(n) for side, n in pairs if n.strip().isdigit()},
                   parameter_cite(game, key, key))


Judged = Callable[[Game, list[tuple[int, str | None]], Callable[[int], GameView], str], Iterator[Finding]]


def judge_fires(ctx: CheckContext, table: str, what: str, judge: Judged) -> Iterator[Finding]:
    """Run ``judge`` over the standing rolls of the fire table ``table`` with the log's views;
    without views, say once that ``what`` was not checked."""
    from ..table_rolls import read_table_rolls, undone_steps

    game = ctx.game
    if game is None or not table:
        return
    undone = undone_steps(ctx.log.steps)
    rolls = [(r.step, r.player) for r in read_table_rolls(ctx.log.steps, game).rolls
             if getattr(r.table, "table_id", "") == table and r.step not in undone]
    if not rolls:
        return
    if ctx.views is None:
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{len(rolls)} fire roll(s): {what} not checked without the "
                      "game view (--module of our build, or --units units.csv)", "", ctx.log.label, rolls[0][0])
        return
    views = ctx.views
    yield from judge(game, rolls, lambda step: views.at(step), ctx.log.label)


def run(ctx: CheckContext) -> Iterator[Finding]:
    table = str(parameter(ctx.game, "fire.table") or "") if ctx.game is not None else ""
    yield from judge_fires(ctx, table, "the artillery's range and points", check_artillery)
    yield from _ammunition(ctx)[0]


@dataclass(frozen=True)
class Spent:
    """What the fire check hands the next log (4.4): each side's artillery points fired beyond the
    free range so far, and the sides already warned."""

    by_side: dict[str, int] = field(default_factory=dict)
    warned: frozenset[str] = frozenset()


def carry(ctx: CheckContext) -> object:
    return _ammunition(ctx)[1]


def _ammunition(ctx: CheckContext) -> tuple[list[Finding], Spent | None]:
    """The optional ammunition total (4.4) over this log's fires, from what the logs before spent."""
    game = ctx.game
    if game is None or parameter(game, "artillery.ammunition") is None:
        return [], None
    from .setup import scenario_for

    before = ctx.carried.get(CHECK_ID)
    spent = before if isinstance(before, Spent) else Spent()
    scenario, _ = scenario_for(ctx)
    days = len({t.date for t in game.turns if scenario is not None and (scenario.start_turn or 0) <= t.id
                <= (scenario.end_turn or t.id)})
    if scenario is None or not days:
        return [], spent
    found: list[Finding] = []
    table = str(parameter(game, "fire.table") or "")
    total = ammunition_total(game, days)

    def judge(game: Game, rolls: list[tuple[int, str | None]], view_at: Callable[[int], GameView], label: str
              ) -> Iterator[Finding]:
        nonlocal spent
        for finding, spent in spend(game, rolls, view_at, label, total, spent):
            if finding is not None:
                yield finding

    found += list(judge_fires(ctx, table, "the artillery's ammunition total", judge))
    return found, spent


def ammunition_total(game: Game, days: int) -> int:
    """4.4: the points each side may fire beyond the free range in a scenario of ``days`` days."""
    per_day = parameter(game, "artillery.ammunition-per-day")
    return int(float(parameter(game, "artillery.ammunition") or 0)) + days * int(float(per_day or 0))


def spend(game: Game, rolls: list[tuple[int, str | None]], view_at: Callable[[int], GameView], label: str,
          total: int, spent: Spent) -> Iterator[tuple[Finding | None, Spent]]:
    """Each fire's points beyond the free range added to its side's; a warning at the fire that
    takes a side past ``total``, and a not-checked finding for a battery whose strength is unknown."""
    free = int(float(parameter(game, "artillery.ammunition-free-range") or 0))
    rule = parameter_cite(game, "artillery.ammunition", "4.4")
    hexids = HexIds(game.maps)
    for step, player in rolls:
        before = view_at(step - 1)
        targets = [u.hex for u in before.units.values() if u.hex is not None and u.status.get("defending") == YES]
        firing = [u for _, u in sorted(before.units.items()) if u.hex is not None and targets
                  and u.status.get("attacking") == YES and symbol_for(u.unit.type) is Symbol.ARTILLERY
                  and min(hexes_apart(hexids, u.hex, t, free + 1) for t in targets) > free]
        by_side = dict(spent.by_side)
        for u in firing:
            points = strength(u)
            if points is None:
                yield (Finding(CHECK_ID, Severity.NOT_CHECKED, f"{u.name}'s strength points are not known: its fire "
                               f"is left out of the {u.side} artillery's ammunition total", rule, label, step, player,
                               (u.name,), cells=(unit_cell(u.unit_id, "strength", u.name, "its strength points"),)),
                       spent)
                continue
            by_side[u.side] = by_side.get(u.side, 0) + points
        over = [side for side, n in sorted(by_side.items()) if n > total and side not in spent.warned]
        spent = Spent(by_side, spent.warned | frozenset(over))
        for side in over:
            guns = [u for u in firing if u.side == side]
            yield (Finding(CHECK_ID, Severity.WARNING, f"{side} artillery has fired {by_side[side]} points at targets "
                           f"more than {free} hexes away ({', '.join(u.name for u in guns)} at this fire): at most "
                           f"{total} in this scenario if the optional rule is played", rule, label, step, player,
                           tuple(u.name for u in guns), tuple(Place(u.map or "", hexids.format(u.hex)) for u in guns)),
                   spent)
        yield None, spent


def check_artillery(game: Game, rolls: list[tuple[int, str | None]], view_at: Callable[[int], GameView],
                    label: str) -> Iterator[Finding]:
    """``rolls``: (step, player) of each fire roll; ``view_at(step)``: the view after a step."""
    ranges, points = Caps.of(game, "artillery.out-of-ammo-range"), Caps.of(game, "artillery.points-per-hex")
    hexids = HexIds(game.maps)
    blind: dict[str, UnitView] = {}
    for step, player in rolls:
        before = view_at(step - 1)
        firing = [u for _, u in sorted(before.units.items()) if u.hex is not None and u.status.get("attacking") == YES
                  and symbol_for(u.unit.type) is Symbol.ARTILLERY]
        targets = [u.hex for u in before.units.values() if u.hex is not None and u.status.get("defending") == YES]
        for u in firing:
            reach = ranges.by_side.get(u.side)
            if reach is None or not targets or not any(u.status.get(c) == YES for c in OUT_OF_AMMO):
                continue
            near = min(hexes_apart(hexids, u.hex, t, reach + 1) for t in targets)
            if near > reach:
                yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} fired from {hexids.format(u.hex)} out of "
                              f"ammunition at a target more than {reach} hexes away: out "
                              f"of ammunition, it fires only at ranges of {reach} or less", ranges.rule, label, step,
                              player, (u.name,), (Place(u.map or "", hexids.format(u.hex)),))
        yield from _points(points, hexids, firing, label, step, player, blind)
    if blind:
        cap = ", ".join(f"{n} {s}" for s, n in points.by_side.items())
        names = ", ".join(u.name for u in blind.values())
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"the strength points of {names} are not known: the optional "
                      f"cap on artillery points fired from a hex ({cap}) was not checked for their fires",
                      points.rule, label, rolls[0][0], None, tuple(u.name for u in blind.values()),
                      cells=tuple(unit_cell(u.unit_id, "strength", u.name, "its strength points")
                                  for u in blind.values()))


def _points(caps: Caps, hexids: HexIds, firing: list[UnitView], label: str, step: int,
            player: str | None, blind: dict[str, UnitView]) -> Iterator[Finding]:
    """The side's artillery points fired from each hex against its cap (``blind``: the batteries
    whose strength is not known, gathered for the log)."""
    by_hex: dict[object, list[UnitView]] = {}
    for u in firing:
        if u.side in caps.by_side:
            by_hex.setdefault(u.hex, []).append(u)
    for h, guns in by_hex.items():
        cap, where = caps.by_side[guns[0].side], hexids.format(h)
        known = [strength(u) for u in guns]
        if None in known:
            blind.update((u.unit_id, u) for u, p in zip(guns, known) if p is None)
        elif (total := sum(p for p in known if p is not None)) > cap:
            yield Finding(CHECK_ID, Severity.WARNING, f"{total} points of {guns[0].side} artillery fired from "
                          f"{where} ({', '.join(u.name for u in guns)}): at most {cap} if the optional rule is "
                          "played", caps.rule, label, step, player, tuple(u.name for u in guns),
                          (Place(guns[0].map or "", where),))
