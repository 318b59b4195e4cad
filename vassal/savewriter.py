"""Write the command text of saves and logs (format reference §5.4, §5.7, §5.10).

Used for the builder's predefined setups, and for synthetic logs in tests so the
referee can be exercised on logs we make (undo blocks, re-rolls, broken chains)
as well as on real ones. The shapes follow what VASSAL writes: the restore
block nests its AddPieces under an empty command, each logged action is one
top-level ``LOG`` field whose children are ``LOG`` fields too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .commands import (AddPiece, BoardPlacement, Chat, Command, Log, MutableProperty, Node, SetBoards, Undo,
                       encode_tree)
from .gamestate import join_chain, split_chain
from .sequence import TAB, decode, encode


@dataclass(frozen=True)
class Placement:
    """One piece to put on the board: its full (expanded) type and state chains."""

    id: str
    type: str
    state: str
    map: str
    x: int
    y: int


def with_position(state: str, map_id: str | None, x: int, y: int) -> str:
    """The state chain with its BasicPiece (innermost) state moved to ``map_id`` at (x, y)."""
    parts, canonical = _split(state)
    fields = decode(parts[-1], ";")
    fields += [""] * (4 - len(fields))
    fields[0], fields[1], fields[2] = ("null" if map_id is None else map_id), str(x), str(y)
    moved = encode(fields, ";")
    fast = _swap_innermost(state, len(parts) - 1, parts[-1], moved) if canonical else None
    return fast if fast is not None else join_chain([*parts[:-1], moved])


@lru_cache(maxsize=4096)
def _split(state: str) -> tuple[tuple[str, ...], bool]:
    """The chain's parts, and whether `join_chain` writes them back as exactly `state`.
    Cached: a setup places the same unit state at many points (Into the Woods: 3,116
    placements of 869 states)."""
    parts = tuple(split_chain(state))
    return parts, join_chain(parts) == state


def _quoted_alone(token: str) -> bool:
    """Whether `encode_token(token, TAB, last=True)` wraps the token in quotes."""
    return token.startswith("\\") or (token.startswith("'") and token.endswith("'"))


def _swap_innermost(state: str, levels: int, old: str, new: str) -> str | None:
    """`join_chain` of `state`'s parts with the innermost `old` replaced by `new`, by
    slicing instead of re-encoding every level; None when that shortcut is not exact.

    In a canonical chain each level escapes the inner text's TABs once and quotes it
    only if it starts with a backslash or starts and ends with a quote. When `old` and
    `new` are both unquoted and end in neither a quote nor a TAB, every level makes the
    same choice for both, so the innermost text sits at the end of `state` with each TAB
    behind `levels` backslashes, followed by one quote per quoted level.
    """
    if levels == 0:
        return new
    if not old or not new or _quoted_alone(old) or _quoted_alone(new) or old[-1] in "'\t" or new[-1] in "'\t":
        return None
    escape = "\\" * levels + TAB
    end = len(state.rstrip("'"))
    start = end - len(old.replace(TAB, escape))
    if start < 0 or state[start:end] != old.replace(TAB, escape):
        return None
    return state[:start] + new.replace(TAB, escape) + state[end:]


def stack_state(map_id: str, x: int, y: int, member_ids: Sequence[str], layer: int = -1) -> str:
    return encode([map_id, str(x), str(y), *member_ids, f"@@{layer}"], ";")


def restore_commands(placements: Sequence[Placement],
                     boards: Mapping[str, Sequence[BoardPlacement]] = {},
                     properties: Iterable[tuple[str, str, str]] = (),
                     has_setup_stacks: bool = False,
                     stack_id: Callable[[int], str] | None = None) -> list[Node]:
    """Children of ``begin_save``: pieces, their stacks, boards, properties, end_save.

    Pieces at the same map point are stacked in the order given (bottom first),
    as VASSAL keeps every stackable piece on a map inside a Stack.
    """
    add_pieces = [Node(AddPiece.make(p.id, p.type, with_position(p.state, p.map, p.x, p.y)).text)
                  for p in placements]
    groups: dict[tuple[str, int, int], list[str]] = {}
    for p in placements:
        groups.setdefault((p.map, p.x, p.y), []).append(p.id)
    make_id = stack_id or (lambda i: f"stack{i}")
    stacks = [Node(AddPiece.make(make_id(i), "stack", stack_state(m, x, y, ids)).text)
              for i, ((m, x, y), ids) in enumerate(groups.items())]
    nodes = [Node(""), Node("", tuple(add_pieces + stacks))]
    nodes += [Node(SetBoards.make(map_id, list(bs)).text) for map_id, bs in boards.items()]
    nodes += [Node("GlobalProperty\t" + encode(["", name, value, container], ";"))
              for name, value, container in properties]
    if has_setup_stacks:
        nodes.append(Node("SETUP_STACK\t"))
    nodes.append(Node("end_save"))
    return nodes


def save_text(placements: Sequence[Placement], boards: Mapping[str, Sequence[BoardPlacement]] = {},
              properties: Iterable[tuple[str, str, str]] = (), has_setup_stacks: bool = False) -> str:
    """The whole ``savedGame`` text of a save (no log steps)."""
    return encode_tree(Node("begin_save", tuple(restore_commands(placements, boards, properties,
                                                                   has_setup_stacks))))


class LogWriter:
    """Builds a ``.vlog`` text: a start state, then one step per call."""

    def __init__(self, start: Sequence[Node]):
        self._start = list(start)
        self._steps: list[Node] = []

    @classmethod
    def from_placements(cls, placements: Sequence[Placement], **kwargs) -> "LogWriter":
        return cls(restore_commands(placements, **kwargs))

    def step(self, *commands: Command) -> "LogWriter":
        """One logged action: the first command carries the others as children."""
        if not commands:
            raise ValueError("a step needs at least one command")
        logs = [Node(Log.make(c).text) for c in commands]
        self._steps.append(Node(logs[0].text, tuple(logs[1:])))
        return self

    def chat(self, player: str, text: str) -> "LogWriter":
        return self.step(Chat.make(f"&lt;{player}&gt; - {text}"))

    def roll(self, player: str, name: str, values: Sequence[int], previous: str = "") -> "LogWriter":
        """A DiceButton roll with its default report and the properties it sets."""
        result = ",".join(str(v) for v in values)
        return self.step(Chat.make(f"*** {name} = {result} *** &lt;{player}&gt;"),
                         MutableProperty.make(f"{name}_result", previous, result),
                         MutableProperty.make(f"{name}_total", "0", str(sum(values))))

    def undo(self, description: str, *inverse: Command) -> "LogWriter":
        """An undo block as VASSAL 3.6.7+ writes it: UNDO true, the inverse commands, UNDO false."""
        body = Node(Log.make(Chat.make(f"* UNDO: {description}")).text,
                    tuple(Node(Log.make(c).text) for c in inverse))
        self._steps.append(Node(Log.make(Undo.make(True)).text,
                                (body, Node(Log.make(Undo.make(False)).text))))
        return self

    def text(self) -> str:
        return encode_tree(Node("begin_save", tuple(self._start + self._steps)))
