"""Into the Woods: how the referee reads the printed die-roll tables (`gamedata.import_kit.readings`).

Lines are those of `000_c574b46a31a48b8f.txt`. The dice are d10 read 0-9 (BB 2.0).
Scenario charts printed per division and hour (Slow Start, Involuntary Alert) are
read from the printed rows of `into_the_woods_charts`: each cell becomes the case
it is printed for, and the failure the prose states ("Failure means that AM is
ignored") covers exactly the printed cells that need a roll.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from gamedata.import_kit.readings import Reading
from gamedata.importers.into_the_woods import charts as charts


def _table(table_id: str, when: str, quote: str, line: int, why: str) -> Reading:
    return Reading("Tables", table_id, None, table_id, quote, why, when=when, quote_line=line)


def _hour(text: str) -> str:
    """``8 AM`` -> ``08:00``, ``1 PM`` -> ``13:00``."""
    m = re.fullmatch(r"(\d{1,2}) (AM|PM)", text.strip())
    if m is None:
        raise ValueError(f"not an hour: {text!r}")
    hour = int(m[1]) % 12 + (12 if m[2] == "PM" else 0)
    return f"{hour:02d}:00"


def _otherwise(table_id: str, line: int, quote: str, result: str, why: str, when: str = "", effect: str = ""
               ) -> Reading:
    return Reading("Rows", table_id, line, "otherwise", quote, why, result=result, when=when, add=True, effect=effect)


def _chart(table_id: str, read: Callable[[charts.Row], Reading], line: int, quote: str, fails: str,
           why: str, effect: str = "") -> list[Reading]:
    """A chart printed by case: each cell read as its case, then the failure the prose states,
    for exactly the cells that need a roll (with ``effect``, what the failure requires)."""
    readings = [read(row) for row in charts.ALL_ROWS if row.table_id == table_id]
    needs_roll = [r.when for r in readings if (r.roll or r.key).casefold() not in ("auto", "no roll")]
    return readings + [_otherwise(table_id, line, quote, fails, why, " or ".join(needs_roll), effect)]


def _slow_start(row: charts.Row) -> Reading:
    who, hour = re.match(r"(.+?), (\d{1,2} [AP]M):", row.result).groups()
    later = row.roll == "Auto"
    barred = row.roll.casefold() == "no roll"   # "ineligibility to roll during the current turn"
    return Reading("Rows", "slow-start", row.line, row.roll, f"{who}, {hour}",
                   "the division and hour the cell is printed for" +
                   ("; Auto holds for this and later turns" if later else "") +
                   ("; 'No roll': the division may not move this turn" if barred else ""),
                   when=f"division = {who} and hour {'>=' if later else '='} {_hour(hour)}",
                   effect=f"stay={_DIVISION}; until=turn" if barred else "")


def _alert(row: charts.Row) -> Reading:
    division, drawn, who = re.match(r"(\S+) AM #(\S+) drawn: (\S+)'s", row.result).groups()
    low, _, high = drawn.partition("-")
    when = (f"csa-division = {division} and ams-drawn {f'in {low}..{high}' if high else f'= {low}'} "
            f"and union-division = {who}")
    quote = f"{division} AM #{drawn} drawn: {who}"
    if row.roll == "-":  # printed "-": the division alerted automatically on an earlier AM
        return Reading("Rows", "involuntary-alert", row.line, "-", quote, "printed '-': already alerted (Auto on an "
                       "earlier AM)", when=when, roll="no roll", result=f"{who}'s division has already alerted")
    no_roll = row.roll == "no roll"  # the Union division does not roll (does not alert) on this AM
    return Reading("Rows", "involuntary-alert", row.line, row.roll, quote,
                   "the CSA division, AMs drawn and Union division the cell is printed for" +
                   ("; 'no roll': that division does not alert on this AM" if no_roll else ""),
                   when=when, result=f"{who}'s division does not alert (no roll)" if no_roll else "",
                   effect=_ALERTED if not no_roll else f"units={_UNION_DIVISION}")


#: 30.11 (L1151): "Arrivals earlier than 3 PM come in with 0 Fatigue. Arrivals at 3 PM come in with OK
#: Fatigue. Units arriving 4 PM or later have no Fatigue."; at 1 PM only the 1st Brigade, with 2 AMs.
_LEW_WALLACE = {"1 PM": "enter=lew-wallace#1; fatigue=0; ams=2", "2 PM": "enter=lew-wallace; fatigue=0",
                "3 PM": "enter=lew-wallace; fatigue=ok"}


def _lew_wallace() -> list[Reading]:
    readings = []
    for row in (r for r in charts.ALL_ROWS if r.table_id == "lew-wallace"):
        hour = row.result.split(":")[0]
        readings.append(Reading("Rows", "lew-wallace", row.line, row.roll, hour, "the turn the cell is printed for; "
                                "the arrival's Fatigue (L1151)", when=f"hour = {_hour(hour)}",
                                effect=_LEW_WALLACE.get(hour, "enter=lew-wallace; fatigue=none")))
    readings.append(_otherwise("lew-wallace", 1149, "If successful with the entry die roll",
                               "the division does not enter this turn", "an unsuccessful entry roll",
                               "hour in 13:00..18:00", "stay=reinf:lew-wallace; until=turn"))
    return readings


_DIVISION = "case:division"            # the formation led by the leader the roll's `division` names
_UNION_DIVISION = "case:union-division"
_ALERTED = f"status=alerted; units={_UNION_DIVISION}"
_STUART = "formation:2/5/T"


_HARDEE_FAILS = "Hardee's restrictions remain; he may roll again next Activation"
_GRANT_FAILS = "Grant may not move this turn"
#: S8's ad hoc corps is a grouping of the scenario's own: its set-up rows carry the note (specs.S8_CORPS)
_HARDEE_CORPS = "noted:Hardee's_corps -noted:Polk's_corps -type:Ldr -formation:2/2/2"
_HARDEE_UNLESS = ("its units start the Activation in LOS of enemy units that crossed Tilghman's Branch, the N4122-N5328 "
                  "line or Dill Branch, or a turn after such LOS was established (L2633-2635), or the second turn "
                  "after a Confederate corps suffered artillery fire (L2637)")

READINGS: tuple[Reading, ...] = (
    # -- when each table is rolled
    _table("random-events-side", "hour >= 08:00 and not night", "Starting at 8 AM", 586,
           "19.0: from 8 AM, every day turn"),
    _table("lew-wallace", "hour in 13:00..19:00", "of the 1 PM turn", 1149, "30.11: from the 1 PM turn; 7 PM is "
           "automatic"),
    _table("grant-visit", "hour = 12:00", "at the start of the 12 PM turn", 1588, "30.4"),
    _table("trabue-lost", "hour = 13:00", "at the start of the 1 PM turn", 2179, "30.6"),
    _table("grant-release", "hour in 08:00..13:00", "The restriction ends at 2 PM", 2517,
           "30.8: from 8 AM; the restriction ends at 2 PM"),
    _table("stuart-alert", "hour < 10:00", "prior to the 10 AM turn", 3225, "31.0"),
    # -- Random Events (19.0)
    Reading("Rows", "random-events", 589, "0", "I am Hit!", "19.0 I am Hit!: not with the optional Leader Loss "
            "rules", when="not option(leader loss)"),
    Reading("Rows", "random-events", 589, "0", "Treat this as No Event if using the optional Leader Loss rules",
            "19.0 I am Hit! (L602)", when="option(leader loss)", result="No Event", quote_line=602),
    Reading("Rows", "i-am-hit", 602, "1 or less", "killed", "the leader is eliminated", effect="remove=leader"),
    _otherwise("i-am-hit", 602, "On a roll of 1 or less, he has been killed", "the leader survives",
               "the kill needs 1 or less"),
    Reading("Modifiers", "i-am-hit", 602, "-2", "within two hexes and LOS", "the -4 for an adjacent leader "
            "replaces the -2 (DRM 0, -2 or -4)", when="target.within-2-los and not target.adjacent"),
    Reading("Modifiers", "i-am-hit", 602, "-4", "adjacent", "the printed condition", when="target.adjacent"),
    # -- Johnston (12.77)
    Reading("Rows", "johnston-loss", 422, "0 or less", "killed", "Johnston is eliminated", effect="remove=leader"),
    _otherwise("johnston-loss", 422, "if the roll is 0, he is killed", "Johnston survives", "the kill needs 0"),
    Reading("Modifiers", "johnston-loss", 422, "-1", "special ability", "the printed condition",
            when="ability-used"),
    # -- Ammo Resupply (10.92)
    Reading("Rows", "ammo-resupply", 385, "4 or less", "resupplied", "the unit is resupplied",
            effect="resupply=yes"),
    _otherwise("ammo-resupply", 385, "with a DR of 4 or less resupplying the unit", "the unit is not resupplied",
               "resupply needs 4 or less"),
    Reading("Modifiers", "ammo-resupply", 385, "-2", "on a Road", "the printed condition",
            when="unit.terrain(road)"),
    Reading("Modifiers", "ammo-resupply", 385, "-1", "on a Farm Lane", "the printed condition",
            when="unit.terrain(farm lane)"),
    Reading("Modifiers", "ammo-resupply", 399, "+3", "+3 DRM for Ammo Resupply until the end of the 10 AM turn",
            "10.92: a modifier printed below the resupply rules", add=True,
            result="Union units until the end of the 10 AM turn of any first day scenario (not Camp resupply)",
            when="unit.side = Union and first-day-scenario and hour <= 10:00"),
    # -- Scenario rolls
    *_lew_wallace(),
    Reading("Rows", "trabue-lost", 2179, "0-4", "free of its restrictions", "the unit rolled for is free",
            effect="units=rolled"),
    _otherwise("trabue-lost", 2179, "On a roll of 0-4 the unit is free", "the unit stays restricted",
               "freedom needs 0-4; the restriction: 'may not move' (L2177)", effect="stay=rolled; until=turn; "
               "unless=enemy units move adjacent to or fire on it (L2178)"),
    Reading("Rows", "grant-visit", 1588, "0-4", "Grant's Initiative Rating applies", "Grant's benefits this turn",
            effect="initiative=Grant, this turn; efficiency=one division, this turn"),
    Reading("Rows", "grant-visit", 1588, "5-9", "apply to the 1 PM turn", "Grant's benefits next turn",
            effect="initiative=Grant, the 1 PM turn; efficiency=one division, the 1 PM turn"),
    *_chart("slow-start", _slow_start, 2550, "Failure means that AM is ignored", "the AM is ignored",
            "failure of a printed roll: the division does not move on that AM", f"stay={_DIVISION}"),
    _otherwise("grant-release", 2517, "this restriction is lifted upon a die roll of zero", _GRANT_FAILS,
               "release needs a (modified) zero; 'he may not move' (L2517)", effect="stay=unit:US:Grant; until=turn"),
    Reading("Modifiers", "grant-release", 2517, "-1", "failed roll", "one per failed roll of previous turns",
            amount=f"-1 * rolls(grant-release, {_GRANT_FAILS})"),
    Reading("Rows", "hardee-release", 2647, "0-5", "removed", "with the -1 per failed roll a modified total "
            "below 0 also succeeds", roll="5 or less"),
    _otherwise("hardee-release", 2647, "If he fails, he may roll during each succeeding Activation",
               _HARDEE_FAILS, "release needs 0-5; the corps (L2611-2626), not its leaders (they 'may move', L2639) "
               "nor Chalmers' brigade ('may move whenever activated', L2641); 5 TN, also listed under Polk, is left "
               "out", effect=f"stay={_HARDEE_CORPS}; until=roll; unless={_HARDEE_UNLESS}"),
    Reading("Modifiers", "hardee-release", 2647, "-1", "previous failed roll", "one per previous failed roll",
            amount=f"-1 * rolls(hardee-release, {_HARDEE_FAILS})"),
    *_chart("involuntary-alert", _alert, 3185, "Sherman Alert roll", "the division does not alert",
            "a printed roll that fails", f"units={_UNION_DIVISION}"),
    Reading("Rows", "alert-ams", 3212, "even", "2 AMs placed in the cup", "the AMs go into the cup", effect="ams=2"),
    Reading("Rows", "alert-ams", 3212, "odd", "1 AM", "the AM goes into the cup", effect="ams=1"),
    Reading("Rows", "stuart-alert", 3225, "0-3", "within 10 hexes", "a Confederate unit 6 to 10 hexes away "
            "(within 5, the 0-6 row)", when="enemy-distance in 6..10", effect=f"status=alerted; units={_STUART}"),
    Reading("Rows", "stuart-alert", 3225, "0-6", "within 5 hexes", "a Confederate unit within 5 hexes",
            when="enemy-distance <= 5", effect=f"status=alerted; units={_STUART}"),
    _otherwise("stuart-alert", 3225, "involuntarily alerts on a DR of 0-3", "Stuart's brigade does not alert",
               "a failed alert roll", "enemy-distance <= 10", f"units={_STUART}"),
)
