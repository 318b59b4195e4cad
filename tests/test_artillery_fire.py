"""Atlanta 3.5's artillery limits on made-up positions (the fire check over stand-in views):
"Confederate artillery that runs out of ammunition is allowed to fire only at ranges of 2 or less"
(L182) and, optionally, "Players may optionally restrict Confederate artillery to 4 points firing
from a hex" (L184). The batteries' points are their counters' (oob.xlsx strength: Hb(4) is 4)."""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_views import U, V

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.findings import Severity
from referee.rules.artillery_fire import check_artillery

SOURCES = Path(__file__).resolve().parents[1] / "sources"
FIRING = {"attacking": "yes", "low-ammo": "no", "out-of-ammo": "no"}
OUT = {**FIRING, "out-of-ammo": "yes"}


@pytest.fixture(scope="module")
def atl():
    return load_game(SOURCES / "atlanta")


def _fire(game, firing: dict[str, tuple[str, dict]], target: str):
    """One fire roll at step 1: the units of ``firing`` (id -> hex, status) at the Union 1/1/15 in
    ``target``; the findings as (severity, pieces, message)."""
    ids = HexIds(game.maps)
    units = {uid: U(game.unit(uid), ids.parse(where), status=status, location=where)
             for uid, (where, status) in firing.items()}
    units["1/1/15"] = U(game.unit("1/1/15"), ids.parse(target), status={"defending": "yes"}, location=target)
    view = V(0, units)
    return [(f.severity, f.pieces, f.message, f.rule)
            for f in check_artillery(game, [(1, "Hood")], lambda step: view, "t.vlog")]


def test_confederate_artillery_out_of_ammunition_fires_at_2_hexes_or_less(atl) -> None:
    assert _fire(atl, {"Hb(2)": ("B10.10", OUT)}, "B12.10") == []                  # 2 hexes
    [(severity, pieces, message, rule)] = _fire(atl, {"Hb(2)": ("B10.10", OUT)}, "B13.10")
    assert severity is Severity.ERROR and pieces == ("Hb(2)",) and rule == "3.5 (rulebook line 182)"
    assert "more than 2 hexes away" in message
    assert _fire(atl, {"Hb(2)": ("B10.10", FIRING)}, "B15.10") == []               # with ammunition: any range


def test_at_most_4_confederate_artillery_points_from_a_hex_if_the_option_is_played(atl) -> None:
    assert _fire(atl, {"Hb(2)": ("B10.10", FIRING), "Hdb(2)": ("B10.10", FIRING)}, "B12.10") == []
    [(severity, pieces, message, rule)] = _fire(atl, {"Hb(4)": ("B10.10", FIRING), "Hdb(2)": ("B10.10", FIRING)},
                                                "B12.10")
    assert severity is Severity.WARNING and set(pieces) == {"Hb(4)", "Hdb(2)"}
    assert message.startswith("6 points of Confederate artillery fired from B10.10") and "optional" in message
    assert rule == "3.5 (optional) (rulebook line 184)"
    assert _fire(atl, {"Hb(4)": ("B10.10", FIRING), "Hdb(2)": ("B11.10", FIRING)}, "B12.10") == []   # two hexes


def test_a_battery_of_unknown_strength_is_said_once_with_its_cell(atl) -> None:
    [(severity, pieces, message, _)] = _fire(atl, {"Hb(2)": ("B10.10", FIRING),
                                                   "Cheatham's artillery": ("B10.10", FIRING)}, "B12.10")
    assert severity is Severity.NOT_CHECKED and pieces == ("Cheatham's artillery",)
