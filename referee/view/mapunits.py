"""Draft ``units.csv`` for a module whose pieces carry no unit ids (``adjutant map-units``).

Each piece slot of the module is matched to the game's units by name: first the names
as written (case aside), then as designations (``names.designation``: ordinals, states,
unit words, ranks), then as the same words in another order, then, for leaders, by
surname. A name several units share (``Wood`` on both sides, ``2 TN`` twice) is settled
by the slot's side (its ``Side`` property, or a side named in its palette path) and then
by its formation (the unit's chain of command named in the palette path). What stays
ambiguous is written with its candidates, what matches nothing with an empty unit, for
a human to confirm; pieces that are status markers (their name is a status label, or
they carry a ``Status`` property) become marker rows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from gamedata.model import Formation, Game, Unit
from gamedata.systems import SIDE, STATUS, UNIT_ID, Symbol, profile_for, symbol_for
from vassal.module import Module

from .names import designation, surname, tokens
from .palette import SlotInfo, slots
from .unitmap import UnitRow

# Words a palette may use for a side instead of its name.
_SIDE_WORDS = {"confederate": ("confederate", "csa", "cs", "rebel", "rebels", "south", "southern"),
               "union": ("union", "usa", "us", "federal", "federals", "north", "northern")}


@dataclass(frozen=True)
class Draft:
    rows: tuple[UnitRow, ...]

    def count(self, *matches: str) -> int:
        return sum(1 for r in self.rows if r.match in matches)

    @property
    def mapped(self) -> int:
        return sum(1 for r in self.rows if r.unit_id or r.marker)


class Matcher:
    def __init__(self, game: Game) -> None:
        self.game = game
        self._exact = _index(game.units, lambda u: [u.name.strip().lower()])
        self._designation = _index(game.units, lambda u: [designation(t) for t in (u.name, u.counter_text) if t])
        self._tokens = _index(game.units, lambda u: [tokens(u.name)])
        leaders = [u for u in game.units if symbol_for(u.type) is Symbol.LEADER]
        self._surname = _index(leaders, lambda u: [surname(u.name)])
        profile = profile_for(game)
        self._markers = {designation(label): layer.step_code(step) for layer in profile.layers
                         for step in range(len(layer.steps)) for label in (layer.label(step), layer.step_code(step))}
        self._marker_tokens = {tokens(d): code for d, code in self._markers.items()}

    def row(self, info: SlotInfo) -> UnitRow:
        base = dict(slot=info.slot.gpid, piece=info.name, palette=info.path)
        unit_id = info.properties.get(UNIT_ID, "")
        if unit_id and self.game.unit(unit_id) is not None:
            return UnitRow(**base, unit_id=unit_id, match="exact")
        if info.properties.get(STATUS):
            return UnitRow(**base, marker=info.properties[STATUS], match="exact")
        for how, candidates in self._candidates(info.name):
            if candidates:
                return self._settle(info, base, how, candidates)
        marker = self._markers.get(designation(info.name)) or self._marker_tokens.get(tokens(info.name))
        if marker:
            return UnitRow(**base, marker=marker, match="normalised")
        return UnitRow(**base, match="none")

    def _candidates(self, name: str) -> Iterable[tuple[str, list[Unit]]]:
        yield "exact", self._exact.get(name.strip().lower(), [])
        yield "normalised", self._designation.get(designation(name), [])
        yield "normalised", self._tokens.get(tokens(name), [])
        yield "normalised", self._surname.get(surname(name), []) if len(tokens(name)) <= 3 else []

    def _settle(self, info: SlotInfo, base: dict[str, str], how: str, candidates: list[Unit]) -> UnitRow:
        if len(candidates) == 1:
            return UnitRow(**base, unit_id=candidates[0].unit_id, match=how)
        side = self._side(info)
        if side:
            on_side = [u for u in candidates if u.side == side]
            if len(on_side) == 1:
                return UnitRow(**base, unit_id=on_side[0].unit_id, match="side")
            candidates = on_side or candidates
        scored = sorted(((self._formation_score(u, info), u) for u in candidates), key=lambda p: p[0], reverse=True)
        if scored[0][0] > (False, 0) and (len(scored) == 1 or scored[0][0] > scored[1][0]):
            return UnitRow(**base, unit_id=scored[0][1].unit_id, match="formation")
        return UnitRow(**base, match="ambiguous", candidates=";".join(u.unit_id for u in candidates))

    def _side(self, info: SlotInfo) -> str:
        if info.properties.get(SIDE) in self.game.sides:
            return info.properties[SIDE]
        words = {w for part in info.slot.path for w in designation(part).split()}
        named = [s for s in self.game.sides if words & set(_SIDE_WORDS.get(s.lower(), (designation(s),)))]
        return named[0] if len(named) == 1 else ""

    def _formation_score(self, unit: Unit, info: SlotInfo) -> tuple[bool, int]:
        """Whether the palette panel holding the slot names the unit's own formation, then how
        many formations of its chain of command the palette path names."""
        path = [designation(part) for part in info.slot.path]

        def named(f: Formation, parts: list[str]) -> bool:
            names = {designation(f.name), designation(f.formation_id)} - {""}
            return any(f" {n} " in f" {p} " for p in parts for n in names)

        chain = self.game.command_chain(unit.unit_id)
        return bool(chain) and named(chain[0], path[-1:]), sum(1 for f in chain if named(f, path))


def _index(units: Sequence[Unit], keys: Callable[[Unit], list]) -> dict:
    found: dict = {}
    for u in units:
        for key in keys(u):
            if key:
                bucket = found.setdefault(key, [])
                if u not in bucket:
                    bucket.append(u)
    return found


def draft_unit_map(module: Module, game: Game) -> Draft:
    """One row per piece slot of the module, matched to the game's units (see module doc)."""
    matcher = Matcher(game)
    return Draft(tuple(matcher.row(info) for info in slots(module)))
