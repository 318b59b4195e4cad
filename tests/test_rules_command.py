"""Command ranges traced as Into the Woods' 4.15 prices them, on a made-up patch of terrain
(`rule_terrain`), and as far as hex distance proves them on the bundled data (no terrain).

Worked numbers from the rulebook: 4.15 (L130) brigade and division leaders pay 1 MP per Road
hex, army and corps commanders 1/2 MP; all leaders 1 MP per Farm Lane hex and 2 MP per Woods
hex; the designer's note (L3523) "many brigadiers can only trace command one hex in the woods
... as tracing command is 2 MPs for a woods hex, more than the leaders' movement cost".
"""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_terrain import patch

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.rules.command import Tracer, assess, commanders, range_of
from rule_views import U, V

ITW = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"


@pytest.fixture(scope="module")
def itw():
    return load_game(ITW)


def at(game, uid, hex_id):
    unit = game.unit(uid)
    return U(unit, HexIds(game.maps).parse(hex_id), unit.formation or unit.command, map="South map")


def trace(game, leader, where, unit, to):
    """The trace with its route drawn, as a finding shows it."""
    c, u = at(game, leader, where), at(game, unit, to)
    tracer = Tracer(game)
    return tracer.drawn(tracer.trace(u, c, range_of(game, leader, c.side)))


def test_who_traces_to_whom(itw):
    assert commanders(itw, "CS:Gladden", "1/2/2") == ("CS:Withers",)          # brigadier -> division
    assert commanders(itw, "CS:Withers", "2/2") == ("CS:Bragg",)              # division -> corps
    regiment = next(u for u in itw.members("1/2/2") if u.type != "Ldr")
    assert commanders(itw, regiment.unit_id, "1/2/2") == ("CS:Gladden",)     # regiment -> brigadier
    assert range_of(itw, "CS:A.S. Johnston", "Confederate").range == 10      # 4.11: half is 5 MP
    assert range_of(itw, "CS:Gladden", "Confederate").move == "command-brigade"
    assert range_of(itw, "CS:Bragg", "Confederate").move == "command-army"


def test_a_brigadier_traces_one_hex_into_the_woods(itw):
    # Designer's note (L3523): 2 MP per Woods hex, more than the 1 1/2 MP the leader moves
    game = patch(itw, woods={"S2513", "S2514", "S2515"}, ranges={"CS:Withers": 3})
    one = trace(game, "CS:Withers", "S2512", "CS:Gladden", "S2513")
    two = trace(game, "CS:Withers", "S2512", "CS:Gladden", "S2514")
    assert (one.within, one.cost) == (True, 2.0)
    assert (two.within, two.cost, two.proof) == (False, 4.0, "every cost on the way is known")
    assert [str(h.row) for h in two.path] == ["12", "13", "14"]


def test_road_costs_by_rank(itw):
    # 4.15: 1 MP per Road hex for brigade and division leaders, 1/2 MP for army and corps commanders
    road = ["S2012", "S2112", "S2212", "S2312", "S2412", "S2512", "S2612", "S2712"]
    game = patch(itw, woods={h for h in road}, roads=[road], ranges={"CS:Withers": 3, "CS:Bragg": 3})
    brigadier = trace(game, "CS:Withers", "S2012", "CS:Gladden", "S2312")
    assert (brigadier.within, brigadier.cost) == (True, 3.0)
    assert trace(game, "CS:Withers", "S2012", "CS:Gladden", "S2412").within is False
    corps = trace(game, "CS:Bragg", "S2012", "CS:Withers", "S2612")
    assert (corps.within, corps.cost) == (True, 3.0)                       # six road hexes at 1/2
    assert trace(game, "CS:Bragg", "S2012", "CS:Withers", "S2712").within is False


def test_farm_lanes_cost_every_leader_one(itw):
    lane = ["S2015", "S2115", "S2215", "S2315"]
    game = patch(itw, woods=set(lane), lanes=[lane], ranges={"CS:Bragg": 3})
    assert trace(game, "CS:Bragg", "S2015", "CS:Withers", "S2315").cost == 3.0


def test_without_terrain_only_distance_decides(itw):
    # the bundled map has no terrain: within 10 MP / 1/2 MP = 20 hexes nothing is known
    far = trace(itw, "CS:A.S. Johnston", "S2010", "CS:Bragg", "S2031")
    near = trace(itw, "CS:A.S. Johnston", "S2010", "CS:Bragg", "S2015")
    assert (far.within, far.proof) == (False, "21 hexes away, at least 0.5 MP each")
    assert near.within is None and near.cells


def test_assess_reports_exempt_alternate_and_unprinted_ranges(itw):
    game = patch(itw, ranges={"CS:Hindman": 1, "CS:Hardee": 30})
    units = {u.unit_id: u for u in [at(game, "CS:Cleburne", "S2515"), at(game, "CS:Hindman", "S2510"),
                                    at(game, "CS:Hardee", "S2520"), at(game, "US:Prentiss", "S2020"),
                                    at(game, "US:Grant", "S3020")]}
    a = assess(Tracer(game), V(units=units))
    cleburne = next(t for t in a.traces if t.unit.unit_id == "CS:Cleburne")
    assert cleburne.within is True and cleburne.commander.unit_id == "CS:Hardee"   # 4.21: via Hardee
    assert [u.unit_id for u, rule in a.exempt] == ["US:Prentiss"]                  # 4.2
    hindman = next(t for t in a.traces if t.unit.unit_id == "CS:Hindman")
    assert (hindman.commander.unit_id, hindman.within, hindman.cost) == ("CS:Hardee", True, 10.0)   # 10 Field hexes
    assert a.no_range == ()
