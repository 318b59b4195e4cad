"""Into the Woods die-roll, VP and victory-level rows: each one is printed on its rulebook line.

A row whose cited line is a line of a chart (TAB cells) is compared cell by cell: its roll is the
cell under its column on its line, its result names that line's row and column, and every printed
cell of a chart has exactly one row. A row stated in a sentence quotes its line, and the quote holds
the roll (or modifier) the row gives. Mutations tried (each fails here, and passed the former
substring test): a slow-start cell 0-3 -> 0-2, an involuntary-alert cell 0-4 -> 0-5, Lew Wallace's
4 PM roll 6 -> 7 or higher, random event 8 -> 7, S1's marginal band 21-40 -> 21-41, S10's Review
Field turn 9 AM -> 10 AM, Stuart's 10-hex alert roll 0-3 -> 0-4.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import RULEBOOKS

from gamedata.importers.into_the_woods import charts as charts
from gamedata.workbook import read_workbook

LINES = (RULEBOOKS / "000_c574b46a31a48b8f.txt").read_text(encoding="utf-8").split("\n")
FOLDER = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"


def cells(line: int) -> list[str]:
    """The TAB cells of a rulebook line, as printed (the text's tables are TAB-separated)."""
    return LINES[line - 1].split("\t")


def tabbed(records: tuple) -> list:
    return [r for r in records if "\t" in LINES[r.line - 1]]


def _bare(cell: str) -> str:
    """A cell without its parenthetical and with the rulebook's minus sign as '-', for comparing."""
    return cell.split(" (")[0].replace("\u2212", "-").strip().lower()


# -- rows on a chart's line: their values are the line's cells -------------------------------------------

def test_every_chart_row_on_a_tabbed_line_is_read():
    """The cell-by-cell tests below cover every row whose cited line is a line of a chart."""
    kinds = {(type(r).__name__, getattr(r, "table_id", "")) for r in tabbed(charts.ALL_ROWS + charts.VPS + charts.LEVELS)}
    assert kinds == {("Row", "random-events"), ("Row", "lew-wallace"), ("Row", "slow-start"),
                     ("Row", "involuntary-alert"), ("VP", ""), ("Level", "")}
    assert not tabbed(charts.MODIFIERS)


@pytest.mark.parametrize("row", [r for r in charts.ALL_ROWS if r.table_id == "random-events"], ids=lambda r: r.roll)
def test_random_events_rows_are_the_die_and_result_cells(row):
    die, result = cells(row.line)                                   # L588: Die | Result
    assert (row.roll, _bare(row.result)) == (die, _bare(result))


@pytest.mark.parametrize("row", [r for r in charts.ALL_ROWS if r.table_id == "lew-wallace"], ids=lambda r: r.result[:5])
def test_lew_wallace_rows_are_the_turn_and_entry_roll_cells(row):
    turn, entry = cells(row.line)                                   # L1153: Turn | Roll for entry
    assert (row.result.split(":")[0], row.roll.lower()) == (turn, _bare(entry))


def test_slow_start_rows_are_the_printed_cells_and_no_others():
    """L2552-2559: one row per non-empty cell, its roll the cell under its turn on its division's line."""
    header = cells(2552)
    rows = [r for r in charts.ALL_ROWS if r.table_id == "slow-start"]
    seen = set()
    for r in rows:
        who, time = r.result.split(":")[0].split(", ")
        line = cells(r.line)
        assert line[0] == who
        assert line[header.index(time)] == r.roll, (who, time)
        seen.add((r.line, time))
    printed = {(n, header[i]) for n in range(2553, 2560) for i, cell in enumerate(cells(n)) if i and cell}
    assert seen == printed and len(rows) == len(printed)


def test_involuntary_alert_rows_are_the_printed_cells_and_no_others():
    """L3185-3201: a blank division cell repeats the division above; one row per Union division column."""
    header = cells(3185)                       # CSA Division | # of AMs drawn | Sherman Alert roll | Prentiss ...
    division = {}
    for n in range(3186, 3202):
        division[n] = cells(n)[0] or division[n - 1]
    rows = [r for r in charts.ALL_ROWS if r.table_id == "involuntary-alert"]
    seen = set()
    for r in rows:
        name, drawn, who = re.fullmatch(r"(\w+) AM #(\S+) drawn: (\w+)'s division alerts", r.result).groups()
        line = cells(r.line)
        assert (division[r.line], line[1]) == (name, drawn)
        assert line[header.index(f"{who} Alert roll")] == r.roll, (name, drawn, who)
        seen.add((r.line, who))
    assert seen == {(n, who) for n in range(3186, 3202) for who in ("Sherman", "Prentiss")} and len(rows) == 32


@pytest.mark.parametrize("vp", tabbed(charts.VPS), ids=lambda v: f"{v.scenario_id}-L{v.line}-{v.location}")
def test_vp_rows_are_their_lines_cells(vp):
    line = cells(vp.line)
    if len(line) == 3:          # L748/L3251: Field(s) | Turn | VPs Awarded (L753's footnote runs across the cells)
        fields, turn, points = line
        names = [n.removeprefix("and ").strip() for n in fields.split(" * ")[0].split(",")]
        assert all(name in vp.item for name in names), names
        assert (vp.turn, f"{vp.points:g} VP") == (" ".join(turn.split()[:2]), " ".join(points.split()[:2]))
    else:                       # L1222: the ten Union camps, two to a line: "S3514 (25 MO)"
        label = vp.item.removeprefix("camp hex ").split(" occupied")[0]
        assert f"{vp.location} ({label})" in [c.rstrip(",") for c in line]


def _band(cell: str) -> tuple[int | None, int | None]:
    """A printed VP band: 'More than 41 VPs', '21 to 40 VPs', '−20 to 0 VPs', 'Less than -20 VPs'."""
    text = _bare(cell)
    if m := re.fullmatch(r"more than (-?\d+) vps", text):
        return int(m[1]) + 1, None
    if m := re.fullmatch(r"less than (-?\d+) vps", text):
        return None, int(m[1]) - 1
    m = re.fullmatch(r"(-?\d+) to (-?\d+) vps", text)
    assert m, cell
    return int(m[1]), int(m[2])


@pytest.mark.parametrize("level", tabbed(charts.LEVELS), ids=lambda v: f"{v.scenario_id}-L{v.line}")
def test_victory_level_rows_are_the_level_and_band_cells(level):
    name, band = cells(level.line)                                  # L757: Levels of Victory | VP Total
    assert _bare(level.result) == _bare(name)
    assert (level.low, level.high) == _band(band)


# -- rows stated in a sentence: the quote is on the line and holds the roll --------------------------------

_TERM = re.compile(r"\d+|\b(?:zero|even|odd)\b")
#: a modifier the rulebook states in words, not digits (L2517: "-1" for each failed roll)
_WORDED = {"subtract the number of failed rolls": "-1"}


def _terms(text: str) -> set[str]:
    """The numbers and parities a roll or modifier states ('zero' is 0)."""
    return {"0" if t == "zero" else t for t in _TERM.findall(text.lower())}


@pytest.mark.parametrize("row", [r for r in charts.ALL_ROWS + charts.MODIFIERS if "\t" not in LINES[r.line - 1]],
                         ids=lambda r: f"{r.table_id}-L{r.line}")
def test_a_sentence_rows_quote_is_on_its_line_and_states_its_roll(row) -> None:
    assert row.quote in LINES[row.line - 1]
    stated = row.roll if isinstance(row, charts.Row) else row.modifier
    assert _terms(stated) <= _terms(row.quote) or _WORDED.get(row.quote) == stated, (stated, row.quote)


@pytest.mark.parametrize("record", [r for r in charts.VPS + charts.LEVELS if "\t" not in LINES[r.line - 1]],
                         ids=lambda r: f"{type(r).__name__}-{r.scenario_id}-L{r.line}")
def test_a_sentence_vp_or_levels_quote_is_on_its_line(record) -> None:
    assert record.quote in LINES[record.line - 1]


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
