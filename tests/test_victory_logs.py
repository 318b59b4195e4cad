"""VP tallies on logs recorded by the real VASSAL (``script-log``), term by term against a count
made by hand from the rulebook's table: one more scenario of each game (issue 23 item 2).

* Into the Woods S6 (L2206): five hexes, each held by the side that occupies it or last passed
  through it — each side's count is its term.
* Hood Strikes North S6 (L819-826): Brentwood held with Confederate infantry next to it, held at
  the end of Turn 1, no Confederate division within 2 hexes; manpower lost by cause (a loss after
  a Combat roll counts, a Union loss after the Union's own Movement Allowance roll is a march and
  does not, a Confederate loss then is a retreat and does).
* Atlanta 5.2 (L747-789): the bombardment hills graded 5, 3; the largest south exit hex; a wrecked
  Confederate brigade; a corps supply unit lost; Cleburne two turns after 4:00PM.
"""

from __future__ import annotations

import pytest
from pbem import Player
from test_scenario_logs import record
from viewlogs import SOURCES, build

from referee.rules.victory import Tally
from referee.run import run_check

GRANT = Player("Grant", "Union", "grant-Pa55w0rd-9902")
THOMAS = Player("Thomas", "Union", "thomas-Pa55w0rd-4417")
SHERMAN = Player("Sherman", "Union", "sherman-Pa55w0rd-3380")
HSN_PHASES = 13     # one `turn next` per phase of a Hood Strikes North turn

SCRIPTS = {
    "itw-s6": ("into-the-woods-shiloh", "The Sherman/McClernand Counterattack", GRANT,
               'move "11 IA" "Main Map" N3428\n'
               'move "13 MO" "Main Map" N3329\n'
               'move "13 MO" "Main Map" N3426\n'
               'move "154 TN" "Main Map" N3331\n'
               'move "4 TN" "Main Map" N3534\n'
               'move "11 IL" "Main Map" N3434\n'),
    "hsn-s6": ("hood-strikes-north", "The Battle Of Nashville", THOMAS,
               'move "Beatty" "Main Map" 4910\n'
               + "turn next\n" * HSN_PHASES
               + 'roll "Combat (each player) 1d6"\n'
               'key "Kimball" "Strength -1"\n'
               'roll "Infantry Movement Allowance 1d6"\n'
               'key "Elliott" "Strength -1"\n'
               'key "Clayton" "Strength -1"\n'
               'move "Johnson" "Main Map" 4911\n'),
    "atlanta-5.2": ("atlanta", "Action of 20 July", SHERMAN,
                    'move "1/1/15" "Main Map" A17.19\n'
                    'move "2/1/15" "Main Map" A18.14\n'
                    'move "3/1/15" "Main Map" A9.01\n'
                    'move "Georgia Militia 2nd brigade" "Main Map" A10.10\n'
                    'key "Georgia Militia 2nd brigade" "Wrecked"\n'
                    'move "15 supply" "Main Map" A40.30\n'
                    'move "15 supply" "Eliminated" 200,200\n'
                    + "turn next\n" * 20
                    + 'move "Cleburne" "Main Map" A0.20\n'),
}


@pytest.fixture(scope="module")
def tallies(tmp_path_factory) -> dict[str, Tally]:
    out = tmp_path_factory.mktemp("victory-logs")
    found = {}
    for name, (game_id, setup, player, script) in SCRIPTS.items():
        built = build(game_id, out)
        path = record(built, script, out / f"{name}.vlog", player, setup=setup)
        report = run_check([path], module=built.module, game=SOURCES / game_id, check_ids=["victory"])
        [found[name]] = report.victory
    return found


def terms(tally: Tally) -> dict[str, float | str | None]:
    """label -> points, or why the term is not decided."""
    return {t.label: (t.why or t.points) for t in tally.terms}


def test_itw_s6_hexes_held_by_each_side(tallies) -> None:
    """By hand: N3434 (McClernand's HQ) last entered by 11 IL after 4 TN left it: Union; N3233:
    the Washington Battery, there from the start: Confederate; N3331: 154 TN: Confederate;
    N3329: 13 MO passed through: Union; N3428: 11 IA: Union. Union 3, Confederate 2."""
    got = terms(tallies["itw-s6"])
    assert got == {
        "McClernand's HQ N3434 (Union)": 1, "McClernand's HQ N3434 (Confederate)": 0,
        "Marsh camps N3233 (Union)": 0, "Marsh camps N3233 (Confederate)": 1,
        "Marsh camps N3331 (Union)": 0, "Marsh camps N3331 (Confederate)": 1,
        "Marsh camps N3329 (Union)": 1, "Marsh camps N3329 (Confederate)": 0,
        "Marsh camps N3428 (Union)": 1, "Marsh camps N3428 (Confederate)": 0}, got
    assert dict(tallies["itw-s6"].totals) == {"Confederate": 2, "Union": 3}


def test_hsn_s6_brentwood_and_losses_by_cause(tallies) -> None:
    """By hand (the Union's VP, L819-826): Beatty holds Brentwood (4910) with Johnson's Confederate
    division next to it at 4911: 15, not 30; Beatty was there at the end of Turn 1: 10; a
    Confederate division within 2 hexes: 0; Union manpower: Kimball's point lost after a Combat
    roll, -2 (Elliott's, after the Union's own Movement Allowance roll, is a march: not counted);
    Confederate manpower: Clayton's point, lost after that Union roll (a retreat), +3. 15 + 10 - 2
    + 3 = 26: Confederate Marginal Victory (25-34, L832)."""
    tally = tallies["hsn-s6"]
    got = terms(tally)
    assert {k: v for k, v in got.items() if not isinstance(v, str)} == {
        "Brentwood, no CSA infantry adjacent": 0, "Brentwood, CSA infantry adjacent": 15,
        "Brentwood at the end of Turn 1": 10, "no CSA division within 2 of Brentwood": 0,
        "Union manpower lost": -2, "Confederate manpower lost": 3}, got
    assert sorted(k for k, v in got.items() if isinstance(v, str)) == [
        "CSA divisions in Davidson County without an LOC", "Williamson County hexes by Brentwood"]
    assert tally.net == 26 and tally.level == "Confederate Marginal Victory"
    [union] = [t for t in tally.terms if t.label == "Union manpower lost"]
    assert any("Elliott -1" in w and "Movement Allowance" in w for w in union.what), union.what


def test_atlanta_5_2_hills_exit_wrecks_supply_and_cleburne(tallies) -> None:
    """By hand (5.2c, L747-789): 17.19 and 18.14 held, graded 5 then 3; 9.01 the largest south
    exit hex held, 10; one wrecked Confederate brigade, +1; the 15th Corps supply unit lost, -2;
    Cleburne entered on turn 21 (5:00PM), two turns after 4:00PM (turn 19), -2. 5 + 3 + 10 + 1
    - 2 - 2 = 15: a Draw (10 to 19). The zones and the casualties wait for the map's zones and the
    units' strengths, and say so."""
    tally = tallies["atlanta-5.2"]
    got = terms(tally)
    decided = {k: v for k, v in got.items() if v and not isinstance(v, str)}
    assert decided == {
        "Hex 17.19 (Dominating height, bombardme…": 5, "Hex 18.14 (Bald Hill, from which bombar…": 3,
        "Hex 9.01 (Exit hex to south)": 10, "CSA brigades wrecked": 1, "Union corps supply lost": -2,
        "Cleburne's delay after 4:00PM": -2}, got
    assert tally.net == 15 and tally.level == "Draw"
    assert "terrain.xlsx Specials" in got["outer defenses, map A"]
    assert got["Union losses"].startswith("strength not known: 1/1/15")
