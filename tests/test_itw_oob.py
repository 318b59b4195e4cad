"""The Into the Woods OOB derived from the tables: one counter per unit, commands as printed, nothing invented."""
from __future__ import annotations

from pathlib import Path

import pytest

from gamedata.importers.into_the_woods.names import CSA, UNION, variants
from gamedata.workbook import read_workbook

FOLDER = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"


@pytest.fixture(scope="module")
def oob() -> dict:
    book = read_workbook(FOLDER / "oob.xlsx")
    return {"units": {r.values["unit_id"]: dict(r.values) for r in book["Units"].rows},
            "formations": {r.values["formation_id"]: dict(r.values) for r in book["Formations"].rows}}


def test_no_printed_variant_survives_as_its_own_counter(oob) -> None:
    names = {(u["side"], u["name"]) for u in oob["units"].values()}
    for side in (UNION, CSA):
        for printed, canonical in variants(side).items():
            if (printed,) != canonical:
                assert (side, printed) not in names, printed


def test_counter_values_are_never_invented(oob) -> None:
    for unit in oob["units"].values():
        assert unit["strength"] is None and unit["morale"] is None and unit["ratings"] is None, unit["unit_id"]


def test_cavalry_halves_and_battery_sections(oob) -> None:
    units = oob["units"]
    for pair in ("1 MS", "1 AL", "8 TX", "Adams", "3 TN"):  # BB 14.51 "a" and "b" counters
        assert f"CS:{pair} a Cav" in units and f"CS:{pair} b Cav" in units
        assert f"CS:{pair} Cav" not in units
    assert {"US:Munch Bty a", "US:Munch Bty b"} <= set(units) and "US:Munch Bty" not in units  # L1701


def test_commands_and_chain_of_command(oob) -> None:
    units, formations = oob["units"], oob["formations"]
    assert units["US:Veatch"]["command"] == "2/4/T" and "L1556" in units["US:Veatch"]["notes"]  # S3 prints 1/4
    assert units["CS:Jenkins Cav"]["command"] == "1/2"  # 1/1/2 only at L2048
    assert units["US:Rousseau"]["command"] == "4/2/O"  # L955 'Rousseau, 4/2/O'
    assert units["CS:2 TN@2/-/3"]["command"] == "2/-/3" and units["CS:2 TN@1/2/1"]["command"] == "1/2/1"
    assert formations["2/-/3"]["parent"] == "3 Corps"  # Cleburne: no division (digest 1.9)
    assert formations["1/-/R"]["parent"] == "R Corps"
    assert formations["3/1/T"]["parent"] == "1/T" and formations["1/T"]["parent"] == "AoT"
    assert formations["AoM"]["leader"] == "CS:A.S. Johnston"
    for formation in formations.values():
        if formation["leader"]:
            assert units[formation["leader"]]["type"] == "Ldr"
