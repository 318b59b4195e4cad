"""Atlanta data spot-checked against the rulebook text (004_d72011bf1c6b615e.txt, line numbers cited)."""
from __future__ import annotations

from pathlib import Path

import pytest

from gamedata.load import load_game

GAME = Path(__file__).resolve().parents[1] / "sources" / "atlanta"


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


def _scenario(game, sid):
    return next(s for s in game.scenarios if s.scenario_id == sid)


def _setup(game, sid, unit):
    rows = [r for r in _scenario(game, sid).setup if r.unit_id == unit]
    assert len(rows) == 1, (sid, unit, rows)
    return rows[0]


def _reinf(game, sid, unit):
    rows = [r for r in _scenario(game, sid).reinforcements if r.unit_id == unit]
    assert len(rows) == 1, (sid, unit, rows)
    return rows[0]


def _label(game, turn):
    return next(t.label for t in game.turns if t.id == int(turn))


def _statuses(row):
    return set((row.status or "").split(";"))


# ---------------------------------------------------------------- 5.1 (July 22)

def test_5_1_runs_noon_to_seven_in_15_turns(game):
    s = _scenario(game, "5.1")
    assert _label(game, s.start_turn) == "Jul 22 12:00PM"      # L220 (12:00AM misprint), L224 15 turns
    assert _label(game, s.end_turn) == "Jul 22 7:00PM"         # L222
    assert s.end_turn - s.start_turn + 1 == 15


@pytest.mark.parametrize("unit,hex_id", [
    ("Sherman", "A11.35"), ("Schofield", "A11.35"), ("West HQ", "A11.35"),   # L232
    ("23 supply", "A13.36"),                                                  # L238 '23rd supply'
    ("1/15b(3)", "A13.27"), ("4/15db(2)", "A17.19"),                          # L242, L262
    ("Blair", "A21.15"), ("17HQ", "A21.15"),                                  # L272
    ("McPherson", "A31.25"),                                                  # L280 'Tenn HQ, McPherson: 31.25'
])
def test_5_1_union_hexes(game, unit, hex_id):
    assert _setup(game, "5.1", unit).location == hex_id


def test_5_1_line_and_breastworks_with_previous_loss(game):
    row = _setup(game, "5.1", "1/3/17")            # L266 18.17; L285 in line behind breastworks; L291 -4
    assert row.location == "A18.17"
    assert _statuses(row) >= {"line", "breastworks", "loss-4"}


def test_5_1_sixteenth_corps_on_the_march(game):
    battery = _setup(game, "5.1", "2/16b(2)")      # L275 '28.17 in line,limbered'
    brigade = _setup(game, "5.1", "2/2/16")
    assert battery.location == brigade.location == "A28.17"
    assert "limbered" in _statuses(battery) and "line" not in _statuses(battery)
    assert "line" in _statuses(brigade) and "limbered" not in _statuses(brigade)
    assert "march to the left flank of 17th Corps" in brigade.orders    # L285
    assert _setup(game, "5.1", "4/16b(2)").location == "A22.15"        # L278


def test_5_1_sprague_guards_the_trains_near_decatur(game):
    for unit in ("2/4/16", "4/16db(1)", "2/Cavb(2)", "Sprague"):        # L281
        row = _setup(game, "5.1", unit)
        assert row.constraint == "within 8 hexes of A49.35"
        assert "trains" in row.orders


def test_5_1_gresham_is_replaced(game):
    assert "replaced" in _statuses(_setup(game, "5.1", "Gresham"))     # L293


def test_5_1_confederate_areas(game):
    assert _setup(game, "5.1", "Cheatham").constraint == "Inside Atlanta defenses, A7.17 and North"   # L311
    assert _setup(game, "5.1", "1/GaMil").constraint == "Inside Atlanta defenses, A7.16 and South"   # L313
    for unit in ("Gvn/C/H", "Lry/C/H", "Polk/C/H", "Gby/C/H"):                                     # L317, L340
        assert _setup(game, "5.1", unit).constraint == "A29.02 to A32.04; on the road, no more than one unit per hex"
    assert _setup(game, "5.1", "Cleburne").constraint == "A29.02 to A32.04; with any brigade of his division"
    assert _setup(game, "5.1", "Tlr/B/H").constraint.startswith("A37.09 to A39.11;")                # L321
    assert _setup(game, "5.1", "Ferguson").constraint == "A42.18 to A45.26"                          # L329


def test_5_1_confederate_losses(game):
    assert "loss-2" in _statuses(_reinf(game, "5.1", "Ptr/M/H"))      # L362 'Porter -2'
    assert "loss-2" in _statuses(_setup(game, "5.1", "Stv/W/H"))      # L362 'Stevens -2'
    assert "loss-1" in _statuses(_setup(game, "5.1", "A/Ky/Cv"))      # L365 'Anderson -1'


def test_5_1_hardee_arrivals(game):
    maney = _reinf(game, "5.1", "Vgn/M/H")          # L323 'Enters turn 1 at 29.01 in line formation'
    assert (_label(game, maney.turn), maney.entry) == ("Jul 22 12:00PM", "A29.01")
    assert "line" in _statuses(maney)
    wagons = _reinf(game, "5.1", "Hardee supply")   # L333 'Enter at 29.01 on turn 3 (1:00PM)'
    assert (_label(game, wagons.turn), wagons.entry) == ("Jul 22 1:00PM", "A29.01")
    battalion = _reinf(game, "5.1", "Hdb(2)")       # L331 second battalion turn 2 at 29.01
    assert (_label(game, battalion.turn), battalion.entry) == ("Jul 22 12:30PM", "A29.01")
    assert "reinforce Bate" in _reinf(game, "5.1", "Wkr/M/H").notes   # L325


# ---------------------------------------------------------------- 5.1 variants

def test_5_1d_1_no_covington_raid(game):
    assert _setup(game, "5.1d.1", "2/4/16").location == "A26.17"       # L459 'in hex 2617'
    assert _setup(game, "5.1d.1", "4/16db(1)").location == "A26.17"
    assert _setup(game, "5.1d.1", "Garrard").constraint == "within 8 hexes of A49.35"   # L461


def test_5_1d_6_historical_opening_attack(game):
    s = _scenario(game, "5.1d.6")
    assert _label(game, s.start_turn) == "Jul 22 12:30PM"              # L547
    expected = {"Fny/B/H": "A32.17", "Lws/B/H": "A32.16", "Tlr/B/H": "A32.15",      # L549
                "Gst/W/H": "A27.13", "Mer/W/H": "A28.13", "Stv/W/H": "A29.14",      # L551
                "Gvn/C/H": "A24.08", "Lry/C/H": "A25.09", "Polk/C/H": "A25.08", "Gby/C/H": "A26.08",  # L554
                "Hb(4)": "A26.07", "Hdb(2)": "A33.16"}                               # L558
    assert {u: _setup(game, "5.1d.6", u).location for u in expected} == expected
    assert "column" in _statuses(_setup(game, "5.1d.6", "Wrt/M/H"))     # L556 'In column, 41:15 to 42:16'
    assert _setup(game, "5.1d.6", "Wrt/M/H").constraint == "A41.15 to A42.16"
    assert "replaced" in _statuses(_setup(game, "5.1d.6", "Walker"))    # L552


def test_5_1d_4_cumberland_losses(game):
    assert "loss-3" in _statuses(_reinf(game, "5.1d.4", "1/1/20"))      # L506 'Knipe -3'
    assert "loss-4" in _statuses(_reinf(game, "5.1d.4", "Reynolds"))    # L533 'Reynolds -4'
    assert _reinf(game, "5.1d.4", "1/2/4").entry == "A16.36"            # L495 '16.36 or any hex further West'


def test_5_1d_7_granbury_merged_strength(game):
    assert _setup(game, "5.1d.7", "Gby/C/H").strength == "13"           # L577 'Granbury B 13 AB'


# ---------------------------------------------------------------- 5.2 (July 20)

def test_5_2_runs_seven_to_seven(game):
    s = _scenario(game, "5.2")
    assert (_label(game, s.start_turn), _label(game, s.end_turn)) == ("Jul 20 7:00AM", "Jul 20 7:00PM")  # L637-639


@pytest.mark.parametrize("unit,constraint", [
    ("Logan", "within 5 hexes of A49.34"),          # L647-649
    ("Dodge", "within 3 hexes of B43.07"),          # L651
    ("Schofield", "within 3 hexes of B35.11"),      # L653
    ("1/4b(4)", "within 3 hexes of B14.27"),        # L655
    ("Cv/Ohio", "within 5 hexes of A49.29"),        # L657
])
def test_5_2_union_setup(game, unit, constraint):
    assert _setup(game, "5.2", unit).constraint == constraint


def test_5_2_exclusions_and_states(game):
    units = {r.unit_id for r in _scenario(game, "5.2").setup}
    assert "17db(2)" not in units                   # L647 'less ... 17db(2)'
    assert "d1" in _statuses(_setup(game, "5.2", "Schofield"))          # L665 'Schoefield is in a D1 state'


def test_5_2_arrivals(game):
    group = _reinf(game, "5.2", "Howard")           # L659 'Enters at B5.36 at 12:00PM'
    assert (_label(game, group.turn), group.entry) == ("Jul 20 12:00PM", "B5.36")
    ferguson = _reinf(game, "5.2", "Ferguson")     # L713 12:00PM West edge of map A
    assert (_label(game, ferguson.turn), ferguson.entry) == ("Jul 20 12:00PM", "A-west")
    cleburne = _reinf(game, "5.2", "Gby/C/H")      # L715 from 3:00PM on the roll of its table
    assert (_label(game, cleburne.turn), cleburne.dr_set) == ("Jul 20 3:00PM", "atl-cleburne")


def test_5_2_confederate_zone_rule_on_every_row(game):
    rows = _scenario(game, "5.2").setup
    csa = [r for r in rows if 673 <= r.rulebook_line <= 701]
    assert csa and all("no closer than 5 hexes to any Union unit" in r.constraint for r in csa)   # L703


# ---------------------------------------------------------------- 5.3 (July 20-22)

def test_5_3_takes_5_2_and_adds_hardee(game):
    s = _scenario(game, "5.3")
    assert (_label(game, s.start_turn), _label(game, s.end_turn)) == ("Jul 20 7:00AM", "Jul 22 7:00PM")  # L827-828
    assert {r.unit_id for r in _scenario(game, "5.2").setup} == {r.unit_id for r in s.setup}  # L833, L841
    hardee = _reinf(game, "5.3", "Hardee")           # L843 10:00PM 20 July, West edge of map A
    assert (_label(game, hardee.turn), hardee.entry) == ("Jul 20 10:00PM", "A-west")
    bate = _reinf(game, "5.3", "Fny/B/H")            # L845 2:00AM 21 July
    assert _label(game, bate.turn) == "Jul 21 2:00AM"
    assert "5:00PM July 20" in _reinf(game, "5.3", "Cleburne").notes    # L849


# ---------------------------------------------------------------- tables

def _table(game, tid):
    return next(t for t in game.tables if t.table_id == tid)


def _roll(game, tid, roll):
    return next(r.result for r in _table(game, tid).rows if r.roll == roll)


def _cases(game, tid, when):
    return [(r.roll, r.result) for r in _table(game, tid).rows if r.when == when]


def test_panic_tables(game):
    # printed as the 2d6 total that panics per band of wrecked divisions, read as rows per band
    assert _cases(game, "atl-panic-sherman-status-2", "wrecked-divisions in 0..6") == [      # L1014: 12
        ("11 or less", "no panic"), ("12", "panic: Sherman freezes in place for a day"),
        ("13 or more", "panic: Sherman falls back across the Chattahoochie")]
    assert [roll for roll, _ in _cases(game, "atl-panic-sherman-status-1", "wrecked-divisions in 17..19")] == [
        "5 or less", "6", "7 or more"]                                                        # L1015: 6
    assert _cases(game, "atl-panic-johnston-status-1", "wrecked-divisions in 6..9")[1][0] == "3 or more"   # L1037
    assert _cases(game, "atl-panic-hood-status-2", "wrecked-divisions in 0..3") == [
        ("automatic", "no panic possible")]                                                   # L1059 '-'
    assert [r.modifier for r in _table(game, "atl-panic-johnston-status-2").rows if r.modifier] == \
        ["+1", "+1", "+1", "+3"]                                                              # L1039-1042


def test_weather_and_movement_tables(game):
    assert _roll(game, "atl-weather-after-rain", "4") == "Rain"           # L991
    assert _roll(game, "atl-weather-after-clear", "4") == "Clear"
    assert _roll(game, "atl-weather-after-storm", "6") == "Storm"         # L993
    assert _roll(game, "atl-hardee-movement", "7-8") == "Normal (6m.p.) movement"   # L614
    assert "34.25" in _roll(game, "atl-16th-corps-location", "4")         # L481


def _vp(game, sid, location):
    return [v for v in game.vp if v.scenario_id == sid and v.location == location]


def test_victory_points(game):
    assert [v.points for v in _vp(game, "5.1", "A18.14")] == ["5"]        # L386 Bald Hill
    assert [v.points for v in _vp(game, "5.1", "A9.01")] == ["20"]        # L393
    assert [v.points for v in _vp(game, "5.2", "A9.01")] == ["10"]        # L763
    assert [v.points for v in _vp(game, "5.3", "A9.01")] == ["20"]        # L897
    terrain_5_1 = [v for v in game.vp if v.scenario_id == "5.1" and 375 <= (v.rulebook_line or 0) <= 393]
    assert len(terrain_5_1) == 15                                         # L375-393: 15 terrain items


def test_victory_levels(game):
    levels = {(v.scenario_id, v.result): (v.low, v.high) for v in game.levels}
    assert levels[("5.1", "USA Massive victory")] == (101, None)          # L443
    assert levels[("5.1", "CSA Massive victory")] == (None, -76)          # L431 'less than -75'
    assert levels[("5.2", "USA Major victory")] == (30, 50)               # L800
    for sid in ("5.1", "5.2", "5.3"):                                     # bands no longer overlap or leave gaps
        bands = sorted((v.low if v.low is not None else -10**6, v.high if v.high is not None else 10**6)
                       for v in game.levels if v.scenario_id == sid)
        assert all(a[1] + 1 == b[0] for a, b in zip(bands, bands[1:])), sid


def test_map_geometry_makes_the_5_1_union_line_contiguous(game):
    """game.toml infers shifted_columns from the breastwork line of 5.1a.1 (L240-271):
    consecutive line hexes that change column must be neighbours, except 16.21-17.20."""
    from gamedata.hexids import HexIds

    ids = HexIds(game.maps)
    steps = [("A13.27", "A14.26"), ("A14.23", "A15.23"), ("A15.22", "A16.21"), ("A17.19", "A18.18"),
             ("A18.14", "A19.14"), ("A19.14", "A20.13")]
    for a, b in steps:
        assert ids.parse(b) in ids.neighbours(ids.parse(a)), (a, b)
    assert ids.parse("A17.20") not in ids.neighbours(ids.parse("A16.21"))


def test_map_b_row_00_is_map_a_row_34(game):
    """5.2a.1 L649: 'Within 5 hexes of A49.34 (B49.00)'."""
    from gamedata.hexids import HexIds

    assert HexIds(game.maps).normalize("B49.00") == "A49.34"


def test_named_hexes_from_the_victory_schedule(game):
    names = {(n.hex, n.name) for n in game.named_hexes}
    assert ("A18.14", "Bald Hill") in names          # L386 (the objective prose at L371 says 17.19: digest B2.5 #4)
    assert ("A49.35", "Decatur") in names            # L382
    assert ("A17.19", "Dominating height") in names  # L385


def test_chain_of_command(game):
    parent = {f.formation_id: f.parent for f in game.formations}
    command = {u.unit_id: u.command for u in game.units}

    def chain(unit):
        out = [command[unit]]
        while parent[out[-1]]:
            out.append(parent[out[-1]])
        return out

    assert chain("1/1/15") == ["1/15", "15", "Tenn", "USA"]       # brigade/division/corps (2.3, L136)
    assert chain("Gst/W/H") == ["W/H", "H", "AoT"]                 # Walker's division of Hardee's Corps (3.4)
    assert chain("Ferguson") == ["Jackson", "AoT"]                 # Jackson's division is independent (3.2, L166)
    leaders = {f.formation_id: f.leader for f in game.formations}
    assert (leaders["16"], leaders["4/16"], leaders["Cht"]) == ("Dodge", "Fuller", "Cheatham")
