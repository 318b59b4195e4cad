"""Into the Woods: Shiloh data: every table row accounted for, re-import reproducible, folder valid.

Expected row counts come from the digest `research/into-the-woods-shiloh.md` §2
(its TAB-line counts minus headers, page-break junk and wrapped lines), not from
the importer; the S8 Union count is derived from the digest's 97 TAB lines the
same way (L2756, L2808, L2809 are headers, L2802 continues L2801).
"""
from __future__ import annotations

import json
import re
import shutil
import tomllib
from pathlib import Path

import pytest
from conftest import RULEBOOKS

from gamedata.import_kit.run import ImportFailed, run_import
from gamedata.importers.into_the_woods.names import CSA, UNION, variants
from gamedata.importers.into_the_woods.specs import TABLES
from gamedata.validate import validate
from gamedata.workbook import read_workbook

GAME = "into-the-woods-shiloh"
FOLDER = Path(__file__).resolve().parents[1] / "sources" / GAME
RULEBOOK = RULEBOOKS / "000_c574b46a31a48b8f.txt"
OUTPUTS = ("oob.xlsx", "scenarios.xlsx", "tables.xlsx", "terrain.xlsx", "import-report.json", "import-report.md")

# table -> data rows printed (incl. OCR ghost rows, which must be rejected), per the digest
EXPECTED_ROWS = {
    "S1 Union Setup": 114,          # 117 TAB lines - 3 headers
    "S1 Union Reinf": 33,           # 36 - header - 2 date separators
    "S1 Confederate Setup": 76,     # 79 - 2 headers - 1 page-break junk
    "S1 Confederate Reinf": 21,     # 24 - header - 2 separators
    "S2 Confederate Setup": 36,
    "S2 Union Setup": 13,
    "S3 Confederate Setup": 47,     # 51 lines, the last five are one wrapped row
    "S3 Union Setup": 30,
    "S3 Union Reinf": 6,
    "S4 Union Setup": 43,
    "S4 Union Reinf": 3,            # header fused into the first row
    "S4 Confederate Setup": 54,
    "S4 Confederate Reinf": 9,
    "S5 Union Setup": 81,
    "S5 Confederate Setup": 91,     # 90 logical rows + ghost '20110' (L2052)
    "S6 Union Setup": 18,           # 21 lines, three wrapped command cells
    "S6 Confederate Setup": 28,     # 30 lines, two wrapped command cells
    "S7 Confederate Setup": 21,
    "S7 Confederate Reinf": 1,
    "S7 Union Setup": 61,
    "S8 Union 2nd and 6th Divisions": 23,
    "S8 Union Setup": 93,           # 97 - 3 header lines - 1 wrapped line
    "S8 Confederate Setup": 95,     # 94 lines + ghost '113123' (L2912)
    "S9 Union Setup": 5,
    "S9 Union Reinf": 1,            # one arrival wrapped on two lines
    "S9 Confederate Setup": 11,
    "S10 Union Reinf": 13,
    "S10 Confederate Setup": 86,
    "S10 Confederate Reinf": 8,
}


@pytest.fixture(scope="module")
def books() -> dict[str, dict]:
    return {name: read_workbook(FOLDER / name) for name in ("oob.xlsx", "scenarios.xlsx", "tables.xlsx")}


@pytest.fixture(scope="module")
def report() -> dict:
    return json.loads((FOLDER / "import-report.json").read_text(encoding="utf-8"))


def _sheet_for(table) -> str:
    kind = "Setup" if table.kind == "setup" and not table.condition else "Reinf"
    return f"{table.scenario} {kind}"


def test_every_table_is_declared_with_an_expected_count() -> None:
    assert sorted(t.spec.id for t in TABLES) == sorted(EXPECTED_ROWS)


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.spec.id)
def test_rows_in_workbook_plus_rejects_equal_printed_rows(table, books, report) -> None:
    spec = table.spec
    sheet = books["scenarios.xlsx"][_sheet_for(table)]
    kept = {r.values["rulebook_line"] for r in sheet.rows if spec.first <= r.values["rulebook_line"] <= spec.last}
    rejected = {r["line"] for r in report["rejections"] if r["table"] == spec.id}
    assert not kept & rejected, f"lines both kept and rejected: {sorted(kept & rejected)}"
    assert all(r["reason"] for r in report["rejections"] if r["table"] == spec.id)
    assert len(kept) + len(rejected) == EXPECTED_ROWS[spec.id]


def test_ocr_ghost_rows_are_rejected_with_their_line(report) -> None:
    ghosts = {r["line"]: r["reason"] for r in report["rejections"]}
    for line in (889, 2052, 2853, 2912):
        assert "OCR ghost row" in ghosts[line]


def test_game_folder_validates() -> None:
    assert [str(p) for p in validate(FOLDER)] == []


def test_reimport_reproduces_the_committed_files_byte_for_byte(tmp_path: Path) -> None:
    for name in ("game.toml", "overrides.csv"):
        shutil.copy(FOLDER / name, tmp_path / name)
    run_import(RULEBOOK, GAME, tmp_path)
    for name in OUTPUTS:
        assert (tmp_path / name).read_bytes() == (FOLDER / name).read_bytes(), name


def test_every_override_names_a_line_of_a_declared_table() -> None:
    lines = (FOLDER / "overrides.csv").read_text(encoding="utf-8").splitlines()[1:]
    for text in lines:
        line = int(text.split(",", 1)[0])
        assert any(t.spec.first <= line <= t.spec.last for t in TABLES), line


def test_every_quirk_line_of_the_digest_is_reported(report) -> None:
    """Each rulebook line the digest cites inside a table has a normalization or a rejection.

    L1534 ('C&S IL Cav 1/T') is the one exception: '1/T' is already the canonical division form.
    """
    digest = (RULEBOOKS.parent / "research" / "into-the-woods-shiloh.md").read_text(encoding="utf-8")
    cited = {int(n) for n in re.findall(r"\bL(\d{3,4})\b", digest)}
    in_tables = {n for n in cited if any(t.spec.first <= n <= t.spec.last for t in TABLES)}
    touched = {n["line"] for n in report["normalizations"]} | {r["line"] for r in report["rejections"]}
    assert in_tables - touched == {1534}


def _folder_copy(tmp_path: Path) -> Path:
    for name in ("game.toml", "overrides.csv"):
        shutil.copy(FOLDER / name, tmp_path / name)
    return tmp_path


def test_another_edition_of_the_rulebook_is_refused_with_the_line(tmp_path: Path) -> None:
    lines = RULEBOOK.read_text(encoding="utf-8").split("\n")
    shifted = tmp_path / "shifted.txt"
    shifted.write_text("\n".join(["inserted line"] + lines), encoding="utf-8")
    with pytest.raises(ImportFailed, match=r"line 792: expected 'Location\tUnit\tCommand\tFacing'"):
        run_import(shifted, GAME, _folder_copy(tmp_path))


def test_an_override_that_matches_nothing_is_an_error(tmp_path: Path) -> None:
    folder = _folder_copy(tmp_path)
    with (folder / "overrides.csv").open("a", encoding="utf-8") as handle:
        handle.write('800,facing,NE,"test: line 800 has a facing, but 1000 has none"\n'
                     '1000,facing,NE,"test: no Facing column in the Confederate setup"\n')
    with pytest.raises(ImportFailed, match="line 1000 field 'facing' matched no cell"):
        run_import(RULEBOOK, GAME, folder)
    assert not (folder / "oob.xlsx").exists()  # nothing written on failure


def test_a_turn_track_without_the_scenario_turns_is_refused(tmp_path: Path) -> None:
    folder = _folder_copy(tmp_path)
    text = (folder / "game.toml").read_text(encoding="utf-8")
    (folder / "game.toml").write_text(text.replace('label = "6 PM"', 'label = "six"'), encoding="utf-8")
    with pytest.raises(ImportFailed, match="the turn track has no turn 1862-04-05 6 PM"):
        run_import(RULEBOOK, GAME, folder)


def test_every_setup_hex_and_strength_is_printed_on_its_line(books) -> None:
    """A kept row's hex and strength are in the printed text of its line (or of the lines it wraps onto),
    unless an override for that line and field says otherwise."""
    lines = RULEBOOK.read_text(encoding="utf-8").split("\n")
    overridden = {(int(t.split(",")[0]), t.split(",")[1])
                  for t in (FOLDER / "overrides.csv").read_text(encoding="utf-8").splitlines()[1:]}
    by_effect = {("CS:Ketchum Bty b", 1813), ("US:Det D", 3110)}  # strengths from L1824 and L3025
    checked = 0
    for table in TABLES:
        if table.kind != "setup" or table.condition:
            continue
        for row in books["scenarios.xlsx"][f"{table.scenario} Setup"].rows:
            v = row.values
            line = v["rulebook_line"]
            if not table.spec.first <= line <= table.spec.last:
                continue
            text = " ".join(lines[line - 1:line + 4])
            if v["location"] and (line, "location") not in overridden:
                assert v["location"] in text, (line, v["unit_id"], v["location"])
            if v["strength"] is not None and (v["unit_id"], line) not in by_effect:
                assert re.search(rf"\(\s*(<b>)?\s*{v['strength']}\s*(</b>)?\s*\)", text), (line, v["unit_id"])
            checked += 1
    assert checked > 1300  # every kept setup record of the ten scenarios' tables


def test_every_reinforcement_turn_is_the_time_printed_on_or_above_its_line(books) -> None:
    """The turn of each arrival is the time printed on its line, or on the nearest line above it
    (continuation and ditto rows inherit the time of the row above)."""
    lines = RULEBOOK.read_text(encoding="utf-8").split("\n")
    definition = tomllib.loads((FOLDER / "game.toml").read_text(encoding="utf-8"))
    labels = {t["id"]: t["label"] for t in definition["turns"]}
    printed_time = re.compile(r"\b(\d{1,2}(?:-\d{1,2})?) ?(AM|PM|N|Noon)\b")
    checked = 0
    for table in TABLES:
        if table.kind != "reinf":
            continue
        for row in books["scenarios.xlsx"][f"{table.scenario} Reinf"].rows:
            v = row.values
            line = v["rulebook_line"]
            if not table.spec.first <= line <= table.spec.last:
                continue
            above = line
            while not printed_time.search(lines[above - 1]):
                above -= 1
            hour, suffix = printed_time.search(lines[above - 1]).groups()
            assert labels[v["turn"]] == f"{hour} {'PM' if suffix in ('N', 'Noon') else suffix}", (line, v["unit_id"])
            checked += 1
    assert checked > 240  # every arrival of the reinforcement tables


def test_every_directly_listed_counter_is_named_on_its_line(books, report) -> None:
    """Each counter not produced by a formation row is named on its line (as the OOB name, a printed
    variant, or its battery/regiment name for a section or a cavalry half), unless a unit override
    for that line replaced the printed name or the report notes a name split across a TAB."""
    lines = [re.sub(r"<[^>]+>", "", text.replace("<sup>ST</sup> ", ""))  # '1 <sup>ST</sup> AL' is 1st AL
             for text in RULEBOOK.read_text(encoding="utf-8").split("\n")]
    overridden = {int(t.split(",")[0]) for t in (FOLDER / "overrides.csv").read_text(encoding="utf-8").splitlines()[1:]
                  if t.split(",")[1] == "unit"}
    overridden |= {n["line"] for n in report["normalizations"] if "slipped into the Command cell" in n["rule"]}
    printed: dict[str, set[str]] = {}
    for side in (UNION, CSA):
        for variant, names in variants(side).items():
            for name in names:
                printed.setdefault(name, set()).add(variant)
    checked = 0
    for table in TABLES:
        sheet = f"{table.scenario} {'Setup' if table.kind == 'setup' and not table.condition else 'Reinf'}"
        for row in books["scenarios.xlsx"][sheet].rows:
            v = row.values
            line = v["rulebook_line"]
            if not table.spec.first <= line <= table.spec.last or "arrives as" in (v["notes"] or ""):
                continue
            if line in overridden:
                continue
            name = v["unit_id"].split(":", 1)[1].split("@")[0]
            base = re.sub(r" (Bty) [ab]$| [ab] Cav$", r" \1", name).strip()
            forms = {name, base} | printed.get(name, set()) | printed.get(base, set())
            text = " ".join(lines[line - 1:line + 4])
            if "Btys" in text:  # 'Trigg, Hubbard, Calvert Btys' (L3362)
                forms.add(base.removesuffix(" Bty"))
            assert any(form in text for form in forms), (line, name)
            checked += 1
    assert checked > 1500
