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
    ]},
    "into-the-woods-shiloh": {"Parameters": [
        dict(key="resupply.camp-target", value=2, section="10.92", rulebook_line=397,
             words="in an infantry Camp (not cavalry or artillery) with a DR of 2 or less succeeding",
             notes="infantry Camp: DR of 2 or less, no supply line, first day of a scenario starting April 5th "
                   "or 6th (the rule at L397, not the design note before it)"),
    ]},
}

#: words of the rows this tool does not own (game -> sheet -> key tuple -> words)
WORDS: dict[str, dict[str, dict[tuple, str]]] = {}


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
        for r in rows:
            if _key(name, r) in words:
                r["words"] = words[_key(name, r)]
        sheets.append(SheetData(name, tuple(cols), tuple({c: r.get(c) for c in cols} for r in rows)))
    write_workbook(path, sheets)


def main() -> None:
    for path in sorted((ROOT / "sources").glob("*/rules.xlsx")):
        update(path, path.parent.name)


if __name__ == "__main__":
    main()
