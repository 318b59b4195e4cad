"""Into the Woods' Prepared Fire as declared in the chat, on made-up positions over the real game
data: 10.51 (L349) "All units capable of Prepared Fire have a range of one hex"; 14.43 (L492)
Detachments "may not use Prepared Fire". 40 IL on S3922 fires at an adjacent enemy (S3923) in
silence and at one two hexes off (S3924) is an error at the chat line; Det A may not use it at any
range; a line naming no target says the range was not checked; a line without the words binds
nothing. 10.67 (L355): "Artillery may not fire into an adjacent hex if it is three or more elevation
levels higher or lower than the firing hex. Exception: When being assaulted from that hex, artillery
may fire during the Pre-shock Reaction Fire": with made-up elevations (the bundled terrain.xlsx has
none: then not checked, naming the cells), a battery three levels above its adjacent target is an
error, two levels is silent, three levels two hexes off is silent, the Pre-shock line is silent."""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_views import U, V, Scenario

from gamedata import load_game
from gamedata.hexids import HexIds
from dataclasses import replace

from gamedata.terrain import TerrainHex
from referee.rules.prepared import check_fire, check_prepared

SOURCES = Path(__file__).resolve().parents[1] / "sources"


@pytest.fixture(scope="module")
def itw():
    return load_game(SOURCES / "into-the-woods-shiloh")


def _fired(game, placed, line):
    ids = HexIds(game.maps)
    turn = next(t for t in game.turns if (t.date, t.hour) == ("1862-04-06", "08:00"))
    units = {u: U(game.unit(u), ids.parse(h), game.formation_of(u), location=h) for u, h in placed.items()}
    views = [V(0, units, turn, Scenario("S1")), V(1, units, turn, Scenario("S1"))]
    return [(f.severity.value, f.step, f.pieces, f.message, f.rule)
            for f in check_prepared(game, views, "t.vlog", {1: "Grant"}, {1: (line,)})]


def test_prepared_fire_at_one_hex_is_silent_and_at_two_an_error(itw):
    assert _fired(itw, {"US:40 IL": "S3922", "CS:1 AR": "S3923"}, "40 IL Prepared Fire at 1 AR") == []
    [(severity, step, pieces, message, rule)] = _fired(itw, {"US:40 IL": "S3922", "CS:1 AR": "S3924"},
                                                       "Grant: 40 IL prepared fire at 1 AR")
    assert (severity, step, pieces) == ("error", 1, ("40 IL", "1 AR"))
    assert message == "40 IL at S3922 in Prepared Fire at 1 AR (S3924): Prepared Fire has a range of 1 hex"
    assert rule == "10.51 (rulebook line 349)"
    # the first unit named fires: the Confederate firing back across the same two hexes is caught too
    [(_, _, pieces, _, _)] = _fired(itw, {"US:40 IL": "S3922", "CS:1 AR": "S3924"}, "1 AR Prepared Fire at 40 IL")
    assert pieces == ("1 AR", "40 IL")


def test_detachments_never_use_prepared_fire(itw):
    [(severity, _, pieces, message, rule)] = _fired(itw, {"US:Det A": "S3922", "CS:1 AR": "S3923"},
                                                    "Det A Prepared Fire at 1 AR")
    assert (severity, pieces) == ("error", ("Det A",))
    assert message.endswith("Det units may not use Prepared Fire") and rule == "14.43 (rulebook line 492)"
    # a detachment as the target is no firer
    assert _fired(itw, {"US:Det A": "S3922", "CS:1 AR": "S3923"}, "1 AR Prepared Fire at Det A") == []


def test_a_line_without_target_or_without_the_words(itw):
    [(severity, _, pieces, message, _)] = _fired(itw, {"US:40 IL": "S3922", "CS:1 AR": "S3925"},
                                                 "40 IL Prepared Fire")
    assert (severity, pieces) == ("not-checked", ("40 IL",)) and "names no enemy unit" in message
    assert _fired(itw, {"US:40 IL": "S3922", "CS:1 AR": "S3925"}, "40 IL fires at 1 AR") == []


BATTERY = "US:Schwartz Bty a"


def _shot(game, placed, line):
    ids = HexIds(game.maps)
    turn = next(t for t in game.turns if (t.date, t.hour) == ("1862-04-06", "08:00"))
    units = {u: U(game.unit(u), ids.parse(h), game.formation_of(u), location=h) for u, h in placed.items()}
    views = [V(0, units, turn, Scenario("S1")), V(1, units, turn, Scenario("S1"))]
    return [f for f in check_fire(game, views, "t.vlog", {1: "Grant"}, {1: (line,)}) if "355" in f.rule]


def _heights(game, **elevation):
    return replace(game, terrain_hexes=tuple(TerrainHex("S", h, "Field", elevation=e) for h, e in elevation.items()))


def test_artillery_fire_into_an_adjacent_hex_three_levels_off(itw):
    assert itw.unit(BATTERY).type == "Art"
    game = _heights(itw, S3922=3, S3923=0, S3924=0, S3921=1)
    [f] = _shot(game, {BATTERY: "S3922", "CS:1 AR": "S3923"}, "Schwartz Bty a fires at 1 AR")
    assert (f.severity.value, f.step, f.pieces) == ("error", 1, ("Schwartz Bty a", "1 AR"))
    assert f.message == ("Schwartz Bty a (Art) at S3922 (elevation 3) fires at the adjacent 1 AR (S3923, elevation 0): "
                         "no artillery fire into an adjacent hex 3 or more levels higher or lower")
    assert f.rule == "10.67 (rulebook line 355)"
    assert _shot(game, {BATTERY: "S3922", "CS:1 AR": "S3921"}, "Schwartz Bty a fires at 1 AR") == []     # 2 levels
    assert _shot(game, {BATTERY: "S3922", "CS:1 AR": "S3924"}, "Schwartz Bty a fires at 1 AR") == []     # 2 hexes
    assert _shot(game, {BATTERY: "S3922", "CS:1 AR": "S3923"},
                 "Schwartz Bty a fires at 1 AR, Pre-shock Reaction Fire") == []
    assert _shot(game, {"US:40 IL": "S3922", "CS:1 AR": "S3923"}, "40 IL fires at 1 AR") == []        # infantry
    # the other way up: the Confederate target three levels above
    assert len(_shot(_heights(itw, S3922=0, S3923=3), {BATTERY: "S3922", "CS:1 AR": "S3923"},
                     "Schwartz Bty a fires at 1 AR")) == 1


def test_without_elevations_the_ban_names_the_cells(itw):
    [f] = _shot(itw, {BATTERY: "S3922", "CS:1 AR": "S3923"}, "Schwartz Bty a fires at 1 AR")
    assert f.severity.value == "not-checked"
    assert [(c.file, c.sheet, c.column, dict(c.key)["hex"]) for c in f.cells] == [
        ("terrain.xlsx", "Hexes", "elevation", "S3922"), ("terrain.xlsx", "Hexes", "elevation", "S3923")]
