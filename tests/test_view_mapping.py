"""Units from pieces that carry no unit ids: ``adjutant map-units`` drafts units.csv from
names, ``validate`` checks it, and the view reads units through it.

Each bundled playable game's module is built, then stripped of everything that names a
unit (the pieces' Marker properties, the Formation property): only names and the palette
are left, as in a community module. The draft must map at least 95% of the pieces to the
unit (or status marker) they really are, map none wrongly, and list the rest. A copy with
community-style names ("17th Illinois Infantry", "Gen. Polk") must map as well.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from viewlogs import build, names_only, strip_module

from adjutant.cli import main
from gamedata.systems import FORMATION, SIDE, STATUS, UNIT_ID, Symbol, symbol_for
from referee.view import Views, read_unit_map
from referee.view.palette import slots
from vassal.commands import AddPiece, Node, encode_tree, parse_command, parse_tree
from vassal.module import read_module
from vassal.piece import Piece

GAMES = ("into-the-woods-shiloh", "hood-strikes-north", "atlanta")
STATES = {"AL": "Alabama", "AR": "Arkansas", "FL": "Florida", "IA": "Iowa", "IL": "Illinois", "IN": "Indiana",
          "KY": "Kentucky", "LA": "Louisiana", "MI": "Michigan", "MN": "Minnesota", "MO": "Missouri",
          "MS": "Mississippi", "OH": "Ohio", "TN": "Tennessee", "TX": "Texas", "WI": "Wisconsin"}
WORDS = {"Cav": "Cavalry", "Bn": "Battalion", "Bty": "Battery"}


def cli(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("mapping")
    return {g: build(g, out) for g in GAMES}


def truth(vmod: Path) -> dict[str, tuple[str, str]]:
    """Slot GPID -> (unit id, status marker) as the unstripped module's pieces say."""
    return {s.slot.gpid: (s.properties.get(UNIT_ID, ""), s.properties.get(STATUS, "")) for s in slots(read_module(vmod))}


def draft(vmod: Path, game: str, out: Path) -> tuple[list[dict], str]:
    code, output = cli("map-units", vmod, "--game", Path("sources") / game, "-o", out)
    assert code == 0, output
    with out.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f)), output


@pytest.mark.parametrize("game", GAMES)
def test_names_only_module_maps_95_percent_and_lists_the_rest(built, game, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    stripped = strip_module(built[game].vmod, tmp_path / "names-only.vmod")
    named = {UNIT_ID, SIDE, STATUS, FORMATION, "Command", "TypeCode", "Type", "Size"}
    assert all(not named & s.properties.keys() for s in slots(read_module(stripped)))  # names only are left
    rows, output = draft(stripped, game, tmp_path / "units.csv")
    real = truth(built[game].vmod)
    assert len(rows) == len(real)
    right = [r for r in rows if (r["unit_id"], r["marker"]) == real[r["slot"]]]
    wrong = [r for r in rows if (r["unit_id"] or r["marker"]) and (r["unit_id"], r["marker"]) != real[r["slot"]]]
    assert len(right) / len(rows) >= 0.95 and wrong == []
    for r in rows:
        if r not in right:                      # every piece not mapped is listed, with its candidates
            assert r["match"] in ("ambiguous", "none") and f"'{r['piece']}' (slot {r['slot']}" in output
            assert all(uid in r["candidates"].split(";") for uid in [real[r["slot"]][0]] if r["match"] == "ambiguous")
    assert f"{sum(1 for r in rows if r['unit_id'] or r['marker'])} of {len(rows)} pieces mapped" in output


def community_name(name: str, leader: bool) -> str:
    """'17 IL' -> '17th Illinois Infantry', '1 AL a Cav' -> '1st Alabama a Cavalry', leaders 'Gen. X'."""
    if leader:
        return f"Gen. {name}"
    words = name.split()
    if not words or not words[0].isdigit() or len(words) < 2 or words[1] not in STATES:
        return name
    n = int(words[0])
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    rest = [WORDS.get(w, w) for w in words[2:]]
    kind = [] if any(w in WORDS.values() for w in rest) else ["Infantry"]
    return " ".join([f"{n}{suffix}", STATES[words[1]], *kind, *rest])


def test_community_names_map_as_well(built, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    itw = built["into-the-woods-shiloh"]
    leaders = {u.name for u in itw.game.units if symbol_for(u.type) is Symbol.LEADER}
    renamed = strip_module(itw.vmod, tmp_path / "community.vmod", lambda n: community_name(n, n in leaders))
    names = {s.name for s in slots(read_module(renamed))}
    assert {"17th Alabama Infantry", "1st Alabama a Cavalry", "Gen. Beauregard"} <= names
    rows, _ = draft(renamed, "into-the-woods-shiloh", tmp_path / "units.csv")
    real = truth(itw.vmod)
    right = [r for r in rows if (r["unit_id"], r["marker"]) == real[r["slot"]]]
    wrong = [r for r in rows if (r["unit_id"] or r["marker"]) and (r["unit_id"], r["marker"]) != real[r["slot"]]]
    assert len(right) / len(rows) >= 0.95 and wrong == []
    assert sum(r["match"] == "normalised" for r in rows) > 200       # found through the designations


def test_validate_checks_a_units_csv(built, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    hsn = built["hood-strikes-north"]
    path = tmp_path / "units.csv"
    rows, _ = draft(strip_module(hsn.vmod, tmp_path / "n.vmod"), "hood-strikes-north", path)
    code, output = cli("validate", path, "--game", "sources/hood-strikes-north")
    ambiguous = [r for r in rows if r["match"] == "ambiguous"]
    assert code == 1 and len(ambiguous) == 2 and output.count("ambiguous: piece 'Wood' could be Wood;Wood (IV Corps)") == 2
    real = truth(hsn.vmod)
    settled = [dict(r, unit_id=real[r["slot"]][0], match="confirmed") if r["match"] == "ambiguous" else r for r in rows]
    write_rows(path, settled)
    assert cli("validate", path, "--game", "sources/hood-strikes-north") == (0, f"{path}: no problems found\n")
    broken = [dict(settled[0], unit_id="Nobody"), dict(settled[1], marker="fatigue-9"), dict(settled[2]), dict(settled[2])]
    write_rows(path, broken)
    code, output = cli("validate", path, "--game", "sources/hood-strikes-north")
    assert code == 1
    assert "units.csv::2:unit_id: unknown unit 'Nobody'" in output
    assert "units.csv::3:marker: unknown status marker 'fatigue-9'" in output
    assert re.search(r"units.csv::5:slot: slot '\d+' is already mapped on row 4", output)
    assert cli("validate", path)[0] == 2                                      # a units.csv needs --game
    path.write_text("piece,unit\nx,y\n", encoding="utf-8")
    code, output = cli("validate", path, "--game", "sources/hood-strikes-north")
    assert code == 2 and "missing column(s) slot, unit_id" in output and "Traceback" not in output


def write_rows(path: Path, rows: list[dict]) -> None:
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def test_map_units_keeps_a_file_a_human_may_have_corrected(built, tmp_path) -> None:
    path = tmp_path / "units.csv"
    path.write_text("kept\n", encoding="utf-8")
    code, output = cli("map-units", built["atlanta"].vmod, "--game", Path(__file__).resolve().parents[1] /
                       "sources" / "atlanta", "-o", path)
    assert code == 2 and "--force" in output and path.read_text() == "kept\n"


def test_the_view_reads_units_through_the_unit_map(built, tmp_path, monkeypatch) -> None:
    """Scenario 9's setup with every piece stripped to its name reads as the same units,
    hexes and statuses through the drafted units.csv as the original does by UnitId."""
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    itw = built["into-the-woods-shiloh"]
    stripped = strip_module(itw.vmod, tmp_path / "n.vmod")
    draft(stripped, "into-the-woods-shiloh", tmp_path / "units.csv")
    unit_map, problems = read_unit_map(tmp_path / "units.csv")
    assert problems == []
    nodes = itw.setup_nodes("The Critical Left Flank: The Mid-Morning Attack on Stuart's Brigade")
    text = encode_tree(Node("begin_save", tuple(nodes)))
    original = Views(itw.replay_text(text), itw.module, itw.game).at(0)
    community = Views(itw.replay_text(stripped_save(text)), read_module(stripped), itw.game, unit_map=unit_map)
    assert len(original.units) == 18 + 4                  # set up, and arriving (S9 Reinf)
    assert dict(community.at(0).units) == dict(original.units)
    assert community.scenario.scenario_id == "S9"
    none = Views(itw.replay_text(stripped_save(text)), read_module(stripped), itw.game)
    assert none.at(0).units == {} and none.unknown[0].subject.startswith("piece ")


def stripped_save(text: str) -> str:
    """The save with every piece ``names_only`` (its id, position and layers kept)."""
    def strip(node: Node) -> Node:
        command = parse_command(node.text)
        if isinstance(command, AddPiece) and not command.is_stack:
            piece_type, piece_state = names_only(Piece.decode(command.type, command.state)).encode()
            node = Node(AddPiece.make(command.id, piece_type, piece_state).text, node.children)
        return Node(node.text, tuple(strip(c) for c in node.children))
    return encode_tree(strip(parse_tree(text)))
