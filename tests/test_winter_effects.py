"""Hood Strikes North 4.0 Winter Weather Effects (L1314-1320), on made-up logs (stand-in views, steps
and piece events) through the units check's rule. Winter starts on a Winter Weather Table roll of 6 on
Turn 15 (6 - 1 = 5, "4 or more": Winter Weather Start, L1297-1305) and lasts seven turns (L1312), or
comes from an earlier log of the chain (the tables check's carried history):
"There is no entrenching"; "Units may not perform Burn RR Station actions"; "Each turn's Action Cycle
ends immediately on the first tied initiative die roll"; no March action "if that action would
increase the unit's Fatigue Level to 3 or 4"; "Assaults are not allowed"."""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_views import AV, Replayed, Scenario, U, Views

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.dice import Roll
from referee.findings import Severity
from referee.rules.consequences import Past, TablesCarried
from referee.rules.winter import check_winter
from referee.timeline import StepView
from vassal.replay import Added, Step

SOURCES = Path(__file__).resolve().parents[1] / "sources"
START = Past("winter-weather", "Winter Weather Start", (("weather", "winter"), ("lasts", "7")), 15, None)


@pytest.fixture(scope="module")
def hsn():
    return load_game(SOURCES / "hood-strikes-north")


def run(game, script, *, turn=15, winter_die=6, carried=None):
    """Step 1 rolls the Winter Weather Table (``winter_die``; None: no roll), then ``script``: items
    ``("move", unit, hex, statuses)``, ``("status", unit, statuses)``, ``("dice", a, b)`` (a pair of
    Initiative dice), ``("chat", text)``, ``("marker", name, hex)``, one step each (the dice: two)."""
    ids = HexIds(game.maps)
    turn_def = next(t for t in game.turns if t.id == turn)
    units = {"Cheatham": ("2814", {"fatigue": "1"}), "Wood": ("4010", {"fatigue": "2"})}
    steps, views, events = [StepView(0, "Hood", False)], [], [Step(0, (), (), "Hood", None)]

    def add(phase, player, rolls=(), texts=(), piece_events=()):
        n = len(steps)
        steps.append(StepView(n, player, False, rolls=tuple(Roll(n, player, *r) for r in rolls), texts=texts))
        views.append(AV(n, {uid: U(game.unit(uid), ids.parse(h), status=dict(st), location=h)
                            for uid, (h, st) in units.items()}, turn_def, Scenario("S9"), phase, None, turn))
        events.append(Step(n, (), tuple(piece_events), player, None))

    views.append(AV(0, {uid: U(game.unit(uid), ids.parse(h), status=dict(st), location=h)
                        for uid, (h, st) in units.items()}, turn_def, Scenario("S9"), "Winter Weather", None, turn))
    if winter_die is not None:
        add("Winter Weather", "Thomas", [("Winter Weather Table", (winter_die,), 6, "Winter Weather Table 1d6")])
    for item in script:
        if item[0] == "turn":
            turn, turn_def = item[1], next(t for t in game.turns if t.id == item[1])
            add("Winter Weather", "Thomas")
        elif item[0] == "move":
            units[item[1]] = (item[2], {**units[item[1]][1], **item[3]})
            add("Action Cycle", "Hood")
        elif item[0] == "status":
            units[item[1]] = (units[item[1]][0], {**units[item[1]][1], **item[2]})
            add("Recovery", "Hood")
        elif item[0] == "dice":
            add("Action Cycle", "Hood", [("Initiative", (item[1],), 6, "Initiative 1d6")])
            add("Action Cycle", "Thomas", [("Initiative", (item[2],), 6, "Initiative 1d6")])
        elif item[0] == "chat":
            add("Action Cycle", "Hood", texts=(item[1],))
        else:
            add("Action Cycle", "Hood", piece_events=[Added(f"m{len(steps)}", item[1], "Main Map", item[2])])
    return [(f.severity, f.step, f.pieces, f.message, f.rule)
            for f in check_winter(game, Views(views), steps, "w.vlog", {}, carried, Replayed(steps=events))]


def test_no_entrenching_in_winter(hsn) -> None:
    [(severity, step, pieces, message, rule)] = run(hsn, [("status", "Cheatham", {"fort-build-1": "yes"})])
    assert (severity, step, pieces) == (Severity.ERROR, 2, ("Cheatham",))
    assert rule == "4.0 Winter Weather Effects (rulebook line 1314)" and "there is no entrenching" in message
    assert run(hsn, [("status", "Cheatham", {"fort-build-1": "yes"})], winter_die=4) == []   # 4 - 1 = 3: No Effect


def test_no_march_to_fatigue_3_or_4(hsn) -> None:
    [(_, step, pieces, message, _)] = run(hsn, [("move", "Wood", "4011", {"fatigue": "3"})])
    assert (step, pieces) == (2, ("Wood",)) and "marches to Fatigue 3" in message
    assert run(hsn, [("move", "Cheatham", "2815", {"fatigue": "2"})]) == []
    assert run(hsn, [("status", "Wood", {"fatigue": "3"})]) == []          # no march (a combat result, say)


def test_the_cycle_ends_on_the_first_tie(hsn) -> None:
    [(_, step, pieces, message, _)] = run(hsn, [("dice", 3, 3), ("move", "Cheatham", "2815", {})])
    assert (step, pieces) == (4, ("Cheatham",)) and "after the tied initiative dice of step 3" in message
    [(_, step, _, message, _)] = run(hsn, [("dice", 3, 3), ("dice", 5, 2)])
    assert step == 4 and message.startswith("an Initiative die is rolled at step 4")
    assert run(hsn, [("dice", 4, 3), ("move", "Cheatham", "2815", {}), ("dice", 2, 5)]) == []
    assert run(hsn, [("dice", 3, 3), ("move", "Cheatham", "2815", {})], winter_die=2) == []


def test_no_assault_and_no_burning(hsn) -> None:
    [(_, step, _, message, rule)] = run(hsn, [("chat", "Hood Assault Bonus: Cheatham")])
    assert step == 2 and "assaults are not allowed" in message and rule.endswith("(rulebook line 1320)")
    [(_, step, pieces, message, _)] = run(hsn, [("marker", "RR Station Destroyed", "5519")])
    assert (step, pieces) == (2, ("RR Station Destroyed",)) and "in 5519" in message
    assert run(hsn, [("marker", "RR Station Destroyed", "5519")], winter_die=3) == []


def test_winter_from_an_earlier_log_and_its_end(hsn) -> None:
    carried = TablesCarried((START,))
    assert len(run(hsn, [("status", "Cheatham", {"fort-build-1": "yes"})], turn=21, winter_die=None,
                   carried=carried)) == 1                                   # Turn 21: the seventh turn
    assert run(hsn, [("status", "Cheatham", {"fort-build-1": "yes"})], turn=22, winter_die=None,
               carried=carried) == []                                       # winter is over
    assert run(hsn, [("status", "Cheatham", {"fort-build-1": "yes"})], turn=21, winter_die=None) == []


def test_a_log_running_past_winters_last_turn(hsn) -> None:
    carried = TablesCarried((START,))
    script = [("status", "Cheatham", {"fort-build-1": "yes"}), ("turn", 22),
              ("status", "Wood", {"fort-build-1": "yes"})]
    assert [f[1:3] for f in run(hsn, script, turn=21, winter_die=None, carried=carried)] == [(1, ("Cheatham",))]
