"""A game whose order of battle is the player's (classic Shiloh: game.toml `order_of_battle =
"player"`): the player's layer adds its counters and its scenario's set-up and reinforcement
rows, typed and named to the cell like the rest of the layer; `import-tables` moves those a
player typed into the imported workbooks into the layer; `to-fill` lists them. Elsewhere the
order of battle stays the rulebook's and adding to it stays an error."""
from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner
from conftest import REPO, RULEBOOKS
from shiloh_game import REINF, SETUP, UNITS, filled_copy, put_sheet
from test_gamedata_validate import set_cell

from adjutant.cli import main
from gamedata import load_game, validate
from gamedata.workbook import SheetData, read_workbook, write_workbook

SOURCES = REPO / "sources"
SHILOH_BOOK = RULEBOOKS / "001_bc722dbdf65a3fe9.txt"
ITW_BOOK = RULEBOOKS / "000_c574b46a31a48b8f.txt"


def cli(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


def lines(folder: Path) -> list[str]:
    return [str(p) for p in validate(folder)]


def board(game) -> tuple[list, list, list]:
    """The order of battle, set-up and reinforcements as the loaded game has them."""
    scenario = next(s for s in game.scenarios if s.scenario_id == "shiloh")
    return ([(u.unit_id, u.side, u.name, u.type, u.strength, u.movement) for u in game.units],
            [(r.unit_id, r.location) for r in scenario.setup],
            [(r.unit_id, r.turn, r.entry) for r in scenario.reinforcements])


GIVEN = ([(u, s, n, t, str(st), mp) for u, s, n, t, st, mp in UNITS], list(SETUP.items()),
         [(u, str(t), h) for u, t, h in REINF])
"""What tests/shiloh_game.py gives, as `board` reads a game."""


def test_the_layer_adds_the_counters_setup_and_reinforcements_of_a_player_oob(tmp_path):
    folder = filled_copy(tmp_path)
    assert not any(p.severity == "error" for p in validate(folder))
    game = load_game(folder)
    assert board(game) == GIVEN
    assert read_workbook(folder / "oob.xlsx")["Units"].rows == ()            # nothing in the imported workbooks
    hardee = game.unit("CS:Hardee")
    assert (hardee.origin.file, hardee.origin.sheet, hardee.origin.row) == ("player/oob.xlsx", "Units", 2)
    nelson = next(s for s in game.scenarios if s.scenario_id == "shiloh").reinforcements[0]
    assert (nelson.origin.file, nelson.origin.sheet, nelson.origin.row) == ("player/scenarios.xlsx", "shiloh Reinf", 2)


def test_without_the_setting_the_order_of_battle_stays_the_rulebooks(tmp_path):
    folder = filled_copy(tmp_path)
    text = (folder / "game.toml").read_text(encoding="utf-8")
    (folder / "game.toml").write_text("\n".join(t for t in text.splitlines() if not t.startswith("order_of_battle")),
                                      encoding="utf-8")
    found = lines(folder)
    assert found[0] == (
        "player/oob.xlsx:Units:2:unit_id: unknown unit_id 'CS:Hardee': not in oob.xlsx Units (the player's layer gives "
        "values to its rows, it adds none: the order of battle is the rulebook's; a game whose rulebook prints no "
        "order of battle says order_of_battle = \"player\" in game.toml)")
    assert sum("unknown unit_id" in line for line in found) == len(UNITS) + len(SETUP) + len(REINF)


def test_a_set_up_row_added_to_a_rulebook_scenario_is_an_error(tmp_path):
    """Into the Woods: its scenarios are the rulebook's (a unit S1 leaves out stays out)."""
    folder = tmp_path / "itw"
    shutil.copytree(SOURCES / "into-the-woods-shiloh", folder)
    write_workbook(folder / "player" / "scenarios.xlsx",
                   [SheetData("S1 Setup", ("unit_id", "location"), ({"unit_id": "US:Det D", "location": "S3103"},))])
    assert lines(folder) == [
        "player/scenarios.xlsx:S1 Setup:2:unit_id: unknown unit_id 'US:Det D': not in scenarios.xlsx S1 Setup (the "
        "player's layer gives values to its rows, it adds none: the order of battle is the rulebook's)"]


def test_what_the_player_types_is_checked_and_named_to_the_cell(tmp_path):
    folder = filled_copy(tmp_path)
    player = folder / "player"
    units = [dict(unit_id=u, side=s, name=n, type=t, movement=mp, strength=st) for u, s, n, t, st, mp in UNITS]
    put_sheet(player / "oob.xlsx", "Units", [*units, dict(unit_id="US:Lew Wallace", name="Wallace", type="Unit")],
              "unit")
    put_sheet(player / "scenarios.xlsx", "shiloh Reinf", [dict(unit_id="US:Nelson", turn="3rd", entry="1708"),
                                                          dict(unit_id="US:Crittenden", turn=4, entry="1704"),
                                                          dict(unit_id="US:Sherman", turn=2, entry="1704"),
                                                          dict(unit_id="US:Buell", turn=2, entry="1704")],
              "reinforcement")
    put_sheet(player / "scenarios.xlsx", "Corinth Setup", [dict(unit_id="CS:Hardee", location="1210")], "setup")
    errors = [line for line in lines(folder) if "warning" not in line]
    assert errors == [
        "player/oob.xlsx:Units:11:side: required value is empty",
        "player/scenarios.xlsx:Corinth Setup:0:: no scenario 'Corinth' in scenarios.xlsx Scenarios: a scenario "
        "sheet is named after a scenario_id",
        "player/scenarios.xlsx:shiloh Reinf:2:turn: unknown turn (id, label or hour of game.toml turns) '3rd'",
        "player/scenarios.xlsx:shiloh Reinf:4:unit_id: 'US:Sherman' is already placed in shiloh Setup row 5",
        "player/scenarios.xlsx:shiloh Reinf:5:unit_id: unknown unit in the OOB 'US:Buell'",
    ]


def test_import_tables_moves_a_typed_order_of_battle_into_the_layer(tmp_path):
    """The old way (the README told players to type into the imported workbooks): a re-import moved the
    counters into a layer that refused them and dropped the set-up and reinforcement rows."""
    folder = filled_copy(tmp_path, without=("oob", "scenarios"))
    put_sheet(folder / "oob.xlsx", "Units", [dict(unit_id=u, side=s, name=n, type=t, strength=st, movement=mp)
                                             for u, s, n, t, st, mp in UNITS], "unit")
    put_sheet(folder / "scenarios.xlsx", "shiloh Setup", [dict(unit_id=u, location=h) for u, h in SETUP.items()],
              "setup")
    put_sheet(folder / "scenarios.xlsx", "shiloh Reinf", [dict(unit_id=u, turn=t, entry=h) for u, t, h in REINF],
              "reinforcement")
    assert board(load_game(folder)) == GIVEN
    result = cli("import-tables", SHILOH_BOOK, "--game", "shiloh", "-o", folder)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:] == [
        "moved 45 values you typed into oob.xlsx to player/oob.xlsx (Units: side 9, name 9, type 9, strength 9, "
        "movement 9): the player's layer, which import-tables never writes",
        "moved 11 values you typed into scenarios.xlsx to player/scenarios.xlsx (shiloh Setup: location 7; "
        "shiloh Reinf: turn 2, entry 2): the player's layer, which import-tables never writes",
        "kept the player's layer as it was: player/effects.xlsx, player/rules.xlsx, player/terrain.xlsx (138 values)"]
    for file in ("oob.xlsx", "scenarios.xlsx"):
        assert ({n: s.rows for n, s in read_workbook(folder / file).items()}
                == {n: s.rows for n, s in read_workbook(SOURCES / "shiloh" / file).items()})
    assert board(load_game(folder)) == GIVEN
    before = {f: (folder / "player" / f).read_bytes() for f in ("oob.xlsx", "scenarios.xlsx")}
    result = cli("import-tables", SHILOH_BOOK, "--game", "shiloh", "-o", folder)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:] == [
        "kept the player's layer as it was: player/effects.xlsx, player/oob.xlsx, player/rules.xlsx, "
        "player/scenarios.xlsx, player/terrain.xlsx (194 values)"]
    assert {f: (folder / "player" / f).read_bytes() for f in before} == before
    assert board(load_game(folder)) == GIVEN


def test_import_tables_keeps_a_value_typed_into_a_rulebook_set_up(tmp_path):
    """Into the Woods: a strength typed into an S1 set-up row is moved to the layer (it was lost), a hex
    typed over the rulebook's is replaced and said (it was replaced silently)."""
    folder = tmp_path / "itw"
    shutil.copytree(SOURCES / "into-the-woods-shiloh", folder)
    rows = read_workbook(folder / "scenarios.xlsx")["S1 Setup"].rows
    set_cell(folder / "scenarios.xlsx", "S1 Setup", rows[0].number, "strength", 3)
    set_cell(folder / "scenarios.xlsx", "S1 Setup", rows[1].number, "location", "S3104")
    result = cli("import-tables", ITW_BOOK, "--game", "into-the-woods-shiloh", "-o", folder)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:] == [
        "moved 1 values you typed into scenarios.xlsx to player/scenarios.xlsx (S1 Setup: strength 1): the player's "
        "layer, which import-tables never writes",
        f"scenarios.xlsx:S1 Setup:{rows[1].number}:location: 'S3104' replaced by the rulebook's "
        f"{rows[1].get('location')!r} (to keep yours, give it in player/scenarios.xlsx)"]
    assert lines(folder) == []
    setup = next(s for s in load_game(folder).scenarios if s.scenario_id == "S1").setup
    assert (setup[0].unit_id, setup[0].strength) == (rows[0].get("unit_id"), "3")


def test_to_fill_lists_the_order_of_battle_then_writes_set_up_rows(tmp_path):
    result = cli("to-fill", SOURCES / "shiloh", "--dry-run")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:7] == [
        "every check: 1 order of battle (oob.xlsx Units): every check that reads the units on the board (the "
        "rulebook prints no counters and no setup: the order of battle is the player's)",
        "  the counters: a row per unit (unit_id, side, name, type, strength, movement)",
        "every check: 1 scenario set-up (scenarios.xlsx shiloh Setup): every check that reads the units on the board "
        "(the rulebook prints no counters and no setup: the order of battle is the player's)",
        "  the set-up: a row per unit (unit_id, location)",
        "every check: 1 reinforcement schedule (scenarios.xlsx shiloh Reinf): every check that reads the units on "
        "the board (the rulebook prints no counters and no setup: the order of battle is the player's)",
        "  the reinforcements: a row per unit (unit_id, turn, entry)"]
    folder = filled_copy(tmp_path, without=("scenarios",))          # the counters typed, the set-up not yet
    result = cli("to-fill", folder)
    assert result.exit_code == 0, result.output
    assert f"player/scenarios.xlsx: {len(UNITS)} rows to fill added" in result.output.splitlines()
    rows = read_workbook(folder / "player" / "scenarios.xlsx")["shiloh Setup"].rows
    assert [(r.get("unit_id"), r.get("location")) for r in rows] == [(u[0], None) for u in UNITS]
    assert rows[0].get("about").startswith("where Hardee sets up in shiloh (or its turn and entry in shiloh Reinf)")
    assert not any(p.severity == "error" for p in validate(folder))     # rows waiting to be filled lay nothing
