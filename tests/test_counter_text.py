"""Built modules a player is happy to open: counter text fits, markers read as the rulebook
prints them, and thin game data build with a warning instead of a placeholder passed off as done."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import REPO

from adjutant.cli import main
from builder.artwork import badge_size, counter_art
from builder.counters import COUNTER_SIZE, SMALLEST, fit_text, font, marker_text, render_counter
from builder.gaps import build_gaps
from gamedata.systems import profile_for, short_name
from gamedata import load_game

GAMES = ("atlanta", "hood-strikes-north", "into-the-woods-shiloh")
INNER = COUNTER_SIZE - 2 * max(3, COUNTER_SIZE // 20)


@pytest.fixture(scope="module", params=GAMES)
def game(request):
    return load_game(REPO / "sources" / request.param)


def test_every_counter_text_fits_whole_inside_the_counter(game):
    for unit in game.units:
        art = counter_art(game, unit)
        for text, height in ((art.command, COUNTER_SIZE // 4), (art.name, COUNTER_SIZE // 5), (art.values, 20)):
            if not text:
                continue
            lines, size = fit_text(text, INNER, height, COUNTER_SIZE // 6)
            assert " ".join(lines) == text, (unit.unit_id, text, lines)  # never cut
            assert size >= SMALLEST and all(font(size).getlength(line) <= INNER for line in lines), (text, size)


def test_atlantas_long_designations_wrap_inside_the_counter():
    atlanta = load_game(REPO / "sources" / "atlanta")
    militia = next(u for u in atlanta.units if u.name == "Georgia Militia 1st brigade")
    art = counter_art(atlanta, militia)
    assert fit_text(art.name, INNER, COUNTER_SIZE // 5, COUNTER_SIZE // 6)[0] == ("Georgia Militia", "1st brigade")
    image = render_counter(art)
    fill = art.colours.fill
    # inside the black frame, the two outermost columns on each side hold nothing but the counter's colour
    for x in (1, 2, COUNTER_SIZE - 3, COUNTER_SIZE - 2):
        column = {image.getpixel((x, y)) for y in range(1, COUNTER_SIZE - 1)}
        assert column == {fill}, (x, column - {fill})


def test_markers_read_as_the_rulebook_prints_them():
    itw = profile_for(load_game(REPO / "sources" / "into-the-woods-shiloh"))
    labels = {layer.code: [layer.label(i) for i in range(len(layer.steps))] for layer in itw.layers}
    assert labels["out-of-command"] == ["OOC"]          # ITW L87 "OOC: Out of Command"
    assert labels["ci"] == ["CI"]                       # ITW L77 "CI: Combat Ineffective"
    assert labels["ammo"] == ["Low Ammo", "No Ammo"]    # ITW L374, L608
    assert labels["extended"] == ["Extended Line", "Extended Column"]
    hsn = profile_for(load_game(REPO / "sources" / "hood-strikes-north"))
    labels = {layer.code: [layer.label(i) for i in range(len(layer.steps))] for layer in hsn.layers}
    assert labels["demoralized"] == ["Demorize"]        # HSN L82 "Demorize: Demoralized"
    assert labels["unmounted"] == ["Unmntd"]            # HSN L95 "Unmntd: Unmounted"
    # without a printed form, a code's words: abbreviations upper case, small words lower case
    assert [short_name(c) for c in ("division-ci", "out-of-ammo", "no-ammo", "d1")] == [
        "Division CI", "Out of Ammo", "No Ammo", "D1"]


@pytest.mark.parametrize("name", (*GAMES, "cwb-regimental", "shiloh"))
def test_every_badge_shows_its_whole_text_at_a_legible_size_inside_itself(name):
    """Badges sized by their text: no "Disorgani…" (Atlanta, HSN), "Low Am…" (ITW L374) or
    "Pittsburg Landing confederate" cut to "Pittsbur…" (Shiloh line 12)."""
    for layer in profile_for(load_game(REPO / "sources" / name)).layers:
        width, height = badge_size(layer)
        for step in range(len(layer.steps)):
            label = layer.label(step)
            lines, size = marker_text(label, width, height)
            assert " ".join(lines) == label, (layer.code, lines)
            assert size >= SMALLEST
            assert all(font(size).getlength(line) <= width - 6 for line in lines)
    assert [badge_size(layer) for layer in profile_for(load_game(REPO / "sources" / "shiloh")).layers] == [(78, 32)]


def test_games_without_map_or_setup_data_say_what_is_missing(tmp_path):
    shiloh = load_game(REPO / "sources" / "shiloh")
    assert build_gaps(shiloh) == [
        "map 'Shiloh' has a single hex (columns 15-15, rows 8-8): the game data give no map extent, so its "
        "board is a placeholder; enter the map's columns and rows in game.toml [[maps]], or a scanned map in "
        "[maps.scan]",
        "oob.xlsx has no units: the module has no counters; enter the order of battle in player/oob.xlsx, sheet Units",
        "scenario 'shiloh' sets up no unit and brings in none: its predefined setup is an empty board; enter it "
        "in player/scenarios.xlsx, sheets 'shiloh Setup' and 'shiloh Reinf'",
    ]
    cwb = load_game(REPO / "sources" / "cwb-regimental")
    assert build_gaps(cwb)[2] == ("scenarios.xlsx has no scenarios: the module has no predefined setup for "
                                  "File > New Game; enter them in scenarios.xlsx, sheet Scenarios")
    assert build_gaps(load_game(REPO / "sources" / "into-the-woods-shiloh")) == []
    for attempt in ("first", "up to date"):
        result = CliRunner().invoke(main, ["build", str(REPO / "sources" / "shiloh"), "-o", str(tmp_path)])
        assert result.exit_code == 0, attempt
        assert result.stderr.count("warning: ") == 3, attempt
        assert result.stdout.rstrip().endswith(
            "NOT PLAYABLE as it stands: 3 warning(s) above say what the data lack"), (attempt, result.stdout)
