"""Benchmark `adjutant build` on Into the Woods against the floor.

The floor is what any builder must pay: PNG-encoding the module's images and
zipping them (the drawing is done beforehand and not timed). Reported:

  cold       full build, empty image cache
  warm       full build into a new folder with the image cache filled (data changed)
  no-change  rebuild with nothing changed (the content-hash check keeps the module)

Targets: cold <= 2x floor, no-change < 1 s. Wall-clock and CPU seconds are both
printed: the build draws images in worker processes (their CPU time is counted), and
on a shared machine the wall clock includes time spent waiting for a CPU.

    python bench/bench_build.py [sources/into-the-woods-shiloh]
"""
from __future__ import annotations

import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from builder.counters import png_bytes
from builder.module import build_module, make_plan
from gamedata.load import load_game
from vassal.archive import zip_bytes


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the image-drawing workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(action: Callable[[], object]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), cpu_seconds()
    action()
    return time.perf_counter() - wall, cpu_seconds() - cpu


def floor(folder: Path) -> tuple[float, float]:
    images = [(f"images/{image.name}", image.render()) for image in make_plan(load_game(folder)).images]
    return timed(lambda: zip_bytes([(name, png_bytes(picture)) for name, picture in images]))


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "sources" / "into-the-woods-shiloh"
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        cache = root / "cache"
        results = {
            "floor": floor(folder),
            "cold": timed(lambda: build_module(folder, root / "cold", cache_dir=cache)),
            "warm": timed(lambda: build_module(folder, root / "warm", cache_dir=cache)),
            "no-change": timed(lambda: build_module(folder, root / "warm", cache_dir=cache)),
        }
    floor_wall, floor_cpu = results["floor"]
    print(f"{'run':<10} {'wall s':>8} {'cpu s':>8} {'wall/floor':>11} {'cpu/floor':>10}")
    for name, (wall, cpu) in results.items():
        print(f"{name:<10} {wall:8.2f} {cpu:8.2f} {wall / floor_wall:11.2f} {cpu / floor_cpu:10.2f}")
    cold_wall, cold_cpu = results["cold"]
    print(f"cold build {cold_wall / floor_wall:.2f}x floor wall-clock, {cold_cpu / floor_cpu:.2f}x CPU "
          f"(target <= 2); no-change rebuild {results['no-change'][0]:.2f} s (target < 1)")


if __name__ == "__main__":
    main()
