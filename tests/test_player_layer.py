"""The player's layer (`player/` in a game folder): the values no rulebook prints, entered once,
kept by every import, merged over the game's data and typed strictly (issue 19.1).

Oracles: the bundled games' own workbooks (which units, which ranges, what the rulebook
prints) and the rulebooks re-imported by `import-tables`.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from conftest import REPO, RULEBOOKS
from test_gamedata_validate import set_cell

from adjutant.cli import main
from builder.artwork import counter_values
from gamedata import load_game, validate
from gamedata.hexids import Hex
from gamedata.workbook import SheetData, read_workbook, write_workbook

SOURCES = REPO / "sources"
HSN, ITW = SOURCES / "hood-strikes-north", SOURCES / "into-the-woods-shiloh"
HSN_BOOK = RULEBOOKS / "003_f9322ba859639b19.txt"


def cli(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


def lines(folder: Path) -> list[str]:
    return [str(p) for p in validate(folder)]


def layer(folder: Path, file: str, sheet: str, columns: tuple[str, ...], *rows: dict) -> None:
    write_workbook(folder / "player" / file, [SheetData(sheet, columns, rows)])


@pytest.fixture()
def itw(tmp_path) -> Path:
    folder = tmp_path / "itw"
    shutil.copytree(ITW, folder)
    return folder


# ---------------------------------------------------------------- merged over the game's data


def test_the_layer_gives_counter_values_and_ranges_to_the_games_rows(itw):
    layer(itw, "oob.xlsx", "Units", ("unit_id", "strength", "movement"),
          {"unit_id": "CS:22 AL", "strength": 6, "movement": "4"},         # a number held as text is a number
          {"unit_id": "CS:Withers", "movement": 8})
    layer(itw, "rules.xlsx", "Ranges", ("leader", "range"), {"leader": "CS:Withers", "range": 6})
    assert lines(itw) == []
    game = load_game(itw)
    bundled = load_game(ITW)
    al = game.unit("CS:22 AL")
    assert (al.strength, al.movement) == ("6", 4)
    assert (bundled.unit("CS:22 AL").strength, bundled.unit("CS:22 AL").movement) == ("", None)
    assert al.name == bundled.unit("CS:22 AL").name and al.origin == bundled.unit("CS:22 AL").origin
    assert counter_values(al) == "6"                                      # what the counter prints
    withers = next(r for r in game.command_ranges if r.leader == "CS:Withers")
    printed = next(r for r in bundled.command_ranges if r.leader == "CS:Withers")
    assert printed.range is None and withers.range == 6
    assert (withers.move, withers.phase, withers.section) == (printed.move, printed.phase, printed.section)


def test_replacing_a_value_the_rulebook_gives_is_a_warning_naming_both_cells(itw):
    layer(itw, "rules.xlsx", "Ranges", ("leader", "range"), {"leader": "CS:A.S. Johnston", "range": 12})
    assert lines(itw) == ["player/rules.xlsx:Ranges:2:range: warning: replaces 10 given by rules.xlsx:Ranges:2"]
    assert next(r.range for r in load_game(itw).command_ranges if r.leader == "CS:A.S. Johnston") == 12


def test_a_row_the_game_lacks_is_added_whole_or_refused(itw):
    layer(itw, "terrain.xlsx", "Hexes", ("map", "hex", "terrain"), {"map": "S", "hex": "S3015", "terrain": "Woods"},
          {"map": "S", "hex": "S2410", "terrain": "Woods"})              # a rulebook row: codes are added
    layer(itw, "oob.xlsx", "Units", ("unit_id", "strength"), {"unit_id": "CS:Nobody", "strength": 3})
    assert lines(itw) == ["player/oob.xlsx:Units:2:unit_id: unknown unit_id 'CS:Nobody': not in oob.xlsx Units "
                          "(the player's layer gives values to its rows, it adds none: the order of battle is the rulebook's)"]
    (itw / "player" / "oob.xlsx").unlink()
    terrain = load_game(itw).terrain
    assert terrain.hex(Hex("S", 30, 15)).terrain == ("Woods",)
    assert terrain.hex(Hex("S", 24, 10)).terrain == ("Marsh-Stream", "Woods")
    layer(itw, "rules.xlsx", "Ranges", ("leader", "range"), {"leader": "CS:Wither", "range": 6})
    assert lines(itw) == ["player/rules.xlsx:Ranges:2:leader: unknown leader (a unit id or level:<formation level>) "
                          "'CS:Wither'", "player/rules.xlsx:Ranges:2:move: required value is empty"]


# ---------------------------------------------------------------- strict types, one line each


@pytest.mark.parametrize(("value", "message"), [
    ("abc", "'abc' is not a whole number"),
    ("1O", "'1O' is not a whole number (is 'O' a digit? 10 perhaps)"),
    (120, "120 is above the largest allowed value, 99"),
    (-1, "-1 is below the smallest allowed value, 0"),
])
def test_a_bad_strength_is_one_line_in_the_layer_and_in_the_game(itw, value, message):
    layer(itw, "oob.xlsx", "Units", ("unit_id", "strength"), {"unit_id": "CS:22 AL", "strength": value})
    assert lines(itw) == [f"player/oob.xlsx:Units:2:strength: {message}"]
    (itw / "player" / "oob.xlsx").unlink()
    row = next(r.number for r in read_workbook(itw / "oob.xlsx")["Units"].rows if r.get("unit_id") == "CS:22 AL")
    set_cell(itw / "oob.xlsx", "Units", row, "strength", value)
    assert lines(itw) == [f"oob.xlsx:Units:{row}:strength: {message}"]


def test_a_strength_the_layer_mistypes_is_never_printed_on_a_counter(itw, tmp_path):
    layer(itw, "oob.xlsx", "Units", ("unit_id", "strength"), {"unit_id": "CS:22 AL", "strength": "abc"})
    result = cli("build", itw, "-o", tmp_path / "build")
    assert result.exit_code != 0
    assert "player/oob.xlsx:Units:2:strength: 'abc' is not a whole number" in result.output
    assert not list(tmp_path.rglob("*.vmod"))          # nothing written (one line, as every command says it)


def test_an_enumeration_refuses_what_it_does_not_list(itw):
    layer(itw, "effects.xlsx", "Costs", ("move", "action", "terrain", "cost"),
          {"move": "leader", "action": "wade", "terrain": "Field", "cost": 1})
    assert lines(itw) == [
        "player/effects.xlsx:Costs:2:action: 'wade' is not one of enter, cross, climb, descend, along"]


def test_a_missing_or_emptied_column_is_one_line(itw):
    layer(itw, "oob.xlsx", "Units", ("strength",), *({"strength": n} for n in range(1, 9)))
    assert lines(itw) == ["player/oob.xlsx:Units:1:unit_id: missing column"]
    (itw / "player" / "oob.xlsx").unlink()
    book = openpyxl.load_workbook(itw / "oob.xlsx")
    units = book["Units"]
    for row in range(2, units.max_row + 1):
        units.cell(row, 3).value = None                                  # the `name` column, emptied
    book.save(itw / "oob.xlsx")
    assert lines(itw) == [f"oob.xlsx:Units:1:name: column is empty in every row ({units.max_row - 1} rows): "
                          "each row needs a value"]


def test_a_drafted_value_nobody_reviewed_is_a_warning(itw):
    layer(itw, "oob.xlsx", "Units", ("unit_id", "strength", "source", "reviewed"),
          {"unit_id": "CS:22 AL", "strength": 6, "source": "module piece 22 AL 6-4"},
          {"unit_id": "CS:25 AL", "strength": 5, "source": "module piece 25 AL 5-4", "reviewed": True},
          {"unit_id": "CS:26 AL", "strength": 5, "source": "counter", "reviewed": "yes"})
    assert lines(itw) == [
        "player/oob.xlsx:Units:2:reviewed: warning: 2 drafted row(s) not reviewed (rows 2, 4): check each value "
        "against your counters or charts, then set reviewed to TRUE",
        "player/oob.xlsx:Units:4:reviewed: expected TRUE or FALSE, got 'yes'"]


# ---------------------------------------------------------------- import-tables keeps it


def test_typed_values_survive_import_tables(tmp_path):
    folder = tmp_path / "hsn"
    folder.mkdir()
    for name in ("game.toml", "overrides.csv"):
        shutil.copy(HSN / name, folder / name)
    assert cli("import-tables", HSN_BOOK, "--game", "hood-strikes-north", "-o", folder).exit_code == 0
    layer(folder, "oob.xlsx", "Units", ("unit_id", "strength", "movement"),
          {"unit_id": "Cox", "movement": 6}, {"unit_id": "Hatch", "strength": 4})
    units = {r.get("unit_id"): r.number for r in read_workbook(folder / "oob.xlsx")["Units"].rows}
    set_cell(folder / "oob.xlsx", "Units", units["Kimball"], "strength", 5)    # typed where the import writes
    result = cli("import-tables", HSN_BOOK, "--game", "hood-strikes-north", "-o", folder)
    assert result.exit_code == 2, result.output                              # the layer's oob.xlsx is not rewritten
    assert result.output == (
        "error: nothing written: player/oob.xlsx exists, so the values you typed into oob.xlsx cannot be moved there "
        f"(Units:{units['Kimball']}:strength): copy them into player/oob.xlsx (or clear them in oob.xlsx) and "
        "import again\n")
    shutil.move(folder / "player" / "oob.xlsx", tmp_path / "mine.xlsx")
    result = cli("import-tables", HSN_BOOK, "--game", "hood-strikes-north", "-o", folder)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:] == [
        "moved 1 values you typed into oob.xlsx to player/oob.xlsx (Units: strength 1): the player's layer, which "
        "import-tables never writes"]
    assert read_workbook(folder / "oob.xlsx")["Units"].rows == read_workbook(HSN / "oob.xlsx")["Units"].rows
    assert load_game(folder).unit("Kimball").strength == "5"
    layer(folder, "oob.xlsx", "Units", ("unit_id", "strength", "movement"),     # the player merges the two by hand
          {"unit_id": "Cox", "movement": 6}, {"unit_id": "Hatch", "strength": 4}, {"unit_id": "Kimball", "strength": 5})
    before = (folder / "player" / "oob.xlsx").read_bytes()
    result = cli("import-tables", HSN_BOOK, "--game", "hood-strikes-north", "-o", folder)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:] == ["kept the player's layer as it was: player/oob.xlsx (3 values)"]
    assert (folder / "player" / "oob.xlsx").read_bytes() == before
    game = load_game(folder)
    assert (game.unit("Cox").movement, game.unit("Hatch").strength, game.unit("Kimball").strength) == (
        6, "4", "5")


def test_a_row_with_nothing_but_its_key_waits_to_be_filled(itw):
    """Rows `adjutant to-fill` writes: until filled they are no rows at all (an empty hex is unknown, not clear)."""
    layer(itw, "terrain.xlsx", "Hexes", ("map", "hex", "terrain", "about"),
          {"map": "S", "hex": "S3015", "about": "terrain of S3015: for command"})
    assert lines(itw) == []
    assert load_game(itw).terrain.hex(Hex("S", 30, 15)) is None
