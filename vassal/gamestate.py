"""The board as VASSAL holds it while replaying: pieces, stacks, decks, maps, properties.

A referee's "where was this piece after step N" must equal what VASSAL shows, so
this is a small model of VASSAL's own objects and the few methods the commands
call, with VASSAL's rules kept, quirks included (format reference §5.5, §5.8):

* a piece has its own map and point, and a parent Stack (or Deck); a piece in a
  stack is where its stack is (``BasicPiece.getMap/getPosition`` ask the parent);
* each map keeps a list of its top-level pieces and stacks (``Map.pieces``): that
  list is what VASSAL draws and lists; a piece in no list is on no map;
* ``Map.addPiece`` takes a piece out of its stack and out of any other map's list;
  ``Map.removePiece`` only takes it out of the list (a stacked piece stays stacked);
* ``Stack.setState`` lists its members again, bottom first; pieces it no longer
  lists keep it as their parent, so they are on no map until something moves them;
* ``MovePiece`` merges the piece into the stack or deck already at its new point,
  or into the piece named beneath it; without one beneath, a merged piece goes to
  the bottom (that is how an undo puts a piece back under a stack);
* ``RemovePiece`` of a stack leaves its pieces inside it, off every map;
* ``D/id/new/old`` applies only the traits whose state changed (``mergeState``).

The state is applied forward only; ``vassal.replay`` keeps what each step changed
as events, and rebuilds the board at any step from the start.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Protocol

from .commands import (AddPiece, BoardPlacement, ChangePiece, Command, GlobalPropertyValue, MovePiece,
                       MutableProperty, PlayerEntry, RemovePiece, SetBoards, TurnState, parse_command)
from .sequence import chain_parts, decode, encode, join_chain, split_chain, written_chain

#: what ``GameState._set_aside`` adds to the id of an object whose id a later AddPiece took
REPLACED = "#replaced"
DEFAULT_LAYER = 1  # DefaultPieceCollection: pieces that do not stack below (0), the rest above (1)


class MapRules(Protocol):
    """What a module says about its maps, for the few rules that depend on it."""

    def map_id(self, map_id: str) -> str | None:
        """The identifier of the map a file calls ``map_id`` (its name, or ``MapN``); None when the
        module has no such map (``Map.getMapById``)."""

    def stacking(self, map_id: str) -> bool: ...

    def layer(self, map_id: str, piece_type: str, piece_state: str) -> int: ...


class AnyMap:
    """Without a module every map a file names exists, stacks, and has VASSAL's default layers."""

    def map_id(self, map_id: str) -> str | None:
        return map_id

    def stacking(self, map_id: str) -> bool:
        return True

    def layer(self, map_id: str, piece_type: str, piece_state: str) -> int:
        return 0 if no_stack(piece_type) else DEFAULT_LAYER


@dataclass(eq=False)
class StackRecord:
    """A Stack or a Deck: its own map and point, its members (piece ids) bottom first."""

    id: str
    map: str | None
    x: int
    y: int
    members: list[str] = field(default_factory=list)
    layer: str = ""
    deck: bool = False
    serial: int = 0  # when it joined its map's piece list: VASSAL visits a map's pieces in that order


@dataclass(eq=False)
class PieceRecord:
    """A piece as the replay tracks it: ``state`` is the whole state chain as VASSAL would write it
    now (outermost trait first); ``map``/``x``/``y`` are the BasicPiece's own fields, ``parent``
    the Stack or Deck it is in (possibly one no longer on any map)."""

    id: str
    type: str
    state: str
    map: str | None = None
    x: int = 0
    y: int = 0
    parent: StackRecord | None = None
    serial: int = 0

    @property
    def states(self) -> list[str]:
        """The state chain split into one entry per trait, outermost first."""
        return list(chain_parts(self.state))

    @property
    def common_name(self) -> str:
        """The BasicPiece name (innermost type), cheap to get without decoding traits."""
        return basic_name(self.type)


@lru_cache(maxsize=1 << 12)
def basic_name(type_text: str) -> str:
    basic = chain_parts(type_text)[-1]
    if not basic.startswith("piece;"):
        return ""
    fields = decode(basic, ";")
    return fields[4] if len(fields) > 4 else ""


@lru_cache(maxsize=1 << 12)
def no_stack(type_text: str) -> bool:
    """VASSAL's ``NoStack`` property: the outermost Does Not Stack (``immob;``, unless its
    stacking option starts with ``L``) or Mat (``mat;``) trait says the piece never stacks."""
    if "immob;" not in type_text and "mat;" not in type_text:
        return False
    for part in chain_parts(type_text):
        if part.startswith("mat;"):
            return True
        if part.startswith("immob;"):
            fields = decode(part[len("immob;"):], ";")
            stacking = fields[2] if len(fields) > 2 else "R"
            return not stacking.startswith("L")
    return False


def vassal_id(obj_id: str) -> str:
    """The id VASSAL gives an object: ours, less what ``GameState._set_aside`` added."""
    return obj_id.split(REPLACED, 1)[0]


def parse_basic_state(state: str) -> tuple[str | None, int, int, str]:
    """``mapId;x;y;gpid;...`` -> (map or None, x, y, gpid), as ``BasicPiece.setState`` reads it."""
    f = decode(state, ";")
    f += [""] * (4 - len(f))
    return (None if f[0] == "null" else f[0]), _int(f[1]), _int(f[2]), f[3]


def _int(text: str) -> int:
    """``SequenceEncoder.Decoder.nextInt(0)``: a bad number reads as 0."""
    try:
        return int(text.strip())
    except ValueError:
        return 0


def with_position(state: str, map_id: str | None, x: int, y: int) -> str:
    """The state chain with the BasicPiece's map and point replaced (``BasicPiece.getState``)."""
    parts = list(chain_parts(state))
    fields = decode(parts[-1], ";")
    if len(fields) < 3:
        return state
    fields[0], fields[1], fields[2] = ("null" if map_id is None else map_id), str(x), str(y)
    parts[-1] = encode(fields, ";")
    return join_chain(parts)


class GameState:
    """The game state VASSAL would hold after the commands applied so far."""

    def __init__(self, rules: MapRules | None = None) -> None:
        self.rules: MapRules = rules or AnyMap()
        self.pieces: dict[str, PieceRecord] = {}
        self.stacks: dict[str, StackRecord] = {}
        # Map.pieces: the map whose piece list holds each top-level piece, stack or deck
        self.listing: dict[str, str] = {}
        # listed pieces, decks and non-empty stacks by exact point: what a move may merge with
        self._at: dict[tuple[str, int, int], set[str]] = {}
        self._point: dict[str, tuple[str, int, int]] = {}
        # empty stacks, kept as their state until something names them: saves carry tens of
        # thousands (VASSAL never throws an emptied stack away), and they can hold nothing; state and
        # serial in two maps of strings and ints, which the cycle collector never has to look at
        self._dormant: dict[str, str] = {}
        self._dormant_serial: dict[str, int] = {}
        self._serial = 0
        self.properties: dict[tuple[str, str], str] = {}
        self.turns: dict[str, str] = {}
        self.boards: dict[str, tuple[BoardPlacement, ...]] = {}
        # player id (a password) -> (name, side); never exposed, only used to name movers
        self._players: dict[str, tuple[str, str]] = {}
        self.roster: list[tuple[str, str]] = []

    # ------------------------------------------------------------ queries

    def get(self, obj_id: str) -> PieceRecord | StackRecord | None:
        """``GameState.getPieceForId``: pieces and stacks share one id space."""
        obj = self.pieces.get(obj_id) or self.stacks.get(obj_id)
        if obj is None and obj_id in self._dormant:
            obj = self._wake(obj_id)
        return obj

    _get = get

    def _wake(self, stack_id: str) -> StackRecord:
        """An empty stack named at last: made as its AddPiece would have made it."""
        state, serial = self._dormant.pop(stack_id), self._dormant_serial.pop(stack_id)
        stack = self.stacks[stack_id] = StackRecord(stack_id, None, 0, 0)
        self._set_stack_state(stack, state)
        stack.serial = serial
        return stack

    def _stays_empty(self, state: str) -> bool:
        """True when a Stack's state lists no piece that exists now (``Stack.setState``)."""
        fields = decode(state, ";")
        ids = fields[1:] if fields[0] == "null" else fields[3:]
        return all(t.startswith("@@") or t not in self.pieces for t in ids)

    @staticmethod
    def map_of(obj: PieceRecord | StackRecord) -> str | None:
        """``getMap``: a piece in a stack answers with its stack's map."""
        if isinstance(obj, PieceRecord) and obj.parent is not None:
            return obj.parent.map
        return obj.map

    @staticmethod
    def point_of(obj: PieceRecord | StackRecord) -> tuple[int, int]:
        if isinstance(obj, PieceRecord) and obj.parent is not None:
            return obj.parent.x, obj.parent.y
        return obj.x, obj.y

    def listed_on(self, obj: PieceRecord | StackRecord) -> str | None:
        """The map whose piece list holds the object or its stack: where VASSAL shows it."""
        if isinstance(obj, PieceRecord) and obj.parent is not None:
            if obj.id not in obj.parent.members:
                return None  # dropped from its stack's list but still pointing at it: on no map
            return self.listing.get(obj.parent.id) if self.stacks.get(obj.parent.id) is obj.parent else None
        return self.listing.get(obj.id)

    def position(self, piece_id: str) -> tuple[str | None, int, int]:
        """Where VASSAL shows the piece (or stack): the map listing it, and its point."""
        obj = self._get(piece_id)
        if obj is None:
            raise KeyError(piece_id)
        x, y = self.point_of(obj)
        return self.listed_on(obj), x, y

    def stack_of(self, piece_id: str) -> StackRecord | None:
        """The stack or deck whose member list holds the piece."""
        p = self.pieces.get(piece_id)
        return p.parent if p is not None and p.parent is not None and piece_id in p.parent.members else None

    def player_for_id(self, player_id: str) -> tuple[str, str] | None:
        return self._players.get(player_id)

    def at(self, map_id: str, x: int, y: int) -> list[PieceRecord | StackRecord]:
        """``Map.getPieces()`` at one point: lower layers first, each in the order they joined the map."""
        ids = self._at.get((map_id, x, y), ())
        objects = [o for o in (self._get(i) for i in ids) if o is not None]
        return sorted(objects, key=lambda o: (self._layer(map_id, o), o.serial))

    def _layer(self, map_id: str, obj: PieceRecord | StackRecord) -> int:
        if isinstance(obj, StackRecord):
            if obj.deck:
                return -1  # canMerge: a Deck merges with anything
            bottom = next((self.pieces[m] for m in obj.members if m in self.pieces), None)
            return DEFAULT_LAYER if bottom is None else self.rules.layer(map_id, bottom.type, bottom.state)
        return self.rules.layer(map_id, obj.type, obj.state)

    # ------------------------------------------------------------ VASSAL's methods

    def _reindex(self, obj: PieceRecord | StackRecord) -> None:
        """Keep the by-point index up to date after a move, a listing change or a stack filling
        up or emptying (an empty stack is no merge target, and saves hold thousands of them)."""
        old = self._point.pop(obj.id, None)
        if old is not None:
            bucket = self._at.get(old)
            if bucket is not None:
                bucket.discard(obj.id)
                if not bucket:
                    del self._at[old]
        map_id = self.listing.get(obj.id)
        if map_id is not None and (isinstance(obj, PieceRecord) or obj.deck or obj.members):
            key = (map_id, obj.x, obj.y)
            self._point[obj.id] = key
            self._at.setdefault(key, set()).add(obj.id)

    def _map_remove(self, map_id: str | None, obj_id: str) -> None:
        """``Map.removePiece``: out of the map's piece list, nothing else."""
        if map_id is not None and self.listing.get(obj_id) == map_id:
            del self.listing[obj_id]
            obj = self._get(obj_id)
            if obj is not None:
                self._reindex(obj)

    def _map_add(self, map_id: str, obj: PieceRecord | StackRecord) -> None:
        """``Map.addPiece``: out of its stack and any other map's list, onto this map's list."""
        if self.listing.get(obj.id) == map_id:
            return
        if isinstance(obj, PieceRecord) and obj.parent is not None:
            self._stack_remove(obj.parent, obj)
        old = self.map_of(obj)
        if old is not None and old != map_id:
            self._map_remove(old, obj.id)
        self._serial += 1
        obj.serial = self._serial
        self.listing[obj.id] = map_id
        obj.map = map_id
        self._reindex(obj)

    def _stack_remove(self, stack: StackRecord, piece: PieceRecord) -> None:
        """``Stack.remove``: out of the member list; the piece has no parent any more."""
        if piece.id in stack.members:
            stack.members.remove(piece.id)
            if not stack.members:
                self._reindex(stack)
        piece.parent = None

    def _insert_child(self, stack: StackRecord, piece: PieceRecord, index: int) -> None:
        """``Stack.insertChild``: out of its old stack (or its map's list), into this one at ``index``."""
        if piece.parent is not None:
            self._stack_remove(piece.parent, piece)
        elif piece.map is not None:
            self._map_remove(piece.map, piece.id)
        piece.parent = stack
        piece.map = stack.map  # BasicPiece.setParent: the piece takes its stack's map
        stack.members.insert(max(0, min(index, len(stack.members))), piece.id)
        if len(stack.members) == 1:
            self._reindex(stack)

    def _insert(self, stack: StackRecord, piece: PieceRecord, index: int) -> None:
        """``Stack.insert``: a member moves to ``index``, anything else is inserted there."""
        members = stack.members
        if piece.id not in members:
            self._insert_child(stack, piece, index)
            return
        old = members.index(piece.id)
        index = max(0, min(index, len(members)))
        if index > old:
            members.insert(index + 1, piece.id)
            del members[old]
        else:
            del members[old]
            members.insert(index, piece.id)

    def _place_at(self, obj: PieceRecord | StackRecord, map_id: str, x: int, y: int) -> None:
        """``Map.placeAt`` of a piece already in the game: take the point, join the map's list."""
        obj.x, obj.y = x, y
        self._reindex(obj)
        self._map_add(map_id, obj)

    def _made_stack(self, piece: PieceRecord, map_id: str | None, x: int, y: int) -> StackRecord:
        """A stack VASSAL makes during replay, holding ``piece``; VASSAL gives it a new id that no
        file names, so ours says whose it is."""
        self._serial += 1
        stack = StackRecord(f"{piece.id}#stack{self._serial}", map_id, x, y)
        self.stacks[stack.id] = stack
        self._insert_child(stack, piece, 0)
        return stack

    def _merge(self, map_id: str, fixed: PieceRecord | StackRecord, moving: PieceRecord | StackRecord) -> None:
        """``StackMetrics.merge`` of ``map_id``: ``moving`` goes directly above ``fixed`` (on top of a
        stack or deck), or joins ``fixed`` in a new stack."""
        if isinstance(fixed, StackRecord) and fixed.members and fixed.members[-1] in self.pieces:
            self._merge(map_id, self.pieces[fixed.members[-1]], moving)
            return
        parent = fixed.parent if isinstance(fixed, PieceRecord) else None
        index = parent.members.index(fixed.id) + 1 if parent is not None and fixed.id in parent.members else 0
        if moving is fixed or moving is parent:
            return
        if parent is None:
            if isinstance(fixed, StackRecord):
                parent, index = fixed, len(fixed.members)
            else:
                fixed_map = self.map_of(fixed)
                parent = self._made_stack(fixed, fixed_map, fixed.x, fixed.y)
                if fixed_map is not None:
                    self._place_at(parent, fixed_map, fixed.x, fixed.y)
                index = 1
        if isinstance(moving, StackRecord):
            for member in list(moving.members):
                if member in self.pieces:
                    self._insert_child(parent, self.pieces[member], index)
                    index += 1
            return
        if moving.parent is parent and moving.id in parent.members and parent.members.index(moving.id) < index:
            index -= 1
        moving_map = self.map_of(moving)
        if moving_map is not None and moving_map != map_id:
            self._map_remove(moving_map, moving.id)
        self._insert(parent, moving, index)

    # ------------------------------------------------------------ commands

    def apply_texts(self, texts: Iterable[str]) -> None:
        """``apply`` of each command text in turn. A save's start state holds tens of thousands of
        empty stacks (``+/id/stack/map;x;y;@@layer``, no escapes): those are read straight from
        the text and kept dormant, without making a command of them."""
        pieces, stacks, dormant, serials = self.pieces.keys(), self.stacks, self._dormant, self._dormant_serial
        for text in texts:
            if text.startswith("+/") and "/stack/" in text and "\\" not in text and "'" not in text:
                fields = text[2:].split("/")
                if len(fields) == 3 and fields[1] == "stack" and fields[0] not in pieces \
                        and fields[0] not in stacks and fields[0] not in dormant:
                    tokens = fields[2].split(";")
                    if pieces.isdisjoint(tokens[1:] if tokens[0] == "null" else tokens[3:]):
                        self._serial += 1
                        dormant[fields[0]] = fields[2]
                        serials[fields[0]] = self._serial
                        continue
            self.apply(parse_command(text))

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
            self.properties[(c.container, c.name)] = c.new
        elif isinstance(c, GlobalPropertyValue):
            self.properties[(c.container, c.name)] = c.value
        elif isinstance(c, TurnState):
            self.turns[c.tracker] = c.state
        elif isinstance(c, SetBoards):
            self.boards[c.map_id] = c.boards
        elif isinstance(c, PlayerEntry):
            self._players[c.player_id] = (c.name, c.side)
            if (c.name, c.side) not in self.roster:
                self.roster.append((c.name, c.side))

    def _map(self, map_id: str | None) -> str | None:
        """``Map.getMapById``: a map the module does not have is no map."""
        return None if map_id is None else self.rules.map_id(map_id)

    def _add(self, c: AddPiece) -> None:
        """``AddPiece``: make a new object, register it under its id, then ``setState``. An object
        already under that id stays where it is (``_set_aside``)."""
        old = self.get(c.id)
        if old is not None:
            self._set_aside(old)
        if c.is_stack:
            if c.type == "stack" and self._stays_empty(c.state):
                self._serial += 1
                self._dormant[c.id] = c.state
                self._dormant_serial[c.id] = self._serial
                return
            stack = self.stacks[c.id] = StackRecord(c.id, None, 0, 0, deck=c.type.startswith("deck;"))
            self._set_stack_state(stack, c.state)
            return
        piece = self.pieces[c.id] = PieceRecord(c.id, c.type, "")
        self._set_piece_state(piece, c.state)

    def _set_aside(self, obj: PieceRecord | StackRecord) -> None:
        """An AddPiece of an id in use: VASSAL's id map (``GameState.addPiece``) names the new
        object from then on, and the old one stays on its map and in its stack, where no command
        can reach it. Ours goes on under the id ``<id>#replacedN`` (VASSAL's still says ``<id>``)."""
        self._serial += 1
        old_id, new_id = obj.id, f"{obj.id}{REPLACED}{self._serial}"
        point = self._point.pop(old_id, None)
        if point is not None:
            self._at[point].discard(old_id)
            self._at[point].add(new_id)
            self._point[new_id] = point
        if old_id in self.listing:
            self.listing[new_id] = self.listing.pop(old_id)
        obj.id = new_id
        if isinstance(obj, PieceRecord):
            self.pieces[new_id] = self.pieces.pop(old_id)
            if obj.parent is not None and old_id in obj.parent.members:
                obj.parent.members[obj.parent.members.index(old_id)] = new_id
        else:
            self.stacks[new_id] = self.stacks.pop(old_id)

    def _set_stack_state(self, stack: StackRecord, state: str) -> None:
        """``Stack.setState`` (``map;x;y;id;...;@@layer``) or ``Deck.setState``
        (``map;x;y;faceDown;id,id,...``): the listed pieces become the members, bottom first."""
        f = decode(state, ";")
        map_id = f[0] if f else ""
        if stack.deck:
            x, y = _int(f[1]) if len(f) > 1 else 0, _int(f[2]) if len(f) > 2 else 0
            ids = [i for token in f[4:5] for i in decode(token, ",")]
        elif map_id == "null":  # VASSAL reads no point after a null map: the next tokens are ids
            x, y, ids = 0, 0, f[1:]
        else:
            x, y = _int(f[1]) if len(f) > 1 else 0, _int(f[2]) if len(f) > 2 else 0
            ids = f[3:]
        stack.x, stack.y = x, y
        stack.members = []
        for token in ids:
            piece = self.pieces.get(token)
            if piece is not None:
                self._insert_child(stack, piece, len(stack.members))
            elif token.startswith("@@"):
                stack.layer = token
        target = self._map(None if map_id == "null" else map_id)
        if target != stack.map:
            if target is not None:
                self._map_add(target, stack)
            else:
                stack.map = None  # VASSAL leaves it on the old map's list
        self._reindex(stack)

    def _set_piece_state(self, piece: PieceRecord, state: str) -> None:
        """``Decorator.setState`` down to ``BasicPiece.setState``: a new map takes the piece onto its
        list (out of its stack); no map takes it off the list, leaving any stack it is in."""
        piece.state = state
        map_id, x, y, _ = parse_basic_state(chain_parts(state)[-1])
        old = self.map_of(piece)
        target = self._map(map_id)
        piece.x, piece.y = x, y
        if piece.parent is None:
            self._reindex(piece)
        if target != old:
            if target is not None:
                self._map_add(target, piece)
            else:
                self._map_remove(old, piece.id)
                piece.map = None

    def _merge_piece_state(self, piece: PieceRecord, new: str, old: str) -> None:
        """``mergeState``: each trait whose state differs between old and new takes the new one.
        So does the BasicPiece, and only then does it read its map and point again: a card whose
        state names another map stays in the hand it was put in if the command did not change that."""
        news, olds = chain_parts(new), chain_parts(old)
        current = news if piece.state == old else chain_parts(piece.state)
        if not len(current) == len(news) == len(olds):
            self._set_piece_state(piece, new)
            return
        if (current is news or current[:-1] == olds[:-1]) and _plain_basic(new, news):
            # every trait as the command last saw it (the usual case: ours differs from its old state in
            # the BasicPiece's point only, as a stacked piece's does), so each takes its new state
            if news[-1] != olds[-1]:
                self._set_piece_state(piece, new)
            elif current is news:
                piece.state = new
            elif _plain_basic(piece.state, current):
                piece.state = new[:len(new) - len(news[-1])] + current[-1]
            else:
                piece.state = join_chain(list(news[:-1]) + [current[-1]])
            return
        merged = [n if n != o else c for c, n, o in zip(current[:-1], news[:-1], olds[:-1])]
        if news[-1] != olds[-1]:
            self._set_piece_state(piece, join_chain(merged + [news[-1]]))
        else:
            piece.state = join_chain(merged + [current[-1]])

    def _remove(self, obj_id: str) -> None:
        """``RemovePiece``: off its map's list and out of its stack; a removed stack keeps its
        members (which are then on no map)."""
        obj = self._get(obj_id)
        if obj is None:
            return
        map_id = self.map_of(obj)
        parent = obj.parent if isinstance(obj, PieceRecord) else None
        if map_id is not None:
            self._map_remove(map_id, obj.id)
            obj.map = None
        if parent is not None:
            self._stack_remove(parent, obj)
        if isinstance(obj, PieceRecord):
            del self.pieces[obj_id]
        else:
            del self.stacks[obj_id]

    def _change(self, c: ChangePiece) -> None:
        obj = self._get(c.id)
        if isinstance(obj, StackRecord):
            if c.old_state is not None and not obj.deck and c.old_state != self.stack_state(obj):
                self._set_stack_state(obj, _merge_stack_state(c.new_state, c.old_state, obj.members))
            else:
                self._set_stack_state(obj, c.new_state)
        elif obj is not None:
            if c.old_state is None:
                self._set_piece_state(obj, c.new_state)
            else:
                self._merge_piece_state(obj, c.new_state, c.old_state)

    @staticmethod
    def stack_state(stack: StackRecord) -> str:
        """``Stack.getState``."""
        head = ["null" if stack.map is None else stack.map, str(stack.x), str(stack.y)]
        return encode(head + [vassal_id(m) for m in stack.members] + [stack.layer or "@@-1"], ";")

    def _move(self, c: MovePiece) -> None:
        """``MovePiece.executeCommand``."""
        obj = self._get(c.id)
        if obj is None:
            return
        target = self._map(c.new_map)
        if target is None:  # the old map drops it from its list; a stacked piece stays stacked
            self._map_remove(self._map(c.old_map), obj.id)
            return
        point = (c.new_x, c.new_y)
        if c.new_under is not None:
            under = self._get(c.new_under)
            if under is not None and self.point_of(under) == point and self.map_of(under) == target:
                self._merge(target, under, obj)
                return
            if not self._merge_into_existing(target, obj, point):
                self._stack_or_place(obj, target, point)
            return
        if not self._merge_into_existing(target, obj, point):
            self._stack_or_place(obj, target, point)
        if isinstance(obj, PieceRecord) and obj.parent is not None:
            self._insert(obj.parent, obj, 0)

    def _stack_or_place(self, obj: PieceRecord | StackRecord, map_id: str, point: tuple[int, int]) -> None:
        """``MovePiece.stackOrPlacePiece``: a lone stackable piece gets a stack of its own."""
        if (isinstance(obj, PieceRecord) and obj.parent is None and self.rules.stacking(map_id)
                and not no_stack(obj.type)):
            stack = self._made_stack(obj, map_id, *point)
            self._place_at(stack, map_id, *point)
        else:
            self._place_at(obj, map_id, *point)

    def _merge_into_existing(self, map_id: str, moving: PieceRecord | StackRecord,
                             point: tuple[int, int]) -> bool:
        """``MovePiece.createMergeFinder``: the first deck, stack or piece at exactly ``point`` that
        the moving piece may join, in the map's own order; True if it merged."""
        stacking = self.rules.stacking(map_id)
        moving_no_stack = isinstance(moving, PieceRecord) and no_stack(moving.type)
        for other in self.at(map_id, *point):
            if isinstance(other, StackRecord) and other.deck:
                self._merge(map_id, other, moving)
                return True
            if not stacking or moving_no_stack:
                continue
            if isinstance(other, StackRecord):
                mergeable = bool(other.members)
            else:
                mergeable = not no_stack(other.type)
            if mergeable and self._layer(map_id, moving) == self._layer(map_id, other):
                self._merge(map_id, other, moving)
                return True
        return False


def _plain_basic(state: str, parts: tuple[str, ...]) -> bool:
    """Whether ``state`` is written as VASSAL writes it and ends in its BasicPiece's state as is
    (no tab in it to escape, nothing to quote): that part can then be swapped by slicing."""
    last = parts[-1]
    return written_chain(state) is not None and "\t" not in last and not last.startswith(("\\", "'"))


def _merge_stack_state(new: str, old: str, members: list[str]) -> str:
    """``Stack.mergeState`` when the stack changed since ``old``: members the command did not know
    of stay, each right above the member that was below it."""
    new_f, old_f = decode(new, ";"), decode(old, ";")
    new_contents, old_contents = new_f[3:], old_f[3:]
    for i, member in enumerate(members):
        if member not in new_contents and member not in old_contents:
            at = -1 if i == 0 else (new_contents.index(members[i - 1]) if members[i - 1] in new_contents else -1)
            new_contents.insert(at + 1, member)
    return encode(new_f[:3] + new_contents, ";")
