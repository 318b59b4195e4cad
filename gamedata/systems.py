"""What each game system puts on a counter: unit symbols, status layers, facing, back sides.

The builder draws and wires counters from these; the referee reads the same layers
back from a log, so both must agree on them: they live here, with the game data.

The default statuses come from the rulebook digests (research/*.md): GCACW (Hood
Strikes North 1.7), GBACW (Into the Woods 1.10), CWB (RSS A1.5, Atlanta B1.7). A
game's own `statuses` in game.toml replace them. Setup cells name a status by its
code (`exhausted`) or, for a status with levels, `code-level` (`fatigue-2`).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gamedata.model import Game, Status

Colour = tuple[int, int, int]

# What a counter of our modules carries for the referee to read back from a log.
UNIT_ID = "UnitId"          # Marker: the unit_id of oob.xlsx
SIDE = "Side"               # Marker (side prototype)
STRENGTH = "Strength"       # DynamicProperty: steps or manpower, players step it
FORMATION = "Formation"     # DynamicProperty: the formation the unit belongs to now (attachments)
FACING = "Facing"           # FreeRotator
STATUS = "Status"           # Marker on a status marker piece: the step code (`fatigue-2`)


class Symbol(Enum):
    """Unit-type symbols drawn on counters (NATO style where NATO has one)."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    ARTILLERY = "artillery"
    LEADER = "leader"
    WAGON = "wagon"
    GUNBOAT = "gunboat"
    OTHER = "other"


_SYMBOL_WORDS: tuple[tuple[tuple[str, ...], Symbol], ...] = (
    (("ldr", "leader", "hq", "commander", "general"), Symbol.LEADER),
    (("cav", "dragoon", "horse"), Symbol.CAVALRY),
    (("art", "bty", "battery", "gun"), Symbol.ARTILLERY),
    (("gunboat", "boat", "naval", "navy", "ship"), Symbol.GUNBOAT),
    (("wag", "train", "supply"), Symbol.WAGON),
    (("inf", "det", "regt", "brig", "div", "militia", "sharpshooter"), Symbol.INFANTRY),
)


def symbol_for(unit_type: str) -> Symbol:
    """Map an OOB type cell ("Inf", "Cav", "Ldr", "Wag", "Gunboat", ...) to a symbol.

    Gunboat is tested before artillery so "gunboat" does not read as "gun".
    """
    word = unit_type.strip().lower()
    if word.startswith(("gunboat", "boat", "naval", "navy", "ship")):
        return Symbol.GUNBOAT
    for prefixes, symbol in _SYMBOL_WORDS:
        if word.startswith(prefixes):
            return symbol
    return Symbol.OTHER

_BADGE_COLOURS: tuple[Colour, ...] = ((240, 200, 60), (230, 120, 40), (120, 180, 230), (200, 90, 90),
                                      (150, 110, 70), (160, 200, 120), (190, 150, 220))
NO_LEVEL = {"0", "ok", "none", "normal", "full"}   # levels that mean "no marker": the layer off
FREE_FACING = {  # facings a table leaves to the player
    "any", "choice", "free", "player's choice"}


@dataclass(frozen=True)
class StatusLayer:
    """One Layer trait on a unit: its levels, badge colour, and whether it is a back side.

    A back-side layer shows the counter's whole reverse (drawn per unit) instead of a
    badge. `only` limits the layer to some unit symbols (limbered: artillery); empty = all.
    """

    code: str
    name: str
    levels: tuple[str, ...] = ()
    colour: Colour = (240, 200, 60)
    back_side: bool = False
    only: tuple[Symbol, ...] = ()
    off: str = ""   # the level the data names for "none" (fatigue 0, ammo full): the layer switched off
    texts: tuple[str, ...] = ()
    """Per step, the marker's text as the rulebook prints it; empty: made from name and level."""

    @property
    def steps(self) -> tuple[str, ...]:
        """The layer's levels as shown (a status without levels has one step)."""
        return self.levels or (self.name,)

    def label(self, step: int) -> str:
        if step < len(self.texts) and self.texts[step]:
            return self.texts[step]
        return f"{self.name} {self.levels[step]}" if self.levels else self.name

    def step_code(self, step: int) -> str:
        return f"{self.code}-{self.levels[step]}" if self.levels else self.code

    def applies_to(self, symbol: Symbol) -> bool:
        return not self.only or symbol in self.only


@dataclass(frozen=True)
class Facing:
    """A FreeRotator with `angles` steps; `names` maps a facing label to its step index.

    Step i is drawn rotated i*360/angles degrees clockwise: the counter's top points at
    compass bearing i*360/angles (north up).
    """

    angles: int
    names: tuple[tuple[str, int], ...]

    def step(self, label: str) -> int | None:
        """The step a facing label names; a free choice ("any") keeps the default step 0."""
        text = label.strip()
        if text.lower() in FREE_FACING:
            return 0
        return dict(self.names).get(text.upper())

    def label(self, step: int) -> str:
        """The name of a step (`NE`), else its bearing in degrees (`60°`) for an unnamed one."""
        named = {index: name for name, index in self.names}
        step %= self.angles
        return named.get(step, f"{step * 360 // self.angles}°")


@dataclass(frozen=True)
class SystemProfile:
    """The counter conventions of one game system."""

    system: str
    layers: tuple[StatusLayer, ...]
    facing: Facing | None
    back_sides: frozenset[str] = frozenset()


_COMBAT = (Symbol.INFANTRY, Symbol.CAVALRY, Symbol.ARTILLERY, Symbol.OTHER)
# Flat-topped hexes: hexsides at bearings 0, 60, ... (N, NE, SE, S, SW, NW); vertices at
# 30, 90, ... (the GBACW facings NE, E, SE, SW, W, NW). Twelve steps hold both.
_TWELVE = Facing(12, (("N", 0), ("NE", 1), ("E", 3), ("SE", 5), ("S", 6), ("SW", 7), ("W", 9), ("NW", 11)))
_SIX_SIDES = Facing(6, (("N", 0), ("NE", 1), ("SE", 2), ("S", 3), ("SW", 4), ("NW", 5)))

PROFILES: dict[str, SystemProfile] = {
    "GCACW": SystemProfile(
        "GCACW",
        (
            StatusLayer("exhausted", "Exhausted", back_side=True),
            StatusLayer("fatigue", "Fatigue", ("1", "2", "3", "4")),
            StatusLayer("disorganized", "Disorganized", colour=(230, 120, 40)),
            StatusLayer("demoralized", "Demoralized", colour=(200, 90, 90)),
            StatusLayer("entrenchment", "Entrench", ("Breastworks", "Fort-Build-1", "Fort"), (150, 110, 70)),
        ),
        None,
        frozenset({"exhausted"}),
    ),
    "GBACW": SystemProfile(
        "GBACW",
        (
            StatusLayer("disordered", "Disordered", back_side=True, only=_COMBAT),
            StatusLayer("routed", "Routed", back_side=True, only=_COMBAT),
            StatusLayer("ammo", "Ammo", ("Low", "No"), (230, 120, 40), only=_COMBAT),
            StatusLayer("fatigue", "Fatigue", ("1", "2", "3"), (240, 200, 60)),
            StatusLayer("orders", "Orders", ("Advance", "Attack", "March", "Reserve", "Defend"), (120, 180, 230)),
            StatusLayer("ci", "CI", colour=(200, 90, 90)),
        ),
        _TWELVE,
        frozenset({"disordered", "routed"}),
    ),
    "CWB": SystemProfile(
        "CWB",
        (
            StatusLayer("wrecked", "Wrecked", back_side=True, only=_COMBAT),
            StatusLayer("morale", "Morale", ("Shaken", "Disorganized", "Routed"), (200, 90, 90)),
            StatusLayer("ammo", "Ammo", ("Low", "No"), (230, 120, 40), only=_COMBAT),
            StatusLayer("formation", "Formation", ("Column", "Mounted", "Dismounted"), (120, 180, 230),
                        only=(Symbol.INFANTRY, Symbol.CAVALRY)),
            StatusLayer("limbered", "Limbered", colour=(150, 110, 70), only=(Symbol.ARTILLERY,)),
            StatusLayer("stragglers", "Stragglers", tuple(str(n) for n in range(1, 7)), only=_COMBAT),
        ),
        _SIX_SIDES,
        frozenset({"wrecked"}),
    ),
    "SPI-BG": SystemProfile("SPI-BG", (StatusLayer("disrupted", "Disrupted", colour=(200, 90, 90)),), None),
    # a stand-alone classic game: its counters carry values only (statuses from game.toml, if any)
    "classic": SystemProfile("classic", (), None),
}


def profile_for(game: Game) -> SystemProfile:
    """The system's profile, with the game's own status list when game.toml gives one.

    Codes sharing a prefix (`ammo-low`, `ammo-no`) become one layer with levels, since
    a unit carries at most one of them; a level meaning "none" (`fatigue-0`, `ammo-full`)
    is the layer switched off.
    """
    base = PROFILES[game.system]
    if not game.statuses:
        return base
    known = {layer.code: layer for layer in base.layers}
    prefixes = [s.code.split("-", 1)[0] for s in game.statuses if not s.levels and "-" in s.code]
    shared = {p for p in prefixes if prefixes.count(p) > 1}
    grouped: dict[str, Status] = {}
    for status in game.statuses:
        prefix = status.code.split("-", 1)[0]
        if status.levels or prefix not in shared or prefix == status.code:
            grouped[status.code] = status
            continue
        level = status.code[len(prefix) + 1:]
        group = grouped.get(prefix, Status(prefix, prefix, ()))
        printed = ((level, status.marker),) if status.marker else ()
        grouped[prefix] = Status(prefix, prefix, (*group.levels, level), "", (*group.markers, *printed))
    layers = tuple(_layer_from(status, index, known, base.back_sides) for index, status in enumerate(grouped.values()))
    return SystemProfile(base.system, layers, base.facing, base.back_sides)


def _layer_from(status: Status, index: int, known: dict[str, StatusLayer], back_sides: frozenset[str]) -> StatusLayer:
    levels = tuple(level for level in status.levels if level.lower() not in NO_LEVEL)
    off = next((level for level in status.levels if level.lower() in NO_LEVEL), "")
    base = known.get(status.code)
    colour = base.colour if base else _BADGE_COLOURS[index % len(_BADGE_COLOURS)]
    only = base.only if base else ()
    printed = dict(status.markers)
    texts = tuple(printed.get(level, "") for level in levels) if levels else (status.marker,)
    return StatusLayer(status.code, short_name(status.code), levels, colour, status.code in back_sides, only, off,
                       texts if any(texts) else ())


def short_name(code: str) -> str:
    """A badge-sized name from a status code (`fort-build-1` -> `Fort Build 1`, `division-ci`
    -> `Division CI`: a word of two letters is an abbreviation); game.toml names are sentences
    with rulebook references, too long for a counter. game.toml's `marker` overrides it."""
    words = code.split("-")
    return " ".join(word.upper() if len(word) <= 2 and word not in _SMALL_WORDS else
                    word if index and word in _SMALL_WORDS else word.capitalize()
                    for index, word in enumerate(words))


_SMALL_WORDS = {"of", "in", "on", "at", "to", "by", "no", "or", "an", "up", "a"}


def parse_status(profile: SystemProfile, cell: str) -> tuple[tuple[StatusLayer, int], ...]:
    """The (layer, step) pairs a `;`-separated status cell names; level `0` means none.

    Raises ValueError naming the first code this system does not know.
    """
    found = []
    for token in (t.strip() for t in cell.split(";")):
        if not token:
            continue
        match = _match(profile, token)
        if match is None:
            known = ", ".join(layer.step_code(i) for layer in profile.layers for i in range(len(layer.steps)))
            raise ValueError(f"unknown status {token!r} (known: {known})")
        if match != ():
            found.append(match)
    return tuple(found)


def _match(profile: SystemProfile, token: str) -> tuple[StatusLayer, int] | tuple[()] | None:
    for layer in profile.layers:
        if token == layer.code and not layer.levels:
            return layer, 0
    for layer in profile.layers:
        if token.startswith(layer.code + "-"):
            level = token[len(layer.code) + 1:]
            if level.lower() in NO_LEVEL:
                return ()
            if level in layer.levels:
                return layer, layer.levels.index(level)
    return None
