"""Into the Woods S8's conditional arrival on made-up positions over the real game data: "The 2nd
Division and the 6th Division of the Army of Tennessee do not participate in this scenario unless
enemy units end a turn east of hex row 40xx and north of hex row Nxx28 (both inclusive). At the
start of the next turn the US player sets up these two divisions in the hexes specified" (L2518;
scenarios.xlsx S8 Reinf: the 41 rows with neither turn nor roll; scenario-rules.toml
``[[entry.when]]``). The reinforcements check runs over stand-in views whose turn changes mark
the ends of turns: a Confederate unit on N4028 (the corner, both bounds inclusive) at the end of
6 AM lets Tuttle set up at 7 AM and not before; N3928 and N4029 are outside; a Union unit inside
triggers nothing; a set-up a turn late, or never, after the trigger is a warning.
"""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from rule_views import Scenario, U, V

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.findings import Severity
from referee.rules.arrivals import check_arrivals

SOURCES = Path(__file__).resolve().parents[1] / "sources"
SIX, SEVEN, EIGHT, NINE = 29, 30, 31, 32          # April 7th's turns (the S8 scenario starts at 29)
ENEMY = "CS:1 AR"
TUTTLE = "US:Tuttle"                                # S8 Reinf: sets up at N5411 (L2523)


@pytest.fixture(scope="module")
def itw():
    return load_game(SOURCES / "into-the-woods-shiloh")


def _findings(game, frames, scenario="S8"):
    """The reinforcements findings of a log whose steps show ``frames``: (turn id, {unit: hex})."""
    ids = HexIds(game.maps)
    turns = {t.id: t for t in game.turns}
    views = [V(i, {u: U(game.unit(u), ids.parse(h), location=h) for u, h in placed.items()}, turns[t],
               Scenario(scenario)) for i, (t, placed) in enumerate(frames)]
    steps = [SimpleNamespace(index=i, player="Grant") for i in range(1, len(views))]
    ctx = SimpleNamespace(game=game, log=SimpleNamespace(steps=steps, label="s8.vlog"),
                          views=SimpleNamespace(at=lambda i: views[i], scenario=Scenario(scenario)))
    return [f for f in check_arrivals(ctx) if "L2518" in f.rule]


def _conditional_rows(game):
    s8 = next(s for s in game.scenarios if s.scenario_id == "S8")
    return [r for r in s8.reinforcements if not r.turn and not r.dr_set]


def test_set_up_the_turn_after_an_enemy_ended_a_turn_in_the_area_is_silent(itw):
    divisions = {r.unit_id: r.entry for r in _conditional_rows(itw)}
    frames = [(SIX, {ENEMY: "N4030"}), (SIX, {ENEMY: "N4028"}), (SEVEN, {ENEMY: "N4028"}),
              (SEVEN, {ENEMY: "N4028"} | divisions), (EIGHT, {ENEMY: "N4028"} | divisions)]
    assert _findings(itw, frames) == []


def test_set_up_before_the_condition_is_an_error_at_the_step(itw):
    frames = [(SIX, {ENEMY: "N4028"}), (SIX, {ENEMY: "N4028", TUTTLE: "N5411"})]
    [f] = _findings(itw, frames)
    assert (f.severity, f.step, f.pieces) == (Severity.ERROR, 1, ("Tuttle",))
    assert "no enemy unit has ended a turn" in f.message and "N5411" in f.message


@pytest.mark.parametrize("outside", ["N3928", "N4029"])
def test_an_enemy_west_of_40xx_or_south_of_nxx28_triggers_nothing(itw, outside):
    frames = [(SIX, {ENEMY: outside}), (SEVEN, {ENEMY: outside}), (SEVEN, {ENEMY: outside, TUTTLE: "N5411"})]
    [f] = _findings(itw, frames)
    assert (f.severity, f.step) == (Severity.ERROR, 2)     # and no warning for the 40 never set up


def test_a_union_unit_in_the_area_triggers_nothing(itw):
    frames = [(SIX, {"US:Grant": "N5518"}), (SEVEN, {"US:Grant": "N5518"}),
              (SEVEN, {"US:Grant": "N5518", TUTTLE: "N5411"})]
    [f] = _findings(itw, frames)
    assert f.severity == Severity.ERROR


def test_a_set_up_a_turn_late_is_a_warning_naming_the_enemy(itw):
    frames = [(SIX, {ENEMY: "N4528"}), (SEVEN, {ENEMY: "N4528"}), (EIGHT, {ENEMY: "N4528"}),
              (EIGHT, {ENEMY: "N4528", TUTTLE: "N5411"})]
    found = _findings(itw, frames)
    [f] = [f for f in found if f.pieces[0] == "Tuttle"]
    assert len(found) == 41                             # the other 40 never set up
    assert (f.severity, f.step, f.pieces) == (Severity.WARNING, 3, ("Tuttle", "1 AR"))
    assert "not at the start of Turn 30" in f.message and "ended Turn 29 at N4528" in f.message


def test_units_never_set_up_after_the_trigger_are_warned_once_their_turn_is_over(itw):
    placed = {ENEMY: "N4528"}
    frames = [(SIX, placed), (SEVEN, placed), (EIGHT, placed)]
    found = _findings(itw, frames)
    conditional = {r.unit_id for r in _conditional_rows(itw)}
    assert len(conditional) == 41 and len(found) == 41
    assert {f.pieces[0] for f in found} == {itw.unit(u).name for u in conditional}
    assert all(f.severity == Severity.WARNING and f.step == 1 and "due at the start of Turn 30" in f.message
               for f in found)
    assert _findings(itw, frames[:2]) == []            # Turn 30 not over yet: nothing to say


def test_other_scenarios_have_no_conditional_arrivals(itw):
    frames = [(SIX, {ENEMY: "N4028"}), (SIX, {ENEMY: "N4028", TUTTLE: "N5411"})]
    assert _findings(itw, frames, scenario="S1") == []
