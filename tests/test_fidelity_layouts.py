"""A map's default board layout (the BoardPicker's ``<setup>``), as VASSAL decodes it.

VASSAL accepts the text only when it starts with the map's id or name followed
by ``BoardPicker``, and drops boards it cannot find (format reference §2.3,
§5.5). The layouts VASSAL itself wrote (Blood Bowl, 3.2.17) and the one the
builder writes for Hood Strikes North's scenario display must pass; altered
copies must not. The builder's module is judged by the real engine too (`check-vmod --strict`
loads it clean); VASSAL loads the altered copies without a word (it drops what it cannot use,
which is why the linter reports them), so those stay linter tests.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from builder.module import build_module
from vassal.lint import lint

import engine
from conftest import CORPUS

HSN = Path(__file__).resolve().parents[1] / "sources" / "hood-strikes-north"
# the scenario display's layout as the builder writes it: the first scenario's board
DISPLAY_LAYOUT = "<setup>Scenario DisplayBoardPicker\tS1 Display\t0\t0</setup>"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return build_module(HSN, tmp_path_factory.mktemp("fidelity-layouts")).path


@pytest.fixture(scope="module")
def buildfile(built: Path) -> bytes:
    with zipfile.ZipFile(built) as zf:
        return zf.read("buildFile.xml")


def _layout_issues(folder: Path, data: bytes) -> list[tuple[str, str]]:
    path = folder / "buildFile.xml"
    path.write_bytes(data)
    return [(i.severity, i.message) for i in lint(path).issues if i.where.endswith("BoardPicker/setup")]


def test_the_builders_layout_is_accepted(built: Path, buildfile: bytes, tmp_path: Path) -> None:
    assert DISPLAY_LAYOUT.encode() in buildfile
    assert _layout_issues(tmp_path, buildfile) == []
    checked = engine.check_vmod(built, strict=True)
    assert checked.returncode == 0 and checked.problems() == []


def test_layouts_written_by_vassal_are_accepted() -> None:
    # Blood Bowl's two dugout maps each carry a one-board default layout
    issues = [i for i in lint(CORPUS / "BBVassal" / "buildFile").issues if i.where.endswith("BoardPicker/setup")]
    assert issues == []


def test_a_layout_for_another_map_leaves_the_map_without_boards(buildfile: bytes, tmp_path: Path) -> None:
    altered = buildfile.replace(DISPLAY_LAYOUT.encode(),
                                b"<setup>Main MapBoardPicker\tS1 Display\t0\t0</setup>")
    issues = _layout_issues(tmp_path, altered)
    assert [s for s, _ in issues] == ["error"]
    assert "'Scenario DisplayBoardPicker'" in issues[0][1] and "no boards" in issues[0][1]


def test_a_board_the_map_does_not_have_is_reported(buildfile: bytes, tmp_path: Path) -> None:
    # Hood Strikes North has nine scenarios, so there is no "S10 Display" board
    altered = buildfile.replace(DISPLAY_LAYOUT.encode(),
                                b"<setup>Scenario DisplayBoardPicker\tS10 Display\t0\t0</setup>")
    issues = _layout_issues(tmp_path, altered)
    assert [s for s, _ in issues] == ["warning"]
    assert "'S10 Display'" in issues[0][1] and "S9 Display" in issues[0][1]


def test_the_generated_map_id_is_accepted_too(buildfile: bytes, tmp_path: Path) -> None:
    # maps are Map0, Map1, ... in build order: the scenario display is the second map
    altered = buildfile.replace(DISPLAY_LAYOUT.encode(), b"<setup>Map1BoardPicker\tS1 Display\t0\t0</setup>")
    assert _layout_issues(tmp_path, altered) == []
