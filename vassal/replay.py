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
import gc
import html
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Protocol, runtime_checkable

from .commands import (AddPiece, BoardPlacement, ChangePiece, Chat, Command, MovePiece, MutableProperty,
                       PlayerEntry, RemovePiece, SetBoards, SpecialDiceResults, Stream, TurnState, Undo, parse_command,
                       split_stream)
from .gamestate import (GameState, MapRules, PieceRecord, StackRecord, basic_name, chain_parts, parse_basic_state,
                        with_position)
from .errors import FormatError
from .metadata import Metadata
from .piece import name_of
from .secrets import field_pattern, hide, is_id, player_ids
from .trait_changes import describe_trait_change
from .savefile import SaveFile, read_save
from .sequence import decode

if TYPE_CHECKING:  # pragma: no cover
    from .naming import Where
    from .module import Module


class Locator(Protocol):
    """Names a map point the way VASSAL's ``Map.locationName`` does."""

    def location(self, map_id: str, x: int, y: int, boards: tuple[BoardPlacement, ...] | None) -> str: ...


@runtime_checkable
class ModuleLocatorLike(Locator, Protocol):
    """A locator that also knows boards and zones (``CurrentBoard``, ``CurrentZone``) and its module."""

    def board_and_zone(self, map_id: str, x: int, y: int,
                       boards: tuple[BoardPlacement, ...] | None) -> tuple[str, str]: ...


# ---------------------------------------------------------------- events


@dataclass(frozen=True)
class Event:
    """Something a step did, in the game's terms (a dataclass per kind, read by the referee)."""


@dataclass(frozen=True)
class Added(Event):
    """A piece came into play (AddPiece), where VASSAL shows it."""

    piece_id: str
    name: str
    map: str | None
    location: str


@dataclass(frozen=True)
class Removed(Event):
    """A piece left play (RemovePiece), from where VASSAL showed it."""

    piece_id: str
    name: str
    map: str | None
    location: str


@dataclass(frozen=True)
class Moved(Event):
    """A piece ended the step somewhere else: from where VASSAL showed it to where it shows it now."""

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
    """One trait whose state a ChangePiece changed, and what a player would call the change."""

    index: int  # position in the trait chain, 0 = outermost
    trait: str  # the trait's type prefix, e.g. "emb2;" or "PROP;"
    old: str = field(repr=False)  # raw states may hold player ids: not for display
    new: str = field(repr=False)
    description: str = ""  # "Fatigue: 0 → 1", "masked": safe to show


@dataclass(frozen=True)
class Changed(Event):
    """A piece's traits changed (ChangePiece): a layer, a facing, a property..."""

    piece_id: str
    name: str
    changes: tuple[TraitChange, ...]


@dataclass(frozen=True)
class ChatLine(Event):
    """A chat line or a report; ``player`` is the speaker a chat line names, if any."""

    text: str  # HTML entities decoded
    player: str | None


@dataclass(frozen=True)
class DiceRoll(Event):
    """A dice button's roll. ``values`` are the dice; for a SpecialDiceButton each is the face
    shown, counted from 1 in the die's face order, and ``sides`` its number of faces when the
    module says (None: not known)."""

    player: str | None
    purpose: str
    values: tuple[int, ...]
    total: int | None
    text: str
    sides: int | None = None


@dataclass(frozen=True)
class PropertyChanged(Event):
    """A global, map or zone property took a new value (dice buttons set theirs)."""

    name: str
    old: str
    new: str
    container: str


@dataclass(frozen=True)
class TurnChanged(Event):
    """A turn tracker moved on (or back): its new state; with the module, what the tracker
    showed before and shows now, level by level, in words (`vassal.turns.shown`)."""

    tracker: str
    state: str
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()


@dataclass(frozen=True)
class BoardsChanged(Event):
    """The boards a map is made of were chosen again."""

    map: str
    boards: tuple[BoardPlacement, ...]


@dataclass(frozen=True)
class PlayerJoined(Event):
    """A roster entry: a player took a side (the name only: the id is a password)."""

    name: str
    side: str


@dataclass(frozen=True)
class UndoBegin(Event):
    """The start of what an undo took back (``UNDO true``, or a 2.9-style ``* UNDO:`` step)."""


@dataclass(frozen=True)
class UndoEnd(Event):
    """The end of what an undo took back."""


# ---------------------------------------------------------------- results


@dataclass(frozen=True)
class Problem:
    """What the replay could not do, or had to assume, and at which step."""

    step: int  # 0 = the start state
    message: str


@dataclass(frozen=True)
class Step:
    """One replay step (a top-level LOG command): its commands, what they did, and who acted."""

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
    """A roster entry as shown: name and side (never the id, a password)."""

    name: str
    side: str


@dataclass(frozen=True)
class PieceState:
    """A piece as VASSAL shows it after some step: map, point, location name, stack, type, state."""

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
    """A save or log read and replayed: its metadata, players and steps, and the board after any step."""

    path: str
    save_metadata: Metadata | None
    module_metadata: Metadata | None
    obfuscation: str
    players: list[Player]
    pieces_at_start: int  # the start state's pieces; ``initial`` is the start board, made when asked for
    steps: list[Step]
    problems: list[Problem] = field(default_factory=list)
    _stream: Stream | None = field(default=None, repr=False)
    _locator: Locator | None = field(default=None, repr=False)
    _end: GameState | None = field(default=None, repr=False)
    _rules: MapRules | None = field(default=None, repr=False)
    notes: list[Problem] = field(default_factory=list)  # what the reader had to assume, said once
    _final: BoardState | None = field(default=None, repr=False)
    _initial: BoardState | None = field(default=None, repr=False)

    @property
    def initial(self) -> BoardState:
        """The board before the first step: made again from the file when first asked for, as
        ``adjutant inspect`` of a log never asks (naming every piece at the start costs more than
        a tenth of its replay)."""
        if self._initial is None:
            self._initial = self.state_after(0)
        return self._initial

    @property
    def is_log(self) -> bool:
        return bool(self.steps)

    def state_after(self, n: int) -> BoardState:
        """The board after step ``n`` (0 = the start state)."""
        if not 0 <= n <= len(self.steps):
            raise IndexError(f"step {n} is outside 0..{len(self.steps)}")
        if n == len(self.steps) and self._end is not None:
            if self._final is None:
                self._final = _freeze(self._end, self._locator, self._noter(n))
            return self._final
        assert self._stream is not None
        state = _start_state(self._stream, self._rules)
        for step in self._stream.steps[:n]:
            for c in step:
                state.apply(c)
        return _freeze(state, self._locator, self._noter(n))

    def _noter(self, step: int) -> Callable[[str], None]:
        """Says once in ``notes`` what naming the pieces of a board could not work out."""
        def note(message: str) -> None:
            if all(p.message != message for p in self.notes):
                self.notes.append(Problem(step, message))
        return note

    def roster(self, player_id: str) -> tuple[str, str] | None:
        """``(name, side)`` of the player whose id this is, as the log's roster has it (every entry
        the log met), for deciding who may see a masked or hidden piece; ids are never listed."""
        return self._end.player_for_id(player_id) if self._end is not None else None

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
        state = _start_state(self._stream, self._rules)
        done = 0
        for n in wanted:
            for step in self._stream.steps[done:n]:
                for c in step:
                    state.apply(c)
            done = n
            yield n, _freeze(state, self._locator, self._noter(n))


# ---------------------------------------------------------------- replay


#: told ``(steps done, steps in all)`` while a log is replayed, for a progress bar
StepProgress = Callable[[int, int], None]


def replay_file(path: str, module: "Module | None" = None, progress: StepProgress | None = None) -> Replay:
    return replay_save(read_save(path), module, progress)


def replay_save(save: SaveFile, module: "Module | None" = None, progress: StepProgress | None = None) -> Replay:
    """Replay a save or log; with the module, as VASSAL does with that module: its maps,
    decks and boards name the places, and only commands it can decode count.

    The replay makes hundreds of thousands of small objects and frees none of them in a
    cycle, so Python's cycle collector, which would rescan them all again and again, is
    paused while it runs."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _replay(save, module, progress)
    finally:
        if collecting:
            gc.enable()


def _replay(save: SaveFile, module: "Module | None", progress: StepProgress | None) -> Replay:
    stream = split_stream(save.text, module.command_support().decodes) if module is not None else \
        split_stream(save.text)
    if "end_save" not in stream.setup_texts:
        raise FormatError("the command text stops before end_save: the start state is incomplete "
                          "(the file is cut short or damaged)", save.path)
    locator = module.locator() if module is not None else None
    rules = module.map_rules() if module is not None else None
    state = _start_state(stream, rules)
    pieces_at_start = len(state.pieces)
    # player ids are passwords: a damaged file can shift one into a name, a side or chat text
    secrets = player_ids([parse_command(t) for t in stream.setup_texts if t.startswith(("PLAYER\t", "M/"))]
                         + list(stream.trailing) + [c for step in stream.steps for c in step])
    trackers = {t.ident: t for t in module.turn_trackers} if module is not None else {}
    replayer = _StepReplayer(state, locator, _dice_names(module), secrets, _special_sides(module), trackers)
    run = []
    for i, cmds in enumerate(stream.steps):
        run.append(replayer.run(i + 1, cmds))
        if progress is not None:
            progress(i + 1, len(stream.steps))
    steps = replayer.name_unknown_movers(run)
    _link_undos(steps)
    players = [Player(n, s) for n, s in replayer.state.roster if n not in secrets and s not in secrets]
    steps = [st if st.player not in secrets and st.side not in secrets else
             Step(st.index, st.commands, st.events, None, None, st.undoes) for st in steps]
    return Replay(save.path, save.save_metadata, save.module_metadata, save.obfuscation, players,
                  pieces_at_start, steps, replayer.problems, stream, locator, replayer.state, _rules=rules,
                  notes=replayer.notes)


def _start_state(stream: Stream, rules: MapRules | None = None) -> GameState:
    state = GameState(rules)
    state.apply_texts(stream.setup_texts)
    for c in stream.trailing:
        state.apply(c)
    return state


def _freeze(state: GameState, locator: Locator | None, note: Callable[[str], None] | None = None) -> BoardState:
    """The board as VASSAL shows it: a piece's map is the map listing it (None: on no map); its
    stack is the stack or deck listing it (VASSAL makes stacks of its own while replaying: their
    ids end in ``#stackN``); its state is the state VASSAL would write now, and its name and the
    levels of Layers that follow a property are worked out as VASSAL does (``vassal.naming``,
    imported here: reading a log's steps never names a whole board)."""
    from .naming import PieceNames, surroundings
    names = PieceNames(surroundings(state.properties, getattr(locator, "module", None),
                                    _deck_counts(state)), note)
    pieces = {}
    places: dict[tuple, tuple[str, Where]] = {}       # a stack's pieces share their point: located once
    for pid, p in state.pieces.items():
        m, x, y = state.position(pid)
        stack = state.stack_of(pid)
        key = (m, x, y, stack.name if stack is not None and stack.deck else "")
        if key not in places:
            location = _locate(locator, state, m, x, y)
            places[key] = (location, _where(locator, state, m, x, y, location, stack))
        location, where = places[key]
        name, drawn = names.name_and_state(p.type, current_state(state, p), where)
        pieces[pid] = PieceState(pid, name, m, x, y, location,
                                 stack.id if stack else None,
                                 stack.members.index(pid) if stack else None,
                                 p.type, drawn)
    return BoardState(pieces, dict(state.properties), dict(state.turns), dict(state.boards))


def _where(locator: Locator | None, state: GameState, m: str | None, x: int, y: int, location: str,
           stack: StackRecord | None) -> Where:
    """What the piece's BasicPiece says of where it is (``CurrentMap``, ``CurrentZone``...)."""
    from .naming import Where
    board = zone = ""
    if m is not None and isinstance(locator, ModuleLocatorLike):
        board, zone = locator.board_and_zone(m, x, y, state.boards.get(m))
    return Where(m, x, y, location, zone, board, stack.name if stack is not None and stack.deck else "")


def _deck_counts(state: GameState) -> dict[str, int]:
    """Pieces in each deck, by the deck's name (``<deck>_numPieces``)."""
    return {s.name: sum(1 for i in s.members if i in state.pieces) for s in state.stacks.values() if s.deck}


def current_state(state: GameState, p: PieceRecord) -> str:
    """``getState``: the BasicPiece writes where the piece is now (its stack's point, if stacked)."""
    map_id = GameState.map_of(p)
    x, y = GameState.point_of(p)
    if parse_basic_state(chain_parts(p.state)[-1])[:3] == (map_id, x, y):
        return p.state
    return with_position(p.state, map_id, x, y)


def _locate(locator: Locator | None, state: GameState, map_id: str | None, x: int, y: int) -> str:
    if map_id is None:
        return ""
    if locator is None:
        return f"{x},{y}"
    return locator.location(map_id, x, y, state.boards.get(map_id))


def piece_name(p: PieceRecord) -> str:
    """VASSAL's PieceName when the trait codec can tell it, else the BasicPiece name."""
    return name_of(p.type, p.state)


# player names in chat: "<Name> - text" (3.2/3.3) or "&lt;Name&gt; - text" (3.4+)
_CHAT_SPEAKER = re.compile(r"^(?:&lt;|<)(?P<name>.+?)(?:&gt;|>) - ")
# the player after a dice report's closing stars: "*** Morale = 3 *** <Grant>", "*** (IFT DR) 6,6 ***   &lt;Bob&gt;"
_DICE_PLAYER = re.compile(r"\*\*\*\s*(?:&lt;|<)(?P<name>[^<>&=\"]+?)(?:&gt;|>)")
# the player a report line names first: "* * &lt;Hood&gt; Turn Updated from ..." (the turn tracker's report)
_REPORT_PLAYER = re.compile(r"^\*[*\s]*(?:&lt;|<)(?P<name>[^<>&=\"]+?)(?:&gt;|>)")
_RESULT_SUFFIXES = ("_result", "_total", "_keep", "_summary")
UNKNOWN_PLAYER = "unknown player"
UNDO_REPORT = "* UNDO:"  # VASSAL's report of an undone step (Chatter.undo_message)


def _dice_names(module: "Module | None") -> set[str]:
    if module is None:
        return set()
    return {getattr(d, "name", "") for d in getattr(module, "dice_buttons", [])} - {""}


def _special_sides(module: "Module | None") -> dict[str, int]:
    """Faces per die of each SpecialDiceButton whose dice all have the same number of faces."""
    if module is None:
        return {}
    return {d.name: len(d.faces[0]) for d in module.dice_buttons
            if d.kind == "SpecialDiceButton" and d.faces and len({len(f) for f in d.faces}) == 1}


class _StepReplayer:
    def __init__(self, state: GameState, locator: Locator | None, dice_names: set[str],
                 secrets: frozenset[str], special_sides: dict[str, int] | None = None,
                 trackers: Mapping[str, Any] | None = None):
        self.state = state
        self.trackers = trackers or {}   # the module's turn trackers by id, to say what they show
        self.special_sides = special_sides or {}
        self.locator = locator
        self.dice_names = dice_names
        self.secrets = secrets  # player ids: never shown, not even in a damaged chat line
        self.hidden = field_pattern(secrets)
        self.unknown_movers: list[int] = []  # steps moved by an id the roster does not know
        self.unnamed: list[int] = []  # steps that change the board and name no player
        self.notes: list[Problem] = []
        self.problems: list[Problem] = []

    def tracker_words(self, tracker: str, before: str | None, after: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """What the tracker showed before and shows after, level by level; () without its definition."""
        info = self.trackers.get(tracker)
        if info is None:
            return (), ()
        from .turns import shown, tracker_values
        return shown(tracker_values(info, before)), shown(tracker_values(info, after))

    def loc(self, m: str | None, x: int, y: int) -> str:
        return _locate(self.locator, self.state, m, x, y)

    def name(self, pid: str) -> str:
        p = self.state.pieces.get(pid)
        return piece_name(p) if p else pid

    def run(self, index: int, commands: tuple[Command, ...]) -> Step:
        events: list[Event] = []
        player: tuple[str, str] | None = None
        speaker: str | None = None
        unknown_mover = False
        pending_dice: dict[str, dict[str, str]] = {}
        for c in commands:
            try:
                actor = self._apply(c, events, pending_dice)
            except Exception as e:  # tolerant reader: record and go on
                self.problems.append(Problem(index, f"could not apply {c.text[:60]!r}: {e}"))
                continue
            if actor and player is None:
                player = actor
            elif isinstance(c, MovePiece) and c.player_id and c.player_id not in ("null",) and actor is None:
                unknown_mover = True
            if isinstance(c, Chat):
                who = _CHAT_SPEAKER.match(c.message) or (
                    (_DICE_PLAYER.search(c.message) or _REPORT_PLAYER.match(c.message))
                    if c.message.startswith("*") else None)
                if who and speaker is None and not is_id(html.unescape(who.group("name")), self.secrets):
                    speaker = html.unescape(who.group("name"))
        undo = [e for e in events if isinstance(e, (UndoBegin, UndoEnd))]
        if not undo and _old_style_undo(commands):
            events.insert(0, UndoBegin())  # VASSAL before 3.6.7: "* UNDO: ..." then the inverse commands
            events.append(UndoEnd())
            undo = events
        if undo and not isinstance(undo[-1], UndoEnd):
            self.problems.append(Problem(index, "an undo block opens (UNDO true) but never closes: "
                                                "the step is cut short"))
        if not undo:  # an undo restores the dice properties: that is no roll
            special = {c.button: c.faces for c in commands if isinstance(c, SpecialDiceResults)}
            events.extend(self._dice_events(pending_dice, events, special))
        name = player[0] if player else speaker
        side = player[1] if player else self._side_of(speaker)
        if unknown_mover and name is None:
            self.unknown_movers.append(index)
        elif name is None and any(isinstance(e, (Added, Removed, Moved, Changed)) for e in events):
            self.unnamed.append(index)
        return Step(index, commands, tuple(events), name, side)

    def name_unknown_movers(self, steps: list[Step]) -> list[Step]:
        """Steps moved by an id the roster does not name, and steps that change the board but
        name nobody (VASSAL writes no player with a deletion or a marker change), go to the
        log's recording player when the file says who that is (the one player its other steps
        name, by roster, chat or dice report); else unknown movers are "unknown player" and the
        silent steps keep no name. Said once per kind, as a note on the first such step."""
        players = {st.player for st in steps if st.player and st.index not in self.unknown_movers}
        who = next(iter(players)) if len(players) == 1 else UNKNOWN_PLAYER
        if who == UNKNOWN_PLAYER:  # "unknown player" says no more than no name where nobody moved
            self.unnamed.clear()
        marked = set(self.unknown_movers) | set(self.unnamed)
        if not marked:
            return steps
        side = self._side_of(who) if who != UNKNOWN_PLAYER else None
        for kind, indexes in (("move pieces as a player the roster does not name", self.unknown_movers),
                              ("change the board and name no player", self.unnamed)):
            if indexes:
                self.notes.append(Problem(indexes[0], f"{len(indexes)} step(s) {kind}: shown as {who}"))
        return [Step(st.index, st.commands, st.events, who, side, st.undoes) if st.index in marked else st
                for st in steps]

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
            speaker = html.unescape(who.group("name")) if who else None
            events.append(ChatLine(hide(html.unescape(c.message), self.hidden),
                                   None if is_id(speaker, self.secrets) else speaker))
            return None
        if isinstance(c, MutableProperty):
            for suffix in _RESULT_SUFFIXES:
                if c.name.endswith(suffix) and c.container == "Module":
                    dice.setdefault(c.name[: -len(suffix)], {})[suffix] = c.new
            st.apply(c)
            events.append(PropertyChanged(c.name, c.old, c.new, c.container))
            return None
        if isinstance(c, TurnState):
            before = st.turns.get(c.tracker)
            st.apply(c)
            events.append(TurnChanged(c.tracker, c.state, *self.tracker_words(c.tracker, before, c.state)))
            return None
        if isinstance(c, SetBoards):
            st.apply(c)
            events.append(BoardsChanged(c.map_id, c.boards))
            return None
        if isinstance(c, PlayerEntry):
            st.apply(c)
            events.append(PlayerJoined(c.name, c.side))
            return None
        if isinstance(c, (MovePiece, AddPiece, RemovePiece, ChangePiece)):
            self._piece_command(c, events)
            return st.player_for_id(c.player_id) if isinstance(c, MovePiece) and c.player_id else None
        st.apply(c)
        return None

    def _watched(self, c: Command) -> list[str]:
        """The pieces whose place the command may change: the piece, or a stack's members before
        and after (a stack's new state may gather pieces from elsewhere)."""
        st = self.state
        obj_id = c.id  # type: ignore[attr-defined]
        stack = st.get(obj_id)
        if not isinstance(stack, StackRecord):
            return [obj_id] if obj_id in st.pieces else []
        ids = list(stack.members)
        new_state = c.state if isinstance(c, AddPiece) else c.new_state if isinstance(c, ChangePiece) else ""
        if new_state:
            ids += [t for field in decode(new_state, ";")[1:] for t in decode(field, ",") if t in st.pieces]
        return list(dict.fromkeys(ids))

    def _piece_command(self, c: Command, events: list[Event]) -> None:
        """Apply a piece command and say what happened: a piece appears (Added) or goes (Removed),
        changes traits (Changed), or ends up elsewhere (Moved, one per piece and step: a piece
        taken off and put back within the step has moved from where it was to where it is)."""
        st = self.state
        if isinstance(c, AddPiece) and not c.is_stack:  # always a new piece (one using the id stays put)
            st.apply(c)
            m, x, y = st.position(c.id)
            events.append(Added(c.id, self.name(c.id), m, self.loc(m, x, y)))
            return
        if isinstance(c, RemovePiece) and c.id in st.pieces:
            m, x, y = st.position(c.id)
            events.append(Removed(c.id, self.name(c.id), m, self.loc(m, x, y)))
            st.apply(c)
            return
        watched = self._watched(c)
        before = {pid: st.position(pid) for pid in watched}
        old_state = st.pieces[c.id].state if isinstance(c, ChangePiece) and c.id in st.pieces else None
        st.apply(c)
        if old_state is not None and c.id in st.pieces:
            self._changed(c.id, old_state, events)
        for pid, (m0, x0, y0) in before.items():
            if pid not in st.pieces:
                continue
            m1, x1, y1 = st.position(pid)
            if (m0, x0, y0) != (m1, x1, y1):
                self._moved(pid, (m0, x0, y0), (m1, x1, y1), events)

    def _moved(self, pid: str, old: tuple[str | None, int, int], new: tuple[str | None, int, int],
               events: list[Event]) -> None:
        """A Moved event, merged with the piece's last event of the step when that was a move too."""
        last = next((i for i in range(len(events) - 1, -1, -1)
                     if getattr(events[i], "piece_id", None) == pid), None)
        if last is not None and isinstance(events[last], Moved):
            first = events.pop(last)
            old = (first.from_map, first.from_x, first.from_y)  # type: ignore[union-attr]
            if old == new:
                return
        events.append(Moved(pid, self.name(pid), old[0], old[1], old[2], self.loc(*old),
                            new[0], new[1], new[2], self.loc(*new)))

    def _changed(self, pid: str, old_state: str, events: list[Event]) -> None:
        p = self.state.pieces[pid]
        if p.state == old_state:
            return
        types, olds, news = chain_parts(p.type), chain_parts(old_state), chain_parts(p.state)
        last = min(len(olds), len(news), len(types)) - 1  # the BasicPiece holds the position, not traits
        changes = tuple(
            TraitChange(i, _prefix(types[i]), olds[i], news[i], describe_trait_change(types[i], olds[i], news[i]))
            for i in range(last) if olds[i] != news[i])
        if changes:
            events.append(Changed(pid, self.name(pid), changes))

    def _dice_events(self, dice: dict[str, dict[str, str]], events: list[Event],
                     special: dict[str, tuple[int, ...]]) -> Iterator[DiceRoll]:
        """DiceButton rolls: each sets ``<name>_result`` (and ``_total``...) on the module. A
        SpecialDiceButton sets ``<name>_result`` to the sum of its faces' values; its dice are
        the faces its ``SHOW_RESULTS`` command names."""
        chats = [e for e in events if isinstance(e, ChatLine)]
        for name, values in dice.items():
            if "_result" not in values or (self.dice_names and name not in self.dice_names):
                continue
            text = next((ch.text for ch in chats if name in ch.text), "")
            who = _DICE_PLAYER.search(text) if text else None
            player = who.group("name") if who and not is_id(who.group("name"), self.secrets) else None
            if name in special:
                total = int(values["_result"]) if values["_result"].lstrip("-").isdigit() else None
                yield DiceRoll(player, name, tuple(i + 1 for i in special[name]), total, text,
                               self.special_sides.get(name))
                continue
            numbers = tuple(int(v) for v in re.findall(r"-?\d+", values["_result"]))
            total = int(values["_total"]) if values.get("_total", "").lstrip("-").isdigit() else (
                sum(numbers) if numbers else None)
            yield DiceRoll(player, name, numbers, total, text)


def _old_style_undo(commands: tuple[Command, ...]) -> bool:
    """A step VASSAL 2.9-3.6 wrote for Undo: its first report says ``* UNDO:``, the inverse
    commands follow (later versions bracket them with ``UNDO true/false``)."""
    first = next((c for c in commands if isinstance(c, Chat)), None)
    return first is not None and html.unescape(first.message).lstrip().startswith(UNDO_REPORT)


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
