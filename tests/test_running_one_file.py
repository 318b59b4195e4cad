"""One test file runs on its own, with or without pytest-xdist (issue 22.4): the suite's
parallel defaults (`-n auto --dist loadfile`) and its xdist hook must not stop a plain run."""
from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import REPO


@pytest.mark.parametrize("plugins", [("-p", "no:xdist"), ("-n", "0")], ids=["without-xdist", "one-process"])
def test_one_file_starts_and_collects(plugins):
    run = subprocess.run(
        [sys.executable, "-m", "pytest", *plugins, "--collect-only", "-q", "tests/test_import_cycles.py"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2 tests collected" in run.stdout
