"""The real VASSAL engine (``../shared/vassal-engine``) as the tests' oracle.

Each call starts a JVM under Xvfb (5-30 s), so results are memoised for the
whole test session by the command, its options and the files' contents (not their
paths): call these from module- or session-scoped fixtures, and as few times as a
test file can manage. The memo is shared by the test workers through a folder the
controller makes for the session (``ENGINE_CACHE``): the same module built by two test
files (builds are byte-identical) is checked by the engine once, the second worker
waiting for the first.

The engine needs Java 17 and ``xvfb-run``. Where they are missing the engine
tests are skipped with the reason printed, except when ``ADJUTANT_REQUIRE_ENGINE``
is set (``.ci/run`` sets it): then they fail, so CI never passes without the oracle.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import pytest

from conftest import SHARED

ENGINE = SHARED / "vassal-engine"
TIMEOUT = int(os.environ.get("ORACLE_TIMEOUT", "300"))
CACHE_VARIABLE = "ADJUTANT_ENGINE_CACHE"
"""The environment variable naming the session's shared memo folder (set by conftest.py)."""


def missing() -> str | None:
    """Why the engine cannot run here, or None."""
    if not (ENGINE / "decode-log").is_file():
        return f"the VASSAL engine is expected at {ENGINE}"
    if shutil.which("java") is None:
        return "java (17) is not on PATH"
    if shutil.which("xvfb-run") is None and not os.environ.get("DISPLAY"):
        return "xvfb-run is not installed (apt-get install -y xvfb xauth)"
    return None


def require() -> None:
    """Skip (or, under ``ADJUTANT_REQUIRE_ENGINE``, fail) when the engine cannot run."""
    reason = missing()
    if reason is None:
        return
    if os.environ.get("ADJUTANT_REQUIRE_ENGINE"):
        pytest.fail(f"VASSAL engine required but unavailable: {reason}")
    pytest.skip(f"VASSAL engine unavailable: {reason}")


_memo: dict[tuple, "Run"] = {}


@dataclass(frozen=True)
class Run:
    args: tuple[str, ...]
    returncode: int
    lines: tuple[str, ...]
    seconds: float = 0.0  # wall time of the engine call

    def tagged(self, tag: str) -> list[str]:
        """The text after ``TAG: `` of every line with that tag, in order."""
        prefix = tag + ": "
        return [line[len(prefix):] for line in self.lines if line.startswith(prefix)]

    def problems(self) -> list[str]:
        return [line for line in self.lines if line.startswith(("ERROR ", "WARN "))]


def _fingerprint(path: Path) -> str:
    if path.is_dir():
        h = hashlib.sha256()
        for p in sorted(path.rglob("*")):
            if p.is_file():
                h.update(str(p.relative_to(path)).encode())
                h.update(hashlib.sha256(p.read_bytes()).digest())
        return h.hexdigest()
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else str(path)


def run(command: str, *args: str | Path, files: tuple[Path, ...] = (), memo: bool = True) -> Run:
    """Run an engine command; with ``memo``, once per distinct (command, other arguments, contents
    of ``files``) in the whole session: a file named in ``args`` counts by its contents only."""
    require()
    argv = (str(ENGINE / command),) + tuple(str(a) for a in args)
    prints = {str(f): _fingerprint(f) for f in files}
    key = (command, tuple(prints.get(a, a) for a in argv[1:]), tuple(prints.values()))
    if not memo:
        return _call(command, argv)
    if key not in _memo:
        _memo[key] = _shared(key, lambda: _call(command, argv))
    return _memo[key]


#: A short-lived JVM on two shared cores: the client compiler only and one GC thread cut an engine
#: call's CPU time by about a third (two check-vmod of Into the Woods side by side: 17.9 s -> 13.0 s)
#: and change nothing VASSAL does. Java says "Picked up JAVA_TOOL_OPTIONS" on stderr, which no test reads.
_JVM_OPTIONS = " ".join(filter(None, (os.environ.get("JAVA_TOOL_OPTIONS"),
                                      "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC")))


def _call(command: str, argv: tuple[str, ...]) -> Run:
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, encoding="utf-8", errors="replace",
                          timeout=TIMEOUT, env={**os.environ, "ORACLE_TIMEOUT": str(TIMEOUT),
                                                "JAVA_TOOL_OPTIONS": _JVM_OPTIONS})
    lines = tuple(done.stdout.splitlines())
    if not any(line.startswith("SUMMARY") for line in lines):
        raise AssertionError(f"{command} did not finish:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    result = Run(argv, done.returncode, lines, time.perf_counter() - started)
    calls.append(result)
    return result


def _shared(key: tuple, call) -> Run:
    """The result of ``call`` for ``key`` from the session's shared memo folder, calling it (under
    a lock, so another worker asking the same waits instead of running it twice) when absent."""
    folder = os.environ.get(CACHE_VARIABLE)
    if not folder or not Path(folder).is_dir():
        return call()
    name = hashlib.sha256(repr(key).encode()).hexdigest()
    stored = Path(folder) / f"{name}.json"
    with open(Path(folder) / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if stored.is_file():
            data = json.loads(stored.read_text(encoding="utf-8"))
            return Run(tuple(data["args"]), data["returncode"], tuple(data["lines"]), data["seconds"])
        result = call()
        temp = stored.with_suffix(".tmp")
        temp.write_text(json.dumps(asdict(result)), encoding="utf-8")
        temp.replace(stored)
        return result


#: Every engine call made in this session, in order (for the time summary at the end of a run).
calls: list[Run] = []


def call_times() -> list[tuple[float, str]]:
    """(seconds, what) of every engine call of this process: what a test worker hands back."""
    return [(r.seconds, f"{Path(r.args[0]).name} {Path(r.args[-1]).name}") for r in calls]


def time_summary(times: list[tuple[float, str]]) -> list[str]:
    """Lines saying how long the engine calls of a run took, slowest first."""
    if not times:
        return []
    lines = [f"VASSAL engine: {len(times)} calls, {sum(t for t, _ in times):.0f} s in all"]
    for seconds, what in sorted(times, key=lambda t: -t[0])[:5]:
        lines.append(f"  {seconds:5.1f} s  {what}")
    return lines


# ---------------------------------------------------------------- decode-log

_PIECE = re.compile(r"^(?P<map>.*) (?P<x>-?\d+),(?P<y>-?\d+) id=(?P<id>\S+) '(?P<name>.*?)' "
                    r"stack=(?P<stack>\S+) loc='(?P<loc>.*?)' board='(?P<board>.*?)'"
                    r"(?: state='(?P<state>.*?)')?(?: type='(?P<type>.*?)')?$")


@dataclass(frozen=True)
class EnginePiece:
    """One ``START:``/``FINAL:`` line: where VASSAL has a piece. Apostrophes in values
    are printed by the engine as U+2019; ``name``/``loc`` keep that as printed."""

    map: str
    x: int
    y: int
    id: str
    name: str
    stack: str | None
    loc: str
    board: str
    state: str | None = None
    type: str | None = None


def parse_piece(text: str) -> EnginePiece:
    m = _PIECE.match(text)
    if m is None:
        raise AssertionError(f"unexpected engine piece line: {text!r}")
    return EnginePiece(m["map"], int(m["x"]), int(m["y"]), m["id"], m["name"],
                       None if m["stack"] == "-" else m["stack"], m["loc"], m["board"], m["state"], m["type"])


@dataclass(frozen=True)
class Decoded:
    run: Run
    steps: int                      # log steps VASSAL decoded (top-level LOG commands it can decode)
    replayed: int
    start: tuple[EnginePiece, ...]  # only with start=True
    final: tuple[EnginePiece, ...]
    chat: tuple[str, ...]
    passed: bool

    def final_by_id(self) -> dict[str, EnginePiece]:
        return {p.id: p for p in self.final}


_DECODED = re.compile(r"(\d+) log steps")
_SUMMARY = re.compile(r"(\d+) log steps decoded, (\d+) replayed")


def decode_log(module: Path, log: Path, *, start: bool = False, state: bool = False) -> Decoded:
    """VASSAL's own replay of ``log`` with ``module``: steps, final board, chat."""
    flags = (["--start"] if start else []) + (["--state"] if state else [])
    r = run("decode-log", *flags, "--module", module, log, files=(module, log))
    decoded = r.tagged("DECODED")
    summary = r.tagged("SUMMARY")
    if not decoded or not summary or _SUMMARY.search(summary[-1]) is None:
        raise AssertionError("decode-log failed:\n" + "\n".join(r.lines[-40:]))
    m = _SUMMARY.search(summary[-1])
    return Decoded(r, int(_DECODED.search(decoded[0]).group(1)), int(m.group(2)),
                   tuple(parse_piece(t) for t in r.tagged("START")),
                   tuple(parse_piece(t) for t in r.tagged("FINAL")),
                   tuple(r.tagged("CHAT")), summary[-1].endswith("RESULT: PASS"))


# ---------------------------------------------------------------- check-vmod, setup-locations


def check_vmod(module: Path, strict: bool = True) -> Run:
    """``check-vmod``; ``returncode == 0`` means no errors (and, when strict, no warnings)."""
    return run("check-vmod", *(["--strict"] if strict else []), module, files=(module,))


_SETUP_PIECE = re.compile(r"^setup='(?P<setup>.*?)' map='(?P<map>.*?)' loc='(?P<loc>.*?)' name='(?P<name>.*?)'$")


@dataclass(frozen=True)
class SetupPiece:
    setup: str
    map: str
    loc: str
    name: str


def by_setup(pieces: list[SetupPiece]) -> dict[str, list[SetupPiece]]:
    """``setup_locations``'s pieces by setup name, apostrophes as written (the engine prints U+2019)."""
    found: dict[str, list[SetupPiece]] = {}
    for p in pieces:
        found.setdefault(p.setup.replace("\u2019", "'"), []).append(p)
    return found


def setup_locations(module: Path) -> list[SetupPiece]:
    """Every piece of every predefined setup, as File > New Game places it."""
    r = run("setup-locations", module, files=(module,))
    out = []
    for text in r.tagged("PIECE"):
        m = _SETUP_PIECE.match(text)
        if m is None:
            raise AssertionError(f"unexpected setup-locations line: {text!r}")
        out.append(SetupPiece(m["setup"], m["map"], m["loc"], m["name"]))
    return out


# ---------------------------------------------------------------- dice VASSAL must roll a chosen way


def forced(button, total: int, name: str | None = None):
    """A DiceButton element that rolls ``total`` every time: one die of one side, ``plus``
    ``total - 1``, the total reported; its report format (and so VASSAL's own evaluation of it) is
    the button's. ``script-log`` rolls are random: a test that needs every result of a table
    rolls buttons like this one, once per total."""
    from vassal.buildfile import Element
    attrs = {**button.attrs, "nDice": "1", "nSides": "1", "plus": str(total - 1), "addToTotal": "0",
             "reportTotal": "true"}
    if name is not None:
        attrs.update(name=name, text=name, tooltip=name)
    return Element(button.tag, attrs, list(button.children), button.text)


def with_forced_button(module: Path, button: str, total: int, out: Path) -> Path:
    """A copy of ``module`` whose dice button ``button`` rolls ``total`` every time."""
    from vassal.archive import open_zip, read_entry, write_zip
    from vassal.buildfile import parse_buildfile, write_buildfile
    with open_zip(module) as zf:
        entries = [(name, read_entry(zf, name, 1 << 28)) for name in zf.namelist()]
    root = parse_buildfile(dict(entries)["buildFile.xml"])
    changed = 0
    for parent in root.iter():
        for i, child in enumerate(parent.children):
            if child.tag.endswith("DiceButton") and child.get("name") == button:
                parent.children[i] = forced(child, total)
                changed += 1
    assert changed == 1, f"{module.name} has {changed} dice buttons named {button!r}"
    write_zip(out, [(name, write_buildfile(root) if name == "buildFile.xml" else data) for name, data in entries])
    return out


# ---------------------------------------------------------------- script-log


@dataclass(frozen=True)
class Recorded:
    run: Run
    log: Path
    results: tuple[str, ...]        # RESULT: lines (dice reports, chat the action produced)
    logged: tuple[str, ...]         # LOGGED: lines
    verified: bool                  # decode-log replayed it with as many steps as were recorded


def script_log(module: Path, script: str, out: Path, *, player: str, password: str, side: str,
               setup: str | None = None, start: Path | None = None) -> Recorded:
    """Record ``out`` by driving VASSAL with ``script`` (one action per line, see the engine README).

    Starts from the predefined setup ``setup``, from the save/log ``start``, or from a new game.
    Rolls are random: read the dice from ``results`` or from the log, never assume them.
    """
    out.parent.mkdir(parents=True, exist_ok=True)
    script_file = out.with_suffix(".script")
    script_file.write_text(script, encoding="utf-8")
    origin: list[str | Path] = (["--setup", setup] if setup is not None else
                                ["--start", start] if start is not None else ["--new"])
    files = (module, script_file) + ((start,) if start is not None else ())
    r = run("script-log", "--module", module, *origin, "--player", player, "--password", password,
            "--side", side, "--script", script_file, "--out", out, files=files, memo=False)
    if r.returncode != 0:
        raise AssertionError("script-log failed:\n" + "\n".join(r.lines[-40:]))
    return Recorded(r, out, tuple(r.tagged("RESULT")), tuple(r.tagged("LOGGED")),
                    any(line.startswith("VERIFIED:") for line in r.lines))
