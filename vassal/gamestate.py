"""The board as VASSAL holds it while replaying: pieces, stacks, properties.

The rules here mirror what VASSAL's commands do to its game state (format
reference §5.5, §5.8), because a referee's "where was this piece after step N"
must equal what VASSAL shows:

* a piece inside a stack is where its stack is (VASSAL asks the parent);
* placing a piece on a map takes it out of any stack it was in;
* a ``+/id/stack/...`` command gathers the listed pieces into that stack;
* ``D/id/new/old`` applies only the traits whose state changed (``mergeState``).

Every mutation is journalled so a step can be popped again (python-chess's
push/pop): ``GameState.apply`` returns the journal, ``GameState.revert`` undoes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .commands import (AddPiece, BoardPlacement, ChangePiece, Command, GlobalPropertyValue, MovePiece,
                       MutableProperty, PlayerEntry, RemovePiece, SetBoards, TurnState)
from .sequence import decode, encode, join_chain, split_chain

_MISSING = object()


@dataclass
class PieceRecord:
    """A piece as the replay tracks it. ``states`` is the state chain, outermost trait first."""

    id: str
    type: str
    states: list[str]
    map: str | None = None
    x: int = 0
    y: int = 0
    parent: str | None = None

    @property
    def state(self) -> str:
        return join_chain(self.states)

    @property
    def common_name(self) -> str:
        """The BasicPiece name (innermost type), cheap to get without decoding traits."""
        return basic_name(self.type)


@dataclass
class StackRecord:
    id: str
    map: str | None
    x: int
    y: int
    members: list[str] = field(default_factory=list)
    layer: str = ""


def basic_name(type_text: str) -> str:
    basic = split_chain(type_text)[-1]
    if not basic.startswith("piece;"):
        return ""
    fields = decode(basic, ";")
    return fields[4] if len(fields) > 4 else ""


def parse_basic_state(state: str) -> tuple[str | None, int, int, str]:
    """``mapId;x;y;gpid;...`` -> (map or None, x, y, gpid)."""
    f = decode(state, ";")
    f += [""] * (4 - len(f))
    try:
        x, y = int(f[1] or 0), int(f[2] or 0)
    except ValueError:
        x, y = 0, 0
    return (None if f[0] in ("null", "") else f[0]), x, y, f[3]


class GameState:
    """Mutable game state with a journal per applied step."""

    def __init__(self) -> None:
        self.pieces: dict[str, PieceRecord] = {}
        self.stacks: dict[str, StackRecord] = {}
        self.properties: dict[tuple[str, str], str] = {}
        self.turns: dict[str, str] = {}
        self.boards: dict[str, tuple[BoardPlacement, ...]] = {}
        # player id (a password) -> (name, side); never exposed, only used to name movers
        self._players: dict[str, tuple[str, str]] = {}
        self.roster: list[tuple[str, str]] = []
        self._journal: list[tuple[Any, Any, Any]] | None = None

    # ------------------------------------------------------------ journal

    def _set(self, container: Any, key: Any, value: Any) -> None:
        if self._journal is not None:
            old = getattr(container, key) if isinstance(key, str) and not isinstance(container, dict) \
                else container.get(key, _MISSING)
            self._journal.append((container, key, old))
        if isinstance(container, dict):
            container[key] = value
        else:
            setattr(container, key, value)

    def _del(self, container: dict, key: Any) -> None:
        if key in container:
            if self._journal is not None:
                self._journal.append((container, key, container[key]))
            del container[key]

    def _touch_list(self, owner: Any, attr: str) -> list:
        """Replace a list attribute by a copy before mutating it, so revert restores the old list."""
        lst = list(getattr(owner, attr))
        self._set(owner, attr, lst)
        return lst

    def begin(self) -> None:
        self._journal = []

    def end(self) -> list:
        journal, self._journal = self._journal or [], None
        return journal

    def revert(self, journal: list) -> None:
        for container, key, old in reversed(journal):
            if isinstance(container, dict):
                if old is _MISSING:
                    container.pop(key, None)
                else:
                    container[key] = old
            else:
                setattr(container, key, old)

    # ------------------------------------------------------------ queries

    def position(self, piece_id: str) -> tuple[str | None, int, int]:
        """Where VASSAL would say the piece is: its stack's place if it is in one."""
        p = self.pieces.get(piece_id)
        if p is None:
            s = self.stacks[piece_id]
            return s.map, s.x, s.y
        if p.parent and p.parent in self.stacks:
            s = self.stacks[p.parent]
            return s.map, s.x, s.y
        return p.map, p.x, p.y

    def player_for_id(self, player_id: str) -> tuple[str, str] | None:
        return self._players.get(player_id)

    # ------------------------------------------------------------ stacking

    def _detach(self, piece_id: str) -> None:
        p = self.pieces.get(piece_id)
        if p is None or p.parent is None:
            return
        stack = self.stacks.get(p.parent)
        if stack is not None and piece_id in stack.members:
            members = self._touch_list(stack, "members")
            members.remove(piece_id)
        self._set(p, "parent", None)

    def _attach(self, piece_id: str, stack: StackRecord, index: int | None = None) -> None:
        p = self.pieces.get(piece_id)
        if p is None:
            return
        if p.parent != stack.id:
            self._detach(piece_id)
        members = self._touch_list(stack, "members")
        if piece_id in members:
            members.remove(piece_id)
        members.insert(len(members) if index is None else index, piece_id)
        self._set(p, "parent", stack.id)
        self._place_fields(p, stack.map, stack.x, stack.y)

    def _place_fields(self, p: PieceRecord, map_id: str | None, x: int, y: int) -> None:
        if (p.map, p.x, p.y) != (map_id, x, y):
            self._set(p, "map", map_id)
            self._set(p, "x", x)
            self._set(p, "y", y)
            basic = p.states[-1]
            f = decode(basic, ";")
            if len(f) >= 3:
                f[0], f[1], f[2] = ("null" if map_id is None else map_id), str(x), str(y)
                states = self._touch_list(p, "states")
                states[-1] = encode(f, ";")

    def _place_at(self, piece_id: str, map_id: str | None, x: int, y: int) -> None:
        """``Map.placeAt``: the piece leaves its stack (if any) and takes the point."""
        if piece_id in self.stacks:
            s = self.stacks[piece_id]
            self._set(s, "map", map_id)
            self._set(s, "x", x)
            self._set(s, "y", y)
            for m in s.members:
                if m in self.pieces:
                    self._place_fields(self.pieces[m], map_id, x, y)
            return
        p = self.pieces.get(piece_id)
        if p is None:
            return
        self._detach(piece_id)
        self._place_fields(p, map_id, x, y)

    # ------------------------------------------------------------ commands

    def apply(self, c: Command) -> None:
        """Execute one command (not its children) as VASSAL would."""
        if isinstance(c, AddPiece):
            self._add(c)
        elif isinstance(c, RemovePiece):
            self._remove(c.id)
        elif isinstance(c, ChangePiece):
            self._change(c)
        elif isinstance(c, MovePiece):
            self._move(c)
        elif isinstance(c, MutableProperty):
            self._set(self.properties, (c.container, c.name), c.new)
        elif isinstance(c, GlobalPropertyValue):
            self._set(self.properties, (c.container, c.name), c.value)
        elif isinstance(c, TurnState):
            self._set(self.turns, c.tracker, c.state)
        elif isinstance(c, SetBoards):
            self._set(self.boards, c.map_id, c.boards)
        elif isinstance(c, PlayerEntry):
            self._set(self._players, c.player_id, (c.name, c.side))
            roster = list(self.roster)
            if (c.name, c.side) not in roster:
                roster.append((c.name, c.side))
                self._set(self, "roster", roster)

    def _add(self, c: AddPiece) -> None:
        if c.is_stack:
            self._set_stack_state(c.id, c.state)
            return
        p = self.pieces.get(c.id)
        if p is None:
            states = split_chain(c.state)
            m, x, y, _ = parse_basic_state(states[-1])
            p = PieceRecord(c.id, c.type, states, m, x, y)
            self._set(self.pieces, c.id, p)
            return
        self._set_piece_state(p, split_chain(c.state))

    def _set_stack_state(self, stack_id: str, state: str) -> None:
        """``map;x;y;id;...;@@layer`` for a Stack, ``map;x;y;faceDown;id,id,...`` for a Deck:
        every known piece id named after the position is a member, bottom first."""
        f = decode(state, ";")
        map_id = None if not f or f[0] in ("null", "") else f[0]
        try:
            x, y = int(f[1]), int(f[2])
            ids = f[3:]
        except (IndexError, ValueError):
            x, y, ids = 0, 0, f[1:]
        layer = ""
        members = []
        for token in ids:
            if token.startswith("@@"):
                layer = token
                continue
            # a Stack lists one id per field, a Deck all its cards in one comma list
            members += [t for t in token.split(",") if t in self.pieces]
        s = self.stacks.get(stack_id)
        if s is None:
            s = StackRecord(stack_id, map_id, x, y)
            self._set(self.stacks, stack_id, s)
        else:
            for old in s.members:
                if old not in members and old in self.pieces and self.pieces[old].parent == stack_id:
                    self._set(self.pieces[old], "parent", None)
            self._set(s, "members", [])
            self._set(s, "map", map_id)
            self._set(s, "x", x)
            self._set(s, "y", y)
        self._set(s, "layer", layer)
        for m in members:
            self._attach(m, s)

    def _set_piece_state(self, p: PieceRecord, new: list[str], old: list[str] | None = None) -> None:
        """Full ``setState``, or ``mergeState`` when the old chain is known."""
        states = list(p.states)
        if old is not None and len(old) == len(new) == len(states):
            for i, (n, o) in enumerate(zip(new, old)):
                if n != o:
                    states[i] = n
        else:
            states = new
        self._set(p, "states", states)
        m, x, y, _ = parse_basic_state(states[-1])
        if m != p.map and m is not None:
            self._detach(p.id)
        self._set(p, "map", m)
        self._set(p, "x", x)
        self._set(p, "y", y)

    def _remove(self, piece_id: str) -> None:
        if piece_id in self.stacks:
            s = self.stacks[piece_id]
            for m in s.members:
                if m in self.pieces:
                    self._set(self.pieces[m], "parent", None)
            self._del(self.stacks, piece_id)
            return
        if piece_id in self.pieces:
            self._detach(piece_id)
            self._del(self.pieces, piece_id)

    def _change(self, c: ChangePiece) -> None:
        if c.id in self.stacks:
            self._set_stack_state(c.id, c.new_state)
            return
        p = self.pieces.get(c.id)
        if p is None:
            return
        self._set_piece_state(p, split_chain(c.new_state),
                              split_chain(c.old_state) if c.old_state is not None else None)

    def _move(self, c: MovePiece) -> None:
        if c.id not in self.pieces and c.id not in self.stacks:
            return
        if c.new_map is None:
            self._detach(c.id)
            self._place_at(c.id, None, c.new_x, c.new_y)
            return
        if c.new_under is not None:
            under_map, ux, uy = self.position(c.new_under) if (
                c.new_under in self.pieces or c.new_under in self.stacks) else (None, 0, 0)
            if under_map == c.new_map and (ux, uy) == (c.new_x, c.new_y):
                if c.id in self.pieces:
                    self._merge(c.new_under, c.id)
                    return
                if c.new_under not in self.stacks[c.id].members:
                    # a whole stack dropped onto another: its pieces join that stack, in order
                    below = c.new_under
                    for member in list(self.stacks[c.id].members):
                        self._merge(below, member)
                        below = member
                    return
        self._place_at(c.id, c.new_map, c.new_x, c.new_y)

    def _merge(self, under_id: str, piece_id: str) -> None:
        """``StackMetrics.merge``: put the piece directly above ``under`` in under's stack."""
        if under_id in self.stacks:
            self._attach(piece_id, self.stacks[under_id])
            return
        under = self.pieces[under_id]
        if under.parent and under.parent in self.stacks:
            stack = self.stacks[under.parent]
            self._detach(piece_id)
            self._attach(piece_id, stack, stack.members.index(under_id) + 1)
            return
        # two lone pieces: VASSAL makes a new stack; name it after the piece beneath
        stack = StackRecord(f"{under_id}#stack", under.map, under.x, under.y)
        self._set(self.stacks, stack.id, stack)
        self._attach(under_id, stack)
        self._attach(piece_id, stack)
