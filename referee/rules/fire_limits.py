"""Who may fire, and how much, in the CWB Regimental Sub-Series (28.1, 12.3, 26.3.1; rulebook 002).

A fire is a roll on the sub-series' Fire Combat Table (tables.xlsx ``rss-fire-combat-ammo``, the
table whose 11-12 cost ammunition); the firing units are the ones marked ``attacking`` when it is
rolled (as for the ammunition result, ``consequences.check_ammo``). The numbers come from the
game's ``rss-fire-limits`` table (8 SP a hex a phase; 3 Union, 2 Confederate batteries on one
target), each cited by its rulebook line. At each fire:

* a firing unit at No Ammo (28.1 "No Ammo units cannot fire") is an error;
* more batteries than the side's cap firing at once (one roll is one target) is an error;
* units on the line of fire (19.3d: `fire_sight`, the friendly units between, the enemy ones
  for small arms) where the targets are marked defending;
* the strength points fired from one hex in one fire phase (the units' hexes at the roll) above
  the cap is an error at the roll that passes it. A phase is the view's (turn, phase); where the
  game has no phases, the fire rolls one side makes one after another with no unit moved between
  them (a movement phase, a retreat or an advance ends such a run, so a run is never longer than
  a phase);
* in a close combat (12.3: "up to 8 strength points of infantry and one artillery battery (any
  strength) may fire in the defender's portion"; the ``close combat, defender`` row), a fire roll
  in a phase whose name says "close combat" is the defender's portion — the only fire of a
  close combat — and its firers in one hex may be at most that many non-artillery SP (dismounted
  cavalry counted with the infantry: the lenient reading) and that many batteries; the 8 SP of
  all types does not bind it. Each roll is one close combat's portion. Without phases a close
  combat's fire is not told from another, and a hex's fire that passes the 8 SP only as a
  defender's close-combat fire may is said not checked rather than an error.

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
from . import artillery_fire
from .consequences import OUT_OF_AMMO
from .combat_units import hexes_apart
from .fire_sight import FireSight, UnitSight
from .stacking import _PHASES, strength

CHECK_ID = "fire"
FIRE_TABLE = "rss-fire-combat-ammo"
LIMITS = "rss-fire-limits"
AMMO_TABLE = "rss-artillery-ammo"


@dataclass(frozen=True)
class FireLimits:
    points: int
    points_rule: str
    batteries: Mapping[str, int]       # side -> batteries on one target
    batteries_rule: str
    no_ammo_rule: str
    close: tuple[int, int, str] | None = None   # a close combat defender's SP (not artillery), batteries, rule


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
    defender = next((r for k, r in rows.items() if k.startswith("close combat, defender")), None)
    close = re.match(r"\s*(\d+) SP\b.*?\b(one|\d+) (?:artillery )?batter", defender.result) if defender else None
    return FireLimits(int(found[1]), cite("12.3 Fire Limits", points.rulebook_line), caps,
                      cite("26.3.1 Combining Artillery Fire", guns.rulebook_line),
                      cite("28.1 Low Ammo and No Ammo", ammo.rulebook_line),
                      (int(close[1]), 1 if close[2] == "one" else int(close[2]),
                       cite("12.3 Fire Limits (close combat)", defender.rulebook_line))
                      if close and defender else None)


def split_increments(game: Game) -> tuple[int, str] | None:
    """Optional 27.1a A (the ``rss-artillery-ammo`` row ``split fire``, "targets at most guns / 2"):
    the guns each split shot of a battery needs, and the rule's citation."""
    table = next((t for t in game.tables if t.table_id == AMMO_TABLE), None)
    row = next((r for r in table.rows if r.roll.casefold() == "split fire"), None) if table else None
    found = re.search(r"/\s*(\d+)", row.result) if row else None
    return (int(found[1]), cite("27.1a A Split Fire (optional)", row.rulebook_line)) if row and found else None


def run(ctx: CheckContext) -> Iterator[Finding]:
    yield from artillery_fire.run(ctx)          # a game's own artillery limits (Atlanta 3.5)
    if ctx.game is not None and fire_limits(ctx.game) is not None:
        yield from artillery_fire.judge_fires(ctx, FIRE_TABLE, "who fired", check_fire)


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
    increments = split_increments(game)
    split = Splits(hexids, increments)
    units_rule = UnitSight.of(game)
    sight = FireSight(game, units_rule) if units_rule is not None else None
    for step, player in rolls:
        before = view_at(step - 1)
        firing = [u for _, u in sorted(before.units.items()) if u.hex is not None and u.status.get("attacking") == YES]
        if not firing:
            unmarked.append(step)
            continue
        side = firing[0].side
        if last is None or not _same_phase(last, step, side, before, view_at):
            fired, reported = {}, set()
        if last is None or (last[2].turn, last[2].phase) != (before.turn, before.phase):
            split = Splits(hexids, increments)
        last = (step, side, before)
        yield from split.fire(before, firing, label, step, player)
        if sight is not None:
            yield from sight.fire(before, firing, label, step, player)
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
        if lim.close is not None and "close combat" in str(before.phase or "").casefold():
            yield from _defender_fire(lim.close, hexids, firing, label, step, player)
            continue
        for u in firing:
            fired.setdefault(u.hex, {})[u.unit_id] = u
        yield from _hex_totals(lim, hexids, fired, reported, firing, label, step, player, before.phase is None)
    yield from split.unphased(label)
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


def _is_gun(u: UnitView) -> bool:
    return symbol_for(u.unit.type) is Symbol.ARTILLERY


def _within_close(close: tuple[int, int, str] | None, units: Sequence[UnitView]) -> bool:
    """Whether the units' fire stays within what a close combat's defender may fire (12.3)."""
    if close is None:
        return False
    points = sum(strength(u) or 0 for u in units if not _is_gun(u))
    return points <= close[0] and sum(map(_is_gun, units)) <= close[1]


def _defender_fire(close: tuple[int, int, str], hexids: HexIds, firing: Sequence[UnitView], label: str, step: int,
                   player: str | None) -> Iterator[Finding]:
    """One close combat's defender fire: per hex at most ``close[0]`` SP not of artillery and ``close[1]`` batteries."""
    points, guns, rule = close
    for h in dict.fromkeys(u.hex for u in firing):
        units = [u for u in firing if u.hex == h]
        where = hexids.format(h)
        place = (Place(units[0].map or "", where),)
        troops = [u for u in units if not _is_gun(u)]
        blind = [u for u in troops if strength(u) is None]
        batteries = [u for u in units if _is_gun(u)]
        if len(batteries) > guns:
            yield Finding(CHECK_ID, Severity.ERROR, f"{len(batteries)} batteries fired from {where} in a close combat's "
                          f"defender fire ({', '.join(u.name for u in batteries)}): at most {guns}", rule, label, step,
                          player, tuple(u.name for u in batteries), place)
        if blind:
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"close combat fire from {where}: the strength points of "
                          f"{', '.join(u.name for u in blind)} are not known: the {points} SP of infantry was not "
                          "checked", rule, label, step, player, tuple(u.name for u in blind),
                          cells=tuple(unit_cell(u.unit_id, "strength", u.name, "its strength points") for u in blind))
        elif sum(strength(u) for u in troops) > points:  # type: ignore[misc]
            yield Finding(CHECK_ID, Severity.ERROR, f"{sum(strength(u) for u in troops)} strength points of "  # type: ignore[misc]
                          f"infantry fired from {where} in a close combat's defender fire ("
                          f"{', '.join(u.name for u in troops)}): at most {points} and one battery", rule, label,
                          step, player, tuple(u.name for u in troops), place)


def _hex_totals(lim: FireLimits, hexids: HexIds, fired: Mapping[Hex, Mapping[str, UnitView]], reported: set[Hex],
                firing: Sequence[UnitView], label: str, step: int, player: str | None,
                unphased: bool = False) -> Iterator[Finding]:
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
        elif sum(points) > lim.points and unphased and _within_close(lim.close, units):  # type: ignore[arg-type]
            reported.add(h)
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{sum(points)} strength points fired from {where} "  # type: ignore[arg-type]
                          f"({', '.join(u.name for u in units)}): more than {lim.points} a phase, as only a close "
                          "combat's defender may fire; the log shows no phase, so whether it was one is not known "
                          "(the game's sequence of play in game.toml [[phases]])", lim.close[2], label, step,  # type: ignore[index]
                          player, tuple(u.name for u in units), (Place(units[0].map or "", where),), cells=(_PHASES,))
        elif sum(points) > lim.points:  # type: ignore[arg-type]
            reported.add(h)
            yield Finding(CHECK_ID, Severity.ERROR, f"{sum(points)} strength points fired from {where} in one fire "  # type: ignore[arg-type]
                          f"phase ({', '.join(u.name for u in units)}): at most {lim.points}", lim.points_rule,
                          label, step, player, tuple(u.name for u in units), (Place(units[0].map or "", where),))


# ------------------------------------------------------------------ 20.3a: split fire

SPLIT = "20.3a Splitting Fires"
SPLIT_RULES = {2: cite(f"{SPLIT} 2", 149), 3: cite(f"{SPLIT} 3", 151), 4: cite(f"{SPLIT} 4", 153)}


@dataclass(frozen=True)
class Shot:
    step: int
    player: str | None
    firers: tuple[str, ...]
    targets: tuple[Hex, ...]         # the hexes of the units marked defending


class Splits:
    """The fires of one phase (the view's turn and phase): a unit marked attacking at two fires of
    a phase split its fire (20.3a) — then each of its fires has no other firer (2), all its targets
    are at the same range (3), and no hex is the target of two split shots (4). Phases come from
    the turn tracker: without them a unit that fires twice in a turn is named once as not checked."""

    def __init__(self, hexids: HexIds, increments: tuple[int, str] | None = None) -> None:
        self.hexids = hexids
        self.increments = increments                # optional 27.1a A: guns a split shot needs at least
        self.shots: dict[str, list[Shot]] = {}      # unit id -> its fires this phase
        self.units: dict[str, UnitView] = {}
        self.split_targets: dict[Hex, str] = {}     # target hex -> the split-firing unit that shot it
        self.said: set[tuple[str, int]] = set()
        self.twice: list[tuple[int, str]] = []      # (step, unit) fired twice in a turn, phases unknown

    def fire(self, before: GameView, firing: Sequence[UnitView], label: str, step: int, player: str | None
             ) -> Iterator[Finding]:
        targets = tuple(dict.fromkeys(u.hex for _, u in sorted(before.units.items())
                                      if u.hex is not None and u.status.get("defending") == YES))
        shot = Shot(step, player, tuple(u.unit_id for u in firing), targets)
        for u in firing:
            self.units[u.unit_id] = u
            earlier = self.shots.setdefault(u.unit_id, [])
            earlier.append(shot)
            if len(earlier) < 2:
                continue
            if before.phase is None:
                self.twice.append((step, u.name))
                continue
            yield from self._judge(u, earlier, label, step, player)

    def _judge(self, u: UnitView, shots: list[Shot], label: str, step: int, player: str | None) -> Iterator[Finding]:
        where = self.hexids.format(u.hex)
        guns = strength(u) if symbol_for(u.unit.type) is Symbol.ARTILLERY else None
        if self.increments and guns is not None and len(shots) > max(1, guns // self.increments[0]) \
                and (u.unit_id, 1) not in self.said:
            self.said.add((u.unit_id, 1))
            yield Finding(CHECK_ID, Severity.WARNING, f"{u.name} ({guns} guns) split its fire from {where} into "
                          f"{len(shots)} fires: at most {max(1, guns // self.increments[0])} in increments of "
                          f"{self.increments[0]} guns (if the optional rule 27.1 is played)", self.increments[1],
                          label, step, player, (u.name,), (Place(u.map or "", where),))
        crowded = [s for s in shots if len(s.firers) > 1]
        if crowded and (u.unit_id, 2) not in self.said:
            self.said.add((u.unit_id, 2))
            others = sorted({self.units[f].name for s in crowded for f in s.firers if f != u.unit_id})
            yield self._finding(2, f"{u.name} split its fire from {where} (fires of steps "
                                f"{', '.join(str(s.step) for s in shots)}) and {', '.join(others)} joined it "
                                "(a split fire's target is engaged by that split fire only)", u, others, label, step,
                                player)
        ranges = sorted({hexes_apart(self.hexids, u.hex, t, 40) for s in shots for t in s.targets})
        if len(ranges) > 1 and (u.unit_id, 3) not in self.said:
            self.said.add((u.unit_id, 3))
            yield self._finding(3, f"{u.name} split its fire from {where} at targets {', '.join(map(str, ranges))} "
                                "hexes away (all at exactly the same range)", u, [], label, step, player)
        for t in (t for s in shots for t in s.targets):
            first = self.split_targets.setdefault(t, u.unit_id)
            hits = sum(t in s.targets for s in shots)
            if (first != u.unit_id or hits > 1) and (u.unit_id, 4) not in self.said:
                self.said.add((u.unit_id, 4))
                by = "" if first == u.unit_id else f" (already the target of {self.units[first].name}'s split fire)"
                yield self._finding(4, f"{u.name} split its fire from {where} into {self.hexids.format(t)} a second "
                                    f"time{by}: only one split fire at a given hex", u, [], label, step, player)

    def _finding(self, part: int, message: str, u: UnitView, others: list[str], label: str, step: int,
                 player: str | None) -> Finding:
        return Finding(CHECK_ID, Severity.ERROR, message, SPLIT_RULES[part], label, step, player,
                       (u.name, *others), (Place(u.map or "", self.hexids.format(u.hex)),))

    def unphased(self, label: str) -> Iterator[Finding]:
        if self.twice:
            step, name = self.twice[0]
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{len(self.twice)} unit(s) fired twice in a turn (the "
                          f"first: {name} at step {step}): whether they split their fire in one phase is not known "
                          "without the game's phases (game.toml [[phases]])", SPLIT, label, step, cells=(_PHASES,))
