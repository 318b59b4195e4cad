"""The command stream of a save or log: the tree, and typed commands.

A saved game is one command tree encoded with ESC as the separator (format
reference §5.3). Each node's own text is one command; its children run after
it, in order, so a pre-order walk is execution order. Decoding must follow
VASSAL's recursion exactly: nested levels escape ESC with backslashes, so a
plain ``split('\\x1b')`` breaks steps apart.

Typed commands keep every field as the text VASSAL wrote, so ``encode()``
gives back the same bytes; numeric views are properties.
"""

from __future__ import annotations

import functools
import re
from itertools import accumulate, compress, count, filterfalse, repeat
from operator import eq, sub
from dataclasses import dataclass, field
from typing import Callable, Iterator

from .errors import FormatError
from .sequence import ESC, decode, encode

# ---------------------------------------------------------------- the tree


@dataclass(frozen=True, slots=True)
class Node:
    """One command (``text``) followed by the commands it carries."""

    text: str
    children: tuple["Node", ...] = ()

    def walk(self) -> Iterator["Node"]:
        """Pre-order: the node, then each child's subtree (execution order)."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


#: Real saves nest commands a few levels deep; a hostile file could nest thousands.
MAX_DEPTH = 200


def parse_tree(text: str, _depth: int = 0) -> Node:
    """Decode like ``GameModule.decode``: first token is the command, the rest its children."""
    if _depth > MAX_DEPTH:
        raise FormatError(f"commands nested more than {MAX_DEPTH} levels deep", "savedGame")
    if ESC not in text:  # a single command: most of a save's tens of thousands
        return Node(text)
    tokens = decode(text, ESC)
    if len(tokens) == 1 and tokens[0] == text:
        return Node(text)
    first = parse_tree(tokens[0], _depth + 1)
    rest = tuple(Node(t) if ESC not in t else parse_tree(t, _depth + 1) for t in tokens[1:])
    return Node(first.text, first.children + rest)


def command_runs(text: str) -> tuple[str, list[list[str]]]:
    """``parse_tree(text)`` as the root's text and, for each of its children, the texts of its
    subtree in execution order, read in one pass: what ``split_stream`` needs.

    A save is one or two nested levels holding tens of thousands of commands in ~10 MB;
    decoding level by level splits and re-joins the text once per level. In a pre-order walk
    the commands come in text order, and the separator after a command sits at the depth of
    the backslashes before it (each enclosing level escaped it once, and VASSAL's decoder
    counts a command's own trailing backslash the same way), so one split gives the commands
    and the depths give the children: a new child starts at each separator no deeper than
    every one before it. Quoted tokens, unquoted level by level, take the level-by-level way.
    """
    if text.startswith("'") or ESC + "'" in text:
        root = parse_tree(text)
        return root.text, [[n.text for n in child.walk()] for child in root.children]
    # maps over builtins throughout: no Python-level step for each of the tens of thousands of commands
    pieces = text.split(ESC)
    last = pieces.pop()
    texts = list(map(str.rstrip, pieces, repeat("\\")))
    depths = list(map(sub, map(len, pieces), map(len, texts)))
    texts.append(last)
    if depths and max(depths) > MAX_DEPTH:
        raise FormatError(f"commands nested more than {MAX_DEPTH} levels deep", "savedGame")
    # separator i starts a child when it is no deeper than any before it: it is the running minimum
    starts = list(compress(count(1), map(eq, depths, accumulate(depths, min))))
    return texts[0], [texts[a:b] for a, b in zip(starts, starts[1:] + [len(texts)])]


def encode_tree(node: Node) -> str:
    """Encode like ``GameModule.encode``."""
    if not node.children:
        return node.text
    return encode([node.text] + [encode_tree(c) for c in node.children], ESC)


# ---------------------------------------------------------------- typed commands


@dataclass(frozen=True, slots=True)
class Command:
    """A command whose text we did not recognise: kept verbatim, never dropped.

    ``text`` is left out of ``repr`` because several commands carry a player's
    password (the "player id") inside it.
    """

    text: str = field(repr=False)

    def encode(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Empty(Command):
    """An empty field or VASSAL's ``null`` placeholder for a command it could not encode."""


@dataclass(frozen=True, slots=True)
class BeginSave(Command):
    """``begin_save``: the start of a save's restored state."""


@dataclass(frozen=True, slots=True)
class EndSave(Command):
    """``end_save``: the end of the restored state; top-level commands after it are the log's steps."""


@dataclass(frozen=True, slots=True)
class AddPiece(Command):
    """``+/id/type/state``: create a piece (or a ``stack``, or a ``deck;``)."""

    id: str = ""
    type: str = ""
    state: str = ""

    @classmethod
    def make(cls, id: str, type: str, state: str) -> "AddPiece":
        return cls(_encode_slash("+", [id, type, state]), id, type, state)

    @property
    def is_stack(self) -> bool:
        """A Stack, or a Deck (VASSAL's Deck is a kind of Stack: a container, not a piece)."""
        return self.type == "stack" or self.type.startswith("deck;")


@dataclass(frozen=True, slots=True)
class RemovePiece(Command):
    """``-/id``: the rest of the text is the id, unescaped."""

    id: str = ""

    @classmethod
    def make(cls, id: str) -> "RemovePiece":
        return cls("-/" + id, id)


@dataclass(frozen=True, slots=True)
class ChangePiece(Command):
    """``D/id/newState[/oldState]``: the whole state chain, outermost trait first."""

    id: str = ""
    new_state: str = ""
    old_state: str | None = None

    @classmethod
    def make(cls, id: str, new_state: str, old_state: str | None = None) -> "ChangePiece":
        fields = [id, new_state] + ([old_state] if old_state is not None else [])
        return cls(_encode_slash("D", fields), id, new_state, old_state)


@dataclass(frozen=True, slots=True)
class MovePiece(Command):
    """``M/id/newMap/newX/newY/newUnder/oldMap/oldX/oldY/oldUnder/playerId``.

    The last field is the mover's *password*; it is kept only so the command
    re-encodes, is excluded from ``repr``, and must never be shown.
    """

    id: str = ""
    new_map: str | None = None
    new_x: int = 0
    new_y: int = 0
    new_under: str | None = None
    old_map: str | None = None
    old_x: int = 0
    old_y: int = 0
    old_under: str | None = None
    player_id: str = field(default="", repr=False)

    @classmethod
    def make(cls, id, new_map, new_pos, new_under, old_map, old_pos, old_under, player_id) -> "MovePiece":
        fields = [id, _null(new_map), str(new_pos[0]), str(new_pos[1]), _null(new_under),
                  _null(old_map), str(old_pos[0]), str(old_pos[1]), _null(old_under), player_id]
        return cls(_encode_slash("M", fields), id, new_map, int(new_pos[0]), int(new_pos[1]), new_under,
                   old_map, int(old_pos[0]), int(old_pos[1]), old_under, player_id)


@dataclass(frozen=True, slots=True)
class Chat(Command):
    """``CHAT<text>``: a chat line or a report (dice, moves, turn), HTML-escaped by VASSAL."""

    message: str = ""

    @classmethod
    def make(cls, message: str) -> "Chat":
        return cls("CHAT" + message, message)


@dataclass(frozen=True, slots=True)
class Log(Command):
    """``LOG\\t<command>``: one logged command; a top-level one is one replay step."""

    inner: Command = field(default_factory=lambda: Empty(""))

    @classmethod
    def make(cls, inner: Command) -> "Log":
        return cls("LOG\t" + inner.encode(), inner)


@dataclass(frozen=True, slots=True)
class Undo(Command):
    """``UNDO\\ttrue`` opens an undo block, ``UNDO\\tfalse`` closes it (VASSAL 3.6.7+)."""

    begin: bool = True

    @classmethod
    def make(cls, begin: bool) -> "Undo":
        return cls("UNDO\t" + ("true" if begin else "false"), begin)


@dataclass(frozen=True, slots=True)
class BoardPlacement:
    """One board of a map's BoardPicker command: its name, whether reversed, its column and row."""

    board: str
    reversed: bool
    column: int
    row: int


@dataclass(frozen=True, slots=True)
class SetBoards(Command):
    """``<mapId>BoardPicker\\t<board>[/rev]\\t<col>\\t<row>...``: the boards on a map."""

    map_id: str = ""
    boards: tuple[BoardPlacement, ...] = ()

    @classmethod
    def make(cls, map_id: str, boards: list[BoardPlacement]) -> "SetBoards":
        tokens = [map_id + "BoardPicker"]
        for b in boards:
            tokens += [b.board + ("/rev" if b.reversed else ""), str(b.column), str(b.row)]
        return cls(encode(tokens, "\t"), map_id, tuple(boards))


@dataclass(frozen=True, slots=True)
class GlobalPropertyValue(Command):
    """``GlobalProperty\\t;name;value;container``: a property's value restored by a save."""

    name: str = ""
    value: str = ""
    container: str = ""


@dataclass(frozen=True, slots=True)
class MutableProperty(Command):
    """``MutableProperty\\tname\\told\\tnew\\tcontainer``: a global/map/zone property changed."""

    name: str = ""
    old: str = ""
    new: str = ""
    container: str = ""

    @classmethod
    def make(cls, name: str, old: str, new: str, container: str = "Module") -> "MutableProperty":
        return cls(encode(["MutableProperty", name, old, new, container], "\t"), name, old, new, container)


@dataclass(frozen=True, slots=True)
class PlayerEntry(Command):
    """``PLAYER\\tid\\tname\\tside``. The id is the player's password: excluded from repr."""

    player_id: str = field(default="", repr=False)
    name: str = ""
    side: str = ""


@dataclass(frozen=True, slots=True)
class PlayerRemoved(Command):
    """``PYREMOVE\\t<id>``: a player left the roster. The id is a password: excluded from repr."""

    player_id: str = field(default="", repr=False)


@dataclass(frozen=True, slots=True)
class TurnState(Command):
    """``TURN<trackerId>\\t<state>``."""

    tracker: str = ""
    state: str = ""


@dataclass(frozen=True, slots=True)
class SpecialDiceResults(Command):
    """``SHOW_RESULTS\t<button>\t<face>...``: a SpecialDiceButton's roll, one face index
    (0-based) per die, in the button's die order. Its ``<button>_result`` property holds only
    the sum of the faces' values, so the faces are read from here."""

    button: str = ""
    faces: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SetupStackMarker(Command):
    """``SETUP_STACK\\t``: the game is not new, so at-start stacks are not created again."""


@dataclass(frozen=True, slots=True)
class Unmask(Command):
    """``UNMASK\\t...``: which players may unmask; holds passwords, so no fields are exposed."""


@dataclass(frozen=True, slots=True)
class Notes(Command):
    """Scenario, public, private or secret notes (``NOTES``, ``PNOTES``, ``PNOTE``, ``SNOTE``)."""

    kind: str = ""


_SIMPLE_PREFIXES: tuple[tuple[str, type[Command]], ...] = (
    ("SETUP_STACK\t", SetupStackMarker),
    ("UNMASK\t", Unmask),
    ("NOTES\t", Notes),
    ("PNOTES\t", Notes),
    ("PNOTE\t", Notes),
    ("SNOTE\t", Notes),
)

_BOARD_PICKER = re.compile(r"^([^\t]*)BoardPicker(\t|$)")


def parse_command(text: str) -> Command:
    """Type one command's own text. Anything unrecognised comes back as ``Command``."""
    if text in ("", "null"):
        return Empty(text)
    if text == "begin_save":
        return BeginSave(text)
    if text == "end_save":
        return EndSave(text)
    head = text[:2]
    if head == "+/":
        f = decode(text[2:], "/")
        if len(f) >= 3:
            return AddPiece(text, f[0], f[1], f[2])
        return Command(text)
    if head == "-/":
        return RemovePiece(text, text[2:])
    if head == "D/":
        f = decode(text[2:], "/")
        if len(f) >= 2:
            return ChangePiece(text, f[0], f[1], f[2] if len(f) > 2 else None)
        return Command(text)
    if head == "M/":
        f = decode(text[2:], "/")
        if len(f) >= 10:
            try:
                return MovePiece(text, f[0], _unnull(f[1]), int(f[2]), int(f[3]), _unnull(f[4]),
                                 _unnull(f[5]), int(f[6]), int(f[7]), _unnull(f[8]),
                                 f[9] if len(f) > 9 else "")
            except ValueError:
                return Command(text)
        return Command(text)
    if text.startswith("CHAT"):
        return Chat(text, text[4:])
    if text.startswith("LOG\t"):
        return Log(text, parse_command(text[4:]))
    if text.startswith("UNDO\t"):
        return Undo(text, text[5:] == "true")
    if text.startswith("MutableProperty\t"):
        f = decode(text, "\t")
        f += [""] * (5 - len(f))
        return MutableProperty(text, f[1], f[2], f[3], f[4])
    if text.startswith("GlobalProperty\t"):
        f = decode(text[len("GlobalProperty\t"):], ";")
        f += [""] * (4 - len(f))
        return GlobalPropertyValue(text, f[1], f[2], f[3])
    if text.startswith("PLAYER\t"):
        f = decode(text, "\t")
        f += [""] * (4 - len(f))
        return PlayerEntry(text, f[1], f[2], f[3])
    if text.startswith("PYREMOVE\t"):
        return PlayerRemoved(text, text[len("PYREMOVE\t"):])
    if text.startswith("SHOW_RESULTS\t"):
        f = decode(text, "\t")
        try:
            return SpecialDiceResults(text, f[1] if len(f) > 1 else "", tuple(int(i) for i in f[2:]))
        except ValueError:
            return Command(text)
    if text.startswith("TURN"):
        tab = text.find("\t")
        if tab > 4:
            return TurnState(text, text[4:tab], text[tab + 1:])
    for prefix, cls in _SIMPLE_PREFIXES:
        if text.startswith(prefix):
            return Notes(text, prefix.strip()) if cls is Notes else cls(text)
    m = _BOARD_PICKER.match(text)
    if m:
        return _parse_set_boards(text, m.group(1))
    return Command(text)


def _parse_set_boards(text: str, map_id: str) -> Command:
    f = decode(text, "\t")[1:]
    boards = []
    for i in range(0, len(f) - 2, 3):
        name = f[i]
        rev = name.endswith("/rev")
        try:
            boards.append(BoardPlacement(name[:-4] if rev else name, rev, int(f[i + 1]), int(f[i + 2])))
        except ValueError:
            return Command(text)
    return SetBoards(text, map_id, tuple(boards))


def _encode_slash(prefix: str, fields: list[str]) -> str:
    return prefix + "/" + encode(fields, "/")


def _null(v: str | None) -> str:
    return "null" if v is None else v


def _unnull(v: str) -> str | None:
    return None if v == "null" else v


# ---------------------------------------------------------------- the save as steps


@dataclass(frozen=True)
class Stream:
    """A save or log split the way VASSAL replays it.

    ``setup_texts`` holds the command texts up to and including ``end_save`` (the
    start state, pre-order), which ``setup`` gives typed; each entry of ``steps`` is
    the pre-order command list of one top-level ``LOG`` field, with the ``LOG``
    wrappers removed. A start state holds tens of thousands of commands, so they are
    typed only when asked for (``GameState.apply_texts`` reads them untyped).
    """

    setup_texts: tuple[str, ...]
    steps: tuple[tuple[Command, ...], ...]
    # top-level commands after end_save that are not LOG steps (rare): VASSAL runs them when it
    # loads the file, so they belong to the start state, after end_save
    trailing: tuple[Command, ...] = ()

    @functools.cached_property
    def setup(self) -> tuple[Command, ...]:
        return tuple(parse_command(t) for t in self.setup_texts)


#: VASSAL's placeholders for commands it could not encode: they never decode
NULL_COMMANDS = frozenset({"null", "LOG\tnull"})


def decodes_anything(text: str) -> bool:
    """Without a module: every command decodes but VASSAL's ``null`` placeholder."""
    return text not in NULL_COMMANDS


def split_stream(text: str, decodes: Callable[[str], bool] = decodes_anything) -> Stream:
    """The file's commands as VASSAL queues them on loading (``GameState.loadGame``).

    ``decodes(text)`` says whether VASSAL decodes one command with the module at hand
    (``vassal.decodable``); what it cannot decode is never executed. A top-level
    command after ``end_save`` is one replay step when the first part of it that
    decodes is a ``LOG``; one where nothing decodes is no step at all (VASSAL does
    not count it); anything else runs when the file loads, with the start state.
    """
    root, children = command_runs(text)
    setup: list[str] = [root]
    steps: list[tuple[Command, ...]] = []
    trailing: list[Command] = []
    in_setup = True
    for child in children:
        # without a module, a set lookup per command rather than a call: a save holds tens of thousands
        texts = list(filterfalse(NULL_COMMANDS.__contains__, child)) if decodes is decodes_anything else \
            [t for t in child if decodes(t)]
        if in_setup:
            setup.extend(texts)
            if child[0] == "end_save" or "end_save" in texts:
                in_setup = False
            continue
        if not texts:
            continue
        if texts[0].startswith("LOG\t"):
            steps.append(tuple(_unlog(parse_command(t)) for t in texts))
        else:
            trailing.extend(parse_command(t) for t in texts if not t.startswith("LOG\t"))
            steps.extend((_unlog(parse_command(t)),) for t in texts if t.startswith("LOG\t"))
    return Stream(tuple(setup), tuple(steps), tuple(trailing))


def _unlog(c: Command) -> Command:
    return c.inner if isinstance(c, Log) else c
