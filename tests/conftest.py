"""Paths shared by the tests: the read-only corpus and rulebooks beside the repository."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

# No property test is timed: a loaded machine (or a parallel test worker) makes one example slow
# without anything being wrong, and speed is measured by bench/, not by tests.
settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus"
RULEBOOKS = SHARED / "rulebooks"
ENGINE_LOG = CORPUS / "engine" / "engine-undo-example.vlog"
ENGINE_MODULE = CORPUS / "engine" / "dice-test.vmod"


def corpus_saves() -> list[Path]:
    """Every save and log in the corpus, in a stable order."""
    return sorted(p for p in CORPUS.rglob("*") if p.suffix in (".vsav", ".vlog"))


@pytest.fixture(scope="session")
def corpus() -> Path:
    assert CORPUS.is_dir(), f"the shared corpus is expected at {CORPUS}"
    return CORPUS


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """The files run in parallel, one worker per core, each file's tests (and so its
    module-scoped engine fixtures) in one worker: `-n auto --dist loadfile`, unless the command
    line says otherwise (`-n 0`, `-n 2`). Set here, not in `addopts`, so that a run without
    pytest-xdist (`pytest -p no:xdist FILE`) starts too. A worker keeps what it was given."""
    option = config.option
    if not hasattr(option, "numprocesses") or hasattr(config, "workerinput"):
        return
    if option.numprocesses is None:
        option.numprocesses = "auto"
    if option.dist == "no":
        option.dist = "loadfile"


def pytest_configure(config: pytest.Config) -> None:
    """In the controller (or a run without workers): the session's shared memo folder for the
    VASSAL engine's results (``tests/engine.py``); the workers inherit it."""
    import engine
    if hasattr(config, "workerinput") or os.environ.get(engine.CACHE_VARIABLE):
        return
    folder = tempfile.mkdtemp(prefix="adjutant-engine-")
    os.environ[engine.CACHE_VARIABLE] = folder
    config.add_cleanup(lambda: (shutil.rmtree(folder, ignore_errors=True), os.environ.pop(engine.CACHE_VARIABLE, None)))


#: Engine call times handed back by the test workers (pytest-xdist runs the files in parallel).
_worker_times: list[tuple[float, str]] = []


def pytest_sessionfinish(session) -> None:
    """In a test worker: hand this worker's engine call times to the controller."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        import engine
        output["engine_times"] = engine.call_times()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """In the controller: collect a finished worker's engine call times (a pytest-xdist hook:
    optional, so a run without xdist does not refuse it as unknown)."""
    _worker_times.extend(tuple(t) for t in node.workeroutput.get("engine_times", ()))


def pytest_terminal_summary(terminalreporter) -> None:
    """How long the VASSAL engine calls took (each runs a JVM): the suite must stay quick."""
    if hasattr(terminalreporter.config, "workeroutput"):
        return
    import engine
    for line in engine.time_summary(_worker_times + engine.call_times()):
        terminalreporter.write_line(line)
