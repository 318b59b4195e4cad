"""Atlanta: how the referee reads the printed die-roll tables (`gamedata.import_kit.readings`).

Lines are those of `004_d72011bf1c6b615e.txt`. The personality sheets print panic
tables the other way round: the column is the number of wrecked divisions and the
cell the 2d6 total that panics. Each printed cell is read as the rows a roll is
looked up in for that many wrecked divisions: below the number no panic, the
number or more a panic (for Sherman exactly the number freezes him, more makes
him fall back). Rolls the text leaves out (storm turn 3-5, Hardee's movement above
11, "roll low or high") stay without a row: "not printed".
"""
from __future__ import annotations

from gamedata.import_kit.readings import Reading

_PANIC = {  # table id: (line, the printed bands and numbers)
    "atl-panic-sherman-status-2": (1014, (("0-6", 12), ("7-10", 11), ("11-13", 10), ("14-16", 9), ("17-19", 8))),
    "atl-panic-sherman-status-1": (1015, (("0-6", 10), ("7-10", 9), ("11-13", 8), ("14-16", 7), ("17-19", 6))),
    "atl-panic-johnston-status-2": (1036, (("0-1", 12), ("2", 11), ("3", 10), ("4-5", 8), ("6-9", 6))),
    "atl-panic-johnston-status-1": (1037, (("0-1", 10), ("2", 9), ("3", 8), ("4-5", 6), ("6-9", 3))),
    "atl-panic-hood-status-2": (1059, (("4-5", 12), ("6-7", 11), ("8-9", 9))),
    "atl-panic-hood-status-1": (1060, (("0-3", 12), ("4-5", 11), ("6-7", 9), ("8-9", 7))),
}
_ON_PANIC = {
    "sherman": (("panic: Sherman freezes in place for a day", "panic: Sherman falls back across the Chattahoochie")),
    "johnston": ("panic: Johnston begins an orderly withdrawal from Atlanta within 12 hours",),
    "hood": ("panic: Hood orders the army to withdraw off the South or East map edge",),
}


def _wrecked(band: str) -> str:
    low, _, high = band.partition("-")
    return f"wrecked-divisions in {low}..{high}" if high else f"wrecked-divisions = {low}"


def _panic() -> list[Reading]:
    readings = []
    for table_id, (line, bands) in _PANIC.items():
        leader = table_id.split("-")[2]
        for band, number in bands:
            when = _wrecked(band)
            why = f"{band} wrecked divisions: panic on {number} or more"
            cases = [(f"{number - 1} or less", "no panic", "")]
            on_panic = _ON_PANIC[leader]
            if len(on_panic) == 2:  # Sherman: exactly the number, or more
                cases += [(str(number), on_panic[0], "panic=freeze"), (f"{number + 1} or more", on_panic[1],
                                                                          "panic=fall back")]
            else:
                cases.append((f"{number} or more", on_panic[0], "panic=withdraw"))
            readings += [Reading("Rows", table_id, line, band, str(number), why, when=when, roll=roll, result=result,
                                 effect=effect) for roll, result, effect in cases]
    readings.append(Reading("Rows", "atl-panic-hood-status-2", 1059, "0-3", "no panic possible",
                            "printed '-': whatever the roll", when=_wrecked("0-3"), roll="automatic"))
    return readings


def _weather(previous: str) -> list[Reading]:
    """One table per previous day's weather (rolled only after such a day: `last-weather`); the
    result holds all day, and a day of storms gets a roll on the storm table every turn (L995-999)."""
    table_id = f"atl-weather-after-{previous}"
    rows = {"clear": ("Clear", "Clear", "Rain", "Storm"), "rain": ("Clear", "Rain", "Rain", "Storm"),
            "storm": ("Clear", "Clear", "Rain", "Storm")}[previous]
    return [Reading("Tables", table_id, None, table_id, "Previous Turn:", "the column of the previous day's "
                    "weather (L989, 'the results apply to the entire day', L987)", when=f"last-weather = {previous}",
                    quote_line=989),
            *(Reading("Rows", table_id, line, roll, result, "the day's weather, all day (L987)",
                      effect=f"weather={result.lower()}; lasts=day"
                      + ("; each-turn=atl-storm-turn" if result == "Storm" else ""))
              for line, roll, result in zip((990, 991, 992, 993), ("1-3", "4", "5", "6"), rows))]


def _effect(table_id: str, line: int, roll: str, quote: str, effect: str, why: str) -> Reading:
    """What a printed result requires (or why the log cannot show it: `referee/rules/effects.py`)."""
    return Reading("Rows", table_id, line, roll, quote, why, effect=effect)


_HEXSIDE = ("hexside=later units of the division cross at the same hexside, no hexside is checked two turns "
            "running or by two units (L70)")
_CLEBURNE = "reinf:atl-cleburne"


def _mod(table_id: str, line: int, printed: str, quote: str, why: str = "the printed condition", **cells: str
         ) -> Reading:
    return Reading("Modifiers", table_id, line, printed, quote, why, **cells)


def _otherwise(table_id: str, line: int, quote: str, result: str, why: str, when: str = "", effect: str = ""
               ) -> Reading:
    return Reading("Rows", table_id, line, "otherwise", quote, why, result=result, when=when, add=True, effect=effect)


_JOHNSTON_MODIFIERS = (
    (1039, "+1", "occupy Decatur", "occupied(Union, Decatur)"),
    (1040, "+1", "outer defenses", "penetrated(Atlanta outer defenses)"),
    (1041, "+1", "inner defenses", "penetrated(Atlanta inner defenses)"),
    (1042, "+3", "Macon & Western", "occupied(Union, South edge exit hexes of the SW or SE map) or "
                                    "cut(Macon & Western railway)"),
)

READINGS: tuple[Reading, ...] = (
    *(_mod(table, 602, "+rating", "division commander's rating", "the division commander's rating is added",
           amount="+commander.value(rating)") for table in ("atl-hardee-formation", "atl-hardee-movement")),
    *(_mod(table, 602, "+1", "Hardee is stacked", when="stacked(Hardee, commander)")
      for table in ("atl-hardee-formation", "atl-hardee-movement")),
    # 1.7 Peachtree Creek: 1-2 finds a crossing, only 1 if either hex is swamp, none if both are; the unit
    # rolled for moves across and is disorganized, or stays (it spent its whole movement allowance in place)
    Reading("Rows", "atl-creek-crossing", 70, "1-2", "crossing found", "neither hex swamp",
            when="swamp-hexes = 0", effect=f"status=disorganized; move=rolled; units=rolled; {_HEXSIDE}"),
    Reading("Rows", "atl-creek-crossing", 70, "1", "A die roll of 1 is required if either hex is swamp",
            "one hex swamp", when="swamp-hexes = 1", add=True,
            effect=f"status=disorganized; move=rolled; units=rolled; {_HEXSIDE}",
            result="crossing found: the unit moves across and is disorganized"),
    Reading("Rows", "atl-creek-crossing", 70, "no roll", "no crossing exists if both are swamp", "both hexes swamp",
            when="swamp-hexes = 2", add=True, result="no crossing exists (both hexes swamp)",
            effect="stay=rolled; units=rolled"),
    _otherwise("atl-creek-crossing", 70, "A result of 1 or 2 indicates that the unit has found a crossing",
               "no crossing found", "a crossing needs the printed roll; the unit spent its movement in place",
               "swamp-hexes <= 1", "stay=rolled; units=rolled"),
    _mod("atl-creek-crossing", 70, "only 1", "either hex is swamp", "it changes the rows that succeed",
         when="swamp-hexes = 1", amount="rows"),
    _mod("atl-creek-crossing", 70, "none", "both hexes are swamp", "it changes the rows that succeed",
         when="swamp-hexes = 2", amount="rows"),
    # rolls whose other results the sentence implies
    _otherwise("atl-covington-raid", 457, "on 1 or 2 there is no Covington raid",
               "the Covington raid happens (Garrard's division leaves)", "no raid only on 1 or 2",
               effect="remove=formation:2/Cav"),
    _otherwise("atl-hearing-guns", 596, "On a roll of 1 the combat is heard by Sherman",
               "the combat is heard by neither", "only 1 (Sherman) and 6 (Hood) hear it"),
    _effect("atl-bridge-repair", 74, "1", "the bridge is repaired", "remove=Bridge Destroyed",
            "the Bridge Destroyed marker comes off (1.8: destroyed bridges are 'indicated by placing a marker')"),
    _otherwise("atl-bridge-repair", 74, "A roll of 1 is needed to repair the bridge", "the bridge is not repaired",
               "repair needs a 1"),
    # 3.5 and 2.5: ammunition on the fire combat roll
    _effect("atl-fire-ammo", 182, "11-12", "one ammunition level down", "ammo=-1; range=Confederate artillery out of "
            "ammunition fires at 2 hexes or less; refill=automatic within 2 hexes of the corps wagon or the Army "
            "trains in the resupply phase", "28.1 as Atlanta 3.5 extends it to Confederate artillery (L182)"),
    Reading("Rows", "atl-fire-ammo", 144, "10", "All \"+\" units become low in ammunition on a fire roll of 10",
            "2.5: '+' units (all Union cavalry) also on 10", add=True, result="the firing '+' units (Union cavalry) "
            "one ammunition level down", effect="ammo=-1; units=side:Union type:Cav"),
    _otherwise("atl-fire-ammo", 182, "on a roll of 11 or 12", "no ammunition result", "only 10-12 cost ammunition"),
    # 5.2b.2 Cleburne's arrival: a 1 from 3:00PM, a 1 or 2 from 6:00PM
    Reading("Tables", "atl-cleburne", None, "atl-cleburne", "Each turn starting at 3:00PM, roll a die",
            "rolled from 3:00PM (L715)", when="hour >= 15:00", quote_line=715),
    Reading("Rows", "atl-cleburne", 715, "1", "Cleburne's division and Hb(4) enter", "before 6:00PM a 1",
            when="hour < 18:00", effect="enter=atl-cleburne"),
    Reading("Rows", "atl-cleburne", 715, "1-2", "At 6:00PM or later a die roll of 1 or 2 brings Cleburne in",
            "from 6:00PM a 1 or 2", when="hour >= 18:00", add=True, effect="enter=atl-cleburne",
            result="Cleburne's division and Hb(4) enter from the West edge of map A or B"),
    _otherwise("atl-cleburne", 715, "On 1, Cleburne enters", "Cleburne does not enter this turn",
               "any other roll", effect=f"stay={_CLEBURNE}; until=turn"),
    # 5.2d.5 a storm day's turn roll
    _effect("atl-storm-turn", 999, "1-2", "intense thunderstorm", "combat=none in this turn; movement=one third of "
            "the movement points", "no combat, a third of the movement (L999)"),
    _effect("atl-storm-turn", 1001, "6", "weather clears", "weather=clear; lasts=day",
            "clear for the rest of the day: no more storm rolls (L1001)"),
    # variant dice whose results the log cannot show, or shows as units leaving
    _effect("atl-hearing-guns", 596, "1", "heard by Sherman", "heard=Sherman", "Sherman hears the combat"),
    _effect("atl-hearing-guns", 596, "6", "heard by Hood", "heard=Hood", "Hood hears the combat"),
    *(_effect("atl-16th-corps-location", line, roll, quote, f"setup=16th Corps infantry, result {roll}",
              "where the 16th Corps infantry stands")
      for line, roll, quote in ((473, "1", "In position"), (475, "2", "same road"), (479, "3", "farther West"),
                                (481, "4", "Howard house"), (483, "5", "railroad"), (485, "6", "Extended along"))),
    *(_effect(table, line, roll, quote, f"movement={table.rsplit('-', 1)[1]} result {roll}",
              "how Hardee's divisions move this phase")
      for table, line, roll, quote in (
          ("atl-hardee-formation", 605, "2-3", "directly NW"), ("atl-hardee-formation", 606, "4-5", "line abreast"),
          ("atl-hardee-formation", 607, "6-7", "At least two"), ("atl-hardee-formation", 608, "8+", "As desired"),
          ("atl-hardee-movement", 610, "2-3", "Impenetrable"), ("atl-hardee-movement", 611, "4", "forest hexes"),
          ("atl-hardee-movement", 612, "5", "Move 4"), ("atl-hardee-movement", 613, "6", "Move 5"),
          ("atl-hardee-movement", 614, "7-8", "Normal (6m.p.)"), ("atl-hardee-movement", 615, "9-11", "Move 6"))),
    _effect("atl-cavalry-not-played", 543, "low", "one brigade", "setup=one brigade to Decatur",
            "which Army of the Ohio brigades go to Decatur"),
    _effect("atl-cavalry-not-played", 543, "high", "two brigades", "setup=two brigades to Decatur",
            "which Army of the Ohio brigades go to Decatur"),
    *_weather("clear"), *_weather("rain"), *_weather("storm"),
    *_panic(),
    *(_mod(table, 1017, "+1", "either MacPherson or Thomas is lost",
           when="lost(MacPherson) or lost(Thomas)") for table in ("atl-panic-sherman-status-2",
                                                                  "atl-panic-sherman-status-1")),
    *(_mod(table, line, printed, quote, when=when) for table in ("atl-panic-johnston-status-2",
                                                                "atl-panic-johnston-status-1")
      for line, printed, quote, when in _JOHNSTON_MODIFIERS),
)
