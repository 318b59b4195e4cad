"""Hood Strikes North: how the referee reads the printed die-roll tables (`gamedata.import_kit.readings`).

Each reading quotes the words it reads; the rulebook lines are those of
`003_f9322ba859639b19.txt`. Facts named here (`turn`, `weather`, `stacked(...)`,
`unit.status(...)`, `declared(attack)`, `rolls(table, result)`...) are listed in
docs/design.md, "Die-roll tables".
"""
from __future__ import annotations

from gamedata.import_kit.readings import Reading


def _table(table_id: str, when: str, quote: str, line: int, why: str) -> Reading:
    return Reading("Tables", table_id, None, table_id, quote, why, when=when, quote_line=line)


def _mod(table_id: str, line: int, printed: str, quote: str, when: str, why: str = "the printed condition") -> Reading:
    return Reading("Modifiers", table_id, line, printed, quote, why, when=when)


def _row(table_id: str, line: int, roll: str, quote: str, why: str, **cells: str) -> Reading:
    return Reading("Rows", table_id, line, roll, quote, why, **cells)


def _arrivals(table_id: str, first: int) -> list[Reading]:
    """Arrival Table (13.0 and Scenario 2 rule 11): the result is the number of sets; divisions
    arrive at Fatigue Level 0, -2 and -1 put a Fatigue Level 1 marker under them (footnote *), an
    alternative entry hex one level more, and leaders are placed atop an arriving division (L1625-1630)."""
    rows = []
    for offset, (roll, sets) in enumerate((("-3 or less", 0), ("-2", 1), ("-1", 2), ("0", 2), ("1", 3), ("2", 4),
                                           ("3", 5), ("4 or more", 6))):
        effect = (f"sets={sets}; set=arrival; fatigue={'1' if roll in ('-2', '-1') else 'none'}; entry=alt +1; "
                  "leaders=on top")
        rows.append(_row(table_id, first + offset, roll, str(sets), "the number of sets; * = Fatigue Level 1; "
                         "alternative entry +1 Fatigue Level, leaders atop a division (L1625-1630)", effect=effect))
    return rows


def _enhancement(table_id: str, lines: tuple[int, int, int, int], caps: str) -> list[Reading]:
    """Union Manpower Enhancement (11.0; S2 rule): the unit types one unit of which may gain one
    Manpower point, and the limits the gain may not pass."""
    return [_row(table_id, lines[0], "1", "there is no effect", "no unit gains", effect="gain=; units=side:Union"),
            _row(table_id, lines[1], "2,4", "single Union cavalry unit", "one cavalry unit +1",
                 effect=f"gain=Cav; units=side:Union; cap={caps}"),
            _row(table_id, lines[2], "3,5", "single Union infantry unit", "one infantry unit +1",
                 effect=f"gain=Inf; units=side:Union; cap={caps}"),
            _row(table_id, lines[3], "6", "one cavalry and one infantry unit", "one of each +1",
                 effect=f"gain=Cav,Inf; units=side:Union; cap={caps}")]


#: 7.0 Attachment size limits (L1449-1455) for Union units, which 11.0 applies to enhancement (L1565).
_CAPS_11 = "Inf Div:11, Inf Brig:6, Inf Regt:3, Cav Brig:3, Cav Regt:1"
#: Scenario 2's own limits (L306): "not be enhanced above a Manpower value of 11 or 3".
_CAPS_S2 = "Inf:11, Cav:3"


def _arrival_modifiers(table_id: str, first: int) -> list[Reading]:
    return [_mod(table_id, first, "-7", "Turn 2", "turn = 2"), _mod(table_id, first + 1, "-4", "Turn 3", "turn = 3"),
            _mod(table_id, first + 2, "0", "Turn 4", "turn = 4"), _mod(table_id, first + 3, "3", "Turn 5", "turn = 5")]


_WINTER = "Convert to \"No Effect\" if winter weather is in effect"

READINGS: tuple[Reading, ...] = (
    # -- when each table is rolled
    _table("s2-arrival", "turn >= 2", "beginning with Turn 2", 309, "S2 rule 11: every Action Cycle from Turn 2"),
    _table("arrival", "turn >= 2", "beginning with Turn 2", 1597, "13.0: every Action Cycle from Turn 2"),
    _table("random-events", "turn >= 3", "Starting on Turn 3", 1154, "2.0: from Turn 3"),
    _table("winter-weather", "turn >= 14 and not rolls(winter-weather, Winter Weather Start)",
           "Starting on Turn 14", 1291, "4.0: from Turn 14; no more rolls once winter has started (L1308)"),
    _table("remount", "turn >= 10", "Starting on Turn 10", 1142, "5.0: the Union Cavalry Phase from Turn 10"),
    _table("unmounting", "turn >= 10", "Starting on Turn 10", 1142, "5.0: the Union Cavalry Phase from Turn 10"),
    _table("union-reinforcement", "turn >= 2", "beginning with Turn 2", 1569, "12.0: from Turn 2"),
    _table("manpower-enhancement", "turn in 3..9", "through Turn 9", 1565, "11.0: Turns 3 to 9"),
    _table("s2-manpower-enhancement", "turn >= 3", "beginning with Turn 3", 304, "S2 rule: from Turn 3, no end"),
    _table("confederate-variable-reinforcement", "turn >= 24", "beginning with Turn 24", 1637, "13.0: from Turn 24"),
    # -- Arrival Tables
    *_arrivals("s2-arrival", 315), *_arrival_modifiers("s2-arrival", 328),
    *_arrivals("arrival", 1603), *_arrival_modifiers("arrival", 1614),
    # -- Blockhouse Table (Scenario 5)
    _row("blockhouse", 701, "2 or less", "+2 FL", "the active unit gains 2 Fatigue Levels", effect="fatigue=+2"),
    _row("blockhouse", 702, "3", "+1 FL", "the active unit gains 1 Fatigue Level", effect="fatigue=+1"),
    _row("blockhouse", 704, "5 or more", "Destroyed", "the marker is removed (L711)", effect="remove=Blockhouse"),
    _mod("blockhouse", 716, "-3", "Column of Route", "declared(attack) = column of route"),
    _mod("blockhouse", 717, "-1", "Hasty", "declared(attack) = hasty"),
    _mod("blockhouse", 718, "-1", "Combat value of ½", "unit.value(combat) = 0.5"),
    _mod("blockhouse", 719, "1", "Combat value of 2 or more", "unit.value(combat) >= 2"),
    _mod("blockhouse", 720, "1", "Artillery value of 2 or more", "unit.value(artillery) >= 2"),
    _mod("blockhouse", 721, "1", "Prepared", "declared(attack) = prepared"),
    _mod("blockhouse", 722, "1", "Forrest is stacked", "stacked(Forrest)"),
    # -- Random Events Table (2.1): the footnotes make each of these rows two cases
    _row("random-events", 1163, "3", "on Turns 3-16", "footnote @; 2.2: the next scheduled set at once, which the "
         "Union player may place (L1200)", result="Accelerated Union Reinforcements", when="turn <= 16",
         effect="sets=1; set=union; withhold=yes; fatigue=none"),
    _row("random-events", 1163, "3", "converted to \"No Effect\": Columbia", "2.2 Grant Relieves Thomas: no more "
         "than one of the three towns held by an undemoralized Confederate infantry unit", result="No Effect",
         when="turn >= 17 and occupied(Confederate undemoralized infantry, 1715, 4010, 5232) <= 1", quote_line=1204),
    _row("random-events", 1163, "3", "after Turn 16", "footnote @", result="Grant Relieves Thomas",
         when="turn >= 17 and occupied(Confederate undemoralized infantry, 1715, 4010, 5232) >= 2"),
    *(_row("random-events", line, roll, _WINTER, "footnote *", result=result, when=when)
      for line, roll in ((1164, "4"), (1166, "6"), (1167, "7"), (1170, "10"), (1171, "11"))
      for result, when in (("Rain" if roll == "4" else "Late Rain", "weather != winter"),
                           ("No Effect", "weather = winter"))),
    _row("random-events", 1165, "5", "if winter weather is in effect", "footnote +; the Last Turn of Winter "
         "marker moves one box either way on an odd or even roll (L1216)",
         result="Winter Weather End Change", when="weather = winter", effect="weather-end=changed"),
    _row("random-events", 1165, "5", "Otherwise apply", "footnote +", result="Enhanced Movement",
         when="weather != winter"),
    _row("random-events", 1168, "8", "on Turns 3-10", "footnote %", result="Union Night March", when="turn <= 10"),
    _row("random-events", 1168, "8", "after Turn 10", "footnote %", result="Army Initiative Change—A",
         when="turn >= 11"),
    _row("random-events", 1169, "9", "has already occurred", "footnote #", result="Lyon's Kentucky Raid",
         when="not rolls(random-events, Lyon's Kentucky Raid)"),
    _row("random-events", 1169, "9", "has already occurred", "footnote #", result="Union Pontoon Bridge Prohibition",
         when="rolls(random-events, Lyon's Kentucky Raid)"),
    _row("random-events", 1172, "12", "On Turns 10 or earlier", "2.2 Army Initiative Change—B (L1240)",
         result="No Effect", when="turn <= 10", quote_line=1240),
    _row("random-events", 1172, "12", "Army Initiative Change—B", "2.2: from Turn 11", when="turn >= 11"),
    # -- Winter Weather (4.0)
    _row("winter-weather", 1298, "4 or more", "Winter Weather Start", "the Winter Weather Start marker goes on the "
         "current turn and the Last Turn of Winter six boxes ahead (L1308); winter lasts seven turns (L1312); Union "
         "wagons on the map are removed (L1321)", effect="weather=winter; lasts=7; place=Winter Weather Start; "
         "place=Last Turn of Winter; remove=type:Wag side:Union"),
    _mod("winter-weather", 1304, "-2", "On Turn 14", "turn = 14"),
    _mod("winter-weather", 1305, "-1", "On Turn 15", "turn = 15"),
    _mod("winter-weather", 1306, "1", "On Turn 17 (December 9), and thereafter", "turn >= 17"),
    # -- Union cavalry mounts (5.2, 5.3)
    _row("remount", 1351, "6", "Remounted", "the Unmounted marker is removed from the unit rolled for",
         effect="status=-unmounted; units=rolled"),
    _row("unmounting", 1368, "6 or more", "Unmounted", "the marker of the unit rolled for flips to Unmounted",
         effect="status=unmounted; units=rolled"),
    _mod("unmounting", 1372, "1", "exhausted", "unit.status(exhausted)"),
    _mod("unmounting", 1373, "1", "disorganized", "unit.status(disorganized)"),
    _mod("unmounting", 1374, "1", "demoralized", "unit.status(demoralized)"),
    # -- Union Reinforcement Table (12.0): the result is the number of sets
    *(_row("union-reinforcement", line, roll, result, "the number of sets; sets may be withheld (L1589); placed "
           "at Fatigue Level 0 (L1589)", effect=f"sets={result}; set=union; withhold=yes; fatigue=none")
      for line, roll, result in ((1575, "1 or less", "0"), (1576, "2", "1"), (1577, "3", "1"), (1578, "4", "2"),
                                 (1579, "5", "2"), (1580, "6", "3"))),
    _mod("union-reinforcement", 1584, "-4", "Turns 2, 3, and 4", "turn in 2..4"),
    _mod("union-reinforcement", 1585, "-3", "Turn 5", "turn = 5"),
    _mod("union-reinforcement", 1586, "-2", "Turns 6 and 7", "turn in 6..7"),
    _mod("union-reinforcement", 1587, "-3", "set 11", "sets-before(union-reinforcement) >= 11",
         "set 11 made available in an earlier turn: 11 sets or more before this turn (sets come in order, L1589)"),
    # -- Confederate Variable Reinforcements (13.0)
    _row("confederate-variable-reinforcement", 1637, "1-5", "does not receive", "no set",
         effect="sets=0; set=variable; withhold=yes; fatigue=none"),
    _row("confederate-variable-reinforcement", 1637, "6", "single “set”", "one set; may be withheld; placed at "
         "Fatigue Level 0 (L1637)", effect="sets=1; set=variable; withhold=yes; fatigue=none"),
    # -- Union Manpower Enhancement (11.0, Scenario 2)
    *_enhancement("manpower-enhancement", (1565, 1565, 1565, 1565), _CAPS_11),
    *_enhancement("s2-manpower-enhancement", (304, 304, 306, 306), _CAPS_S2),
)
