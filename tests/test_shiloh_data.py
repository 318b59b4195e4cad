"""Shiloh data against the 18-line rulebook text (001_bc722dbdf65a3fe9.txt, lines cited)."""
from __future__ import annotations

from gamedata.validate import validate
from tests.conftest import RULEBOOKS
from tests.imported_games import SOURCES, assert_reimport_reproduces, game_fixture, table_result

GAME = SOURCES / "shiloh"
RULEBOOK = RULEBOOKS / "001_bc722dbdf65a3fe9.txt"
game = game_fixture(GAME)


def test_thirteen_turns_and_no_invented_setup(game):
    (scenario,) = game.scenarios
    assert (scenario.start_turn, scenario.end_turn) == (1, 13)          # line 2
    assert scenario.setup == () and scenario.reinforcements == ()       # line 3-4: printed on the map
    assert game.units == ()
    assert "No setup data" in (GAME / "README.md").read_text(encoding="utf-8")


def test_ferry_and_gunboats(game):
    assert table_result(game, "shiloh-ferry", "cost") == "3 MP"                          # line 11
    assert table_result(game, "shiloh-ferry", "direction") == "east to west only"
    assert table_result(game, "shiloh-reinforcements", "cost") == "1 MP to enter the map"   # line 6
    assert table_result(game, "shiloh-reinforcements", "Confederate") == "none"          # line 8
    assert "may not be attacked" in table_result(game, "shiloh-gunboats", "ZOC and attack")  # line 10


def test_victory(game):
    assert sorted((v.side, v.points) for v in game.vp if v.item == "each enemy SP eliminated") == \
        [("Confederate", "1"), ("Union", "1")]                                     # line 12
    assert [(n.hex, n.name) for n in game.named_hexes] == [("1508", "Pittsburg Landing")]
    results = [level.result for level in game.levels]
    assert len(results) == 6                                                        # lines 13-18
    assert results[2] == "Confederate Marginal: scores twice as many VPs as the Union player"   # line 15
    assert all("Pittsburg Landing" in r for i, r in enumerate(results) if i != 2)


def test_validate_passes():
    assert validate(GAME) == []


def test_reimport_reproduces_the_committed_files(tmp_path):
    assert_reimport_reproduces(RULEBOOK, "shiloh", GAME, tmp_path)
