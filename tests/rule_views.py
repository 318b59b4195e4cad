"""Stand-in game views for the rule tests: units where a test puts them, with the fields of
``referee.view``'s ``UnitView`` and ``GameView`` that the rule checks read, so a rule's numbers
can be tested on a made-up position without a log."""

from __future__ import annotations

from dataclasses import dataclass, field

import shutil
from pathlib import Path

import openpyxl

from gamedata import load_game
from gamedata.model import Game, Unit
from vassal.replay import BoardState


@dataclass(frozen=True)
class U:
    """A unit on a hex, in a formation (its own unless attached), with statuses."""

    unit: Unit
    hex: object
    formation: str = ""
    map: str = "Main Map"
    status: dict = field(default_factory=dict)
    strength: str = "unknown"
    location: str = ""

    unit_id = property(lambda self: self.unit.unit_id)
    name = property(lambda self: self.unit.name)
    side = property(lambda self: self.unit.side)
    attached = property(lambda self: self.formation != (self.unit.formation or self.unit.command))


@dataclass(frozen=True)
class Scenario:
    scenario_id: str


@dataclass
class V:
    """The view at a step: its units by id, the turn, the scenario and the phase."""

    step: int = 0
    units: dict = field(default_factory=dict)
    turn: object = None
    scenario: object = None
    phase: object = None

    def unit(self, uid):
        return self.units.get(uid)

    def at(self, h):
        return tuple(u for _, u in sorted(self.units.items()) if u.hex == h)


@dataclass
class AV(V):
    """A view with the side whose player acts and the scenario's turn number."""

    active: str | None = None
    scenario_turn: int | None = None


class Views(list):
    """The views by step (``at``), and the scenario the log plays."""

    def __init__(self, views=(), scenario=None):
        super().__init__(views)
        self.scenario = scenario

    def at(self, step):
        return self[step]


@dataclass
class Replayed:
    """A replay's start board and steps: the piece events the game-marker rules read."""

    initial: BoardState = field(default_factory=lambda: BoardState({}, {}, {}))
    steps: list = field(default_factory=list)


def with_specials(source: Path, folder: Path, kind: str, name: str, hexes: tuple[str, ...]) -> Game:
    """A copy of a game (in ``folder``, a tmp folder) whose terrain.xlsx has Specials rows of that kind
    and name for ``hexes``: made-up map data a rule waits for, never written into sources/."""
    copy = folder / source.name
    shutil.copytree(source, copy)
    book = openpyxl.load_workbook(copy / "terrain.xlsx")
    for h in hexes:
        book["Specials"].append(["main", h, kind, name, None, None, "test", None, None])
    book.save(copy / "terrain.xlsx")
    return load_game(copy)
