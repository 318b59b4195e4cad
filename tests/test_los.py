"""Line of sight (`gamedata/los.py`) under Into the Woods' conventions as the bundled rules.xlsx
states them (los.* rows, each citing its battle-book line), on made-up terrain laid on the real
maps (the map terrain is the player's data: nothing here is written into sources/).

The oracle is the battle book's own words for each kind (L235 woods, L251 field boundaries and
the hexspine, L265 thickets, L273 ridges) and, for the geometry, the map's adjacency
(`Terrain.graph`, built from the hex ids, not from los.py's coordinates)."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamedata.hexids import Hex
from gamedata.load import load_game
from gamedata.los import LineOfSight, rules_from
from gamedata.model import Game
from tests.los_terrain import ITW, PATCH, laid


@pytest.fixture(scope="module")
def itw() -> Game:
    return load_game(ITW)


def h(los: LineOfSight, text: str) -> Hex:
    return los.terrain.hexids.canonical(los.terrain.hexids.parse(text))


def sees(los: LineOfSight, a: str, b: str) -> bool | None:
    return los.sight(h(los, a), h(los, b)).sees


def names(los: LineOfSight, hexes) -> list[str]:
    return [los.terrain.hexids.format(x) for x in hexes]


def test_the_rows_state_the_battle_books_conventions(itw) -> None:
    rules = rules_from(itw.rule_parameters)
    assert rules.terrain["Woods"].blocks == 2 and rules.terrain["Woods"].levels == 1      # L235
    assert rules.terrain["Thicket"].blocks == 1 and rules.terrain["Marsh"].blocks == 1    # L265, L289
    assert rules.hexsides["Ridge"].adjacent_sees and rules.spine == "both"                 # L273, L251
    assert rules.over is None          # the Basic Book's, not printed: the player's row
    assert "Orchard" not in rules.terrain   # L269: orchards do not block


def test_a_line_sees_through_one_woods_hex_and_is_blocked_by_the_second(itw) -> None:
    one = laid(itw, {"S2012": "Woods"})
    assert sees(one, "S2010", "S2014") is True                        # L235
    two = laid(itw, {"S2012": "Woods", "S2013": "Woods"})
    sight = two.sight(h(two, "S2010"), h(two, "S2015"))
    assert sight.sees is False and names(two, sight.blocked_by) == ["S2013"]
    # field boundaries count as woods (L251); orchards do not block (L269)
    assert sees(laid(itw, {"S2011": "Woods", "S2013": "Field Boundary"}), "S2010", "S2014") is False
    assert sees(laid(itw, {"S2011": "Orchard", "S2012": "Orchard", "S2013": "Orchard"}), "S2010", "S2014") is True


@pytest.mark.parametrize("kind", ["Thicket", "Marsh", "Wooded Sloping Ground"])
def test_the_first_thicket_marsh_or_wooded_slope_blocks(itw, kind) -> None:   # L265, L289, L285
    los = laid(itw, {"S2012": kind})
    assert sees(los, "S2010", "S2014") is False
    assert sees(los, "S2011", "S2013") is False
    assert sees(los, "S2012", "S2013") is True        # from inside it, to the next hex


def test_a_line_along_a_hexspine_is_blocked_only_when_both_sides_block(itw) -> None:
    los = laid(itw)
    assert [names(los, g) for g in los.between(h(los, "S2012"), h(los, "S2212"))] == [["S2111", "S2112"]]
    # L251: a field boundary beside a field along the line of fire is ignored
    assert sees(laid(itw, {"S2111": "Thicket"}), "S2012", "S2212") is True
    assert sees(laid(itw, {"S2111": "Thicket", "S2112": "Thicket"}), "S2012", "S2212") is False
    # a woods spine counts once: one more woods hex beyond it blocks (L235, L343 'cannot count more than once')
    both_woods = {"S2111": "Woods", "S2112": "Woods"}
    assert sees(laid(itw, both_woods), "S2012", "S2212") is True
    assert sees(laid(itw, {**both_woods, "S2212": "Woods"}), "S2012", "S2412") is False


def test_a_ridge_blocks_beyond_the_hexes_it_separates(itw) -> None:   # L273
    los = laid(itw, ridges=(("S2012", "S2013"),))
    assert sees(los, "S2012", "S2013") is True
    assert sees(los, "S2011", "S2013") is False
    assert sees(los, "S2012", "S2014") is False
    assert sees(los, "S2010", "S2012") is True


def test_elevation_a_hill_blocks_a_lower_obstacle_does_not_between_waits_for_los_over(itw) -> None:
    assert sees(laid(itw, elevation={"S2012": 2}), "S2010", "S2014") is False      # above both ends
    low = laid(itw, {"S2012": "Thicket", "S2013": "Thicket"}, elevation={"S2010": 3, "S2014": 3, "S2012": 1,
                                                                        "S2013": 1})
    assert sees(low, "S2010", "S2014") is True                                      # treetops at 2, ends at 3
    mixed = {"S2010": 3, "S2014": 1, "S2011": 1, "S2012": 1, "S2013": 1}
    waiting = laid(itw, {"S2013": "Thicket"}, elevation=mixed).sight(*(h(laid(itw), x) for x in ("S2010", "S2014")))
    assert waiting.sees is None and [c.cell.text for c in waiting.unknown] == [
        "rules.xlsx:Parameters: a row for los.over"]
    # the straight line from 3 to 1 is at 1.5 over S2013 (treetops at 2) and at 2.5 over S2011
    assert sees(laid(itw, {"S2013": "Thicket"}, elevation=mixed, over="slope"), "S2010", "S2014") is False
    assert sees(laid(itw, {"S2011": "Thicket"}, elevation=mixed, over="slope"), "S2010", "S2014") is True
    assert sees(laid(itw, {"S2013": "Thicket"}, elevation=mixed, over="higher"), "S2010", "S2014") is True


def test_missing_terrain_is_named_never_taken_as_clear(itw) -> None:
    los = laid(itw, missing=("S2012",))
    sight = los.sight(h(los, "S2010"), h(los, "S2014"))
    assert sight.sees is None and [c.cell.text for c in sight.unknown] == ["terrain.xlsx:Hexes: a row for S2012"]
    # a block elsewhere on the line decides all the same
    assert sees(laid(itw, {"S2013": "Thicket"}, missing=("S2012",)), "S2010", "S2014") is False


def test_a_line_crosses_the_seam_of_the_two_maps(itw) -> None:
    los = laid(itw, {"S2001": "Thicket"})          # S2001 is N2034
    assert los.distance(h(los, "N2032"), h(los, "S2003")) == 4
    assert names(los, [g[0] for g in los.between(h(los, "N2032"), h(los, "S2003"))]) == ["N2033", "N2034", "S2002"]
    assert sees(los, "N2032", "S2003") is False and sees(laid(itw), "N2032", "S2003") is True


_KINDS = st.sampled_from(["Field", "Field", "Woods", "Field Boundary", "Thicket", "Orchard"])
_HEX = st.sampled_from(PATCH)


@settings(max_examples=25, deadline=None)
@given(kinds=st.lists(_KINDS, min_size=len(PATCH), max_size=len(PATCH)),
       levels=st.lists(st.integers(0, 3), min_size=len(PATCH), max_size=len(PATCH)),
       pairs=st.lists(st.tuples(_HEX, _HEX), min_size=6, max_size=6))
def test_sight_is_symmetric_and_the_geometry_agrees_with_the_map(itw, kinds, levels, pairs) -> None:
    spelled = [f"S{c:02d}{r:02d}" for c, r in PATCH]
    los = laid(itw, dict(zip(spelled, kinds)), dict(zip(spelled, levels)), over="slope")
    graph = los.terrain.graph
    for (ca, ra), (cb, rb) in pairs:
        a, b = h(los, f"S{ca:02d}{ra:02d}"), h(los, f"S{cb:02d}{rb:02d}")
        n = los.distance(a, b)
        assert b in graph.near([a], n) and (n == 0 or b not in graph.near([a], n - 1))   # hexes by adjacency
        assert los.sight(a, b).sees == los.sight(b, a).sees
        forward = los.between(a, b)
        assert forward == tuple(reversed(los.between(b, a)))
        for group in forward:
            for x in group:
                assert los.distance(a, x) < n and los.distance(x, b) < n
        if n == 1:
            assert los.sight(a, b).sees is True     # adjacent hexes see each other unless a hexside blocks


@pytest.fixture(scope="module")
def atlanta_los() -> LineOfSight:
    return LineOfSight.of(load_game(ITW.parent / "atlanta"))


@settings(max_examples=30, deadline=None)
@given(a=st.tuples(st.integers(0, 49), st.integers(1, 35)), b=st.tuples(st.integers(0, 49), st.integers(1, 35)))
def test_distance_on_a_map_of_even_shifted_columns_agrees_with_adjacency(atlanta_los, a, b) -> None:
    ha, hb = Hex("A", *a), Hex("A", *b)
    graph = atlanta_los.terrain.graph
    n = atlanta_los.distance(ha, hb)
    assert hb in graph.near([ha], n) and (n == 0 or hb not in graph.near([ha], n - 1))
    line = [ha] + [g[0] for g in atlanta_los.between(ha, hb) if len(g) == 1] + [hb]
    assert all(atlanta_los.distance(ha, x) < n or x == hb for x in line[1:-1])


def _sampled(los: LineOfSight, a: Hex, b: Hex, points: int = 400) -> set[Hex]:
    """The hexes holding the points of the line, each nudged a hair to either side: the nearest
    hex centre to each (a hex's area is the points nearer its centre than any other's)."""
    (fa, ra), (fb, rb) = los._frame(a), los._frame(b)
    (ax, ay), (bx, by) = los._centre(fa, ra), los._centre(fb, rb)
    length = math.hypot(bx - ax, by - ay) or 1.0
    nx, ny = -(by - ay) / length * 1e-6, (bx - ax) / length * 1e-6
    centres = {(c, r): los._centre(c, r) for c in range(min(fa, fb) - 1, max(fa, fb) + 2)
               for r in range(min(ra, rb) - 2, max(ra, rb) + 3)}
    found = set()
    for k in range(points):
        t = (k + 1 / math.sqrt(2)) / points
        x, y = ax + (bx - ax) * t, ay + (by - ay) * t
        for s in (1, -1):
            cell = min(centres, key=lambda c: (centres[c][0] - x - s * nx) ** 2 + (centres[c][1] - y - s * ny) ** 2)
            found.add(los._hex(*cell))
    return found - {a, b}


@settings(max_examples=15, deadline=None)
@given(pair=st.tuples(_HEX, _HEX))
def test_the_hexes_a_line_crosses_are_those_its_points_fall_in(itw, pair) -> None:
    los = laid(itw)
    (ca, ra), (cb, rb) = pair
    a, b = h(los, f"S{ca:02d}{ra:02d}"), h(los, f"S{cb:02d}{rb:02d}")
    assert {x for group in los.between(a, b) for x in group} == _sampled(los, a, b)
