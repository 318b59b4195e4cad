"""Write the rule data of the bundled games' rules.xlsx: the rows this tool owns, and every
row's `words` (the rule's words as its cited line prints them) and `rulebook` (the file of the
cited line when it is a series rulebook, not the game's own).

``python tools/rule_citations.py`` reads each ``sources/<game>/rules.xlsx``, sets the rows of
ROWS (adding those missing, by key), sets `words` from WORDS on the rows it names (by the
sheet's key columns), leaves every other row and cell as it is, and writes the workbook
byte-for-byte reproducibly, with the schema's columns. Replay it after any other tool that adds
rows (tools/victory_rule_rows.py): it adds only what is missing and changes only its cells.
tests/test_rule_citations.py holds every cited line to contain its words.
"""
from __future__ import annotations

import json
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gamedata.load import columns  # noqa: E402
from gamedata.workbook import SheetData, read_workbook, write_workbook  # noqa: E402

RSS = "002_bf5691fdb44795f2.txt"
SCHEMAS = {"Parameters": "rule-parameter", "Ranges": "rule-range", "Chain": "rule-chain",
           "Activation": "rule-activation"}
#: the columns that name a row of each sheet
KEYS = {"Parameters": ("key",), "Ranges": ("leader", "side"), "Chain": ("rule", "subject", "scenarios"),
        "Activation": ("leader", "members", "scenarios")}

Row = dict[str, Any]

#: rows written whole (game -> sheet -> rows): the rule data this tool owns
ROWS: dict[str, dict[str, list[Row]]] = {
    "atlanta": {"Parameters": [
        dict(key="resupply.ammo-statuses", value="low-ammo;out-of-ammo", section="RSS 28.2", rulebook_line=379,
             rulebook=RSS, words="the source for removing all “Low Ammo” and “No Ammo” markers",
             notes="Atlanta's markers: Low Ammo and out of ammunition (3.5, L182: 'the \"out of ammunition\" "
                   "condition')"),
        dict(key="resupply.enemy-distance", value=4, section="RSS 28.4", rulebook_line=389, rulebook=RSS,
             words="at least four hexes from any enemy unit",
             notes="the series rule (Atlanta's rulebook prints none for resupply)"),
        dict(key="resupply.wagon-distance", value=2, section="RSS 28.4", rulebook_line=389, rulebook=RSS,
             words="at or within 2 hexes of the supply wagon or train",
             notes="the series rule for every unit, small arms and artillery: Atlanta's rulebook prints a resupply "
                   "distance only for Confederate artillery (3.5, L182: resupply.automatic); which wagon serves "
                   "whom: RSS 28.2-28.3 (own corps wagon, else the Army Train) as Atlanta 2.4 (L140: cavalry from "
                   "either Army supply unit) and 3.2 (L166: Jackson's cavalry and the Georgia militia from any "
                   "corps train) amend it"),
        dict(key="resupply.ineligible-states", value="disorganized;routed", section="RSS 28.4", rulebook_line=389,
             rulebook=RSS, words="must be in a morale state of Shaken or better",
             notes="the statuses worse than Shaken (Atlanta's morale markers: shaken, disorganized, routed)"),
        dict(key="resupply.limbered", value="yes", section="RSS 28.4", rulebook_line=391, rulebook=RSS,
             words="Artillery must be limbered to be resupplied", notes="the series rule"),
        dict(key="resupply.automatic", value="Confederate:Art", section="3.5", rulebook_line=182,
             words="Ammunition is automatically replenished if the artillery is within 2 hexes of the Corps "
                   "supply wagon or the Army trains during the resupply phase",
             notes="Confederate artillery (which runs out of ammunition in this game, 3.5): replenished by the "
                   "wagon's distance alone, without the series rule's other conditions"),
        dict(key="resupply.automatic-distance", value=2, section="3.5", rulebook_line=182,
             words="within 2 hexes of the Corps supply wagon or the Army trains",
             notes="the distance for resupply.automatic"),
        dict(key="trace-floor", value=None, section="Terrain Effects Chart (CWB series)",
             notes="not in this rulebook: the cheapest movement point cost any hex or hexside can have on your "
                   "edition's CWB Terrain Effects Chart (the series chart is not in the rulebook set); filled, a "
                   "leader farther in hexes than his radius over it is out of command by hex distance alone"),
    ]},
    "cwb-regimental": {"Parameters": [
        dict(key="resupply.ammo-statuses", value="low-ammo;no-ammo", section="28.2", rulebook_line=379,
             words="the source for removing all “Low Ammo” and “No Ammo” markers",
             notes="the markers a resupply removes (28.1, L373, marks them)"),
        dict(key="trace-floor", value=None, section="Terrain Effects Chart (CWB series)",
             notes="not in this rulebook: the cheapest movement point cost any hex or hexside can have on your "
                   "edition's CWB Terrain Effects Chart (the series chart is not in the rulebook set); filled, a "
                   "leader farther in hexes than his radius over it is out of command by hex distance alone"),
    ]},
    "into-the-woods-shiloh": {"Parameters": [
        dict(key="resupply.camp-target", value=2, section="10.92", rulebook_line=397,
             words="in an infantry Camp (not cavalry or artillery) with a DR of 2 or less succeeding",
             notes="infantry Camp: DR of 2 or less, no supply line, first day of a scenario starting April 5th "
                   "or 6th (the rule at L397, not the design note before it)"),
        dict(key="resupply.artillery-lane", notes="[derived] artillery 'on a Farm Lane': 0 hexes from it"),
        dict(key="resupply.enemy-adjacent", notes="[derived] units 'adjacent to an enemy unit' (1 hex) are not "
                                                  "eligible"),
    ]},
}

#: words of the rows this tool does not own (game -> sheet -> key tuple -> words)
WORDS: dict[str, dict[str, dict[tuple, str]]] = {
    "atlanta": {
        "Parameters": {
            ("near-leaders.hexes",): "must, however, stay within 4 hexes of either Dodge or the division commander",
        },
        "Ranges": {
            ("level:corps", None): "not required to be within the usual 8 movement points of their Corps commander",
        },
        "Chain": {
            ("near-leaders", "1/2/16;2/2/16;2/16b(2);2/16db(2)", None):
                "stay within 4 hexes of either Dodge or the division commander",
            ("near-leaders", "1/4/16;3/4/16;4/16b(2);4/16db(1)", None):
                "stay within 4 hexes of either Dodge or the division commander",
            ("near-leaders", "16db(2)", None): "stay within 4 hexes of either Dodge or the division commander",
        },
    },
    "cwb-regimental": {
        "Parameters": {
            ("resupply.enemy-distance",): "at least four hexes from any enemy unit",
            ("resupply.wagon-distance",): "at or within 2 hexes of the supply wagon or train",
            ("resupply.ineligible-states",): "must be in a morale state of Shaken or better",
            ("resupply.limbered",): "Artillery must be limbered to be resupplied",
        },
        "Ranges": {
            ("level:corps", None): "Division leaders must always be at or within 12 movement points of their Corps HQ",
            ("level:division", None):
                "Brigade commanders must always be at or within 8 movement points of their division commanders",
            ("level:brigade", None): "Regiments must be at or within 6 movement points of their brigade commanders "
                                     "or adjacent to a unit of the same brigade which is in command",
        },
    },
    "hood-strikes-north": {
        "Activation": {
            ("Schofield", "USA IV;USA XXIII", None):
                "no more than *five infantry units* (belonging to IV and XXIII Corps only)",
            ("Schofield", "type:Wag", None): "and *three wagon trains* as part of the same activation",
            ("side:Union", "type:Wag", None): "any Union infantry or cavalry leader",
            ("Hatch", "Croxton-A;Croxton-B", "S1"):
                "Croxton's cavalry brigade may be activated by Hatch as part of an Activate Leader action",
            ("Hatch", "Croxton-A;Croxton-B", "S2"):
                "Croxton's Union cavalry brigade may be activated by division leader Hatch",
            ("R. Johnson", "Croxton-A;Croxton-B", "S3"):
                "Croxton's Union cavalry brigade may be activated by division leader R. Johnson",
            ("Stewart", "Johnson", "S3"): "Johnson's Confederate infantry division (part of Lee's corps) may be "
                                          "activated by corps leaders Stewart or Lee",
            ("R. Johnson", "Croxton-A;Croxton-B", "S4"): "Croxtan’s Union cavalry brigade may be activated by "
                                                         "division leader R. Johnson as part of an Activate Leader or "
                                                         "Assault action",
            ("Stewart", "Johnson", "S4"): "may be activated by corps leaders Stewart or Lee as part of an Activate "
                                          "Leader or Assault action",
            ("R. Johnson", "Croxton-A;Croxton-B", "S6"):
                "Croxtan's Union cavalry brigade may be activated by division leader R. Johnson",
            ("McCook;Long;Hatch;R. Johnson;Knipe;Wilson", "Croxton-A;Croxton-B", "S9"):
                "any Union cavalry division or corps leader",
        },
    },
    "into-the-woods-shiloh": {
        "Parameters": {
            ("trace-floor",): "Army and corps commanders use standard Leader movement costs (½ MP) for Command "
                              "Range on roads",
            ("bridge-hex",): "road and in-hex bridge over Shiloh Branch",
            ("bridge-clear",): "within four (three intervening) hexes",
            ("bridge-start-by",): "beginning at 8 AM or earlier",
            ("supply-source.Union",): "Pittsburg Landing for the Union",
            ("supply-source.Confederate",): "the intersection of Bark Road and Corinth Road",
            ("resupply.artillery-road",): "on or within one hex of a Road",
            ("resupply.artillery-lane",): "or on a Farm Lane",
            ("resupply.small-arms-road",): "on or within two hexes of a Road",
            ("resupply.small-arms-lane",): "on or within one hex of a Farm Lane",
            ("resupply.target",): "with a DR of 4 or less resupplying the unit",
            ("resupply.road-drm",): "If a Small Arms unit is on a Road, there is a DRM of −2",
            ("resupply.lane-drm",): "If the unit is on a Farm Lane, the DRM is −1",
            ("resupply.union-drm",): "Union units have a +3 DRM for Ammo Resupply",
            ("resupply.union-drm-until",): "until the end of the 10 AM turn of any first day scenario",
            ("resupply.enemy-adjacent",): "Units adjacent to an enemy unit are not eligible for Ammo Resupply",
            ("unassigned.am-cap",): "Unassigned units have a maximum number of 3 AMs",
            ("unassigned.am-declared",): "activates with the Unassigned AM",
            ("direct-command.brigades",): "can place any two brigades in their Command Range in Direct Command",
            ("direct-command.commanders",):
                "both A.S. Johnston and P.G.T. Beauregard are considered overall commanders of the Army of the",
            ("direct-command.declared",): "any two brigades in their Command Range in Direct Command",
        },
        "Ranges": {
            ("CS:A.S. Johnston", "Confederate"): "has half his Command Range (5 MPs)",
        },
        "Chain": {
            ("exempt", "level:division", None):
                "Union division leaders are considered In Command during the Division Orders Phase",
            ("alternate", "CS:Cleburne", None): "if either Hindman or Hardee can trace command to",
            ("attach-from", "type:Art;type:Cav", None):
                "No attachments of artillery or cavalry to brigades can be made by either side until 9 AM April 6th",
            ("attach-in-range", "type:Cav", None): "in Command Range of both the division leader and the brigade "
                                                  "leader during the Division Orders",
            ("attach-in-range", "US:15 IA;US:16 IA;US:23 MO", None):
                "may not attach to a brigade until within the range of the brigade commander",
            ("attach-in-range", "CS:47 TN", None): "when within range of the brigadier of that brigade",
            ("battery-limit", "level:brigade", None):
                "No brigade can have more than two batteries—unless starting the battle with more",
        },
    },
}
#: words of the Ranges rows by their movement class (game -> move -> words): the line they cite
#: gives the trace's costs; their ranges are printed on the counters
WORDS_BY_MOVE: dict[str, dict[str, str]] = {
    "into-the-woods-shiloh": {
        "command-brigade": "Brigade and division leaders use 1 MP per hex for tracing command on Roads",
        "command-army": "Army and corps commanders use standard Leader movement costs (½ MP) for Command Range on roads",
    },
}


def _key(sheet: str, row: Row) -> tuple:
    return tuple(row.get(c) or None for c in KEYS[sheet])


def update(path: Path, game: str) -> None:
    book = read_workbook(path)
    sheets = []
    for name, sheet in book.items():
        cols = columns(SCHEMAS[name]) if name in SCHEMAS else sheet.header
        rows = [dict(r.values) for r in sheet.rows]
        owned = {_key(name, r): r for r in ROWS.get(game, {}).get(name, [])}
        for r in rows:
            r.update(owned.pop(_key(name, r), {}))
        rows += owned.values()
        words = WORDS.get(game, {}).get(name, {})
        by_move = WORDS_BY_MOVE.get(game, {}) if name == "Ranges" else {}
        for r in rows:
            if _key(name, r) in words:
                r["words"] = words[_key(name, r)]
            elif not r.get("words") and r.get("move") in by_move:
                r["words"] = by_move[r["move"]]
        sheets.append(SheetData(name, tuple(cols), tuple({c: r.get(c) for c in cols} for r in rows)))
    write_workbook(path, sheets)


#: words of the scenario-rules.toml entries: (game, line, the entry's item, id or key) -> words
TOML_WORDS: dict[tuple[str, int, str], str] = {
    ('atlanta', 348, 'exits_unsettled'):
        'Wheeler will automatically leave the map by the same road in pursuit unless he succeeds in an '
        'initiative roll',
    ('atlanta', 382, 'Hex 49.35 (Decatur)'):
        'Hex 49.35 (Decatur)',
    ('atlanta', 383, 'Hex 15.32 (crossroads, Hill from which bombardment possible)'):
        'Hex 15.32 (crossroads, Hill from which bombardment possible',
    ('atlanta', 384, 'Hex 19.26 (Strategic crossroads)'):
        'Hex 19.26 (Strategic crossroads',
    ('atlanta', 747, 'Hex 15.32 (crossroads, Hill from which bombardment possible)'):
        'Hex 15.32 (crossroads, Hill from which bombardment possible',
    ('atlanta', 749, 'Hex 19.26 (Strategic crossroads)'):
        'Hex 19.26 (Strategic crossroads',
    ('atlanta', 879, 'Hex 49.35 (Decatur)'):
        'Hex 49.35 (Decatur)',
    ('atlanta', 881, 'Hex 15.32 (crossroads, Hill from which bombardment possible)'):
        'Hex 15.32 (crossroads, Hill from which bombardment possible',
    ('atlanta', 883, 'Hex 19.26 (Strategic crossroads)'):
        'Hex 19.26 (Strategic crossroads',
    ('atlanta', 495, '5.1d.4 Sherman asks Thomas to send help: 16.36 or any hex further West; 10, 20... hexes East after waiting'):
        '16.36 or any hex further',
    ('atlanta', 388, '5.1c.1 For Terrain: ** Score 5 for the first, 3 for second, and 1 for each additional'):
        'Score 5 for the first, 3 for second, and 1 for each additional',
    ('atlanta', 395, '5.1c.1 For Terrain: *** Take the largest of these'):
        'Take the largest of these',
    ('atlanta', 385, 'Hex 17.19 (Dominating height, bombardment possible)'):
        'Hex 17.19 (Dominating height, bombardment possible',
    ('atlanta', 386, 'Hex 18.14 (Bald Hill, from which bombardment is possible)'):
        'Hex 18.14 (Bald Hill, from which bombardment is possible',
    ('atlanta', 387, 'Hexes 11.21, 13.18, 16.14 (all of which allow bombardment)'):
        'Hexes 11.21, 13.18, 16.14 (all of which allow bombardment',
    ('atlanta', 389, 'Hex 42.01 (Exit hex to south)'):
        'Hex 42.01 (Exit hex to south',
    ('atlanta', 391, 'Hex 29.01 (Exit hex to south)'):
        'Hex 29.01 (Exit hex to south',
    ('atlanta', 393, 'Hex 9.01 (Exit hex to south)'):
        'Hex 9.01 (Exit hex to south',
    ('atlanta', 757, '5.2 Victory Conditions, 5.2c.1 For terrain: ** Score 5 for the first, 3 for second, and 1 for each additional'):
        'Score 5 for the first, 3 for second, and 1 for each additional',
    ('atlanta', 765, '5.2 Victory Conditions, 5.2c.1 For terrain: *** Take the largest of these'):
        'Take the largest of these',
    ('atlanta', 751, 'Hex 17.19 (Dominating height, bombardment possible)'):
        'Hex 17.19 (Dominating height, bombardment possible',
    ('atlanta', 753, 'Hex 18.14 (Bald Hill, from which bombardment is possible)'):
        'Hex 18.14 (Bald Hill, from which bombardment is possible',
    ('atlanta', 755, 'Hexes 11.21, 13.18, 16.14 (all of which allow bombardment)'):
        'Hexes 11.21, 13.18, 16.14 (all of which allow bombardment',
    ('atlanta', 759, 'Hex 42.01 (Exit hex to south)'):
        'Hex 42.01 (Exit hex to south',
    ('atlanta', 761, 'Hex 29.01 (Exit hex to south)'):
        'Hex 29.01 (Exit hex to south',
    ('atlanta', 763, 'Hex 9.01 (Exit hex to south)'):
        'Hex 9.01 (Exit hex to south',
    ('atlanta', 891, "5.3's victory conditions, printed '5.2c.1 For terrain': ** Score 5 for the first, 3 for second, and 1 for each additional"):
        'Score 5 for the first, 3 for second, and 1 for each additional',
    ('atlanta', 899, "5.3's victory conditions, printed '5.2c.1 For terrain': *** Take the largest of these"):
        'Take the largest of these',
    ('atlanta', 885, 'Hex 17.19 (Dominating height, bombardment possible)'):
        'Hex 17.19 (Dominating height, bombardment possible',
    ('atlanta', 887, 'Hex 18.14 (Bald Hill, from which bombardment is possible)'):
        'Hex 18.14 (Bald Hill, from which bombardment is possible',
    ('atlanta', 889, 'Hexes 11.21, 13.18, 16.14 (all of which allow bombardment)'):
        'Hexes 11.21, 13.18, 16.14 (all of which allow bombardment',
    ('atlanta', 893, 'Hex 42.01 (Exit hex to south)'):
        'Hex 42.01 (Exit hex to south',
    ('atlanta', 895, 'Hex 29.01 (Exit hex to south)'):
        'Hex 29.01 (Exit hex to south',
    ('atlanta', 897, 'Hex 9.01 (Exit hex to south)'):
        'Hex 9.01 (Exit hex to south',
    ('atlanta', 419, 'For every unwrecked Confederate cavalry brigade that exits the North edge of Map A East of 45.35 inclusive, on turn 2 (12:30) or earlier'):
        'For every unwrecked Confederate cavalry brigade that exits the North edge of Map A East of 45.35 '
        'inclusive, on turn 2 (12:30) or earlier',
    ('atlanta', 421, 'As above, for cavalry exiting East of 45.35 from turn 3 to turn 4(1:30)'):
        'As above, for cavalry exiting East of 45.35 from turn 3 to turn 4(1:30',
    ('atlanta', 423, 'For Confederate cavalry exiting the North edge on turn 6 (2:30) or earlier, except for cases above.'):
        'For Confederate cavalry exiting the North edge on turn 6 (2:30) or earlier, except for cases above.',
    ('atlanta', 427, 'For any Union infantry brigade of "A" strength sent off the North edge of the map to help guard the trains prior to turn 5 (2:00), or the exit of three or more Confederate cavalry brigades (whichever comes last). This may be credited only to the extent points are granted for cavalry above. Once ordered off, the unit does not reenter. For brigades of other strengths, scale accordingly (e.g. 3 for AB, 1 for B). Count wrecked brigades at half value.'):
        'For any Union infantry brigade of "A" strength sent off the North edge of the map to help guard the '
        'trains prior to turn 5 (2:00), or the exit of three or more Confederate cavalry brigades (whichever '
        'comes last). This may be credited only to the extent points are granted for cavalry above. Once '
        'ordered off, the unit does not reenter. For brigades of other strengths, scale accordingly (e.g. 3 '
        'for AB, 1 for B). Count wrecked brigades at half value.',
    ('hood-strikes-north', 1093, 'exits_basis'):
        'The following rules are used only in the Advanced Game (Scenario 9), unless they are specifically '
        'called for in the special rules of a Basic Game scenario',
    ('hood-strikes-north', 210, 'union-rows-01-02'):
        'Union units may not enter',
    ('hood-strikes-north', 296, 'union-rows-01-02'):
        'Union units may not enter',
    ('hood-strikes-north', 1690, 'union-rows-01-02'):
        'On Turns 1 through 5, Union units may not enter',
    ('hood-strikes-north', 571, 'csa-near-nashville'):
        'Confederate units may not move, attack, or retreat to within 3 hexes of any Nashville city',
    ('hood-strikes-north', 725, 'csa-near-nashville'):
        'Confederate units may never enter a hex within 3 hexes of Nashville (5706-5707',
    ('hood-strikes-north', 726, 'union-rows-09'):
        'Union units may never enter a hex whose last two digits number "09" or less',
    ('hood-strikes-north', 808, 'union-column-44'):
        'Union units may not move or attack into',
    ('hood-strikes-north', 809, 'csa-near-nashville'):
        'Confederate units may not move, attack, or retreat into any hex within 2 hexes of Nashville (5706',
    ('hood-strikes-north', 1700, 'de-dn-west-of-38'):
        'units may not enter any hex whose first two digits number "38" or less until the',
    ('hood-strikes-north', 190, 'cumberland-north-bank'):
        'Confederate units may never cross',
    ('hood-strikes-north', 1651, '14.0 Exiting the Map, Confederate Player'):
        'Confederate Player: Hexes 0111, 0125, and 0131',
    ('hood-strikes-north', 1653, '14.0 Exiting the Map, Union Player'):
        'Union Player: Hexes 5134, 5233, 5334, 5433, 5833, 5829, 5806, and 5805',
    ('hood-strikes-north', 1334, '5.2 Union cavalry, Off-Map Removal and Cavalry Return Segments'):
        'If one or more cavalry units occupy hex 5805 or 5806 (just north of Nashville), the Union player may'
        ' place none, some, or all of them temporarily off map',
    ('hood-strikes-north', 218, 'If an undemoralized Confederate unit occupies Columbia (1715).'):
        'If an undemoralized Confederate unit occupies Columbia (1715).',
    ('hood-strikes-north', 219, 'If an undemoralized Confederate unit occupies Ft. Mizner (1714).'):
        'If an undemoralized Confederate unit occupies Ft. Mizner (1714).',
    ('hood-strikes-north', 220, 'For each Union infantry unit that is either not within 3 hexes of Columbia (1715) or has been destroyed (for any reason; combat/retreat losses still apply, see below). This applies to all Union infantry, including Ruger and Moore.'):
        'For each Union infantry unit that is either not within 3 hexes of Columbia (1715) or has been '
        'destroyed (for any reason; combat/retreat losses still apply, see below). This applies to all Union '
        'infantry, including Ruger and Moore.',
    ('hood-strikes-north', 221, 'For each undemoralized Confederate cavalry brigade north of the Duck River, rounded up. For example, if 3 undemoralized Confederate cavalry brigades end the game north of the Duck River 1½ VP are rounded up to 2 VP.'):
        'For each undemoralized Confederate cavalry brigade north of the Duck River, rounded up. For example,'
        ' if 3 undemoralized Confederate cavalry brigades end the game north of the Duck River 1½ VP are '
        'rounded up to 2 VP.',
    ('hood-strikes-north', 222, 'For each point of Union Manpower value lost in combat, retreat, or cavalry retreat (not in extended march, force march, or moving from one enemy ZOC to another).'):
        'For each point of Union Manpower value lost in combat, retreat, or cavalry retreat (not in extended '
        'march, force march, or moving from one enemy ZOC to another).',
    ('hood-strikes-north', 223, 'For each point of Confederate Manpower value lost in combat, retreat, or cavalry retreat (not in extended march, force march, or moving from one enemy ZOC to another).'):
        'For each point of Confederate Manpower value lost in combat, retreat, or cavalry retreat (not in '
        'extended march, force march, or moving from one enemy ZOC to another).',
    ('hood-strikes-north', 1709, 'If the Confederate player occupies either Nashville city hex (5706 or 5707) during any VP Phase with an undemoralized infantry division, the game immediately ends in a Confederate Decisive Victory.'):
        'If the Confederate player occupies either Nashville city hex (5706 or 5707) during any VP Phase with'
        ' an undemoralized infantry division, the game immediately ends in a Confederate Decisive Victory.',
    ('hood-strikes-north', 1710, 'For each VP Phase in which an undemoralized Confederate infantry division or brigade occupies Columbia (1715).'):
        'For each VP Phase in which an undemoralized Confederate infantry division or brigade occupies '
        'Columbia (1715).',
    ('hood-strikes-north', 1711, 'For each VP Phase in which an undemoralized Confederate infantry division or brigade occupies Franklin (4010).'):
        'For each VP Phase in which an undemoralized Confederate infantry division or brigade occupies '
        'Franklin (4010).',
    ('hood-strikes-north', 941, 'If at least one undemoralized Confederate infantry division occupies Columbia (1715).'):
        'If at least one undemoralized Confederate infantry division occupies Columbia (1715).',
    ('hood-strikes-north', 1072, 'If an undemoralized Union infantry division occupies Lynnvill (0423) or Colored Church (0324). The maximum VP award for this accomplishment, even if both hexes are Union-occupied, is 15.'):
        'If an undemoralized Union infantry division occupies Lynnvill (0423) or Colored Church (0324). The '
        'maximum VP award for this accomplishment, even if both hexes are Union-occupied, is 15.',
    ('hood-strikes-north', 589, 'If an undemoralized Confederate unit enters Franklin (4010) on Turn 1. This VP award may only be gained once per game, and only on Turn 1.'):
        'If an undemoralized Confederate unit enters Franklin (4010) on Turn 1. This VP award may only be '
        'gained once per game, and only on Turn 1.',
    ('hood-strikes-north', 356, 'If an undemoralized Confederate unit of any type enters or retreats into Columbia (1715) on Turn 4 or earlier. This VP loss may only be applied once, at the end of the game, and may not be applied if a Confederate unit enters Columbia on Turn 5 or later. **Exceptions:** If at any time on Turn 4 or earlier, all Union wagon trains on the map are situated six or fewer hexes from Franklin (4010), regardless of Confederate units or their ZOC, this victory condition is voided and may never be applied at the end of the game. Even if one or two Union wagons have been eliminated, this victory condition is voided as long as all surviving Union wagons are situated 6 or fewer hexes from Franklin on Turn 4 or earlier. Also, this VP deduction is not applied if a Confederate unit routs into Columbia.'):
        'If an undemoralized Confederate unit of any type enters or retreats into Columbia (1715) on Turn 4 '
        'or earlier. This VP loss may only be applied once, at the end of the game, and may not be applied if'
        ' a Confederate unit enters Columbia on Turn 5 or later. **Exceptions:** If at any time on Turn 4 or '
        'earlier, all Union wagon trains on the map are situated six or fewer hexes from Franklin (4010), '
        'regardless of Confederate units or their ZOC, this victory condition is voided and may never be '
        'applied at the end of the game. Even if one or two Union wagons have been eliminated, this victory '
        'condition is voided as long as all surviving Union wagons are situated 6 or fewer hexes from '
        'Franklin on Turn 4 or earlier. Also, this VP deduction is not applied if a Confederate unit routs '
        'into Columbia.',
    ('into-the-woods-shiloh', 333, "9.7 Reinforcements: deferred arrival until the end of the turn's Activations"):
        'may elect to defer arrival until the end of all Activations',
    ('into-the-woods-shiloh', 335, '9.7 Reinforcements: entry hex adjacent to an enemy unit, the closest hex on either side'):
        'the closest hex on either side',
    ('into-the-woods-shiloh', 335, '9.7 Reinforcements: the shift is not available at the Pittsburg Landing hexes'):
        'This option is not available for Pittsburg Landing hexes',
    ('into-the-woods-shiloh', 965, 'Reinforcements Notes: A, B, C and D designate order of arrival, A first; batteries in any order (the Confederate notes, L1102, say the same)'):
        'A, B, C, and D in Activations column designate order of arrival. A is first ... Batteries may arrive'
        ' before or after infantry in any order',
    ('into-the-woods-shiloh', 1100, 'S1 Confederate reinforcements, S1234*: anywhere on the south map edge within three hexes of the entry hex'):
        'anywhere on the south map edge within three hexes of the entry',
    ('into-the-woods-shiloh', 504, 'detachments-north-of-sxx24'):
        'Detachments must remain north of Row Sxx24 (inclusive',
    ('into-the-woods-shiloh', 2130, 's6-east-of-38xx'):
        'No unit may end movement east of the 38xx hex',
    ('into-the-woods-shiloh', 518, 'cavalry-near-friends'):
        'Unless under Attack Orders, cavalry cannot end its move further than four hexes away from any '
        'friendly',
    ('into-the-woods-shiloh', 731, 'Confederate division CI at game end'):
        'For each Confederate division that is CI at the end of the game, the Union player is awarded 10 '
        "points. Breckinridge's corps counts as a division",
    ('into-the-woods-shiloh', 731, 'Confederate brigade CI at game end'):
        'For each Confederate brigade that is CI at the end of the game, the Union player is awarded five '
        'points',
    ('into-the-woods-shiloh', 735, 'Union division CI at game end'):
        'For each Union division that is CI at the end of the game, the Confederate is awarded five points',
    ('into-the-woods-shiloh', 735, 'Union brigade CI at game end'):
        'For each Union brigade that is CI at the end of the game, the Confederate is awarded three points',
    ('into-the-woods-shiloh', 740, 'enemy battery eliminated at game end'):
        'For each enemy battery eliminated at the end of the game, a player is awarded one point',
    ('into-the-woods-shiloh', 1387, 'Shiloh Church'):
        'Shiloh Church: S2706',
    ('into-the-woods-shiloh', 1387, "Sherman's HQ"):
        "Sherman's HQ: S2905",
    ('into-the-woods-shiloh', 1389, 'Owl Creek area'):
        'Owl Creek area: S1401 (N1434)',
    ('into-the-woods-shiloh', 1391, 'Crossroad'):
        'Crossroad at S2902',
    ('into-the-woods-shiloh', 1401, 'Review Field'):
        'S3604 (Review Field)',
    ('into-the-woods-shiloh', 1403, 'Lost Field'):
        'S3609 (Lost Field)',
    ('into-the-woods-shiloh', 1405, 'Ben Howell field'):
        'S2604 (Ben Howell field)',
    ('into-the-woods-shiloh', 1411, "each CI Union brigade (not Peabody's)"):
        "scores 1 VP for each CI Union brigade (Exception: no points are awarded for Peabody's brigade)",
    ('into-the-woods-shiloh', 1412, 'each CI Confederate brigade'):
        'The Confederate player loses 1 VP for each CI Confederate brigade',
    ('into-the-woods-shiloh', 749, "control of Spain's Field"):
        "Spain's 8 AM 5 VP",
    ('into-the-woods-shiloh', 750, 'control of Lost and Barnes Fields'):
        'Lost, Barnes 9 AM 5 VP',
    ('into-the-woods-shiloh', 751, 'control of Review and Ben Howell Fields'):
        'Review, Ben Howell 10 AM 5 VP',
    ('into-the-woods-shiloh', 752, 'control of Larkin Bell Field'):
        'Larkin Bell 11 AM 5 VP',
    ('into-the-woods-shiloh', 753, 'control of Russian Tenant, Perry, Mulberry, Chambers and Hagy Fields'):
        'Russian Tenant, Perry, Mulberry, Chambers, and Hagy',
    ('into-the-woods-shiloh', 755, 'each field controlled west or south of Tilghman Branch-N4023-N5229-Dill Branch'):
        'west or south of the line',
}

_HEADER = re.compile(r"^\s*\[\[?[^\]]+\]\]?\s*(#.*)?$")
_LINE = re.compile(r"^\s*line\s*=\s*\d+\s*(#.*)?$")
_INLINE = re.compile(r"^(\s*[A-Za-z_][\w-]*\s*=\s*\{.*)\}(\s*(#.*)?)$")


def _chunks(text: str) -> list[list[str]]:
    """The file's lines cut at each table header (a header starts its chunk)."""
    chunks: list[list[str]] = [[]]
    for line in text.split("\n"):
        if _HEADER.match(line):
            chunks.append([])
        chunks[-1].append(line)
    return chunks


def _body(chunk: list[str]) -> dict[str, Any]:
    lines = chunk[1:] if chunk and _HEADER.match(chunk[0]) else chunk
    return tomllib.loads("\n".join(lines))


def ident(entry: dict[str, Any]) -> str:
    """What tells apart the entries citing one line: their item, id or key, else their section."""
    return str(entry.get("item") or entry.get("id") or entry.get("_key") or entry.get("section", ""))


def blocks(text: str) -> Iterator[dict[str, Any]]:
    """Every citing entry of a scenario-rules.toml text: tables and one-line inline tables."""
    for chunk in _chunks(text):
        body = _body(chunk)
        if "line" in body:
            yield body
        for key, value in body.items():
            if isinstance(value, dict) and "line" in value:
                yield {**value, "_key": key}


def with_words(text: str, game: str) -> str:
    """``text`` with `words` added to each entry TOML_WORDS gives and that has none."""
    out: list[str] = []
    for chunk in _chunks(text):
        body = _body(chunk)
        lines = list(chunk)
        words = TOML_WORDS.get((game, body.get("line", 0), ident(body))) if "words" not in body else None
        for i, line in enumerate(lines):
            if words and _LINE.match(line):
                lines.insert(i + 1, f"words = {json.dumps(words, ensure_ascii=False)}")
                break
        for i, line in enumerate(lines):
            m = _INLINE.match(line)
            if m:
                key = line.split("=", 1)[0].strip()
                value = body.get(key)
                if isinstance(value, dict) and "line" in value and "words" not in value:
                    w = TOML_WORDS.get((game, value["line"], key))
                    if w:
                        lines[i] = f"{m.group(1).rstrip()}, words = {json.dumps(w, ensure_ascii=False)} }}{m.group(2)}"
        out.extend(lines)
    return "\n".join(out)


def main() -> None:
    for path in sorted((ROOT / "sources").glob("*/rules.xlsx")):
        update(path, path.parent.name)
    for path in sorted((ROOT / "sources").glob("*/scenario-rules.toml")):
        text = path.read_text(encoding="utf-8")
        new = with_words(text, path.parent.name)
        if new != text:
            path.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    main()
