"""Into the Woods die-roll, VP and victory-level rows: each one is printed on its rulebook line."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import RULEBOOKS

from gamedata.importers.into_the_woods import charts as charts
from gamedata.workbook import read_workbook

LINES = (RULEBOOKS / "000_c574b46a31a48b8f.txt").read_text(encoding="utf-8").split("\n")
FOLDER = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"


@pytest.mark.parametrize("row", charts.ALL_ROWS + charts.MODIFIERS + charts.VPS + charts.LEVELS,
                         ids=lambda r: f"{type(r).__name__}-L{r.line}")
def test_every_chart_row_quotes_its_rulebook_line(row) -> None:
    assert row.quote in LINES[row.line - 1]


@pytest.fixture(scope="module")
def tables() -> dict:
    return read_workbook(FOLDER / "tables.xlsx")


def _rows(tables: dict, table_id: str) -> list[dict]:
    return [dict(r.values) for r in tables["Rows"].rows if r.values["table_id"] == table_id]


def _printed(tables: dict, table_id: str) -> list[dict]:
    """The rows printed in the chart (not the "otherwise" result its prose states)."""
    return [r for r in _rows(tables, table_id) if r["roll"] != "otherwise"]


def test_random_events_chart_has_the_ten_printed_events(tables) -> None:
    events: dict = {}
    for r in _rows(tables, "random-events"):  # L589-598; 0 reads as No Event with optional Leader Loss (L602)
        events.setdefault(r["roll"], r["result"])
    assert sorted(events, key=int) == [str(n) for n in range(10)]
    assert events["0"] == "I am Hit!" and events["9"] == "Gather Ammo from the Wounded!"


def test_lew_wallace_entry_rolls(tables) -> None:
    rolls = [(r["roll"], r["result"].split(":")[0]) for r in _printed(tables, "lew-wallace")]  # L1154-1160
    assert rolls == [("9", "1 PM"), ("9", "2 PM"), ("8 or higher", "3 PM"), ("6 or higher", "4 PM"),
                     ("5 or higher", "5 PM"), ("2 or higher", "6 PM"), ("automatic", "7 PM")]


def test_scenario_roll_tables(tables) -> None:
    # Slow Start L2553-2559: 2 + 5 + 5 + 6 + 2 + 3 + 6 printed cells; Nelson's 6 AM cell is blank
    slow = _printed(tables, "slow-start")
    assert len(slow) == 29
    assert not [r for r in slow if r["result"].startswith("Nelson, 6 AM")]
    assert len(_printed(tables, "involuntary-alert")) == 32  # L3186-3201: 16 rows x Sherman/Prentiss
    assert [r["roll"] for r in _rows(tables, "veatch-mission")] == ["0-1", "2-5", "6-9"]  # L1362-1364
    assert [r["roll"] for r in _rows(tables, "grant-visit")] == ["0-4", "5-9"]  # L1588


def test_victory_levels(tables) -> None:
    s1 = [(r.values["low"], r.values["high"]) for r in tables["Levels"].rows if r.values["scenario_id"] == "S1"]
    assert s1 == [(42, None), (21, 40), (1, 20), (-20, 0), (None, -21)]  # L758-762
    s8 = [r.values["result"] for r in tables["Levels"].rows if r.values["scenario_id"] == "S8"]
    assert s8 == ["Draw", "Marginal", "Tactical", "Strategic"]  # L2733-2736


def test_field_vp_of_scenario_1_and_10(tables) -> None:
    def fields(sid: str) -> list[tuple]:
        return [(r.values["turn"], r.values["points"]) for r in tables["VP"].rows
                if r.values["scenario_id"] == sid and r.values["item"].startswith("control of")]
    assert fields("S1") == [("8 AM", 5), ("9 AM", 5), ("10 AM", 5), ("11 AM", 5), ("6 PM", 5)]  # L749-753
    assert fields("S10") == [("7 AM", 5), ("8 AM", 5), ("9 AM", 5), ("10 AM", 5)]  # L3252-3255
