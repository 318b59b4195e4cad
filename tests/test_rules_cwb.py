"""Civil War Brigade (Regimental Sub-Series) command radius and resupply, on the series'
own numbers (rules.xlsx of sources/cwb-regimental, RSS 10.5a and 28.4) and a made-up corps
on a made-up map: the series rules print no order of battle, no map and no Terrain Effects
Chart, so the test supplies them (every hex Clear at 1 MP: made up) and says so.

10.5a: division leaders within 12 MP of the corps, brigade commanders within 8 MP of the
division's, regiments within 6 MP of their brigadier or next to an in-command unit of the
brigade. 28.4: resupply at least 4 hexes from any enemy, within 2 of the corps wagon, Shaken
or better, artillery limbered.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gamedata import load_game
from gamedata.hexids import HexIds
from gamedata.model import Formation, MapDef, PhaseDef, TerrainCost, TerrainHex, Unit
from referee.findings import Severity
from referee.rules import cwb, incommand
from referee.rules import refills as refill_rule
from rule_views import U, V

RSS = Path(__file__).resolve().parents[1] / "sources" / "cwb-regimental"
MAP = MapDef("M", "Test map", "", "CCRR", (1, 30), (1, 20), "even")


@pytest.fixture(scope="module")
def game():
    base = load_game(RSS)
    formations = (Formation("C", "Union", "corps", "corps", "", "Corps Ldr"),
                  Formation("D", "Union", "division", "division", "C", "Div Ldr"),
                  Formation("B", "Union", "brigade", "brigade", "D", "Bde Ldr"),
                  Formation("R", "Confederate", "enemy brigade", "brigade", "", ""))
    units = (Unit("Corps Ldr", "Union", "Corps Ldr", "Ldr", formation="C"),
             Unit("Div Ldr", "Union", "Div Ldr", "Ldr", formation="D"),
             Unit("Bde Ldr", "Union", "Bde Ldr", "Ldr", formation="B"),
             Unit("1 OH", "Union", "1 OH", "Inf", formation="B"),
             Unit("2 OH", "Union", "2 OH", "Inf", formation="B"),
             Unit("Bty", "Union", "Bty", "Art", formation="B"),
             Unit("Wagon", "Union", "Corps wagon", "Sup", formation="C"),
             Unit("1 VA", "Confederate", "1 VA", "Inf", formation="R"))
    hexes = tuple(TerrainHex("M", f"{c:02d}{r:02d}", "Clear", sides_complete=True) for c in range(1, 31)
                  for r in range(1, 21))
    costs = tuple(replace(c, cost=1.0) if c.action == "enter" else c for c in base.terrain_costs)
    return replace(base, maps=(MAP,), formations=formations, units=units, terrain_hexes=hexes,
                   terrain_costs=costs + (TerrainCost("radius-division", "enter", "*", cost=1.0),))


def board(game, step, where, status=None):
    ids = HexIds(game.maps)
    return V(step, {uid: U(game.unit(uid), ids.parse(h), game.unit(uid).formation, status=(status or {}).get(uid, {}))
                    for uid, h in where.items()})


START = {"Corps Ldr": "0110", "Div Ldr": "1110", "Bde Ldr": "1510", "1 OH": "1511", "2 OH": "1512", "Bty": "1513"}


def command(game, moves):
    """Findings after one step that moves units from START to ``moves``."""
    views = [board(game, 0, START), board(game, 1, {**START, **moves})]
    return [f for f in incommand.check(game, views, "t.vlog", {1: "Grant"}, "10.5a Command Radius")
            if f.severity is Severity.ERROR]


def test_no_order_of_battle_no_radius(game):
    (f,) = cwb.check_command(load_game(RSS), [], "t.vlog", {})
    assert f.severity is Severity.NOT_CHECKED and "no order of battle" in f.message


def test_the_series_radii(game):
    assert command(game, {"Div Ldr": "1310"}) == []                      # 12 MP from the corps
    (f,) = command(game, {"Div Ldr": "1410"})                             # 13
    assert f.message == ("out of command after step 1: Div Ldr at 1410 was 13 MP from Corps Ldr at 0110, beyond his "
                         "12 MP command range")
    assert f.rule == "10.5a A Command Radius (rulebook line 63)" and f.pieces == ("Div Ldr", "Corps Ldr")
    assert [p.name for p in f.path][::12] == ["0110", "1310"]
    assert command(game, {"Bde Ldr": "1910"}) == []                       # 8 MP from the division
    assert [f.pieces for f in command(game, {"Bde Ldr": "2010"})] == [("Bde Ldr", "Div Ldr")]


def test_a_regiment_out_of_radius_but_next_to_an_in_command_one(game):
    assert command(game, {"1 OH": "1516"}) == []                          # 6 MP from its brigadier
    found = command(game, {"1 OH": "1517", "2 OH": "1520"})               # 7 and 10: neither adjacent
    assert sorted(f.pieces for f in found) == [("1 OH", "Bde Ldr"), ("2 OH", "Bde Ldr")]
    found = command(game, {"1 OH": "1516", "2 OH": "1517"})               # 7, next to 1 OH in command
    assert found == []
    views = [board(game, 0, {**START, "2 OH": "1516"}), board(game, 1, {**START, "2 OH": "1516", "1 OH": "1517"})]
    assert [f for f in incommand.check(game, views, "t.vlog", {}, "10.5a") if f.severity is Severity.ERROR] == []


def resupply(game, where, status):
    before = board(game, 0, where, {uid: {**s, "low-ammo": "yes"} for uid, s in status.items()})
    after = board(game, 1, where, {uid: {**s, "low-ammo": "no"} for uid, s in status.items()})
    return list(cwb.check_supply(game, [before, after], "t.vlog", {1: "Grant"}))


def test_resupply_conditions_of_28_4(game):
    base = {"1 OH": "1510", "Wagon": "1512", "1 VA": "1515"}
    assert resupply(game, base, {"1 OH": {}}) == []                       # enemy 5 hexes, wagon 2
    (f,) = resupply(game, {**base, "1 VA": "1513"}, {"1 OH": {}})
    assert f.message == "1 OH resupplied at 1510: the enemy 1 VA at 1513 is 3 hexes away (at least 4)"
    assert f.rule == "28.4 Resupply (rulebook line 389)" and f.step == 1 and f.player == "Grant"
    (f,) = resupply(game, {**base, "Wagon": "1507"}, {"1 OH": {}})
    assert f.message == "1 OH resupplied at 1510: its wagon Corps wagon at 1507 is 3 hexes away (at or within 2)"
    (f,) = resupply(game, base, {"1 OH": {"disorganized": "yes"}})
    assert "disorganized (Shaken or better only)" in f.message
    (f,) = resupply(game, {**base, "Bty": "1511"}, {"Bty": {"limbered": "no"}})
    assert f.message.endswith("artillery must be limbered to be resupplied")


def test_units_resupplied_automatically_are_judged_by_their_wagon_alone(game):
    """Atlanta 3.5 (L182): Confederate artillery "is automatically replenished if ... within 2 hexes
    of the Corps supply wagon or the Army trains": Atlanta's own rows (resupply.automatic and its
    distance) laid over the series' made-up corps, with its battery playing the part (Union here)."""
    atlanta = {p.key: p for p in load_game(ATLANTA).rule_parameters if p.key.startswith("resupply.automatic")}
    rows = tuple(p for p in game.rule_parameters if p.key not in atlanta) + tuple(
        replace(p, value="Union:Art") if p.key == "resupply.automatic" else p for p in atlanta.values())
    auto = replace(game, rule_parameters=rows)
    base = {"Bty": "1510", "Wagon": "1512", "1 VA": "1511"}
    unlimbered = {"Bty": {"limbered": "no", "disorganized": "yes"}}
    assert resupply(auto, base, unlimbered) == []          # next to the enemy, unlimbered, disorganized: 28.4 waived
    assert len(resupply(game, base, unlimbered)) == 1      # the series rule alone: not eligible
    (f,) = resupply(auto, {**base, "Wagon": "1507"}, unlimbered)
    assert f.message == "Bty resupplied at 1510: its wagon Corps wagon at 1507 is 3 hexes away (at or within 2)"
    assert f.rule == "3.5 Resupply (rulebook line 182)"


# ------------------------------------------------------------------ Atlanta 2.1g: Dodge's 16th Corps

ATLANTA = RSS.parent / "atlanta"


@pytest.fixture(scope="module")
def atlanta():
    return load_game(ATLANTA)


DODGE = {"Dodge": "A20.10", "Sweeny": "A30.10", "Fuller": "A20.20", "1/2/16": "A24.10", "1/4/16": "A20.16"}


def near(game, before, after):
    """The 2.1g findings of one step from ``before`` to ``after`` (stand-in views of the real game)."""
    views = [board(game, 0, before), board(game, 1, after)]
    return [f for f in cwb.check_command(game, views, "t.vlog", {1: "Sherman"}) if f.rule.startswith("2.1g")]


def test_16th_corps_units_stay_within_4_hexes_of_dodge_or_their_division_commander(atlanta):
    assert near(atlanta, DODGE, {**DODGE, "1/2/16": "A26.10"}) == []          # 6 from Dodge, 4 from Sweeny
    assert near(atlanta, DODGE, {**DODGE, "1/4/16": "A20.14"}) == []          # 4 from Dodge, 6 from Fuller
    (f,) = near(atlanta, DODGE, {**DODGE, "1/2/16": "A25.13"})               # 5 from Dodge, 5 from Sweeny
    assert f.severity is Severity.ERROR and f.step == 1 and f.player == "Sherman"
    assert f.rule == "2.1g (rulebook line 110)"
    assert f.message == ("1/2/16 at A25.13 is more than 4 hexes from each of Dodge at A20.10; Sweeny at A30.10 "
                         "(it must stay within 4 hexes of one of them)")
    assert f.pieces == ("1/2/16", "Dodge", "Sweeny")
    assert [p.name for p in f.locations] == ["A25.13", "A20.10", "A30.10"]


def test_dodge_moving_away_leaves_a_unit_beyond_4_hexes(atlanta):
    (f,) = near(atlanta, DODGE, {**DODGE, "Dodge": "A16.10"})     # 1/2/16: 8 from Dodge, 6 from Sweeny
    assert f.pieces == ("1/2/16", "Dodge", "Sweeny") and f.step == 1   # 1/4/16: 4 from Fuller
    assert near(atlanta, DODGE, {**DODGE, "Dodge": "A21.10"}) == []     # 1/2/16: 3 from Dodge
    # Sweeny and Fuller off the map (the optional rule): Dodge alone counts
    alone = {k: v for k, v in DODGE.items() if k not in ("Sweeny", "Fuller")}
    (f,) = near(atlanta, alone, {**alone, "1/2/16": "A25.10"})
    assert f.pieces == ("1/2/16", "Dodge")
    assert near(atlanta, alone, {**alone, "1/2/16": "A24.12"}) == []


# ------------------------------------------------------------------ Atlanta 3.5: replenished automatically

def refills(game, phases, where, status):
    """The 3.5 refill findings over views of the real Atlanta game, one a phase (``phases``), the
    units at ``where`` with ``status`` at every step."""
    ids = game.terrain.hexids
    views = [V(i, {uid: U(game.unit(uid), ids.canonical(ids.parse(h)), game.unit(uid).command,
                          status=status.get(uid, {})) for uid, h in where.items()}, turn=1, phase=p)
             for i, p in enumerate(phases)]
    return list(refill_rule.check_refills(game, views, "t.vlog", {0: "Hood", 1: "Hood", 2: "Hood"}))


def with_resupply_phase(game, name="Resupply"):
    """Atlanta with a made-up sequence of play (not in the rulebook set) and resupply.phase naming it
    (the phase named in game.toml [[phases]], or not)."""
    rows = tuple(replace(p, value=name) if p.key == "resupply.phase" else p for p in game.rule_parameters)
    return replace(game, phases=(PhaseDef("Movement"), PhaseDef("Resupply"), PhaseDef("Fire")), rule_parameters=rows)


GUNS = {"Cheatham's artillery": "A10.20", "Cheatham supply": "A10.22"}
OUT = {"Cheatham's artillery": {"out-of-ammo": "yes"}}


def test_a_battery_left_out_of_ammunition_next_to_its_wagon(atlanta):
    game = with_resupply_phase(atlanta)
    (f,) = refills(game, ["Resupply", "Fire"], GUNS, OUT)
    assert f.severity is Severity.ERROR and f.step == 0 and f.player == "Hood"
    assert f.message == ("Cheatham's artillery at A10.20 still shows out-of-ammo at the end of the Resupply phase "
                         "with its wagon Cheatham's supply at A10.22 within 2 hexes: it is replenished automatically")
    assert f.rule == "3.5 Resupply (rulebook line 182)"
    assert refills(game, ["Resupply", "Fire"], GUNS, {}) == []                            # replenished
    assert refills(game, ["Resupply", "Fire"], {**GUNS, "Cheatham supply": "A10.23"}, OUT) == []   # 3 hexes
    assert refills(game, ["Movement", "Fire"], GUNS, OUT) == []                           # not the resupply phase
    assert refills(game, ["Fire", "Resupply"], GUNS, OUT) == []       # the log ends in it: the next log goes on
    # another corps' wagon does not serve it
    assert refills(game, ["Resupply", "Fire"], {"Cheatham's artillery": "A10.20", "Hardee supply": "A10.21"}, OUT) == []


def test_without_the_resupply_phase_it_says_which_cells(atlanta):
    (f,) = refills(atlanta, ["Resupply", "Fire"], GUNS, OUT)
    assert f.severity is Severity.NOT_CHECKED and "resupply.phase" in f.message
    assert len(f.cells) == 1 and "resupply.phase" in str(f.cells[0])
    assert refills(atlanta, ["Resupply", "Fire"], GUNS, {}) == []          # no battery short: nothing to say
    (f,) = refills(with_resupply_phase(atlanta, "Supply"), ["Resupply", "Fire"], GUNS, OUT)
    assert "no phase of game.toml [[phases]] is named 'Supply'" in f.message
