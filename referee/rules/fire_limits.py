"""Who may fire, and how much, in the CWB Regimental Sub-Series (28.1, 12.3, 26.3.1; rulebook 002).

A fire is a roll on the sub-series' Fire Combat Table (tables.xlsx ``rss-fire-combat-ammo``, the
table whose 11-12 cost ammunition); the firing units are the ones marked ``attacking`` when it is
rolled (as for the ammunition result, ``consequences.check_ammo``). The numbers come from the
game's ``rss-fire-limits`` table (8 SP a hex a phase; 3 Union, 2 Confederate batteries on one
target), each cited by its rulebook line. At each fire:

* a firing unit at No Ammo (28.1 "No Ammo units cannot fire") is an error;
* more batteries than the side's cap firing at once (one roll is one target) is an error;
* the strength points fired from one hex in one fire phase (the units' hexes at the roll) above
  the cap is an error at the roll that passes it. A phase is the view's (turn, phase); where the
  game has no phases, the fire rolls one side makes one after another with no unit moved between
  them (a movement phase, a retreat or an advance ends such a run, so a run is never longer than
  a phase).

Rolls with no unit marked are not checked, said once; a unit whose strength is not known leaves
its hex's total unchecked, naming its oob.xlsx cell.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from gamedata.cellref import unit_cell
from gamedata.hexids import Hex, HexIds
from gamedata.model import Game
from gamedata.ruledata import cite
from gamedata.systems import Symbol, symbol_for

from ..context import CheckContext
from ..findings import Finding, Place, Severity
from ..view import YES, GameView, UnitView
from .consequences import OUT_OF_AMMO
from .stacking import strength

CHECK_ID = "fire"
FIRE_TABLE = "rss-fire-combat-ammo"
LIMITS = "rss-fire-limits"


@dataclass(frozen=True)
class FireLimits:
    points: int
    points_rule: str
    batteries: Mapping[str, int]       # side -> batteries on one target
    batteries_rule: str
    no_ammo_rule: str


def fire_limits(game: Game) -> FireLimits | None:
    """The game's fire limits (None: not a game of the sub-series' tables)."""
    tables = {t.table_id: t for t in game.tables}
    limits, fire = tables.get(LIMITS), tables.get(FIRE_TABLE)
    if limits is None or fire is None:
        return None
    rows = {r.roll.casefold(): r for r in limits.rows}
    points = next((r for k, r in rows.items() if k.startswith("strength points firing")), None)
    guns = next((r for k, r in rows.items() if k.startswith("batteries on one target")), None)
    ammo = next((r for r in fire.rows if "no ammo" in r.result.casefold()), None)
    found = re.match(r"\s*(\d+)", points.result) if points else None
    if points is None or guns is None or ammo is None or found is None:
        return None
    caps = {side: int(n) for n, side in re.findall(r"(\d+)\s+(Union|Confederate)", guns.result)}
    return FireLimits(int(found[1]), cite("12.3 Fire Limits", points.rulebook_line), caps,
                      cite("26.3.1 Combining Artillery Fire", guns.rulebook_line),
                      cite("28.1 Low Ammo and No Ammo", ammo.rulebook_line))


def run(ctx: CheckContext) -> Iterator[Finding]:
    from ..table_rolls import read_table_rolls, undone_steps

    game = ctx.game
    if game is None or fire_limits(game) is None:
        return
    undone = undone_steps(ctx.log.steps)
    steps = [(r.step, r.player) for r in read_table_rolls(ctx.log.steps, game).rolls
             if getattr(r.table, "table_id", "") == FIRE_TABLE and r.step not in undone]
    if not steps:
        return
    if ctx.views is None:
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{len(steps)} fire roll(s): who fired not checked without the "
                      "game view (--module of our build, or --units units.csv)", "", ctx.log.label, steps[0][0])
        return
    views = ctx.views
    yield from check_fire(game, steps, lambda step: views.at(step), ctx.log.label)


def check_fire(game: Game, rolls: Sequence[tuple[int, str | None]], view_at: Callable[[int], GameView],
               label: str) -> Iterator[Finding]:
    """``rolls``: (step, player) of each Fire Combat Table roll; ``view_at(step)``: the view after a step."""
    lim = fire_limits(game)
    if lim is None:
        return
    hexids = HexIds(game.maps)
    fired: dict[Hex, dict[str, UnitView]] = {}     # this phase's firers by the hex they fired from
    reported: set[Hex] = set()
    unmarked: list[int] = []
    last: tuple[int, str, GameView] | None = None  # the previous fire's step, side and view
    for step, player in rolls:
        before = view_at(step - 1)
        firing = [u for _, u in sorted(before.units.items()) if u.hex is not None and u.status.get("attacking") == YES]
        if not firing:
            unmarked.append(step)
            continue
        side = firing[0].side
        if last is None or not _same_phase(last, step, side, before, view_at):
            fired, reported = {}, set()
        last = (step, side, before)
        for u in firing:
            if any(u.status.get(code) == YES for code in OUT_OF_AMMO):
                yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} fired from {hexids.format(u.hex)} at No Ammo "
                              "(No Ammo units cannot fire)", lim.no_ammo_rule, label, step, player, (u.name,),
                              (Place(u.map or "", hexids.format(u.hex)),))
        for s in sorted({u.side for u in firing}):
            guns = [u for u in firing if u.side == s and symbol_for(u.unit.type) is Symbol.ARTILLERY]
            cap = lim.batteries.get(s)
            if cap is not None and len(guns) > cap:
                yield Finding(CHECK_ID, Severity.ERROR, f"{len(guns)} {s} batteries fired together ("
                              f"{', '.join(u.name for u in guns)}): at most {cap} combine on one target",
                              lim.batteries_rule, label, step, player, tuple(u.name for u in guns),
                              tuple(dict.fromkeys(Place(u.map or "", hexids.format(u.hex)) for u in guns)))
        for u in firing:
            fired.setdefault(u.hex, {})[u.unit_id] = u
        yield from _hex_totals(lim, hexids, fired, reported, firing, label, step, player)
    if unmarked:
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{len(unmarked)} fire roll(s) with no unit marked attacking: "
                      "who fired, from where and at what ammunition was not checked (mark the firing units "
                      "attacking before the roll)", lim.points_rule, label, unmarked[0])


def _same_phase(last: tuple[int, str, GameView], step: int, side: str, before: GameView,
                view_at: Callable[[int], GameView]) -> bool:
    was_step, was_side, was = last
    if was.phase is not None or before.phase is not None:
        return (was.turn, was.phase, was_side) == (before.turn, before.phase, side)
    if was_side != side or was.turn != before.turn:
        return False
    after_roll = view_at(was_step)
    return all(after_roll.unit(uid) is None or after_roll.unit(uid).hex == u.hex for uid, u in before.units.items())


def _hex_totals(lim: FireLimits, hexids: HexIds, fired: Mapping[Hex, Mapping[str, UnitView]], reported: set[Hex],
                firing: Sequence[UnitView], label: str, step: int, player: str | None) -> Iterator[Finding]:
    for h in dict.fromkeys(u.hex for u in firing):
        if h in reported:
            continue
        units = list(fired[h].values())
        points = [strength(u) for u in units]
        where = hexids.format(h)
        if None in points:
            blind = [u for u, p in zip(units, points) if p is None]
            reported.add(h)
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"fire from {where}: the strength points of "
                          f"{', '.join(u.name for u in blind)} are not known: the {lim.points} SP a hex was not "
                          "checked", lim.points_rule, label, step, player, tuple(u.name for u in blind),
                          cells=tuple(unit_cell(u.unit_id, "strength", u.name, "its strength points") for u in blind))
        elif sum(points) > lim.points:  # type: ignore[arg-type]
            reported.add(h)
            yield Finding(CHECK_ID, Severity.ERROR, f"{sum(points)} strength points fired from {where} in one fire "  # type: ignore[arg-type]
                          f"phase ({', '.join(u.name for u in units)}): at most {lim.points}", lim.points_rule,
                          label, step, player, tuple(u.name for u in units), (Place(units[0].map or "", where),))
