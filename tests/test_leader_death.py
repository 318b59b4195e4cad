"""Hood Strikes North 6.0, Death of Cleburne, on made-up positions (a pure function of the views and
the rolls): "In any combat in which Cleburne's Confederate division is attacking (not defending),
and the Confederate and Union combat die rolls are identical before modification, Cleburne is
killed. If Cleburne is killed, his division is immediately removed from the map and replaced by
the Smith-A counter" (L1396); an Advanced Game rule (S9) that Scenario 4 calls for (L573).

Each player rolls his combat die on the module's Combat button (game.toml [[dice]] "Combat (each
player)"); the attacker is the unit marked ``attacking`` (the combat check's convention)."""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_views import Scenario, U, V

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.dice import Roll
from referee.rules.leader_death import check_leader_death
from referee.timeline import StepView

SOURCES = Path(__file__).resolve().parents[1] / "sources"
RULE = "6.0 Death of Cleburne (rulebook line 1396)"


@pytest.fixture(scope="module")
def hsn():
    return load_game(SOURCES / "hood-strikes-north")


def _run(game, dice, *, attacking="yes", after=("Cleburne",), scenario="S4", phase="Action Cycle"):
    """Cleburne in 2814 attacks 2915 (marked at step 1); the Confederate die at step 2, the Union die
    at step 3; at step 4 the units of ``after`` stand on the map (Smith-A in Cleburne's hex)."""
    ids = HexIds(game.maps)
    turn = next(t for t in game.turns if t.id == 5)

    def view(step, placed, status=None):
        units = {uid: U(game.unit(uid), ids.parse("2814"), status=dict(status or {}), location="2814")
                 for uid in placed}
        return V(step, units, turn, Scenario(scenario), phase)

    views = [view(0, ["Cleburne"]), view(1, ["Cleburne"], {"attacking": attacking}),
             view(2, ["Cleburne"], {"attacking": attacking}), view(3, ["Cleburne"], {"attacking": attacking}),
             view(4, after)]
    steps = [StepView(0, "Hood", False), StepView(1, "Hood", False),
             StepView(2, "Hood", False, rolls=(Roll(2, "Hood", "Combat", (dice[0],), 6, "Combat 1d6"),)),
             StepView(3, "Thomas", False, rolls=(Roll(3, "Thomas", "Combat", (dice[1],), 6, "Combat 1d6"),)),
             StepView(4, "Hood", False)]
    return list(check_leader_death(game, views, steps, "t.vlog", {s.index: s.player for s in steps}))


def test_cleburne_attacking_on_matching_dice_must_give_way_to_smith_a(hsn) -> None:
    [found] = _run(hsn, (4, 4))
    assert found.step == 3 and found.pieces == ("Cleburne",) and found.rule == RULE
    assert [p.name for p in found.places] == ["2814"]
    assert "both combat dice 4 (steps 2 and 3)" in found.message and "it is still on the map" in found.message
    [gone] = _run(hsn, (4, 4), after=())
    assert gone.step == 3 and "Smith-A is not on it" in gone.message
    assert _run(hsn, (4, 4), after=("Smith-A",)) == []


def test_smith_a_replacing_cleburne_without_matching_dice_is_caught(hsn) -> None:
    assert _run(hsn, (4, 3)) == []
    [found] = _run(hsn, (4, 3), after=("Smith-A",))
    assert found.step == 4 and found.pieces == ("Smith-A",) and "no combat before it" in found.message
    [defending] = _run(hsn, (2, 2), attacking="no", after=("Smith-A",))     # defending: 6.0 does not apply
    assert defending.step == 4
    assert _run(hsn, (2, 2), attacking="no") == []


def test_only_the_scenarios_that_use_6_0(hsn) -> None:
    assert len(_run(hsn, (6, 6), scenario="S9")) == 1
    assert _run(hsn, (6, 6), scenario="S3") == []         # a Basic Game scenario that does not call for 6.0
