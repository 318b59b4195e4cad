"""Into the Woods' Prepared Fire as declared in the chat, on made-up positions over the real game
data: 10.51 (L349) "All units capable of Prepared Fire have a range of one hex"; 14.43 (L492)
Detachments "may not use Prepared Fire". 40 IL on S3922 fires at an adjacent enemy (S3923) in
silence and at one two hexes off (S3924) is an error at the chat line; Det A may not use it at any
range; a line naming no target says the range was not checked; a line without the words binds
nothing."""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_views import U, V, Scenario

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.rules.prepared import check_prepared

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
