"""A module made by the builder from real game data, linted, with the real VASSAL engine as the
judge: the linter finds nothing where VASSAL loads the module clean (`check-vmod --strict`), and
the linter's per-setup summary places every piece where VASSAL places it (`setup-locations`).

Mutation tried: the linter's setup summary naming the hex above each piece (its point moved up
one hex height in `vassal.lint.setups`): 1 failed. (Where the builder itself misplaces a unit,
linter and VASSAL agree: `test_builder_module` compares VASSAL's placements with the data.)
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import engine
from builder.module import build_module
from vassal.lint import LintReport, lint

HSN = Path(__file__).resolve().parents[1] / "sources" / "hood-strikes-north"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return build_module(HSN, tmp_path_factory.mktemp("lint-build")).path


@pytest.fixture(scope="module")
def report(built: Path) -> LintReport:
    return lint(built)


def test_built_module_has_no_errors_and_no_warnings_as_vassal_finds(report: LintReport, built: Path) -> None:
    checked = engine.check_vmod(built, strict=True)
    assert checked.returncode == 0 and checked.problems() == []
    assert report.errors == report.warnings == ()
    assert report.issues  # one summary per setup


def test_the_linters_setup_summary_places_every_piece_where_vassal_does(report: LintReport, built: Path) -> None:
    placed = engine.by_setup(engine.setup_locations(built))
    assert {s.name for s in report.setups} == set(placed)
    for summary in report.setups:
        ours = Counter((p.name, p.map, p.location) for p in summary.pieces)
        vassals = Counter((p.name.replace("\u2019", "'"), p.map, p.loc.replace("\u2019", "'")) for p in placed[summary.name])
        assert ours == vassals, summary.name
    assert sum(len(s.pieces) for s in report.setups) > 300
