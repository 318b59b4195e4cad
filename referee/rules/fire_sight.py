"""Units on a line of fire (CWB Regimental Sub-Series 19.3d, rulebook 002 L165-177).

At each fire of the `fire` check (its firers the units marked attacking, its targets the other
side's units marked defending), the hexes the line from each firer to each target hex crosses
(`gamedata.los`: geometry only) are looked at:

1. friendly troops there block small arms fire unless at least `los.units.friendly-below` levels
   below the firing unit; 2. artillery fire unless that far below the firing or the target unit,
   or the range is `los.units.artillery-range` hexes or more; 3. a friendly unit adjacent to the
   target hex blocks whatever the levels and range; 4. enemy units block small arms fire, never
   artillery. The numbers are rules.xlsx Parameters rows `los.units.*`, each citing its line.

Troops are combat units (not leaders, wagons). Where the line runs along a hexspine, units on one
side of it only do not block (the lenient reading: the sub-series prints no hexspine rule). The
levels are terrain.xlsx Hexes elevations: where one the rule needs is empty the fire is "not
checked", naming the cells; the terrain's own blocking (woods, crests) is the series' chart's,
not the sub-series': not judged here.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from gamedata.cellref import CellRef
from gamedata.hexids import Hex
from gamedata.los import LineOfSight
from gamedata.model import Game
from gamedata.ruledata import parameter, parameter_cite
from gamedata.systems import Symbol, symbol_for

from ..findings import Finding, Place, Severity
from ..view import YES, GameView, UnitView
from .board import NON_COMBAT

CHECK_ID = "fire"
BELOW, RANGE, ADJACENT, ENEMY = ("los.units.friendly-below", "los.units.artillery-range", "los.units.adjacent-target",
                                 "los.units.enemy")


@dataclass(frozen=True)
class UnitSight:
    """The 19.3d numbers of a game (None: its rules.xlsx states none)."""

    below: int
    artillery_range: int | None
    adjacent_blocks: bool
    enemy_blocks_small_arms: bool

    @classmethod
    def of(cls, game: Game) -> UnitSight | None:
        below = parameter(game, BELOW)
        if below in (None, ""):
            return None
        reach = parameter(game, RANGE)
        return cls(int(below), int(reach) if reach not in (None, "") else None,
                   parameter(game, ADJACENT) == "blocks", str(parameter(game, ENEMY) or "") == "small arms")


class FireSight:
    """Judges the units on each line of fire of one log."""

    def __init__(self, game: Game, rules: UnitSight) -> None:
        self.game = game
        self.rules = rules
        self.los = LineOfSight.of(game)
        self.ids = self.los.terrain.hexids

    def fire(self, before: GameView, firing: Sequence[UnitView], label: str, step: int, player: str | None
             ) -> Iterator[Finding]:
        sides = {u.side for u in firing}
        targets = tuple(dict.fromkeys(u.hex for _, u in sorted(before.units.items()) if u.hex is not None
                                      and u.side not in sides and u.status.get("defending") == YES))
        troops = [u for u in before.units.values() if u.hex is not None and u.unit.type not in NON_COMBAT]
        for u in firing:
            for t in targets:
                yield from self._line(u, t, targets, troops, label, step, player)

    def _line(self, u: UnitView, t: Hex, targets: tuple[Hex, ...], troops: list[UnitView], label: str, step: int,
              player: str | None) -> Iterator[Finding]:
        between = self.los.between(u.hex, t)
        if not between:
            return
        guns = symbol_for(u.unit.type) is Symbol.ARTILLERY
        reach = self.los.distance(u.hex, t) or 0
        for group in between:
            friends = [[o for o in troops if o.hex == h and o.side == u.side] for h in group]
            enemies = [[o for o in troops if o.hex == h and o.side != u.side and h not in targets] for h in group]
            if not guns and self.rules.enemy_blocks_small_arms and all(enemies):
                yield self._blocked(u, t, [o for e in enemies for o in e], "enemy units block small arms fire",
                                    ENEMY, label, step, player)
                return
            if not all(friends):
                continue
            near = [h for h in group if self.los.distance(h, t) == 1]
            if self.rules.adjacent_blocks and near:
                yield self._blocked(u, t, [o for f in friends for o in f],
                                    "a friendly unit next to the target hex blocks", ADJACENT, label, step, player)
                return
            if guns and self.rules.artillery_range is not None and reach >= self.rules.artillery_range:
                continue
            found = self._below(u, t, group, guns)
            if isinstance(found, tuple):
                yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{u.name} fired from {self._at(u.hex)} at {self._at(t)}"
                              f" over friendly units in {', '.join(map(self._at, group))}: whether they stand "
                              f"{self.rules.below} levels below it is not known (the elevations are not entered)",
                              parameter_cite(self.game, BELOW, "19.3d"), label, step, player, (u.name,),
                              self._places(u, t), cells=found)
                return
            if not found:
                yield self._blocked(u, t, [o for f in friends for o in f], f"friendly units block it unless "
                                    f"{self.rules.below} levels below the firing" + (" or target unit" if guns else
                                                                                     " unit"), BELOW, label, step,
                                    player)
                return

    def _below(self, u: UnitView, t: Hex, group: tuple[Hex, ...], guns: bool) -> bool | tuple[CellRef, ...]:
        """Whether the friendly units of ``group`` stand low enough to fire over; else the cells."""
        ends = (u.hex, t) if guns else (u.hex,)
        levels = {h: (row.elevation if (row := self.los.terrain.hex(h)) is not None else None)
                  for h in (*ends, *group)}
        missing = tuple(self.los.terrain.hex_cell(h, f"terrain.xlsx:Hexes: the elevation of {self._at(h)}")
                        for h, z in levels.items() if z is None)
        if missing:
            return missing
        highest = max(levels[h] for h in group)  # type: ignore[type-var]
        return any(highest <= levels[e] - self.rules.below for e in ends)  # type: ignore[operator]

    def _blocked(self, u: UnitView, t: Hex, blockers: list[UnitView], why: str, key: str, label: str, step: int,
                 player: str | None) -> Finding:
        names = ", ".join(f"{o.name} ({self._at(o.hex)})" for o in blockers)
        return Finding(CHECK_ID, Severity.ERROR, f"{u.name} fired from {self._at(u.hex)} at {self._at(t)} through "
                       f"{names}: {why} (line of sight)", parameter_cite(self.game, key, "19.3d"), label, step,
                       player, (u.name, *(o.name for o in blockers)), self._places(u, t, blockers))

    def _places(self, u: UnitView, t: Hex, others: Sequence[UnitView] = ()) -> tuple[Place, ...]:
        return tuple(dict.fromkeys(Place(u.map or "", self._at(h)) for h in (u.hex, *(o.hex for o in others), t)))

    def _at(self, h: Hex) -> str:
        return self.ids.format(h)
