"""The classic family's numbers on Kassala's data, against the rules' own worked examples
(rules.md V, Examples of Play) and the Terrain Effects Key (Fig. 4-18), without a log.

Kassala's map terrain here is the hand-labelled truth set (tests/data/kassala-truth.csv: every
hex and hexside of the printed map, the side a wadi's hachures or a trench's barbs are drawn on),
so the examples are checked on the map as printed, whatever the digitized sheet holds.
"""
from __future__ import annotations

import csv
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import REPO
from kassala_logs import GAME, printed_crt

from gamedata import load_game, validate
from gamedata.combat import Fighter, combat_of, resolve, totals
from gamedata.conditions import MappingFacts
from gamedata.hexids import HexIds
from gamedata.load import USER_WORKBOOKS, WORKBOOKS, columns
from gamedata.model import TerrainHex, TerrainHexside
from gamedata.workbook import SheetData, read_workbook, write_workbook

TRUTH = REPO / "tests" / "data" / "kassala-truth.csv"


@pytest.fixture(scope="module")
def game():
    rows = list(csv.DictReader(TRUTH.open(encoding="utf-8")))
    hexes = tuple(TerrainHex("main", r["hex"], r["code"], sides_complete=True) for r in rows if r["sheet"] == "Hexes")
    sides = tuple(TerrainHexside("main", r["hex"], r["side"], r["code"]) for r in rows
                  if r["sheet"] == "Hexsides" and r["code"])
    return replace(load_game(GAME), terrain_hexes=hexes, terrain_hexsides=sides)


@pytest.fixture(scope="module")
def crt(game):
    (table,) = game.combat
    return combat_of(table)


BASIC = MappingFacts({"option(mixed-attacks)": False})     # the basic game (IV.C not in play)


def column(crt, attack, defend, die=1, facts=BASIC):
    reading = resolve(crt, attack, defend, (die,), facts)
    assert reading.determined
    return reading.way


@pytest.mark.parametrize("attack, defend, label", [
    (4, 2, "2-1"),              # II.E, first example: 4 to 2 is 2-1
    (5, 3, "1-1"),              # II.E, second: rounded off in favour of the defender
    (7, 2, "3-1"), (8, 4, "2-1"), (3, 2, "1-1"), (12, 4, "3-1"),     # V.C, Fig. 4-21
    (4, 6, "1-2"),              # V.D, Fig. 4-22
    (1, 5, "1-4 or less"), (2, 7, "1-4 or less"), (30, 2, "5-1 or more"), (1, 3, "1-3"),
])
def test_odds_as_the_rules_work_them(crt, attack, defend, label):
    assert column(crt, attack, defend).column == label


def test_the_chart_is_the_printed_one(crt):
    printed = printed_crt()
    for (die, col), code in printed.items():
        (cell,) = [c for c in crt.cells if c.column.split()[0] == col and c.roll.matches(die)]
        assert cell.result == code, (die, col)


def test_what_each_result_does(crt):
    de, ae, ex, c = (crt.outcome(code) for code in ("DE", "AE", "EX", "C"))
    assert de.defender.eliminated and not de.attacker.eliminated and de.advance == 1
    assert ae.attacker.eliminated and not ae.defender.eliminated and ae.advance == 0
    assert ex.exchange and ex.advance == 1 and not ex.attacker.eliminated
    assert c.contact and c.only == ("Cannon",) and c.only_as == "DE"
    cell = next(x for x in crt.cells if x.result == "DE")
    assert cell.outcome == de                  # a cell without side columns takes its code's


def fight(game, attackers, defenders):
    ids = HexIds(game.maps)
    unit = {u.unit_id: u for u in game.units}

    def side(pairs):
        return [Fighter(unit[u].name, unit[u].type, ids.parse(h), float(unit[u].strength)) for u, h in pairs]
    return totals(side(attackers), side(defenders), game.terrain_combat, game.terrain)


def test_example_b_up_across_a_wadi_into_udaka(game, crt):
    """V.B (Fig. 4-20): the Turkish infantry loses a point attacking up across the wadi, the
    Portuguese gains one in Udaka: 3 to 3, resolved at 1-1. 0204's side towards Udaka (0304) is a
    wadi hachured on 0204's side."""
    t = fight(game, [("mos-inf-turkish", "0204")], [("chr-inf-portuguese-slaves", "0304")])
    assert (t.attack, t.defend) == (3, 3) and column(crt, t.attack, t.defend).column == "1-1"
    assert len(t.notes) == 2 and not t.missing
    down = fight(game, [("chr-inf-portuguese-slaves", "0304")], [("mos-inf-turkish", "0204")])
    assert (down.attack, down.defend) == (2, 4)            # down across the wadi: no loss (II.E.9)


def test_a_trench_costs_only_from_its_barbed_side_and_never_a_cannon(game):
    """II.E.10: 0405|0406 is a trench/abatis barbed on 0405's side (the north)."""
    north = fight(game, [("mos-inf-turkish", "0405")], [("chr-inf-portuguese-slaves", "0406")])
    south = fight(game, [("chr-inf-portuguese-slaves", "0406")], [("mos-inf-turkish", "0405")])
    cannon = fight(game, [("mos-cannon-1", "0405")], [("chr-inf-portuguese-slaves", "0406")])
    assert (north.attack, south.attack, cannon.attack) == (3, 2, 1)


def test_kassala_adds_two_to_the_hex_total_once(game):
    """II.E.8: the total of all units in each Kassala hex +2 (e.g. from 4 to 6), once per hex."""
    one = fight(game, [("mos-cav-turkish", "0703")], [("chr-inf-galla-n", "0804")])
    two = fight(game, [("mos-cav-turkish", "0704")], [("chr-inf-galla-n", "0804"), ("chr-inf-galla-s", "0805")])
    assert (one.defend, two.defend) == (6, 12)


def test_movement_costs_from_the_terrain_effects_key(game):
    """II.D.5-6, II.D.12-14, II.D.15 as effects.xlsx Costs: a wadi or trench costs one more;
    cavalry never into Kassala or Udaka nor across a wadi; cannon never move; no unit off the hexes."""
    ids, terrain, effects = HexIds(game.maps), game.terrain, game.effects
    step = {cls: effects.step_cost(cls, terrain) for cls in ("Infantry", "Cavalry", "Cannon")}

    def cost(cls, a, b):
        return step[cls](ids.parse(a), ids.parse(b))
    assert (cost("Infantry", "0402", "0403"), cost("Infantry", "0403", "0404"), cost("Infantry", "0405", "0406")) \
        == (2, 1, 2)
    assert cost("Cavalry", "0405", "0406") == 2 and cost("Cavalry", "0402", "0403") is None
    assert cost("Cavalry", "0703", "0804") is None and cost("Cavalry", "0303", "0304") is None
    assert cost("Infantry", "0703", "0804") == 1 and cost("Cannon", "0303", "0403") is None
    assert cost("Infantry", "0207", "0107") is None                   # 0107: west of the river


def test_the_counter_values_are_the_authors_pieces():
    """Each unit's strength and movement are the '4-2' its piece in the author's module carries
    (units.csv maps the pieces to the units; rules I.B.5), its type the name's symbol, and its
    movement factor the one I.B.6 gives the type (cannon 0, infantry 2, cavalry 3)."""
    units = {u.unit_id: u for u in load_game(GAME).units}
    by_type = {"Cannon": 0, "Infantry": 2, "Cavalry": 3}
    rows = [r for r in csv.DictReader((GAME / "units.csv").open(encoding="utf-8")) if r["unit_id"]]
    assert {r["unit_id"] for r in rows} == set(units) and len(units) == 23     # a palette piece may map too
    for row in rows:
        side, kind, printed = row["piece"].split("_")[:3]
        strength, movement = (int(n) for n in printed.split("-"))
        unit = units[row["unit_id"]]
        assert (unit.side, unit.type, int(unit.strength), int(unit.movement)) == (side, kind, strength, movement), row
        assert movement == by_type[kind]


def test_the_folder_validates_and_no_python_names_it():
    assert validate(GAME) == []
    import subprocess
    found = subprocess.run(["git", "grep", "-il", "kassala", "--", "*.py"], cwd=REPO, capture_output=True,
                           text=True, check=True).stdout.split()
    assert found and all(p.startswith("tests/") for p in found), found


# ---------------------------------------------------------------- the formats' checks


def _rewrite(folder: Path, file: str, sheet: str, extra: list[dict]) -> None:
    specs = {**WORKBOOKS, **USER_WORKBOOKS}[file]
    book = read_workbook(folder / file)
    data = []
    for spec in specs:
        if spec.name not in book:
            continue
        rows = [dict(r.values) for r in book[spec.name].rows] + (extra if spec.name == sheet else [])
        data.append(SheetData(spec.name, columns(spec.schema), tuple(rows)))
    write_workbook(folder / file, data)


def test_bad_combat_effects_and_codes_are_named_by_cell(tmp_path):
    folder = tmp_path / "k"
    shutil.copytree(GAME, folder)
    _rewrite(folder, "effects.xlsx", "Combat", [
        {"terrain": "Swamp", "side": "defender", "per": "hex", "amount": 1},
        {"terrain": "Udaka", "side": "attacker", "per": "unit", "amount": -1, "from": "marked"},
        {"terrain": "Wadi", "side": "attacker", "per": "unit", "amount": -1, "except": "Elephant"},
    ])
    _rewrite(folder, "combat.xlsx", "Combat Codes", [
        {"table_id": "crt", "code": "DR", "only": "Cannon"},
        {"table_id": "crt", "code": "AR", "only": "Cannon", "only_as": "XX"},
    ])
    _rewrite(folder, "combat.xlsx", "Combat Results", [{"table_id": "crt", "roll": 1, "column": "1-1", "result": "D2"}])
    lines = [str(p) for p in validate(folder)]
    assert lines == [
        "combat.xlsx:Combat Codes:6:only_as: only and only_as go together",
        "combat.xlsx:Combat Codes:7:only_as: 'XX' is not a code of crt (Combat Codes)",
        "combat.xlsx:Combat Results:50:result: 'D2' is not a code of crt (Combat Codes) and the cell says nothing of "
        "what it does",
        "effects.xlsx:Combat:6:terrain: 'Swamp' is not a hex/hexside code of the system (effects.xlsx Terrain: "
        "Kassala, Off-map, Plain, Trench-Abatis, Udaka, Wadi)",
        "effects.xlsx:Combat:7:from: 'Udaka' is a hex code: 'from' applies to a hexside feature (the side it is "
        "attacked from)",
        "effects.xlsx:Combat:8:except: unknown unit type 'Elephant' (game.toml unit_types: Cannon, Cavalry, Infantry)",
    ]
