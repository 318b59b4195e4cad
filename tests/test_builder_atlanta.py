"""Atlanta built for real: rows grow northward and map B sits above map A, yet every
single-hex setup row lands on the hex the rulebook names and the module lints clean; each
variant's setup holds its whole scenario."""
from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

import engine

from builder.module import build_module
from gamedata.hexids import HexIds
from gamedata.load import load_game
from gamedata.model import Game
from vassal.lint import LintReport, lint
from vassal.module import read_module

ATLANTA = Path(__file__).resolve().parents[1] / "sources" / "atlanta"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(ATLANTA)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return build_module(ATLANTA, tmp_path_factory.mktemp("atlanta")).path


def test_module_lints_clean(built: Path) -> None:
    report: LintReport = lint(built)
    assert report.errors == report.warnings == ()


def test_every_single_hex_setup_row_is_named_as_in_the_data(built: Path, game: Game) -> None:
    report = lint(built)
    hexids = HexIds(game.maps)
    by_name = {s.name: s for s in report.setups}
    checked = 0
    for scenario in game.scenarios:
        located = Counter(p.location for p in by_name[scenario.name].pieces)
        wanted = Counter(hexids.normalize(row.location) for row in scenario.setup
                         if not row.constraint and row.location and len(hexids.expand(row.location)) == 1)
        assert wanted - located == Counter(), scenario.scenario_id
        checked += sum(wanted.values())
    # 5.1 (46 rows); its variants hold the whole scenario: 5.1d.1 (46 + 2 of its own), 5.1d.4 (46),
    # 5.1d.6 (46 + 12), 5.1d.7 (46); all on map A
    assert checked == 46 + 48 + 46 + 58 + 46


def test_map_b_is_the_upper_board_of_the_main_map(built: Path) -> None:
    boards = read_module(built).map("Main Map").boards
    assert [b.name for b in boards] == ["Atlanta map B (NE quadrant)", "Atlanta map A (SE quadrant)"]


def _units(scenario) -> set[str]:
    return {row.unit_id for row in (*scenario.setup, *scenario.reinforcements)}


def test_each_variant_opens_in_vassal_with_its_whole_scenario(built: Path, game: Game) -> None:
    """File > New Game on a variant (the engine's setup-locations) gives every unit of its base
    scenario with the variant's changes: No Covington Raid opened with 4 pieces before (issue 21.5)."""
    placed = Counter(p.setup for p in engine.setup_locations(built))
    for scenario in game.scenarios:
        assert placed[scenario.name] == len(_units(scenario)), scenario.scenario_id
    base = next(s for s in game.scenarios if s.scenario_id == "5.1")
    raid = next(s for s in game.scenarios if s.scenario_id == "5.1d.1")
    assert _units(base) - _units(raid) == {"2/4/16", "4/16db(1)"} - _units(raid)   # only what the variant moves
    assert {"Garrard", "3/2/Cav"} <= _units(raid) - _units(base)                  # placed only by 5.1d.1 (L461)
    assert placed[raid.name] > 90


def test_validate_fails_a_setup_that_lacks_units_its_scenario_places(tmp_path: Path) -> None:
    """A module whose No Covington Raid setup holds only the variant's own rows (as built before
    the variants held their whole scenario) fails `validate`, naming the setup and the units."""
    import openpyxl
    from click.testing import CliRunner

    from adjutant.cli import main

    folder = tmp_path / "atlanta"
    shutil.copytree(ATLANTA, folder)
    book = openpyxl.load_workbook(folder / "scenarios.xlsx")
    for kind in ("Setup", "Reinf"):
        sheet = book[f"5.1d.1 {kind}"]
        notes = [c.value for c in sheet[1]].index("notes") + 1
        for row in range(sheet.max_row, 1, -1):
            if "as 5.1 (variant" in str(sheet.cell(row, notes).value or ""):
                sheet.delete_rows(row)
    book.save(folder / "scenarios.xlsx")
    old = build_module(folder, tmp_path / "out").path
    result = CliRunner().invoke(main, ["validate", str(old), "--game", "atlanta"])
    assert result.exit_code == 1
    [line] = [line for line in result.output.splitlines() if line.startswith("error: setup")]
    assert line.startswith("error: setup 5.1 variant: No Covington Raid: lacks 97 of the 101 units scenario 5.1d.1 "
                           "places")
    clean = CliRunner().invoke(main, ["validate", str(build_module(ATLANTA, tmp_path / "new").path)])
    assert clean.exit_code == 0, clean.output
