"""A combat chart template per system (`adjutant combat-template`): the structure of each system's
charts as our rulebooks state it, with no number they do not print, written where the player's
values live, never over a file; unfilled, it validates with a warning and reads no roll."""
from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner
from conftest import CORPUS, REPO

from adjutant.cli import main
from gamedata import load_game, validate
from gamedata.combat import filled
from gamedata.combat_templates import systems, template_sheets
from gamedata.load import schema

SOURCES = REPO / "sources"
GAMES = {"GCACW": "hood-strikes-north", "GBACW": "into-the-woods-shiloh", "CWB": "atlanta", "SPI-BG": "shiloh",
         "classic": "kassala"}


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_every_system_has_a_template_without_a_printed_number():
    assert set(systems()) == set(schema("game")["properties"]["system"]["enum"]) == set(GAMES)
    for system in systems():
        sheets = {s.name: s.rows for s in template_sheets(system)}
        assert sheets["Combat Tables"] and not sheets["Combat Columns"] and not sheets["Combat Results"]
        assert all(t["system"] == system and t["notes"] for t in sheets["Combat Tables"])


@pytest.mark.parametrize("system", sorted(GAMES))
def test_a_template_written_into_a_game_validates_and_reads_no_roll(tmp_path, system):
    folder = tmp_path / GAMES[system]
    shutil.copytree(SOURCES / GAMES[system], folder)
    (folder / "combat.xlsx").unlink(missing_ok=True)        # Kassala's own chart, for its template
    target = folder / "combat.xlsx"
    result = cli("combat-template", folder, "-o", target)
    assert result.exit_code == 0 and str(target) in result.output
    problems = validate(folder)
    assert problems and all(p.severity == "warning" and "not entered yet" in p.message for p in problems)
    game = load_game(folder)
    assert game.combat and filled(game.combat) == ()
    again = cli("combat-template", folder, "-o", target)
    assert again.exit_code == 2 and "exists" in again.output


def test_an_unfilled_template_leaves_combat_rolls_not_checked(tmp_path):
    folder = tmp_path / "hsn"
    shutil.copytree(SOURCES / "hood-strikes-north", folder)
    assert cli("combat-template", folder).exit_code == 0 and (folder / "player" / "combat.xlsx").exists()
    shutil.move(folder / "player" / "combat.xlsx", folder / "combat.xlsx")
    result = cli("check", CORPUS / "engine" / "engine-undo-example.vlog", "--module",
                 CORPUS / "engine" / "dice-test.vmod", "--game", folder, "--format", "json")
    combat = [f["message"] for f in json.loads(result.output)["findings"] if f["check"] == "combat"]
    assert combat == ["1 combat roll(s) ('Combat') not checked: no combat table for GCACW (enter the series' chart "
                      "in combat.xlsx: adjutant combat-template writes the system's template)"]
