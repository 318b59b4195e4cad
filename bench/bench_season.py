"""Benchmark a PBEM season (issue 21.9): the three ratios of the season work, in one run.

* ``adjutant inspect`` of the CCNv4 tutorial against its floor (unzip, de-obfuscate, split on
  ESC), in CPU time, each command run once first with the bytecode cache allowed (as an
  installed tool runs): target at most 3x (`bench_replay.py` prints the rest of that story);
* the cold build of Into the Woods against its floor (PNG-encoding and zipping its images,
  `bench_build.py`): target at most 2x;
* ``check --game`` of a 24-log chain of Hood Strikes North (every check, every log checked, the
  tables carried from log to log) against the bare replay of the same 24 logs: target at most 2x.

The chain is written here as VASSAL writes logs (the tests' log writer, `tests/pbem.py`): the
campaign scenario from its predefined setup, then 24 sessions, the two players in turn, each
moving 30 of his units to a neighbouring hex, rolling a table, saying something in the chat
and moving the turn tracker through a turn's 13 phases; each session starts from the board the
last ended on (about 50 steps a log, 1,200 in all).
CPU time is what the targets are judged on (the machine is shared); wall time is printed too.
Exit status 1 when a target is missed.

    python bench/bench_season.py
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "bench"), str(REPO / "tests")]

import bench_build  # noqa: E402
import bench_replay  # noqa: E402
from pbem import Player, Turn, restore_from_board, scenario_start  # noqa: E402

from builder.module import build_module  # noqa: E402
from builder.table_dice import report_line  # noqa: E402
from gamedata import load_game  # noqa: E402
from gamedata.hexids import HexIds  # noqa: E402
from gamedata.rolls import roll_tables  # noqa: E402
from referee.run import run_check  # noqa: E402
from vassal.module import read_module  # noqa: E402
from vassal.replay import replay_file  # noqa: E402
from vassal.sequence import encode  # noqa: E402

HSN = REPO / "sources" / "hood-strikes-north"
LOGS = 24
MOVERS = 30        # units each side moves in its session (one step each, as a player drags them)
PHASES = 13        # Hood Strikes North's phases: each session plays one turn through
ROUNDS = 3
PLAYERS = (Player("Hood", "Confederate", "hood-bench-pw-1"), Player("Thomas", "Union", "thomas-bench-pw-2"))


def write_chain(folder: Path) -> tuple[list[Path], object]:
    """24 logs of one game of Hood Strikes North, each continuing the one before."""
    vmod = build_module(HSN, folder / "build").path
    module, game = read_module(vmod), load_game(HSN)
    hexids = HexIds(game.maps)
    graph = game.terrain.graph
    table = next(t for t in roll_tables(game.tables) if t.table_id == "random-events")
    tracker = module.turn_trackers[0]
    nodes, board = scenario_start(vmod, module, "Hood Strikes North", PLAYERS[0])
    carried = tuple(n for n in nodes if n.text not in ("", "end_save") and not n.text.startswith("begin_save"))
    logs, phase = [], 0
    for number in range(LOGS):
        player = PLAYERS[number % 2]
        turn = Turn(module, player, nodes if number == 0 else restore_from_board(board, carried), board,
                    first_id=1732500000001 + 1000 * number)
        ours = [p for p in board.pieces.values() if p.map == "Main Map" and _side(game, p.name) == player.side]
        for piece in ours[:MOVERS]:
            h = hexids.parse(piece.location)
            step = next(n for n in graph.neighbours(hexids.canonical(h)))
            turn.move(piece.id, hexids.format(step))
        die = 1 + number % 6
        turn.roll(table.name, (die, 7 - die), report=report_line(table, player.name, (die, 7 - die)))
        turn.chat(f"session {number + 1} done, over to you")
        for _ in range(PHASES):
            phase += 1
            phases = tracker.levels[0].sublevels[0].items
            top, sub = divmod(phase, len(phases))
            state = encode(["0", encode([str(top), "0", "0", ",".join(["true"] * len(tracker.levels[0].items)),
                                         encode([str(sub), "0", "0", ",".join(["true"] * len(phases))], ";")],
                                        ";")], "|")
            turn.set_turn(tracker.ident, state, str(phase - 1), str(phase))
        path = turn.save(folder / f"turn{number + 1:02d}.vlog", f"Hood Strikes North, session {number + 1}")
        board = replay_file(str(path), module).final
        logs.append(path)
    return logs, module


def _side(game, name: str) -> str | None:
    unit = next((u for u in game.units if u.name == name), None)
    return unit.side if unit is not None else None


def _cpu() -> float:
    return time.process_time()


def best(action) -> bench_replay.Cost:
    walls, cpus = [], []
    for _ in range(ROUNDS):
        wall, cpu = time.perf_counter(), _cpu()
        action()
        walls.append(time.perf_counter() - wall)
        cpus.append(_cpu() - cpu)
    return bench_replay.Cost(min(walls), min(cpus))


def main() -> int:
    missed = []
    log = bench_replay.TUTORIAL
    floor = bench_replay.best([sys.executable, "-c", bench_replay.FLOOR, str(log)])
    inspect = bench_replay.best(bench_replay.adjutant("inspect", str(log)))
    ratio = inspect / floor
    print(f"inspect {log.name}: {ratio.cpu:.2f}x its floor in CPU ({ratio.wall:.2f}x wall) (target <= 3)")
    missed += ["inspect/floor"] if ratio.cpu > 3 else []

    itw = REPO / "sources" / "into-the-woods-shiloh"
    with tempfile.TemporaryDirectory() as scratch:
        built_floor = bench_build.floor(itw)
        cold = bench_build.timed(lambda: build_module(itw, Path(scratch) / "cold", cache_dir=Path(scratch) / "c"))
    print(f"cold build of Into the Woods: {cold[1] / built_floor[1]:.2f}x its floor in CPU "
          f"({cold[0] / built_floor[0]:.2f}x wall) (target <= 2)")
    missed += ["cold build/floor"] if cold[1] / built_floor[1] > 2 else []

    with tempfile.TemporaryDirectory() as scratch:
        logs, module = write_chain(Path(scratch))
        bare = best(lambda: [replay_file(str(p), module) for p in logs])
        checked = best(lambda: run_check(logs, module=module, game=HSN))
    chain = checked / bare
    print(f"check --game of a {len(logs)}-log chain: {chain.cpu:.2f}x its bare replay in CPU ({chain.wall:.2f}x wall; "
          f"replay {bare.cpu:.2f} s, check {checked.cpu:.2f} s CPU) (target <= 2)")
    missed += ["chain check/replay"] if chain.cpu > 2 else []
    if missed:
        print("targets missed: " + ", ".join(missed))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
