"""Hood Strikes North 7.4, on made-up logs (stand-in views, steps and piece events) through the units
check's rule: who may take the Hood Assault Bonus (L156: "If a Confederate infantry (not cavalry)
corps leader successfully undertakes an Assault action and the army leader Hood is stacked in the same
hex as the active leader ... only to successful assaults initiated by the same corps leader to which
the bonus was first applied that turn"; L158: not "against a hex with an undestroyed Union fort")
and the Forrest Assault Bonus (L164: "one infantry division (or up to two infantry brigades) stacked
in the same hex with Forrest may participate"; L169-170: no undestroyed fort, never the Hood bonus,
never a grand assault). Forts: terrain.xlsx Specials (5231 Fortress Rosecrans, 8.0 L1489); a
destroyed one shows the Fort Destroyed game marker (L1521)."""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_views import AV, Replayed, Scenario, U

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.dice import Roll
from referee.findings import Severity
from referee.rules.assault_bonus import check_assault_bonus
from referee.timeline import StepView
from vassal.replay import Added, Step

SOURCES = Path(__file__).resolve().parents[1] / "sources"
HOOD_RULE = "7.4 Hood Assault Bonus (rulebook line 156)"
FORREST_RULE = "7.4 Forrest Assault Bonus (rulebook line 169)"
ATTACK, DEFEND = {"attacking": "yes"}, {"defending": "yes"}


@pytest.fixture(scope="module")
def hsn():
    return load_game(SOURCES / "hood-strikes-north")


def run(game, fights, *, turn=12, markers=()):
    """``fights``: each (chat line, {unit id: (hex, statuses)}): the chat at one step, the combat die at
    the next, with the units so placed and marked; ``markers``: Fort Destroyed hexes placed at step 0."""
    ids = HexIds(game.maps)
    turn_def = next(t for t in game.turns if t.id == turn)
    views, steps, events = [AV(0, {}, turn_def, Scenario("S9"), "Action Cycle", None, turn)], \
        [StepView(0, "Hood", False)], [Step(0, (), tuple(Added(f"fd{h}", "Fort Destroyed", "Main Map", h)
                                                         for h in markers), "Hood", None)]
    for chat, units in fights:
        placed = {uid: U(game.unit(uid), ids.parse(h), status=dict(st), location=h) for uid, (h, st) in units.items()}
        for texts, die in (((chat,), False), ((), True)):
            n = len(steps)
            views.append(AV(n, placed, turn_def, Scenario("S9"), "Action Cycle", "Confederate", turn))
            steps.append(StepView(n, "Hood", False, texts=texts,
                                  rolls=(Roll(n, "Hood", "Combat", (3,), 6, "Combat 1d6"),) if die else ()))
            events.append(Step(n, (), (), "Hood", None))
    return [(f.severity, f.step, f.pieces, f.message, f.rule)
            for f in check_assault_bonus(game, views, steps, "a.vlog", {}, Replayed(steps=events))]


def test_the_hood_bonus_needs_hood_with_the_corps_leader(hsn) -> None:
    fight = {"Hood": ("3010", {}), "Cheatham": ("3010", {}), "Cleburne": ("3010", ATTACK), "Wood": ("3110", DEFEND)}
    assert run(hsn, [("Assault, Hood Assault Bonus: Cheatham", fight)]) == []
    [(severity, step, pieces, message, rule)] = run(hsn, [("Hood Assault Bonus: Cheatham",
                                                           {**fight, "Hood": ("2910", {})})])
    assert (severity, step, rule) == (Severity.ERROR, 1, HOOD_RULE) and pieces == ("Cheatham", "Hood")
    assert message == ("Hood Assault Bonus claimed at step 1 for the combat of step 2: Hood is not stacked with "
                       "Cheatham (3010)")
    # Forrest is a cavalry corps leader, not one of the infantry corps'
    [(_, _, pieces, message, _)] = run(hsn, [("Hood Assault Bonus: Forrest", {**fight, "Forrest": ("3010", {})})])
    assert pieces == ("Forrest",) and "is no Confederate infantry corps leader (Cheatham, Lee, Stewart)" in message
    [(severity, *_)] = run(hsn, [("Hood Assault Bonus", fight)])
    assert severity is Severity.NOT_CHECKED


def test_the_hood_bonus_stays_with_the_turns_first_corps_leader(hsn) -> None:
    cheatham = {"Hood": ("3010", {}), "Cheatham": ("3010", {}), "Cleburne": ("3010", ATTACK), "Wood": ("3110", DEFEND)}
    lee = {"Hood": ("3012", {}), "Lee": ("3012", {}), "Clayton": ("3012", ATTACK), "Cox": ("3113", DEFEND)}
    assert run(hsn, [("Hood Assault Bonus: Cheatham", cheatham), ("Hood Assault Bonus: Cheatham", cheatham)]) == []
    [(_, step, pieces, message, _)] = run(hsn, [("Hood Assault Bonus: Cheatham", cheatham),
                                               ("Hood Assault Bonus: Lee", lee)])
    assert (step, pieces) == (3, ("Lee",)) and "went to Cheatham's assault" in message


def test_no_bonus_against_an_undestroyed_fort(hsn) -> None:
    fort = {"Hood": ("5131", {}), "Stewart": ("5131", {}), "Loring": ("5131", ATTACK), "Van Cleve": ("5231", DEFEND)}
    [(severity, _, pieces, message, _)] = run(hsn, [("Hood Assault Bonus: Stewart", fort)])
    assert (severity, pieces) == (Severity.ERROR, ("Van Cleve",)) and "5231, a Union fort" in message
    assert run(hsn, [("Hood Assault Bonus: Stewart", fort)], markers=("5231",)) == []      # destroyed
    assert len(run(hsn, [("Hood Assault Bonus: Stewart", fort)], markers=("5131",))) == 1  # another fort's marker
    [(severity, *_)] = run(hsn, [("Hood Assault Bonus: Stewart", {**fort, "Van Cleve": ("5231", {})})])
    assert severity is Severity.NOT_CHECKED                                                  # no defender marked


def test_the_forrest_bonus(hsn) -> None:
    base = {"Forrest": ("3010", {}), "Biffle": ("3010", ATTACK), "Wood": ("3110", DEFEND)}
    assert run(hsn, [("Forrest Assault Bonus", base)]) == []
    assert run(hsn, [("Forrest Assault Bonus", {**base, "Cleburne": ("3010", ATTACK)})]) == []  # one division
    [(_, _, pieces, message, rule)] = run(hsn, [("Forrest Assault Bonus", {**base, "Cleburne": ("3009", ATTACK)})])
    assert pieces == ("Cleburne",) and rule == FORREST_RULE and "stacked with Forrest (3010)" in message
    [(_, _, pieces, _, _)] = run(hsn, [("Forrest Assault Bonus", {**base, "Cleburne": ("3010", ATTACK),
                                                                  "Brown": ("3010", ATTACK)})])
    assert pieces == ("Cleburne", "Brown")                                                    # two divisions
    [(_, _, _, message, _)] = run(hsn, [("Forrest Assault Bonus, grand assault", base)])
    assert "a grand assault may never be attempted" in message
    both = run(hsn, [("Forrest Assault Bonus and Hood Assault Bonus: Cheatham",
                      {**base, "Hood": ("3010", {}), "Cheatham": ("3010", {})})])
    assert [(f[0], f[4]) for f in both] == [(Severity.ERROR, HOOD_RULE)]
    assert "never applied to an assault carried out by Forrest" in both[0][3]
