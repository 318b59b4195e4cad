"""Hidden units revealed when the rules say (Atlanta 5.2d.3, L815; faked units 5.3a.3, L837).

"All Confederate units begin in a hidden status. They are revealed when they first move, fire, or
when a Union unit comes within 3m.p. or into a position having a line of sight to the unit's
location and within 6 hexes" — and faked units "are revealed as faked only if within line of
sight to an enemy unit within 6 hexes". A hidden unit is a piece concealed by VASSAL's Mask or
Invisible trait (`vassal.concealment`, read step by step by `referee.fog.LogFog`). The numbers
and sides are rules.xlsx Parameters rows: ``hidden.sight`` (hexes, with line of sight: any
concealed unit near an enemy), ``hidden.mp`` (``side:MP``: the enemy units within that many
movement points of a concealed unit of that side, by effects.xlsx Costs of the enemy unit's
movement class), ``hidden.reveal-on-move`` (the sides whose concealed units reveal on moving or
firing).

The enemy units that reveal are combat units (not leaders, HQs or wagons: L847 "a Union unit other
than a lone leader"). Judged per step. Something that reveals a unit: it moves (its hex changes) or is marked attacking
at a roll of the game's fire table (``fire.table``) while concealed, for the sides that reveal on
moving; an enemy unit within the sight with line of sight (`gamedata.los`) or within the movement
points after a step. Only the concealing player can lift a mask, so (the lenient reading) the unit
must be revealed by the end of its side's next action — the first later step in which a unit of
its side moves or is revealed: still concealed then, an error at that step; the log ending first,
a note. Line of sight or costs the data does not give
leave the reveal "not checked", naming the cells, once per unit.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from gamedata.cellref import CellRef
from gamedata.hexids import Hex
from gamedata.los import LineOfSight
from gamedata.model import Game
from gamedata.paths import reach
from gamedata.ruledata import parameter, parameter_cite, parameter_list
from gamedata.systems import symbol_for

from ..context import CheckContext
from ..findings import Finding, Place, Severity
from ..view import YES, GameView, UnitView
from .board import NON_COMBAT

CHECK_ID = "hidden"
SIGHT, MP, ON_MOVE = "hidden.sight", "hidden.mp", "hidden.reveal-on-move"


@dataclass(frozen=True)
class HiddenRules:
    sight: int | None
    mp: dict[str, float]              # side of the concealed unit -> enemy movement points
    on_move: frozenset[str]

    @classmethod
    def of(cls, game: Game) -> HiddenRules | None:
        sight = parameter(game, SIGHT)
        mp = {side.strip(): float(n) for item in parameter_list(game, MP) for side, _, n in [item.partition(":")]
              if n.strip()}
        on_move = frozenset(parameter_list(game, ON_MOVE))
        if sight in (None, "") and not mp and not on_move:
            return None
        return cls(int(sight) if sight not in (None, "") else None, mp, on_move)


Concealed = Callable[[str, int], bool]     # (piece id, step) -> concealed after that step


def check_hidden(game: Game, steps: Sequence[int], view_at: Callable[[int], GameView], concealed: Concealed,
                 fires: set[int], label: str) -> Iterator[Finding]:
    """``steps``: the log's step indices in order; ``view_at(step)``: the view after it (0: the
    start); ``concealed``: whether a piece is concealed after a step; ``fires``: the steps of the
    fire table's rolls."""
    rules = HiddenRules.of(game)
    if rules is None:
        return
    judge = _Judge(game, rules, label)
    judge.first = steps[0] if steps else None
    before = view_at(steps[0] - 1) if steps else None
    for step in steps:
        after = view_at(step)
        if before is not None:
            yield from judge.step(step, before, after, concealed, step in fires)
        before = after
    yield from judge.end()


class _Judge:
    def __init__(self, game: Game, rules: HiddenRules, label: str) -> None:
        self.game, self.rules, self.label = game, rules, label
        self.los = LineOfSight.of(game)
        self.ids = self.los.terrain.hexids
        self.due: dict[str, tuple[int, str, str]] = {}   # unit id -> (step, why it must be revealed, rule key)
        self._reach: dict[tuple[str, Hex, float], object] = {}
        self.blind: set[str] = set()
        self.reported: set[str] = set()
        self.first: int | None = None       # the first step judged: what the start already shows counts there

    def step(self, step: int, before: GameView, after: GameView, concealed: Concealed, fire: bool
             ) -> Iterator[Finding]:
        hidden = {uid: u for uid, u in after.units.items() if u.hex is not None and concealed(u.piece_id, step)}
        was_hidden = {uid for uid, u in before.units.items() if concealed(u.piece_id, step - 1)}
        acted = {u.side for uid, u in after.units.items() if (b := before.unit(uid)) is not None
                 and (b.hex != u.hex or (uid in was_hidden and uid not in hidden))}
        moved = step == self.first or any(b is None or b.hex != u.hex for uid, u in after.units.items()
                                          for b in [before.unit(uid)])
        for uid, (seen, why, key) in sorted(self.due.items()):
            u = after.unit(uid)
            if u is None or uid not in hidden:
                del self.due[uid]
            elif u.side in acted and seen < step:
                del self.due[uid]
                self.reported.add(uid)
                yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} is still hidden in {self._at(u.hex)} when its side "
                              f"acts again: {why} at step {seen}", parameter_cite(self.game, key, "5.2d.3"),
                              self.label, step, None, (u.name,), (Place(u.map or "", self._at(u.hex)),))
        for uid, u in sorted(hidden.items()):
            if uid in self.due or uid in self.reported:
                continue
            b = before.unit(uid)
            if u.side in self.rules.on_move and uid in was_hidden and b is not None and b.hex not in (None, u.hex):
                self.due[uid] = (step, f"it moved {self._at(b.hex)} -> {self._at(u.hex)} (hidden units are "
                                       "revealed when they first move)", ON_MOVE)
            elif fire and u.side in self.rules.on_move and b is not None and b.status.get("attacking") == YES:
                self.due[uid] = (step, f"it fired from {self._at(u.hex)} (hidden units are revealed when they "
                                       "fire)", ON_MOVE)
            elif moved:
                yield from self._seen(u, step, after)

    def _seen(self, u: UnitView, step: int, after: GameView) -> Iterator[Finding]:
        enemies = [e for e in after.units.values()
                   if e.hex is not None and e.side != u.side and e.unit.type not in NON_COMBAT]
        cells: list[CellRef] = []
        sight = self.rules.sight
        for e in enemies:
            n = self.los.distance(e.hex, u.hex)
            if sight is not None and n is not None and n <= sight:
                seen = self.los.sight(e.hex, u.hex)
                if seen.sees:
                    self.due[u.unit_id] = (step, f"{e.name} in {self._at(e.hex)} came into sight "
                                                 f"{n} hexes away", SIGHT)
                    return
                if seen.sees is None:
                    cells += [c.cell for c in seen.unknown]
            budget = self.rules.mp.get(u.side)
            if budget is not None and n is not None and n <= budget * 4:   # no chart costs under 1/4 MP a hex
                found = self._within_mp(e, u.hex, budget)
                if found is True:
                    self.due[u.unit_id] = (step, f"{e.name} in {self._at(e.hex)} came within {budget:g} MP", MP)
                    return
                if isinstance(found, tuple):
                    cells += found
        if cells and u.unit_id not in self.blind:
            self.blind.add(u.unit_id)
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"whether an enemy unit sees {u.name} in {self._at(u.hex)} "
                          "or comes within the movement points that reveal it is not known: the terrain is not "
                          "entered", parameter_cite(self.game, SIGHT, "5.2d.3"), self.label, step, None, (u.name,),
                          (Place(u.map or "", self._at(u.hex)),), cells=tuple(dict.fromkeys(cells)))

    def _within_mp(self, e: UnitView, target: Hex, budget: float) -> bool | tuple[CellRef, ...]:
        """Whether ``e`` could reach ``target`` within ``budget`` movement points (effects.xlsx
        Costs of its movement class); the cells when only missing costs could tell."""
        classes = {m.code for m in self.game.move_classes}
        move = e.unit.type if e.unit.type in classes else symbol_for(e.unit.type).value
        if move not in classes:
            return (CellRef("effects.xlsx", "Moves", (("code", e.unit.type),), "class",
                            f"effects.xlsx:Moves: a row for {e.unit.type}", f"movement class of {e.unit.type}"),)
        key = (move, e.hex, budget)
        if key not in self._reach:
            self._reach[key] = reach(self.los.terrain.graph, e.hex, budget,
                                     self.game.effects.step_cost(move, self.los.terrain))
        found = self._reach[key].within(target)  # type: ignore[attr-defined]
        if found is None:
            return self.game.effects.unprinted() or (self.los.terrain.hex_cell(
                target, f"terrain.xlsx:Hexes: a row for {self._at(target)}"),)
        return found

    def end(self) -> Iterator[Finding]:
        for uid, (seen, why, key) in sorted(self.due.items()):
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"hidden unit {uid}: {why}; the log ends before its side "
                          "acts again: whether it is revealed in time was not checked",
                          parameter_cite(self.game, key, "5.2d.3"), self.label, seen)

    def _at(self, h: Hex) -> str:
        return self.ids.format(h)


def run(ctx: CheckContext) -> Iterator[Finding]:
    game = ctx.game
    if game is None or HiddenRules.of(game) is None or ctx.views is None:
        return
    from ..fog import LogFog, Sight
    from ..table_rolls import read_table_rolls, undone_steps

    fog = LogFog(ctx.log.replay, Sight(reveal=True))
    table = str(parameter(game, "fire.table") or "")
    undone = undone_steps(ctx.log.steps)
    fires = {r.step for r in read_table_rolls(ctx.log.steps, game).rolls
             if table and getattr(r.table, "table_id", "") == table and r.step not in undone} if table else set()
    views = ctx.views
    yield from check_hidden(game, [s.index for s in ctx.log.steps], views.at,
                            lambda pid, step: bool(fog.covers_at(pid, step)), fires, ctx.log.label)
