"""Path search on hand-made terrain against the rulebooks' own numbers and rules.

The Terrain Effects Chart is Into the Woods' own, as imported from the Battle Book
(`sources/into-the-woods-shiloh/effects.xlsx`); the maps are small hand-made ones, since
the rulebook has no map. Command ranges on leader counters are not printed either: the
ranges below are the ones the rule text reasons with.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamedata.hexids import Hex, HexIds
from gamedata.load import load_game
from gamedata.model import MapDef
from gamedata.paths import HexGraph, Missing, reach, route
from gamedata.terrain import Hexside, HexTerrain, Terrain
from referee.findings import Severity

ITW = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"
MAP = MapDef("T", "Test map", "", "CCRR", (1, 10), (1, 10), "odd")   # ITW's geometry: odd columns sit lower
HEXIDS = HexIds((MAP,))


@pytest.fixture(scope="module")
def itw():
    return load_game(ITW)


def h(text: str) -> Hex:
    return HEXIDS.parse(text)


def chain(*ids: str) -> list[tuple[Hex, Hex]]:
    hexes = [h(i) for i in ids]
    pairs = list(zip(hexes, hexes[1:]))
    assert all(b in HEXIDS.neighbours(a) for a, b in pairs), ids
    return pairs


def terrain(itw, default: str = "Woods", hexes: dict[str, str] | None = None,
            routes: dict[str, list[tuple[Hex, Hex]]] | None = None,
            sides: dict[tuple[str, str], str] | None = None) -> Terrain:
    """Every hex `default` (or as `hexes` says) with all its sides surveyed; routes as
    hexside features along chains of hexes; `sides` adds hexside features."""
    cells = {h(k): v for k, v in (hexes or {}).items()}
    rows = [HexTerrain(x, tuple(cells.get(x, default).split(";")), sides_complete=True)
            for x in (Hex("T", c, r) for c in range(1, 11) for r in range(1, 11))]
    features: dict[tuple[Hex, Hex], list[str]] = {}
    for code, pairs in (routes or {}).items():
        for a, b in pairs:
            features.setdefault((a, b), []).append(code)
    for (a, b), code in (sides or {}).items():
        features.setdefault((h(a), h(b)), []).append(code)
    return Terrain(HEXIDS, itw.terrain_types, rows, [Hexside(a, b, tuple(f)) for (a, b), f in features.items()])


# -- ITW 4.15 command range: road against woods ------------------------------------------

def test_brigade_leaders_trace_1_mp_a_hex_on_roads_and_2_through_woods(itw) -> None:
    road = chain("0301", "0302", "0303", "0304", "0305", "0306", "0307", "0308", "0309", "0310")
    t = terrain(itw, routes={"Road": road})
    brigade = reach(t.graph, h("0305"), 4, itw.effects.step_cost("command-brigade", t))
    assert brigade.cost(h("0309")) == 4 and brigade.cost(h("0301")) == 4       # 4 road hexes, 1 MP each (4.15)
    assert h("0310") not in brigade
    assert brigade.path(h("0309")) == tuple(h(x) for x in ("0305", "0306", "0307", "0308", "0309"))
    off_road = [x for x in t.graph.neighbours(h("0305")) if x.column != 3]
    assert {brigade.cost(x) for x in off_road} == {2}                          # woods: 2 MP (4.15)
    two_out = h("0505")                                                        # two woods hexes east
    assert brigade.cost(two_out) == 4 and brigade.within(two_out) is True
    assert not brigade.missing                                                 # every cost was printed


def test_army_and_corps_commanders_trace_half_an_mp_on_roads(itw) -> None:
    road = chain("0301", "0302", "0303", "0304", "0305", "0306", "0307", "0308", "0309", "0310")
    t = terrain(itw, routes={"Road": road})
    army = reach(t.graph, h("0301"), 4, itw.effects.step_cost("command-army", t))
    assert army.cost(h("0309")) == 4                                           # 8 road hexes at ½ MP
    assert army.cost(h("0310")) is None
    brigade = reach(t.graph, h("0301"), 4, itw.effects.step_cost("command-brigade", t))
    assert brigade.cost(h("0305")) == 4 and h("0306") not in brigade


def test_many_brigadiers_can_trace_only_one_hex_in_the_woods(itw) -> None:
    # Designer's notes: "many brigadiers can only trace command one hex in the woods ... as tracing
    # command is 2 MPs for a woods hex, more than the leaders' movement cost" (L3523).
    t = terrain(itw)
    for command_range in (2, 3):
        traced = reach(t.graph, h("0505"), command_range, itw.effects.step_cost("command-brigade", t))
        assert set(traced) == {h("0505"), *t.graph.neighbours(h("0505"))}
        assert all(traced.within(x) for x in traced)
    # the leader's own movement through Woods is 1½ MP (4.15: a woods hexside would cost 1½)
    moved = reach(t.graph, h("0505"), 3, itw.effects.step_cost("leader", t))
    assert moved.cost(h("0705")) == 3                                          # two woods hexes


def test_field_boundary_across_a_woods_hexside_is_traced_as_woods(itw) -> None:
    # 4.15: "This includes Field Boundaries if Movement would have cost them 1½ MP (i.e., when
    # crossing a woods hexside)". From a Field the same Field Boundary costs the leader's
    # movement cost, which the Battle Book does not print: the trace says it cannot decide.
    t = terrain(itw, hexes={"0505": "Field Boundary", "0504": "Field"}, sides={("0605", "0505"): "Woods Hexside"})
    trace = itw.effects.step_cost("command-brigade", t)
    assert trace(h("0605"), h("0505")) == 2
    unknown = trace(h("0504"), h("0505"))
    assert isinstance(unknown, Missing)
    assert unknown.cells and "leader enter Field Boundary" in str(unknown.cells[0])
    assert str(unknown.cells[0]).startswith("effects.xlsx:Costs:")
    from_field = reach(t.graph, h("0504"), 2, trace)
    assert from_field.within(h("0505")) is None                                # only the missing cell decides
    assert from_field.missing and any("leader enter Field" in str(c) for c in from_field.cells)
    assert reach(t.graph, h("0605"), 2, trace).within(h("0505")) is True


def test_unknown_terrain_is_never_clear(itw) -> None:
    t = Terrain(HEXIDS, itw.terrain_types)                                     # nothing entered
    cost = itw.effects.step_cost("command-brigade", t)(h("0505"), h("0506"))
    assert isinstance(cost, Missing) and "terrain.xlsx:Hexsides" in str(cost.cells[0])
    assert reach(t.graph, h("0505"), 4, itw.effects.step_cost("command-brigade", t)).within(h("0506")) is None
    assert [u.what for u in t.missing([h("0505"), h("0506")])] == ["terrain of 0505", "terrain of 0506",
                                                                    "hexside 0505|0506"]


# -- ITW 10.92 supply lines, through the production check ---------------------------------
# A Confederate battery (artillery needs no roll) whose ammunition goes from Low to full is
# judged by referee.rules.gbacw.check_supply on a made-up patch of the south map
# (tests/rule_terrain.py): the hand-made map's hex cc rr is S(cc+20)(rr+10) there, same parity.
# Mutations of gbacw.Supply / _line tried, each failing here (the former test-written rule passed
# them all): no StayOn mode (1 failed), lanes not part of a line (5), friendly units not clearing an
# enemy's hexes (1), an unsurveyed hexside refused instead of unknown (1).

BATTERY, ENEMY, FRIEND = "CS:Bankhead Bty", "US:1 KY", "CS:Calvert Bty"


def s(*ids: str) -> list[str]:
    """Hand-map ids (`0210`) as south-map ids on the patch (`S2220`)."""
    return [f"S{int(i[:2]) + 20}{int(i[2:]) + 10}" for i in ids]


def resupplied(itw, at: str, source: str, roads=(), lanes=(), others: dict[str, str] = {},
               unsurveyed: tuple[str, ...] = ()) -> list:
    """The findings of the production supply check when the battery at `at` resupplies, its side's
    supply source at `source`, roads and lanes along chains of hexes, other units placed, and the
    hexes in `unsurveyed` with no terrain at all (their sides unknown)."""
    from dataclasses import replace

    from rule_terrain import patch
    from rule_views import Scenario, U, V

    from referee.rules.gbacw import check_supply

    game = patch(itw, roads=[s(*r) for r in roads], lanes=[s(*r) for r in lanes],
                 parameters={"supply-source.Confederate": s(source)[0]})
    gone = set(s(*unsurveyed))
    game = replace(game, terrain_hexes=tuple(x for x in game.terrain_hexes if x.hex not in gone))
    ids = HexIds(game.maps)
    turn = next(t for t in game.turns if t.id == 40)

    def view(step: int, ammo: str) -> V:
        units = {uid: U(game.unit(uid), ids.parse(s(where)[0]), game.unit(uid).formation)
                 for uid, where in others.items()}
        units[BATTERY] = U(game.unit(BATTERY), ids.parse(s(at)[0]), game.unit(BATTERY).formation,
                           status={"ammo": ammo})
        return V(step, units, turn, Scenario("S2"))

    return list(check_supply(game, [view(0, "low"), view(1, "none")], "t.vlog", {}, []))


ROAD_OFF_TO_LANE = dict(lanes=[("0210", "0209", "0208"), ("0202", "0302")],
                        roads=[("0208", "0207", "0206", "0205", "0204", "0203", "0202")])


def test_a_supply_line_once_on_a_road_cannot_leave_it(itw) -> None:
    (f,) = resupplied(itw, "0210", "0302", **ROAD_OFF_TO_LANE)
    assert f.severity is Severity.ERROR and f.rule == "10.92 Ammo Resupply (rulebook line 376)"
    assert f.message == f"Bankhead Bty resupplied at {s('0210')[0]}: no road or lane joins it to the supply source"
    # the same roads with the source on the road: the line is traced, so the refusal above is the rule's
    assert resupplied(itw, "0210", "0202", **ROAD_OFF_TO_LANE) == []


def test_a_supply_line_on_a_farm_lane_may_cross_a_road(itw) -> None:
    lane = ("0210", "0209", "0208", "0207", "0206", "0205", "0204", "0203", "0202", "0302")
    assert resupplied(itw, "0210", "0302", lanes=[lane], roads=[("0108", "0208", "0308")]) == []


def test_a_supply_line_may_follow_a_road_to_the_source(itw) -> None:
    road = ("0208", "0207", "0206", "0205", "0204", "0203", "0202", "0302")
    assert resupplied(itw, "0210", "0302", lanes=[("0210", "0209", "0208")], roads=[road]) == []


LANE = ("0210", "0209", "0208", "0207", "0206", "0205", "0204", "0203", "0202", "0302")


def test_enemy_adjacent_hexes_block_a_supply_line_unless_friendly_occupied(itw) -> None:
    enemy = {ENEMY: "0105"}                               # next to lane hexes 0205 and 0206
    (f,) = resupplied(itw, "0210", "0302", lanes=[LANE], others=enemy)
    assert f.severity is Severity.ERROR
    assert f.message == (f"Bankhead Bty resupplied at {s('0210')[0]} with its supply line cut: the road to "
                         f"{s('0302')[0]} passes {', '.join(s('0206', '0205'))}, next to 1 KY")
    assert [p.name for p in f.path] == s(*LANE) and [p.name for p in f.blocked] == s("0206", "0205")
    assert f.pieces == ("Bankhead Bty", "1 KY")
    # friendly units in both hexes next to the enemy clear the line
    assert resupplied(itw, "0210", "0302", lanes=[LANE], others={**enemy, FRIEND: "0205", "CS:Byrne Bty": "0206"}) == []
    # through the enemy unit's own hex: never, even beside friendly units
    (on_lane,) = resupplied(itw, "0210", "0302", lanes=[LANE], others={ENEMY: "0205", FRIEND: "0206"})
    assert "with its supply line cut" in on_lane.message and [p.name for p in on_lane.blocked] == s("0205", "0204")


def test_a_supply_line_through_an_unsurveyed_hexside_is_not_decided(itw) -> None:
    # the lane reaches 0208; the source 0207 is next to it, across a hexside nobody surveyed
    (f,) = resupplied(itw, "0210", "0207", lanes=[("0210", "0209", "0208")], unsurveyed=("0207", "0208"))
    assert f.severity is Severity.NOT_CHECKED
    assert "supply lines through hexsides without terrain" in f.message
    assert f"terrain.xlsx:Hexsides: {s('0208')[0]}|{s('0207')[0]}" in f.message


# -- the engine itself ------------------------------------------------------------------------

def _grid(columns: int, rows: int) -> tuple[HexIds, HexGraph]:
    m = MapDef("G", "grid", "", "CCRR", (1, columns), (1, rows), "even")
    ids = HexIds((m,))
    return ids, HexGraph((Hex("G", c, r) for c in range(1, columns + 1) for r in range(1, rows + 1)), ids.neighbours)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 12), st.integers(1, 9), st.integers(0, 6))
def test_unit_costs_give_hex_distance(column: int, row: int, budget: int) -> None:
    ids, graph = _grid(12, 9)
    start = Hex("G", column, row)
    found = reach(graph, start, budget, lambda a, b: 1.0)
    frontier, seen, distance = [start], {start: 0}, 0
    while frontier and distance < budget:
        distance += 1
        frontier = [n for x in frontier for n in ids.neighbours(x) if n not in seen]
        for n in frontier:
            seen.setdefault(n, distance)
    assert found.costs == seen
    for x in found:
        path = found.path(x)
        assert path[0] == start and path[-1] == x and len(path) == seen[x] + 1


def test_a_missing_cost_counts_its_known_part_and_a_known_detour_decides() -> None:
    _, graph = _grid(5, 5)
    a, b, c = Hex("G", 1, 1), Hex("G", 1, 2), Hex("G", 1, 3)

    def step(x: Hex, y: Hex):
        return Missing(("cell",), 0.5) if {x, y} == {a, b} else 1.0
    found = reach(graph, a, 2, step)
    assert found.cost(b) == 2 and len(found.path(b)) == 3          # the known detour a-x-b
    assert found.within(b) is True
    assert found.missing and found.cells == ("cell",)
    assert found.within(c) is None                                # 1.5 through the unknown side, 3 otherwise
    assert found.maybe_path(c) == (a, b, c)
    assert found.within(Hex("G", 5, 5)) is False
    direct = route(graph, a, [c], step)                           # known first: the detour, 3
    assert direct is not None and not direct.missing and direct.cost == 3
    through = route(graph, a, [c], step, budget=2)
    assert through is not None and through.missing and through.path == (a, b, c) and through.cells == ("cell",)
