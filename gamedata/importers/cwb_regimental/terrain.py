"""CWB Regimental Sub-Series v2.0: what the rules say of terrain and movement costs.

The Sub-Series rules measure every command radius in movement points (10.5a: 12, 8 and 6 MP)
but print no Terrain Effects Chart (it is the CWB series chart, not included): the chart
below lists the classes and the two terrain words the text uses, every cost empty for the
user to fill from the series chart. Which class a radius is traced with is not stated.
"""
from __future__ import annotations

from gamedata.import_kit.chart import Kind, Move, Printed

KINDS = (
    Kind("Clear", "clear", "hex", "clear", 383, r"or clear hexes adjacent to a road"),
    Kind("Road", "road (any type)", "route", "road", 383, r"it can only enter road hexes \(any type\)"),
)

_RADIUS = "the class whose movement costs a radius is traced with is not stated: fill inherits or the costs"

MOVES = (
    Move("infantry", "infantry regiment", "", 67, r"Regiments must be at or within 6 movement points"),
    Move("cavalry", "cavalry regiment", "", 415, r"a mounted unit cannot enter a close combat"),
    Move("artillery", "artillery battery", "", 97, r"Artillery can only \*\*unlimber\*\*"),
    Move("leader", "leader", "", 63, r"Division leaders must always be at or within 12 movement points"),
    Move("wagon", "corps supply wagon", "", 383, r"The Army Train moves as a supply wagon"),
    Move("army-train", "Army Train (28.3)", "wagon", 383, r"The Army Train moves as a supply wagon",
         "only road hexes (any type) or clear hexes adjacent to a road"),
    Move("radius-division", "division leader to corps HQ radius, 12 MP (10.5a A)", "", 63, r"within 12 movement points", _RADIUS),
    Move("radius-brigade", "brigade commander to division commander radius, 8 MP (10.5a B)", "", 65,
         r"within 8 movement points", _RADIUS),
    Move("radius-regiment", "regiment to brigade commander radius, 6 MP (10.5a C)", "", 67, r"within 6 movement points",
         _RADIUS + "; not through hexes of other commands"),
)

GRID = ("infantry", "cavalry", "artillery", "leader", "wagon", "radius-division", "radius-brigade", "radius-regiment")

PRINTED: tuple[Printed, ...] = ()
