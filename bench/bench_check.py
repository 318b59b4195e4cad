"""Benchmark: ``adjutant check`` with every integrity check against the bare replay.

Runs on the corpus tutorial log (237 steps, ~45,000 commands) and prints both
times and their ratio; the target is at most 1.5. Each side is timed several
times and the best run is kept, so a busy machine does not distort the ratio.

    python bench/bench_check.py [LOG]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from referee.render_text import render_text
from referee.run import run_check
from vassal.replay import replay_file

TUTORIAL = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus" / "ccnapoleonics" / "dist" / "CCNv4 Tutorial.vlog"
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
    log = Path(argv[1]) if len(argv) > 1 else TUTORIAL
    bare = best_of(lambda: replay_file(str(log)))
    checked = best_of(lambda: render_text(run_check([log])))
    ratio = checked / bare
    print(f"{log.name}: bare replay {bare:.3f}s, adjutant check (all checks) {checked:.3f}s, "
          f"ratio {ratio:.2f} (target <= {TARGET})")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
