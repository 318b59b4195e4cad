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
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

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
