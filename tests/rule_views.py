"""Stand-in game views for the rule tests: units where a test puts them, with the fields of
``referee.view``'s ``UnitView`` and ``GameView`` that the rule checks read, so a rule's numbers
can be tested on a made-up position without a log."""

from __future__ import annotations

from dataclasses import dataclass, field

from gamedata.model import Unit


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
