"""rules.xlsx: the rulebooks' numbers the rule checks read, loaded with the game and checked
like every workbook (a bad cell is named file:sheet:row:column)."""
from __future__ import annotations

import shutil
from pathlib import Path

from gamedata import load_game
from gamedata.load import USER_WORKBOOKS, columns
from gamedata.ruledata import cell, parameter
from gamedata.validate import validate
from gamedata.workbook import SheetData, read_workbook, write_workbook

SOURCES = Path(__file__).resolve().parents[1] / "sources"


def test_the_numbers_of_each_game_with_their_rule():
    itw = load_game(SOURCES / "into-the-woods-shiloh")
    assert [parameter(itw, k) for k in ("resupply.target", "resupply.road-drm", "resupply.lane-drm",
                                        "resupply.union-drm", "resupply.camp-target", "bridge-clear")] == [
        4, -2, -1, 3, 2, 4]                                              # 10.92 L385-399; 9.44 L315
    assert parameter(itw, "supply-source.Confederate") is None           # the intersection's hex is not given
    assert str(cell(itw, "supply-source.Confederate")) == "rules.xlsx:Parameters:7:value (supply-source.Confederate)"
    rss = load_game(SOURCES / "cwb-regimental")
    assert {r.leader: r.range for r in rss.command_ranges} == {"level:corps": 12, "level:division": 8,
                                                               "level:brigade": 6}   # 10.5a L63-67
    assert [parameter(rss, k) for k in ("resupply.enemy-distance", "resupply.wagon-distance")] == [4, 2]   # 28.4
    hsn = load_game(SOURCES / "hood-strikes-north")
    schofield = [(r.members, r.of, r.limit) for r in hsn.activation_rules if r.leader == "Schofield"]
    assert schofield == [("USA IV;USA XXIII", "Inf", 5), ("type:Wag", "Wag", 3)]   # 5.2 L148


def _rewrite(folder: Path, sheet: str, row: int, **values: object) -> None:
    book = read_workbook(folder / "rules.xlsx")
    out = []
    for spec in USER_WORKBOOKS["rules.xlsx"]:
        rows = [dict(r.values) for r in book[spec.name].rows] if spec.name in book else []
        if spec.name == sheet:
            rows[row - 2].update(values)
        out.append(SheetData(spec.name, columns(spec.schema), tuple(rows)))
    write_workbook(folder / "rules.xlsx", out)


def test_a_misspelt_leader_formation_or_number_is_named_by_its_cell(tmp_path):
    folder = tmp_path / "hood-strikes-north"
    shutil.copytree(SOURCES / "hood-strikes-north", folder)
    _rewrite(folder, "Activation", 2, leader="Scofield", members="USA IV;USA V", limit="five")
    assert sorted(map(str, validate(folder))) == [
        "rules.xlsx:Activation:2:leader: unknown leader 'Scofield'",
        "rules.xlsx:Activation:2:limit: 'five' is not a whole number",
        "rules.xlsx:Activation:2:members: unknown member (unit, formation or type:<unit type>) 'USA V'",
    ]


def test_a_range_with_an_unknown_class_or_phase(tmp_path):
    folder = tmp_path / "into-the-woods-shiloh"
    shutil.copytree(SOURCES / "into-the-woods-shiloh", folder)
    _rewrite(folder, "Ranges", 2, move="command-corps", phase="Division Order")
    assert sorted(map(str, validate(folder))) == [
        "rules.xlsx:Ranges:2:move: unknown movement class (effects.xlsx Moves, or hexes) 'command-corps'",
        "rules.xlsx:Ranges:2:phase: unknown phase (game.toml phases) 'Division Order'",
    ]
