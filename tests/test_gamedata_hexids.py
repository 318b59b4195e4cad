"""Hex ids as the rulebooks print them: HSN `1715`, Into the Woods `S3103`/`N6420`, Atlanta `A4.27`."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamedata.hexids import Hex, HexError, HexIds
from gamedata.load import map_defs, read_game_toml
from gamedata.model import Alias, MapDef

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def hsn() -> HexIds:
    return HexIds(map_defs(read_game_toml(REPO / "sources" / "hood-strikes-north")))


# Two Into the Woods maps joined edge to edge: S1401 = N1434 (its digest).
ITW = HexIds([
    MapDef("S", "South", "S", "CCRR", (10, 66), (1, 34), "even", aliases=(Alias("S{cc}01", "N{cc}34"),)),
    MapDef("N", "North", "N", "CCRR", (10, 66), (1, 34), "even"),
])
ATLANTA = HexIds([MapDef("A", "Atlanta", "A", "C.RR", (1, 45), (1, 40), "even")])


def test_hsn_edges(hsn):
    # even columns end at 33, odd at 34 (L808 "hexes 4401 to 4433"; exits 5134, 5233 at L1653)
    assert hsn.check("4433") is None and hsn.check("4534") is None and hsn.check("5134") is None
    assert "off map" in hsn.check("4434")
    assert "off map" in hsn.check("5901")
    assert "not a hex id" in hsn.check("33314")  # an OCR ghost number
    assert hsn.check("5833") is None  # a Union exit hex, L1653


def test_hsn_printed_ranges(hsn):
    assert hsn.expand("0110 to 0114") == ("0110", "0111", "0112", "0113", "0114")  # arrival entry hexes
    assert hsn.expand("5706/5707") == hsn.expand("5706 and 5707") == hsn.expand("5706, 5707") == ("5706", "5707")
    assert hsn.expand("5507-5807") == ("5507", "5607", "5707", "5807")  # "Nashville Forts (5507-5807)"
    with pytest.raises(HexError, match="changes both column and row"):
        hsn.expand("3233 to 4534")  # Breckinridge's entry range: membership undefined (digest §6 #31)


@pytest.mark.parametrize("chain", [
    "4010 3911 3811 3712 3612 3513 3413",  # S4 pike line
    "4010 4110 4210 4311 4410 4511",       # S7 Franklin-Brentwood pike
    "5809 5710 5610",                      # S6 Union barrier
])
def test_hsn_pike_chains_are_adjacent(hsn, chain):
    hexes = [hsn.parse(h) for h in chain.split()]
    for a, b in zip(hexes, hexes[1:], strict=False):
        assert b in hsn.neighbours(a), (a, b)


def test_hsn_distance_example(hsn):
    # S9: divisions in 5609 are within three hexes of Nashville 5707 but not adjacent
    assert hsn.parse("5707") not in hsn.neighbours(hsn.parse("5609"))


def test_itw_alias_and_second_hexes():
    assert ITW.normalize("S1401") == "N1434"
    assert ITW.normalize("S3103") == "S3103"
    assert ITW.expand("N6420/6423") == ("N6420", "N6423")  # map letter only on the first hex
    assert ITW.expand("N6401-6601") == ("N6401", "N6501", "N6601")
    assert ITW.expand("S63xx")[:2] == ("S6301", "S6302") and len(ITW.expand("S63xx")) == 34
    assert {h[3:] for h in ITW.expand("Sxx24")} == {"24"} and len(ITW.expand("Sxx24")) == 57


def test_atlanta_dotted_ids():
    assert ATLANTA.normalize("A4.27") == "A4.27"
    assert ATLANTA.parse("A40.05") == Hex("A", 40, 5)
    assert ATLANTA.expand("A40.xx")[0] == "A40.01"
    assert "not a hex id" in ATLANTA.check("A4.2")


@given(st.integers(1, 58), st.integers(1, 34))
def test_hsn_format_parse_round_trip(column, row):
    hsn = HexIds(map_defs(read_game_toml(REPO / "sources" / "hood-strikes-north")))
    h = Hex("main", column, row)
    if hsn.exists(h):
        assert hsn.parse(hsn.format(h)) == h
        assert all(h in hsn.neighbours(n) for n in hsn.neighbours(h))  # adjacency is symmetric
    else:
        assert column % 2 == 0 and row == 34


def test_alias_declared_on_either_map_applies():
    maps = [MapDef("N", "North", "N", "CCRR", (10, 66), (1, 34), "even", aliases=(Alias("S{cc}01", "N{cc}34"),)),
            MapDef("S", "South", "S", "CCRR", (10, 66), (1, 34), "even")]
    assert HexIds(maps).normalize("S1401") == "N1434"
    assert HexIds(maps).alias_problems() == []


def test_malformed_alias_is_reported():
    maps = [MapDef("S", "South", "S", "CCRR", (10, 66), (1, 34), "even", aliases=(Alias("S01{cc}", "X{cc}34"),))]
    assert HexIds(maps).alias_problems() == ["alias 'S01{cc}' is not <map prefix>{cc}<row>",
                                             "alias 'X{cc}34' is not <map prefix>{cc}<row>"]
