"""Atlanta (CWB, 1991-93 draft): the map features of rules 1.2-1.8 and the few movement costs
the text prints (the Terrain Effects Chart is the series', not in this rulebook).

Printed: forest costs 2 MP (3 under Hardee's march roll of 4, 5.1d.12, L611); crossing an
entrenchment hexside into close combat costs an additional MP (1.2, L42); a ford wherever a
minor road crosses a stream (1.7, L70). Primary roads have bridges over streams "assumed" but
some are "indicated as absent" (L70), so no bridge is implied: enter the ones the map shows.
"""
from __future__ import annotations

from gamedata.import_kit.chart import Fact, Implied, Kind, Move, Printed

KINDS = (
    Kind("Woods", "woods (forest)", "hex", "woods", 54, r"Ignore woods in all hexes immediately in front of breastworks",
         notes="'forest hexes' in 5.1d.12 (L611)"),
    Kind("City", "city (grey overlay)", "hex", "city", 66, r"These hexes are indicated by a grey overlay"),
    Kind("Swamp", "swamp", "hex", "swamp", 70, r"if either hex is swamp"),
    Kind("Stream", "stream (Peachtree Creek, Peavine Creek...)", "hexside", "stream", 70,
         r"Primary roads are assumed to have bridges over all streams"),
    Kind("Peachtree Creek", "Peachtree Creek stream hexside (map B; crossing rule 1.7)", "hexside", "creek", 70,
         r"On the map \*\*B\*\*, all Peachtree Creek stream hex sides can possibly be crossed",
         notes="unshaken infantry or cavalry spend the whole movement allowance and roll 1-2 (1 if a swamp hex is "
               "beside it, never if both are): a rule, not a chart cell"),
    Kind("Bridge", "bridge", "hexside", "bridge", 70, r"some bridges where primary roads cross streams are indicated as absent"),
    Kind("Ford", "ford", "hexside", "ford", 70, r"Fords are assumed to exist wherever a minor road crosses a stream"),
    Kind("Trench", "Confederate Atlanta entrenchment (red hexside)", "hexside", "trench", 42,
         r"The red hex sides are the Confederate entrenchments protecting Atlanta"),
    Kind("Breastworks", "breastworks (purple hexside: Union, 22 July only)", "hexside", "breastworks", 50,
         r"The purple hex sides on the SW map are Union breastworks"),
    Kind("Primary Road", "primary road", "route", "pike", 70, r"Primary roads are assumed to have bridges"),
    Kind("Minor Road", "minor road", "route", "road", 70, r"wherever a minor road crosses a stream"),
    Kind("Trail", "trail", "route", "trail", 340, r"disallow the use of all minor roads and trails"),
    Kind("Map Edge Path", "the path joining the roads that leave the map, along its edge (1.5)", "route", "trail", 58,
         r"treated as if connected along the map edge by a path", notes="blocked by an enemy unit on the map edge"),
    Kind("Railroad", "railroad (Georgia Railroad, Macon & Western)", "route", "railroad", 381,
         r"Union forces cutting the Georgia Railroad"),
)

MOVES = (
    Move("unit", "any unit (rules that say 'units')", "", 42, r"an additional movement point is required"),
    Move("infantry", "infantry", "unit", 614, r"Normal \(6m\.p\.\) movement"),
    Move("cavalry", "cavalry", "unit", 70, r"an unshaken infantry or cavalry unit"),
    Move("artillery", "artillery", "unit", 70, r"Artillery and Supply may not cross creeks in this manner"),
    Move("leader", "leader", "unit", 158, r"6 movement points rather than 12"),
    Move("supply", "supply wagon and trains", "unit", 70, r"Artillery and Supply may not cross creeks in this manner"),
)

GRID = ("infantry", "cavalry", "artillery", "leader", "supply")

PRINTED = (
    Printed("infantry", "enter", "Woods", 611, r"count forest hexes as 3 m\.p\. vice 2", cost=2,
            notes="the normal forest cost of 5.1d.12's marching infantry divisions"),
    Printed("infantry", "enter", "Woods", 611, r"count forest hexes as 3 m\.p\. vice 2", cost=3,
            condition="5.1d.12 march roll 4"),
    Printed("unit", "along", "Map Edge Path", 58, r"a unit moving in column expends one movement point per hex", cost=1,
            condition="in column"),
    Printed("artillery", "cross", "Peachtree Creek", 70, r"Artillery and Supply may not cross creeks in this manner at all",
            prohibited=True, notes="except at a bridge or ford"),
    Printed("supply", "cross", "Peachtree Creek", 70, r"Artillery and Supply may not cross creeks in this manner at all",
            prohibited=True, notes="except at a bridge or ford"),
    Printed("unit", "cross", "Trench", 42, r"an additional movement point is required to cross an entrenchment hex side into close combat",
            cost=1, condition="into close combat", notes="in addition to the normal cost (the abatis, 1.2)"),
)

IMPLIED = (
    Implied("Minor Road", "Stream", "Ford", 70, r"Fords are assumed to exist wherever a minor road crosses a stream"),
)


def _special(kind: str, map_id: str, hex_id: str, name: str, line: int, pattern: str, *, side: str = "",
             detail: str = "", notes: str = "") -> Fact:
    return Fact("Specials", {"map": map_id, "hex": hex_id or None, "kind": kind, "name": name or None,
                             "side": side or None, "detail": detail or None, "notes": notes or None}, line, pattern)


FACTS = (
    _special("city", "A", "A49.35", "Decatur", 382, r"Hex 49\.35 \(Decatur\)",
             notes="a Decatur hex (5.1c.1); Decatur's other city hexes are not given (1.6, L66)"),
    _special("city", "A", "", "Atlanta", 66, r"those of Atlanta, near the West map edge",
             notes="Atlanta's city hexes are not given: the grey overlay near the west edge of map A"),
    _special("other", "A", "A4.27", "NE works (south end)", 44, r"from hex A4\.27 to A1\.33",
             notes="breastworks on 22 July, absent in earlier scenarios; the hexsides between the ends are not given"),
    _special("other", "A", "A1.33", "NE works (north end)", 44, r"from hex A4\.27 to A1\.33",
             notes="breastworks on 22 July, absent in earlier scenarios; the hexsides between the ends are not given"),
    _special("entry", "B", "B5.36", "", 659, r"Enters at B5\.36 at 12:00PM", side="Union", detail="3/4, 4HQ, Howard"),
)
