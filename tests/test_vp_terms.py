"""VP reading kinds on made-up positions (real game views built by hand, the bundled data), each
against a count made by hand from the rulebook's table: the kinds the recorded logs of
test_victory_logs and test_scenario_logs do not reach.

* Hood Strikes North S9 (L1714-1717): per VP Phase, +5 for divisions next to Nashville; +2 for
  three or more 2-3 hexes away, not in a phase that scores the +5; +30 the first phase three
  divisions are within 3 hexes.
* Hood Strikes North S5 (L739-740): Blockhouse "Destroyed" results counted from the table's
  readings; Maple Grove scores nothing when Murfreesboro does.
* Into the Woods S3 (L1395): Raith's camps are map data: the term names the rows to fill, and
  counts once they are filled.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest

from gamedata import load_game
from gamedata.model import Game, SpecialHex
from referee.rules.victory import tally
from referee.view import GameView, UnitView
from referee.view.scenario import ScenarioMatch

SOURCES = Path(__file__).resolve().parents[1] / "sources"


class Log:
    """Game views in step order, as ``referee.view.Views`` gives them."""

    def __init__(self, views: list[GameView]) -> None:
        self.views = views

    def __iter__(self):
        return iter(self.views)

    def __len__(self) -> int:
        return len(self.views)

    def at(self, step: int) -> GameView:
        return self.views[step]


def unit(game: Game, uid: str, where: str | None, **status: str) -> UnitView:
    u = game.unit(uid)
    assert u is not None, uid
    h = game.terrain.hexids.parse(where) if where else None
    return UnitView(u, uid, "Main Map" if where else "Eliminated", where or "", h,
                    MappingProxyType({"demoralized": "no", **status}), None, "unknown", game.formation_of(uid))


def view(game: Game, step: int, turn: int, phase: str, scenario: str, units: list[UnitView]) -> GameView:
    s = next(x for x in game.scenarios if x.scenario_id == scenario)
    t = next(x for x in game.turns if x.id == (s.start_turn or 1) + turn - 1)
    return GameView(step, t, turn, phase, None, None, ScenarioMatch(scenario, s.name, "given", 1.0),
                    MappingProxyType({u.unit_id: u for u in units}), ())


@pytest.fixture(scope="module")
def hsn() -> Game:
    return load_game(SOURCES / "hood-strikes-north")


def points(t) -> dict[str, float | str | None]:
    return {x.label: (x.why or x.points) for x in t.terms}


def test_hsn_s9_nashville_proximity_per_vp_phase(hsn) -> None:
    """Turn 1's VP Phase: Cheatham's Brown at 5504 and Bate-A at 5604 (2 hexes from Nashville's
    5706), Cleburne at 5407 (3 hexes): three divisions 2-3 hexes away, none next to it: +2, and the
    first such phase +30. Turn 2's: Brown at 5606, next to 5706: +5, and the +2 (Bate-A and
    Stevenson-B at 5604, Cleburne at 5407) is not scored that phase. 5 + 2 + 30 = 37."""
    divisions = ["Brown", "Bate-A", "Cleburne"]
    assert all(hsn.unit(d).size == "Div" and hsn.unit(d).type == "Inf" for d in divisions)
    far = [unit(hsn, "Brown", "5504"), unit(hsn, "Bate-A", "5604"), unit(hsn, "Cleburne", "5407")]
    near = [unit(hsn, "Brown", "5606"), unit(hsn, "Bate-A", "5604"), unit(hsn, "Stevenson-B", "5604"),
            unit(hsn, "Cleburne", "5407")]
    log = Log([view(hsn, 0, 1, "Action Cycle", "S9", far), view(hsn, 1, 1, "Victory Point", "S9", far),
               view(hsn, 2, 2, "Action Cycle", "S9", near), view(hsn, 3, 2, "Victory Point", "S9", near)])
    scenario = next(s for s in hsn.scenarios if s.scenario_id == "S9")
    got = points(tally(log, scenario, hsn, "made-up.vlog"))  # type: ignore[arg-type]
    assert got["next to Nashville"] == 5
    assert got["2-3 hexes from Nashville"] == 2
    assert got["first VP Phase with 3 divisions near Nashville"] == 30
    terms = tally(log, scenario, hsn, "m").terms  # type: ignore[arg-type]
    [between] = [t for t in terms if t.label == "2-3 hexes from Nashville"]
    assert any("not counted" in w for w in between.what), between.what


def test_hsn_s5_maple_grove_not_with_murfreesboro(hsn) -> None:
    """No Confederate unit anywhere: every occupation term 0, Maple Grove too. With units in
    Murfreesboro (5232) and Maple Grove (4934) both terms wait for the Combat values (counter
    data); once they are known (here: the readings without that reason), Maple Grove scores
    nothing because Murfreesboro scores (L740)."""
    scenario = next(s for s in hsn.scenarios if s.scenario_id == "S5")
    empty = Log([view(hsn, 0, 1, "Action Cycle", "S5", [])])
    got = points(tally(empty, scenario, hsn, "m"))  # type: ignore[arg-type]
    assert got["Murfreesboro"] == 0 and got["Maple Grove"] == 0 and got["blockhouses destroyed"] == 0
    held = Log([view(hsn, 0, 1, "Action Cycle", "S5", [unit(hsn, "Cheatham", "5232"), unit(hsn, "Brown", "5232"),
                                                      unit(hsn, "Bate-A", "4934")])])
    got = points(tally(held, scenario, hsn, "m"))  # type: ignore[arg-type]
    assert "Combat values" in got["Murfreesboro"] and "Combat values" in got["Maple Grove"]
    rules = hsn.scenario_rules
    known = replace(hsn, scenario_rules=replace(rules, vp_terms=tuple(
        replace(t, why="") if "S5" in t.scenarios and t.kind == "occupy" else t for t in rules.vp_terms)))
    got = points(tally(held, scenario, known, "m"))  # type: ignore[arg-type]
    assert got["Murfreesboro"] == 6 and got["Maple Grove"] == 0 and got["Salem"] == 0


def test_itw_s3_camps_name_the_rows_to_fill_then_count() -> None:
    """Raith's four infantry camps are not printed: the term says which Specials rows to add;
    with four rows, a Confederate regiment last in one of them counts 1."""
    itw = load_game(SOURCES / "into-the-woods-shiloh")
    scenario = next(s for s in itw.scenarios if s.scenario_id == "S3")
    regiment = next(u.unit_id for u in itw.units if u.side == "Confederate" and u.type == "Inf")
    log = Log([view(itw, 0, 1, "Division Orders", "S3", [unit(itw, regiment, "S2510")])])
    got = points(tally(log, scenario, itw, "m"))  # type: ignore[arg-type]
    assert got["Raith's camps"] == ("the map's hexes are not in the data: terrain.xlsx Specials needs 4 row(s) of "
                                    "kind 'camp' named 'Raith…' (the rulebook does not print them)")
    camps = tuple(SpecialHex("S", "camp", f"S25{r:02d}", f"Raith's camp {n}") for n, r in enumerate((10, 11, 12, 13)))
    filled = replace(itw, terrain_specials=itw.terrain_specials + camps)
    got = points(tally(log, scenario, filled, "m"))  # type: ignore[arg-type]
    assert got["Raith's camps"] == 1


def test_itw_s1_fields_controlled_at_the_end_of_their_turns() -> None:
    """S1 (L744-752), with the fields' hexes entered by a player: a Confederate regiment passes
    through Spain Field in the 7 AM turn and leaves it: the Confederates control it at the end
    of 8 AM (last through it), 5 VP to them. Lost Field holds a Union regiment and nobody ever
    entered Barnes Field (the Union's from the start): both Union at the end of 9 AM, 5 VP. Both
    sides stand in Larkin Bell Field at the end of 11 AM: nobody's. (Review and Ben Howell, at
    10 AM, are empty and never entered: the Union's.)"""
    itw = load_game(SOURCES / "into-the-woods-shiloh")
    fields = {"Spain Field": "S2010", "Lost Field": "S2012", "Barnes Field": "S2013", "Review Field": "S2014",
              "Ben Howell Field": "S2015", "Larkin Bell Field": "S2016"}
    filled = replace(itw, terrain_specials=itw.terrain_specials + tuple(
        SpecialHex("S", "vp", h, name) for name, h in fields.items()))
    scenario = next(s for s in itw.scenarios if s.scenario_id == "S1")
    rebel = next(u.unit_id for u in itw.units if u.side == "Confederate" and u.type == "Inf")
    yankee = next(u.unit_id for u in itw.units if u.side == "Union" and u.type == "Inf")
    turns = [(13, "S2110", "S2212"), (14, "S2010", "S2212"), (15, "S2110", "S2012"), (16, "S2110", "S2012"),
             (17, "S2110", "S2012"), (18, "S2016", "S2016"), (19, "S2016", "S2016")]
    log = Log([GameView(n, next(t for t in filled.turns if t.id == turn), turn - 12, "Division Orders", None, None,
                        ScenarioMatch("S1", scenario.name, "given", 1.0),
                        MappingProxyType({rebel: unit(filled, rebel, r), yankee: unit(filled, yankee, y)}), ())
               for n, (turn, r, y) in enumerate(turns)])
    got = points(tally(log, scenario, filled, "m"))  # type: ignore[arg-type]
    assert got["Spain's Field by 8 AM (Confederate)"] == 5 and got["Spain's Field by 8 AM (Union)"] == 0
    assert got["Lost and Barnes Fields by 9 AM (Union)"] == 5
    assert got["Lost and Barnes Fields by 9 AM (Confederate)"] == 0
    assert got["Review and Ben Howell Fields by 10 AM (Union)"] == 5
    assert got["Larkin Bell Field by 11 AM (Union)"] == got["Larkin Bell Field by 11 AM (Confederate)"] == 0
    short = Log(log.views[:5])
    got = points(tally(short, scenario, filled, "m"))  # type: ignore[arg-type]
    assert got["Review and Ben Howell Fields by 10 AM (Union)"] == "the end of the 10 AM turn is not in this log"


def test_atlanta_garrard_order_change_said_in_the_chat() -> None:
    """Atlanta 5.2a.2 (L667): "Any change to these orders costs 10 victory points": the players record
    the change in the chat ("Garrard: orders changed", the term's `said`); one such line is -10 on
    the Union-positive scale of 5.2 and 5.3, none is 0, and a later log of the chain cannot see
    the earlier logs' chat (undecided, saying so)."""
    atl = load_game(SOURCES / "atlanta")
    from types import SimpleNamespace
    for sid, turn in (("5.2", 1), ("5.3", 1)):
        scenario = next(s for s in atl.scenarios if s.scenario_id == sid)
        log = Log([view(atl, 0, turn, "", sid, []), view(atl, 1, turn, "", sid, [])])
        chat = [SimpleNamespace(index=1, texts=("<Sherman> - Garrard: orders changed, he marches west",))]
        said = points(tally(log, scenario, atl, "m", steps=chat))  # type: ignore[arg-type]
        assert said["Garrard's orders changed"] == -10
        quiet = [SimpleNamespace(index=1, texts=("<Sherman> - Garrard holds",))]
        none = points(tally(log, scenario, atl, "m", steps=quiet))  # type: ignore[arg-type]
        assert none["Garrard's orders changed"] == 0
        later = points(tally(log, scenario, atl, "m", steps=chat, first_log=False))  # type: ignore[arg-type]
        assert "earlier logs of the chain" in later["Garrard's orders changed"]


def _atl_wrecks(atl, sid, units):
    scenario = next(s for s in atl.scenarios if s.scenario_id == sid)
    log = Log([view(atl, 0, 1, "", sid, units)])
    return points(tally(log, scenario, atl, "m"))  # type: ignore[arg-type]


def _attached(atl, uid, where, formation, **status):
    return replace(unit(atl, uid, where, **status), formation=formation)


def test_atlanta_wrecked_divisions_and_corps_by_the_rosters_checks() -> None:
    """5.1c.3 (L411-415): 2 per wrecked division, 5 per wrecked corps (2, 3, 3 for the 16th, 17th
    and 23rd). A division is wrecked when its roster's check is reached (RSS 22.0, L201): the
    check is the player's data (rules.xlsx Parameters wreck.division / wreck.corps). Nothing
    wrecked: every term 0 without them. One wrecked brigade of 2/15: undecided, naming the cell;
    with the checks filled (made up here: 2/15 at 2 brigades, the 15th Corps at 2 divisions) one
    wrecked brigade does not wreck it, two do (-2), and two wrecked divisions wreck the 15th Corps (-5).
    5.1d.13 (L629), 1/23 as a division of its own (its brigades' counters attached to it): 1/23
    wrecked when both brigades are, 2/23 when two are, with no player's cell."""
    atl = load_game(SOURCES / "atlanta")
    fine = _atl_wrecks(atl, "5.1", [unit(atl, "1/2/15", "A20.20", wrecked="no")])
    assert fine["Union divisions wrecked"] == 0 and fine["16th Corps wrecked"] == 0
    one = [unit(atl, "1/2/15", "A20.20", wrecked="yes"), unit(atl, "2/2/15", "A20.21", wrecked="no")]
    got = _atl_wrecks(atl, "5.1", one)
    assert got["Union divisions wrecked"].startswith("2/15: how many wrecked brigades wreck it is on its roster")
    assert "wreck.division" in got["Union divisions wrecked"] and got["CSA divisions wrecked"] == 0
    assert "wreck.corps" in got["Union corps wrecked"]
    rows = tuple(replace(p, value="2/15:2;1/15:2;4/15:3") if p.key == "wreck.division" else
                 replace(p, value="15:2") if p.key == "wreck.corps" else p for p in atl.rule_parameters)
    filled = replace(atl, rule_parameters=rows)
    assert _atl_wrecks(filled, "5.1", one)["Union divisions wrecked"] == 0
    two = [unit(atl, "1/2/15", "A20.20", wrecked="yes"), unit(filled, "2/2/15", "A20.21", wrecked="yes")]
    got = _atl_wrecks(filled, "5.1", two)
    assert got["Union divisions wrecked"] == -2 and got["Union corps wrecked"] == 0
    both = two + [unit(atl, "1/1/15", "A21.20", wrecked="yes"), unit(atl, "2/1/15", "A21.21", wrecked="yes")]
    got = _atl_wrecks(filled, "5.1", both)
    assert got["Union divisions wrecked"] == -4 and got["Union corps wrecked"] == -5
    # 5.1d.13: the rulebook's own checks, no cell needed
    variant = [_attached(atl, "1/1/23", "A30.20", "1/23", wrecked="yes"),
               _attached(atl, "2/1/23", "A30.21", "1/23", wrecked="no")]
    assert _atl_wrecks(atl, "5.1", variant)["Union divisions wrecked"] == 0
    variant[1] = _attached(atl, "2/1/23", "A30.21", "1/23", wrecked="yes")
    assert _atl_wrecks(atl, "5.1", variant)["Union divisions wrecked"] == -2
    # two brigades of 2/23 wrecked (made up: two 15th Corps brigades attached to it) wreck it too
    variant += [_attached(atl, "1/2/15", "A31.20", "2/23", wrecked="yes"),
                _attached(atl, "2/2/15", "A31.21", "2/23", wrecked="yes")]
    assert _atl_wrecks(atl, "5.1", variant)["Union divisions wrecked"] == -4
    assert "wreck.division" in _atl_wrecks(atl, "5.1", [unit(atl, "1/1/23", "A30.20", wrecked="yes")])[
        "Union divisions wrecked"]                              # attached to 3/23: the variant is not played
