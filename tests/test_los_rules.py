"""The rules that need line of sight, read through the production code on made-up positions laid
on Into the Woods' real maps (the terrain is the player's data: tests/los_terrain.py lays it in
memory, never in sources/). Each is a pure function of the game view at the roll."""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from gamedata.conditions import UNKNOWN, parse_fact
from gamedata.load import load_game
from gamedata.model import Game
from gamedata.rolls import evaluate, roll_tables
from referee.rules.facts import RollFacts
from referee.rules.history import History
from referee.rules.tables import _Graph
from tests.los_terrain import ITW, laid_game


@pytest.fixture(scope="module")
def itw() -> Game:
    return load_game(ITW)


@dataclass
class U:
    unit: object
    hex: object
    status: dict = field(default_factory=dict)

    @property
    def side(self):
        return self.unit.side

    @property
    def unit_id(self):
        return self.unit.unit_id


@dataclass
class V:
    units: dict
    turn: object = None

    def unit(self, uid):
        return self.units.get(uid)


def i_am_hit(game: Game, die: int, leader_at: str, enemies: dict[str, str]) -> tuple[object, object, object]:
    """(target.adjacent, target.within-2-los, the reading's result — or its results and the facts
    deciding between them when it is not determined) for Beauregard picked in
    ``leader_at`` with Union regiments at the given hexes."""
    ids = game.terrain.hexids
    units = {u.unit_id: u for u in game.units}
    view = V({"CS:Beauregard": U(units["CS:Beauregard"], ids.canonical(ids.parse(leader_at)))}
             | {uid: U(units[uid], ids.canonical(ids.parse(at))) for uid, at in enemies.items()})
    table = next(t for t in roll_tables(game.tables) if t.table_id == "i-am-hit")
    facts = RollFacts(History(), view, subject=("CS:Beauregard",), graph=_Graph(game))
    reading = evaluate(table, (die,), facts)
    return (facts.value(parse_fact("target.adjacent")), facts.value(parse_fact("target.within-2-los")),
            reading.branch.result if reading.determined else (reading.results, tuple(map(str, reading.deciding))))


def test_i_am_hit_takes_minus_2_within_two_hexes_with_los_and_minus_4_adjacent(itw) -> None:
    """19.0 I am Hit! (L602): killed on 1 or less; -2 when the leader is within two hexes and LOS of
    the roller's units, -4 when adjacent."""
    open_ground = laid_game(itw)
    woods = laid_game(itw, {"S2012": "Thicket"})          # the first thicket blocks (L265)
    union = next(u.unit_id for u in itw.units if u.side == "Union" and u.type == "Inf")
    # adjacent: -4, so a 5 kills and a 6 does not
    assert i_am_hit(open_ground, 5, "S2011", {union: "S2012"})[:2] == (True, True)
    assert i_am_hit(open_ground, 5, "S2011", {union: "S2012"})[2] == "the leader is killed"
    assert i_am_hit(open_ground, 6, "S2011", {union: "S2012"})[2] == "the leader survives"
    # two hexes with LOS: -2, a 3 kills and a 4 does not
    assert i_am_hit(open_ground, 3, "S2011", {union: "S2013"})[:2] == (False, True)
    assert i_am_hit(open_ground, 3, "S2011", {union: "S2013"})[2] == "the leader is killed"
    assert i_am_hit(open_ground, 4, "S2011", {union: "S2013"})[2] == "the leader survives"
    # a thicket between them: no LOS, no modifier: a 3 does not kill, a 1 does
    assert i_am_hit(woods, 3, "S2011", {union: "S2013"})[:2] == (False, False)
    assert i_am_hit(woods, 3, "S2011", {union: "S2013"})[2] == "the leader survives"
    assert i_am_hit(woods, 1, "S2011", {union: "S2013"})[2] == "the leader is killed"
    # three hexes away: no modifier, whatever the terrain
    assert i_am_hit(open_ground, 3, "S2011", {union: "S2014"})[:2] == (False, False)


def test_i_am_hit_waits_for_the_terrain_between_not_for_a_far_unit(itw) -> None:
    union = next(u.unit_id for u in itw.units if u.side == "Union" and u.type == "Inf")
    unknown = laid_game(itw, missing=("S2012",))
    adjacent, within, said = i_am_hit(unknown, 3, "S2011", {union: "S2013"})
    assert (adjacent, within) == (False, UNKNOWN)
    assert said == (("the leader is killed", "the leader survives"), ("target.within-2-los",))
    # the far unit needs no terrain; nor does an adjacent one
    assert i_am_hit(unknown, 3, "S2011", {union: "S2015"})[:2] == (False, False)
    assert i_am_hit(unknown, 5, "S2013", {union: "S2014"})[2] == "the leader is killed"
    # a friendly (Confederate) unit is nobody's target: it changes nothing
    rebel = next(u.unit_id for u in itw.units if u.side == "Confederate" and u.type == "Inf")
    assert i_am_hit(laid_game(itw), 3, "S2011", {rebel: "S2012"})[:2] == (False, False)
