"""Synthetic PBEM logs for the referee tests, written with the project's write side.

Two players, Alice (Red, id ``alice-pw``) and Bob (Blue, id ``bob-pw``), on one
map; pieces carry their side in a ``mark;Side`` trait like the engine test
module's. The ids are passwords: the tests also check they never reach a report.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from vassal.commands import Chat, Command, MovePiece, MutableProperty, Node
from vassal.gamestate import join_chain
from vassal.metadata import Metadata
from vassal.replay import replay_file
from vassal.savefile import write_save
from vassal.savewriter import LogWriter, Placement, restore_commands
from vassal.sequence import TAB, encode

MAP = "Main Map"
PLAYERS = (("alice-pw", "Alice", "Red"), ("bob-pw", "Bob", "Blue"))
SECRETS = tuple(p[0] for p in PLAYERS)


STRENGTH = "PROP;Strength;true,0,10,false;;"


def piece(pid: str, name: str, side: str, x: int, y: int, mask_owner: str | None = None,
          strength: int = 4) -> Placement:
    """A counter with a Strength property and a Side marker, optionally masked (``obs;``)
    by the player id given."""
    types = [STRENGTH, "mark;Side", f"piece;;;unit.png;{name}"]
    states = [str(strength), side, f"{MAP};{x};{y};1;0"]
    if mask_owner is not None:
        types.insert(0, "obs;77,130;mask.png;Mask;I;?;side:;Peek;;true;;")
        states.insert(0, f"{mask_owner};")
    return Placement(pid, join_chain(types), join_chain(states), MAP, x, y)


def standard_pieces(red: tuple[int, int] = (100, 100), blue: tuple[int, int] = (400, 300),
                    blue_mask: str | None = None) -> list[Placement]:
    return [piece("1001", "Red Infantry", "Red", *red), piece("1002", "Blue Infantry", "Blue", *blue, blue_mask)]


def start(placements: Sequence[Placement]) -> list[Node]:
    """The restore block with the player roster before ``end_save``, as VASSAL writes it."""
    nodes = restore_commands(placements)
    roster = [Node(encode(["PLAYER", pid, name, side], TAB)) for pid, name, side in PLAYERS]
    return nodes[:-1] + roster + nodes[-1:]


def move(pid: str, frm: tuple[int, int], to: tuple[int, int], player_id: str) -> MovePiece:
    return MovePiece.make(pid, MAP, to, None, MAP, frm, None, player_id)


def report(text: str) -> Chat:
    return Chat.make(f"* {text} *")


def undo_roll(name: str, values: Sequence[int], previous: str) -> tuple[str, Command]:
    """The arguments of ``LogWriter.undo`` that take back a DiceButton roll."""
    result = ",".join(str(v) for v in values)
    return f"*** {name} = {result} *** &lt;Alice&gt;", MutableProperty.make(f"{name}_result", result, previous)


def write(path: Path, writer: LogWriter, module: str = "Synthetic", version: str = "1.0") -> Path:
    write_save(path, writer.text(), Metadata(name=module, version=version, vassal_version="3.7.0"),
               Metadata(version=version, vassal_version="3.7.0"))
    return path


def test_synthetic_log_replays_with_players_and_sides(tmp_path):
    log = write(tmp_path / "a.vlog", LogWriter(start(standard_pieces()))
                .step(move("1001", (100, 100), (160, 130), "alice-pw"), report("Red Infantry moves")))
    r = replay_file(str(log))
    assert [(p.name, p.side) for p in r.players] == [("Alice", "Red"), ("Bob", "Blue")]
    assert (r.steps[0].player, r.steps[0].side) == ("Alice", "Red")
    assert (r.final.pieces["1001"].x, r.final.pieces["1001"].y) == (160, 130)
