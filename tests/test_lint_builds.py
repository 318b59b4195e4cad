"""A module made by the builder from real game data passes the linter, and the
linter's per-setup summary puts each unit where the scenario data says."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from builder.module import build_module
from gamedata.hexids import HexIds
from gamedata.load import load_game
from gamedata.model import Game
from vassal.lint import LintReport, lint

HSN = Path(__file__).resolve().parents[1] / "sources" / "hood-strikes-north"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(HSN)


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> LintReport:
    summary = build_module(HSN, tmp_path_factory.mktemp("lint-build"))
    return lint(summary.path)


def test_built_module_has_no_errors_and_no_warnings(report: LintReport) -> None:
    assert report.errors == report.warnings == ()
    assert report.issues  # one summary per setup


def test_every_scenario_has_a_setup_placing_every_unit(report: LintReport, game: Game) -> None:
    by_name = {s.name: s for s in report.setups}
    assert set(by_name) == {s.name for s in game.scenarios}
    for scenario in game.scenarios:
        assert len(by_name[scenario.name].pieces) == len(scenario.setup) + len(scenario.reinforcements)


def test_single_hex_setup_rows_are_named_by_the_linter_as_in_the_data(report: LintReport, game: Game) -> None:
    hexids = HexIds(game.maps)
    by_name = {s.name: s for s in report.setups}
    checked = 0
    for scenario in game.scenarios:
        located = Counter(p.location for p in by_name[scenario.name].pieces)
        wanted = Counter(hexids.normalize(row.location) for row in scenario.setup
                         if not row.constraint and len(hexids.expand(row.location)) == 1)
        assert wanted - located == Counter(), scenario.scenario_id
        checked += sum(wanted.values())
    assert checked > 250
