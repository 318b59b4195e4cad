"""Turn, phase and whose activation it is, step by step.

From the module's turn tracker when it has one the game can read: a level whose
values are the game's turns (our modules: ``Turn`` = ``13: 6 AM, 1862-04-06``;
another module's ``Turn 13``, ``6 AM`` or a plain counter), and a level whose values
are phases (our modules: ``Phase``). A module without a usable tracker is read from
chat lines when the game says how (game.toml ``chat_clock``); otherwise the turn or
phase is unknown, and the view says so once.

Whose activation: the side of the current phase when the game gives the phase to
one side, else the side of the player who last moved, changed or rolled in this phase
(the log names the player of each move), else nobody known.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gamedata.model import Game, PhaseDef, TurnDef
from vassal.module import Module, TurnTrackerInfo
from vassal.replay import Added, Changed, ChatLine, DiceRoll, Moved, Removed, Step, TurnChanged
from vassal.turns import LevelValue, tracker_values

from .names import loose

_ACTS = (Added, Removed, Moved, Changed, DiceRoll)
"""Events that show a player acting (a chat line does not: the opponent may talk meanwhile)."""
_LEADING_NUMBER = re.compile(r"^\s*(?:turn\s*)?(\d+)\b", re.IGNORECASE)


@dataclass(frozen=True)
class ClockState:
    turn: TurnDef | None
    phase: str | None
    phase_def: PhaseDef | None
    active: str | None


class Clock:
    """Reads turn and phase from tracker states or chat; ``unknown`` says what it cannot read."""

    def __init__(self, module: Module | None, game: Game, initial_turns: dict[str, str]) -> None:
        self.game = game
        self.unknown: list[tuple[str, str]] = []
        self._phases = {loose(p.name): p for p in game.phases}
        self._tracker, self._turn_depth, self._phase_depth = self._choose(module)
        self._chat = game.chat_clock if self._tracker is None else None
        self.turn: TurnDef | None = None
        self.phase: str | None = None
        self._actor: str | None = None
        if self._tracker is not None:
            self._read(initial_turns.get(self._tracker.ident))
        self._explain(module)

    # -- which tracker, which levels ------------------------------------------------------

    def _choose(self, module: Module | None) -> tuple[TurnTrackerInfo | None, int | None, int | None]:
        """The first tracker with a level that gives the game's turns (or its phases)."""
        for tracker in (module.turn_trackers if module else ()):
            shown = tracker_values(tracker, None)
            turn = next((i for i, v in enumerate(shown) if self._is_turn_level(v, tracker.name)), None)
            phase = next((i for i, v in enumerate(shown) if self._is_phase_level(v)), None)
            if turn is not None or phase is not None:
                return tracker, turn, phase
        return None, None, None

    def _is_turn_level(self, value: LevelValue, tracker: str = "") -> bool:
        """A level of the game's turns: its items name them, or it is a counter named for turns (the
        level, or else the tracker: a module may count turns in an unnamed level of "Turn")."""
        level = value.level
        if level.kind == "counter":
            return "turn" in (level.name or tracker).lower() and bool(self.game.turns)
        return bool(level.items) and all(self._turn_of_text(item) is not None for item in level.items)

    def _is_phase_level(self, value: LevelValue) -> bool:
        level = value.level
        if "phase" in level.name.lower() or "phase" in level.prop.lower():
            return True
        return bool(level.items) and bool(self._phases) and all(loose(i) in self._phases for i in level.items)

    def _explain(self, module: Module | None) -> None:
        if module is None:
            self.unknown.append(("turn", "no module given: its turn tracker cannot be read"))
            return
        if self._tracker is None and self._chat is None:
            trackers = ", ".join(t.name for t in module.turn_trackers) or "none"
            reason = (f"the module's turn tracker ({trackers}) shows neither the game's turns nor its phases, "
                      "and the game gives no chat_clock to read them from chat")
            self.unknown.append(("turn", reason))
            self.unknown.append(("phase", reason))
            return
        if self._tracker is not None and self._turn_depth is None:
            self.unknown.append(("turn", f"turn tracker {self._tracker.name!r} has no level giving the game's turns"))
        if self._tracker is not None and self._phase_depth is None:
            why = "" if self.game.phases else " (and game.toml lists no [[phases]])"
            self.unknown.append(("phase", f"turn tracker {self._tracker.name!r} has no phase level{why}"))
        if self._chat is not None and not self._chat.phase:
            self.unknown.append(("phase", "the game's chat_clock gives no phase pattern"))

    # -- values ----------------------------------------------------------------------------

    def _turn_of_text(self, text: str) -> TurnDef | None:
        """A turn named by a tracker item or chat: `13: 6 AM, 1862-04-06`, `Turn 13`, `6 AM`."""
        turns = self.game.turns
        m = _LEADING_NUMBER.match(text)
        if m:
            found = next((t for t in turns if t.id == int(m.group(1))), None)
            if found is not None:
                return found
        key = loose(text)
        return next((t for t in turns if key in {loose(t.label), loose(t.hour), loose(t.date)} - {""}), None)

    def _turn_of(self, value: LevelValue) -> TurnDef | None:
        if value.level.kind == "counter":
            found = next((t for t in self.game.turns if t.id == value.index), None)
            if found is None and self.game.turns and value.index > max(t.id for t in self.game.turns):
                # a counter runs on past the game's last turn: that turn, which the game does not have,
                # is still a turn (the turn limit's finding needs it)
                return TurnDef(value.index, "", f"Turn {value.index}")
            return found
        return self._turn_of_text(value.text)

    def _read(self, state: str | None) -> None:
        assert self._tracker is not None
        shown = tracker_values(self._tracker, state)
        if self._turn_depth is not None:
            self.turn = self._turn_of(shown[self._turn_depth]) if self._turn_depth < len(shown) else None
        if self._phase_depth is not None:
            phase = shown[self._phase_depth].text if self._phase_depth < len(shown) else None
            if phase != self.phase:
                self._actor = None
            self.phase = phase or None

    def step(self, step: Step) -> None:
        """Advance over one log step: tracker changes, chat naming a turn or phase, who acted."""
        for event in step.events:
            if isinstance(event, TurnChanged) and self._tracker is not None and event.tracker == self._tracker.ident:
                self._read(event.state)
            elif isinstance(event, ChatLine) and self._chat is not None:
                self._chat_line(event.text)
        if step.side and any(isinstance(e, _ACTS) for e in step.events):
            self._actor = step.side

    def _chat_line(self, text: str) -> None:
        assert self._chat is not None
        if self._chat.turn and (m := re.search(self._chat.turn, text)):
            self.turn = self._turn_of_text(m.group("turn")) or self.turn
        if self._chat.phase and (m := re.search(self._chat.phase, text)):
            phase = self.phase_def_of(m.group("phase"))
            name = phase.name if phase else m.group("phase").strip()
            if name != self.phase:
                self._actor = None
            self.phase = name

    def phase_def_of(self, name: str | None) -> PhaseDef | None:
        return self._phases.get(loose(name)) if name else None

    def state(self) -> ClockState:
        phase_def = self.phase_def_of(self.phase)
        active = phase_def.side if phase_def and phase_def.side else self._actor
        return ClockState(self.turn, self.phase, phase_def, active)
