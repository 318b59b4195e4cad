"""Into the Woods, Scenario 1's Continuous Line (L691, L703-709: rules.xlsx ``line.*``) on made-up positions of the
scenario's own units: the rule is a pure function of the board at the end of Hardee's first two Activations (the
stretches of his brigades' moves that 'AM' chat lines, other formations' moves and the turn's end bound)."""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_views import Scenario, U, V

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.findings import Severity
from referee.rules.line import check_line

ITW = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"
#: two or three regiments a brigade, in the line's order down one hex column: Cleburne, Wood (27 TN beside it),
#: Shaver, Gladden
LINE = {"CS:6 MS": "S1620", "CS:23 TN": "S1621", "CS:55 TN": "S1622", "CS:44 TN": "S1623", "CS:27 TN": "S1722",
        "CS:6 AR": "S1624",
        "CS:7 AR": "S1625", "CS:21 AL": "S1626", "CS:22 AL": "S1627",
        "CS:3 MS Bn": "S1630", "CS:GA Dragoons": "S1632", "CS:Wood": "S1633", "US:53 OH": "S4030"}


@pytest.fixture(scope="module")
def itw():
    return load_game(ITW)


def line(game, frames, scenario="S1", turn=13):
    """The findings over views made from ``frames``: ({unit: hex} changes, chat lines) per step after the start."""
    ids = HexIds(game.maps)
    turns = {t.id: t for t in game.turns}
    placed, views, texts = dict(LINE), [], {}
    for step, (changes, lines) in enumerate([({}, ())] + list(frames)):
        placed.update(changes)
        texts[step] = lines
        views.append(V(step, {uid: U(game.unit(uid), ids.parse(h), game.unit(uid).formation) for uid, h in placed.items()},
                       turns[turn],
                       Scenario(scenario)))
    return list(check_line(game, views, "t.vlog", {i: "Beauregard" for i in range(len(views))}, texts))


AM = ({}, ("Hindman AM drawn",))


def test_a_brigade_broken_at_the_end_of_hardees_activation_is_an_error_at_its_last_step(itw):
    (f,) = line(itw, [AM, ({"CS:27 TN": "S3010"}, ()), ({}, ("Polk AM drawn",))])
    assert (f.severity, f.step, f.pieces, [p.name for p in f.locations]) == (Severity.ERROR, 2, ("27 TN",), ["S3010"])
    assert f.message == ("at the end of Hardee's Activation 1 (steps 2-2): Wood's brigade (3/1/3) is not one continuous "
                         "line: 27 TN at S3010 not joined to 44 TN, 55 TN; the Continuous Line holds at the end of his "
                         "first two Activations")
    assert f.rule == "S1 Continuous Line (rulebook line 703)"
    # moved back before the Activation ends (L703: 'they must be moved back'): silent
    assert line(itw, [AM, ({"CS:27 TN": "S3010"}, ()), ({"CS:27 TN": "S1721"}, ()), ({}, ("Polk AM drawn",))]) == []


def test_each_brigade_next_to_the_one_after_it_and_gladden_next_to_shaver(itw):
    apart = {"CS:21 AL": "S1610", "CS:22 AL": "S1611"}             # Gladden's regiments together, away from Shaver
    (f,) = line(itw, [AM, (apart, ()), ({}, ("Polk AM drawn",))])
    assert f.message.endswith("no regiment of Gladden's brigade (1/2/2) is next to Shaver's brigade (1/1/3); the "
                              "Continuous Line holds at the end of his first two Activations")
    assert f.pieces == ("21 AL", "6 AR") and f.rule == "S1 Continuous Line (rulebook line 703)"


def test_only_the_first_two_activations_of_the_6_am_turn_and_not_the_exempt(itw):
    away = ({"CS:27 TN": "S3010"}, ())
    third = [AM, ({"CS:6 MS": "S1621"}, ()), AM, ({"CS:6 MS": "S1620"}, ()), AM, away, ({}, ("Polk AM drawn",))]
    assert line(itw, third) == []                                             # the third Activation: free
    assert len(line(itw, third[2:])) == 1                                     # its second: judged
    free = {"CS:3 MS Bn": "S3510", "CS:GA Dragoons": "S3610", "CS:Wood": "S3710"}   # exempt, cavalry, a leader
    assert line(itw, [AM, (free, ()), ({}, ("Polk AM drawn",))]) == []
    assert line(itw, [AM, away, ({}, ("Polk AM drawn",))], scenario="S1-GD") == []   # A Grand Design: no line
    assert line(itw, [AM, away, ({}, ("Polk AM drawn",))], turn=14) == []            # 7 AM
    assert len(line(itw, [AM, away, ({}, ("Polk AM drawn",))], scenario="S1-LW")) == 1


def test_without_am_lines_a_break_is_a_warning_that_says_why(itw):
    (f,) = line(itw, [({"CS:27 TN": "S3010"}, ()), ({"US:53 OH": "S4031"}, ())])
    assert (f.severity, f.step) == (Severity.WARNING, 1)
    assert "(no 'AM' line bounds it in the chat: it may run into another Activation)" in f.message
    (f,) = line(itw, [AM, ({"CS:27 TN": "S3010"}, ())])                    # the log ends in the Activation
    assert (f.severity, f.step) == (Severity.WARNING, 2)
