"""Hood Strikes North data against the rulebook text and the research digest.

Row counts come from an independent scan of the rulebook's pipe tables and from the
digest's verbatim transcription (`Lnnn: a | b | ...` lines), never from the importer.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from gamedata.import_kit.run import run_import
from gamedata.load import load_game
from gamedata.workbook import read_workbook

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO / ".." / "shared"
RULEBOOK = SHARED / "rulebooks" / "003_f9322ba859639b19.txt"
DIGEST = SHARED / "research" / "hood-strikes-north.md"
GAME = REPO / "sources" / "hood-strikes-north"
RULE = re.compile(r"^\|[\s:|-]*-[\s:|-]*\|$")


@pytest.fixture(scope="module")
def lines() -> list[str]:
    return RULEBOOK.read_text(encoding="utf-8").split("\n")


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


@pytest.fixture(scope="module")
def report() -> dict:
    return json.loads((GAME / "import-report.json").read_text(encoding="utf-8"))


def unit_table_rows(lines: list[str]) -> dict[int, list[str]]:
    """Every data row of every unit table in the rulebook: {line: cells}.

    A unit table is a pipe table whose header starts with UNIT/LEADER, or a
    blank-header continuation right after a "(CNTD)" heading.
    """
    rows: dict[int, list[str]] = {}
    i = 0
    while i < len(lines):
        text = lines[i].strip()
        if text.startswith("|") and i + 1 < len(lines) and RULE.match(lines[i + 1].strip()):
            header = [c.strip() for c in text.strip("|").split("|")]
            heading = next(lines[j] for j in range(i - 1, 0, -1) if lines[j].strip())
            is_units = header[0] == "UNIT/LEADER" or (not any(header) and "(CNTD)" in heading)
            j = i + 2
            while j < len(lines) and lines[j].strip().startswith("|"):
                if is_units:
                    rows[j + 1] = [c.strip() for c in lines[j].strip().strip("|").split("|")]
                j += 1
            i = j
            continue
        i += 1
    return rows


def digest_rows() -> dict[int, list[str]]:
    """The digest's verbatim table rows `Lnnn: cell | cell`, headers left out."""
    out = {}
    for text in DIGEST.read_text(encoding="utf-8").split("\n"):
        match = re.match(r"^L(\d+): (.+)$", text)
        if match and not match[2].startswith("UNIT/LEADER"):
            out[int(match[1])] = [c.strip() for c in match[2].split("|")]
    return out


def placed_lines(game) -> dict[int, tuple[str, object]]:
    """rulebook line -> (scenario, row) over every setup and reinforcement row."""
    out = {}
    for scenario in game.scenarios:
        for row in scenario.setup + scenario.reinforcements:
            out.setdefault(row.rulebook_line, (scenario.scenario_id, row))
    return out


def test_every_unit_row_of_the_rulebook_is_in_a_workbook_or_rejected(lines, game, report):
    rulebook = unit_table_rows(lines)
    rejected = {r["line"] for r in report["rejections"]}
    placed = placed_lines(game)
    assert len(rulebook) == len(digest_rows()) == 363  # 25 unit tables; the digest transcribes the same rows
    missing = sorted(set(rulebook) - set(placed) - rejected)
    assert missing == [], f"rulebook rows neither imported nor rejected: {missing}"
    assert set(placed) <= set(rulebook), "workbook rows that come from no unit table"


def test_unit_rows_match_the_digest_transcription(game):
    """Each digest row: same unit (after the documented overrides), manpower and hex."""
    digest = digest_rows()
    placed = placed_lines(game)
    overrides = {}
    for record in (GAME / "overrides.csv").read_text(encoding="utf-8").splitlines()[1:]:
        line, field, value = record.split(",")[:3]
        overrides[(int(line), field)] = value
    assert len(digest) >= 360
    assert set(digest) == set(placed)  # the digest transcribes exactly the rows the workbooks hold
    for line, cells in digest.items():
        _, row = placed[line]
        name = overrides.get((line, "unit"), re.sub(r"[*#@†+]+$", "", cells[0]))
        assert row.unit_id == name or row.unit_id.startswith(name + " ("), (line, row.unit_id, name)
        manpower = cells[4] if len(cells) == 6 else cells[5]
        printed = re.match(r"\d+", manpower)
        assert row.strength == (printed[0] if printed else ""), (line, row.strength, cells)
        if len(cells) == 6 and hasattr(row, "location"):
            assert row.location == cells[5][:4], (line, row.location, cells[5])


def digest_gazetteer_entries() -> int:
    text = DIGEST.read_text(encoding="utf-8")
    block = text.split("Map Gazetteer (L2008-2114)", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    return len(block.strip().split("\n"))


def test_report_accounts_for_every_table(report):
    for table in report["tables"]:
        assert table["rows_read"] == table["rows_kept"] + table["rows_rejected"], table["table"]
    by_id = {t["table"]: t for t in report["tables"]}
    # counts printed in the rulebook text itself
    assert by_id["S9 USA reinforcements"]["rows_read"] == 22  # "Sixteen sets of Union units" in 22 rows
    assert by_id["S2 CSA arrivals"]["rows_read"] == 13        # "Nine sets of Confederate divisions/leaders"
    assert by_id["random-events"]["records"] == 11           # 2d6: rolls 2-12
    assert by_id["gazetteer"]["rows_read"] == digest_gazetteer_entries() == 42


def test_set_numbers_match_the_rulebook(game):
    s9 = next(s for s in game.scenarios if s.scenario_id == "S9")
    union_sets = {r.dr_set for r in s9.reinforcements if r.dr_set.startswith("union")}
    arrival_sets = {r.dr_set for r in s9.reinforcements if r.dr_set.startswith("arrival")}
    assert union_sets == {f"union {n}" for n in range(1, 17)}  # L1583: sixteen sets
    assert arrival_sets == {f"arrival {n}" for n in range(1, 10)}  # nine arrival sets
    smith_b = next(r for r in s9.reinforcements if r.unit_id == "Smith-B")
    assert (smith_b.turn, smith_b.entry, smith_b.strength) == ("10", "0107 to 0114", "2")  # L1796


def _setup(game, scenario: str, unit: str):
    s = next(s for s in game.scenarios if s.scenario_id == scenario)
    return next(r for r in s.setup if r.unit_id == unit)


@pytest.mark.parametrize("scenario, unit, location, strength, status, line", [
    ("S1", "Ruger", "1715", "2", "fort", 261),                         # "2*", * = Fort marker
    ("S1", "Armstrong", "0118", "2", "fatigue-1", 247),                 # "2#", # = Fatigue Level 1
    ("S1", "Croxton-A", "0221", "2", "fatigue-1;exhausted", 270),      # "Croxtton-A ... 2#†"
    ("S2", "Ruger", "1715", "2", "fort-build-1", 414),                 # "2●"
    ("S2", "Coon", "0420", "2", "exhausted;fatigue-1", 435),           # "2+#"
    ("S3", "Cox", "1814", "11", "fort", 529),                          # "11*+" Annoatuck
    ("S3", "Cleburne", "1417", "7", "", 493),                          # "7+" = activation restriction only
    ("S4", "Cleburne", "2814", "7", "exhausted", 613),                 # "7*" M. Cheairs Home
    ("S4", "Kimball", "3712", "8", "exhausted;disorganized;fatigue-1", 651),
    ("S5", "Van Cleve", "5131", "2", "fort", 779),                     # "2+*" Fortress Rosecrans-West
    ("S5", "Blockhouse (No. 4)", "5519", "", "", 786),                 # em-dash marker row, Lavergne
    ("S6", "Smith-A", "5509", "3", "breastworks", 850),                # "3*" Flat Rock
    ("S7", "Johnson", "4210", "3", "exhausted;disorganized;fatigue-1", 965),
    ("S7", "Biddle", "5107", "2", "unmounted", 1013),                  # "2\\$"
    ("S8", "Coon", "1715", "3", "fatigue-1", 1065),                    # "3*" normal side + Fatigue 1
    ("S9", "91 IN", "1604", "2", "fort", 1823),
    ("S9", "Van Cleve", "5232", "2", "", 1842),
])
def test_setup_spot_checks(game, lines, scenario, unit, location, strength, status, line):
    row = _setup(game, scenario, unit)
    assert row.rulebook_line == line
    assert (row.location, row.strength, row.status) == (location, strength, status)
    printed = lines[line - 1]
    assert location in printed and strength in printed


def test_scenario_lengths_follow_the_printed_game_length(game, lines):
    spans = {s.scenario_id: (s.start_turn, s.end_turn) for s in game.scenarios}
    assert spans == {"S1": (2, 2), "S2": (1, 7), "S3": (6, 7), "S4": (8, 9), "S5": (12, 15),
                     "S6": (23, 24), "S7": (25, 27), "S8": (31, 32), "S9": (1, 32)}
    assert "32 turns, November 23–December 24, 1864" in lines[1680 - 1]
    turns = {t.id: t.date for t in game.turns}
    assert turns[14] == "1864-12-06" and turns[24] == "1864-12-16"  # L1304, L1668


def test_minus_signs_eaten_by_bullets_are_restored(game):
    modifiers = {(t.table_id, r.rulebook_line): r.modifier for t in game.tables for r in t.rows if r.modifier}
    assert modifiers[("winter-weather", 1304)] == "-2"       # "- 2 On Turn 14"
    assert modifiers[("arrival", 1614)] == "-7"              # "- 7: Turn 2 die roll" = S2 table's "-7:"
    assert modifiers[("s2-arrival", 328)] == "-7"
    assert modifiers[("blockhouse", 716)] == "-3"
    assert modifiers[("winter-weather", 1306)] == "1"        # "+1 On Turn 17"
    vp = {(v.scenario_id, v.rulebook_line): v.points for v in game.vp}
    assert vp[("S2", 353)] == "-2" and vp[("S2", 356)] == "-12"
    assert vp[("S9", 1735)] == "-2"                           # "-2 VP" in the wagon example, L1738
    assert vp[("S6", 821)] == "4"                             # '+?' overridden from the row text


def test_random_events_read_their_footnotes_as_cases(game):
    table = next(t for t in game.tables if t.table_id == "random-events")
    assert table.die == "2d6"
    cases = {r.roll: [] for r in table.rows}
    for r in table.rows:
        cases[r.roll].append((r.result, r.when))
    # footnote # (L1175): the raid happens once, then the row reads as the pontoon prohibition
    assert cases["9"] == [("Lyon's Kentucky Raid", "not rolls(random-events, Lyon's Kentucky Raid)"),
                          ("Union Pontoon Bridge Prohibition", "rolls(random-events, Lyon's Kentucky Raid)")]
    assert cases["4"] == [("Rain", "weather != winter"), ("No Effect", "weather = winter")]  # footnote *
    assert cases["2"] == [("Command Paralysis", "")]


def test_gazetteer_is_keyed_by_hex(game):
    names = {(n.hex, n.name) for n in game.named_hexes}
    for hex_id in ("1915", "4511", "5008", "5424"):
        assert (hex_id, "Blacksmith") in names                # same name, four hexes (digest §6 #28)
    assert ("5706", "Nashville") in names and ("5707", "Nashville") in names
    assert {("5507", "Nashville Forts"), ("5807", "Nashville Forts")} <= names  # "(5507-5807)"
    assert ("1313", "Pillow Plantations") in names


def test_reimport_gives_identical_workbooks(tmp_path):
    shutil.copy(GAME / "game.toml", tmp_path / "game.toml")
    shutil.copy(GAME / "overrides.csv", tmp_path / "overrides.csv")
    run_import(RULEBOOK, "hood-strikes-north", tmp_path)
    for name in ("oob.xlsx", "scenarios.xlsx", "tables.xlsx", "terrain.xlsx", "import-report.json",
                 "import-report.md"):
        assert (tmp_path / name).read_bytes() == (GAME / name).read_bytes(), name
    assert read_workbook(tmp_path / "oob.xlsx")["Units"].rows


def test_printed_counter_values_only(game, lines):
    ratings = {u.unit_id: u.ratings for u in game.units if u.ratings}
    assert ratings["Cleburne"] == "tactical 4 attacking / 3 defending (L107)"
    assert "“4/3” on Cleburne" in lines[107 - 1]
    assert ratings["Capron-B"] == "artillery 1 (L1357)" and ratings["Capron-A"] == "artillery 0 (L1357)"
    assert len(ratings) == 10  # nothing else is printed in the rules text
    # combat values and manpower on counters are not printed: OOB manpower stays empty everywhere
    assert {u.manpower for u in game.units} == {None}


def test_printed_forts_are_special_hexes(game, lines):
    forts = {s.hex: (s.detail, s.name) for s in game.terrain_specials if s.kind == "fort"}
    assert forts["5607"] == ("class A", "Fort Negley")
    assert forts["5131"] == forts["5231"] == ("class A", "Fortress Rosecrans")
    assert forts["5708"] == ("class B", "")
    printed = re.findall(r"\b\d{4}\b", lines[1489 - 1])
    assert sorted(forts) == sorted(printed) and len(printed) == 10  # 3 class A + 7 class B hexes
    assert {s.side for s in game.terrain_specials if s.kind in ("fort", "redoubt")} == {"Union"}
    redoubts = {s.hex: s.name for s in game.terrain_specials if s.kind == "redoubt"}
    assert redoubts == {"1714": "Fort Mizner", "4111": "Fort Granger", "5504": "", "5505": "", "5506": ""}  # L180


def _rolls(text: str) -> set[int]:
    if text.endswith(" or less"):
        return set(range(-20, int(text.split()[0]) + 1))
    if text.endswith(" or more"):
        return set(range(int(text.split()[0]), 31))
    if "," in text:
        return {int(x) for x in text.split(",")}
    if re.fullmatch(r"-?\d+-\d+", text):
        low, high = re.fullmatch(r"(-?\d+)-(\d+)", text).groups()
        return set(range(int(low), int(high) + 1))
    return {int(text)}


def test_every_die_table_covers_its_die_exactly_once(game):
    assert {t.table_id for t in game.tables} == {
        "s2-arrival", "arrival", "blockhouse", "random-events", "winter-weather", "remount", "unmounting",
        "union-reinforcement", "manpower-enhancement", "s2-manpower-enhancement",
        "confederate-variable-reinforcement"}
    for table in game.tables:
        count, sides = map(int, table.die.split("d"))
        results = [r for r in table.rows if not r.modifier]
        union = set().union(*(_rolls(r.roll) for r in results))
        assert set(range(count, count * sides + 1)) <= union, f"{table.table_id}: rolls missing"
        for case in {r.when for r in results}:  # a footnote's cases: rows read under one case never overlap
            covered = [_rolls(r.roll) for r in results if r.when in ("", case)]
            assert sum(map(len, covered)) == len(set().union(*covered)), f"{table.table_id} {case}: overlap"


def pipe_table_rows(lines: list[str]) -> dict[int, str]:
    """Data rows of every pipe table in the rulebook (header and rule rows left out)."""
    rows = {}
    for i, text in enumerate(lines):
        stripped = text.strip()
        if stripped.startswith("- |"):  # the S9 station table glued to its bullet (digest §0.8)
            stripped = stripped[2:]
        if not stripped.startswith("|") or RULE.match(stripped):
            continue
        if i + 1 < len(lines) and RULE.match(lines[i + 1].strip()):
            continue  # header row
        rows[i + 1] = stripped
    return rows


def test_every_pipe_table_row_is_imported_or_rejected(lines, report):
    """Not only unit tables: VP, victory levels, die rolls, modifiers, the station list."""
    toc = range(19, 52)  # the table of contents (L19-51) is a pipe table too
    printed = {n for n in pipe_table_rows(lines) if n not in toc}
    used: set[int] = {r["line"] for r in report["rejections"]}
    for name in ("oob.xlsx", "scenarios.xlsx", "tables.xlsx", "terrain.xlsx"):
        for sheet in read_workbook(GAME / name).values():
            used |= {r.get("rulebook_line") for r in sheet.rows}
    assert len(printed) == 500  # 50 tables after the contents, counted block by block when surveying the text
    # the S9 station list feeds the +1 VP item of L1725 and the Names sheet, where a station may already be
    # named from an earlier line (Smyrna in S5): check its cells instead of its line
    stations = {n for n in printed if 1726 <= n <= 1730}
    names = {(r.get("hex"), r.get("name")) for r in read_workbook(GAME / "terrain.xlsx")["Names"].rows}
    for n in stations:
        for name, hex_id in re.findall(r"([A-Z][\w ]+?) \((\d{4})\)", lines[n - 1]):
            assert (hex_id, name) in names
    assert sorted(printed - used - stations) == []


def digest_victory() -> tuple[dict[str, list[float]], dict[str, list[list]]]:
    """Per scenario: the digest's numeric VP values (in order) and its victory bands."""
    vp: dict[str, list[float]] = {}
    levels: dict[str, list[list]] = {}
    scenario = ""
    for text in DIGEST.read_text(encoding="utf-8").split("\n"):
        heading = re.match(r"^### Scenario (\d)", text)
        if heading:
            scenario = f"S{heading[1]}"
        value = re.match(r"^- \{vp: ([+-]?[\d.]+),", text)
        if value and scenario:
            vp.setdefault(scenario, []).append(float(value[1]))
        bands = re.match(r"^levels: (\[\[.*\]\])$", text)
        if bands and scenario:
            levels[scenario] = [[None if x == "null" else int(x) for x in b.split(",")[:2]]
                                for b in re.findall(r"\[([^\[\]]+)\]", bands[1])]
    return vp, levels


def test_vp_and_levels_match_the_digest(game):
    vp, levels = digest_victory()
    assert sorted(vp) == sorted(levels) == [f"S{n}" for n in range(1, 10)]
    for sid in vp:
        ours = [float(v.points) for v in game.vp if v.scenario_id == sid
                and re.fullmatch(r"-?[\d.]+", v.points)]
        assert sorted(ours) == sorted(vp[sid]), sid
        bands = [[lv.low, lv.high] for lv in game.levels if lv.scenario_id == sid]
        assert bands == levels[sid], sid


def printed_footnote_markers(lines: list[str], last_row: int) -> set[str]:
    """Markers of the footnote lines printed after a table, up to the next table or scenario."""
    found = set()
    for text in lines[last_row:last_row + 14]:
        stripped = text.strip()
        if stripped.startswith("|") or stripped.startswith("## SCENARIO") or "SET-UP" in stripped \
                or "REINFORCEMENT" in stripped or "ARRIVALS" in stripped \
                or re.fullmatch(r"#+ [A-Z0-9 ,'’:–-]+", stripped):  # an all-capitals heading, not a "#" footnote
            break
        match = re.match(r"^(?:- )?\\?([*†#+●•@$])\s", stripped)
        if match:
            found.add(match[1])
    return found


def test_marker_meanings_cover_the_printed_footnotes(lines):
    from gamedata.importers.hood_strikes_north.build import UNIT_TABLES
    for table in UNIT_TABLES:
        if "(cntd)" not in table.spec.id and any(
                t.spec.id == table.spec.id + " (cntd)" for t in UNIT_TABLES):
            continue  # footnotes follow the continuation table
        printed = printed_footnote_markers(lines, table.spec.last)
        if table.spec.id == "S2 USA setup":
            printed.add("●")  # its footnote line lost the glyph: "- Begins game under Fort-Build-1 marker" (L439)
            assert "Begins game under Fort-Build-1 marker" in lines[439 - 1]
        assert set(table.markers) == printed, table.spec.id
