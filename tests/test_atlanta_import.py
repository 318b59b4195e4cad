"""Atlanta: every setup, arrival and loss row of the rulebook is in a workbook or rejected.

Expected counts come from the research digest (Part B, tables of 5.1a.1, 5.1b.1, 5.1b.5,
5.2a.1, 5.2b.1, 5.1d.4) and from reading the rulebook lines, never from the importer; the
workbook side is counted as distinct `rulebook_line` values plus the report's rejected lines.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from gamedata.import_kit.run import run_import
from gamedata.load import load_game
from gamedata.validate import validate
from tests.conftest import RULEBOOKS

REPO = Path(__file__).resolve().parents[1]
GAME = REPO / "sources" / "atlanta"
RULEBOOK = RULEBOOKS / "004_d72011bf1c6b615e.txt"


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


@pytest.fixture(scope="module")
def report() -> dict:
    return json.loads((GAME / "import-report.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def lines() -> list[str]:
    return RULEBOOK.read_text(encoding="utf-8").split("\n")


def _rows(game, scenario: str):
    s = next(s for s in game.scenarios if s.scenario_id == scenario)
    return s.setup + s.reinforcements


def _lines_kept(game, scenario: str, first: int, last: int) -> set[int]:
    """Lines that gave a row, or amended one (orders/notes cited as '(line N)' in the row's notes)."""
    kept = {r.rulebook_line for r in _rows(game, scenario) if r.rulebook_line}
    kept |= {int(n) for r in _rows(game, scenario) for n in re.findall(r"\(line (\d+)\)", r.notes or "")}
    return {n for n in kept if first <= n <= last}


def _lines_rejected(report: dict, first: int, last: int) -> set[int]:
    return {r["line"] for r in report["rejections"] if first <= r["line"] <= last}


# (scenario, first line, last line, printed data rows): digest B2.1 lists 35 Union rows
# (5.1a.1) and 13 Confederate rows (5.1b.1 incl. the Wkr order, the generic supply rule
# and the optional cavalry wagons); B2.2 lists 6 Union and 8 Confederate rows for 5.2.
PLACEMENT_TABLES = [
    ("5.1", 232, 281, 35),
    ("5.1", 311, 336, 13),
    ("5.1d.1", 459, 461, 2),       # 2/4/16 group, 2/Cav/C
    ("5.1d.4", 495, 499, 2),       # Cumberland corps paragraph, Stewart's divisions paragraph
    ("5.1d.6", 549, 561, 7),       # Bate, Walker, '(Walker killed...)', Cleburne, Maney, Artillery, Leaders
    ("5.1d.7", 567, 580, 7),       # 3/4/16+16db(2), Jkn, Rdy, militia, Atlanta artillery, Polk/Granbury, S.D. Lee
    ("5.2", 647, 659, 6),
    ("5.2", 673, 701, 8),
    ("5.2", 713, 715, 2),          # Ferguson, Cleburne
    ("5.2d.2", 811, 811, 1),
    ("5.3", 843, 849, 3),          # Hardee, the rest of Hardee's Corps, Cleburne held back
]


@pytest.mark.parametrize("scenario,first,last,printed", PLACEMENT_TABLES)
def test_every_placement_row_is_kept_or_rejected(game, report, scenario, first, last, printed):
    kept = _lines_kept(game, scenario, first, last)
    rejected = _lines_rejected(report, first, last)
    assert not kept & rejected
    assert len(kept) + len(rejected) == printed


def test_union_setup_rows_match_a_scan_of_the_rulebook(lines):
    """Independent of the digest: non-blank lines 232-281 that name a hex (col.row)."""
    scanned = [n for n in range(232, 282) if re.search(r"\d{1,2}\.\d{2}", lines[n - 1])]
    assert len(scanned) == 35


def _loss_notes(game, scenario: str, line: int) -> list[str]:
    return [r.unit_id for r in _rows(game, scenario) if f"(line {line})" in (r.notes or "")]


# (scenario, line, printed 'unit -loss' entries on that line), read from the rulebook
LOSS_LINES = [
    ("5.1", 291, 3), ("5.1", 293, 1),
    ("5.1", 362, 2), ("5.1", 363, 2), ("5.1", 364, 2), ("5.1", 365, 2),
    ("5.1d.4", 505, 2), ("5.1d.4", 506, 2), ("5.1d.4", 507, 2), ("5.1d.4", 508, 2), ("5.1d.4", 509, 1),
    ("5.1d.4", 515, 1), ("5.1d.4", 517, 1), ("5.1d.4", 519, 1), ("5.1d.4", 523, 1), ("5.1d.4", 525, 1),
    ("5.1d.4", 527, 1), ("5.1d.4", 531, 1), ("5.1d.4", 533, 1),
]


@pytest.mark.parametrize("scenario,line,entries", LOSS_LINES)
def test_every_previous_loss_is_applied(game, scenario, line, entries):
    assert len(_loss_notes(game, scenario, line)) == entries


def test_loss_totals_match_the_digest(game):
    """Digest B2.1: 9 CSA losses in 5.1b.5 sum to 12 (8 brigades); 5.1d.4 Union 9 entries sum to 15."""
    def total(scenario, side_lines):
        out = 0
        for r in _rows(game, scenario):
            for code in (r.status or "").split(";"):
                if code.startswith("loss-") and any(f"(line {n})" in r.notes for n in side_lines):
                    out += int(code[5:])
        return out
    assert total("5.1", range(362, 366)) == 12
    assert total("5.1d.4", range(505, 510)) == 15


def test_canty_blank_loss_is_rejected_with_its_line(report):
    rejected = [r for r in report["rejections"] if r["line"] == 535]
    assert len(rejected) == 1 and rejected[0]["text"] == "Canty"


def test_every_override_is_reported(report):
    overrides = (GAME / "overrides.csv").read_text(encoding="utf-8").splitlines()[1:]
    lines_overridden = {int(o.split(",")[0]) for o in overrides}
    reported = {n["line"] for n in report["normalizations"] if n["rule"].startswith("override")}
    reported |= {r["line"] for r in report["rejections"] if r["reason"].startswith("override")}
    assert lines_overridden == reported


def test_validate_passes():
    assert validate(GAME) == []


def test_reimport_reproduces_the_committed_files(tmp_path):
    for name in ("game.toml", "overrides.csv"):
        shutil.copy(GAME / name, tmp_path / name)
    run_import(RULEBOOK, "atlanta", tmp_path)
    for name in ("oob.xlsx", "scenarios.xlsx", "tables.xlsx", "terrain.xlsx", "import-report.json",
                 "import-report.md"):
        assert (tmp_path / name).read_bytes() == (GAME / name).read_bytes(), name


def test_a_changed_rulebook_fails_loudly(tmp_path, lines):
    """A different edition (anchor text moved) must stop the import, not import shifted rows."""
    for name in ("game.toml", "overrides.csv"):
        shutil.copy(GAME / name, tmp_path / name)
    shifted = tmp_path / "atlanta.txt"
    shifted.write_text("\n".join(["inserted line"] + lines), encoding="utf-8")
    from gamedata.import_kit.run import ImportFailed
    with pytest.raises(ImportFailed, match="line"):
        run_import(shifted, "atlanta", tmp_path)
    assert not (tmp_path / "oob.xlsx").exists()


# Digest B2.5 quirks with their rulebook lines; each must appear in the report as a
# normalization, an override or a rejection (#21 hex notation and #26 system are covered elsewhere).
QUIRK_LINES = {
    1: [220], 2: [50], 3: [54], 4: [371], 5: [447], 6: [767, 901], 7: [433, 435, 796, 797, 957], 8: [323],
    9: [325], 10: [162], 11: [329], 12: [459], 13: [285], 14: [851], 15: [811, 853, 975], 16: [535],
    17: [1023], 18: [989], 19: [775, 789], 20: [823], 22: [543], 23: [667], 24: [329, 681], 25: [615],
}


@pytest.mark.parametrize("quirk", sorted(QUIRK_LINES))
def test_every_digest_quirk_is_handled_in_the_report(report, quirk):
    reported = {n["line"] for n in report["normalizations"]} | {r["line"] for r in report["rejections"]}
    assert set(QUIRK_LINES[quirk]) <= reported


@pytest.mark.parametrize("folder", ["atlanta", "cwb-regimental", "shiloh"])
def test_adjutant_validate_command_passes(folder):
    from click.testing import CliRunner

    from adjutant.cli import main

    result = CliRunner().invoke(main, ["validate", str(REPO / "sources" / folder)])
    assert result.exit_code == 0, result.output


def _import_with_override(tmp_path, line: int, text: str) -> dict:
    shutil.copy(GAME / "game.toml", tmp_path / "game.toml")
    rows = (GAME / "overrides.csv").read_text(encoding="utf-8").splitlines()
    rows = [r for r in rows if not r.startswith(f"{line},text,")]
    rows.append(f'{line},text,"{text}",test: a human correction that names something unknown')
    (tmp_path / "overrides.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    run_import(RULEBOOK, "atlanta", tmp_path)
    return json.loads((tmp_path / "import-report.json").read_text(encoding="utf-8"))


def test_an_unknown_unit_rejects_its_line_with_the_reason(tmp_path):
    report = _import_with_override(tmp_path, 659, "3/4, Bogus HQ: enters at B5.36 at 12:00PM")
    (rejected,) = [r for r in report["rejections"] if r["line"] == 659]
    assert "'Bogus HQ'" in rejected["reason"] and "order of battle" in rejected["reason"]
    assert validate(tmp_path) == []          # the rest of the data is still complete and valid


def test_an_unknown_parenthetical_rejects_its_line(tmp_path):
    report = _import_with_override(tmp_path, 659, "3/4: enters at B5.36 at 12:00PM (if it rains)")
    (rejected,) = [r for r in report["rejections"] if r["line"] == 659]
    assert rejected["reason"] == "unknown parenthetical (if it rains)"


def test_a_hex_off_the_map_rejects_its_line(tmp_path):
    report = _import_with_override(tmp_path, 659, "3/4: enters at B57.36 at 12:00PM")
    (rejected,) = [r for r in report["rejections"] if r["line"] == 659]
    assert "off map 'B'" in rejected["reason"]


def test_reimport_in_another_process_with_another_hash_seed_is_identical(tmp_path):
    """Determinism must not hang on dict/set order: a fresh interpreter with a different hash seed."""
    import os
    import subprocess
    import sys

    for name in ("game.toml", "overrides.csv"):
        shutil.copy(GAME / name, tmp_path / name)
    code = ("import sys; from pathlib import Path; from gamedata.import_kit.run import run_import; "
            "run_import(Path(sys.argv[1]), 'atlanta', Path(sys.argv[2]))")
    env = dict(os.environ, PYTHONHASHSEED="12345")
    subprocess.run([sys.executable, "-c", code, str(RULEBOOK), str(tmp_path)], check=True, cwd=REPO, env=env)
    for name in ("oob.xlsx", "scenarios.xlsx", "tables.xlsx", "terrain.xlsx", "import-report.json"):
        assert (tmp_path / name).read_bytes() == (GAME / name).read_bytes(), name
