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


# ---------------------------------------------------------------- 4.4 (optional): 100 points plus 50 a day

def _spend(game, fires, spent=None, total=None):
    """Fires at steps 1..n: each (firing id -> (hex, status), target hex); the findings and what is
    handed on. ``total``: 4.4's for a one-day scenario unless given."""
    from referee.rules.artillery_fire import Spent, ammunition_total, spend
    ids = HexIds(game.maps)
    views = []                  # views[i]: the position before the roll of step i + 1
    for firing, target in fires:
        units = {uid: U(game.unit(uid), ids.parse(where), status=status, location=where)
                 for uid, (where, status) in firing.items()}
        units["1/1/15"] = U(game.unit("1/1/15"), ids.parse(target), status={"defending": "yes"}, location=target)
        views.append(V(len(views), units))
    out = list(spend(game, [(i + 1, "Hood") for i in range(len(views))], lambda step: views[step], "t.vlog",
                     ammunition_total(game, 1) if total is None else total, spent or Spent()))
    return [f for f, _ in out if f is not None], out[-1][1]


def test_the_optional_ammunition_total_counts_fires_beyond_2_hexes(atl) -> None:
    from referee.rules.artillery_fire import Spent, ammunition_total
    assert ammunition_total(atl, 1) == 150 and ammunition_total(atl, 3) == 250        # 100 + 50 a day
    far = ({"Hb(4)": ("B10.10", FIRING)}, "B13.10")            # 3 hexes: counted
    near = ({"Hb(4)": ("B10.10", FIRING)}, "B12.10")           # 2 hexes: free
    found, spent = _spend(atl, [far, near, far])
    assert found == [] and spent.by_side == {"Confederate": 8}
    found, spent = _spend(atl, [far], Spent({"Confederate": 147}))
    [warning] = found
    assert warning.severity is Severity.WARNING and warning.step == 1 and warning.pieces == ("Hb(4)",)
    assert warning.message.startswith("Confederate artillery has fired 151 points at targets more than 2 hexes away")
    assert warning.rule == "4.4 (optional) (rulebook line 208)" and spent.warned == {"Confederate"}
    assert _spend(atl, [far], spent)[0] == []                   # said once through the chain
    assert _spend(atl, [near], Spent({"Confederate": 147}))[0] == []
    assert _spend(atl, [far], Spent({"Confederate": 146}))[0] == []        # 150: at the total, not past it
    [unknown], _ = _spend(atl, [({"Cheatham's artillery": ("B10.10", FIRING)}, "B14.10")])
    assert unknown.severity is Severity.NOT_CHECKED and unknown.cells


def test_the_total_is_carried_through_the_chain(atl) -> None:
    """``carry`` as the fire check runs it: the log's fire roll adds to what the log before spent."""
    from types import SimpleNamespace

    from gamedata.rolls import roll_tables
    from referee.dice import Roll
    from referee.rules.artillery_fire import Spent, carry, run
    from referee.timeline import StepView
    from rule_views import Scenario

    fire = next(t for t in roll_tables(atl.tables) if t.table_id == "atl-fire-ammo")
    ids = HexIds(atl.maps)
    view = V(0, {"Hb(4)": U(atl.unit("Hb(4)"), ids.parse("B10.10"), status=FIRING, location="B10.10"),
                 "1/1/15": U(atl.unit("1/1/15"), ids.parse("B13.10"), status={"defending": "yes"}, location="B13.10")})
    views = SimpleNamespace(scenario=Scenario("5.1"), at=lambda step: view)
    ctx = SimpleNamespace(game=atl, views=views, carried={"fire": Spent({"Confederate": 147})},
                          log=SimpleNamespace(steps=[StepView(1, "Hood", False, rolls=(Roll(1, "Hood", fire.name, (3, 4),
                                                                                              6, ""),))],
                                              label="t.vlog"))
    assert carry(ctx) == Spent({"Confederate": 151}, frozenset({"Confederate"}))
    assert [f.severity for f in run(ctx)] == [Severity.WARNING]
