"""Counter values read off a module's pieces, drafted for the player's layer
(`adjutant counter-values`).

A community module often carries what the rulebook does not print: a piece named
`Infantry_4-2`, an image `Christian_Cavalry_2-3_Native.png`, a `Strength` or `MF` property, a
Layer or Label showing the numbers. Each piece slot is tied to its unit (its `UnitId`, else the
units.csv a human confirmed, else an unambiguous name match as `map-units` drafts it) and its
values are read:

- properties whose name is a counter value's (`Strength`, `CF`, `Movement`, `MA`, `MF`...) and
  whose value is a number;
- groups of numbers joined by dashes (`4-2`, `6-4-8`) in the piece's name, its image and layer
  image names, its layer level names and its labels, read position by position as ``reading``
  says (`strength-movement` unless told: the lower left and lower right numbers of most hex
  wargame counters; `x` skips a position). A group of another length is not read.

Nothing is taken silently: each drafted row names its source, is written unreviewed (a warning
until someone sets `reviewed`), and a unit whose pieces disagree gets no value for that column,
only a line saying so.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from gamedata.model import Game
from gamedata.systems import UNIT_ID
from vassal.module import Module
from vassal.traits.basic import BasicPiece
from vassal.traits.layer import Layer
from vassal.traits.text import Labeler

from .mapunits import Matcher
from .names import loose
from .palette import SlotInfo, slots
from .unitmap import UnitMap

COLUMNS = ("strength", "movement", "manpower", "morale")
"""The unit columns a counter's numbers can fill."""
ALIASES = {
    # not "steps": a module's Steps property counts the hits a unit can take, not its strength
    "strength": ("strength", "str", "cf", "combat", "combatfactor", "combatstrength", "sp", "strengthpoints"),
    "movement": ("movement", "move", "ma", "mf", "mp", "movementallowance", "movementfactor", "movementpoints"),
    "manpower": ("manpower",),
    "morale": ("morale", "cohesion"),
}
SKIP = "x"
DEFAULT_READING = ("strength", "movement")
GROUP = re.compile(r"(?<![0-9A-Za-z.])(\d+(?:-\d+)+)(?![0-9A-Za-z])")
NUMBER = re.compile(r"^\d+(?:\.\d+)?$")


class ReadingError(ValueError):
    """A ``--reading`` that names no counter value."""


def parse_reading(text: str) -> tuple[str, ...]:
    """`strength-movement` -> ("strength", "movement"); `x` skips a position."""
    parts = tuple(p.strip().lower() for p in text.split("-"))
    wrong = [p for p in parts if p not in (*COLUMNS, SKIP)]
    if wrong or len(parts) < 2:
        raise ReadingError(f"reading {text!r}: give two or more of {', '.join(COLUMNS)} or {SKIP} (skip), joined by "
                           "dashes, in the order the counter prints them")
    return parts


@dataclass(frozen=True)
class Value:
    """One value read on one piece, and where."""

    column: str
    value: int | float
    source: str


@dataclass(frozen=True)
class SlotValues:
    """What one piece slot gives: its unit (how found), its values, what could not be read."""

    info: SlotInfo
    unit_id: str
    how: str
    values: tuple[Value, ...]
    unread: tuple[str, ...]


@dataclass
class ValuesDraft:
    """The draft: per unit its values with their sources; conflicts and pieces left out."""

    rows: dict[str, dict[str, Value]] = field(default_factory=dict)
    conflicts: list[str] = field(default_factory=list)
    unmapped: list[SlotValues] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    pieces: int = 0
    units: int = 0          # pieces known to be a unit of the game, with values or not

    def layer_rows(self, module_name: str) -> list[dict[str, object]]:
        """Rows for player/oob.xlsx Units: the values, and a `source` cell saying where each was
        read (``Game.vmod: strength 4, movement 2 from image 'Rebel_Infantry_4-2.png'
        read as strength-movement``)."""
        out = []
        for unit_id, values in self.rows.items():
            if values:
                by_source: dict[str, list[str]] = {}
                for v in values.values():
                    by_source.setdefault(v.source, []).append(f"{v.column} {_number(v.value)}")
                source = f"{module_name}: " + "; ".join(f"{', '.join(said)} from {where}"
                                                         for where, said in by_source.items())
                out.append({"unit_id": unit_id, **{c: v.value for c, v in values.items()}, "source": source})
        return out


def draft_values(module: Module, game: Game, unit_map: UnitMap | None = None,
                 reading: Sequence[str] = DEFAULT_READING) -> ValuesDraft:
    """Read every slot's values and gather them per unit (see the module doc)."""
    matcher = Matcher(game)
    draft = ValuesDraft()
    found: dict[str, dict[str, list[Value]]] = {}
    for info in slots(module):
        unit_id, how = _unit(info, game, unit_map, matcher)
        values, unread = read_values(info, reading)
        sv = SlotValues(info, unit_id, how, tuple(values), tuple(unread))
        draft.pieces += 1
        draft.units += bool(unit_id)
        draft.unread += [f"{info.name!r}: {u}" for u in unread]
        if not values:
            continue
        if not unit_id:
            draft.unmapped.append(sv)
            continue
        for v in values:
            found.setdefault(unit_id, {}).setdefault(v.column, []).append(v)
    for unit_id, columns in found.items():
        row: dict[str, Value] = {}
        for column, values in columns.items():
            distinct = {v.value for v in values}
            if len(distinct) == 1:
                row[column] = values[0]
            else:
                said = ", ".join(f"{_number(v.value)} ({v.source})" for v in values)
                draft.conflicts.append(f"{unit_id} {column}: the pieces disagree: {said}")
        draft.rows[unit_id] = row
    return draft


def _unit(info: SlotInfo, game: Game, unit_map: UnitMap | None, matcher: Matcher) -> tuple[str, str]:
    """The unit a slot is, and how that is known ("" when it is none or not known for sure)."""
    own = info.properties.get(UNIT_ID, "")
    if own and game.unit(own) is not None:
        return own, "its UnitId"
    if unit_map is not None:
        identity = unit_map.identify(info.slot.gpid, info.name)
        if identity is not None:
            return identity.unit_id, "units.csv"
    row = matcher.row(info)
    if row.unit_id and row.match in ("exact", "normalised", "side", "formation"):
        return row.unit_id, f"its name ({row.match})"
    return "", ""


LAYERED = "layer "
"""Sources of values a Layer shows: another side of the counter (reduced, flipped) when the piece
itself shows the column too."""


def read_values(info: SlotInfo, reading: Sequence[str]) -> tuple[list[Value], list[str]]:
    """The values one piece shows (properties named as a value, then number groups in its texts,
    one per column and number) and what could not be read. A Layer's values count only for a
    column the piece does not show itself: a flip counter's module keeps the front in the
    piece's image and the reduced side in a Layer."""
    values: list[Value] = []
    unread: list[str] = []
    for name, value in sorted(info.properties.items()):
        column = next((c for c, names in ALIASES.items() if loose(name) in names), None)
        if column is None or not str(value).strip():
            continue
        if NUMBER.match(str(value).strip()):
            values.append(Value(column, _as_number(str(value).strip()), f"property {name}={value}"))
        else:
            unread.append(f"property {name}={value!r} is not a number")
    for where, text in _texts(info):
        for group in GROUP.findall(text):
            numbers = group.split("-")
            if len(numbers) != len(reading):
                unread.append(f"{where} {text!r}: {group} has {len(numbers)} numbers, the reading "
                              f"{'-'.join(reading)} {len(reading)}")
                continue
            values += [Value(column, int(n), f"{where} {text!r} read as {'-'.join(reading)}")
                       for column, n in zip(reading, numbers) if column != SKIP]
    front = {v.column for v in values if not v.source.startswith(LAYERED)}
    return _one_each([v for v in values if v.column not in front or not v.source.startswith(LAYERED)]), unread


def _texts(info: SlotInfo) -> Iterable[tuple[str, str]]:
    """The texts of a piece that may print its numbers: name, images, layer levels, labels."""
    yield "piece", info.name
    piece = info.piece
    if piece is None:
        return
    for trait in piece.traits:
        if isinstance(trait, BasicPiece) and trait.image:
            yield "image", trait.image
        elif isinstance(trait, Layer):
            for image in trait.images:
                if image:
                    yield "layer image", image
            for level in trait.level_names:
                if level:
                    yield "layer level", level
        elif isinstance(trait, Labeler) and trait.label:
            yield "label", trait.label


def _one_each(values: list[Value]) -> list[Value]:
    """One value per column and number (the name and the image of a piece usually say the same)."""
    seen: dict[tuple[str, int | float], Value] = {}
    for v in values:
        seen.setdefault((v.column, v.value), v)
    return list(seen.values())


def _as_number(text: str) -> int | float:
    number = float(text)
    return int(number) if number.is_integer() else number


def _number(value: int | float) -> str:
    return f"{value:g}"
