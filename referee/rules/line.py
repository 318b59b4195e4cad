"""Into the Woods, Scenario 1's Continuous Line (L691, L703-709).

"For the first two Activations of this scenario ..., Hardee's Corps must maintain a continuous
line such that, at the end of Hardee's first and second Activation, all infantry regiments in
each brigade must be adjacent to another regiment of that brigade so that there are no gaps
between any regiments. Each brigade must be adjacent to its neighbor; a regiment of Cleburne's
brigade must be adjacent to Wood's brigade, and a regiment of Wood's must be adjacent to Shaver's
brigade. ... Exception: 3rd Mississippi and 15th Arkansas are exempt" (L703); "Gladden's
regiments have the same restrictions ... At least one regiment must be adjacent to Shaver" (L707);
"Cavalry and artillery units are exempt" (L705). The scenarios, the turn, the brigades in the
line's order, Gladden's, the exempt regiments and the unit types are rules.xlsx Parameters
(``line.*``), each cited.

"No gaps" is read as it says: a brigade's regiments on the map form one group, each next to or
stacked with another of the group; where they do not, the largest group is the line and the others
are named. An Extended Line's second hex is not a piece of the module, so
a unit counts in the hex its counter stands in.

An Activation is not a piece: as for 5.26 (``capped.py``), a chat line with the words of
``am.declared`` ("AM") ends one, and so do a move of a unit outside the line's brigades (another
formation's Activation) and the turn's end; leaders' moves neither belong to one nor end one.
The first two stretches of the scenario's 6 AM turn in which the line's units move are Hardee's
first two Activations; at the end of each the line is judged. Where no AM line bounds a stretch
two Activations may run together, so a broken line found there is a warning that says so; with
the AM lines it is an error.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence

from gamedata.hexids import HexIds
from gamedata.model import Game
from gamedata.ruledata import parameter, parameter_cite, parameter_list

from ..findings import Finding, Place, Severity
from ..view import GameView, UnitView
from .board import moved, scenario_of

CHECK_ID = "activation"


class _Line:
    """The line's data and how it judges one view."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.brigades = parameter_list(game, "line.brigades") + parameter_list(game, "line.joined")
        self.exempt = set(parameter_list(game, "line.exempt"))
        self.types = set(parameter_list(game, "line.types"))
        self.ids = HexIds(game.maps)

    def brigade(self, u: UnitView) -> str | None:
        chain = {f.formation_id for f in self.game.command_chain(u.unit_id, u.formation)}
        return next((b for b in self.brigades if b in chain), None)

    def regiments(self, view: GameView, brigade: str) -> list[UnitView]:
        return [u for _, u in sorted(view.units.items()) if u.hex is not None and u.unit.type in self.types
                and u.unit_id not in self.exempt and self.brigade(u) == brigade]

    def touching(self, a: Sequence[UnitView], b: Sequence[UnitView]) -> bool:
        near = self.game.terrain.graph.near([u.hex for u in a], 1)
        return any(u.hex in near for u in b)

    def gaps(self, view: GameView) -> Iterator[tuple[str, list[UnitView]]]:
        """(what is wrong, the units it names) for each break of the line in ``view``."""
        groups = {b: self.regiments(view, b) for b in self.brigades}
        for b, units in groups.items():
            parts = self.parts(units)
            if len(parts) > 1:
                group = max(parts, key=len)         # the line; the others are its gaps
                rest = [u for p in parts if p is not group for u in p]
                yield (f"{self.name(b)} is not one continuous line: "
                       + ", ".join(f"{u.name} at {self.ids.format(u.hex)}" for u in rest)
                       + f" not joined to {', '.join(u.name for u in group)}"), rest
        for a, b in zip(self.brigades, self.brigades[1:]):
            if groups[a] and groups[b] and not self.touching(groups[a], groups[b]):
                yield (f"no regiment of {self.name(b)} is next to {self.name(a)}"), groups[b][:1] + groups[a][:1]

    def parts(self, units: Sequence[UnitView]) -> list[list[UnitView]]:
        """The units in groups of units next to or stacked with one another, in the units' order."""
        parts: list[list[UnitView]] = []
        for u in units:
            touched = [p for p in parts if self.touching(p, [u])]
            parts = [p for p in parts if p not in touched] + [[v for p in touched for v in p] + [u]]
        return sorted(parts, key=lambda p: units.index(p[0]))

    def name(self, brigade: str) -> str:
        f = self.game.formation(brigade)
        return f.name if f is not None else brigade


def check_line(game: Game, views: Iterable[GameView], label: str, players: Mapping[int, str | None],
               texts: Mapping[int, tuple[str, ...]]) -> Iterator[Finding]:
    scenarios = set(parameter_list(game, "line.scenarios"))
    hour = str(parameter(game, "line.hour") or "")
    limit = parameter(game, "line.activations")
    if not scenarios or not hour or not isinstance(limit, (int, float)):
        return
    line = _Line(game)
    am = str(parameter(game, "am.declared") or "")
    pattern = re.compile(rf"(?<!\w){re.escape(am)}(?!\w)", re.IGNORECASE) if am else None
    count = 0
    start: int | None = None          # the first step of the open stretch of the line's moves
    bounded = False                   # an AM line opened the stretch
    seen_am = False
    before: GameView | None = None
    for view in views:
        if before is not None:
            on = _in_effect(game, before, scenarios, hour)
            said = pattern is not None and any(pattern.search(t) for t in texts.get(view.step, ()))
            ours = others = False
            for _, now in moved(before, view):
                if now.unit.type == "Ldr":
                    continue
                if line.brigade(now) is None:
                    others = True
                else:
                    ours = True
            turned = getattr(before.turn, "id", None) != getattr(view.turn, "id", None)
            if start is not None and (said or others or turned):        # the stretch ended at `before`
                count += 1
                yield from _judge(game, line, before, count, start, bounded and (said or turned), label,
                                  players.get(before.step))
                start = None
            seen_am = seen_am or said
            if said:
                bounded = True
            elif others or turned:
                bounded = False
            if ours and start is None and on and count < limit and not turned:
                start = view.step
        before = view
    if start is not None and before is not None:
        yield from _judge(game, line, before, count + 1, start, False, label, players.get(before.step))


def _in_effect(game: Game, view: GameView, scenarios: set[str], hour: str) -> bool:
    sid = scenario_of(view)
    scenario = next((s for s in game.scenarios if s.scenario_id == sid), None)
    turn = getattr(view, "turn", None)
    return (sid in scenarios and scenario is not None and turn is not None and turn.id == scenario.start_turn
            and (turn.hour or "") == hour)


def _judge(game: Game, line: _Line, view: GameView, count: int, start: int, bounded: bool, label: str,
           player: str | None) -> Iterator[Finding]:
    severity = Severity.ERROR if bounded else Severity.WARNING
    how = "" if bounded else " (no 'AM' line bounds it in the chat: it may run into another Activation)"
    for what, units in line.gaps(view):
        yield Finding(CHECK_ID, severity, f"at the end of Hardee's Activation {count} (steps {start}-{view.step})"
                      f"{how}: {what}; the Continuous Line holds at the end of his first two Activations",
                      parameter_cite(game, "line.activations", "30.1"), label, view.step, player, tuple(u.name for u in units),
                      tuple(dict.fromkeys(Place(u.map or "", line.ids.format(u.hex)) for u in units)))
