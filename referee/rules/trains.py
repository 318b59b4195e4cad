"""CWB Regimental 28.3 (rulebook 002 L383): "The Army Train moves as a supply wagon, except it can
only enter road hexes (any type) or clear hexes adjacent to a road hex."

The Army Train is the unit whose type is the effects.xlsx Moves class ``army-train`` (the
sub-series' effects.xlsx has it, citing the line). Each hex it enters (a move as the log shows it:
a drag hex by hex shows every hex, a long drag only its end) must have a road — a hexside feature
of terrain category ``road`` — or be of a terrain of category ``clear`` next to such a hex. Where
terrain.xlsx does not say, the move is not checked, naming the rows.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from gamedata.cellref import CellRef
from gamedata.hexids import Hex
from gamedata.model import Game
from gamedata.ruledata import cite

from ..findings import Finding, Place, Severity
from ..view import GameView
from .board import moved

CHECK_ID = "supply"
ARMY_TRAIN = "army-train"


def _road(game: Game, h: Hex) -> bool | None:
    """Whether a road runs through ``h`` (None: some of its sides are not known)."""
    terrain = game.terrain
    if h not in terrain.graph:
        return None
    sides = [terrain.hexside(h, n) for n in terrain.graph.neighbours(h)]
    if any(s is not None and any(terrain.category(f) == "road" for f in s.features) for s in sides):
        return True
    return None if any(s is None for s in sides) else False


def _allowed(game: Game, h: Hex) -> tuple[bool | None, tuple[CellRef, ...]]:
    """Whether the Army Train may enter ``h``, and the terrain.xlsx rows that would tell."""
    terrain = game.terrain
    road = _road(game, h)
    if road:
        return True, ()
    here = terrain.hex(h)
    clear = None if here is None else any(terrain.category(t) == "clear" for t in here.terrain)
    if clear is False:
        return (False, ()) if road is False else (None, tuple(u.cell for u in terrain.missing([h])))
    near = [_road(game, n) for n in terrain.graph.neighbours(h)] if h in terrain.graph else [None]
    if clear and any(near):
        return True, ()
    if clear and road is False and all(n is False for n in near):
        return False, ()
    around = [h, *(terrain.graph.neighbours(h) if h in terrain.graph else ())]
    return None, tuple(u.cell for u in terrain.missing(around))


def check_army_train(game: Game, views: Iterable[GameView], label: str, players: Mapping[int, str | None]
                     ) -> Iterator[Finding]:
    move = next((m for m in game.move_classes if m.code == ARMY_TRAIN), None)
    if move is None or not any(u.type == ARMY_TRAIN for u in game.units):
        return
    rule = cite("28.3 Supply Trains", move.rulebook_line)
    unknown: list[tuple[int, str, tuple[CellRef, ...]]] = []
    before: GameView | None = None
    for view in views:
        if before is not None:
            for _, now in moved(before, view):
                if now.unit.type != ARMY_TRAIN or now.hex is None:
                    continue
                ok, cells = _allowed(game, now.hex)
                where = game.terrain.hexids.format(now.hex)
                if ok is None:
                    unknown.append((view.step, f"{now.name} at {where}", cells))
                elif not ok:
                    yield Finding(CHECK_ID, Severity.ERROR, f"{now.name} entered {where}: neither a road hex nor a "
                                  "clear hex next to a road (the Army Train enters only those)", rule, label,
                                  view.step, players.get(view.step), (now.name,), (Place(now.map or "", where),))
        before = view
    if unknown:
        step, first, _ = unknown[0]
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{len(unknown)} move(s) of the Army Train (the first: {first}, "
                      "step {step}) not checked: the terrain or roads there are not in terrain.xlsx".format(step=step),
                      rule, label, step, cells=tuple(dict.fromkeys(c for _, _, cs in unknown for c in cs)))
