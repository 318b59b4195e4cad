"""Benchmark: the rule checks (command ranges, supply lines, resupply rolls) against the bare replay.

Builds Into the Woods from a copy of the game whose map is filled with made-up terrain (every
hex of the south map Field with its sides known, a road along row 25: `tests/rule_terrain.py`)
and whose leaders' ranges are filled, so every trace is really made; writes a long log on
Scenario 1 with the project's log writer (each turn: the Division Orders Phase, where every
unit on the map is traced, then 40 units each move one hex, one in eight resupplied after its roll)
and prints:

* ``adjutant inspect LOG --module M --game G`` (the replay and the game view) and
* ``adjutant check LOG --module M --game G`` with the rule checks (``command``, ``supply``,
  ``tables``) against it (target: at most 2x).

Commands are timed as whole processes, best of a few rounds. Exit status 1 when the target
is missed.

    python bench/bench_rules.py [TURNS]
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from pbem import Player, Turn, before_end_save, predefined_setup  # noqa: E402
from rule_terrain import patch, write_patch  # noqa: E402

from builder.module import build_module  # noqa: E402
from builder.table_dice import report_line  # noqa: E402
from gamedata import load_game  # noqa: E402
from gamedata.rolls import roll_tables  # noqa: E402
from vassal.commands import Node, encode_tree  # noqa: E402
from vassal.metadata import Metadata  # noqa: E402
from vassal.module import read_module  # noqa: E402
from vassal.piece import Piece  # noqa: E402
from vassal.replay import replay_file, replay_save  # noqa: E402
from vassal.savefile import SaveFile, write_save  # noqa: E402
from vassal.sequence import encode  # noqa: E402

ROUNDS = 3
TARGET = 2.0
PLAYER = Player("Beauregard", "Confederate", "bench-Pa55w0rd-0001")


def game_folder(out: Path) -> Path:
    folder = out / "into-the-woods-shiloh"
    shutil.copytree(REPO / "sources" / "into-the-woods-shiloh", folder)
    game = patch(load_game(folder), roads=[[f"S{c}25" for c in range(60, 9, -1)]], ranges={"*": 6},
                 columns=range(10, 70), rows=range(1, 35), parameters={"supply-source.Confederate": "S1025"})
    write_patch(folder, game)
    return folder


def write_log(folder: Path, vmod: Path, out: Path, turns: int) -> Path:
    module, game = read_module(vmod), load_game(folder)
    setup = next(s.name for s in module.predefined_setups if s.name.startswith("Shiloh: Bloody April"))
    nodes = before_end_save(predefined_setup(vmod, module, setup), [PLAYER.roster_entry()])
    board = replay_save(SaveFile("start", encode_tree(Node("begin_save", tuple(nodes))), "plain", True, None, None),
                        module).initial
    turn = Turn(module, PLAYER, nodes, board, first_id=1732500090001)
    tracker = module.turn_trackers[0]
    top = tracker.levels[0]
    phases = ",".join(["true"] * len(top.sublevels[0].items))
    table = next(t for t in roll_tables(game.tables) if t.table_id == "ammo-resupply")
    low_type, low_state = next(Piece.from_slot_text(s.text).encode()
                               for s in module.piece_slots if s.entry_name == "Low Ammo")
    infantry = {u.name for u in game.units if u.type == "Inf"}
    units = sorted((p for p in board.pieces.values() if p.map and p.name in infantry and p.location[:1] in "NS"),
                   key=lambda p: p.id)
    where = {p.id: p.location for p in units}
    for n in range(turns):
        index = 13 + n
        for phase in (2, 3):
            state = encode(["0", encode([str(index - 1), "0", "0", ",".join(["true"] * len(top.items)),
                                         encode([str(phase), "0", "0", phases], ";")], ";")], "|")
            turn.set_turn(tracker.ident, state, str(index), f"{index}.{phase}")
        for i, piece in enumerate(units[(n * 40) % len(units):][:40]):
            where[piece.id] = step_south(where[piece.id])
            turn.move(piece.id, where[piece.id])
            if i % 8 == 0:
                marker = f"low-{n}-{i}"
                turn.place(marker, low_type, low_state, onto=piece.id)
                turn.roll(table.name, (3,), report=report_line(table, PLAYER.name, (3,)))
                turn.delete(marker)
    path = out / "long.vlog"
    write_save(path, turn.text(), module.metadata, Metadata(version=module.version, vassal_version="3.7.0",
                                                            description="bench"))
    return path


def step_south(location: str) -> str:
    """The hex below (same column, next row; back to row 2 at the map's foot): a unit moves
    one hex, as most moves in a game do, and mostly stays in its leader's range."""
    prefix, column, row = location[:1], location[1:3], int(location[3:5])
    return f"{prefix}{column}{row + 1 if row < 33 else 2:02d}"


def best(argv: list[str]) -> float:
    times = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> int:
    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    adjutant = str(Path(sys.executable).parent / "adjutant")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        folder = game_folder(out)
        vmod = build_module(folder, out).path
        log = write_log(folder, vmod, out, turns)
        steps = len(replay_file(str(log), read_module(vmod)).steps)
        common = [str(log), "--module", str(vmod), "--game", str(folder)]
        bare = best([adjutant, "inspect", *common])
        rules = best([adjutant, "check", *common, "--check", "command", "--check", "supply", "--check", "tables"])
    ratio = rules / bare
    print(f"rule checks (command, supply, tables) on a {turns}-turn log of {steps} steps: {rules:.2f} s; "
          f"inspect (replay and game view): {bare:.2f} s; ratio {ratio:.2f}x (target <= {TARGET:g}x)")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
