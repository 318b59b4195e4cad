"""Classic Shiloh (SPI): the terrain its special rules name, and their movement costs.

Printed: units may not enter river hexes; gunboats only enter river hexes and move any number
of them; the river ferry costs Union units three MPs, east to west only, entered and left across
the sides its symbol marks (the hexside feature Ferry) (lines 10-11).
Everything else on the map (terrain, ferry and entry hexes) is not in the text.
"""
from __future__ import annotations

from gamedata.import_kit.chart import Fact, Kind, Move, Printed

KINDS = (
    Kind("River", "river", "hex", "water", 11, r"Units may not enter river hexes"),
    Kind("River Ferry", "river ferry", "hex", "water", 11, r"through the river ferry hexes at a cost of three MPs"),
    Kind("Ferry", "ferry symbol", "hexside", "ferry", 11, r"indicated by the ferry symbol on the map",
         notes="the sides of a river ferry hex its symbol marks: units enter and leave the ferry only across them"),
)

MOVES = (
    Move("unit", "any unit (rules that say 'units')", "", 11, r"Units may not enter river hexes"),
    Move("artillery", "artillery", "unit", 10, r"Gunboats are treated exactly like artillery units"),
    Move("gunboat", "Union gunboat", "artillery", 10, r"Gunboats may only enter river hexes"),
)

GRID = ("unit",)

PRINTED = (
    Printed("unit", "enter", "River", 11, r"Units may not enter river hexes", prohibited=True),
    Printed("unit", "enter", "River Ferry", 11, r"at a cost of three MPs, and only from east to west", cost=3,
            notes="Union units only, east to west only; enough MP for the ferry and the far bank; never end a move "
                  "in it; only through the hexes the ferry symbol marks"),
    Printed("unit", "cross", "Ferry", 11, r"at a cost of three MPs", cost=0,
            notes="[derived] the three MPs are the ferry hex's (enter River Ferry): crossing the symbol adds none"),
    Printed("gunboat", "enter", "River", 10, r"They may move any number of hexes", cost=0,
            notes="any number of hexes"),
    Printed("gunboat", "enter", "River Ferry", 10, r"They may move any number of hexes", cost=0,
            notes="the river ferry hexes are river hexes (line 11: 'cross the river through the river ferry hexes')"),
    Printed("gunboat", "enter", "*", 10, r"Gunboats may only enter river hexes", prohibited=True),
)

FACTS = (
    Fact("Specials", {"map": "main", "hex": "1508", "kind": "landing", "name": "Pittsburg Landing",
                      "detail": "victory hex: the side that occupies it or last passed through it"}, 12,
         r"capturing Pittsburg Landing \(hex 1508\)"),
)
