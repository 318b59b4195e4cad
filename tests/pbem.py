"""A PBEM game as VASSAL records it, for the end-to-end test.

Each player loads the position he was sent, acts, and saves a ``.vlog``: a start
state (``begin_save`` ... ``end_save``) then one step per action. ``Turn`` writes
each action with the commands VASSAL itself writes for it (format reference
§5.6, §9 and the engine log in ``corpus/engine``): a drag is null placeholders,
a MovePiece and a new Stack; a die roll is the button's report line and its
``<name>_result/_total/_keep/_summary`` properties; an undo is one step holding
the inverse commands. Map points come from hex names through the module's grid,
as VASSAL snaps a dropped counter to the hex centre.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import count
from pathlib import Path

from builder.table_dice import report_line
from gamedata.combat import Combat, combat_of
from gamedata.model import Game
from gamedata.rolls import RollTable, roll_tables
from vassal.archive import open_zip, read_entry
from vassal.commands import (
    AddPiece,
    ChangePiece,
    Chat,
    Command,
    Empty,
    MovePiece,
    MutableProperty,
    Node,
    RemovePiece,
    encode_tree,
    parse_command,
    parse_tree,
)
from vassal.metadata import Metadata
from vassal.module import DiceButtonInfo, Module
from vassal.obfuscation import deobfuscate
from vassal.piece import Piece
from vassal.replay import BoardState, replay_save
from vassal.savefile import SaveFile, write_save
from vassal.savewriter import LogWriter, Placement, restore_commands, stack_state, with_position
from vassal.traits import DynamicProperty, Layer
from vassal.sequence import encode

ENTRY_LIMIT = 64 << 20
#: VASSAL 3.7 writes the Old* persistent properties of a dragged piece as ``LOG\tnull`` (§9).
DRAG_PLACEHOLDERS = 7


@dataclass(frozen=True)
class Player:
    """A player as VASSAL knows him; ``password`` is his player id and must never be shown."""

    name: str
    side: str
    password: str

    def roster_entry(self) -> Node:
        return Node(encode(["PLAYER", self.password, self.name, self.side], "\t"))


def predefined_setup(vmod: Path, module: Module, name: str) -> list[Node]:
    """The ``begin_save`` children of the module's predefined setup called ``name``,
    read from the ``.vsav`` stored inside the ``.vmod``, as File > New Game does."""
    setup = next(s for s in module.predefined_setups if s.name == name and s.use_file)
    with open_zip(vmod) as outer:
        saved = read_entry(outer, setup.file, ENTRY_LIMIT, where=str(vmod))
    with open_zip(saved, setup.file) as inner:
        text = deobfuscate(read_entry(inner, "savedGame", ENTRY_LIMIT, where=setup.file), setup.file)
    return list(parse_tree(text).children)


def before_end_save(restore: Sequence[Node], extra: Iterable[Node]) -> list[Node]:
    """``restore`` with ``extra`` state commands put just before ``end_save`` (they must precede it)."""
    nodes = list(restore)
    end = next(i for i, n in enumerate(nodes) if n.text == "end_save")
    return nodes[:end] + list(extra) + nodes[end:]


def scenario_start(vmod: Path, module: Module, scenario: str, player: Player) -> tuple[list[Node], BoardState]:
    """A game begun on the module's predefined setup ``scenario`` with ``player`` in the roster:
    the start state's commands (what a log written from it begins with) and its board."""
    nodes = before_end_save(predefined_setup(vmod, module, scenario), [player.roster_entry()])
    text = encode_tree(Node("begin_save", tuple(nodes)))
    return nodes, replay_save(SaveFile("start", text, "plain", True, None, None), module).initial


@dataclass(frozen=True)
class BuiltGame:
    """One of our games built into a module for a log test: its data, the .vmod and its reading."""

    folder: Path
    game: Game
    vmod: Path
    module: Module

    def start(self, scenario: str, player: Player) -> tuple[list[Node], BoardState]:
        return scenario_start(self.vmod, self.module, scenario, player)

    def table(self, table_id: str) -> RollTable | Combat:
        """A die-roll table, or a combat table the user entered, by id."""
        return next(t for t in (*roll_tables(self.game.tables), *(combat_of(c) for c in self.game.combat))
                    if t.table_id == table_id)

    def set_turn(self, turn: Turn, turn_id: int, old: str) -> None:
        """The tracker set to a turn box, first phase, as its Set dialog does."""
        tracker = self.module.turn_trackers[0]
        top = tracker.levels[0]
        phases = ([encode(["0", "0", "0", ",".join(["true"] * len(top.sublevels[0].items))], ";")]
                  if top.sublevels else [])
        index = next(i for i, t in enumerate(self.game.turns) if t.id == turn_id)
        state = encode(["0", encode([str(index), "0", "0", ",".join(["true"] * len(top.items)), *phases], ";")], "|")
        turn.set_turn(tracker.ident, state, old, str(turn_id))

    def phases(self) -> int:
        """How many `turn next` presses take the tracker from a turn's first phase to the next turn."""
        top = self.module.turn_trackers[0].levels[0]
        return len(top.sublevels[0].items) if top.sublevels else 1

    def roll(self, turn: Turn, table_id: str, *dice: int) -> None:
        """A roll on a table's own button, with the report line the button's expression writes;
        ``dice`` as the table reads them (a d10 read 0-9: the button's face minus one)."""
        table = self.table(table_id)
        faces = tuple(d - table.dice.low + 1 for d in dice)
        turn.roll(table.name, faces, report=report_line(table, turn.player.name, dice))

    def place_marker(self, turn: Turn, name: str, piece_id: str, onto: str) -> None:
        """A marker of the palette (a game or status marker) dragged onto the stack of ``onto``."""
        slot = next(s for s in self.module.piece_slots if s.entry_name == name)
        marker_type, marker_state = Piece.from_slot_text(slot.text).encode()
        turn.place(piece_id, marker_type, marker_state, onto=onto)

    def save(self, turn: Turn, path: Path) -> Path:
        write_save(path, turn.text(), self.module.metadata, Metadata(version=self.module.version,
                                                                     vassal_version="3.7.0", description=path.stem))
        return path


def changed(turn: Turn, piece_id: str, board: BoardState, **what: object) -> str:
    """The piece's state with a layer switched on (``layer="Attacking"``) or its strength set."""
    piece = Piece.decode(board.pieces[piece_id].type, turn.state(piece_id))
    for index, trait in enumerate(piece.traits):
        if isinstance(trait, Layer) and trait.name == what.get("layer"):
            piece = piece.with_trait(index, trait.with_level(0, active=True))
        if isinstance(trait, DynamicProperty) and trait.name == "Strength" and "strength" in what:
            piece = piece.with_trait(index, replace(trait, value=str(what["strength"])))
    return piece.encode()[1]


def piece_ids(board: BoardState) -> dict[str, str]:
    """Piece ids by piece name on a board (names of our counters are unique)."""
    return {p.name: p.id for p in board.pieces.values()}


def restore_from_board(board: BoardState, extra: Iterable[Node]) -> list[Node]:
    """A start state holding exactly ``board``'s pieces, each stack with its id and order.

    This is what the next player's log begins with after loading the previous log
    and replaying it to its end. ``extra`` (boards, turn, roster) goes before ``end_save``.
    """
    stacks: dict[str, list] = {}
    for piece in board.pieces.values():
        if piece.stack_id is None:
            raise ValueError(f"{piece.name} is not in a stack: VASSAL stacks every counter on a map")
        stacks.setdefault(piece.stack_id, []).append(piece)
    placements = [Placement(p.id, p.type, p.state, p.map, p.x, p.y)
                  for members in stacks.values() for p in sorted(members, key=lambda p: p.stack_index)]
    stack_ids = list(stacks)
    return before_end_save(restore_commands(placements, stack_id=stack_ids.__getitem__), extra)


def dice_report(button: DiceButtonInfo, player: str, dice: Sequence[int]) -> str:
    """The chat line of a roll, from the button's report format (§2.5 ``formatResult``)."""
    text = button.report_format.replace("$name$", button.name).replace("$result$", _result(button, dice))
    # VASSAL fills in both spellings: the default format says $PlayerName$, the engine's test module $playerName$
    text = text.replace("$PlayerName$", player).replace("$playerName$", player)
    return "*" + text if text.startswith("*") else "* " + text


def _result(button: DiceButtonInfo, dice: Sequence[int]) -> str:
    faces = [d + button.plus for d in dice]
    return str(sum(faces) + button.add_to_total) if button.report_total else ",".join(map(str, faces))


def roll_properties(button: DiceButtonInfo, dice: Sequence[int]) -> list[tuple[str, str]]:
    """The properties a DiceButton sets, as in the engine log: result, total, dice kept, summary."""
    faces = sorted(d + button.plus for d in dice)
    summary = ", ".join(f"{f} x{faces.count(f)}" for f in dict.fromkeys(faces))
    return [("_result", _result(button, dice)), ("_total", str(sum(faces) + button.add_to_total)),
            ("_keep", str(len(dice))), ("_summary", summary)]


class Turn:
    """One player's session, recorded as a log that starts from ``start``."""

    def __init__(self, module: Module, player: Player, start: Sequence[Node], board: BoardState,
                 first_id: int):
        self.module = module
        self.player = player
        self._writer = LogWriter(start)
        self._where = {pid: (p.map, p.x, p.y) for pid, p in board.pieces.items()}
        self._states = {pid: p.state for pid, p in board.pieces.items()}
        self._ids = count(first_id)
        self._properties: dict[str, str] = {}
        self._last_roll: tuple[str, list[MutableProperty]] | None = None

    def move(self, piece_id: str, to_hex: str, to_map: str | None = None, to_board: str | None = None) -> Turn:
        """Drag a counter out of its stack onto an empty hex of the same board, or of the first
        board (or board ``to_board``) of map ``to_map`` (a reinforcement from a display onto the map)."""
        map_id, x, y = self._where[piece_id]
        if to_map is None:
            layout = self.module.map_layout(map_id)
            board, _ = layout.locate(x, y)
            target = map_id
        else:
            layout, target = self.module.map_layout(to_map), to_map
            board = next(b.board for b in layout.boards if to_board in (None, b.board.name))
        nx, ny = layout.map_point(board.name, to_hex)
        stack_id = str(next(self._ids))
        self._writer.step(*[Empty("null")] * DRAG_PLACEHOLDERS,
                          MovePiece.make(piece_id, target, (nx, ny), None, map_id, (x, y), None,
                                         self.player.password),
                          AddPiece.make(stack_id, "stack", stack_state(target, nx, ny, [piece_id], 1)))
        self._where[piece_id] = (target, nx, ny)
        self._states[piece_id] = with_position(self._states[piece_id], target, nx, ny)
        return self

    def state(self, piece_id: str) -> str:
        """The piece's state as it is now in this session."""
        return self._states[piece_id]

    def change(self, piece_id: str, new_state: str) -> Turn:
        """A menu command on a piece (a layer, its facing, a property): VASSAL logs the
        piece's whole new state (``D/id/state``, as in the engine's own logs)."""
        self._writer.step(ChangePiece.make(piece_id, new_state))
        self._states[piece_id] = new_state
        return self

    def place(self, piece_id: str, piece_type: str, piece_state: str, onto: str) -> Turn:
        """Drag a new piece out of the palette onto the stack of ``onto``: the piece is added
        at that point, then merged into the stack above ``onto``."""
        map_id, x, y = self._where[onto]
        state = with_position(piece_state, map_id, x, y)
        self._writer.step(AddPiece.make(piece_id, piece_type, state),
                          MovePiece.make(piece_id, map_id, (x, y), onto, None, (0, 0), None, self.player.password))
        self._where[piece_id] = (map_id, x, y)
        self._states[piece_id] = state
        return self

    def delete(self, piece_id: str) -> Turn:
        """A piece's Delete command."""
        self._writer.step(RemovePiece.make(piece_id))
        del self._where[piece_id], self._states[piece_id]
        return self

    def set_turn(self, tracker: str, state: str, old_turn: str, new_turn: str) -> Turn:
        """The turn tracker set to ``state`` (its Set dialog, or next/previous), with the report."""
        self._writer.step(Chat.make(f"* * &lt;{self.player.name}&gt; Turn Updated from {old_turn} to {new_turn}"),
                          parse_command(f"TURN{tracker}\t{state}"))
        return self

    def roll(self, button_name: str, dice: Sequence[int], report: str | None = None) -> Turn:
        """Press a dice button of the module; ``dice`` are the faces the dice showed (for a
        button that reports its total, the total). ``report``: the chat line, for a button
        whose report format is an expression (our table buttons: `builder.table_dice.report_line`)."""
        button = self.module.dice_button(button_name)
        report = report if report is not None else dice_report(button, self.player.name, dice)
        changes = []
        for suffix, value in roll_properties(button, dice):
            name = button.name + suffix
            changes.append(MutableProperty.make(name, self._properties.get(name, ""), value))
            self._properties[name] = value
        self._last_roll = (report, changes)
        self._writer.step(Chat.make(report), *changes)
        return self

    def undo_roll(self) -> Turn:
        """Edit > Undo right after a roll: VASSAL restores the properties and says so in chat."""
        if self._last_roll is None:
            raise ValueError("no roll to undo")
        report, changes = self._last_roll
        inverse: list[Command] = [MutableProperty.make(c.name, c.new, c.old, c.container) for c in reversed(changes)]
        for c in changes:
            self._properties[c.name] = c.old
        self._writer.undo(report, *inverse)
        self._last_roll = None
        return self

    def chat(self, text: str) -> Turn:
        self._writer.chat(self.player.name, text)
        return self

    def text(self) -> str:
        """The log's command text so far."""
        return self._writer.text()

    def save(self, path: Path, description: str) -> Path:
        """Write the log as VASSAL 3.7 would, with the module's own ``moduledata``."""
        assert self.module.metadata is not None, "a built module carries moduledata"
        write_save(path, self._writer.text(), self.module.metadata,
                   Metadata(version=self.module.version, vassal_version="3.7.0", description=description,
                            date_saved="1732500000000"))
        return path
