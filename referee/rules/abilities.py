"""Into the Woods 4.11: A.S. Johnston's special abilities, read from what the players declare.

"Johnston can use each of the above abilities once per turn" (L114): placing a brigade under
Attack Orders, Aggressive brigadiers, Green regiments shocking, the extra Activation. "As an
alternative to the above, Johnston can place two brigades within his Command Range in March
Order during the Division Orders Phase of the 9 AM turn or later ... This ability cannot be
used in the same turn that Johnston uses any of the combat and command abilities listed above
(including Direct Command)" (L122). The abilities are counters flipped on the Activation Sheet,
not pieces of the module, so a log shows their use only where a player names Johnston and the
ability in the chat ("Johnston: Attack Orders for Gladden", "Johnston uses Extra Activation").
The words of each ability are data (rules.xlsx Parameters ``johnston.abilities``,
``johnston.march-ability``). Where no line of a log declares one, their count is not checked,
said once with why.

12.77 (L422): "Johnston is required to roll for leader loss from the 12 Noon turn through 6 PM of
the first day scenarios. At the beginning of the Commander Movement Phase ... If he used any of
his special abilities that require a loss roll during the turn, there is a -1 DRM. If he is so
lucky as to survive past the 6 PM roll, he is no longer required to roll unless using one of his
special abilities." A turn that ends in the log, with Johnston on the map at its end, in those
hours of a first day (``johnston.loss-from``, ``johnston.loss-until``) and shown from its start,
or in which the log's chat declares an ability (the roll comes after it, at the Commander
Movement Phase), and with no roll on his loss table (``johnston.loss-table``), is an error at
its last step. The roll's -1 (``ability_used``, the fact ``ability-used`` the
tables check reads): an ability declared earlier in the roll's turn; a roll outside the mandatory
hours is made only after using one; where the log's chat declares his abilities in other turns
but not in this one, none was used; a log that declares none leaves it unknown (the reading then
gives both results and says so).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any
from dataclasses import dataclass, field

from gamedata.model import Game
from gamedata.ruledata import cell, parameter, parameter_cite, parameter_list, parameter_row

from ..findings import Finding, Severity
from ..view import GameView, UnitView
from .board import first_day, named
from .command import Tracer, leader_level

CHECK_ID = "command"
RULE = "4.11 Overall Commanders"


def _says(text: str, words: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text, re.IGNORECASE) is not None


def _mandatory(game: Game, view: GameView) -> bool | None:
    """Whether the view's turn is one of the turns Johnston must roll for leader loss (None: not known)."""
    start, end = parameter(game, "johnston.loss-from"), parameter(game, "johnston.loss-until")
    hour = getattr(view.turn, "hour", "") or ""
    day = first_day(game, view)
    if not (start and end and hour) or day is None:
        return None
    return day and str(start) <= hour <= str(end)


def _declares(game: Game, text: str, johnston: UnitView) -> bool:
    return bool(named(text, [johnston])) and any(_says(text, w) for w in parameter_list(game, "johnston.abilities"))


def ability_used(game: Game, steps: Sequence[Any], views: Any, step: int) -> bool | None:
    """12.77's -1 at a loss roll at ``step``: whether Johnston used an ability needing the roll in its turn
    (see the module docstring); None when the log cannot tell."""
    view = views.at(step) if views is not None else None
    johnston = view.unit(str(parameter(game, "johnston.unit") or "")) if view is not None else None
    if johnston is None or view.turn is None:
        return None
    if _mandatory(game, view) is False:
        return True                  # outside the mandatory turns he rolls only after using one (L422)
    said = [s.index for s in steps if not s.is_undo and any(_declares(game, t, johnston) for t in s.texts)]
    if any(i <= step and getattr(views.at(i).turn, "id", None) == view.turn.id for i in said):
        return True
    return False if said else None


@dataclass
class Abilities:
    """Johnston's abilities declared in one log, fed step by step (an `incommand.check` extra):
    ``direct(turn, commander_id)`` tells whether he placed brigades in Direct Command that turn."""

    texts: Mapping[int, tuple[str, ...]]
    label: str
    direct: Callable[[object, str], bool]
    used: dict[tuple[object, str], int] = field(default_factory=dict)      # (turn, ability) -> first step
    march: dict[object, int] = field(default_factory=dict)                 # turn -> step of the March ability
    told: set[object] = field(default_factory=set)                         # turns whose clash was reported
    seen: bool = False
    moved_any: bool = False
    rolls: frozenset[int] = frozenset()       # the steps of his leader loss rolls (12.77)
    began: bool = False                       # the current turn began in the log
    rolled: bool = False                      # a loss roll in the current turn

    def __call__(self, game: Game, before: GameView, view: GameView, label: str, player: str | None,
                 tracer: Tracer) -> Iterator[Finding]:
        self.moved_any = self.moved_any or any(before.unit(u) is not v for u, v in view.units.items())
        if getattr(before.turn, "id", None) != getattr(view.turn, "id", None):
            yield from self._loss_roll(game, before, label)
            self.began, self.rolled = True, False
        self.rolled = self.rolled or view.step in self.rolls
        who = str(parameter(game, "johnston.unit") or "")
        johnston = view.unit(who)
        if johnston is None:
            return
        turn = getattr(view.turn, "id", None)
        for text in self.texts.get(view.step, ()):
            if not named(text, [johnston]):
                continue
            if any(_says(text, w) for w in parameter_list(game, "johnston.march-ability")):
                self.seen = True
                self.march.setdefault(turn, view.step)
                yield from self._march(game, view, text, label, player, johnston)
                continue
            for ability in (w for w in parameter_list(game, "johnston.abilities") if _says(text, w)):
                self.seen = True
                first = self.used.setdefault((turn, ability.lower()), view.step)
                if first != view.step:
                    yield Finding(CHECK_ID, Severity.ERROR, f"{johnston.name}'s ability '{ability}' used again in the "
                                  f"same turn (first at step {first}): he can use each ability once per turn",
                                  parameter_cite(game, "johnston.abilities", RULE), label, view.step, player, (johnston.name,))
        yield from self._clash(game, view, turn, label, player, johnston.name)

    def _loss_roll(self, game: Game, last: GameView, label: str) -> Iterator[Finding]:
        """The turn that ended at ``last``: the loss roll it required, if the log shows the whole turn."""
        johnston = last.unit(str(parameter(game, "johnston.unit") or ""))
        turn = getattr(last.turn, "id", None)
        used = sorted((step, a) for (t, a), step in self.used.items() if t == turn)
        if not (self.began or used) or self.rolled or johnston is None or johnston.hex is None or not parameter_row(
                game, "johnston.loss-table"):
            return      # the log shows neither the whole turn nor an ability used in it (the roll comes after)
        hour = getattr(last.turn, "hour", "") or "?"
        if used:
            why = f"he used '{used[0][1]}' at step {used[0][0]}, and every turn he uses an ability he rolls"
        elif _mandatory(game, last):
            why = (f"he rolls every turn from {parameter(game, 'johnston.loss-from')} through "
                   f"{parameter(game, 'johnston.loss-until')} of a first day")
        else:
            return
        yield Finding(CHECK_ID, Severity.ERROR, f"no leader loss roll for {johnston.name} in turn {turn} ({hour}): "
                      f"{why}, at the beginning of the Commander Movement Phase", parameter_cite(game, "johnston.loss-from", RULE),
                      label, last.step, None, (johnston.name,))

    def _clash(self, game: Game, view: GameView, turn: object, label: str, player: str | None,
               name: str) -> Iterator[Finding]:
        """The March ability and another ability, or Direct Command, in one turn (said once a turn)."""
        if turn not in self.march or turn in self.told:
            return
        others = sorted(a for (t, a) in self.used if t == turn)
        if not others and not self.direct(turn, str(parameter(game, "johnston.unit") or "")):
            return
        self.told.add(turn)
        used = ", ".join(f"'{a}'" for a in others) or "Direct Command"
        yield Finding(CHECK_ID, Severity.ERROR, f"{name} placed brigades in March Order (step {self.march[turn]}) in "
                      f"a turn he also used {used}: the March ability cannot be used in the same turn as the other "
                      "abilities or Direct Command", parameter_cite(game, "johnston.march-ability", RULE), label, view.step, player,
                      (name,))

    def _march(self, game: Game, view: GameView, text: str, label: str, player: str | None,
               johnston: UnitView) -> Iterator[Finding]:
        rule = parameter_cite(game, "johnston.march-ability", RULE)
        said = f"{johnston.name} places brigades in March Order"
        start = str(parameter(game, "johnston.march-from") or "")
        hour = getattr(view.turn, "hour", "") or ""
        if start and hour and hour < start:
            yield Finding(CHECK_ID, Severity.ERROR, f"{said} at {hour}: only from the {start} turn", rule, label,
                          view.step, player, (johnston.name,))
        limit = parameter(game, "johnston.march-brigades")
        brigades = named(text, [u for u in view.units.values() if u.unit.type == "Ldr" and u.side == johnston.side
                                and leader_level(game, u.unit_id) == "brigade"])
        if isinstance(limit, (int, float)) and len(brigades) > limit:
            yield Finding(CHECK_ID, Severity.ERROR, f"{said}: {len(brigades)} brigades ("
                          + ", ".join(b.name for b in brigades) + f"), at most {limit:g}", rule, label, view.step,
                          player, (johnston.name, *(b.name for b in brigades)))

    def finish(self, game: Game) -> Iterator[Finding]:
        """A log whose chat names no ability: not checked, once, with why."""
        row = parameter_row(game, "johnston.abilities")
        if self.seen or row is None or not self.moved_any:
            return
        words = parameter_list(game, "johnston.abilities")
        why = (f"no chat line names Johnston with one of {', '.join(repr(w) for w in words)} (his abilities are "
               "counters on the Activation Sheet, not pieces on the board)" if words
               else f"no declaration words are defined: fill {cell(game, 'johnston.abilities')}")
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"Johnston's abilities (each once per turn) not checked: {why}",
                      parameter_cite(game, "johnston.abilities", RULE), self.label,
                      cells=() if words else (cell(game, "johnston.abilities"),))
