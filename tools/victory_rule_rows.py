"""The rules.xlsx rows of the cheap rule checks (issue 23 item 3), as data.

``python tools/rule_citations.py`` writes them: it adds each row whose key (Parameters) or whose
rule, subject and side (Chain) the workbook does not have yet and leaves every present row as it
is (ADDED below). Into the Woods: A.S. Johnston's abilities (4.11), Stuart's Activations (5.26),
orders (9.22, 9.7, 4.25, 14.44), batteries and cavalry attached (4.32, 4.25), units that never
deplete (10.92, 14.75), merged Fatigue (17.0), S7's collapse (30.7), detachments (14.41, 14.43,
14.47), gunboats (14.76), the cavalry battalions' unstacking (14.52); Hood Strikes North: the
initiative rolls (1.0 A, 3.0 and each scenario's Initiative and Turn 1 Start rules). Third round: Into
the Woods' Johnston loss roll (12.77), S1's Continuous Line, Markgraf's and Madison's batteries (14.6);
the CWB Regimental Sub-Series' close combat odds (23.0e).
"""

from __future__ import annotations

from typing import Any

ITW_P = [
    ("johnston.unit", "CS:A.S. Johnston", "4.11", 107, "the commander whose abilities are counted"),
    ("johnston.abilities", "Attack Orders;Aggressive;Green;Extra Activation", "4.11", 114,
     "the words a chat line naming Johnston uses for each ability (each once per turn)"),
    ("johnston.march-ability", "March Order;March Orders", "4.11", 122,
     "the words of the alternative: two brigades in March Order, not with the other abilities or Direct Command"),
    ("johnston.march-from", "09:00", "4.11", 122, "the March ability from the 9 AM turn"),
    ("johnston.march-brigades", 2, "4.11", 122, "brigades placed in March Order"),
    ("johnston.loss-table", "johnston-loss", "12.77", 422, "the table of his leader loss roll"),
    ("recovery.with-reserve", 1, "13.55", 468, "unbrigaded or unassigned units recovering with one Reserve brigade a turn"),
    ("recovery.reserve-range", 1, "13.55", 468, "hexes from the Reserve brigade's leader the recovered unit is placed"),
    ("recovery.reserve-orders", "Reserve", "13.55", 468, "the orders level of a brigade in Reserve"),
    ("immobile.units", "US:Markgraf Bty;US:Madison Bty", "14.6", 524, "the batteries without horses"),
    ("immobile.hexes", 1, "14.61", 526, "hexes an Activation"),
    ("immobile.vertices", 1, "14.61", 526, "a facing change of more than this many vertices counts as moving"),
    ("immobile.area", "other:Pittsburg Landing", "14.62", 528,
     "terrain.xlsx Specials kind:name of the Landing's confines (the map's hexes: the player's data)"),
    ("immobile.terrain", "Field;Field Boundary", "14.62", 528, "the terrain of the hexes they may stand in"),
    ("line.scenarios", "S1;S1-TLF;S1-LW", "S1 Specific Rules", 691,
     "the scenarios whose 6 AM turn has the Continuous Line (S1-GD has none, L1122)"),
    ("line.hour", "06:00", "S1 Specific Rules", 691, "the turn of the Continuous Line"),
    ("line.activations", 2, "S1 Continuous Line", 703, "the Activations at whose end the line holds"),
    ("line.brigades", "2/-/3;3/1/3;1/1/3", "S1 Continuous Line", 703,
     "Cleburne's, Wood's and Shaver's brigades, in the line's order: each continuous, each next to the one after it"),
    ("line.joined", "1/2/2", "S1 Continuous Line", 707, "Gladden's brigade: continuous, next to the line's last brigade"),
    ("line.exempt", "CS:3 MS Bn;CS:15 AR", "S1 Continuous Line", 703, "the regiments skirmishing ahead"),
    ("line.types", "Inf", "S1 Continuous Line", 705, "the unit types in the line (cavalry and artillery are exempt)"),
    ("johnston.loss-from", "12:00", "12.77", 422, "the mandatory loss roll from the 12 Noon turn of a first day"),
    ("johnston.loss-until", "18:00", "12.77", 422, "through the 6 PM turn; at other hours he rolls only after using "
     "an ability"),
    ("capped.formation", "2/5/T", "5.26", 182, "Stuart's brigade"),
    ("capped.activations", 2, "5.26", 182, "Activations a turn unless In Command during the Division Orders Phase"),
    ("capped.days", "1862-04-05;1862-04-06", "5.26", 182, "the first day scenarios (April 5th and 6th)"),
    ("am.declared", "AM", "5.26", 182, "the chat word of an AM drawn: a boundary between Activations"),
    ("orders.status", "orders", "9.22", 204, "the status the Orders markers set"),
    ("orders.march", "March", "9.22", 204, "the March Orders level"),
    ("orders.advance", "Advance", "9.7", 1102, "the Advance Orders level"),
    ("march.from.Confederate", "09:00", "9.22", 204, "no Confederate unit in March Orders until 9 AM"),
    ("march.from.Union", "10:00", "9.22", 204, "no Federal unit in March Orders until 10 AM"),
    ("march.first-days", "1862-04-05;1862-04-06", "9.22", 206,
     "the days the times apply: April 6th, and April 5th in an April 5th scenario"),
    ("march.banned.S4", "all", "S4 Specific Rules", 1587, "March Orders may not be assigned in this scenario"),
    ("march.banned.S6", "all", "S6 Specific Rules", 2129, "March Orders may not be used"),
    ("march.banned.S8", "Union", "S8 Specific Rules", 2516,
     "no Union commands, unbrigaded or unassigned units use March Orders"),
    ("march.banned.arrivals-from", "10:00", "S8 Specific Rules", 2516,
     "except reinforcements entering at 10 AM or later"),
    ("march.arrival-exempt", "R Corps@09:00;CS:47 TN", "9.22", 204,
     "Reserve Corps units entering at 9 AM (9.22) and 47 TN (S8, L2648) may enter under March Orders"),
    ("advance.types", "Det", "14.44", 500, "Detachments are always under Advance Orders"),
    ("advance.levels", "army;independent", "4.25", 166, "Unassigned units are always under Advance Orders"),
    ("advance.reinforcements", "Advance", "Reinforcements notes", 1102, "All units enter under Advance Orders"),
    ("ammo.never-deplete", "Cav;Gunboat", "10.92, 14.2, 14.75", 400,
     "mounted cavalry does not ammo deplete (L400; no dismounted cavalry in this game, L478); gunboats do not "
     "suffer from Ammo Depletion (L544)"),
    ("fatigue.merge-level", "brigade", "17.0", 564,
     "a unit assigned to a brigade of another Fatigue level: the highest level (unit or brigade) for all"),
    ("collapse.fraction.S7", 0.25, "S7 Specific Rules", 2316,
     "Confederate non-artillery units with 25% or less of their original strength are Collapsed "
     "[derived: 25% as a fraction]"),
    ("collapse.side.S7", "Confederate", "S7 Specific Rules", 2316, "the side whose units collapse"),
    ("collapse.exempt-types.S7", "Art", "S7 Specific Rules", 2316, "non-artillery units only"),
    ("stack.alone-types", "Det", "14.41", 484,
     "Detachments may not stack with any other unit, including another Detachment (leaders are no units)"),
    ("detachments.gone-after", "1/6/T@1862-04-06 08:00", "14.47", 506,
     "Peabody's Detachments must be re-absorbed by the end of the 8 AM Replacement/Recovery Phase"),
    ("never-rout.types", "Det;Gunboat", "14.43, 14.76", 498,
     "Detachments do not rout (L498); gunboats are only affected by a D Disorder result (L546)"),
    ("never-rally.types", "Gunboat", "14.76", 548, "Gunboats may not Rally"),
    ("unstack.first-activation", "US:1 Bn 5 OH Cav+US:2 Bn 5 OH Cav;US:1 Bn 11 IL Cav+US:2 Bn 11 IL Cav", "14.52",
     512, "start in violation of stacking limits in their Camp Hex; must unstack on their first Activation"),
]
ITW_C = [
    ("attached-limit", "type:Art;level:brigade", "Union", 1, "4.32", 170,
     "individual brigades can have a single battery attached"),
    ("attach-within", "type:Art;to:brigade", "Union", "division", "4.32", 170, "a battery of that division"),
    ("attached-limit", "type:Art;level:division", "Confederate", 10, "4.32", 172,
     "up to ten batteries assigned directly to a division leader"),
    ("attach-from", "type:Art;to:division", "Confederate", "1862-04-06 12:00", "4.32", 172,
     "batteries assigned to a division leader beginning with the 12 Noon April 6th turn"),
    ("return-only", "type:Art", "Confederate", "division", "4.32", 172,
     "batteries assigned to a division leader can be reassigned to their original commands only"),
    ("attached-limit", "type:Cav;level:division;formation:R Corps", "Confederate", 2, "4.25", 160,
     "up to two cavalry units attached to any division or the Reserve Corps"),
]
TIES = {"S1": ("Confederate", 207), "S2": ("Confederate", 294), "S3": ("Confederate", 455),
        "S4": ("Confederate", 567), "S5": ("Confederate", 693), "S6": ("Neutral", 807), "S7": ("Neutral", 918),
        "S8": ("Neutral", 1029), "S9": ("Army", 1685)}
FORCED = {"S1": ("Confederate", 206), "S2": ("Union", 293), "S3": ("Confederate", 454),
          "S4": ("Union;Union;Union", 566), "S5": ("Confederate", 692), "S6": ("Union;Confederate", 806),
          "S7": ("Confederate;Confederate;Union", 917), "S8": ("Confederate", 1030), "S9": ("Union", 1684)}
HSN_P = [
    ("initiative.button", "Initiative", "1.0 A Initiative Segment", 1132, "the dice button of each player's die"),
    ("initiative.combat-button", "Combat", "1.0 B Activation Segment", 1134,
     "after a combat roll both sides' units move (retreats)"),
    ("initiative.phase", "Action Cycle", "1.0 Action Cycle", 1132, "the phase of the Initiative Segments"),
    ("initiative.neutral-low-side", "Union", "3.0 B Neutral", 1283, "wins tied rolls of 1-1, 2-2 and 3-3"),
    ("initiative.neutral-low-values", "1;2;3", "3.0 B Neutral", 1283, "the ties the Union wins when Neutral"),
    ("initiative.army-start", "Confederate", "Scenario 9 Army Initiative", 1685,
     "Army Initiative starts at Confederate Advantage"),
    ("initiative.army-fixed-until", 10, "2.2 Army Initiative Change-A", 1234,
     "a change can only occur on Turn 11 or later"),
    *((f"initiative.ties.{s}", rule, f"Scenario {s[1:]} Initiative", line, "who wins tied initiative rolls")
      for s, (rule, line) in TIES.items()),
    *((f"initiative.forced.{s}", order, f"Scenario {s[1:]} Turn 1 Start", line,
       "the initiatives won on Turn 1 without a roll, in order") for s, (order, line) in FORCED.items()),
]


def _parameter(key: str, value: Any, section: str, line: int, notes: str) -> dict[str, Any]:
    return {"key": key, "value": value, "section": section, "rulebook_line": line, "notes": notes}


def _chain(rule: str, subject: str, side: str, value: Any, section: str, line: int, notes: str) -> dict[str, Any]:
    return {"rule": rule, "subject": subject, "side": side, "value": value, "section": section,
            "rulebook_line": line, "notes": notes}


RSS_P = [
    ("odds.artillery-counts", 1, "23.0e", 207, "what each battery counts in close combat odds, whatever its strength"),
    ("stragglers.ineligible-states", None, "21.2", 193,
     "the statuses that keep a regiment from recovering stragglers: the conditions are in the CWB series rules' 21.2, "
     "not in the rulebook set (empty: a regiment below its printed strength is eligible)"),
]

#: game -> sheet -> the rows added when missing
ADDED: dict[str, dict[str, list[dict[str, Any]]]] = {
    "into-the-woods-shiloh": {"Parameters": [_parameter(*r) for r in ITW_P], "Chain": [_chain(*r) for r in ITW_C]},
    "hood-strikes-north": {"Parameters": [_parameter(*r) for r in HSN_P]},
    "cwb-regimental": {"Parameters": [_parameter(*r) for r in RSS_P]},
}
#: the columns naming a row the ADDED rows must not duplicate
ADDED_KEYS = {"Parameters": ("key",), "Chain": ("rule", "subject", "side")}
