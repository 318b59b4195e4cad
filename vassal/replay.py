"""Replay a save or log step by step, as VASSAL's Step button does.

A save is a start state with no steps; a log is a start state plus one step
per top-level ``LOG`` command (format reference §5.7). For every step we record
what happened in domain terms (``Moved``, ``Changed``, ``DiceRoll``...), with
location names when a module is given, and we can give the board after any step.

The reader is tolerant (python-chess style): a command it cannot apply becomes
a ``Problem`` attached to its step, and replay goes on.
"""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Protocol

from .commands import (AddPiece, BoardPlacement, ChangePiece, Chat, Command, EndSave, MovePiece, MutableProperty,
                       PlayerEntry, RemovePiece, SetBoards, Stream, TurnState, Undo, split_stream)
from .gamestate import GameState, PieceRecord, basic_name, split_chain
from .errors import FormatError
from .metadata import Metadata
from .piece import Piece
from .secrets import hide, player_ids, redaction_pattern
from .trait_changes import describe_trait_change
from .savefile import SaveFile, read_save

if TYPE_CHECKING:  # pragma: no cover
    from .module import Module


class Locator(Protocol):
    """Names a map point the way VASSAL's ``Map.locationName`` does."""

    def location(self, map_id: str, x: int, y: int, boards: tuple[BoardPlacement, ...] | None) -> str: ...


# ---------------------------------------------------------------- events


@dataclass(frozen=True)
class Event:
    pass


@dataclass(frozen=True)
class Added(Event):
    piece_id: str
    name: str
    map: str | None
    location: str


@dataclass(frozen=True)
class Removed(Event):
    piece_id: str
    name: str
    map: str | None
    location: str


@dataclass(frozen=True)
class Moved(Event):
    piece_id: str
    name: str
    from_map: str | None
    from_x: int
    from_y: int
    from_location: str
    to_map: str | None
    to_x: int
    to_y: int
    to_location: str


@dataclass(frozen=True)
class TraitChange:
    index: int  # position in the trait chain, 0 = outermost
    trait: str  # the trait's type prefix, e.g. "emb2;" or "PROP;"
    old: str = field(repr=False)  # raw states may hold player ids: not for display
    new: str = field(repr=False)
    description: str = ""  # "Fatigue: 0 → 1", "masked": safe to show


@dataclass(frozen=True)
class Changed(Event):
    piece_id: str
    name: str
    changes: tuple[TraitChange, ...]


@dataclass(frozen=True)
class ChatLine(Event):
    text: str  # HTML entities decoded
    player: str | None


@dataclass(frozen=True)
class DiceRoll(Event):
    player: str | None
    purpose: str
    values: tuple[int, ...]
    total: int | None
    text: str


@dataclass(frozen=True)
class PropertyChanged(Event):
    name: str
    old: str
    new: str
    container: str


@dataclass(frozen=True)
class TurnChanged(Event):
    tracker: str
    state: str


@dataclass(frozen=True)
class BoardsChanged(Event):
    map: str
    boards: tuple[BoardPlacement, ...]


@dataclass(frozen=True)
class PlayerJoined(Event):
    name: str
    side: str


@dataclass(frozen=True)
class UndoBegin(Event):
    pass


@dataclass(frozen=True)
class UndoEnd(Event):
    pass


# ---------------------------------------------------------------- results


@dataclass(frozen=True)
class Problem:
    step: int  # 0 = the start state
    message: str


@dataclass(frozen=True)
class Step:
    index: int  # 1-based, as VASSAL counts
    commands: tuple[Command, ...]
    events: tuple[Event, ...]
    player: str | None  # who acted, by name; None when the step does not say
    side: str | None
    undoes: int | None = None  # the step this one takes back, when it is an undo

    @property
    def is_undo(self) -> bool:
        return any(isinstance(e, UndoBegin) for e in self.events)

    def dice(self) -> list[DiceRoll]:
        return [e for e in self.events if isinstance(e, DiceRoll)]


@dataclass(frozen=True)
class Player:
    name: str
    side: str


@dataclass(frozen=True)
class PieceState:
    id: str
    name: str
    map: str | None
    x: int
    y: int
    location: str
    stack_id: str | None
    stack_index: int | None
    type: str
    state: str


@dataclass(frozen=True)
class BoardState:
    """A frozen view of the board after some step."""

    pieces: dict[str, PieceState]
    properties: dict[tuple[str, str], str]
    turns: dict[str, str]
    #: each map's boards as the save's SetBoards placed them (absent: the module's default layout)
    boards: dict[str, tuple[BoardPlacement, ...]] = field(default_factory=dict)

    def by_name(self, name: str) -> list[PieceState]:
        return [p for p in self.pieces.values() if p.name == name]


@dataclass
class Replay:
    path: str
    save_metadata: Metadata | None
    module_metadata: Metadata | None
    obfuscation: str
    players: list[Player]
    initial: BoardState
    steps: list[Step]
    problems: list[Problem] = field(default_factory=list)
    _stream: Stream | None = field(default=None, repr=False)
    _locator: Locator | None = field(default=None, repr=False)
    _end: GameState | None = field(default=None, repr=False)
    _final: BoardState | None = field(default=None, repr=False)

    @property
    def is_log(self) -> bool:
        return bool(self.steps)

    def state_after(self, n: int) -> BoardState:
        """The board after step ``n`` (0 = the start state)."""
        if not 0 <= n <= len(self.steps):
            raise IndexError(f"step {n} is outside 0..{len(self.steps)}")
        if n == len(self.steps) and self._end is not None:
            if self._final is None:
                self._final = _freeze(self._end, self._locator)
            return self._final
        assert self._stream is not None
        state = _start_state(self._stream)
        for step in self._stream.steps[:n]:
            for c in step:
                state.apply(c)
        return _freeze(state, self._locator)

    @property
    def final(self) -> BoardState:
        return self.state_after(len(self.steps))

    def states_after(self, steps: Iterable[int]) -> Iterator[tuple[int, BoardState]]:
        """The board after each of ``steps``, in ascending order, replaying the log once
        (``state_after`` per step would replay from the start each time)."""
        wanted = sorted({n for n in steps if 0 <= n <= len(self.steps)})
        if not wanted:
            return
        assert self._stream is not None
        state = _start_state(self._stream)
        done = 0
        for n in wanted:
            for step in self._stream.steps[done:n]:
                for c in step:
                    state.apply(c)
            done = n
            yield n, _freeze(state, self._locator)


# ---------------------------------------------------------------- replay


#: told ``(steps done, steps in all)`` while a log is replayed, for a progress bar
StepProgress = Callable[[int, int], None]


def replay_file(path: str, module: "Module | None" = None, progress: StepProgress | None = None) -> Replay:
    return replay_save(read_save(path), module, progress)


def replay_save(save: SaveFile, module: "Module | None" = None, progress: StepProgress | None = None) -> Replay:
    stream = split_stream(save.text)
    if not any(isinstance(c, EndSave) for c in stream.setup):
        raise FormatError("the command text stops before end_save: the start state is incomplete "
                          "(the file is cut short or damaged)", save.path)
    locator = module.locator() if module is not None and hasattr(module, "locator") else None
    state = _start_state(stream)
    initial = _freeze(state, locator)
    # player ids are passwords: a damaged file can shift one into a name, a side or chat text
    secrets = player_ids(stream.setup + stream.trailing + tuple(c for step in stream.steps for c in step))
    replayer = _StepReplayer(state, locator, _dice_names(module), redaction_pattern(secrets))
    steps = []
    for i, cmds in enumerate(stream.steps):
        steps.append(replayer.run(i + 1, cmds))
        if progress is not None:
            progress(i + 1, len(stream.steps))
    _link_undos(steps)
    players = [Player(n, s) for n, s in replayer.state.roster if n not in secrets and s not in secrets]
    steps = [st if st.player not in secrets and st.side not in secrets else
             Step(st.index, st.commands, st.events, None, None, st.undoes) for st in steps]
    return Replay(save.path, save.save_metadata, save.module_metadata, save.obfuscation, players,
                  initial, steps, replayer.problems, stream, locator, replayer.state)


def _start_state(stream: Stream) -> GameState:
    state = GameState()
    for c in stream.setup + stream.trailing:
        state.apply(c)
    return state


def _freeze(state: GameState, locator: Locator | None) -> BoardState:
    pieces = {}
    for pid, p in state.pieces.items():
        m, x, y = state.position(pid)
        stack = state.stacks.get(p.parent) if p.parent else None
        pieces[pid] = PieceState(pid, piece_name(p), m, x, y, _locate(locator, state, m, x, y),
                                 stack.id if stack else None,
                                 stack.members.index(pid) if stack and pid in stack.members else None,
                                 p.type, p.state)
    return BoardState(pieces, dict(state.properties), dict(state.turns), dict(state.boards))


def _locate(locator: Locator | None, state: GameState, map_id: str | None, x: int, y: int) -> str:
    if map_id is None:
        return ""
    if locator is None:
        return f"{x},{y}"
    return locator.location(map_id, x, y, state.boards.get(map_id))


def piece_name(p: PieceRecord) -> str:
    """VASSAL's PieceName when the trait codec can tell it, else the BasicPiece name."""
    return _name_of(p.type, p.state)


@functools.lru_cache(maxsize=1 << 14)
def _name_of(type_text: str, state_text: str) -> str:
    """Names repeat (the same counter in many states): decode each (type, state) once."""
    try:
        return Piece.decode(type_text, state_text).name
    except Exception:  # a trait we cannot decode must not stop the replay
        return basic_name(type_text)


# player names in chat: "<Name> - text" (3.2/3.3) or "&lt;Name&gt; - text" (3.4+)
_CHAT_SPEAKER = re.compile(r"^(?:&lt;|<)(?P<name>.+?)(?:&gt;|>) - ")
# the player after a dice report's closing stars: "*** Morale = 3 *** <Grant>", "*** (IFT DR) 6,6 ***   &lt;Bob&gt;"
_DICE_PLAYER = re.compile(r"\*\*\*\s*(?:&lt;|<)(?P<name>[^<>&=\"]+?)(?:&gt;|>)")
_RESULT_SUFFIXES = ("_result", "_total", "_keep", "_summary")


def _dice_names(module: "Module | None") -> set[str]:
    if module is None:
        return set()
    return {getattr(d, "name", "") for d in getattr(module, "dice_buttons", [])} - {""}


class _StepReplayer:
    def __init__(self, state: GameState, locator: Locator | None, dice_names: set[str],
                 hidden: re.Pattern[str] | None):
        self.state = state
        self.locator = locator
        self.dice_names = dice_names
        self.hidden = hidden  # player ids: a damaged file may carry one inside chat text
        self.problems: list[Problem] = []

    def loc(self, m: str | None, x: int, y: int) -> str:
        return _locate(self.locator, self.state, m, x, y)

    def name(self, pid: str) -> str:
        p = self.state.pieces.get(pid)
        return piece_name(p) if p else pid

    def run(self, index: int, commands: tuple[Command, ...]) -> Step:
        events: list[Event] = []
        player: tuple[str, str] | None = None
        speaker: str | None = None
        pending_dice: dict[str, dict[str, str]] = {}
        for c in commands:
            try:
                actor = self._apply(c, events, pending_dice)
            except Exception as e:  # tolerant reader: record and go on
                self.problems.append(Problem(index, f"could not apply {c.text[:60]!r}: {e}"))
                continue
            if actor and player is None:
                player = actor
            if isinstance(c, Chat):
                who = _CHAT_SPEAKER.match(c.message) or (_DICE_PLAYER.search(c.message)
                                                         if c.message.startswith("*") else None)
                if who and speaker is None:
                    speaker = html.unescape(who.group("name"))
        undo = [e for e in events if isinstance(e, (UndoBegin, UndoEnd))]
        if undo and not isinstance(undo[-1], UndoEnd):
            self.problems.append(Problem(index, "an undo block opens (UNDO true) but never closes: "
                                                "the step is cut short"))
        if not undo:  # an undo restores the dice properties: that is no roll
            events.extend(self._dice_events(pending_dice, events))
        name = player[0] if player else speaker
        side = player[1] if player else self._side_of(speaker)
        return Step(index, commands, tuple(events), name, side)

    def _side_of(self, name: str | None) -> str | None:
        for n, s in self.state.roster:
            if n == name:
                return s
        return None

    def _apply(self, c: Command, events: list[Event], dice: dict[str, dict[str, str]]) -> tuple[str, str] | None:
        st = self.state
        if isinstance(c, Undo):
            events.append(UndoBegin() if c.begin else UndoEnd())
            return None
        if isinstance(c, Chat):
            who = _CHAT_SPEAKER.match(c.message)
            events.append(ChatLine(hide(html.unescape(c.message), self.hidden),
                                   hide(html.unescape(who.group("name")), self.hidden) if who else None))
            return None
        if isinstance(c, MutableProperty):
            for suffix in _RESULT_SUFFIXES:
                if c.name.endswith(suffix) and c.container == "Module":
                    dice.setdefault(c.name[: -len(suffix)], {})[suffix] = c.new
            st.apply(c)
            events.append(PropertyChanged(c.name, c.old, c.new, c.container))
            return None
        if isinstance(c, TurnState):
            st.apply(c)
            events.append(TurnChanged(c.tracker, c.state))
            return None
        if isinstance(c, SetBoards):
            st.apply(c)
            events.append(BoardsChanged(c.map_id, c.boards))
            return None
        if isinstance(c, PlayerEntry):
            st.apply(c)
            events.append(PlayerJoined(c.name, c.side))
            return None
        if isinstance(c, MovePiece):
            return self._move(c, events)
        if isinstance(c, AddPiece):
            self._add(c, events)
            return None
        if isinstance(c, RemovePiece):
            if c.id in st.pieces:
                m, x, y = st.position(c.id)
                events.append(Removed(c.id, self.name(c.id), m, self.loc(m, x, y)))
            st.apply(c)
            return None
        if isinstance(c, ChangePiece):
            self._change(c, events)
            return None
        st.apply(c)
        return None

    def _move(self, c: MovePiece, events: list[Event]) -> tuple[str, str] | None:
        st = self.state
        ids = list(st.stacks[c.id].members) if c.id in st.stacks else [c.id]
        before = {pid: st.position(pid) for pid in ids if pid in st.pieces}
        st.apply(c)
        for pid, (m0, x0, y0) in before.items():
            m1, x1, y1 = st.position(pid)
            if (m0, x0, y0) != (m1, x1, y1):
                events.append(Moved(pid, self.name(pid), m0, x0, y0, self.loc(m0, x0, y0),
                                    m1, x1, y1, self.loc(m1, x1, y1)))
        return st.player_for_id(c.player_id) if c.player_id else None

    def _add(self, c: AddPiece, events: list[Event]) -> None:
        st = self.state
        if c.is_stack:
            ids = [t for t in c.state.split(";")[3:] if t in st.pieces]
            before = {pid: st.position(pid) for pid in ids}
            st.apply(c)
            for pid, (m0, x0, y0) in before.items():
                m1, x1, y1 = st.position(pid)
                if (m0, x0, y0) != (m1, x1, y1):
                    events.append(Moved(pid, self.name(pid), m0, x0, y0, self.loc(m0, x0, y0),
                                        m1, x1, y1, self.loc(m1, x1, y1)))
            return
        existed = c.id in st.pieces
        st.apply(c)
        if not existed:
            m, x, y = st.position(c.id)
            events.append(Added(c.id, self.name(c.id), m, self.loc(m, x, y)))

    def _change(self, c: ChangePiece, events: list[Event]) -> None:
        st = self.state
        p = st.pieces.get(c.id)
        if p is None:
            st.apply(c)
            return
        old_states = list(p.states)
        m0, x0, y0 = st.position(c.id)
        st.apply(c)
        m1, x1, y1 = st.position(c.id)
        types = split_chain(p.type)
        changes = tuple(
            TraitChange(i, _prefix(types[i]), o, n, describe_trait_change(types[i], o, n))
            for i, (o, n) in enumerate(zip(old_states, p.states))
            if o != n and i < min(len(p.states), len(types)) - 1
        )
        if changes:
            events.append(Changed(c.id, self.name(c.id), changes))
        if (m0, x0, y0) != (m1, x1, y1):
            events.append(Moved(c.id, self.name(c.id), m0, x0, y0, self.loc(m0, x0, y0),
                                m1, x1, y1, self.loc(m1, x1, y1)))

    def _dice_events(self, dice: dict[str, dict[str, str]], events: list[Event]) -> Iterator[DiceRoll]:
        """DiceButton rolls: each sets ``<name>_result`` (and ``_total``...) on the module."""
        chats = [e for e in events if isinstance(e, ChatLine)]
        for name, values in dice.items():
            if "_result" not in values or (self.dice_names and name not in self.dice_names):
                continue
            text = next((ch.text for ch in chats if name in ch.text), "")
            who = _DICE_PLAYER.search(text) if text else None
            numbers = tuple(int(v) for v in re.findall(r"-?\d+", values["_result"]))
            total = int(values["_total"]) if values.get("_total", "").lstrip("-").isdigit() else (
                sum(numbers) if numbers else None)
            yield DiceRoll(hide(who.group("name"), self.hidden) if who else None, name, numbers, total, text)


def _prefix(trait_type: str) -> str:
    i = trait_type.find(";")
    return trait_type if i < 0 else trait_type[: i + 1]


def _link_undos(steps: list[Step]) -> None:
    """Say which earlier step each undo takes back, by matching inverse commands."""
    done: set[int] = set()
    for k, step in enumerate(steps):
        if not step.is_undo:
            continue
        inverse = _signature(step.commands, inverted=True)
        for j in range(k - 1, -1, -1):
            prev = steps[j]
            if prev.is_undo or j in done:
                continue
            if inverse and inverse <= _signature(prev.commands):
                steps[k] = Step(step.index, step.commands, step.events, step.player, step.side, prev.index)
                done.add(j)
                break


def _signature(cmds: tuple[Command, ...], inverted: bool = False) -> set[tuple]:
    """What a step did to pieces; ``inverted`` reads an undo block as the action it reverses."""
    sig: set[tuple] = set()
    for c in cmds:
        if isinstance(c, MovePiece):
            new, old = (c.new_map, c.new_x, c.new_y), (c.old_map, c.old_x, c.old_y)
            sig.add(("M", c.id) + (old + new if inverted else new + old))
        elif isinstance(c, ChangePiece) and c.old_state is not None:
            sig.add(("D", c.id) + ((c.old_state, c.new_state) if inverted else (c.new_state, c.old_state)))
        elif isinstance(c, AddPiece):
            sig.add(("-" if inverted else "+", c.id))
        elif isinstance(c, RemovePiece):
            sig.add(("+" if inverted else "-", c.id))
        elif isinstance(c, MutableProperty):  # e.g. a die roll's <name>_result
            sig.add(("P", c.container, c.name) + ((c.old, c.new) if inverted else (c.new, c.old)))
    return sig
