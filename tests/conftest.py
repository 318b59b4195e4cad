"""Paths shared by the tests: the read-only corpus and rulebooks beside the repository."""

from __future__ import annotations

from pathlib import Path

import pytest

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


def pytest_terminal_summary(terminalreporter) -> None:
    """How long the VASSAL engine calls took (each runs a JVM): the suite must stay quick."""
    import engine
    for line in engine.time_summary():
        terminalreporter.write_line(line)
