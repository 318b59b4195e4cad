"""Into the Woods 18.1 (L570, L582): Battle Event chits drawn, as the chat declares them ("Battle
Event drawn"), against the chits each scenario puts in the AM Pool (rules.xlsx battle-events.*,
each citing its scenario's line): S2 "Add two Battle Events chits to the AM Pool at the start of each
turn" (L1186) — a third line in a turn is an error, two are silent, the next turn starts afresh; S4
"11 AM - 12 PM turns: 3 chits. 1 PM - 2 PM turns: 2 chits. 3 PM - 6 PM turns: 1 chit" (L1591) and
S7 "for the 6 PM turn only" (L2315) by the turn's hour; S8-D2V reads S8's row; S1's count is the
Battle Events Chart's (not in the rulebook): not checked, naming the row to add."""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_views import Scenario, V

from gamedata import load_game
from referee.rules.chits import check_battle_events, pool

SOURCES = Path(__file__).resolve().parents[1] / "sources"


@pytest.fixture(scope="module")
def itw():
    return load_game(SOURCES / "into-the-woods-shiloh")


def _drawn(game, scenario, hours_lines, date="1862-04-06"):
    """Findings when turn by turn (its hour) the chat declares that many chits drawn."""
    turns = {t.hour: t for t in game.turns if t.date == date}
    views, texts = [], {}
    for hour, lines in hours_lines:
        for _ in range(lines):
            texts[len(views)] = ("Sherman: Battle Event drawn, rolling",)
            views.append(V(len(views), {}, turns[hour], Scenario(scenario)))
    return [(f.severity.value, f.step, f.message, f.rule) for f in check_battle_events(game, views, "t.vlog", {},
                                                                                        texts)]


def test_two_chits_a_turn_in_s2(itw):
    assert _drawn(itw, "S2", [("08:00", 2), ("09:00", 2)]) == []
    [(severity, step, message, rule)] = _drawn(itw, "S2", [("08:00", 1), ("09:00", 3)])
    assert (severity, step) == ("error", 3)
    assert message.startswith("Battle Event chit number 3 drawn on Turn") and message.endswith(
        "S2 puts 2 in the AM Pool that turn")
    assert rule == "S2 Specific Rules (rulebook line 1186)"


def test_the_pool_by_the_turns_hour(itw):
    assert [s for s, *_ in _drawn(itw, "S4", [("12:00", 3), ("14:00", 2), ("15:00", 1)])] == []
    assert [(s, step) for s, step, *_ in _drawn(itw, "S4", [("13:00", 3)])] == [("error", 2)]
    assert [(s, step) for s, step, *_ in _drawn(itw, "S7", [("17:00", 1)])] == [("error", 0)]
    assert _drawn(itw, "S7", [("18:00", 2)]) == []
    assert [(s, step) for s, step, *_ in _drawn(itw, "S8-D2V", [("07:00", 1), ("08:00", 2)], "1862-04-07")] == [
        ("error", 0)]
    assert (pool("08:00-=3", "07:00"), pool("08:00-=3", "18:00"), pool("2", "06:00"), pool("x", "06:00")) == (
        0, 3, 2, None)
    assert pool("11:00-12:00=3;15:00-18:00=1",
                "13:00") == 0                           # between two spans: none


def test_s1_waits_for_the_battle_events_chart(itw):
    [(severity, step, message, _)] = _drawn(itw, "S1-GD", [("08:00", 1)])
    assert severity == "not-checked" and "fill rules.xlsx:Parameters: a row for battle-events.S1" in message
