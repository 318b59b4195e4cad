"""Spreadsheet I/O: header-keyed rows with sheet row numbers, deterministic writing, clear errors."""
from __future__ import annotations

import zipfile
from pathlib import Path

import openpyxl
import pytest

from gamedata import workbook
from gamedata.workbook import SheetData, WorkbookError, read_workbook, write_workbook

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = REPO / "sources" / "hood-strikes-north" / "scenarios.xlsx"

SHEETS = (
    SheetData("Units", ("unit_id", "side", "manpower"),
              ({"unit_id": "Cleburne", "side": "Confederate", "manpower": 7},
               {"unit_id": "Forrest", "side": "Confederate", "manpower": None})),
    SheetData("Formations", ("formation_id", "level"), ({"formation_id": "CSA C", "level": "corps"},)),
)


def test_read_keeps_sheet_row_numbers():
    sheets = read_workbook(SCENARIOS)
    s1 = sheets["S1 Setup"]
    assert s1.header[:2] == ("unit_id", "location")
    first = s1.rows[0]
    # row 2 is the first data row; it comes from rulebook line 242: Forrest at 0511 (Poplar Grove)
    assert (first.number, first.get("unit_id"), first.get("location"), first.get("rulebook_line")) == \
        (2, "Forrest", "0511", 242)
    assert first.get("strength") is None  # leader: manpower printed "-"


def test_write_is_byte_identical_and_sheet_order_fixed(tmp_path):
    write_workbook(tmp_path / "a.xlsx", SHEETS)
    write_workbook(tmp_path / "b.xlsx", SHEETS)
    assert (tmp_path / "a.xlsx").read_bytes() == (tmp_path / "b.xlsx").read_bytes()
    with zipfile.ZipFile(tmp_path / "a.xlsx") as archive:
        assert {i.date_time for i in archive.infolist()} == {(2000, 1, 1, 0, 0, 0)}
    assert list(read_workbook(tmp_path / "a.xlsx")) == ["Units", "Formations"]
    rows = read_workbook(tmp_path / "a.xlsx")["Units"].rows
    assert [(r.number, r.get("unit_id"), r.get("manpower")) for r in rows] == [(2, "Cleburne", 7), (3, "Forrest", None)]
    assert not list(tmp_path.glob(".*"))  # no temp file left behind


def test_blank_rows_are_skipped_but_numbers_kept(tmp_path):
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Units"
    ws.append(["unit_id", " side "])
    ws.append([None, None])
    ws.append(["  Hood ", "Confederate"])
    book.save(tmp_path / "x.xlsx")
    sheet = read_workbook(tmp_path / "x.xlsx")["Units"]
    assert sheet.header == ("unit_id", "side")
    assert [(r.number, r.get("unit_id")) for r in sheet.rows] == [(3, "Hood")]


@pytest.mark.parametrize("content, message", [
    (b"", "not a readable workbook (.xlsx): the file is empty (0 bytes)"),
    (b"unit_id,side\nHood,Confederate\n", "not a readable workbook (.xlsx): it is not a zip archive"),
    (b"PK\x03\x04 truncated zip", "not a readable workbook (.xlsx): the zip archive is cut short or damaged"),
])
def test_unreadable_files_are_problems(tmp_path, content, message):
    path = tmp_path / "oob.xlsx"
    path.write_bytes(content)
    with pytest.raises(WorkbookError) as caught:
        read_workbook(path)
    assert caught.value.problem.file == "oob.xlsx" and message in caught.value.problem.message


def test_zip_that_is_not_xlsx(tmp_path):
    path = tmp_path / "oob.xlsx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("hello.txt", "not a workbook")
    with pytest.raises(WorkbookError, match=r"not a readable workbook \(\.xlsx\): the zip archive holds no readable workbook"):
        read_workbook(path)


def test_missing_file(tmp_path):
    with pytest.raises(WorkbookError, match="cannot read file"):
        read_workbook(tmp_path / "absent.xlsx")


def test_damaged_sheet_xml_is_a_problem(tmp_path):
    good = tmp_path / "good.xlsx"
    write_workbook(good, SHEETS)
    bad = tmp_path / "oob.xlsx"
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(bad, "w") as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            dst.writestr(info, b"<worksheet><sheetData><row" if info.filename.endswith("sheet1.xml") else data)
    with pytest.raises(WorkbookError, match=r"not a readable workbook \(\.xlsx\): the zip archive holds no readable workbook"):
        read_workbook(bad)


def test_zip_bomb_is_refused_before_inflating(tmp_path, monkeypatch):
    monkeypatch.setattr(workbook, "MAX_UNPACKED_BYTES", 1024 * 1024)  # the real limit is 500 MB
    path = tmp_path / "oob.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", b"\0" * (2 * 1024 * 1024))  # 2 MB from about 2 kB
    with pytest.raises(WorkbookError, match="unpacks to"):
        read_workbook(path)
