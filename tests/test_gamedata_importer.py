"""The importer framework on real rulebook lines: table location, normalizers, overrides, accounting."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from adjutant.cmd_import import import_tables
from gamedata.import_kit import normalize as n
from gamedata.import_kit.overrides import OverrideError, Overrides
from gamedata.import_kit.rulebook import Rulebook, RulebookError, TableSpec, split_cells
from gamedata.import_kit.run import ImportFailed, run_import

REPO = Path(__file__).resolve().parents[1]
RULEBOOKS = REPO / ".." / "shared" / "rulebooks"
ITW = RULEBOOKS / "000_c574b46a31a48b8f.txt"
HSN = RULEBOOKS / "003_f9322ba859639b19.txt"
GAME = REPO / "sources" / "hood-strikes-north"


@pytest.fixture(scope="module")
def itw() -> Rulebook:
    return Rulebook.read(ITW)


@pytest.fixture(scope="module")
def hsn() -> Rulebook:
    return Rulebook.read(HSN)


def cells(book: Rulebook, line: int) -> list[str]:
    found = split_cells(book.line(line), "\t")
    assert found is not None
    return found


def test_tab_rows_and_real_cell_normalizers(itw):
    assert cells(itw, 936)[2] == "Ammen, 36 IN"
    assert n.split_units(cells(itw, 936)[2]) == ("Ammen", "36 IN")
    assert n.time_of_day(cells(itw, 936)[0])[0] == "17:00"         # "5 PM"
    assert n.time_of_day(cells(itw, 959)[0])[0] == "12:00"         # "12 N"
    assert n.time_of_day(cells(itw, 942)[0])[0] == "19:00-20:00"   # "7-8 PM"
    assert n.time_of_day("8AM")[0] == "08:00"
    name, strength, note = n.strength_in_parens(n.footnotes(cells(itw, 888)[1])[0])
    assert (name, strength) == ("25 MO", 8) and note
    assert n.footnotes(cells(itw, 864)[1]) == ("Markgraf Bty", ("a",))
    assert n.spelling(cells(itw, 846)[2], {"A0T": "AoT"}, "command")[0] == "4/AoT"
    assert n.ditto(cells(itw, 1076)[1], "N2019") == ("N2019", "ditto mark replaced by 'N2019'")
    with pytest.raises(ValueError):
        n.ditto('"', None)


def test_hsn_cell_normalizers(hsn):
    assert n.footnotes("2#†") == ("2", ("#", "†"))                   # L269
    assert n.footnotes("-+") == ("-", ("+",))                         # L434
    assert n.unescape_markdown("2\\$")[0] == "2$"                      # L1013
    assert n.lost_minus("- 7: Turn 2 die roll")[0] == "-7: Turn 2 die roll"  # L1614
    assert n.lost_minus("- +3: Turn 5 die roll")[1] is None            # "+" survives, L1617
    assert n.strip_html("<b>Note:</b> No part")[0] == "Note: No part"
    assert n.empty_marks("—") == ("", "'—' read as empty")             # blockhouse rows, L783


def test_pipe_table_location_skips_header_and_rule(hsn):
    spec = TableSpec("S1 CSA", 240, 251, "UNIT/LEADER", ("unit", "size", "command", "type", "manpower", "hex"))
    good, bad = hsn.rows(spec)
    assert [r.line for r in good] == list(range(242, 252)) and bad == []
    assert good[0].cells["hex"] == "0511 (Poplar Grove)"


def test_wrong_width_rows_are_returned_apart(hsn):
    spec = TableSpec("S1 CSA", 240, 251, "UNIT/LEADER", ("unit", "size", "command", "type", "manpower"))
    good, bad = hsn.rows(spec)
    assert good == [] and len(bad) == 10


def test_anchor_guards_the_line_range(hsn):
    with pytest.raises(RulebookError, match="line 241: expected 'UNIT/LEADER'"):
        hsn.rows(TableSpec("x", 241, 251, "UNIT/LEADER", ("a",)))


def _folder(tmp_path: Path, overrides: str | None = None) -> Path:
    shutil.copy(GAME / "game.toml", tmp_path / "game.toml")
    text = (GAME / "overrides.csv").read_text(encoding="utf-8") if overrides is None else overrides
    (tmp_path / "overrides.csv").write_text(text, encoding="utf-8")
    return tmp_path


def test_unused_override_fails_the_import(tmp_path):
    # line 241 is the |---| rule under the S1 header: no cell to correct, so the override is stale
    extra = (GAME / "overrides.csv").read_text(encoding="utf-8") + "241,unit,Forrest,stale test override\n"
    with pytest.raises(ImportFailed, match=r"overrides.csv:23: line 241 field 'unit' matched no cell"):
        run_import(HSN, "hood-strikes-north", _folder(tmp_path, extra))


def test_override_can_reject_a_row(tmp_path):
    text = (GAME / "overrides.csv").read_text(encoding="utf-8") + "245,row,reject,test: Biffle removed\n"
    result = run_import(HSN, "hood-strikes-north", _folder(tmp_path, text))
    assert any(r.line == 245 and "Biffle removed" in r.reason for r in result.report.rejections)
    s1 = next(t for t in result.report.tables.values() if t.table == "S1 CSA setup")
    assert len(s1.rows_read) == 10 and len(s1.kept) == 9 and s1.rejected == {245}


def test_without_overrides_printed_defects_surface(tmp_path):
    # The S8 Confederate table prints 'Biddle' (a Union brigade): the importer refuses to merge them.
    with pytest.raises(ImportFailed, match="line 1049: 'Biddle' is Confederate"):
        run_import(HSN, "hood-strikes-north", _folder(tmp_path, "rulebook_line,field,value,reason\n"))


def test_malformed_overrides(tmp_path):
    (tmp_path / "overrides.csv").write_text("line,field\n1,x\n", encoding="utf-8")
    with pytest.raises(OverrideError, match="header must be"):
        Overrides.read(tmp_path)
    (tmp_path / "overrides.csv").write_text("rulebook_line,field,value,reason\nabc,unit,x,why not\n",
                                            encoding="utf-8")
    with pytest.raises(OverrideError, match="overrides.csv:2:rulebook_line"):
        Overrides.read(tmp_path)


def test_cli_errors_are_messages_not_tracebacks(tmp_path):
    runner = CliRunner()
    result = runner.invoke(import_tables, [str(HSN), "--game", "no-such-game", "-o", str(tmp_path)])
    assert result.exit_code == 2 and "no importer for game 'no-such-game'" in result.output
    result = runner.invoke(import_tables, [str(tmp_path / "missing.txt"), "--game", "hood-strikes-north",
                                           "-o", str(_folder(tmp_path))])
    assert result.exit_code == 2 and "missing.txt: cannot read" in result.output
    result = runner.invoke(import_tables, [str(ITW), "--game", "hood-strikes-north", "-o", str(tmp_path)])
    assert result.exit_code == 2 and "is this the right rulebook?" in result.output
    # the right game, another edition: its tables are not on the lines this importer reads
    lines = HSN.read_text(encoding="utf-8").split("\n")
    edition = tmp_path / "hsn-other-edition.txt"
    edition.write_text("\n".join(lines[:100] + ["(a page added in another printing)"] + lines[100:]), encoding="utf-8")
    result = runner.invoke(import_tables, [str(edition), "--game", "hood-strikes-north", "-o", str(_folder(tmp_path))])
    assert result.exit_code == 2 and "is this the right rulebook edition?" in result.output


def test_cli_import_writes_and_validates(tmp_path):
    result = CliRunner().invoke(import_tables, [str(HSN), "--game", "hood-strikes-north", "-o",
                                                str(_folder(tmp_path))])
    assert result.exit_code == 0, result.output
    assert "5 workbooks written" in result.output
    assert (tmp_path / "import-report.md").read_text(encoding="utf-8").startswith("# Import report")


def test_non_name_parenthetical_is_rejected_with_its_line(tmp_path):
    # the wording of L138 ("hex 1615 (south of the Duck River)") put into a setup cell by override
    text = (GAME / "overrides.csv").read_text(encoding="utf-8") + \
        "243,hex,1615 (south of the Duck River),test: a parenthetical that is not a place\n"
    result = run_import(HSN, "hood-strikes-north", _folder(tmp_path, text))
    assert [(r.line, r.reason) for r in result.report.rejections] == [
        (243, "parenthetical '(south of the Duck River)' is not a place name")]


@given(st.integers(1, 12), st.sampled_from(["AM", "PM"]), st.sampled_from(["", " "]))
def test_clock_times_are_24_hour(hour, period, space):
    text, _ = n.time_of_day(f"{hour}{space}{period}")
    expected = hour % 12 + (12 if period == "PM" else 0)
    assert text == f"{expected:02d}:00"


@given(st.from_regex(r"[0-9]{1,2}", fullmatch=True), st.lists(st.sampled_from(list("*†#+●•@$")), max_size=3))
def test_footnote_markers_split_off_exactly(value, marks):
    assert n.footnotes(value + "".join(marks)) == (value, tuple(marks))
