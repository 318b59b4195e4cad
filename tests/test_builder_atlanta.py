"""Atlanta built for real: rows grow northward and map B sits above map A, yet every
single-hex setup row lands on the hex the rulebook names and the module lints clean."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from builder.module import build_module
from gamedata.hexids import HexIds
from gamedata.load import load_game
from gamedata.model import Game
from vassal.lint import LintReport, lint
from vassal.module import read_module

ATLANTA = Path(__file__).resolve().parents[1] / "sources" / "atlanta"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(ATLANTA)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return build_module(ATLANTA, tmp_path_factory.mktemp("atlanta")).path


def test_module_lints_clean(built: Path) -> None:
    report: LintReport = lint(built)
    assert report.errors == report.warnings == ()


def test_every_single_hex_setup_row_is_named_as_in_the_data(built: Path, game: Game) -> None:
    report = lint(built)
    hexids = HexIds(game.maps)
    by_name = {s.name: s for s in report.setups}
    checked = 0
    for scenario in game.scenarios:
        located = Counter(p.location for p in by_name[scenario.name].pieces)
        wanted = Counter(hexids.normalize(row.location) for row in scenario.setup
                         if not row.constraint and row.location and len(hexids.expand(row.location)) == 1)
        assert wanted - located == Counter(), scenario.scenario_id
        checked += sum(wanted.values())
    assert checked == 60            # 5.1 (46 rows), 5.1d.1 (2), 5.1d.6 (12): all on map A


def test_map_b_is_the_upper_board_of_the_main_map(built: Path) -> None:
    boards = read_module(built).map("Main Map").boards
    assert [b.name for b in boards] == ["Atlanta map B (NE quadrant)", "Atlanta map A (SE quadrant)"]
