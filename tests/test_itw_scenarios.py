"""Spot checks of every Into the Woods scenario against the rulebook text.

Each expectation is read off the rulebook line cited beside it (000_c574b46a31a48b8f.txt),
not off the importer: named units at named hexes with facing, strength and status.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from gamedata.workbook import read_workbook

FOLDER = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"


@pytest.fixture(scope="module")
def sheets() -> dict:
    return read_workbook(FOLDER / "scenarios.xlsx")


def rows(sheets: dict, sheet: str, unit: str) -> list[dict]:
    return [dict(r.values) for r in sheets[sheet].rows if r.values["unit_id"] == unit]


def one(sheets: dict, sheet: str, unit: str) -> dict:
    found = rows(sheets, sheet, unit)
    assert len(found) == 1, f"{unit} in {sheet}: {found}"
    return found[0]


def status(row: dict) -> set[str]:
    return set((row.get("status") or "").split(";")) - {""}


def test_s1_union_setup(sheets) -> None:
    r = one(sheets, "S1 Setup", "US:53 OH")  # L875: S2911 53 OH 3/5 W
    assert (r["location"], r["facing"], r["orders"]) == ("S2911", "W", "Reserve")  # L790: all in Reserve
    r = one(sheets, "S1 Setup", "US:25 MO")  # L888: S3514 25 MO ( <b>8</b> ) d SW
    assert (r["location"], r["strength"], r["facing"]) == ("S3514", 8, "SW")
    assert r["orders"] is None  # L790: 1/6/T is not in Reserve
    assert one(sheets, "S1 Setup", "US:12 MI")["strength"] == 15  # L893
    assert one(sheets, "S1 Setup", "US:Myers Bty")["location"] == "S5203"  # override of L844-845
    assert "ammo-no" in status(one(sheets, "S1 Setup", "US:15 MI"))  # L910 note c (L916)
    assert one(sheets, "S1 Setup", "US:1 Bn 11 IL Cav")["location"] == "S4712"  # L908 corrected by override
    assert len(rows(sheets, "S1 Setup", "US:23 MO")) == 1  # L889 ghost rejected, L904 kept


def test_s1_confederate_setup_faces_ne_under_advance(sheets) -> None:
    r = one(sheets, "S1 Setup", "CS:2 TN@2/-/3")  # L987: S1420 2 TN 2/-/3; L982 all face NE, Advance
    assert (r["location"], r["facing"], r["orders"]) == ("S1420", "NE", "Advance")
    assert one(sheets, "S1 Setup", "CS:A.S. Johnston")["location"] == "S1333"  # L986 'AS Johnston'
    assert one(sheets, "S1 Setup", "CS:1 AL b Cav")["location"] == "S1432"  # L1055 '1 ST AL Cav b (Clanton)'


def test_s1_reinforcements(sheets) -> None:
    r = one(sheets, "S1 Reinf", "US:6 OH")  # L940: 6 PM N6420/6423 6 OH 10/4/O 3 A Fatigue 0
    assert (r["turn"], r["entry"], r["activations"], r["order"], r["fatigue"]) == (25, "N6420/N6423", "3", "A", 0)
    r = one(sheets, "S1 Reinf", "US:Tyler")  # L932: 2 PM N6401-6601, 1 in the Command column
    assert (r["turn"], r["entry"], r["activations"]) == (21, "N6401/N6501/N6601", "1")
    assert "fatigue-ok" in status(one(sheets, "S1 Reinf", "US:Wagner"))  # L960 Fatigue OK
    assert one(sheets, "S1 Reinf", "CS:13 AR")["activations"] == "1"  # L1078 Stewart Bde 1
    stephens = {r.values["unit_id"] for r in sheets["S1 Reinf"].rows if r.values["rulebook_line"] == 1083}
    assert "CS:Stephens" in stephens and "CS:1 TN Bn" not in stephens  # '(minus 1 TN Btn)'
    assert one(sheets, "S1 Reinf", "CS:1 TN Bn")["turn"] == 21  # L1094: 2 PM S6927
    statham = {r.values["unit_id"] for r in sheets["S1 Reinf"].rows if r.values["rulebook_line"] == 1088}
    assert "CS:19 TN" not in statham  # '3/-/R (minus 19 TN)'
    r = one(sheets, "S1 Reinf", "CS:47 TN")  # L1096: April 7, 6 AM S1234*
    assert (r["turn"], r["entry"]) == (29, "S1234")


def test_s1_optional_setups(sheets) -> None:
    r = one(sheets, "S1-GD Setup", "CS:Cleburne")  # L1124: placed freely in the area
    assert r["location"] is None and "S2527" in r["constraint"]
    assert "S4028" in one(sheets, "S1-TLF Setup", "CS:Cleburne")["constraint"]  # L1139
    assert one(sheets, "S1-GD Setup", "US:53 OH")["location"] == "S2911"  # Union as Scenario 1
    r = one(sheets, "S1-LW Reinf", "US:L. Wallace")  # L1149: by die roll at N3801
    assert (r["turn"], r["dr_set"], r["entry"]) == (None, "lew-wallace", "N3801")


def test_s2(sheets) -> None:
    r = one(sheets, "S2 Setup", "CS:3 MS Bn")  # L1260: S2918 3 MS Bn ( 5 ) D
    assert (r["location"], r["strength"]) == ("S2918", 5) and "disordered" in status(r)
    assert one(sheets, "S2 Setup", "CS:6 AR")["orders"] == "Attack"  # L1292 Shaver's brigade Attack
    assert one(sheets, "S2 Setup", "US:Peabody")["constraint"] == "with-formation 1/6/T"  # L1306 + L1316
    assert one(sheets, "S2 Setup", "US:12 MI")["strength"] == 16  # L1309
    assert not sheets["S2 Reinf"].rows  # L1243 'There are no reinforcements.'


def test_s3(sheets) -> None:
    r = one(sheets, "S3 Setup", "CS:6 MS")  # L1451: S2813 6 MS ( 8 ) D
    assert (r["location"], r["strength"]) == ("S2813", 8) and "disordered" in status(r)
    r = one(sheets, "S3 Setup", "CS:Jenkins Cav")  # L1494-1498 area placement
    assert r["location"] is None and r["constraint"].startswith("area S rows>=08 cols<=17 not-marsh")
    r = one(sheets, "S3 Setup", "US:53 OH")  # L1524: S2910 and S3011 (Extended Line facing SW) ( 12 )
    assert (r["location"], r["facing"], r["strength"]) == ("S2910", "SW", 12) and "extended-line" in status(r)
    r = one(sheets, "S3 Reinf", "US:25 IN")  # L1556: 9AM; N4633 Veatch, ... 25 IN; L1563 two Activations
    assert (r["turn"], r["entry"], r["activations"]) == (16, "N4633", "2")


def test_s4(sheets) -> None:
    r = one(sheets, "S4 Setup", "CS:Gladden")  # L1756 Gladden b (R); L1798 Fatigue 1 and CI
    assert r["location"] == "S4514" and {"replacement-leader", "fatigue-1", "ci"} <= status(r)
    assert one(sheets, "S4 Setup", "CS:22 AL")["strength"] == 6  # L1756
    r = one(sheets, "S4 Setup", "US:Munch Bty b")  # L1701: S4504 Munch Bty a (1), b (1)
    assert (r["location"], r["strength"]) == ("S4504", 1)
    assert "fatigue-1" in status(one(sheets, "S4 Setup", "US:18 WI"))  # L1716 Miller's brigade
    r = one(sheets, "S4 Reinf", "CS:154 TN")  # L1814: 4 PM Polk composite, 154 TN (7); L1825 Fatigue 1
    assert (r["turn"], r["strength"], r["activations"]) == (23, 7, "2") and "fatigue-1" in status(r)
    assert one(sheets, "S4 Reinf", "CS:Ketchum Bty b")["strength"] == 2  # L1824 two-gun battery
    assert one(sheets, "S4 Reinf", "US:Lexington")["activations"] == "2"  # L1731


def test_s5(sheets) -> None:
    assert {"fatigue-1", "ci"} <= status(one(sheets, "S5 Setup", "US:18 MO"))  # L1985 Miller bc
    r = one(sheets, "S5 Setup", "US:17 IL")  # L1918 Raith a (R), 17 IL (6); L1995 Fatigue 0
    assert (r["location"], r["strength"]) == ("N3429", 6) and "fatigue-0" in status(r)
    assert one(sheets, "S5 Setup", "US:8 IL")["location"] == "N4132"  # L1927 (empty command)
    assert one(sheets, "S5 Reinf", "US:Buell")["turn"] == 21  # S1 chart from 11 AM (L1900)
    assert not rows(sheets, "S5 Reinf", "US:Bouton Bty")  # 8 AM arrival precedes the scenario


def test_s6(sheets) -> None:
    r = one(sheets, "S6 Setup", "US:13 MO")  # L2235-2236: 2/2/T (attached to McDowell
    assert r["location"] == "N3426" and "attached to McDowell" in r["notes"]
    assert "fatigue-0" in status(r)  # L2253 all US brigades Fatigue 0
    assert "fatigue-1" in status(one(sheets, "S6 Setup", "CS:9 TX"))  # L2279 Anderson b; L2294
    assert one(sheets, "S6 Setup", "CS:Beauregard")["location"] == "S2804"  # L2263


def test_s7(sheets) -> None:
    r = one(sheets, "S7 Setup", "CS:MS & AL Cav")  # L2375 '... MS & AL Ca' + 'v'
    assert r["constraint"] == "within 2 of N4723"
    r = one(sheets, "S7 Setup", "US:25 KY")  # L2453 '25 KY (3' TAB ') 3/4/T'; L2480-2481
    assert (r["location"], r["strength"]) == ("N5621", 3) and {"fatigue-2", "ci"} <= status(r)
    assert one(sheets, "S7 Setup", "CS:Clark")["constraint"] == "free"  # L2366
    r = one(sheets, "S7 Reinf", "CS:Adams b Cav")  # L2404: 6PM; N5033
    assert (r["turn"], r["entry"]) == (25, "N5033")


def test_s8(sheets) -> None:
    assert one(sheets, "S8 Setup", "US:Grant")["location"] == "N5518"  # L2757-2758 by override
    r = one(sheets, "S8 Setup", "US:1 OH")  # L2847: N5721, N5821 1 OH Extended Column
    assert r["location"] == "N5721" and "extended-column" in status(r)
    assert "ci" in status(one(sheets, "S8 Setup", "US:71 OH"))  # L2817 Stuart a; L2857
    r = one(sheets, "S8 Reinf", "US:2 IA")  # L2523: N5411 Tuttle, 2 IA (9), conditional (L2518)
    assert (r["entry"], r["strength"], r["turn"]) == ("N5411", 9, None)
    assert one(sheets, "S8 Reinf", "US:Kirk")["turn"] == 29  # S1 chart L957: April 7 6 AM
    assert one(sheets, "S8 Setup", "CS:22 TN")["strength"] == 14  # L2867


def test_s8_day_two_variant(sheets) -> None:
    r = one(sheets, "S8-D2V Setup", "CS:22 TN")  # L2993: free deployment
    assert r["location"] is None and "Nxx17" in r["constraint"]
    assert one(sheets, "S8-D2V Setup", "US:Grant")["location"] == "N5518"  # L3004: Union as historical


def test_s9(sheets) -> None:
    assert one(sheets, "S9 Setup", "US:Det D")["strength"] == 2  # L3110 + L3025 2 SP detachment
    assert one(sheets, "S9 Setup", "US:54 OH")["strength"] == 10  # L3109
    assert "fatigue-ok" in status(one(sheets, "S9 Setup", "CS:5 MS"))  # L3131 Chalmers a; L3144
    r = one(sheets, "S9 Reinf", "US:50 IL")  # L3117-3118: 11 AM; S5310 and/or S5410
    assert (r["turn"], r["entry"]) == (18, "S5310/S5410")


def test_s10(sheets) -> None:
    assert one(sheets, "S10 Setup", "CS:1 AL b Cav")["location"] == "S3124"  # L3390 by override
    assert one(sheets, "S10 Setup", "CS:7 MS")["constraint"] == "either S2728 S2828"  # L3397
    assert not rows(sheets, "S10 Setup", "US:15 MI")  # L3293 enters as a reinforcement
    assert not rows(sheets, "S10 Setup", "US:Det A")  # L3294 detachments not used
    r = one(sheets, "S10 Setup", "US:12 MI")  # L3294 Peabody's regiments at full strength
    assert (r["location"], r["strength"]) == ("S3715", None)
    reserve = {r.values["unit_id"] for r in sheets["S10 Reinf"].rows if r.values["rulebook_line"] == 3430}
    assert "CS:Bowen" in reserve and "CS:19 TN" not in reserve  # 'Reserve Corps (minus 19 TN)'
    assert one(sheets, "S10 Reinf", "CS:19 TN")["turn"] == 8  # L3435: April 5, 2 PM
    assert one(sheets, "S10 Reinf", "US:Lexington")["entry"] == "N6420/N6423"  # L3304 as printed


def test_s8_confederate_ad_hoc_command_and_bivouac(sheets) -> None:
    r = one(sheets, "S8 Setup", "CS:6 MS")  # L2674 bivouac (Cleburne), L2652 Advance Orders
    assert r["orders"] == "Advance" and "in bivouac" in r["notes"] and "Polk's corps" in r["notes"]
    assert "Breckinridge's corps" in one(sheets, "S8 Setup", "CS:2 TN@2/-/3")["notes"]  # L2603 '2 TN (from Cleburne)'
    assert "Hardee's corps" in one(sheets, "S8 Setup", "CS:2 TN@1/2/1")["notes"]  # L2616 Johnson's 2 TN
    notes = one(sheets, "S8 Setup", "CS:12 TN")["notes"]  # listed under Russell (L2587) and Gibson (L2597)
    assert "Bragg's corps" in notes and "Polk's corps" in notes
