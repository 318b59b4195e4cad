"""Where the Into the Woods: Shiloh setup and reinforcement tables are, and what their notes mean.

Each table is declared by its rulebook line range (anchored on its first line so a
different edition fails loudly), its columns, the scenario and side it belongs to,
the footnote letters its notes define, and the start state those notes and the
scenario text give (orders, Fatigue, CI, placement). Line numbers are those of
`000_c574b46a31a48b8f.txt`; the digest `research/into-the-woods-shiloh.md` §2 lists
the same tables.
"""
from __future__ import annotations

from dataclasses import dataclass

from gamedata.import_kit.rulebook import TableSpec

UNION, CSA = "Union", "Confederate"
APR5, APR6, APR7 = "1862-04-05", "1862-04-06", "1862-04-07"


@dataclass(frozen=True)
class Effect:
    """A start-state fact from a table note or the scenario text.

    `targets` are canonical names; scope "brigade" applies to every row of the
    table whose unit belongs to the target leader's formation, "row" to the units
    printed on the target's own line, "unit" to the target's own rows, "brigades"
    (targets empty) to every brigade unit of the side, "all" to every row.
    """

    line: int
    targets: tuple[str, ...]
    scope: str = "unit"
    status: tuple[str, ...] = ()
    orders: str = ""
    constraint: str = ""
    strength: int | None = None
    activations: str = ""
    note: str = ""
    clear_orders: bool = False


@dataclass(frozen=True)
class Placement:
    """A setup the scenario text gives outside any table (free placement, gunboats in the river)."""

    scenario: str
    side: str
    line: int
    names: tuple[str, ...]
    constraint: str
    status: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class ItwTable:
    """One setup or reinforcement table of one scenario and side."""

    spec: TableSpec
    scenario: str
    side: str
    kind: str  # "setup" | "reinf"
    date: str
    notes: str = ""  # footnote letters (and symbols) the table's notes define
    effects: tuple[Effect, ...] = ()
    orders: str = ""  # default orders of every row (scenario text)
    orders_line: int = 0
    facing: str = ""  # default facing (S1 CSA: "All units face NE")
    activations: str = ""  # default activations (S3 Union reinforcements: two)
    entry: tuple[str, ...] = ()  # entry hexes when the table has no entry column (S10 Union, L3304)
    condition: str = ""  # a setup printed for a later, triggered arrival (S8 2nd/6th Divisions, L2518)


def _t(table_id: str, first: int, last: int, anchor: str, columns: tuple[str, ...]) -> TableSpec:
    return TableSpec(table_id, first, last, anchor, columns, sep="\t")


SETUP3 = ("location", "unit", "command")
FUSED3 = ("time_entry", "unit", "command")

_FAT = {"0": "fatigue-0", "OK": "fatigue-ok", "1": "fatigue-1", "2": "fatigue-2"}


def fatigue(line: int, level: str, *leaders: str) -> Effect:
    return Effect(line, leaders, "brigade", status=(_FAT[level],), note=f"brigade Fatigue {level} (L{line})")


def ci(line: int, *leaders: str) -> Effect:
    return Effect(line, leaders, "brigade", status=("ci",), note=f"brigade CI at start (L{line})")


def _corps(line: int, corps: str, *names: str) -> Effect:
    return Effect(line, names, note=f"ad hoc command: {corps}'s corps (L{line})")


# Scenario 8's ad hoc Confederate command structure (L2579-2621) and its bivouac lists
# (L2660-2688). The lists contradict each other for 12 TN (Russell and Gibson), 5 TN
# (Cleburne and Johnson) and 1 AL (as "Clanton Cav" and "1 AL a & b Cav"): such units carry
# both notes rather than a choice. 2 TN is named by id because two counters share the name.
S8_CORPS = (
    _corps(2581, "Bragg", "Girardey Bty", "Shaver", "6 AR", "2 AR", "7 AR", "4 TN", "Smith Bty", "Wood", "44 TN",
           "16 AL", "27 TN", "8 AR", "9 AR Bn", "Russell", "22 TN", "13 TN", "12 TN", "33 TN", "Stephens", "6 TN",
           "9 TN", "1 LA", "22 AL", "Ketchum Bty a", "Ketchum Bty b", "Pond", "16 LA", "18 LA", "Orleans Guard",
           "38 TN", "Cheatham", "3 Confederate", "Miller Bty", "Swett Bty", "GA Dragoons", "55 TN", "3 MS Bn",
           "7 KY", "MS & AL Cav", "1 MS a Cav", "1 MS b Cav"),
    _corps(2592, "Polk", "Byrne Bty", "Trabue", "4 AL Bn", "Crew's TN Bn", "5 KY", "6 KY", "4 KY", "3 KY", "31 AL",
           "Anderson", "1 FL Bn", "Confederate Guards", "9 TX", "20 LA", "11 LA", "Gibson", "1 AR", "13 LA", "12 TN",
           "Cleburne", "15 AR", "5 TN", "23 TN", "24 TN", "Ruggles", "Calvert Bty", "Hubbard Bty", "Trigg Bty",
           "6 MS", "17 LA", "Morgan Cav", "Jenkins Cav"),
    _corps(2601, "Breckinridge", "Stewart", "13 AR", "CS:2 TN@2/-/3", "Bankhead Bty", "Harper Bty", "Bowen",
           "1 MO", "9 AR", "10 AR", "2 Confederate", "Hudson Bty", "Statham", "28 TN", "45 TN", "19 TN", "22 MS",
           "15 MS", "20 TN", "Stanford Bty", "Clark", "Watson Bty", "Rutledge Bty"),
    _corps(2611, "Hardee", "Chalmers", "7 MS", "10 MS", "9 MS", "5 MS", "52 TN", "Gladden", "21 AL", "26 AL",
           "25 AL", "Robertson Bty", "Jackson", "19 AL", "2 TX", "Johnson", "154 TN", "Blythe MS", "CS:2 TN@1/2/1",
           "15 TN", "5 TN", "1 TN Bn", "19 LA", "Crescent LA", "Washington Bty", "McClung Bty", "1 AL a Cav",
           "1 AL b Cav", "Withers", "17 AL", "18 AL", "Gage Bty"),
)
S8_BIVOUAC = Effect(2652, (
    "3 Confederate", "Miller Bty", "Swett Bty", "GA Dragoons", "55 TN", "3 MS Bn", "7 KY", "MS & AL Cav",
    "1 MS a Cav", "1 MS b Cav", "Calvert Bty", "Hubbard Bty", "Trigg Bty", "6 MS", "17 LA", "Morgan Cav",
    "Jenkins Cav", "Watson Bty", "Rutledge Bty", "17 AL", "18 AL", "Gage Bty", "8 TX a Cav", "8 TX b Cav",
    "Adams a Cav", "Adams b Cav", "Roberts Bty"), orders="Advance",
    note="in bivouac (L2660-2688): moves only when its corps may, toward its brigade or division leader, until in "
    "that leader's Command Range, fired on or shocked, or in LOS of an enemy unit (L2652-2658)")

TABLES: tuple[ItwTable, ...] = (
    # ---------------------------------------------------------------- Scenario 1 (30.1)
    ItwTable(_t("S1 Union Setup", 792, 910, "Location\tUnit\tCommand\tFacing",
                ("location", "unit", "command", "facing")), "S1", UNION, "setup", APR6, "abcd",
             effects=(
                 Effect(914, ("Markgraf Bty",), note="moves one hex per Activation within Pittsburg Landing "
                        "field or field boundary, incl. facing changes; no fire after moving (L914, BB 14.6)"),
                 Effect(915, ("16 IA", "23 MO"), note="unbrigaded: activates with the Unassigned; stays within "
                        "the Pittsburg Landing field boundary until 10 AM (L915)"),
                 Effect(916, ("15 MI",), status=("ammo-no",), note="no ammo, cannot resupply; moves toward "
                        "Prentiss; removal UDD within five hexes and LOS of the enemy (L916)"),
                 Effect(790, ("Peabody", "Det A", "Det B", "Det C"), scope="brigade", clear_orders=True,
                        note="not in Reserve at start (L790)"),
             ),
             orders="Reserve", orders_line=790),
    ItwTable(_t("S1 Union Reinf", 926, 961, "Time\tLocation\tUnits",
                ("time", "entry", "unit", "command", "activations", "fatigue")), "S1", UNION, "reinf", APR6, "*†",
             effects=(
                 Effect(975, ("15 IA",), note="activates with the Unassigned; stays within the Pittsburg Landing "
                        "field boundary until 10 AM (L975)"),
                 Effect(976, ("Madison Bty",), note="moves one hex per Activation within Pittsburg Landing field "
                        "or field boundary, incl. facing changes; no fire after moving (L976, BB 14.6)"),
             )),
    ItwTable(_t("S1 Confederate Setup", 984, 1063, "Location\tUnit\tCommand", SETUP3), "S1", CSA, "setup", APR6,
             effects=(Effect(1067, ("3 MS Bn", "15 AR"), note="exempt from the Continuous Line rule (L1067)"),),
             orders="Advance", orders_line=982, facing="NE"),
    ItwTable(_t("S1 Confederate Reinf", 1073, 1096, "Time\tLocation\tUnit/Formation",
                ("time", "entry", "unit", "command", "activations")), "S1", CSA, "reinf", APR6),
    # ---------------------------------------------------------------- Scenario 2 (30.2)
    ItwTable(_t("S2 Confederate Setup", 1249, 1287, "Location\tUnit/Leader\tCommand", SETUP3), "S2", CSA,
             "setup", APR6, "abc",
             effects=(Effect(1291, ("Wood",), "brigade", orders="Advance or Attack"),
                      Effect(1292, ("Shaver", "Gladden"), "brigade", orders="Attack"),
                      Effect(1293, ("Chalmers",), "brigade", orders="Advance"))),
    ItwTable(_t("S2 Union Setup", 1297, 1310, "Location\tUnit\tCommand", SETUP3), "S2", UNION, "setup", APR6,
             "abcd",
             effects=(Effect(1314, ("Prentiss",), note="Prentiss's cavalry does not participate (L1314)"),
                      Effect(1315, ("Peabody", "Miller"), "brigade", orders="Advance"),
                      Effect(1316, ("Peabody",), constraint="with-formation 1/6/T",
                             note="sets up with any unit of his command (L1316)"),
                      Effect(1185, ("15 MI",), status=("ammo-no",), note="attached to Miller; no ammunition, may "
                             "not resupply (L1185); In Command at the start of 8 AM, traces to Miller for 9 AM "
                             "(L1317)"))),
    # ---------------------------------------------------------------- Scenario 3 (30.3)
    ItwTable(_t("S3 Confederate Setup", 1445, 1498, "Location\tUnit/Leader\tCommand", SETUP3), "S3", CSA,
             "setup", APR6, orders="Advance or Attack", orders_line=1502,
             effects=(Effect(1341, ("Shaver", "Wood"), "brigade", note="may not move north of row Sxx14 during "
                             "8 AM until a Peabody regiment moves or retreats north of it or all rout (L1341)"),
                      Effect(1342, ("Wood",), "brigade", note="may change orders once without a die roll during "
                             "8 AM (L1342)"),
                      Effect(1343, ("6 MS", "23 TN"), note="must rally before they can move (L1343)"))),
    ItwTable(_t("S3 Union Setup", 1508, 1540, "Location\tUnit/Leader\tCommand", SETUP3), "S3", UNION, "setup",
             APR6, "ab",
             effects=(Effect(1544, ("Sherman", "Peabody"), "brigade", note="may set up in Extended Line; parent "
                             "or extension in the listed hex (L1544)"),
                      Effect(1545, ("Raith",), "brigade", note="one Fatigue level if it uses both 8 AM "
                             "Activations (L1545)")),
             orders="Advance", orders_line=1547),
    ItwTable(_t("S3 Union Reinf", 1553, 1559, "Time and Entry Hex", FUSED3), "S3", UNION, "reinf", APR6,
             activations="2"),
    # ---------------------------------------------------------------- Scenario 4 (30.4)
    ItwTable(_t("S4 Union Setup", 1664, 1707, "Location\tUnit/Leader\tCommand", SETUP3), "S4", UNION, "setup",
             APR6, "abcde",
             effects=(Effect(1711, ("McArthur",), status=("out-of-command",), note="commands 9 IL, 12 IL and "
                             "50 IL of Sweeny's brigade; starts Out of Command (L1711-1713)"),
                      Effect(1711, ("50 IL",), note="attached to McArthur; may reattach to Sweeny (L1711)"),
                      Effect(1714, ("Stuart",), note="brigade attachable to any division; no Sherman +1 (L1714)"),
                      fatigue(1715, "1", "Peabody"),
                      Effect(1715, ("Peabody",), note="16 WI eliminated, counts for combat effectiveness (L1715)"),
                      fatigue(1716, "1", "Miller"), ci(1716, "Miller"),
                      Effect(1717, ("23 MO",), note="may attach to either Prentiss brigade (L1717)"))),
    ItwTable(_t("S4 Union Reinf", 1723, 1725, "Time and Entry Hex(es)", FUSED3), "S4", UNION, "reinf", APR6,
             "abc",
             effects=(Effect(1729, ("1 Bn 11 IL Cav", "2 Bn 11 IL Cav"), note="one less AM than Prentiss on "
                             "the 11 AM turn, minimum one (L1729)"),
                      Effect(1730, ("Tyler",), activations="1", note="may not fire until the 3 PM turn (L1730)"),
                      Effect(1731, ("Lexington",), activations="2", note="may not fire until its second AM "
                             "(L1731)"))),
    ItwTable(_t("S4 Confederate Setup", 1737, 1793, "Location\tUnit/Leader\tCommand", SETUP3), "S4", CSA,
             "setup", APR6, "abcd",
             effects=(fatigue(1797, "OK", "Chalmers"), fatigue(1798, "1", "Gladden", "Shaver", "Wood"),
                      ci(1798, "Gladden"),
                      Effect(1799, ("Cleburne",), note="his command counts as a brigade of two units for "
                             "Combat Effectiveness (L1799)"),
                      Effect(1800, ("Jenkins Cav", "GA Dragoons"), note="attached to Withers' division (L1800)"))),
    ItwTable(_t("S4 Confederate Reinf", 1806, 1815, "Time and Entry Hex(es)",
                ("time_entry", "unit", "command", "activations")), "S4", CSA, "reinf", APR6, "abcdef",
             effects=(Effect(1822, ("Ruggles",), note="occupied on the left until the counterattack was "
                             "repulsed (L1822)"),
                      Effect(1809, ("19 TN",), note="entry printed as S2927; Scenarios 1 and 10 bring 19 TN in at "
                             "S6927 (L1093, L3435) - kept as printed, flagged"),
                      Effect(1823, ("Crescent LA", "38 TN"), note="attached to Anderson; count for brigade "
                             "effectiveness (L1823)"),
                      Effect(1824, ("Bankhead Bty", "Stanford Bty", "Byrne Bty", "Ketchum Bty b"),
                             note="assigned to a division leader in play before entry; enters on that "
                             "division's AM (L1824)"),
                      Effect(1824, ("Ketchum Bty b",), strength=2, note="one section only: a two-gun battery "
                             "(L1824)"),
                      Effect(1825, ("Polk", "13 TN", "22 TN", "154 TN", "5 TN", "33 TN"), status=("fatigue-1",),
                             note="1 Corps composite brigade under Polk's direct command; starts Fatigue 1 "
                             "(L1825)"),
                      Effect(1826, ("Trabue",), "row", status=("fatigue-ok",), note="Trabue's brigade "
                             "Fatigue OK; 3 AMs at 5 PM, at least two at 6 PM (L1826)"))),
    # ---------------------------------------------------------------- Scenario 5 (30.5)
    ItwTable(_t("S5 Union Setup", 1908, 1991, "Location\tUnit/Leader\tCommand", SETUP3), "S5", UNION, "setup",
             APR6, "abcd",
             effects=(Effect(1852, ("14 MO SS", "81 OH"), note="may not activate until an enemy unit moves "
                             "within LOS or they start a turn within Grant's command radius (L1852)"),
                      Effect(1856, ("13 MO",), note="attached to McDowell (1/5/T) (L1856)"),
                      Effect(1857, ("50 IL",), note="attached to McArthur (2/2/T) (L1857)"),
                      Effect(1857, ("McArthur",), status=("out-of-command",), note="starts Out of Command (L1857)"),
                      Effect(1860, ("23 MO",), note="may be attached to Peabody or Miller at start (L1860)"),
                      Effect(1861, ("Veatch",), "brigade", note="brigade attached to McClernand's division (L1861)"),
                      Effect(1864, ("15 IA", "16 IA", "15 MI"), note="assignable to any Union brigade; until then "
                             "Unassigned AM, Fatigue tracked separately (L1864)"),
                      fatigue(1995, "0", "Hare", "Marsh", "Raith", "McDowell", "Veatch"),
                      fatigue(1996, "1", "Buckland", "Peabody", "Miller"), ci(1997, "Miller"),
                      Effect(1998, ("Morton Bty a",), note="Morton Bty b has been eliminated (L1998)")),
             orders="Advance or Attack", orders_line=1902),
    ItwTable(_t("S5 Confederate Setup", 2004, 2098, "Location\tUnit/Leader\tCommand", SETUP3), "S5", CSA,
             "setup", APR6, "abcd",
             effects=(Effect(1845, ("GA Dragoons", "Jenkins Cav"), note="assigned to Withers (L1845)"),
                      Effect(1846, ("15 AR", "24 TN", "35 TN"), note="attached to Pond; reassignable to Cleburne "
                             "(L1846)"),
                      fatigue(2102, "OK", "Pond", "Chalmers"), fatigue(2103, "0", "Johnson", "Russell", "Stewart"),
                      fatigue(2104, "1", "Anderson", "Gladden", "Shaver", "Wood"), ci(2105, "Gladden")),
             orders="Advance or Attack", orders_line=1902),
    # ---------------------------------------------------------------- Scenario 6 (30.6)
    ItwTable(_t("S6 Union Setup", 2227, 2248, "Location\tUnit/Leader\tCommand", SETUP3), "S6", UNION, "setup",
             APR6, "ab",
             effects=(Effect(2252, ("Veatch",), "brigade", orders="Advance"),
                      Effect(2141, ("6 IA", "46 OH", "40 IL", "13 MO"), note="Union attack regiment, Group 1 "
                             "(traces command to McDowell) (L2141)"),
                      Effect(2145, ("45 IL", "20 IL", "11 IL", "46 IL", "15 IL", "11 IA", "43 IL"),
                             note="Union attack regiment, Group 2 (L2145)"),
                      Effect(2149, ("15 IA", "16 IA"), note="may not move during 12 PM; may fire and change facing "
                             "one vertex (L2149)"),
                      Effect(2253, (), "brigades", status=("fatigue-0",), note="all US brigades Fatigue 0 "
                             "(L2253)"))),
    ItwTable(_t("S6 Confederate Setup", 2259, 2289, "Location\tUnit/Leader\tCommand", SETUP3), "S6", CSA,
             "setup", APR6, "ab",
             effects=(fatigue(2293, "0", "Russell", "Johnson", "Stewart"), fatigue(2294, "1", "Anderson"),
                      Effect(2166, ("15 AR", "24 TN", "35 TN"), note="attached to Pond; Cleburne not present (L2166)"),
                      Effect(2177, ("3 KY", "4 AL Bn", "Crew's TN Bn"), orders="Advance", note="Trabue's lost "
                             "units: may not move during 12 PM; freed on 0-4 at 1 PM (L2177-2179)"))),
    # ---------------------------------------------------------------- Scenario 7 (30.7)
    ItwTable(_t("S7 Confederate Setup", 2368, 2390, "up as the Confederate player desires.",
                SETUP3), "S7", CSA, "setup", APR6, "abcd",
             effects=(fatigue(2394, "1", "Russell", "Stewart", "Pond", "Chalmers", "Jackson", "Bowen"),
                      fatigue(2395, "2", "Anderson", "Gladden", "Cleburne", "Wood", "Statham", "Trabue"),
                      ci(2396, "Anderson", "Bowen", "Statham"),
                      Effect(2397, ("Stanford Bty", "Ketchum Bty"), note="may be assigned to the Reserve Corps "
                             "as a separate brigade (L2397)"))),
    ItwTable(_t("S7 Confederate Reinf", 2403, 2404, "Time and Entry Hex", FUSED3), "S7", CSA, "reinf", APR6),
    ItwTable(_t("S7 Union Setup", 2412, 2475, "Location\tUnit/Leader\tCommand", SETUP3), "S7", UNION, "setup",
             APR6, "abcdefg",
             effects=(fatigue(2479, "1", "Hare", "Marsh", "Raith", "Buckland", "McDowell", "Stuart", "Hildebrand",
                              "Veatch"),
                      fatigue(2480, "2", "Tuttle", "McArthur", "Sweeny", "Williams", "Lauman"),
                      ci(2481, "Hare", "Marsh", "Williams", "Veatch", "Lauman", "McDowell", "Hildebrand", "Stuart"),
                      Effect(2482, ("McClernand", "Hurlbut", "Sherman"), status=("division-ci",),
                             note="division CI at start (L2482)"),
                      Effect(2483, ("15 IA", "16 IA"), status=("fatigue-1",), note="Fatigue tracked individually "
                             "(L2483)"),
                      Effect(2483, ("1 Bn 11 IL Cav", "2 Bn 11 IL Cav", "Hickenlooper Bty a", "Munch Bty a",
                                    "Munch Bty b", "15 IA", "16 IA"),
                             note="Prentiss's units activate with the Unassigned AM (L2483)"),
                      fatigue(2484, "0", "Ammen"),
                      Effect(2485, ("W. Wallace",), constraint="free", note="replacement sets up as the Union "
                             "player desires (L2485)"))),
    # ---------------------------------------------------------------- Scenario 8 (30.8)
    ItwTable(_t("S8 Union 2nd and 6th Divisions", 2522, 2546, "Location\tUnit/Leader\tCommand", SETUP3), "S8",
             UNION, "setup", APR7,
             condition="sets up here at the start of the turn after enemy units end a turn east of column 40xx and "
             "north of row Nxx28, both inclusive (L2518)"),
    ItwTable(_t("S8 Union Setup", 2756, 2853, "Lagreian", SETUP3), "S8", UNION, "setup", APR7, "ab",
             effects=(ci(2857, "Stuart"), fatigue(2858, "0", "Rousseau"))),
    ItwTable(_t("S8 Confederate Setup", 2864, 2961, "Location\tUnit/Leader\tCommand", SETUP3), "S8", CSA,
             "setup", APR7, effects=S8_CORPS + (S8_BIVOUAC,)),
    # ---------------------------------------------------------------- Scenario 9 (30.9)
    ItwTable(_t("S9 Union Setup", 3105, 3110, "Location\tUnit/Leader\tCommand", SETUP3), "S9", UNION, "setup",
             APR6, effects=(Effect(3025, ("Det D",), strength=2, note="54 OH deploys one 2 SP detachment "
                                   "(L3025, BB 14.41-14.45)"),)),
    ItwTable(_t("S9 Union Reinf", 3116, 3118, "Time and Entry Hex", FUSED3), "S9", UNION, "reinf", APR6, "a",
             effects=(Effect(3122, ("50 IL",), note="attached to 2/2/T for this scenario (L3122)"),)),
    ItwTable(_t("S9 Confederate Setup", 3128, 3140, "Location\tUnit/Leader Command", SETUP3), "S9", CSA,
             "setup", APR6, "abc",
             effects=(fatigue(3144, "OK", "Chalmers"),
                      Effect(3145, ("5 MS",), note="52 TN omitted; 5 MS at full strength (L3145)"),
                      Effect(3146, ("9 MS", "7 MS", "10 MS"), note="at-start losses from earlier combat and "
                             "looting (L3146)"))),
    # ---------------------------------------------------------------- Scenario 10 (31.0)
    ItwTable(_t("S10 Union Reinf", 3306, 3319, "Date/Time\tUnit/Leader\tCommand",
                ("date_time", "unit", "command")), "S10", UNION, "reinf", APR5, "ab",
             entry=("N6420", "N6423"),
             effects=(Effect(3304, ("Tyler", "Lexington"), note="entry via N6420 or N6423 as printed (L3304); "
                             "BB 14.72 brings gunboats in on the north end of the river (N6401-6601)"),
                      Effect(3323, ("15 IA", "16 IA", "15 MI", "23 MO"), note="may be assigned to any brigade "
                             "(L3323)"),
                      Effect(3324, ("15 MI",), status=("ammo-no",), note="no ammunition; free resupply if it "
                             "starts an Activation in N5821 (L3324)"))),
    ItwTable(_t("S10 Confederate Setup", 3332, 3421, "*", SETUP3), "S10", CSA, "setup", APR5),
    ItwTable(_t("S10 Confederate Reinf", 3429, 3437, "Date, Time, Location", FUSED3), "S10", CSA, "reinf", APR5,
             effects=(Effect(3434, ("Adams a Cav", "Adams b Cav"), note="2 PM here; Scenario 1 brings Adams in at "
                             "1 PM (L1091) - kept as printed, flagged"),
                      Effect(3441, (), "all", note="order of entry of the April 5th 8 AM and 2 PM arrivals is "
                             "up to the Confederate player (L3441)"),)),
)

PLACEMENTS: tuple[Placement, ...] = (
    Placement("S7", CSA, 2366, ("Clark",), "free", ("replacement-leader",),
              "sets up as the Confederate player desires (L2366)"),
    Placement("S7", CSA, 2366, ("Polk", "Breckinridge", "Bragg", "Withers", "Ruggles"), "free", (),
              "sets up as the Confederate player desires (L2366)"),
    Placement("S7", UNION, 2410, ("Lexington", "Tyler"), "area river: any river hex", (),
              "placed by the Union player before the Confederate setup (L2410)"),
)
