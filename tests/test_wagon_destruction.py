"""Hood Strikes North S9 special rule 3 (L1688), on made-up logs (stand-in views and steps) through the
initiative check: "The Union player may voluntarily destroy one or more wagons any time he has the
initiative ... This activity expends the Union player's current Activation Segment ... Exception: A
wagon south of the Duck River may not be voluntarily destroyed." The hexes south of the Duck River are
terrain.xlsx Specials (kind region) the rulebook does not print: filled here with made-up hexes in a
copy of the game in a tmp folder."""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_views import AV, Scenario, U, with_specials

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.dice import Roll
from referee.findings import Severity
from referee.rules.initiative import check_initiative
from referee.timeline import StepView

HSN = Path(__file__).resolve().parents[1] / "sources" / "hood-strikes-north"
PLAYERS = {"Confederate": "Hood", "Union": "Thomas"}
RULE = "Scenario 9 special rules, Wagons (rulebook line 1688)"


@pytest.fixture(scope="module")
def hsn():
    return load_game(HSN)


@pytest.fixture(scope="module")
def hsn_river(tmp_path_factory):
    return with_specials(HSN, tmp_path_factory.mktemp("hsn"), "region", "South of the Duck River",
                         ("1612", "1613", "1614"))


def run(game, script, scenario="S9", turn=5):
    """``script``: items ``("dice", confederate, union)`` (a pair of Initiative dice), ``("combat",)``,
    ``("move", unit, hex)`` or ``("off", unit)`` (taken off the map), one step each; the Union wagon
    Wagon Train A starts in 2613 (or 1613), Wood in 3020, Cheatham in 2814."""
    ids = HexIds(game.maps)
    turn_def = next(t for t in game.turns if t.id == turn)
    where = {"Wagon Train A": script[0][1] if script[0][0] == "at" else "2613", "Wood": "3020", "Cheatham": "2814"}
    script = script[1:] if script[0][0] == "at" else script
    steps, views = [StepView(0, "Hood", False)], []

    def view(step, side):
        units = {uid: U(game.unit(uid), ids.parse(h) if h else None, location=h or "") for uid, h in where.items()}
        return AV(step, units, turn_def, Scenario(scenario), "Action Cycle", side, turn)

    views.append(view(0, "Confederate"))
    for item in script:
        if item[0] == "dice":
            for side, value in zip(("Confederate", "Union"), item[1:]):
                i = len(steps)
                steps.append(StepView(i, PLAYERS[side], False,
                                      rolls=(Roll(i, PLAYERS[side], "Initiative", (value,), 6, "Initiative 1d6"),)))
                views.append(view(i, side))
            continue
        i = len(steps)
        if item[0] == "combat":
            steps.append(StepView(i, "Hood", False, rolls=(Roll(i, "Hood", "Combat", (4,), 6, "Combat 1d6"),)))
        else:
            where[item[1]] = item[2] if item[0] == "move" else None
            steps.append(StepView(i, "Thomas", False))
        views.append(view(i, "Union"))
    return [(f.severity, f.step, f.pieces, f.message, f.rule)
            for f in check_initiative(game, views, steps, "w.vlog") if f.rule == RULE]


def test_a_wagon_destroyed_when_the_union_has_the_initiative(hsn) -> None:
    [(severity, *_)] = run(hsn, [("dice", 2, 5), ("off", "Wagon Train A")])
    assert severity is Severity.NOT_CHECKED          # the Duck River's south bank is not in the bundled data
    found = run(hsn, [("dice", 5, 2), ("off", "Wagon Train A")])
    [(severity, step, pieces, message, _)] = [f for f in found if f[0] is Severity.ERROR]
    assert (severity, step, pieces) == (Severity.ERROR, 3, ("Wagon Train A",))
    assert "the Confederate side holds the initiative (won at step 2)" in message
    # a combat's losses and a march's are no voluntary destruction
    fought = run(hsn, [("dice", 5, 2), ("combat",), ("off", "Wagon Train A")])
    assert [f for f in fought if f[0] is Severity.ERROR] == []
    assert [f for f in run(hsn, [("dice", 5, 2), ("move", "Wagon Train A", "2714"), ("off", "Wagon Train A")])
            if f[0] is Severity.ERROR] == []
    assert run(hsn, [("dice", 5, 2), ("off", "Wagon Train A")], scenario="S2") == []     # S9's rule


def test_the_destruction_is_the_whole_action(hsn) -> None:
    found = run(hsn, [("dice", 2, 5), ("off", "Wagon Train A"), ("move", "Wood", "3021")])
    [(_, step, pieces, message, _)] = [f for f in found if f[0] is Severity.ERROR]
    assert (step, pieces) == (3, ("Wagon Train A", "Wood")) and "expends the Activation Segment" in message
    # the next initiative is another action
    later = [("dice", 2, 5), ("off", "Wagon Train A"), ("dice", 1, 6), ("move", "Wood", "3021")]
    assert [f for f in run(hsn, later) if f[0] is Severity.ERROR] == []


def test_no_wagon_destroyed_south_of_the_duck_river(hsn_river) -> None:
    assert run(hsn_river, [("dice", 2, 5), ("off", "Wagon Train A")]) == []
    [(severity, step, _, message, _)] = run(hsn_river, [("at", "1613"), ("dice", 2, 5), ("off", "Wagon Train A")])
    assert (severity, step) == (Severity.ERROR, 3) and "in 1613, south of the Duck River" in message
