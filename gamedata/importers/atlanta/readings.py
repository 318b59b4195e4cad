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
    table_id = f"atl-weather-after-{previous}"
    rows = {"clear": ("Clear", "Clear", "Rain", "Storm"), "rain": ("Clear", "Rain", "Rain", "Storm"),
            "storm": ("Clear", "Clear", "Rain", "Storm")}[previous]
    return [Reading("Rows", table_id, line, roll, result, "the day's weather", effect=f"weather={result.lower()}")
            for line, roll, result in zip((990, 991, 992, 993), ("1-3", "4", "5", "6"), rows)]


def _mod(table_id: str, line: int, printed: str, quote: str, why: str = "the printed condition", **cells: str
         ) -> Reading:
    return Reading("Modifiers", table_id, line, printed, quote, why, **cells)


def _otherwise(table_id: str, line: int, quote: str, result: str, why: str, when: str = "") -> Reading:
    return Reading("Rows", table_id, line, "otherwise", quote, why, result=result, when=when, add=True)


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
    # 1.7 Peachtree Creek: 1-2 finds a crossing, only 1 if either hex is swamp, none if both are
    Reading("Rows", "atl-creek-crossing", 70, "1-2", "crossing found", "neither hex swamp",
            when="swamp-hexes = 0", effect="status=disorganized"),
    Reading("Rows", "atl-creek-crossing", 70, "1", "A die roll of 1 is required if either hex is swamp",
            "one hex swamp", when="swamp-hexes = 1", add=True, effect="status=disorganized",
            result="crossing found: the unit moves across and is disorganized"),
    Reading("Rows", "atl-creek-crossing", 70, "no roll", "no crossing exists if both are swamp", "both hexes swamp",
            when="swamp-hexes = 2", add=True, result="no crossing exists (both hexes swamp)"),
    _otherwise("atl-creek-crossing", 70, "A result of 1 or 2 indicates that the unit has found a crossing",
               "no crossing found", "a crossing needs the printed roll", "swamp-hexes <= 1"),
    _mod("atl-creek-crossing", 70, "only 1", "either hex is swamp", "it changes the rows that succeed",
         when="swamp-hexes = 1", amount="rows"),
    _mod("atl-creek-crossing", 70, "none", "both hexes are swamp", "it changes the rows that succeed",
         when="swamp-hexes = 2", amount="rows"),
    # rolls whose other results the sentence implies
    _otherwise("atl-covington-raid", 457, "on 1 or 2 there is no Covington raid",
               "the Covington raid happens (Garrard's division leaves)", "no raid only on 1 or 2"),
    _otherwise("atl-hearing-guns", 596, "On a roll of 1 the combat is heard by Sherman",
               "the combat is heard by neither", "only 1 (Sherman) and 6 (Hood) hear it"),
    _otherwise("atl-bridge-repair", 74, "A roll of 1 is needed to repair the bridge", "the bridge is not repaired",
               "repair needs a 1"),
    *_weather("clear"), *_weather("rain"), *_weather("storm"),
    *_panic(),
    *(_mod(table, 1017, "+1", "either MacPherson or Thomas is lost",
           when="lost(MacPherson) or lost(Thomas)") for table in ("atl-panic-sherman-status-2",
                                                                  "atl-panic-sherman-status-1")),
    *(_mod(table, line, printed, quote, when=when) for table in ("atl-panic-johnston-status-2",
                                                                "atl-panic-johnston-status-1")
      for line, printed, quote, when in _JOHNSTON_MODIFIERS),
)
