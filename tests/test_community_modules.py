"""Community modules: counter values drafted from a module's pieces into the player's layer
(`adjutant counter-values`, issue 19.3), and pieces matched to units with care across sides,
classes and games (`map-units`, `validate units.csv`, issue 21.4).

Oracles: Kassala's rules (rules.md: "combat strengths range from a low of 1 (for cannon) to a
high of 4"; "the movement factor is 0 for cannon (which can't move), 2 for infantry, and 3 for
cavalry units"), the values our own modules were built from, the order of battle's sides and
types, and the Napoleonic module's own properties (its Marsh is `Type` Terrain, its Grant of
`Side` Allies).
"""
from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import CORPUS, REPO
from kassala_module import KASSALA, zip_module
from viewlogs import build, strip_module

from adjutant.cli import main
from builder.module import build_module
from gamedata import load_game, validate
from gamedata.folder import WORKBOOKS, columns
from gamedata.systems import UNIT_ID
from gamedata.workbook import SheetData, read_workbook, write_workbook
from referee.view.countervalues import parse_reading, read_values
from referee.view.palette import SlotInfo, slots
from vassal.module import PieceSlotInfo, read_module
from vassal.piece import Piece
from vassal.traits import BasicPiece, Labeler, Layer

ITW = REPO / "sources" / "into-the-woods-shiloh"
CCN = CORPUS / "ccnapoleonics" / "dist" / "buildFile.xml"
RULES_MOVEMENT = {"Cannon": 0, "Infantry": 2, "Cavalry": 3}      # rules.md B.4


def cli(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


def write_csv(path: Path, rows: list[dict]) -> None:
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


# ---------------------------------------------------------------- Kassala's counters


@pytest.fixture(scope="module")
def kassala(tmp_path_factory) -> tuple[Path, Path, Path]:
    """The author's module, a game folder whose order of battle has one unit per counter (the
    names are ours: the rules name none) and the units.csv a player would confirm."""
    out = tmp_path_factory.mktemp("kassala")
    vmod = zip_module(out / "Kassala.vmod")
    folder = out / "kassala"
    folder.mkdir()
    (folder / "game.toml").write_text('id = "kassala"\nname = "Kassala"\nsystem = "classic"\nrulebook = "rules.md"\n'
                                      'sides = ["Moslem", "Christian"]\n[[maps]]\nid = "main"\nname = "Kassala"\n'
                                      'prefix = ""\nid_format = "CCRR"\ncolumns = [1, 8]\nrows = [1, 8]\n'
                                      'shifted_columns = "odd"\n', encoding="utf-8")
    units, mapping = [], []
    for n, s in enumerate(slots(read_module(vmod)), start=1):
        side, kind = s.name.split("_")[:2]
        units.append({"unit_id": f"K{n:02d}", "side": side, "name": f"{side} {kind} {n}", "type": kind})
        mapping.append({"slot": s.slot.gpid, "piece": s.name, "unit_id": f"K{n:02d}", "match": "confirmed"})
    for file, specs in WORKBOOKS.items():                   # the rules give no set-up we need here
        write_workbook(folder / file, [SheetData(s.name, columns(s.schema), tuple(units) if s.name == "Units" else ())
                                       for s in specs])
    write_csv(out / "units.csv", mapping)
    return vmod, folder, out / "units.csv"


def test_kassalas_counter_values_are_drafted_from_its_image_names(kassala, tmp_path):
    vmod, source, units = kassala
    folder = tmp_path / "kassala"
    shutil.copytree(source, folder)
    result = cli("counter-values", vmod, "--game", folder, "--units", units)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Kassala.vmod: values for 36 units from 36 pieces (numbers read as strength-movement)",
        "player/oob.xlsx: 36 units drafted, not reviewed: check each value against the counters, then set reviewed "
        "to TRUE"]
    game = load_game(folder)
    kinds = {u.unit_id: u.type for u in game.units}
    assert {u.unit_id: u.movement for u in game.units} == {uid: RULES_MOVEMENT[k] for uid, k in kinds.items()}
    assert all(1 <= int(u.strength) <= 4 for u in game.units)
    assert {u.strength for u in game.units if u.type == "Cannon"} == {"1"}
    drafted = read_workbook(folder / "player" / "oob.xlsx")["Units"].rows
    turkish = next(r for r in drafted if r.get("unit_id") == "K08")
    assert turkish.get("source") == ("Kassala.vmod: strength 4, movement 2 from piece 'Moslem_Infantry_4-2_Turkish' "
                                     "read as strength-movement")
    assert turkish.get("reviewed") is None
    warnings = [p for p in validate(folder) if not p.is_error]
    assert [str(p) for p in warnings] == [
        "player/oob.xlsx:Units:2:reviewed: warning: 36 drafted row(s) not reviewed (rows 2-37): check each value "
        "against your counters or charts, then set reviewed to TRUE"]
    again = cli("counter-values", vmod, "--game", folder, "--units", units)
    assert again.output.splitlines()[-1] == ("player/oob.xlsx: 0 units drafted, not reviewed; 36 units already "
                                             "there, left as they are: check each value against the counters, then "
                                             "set reviewed to TRUE")


def test_pieces_of_one_unit_that_disagree_give_it_no_value(kassala, tmp_path):
    vmod, source, units = kassala
    folder = tmp_path / "kassala"
    shutil.copytree(source, folder)
    with units.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    nubian = next(r for r in rows if r["piece"] == "Moslem_Infantry_3-2_Nubian")
    turkish = next(r for r in rows if r["piece"] == "Moslem_Infantry_4-2_Turkish")
    turkish["unit_id"] = nubian["unit_id"]                      # a mapping slip: two counters, one unit
    write_csv(tmp_path / "units.csv", rows)
    result = cli("counter-values", vmod, "--game", folder, "--units", tmp_path / "units.csv")
    assert result.output.splitlines()[1:3] == [
        "1 the pieces disagree (no value drafted):",
        f"  {nubian['unit_id']} strength: the pieces disagree: 3 (piece 'Moslem_Infantry_3-2_Nubian' read as "
        "strength-movement), 4 (piece 'Moslem_Infantry_4-2_Turkish' read as strength-movement)"]
    unit = load_game(folder).unit(nubian["unit_id"])
    assert (unit.strength, unit.movement) == ("", 2)           # the movement both say is kept


def test_without_knowing_which_piece_is_which_unit_nothing_is_taken(kassala, tmp_path):
    vmod, source, _ = kassala
    folder = tmp_path / "kassala"
    shutil.copytree(source, folder)
    result = cli("counter-values", vmod, "--game", folder)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == ["Kassala.vmod: values for 0 units from 36 pieces (numbers read as strength-movement)",
                         "36 pieces with values but no unit (map them in units.csv):",
                         "  'Moslem_Cannon_1-0' (slot 53): strength 1, movement 0"]
    assert not (folder / "player").exists()


def test_a_reading_that_names_no_value_is_refused(kassala):
    vmod, folder, units = kassala
    result = cli("counter-values", vmod, "--game", folder, "--units", units, "--reading", "attack-speed")
    assert result.exit_code == 2
    assert result.output == ("error: reading 'attack-speed': give two or more of strength, movement, manpower, morale "
                             "or x (skip), joined by dashes, in the order the counter prints them\n")


def slot(name: str, *traits, image: str = "", **properties: str) -> SlotInfo:
    return SlotInfo(PieceSlotInfo("1", name, "", ("Pieces",)), name, properties,
                    Piece((*traits, BasicPiece(name=name, image=image))))


@pytest.mark.parametrize(("info", "values", "unread"), [
    (slot("Hood", Strength="5", MF="3", Steps="2"),                   # Steps: hits it can take, no value
     {("strength", 5, "property Strength=5"), ("movement", 3, "property MF=3")}, []),
    (slot("Law", Labeler(label="6-4")), {("strength", 6, "label '6-4' read as strength-movement"),
                                         ("movement", 4, "label '6-4' read as strength-movement")}, []),
    (slot("Gist", Layer(images=("", ""), level_names=("", "Fresh 7-4"))),
     {("strength", 7, "layer level 'Fresh 7-4' read as strength-movement"),
      ("movement", 4, "layer level 'Fresh 7-4' read as strength-movement")}, []),
    (slot("Gregg", image="CS_Inf_5-2.png", CF="abc"),
     {("strength", 5, "image 'CS_Inf_5-2.png' read as strength-movement"),
      ("movement", 2, "image 'CS_Inf_5-2.png' read as strength-movement")}, ["property CF='abc' is not a number"]),
    (slot("Polk", Layer(images=("Inf_2-2.png",), level_names=("Reduced",)), image="Inf_4-2.png"),   # flip side
     {("strength", 4, "image 'Inf_4-2.png' read as strength-movement"),
      ("movement", 2, "image 'Inf_4-2.png' read as strength-movement")}, []),
    (slot("Bate 4-3-6"), set(), ["piece 'Bate 4-3-6': 4-3-6 has 3 numbers, the reading strength-movement 2"]),
    (slot("Cleburne", image="Cleburne_v1-2.png"), set(), []),          # numbers inside a word are no values
])
def test_values_are_read_from_properties_labels_layers_and_images(info, values, unread):
    found, said = read_values(info, parse_reading("strength-movement"))
    assert {(v.column, v.value, v.source) for v in found} == values
    assert said == unread


# ---------------------------------------------------------------- our own modules, stripped


@pytest.fixture(scope="module")
def itw_valued(tmp_path_factory) -> tuple[Path, dict[str, int]]:
    """Into the Woods built with counter strengths in its player's layer: each unit's first printed
    set-up strength (scenarios.xlsx), as a player who read them off the counters would give."""
    out = tmp_path_factory.mktemp("itw-valued")
    folder = out / "into-the-woods-shiloh"
    shutil.copytree(ITW, folder)
    strengths: dict[str, int] = {}
    for scenario in load_game(ITW).scenarios:
        for row in scenario.setup:
            if row.strength:
                strengths.setdefault(row.unit_id, int(row.strength))
    write_workbook(folder / "player" / "oob.xlsx", [SheetData("Units", ("unit_id", "strength"), tuple(
        {"unit_id": uid, "strength": s} for uid, s in strengths.items()))])
    return build_module(folder, out).path, strengths


def test_our_module_stripped_of_ids_gives_back_the_strengths_it_was_built_with(itw_valued, tmp_path):
    vmod, strengths = itw_valued
    stripped = strip_module(vmod, tmp_path / "names-only.vmod")
    assert not any(UNIT_ID in s.properties for s in slots(read_module(stripped)))
    folder = tmp_path / "into-the-woods-shiloh"
    shutil.copytree(ITW, folder)
    result = cli("counter-values", stripped, "--game", folder)
    assert result.exit_code == 0, result.output
    assert "looks like another game's" not in result.output
    drafted = {r.get("unit_id"): r.get("strength") for r in read_workbook(folder / "player" / "oob.xlsx")["Units"].rows}
    assert drafted == strengths                     # every unit with a printed strength, each its own
    assert len(drafted) >= 0.95 * len(strengths)
    assert "from property Strength=" in read_workbook(folder / "player" / "oob.xlsx")["Units"].rows[0].get("source")


# ---------------------------------------------------------------- matches across sides, classes and games


def test_a_napoleonic_module_matches_no_into_the_woods_unit(tmp_path):
    result = cli("map-units", CCN, "--game", ITW, "-o", tmp_path / "units.csv")
    assert result.exit_code == 0
    assert ("warning: the module 'Commands & Colors: Napoleonics V4.2' looks like another game's: 0 of 447 pieces "
            "(0%) match a unit of Into the Woods: The Battle of Shiloh") in result.output
    assert "'Marsh' (slot 339, Terrain > Terrain > Waterway): named like US:Marsh but a terrain piece, not a unit" \
        in result.output
    assert "named like US:Grant but its side 'Allies' is not a side of Into the Woods" in result.output
    with (tmp_path / "units.csv").open(encoding="utf-8") as f:
        assert [r for r in csv.DictReader(f) if r["unit_id"]] == []
    folder = tmp_path / "into-the-woods-shiloh"
    shutil.copytree(ITW, folder)
    values = cli("counter-values", CCN, "--game", folder)                  # nothing of it is taken either
    assert values.exit_code == 0, values.output
    assert values.output.splitlines()[:2] == [
        "warning: the module 'Commands & Colors: Napoleonics V4.2' looks like another game's: 0 of 447 pieces (0%) "
        f"match a unit of Into the Woods: The Battle of Shiloh: is it a module of another game? (--game {folder})",
        "buildFile.xml: values for 0 units from 447 pieces (numbers read as strength-movement)"]
    assert not (folder / "player").exists()


@pytest.fixture(scope="module")
def itw(tmp_path_factory):
    return build("into-the-woods-shiloh", tmp_path_factory.mktemp("itw-community"))


def test_a_leader_of_other_initials_or_a_piece_of_the_other_side_is_no_match(itw, tmp_path):
    renames = {"A.S. Johnston": "J. E. Johnston", "Marsh": "Withers"}     # a Union piece named like a rebel
    renamed = strip_module(itw.vmod, tmp_path / "community.vmod", lambda n: renames.get(n, n))
    result = cli("map-units", renamed, "--game", ITW, "-o", tmp_path / "units.csv")
    assert result.exit_code == 0, result.output
    with (tmp_path / "units.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    (johnston,) = [r for r in rows if r["piece"] == "J. E. Johnston"]
    assert (johnston["unit_id"], johnston["match"]) == ("", "none")
    (union,) = [r for r in rows if r["piece"] == "Withers" and "> Union >" in r["palette"]]
    assert (union["unit_id"], union["match"]) == ("", "none")
    assert "named like CS:Withers but it is a Union piece" in result.output
    (rebel,) = [r for r in rows if r["piece"] == "Withers" and "> Confederate >" in r["palette"]]
    assert (rebel["unit_id"], rebel["match"]) == ("CS:Withers", "exact")


def test_validate_checks_each_pieces_side_and_type(itw, tmp_path):
    stripped = strip_module(itw.vmod, tmp_path / "names-only.vmod")
    truth = {s.slot.gpid: s.properties.get(UNIT_ID, "") for s in slots(read_module(itw.vmod))}
    rows = [{"slot": s.slot.gpid, "piece": s.name, "unit_id": truth[s.slot.gpid], "marker": "", "match": "confirmed",
             "candidates": "", "palette": s.path} for s in slots(read_module(stripped)) if truth[s.slot.gpid]]
    path = tmp_path / "units.csv"
    write_csv(path, rows)
    assert cli("validate", path, "--game", ITW).stdout == f"{path}: no problems found\n"   # the truth passes
    game = load_game(ITW)
    union = next(i for i, r in enumerate(rows) if game.unit(r["unit_id"]).side == "Union"
                 and "Union" in r["palette"] and game.unit(r["unit_id"]).type == "Inf")
    cavalry = next(i for i, r in enumerate(rows) if r["piece"].endswith("Cav"))
    rebel = next(r["unit_id"] for r in rows if game.unit(r["unit_id"]).side == "Confederate"
                 and game.unit(r["unit_id"]).type == "Inf")
    infantry = next(r["unit_id"] for r in rows if game.unit(r["unit_id"]).type == "Inf")
    rows[union] = dict(rows[union], unit_id=rebel)
    rows[cavalry] = dict(rows[cavalry], unit_id=infantry)
    write_csv(path, rows)
    result = cli("validate", path, "--game", ITW)
    assert result.exit_code == 1
    assert sorted(result.stdout.splitlines()) == sorted([
        f"units.csv::{union + 2}:unit_id: piece '{rows[union]['piece']}' is a Union piece ({rows[union]['palette']}); "
        f"{rebel} is Confederate",
        f"units.csv::{cavalry + 2}:unit_id: piece '{rows[cavalry]['piece']}' is named as cavalry; {infantry} is of "
        f"type Inf (infantry)"])
