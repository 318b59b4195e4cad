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

import sys
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


def main() -> None:
    for path in sorted((ROOT / "sources").glob("*/rules.xlsx")):
        update(path, path.parent.name)


if __name__ == "__main__":
    main()
