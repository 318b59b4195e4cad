"""The user guide's commands run, and print what the guide says they print.

``docs/guide.md`` shows each command in a ```console block: a line ``$ command`` and the
output under it (stdout and stderr together, as a terminal shows them). The blocks run
in order, in one scratch folder where ``sources`` is the bundled game data and
``../shared`` the shared corpus and rulebooks, exactly as beside a checkout. An output
line ``...`` stands for any number of lines; ``...`` inside a line for any text (a time
in seconds, a temporary path).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, SHARED

from referee.registry import CHECK_IDS

GUIDE = REPO / "docs" / "guide.md"
BLOCK = re.compile(r"```console\n(.*?)```", re.DOTALL)


def commands(text: str) -> list[tuple[str, list[str]]]:
    """``(command, expected output lines)`` of every console block, in order."""
    out: list[tuple[str, list[str]]] = []
    for block in BLOCK.findall(text):
        for line in block.splitlines():
            if line.startswith("$ "):
                out.append((line[2:], []))
            elif out:
                out[-1][1].append(line)
    return out


def matches(expected: list[str], actual: list[str]) -> bool:
    """Lines equal, ``...`` alone skipping any lines, ``...`` in a line any text."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head == "...":
        return any(matches(rest, actual[i:]) for i in range(len(actual) + 1))
    if not actual:
        return False
    pattern = "^" + ".*".join(re.escape(part) for part in head.split("...")) + "$"
    return re.match(pattern, actual[0]) is not None and matches(rest, actual[1:])


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("guide")
    (root / "shared").symlink_to(SHARED)
    work = root / "adjutant"
    work.mkdir()
    (work / "sources").symlink_to(REPO / "sources")
    (work / "docs").symlink_to(REPO / "docs")            # the guide's example logs (docs/examples)
    return work


def test_the_guide_has_examples_of_every_command_and_explains_every_check():
    text = GUIDE.read_text(encoding="utf-8")
    used = {c.split()[1] for c, _ in commands(text) if c.startswith("adjutant ")}
    assert used >= {"build", "validate", "import-tables", "inspect", "check"}
    for check in CHECK_IDS:
        assert f"| `{check}` |" in text, f"the guide's table of checks misses {check}"
    for image in re.findall(r"\(images/([^)]+)\)|src=\"images/([^\"]+)\"", text):
        assert (GUIDE.parent / "images" / "".join(image)).is_file(), image


@pytest.mark.parametrize("index", range(len(commands(GUIDE.read_text(encoding="utf-8")))))
def test_guide_command(workspace, index):
    command, expected = commands(GUIDE.read_text(encoding="utf-8"))[index]
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "PYTHONUNBUFFERED": "1"}  # stdout and stderr in the order printed, as on a terminal
    run = subprocess.run(["bash", "-c", command], cwd=workspace, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, timeout=600)
    actual = run.stdout.rstrip("\n").splitlines() if run.stdout.strip() else []
    assert matches(expected, actual), f"$ {command}\n--- the guide says:\n" + "\n".join(expected) + \
        "\n--- it printed:\n" + "\n".join(actual)
