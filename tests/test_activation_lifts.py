"""Hood Strikes North's first-turn activation restrictions and the events that lift them, on stand-in
views of the real game (its units, hex ids and scenario rules) through the restricted check:

* S2 rule 8 / S9 rule 7 (L301, L1694): "The following Union units may not activate, transfer, or
  recover on Turn 1: ... If a Confederate unit moves adjacent to a restricted Union unit during Turn
  1, that unit may activate, transfer, and recover in that turn."
* S9 (L1695): "The Union player may not activate the regiments 91 IN and 123 IN until Turn 4.
  Exception: This movement restriction is lifted for both units if a Confederate unit attacks either
  unit on Turn 3 or earlier."
* S9 (L1696-1698): Van Cleve, 17 USCT, 140 IN and 5 TN Cavalry until Turn 4, "lifted if a Confederate
  unit enters Rutherford County on Turn 3 or earlier" (the county's hexes: terrain.xlsx Specials,
  filled here in a copy of the game in a tmp folder).
* S3 rules 3-4 (L456-457): only cavalry activates on Turn 1, infantry and wagons neither activate nor
  entrench; "A Union unit is released ... if it is attacked by a Confederate unit or a Confederate unit
  ends a March action one or two hexes away"; the 12 TN stays Disorganized through Turn 1.
* S5 rule 6 (L727): "Van Cleve, Anderson, and 140 IN may not activate or entrench on Turn 1."
"""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.findings import Severity
from referee.rules import restricted
from rule_views import U, Views, with_specials
from vassal.replay import BoardState, Step

HSN = Path(__file__).resolve().parents[1] / "sources" / "hood-strikes-north"
COMBAT, INITIATIVE = "Combat", "Initiative"


@pytest.fixture(scope="module")
def hsn():
    return load_game(HSN)


@pytest.fixture(scope="module")
def hsn_county(tmp_path_factory):
    """The game with Rutherford County's hexes (made up: 5232 and its neighbours) as Specials rows."""
    return with_specials(HSN, tmp_path_factory.mktemp("hsn"), "county", "Rutherford County",
                         ("5232", "5231", "5131", "5233", "5132", "5332"))


def run(game, scenario, turn, frames, rolls=None, opening=True):
    """``frames``: one dict a step, unit id -> (hex or None, statuses); ``rolls``: step -> button."""
    ids = HexIds(game.maps)
    views = []
    for n, frame in enumerate(frames):
        units = {}
        for uid, (h, status) in frame.items():
            u = game.unit(uid)
            units[uid] = U(u, h and ids.parse(h), u.formation or u.command, status=dict(status), location=h or "")
        v = SimpleNamespace(step=n, scenario_turn=turn, units=units)
        v.unit = v.units.get
        views.append(v)
    steps = [SimpleNamespace(index=i, player="Thomas", is_undo=False,
                             rolls=tuple(SimpleNamespace(purpose=b) for b in ([(rolls or {})[i]] if i in (rolls or {})
                                                                              else [])))
             for i in range(1, len(views))]
    ctx = SimpleNamespace(game=game, views=Views(views, SimpleNamespace(scenario_id=scenario)), opening=opening,
                          log=SimpleNamespace(label="t.vlog", steps=steps, replay=SimpleNamespace(
                              initial=BoardState({}, {}, {}), steps=[Step(s.index, (), (), "Thomas", None) for s in steps])))
    return [(f.severity, f.step, f.pieces, f.message) for f in restricted.check_restricted(ctx)]


def frames(*positions, **common):
    """Each position a dict unit id -> hex (or (hex, statuses)); ``common`` units stay put."""
    out = []
    for p in positions:
        frame = {uid: (h, {}) if not isinstance(h, tuple) else h for uid, h in {**common, **p}.items()}
        out.append(frame)
    return out


def test_s9_turn_1_unit_freed_by_an_enemy_moving_adjacent(hsn) -> None:
    still = frames({"Wagner": "2214", "Forrest": "1920"}, {"Wagner": "2315", "Forrest": "1920"})
    [(severity, step, pieces, message)] = run(hsn, "S9", 1, still)
    assert (severity, step, pieces) == (Severity.ERROR, 1, ("Wagner",))
    assert "may not activate, transfer or recover on Turn 1" in message and "had not happened" in message
    # Forrest moves next to Wagner (2214-2114 are neighbours), then Wagner may march
    freed = frames({"Wagner": "2214", "Forrest": "1920"}, {"Wagner": "2214", "Forrest": "2114"},
                   {"Wagner": "2315", "Forrest": "2114"})
    assert run(hsn, "S9", 1, freed) == []
    # the unit the enemy came next to is freed, not the others of the rule
    [(_, step, pieces, _)] = run(hsn, "S9", 1, [{**f, "Wood": (h, {})} for f, h in
                                               zip(freed, ("3020", "3020", "3021"))])
    assert (step, pieces) == (2, ("Wood",))
    assert run(hsn, "S9", 2, still) == []                     # Turn 1 only
    # in a later log of the chain an earlier log may have freed it: a warning
    [(severity, *_)] = run(hsn, "S9", 1, still, opening=False)
    assert severity is Severity.WARNING


def test_s2_turn_1_units_may_not_recover(hsn) -> None:
    tired = frames({"Wood": ("3020", {"fatigue": "2"})}, {"Wood": ("3020", {"fatigue": "1"})})
    [(severity, step, pieces, message)] = run(hsn, "S2", 1, tired)
    assert (severity, step, pieces) == (Severity.ERROR, 1, ("Wood",)) and "recovered (Fatigue 2 to 1)" in message
    dis = frames({"Wood": ("3020", {"disorganized": "yes"})}, {"Wood": ("3020", {"disorganized": "no"})})
    [(_, _, _, message)] = run(hsn, "S2", 1, dis)
    assert "recovered (no longer disorganized)" in message
    assert run(hsn, "S2", 1, [tired[0], {**tired[1], "Forrest": ("3021", {})}]) == []   # freed by the enemy next to it
    assert run(hsn, "S2", 2, tired) == []


def test_s9_91_and_123_in_freed_together_by_an_attack_on_either(hsn) -> None:
    quiet = frames({"91 IN": "4010", "123 IN": "4110", "Bate-A": "3910"},
                   {"91 IN": "4011", "123 IN": "4110", "Bate-A": "3910"})
    [(severity, step, pieces, _)] = run(hsn, "S9", 3, quiet)
    assert (severity, step, pieces) == (Severity.ERROR, 1, ("91 IN",))
    attacked = frames({"91 IN": ("4010", {"defending": "yes"}), "Bate-A": ("3910", {"attacking": "yes"}),
                       "123 IN": "4110"},
                      {"91 IN": ("4010", {"defending": "yes"}), "Bate-A": ("3910", {"attacking": "yes"}),
                       "123 IN": "4110"},
                      {"91 IN": "4010", "Bate-A": "3910", "123 IN": "4110"},
                      {"91 IN": "4010", "Bate-A": "3910", "123 IN": "4111"})
    assert run(hsn, "S9", 3, attacked, rolls={1: COMBAT, 2: INITIATIVE}) == []      # 123 IN freed too
    # marked, but no combat roll: no attack
    [(_, step, pieces, _)] = run(hsn, "S9", 3, attacked, rolls={2: INITIATIVE})
    assert (step, pieces) == (3, ("123 IN",))
    assert run(hsn, "S9", 4, quiet) == []


def test_a_retreat_after_a_combat_is_no_activation(hsn) -> None:
    # S4's DAT Corps may not activate on Turn 1 (no event lifts it); J. Moore attacked retreats
    fight = frames({"J. Moore": ("5505", {"defending": "yes"}), "Cleburne": ("5405", {"attacking": "yes"})},
                   {"J. Moore": ("5505", {"defending": "yes"}), "Cleburne": ("5405", {"attacking": "yes"})},
                   {"J. Moore": "5605", "Cleburne": "5405"},
                   {"J. Moore": "5605", "Cleburne": "5405"},
                   {"J. Moore": "5606", "Cleburne": "5405"})
    [(severity, step, pieces, _)] = run(hsn, "S4", 1, fight, rolls={1: COMBAT, 3: INITIATIVE})
    assert (severity, step, pieces) == (Severity.ERROR, 4, ("J. Moore",))    # the retreat at 2 is not an activation


def test_s9_murfreesboro_garrison_waits_for_rutherford_county(hsn, hsn_county) -> None:
    march = frames({"Van Cleve": "5232", "Bate-A": "5029"}, {"Van Cleve": "5232", "Bate-A": "5131"},
                   {"Van Cleve": "5233", "Bate-A": "5131"})
    [(severity, step, _, message)] = run(hsn, "S9", 3, march)
    assert (severity, step) == (Severity.WARNING, 2)
    assert "terrain.xlsx Specials rows of kind 'county' named 'Rutherford County'" in message
    assert run(hsn_county, "S9", 3, march) == []                # Bate entered the county at step 1
    outside = frames({"Van Cleve": "5232", "Bate-A": "5029"}, {"Van Cleve": "5232", "Bate-A": "5030"},
                     {"Van Cleve": "5233", "Bate-A": "5030"})
    [(severity, step, pieces, _)] = run(hsn_county, "S9", 3, outside)
    assert (severity, step, pieces) == (Severity.ERROR, 2, ("Van Cleve",))


def test_s3_only_cavalry_on_turn_1_and_the_union_released(hsn) -> None:
    [(severity, _, pieces, message)] = run(hsn, "S3", 1, frames({"Cleburne": "2020"}, {"Cleburne": "2021"}))
    assert (severity, pieces) == (Severity.ERROR, ("Cleburne",)) and "infantry units and wagon trains" in message
    assert run(hsn, "S3", 1, frames({"Biffle": "2020"}, {"Biffle": "2021"})) == []          # cavalry
    [(_, _, pieces, _)] = run(hsn, "S3", 1, frames({"Lee": "2020"}, {"Lee": "2021"}))      # an infantry leader
    assert pieces == ("Lee",)
    dig = frames({"Cox": "2616"}, {"Cox": ("2616", {"fort-build-1": "yes"})})
    [(_, _, pieces, message)] = run(hsn, "S3", 1, dig)
    assert pieces == ("Cox",) and "Cox (Union) entrenched (fort-build-1) on Turn 1" in message
    # a Confederate march ending two hexes away releases the unit (2616 -> 2618 is two hexes)
    near = frames({"Cox": "2616", "Biffle": "2620"}, {"Cox": "2616", "Biffle": "2618"},
                  {"Cox": "2716", "Biffle": "2618"})
    assert run(hsn, "S3", 1, near) == []
    far = frames({"Cox": "2616", "Biffle": "2621"}, {"Cox": "2616", "Biffle": "2619"},
                 {"Cox": "2716", "Biffle": "2619"})
    [(_, step, pieces, _)] = run(hsn, "S3", 1, far)
    assert (step, pieces) == (2, ("Cox",))


def test_s3_12_tn_stays_disorganized_and_s5_units_do_not_entrench(hsn) -> None:
    flip = frames({"12 TN": ("2420", {"disorganized": "yes"})}, {"12 TN": ("2420", {"disorganized": "no"})})
    [(_, _, pieces, message)] = run(hsn, "S3", 1, flip)
    assert pieces == ("12 TN",) and "reorganized" in message and "stays Disorganized" in message
    assert run(hsn, "S3", 2, flip) == []
    dig = frames({"140 IN": "5232"}, {"140 IN": ("5232", {"fort-build-1": "yes"})})
    [(severity, _, pieces, _)] = run(hsn, "S5", 1, dig)
    assert (severity, pieces) == (Severity.ERROR, ("140 IN",))
    assert run(hsn, "S9", 3, dig) == []        # S9 bans its activation only
