"""Benchmark: ``adjutant check`` with every integrity check against the bare replay.

Runs on the corpus tutorial log (237 steps, ~45,000 commands) with its module
(so hexes are named and the module check runs) and prints both times and their
ratio; the target is at most 1.5. The module is read once, outside the timing.
Each side is timed twice and the best run is kept, so a busy machine does not
distort the ratio.

    python bench/bench_check.py [LOG MODULE]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from referee.render_text import render_text
from referee.run import run_check
from vassal.module import read_module
from vassal.replay import replay_file

DIST = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus" / "ccnapoleonics" / "dist"
TUTORIAL = DIST / "CCNv4 Tutorial.vlog"
ROUNDS = 2
TARGET = 1.5


def best_of(action) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str]) -> int:
    log, module_path = (Path(argv[1]), Path(argv[2])) if len(argv) > 2 else (TUTORIAL, DIST)
    module = read_module(module_path)
    bare = best_of(lambda: replay_file(str(log), module))
    checked = best_of(lambda: render_text(run_check([log], module=module)))
    ratio = checked / bare
    print(f"{log.name}: bare replay {bare:.3f}s, adjutant check (all checks) {checked:.3f}s, "
          f"ratio {ratio:.2f} (target <= {TARGET})")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
