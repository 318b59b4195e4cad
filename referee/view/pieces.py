"""What a piece of a module says it is, apart from its name: its side, its class of unit, or
that it is no unit at all (a terrain tile, a piece of a side the game does not have). Read from
its properties (``Side``, ``Type``/``Class``...), its palette path and the words of its name;
shared by the `map-units` draft and the check of a units.csv."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from gamedata.model import Game
from gamedata.systems import SIDE, Symbol

from .names import designation

#: words a palette or a piece may use for a side instead of its name
SIDE_WORDS = {"confederate": ("confederate", "csa", "cs", "rebel", "rebels", "south", "southern"),
              "union": ("union", "usa", "us", "federal", "federals", "north", "northern")}
#: words of a piece's name or kind that say which class of unit it is
CLASS_WORDS = {
    Symbol.INFANTRY: ("infantry", "inf"), Symbol.CAVALRY: ("cavalry", "cav", "dragoon", "dragoons", "horse"),
    Symbol.ARTILLERY: ("artillery", "art", "arty", "battery", "bty", "guns", "cannon"),
    Symbol.LEADER: ("leader", "leaders", "ldr", "general", "commander", "hq"),
}
NOT_UNITS = ("terrain", "tile", "overlay")
KIND_PROPERTIES = ("Type", "Class", "Kind", "UnitType", "Category")


def words(text: str) -> list[str]:
    return [w for w in re.split(r"[^a-z]+", text.lower()) if w]


def side_word(game: Game, text: str) -> str:
    """The game's side a word names ("CSA" -> Confederate), or ""."""
    word = designation(text)
    return next((s for s in game.sides if word and word in SIDE_WORDS.get(s.lower(), (designation(s),))), "")


def piece_side(game: Game, name: str, path: Sequence[str], properties: Mapping[str, str]) -> str:
    """The game's side a piece belongs to: its Side property, else the one side its palette
    path (or name) names; "" when nothing says."""
    own = properties.get(SIDE, "")
    if own in game.sides:
        return own
    if side_word(game, own):
        return side_word(game, own)
    said = {w for part in (*path, name) for w in designation(part).split()}
    named = [s for s in game.sides if said & set(SIDE_WORDS.get(s.lower(), (designation(s),)))]
    return named[0] if len(named) == 1 else ""


def piece_classes(name: str, properties: Mapping[str, str]) -> set[Symbol]:
    """The classes of unit a piece's own name or kind property says it is (empty: it does not say)."""
    said = set(words(name)) | {w for k in KIND_PROPERTIES for w in words(properties.get(k, ""))}
    return {symbol for symbol, names in CLASS_WORDS.items() if said & set(names)}


def foreign(game: Game, path: Sequence[str], properties: Mapping[str, str]) -> str:
    """Why a piece is none of the game's units whatever its name: a terrain piece, or a side the
    game does not have ("" when nothing says so)."""
    kinds = [properties.get(k, "") for k in KIND_PROPERTIES] + list(path)
    if any(w in NOT_UNITS for text in kinds for w in words(text)):
        return "a terrain piece, not a unit"
    side = properties.get(SIDE, "")
    if side and side not in game.sides and not side_word(game, side):
        return f"its side '{side}' is not a side of {game.name}"
    return ""
