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
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from gamedata.model import Game
from gamedata.ruledata import cell, cite, parameter, parameter_row

from ..findings import Finding, Severity
from ..view import GameView, UnitView
from .board import named
from .command import Tracer, leader_level

CHECK_ID = "command"
RULE = "4.11 Overall Commanders"


def _words(game: Game, key: str) -> list[str]:
    return [w.strip() for w in str(parameter(game, key) or "").split(";") if w.strip()]


def _says(text: str, words: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text, re.IGNORECASE) is not None


def _rule(game: Game, key: str) -> str:
    row = parameter_row(game, key)
    return cite(row.section, row.rulebook_line) if row else RULE


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

    def __call__(self, game: Game, before: GameView, view: GameView, label: str, player: str | None,
                 tracer: Tracer) -> Iterator[Finding]:
        self.moved_any = self.moved_any or any(before.unit(u) is not v for u, v in view.units.items())
        who = str(parameter(game, "johnston.unit") or "")
        johnston = view.unit(who)
        if johnston is None:
            return
        turn = getattr(view.turn, "id", None)
        for text in self.texts.get(view.step, ()):
            if not named(text, [johnston]):
                continue
            if any(_says(text, w) for w in _words(game, "johnston.march-ability")):
                self.seen = True
                self.march.setdefault(turn, view.step)
                yield from self._march(game, view, text, label, player, johnston)
                continue
            for ability in (w for w in _words(game, "johnston.abilities") if _says(text, w)):
                self.seen = True
                first = self.used.setdefault((turn, ability.lower()), view.step)
                if first != view.step:
                    yield Finding(CHECK_ID, Severity.ERROR, f"{johnston.name}'s ability '{ability}' used again in the "
                                  f"same turn (first at step {first}): he can use each ability once per turn",
                                  _rule(game, "johnston.abilities"), label, view.step, player, (johnston.name,))
        yield from self._clash(game, view, turn, label, player, johnston.name)

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
                      "abilities or Direct Command", _rule(game, "johnston.march-ability"), label, view.step, player,
                      (name,))

    def _march(self, game: Game, view: GameView, text: str, label: str, player: str | None,
               johnston: UnitView) -> Iterator[Finding]:
        rule = _rule(game, "johnston.march-ability")
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
        words = _words(game, "johnston.abilities")
        why = (f"no chat line names Johnston with one of {', '.join(repr(w) for w in words)} (his abilities are "
               "counters on the Activation Sheet, not pieces on the board)" if words
               else f"no declaration words are defined: fill {cell(game, 'johnston.abilities')}")
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"Johnston's abilities (each once per turn) not checked: {why}",
                      _rule(game, "johnston.abilities"), self.label,
                      cells=() if words else (cell(game, "johnston.abilities"),))
