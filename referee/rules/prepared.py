"""Into the Woods: Prepared Fire as the players declare it in the chat.

10.51 (L349): "All units capable of Prepared Fire have a range of one hex"; 14.43 (L492): Detachments
"may not use Prepared Fire". A fire roll is not tied to its firer and target on the board, so the
log shows a Prepared Fire only where a player writes the words of rules.xlsx
``fire.prepared-declared`` ("Prepared Fire") naming the units: the first unit the line names is of
the firing side, the line's units of that side fire, those of the other side are the targets. A
firer of a ``fire.prepared-banned-types`` type is an error at the line; so is a firer farther than
``fire.prepared-range`` hexes from every target named (across map seams); a line naming no target
cannot measure the range and says so. A log without such a line has no Prepared Fire to judge.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping

from gamedata.model import Game
from gamedata.ruledata import parameter, parameter_cite, parameter_list

from ..findings import Finding, Severity
from ..view import GameView
from .board import named, unit_place
from .scenario_places import Places

CHECK_ID = "units"


def check_prepared(game: Game, views: Iterable[GameView], label: str, players: dict[int, str | None],
                   texts: Mapping[int, tuple[str, ...]]) -> Iterator[Finding]:
    said = str(parameter(game, "fire.prepared-declared") or "")
    reach = parameter(game, "fire.prepared-range")
    if not said or not texts:
        return
    words = re.compile(rf"(?<!\w){re.escape(said)}(?!\w)", re.IGNORECASE)
    banned = parameter_list(game, "fire.prepared-banned-types")
    places = Places(game)
    for view in views:
        for text in texts.get(view.step, ()):
            if not words.search(text):
                continue
            units = named(text, [u for _, u in sorted(view.units.items()) if u.hex is not None])
            units.sort(key=lambda u: re.search(rf"(?<!\w){re.escape(u.unit.name)}(?!\w)", text, re.I).start())
            if not units:
                continue
            firers = [u for u in units if u.side == units[0].side]
            targets = [u for u in units if u.side != units[0].side]
            player = players.get(view.step)
            for u in firers:
                if u.unit.type in banned:
                    yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} ({u.unit.type}) at {u.location} declared "
                                  f"in Prepared Fire: {' and '.join(banned)} units may not use Prepared Fire",
                                  parameter_cite(game, "fire.prepared-banned-types", "14.43"), label, view.step,
                                  player, (u.name,), unit_place(u))
                elif reach is None:
                    continue
                elif not targets:
                    yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{u.name}'s Prepared Fire range was not checked: "
                                  f"the chat line names no enemy unit as its target", parameter_cite(
                                      game, "fire.prepared-range", "10.51"), label, view.step, player, (u.name,),
                                  unit_place(u))
                elif not any(t.hex in places.within([u.hex], int(reach)) for t in targets):
                    yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} at {u.location} in Prepared Fire at "
                                  f"{', '.join(f'{t.name} ({t.location})' for t in targets)}: Prepared Fire has a "
                                  f"range of {int(reach)} hex", parameter_cite(game, "fire.prepared-range", "10.51"),
                                  label, view.step, player, (u.name, *(t.name for t in targets)),
                                  unit_place(u) + tuple(p for t in targets for p in unit_place(t)))
