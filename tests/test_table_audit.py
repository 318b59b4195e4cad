"""The dice audit's fairness test per die-roll table: totals against their fair probabilities."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from gamedata import load_game
from gamedata.rolls import Dice, roll_tables
from referee.dice import Roll
from referee.dice_audit import LoggedTableRoll, audit_dice, dice_findings
from referee.dice_stats import face_fit, total_fit
from referee.findings import Severity
from referee.table_rolls import TableRoll

SOURCES = Path(__file__).resolve().parents[1] / "sources"


def test_a_fair_2d6_sample_passes_and_a_loaded_one_fails():
    fair = [a + b for a, b in itertools.product(range(1, 7), repeat=2)] * 6   # the exact distribution, 216 rolls
    fit = total_fit(fair, Dice(2, 6).distribution())
    assert fit.adequate and fit.chi_square == pytest.approx(0.0, abs=1e-9) and not fit.suspicious
    assert fit.mean == pytest.approx(7.0) and fit.fair_mean == pytest.approx(7.0)
    loaded = total_fit([7] * 60, Dice(2, 6).distribution())
    assert loaded.adequate and loaded.suspicious


def test_rare_totals_are_pooled_and_a_tiny_sample_is_not_tested():
    fit = total_fit([7, 8, 6, 7, 9, 5, 7, 8, 6, 4, 10, 3], Dice(2, 6).distribution())  # 12 rolls
    assert fit.adequate and fit.dof == 1     # 2..7 (7 expected) and 8..12 (5 expected) pooled into two cells
    assert not total_fit([7, 8, 6, 7, 9, 5, 7, 8, 6, 4], Dice(2, 6).distribution()).adequate  # 8..12: 4.2


def test_a_single_die_table_gives_the_face_test():
    values = [1, 2, 3, 4, 5, 6] * 5 + [6, 6, 6, 6, 6]
    pooled = total_fit(values, Dice(1, 6).distribution())
    faces = face_fit(values, 6)
    assert pooled.chi_square == pytest.approx(faces.chi_square) and pooled.p_value == pytest.approx(faces.p_value)


def test_d10_read_0_9_is_tested_on_its_own_faces():
    assert total_fit(list(range(10)) * 5, Dice(1, 10, 0).distribution()).chi_square == pytest.approx(0.0, abs=1e-9)


@pytest.fixture(scope="module")
def random_events():
    return next(t for t in roll_tables(load_game(SOURCES / "hood-strikes-north").tables)
                if t.table_id == "random-events")


def _rolled(table, player: str, totals: list[int]) -> list[LoggedTableRoll]:
    return [LoggedTableRoll("game.vlog", TableRoll(Roll(i, player, table.name, (t,), None, ""), table, (t,), ""))
            for i, t in enumerate(totals, start=1)]


def test_the_audit_tests_each_players_rolls_per_table_and_warns_on_a_suspicious_one(random_events):
    fair = [a + b for a, b in itertools.product(range(1, 7), repeat=2)] * 5
    audit = audit_dice([], _rolled(random_events, "Hood", [7] * 60) + _rolled(random_events, "Thomas", fair))
    assert [(f.player, f.table, f.dice, f.fit.n) for f in audit.table_fits] == [
        ("Hood", "Random Events Table (2.1)", "2d6", 60), ("Thomas", "Random Events Table (2.1)", "2d6", 180)]
    findings = dice_findings(audit, "game.vlog")
    assert [(f.severity, f.player) for f in findings] == [(Severity.WARNING, "Hood")]
    assert findings[0].message.startswith("Hood's rolls on the Random Events Table (2.1) (2d6) are unlikely")
