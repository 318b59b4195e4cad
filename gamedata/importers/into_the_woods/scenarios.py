"""The ten scenarios and the optional setups, and the rows the rules text implies.

Several scenarios reuse another's lists: Scenario 10's Union setup is "the April
6th 6 AM Union setup positions" minus named units (L3292-3294), Scenarios 5, 7
and 8 take their reinforcements from the Scenario 1 charts by time, and the 30.11
optional setups and the Day Two Variant re-place the Confederates freely. Each
derived row keeps the rulebook line of the row it copies and says why it is there.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from gamedata.importers.into_the_woods.oob import Oob, expand
from gamedata.importers.into_the_woods.records import Record, with_changes
from gamedata.importers.into_the_woods.specs import CSA, UNION


@dataclass(frozen=True)
class ScenarioDef:
    scenario_id: str
    name: str
    section: str
    rulebook_line: int
    start: tuple[str, str]
    end: tuple[str, str]
    maps: str
    notes: str = ""


APR5, APR6, APR7 = "1862-04-05", "1862-04-06", "1862-04-07"

SCENARIOS: tuple[ScenarioDef, ...] = (
    ScenarioDef("S1", "Shiloh: Bloody April - Historical April 6th Battle", "30.1", 661, (APR6, "6 AM"),
                (APR6, "6 PM"), "N S", "Extended game ends after the 3 PM turn of April 7th (L778)."),
    ScenarioDef("S1-GD", "A Grand Design (optional setup)", "30.11", 1112, (APR6, "6 AM"), (APR6, "6 PM"), "N S",
                "As Scenario 1; no Continuous Line; CSA 6 AM troops placed freely in the area of L1124-1127; "
                "suggested balance: shift victory conditions except CSA Strategic one level toward the Union "
                "(L1118)."),
    ScenarioDef("S1-TLF", "Turn the Left Flank (optional setup)", "30.11", 1129, (APR6, "6 AM"), (APR6, "6 PM"),
                "N S", "As A Grand Design with the setup area of L1137-1141."),
    ScenarioDef("S1-LW", "Lew Wallace Variable Reinforcement (optional rule)", "30.11", 1145, (APR6, "6 AM"),
                (APR6, "6 PM"), "N S", "As Scenario 1; Lew Wallace's division enters by die roll (table "
                "lew-wallace, L1149-1160)."),
    ScenarioDef("S2", "Sound the Long Roll", "30.2", 1166, (APR6, "8 AM"), (APR6, "9 AM"), "S",
                "Small Scenario 2 map; the map edge is the boundary (L1192)."),
    ScenarioDef("S3", "The Morning Action Around Shiloh Church", "30.3", 1323, (APR6, "8 AM"), (APR6, "11 AM"),
                "S", "South map, bounded (L1367-1373)."),
    ScenarioDef("S4", "The Hornets' Nest", "30.4", 1571, (APR6, "11 AM"), (APR6, "6 PM"), "S N",
                "Progressive boundary (L1598-1606)."),
    ScenarioDef("S5", "The Road to Pittsburg Landing", "30.5", 1832, (APR6, "11 AM"), (APR6, "6 PM"), "N S",
                "Reinforcements as Scenario 1 from 11 AM (L1900); the Confederates start with a 4 VP advantage."),
    ScenarioDef("S6", "The Sherman/McClernand Counterattack", "30.6", 2109, (APR6, "12 PM"), (APR6, "1 PM"),
                "N S", "Small Scenario 6 map; the map edge is the boundary (L2194). No reinforcements (L2128)."),
    ScenarioDef("S7", "The Final Confederate Attack", "30.7", 2302, (APR6, "6 PM"), (APR6, "7-8 PM"), "N",
                "Union reinforcements per the Scenario 1 chart (L2327)."),
    ScenarioDef("S8", "The Second Day", "30.8", 2491, (APR7, "6 AM"), (APR7, "5 PM"), "N S",
                "April 7th reinforcements per the Scenario 1 charts (L2505); 2nd and 6th Divisions set up only "
                "when triggered (L2518)."),
    ScenarioDef("S8-D2V", "A Day Two Variant", "30.8", 2969, (APR7, "6 AM"), (APR7, "5 PM"), "N S",
                "Historical Day 2 with normal CSA command structure, free CSA deployment (L2993-2998); the "
                "Union starts with 5 VP (L2989)."),
    ScenarioDef("S9", "The Critical Left Flank: The Mid-Morning Attack on Stuart's Brigade", "30.9", 3010,
                (APR6, "11 AM"), (APR6, "12 PM"), "S", "South map: rows Sxx10-Sxx23, columns S51xx-S63xx "
                "inclusive (L3053-3056)."),
    ScenarioDef("S10", "Johnston Has His Way", "31.0", 3152, (APR5, "7 AM"), (APR5, "6 PM"), "N S",
                "Extended April 5th-6th game has no stated end turn (L3239). Lew Wallace enters by the 30.11 "
                "variable entry rule (L3304)."),
)

GRAND_DESIGN = ("area S east-limit S1020-S2527-S2534: between the west and south map edges and the line hex "
                "S1020 southeast diagonally to S2527, then south to S2534, inclusive (L1124-1126)")
LEFT_FLANK = ("area S east-limit S1020-S2628-S4028-S4034: between the map edges and the line hex S1020 southeast "
              "diagonally to S2628, east to S4028 (no units north of row Sxx28), then south to S4034, inclusive "
              "(L1137-1140)")
DAY_TWO = ("area N S: anywhere except north of row Nxx29 (exclusive) and east of column 38xx (exclusive) at the same "
           "time; not north of row Nxx17 (L2993-2998)")
S10_NOT_AT_START = ("15 MI", "18 WI", "15 IA", "16 IA", "23 MO", "Det A", "Det B", "Det C")
LEW_WALLACE = "3/T"


@dataclass
class Lists:
    """The setup and reinforcement records of every scenario, by scenario id."""

    setup: dict[str, list[Record]]
    reinf: dict[str, list[Record]]


def derive(lists: Lists, oob: Oob, turns: Mapping[tuple[str, str], int]) -> None:
    """Add the scenarios and rows the rules text defines by reference to other lists."""
    units = oob.by_id()

    def side(record: Record) -> str:
        return units[str(record["unit_id"])].side

    def between(scenario: str, keep: Callable[[Record], bool]) -> list[Record]:
        d = next(s for s in SCENARIOS if s.scenario_id == scenario)
        first, last = turns[d.start], turns[d.end]
        return [r for r in lists.reinf["S1"] if first <= int(str(r["turn"])) <= last and keep(r)]

    s1_union = [r for r in lists.setup["S1"] if side(r) == UNION]
    s1_csa = [r for r in lists.setup["S1"] if side(r) == CSA]
    for scenario, area, line in (("S1-GD", GRAND_DESIGN, 1127), ("S1-TLF", LEFT_FLANK, 1141)):
        lists.setup[scenario] = s1_union + [
            with_changes(r, location=None, constraint=area, facing=None, orders="Advance or Attack",
                         notes=[f"free placement (BB 30.11, L{line}); Scenario 1 position was {r['location']}"])
            for r in s1_csa]
        lists.reinf[scenario] = [with_changes(r) for r in lists.reinf["S1"]]
    lists.setup["S1-LW"] = [with_changes(r) for r in lists.setup["S1"]]
    wallace = {u.unit_id for u in expand(oob, UNION, LEW_WALLACE, ())}
    lists.reinf["S1-LW"] = [with_changes(r) for r in lists.reinf["S1"] if r["unit_id"] not in wallace]
    lists.reinf["S1-LW"] += _wallace_rows(oob)
    lists.reinf["S5"] = [with_changes(r, notes=list(r["notes"]) + ["Scenario 1 chart from 11 AM (L1900)"])
                         for r in between("S5", lambda r: True)]
    lists.reinf["S7"] = [with_changes(r, notes=list(r["notes"]) + ["Scenario 1 Union chart (L2327)"])
                         for r in between("S7", lambda r: side(r) == UNION)] + lists.reinf.get("S7", [])
    lists.reinf["S8"] = [with_changes(r, notes=list(r["notes"]) + ["Scenario 1 charts, April 7th (L2505)"])
                         for r in between("S8", lambda r: True)] + lists.reinf.get("S8", [])
    lists.setup["S8-D2V"] = [r if side(r) == UNION else with_changes(
        r, location=None, constraint=DAY_TWO, facing=None,
        notes=list(r["notes"]) + [f"free deployment (L2993); historical position {r['location']}"])
        for r in lists.setup["S8"]]
    lists.reinf["S8-D2V"] = [with_changes(r) for r in lists.reinf["S8"]]
    lists.setup["S10"] = [with_changes(r, strength=None if units[str(r["unit_id"])].command == "1/6/T"
                                       else r["strength"], orders=None,
                                       notes=list(r["notes"]) + ["April 6th 6 AM Union setup position (L3292)"])
                          for r in s1_union if units[str(r["unit_id"])].name not in S10_NOT_AT_START] \
        + lists.setup.get("S10", [])
    lists.reinf["S10"] = lists.reinf.get("S10", []) + _wallace_rows(oob)
    for scenario in ("S2", "S3", "S4", "S6", "S9"):
        lists.reinf.setdefault(scenario, [])


def _wallace_rows(oob: Oob) -> list[Record]:
    """Lew Wallace's division by the 30.11 die roll: entry N3801, brigades in order, 3 Activations."""
    rows: list[Record] = []
    order = {"1/3/T": "1", "2/3/T": "2", "3/3/T": "3"}
    for unit in expand(oob, UNION, LEW_WALLACE, ()):
        rows.append({"unit_id": unit.unit_id, "turn": None, "dr_set": "lew-wallace", "entry": "N3801",
                     "order": order.get(unit.command), "activations": "3", "fatigue": None, "strength": None,
                     "status": [], "notes": [("variable entry from the 1 PM Division Orders Phase; brigades in order "
                                             "1st, 2nd, 3rd, artillery anywhere; at 1 PM only the 1st Brigade "
                                             "with 2 AMs; Fatigue 0 before 3 PM, OK at 3 PM, none from 4 PM "
                                             "(L1149-1160)")],
                     "rulebook_line": 1149})
    return rows
