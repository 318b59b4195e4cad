"""Combat tables a user enters (combat.xlsx): the workbook format, its checks and one combat read on it.

The rulebooks print no combat chart, so the table here is a made-up test chart in
the shape of a series odds table (not game data): what is tested is how a user's
chart is read, not its numbers.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gamedata import load_game, validate
from gamedata.combat import NOT_ALLOWED, combat_of, resolve
from gamedata.conditions import MappingFacts
from gamedata.load import USER_WORKBOOKS, columns
from gamedata.rolls import NOT_PRINTED
from gamedata.workbook import SheetData, write_workbook

SOURCES = Path(__file__).resolve().parents[1] / "sources"
COLUMNS = ["1:2", "1:1", "2:1", "3:1", "4:1"]
#: (roll, column) -> (printed result, attacker loss, defender loss, defender retreat)
CHART = {
    (r, c): (f"A{max(0, 3 - i - r // 3)} D{i + r // 3}" + ("r" if i + r >= 6 else ""),
             max(0, 3 - i - r // 3), i + r // 3, 2 if i + r >= 6 else 0)
    for r in range(1, 7) for i, c in enumerate(COLUMNS)
}


def chart_sheets(extra_results: list[dict] | None = None, extra_columns: list[dict] | None = None) -> list[SheetData]:
    tables = [{"table_id": "crt", "name": "Test Combat Table", "system": "GCACW", "kind": "odds", "die": "1d6",
               "below": "not allowed", "clamp": True, "section": "test"}]
    cols = [{"table_id": "crt", "column": c} for c in COLUMNS] + (extra_columns or [])
    results = [{"table_id": "crt", "roll": r, "column": c, "result": text, "attacker_loss": al,
                "defender_loss": dl, "defender_retreat": dr} for (r, c), (text, al, dl, dr) in CHART.items()]
    mods = [
        {"table_id": "crt", "modifier": "-1", "condition": "defender in woods", "when": "defender.terrain(woods)"},
        {"table_id": "crt", "modifier": "1L", "condition": "defender entrenched", "when": "defender.status(entrenched)",
         "shift": -1},
        {"table_id": "crt", "modifier": "+1", "condition": "a leader attacks with the stack",
         "when": "attacker.leader", "amount": 1},
    ]
    rows = {"Combat Tables": tables, "Combat Columns": cols, "Combat Results": results + (extra_results or []),
            "Combat Modifiers": mods}
    return [SheetData(spec.name, columns(spec.schema), tuple(rows.get(spec.name, ())))
            for spec in USER_WORKBOOKS["combat.xlsx"]]


@pytest.fixture(scope="module")
def game_with_chart(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("chart") / "hsn"
    shutil.copytree(SOURCES / "hood-strikes-north", folder)
    write_workbook(folder / "combat.xlsx", chart_sheets())
    return folder


@pytest.fixture(scope="module")
def crt(game_with_chart):
    (table,) = load_game(game_with_chart).combat
    return combat_of(table)


NONE = {"defender.terrain(woods)": False, "defender.status(entrenched)": False, "attacker.leader": False}


def test_the_chart_validates_and_loads(game_with_chart, crt):
    assert validate(game_with_chart) == []
    assert [c.label for c in crt.columns] == COLUMNS and [c.start for c in crt.columns] == [0.5, 1, 2, 3, 4]
    assert len(crt.cells) == 30 and crt.cite() == "Test Combat Table (test)"


@pytest.mark.parametrize("attack, defend, column", [(7, 3, "2:1"), (6, 3, "2:1"), (5, 3, "1:1"), (3, 6, "1:2"),
                                                   (20, 3, "4:1"), (9, 3, "3:1")])
def test_odds_round_in_the_defenders_favour(crt, attack, defend, column):
    reading = resolve(crt, attack, defend, (3,), MappingFacts(NONE))
    assert reading.determined and reading.way.column == column
    text, attacker_loss, defender_loss, retreat = CHART[3, column]
    cell = reading.way.cell
    assert (cell.result, cell.attacker.loss, cell.defender.loss, cell.defender.retreat) == (
        text, attacker_loss, defender_loss, retreat)


def test_below_the_first_column_no_attack_is_allowed(crt):
    reading = resolve(crt, 2, 5, (6,), MappingFacts(NONE))
    assert reading.way.result == NOT_ALLOWED and reading.describe() == "2:5: below the first column, not allowed"


def test_modifiers_shift_columns_and_change_the_roll(crt):
    facts = {**NONE, "defender.status(entrenched)": True, "defender.terrain(woods)": True}
    reading = resolve(crt, 7, 3, (4,), MappingFacts(facts))
    assert reading.way.column == "1:1" and reading.way.total == 3                       # 2:1 one left, 4 - 1
    assert reading.way.result == CHART[3, "1:1"][0]
    assert reading.describe() == f"7:3 -> column 1:1, roll 4 (-1 defender in woods, 1L defender entrenched) = 3 " \
                                 f"-> {CHART[3, '1:1'][0]}"
    clamped = resolve(crt, 7, 3, (6,), MappingFacts({**NONE, "attacker.leader": True}))  # 7 reads the 6 row
    assert clamped.way.total == 7 and clamped.way.result == CHART[6, "2:1"][0]


def test_an_unknown_fact_leaves_the_result_open(crt):
    facts = {k: v for k, v in NONE.items() if k != "defender.status(entrenched)"}
    reading = resolve(crt, 7, 3, (3,), MappingFacts(facts))
    assert not reading.determined
    assert {w.column for w in reading.ways} == {"2:1", "1:1"}
    assert "depending on defender.status(entrenched)" in reading.describe()


def test_unprinted_rolls_without_clamping(game_with_chart, tmp_path):
    folder = tmp_path / "g"
    shutil.copytree(game_with_chart, folder)
    sheets = chart_sheets()
    sheets[0] = SheetData(sheets[0].name, sheets[0].columns, ({**sheets[0].rows[0], "clamp": False},))
    write_workbook(folder / "combat.xlsx", sheets)
    (table,) = load_game(folder).combat
    reading = resolve(combat_of(table), 7, 3, (6,), MappingFacts({**NONE, "attacker.leader": True}))
    assert reading.way.result == NOT_PRINTED


def test_a_bad_chart_is_reported_by_cell(game_with_chart, tmp_path):
    folder = tmp_path / "bad"
    shutil.copytree(game_with_chart, folder)
    write_workbook(folder / "combat.xlsx", chart_sheets(
        extra_results=[{"table_id": "crt", "roll": "7 or so", "column": "5:1", "result": "D3"}],
        extra_columns=[{"table_id": "crt", "column": "lots"}]))
    lines = [str(p) for p in validate(folder)]
    assert lines == [
        "combat.xlsx:Combat Columns:7:from: column 'lots': no starting value (give 'from')",
        "combat.xlsx:Combat Results:32:column: column '5:1' is not in Combat Columns for crt",
        "combat.xlsx:Combat Results:32:roll: roll '7 or so' is not a number, a range (2-4, 3 or less, 8+), a list "
        "(2,4), even/odd, Auto, No roll, -, low/high or otherwise",
    ]
