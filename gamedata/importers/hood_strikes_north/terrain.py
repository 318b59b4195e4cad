"""Hood Strikes North (GCACW): the terrain facts the rulebook states, and what it prints of the
Terrain Effects Chart (which lives on the series' Terrain Chart, not in this rulebook).

Printed: a rolling hex costs 3 MP, 4 as in rain (L1317); wagons pay 2 extra MP across a
ford (L137) and, in Scenario 4, 1 to cross any bridge (L568); rail movement is unlimited
along the railroad (9.0). Stated places: Nashville's city hexes, the railroad stations, the
exits, the Cumberland's three bridges; forts and redoubts come from `hood_strikes_north`.
"""
from __future__ import annotations

from gamedata.import_kit.chart import Fact, Kind, Move, Printed

MAP = "main"

KINDS = (
    Kind("Rolling", "rolling", "hex", "rough", 1317, r"the MP cost to enter a rolling hex"),
    Kind("City", "city (Nashville)", "hex", "city", 1709, r"either Nashville city hex \(5706 or 5707\)"),
    Kind("Creek", "creek", "hexside", "creek", 1317, r"units may cross creeks and fords with no penalty"),
    Kind("Ford", "ford", "hexside", "ford", 137, r"if a wagon train crosses a ford hexside"),
    Kind("Minor River", "minor river", "hexside", "river", 1208, r"minor rivers are unfordable only in the current turn"),
    Kind("Major River", "major river (the Cumberland)", "hexside", "major-river", 190,
         r"The Cumberland River is the only major river on the map"),
    Kind("Bridge", "bridge", "hexside", "bridge", 190, r"Only Union units may cross those bridge hexsides"),
    Kind("Pike", "pike", "route", "pike", 137, r"enters a hex across a non-pike hexside"),
    Kind("Road", "road", "route", "road", 1719, r"must first occupy a pike \(not a road or railroad\) hex"),
    Kind("Railroad", "railroad", "route", "railroad", 1541, r"as long as it moves along continuo"),
)

MOVES = (
    Move("unit", "any unit (rules that say 'units')", "", 1317, r"Units must spend Movement Points to enter hexes"),
    Move("infantry", "infantry", "unit", 1537, r"Union infantry units"),
    Move("cavalry", "cavalry", "unit", 1386, r"the normal two-dice roll for cavalry"),
    Move("leader", "leader", "unit", 1537, r"attached leaders"),
    Move("wagon", "wagon train", "unit", 137, r"Wagon trains pay Movement Point costs normally",
         notes="also +1 MP the first time in a March it enters a hex across a non-pike hexside (L137): a state "
               "of the path, not a chart cell"),
    Move("rail", "Union rail movement on the Nashville and Chattanooga Railroad (9.0)", "", 1541,
         r"may then move an unlimited number of hexes, regardless of terrain or rain",
         "infantry at Fatigue Level 2 or less; from a station, to a station; no enemy-occupied hex or ZOC"),
)

GRID = ("infantry", "cavalry", "leader", "wagon")

PRINTED = (
    Printed("unit", "enter", "Rolling", 1317, r"would be 4 \(not 3\) MP", cost=3, notes="'4 (not 3)': 3 when it is not raining"),
    Printed("unit", "enter", "Rolling", 1317, r"would be 4 \(not 3\) MP", cost=4, condition="rain"),
    Printed("unit", "cross", "Creek", 1317, r"units may cross creeks and fords with no penalty", cost=0,
            condition="scenario rule 'as if Rain, but creeks and fords free'",
            notes="the normal creek cost is on the series Terrain Chart"),
    Printed("wagon", "cross", "Ford", 137, r"it must pay a penalty of 2 extra Movement Points", cost=2),
    Printed("wagon", "cross", "Bridge", 568, r"wagons \*must pay a 1 Movement Point penalty\* to cross any bridge", cost=1,
            condition="Scenario 4"),
    Printed("rail", "along", "Railroad", 1541, r"may then move an unlimited number of hexes", cost=0,
            notes="unlimited hexes along continuous Nashville and Chattanooga railroad hexes"),
    Printed("rail", "enter", "*", 1541, r"as long as it moves along continuo", prohibited=True,
            notes="rail movement follows the railroad only"),
    Printed("rail", "cross", "*", 1541, r"as long as it moves along continuo", prohibited=True,
            notes="rail movement follows the railroad only"),
)


def _special(kind: str, hex_id: str, name: str, line: int, pattern: str, *, side: str = "", detail: str = "",
             notes: str = "") -> Fact:
    return Fact("Specials", {"map": MAP, "hex": hex_id, "kind": kind, "name": name or None, "side": side or None,
                             "detail": detail or None, "notes": notes or None}, line, pattern)


TOWNS = (   # Map Gazetteer entries whose text says the place is a town, village, settlement or county seat
    ("0201", "Gordonsburg", 2014, r"\*\*Gordonsburg \(0201\):\*\* The first county seat"),
    ("0711", "Mt. Pleasant", 2026, r"Incorporated as a town in 1824"),
    ("1505", "Williamsport", 2042, r"This village was laid out in 1817"),
    ("1715", "Columbia", 2046, r"Columbia, the Maury County seat of government"),
    ("1730", "Lewisburg", 2048, r"as the governmental seat of the newly established Marshall County"),
    ("2107", "Santa Fe", 2052, r"This village is said to be one of the oldest white settlements"),
    ("2914", "Spring Hill", 2064, r"Spring Hill was one of the first white settlements"),
    ("3406", "Hillsboro", 2072, r"this early-19th century settlement"),
    ("4010", "Franklin", 2084, r"a new town, consisting of about 200 lots"),
    ("4606", "Beechville", 2090, r"This village, established in the last years"),
    ("5232", "Murfreesboro", 2100, r"as the seat of government for Rutherford County"),
)

_BRIDGES = ("derived: with the inferred grid (game.toml notes) 5706-5805, 5706-5806 and 5707-5806 are the only "
            "sides joining Nashville to 5805 and 5806; Union units only")
_NC = "Nashville and Chattanooga Railroad"

FACTS = (
    *(Fact("Hexes", {"map": MAP, "hex": h, "terrain": "City", "name": "Nashville"}, 1709,
           r"either Nashville city hex \(5706 or 5707\)") for h in ("5706", "5707")),
    *(Fact("Hexsides", {"map": MAP, "hex": h, "side": side, "features": "Major River;Bridge", "notes": _BRIDGES}, 190,
           r"Three permanent bridges traverse the Cumberland, connecting Nashville and hexes 5805 and 5806")
      for h, side in (("5706", "NW"), ("5706", "NE"), ("5707", "NW"))),
    *(_special("station", h, name, 1889, rf"{name}, {h}", side="Union", detail=_NC)
      for h, name in (("5514", "Antioch"), ("5519", "La Vergne"), ("5523", "Smyrna"), ("5327", "Florence"),
                      ("5232", "Murfreesboro"))),
    _special("station", "4910", "Brentwood", 355, r"the RR station Brentwood \(4910\)"),
    _special("station", "0525", "Lynnville Station", 2024, r"new depots constructed on the Nashville and Decatur Railroad",
             detail="Nashville and Decatur Railroad"),
    _special("station", "3213", "Thompson's Station", 2070, r"important stop on the new Nashville and Decatur Railroad",
             detail="Nashville and Decatur Railroad"),
    *(_special("exit", h, "", 1651, r"Hexes 0111, 0125, and 0131", side="Confederate", detail="pike hex on the south edge",
               notes="pike hexes on the south map edge (L1719)") for h in ("0111", "0125", "0131")),
    *(_special("exit", h, "", 1653, r"Hexes 5134, 5233, 5334, 5433, 5833, 5829, 5806, and 5805", side="Union")
      for h in ("5134", "5233", "5334", "5433", "5833", "5829", "5806", "5805")),
    *(_special("town", h, name, line, pattern, notes="Map Gazetteer") for h, name, line, pattern in TOWNS),
    _special("ford", "1719", "Davis Ford", 1921, r"a pontoon bridge at Davis Ford \(1719\)",
             notes="history text: which Duck River hexside the ford is on is not given"),
)
