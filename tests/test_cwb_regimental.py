"""CWB Regimental Sub-Series data against the rulebook numbers (002_bf5691fdb44795f2.txt, lines cited)."""
from __future__ import annotations

import shutil

import pytest

from gamedata.import_kit.run import run_import
from gamedata.validate import validate
from tests.conftest import RULEBOOKS
from tests.imported_games import SOURCES, assert_reimport_reproduces, game_fixture, table_result

GAME = SOURCES / "cwb-regimental"
RULEBOOK = RULEBOOKS / "002_bf5691fdb44795f2.txt"
game = game_fixture(GAME)


def test_no_setup_data_is_invented(game):
    """Digest A2: the rulebook has no scenarios, setups or counters."""
    assert game.scenarios == () and game.units == () and game.formations == ()
    assert "No setup data" in (GAME / "README.md").read_text(encoding="utf-8")


def test_command_radii(game):
    assert table_result(game, "rss-command-radius", "division leader to corps HQ").startswith("12 MP")    # L63
    assert table_result(game, "rss-command-radius", "brigade commander to division commander").startswith("8 MP")  # L65
    assert table_result(game, "rss-command-radius", "regiment to brigade commander").startswith("6 MP")  # L67


def test_stacking_and_fire_limits(game):
    assert table_result(game, "rss-stacking", "strength points in a hex") == "16 (all types)"            # L105
    assert table_result(game, "rss-stacking", "move through another unit") == "+4 MP"                   # L109
    assert table_result(game, "rss-fire-limits", "strength points firing from a hex per phase").startswith("8")  # L121
    assert table_result(game, "rss-fire-limits", "batteries on one target") == "3 Union, 2 Confederate"  # L225


def test_ammunition(game):
    assert "Low Ammo" in table_result(game, "rss-fire-combat-ammo", "11-12")                             # L373
    assert table_result(game, "rss-resupply", "distance from the enemy") == "4 hexes or more"            # L389
    assert table_result(game, "rss-resupply", "artillery") == "limbered"                                 # L391
    assert table_result(game, "rss-limbered-target-shift", "4 or more") == "-6"                          # L265
    assert table_result(game, "rss-artillery-ammo", "fire in close combat") == "-2 canister"             # L287


def test_reserve_ammunition_totals(game):
    """Digest A3.14 sums: THG CSA 270, TTS CSA 282, TTS USA 343; THG USA 448 at start (+36, +54 on 4 July)."""
    def total(table_id):
        table = next(t for t in game.tables if t.table_id == table_id)
        return sum(int(r.result.split(";")[0]) for r in table.rows)
    assert total("rss-ammo-thg-csa") == 270
    assert total("rss-ammo-tts-csa") == 282
    assert total("rss-ammo-tts-usa") == 343
    assert total("rss-ammo-thg-usa") == 448
    assert table_result(game, "rss-ammo-thg-usa", "6 Corps") == "0; add 54 on 4 July"                   # L332


def test_validate_passes():
    assert validate(GAME) == []


def test_reimport_reproduces_the_committed_files(tmp_path):
    assert_reimport_reproduces(RULEBOOK, "cwb-regimental", GAME, tmp_path)


def test_a_rulebook_that_no_longer_says_the_number_stops_the_import(tmp_path):
    shutil.copy(GAME / "game.toml", tmp_path / "game.toml")
    lines = RULEBOOK.read_text(encoding="utf-8").split("\n")
    lines[62] = lines[62].replace("12 movement points", "10 movement points")
    edited = tmp_path / "rss.txt"
    edited.write_text("\n".join(lines), encoding="utf-8")
    from gamedata.import_kit.run import ImportFailed
    with pytest.raises(ImportFailed, match="line 63"):
        run_import(edited, "cwb-regimental", tmp_path)


def test_every_digest_quirk_is_in_the_report():
    """Digest A2.1 quirks 1-12 with their lines (#9 is the colon at L340, noted by the ammo import)."""
    import json
    report = json.loads((GAME / "import-report.json").read_text(encoding="utf-8"))
    reported = {n["line"] for n in report["normalizations"]}
    assert {165, 231, 159, 145, 261, 385, 323, 358, 340, 105, 283, 297} <= reported
