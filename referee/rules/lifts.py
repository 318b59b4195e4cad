"""What frees a unit from a scenario's activation restriction, and what such a unit may not do.

Hood Strikes North's scenarios keep units still on their first turns until an event (S2 rule 8 and
S9 rule 7, L301 and L1694: "If a Confederate unit moves adjacent to a restricted Union unit during
Turn 1, that unit may activate, transfer, and recover in that turn"; S3 rule 3, L456: "A Union unit
is released from Turn 1 restrictions if it is attacked by a Confederate unit or a Confederate unit
ends a March action one or two hexes away from that unit"; S9: 91 IN and 123 IN "if a Confederate
unit attacks either unit on Turn 3 or earlier", the Murfreesboro garrison "if a Confederate unit
enters Rutherford County on Turn 3 or earlier"). A restriction's ``lifted_by`` names them
(``gamedata.scenario_rules.Restriction``); this module reads them from the game views, step by step:

* ``adjacent`` / ``near:N``: an enemy unit that moved in the step stands next to (within N hexes
  of) the bound unit. A march shown hex by hex frees the unit as soon as it passes within N hexes,
  though the rule (S3) counts where the march ends: the lenient reading, which never makes a lawful
  activation an error.
* ``attacked``: a combat roll (the rules.xlsx ``initiative.combat-button`` dice) with the bound unit
  marked defending and an enemy unit marked attacking.
* ``said:WORDING``: a chat line of the step containing the wording (case aside), by which the players
  record an event written on paper (Atlanta 5.2a.2, a change of Garrard's orders); the restricted
  check carries the rules so lifted to the next logs of the chain (``restricted.Carried``).
* ``entered:KIND:NAME``: an enemy unit entering a hex of the terrain.xlsx Specials rows of that kind
  and name (Rutherford County: the rulebook prints no county line); without those rows the lift is
  not known, and a restricted unit's activation is a warning naming the rows to fill.

``forbids`` says what a bound unit may not do besides moving: entrench (a status of rules.xlsx
``entrench.statuses`` gained), recover (a Fatigue Level down, its exhausted, disorganized or
demoralized status lifted), reorganize (disorganized lifted). A unit that retreats after a combat in
which it defended, before the next Initiative roll, is not activating: its move is no finding.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from gamedata.hexids import Hex
from gamedata.model import Game
from gamedata.ruledata import parameter, parameter_list
from gamedata.scenario_rules import Restriction

from ..timeline import StepView
from ..view import YES, GameView, UnitView
from ..view.names import loose
from .scenario_places import Places, binds
from .unit_results import level_index

RECOVERED = ("exhausted", "disorganized", "demoralized")


def in_turns(rule: Restriction, view: GameView) -> bool:
    turn = view.scenario_turn
    return rule.turns is None or turn is None or rule.turns[0] <= turn <= rule.turns[1]


def _rolled(game: Game, steps: Sequence[StepView], key: str) -> set[int]:
    button = loose(str(parameter(game, key) or ""))
    return {s.index for s in steps if not s.is_undo and button and any(button in loose(r.purpose) for r in s.rolls)}


@dataclass
class Lifts:
    """The units each restriction no longer binds, updated step by step (``update``), and the
    lifts the log cannot show (``unknown``: rule id -> the cells that would show it)."""

    game: Game
    places: Places
    rules: Sequence[Restriction]
    steps: Sequence[StepView]
    lifted: dict[str, set[str]] = field(default_factory=dict)
    freed_all: set[str] = field(default_factory=set)
    unknown: dict[str, str] = field(default_factory=dict)
    retreating: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.chat = {s.index: tuple(t.lower() for t in getattr(s, "texts", ())) for s in self.steps}
        self.combats = _rolled(self.game, self.steps, "initiative.combat-button")
        self.initiatives = _rolled(self.game, self.steps, "initiative.button")
        for rule in self.rules:
            for how in rule.lifted_by:
                kind, _, name = how.partition(":")[2].partition(":")
                if how.startswith("entered:") and not self._special(kind, name):
                    self.unknown[rule.rule_id] = (f"terrain.xlsx Specials rows of kind '{kind}' named '{name}' (the "
                                                  "rulebook prints no county line)")

    def _special(self, kind: str, name: str) -> frozenset[Hex]:
        terrain = self.game.terrain
        return frozenset(terrain.hexids.canonical(s.hex) for s in terrain.specials(kind)
                         if s.hex is not None and (s.name or "").casefold() == name.casefold())

    def binds(self, rule: Restriction, unit: UnitView) -> bool:
        """Whether the rule still binds the unit (not lifted for it)."""
        return rule.rule_id not in self.freed_all and unit.unit_id not in self.lifted.get(rule.rule_id, set())

    def update(self, before: GameView, view: GameView) -> None:
        step = view.step
        if step in self.initiatives:
            self.retreating.clear()
        if step in self.combats:
            self.retreating |= {u.unit_id for u in (*before.units.values(), *view.units.values())
                                if u.status.get("defending") == YES}
        for rule in self.rules:
            if rule.lifted_by and in_turns(rule, view):
                freed = set(self._freed(rule, before, view))
                if freed:
                    (self.freed_all.add(rule.rule_id) if rule.lift_all
                     else self.lifted.setdefault(rule.rule_id, set()).update(freed))

    def _freed(self, rule: Restriction, before: GameView, view: GameView) -> Iterator[str]:
        bound = [u for u in view.units.values() if u.hex is not None and binds(u, self.game, rule.side, rule.unit_types,
                                                                                rule.units, rule.formations)]
        movers = [u for uid, u in view.units.items() if u.side != rule.side and u.hex is not None
                  and (before.unit(uid) is None or before.unit(uid).hex != u.hex)]   # type: ignore[union-attr]
        for how in rule.lifted_by:
            kind, _, arg = how.partition(":")
            if kind in ("adjacent", "near") and movers:
                reach = 1 if kind == "adjacent" else int(arg)
                near = self.places.within({m.hex for m in movers if m.hex is not None}, reach)
                yield from (b.unit_id for b in bound if b.hex in near)
            elif kind == "attacked" and view.step in self.combats:
                marked = [u for u in view.units.values() if u.hex is not None]
                if any(u.side != rule.side and u.status.get("attacking") == YES for u in marked):
                    yield from (b.unit_id for b in bound if b.status.get("defending") == YES)
            elif kind == "said" and any(arg.lower() in t for t in self.chat.get(view.step, ())):
                yield from (b.unit_id for b in bound)
            elif kind == "entered" and movers:
                special = self._special(*arg.partition(":")[::2])
                if any(self.game.terrain.hexids.canonical(m.hex) in special for m in movers if m.hex is not None):
                    yield from (b.unit_id for b in bound)


def forbidden(game: Game, rule: Restriction, was: UnitView, now: UnitView) -> str:
    """What the bound unit did between two views that the rule forbids besides moving ("" if none)."""
    if "entrench" in rule.forbids:
        gained = [s for s in parameter_list(game, "entrench.statuses")
                  if now.status.get(s) == YES and was.status.get(s) != YES]
        if gained:
            return f"entrenched ({gained[0]})"
    lifted = [s for s in RECOVERED if was.status.get(s) == YES and now.status.get(s) not in (YES, None, "unknown")]
    if "reorganize" in rule.forbids and "disorganized" in lifted:
        return "reorganized (no longer disorganized)"
    if "recover" in rule.forbids:
        if lifted:
            return f"recovered (no longer {lifted[0]})"
        a, b = level_index(game, "fatigue", was.status.get("fatigue")), level_index(game, "fatigue",
                                                                                  now.status.get("fatigue"))
        if a is not None and b is not None and b < a:
            return f"recovered (Fatigue {was.status.get('fatigue')} to {now.status.get('fatigue')})"
    return ""
