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

A name is never enough across sides, classes or games: a piece whose side (its ``Side``
property, or a side its palette path or name names) is not the unit's, whose own name or
kind property names another class of unit (a cavalry piece is no battery), that is a
terrain piece, or whose ``Side`` is none of the game's, matches no unit, whatever its name
(a Napoleonic ``Marsh`` terrain tile is not the Union brigadier Marsh); leaders matched by
surname must not differ in their initials (A. S. Johnston is not J. E. Johnston). Such
pieces are listed with the reason. A module few of whose pieces match, and whose name does
not name the game, is reported as another game's (`Draft.other_game`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from gamedata.model import Formation, Game, Unit
from gamedata.systems import STATUS, UNIT_ID, Symbol, profile_for, symbol_for
from vassal.module import Module

from .names import designation, same_person, surname, tokens
from .palette import SlotInfo, slots
from .pieces import foreign, piece_classes, piece_side
from .unitmap import UnitRow


FOREIGN_SHARE = 0.25
"""Below this share of pieces matched, a module whose name does not name the game is reported
as another game's."""


@dataclass(frozen=True)
class Draft:
    rows: tuple[UnitRow, ...]
    refused: tuple[tuple[UnitRow, str], ...] = ()   # pieces named like a unit but not it, and why

    def count(self, *matches: str) -> int:
        return sum(1 for r in self.rows if r.match in matches)

    @property
    def mapped(self) -> int:
        return sum(1 for r in self.rows if r.unit_id or r.marker)

    def other_game(self, module_name: str, game: Game) -> str | None:
        return other_game(module_name, game, self.mapped, len(self.rows))


def other_game(module_name: str, game: Game, mapped: int, total: int) -> str | None:
    """Why a module looks like another game's (few of its ``total`` pieces are units of the game
    and its name does not name the game), or None."""
    if not total or mapped / total >= FOREIGN_SHARE:
        return None
    words = set(tokens(game.name)) - {"the", "of", "battle"}
    if words & set(tokens(module_name)):
        return None
    return (f"the module '{module_name}' looks like another game's: {mapped} of {total} pieces "
            f"({mapped / total:.0%}) match a unit of {game.name}")


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

        self.refused: list[tuple[UnitRow, str]] = []

    def row(self, info: SlotInfo) -> UnitRow:
        base = dict(slot=info.slot.gpid, piece=info.name, palette=info.path)
        unit_id = info.properties.get(UNIT_ID, "")
        if unit_id and self.game.unit(unit_id) is not None:
            return UnitRow(**base, unit_id=unit_id, match="exact")
        if info.properties.get(STATUS):
            return UnitRow(**base, marker=info.properties[STATUS], match="exact")
        foreign = self._foreign(info)
        for how, candidates in self._candidates(info.name):
            if candidates:
                if foreign:
                    return self._refuse(base, foreign, candidates)
                return self._settle(info, base, how, candidates)
        marker = self._markers.get(designation(info.name)) or self._marker_tokens.get(tokens(info.name))
        if marker and not foreign:
            return UnitRow(**base, marker=marker, match="normalised")
        return UnitRow(**base, match="none")

    def _candidates(self, name: str) -> Iterable[tuple[str, list[Unit]]]:
        yield "exact", self._exact.get(name.strip().lower(), [])
        yield "normalised", self._designation.get(designation(name), [])
        yield "normalised", self._tokens.get(tokens(name), [])
        if len(tokens(name)) <= 3:
            yield "normalised", [u for u in self._surname.get(surname(name), []) if same_person(u.name, name)]

    def _foreign(self, info: SlotInfo) -> str:
        return foreign(self.game, info.slot.path, info.properties)

    def _refuse(self, base: dict[str, str], why: str, candidates: list[Unit]) -> UnitRow:
        row = UnitRow(**base, match="none")
        self.refused.append((row, f"named like {', '.join(u.unit_id for u in candidates)} but {why}"))
        return row

    def _settle(self, info: SlotInfo, base: dict[str, str], how: str, candidates: list[Unit]) -> UnitRow:
        side = piece_side(self.game, info.name, info.slot.path, info.properties)
        if side:                                 # never a match across sides
            on_side = [u for u in candidates if u.side == side]
            if not on_side:
                return self._refuse(base, f"it is a {side} piece", candidates)
            if len(on_side) == 1:
                return UnitRow(**base, unit_id=on_side[0].unit_id, match=how if len(candidates) == 1 else "side")
            candidates = on_side
        classes = piece_classes(info.name, info.properties)
        if classes:                              # nor across classes (a cavalry piece is no battery)
            alike = [u for u in candidates if symbol_for(u.type) in classes]
            if not alike:
                return self._refuse(base, f"it is a {'/'.join(c.value for c in classes)} piece", candidates)
            candidates = alike
        if len(candidates) == 1:
            return UnitRow(**base, unit_id=candidates[0].unit_id, match=how)
        scored = sorted(((self._formation_score(u, info), u) for u in candidates), key=lambda p: p[0], reverse=True)
        if scored[0][0] > (False, 0) and (len(scored) == 1 or scored[0][0] > scored[1][0]):
            return UnitRow(**base, unit_id=scored[0][1].unit_id, match="formation")
        return UnitRow(**base, match="ambiguous", candidates=";".join(u.unit_id for u in candidates))

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
    rows = tuple(matcher.row(info) for info in slots(module))
    return Draft(rows, tuple(matcher.refused))
