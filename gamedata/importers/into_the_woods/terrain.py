"""Into the Woods (GBACW): the terrain facts the Battle Book states, and its Terrain Effects Chart.

The Battle Book names the system's terrain (9.4x) but prints the Terrain Effects Chart only
where its rules quote it: command-trace costs (4.15), the Woods and stream costs of the
withdrawal examples (9.54), the road and farm-lane rules (9.43), the prohibited creeks and
rivers (9.44), the cavalry slope example. Everything else is a chart cell left empty for the
user. Derived cells (two printed numbers combined) say so in their notes.
"""
from __future__ import annotations

from gamedata.import_kit.chart import Fact, Implied, Kind, Move, Printed


KINDS = (
    Kind("Woods", "Woods", "hex", "woods", 235, r"All land hexes are wooded unless it is a Field hex"),
    Kind("Field", "Field", "hex", "field", 245, r"Fields are clear with no woods"),
    Kind("Field Boundary", "Field Boundary", "hex", "field-boundary", 251, r"Field Boundaries have a boundary \(dotted\) line"),
    Kind("Marsh", "Marsh", "hex", "marsh", 289, r"Many areas that flooded are marked as Marsh"),
    Kind("Marsh-Stream", "Marsh-Stream (streams in hex)", "hex", "marsh", 291, r"The three Marsh-Stream hexes"),
    Kind("Thicket", "Thicket", "hex", "thicket", 265, r"Thickets are wooded areas with dense undergrowth"),
    Kind("Sloping Ground", "Sloping Ground", "hex", "slope", 285, r"Sloping Ground represents uneven terrain"),
    Kind("Wooded Sloping Ground", "Wooded Sloping Ground", "hex", "slope", 285, r"Wooded Sloping Ground hexes"),
    Kind("Orchard", "Orchard (no effect on play; give the hex's other terrain too)", "hex", "orchard", 269,
         r"Orchards do not block LOS and have no effect on play"),
    Kind("River", "partial land hex with River or Lake", "hex", "water", 229,
         r"may enter partial land hexes that contain River or Lakes without effect"),
    Kind("Stream", "Stream", "hexside", "stream", 229, r"All other Streams conform to hexsides"),
    Kind("Creek", "Creek", "hexside", "creek", 229, r"No unit may cross any Creek except at a ford or bridge"),
    Kind("Full River", "full River hexside (solid blue)", "hexside", "major-river", 229,
         r"No land unit may cross a full River or full Lake \(solid blue\) hexside"),
    Kind("Full Lake", "full Lake hexside (solid blue)", "hexside", "lake", 229, r"full Lake \(solid blue\) hexside"),
    Kind("Impassable", "impassable hexside (tinted blue grey)", "hexside", "impassable", 229,
         r"Tinted blue grey hexsides bordering River, Lake, Creek, and some partial land hexes are impassable"),
    Kind("Ford", "Ford", "hexside", "ford", 229, r"Fords over Creeks are denoted on"),
    Kind("Bridge", "Bridge", "hexside", "bridge", 229, r"except at a ford or bridge"),
    Kind("Woods Hexside", "Woods hexside (Woods beside a Field Boundary)", "hexside", "woods-edge", 239,
         r"Treat Woods hexsides as Steep Slopes for LOS purposes"),
    Kind("Gradual Slope", "Gradual Slope (one contour line)", "hexside", "slope-edge", 261,
         r"Gradual Slopes are hexsides that have one contour line"),
    Kind("Minor Slope", "Minor Slope (two contour lines)", "hexside", "slope-edge", 261,
         r"Minor Slope hexsides have two contour lines"),
    Kind("Steep Slope", "Steep Slope (three or more contour lines)", "hexside", "slope-edge", 261,
         r"Steep Slope hexsides have three or more contour lines"),
    Kind("Ridge", "Ridge", "hexside", "ridge", 273, r"A Ridge is a hexside at a higher elevation"),
    Kind("Gully", "Gully", "hexside", "gully", 273, r"a Gully is a hexside at a lower elevation"),
    Kind("Road", "Road", "route", "road", 212, r"Units moving along Roads ignore the movement costs"),
    Kind("Farm Lane", "Farm Lane", "route", "lane", 214, r"Units moving along Farm Lanes use the series Trail rules"),
)

MOVES = (
    Move("unit", "any unit (rules that say 'units' or 'no unit')", "", 229, r"No unit may cross any Creek"),
    Move("infantry", "infantry", "unit", 325, r"would not cause an infantry unit"),
    Move("cavalry", "cavalry", "unit", 275, r"A cavalry unit crossing a Ridge"),
    Move("artillery", "artillery", "unit", 327, r"An artillery unit withdrawing into a Woods hex"),
    Move("leader", "leader", "unit", 130, r"standard Leader movement costs"),
    Move("command-brigade", "command range of brigade and division leaders (4.15)", "leader", 130,
         r"Brigade and division leaders use 1 MP per hex for tracing command on Roads",
         "other terrain: the leader's movement cost (4.15)"),
    Move("command-army", "command range of army and corps commanders (4.15)", "leader", 130,
         r"Army and corps commanders use standard Leader movement costs \(½ MP\) for Command Range on roads",
         "other terrain: the leader's movement cost (4.15)"),
)

GRID = ("infantry", "cavalry", "artillery", "leader")
"""Classes whose every chart cell is listed (empty where the Battle Book prints nothing)."""

PRINTED = (
    # 9.43 Roads and Farm Lanes
    Printed("unit", "along", "Farm Lane", 214, r"Farm Lane rate of movement is one-half the non-trail rate", factor=0.5,
            notes="one-half the non-trail rate for entering the hex, in-hex terrain and hexside costs included"),
    Printed("leader", "along", "Road", 130, r"standard Leader movement costs \(½ MP\)", cost=0.5),
    # 9.44 watercourses
    Printed("unit", "cross", "Creek", 229, r"No unit may cross any Creek except at a ford or bridge", prohibited=True,
            notes="except at a ford or bridge"),
    Printed("unit", "cross", "Full River", 229, r"No land unit may cross a full River", prohibited=True),
    Printed("unit", "cross", "Full Lake", 229, r"or full Lake \(solid blue\) hexside", prohibited=True),
    Printed("unit", "cross", "Impassable", 229, r"are impassable", prohibited=True),
    Printed("unit", "enter", "River", 229, r"partial land hexes that contain River or Lakes without effect", cost=0,
            notes="without effect: the hex's other terrain sets the cost"),
    Printed("unit", "enter", "Orchard", 269, r"have no effect on play", cost=0,
            notes="no effect on play: the hex's other terrain sets the cost"),
    Printed("unit", "cross", "Woods Hexside", 251, r"If moving from Woods or a different field's Field Boundary", cost=0,
            notes="no cost of its own: a Field Boundary entered across it costs as Woods (9.44 L251-253, 4.15)"),
    # 9.54 withdrawal examples
    Printed("infantry", "enter", "Woods", 325, r"A Woods hex \( \$1\\frac\{1\}\{2\}\$  MP\)", cost=1.5),
    Printed("infantry", "cross", "Stream", 325, r"crossing a stream into a Woods hex \( \$2\\frac\{1\}\{2\}\$  MP\)",
            cost=1, notes="derived: stream and Woods 2½ MP less Woods 1½ MP (9.54 example 1)"),
    Printed("artillery", "enter", "Woods", 327, r"An artillery unit withdrawing into a Woods hex would UDD with a \+ 2",
            cost=3, notes="derived: +2 = full MP above 1, so 3 to 4 MP (9.54); at most 3, since artillery may "
                          "retreat into Woods but not into a hex costing more than 3 MPs (L412)"),
    Printed("infantry", "enter", "Field Boundary", 325, r"A Woods hex", cost=1.5, via="Woods Hexside",
            notes="derived: across a woods hexside a Field Boundary is treated like Woods (L251-253), 1½ MP (9.54)"),
    # 9.44 ridges and gullies: the cavalry example
    Printed("cavalry", "climb", "Minor Slope", 275, r"would pay \+2 for going up a minor slope", cost=2),
    Printed("cavalry", "descend", "Gradual Slope", 275, r"no additional MPs for going down a gradual slope", cost=0),
    # 4.15 command range
    Printed("leader", "enter", "Field Boundary", 130, r"if Movement would have cost them 1½ MP", cost=1.5,
            via="Woods Hexside", notes="leader movement across a woods hexside into a Field Boundary (4.15)"),
    Printed("leader", "enter", "Woods", 130, r"if Movement would have cost them 1½ MP", cost=1.5,
            notes="derived: a Field Boundary across a woods hexside is treated like Woods (L251-253) and costs "
                  "leaders 1½ MP (4.15)"),
    Printed("command-brigade", "along", "Road", 130, r"Brigade and division leaders use 1 MP per hex for tracing command on Roads",
            cost=1),
    Printed("command-army", "along", "Road", 130, r"Army and corps commanders use standard Leader movement costs \(½ MP\)",
            cost=0.5),
    Printed("command-brigade", "along", "Farm Lane", 130, r"All leaders use 1 MP for Farm Lanes", cost=1),
    Printed("command-army", "along", "Farm Lane", 130, r"All leaders use 1 MP for Farm Lanes", cost=1),
    Printed("command-brigade", "enter", "Woods", 130, r"All Leaders trace command through Woods at 2 MP", cost=2),
    Printed("command-army", "enter", "Woods", 130, r"All Leaders trace command through Woods at 2 MP", cost=2),
    Printed("command-brigade", "enter", "Field Boundary", 130, r"This includes Field Boundaries", cost=2,
            via="Woods Hexside", notes="when crossing a woods hexside [BB 9.44]"),
    Printed("command-army", "enter", "Field Boundary", 130, r"This includes Field Boundaries", cost=2,
            via="Woods Hexside", notes="when crossing a woods hexside [BB 9.44]"),
)

IMPLIED = (
    Implied("Farm Lane", "Stream", "Ford", 229, r"Assume a ford where a Farm Lane crosses a stream"),
)


def _special(kind: str, hex_id: str, name: str, line: int, pattern: str, *, side: str = "", detail: str = "",
             notes: str = "", map_id: str = "S") -> Fact:
    return Fact("Specials", {"map": hex_id[0] if hex_id else map_id, "hex": hex_id or None, "kind": kind,
                             "name": name or None, "side": side or None, "detail": detail or None,
                             "notes": notes or None}, line, pattern)


_CAMPS = "infantry, cavalry or artillery camp not stated (10.92 resupply needs infantry camps)"

FACTS = (
    *(Fact("Hexes", {"map": "S", "hex": h, "terrain": "Marsh-Stream"}, 291, r"The three Marsh-Stream hexes \(S2410, S2509 and S2610\)")
      for h in ("S2410", "S2509", "S2610")),
    _special("bridge", "S2610", "Shiloh Branch in-hex bridge", 315, r"the road and in-hex bridge over Shiloh Branch \(S2610\)",
             notes="not usable at the start of first day scenarios beginning at 8 AM or earlier until no Union unit "
                   "is within four hexes (9.44)"),
    _special("landing", "N6420", "Pittsburg Landing", 969, r"disembarking at Pittsburg Landing \(hexes N6420/6423\)"),
    _special("landing", "N6423", "Pittsburg Landing", 969, r"disembarking at Pittsburg Landing \(hexes N6420/6423\)"),
    _special("supply-source", "", "Pittsburg Landing", 389, r"Pittsburg Landing for the Union", side="Union", map_id="N",
             notes="the supply source hex is not given: Pittsburg Landing's landing hexes are N6420 and N6423 (L969)"),
    _special("supply-source", "", "intersection of Bark Road and Corinth Road", 390,
             r"the intersection of Bark Road and Corinth Road", side="Confederate",
             notes="the intersection's hex is not given: find it on the map"),
    *(_special("entry", h, "north end of the Tennessee River", 1724, r"any hex from N6401 to N6601", side="Union",
               detail="gunboats") for h in ("N6401", "N6501", "N6601")),
    _special("entry", "S1234", "Corinth Road", 1100, r"All units designated to enter hex S1234 may enter anywhere",
             side="Confederate", notes="anywhere on the south map edge within three hexes (red outline on the map)"),
    _special("entry", "N1031", "", 1090, r"N1031\t8th TX Cav", side="Confederate"),
    _special("entry", "S6927", "", 1091, r"S6927\tAdams MS Cav", side="Confederate"),
    _special("entry", "N3801", "Snake Creek Bridge", 3257, r"hex N3801 \(Snake Creek Bridge\)"),
    *(_special("camp", h, "McDowell's camp", 783, r"McDowell's camps and HQ \(hexes S1602, S1702, S2101 and S2103",
               side="Union", notes=_CAMPS) for h in ("S1602", "S1702", "S2101", "S2103")),
    _special("camp", "S1903", "McDowell's artillery camp", 783, r"the artillery camp in hex S1903", side="Union",
             detail="artillery"),
    *(_special("camp", h, "Stuart's camp", 783, r"Stuart's camps and HQ \(hexes S5313, S5614, S5712, and S5714\)",
               side="Union", notes=_CAMPS) for h in ("S5313", "S5614", "S5712", "S5714")),
    *(_special("camp", h, f"{unit} camp", line, rf"{h} \({unit}\)", side="Union", notes=_CAMPS)
      for h, unit, line in (("S3514", "25 MO", 1224), ("S3715", "12 MI", 1225), ("S3916", "21 MO", 1226),
                            ("S4117", "16 WI", 1227), ("S4215", "Hickenlooper", 1228), ("S4218", "18 MO", 1225),
                            ("S4418", "61 IL", 1226), ("S4617", "18 WI", 1227), ("S4315", "Munch", 1228))),
    _special("hq", "S4515", "Prentiss HQ", 1224, r"S4515 \(Prentiss HQ\)", side="Union"),
    _special("hq", "N3434", "McClernand's headquarters", 2206, r"McClernand's headquarters \(hex N3434\)", side="Union"),
    *(_special("camp", h, "Marsh regimental camp", 2206, r"the four Marsh regimental camps \(hexes N3233, N3331, N3329, and N3428\)",
               side="Union", notes=_CAMPS) for h in ("N3233", "N3331", "N3329", "N3428")),
    _special("crossroads", "S2902", "Hamburg-Purdy/Corinth Road intersection", 1362,
             r"The Hamburg-Purdy/Corinth Road intersection \(hex S2902\)"),
    _special("crossroads", "S4210", "Hamburg-Purdy/Eastern Corinth road intersection", 1363,
             r"The Hamburg-Purdy/Eastern Corinth road intersection \(hex S4210\)"),
    _special("crossroads", "S4202", "", 1393, r"Crossroad at S4202"),
    _special("crossroads", "S5512", "", 3079, r"crossroads hex S5512"),
    _special("crossroads", "N5029", "Corinth-Pittsburg Road crossroads", 1637, r"from the crossroads at hex N5029"),
)
