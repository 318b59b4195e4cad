"""Die-roll tables, victory points and victory levels of Into the Woods: Shiloh.

These are short charts and rule sentences, not setup tables: each row is declared
here with the rulebook line it states and a `quote` that must occur on that line,
so a test can check every row against the rulebook text (no value is invented).
Known defects are kept and flagged in notes (S1's 41 VP gap, S9's "Hex 5745").
"""
from __future__ import annotations

from dataclasses import dataclass

from gamedata.import_kit.records import TableHead

U, C = "Union", "Confederate"


@dataclass(frozen=True)
class Table(TableHead):
    """A chart: its Tables facts, the scenario it belongs to ("" for all) and the line it starts on."""

    scenario_id: str
    line: int


@dataclass(frozen=True)
class Row:
    table_id: str
    roll: str
    result: str
    line: int
    quote: str


@dataclass(frozen=True)
class Modifier:
    table_id: str
    modifier: str
    condition: str
    line: int
    quote: str


@dataclass(frozen=True)
class VP:
    scenario_id: str
    item: str
    location: str
    turn: str
    points: float
    side: str
    notes: str
    line: int
    quote: str


@dataclass(frozen=True)
class Level:
    scenario_id: str
    low: float | None
    high: float | None
    result: str
    line: int
    quote: str


TABLES = (
    Table("random-events-side", "Random Events: whose event", "1d10", "Random Events AM drawn (from 8 AM, day "
          "turns; last AM drawn = No Event)", "19.0", "", 586),
    Table("random-events", "Random Events Chart", "1d10", "event roll after a USA or CSA side roll", "19.0", "", 589),
    Table("i-am-hit", "Random Event 0: I am Hit!", "1d10", "kill roll for the chosen enemy leader", "19.0", "", 602),
    Table("johnston-loss", "Johnston leader loss", "1d10", "required 12 Noon-6 PM of first-day scenarios, or after "
          "using a special ability", "12.77", "", 422),
    Table("ammo-resupply", "Ammo Resupply (small arms)", "1d10", "regular resupply attempt", "10.92", "", 385),
    Table("lew-wallace", "Lew Wallace Variable Reinforcement", "1d10", "entry roll from the 1 PM Division Orders "
          "Phase; success = enter at N3801", "30.11", "S1-LW", 1153),
    Table("veatch-mission", "Roar of Battle: Veatch's missions", "1d10", "Scenario 3 mission roll for Veatch's "
          "brigade", "30.3", "S3", 1361),
    Table("grant-visit", "Grant visits Hurlbut", "1d10", "start of the 12 PM turn, before Initiative", "30.4", "S4",
          1588),
    Table("trabue-lost", "Trabue's lost units", "1d10", "1 PM Division Orders Phase, one roll each for 3 KY, 4 AL "
          "Bn and Crew's TN Bn", "30.6", "S6", 2179),
    Table("slow-start", "A Slow Start after a Long Night", "1d10", "each AM drawn for the listed divisions; failure "
          "= AM ignored", "30.8", "S8", 2552),
    Table("grant-release", "General Grant's movement release", "1d10", "from the 8 AM Commander Movement Phase; "
          "restriction ends at 2 PM", "30.8", "S8", 2517),
    Table("hardee-release", "Hardee's release roll", "1d10", "each Hardee Activation after 3 TN's restrictions "
          "lift", "30.8", "S8", 2647),
    Table("involuntary-alert", "Union Involuntary Alert, 1st Method", "1d10", "Union roll after the listed number "
          "of AMs of a CSA division is drawn", "31.0", "S10", 3185),
    Table("alert-ams", "Alerted division AMs", "1d10", "number of AMs for the alerting division this turn", "31.0",
          "S10", 3212),
    Table("stuart-alert", "Stuart's brigade involuntary alert before 10 AM", "1d10", "when a Confederate unit "
          "comes near Stuart's units", "31.0", "S10", 3225),
)

_RE = "random-events"
ROWS = (
    Row("random-events-side", "0-3", "USA event", 586, "On a roll of 0-3 it is a USA event"),
    Row("random-events-side", "4-7", "CSA event", 586, "On a roll of 4-7 it is a CSA event"),
    Row("random-events-side", "8-9", "No Event", 586, "On a roll of 8 or 9 there is No Event"),
    Row(_RE, "0", "I am Hit!", 589, "I am Hit!"),
    Row(_RE, "1", "Bold Batteries", 590, "Bold Batteries"),
    Row(_RE, "2", "We are Lost!", 591, "We are Lost!"),
    Row(_RE, "3", "Join Us!", 592, "Join Us!"),
    Row(_RE, "4", "Rally Boys!", 593, "Rally Boys!"),
    Row(_RE, "5", "Fire at Will!", 594, "Fire at Will!"),
    Row(_RE, "6", "Good Shot!", 595, "Good Shot!"),
    Row(_RE, "7", "Union No Fire (Union benefits on either side's roll)", 596, "Union No Fire"),
    Row(_RE, "8", "Seeing the Elephant", 597, "Seeing the Elephant"),
    Row(_RE, "9", "Gather Ammo from the Wounded!", 598, "Gather Ammo from the Wounded!"),
    Row("i-am-hit", "1 or less", "the leader is killed", 602, "On a roll of 1 or less, he has been killed"),
    Row("johnston-loss", "0 or less", "Johnston is killed", 422, "if the roll is 0, he is killed"),
    Row("ammo-resupply", "4 or less", "the unit is resupplied", 385, "with a DR of 4 or less resupplying the unit"),
    Row("lew-wallace", "9", "1 PM: 1st Brigade enters with 2 AMs; the rest of the division incl. artillery at 2 PM "
        "with 3 AMs", 1154, "9 (1st Brigade only with 2 AMs"),
    Row("lew-wallace", "9", "2 PM: the division enters", 1155, "2 PM\t9"),
    Row("lew-wallace", "8 or higher", "3 PM: the division enters", 1156, "3 PM\t8 or higher"),
    Row("lew-wallace", "6 or higher", "4 PM: the division enters", 1157, "4 PM\t6 or higher"),
    Row("lew-wallace", "5 or higher", "5 PM: the division enters", 1158, "5 PM\t5 or higher"),
    Row("lew-wallace", "2 or higher", "6 PM: the division enters", 1159, "6 PM\t2 or higher"),
    Row("lew-wallace", "automatic", "7 PM: the division enters", 1160, "7 PM\tAutomatic"),
    Row("veatch-mission", "0-1", "mission: the Hamburg-Purdy/Corinth Road intersection (S2902)", 1362, "0-1:"),
    Row("veatch-mission", "2-5", "mission: the Hamburg-Purdy/Eastern Corinth road intersection (S4210)", 1363,
        "2-5:"),
    Row("veatch-mission", "6-9", "loses its first Activation of the turn; moves freely on the next", 1364, "6-9:"),
    Row("grant-visit", "0-4", "Grant's Initiative Rating applies to this turn's Initiative roll and one division's "
        "Efficiency", 1588, "A 0-4 means"),
    Row("grant-visit", "5-9", "Grant's benefits apply to the 1 PM turn", 1588, "A 5-9 means"),
    Row("trabue-lost", "0-4", "the unit is free of its restrictions", 2179, "On a roll of 0-4 the unit is free"),
    Row("grant-release", "0 or less", "Grant may move", 2517, "this restriction is lifted upon a die roll of zero"),
    Row("hardee-release", "0-5", "Hardee's corps restrictions removed", 2647, "A roll of 0-5 removes his "
        "restrictions"),
    Row("alert-ams", "even", "2 AMs placed in the cup for that division", 3212, "On an even roll"),
    Row("alert-ams", "odd", "1 AM", 3212, "on an odd roll, 1 AM"),
    Row("stuart-alert", "0-3", "Stuart's brigade alerts (a Confederate unit within 10 hexes)", 3225,
        "within 10 hexes of any of Stuart's units, Stuart's brigade involuntarily alerts on a DR of 0-3"),
    Row("stuart-alert", "0-6", "Stuart's brigade alerts (a Confederate unit within 5 hexes)", 3225, "on a roll of 0-6"),
)


def _slow_start() -> tuple[Row, ...]:
    """The Scenario 8 Slow Start chart, one row per printed cell (L2552-2559; blank cells are not rows)."""
    times = ("6 AM", "7 AM", "8 AM", "9 AM", "10 AM", "11 AM")
    printed = {
        2553: ("L. Wallace", ("0-1", "Auto")),
        2554: ("Sherman", ("0", "0-1", "0-3", "0-4", "Auto")),
        2555: ("McClernand", ("0", "0-1", "0-3", "0-4", "Auto")),
        2556: ("Hurlbut", ("No roll", "No roll", "0-1", "0-3", "0-4", "Auto")),
        2557: ("Nelson", ("", "0-1", "Auto")),
        2558: ("Crittenden", ("0-2", "0-5", "Auto")),
        2559: ("Unassigned", ("No roll", "No roll", "0-1", "0-3", "0-4", "Auto")),
    }
    rows = []
    for line, (who, cells) in printed.items():
        for time, cell in zip(times, cells):
            if not cell:
                continue
            meaning = {"Auto": "activates without a roll this and later turns",
                       "No roll": "may not activate this turn"}.get(cell, "the AM is used; otherwise ignored")
            rows.append(Row("slow-start", cell, f"{who}, {time}: {meaning}", line, f"{who}\t"))
    return tuple(rows)


def _alert() -> tuple[Row, ...]:
    """The Scenario 10 Involuntary Alert chart; a blank division cell repeats the row above (L3185-3201)."""
    printed = (
        (3186, "Cheatham", "2-3", "0-1", "no roll"), (3187, "Cheatham", "4", "0-4", "no roll"),
        (3188, "Cheatham", "5", "Auto", "no roll"), (3189, "Clark", "1", "0-1", "0-1"),
        (3190, "Clark", "2", "0-4", "0-1"), (3191, "Clark", "3", "Auto", "0-4"), (3192, "Clark", "4", "-", "Auto"),
        (3193, "Hindman", "1", "0-1", "0-1"), (3194, "Hindman", "2", "0-4", "0-4"),
        (3195, "Hindman", "3", "Auto", "Auto"), (3196, "Withers", "2", "no roll", "0-1"),
        (3197, "Withers", "3", "0-4", "0-4"), (3198, "Withers", "4", "Auto", "Auto"),
        (3199, "Ruggles", "1", "no roll", "0-1"), (3200, "Ruggles", "2", "no roll", "0-4"),
        (3201, "Ruggles", "3", "no roll", "Auto"),
    )
    rows = []
    for line, division, drawn, sherman, prentiss in printed:
        for who, cell in (("Sherman", sherman), ("Prentiss", prentiss)):
            rows.append(Row("involuntary-alert", cell, f"{division} AM #{drawn} drawn: {who}'s division alerts",
                            line, f"\t{drawn}\t"))
    return tuple(rows)


ALL_ROWS = ROWS + _slow_start() + _alert()

MODIFIERS = (
    Modifier("i-am-hit", "-2", "the leader is within two hexes and LOS of your units", 602, "Apply a -2 DRM"),
    Modifier("i-am-hit", "-4", "the leader is adjacent to your unit", 602, "Apply a -4 DRM"),
    Modifier("johnston-loss", "-1", "he used a special ability requiring a loss roll this turn", 422, "-1 DRM"),
    Modifier("ammo-resupply", "-2", "the unit is on a Road", 385, "DRM of −2"),
    Modifier("ammo-resupply", "-1", "the unit is on a Farm Lane", 385, "the DRM is −1"),
    Modifier("grant-release", "-1", "for each failed roll of previous turns", 2517, "subtract the number of failed "
             "rolls"),
    Modifier("hardee-release", "-1", "for each previous failed roll", 2647, "-1 DRM for each previous failed roll"),
)

_FIELDS_NOTE = "awarded to the side controlling the field(s) at the end of the turn (L744-746)"
VPS = (
    VP("S1", "Confederate division CI at game end", "", "", 10, U, "Breckinridge's corps counts as a division; "
       "Hindman's includes Cleburne", 731, "the Union player is awarded 10 points"),
    VP("S1", "Confederate brigade CI at game end", "", "", 5, U, "", 731, "the Union player is awarded five points"),
    VP("S1", "Union division CI at game end", "", "", 5, C, "", 735, "the Confederate is awarded five points"),
    VP("S1", "Union brigade CI at game end", "", "", 3, C, "", 735, "the Confederate is awarded three points"),
    VP("S1", "enemy battery eliminated at game end", "", "", 1, "", "either side; none for unassigned/unbrigaded "
       "cavalry or infantry (L739)", 740, "a player is awarded one point"),
    VP("S1", "control of Spain's Field", "", "8 AM", 5, "", _FIELDS_NOTE, 749, "Spain's\t8 AM\t5 VP"),
    VP("S1", "control of Lost and Barnes Fields", "", "9 AM", 5, "", _FIELDS_NOTE, 750, "Lost, Barnes\t9 AM\t5 VP"),
    VP("S1", "control of Review and Ben Howell Fields", "", "10 AM", 5, "", _FIELDS_NOTE, 751,
       "Review, Ben Howell\t10 AM\t5 VP"),
    VP("S1", "control of Larkin Bell Field", "", "11 AM", 5, "", _FIELDS_NOTE, 752, "Larkin Bell\t11 AM\t5 VP"),
    VP("S1", "control of Russian Tenant, Perry, Mulberry, Chambers and Hagy Fields", "", "6 PM", 5, C,
       "only the CSA player receives VPs for these fields (footnote split across the cells of L753, read whole)",
       753, "Russian Tenant, Perry, Mulberry, Chambers, and Hagy"),
    VP("S1", "each field controlled west or south of Tilghman Branch-N4023-N5229-Dill Branch", "", "6 PM", 5, U,
       "Cloud, Cavalry and Stacey Fields count", 755, "the Union earns **5 VPs** for each controlled field"),
    VP("S2", "Confederate SP loss", "", "", 1, U, "Union objective: at least 12 VP; CSA at-start losses do not "
       "count; routed CSA units count only SP eliminated (L1220)", 1218, "score one for each Confederate SP loss"),
    *(VP("S2", f"camp hex {label} occupied or last passed through by the Union", hex_id, "", 1, U,
         "also one of the ten Confederate victory hexes (L1222)", line, hex_id)
      for line, hex_id, label in (
          (1224, "S3514", "25 MO"), (1224, "S4515", "Prentiss HQ"), (1225, "S3715", "12 MI"),
          (1225, "S4218", "18 MO"), (1226, "S3916", "21 MO"), (1226, "S4418", "61 IL"), (1227, "S4117", "16 WI"),
          (1227, "S4617", "18 WI"), (1228, "S4215", "Hickenlooper"), (1228, "S4315", "Munch"))),
    VP("S3", "Shiloh Church", "S2706", "", 1, C, "infantry occupies or last passed through (L1385)", 1387,
       "Shiloh Church: S2706"),
    VP("S3", "Sherman's HQ", "S2905", "", 1, C, "", 1387, "Sherman's HQ: S2905"),
    VP("S3", "Owl Creek area", "S1401", "", 1, C, "S1401 = N1434", 1389, "Owl Creek area: S1401 (N1434)"),
    VP("S3", "Crossroad", "S2902", "", 1, C, "", 1391, "Crossroad at S2902"),
    VP("S3", "Crossroad", "S4202", "", 1, C, "", 1393, "Crossroad at S4202"),
    VP("S3", "each of Raith's four infantry camps", "", "", 1, C, "camp hexes are on the map only", 1395,
       "Raith's four infantry camps"),
    VP("S3", "each of the 5th Division's nine infantry camps", "", "", 1, C, "camp hexes are on the map only; the "
       "text says 24 victory hexes, the list has 21 hexes (L1407)", 1397, "5th Division nine infantry camps"),
    VP("S3", "Review Field", "S3604", "", 2, C, "", 1401, "S3604 (Review Field)"),
    VP("S3", "Lost Field", "S3609", "", 2, C, "", 1403, "S3609 (Lost Field)"),
    VP("S3", "Ben Howell field", "S2604", "", 2, C, "", 1405, "S2604 (Ben Howell field)"),
    VP("S3", "each CI Union brigade (not Peabody's)", "", "", 1, C, "", 1411, "1 VP for each CI Union brigade"),
    VP("S3", "each CI Confederate brigade", "", "", -1, C, "", 1412, "loses 1 VP for each CI Confederate brigade"),
    VP("S4", "7 of the 13 Sunken Lane hexes by end of 3 PM plus one other point", "", "3 PM", 1, C, "", 1627,
       "Control at least seven of the 13 Sunken Lane hexes by the end of the 3 PM"),
    VP("S4", "all three Union divisions CI", "", "", 1, C, "Stuart counts with Hurlbut", 1629,
       "All three Union divisions are CI"),
    VP("S4", "Cloud Field farm lane N4931-N5432 by end of 5 PM and held", "N4931/N5432", "5 PM", 1, C, "", 1630,
       "hex N4931 to N5432"),
    VP("S4", "CSA infantry at the northern boundary on or east of 54xx", "", "", 1, C, "", 1631,
       "on or east of the 54xx hex row"),
    VP("S4", "7 of the 13 Sunken Lane hexes by end of 4 PM plus one other point", "", "4 PM", 1, U, "", 1635,
       "by the end of the 4 PM turn"),
    VP("S4", "nine or more Confederate brigades CI", "", "", 1, U, "including those starting CI", 1636,
       "Nine or more Confederate brigades are CI"),
    VP("S4", "Corinth-Pittsburg Road from N5029 to the northern boundary", "N5029", "", 1, U, "", 1637,
       "crossroads at hex N5029"),
    VP("S4", "Cloud Field farm lane N4931-N5432 at game end", "N4931/N5432", "", 1, U, "", 1638,
       "(hex N4931 to N5432) at the end of the game"),
    VP("S5", "Scenario 1 victory points without the field awards before 11 AM", "", "", 0, "",
       "16 WI and 2 TN (2/-/3) eliminated do not count; starting CI brigades count (L1882-1885)", 1882,
       "Omit the VPs awarded prior to 11 AM"),
    VP("S5", "Confederate starting advantage", "", "", 4, C, "play note: CI brigades at start and eliminated "
       "batteries", 1887, "4 VP advantage"),
    *(VP("S6", name, hex_id, "", 1, "", "the side holding three of the five hexes wins", 2206, hex_id)
      for name, hex_id in (("McClernand's headquarters", "N3434"), ("Marsh regimental camp", "N3233"),
                           ("Marsh regimental camp", "N3331"), ("Marsh regimental camp", "N3329"),
                           ("Marsh regimental camp", "N3428"))),
    VP("S8", "each enemy brigade CI at game end", "", "", 3, "", "either side; includes brigades CI at start",
       2721, "Award 3 VP for each enemy brigade CI"),
    VP("S8-D2V", "each enemy brigade CI at game end", "", "", 3, "", "as Scenario 8", 2721,
       "Award 3 VP for each enemy brigade CI"),
    VP("S8-D2V", "Union starting VP", "", "", 5, U, "", 2989, "the Union starts with 5 VP"),
    VP("S9", "Confederate SP loss", "", "", 1, U, "Union objective: 11 SP losses; plus one per routed CSA unit; "
       "CSA starting losses excluded (L3086)", 3084, "Inflict 11 SP losses"),
    VP("S9", "Stuart's HQ and camps S5313, S5614, S5714 with Stuart CI", "S5313/S5614/S5714", "", 0, C,
       "objective, not points; HQ printed as 'Hex 5745', which is not a hex (S1 places Stuart at S5712)", 3078,
       "Stuart's HQ (Hex 5745)"),
    VP("S10", "control of Spain's Field", "", "7 AM", 5, "", "both sides; control = no enemy in the field and "
       "a friendly unit occupies or last passed (L3249)", 3252, "Spain's\t7 AM\t5 VP"),
    VP("S10", "control of Lost and Barnes Fields", "", "8 AM", 5, "", "", 3253, "Lost, Barnes\t8 AM\t5 VP"),
    VP("S10", "control of Review and Ben Howell Fields", "", "9 AM", 5, "", "", 3254, "Review, Ben Howell\t9 AM"),
    VP("S10", "control of Larkin Bell Field", "", "10 AM", 5, "", "", 3255, "Larkin Bell\t10 AM\t5 VP"),
)

LEVELS = (
    Level("S1", 42, None, "Confederate Tactical Victory (more than 41 VPs; exactly 41 falls in no band)", 758,
          "More than 41 VPs"),
    Level("S1", 21, 40, "Confederate Marginal Victory", 759, "21 to 40 VPs"),
    Level("S1", 1, 20, "Union Marginal Victory", 760, "1 to 20 VPs"),
    Level("S1", -20, 0, "Union Tactical Victory", 761, "20 to 0 VPs"),
    Level("S1", None, -21, "Union Strategic Victory", 762, "Less than -20 VPs"),
    Level("S2", 12, None, "Union objective achieved (12 or more VP)", 1218, "at least 12 victory points"),
    Level("S3", None, 12, "Union victory", 1414, "12 or less VPs is a Union victory"),
    Level("S3", 13, 15, "Draw", 1414, "Anything else is a draw"),
    Level("S3", 16, None, "Confederate victory (a draw if three or more CSA brigades are CI, L1416)", 1414,
          "16 or more VPs is a Confederate victory"),
    Level("S4", 0, 0, "Draw (same number of points)", 1620, "Same number of points"),
    Level("S4", 1, 1, "Marginal (one point advantage)", 1621, "A one point advantage"),
    Level("S4", 2, 2, "Substantial (two point advantage)", 1622, "A two point advantage"),
    Level("S4", 3, 4, "Decisive (three or four point advantage)", 1623, "A three or four point advantage"),
    Level("S6", 3, 5, "the side holding three of the five hexes wins", 2206, "three of the following five hexes"),
    Level("S7", None, None, "Confederate win: CSA infantry in any Pittsburg Landing hex at game end", 2343,
          "The Confederates win if CSA infantry occupies"),
    Level("S7", None, None, "Draw: CSA infantry on the Hamburg-Savannah Road from N4517 northward and on the farm "
          "lane N4518-N5420", 2344, "The Confederates achieve a Draw"),
    Level("S7", None, None, "Union win otherwise", 2345, "The Union wins by preventing"),
    *(Level(s, low, high, result, line, quote) for s in ("S8", "S8-D2V") for low, high, result, line, quote in (
        (0, 5, "Draw", 2733, "Draw: 0-5 VP"), (6, 10, "Marginal", 2734, "Marginal: 6-10 VP"),
        (11, 18, "Tactical", 2735, "Tactical: 11-18 VP"), (19, None, "Strategic", 2736, "Strategic: 19+ VP"))),
    Level("S9", 11, None, "Union objective achieved (11 SP losses inflicted)", 3084, "Inflict 11 SP losses"),
    Level("S10", None, None, "Scenario 1 levels shifted: CSA Marginal = Draw, CSA Tactical = Marginal, CSA "
          "Strategic = Tactical (Scenario 1's chart has no Draw or CSA Strategic band)", 3258,
          "a Confederate Marginal is considered a Draw"),
)
