"""Benchmark: reading a log, against the floor, against a peer, and as logs grow.

Prints, in one run, on the corpus tutorial log (902 KB, 237 steps, ~45,000 commands):

* ``adjutant --help`` against a bare ``python -c pass`` (target: within 0.15 s);
* ``adjutant inspect LOG`` against the floor: a bare Python that only unzips,
  de-obfuscates and splits the commands on ESC (target: at most 3x);
* ``adjutant check LOG`` (every check) against ``adjutant inspect LOG`` (target: at most 1.5x);
* pywargame's ``vsavdump -d LOG`` against ``adjutant inspect LOG`` (target: at least 10x);
* the replay's cost per step at 1x, 2x and 4x the log's steps (target: flat).

Commands are timed as whole processes (start-up included), best of a few rounds, both in
wall time and in CPU time (user + system time of the child process): on a busy machine the
wall ratios wander with the load and the CPU ratios stay put, so the targets are judged on
CPU time and both are printed. Each command runs once untimed first, with Python free to write
its bytecode cache (``PYTHONDONTWRITEBYTECODE`` is dropped for the runs): an installed tool runs
from compiled bytecode, as pip compiles it, and pywargame's is; without that every run would
compile all of our modules again, which would be timed as start-up. pywargame needs Python 3.12: it is looked for at
``$PYWARGAME_VSAVDUMP``, else ``/work/pywargame-venv/bin/vsavdump.py`` (make it with
``python3.12 -m venv /work/pywargame-venv && /work/pywargame-venv/bin/pip install pywargame``);
without it that line says so. Exit status 1 when a target is missed (in CPU time).

    python bench/bench_replay.py [LOG]
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from vassal.commands import encode_tree, parse_tree, Node
from vassal.replay import replay_save
from vassal.savefile import SaveFile, read_save

REPO = Path(__file__).resolve().parents[1]
TUTORIAL = REPO.parent / "shared" / "corpus" / "ccnapoleonics" / "dist" / "CCNv4 Tutorial.vlog"
PYWARGAME = Path(os.environ.get("PYWARGAME_VSAVDUMP", "/work/pywargame-venv/bin/vsavdump.py"))
ROUNDS = 5
#: the environment of the timed runs: as the caller's, but with the bytecode cache allowed
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

FLOOR = """
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    data = z.read("savedGame")
body = data[5:].strip() if data.startswith(b"!VCSK") else data
raw = bytes.fromhex(body.decode("ascii"))
text = raw[1:].translate(bytes(i ^ raw[0] for i in range(256))).decode("utf-8")
text.split("\\x1b")
"""


@dataclass(frozen=True)
class Cost:
    """Best wall and CPU seconds of a few runs."""

    wall: float
    cpu: float

    def __truediv__(self, other: Cost) -> Cost:
        return Cost(self.wall / other.wall, self.cpu / other.cpu)

    def __sub__(self, other: Cost) -> Cost:
        return Cost(self.wall - other.wall, self.cpu - other.cpu)


def best(argv: list[str]) -> Cost:
    """Best wall time and best CPU time of ``argv`` as a process, output discarded."""
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=ENV)  # warm-up
    walls, cpus = [], []
    for _ in range(ROUNDS):
        before = _children_cpu()
        started = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=ENV)
        walls.append(time.perf_counter() - started)
        cpus.append(_children_cpu() - before)
    return Cost(min(walls), min(cpus))


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _seconds(c: Cost) -> str:
    return f"{c.wall:.3f}s wall / {c.cpu:.3f}s CPU"


def _ratio(c: Cost, digits: int = 2) -> str:
    return f"{c.wall:.{digits}f} wall / {c.cpu:.{digits}f} CPU"


def adjutant(*args: str) -> list[str]:
    script = Path(sys.executable).parent / "adjutant"
    if script.exists():
        return [str(script), *args]
    return [sys.executable, "-c", "import sys; from adjutant.cli import main; sys.exit(main())", *args]


def longer(save: SaveFile, times: int) -> SaveFile:
    """The same log with its steps played ``times`` times over (the start state once)."""
    root = parse_tree(save.text)
    end = next(i for i, n in enumerate(root.children) if n.text == "end_save" or
               any(m.text == "end_save" for m in n.walk()))
    setup, steps = root.children[:end + 1], root.children[end + 1:]
    text = encode_tree(Node(root.text, tuple(setup) + tuple(steps) * times))
    return SaveFile(save.path, text, save.obfuscation, save.zipped, save.save_metadata, save.module_metadata)


def per_step(save: SaveFile) -> Cost:
    """Seconds per replayed step: the replay's time less that of its start state alone."""
    start_only = longer(save, 0)
    base = _timed(lambda: replay_save(start_only))
    whole = _timed(lambda: replay_save(save))
    steps = max(1, len(replay_save(save).steps))
    return Cost((whole.wall - base.wall) / steps, (whole.cpu - base.cpu) / steps)


def _timed(action) -> Cost:
    walls, cpus = [], []
    for _ in range(ROUNDS):
        started, cpu = time.perf_counter(), time.process_time()
        action()
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
    return Cost(min(walls), min(cpus))


def main(argv: list[str]) -> int:
    log = Path(argv[1]) if len(argv) > 1 else TUTORIAL
    missed = []

    bare = best([sys.executable, "-c", "pass"])
    helped = best(adjutant("--help"))
    extra = helped - bare
    print(f"adjutant --help {_seconds(helped)}, python -c pass {_seconds(bare)}: "
          f"+{extra.wall:.3f}s wall / +{extra.cpu:.3f}s CPU (target <= 0.15s)")
    if extra.cpu > 0.15:
        missed.append("--help")

    floor = best([sys.executable, "-c", FLOOR, str(log)])
    inspect = best(adjutant("inspect", str(log)))
    print(f"{log.name}: floor (unzip, de-obfuscate, split) {_seconds(floor)}, adjutant inspect {_seconds(inspect)}: "
          f"inspect/floor {_ratio(inspect / floor)} (target <= 3)")
    if (inspect / floor).cpu > 3:
        missed.append("inspect/floor")

    check = best(adjutant("check", str(log)))
    print(f"adjutant check (every check) {_seconds(check)}: check/floor {_ratio(check / floor)}, "
          f"check/inspect {_ratio(check / inspect)} (target <= 1.5)")
    if (check / inspect).cpu > 1.5:
        missed.append("check/inspect")

    if PYWARGAME.exists():
        peer = best([str(PYWARGAME), "-d", str(log)])
        print(f"pywargame vsavdump -d {_seconds(peer)}: vsavdump/inspect {_ratio(peer / inspect, 1)} (target >= 10)")
        if (peer / inspect).cpu < 10:
            missed.append("vsavdump/inspect")
    else:
        print(f"pywargame not installed (looked for {PYWARGAME}; set PYWARGAME_VSAVDUMP): vsavdump/inspect not measured")

    save = read_save(log)
    costs = {k: per_step(longer(save, k)) for k in (1, 2, 4)}
    print("replay cost per step: " + ", ".join(f"{k}x {c.wall * 1000:.2f} ms wall / {c.cpu * 1000:.2f} ms CPU"
                                               for k, c in costs.items())
          + f" (4x/1x {_ratio(costs[4] / costs[1])}, target flat: <= 1.5)")
    if (costs[4] / costs[1]).cpu > 1.5:
        missed.append("per-step cost")

    if missed:
        print("targets missed: " + ", ".join(missed))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
