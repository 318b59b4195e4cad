"""CWB Regimental Sub-Series 21.2 (rulebook 002 L189-193): recovered stragglers go one per regiment, greatest loss
first, none a second before every eligible regiment has one; with the greatest-loss regiment ineligible, none.
The rulebook prints no regiment: the brigade here is made up (printed 9, 8, 7 and 3 SP), its strength markers set
per step; the ineligible statuses (CWB series 21.2, not in the rulebook set) are filled in one test."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from rule_views import U, V

from gamedata import load_game
from gamedata.hexids import HexIds
from gamedata.model import MapDef, RuleParameter, Unit
from referee.findings import Severity
from referee.rules.stragglers import check_recovery

RSS = Path(__file__).resolve().parents[1] / "sources" / "cwb-regimental"
MAP = MapDef("M", "Test map", "", "CCRR", (1, 30), (1, 20), "even")
WHERE = {"26a": "1010", "26b": "1011", "11": "1012", "Cav": "1013"}


@pytest.fixture(scope="module")
def game():
    units = (Unit("26a", "Confederate", "26 NC a", "Inf", formation="B", strength="9"),
             Unit("26b", "Confederate", "26 NC b", "Inf", formation="B", strength="8"),
             Unit("11", "Confederate", "11 NC", "Inf", formation="B", strength="7"),
             Unit("Cav", "Confederate", "1 NC Cav", "Cav", formation="B", strength="3"))
    return replace(load_game(RSS), maps=(MAP,), units=units)


def recovered(game, start, *after, turn_ends=True, status=None):
    """The findings when the brigade's strengths go from ``start`` through each of ``after`` in one turn."""
    ids = HexIds(game.maps)
    turns = [1] * (1 + len(after)) + ([2] if turn_ends else [])
    frames = [start, *after] + ([after[-1] if after else start] if turn_ends else [])

    def view(step, strengths, turn):
        return V(step, {u: U(game.unit(u), ids.parse(h), "B", location=h,
                             status={"strength": str(strengths[u]), **(status or {}).get(u, {})})
                        for u, h in WHERE.items()}, turn=type("T", (), {"id": turn})())
    views = [view(i, s, t) for i, (s, t) in enumerate(zip(frames, turns))]
    return list(check_recovery(game, views, "t.vlog", {i: "Lee" for i in range(len(views))}))


#: lost 5, 4, 2 and 1: the order is 26 NC a, 26 NC b, 11 NC, 1 NC Cav
START = {"26a": 4, "26b": 4, "11": 5, "Cav": 2}


def test_one_each_greatest_loss_first(game):
    assert recovered(game, START, {**START, "26a": 5}, {**START, "26a": 5, "26b": 5}) == []
    assert recovered(game, START, {"26a": 5, "26b": 5, "11": 6, "Cav": 3}, {"26a": 6, "26b": 5, "11": 6, "Cav": 3}) \
        == []                                                     # the second round starts with the greatest loss
    (f,) = recovered(game, START, {**START, "11": 6})
    assert (f.severity, f.step, f.rule) == (Severity.ERROR, 1, "21.2 Straggler Recovery (rulebook line 193)")
    assert f.message == ("stragglers recovered in B (the last at step 1): 11 NC (lost 2) recovered 1 SP before "
                         "26 NC a (lost 5) recovered 1: stragglers go to the greatest loss first")


def test_none_a_second_before_every_eligible_regiment_has_one(game):
    (f,) = recovered(game, START, {**START, "26a": 6})
    assert f.message == ("stragglers recovered in B (the last at step 1): 26 NC a recovered 2 SP while 26 NC b "
                         "recovered 0: no regiment a second straggler before every eligible regiment has one")
    # 1 NC Cav lost only 1: full again after one, the others may take a second
    assert recovered(game, START, {"26a": 6, "26b": 5, "11": 6, "Cav": 3}) == []
    (f,) = recovered(game, START, {**START, "Cav": 4, "26a": 5, "26b": 5, "11": 6})
    assert f.message.endswith("1 NC Cav recovered 2 SP but more than it had lost")


def test_the_greatest_loss_ineligible_stops_the_brigade(game):
    barred = replace(game, rule_parameters=tuple(p for p in game.rule_parameters
                                                 if p.key != "stragglers.ineligible-states")
                     + (RuleParameter("stragglers.ineligible-states", "routed", "21.2", 193),))
    routed = {"26a": {"routed": "yes"}}
    (f,) = recovered(barred, START, {**START, "26b": 5}, status=routed)
    assert f.message.endswith("26 NC a, with the greatest losses (5 SP), is not eligible, so no other unit of the "
                              "brigade may recover stragglers")
    (f,) = recovered(barred, START, {**START, "26a": 5}, status=routed)
    assert f.message.endswith("26 NC a recovered 1 SP but it was not eligible")
    assert recovered(barred, START, {**START, "26a": 5}) == []
    (f,) = recovered(game, START, {**START, "26b": 5}, status=routed)      # unfilled: 26 NC a counts as eligible
    assert "recovered 1 SP before 26 NC a (lost 5)" in f.message


def test_the_log_ending_mid_assignment_is_a_warning(game):
    (f,) = recovered(game, START, {**START, "11": 6}, turn_ends=False)
    assert f.severity is Severity.WARNING
