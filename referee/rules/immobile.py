"""Into the Woods 14.6: the Union Markgraf and Madison Batteries, which "lacked either horses or proper
transportation" (L524).

14.61 (L526): "They may move one hex per Activation. This includes any facing changes. If they move
(including changing facing more than one vertex), they may not fire." 14.62 (L528): "They must stay
within the confines of Pittsburg Landing, on either Field or Field Boundary hexes." The units, the
hexes an Activation, the vertices, the place and its terrain are rules.xlsx Parameters
(``immobile.*``), each cited.

An Activation is not a piece of the log: as for 5.26 (``capped.py``) a chat line with the words of
``am.declared`` ends one, and so does the turn's end; a move of any other unit ends one too (the
lenient reading: two moves of a battery with nothing between them are one Activation). Within one:

* the hexes a battery moves (each move's distance) above ``immobile.hexes`` is an error at the move;
* a fire the chat declares (``fire.declared`` / ``fire.prepared-declared``, the battery the line's
  first firer side: ``prepared._sides``) after it moved or turned more than ``immobile.vertices``
  vertex (its facing, two of the twelve steps a vertex) is an error at the line;
* every hex it moves into must be one of the place's hexes (terrain.xlsx Specials rows of the kind
  and name ``immobile.area`` gives: the map's confines of the Landing, which the rulebook does not
  print) and of one of ``immobile.terrain`` (terrain.xlsx Hexes); where the data lacks them, not
  checked, naming the cells, once a log.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping

from gamedata.cellref import CellRef
from gamedata.hexids import Hex
from gamedata.model import Game
from gamedata.ruledata import parameter, parameter_cite, parameter_list
from gamedata.systems import profile_for
from gamedata.terrain import TERRAIN

from ..findings import Finding, Severity
from ..view import GameView, UnitView
from .board import moved, unit_place
from .prepared import _pattern, _sides
from .scenario_places import Places

CHECK_ID = "units"


def _degrees(game: Game, facing: str | None) -> float | None:
    """A facing label ("NE") or bearing ("60°") in degrees; None when not known."""
    if not facing:
        return None
    found = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*°\s*", facing)
    if found:
        return float(found[1])
    rotor = profile_for(game).facing
    names = dict(rotor.names) if rotor is not None else {}
    return names[facing] * 360 / rotor.angles if facing in names and rotor is not None else None


def _hexes_between(places: Places, a: Hex, b: Hex, far: int = 40) -> int:
    """Hexes from ``a`` to ``b`` (``far`` at most)."""
    return next((n for n in range(far) if b in places.within([a], n)), far)


def _turned(game: Game, was: UnitView, now: UnitView, vertices: int) -> bool:
    """Whether the facing changed by more than ``vertices`` vertices (60 degrees each)."""
    a, b = _degrees(game, was.facing), _degrees(game, now.facing)
    if a is None or b is None:
        return False
    turn = abs(a - b) % 360
    return min(turn, 360 - turn) > 60 * vertices


class _Place:
    """The place's hexes and terrain, and what the data lacks to judge them."""

    def __init__(self, game: Game) -> None:
        self.game = game
        kind, _, self.name = str(parameter(game, "immobile.area") or "").partition(":")
        self.kind = kind
        rows = [s for s in game.terrain.specials(kind) if s.name and s.name.lower().startswith(self.name.lower())]
        self.hexes = frozenset(game.terrain.hexids.canonical(s.hex) for s in rows if s.hex is not None)
        self.terrain = set(parameter_list(game, "immobile.terrain"))
        self.told = False

    def missing(self, h: Hex) -> tuple[CellRef, ...]:
        cells = []
        if not self.hexes:
            cells.append(CellRef(TERRAIN, "Specials", (("kind", self.kind), ("name", self.name)), "hex",
                                 f"terrain.xlsx:Specials rows of kind '{self.kind}' named '{self.name}…' (its hexes)",
                                 f"the hexes of {self.name}"))
        if self.game.terrain.hex(h) is None:
            name = self.game.terrain.hexids.format(h)
            cells.append(CellRef(TERRAIN, "Hexes", (("map", h.map), ("hex", name)), "terrain",
                                 f"terrain.xlsx:Hexes: the terrain of {name}", f"terrain of {name}", h))
        return tuple(cells)

    def wrong(self, h: Hex) -> str:
        """Why ``h`` is not allowed ("" when it is); only once nothing is missing."""
        if h not in self.hexes:
            return f"outside the confines of {self.name}"
        codes = self.game.terrain.hex(h).terrain  # type: ignore[union-attr]
        if not self.terrain & set(codes):
            return f"a {' / '.join(codes) or 'blank'} hex, not {' or '.join(sorted(self.terrain))}"
        return ""


def check_immobile(game: Game, views: Iterable[GameView], label: str, players: Mapping[int, str | None],
                   texts: Mapping[int, tuple[str, ...]]) -> Iterator[Finding]:
    units = set(parameter_list(game, "immobile.units"))
    limit = parameter(game, "immobile.hexes")
    if not units or not isinstance(limit, (int, float)):
        return
    vertices = int(parameter(game, "immobile.vertices") or 1)
    am, fire = _pattern(game, "am.declared"), [p for p in (_pattern(game, "fire.declared"),
                                                            _pattern(game, "fire.prepared-declared")) if p]
    rule = parameter_cite(game, "immobile.hexes", "14.61")
    place = _Place(game) if parameter(game, "immobile.area") else None
    places = Places(game)
    spent: dict[str, int] = {}            # hexes moved in the current Activation
    since: dict[str, int] = {}            # the step it first moved or turned in it
    before: GameView | None = None
    for view in views:
        if before is None:
            before = view
            continue
        player = players.get(view.step)
        lines = texts.get(view.step, ())
        movers = list(moved(before, view))
        if (am is not None and any(am.search(t) for t in lines)) or any(u.unit_id not in units for _, u in movers) \
                or getattr(before.turn, "id", None) != getattr(view.turn, "id", None):
            spent, since = {}, {}
        for uid in sorted(units):
            was, now = before.unit(uid), view.unit(uid)
            if was is None or now is None or now.hex is None or was.hex is None:
                continue
            steps = _hexes_between(places, was.hex, now.hex)
            if steps or _turned(game, was, now, vertices):
                since.setdefault(uid, view.step)
            if not steps:
                continue
            spent[uid] = spent.get(uid, 0) + steps
            if spent[uid] > limit:
                yield Finding(CHECK_ID, Severity.ERROR, f"{now.name} moved {spent[uid]} hexes in one Activation (from "
                              f"step {since[uid]}; to {now.location}): {int(limit)} hex per Activation", rule, label,
                              view.step, player, (now.name,), unit_place(now))
            if place is not None:
                yield from _judge_place(game, place, now, view.step, label, player)
        for text in (t for t in lines if any(p.search(t) for p in fire)):
            firers, _ = _sides(text, view)
            for u in (f for f in firers if f.unit_id in since):
                yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} at {u.location} fires after moving or turning in "
                              f"this Activation (from step {since[u.unit_id]}): if it moves, including a facing "
                              f"change of more than {vertices} vertex, it may not fire", rule, label, view.step,
                              player, (u.name,), unit_place(u))
        before = view


def _judge_place(game: Game, place: _Place, u: UnitView, step: int, label: str, player: str | None
                 ) -> Iterator[Finding]:
    rule = parameter_cite(game, "immobile.area", "14.62")
    missing = place.missing(u.hex)  # type: ignore[arg-type]
    if missing:
        if not place.told:
            place.told = True
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{u.name} moved to {u.location}: whether it stays within "
                          f"the confines of {place.name} on {' or '.join(sorted(place.terrain))} hexes is not checked "
                          f"(fill {', '.join(c.text for c in missing)})", rule, label, step, player, (u.name,),
                          unit_place(u), cells=missing)
        return
    why = place.wrong(u.hex)  # type: ignore[arg-type]
    if why:
        yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} moved to {u.location}, {why}: it must stay within the "
                      f"confines of {place.name}, on {' or '.join(sorted(place.terrain))} hexes", rule, label, step,
                      player, (u.name,), unit_place(u))
