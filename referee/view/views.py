"""The game behind the pieces: units, statuses, turn and phase at every step of a log.

``Views(replay, module, game)`` starts from the replay's start state and follows
each step's events (added, removed, moved, changed pieces; turn tracker changes;
chat), re-reading only the units a step touched, so the views of every step of a
long log cost one pass. ``Views.at(n)`` is the view after step ``n`` (0 = the start
state); iterating gives one view per step in order. Anything the view cannot read
(a piece that is no unit, a status a counter cannot show, a turn the module does
not track) is in ``unknown``, once, from the step where it was first met.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from gamedata.hexids import Hex
from gamedata.model import Game, PhaseDef, TurnDef
from vassal.commands import AddPiece
from vassal.gamestate import parse_basic_state
from vassal.module import Module
from vassal.replay import Added, Changed, Moved, Removed, Replay, Step
from vassal.sequence import split_chain

from .board import Board, MarkerView, PieceRecord, Reader, UnitView, Unknown
from .clock import Clock
from .scenario import ScenarioMatch, match_scenario
from .unitmap import UnitMap


@dataclass(frozen=True)
class GameView:
    """The game after one step: units by unit id, turn, phase, whose activation."""

    step: int
    turn: TurnDef | None
    scenario_turn: int | None       # the turn counted from the scenario's first (Hood Strikes North L194)
    phase: str | None
    phase_def: PhaseDef | None
    active: str | None
    scenario: ScenarioMatch | None
    units: Mapping[str, UnitView]
    unknown: tuple[Unknown, ...]
    markers: tuple[MarkerView, ...] = ()    # status marker pieces on the map's hexes (alone or on units)

    def unit(self, unit_id: str) -> UnitView | None:
        return self.units.get(unit_id)

    @cached_property
    def _by_hex(self) -> dict[Hex, tuple[UnitView, ...]]:
        found: dict[Hex, tuple[UnitView, ...]] = {}
        for _, u in sorted(self.units.items()):
            if u.hex is not None:
                found[u.hex] = found.get(u.hex, ()) + (u,)
        return found

    def at(self, h: Hex) -> tuple[UnitView, ...]:
        """The units in a hex, in unit-id order."""
        return self._by_hex.get(h, ())

    def of(self, side: str) -> tuple[UnitView, ...]:
        return tuple(u for _, u in sorted(self.units.items()) if u.side == side)


class Views:
    """The game view after every step of ``replay``, computed forward once."""

    def __init__(self, replay: Replay, module: Module | None, game: Game, *, unit_map: UnitMap | None = None,
                 scenario: str | None = None) -> None:
        """``scenario``: the scenario the user names (id or name); without it the scenario is
        found from the save's description or the start position (``scenario.match_scenario``).
        Raises ``ScenarioError`` when ``scenario`` names none of the game's."""
        self.replay, self.game = replay, game
        self._unknown: dict[str, Unknown] = {}
        self._step = 0
        self._reader = Reader(module, game, unit_map)
        self._clock = Clock(module, game, replay.initial.turns)
        for subject, message in self._clock.unknown:
            self._note(subject, message)
        self._board = Board.of(replay.initial, self._reader, self._note)
        self.scenario: ScenarioMatch = match_scenario(replay, self._board.units, module, game, scenario)
        if self.scenario.scenario_id is None:
            self._note("scenario", "the game data has no scenarios to match the log against")
        self._views: list[GameView] = [self._snapshot()]

    def __len__(self) -> int:
        return len(self.replay.steps) + 1

    def __iter__(self) -> Iterator[GameView]:
        for n in range(len(self)):
            yield self.at(n)

    def at(self, step: int) -> GameView:
        """The view after step ``step`` (0 = the start state)."""
        if not 0 <= step < len(self):
            raise IndexError(f"step {step} is outside 0..{len(self) - 1}")
        while len(self._views) <= step:
            self._advance(self.replay.steps[len(self._views) - 1])
        return self._views[step]

    @property
    def unknown(self) -> tuple[Unknown, ...]:
        """Everything met so far that the view could not read, each once."""
        return tuple(self._unknown.values())

    def _advance(self, step: Step) -> None:
        self._step = step.index
        board = self._board
        dirty: set[str] = set()
        for event in step.events:
            if isinstance(event, Added):
                dirty |= self._added(event, step)
            elif isinstance(event, Removed):
                dirty |= board.remove(event.piece_id)
            elif isinstance(event, Moved):
                dirty |= board.move(event)
            elif isinstance(event, Changed):
                dirty |= board.change(event.piece_id, event.changes)
        self._clock.step(step)
        board.refresh(dirty)
        self._views.append(self._snapshot())

    def _added(self, event: Added, step: Step) -> set[str]:
        """A new piece: its type and state are in the step's AddPiece command."""
        command = next((c for c in step.commands
                        if isinstance(c, AddPiece) and c.id == event.piece_id and not c.is_stack), None)
        if command is None:
            return set()
        states = split_chain(command.state)
        map_id, x, y, _ = parse_basic_state(states[-1])
        return self._board.add(PieceRecord(event.piece_id, command.type, states, map_id, x, y, event.location))

    def _note(self, subject: str, message: str) -> None:
        if subject not in self._unknown:
            self._unknown[subject] = Unknown(self._step, subject, message)

    def _snapshot(self) -> GameView:
        clock = self._clock.state()
        return GameView(self._step, clock.turn, self._scenario_turn(clock.turn), clock.phase, clock.phase_def,
                        clock.active, self.scenario, MappingProxyType(dict(self._board.units)),
                        tuple(self._unknown.values()), self._board.markers())

    def _scenario_turn(self, turn: TurnDef | None) -> int | None:
        scenario = next((s for s in self.game.scenarios if s.scenario_id == self.scenario.scenario_id), None)
        if turn is None or scenario is None or scenario.start_turn is None:
            return None
        return turn.id - scenario.start_turn + 1


