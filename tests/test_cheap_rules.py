"""The cheap rules' numbers on made-up positions (stand-in views; the logs VASSAL records are in
test_cheap_rule_logs): Into the Woods' attachments by 4.32 and 4.25 as rules.xlsx rows read them,
and Hood Strikes North's tie rules.

4.32 (L170): "Individual brigades can have a single battery attached (of that division)"; (L172)
"Beginning with the 12 Noon April 6th turn up to ten batteries can be assigned directly to a
division leader ... Batteries assigned to a division leader can be reassigned to their original
commands only." 4.25 (L160): "up to two cavalry units may be attached to any division or the
Reserve Corps". Hood Strikes North: S1 "The Confederate player wins tied initiative die rolls"
(L207); S6 "the Union player wins tied rolls of 1-1, 2-2, and 3-3; the Confederate wins tied rolls
of 4-4, 5-5, and 6-6" (L807); S9's Army Initiative starts at Confederate Advantage (L1685) and
changes only on Turn 11 or later (L1234).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_views import Scenario, U, V

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.rules.command import Tracer
from referee.rules.gbacw import _attachments
from referee.rules.initiative import tie_winner

SOURCES = Path(__file__).resolve().parents[1] / "sources"
NOON, NINE = 19, 16         # the 12 Noon and 9 AM turns of April 6th


@pytest.fixture(scope="module")
def itw():
    return load_game(SOURCES / "into-the-woods-shiloh")


def _view(game, step, turn_id, placed):
    ids = HexIds(game.maps)
    turn = next(t for t in game.turns if t.id == turn_id)
    units = {uid: U(game.unit(uid), ids.parse(where), formation or game.formation_of(uid))
             for uid, (where, formation) in placed.items()}
    return V(step, units, turn, Scenario("S1"))


def attached(game, turn_id, units, before_formation=None):
    """The findings when ``units`` (id -> new formation) are attached at one step."""
    before = _view(game, 0, turn_id, {u: ("S3922", before_formation) for u in units})
    after = _view(game, 1, turn_id, {u: ("S3922", f) for u, f in units.items()})
    return [f.message for f in _attachments(game, before, after, "t.vlog", "Grant", Tracer(game))]


def test_a_union_brigade_takes_one_battery_of_its_own_division(itw) -> None:
    # Waterhouse and Taylor are Sherman's (5/T) batteries; McDowell's 1/5/T is of that division, Peabody's 1/6/T not
    assert attached(itw, NINE, {"US:Waterhouse Bty": "1/5/T"}) == []
    assert attached(itw, NINE, {"US:Waterhouse Bty": "1/6/T"}) == [
        "Waterhouse Bty attached to 1/6/T, not of its own division"]
    assert attached(itw, NINE, {"US:Waterhouse Bty": "1/5/T", "US:Taylor Bty": "1/5/T"}) == [
        "1/5/T has 2 attached batteries (Taylor Bty, Waterhouse Bty): at most 1"]


def test_confederate_batteries_go_to_a_division_from_12_noon_and_back_to_their_own_only(itw) -> None:
    batteries = [u.unit_id for u in itw.units if u.side == "Confederate" and u.type == "Art"]
    one = batteries[0]
    assert attached(itw, NINE, {one: "1/2"}) == [
        f"{itw.unit(one).name} attached to 1/2 on 1862-04-06 09:00, before 1862-04-06 12:00"]
    assert attached(itw, NOON, {one: "1/2"}) == []
    eleven = {b: "1/2" for b in batteries[:11] if itw.formation_of(b) != "1/2"}
    assert len(eleven) == 11
    [message] = attached(itw, NOON, eleven)
    assert message.startswith("1/2 has 11 attached batteries (") and message.endswith("): at most 10")
    own = itw.formation_of(one)
    other = next(f.formation_id for f in itw.formations if f.side == "Confederate" and f.level == "brigade"
                 and f.formation_id != own)
    assert attached(itw, NOON, {one: own}, before_formation="1/2") == []
    assert attached(itw, NOON, {one: other}, before_formation="1/2") == [
        f"{itw.unit(one).name} moved from 1/2 to {other}: from a division it may go back to its own command "
        f"({own}) only"]


def test_two_cavalry_units_at_most_attached_to_a_confederate_division_or_the_reserve_corps(itw) -> None:
    cavalry = [u.unit_id for u in itw.units if u.side == "Confederate" and u.type == "Cav"
               and itw.formation(itw.formation_of(u.unit_id)).level == "army"]
    assert attached(itw, NINE, {c: "R Corps" for c in cavalry[:2]}) == []
    [message] = attached(itw, NINE, {c: "R Corps" for c in cavalry[:3]})
    assert message.startswith("R Corps has 3 attached cavalry units (") and message.endswith("): at most 2")
    # Chalmers's division (2/1) has two cavalry units of its own: only the attached ones count
    own = {"CS:1 MS a Cav": "2/1", "CS:1 MS b Cav": "2/1"}
    assert attached(itw, NINE, {**own, **{c: "2/1" for c in cavalry[:2]}}) == []


def test_hood_strikes_north_ties() -> None:
    hsn = load_game(SOURCES / "hood-strikes-north")
    assert [tie_winner(hsn, "S1", v, 3) for v in (1, 6)] == ["Confederate", "Confederate"]
    assert [tie_winner(hsn, "S6", v, 3) for v in range(1, 7)] == ["Union"] * 3 + ["Confederate"] * 3
    assert tie_winner(hsn, "S9", 2, 10) == "Confederate"
    assert tie_winner(hsn, "S9", 2, 11) is None        # a Random Event may have moved the Army Initiative
