"""The coverage table (docs/coverage.md) is what the code and the rule lists say, not a hand-kept text.

Each bundled game lists the rules a referee can check mechanically (``checkable-rules.toml``: the
reviewers' 199) and says why each one no check covers is not checked; each check declares the
rules it implements (``registry.Check.covers``). The table must be the one generated from both,
every rule must have exactly one story (covered, or a reason), and no check may claim a rule no
list has.
"""

from __future__ import annotations

import tomllib
from dataclasses import replace

from conftest import REPO

from referee import coverage, registry

RULES = coverage.listed()


def test_the_lists_hold_the_reviewers_199_rules_once_each() -> None:
    assert len(RULES) == 199
    assert len({r.key for r in RULES}) == 199
    games = {r.game for r in RULES}
    assert games == {"into-the-woods-shiloh", "hood-strikes-north", "atlanta", "cwb-regimental", "shiloh"}
    # the digests' referee lists (66, 49, 28, 30 and 7 checks) are all in, by their own names
    itw = tomllib.loads((REPO / "sources/into-the-woods-shiloh/checkable-rules.toml").read_text(encoding="utf-8"))
    assert [r["id"] for r in itw["rule"]][:3] == ["johnston_leader_loss", "johnston_ability_limits",
                                                  "direct_command_count"]
    assert sum(1 for r in RULES if r.game == "cwb-regimental") >= 30


def test_no_rule_status_disagrees_between_the_lists_and_the_checks() -> None:
    assert coverage.disagreements(RULES) == []


def test_the_table_in_docs_is_the_generated_one() -> None:
    written = (REPO / "docs" / "coverage.md").read_text(encoding="utf-8")
    assert written == coverage.table(RULES), "docs/coverage.md is stale: run python -m referee.coverage"


def test_a_check_that_stops_covering_a_rule_is_caught_and_changes_the_table() -> None:
    """Take 9.22 from the orders check: the list has no reason for it, so the two disagree, and
    the table would no longer call it implemented."""
    checks = [replace(c, covers=tuple(x for x in c.covers if x.rule != "itw.march_orders_timing"))
              for c in registry.CHECKS]
    assert coverage.disagreements(RULES, checks) == [
        "itw.march_orders_timing: no check covers it and checkable-rules.toml of into-the-woods-shiloh does not "
        "say why"]
    assert coverage.table(RULES, checks) != coverage.table(RULES)


def test_a_rule_the_list_calls_unchecked_cannot_be_claimed_by_a_check() -> None:
    claimed = [*registry.CHECKS, registry.Check("x", "claims a rule", None,
                                                covers=(registry.Covers("itw.landing_disembark_cost"),
                                                        registry.Covers("itw.no_such_rule")))]
    problems = coverage.disagreements(RULES, claimed)
    assert any(p.startswith("itw.landing_disembark_cost: checkable-rules.toml of into-the-woods-shiloh says it is not "
                            "checked") for p in problems)
    assert "itw.no_such_rule: covered by x but in no game's checkable-rules.toml" in problems


def test_statuses_follow_the_declarations() -> None:
    """Implemented (runs on the bundled data), waiting for named player data, in part (what is
    left out), not checked (why): one of each, as the code declares them."""
    by_key = {s.rule.key: s for s in coverage.statuses(RULES)}
    assert by_key["itw.march_orders_timing"].status == coverage.IMPLEMENTED
    assert by_key["itw.march_orders_timing"].checks == ("orders",)
    assert by_key["itw.command_trace_cost"].status == coverage.NEEDS_DATA
    assert "rules.xlsx Ranges" in by_key["itw.command_trace_cost"].detail
    assert by_key["hsn.vp_tally"].status == coverage.PARTIAL
    assert by_key["itw.landing_disembark_cost"].status == coverage.NOT_CHECKED
    assert by_key["hsn.initiative_tie_winner"].checks == ("initiative",)


def test_asking_for_help_prints_it_and_writes_nothing(tmp_path, monkeypatch, capsys) -> None:
    """`python -m referee.coverage --help` once wrote the table to a file named --help."""
    import pytest

    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        coverage.main(["--help"])
    assert stop.value.code == 0 and "usage: python -m referee.coverage" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []
    assert coverage.main([str(tmp_path / "table.md")]) == 0
    assert (tmp_path / "table.md").read_text(encoding="utf-8") == coverage.TABLE.read_text(encoding="utf-8")
