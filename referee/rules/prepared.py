"""Into the Woods: fire as the players declare it in the chat (Prepared Fire; artillery next to high ground).

10.51 (L349): "All units capable of Prepared Fire have a range of one hex"; 14.43 (L492): Detachments
"may not use Prepared Fire". A fire roll is not tied to its firer and target on the board, so the
log shows a Prepared Fire only where a player writes the words of rules.xlsx
``fire.prepared-declared`` ("Prepared Fire") naming the units: the first unit the line names is of
the firing side, the line's units of that side fire, those of the other side are the targets. A
firer of a ``fire.prepared-banned-types`` type is an error at the line; so is a firer farther than
``fire.prepared-range`` hexes from every target named (across map seams); a line naming no target
cannot measure the range and says so. A log without such a line has no Prepared Fire to judge.

10.67 (L355): "Artillery may not fire into an adjacent hex if it is three or more elevation levels
higher or lower than the firing hex. Exception: When being assaulted from that hex, artillery may fire
during the Pre-shock Reaction Fire". A line with the words of ``fire.declared`` ("fires at") or of
``fire.prepared-declared``, read the same way, whose firer is of ``fire.adjacent-elevation-types``
and whose target is adjacent: ``fire.adjacent-elevation-limit`` levels or more between the two hexes
(terrain.xlsx Hexes elevation) is an error unless the line says ``fire.adjacent-elevation-except``;
an elevation the data lacks is not checked, naming the cells.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping

from gamedata.cellref import CellRef
from gamedata.hexids import Hex
from gamedata.model import Game
from gamedata.terrain import TERRAIN
from gamedata.ruledata import parameter, parameter_cite, parameter_list

from ..findings import Finding, Severity
from ..view import GameView, UnitView
from .board import named, unit_place
from .scenario_places import Places

CHECK_ID = "units"


def _sides(text: str, view: GameView) -> tuple[list[UnitView], list[UnitView]]:
    """The firers (the first unit the line names and its side's units named) and the targets."""
    units = named(text, [u for _, u in sorted(view.units.items()) if u.hex is not None])
    units.sort(key=lambda u: re.search(rf"(?<!\w){re.escape(u.unit.name)}(?!\w)", text, re.I).start())
    if not units:
        return [], []
    return [u for u in units if u.side == units[0].side], [u for u in units if u.side != units[0].side]


def _pattern(game: Game, key: str) -> re.Pattern[str] | None:
    said = str(parameter(game, key) or "")
    return re.compile(rf"(?<!\w){re.escape(said)}(?!\w)", re.IGNORECASE) if said else None


def check_fire(game: Game, views: Iterable[GameView], label: str, players: dict[int, str | None],
               texts: Mapping[int, tuple[str, ...]]) -> Iterator[Finding]:
    views = list(views)
    yield from check_prepared(game, views, label, players, texts)
    yield from check_high_ground(game, views, label, players, texts)


def _elevation_cell(game: Game, h: Hex) -> CellRef:
    name = game.terrain.hexids.format(h)
    return CellRef(TERRAIN, "Hexes", (("map", h.map), ("hex", name)), "elevation",
                   f"terrain.xlsx:Hexes: the elevation of {name}", f"elevation of {name}", h)


def check_high_ground(game: Game, views: Iterable[GameView], label: str, players: dict[int, str | None],
                      texts: Mapping[int, tuple[str, ...]]) -> Iterator[Finding]:
    said = [p for p in (_pattern(game, "fire.declared"), _pattern(game, "fire.prepared-declared")) if p]
    limit = parameter(game, "fire.adjacent-elevation-limit")
    types = parameter_list(game, "fire.adjacent-elevation-types")
    unless = _pattern(game, "fire.adjacent-elevation-except")
    if not said or limit is None or not types or not texts:
        return
    rule = parameter_cite(game, "fire.adjacent-elevation-limit", "10.67")
    places, terrain = Places(game), game.terrain
    for view in views:
        for text in texts.get(view.step, ()):
            if not any(p.search(text) for p in said) or (unless is not None and unless.search(text)):
                continue
            firers, targets = _sides(text, view)
            for u in (f for f in firers if f.unit.type in types):
                for t in targets:
                    if t.hex == u.hex or t.hex not in places.within([u.hex], 1):
                        continue
                    ends = [(h, getattr(terrain.hex(h), "elevation", None)) for h in (u.hex, t.hex)]
                    missing = [_elevation_cell(game, h) for h, e in ends if e is None]
                    at = (u.name, t.name), unit_place(u) + unit_place(t)
                    if missing:
                        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{u.name} at {u.location} firing at the "
                                      f"adjacent {t.name} ({t.location}): not checked, the elevations are not known "
                                      f"(fill {', '.join(c.text for c in missing)})", rule, label, view.step,
                                      players.get(view.step), *at, cells=tuple(missing))
                    elif abs(ends[0][1] - ends[1][1]) >= int(limit):
                        yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} ({u.unit.type}) at {u.location} "
                                      f"(elevation {ends[0][1]}) fires at the adjacent {t.name} ({t.location}, "
                                      f"elevation {ends[1][1]}): no artillery fire into an adjacent hex {int(limit)} "
                                      "or more levels higher or lower", rule, label, view.step,
                                      players.get(view.step), *at)


def check_prepared(game: Game, views: Iterable[GameView], label: str, players: dict[int, str | None],
                   texts: Mapping[int, tuple[str, ...]]) -> Iterator[Finding]:
    words = _pattern(game, "fire.prepared-declared")
    reach = parameter(game, "fire.prepared-range")
    if words is None or not texts:
        return
    banned = parameter_list(game, "fire.prepared-banned-types")
    places = Places(game)
    for view in views:
        for text in texts.get(view.step, ()):
            if not words.search(text):
                continue
            firers, targets = _sides(text, view)
            player = players.get(view.step)
            for u in firers:
                if u.unit.type in banned:
                    yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} ({u.unit.type}) at {u.location} declared "
                                  f"in Prepared Fire: {' and '.join(banned)} units may not use Prepared Fire",
                                  parameter_cite(game, "fire.prepared-banned-types", "14.43"), label, view.step,
                                  player, (u.name,), unit_place(u))
                elif reach is None:
                    continue
                elif not targets:
                    yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{u.name}'s Prepared Fire range was not checked: "
                                  f"the chat line names no enemy unit as its target", parameter_cite(
                                      game, "fire.prepared-range", "10.51"), label, view.step, player, (u.name,),
                                  unit_place(u))
                elif not any(t.hex in places.within([u.hex], int(reach)) for t in targets):
                    yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} at {u.location} in Prepared Fire at "
                                  f"{', '.join(f'{t.name} ({t.location})' for t in targets)}: Prepared Fire has a "
                                  f"range of {int(reach)} hex", parameter_cite(game, "fire.prepared-range", "10.51"),
                                  label, view.step, player, (u.name, *(t.name for t in targets)),
                                  unit_place(u) + tuple(p for t in targets for p in unit_place(t)))
