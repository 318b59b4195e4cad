"""Write the rule data of the bundled games' rules.xlsx: the rows this tool owns, and every
row's `words` (the rule's words as its cited line prints them) and `rulebook` (the file of the
cited line when it is a series rulebook, not the game's own).

``python tools/rule_citations.py`` reads each ``sources/<game>/rules.xlsx``, sets the rows of
ROWS (adding those missing, by key), adds the cheap rule checks' rows of
tools/victory_rule_rows.py that the workbook lacks (never rewriting one present), sets `words`
from WORDS on the rows it names (by the sheet's key columns), leaves every other row and cell as it is, and writes the workbook
byte-for-byte reproducibly, with the schema's columns: replayed, it adds only what is missing and
changes only its cells.
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
from victory_rule_rows import ADDED, ADDED_KEYS  # noqa: E402

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
        dict(key="hidden.reveal-on-move", value="Confederate", section="5.2d.3", rulebook_line=815,
             words="All Confederate units begin in a hidden status. They are revealed when they first move, fire",
             notes="the sides whose hidden (masked or invisible) units are revealed on moving or firing "
                   "(referee/rules/hidden.py)"),
        dict(key="hidden.mp", value="Confederate:3", section="5.2d.3", rulebook_line=815,
             words="when a Union unit comes within 3m.p.",
             notes="side of the hidden unit : the enemy unit's movement points (effects.xlsx Costs of its class)"),
        dict(key="hidden.sight", value=6, section="5.2d.3", rulebook_line=815,
             words="into a position having a line of sight to the unit's location and within 6 hexes",
             notes="any hidden unit with an enemy unit this near that sees it; also the faked units of 5.3a.3 (L837: "
                   "'revealed as faked only if within line of sight to an enemy unit within 6 hexes')"),
        dict(key="los.terrain.City", value="blocks=1", section="1.6", rulebook_line=66,
             words="These hexes act as blocking terrain with respect to line of sight rules",
             notes="line of sight (gamedata/los.py): urban hexes block; their height, the series' other blocking "
                   "terrain and how a higher unit sees over (los.over) are the series rules', not printed here"),
        dict(key="fire.table", value="atl-fire-ammo", section="3.5", rulebook_line=182,
             words="the \"out of ammunition\" condition on a roll of 11 or 12 applies to Confederate artillery",
             notes="the table whose rolls are fires (tables.xlsx): the artillery limits are judged at each"),
        dict(key="artillery.out-of-ammo-range", value="Confederate:2", section="3.5", rulebook_line=182,
             words="Confederate artillery that runs out of ammunition is allowed to fire only at ranges of 2 or less"),
        dict(key="artillery.points-per-hex", value="Confederate:4", section="3.5 (optional)", rulebook_line=184,
             words="Players may optionally restrict Confederate artillery to 4 points firing from a hex",
             notes="optional: a warning 'if the optional rule is played'"),
        dict(key="artillery.ammunition", value=100, section="4.4 (optional)", rulebook_line=208,
             words="players may optionally restrict artillery to 100 points total plus 50 per day of the scenario",
             notes="optional: each side's artillery points fired at targets beyond artillery.ammunition-free-range, "
                   "through the chain; past the total, a warning 'if the optional rule is played'"),
        dict(key="artillery.ammunition-per-day", value=50, section="4.4 (optional)", rulebook_line=208,
             words="plus 50 per day of the scenario",
             notes="a day: each date of the scenario's turns (game.toml [[turns]])"),
        dict(key="artillery.ammunition-free-range", value=2, section="4.4 (optional)", rulebook_line=208,
             words="with this limit not applying to firing on targets within 2 hexes"),
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
        dict(key="guns.hold", value="Cht", section="5.1b.4", rulebook_line=356,
             words="Cheatham's corps may not be given an order to advance until after the battle has opened: gunfire "
                   "is heard",
             notes="the formation held; gunfire is heard at the first fire roll (fire.table) or combat roll (5.1a.4, "
                   "L299: 'gunfire is heard (units in combat)'), with 5.1d.11 when Hood hears it (guns.hearing)"),
        dict(key="guns.scenarios", value="5.1;5.1d.1;5.1d.4;5.1d.7", section="5.1d.6", rulebook_line=547,
             words="The special first turn command and initiative rules do not apply",
             notes="[derived] the scenarios of 5.1 where the hold applies: 5.1d.6 (the historical opening) is "
                   "excepted"),
        dict(key="guns.defenses", value="vp:Atlanta outer defenses", section="5.1b.1", rulebook_line=311,
             words="Cheatham's Corps: Inside Atlanta defenses",
             notes="the terrain.xlsx Specials (kind:name) inside which a move of the held corps is no advance: the "
                   "victory terms' outer defenses, which hold the inner ones"),
        dict(key="guns.order-chat", value="Cheatham: advance", section="5.1b.4", rulebook_line=356,
             words="may not be given an order to advance",
             notes="[convention] the chat line by which the players record an order to advance given to Cheatham's "
                   "corps (orders are written on paper, 2.1b): recorded before the gunfire is heard, it is an error"),
        dict(key="guns.hearing", value="atl-hearing-guns:6", section="5.1d.11", rulebook_line=596,
             words="On a roll of 6 it is heard by Hood",
             notes="with the variant (a roll of this table in the log), the gunfire is heard by Hood only on this "
                   "result"),
        dict(key="resupply.phase", value=None, section="3.5", rulebook_line=182,
             words="within 2 hexes of the Corps supply wagon or the Army trains during the resupply phase",
             notes="not in this rulebook: the name of the resupply phase in game.toml [[phases]] (the CWB sequence "
                   "of play is in the series rules, not in the rulebook set); filled, a battery of "
                   "resupply.automatic still out of ammunition at its end with its wagon within "
                   "resupply.automatic-distance hexes is an error"),
        dict(key="detachment.status", value="detachment", section="2.6a", rulebook_line=150,
             words="A single special detachment marker has been included for the Union forces",
             notes="the game.toml status (its palette marker on the detachment's hex, or the badge on a counter) "
                   "that shows the detachment marker"),
        dict(key="detachment.side", value="Union", section="2.6a", rulebook_line=150,
             words="A single special detachment marker has been included for the Union forces"),
        dict(key="detachment.count", value=1, section="2.6a", rulebook_line=150,
             words="only one unit may use this provision at a time",
             notes="the hexes the marker may show in at once"),
        dict(key="detachment.mp", value=4, section="2.6a", rulebook_line=150,
             words="The detachment must stay within 4 movement points of the parent command's marker",
             notes="traced from the parent brigade over the terrain (the command check's tracer; trace-floor)"),
        dict(key="detachment.move", value="Inf:infantry;Cav:cavalry", section="2.6a", rulebook_line=150,
             words="within 4 movement points of the parent command's marker",
             notes="[inferred] the effects.xlsx movement class of the parent brigade's type: the detachment is "
                   "part of it"),
        dict(key="detachment.brigades", value="2/4/16:Sprague", section="2.1h", rulebook_line=114,
             words="the detached brigade 2/4/16 is given a brigade commander marker, Sprague",
             notes="the brigades detached from their division (2.6a, L150: 'It may be used only by a brigade that "
                   "is detached from its division'), each while the leader named after ':' is on the map (2.1h: "
                   "reattached, 'the Sprague marker is removed from the game'); brigades detached by an order "
                   "(2.1d) are not in a log: a marker used by one is a warning"),
        dict(key="wreck.division", value=None, section="RSS 22.0", rulebook_line=201, rulebook=RSS,
             words="A division becomes wrecked when all of the brigade boxes to the left of the check are marked",
             notes="not in this rulebook: each division's roster check, as `division:brigades;...` (e.g. C/H:3), the "
                   "number of its brigades wrecked (a brigade counter showing wrecked, or eliminated) that wrecks it; "
                   "filled, the 'wrecked division' VP terms (5.1c.3 L413, 5.2c.3, 5.3) count"),
        dict(key="wreck.corps", value=None, section="5.1c.3", rulebook_line=415,
             words="5 Per wrecked corps",
             notes="not in this rulebook: each corps' roster check, as `corps:divisions;...`, the number of its "
                   "divisions wrecked that wrecks it; filled, the 'wrecked corps' VP terms count"),
        dict(key="wreck.variant", value="1/23:2;2/23:2;3/23:2", section="5.1d.13", rulebook_line=629,
             words="It is considered wrecked when both brigades are wrecked. 2/23 and 3/23 are now considered "
                   "wrecked when two brigades are wrecked",
             notes="5.1d.13, 1/23 as a separate division: these thresholds replace wreck.division's while a brigade "
                   "counter is attached to 1/23 (its Formation property: the variant is being played)"),
        dict(key="trace-floor", value=None, section="Terrain Effects Chart (CWB series)",
             notes="not in this rulebook: the cheapest movement point cost any hex or hexside can have on your "
                   "edition's CWB Terrain Effects Chart (the series chart is not in the rulebook set); filled, a "
                   "leader farther in hexes than his radius over it is out of command by hex distance alone"),
    ]},
    "cwb-regimental": {"Parameters": [
        dict(key="los.units.friendly-below", value=2, section="19.3d 1-2", rulebook_line=171,
             words="unless the friendly troops are at least two elevation levels below the firing unit",
             notes="friendly units on a line of fire block it unless this many levels below the firing unit (and, "
                   "for artillery, L173: or below the target); the fire check (referee/rules/fire_sight.py)"),
        dict(key="los.units.artillery-range", value=6, section="19.3d 2", rulebook_line=173,
             words="OR the range is 6 hexes or more",
             notes="artillery fires over friendly units at this range or more"),
        dict(key="los.units.adjacent-target", value="blocks", section="19.3d 3", rulebook_line=175,
             words="Regardless of the above, LOS is blocked if the friendly unit is",
             notes="a friendly unit adjacent to the target hex blocks, whatever the levels and range"),
        dict(key="los.units.enemy", value="small arms", section="19.3d 4", rulebook_line=177,
             words="block line of sight for small arms fire, but never for artillery fire",
             notes="enemy units on the line block small arms fire (not artillery)"),
        dict(key="resupply.ammo-statuses", value="low-ammo;no-ammo", section="28.2", rulebook_line=379,
             words="the source for removing all “Low Ammo” and “No Ammo” markers",
             notes="the markers a resupply removes (28.1, L373, marks them)"),
        dict(key="trace-floor", value=None, section="Terrain Effects Chart (CWB series)",
             notes="not in this rulebook: the cheapest movement point cost any hex or hexside can have on your "
                   "edition's CWB Terrain Effects Chart (the series chart is not in the rulebook set); filled, a "
                   "leader farther in hexes than his radius over it is out of command by hex distance alone"),
    ]},
    "hood-strikes-north": {"Parameters": [
        dict(key="initiative.army-fixed-until", notes="[derived] a change can only occur on Turn 11 or later: Army "
                                                      "Initiative is fixed until Turn 10"),
        dict(key="late-rain.scenarios", value="S2", section="Scenario 2 Special Rule 12", rulebook_line=343,
             words="Starting on Turn 3, if both players roll a 1 during the Initiative Segment",
             notes="the scenarios whose own special rule has Late Rain on a double 1; elsewhere it is a Random "
                   "Event of the turn (late-rain.event)"),
        dict(key="late-rain.from-turn", value=3, section="Scenario 2 Special Rule 12", rulebook_line=343,
             words="Starting on Turn 3, if both players roll a 1 during the Initiative Segment"),
        dict(key="late-rain.die", value=1, section="2.2 Late Rain", rulebook_line=1212,
             words="Rain begins immediately when both players roll 1 for initiative"),
        dict(key="late-rain.event", value="Late Rain", section="2.2 Late Rain", rulebook_line=1212,
             words="Rain takes effect in the current turn, but not until",
             notes="the Random Events result (tables.xlsx random-events) that brings Late Rain in its turn"),
        dict(key="late-rain.no-entrenching", value="Action Cycle", section="Scenario 2 Special Rule 12",
             rulebook_line=343,
             words="As soon as Late Rain takes place, Entrenchment actions may no longer be undertaken for the rest "
                   "of the Action Cycle"),
        dict(key="entrench.statuses", value="fort-build-1;fort", section="8.0 Union Forts", rulebook_line=1487,
             words="Fort markers, which both players may build during a turn according to entrenchment rules",
             notes="[derived] the statuses (game.toml) an Entrenchment action puts on a unit"),
        dict(key="initiative.army-event.A", value="Army Initiative Change\u2014A", section="2.1 Random Events Table",
             rulebook_line=1168, words="Union Night March or Army Initiative Change\u2014A",
             notes="the Random Events result that moves the Army Initiative as initiative.army-change.A says"),
        dict(key="initiative.army-change.A", value="*>Neutral", section="2.2 Army Initiative Change-A",
             rulebook_line=1236, words="Whatever the status of Army Initiative, it should be immediately changed to",
             notes="from any status to Neutral"),
        dict(key="initiative.army-event.B", value="Army Initiative Change\u2014B", section="2.1 Random Events Table",
             rulebook_line=1172, words="Army Initiative Change\u2014B"),
        dict(key="initiative.army-change.B", value="Confederate>Neutral;Neutral>Union;Union>Neutral",
             section="2.2 Army Initiative Change-B", rulebook_line=1242,
             words="Army Initiative status immediately changes to",
             notes="L1242-1244: Confederate Advantage to Neutral, Neutral to Union Advantage, Union Advantage to "
                   "Neutral"),
        dict(key="consolidation.S2", value="Ruger:Moore,91 IN,123 IN,175 OH;Wagner:Opdycke;Wood:Post;Whitaker:Waters",
             section="Scenario 2 Special Rule 5", rulebook_line=297,
             words="are stacked in the same hex as Ruger; Opdycke",
             notes="each division and the units that may consolidate with it when stacked in its hex"),
        dict(key="consolidation.cap", value=11, section="Scenario 2 Special Rule 5", rulebook_line=297,
             words="The maximum Manpower value of the new Strength marker is 11"),
        dict(key="death.unit", value="Cleburne", section="6.0 Death of Cleburne", rulebook_line=1396,
             words="In any combat in which Cleburne's Confederate division is attacking (not defending), and the "
                   "Confederate and Union combat die rolls are identical before modification, Cleburne is killed"),
        dict(key="death.replacement", value="Smith-A", section="6.0 Death of Cleburne", rulebook_line=1396,
             words="his division is immediately removed from the map and replaced by the Smith-A counter"),
        *(dict(key=f"marker-limit.{side} Minor River Bridge", value=3, section="10.0 Bridges", rulebook_line=186,
               words="The number of Minor River Bridge counters available in the game (three Union, three "
                     "Confederate) is a strict limit",
               notes=f"the {side} Minor River Bridge markers (game.toml [[markers]]) that may stand on the map at once")
          for side in ("Union", "Confederate")),
        dict(key="cavalry.phase", value="Union Cavalry", section="1.0-9 Union Cavalry Phase", rulebook_line=1140,
             words="UNION CAVALRY PHASE (STARTING TURN 10)", notes="the phase (game.toml [[phases]]) of 5.1"),
        dict(key="cavalry.worn-out-turn", value=10, section="5.1 A Horses Worn Out Segment", rulebook_line=1330,
             words="On Turn 10 only, during this segment, all Union cavalry units (not cavalry leaders) on the map "
                   "have a \"Horses Worn Out/Unmounted\" counter added to them",
             notes="the only turn (campaign turn, game.toml [[turns]] id) whose Union Cavalry Phase gives the marker"),
        dict(key="cavalry.side", value="Union", section="5.1 A Horses Worn Out Segment", rulebook_line=1330,
             words="all Union cavalry units (not cavalry leaders) on the map"),
        dict(key="cavalry.type", value="Cav", section="5.1 A Horses Worn Out Segment", rulebook_line=1330,
             words="all Union cavalry units (not cavalry leaders) on the map",
             notes="[derived] the unit type (game.toml [[unit_types]]) of the cavalry units"),
        dict(key="cavalry.worn-out", value="horses-worn-out", section="5.1 A Horses Worn Out Segment",
             rulebook_line=1330, words="on the *Horses Worn Out* side",
             notes="[derived] the status (game.toml [[statuses]]) of the marker's Horses Worn Out side"),
        dict(key="cavalry.unmounted", value="unmounted", section="5.3 Unmounted Segment", rulebook_line=1376,
             words="the Union player flips the Horses Worn Out marker to its Unmounted side",
             notes="[derived] the status (game.toml [[statuses]]) of the marker's Unmounted side"),
        dict(key="cavalry.remount-table", value="remount", section="5.2 Remount Segment", rulebook_line=1344,
             words="consults the Remount Table", notes="the tables.xlsx table of the remount roll"),
        dict(key="cavalry.remounted", value="Remounted", section="5.2 Remount Table", rulebook_line=1351,
             words="Remounted", notes="the result that lets a B version replace its A version"),
        dict(key="cavalry.return-hexes", value="5805;5806", section="5.1 E Cavalry Return Segment", rulebook_line=1340,
             words="The Union player may place one or more off-map Union cavalry units in hexes 5805 or 5806",
             notes="where off-map Union cavalry comes back onto the map"),
        dict(key="cavalry.versions", value="Capron-A>Capron-B;Croxton-A>Croxton-B;G. Johnson-A>G. Johnson-B",
             section="5.2 Capron, Croxton, G. Johnson", rulebook_line=1357,
             words="their \u201cA\u201d version is removed and is replaced by the \u201cB\u201d version",
             notes="each A version (oob.xlsx) and the B version that replaces it after a Remounted result"),
        dict(key="assault-bonus.hood", value="Hood Assault Bonus", section="7.4 Hood Assault Bonus", rulebook_line=156,
             words="The Hood Assault Bonus may be applied more than once per turn",
             notes="the words of a chat line claiming the bonus, naming the corps leader whose assault it is"),
        dict(key="assault-bonus.hood-army", value="Hood", section="7.4 Hood Assault Bonus", rulebook_line=156,
             words="the army leader Hood is stacked in the same hex as the active leader"),
        dict(key="assault-bonus.hood-leaders", value="Cheatham;Lee;Stewart", section="2.2 Military Units",
             rulebook_line=105, words="three Confederate infantry corps, each with a leader (Cheatham, Lee, Stewart)",
             notes="the Confederate infantry (not cavalry) corps leaders"),
        dict(key="assault-bonus.forrest", value="Forrest Assault Bonus", section="7.4 Forrest Assault Bonus",
             rulebook_line=169, words="The Forrest Assault Bonus may not be applied to assaults against a hex with an "
                                      "undestroyed Union fort",
             notes="the words of a chat line claiming the bonus"),
        dict(key="assault-bonus.forrest-leader", value="Forrest", section="7.4 Forrest Assault Bonus",
             rulebook_line=165, words="If Forrest successfully undertakes an assault"),
        dict(key="assault-bonus.forrest-infantry", value="Div:1;Brig:2", section="7.4 Forrest Assault Bonus",
             rulebook_line=164, words="one infantry division (or up to two infantry brigades) stacked in the same hex "
                                      "with Forrest",
             notes="the infantry outside his command an assault of Forrest may bring, by size"),
        dict(key="assault.grand", value="grand assault", section="7.4 Forrest Assault Bonus", rulebook_line=170,
             words="a grand assault may never be attempted in an Assault action initiated by Forrest",
             notes="the chat's words for a grand assault"),
        dict(key="fort.destroyed", value="Fort Destroyed", section="8.0 How Union Forts Are Destroyed",
             rulebook_line=1521, words="Place a \"Fort Destroyed\" marker in the hex",
             notes="the game marker (game.toml [[markers]]) of a destroyed Union fort"),
        dict(key="wagons.destroy-scenarios", value="S9", section="Scenario 9 special rules, Wagons",
             rulebook_line=1688, words="The Union player may voluntarily destroy one or more wagons any time he has "
                                       "the initiative",
             notes="the scenarios whose wagons may be destroyed at the Union player's will"),
        dict(key="wagons.destroy-side", value="Union", section="Scenario 9 special rules, Wagons", rulebook_line=1688,
             words="The Union player may voluntarily destroy one or more wagons"),
        dict(key="wagons.type", value="Wag", section="Scenario 9 special rules, Wagons", rulebook_line=1688,
             words="the desired wagon(s) are immediately removed from the game",
             notes="[derived] the unit type (game.toml [[unit_types]]) of the wagon trains"),
        dict(key="wagons.no-destroy-area", value="region:South of the Duck River",
             section="Scenario 9 special rules, Wagons", rulebook_line=1688,
             words="A wagon south of the Duck River may not be voluntarily destroyed",
             notes="the terrain.xlsx Specials rows (kind:name) of the hexes south of the Duck River: the player's "
                   "data (the rulebook prints no such list)"),
        dict(key="winter.weather", value="winter", section="4.0 Winter Weather Effects", rulebook_line=1314,
             words="There is no entrenching, either in the Action Phase or Recovery Phase",
             notes="the weather (tables.xlsx weather=) under which 4.0's effects hold; no entrenching "
                   "(entrench.statuses)"),
        dict(key="winter.burn-markers", value="RR Station Damaged;RR Station Destroyed",
             section="4.0 Winter Weather Effects", rulebook_line=1315,
             words="Units may not perform Burn RR Station actions",
             notes="[derived] the game markers (game.toml [[markers]]) a Burn RR Station action places"),
        dict(key="winter.tie", value="first tie", section="4.0 Winter Weather Effects", rulebook_line=1316,
             words="Each turn's Action Cycle ends immediately on the first tied initiative die roll"),
        dict(key="winter.march-fatigue", value=3, section="4.0 Winter Weather Effects", rulebook_line=1318,
             words="if that action would increase the unit's Fatigue Level to 3 or 4"),
        dict(key="winter.assault", value="assault", section="4.0 Winter Weather Effects", rulebook_line=1320,
             words="Assaults are not allowed", notes="the chat's word declaring an assault (an assault bonus says it)"),
        dict(key="death.scenarios", value="S4;S9", section="Scenario 4 Special Rules", rulebook_line=573,
             words="Use the \u201cDeath of Cleburne\u201d Advanced Game rule section (6.0) in this scenario",
             notes="[derived] S9 is the Advanced Game (L1093: the Advanced Game rules are used only in Scenario 9 "
                   "unless a Basic Game scenario calls for them); S4 calls for 6.0 (L573)"),
    ]},
    "shiloh": {"Parameters": [
        dict(key="sequence.first", value="Confederate", section="game length", rulebook_line=2,
             words="The Confederate player is the first player",
             notes="each turn the Confederate side moves (and fights) first"),
        dict(key="zoc.none", value="Gunboat", section="gunboats", rulebook_line=10, words="They have no ZOC's",
             notes="the unit types (game.toml) that exert no zone of control"),
        dict(key="zoc.unaffected", value="Gunboat", section="gunboats", rulebook_line=10,
             words="are not affected by Confederate ZOC's",
             notes="the unit types enemy zones of control do not stop or hold"),
        dict(key="attack.immune", value="Gunboat", section="gunboats", rulebook_line=10,
             words="may not be attacked", notes="the unit types no combat may have as defenders"),
        dict(key="forced-move.side", value="Union", section="forced Union move", rulebook_line=9,
             words="every Union unit not in a Confederate ZOC must move one, and only one, hex",
             notes="the side whose units must move one hex on the forced-move turns"),
        dict(key="forced-move.turns", value="1;2", section="forced Union move", rulebook_line=9,
             words="On turns one and two", notes="turn ids (the module's turn counter)"),
        dict(key="forced-move.directions", value="N;NE", section="forced Union move", rulebook_line=9,
             words="to the north or northeast",
             notes="compass names of the grid's hexsides: north is the map's north edge (game.toml maps north)"),
        dict(key="reinforcement.none", value="Confederate", section="reinforcements", rulebook_line=8,
             words="There are no Confederate reinforcements", notes="sides that have no reinforcements"),
        dict(key="reinforcement.phase", value="movement", section="reinforcements", rulebook_line=4,
             words="During his movement phase, the phasing player may place any of his units due to enter play "
                   "as reinforcements", notes="reinforcements are placed in their own side's movement stage"),
        dict(key="reinforcement.enemy-hex", value="prohibited", section="reinforcements", rulebook_line=5,
             words="Reinforcements may not enter the map in a hex occupied by an enemy unit",
             notes="an enemy zone of control is allowed"),
        dict(key="reinforcement.entry-cost", value=1, section="reinforcements", rulebook_line=6,
             words="Each reinforcement expends one MP to enter the map",
             notes="MP of the unit's movement factor spent entering"),
        dict(key="ferry.terrain", value="River Ferry", section="river ferry", rulebook_line=11,
             words="Union units may cross the river through the river ferry hexes",
             notes="the terrain code (effects.xlsx Terrain) of the ferry hexes"),
        dict(key="ferry.sides", value="Union", section="river ferry", rulebook_line=11,
             words="Union units may cross the river through the river ferry hexes",
             notes="the sides that may use the ferry"),
        dict(key="ferry.symbol", value="Ferry", section="river ferry", rulebook_line=11,
             words="may only enter and exit the ferry through the hexes indicated by the ferry symbol on the map",
             notes="the hexside feature (terrain.xlsx Hexsides) on the sides of the ferry hex its symbol marks"),
        dict(key="ferry.from", value="NE;SE", section="river ferry", rulebook_line=11,
             words="only from east to west",
             notes="the compass sides of the ferry hex a unit enters by: the east ones of a grid whose columns run "
                   "north-south (game.toml maps north)"),
        dict(key="ferry.to", value="NW;SW", section="river ferry", rulebook_line=11,
             words="only from east to west", notes="the compass sides of the ferry hex a unit leaves by: the west ones"),
        dict(key="ferry.enemy", value="closed", section="river ferry", rulebook_line=11,
             words="The river ferry may not be used if either entry hex is occupied by enemy units",
             notes="no crossing while an enemy unit holds a hex across a side the symbol marks"),
        dict(key="ferry.except", value="Gunboat", section="gunboats", rulebook_line=10,
             words="Gunboats may only enter river hexes",
             notes="[derived] gunboats sail the river through the ferry hexes (river hexes): the ferry's crossing "
                   "rules bind the units that cross the river"),
        dict(key="movement.never-end-in", value="River Ferry", section="river ferry", rulebook_line=11,
             words="Units may never end the movement phase in the river ferry hex",
             notes="terrain codes (effects.xlsx Terrain) no unit may end its movement phase in"),
    ]},
    "into-the-woods-shiloh": {"Parameters": [
        dict(key="los.terrain.Woods", value="levels=1; blocks=2", section="Terrain: Woods", rulebook_line=235,
             words="Woods only block LOS after the second hex, i.e., LOS extends through a single Woods hex",
             notes="line of sight (gamedata/los.py): one level above the hex (L235: 'Woods are considered one level "
                   "higher than the base terrain'); the second woods or field boundary hex on the line blocks"),
        dict(key="los.terrain.Field Boundary", value="levels=1; blocks=2", section="Terrain: Field Boundary",
             rulebook_line=251, words="They are considered the same as Woods hexes for LOS",
             notes="line of sight: as Woods (counted with them)"),
        dict(key="los.terrain.Thicket", value="levels=1; blocks=1", section="Terrain: Thickets", rulebook_line=265,
             words="the first Thicket hex blocks). They are one level higher than the base terrain",
             notes="line of sight: the first hex blocks"),
        dict(key="los.terrain.Wooded Sloping Ground", value="levels=1; blocks=1", section="Terrain: Sloping Ground",
             rulebook_line=285, words="Wooded Sloping Ground hexes are one level higher than the base terrain and "
                                      "block LOS normally, i.e., unlike Woods hexes, the first hex blocks",
             notes="line of sight: the first hex blocks"),
        dict(key="los.terrain.Marsh", value="levels=1; blocks=1", section="Terrain: Marsh", rulebook_line=289,
             words="Marsh hexes block LOS normally, i.e., unlike Woods hexes, the first hex blocks",
             notes="line of sight: one level higher (L289: 'The woods are one level higher than the base terrain'); "
                   "the first hex blocks"),
        dict(key="los.terrain.Marsh-Stream", value="levels=1; blocks=1", section="Terrain: Marsh", rulebook_line=291,
             words="are treated the same as Marsh",
             notes="line of sight: as Marsh"),
        dict(key="los.hexside.Ridge", value="adjacent=sees", section="Terrain: Ridge and Gully", rulebook_line=273,
             words="A Ridge does not block LOS for two adjacent units",
             notes="line of sight: a ridge hexside blocks a line crossing it [BB 10.24], but not between the two "
                   "hexes it separates ('they have LOS no further than that across the hexside'); a Gully does "
                   "not affect LOS. Slopes (and woods hexsides, L239 'as Steep Slopes for LOS') follow the series "
                   "Basic Book, not printed here: not modelled"),
        dict(key="los.spine", value="both", section="Terrain: Field Boundary", rulebook_line=251,
             words="Ignore a Field Boundary Hex for LOS if the Line of Fire runs along a hexside between it and a "
                   "Field hex",
             notes="line of sight along a hexspine: blocked only when the hexes on both sides block (the one spine "
                   "rule the battle book prints; the series rule is in the Basic Book). How a higher unit sees over "
                   "a lower obstacle (los.over: slope | higher) is the Basic Book's (10.2), not printed here: a row "
                   "for the player to add"),
        dict(key="ammo.full-fire-declared", value="full fire", section="10.91", rulebook_line=374,
             words="fire infantry without a –2 DRM when at Low Ammo. When using this option, the unit "
                   "automatically Ammo Depletes afterwards",
             notes="the chat words a player writes, naming the unit, when a Low Ammo unit fires without the -2: "
                   "it must show No Ammo by the end of that phase (a split fire completes both fires first)"),
        dict(key="ammo.full-fire-types", value="Inf", section="10.91", rulebook_line=374,
             words="fire infantry without a –2 DRM when at Low Ammo",
             notes="the unit types that may fire without the -2 at Low Ammo (infantry)"),
        dict(key="fire.prepared-declared", value="Prepared Fire", section="10.51", rulebook_line=349,
             words="All units capable of Prepared Fire have a range of one hex",
             notes="the chat words a player writes, naming the firing units and their target, at a Prepared Fire"),
        dict(key="fire.prepared-range", value=1, section="10.51", rulebook_line=349,
             words="have a range of one hex", notes="Prepared Fire's range in hexes"),
        dict(key="fire.prepared-banned-types", value="Det", section="14.43", rulebook_line=492,
             words="They may not use Prepared Fire", notes="Detachments never use Prepared Fire"),
        dict(key='fire.declared', value='fires at', section="10.67", rulebook_line=355,
             words='Artillery may not fire into an adjacent hex if it is three or more elevation levels higher or lower than the firing hex',
             notes='the chat words a player writes at a fire, naming the firing units first, then their target'),
        dict(key='fire.adjacent-elevation-limit', value=3, section="10.67", rulebook_line=355,
             words='three or more elevation levels higher or lower than the firing hex',
             notes='the elevation levels between the hexes from which artillery may not fire into an adjacent hex'),
        dict(key='fire.adjacent-elevation-types', value='Art', section="10.67", rulebook_line=355,
             words='Artillery may not fire into an adjacent hex',
             notes='the unit types the ban binds'),
        dict(key='fire.adjacent-elevation-except', value='Pre-shock', section="10.67", rulebook_line=355,
             words='When being assaulted from that hex, artillery may fire during the Pre-shock Reaction Fire',
             notes='the chat words of the exception: Pre-shock Reaction Fire against an assault from that hex'),
        dict(key='battle-events.declared', value='Battle Event drawn', section='18.1', rulebook_line=570,
             words='Battle Event chits are placed in the AM Pool',
             notes='the chat words a player writes when he draws a Battle Event chit from the AM Pool'),
        dict(key='battle-events.S2', value='2', section='S2 Specific Rules', rulebook_line=1186,
             words='Add two Battle Events chits to the AM Pool at the start of each turn',
             notes='two chits every turn'),
        dict(key='battle-events.S3', value='08:00-=3', section='S3 Specific Rules', rulebook_line=1344,
             words='Add three Battle Events chits to the AM Pool starting at 8 AM',
             notes='three chits a turn from 8 AM'),
        dict(key='battle-events.S4', value='11:00-12:00=3;13:00-14:00=2;15:00-18:00=1', section='S4 Specific Rules', rulebook_line=1591,
             words='11 AM - 12 PM turns: 3 chits. 1 PM - 2 PM turns: 2 chits. 3 PM - 6 PM turns: 1 chit',
             notes="by the turn's hour (L1589: 'Add Battle Events chits to the AM Pool as follows')"),
        dict(key='battle-events.S6', value='1', section='S6 Specific Rules', rulebook_line=2134,
             words='Add one Battle Events chit to the AM Pool per turn',
             notes='one chit every turn'),
        dict(key='battle-events.S7', value='18:00-18:00=2', section='S7 Specific Rules', rulebook_line=2315,
             words='Add two Battle Events chits to the AM Pool for the 6 PM turn only',
             notes='two chits in the 6 PM turn, none before'),
        dict(key='battle-events.S8', value='08:00-=2', section='S8 Specific Rules', rulebook_line=2506,
             words='Add two Battle Events chits to the AM Pool each turn, starting at 8 AM',
             notes='two chits a turn from 8 AM (S8-D2V too)'),
        dict(key='battle-events.S9', value='2', section='S9 Specific Rules', rulebook_line=3024,
             words='Place two Battle Event Chits in the AM Pool each turn',
             notes='two chits every turn'),
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
    'atlanta': {
        'Parameters': {
            ('near-leaders.hexes',):
                'must, however, stay within 4 hexes of either Dodge or the division commander',
        },
        'Ranges': {
            ('level:corps', None):
                'not required to be within the usual 8 movement points of their Corps commander',
        },
        'Chain': {
            ('near-leaders', '1/2/16;2/2/16;2/16b(2);2/16db(2)', None):
                'stay within 4 hexes of either Dodge or the division commander',
            ('near-leaders', '1/4/16;3/4/16;4/16b(2);4/16db(1)', None):
                'stay within 4 hexes of either Dodge or the division commander',
            ('near-leaders', '16db(2)', None):
                'stay within 4 hexes of either Dodge or the division commander',
        },
    },
    'cwb-regimental': {
        'Parameters': {
            ('odds.artillery-counts',):
                'Each artillery unit counts as one, regardless of size',
            ('stragglers.ineligible-states',):
                'If the unit with the greatest losses in the brigade is not currently eligible to recover stragglers',
            ('resupply.enemy-distance',):
                'at least four hexes from any enemy unit',
            ('resupply.wagon-distance',):
                'at or within 2 hexes of the supply wagon or train',
            ('resupply.ineligible-states',):
                'must be in a morale state of Shaken or better',
            ('resupply.limbered',):
                'Artillery must be limbered to be resupplied',
        },
        'Ranges': {
            ('level:corps', None):
                'Division leaders must always be at or within 12 movement points of their Corps HQ',
            ('level:division', None):
                'Brigade commanders must always be at or within 8 movement points of their division commanders',
            ('level:brigade', None):
                'Regiments must be at or within 6 movement points of their brigade commanders or adjacent to a '
                'unit of the same brigade which is in command',
        },
    },
    'hood-strikes-north': {
        'Activation': {
            ('Schofield', 'USA IV;USA XXIII', None):
                'no more than *five infantry units* (belonging to IV and XXIII Corps only)',
            ('Schofield', 'type:Wag', None):
                'and *three wagon trains* as part of the same activation',
            ('side:Union', 'type:Wag', None):
                'any Union infantry or cavalry leader',
            ('Hatch', 'Croxton-A;Croxton-B', 'S1'):
                "Croxton's cavalry brigade may be activated by Hatch as part of an Activate Leader action",
            ('Hatch', 'Croxton-A;Croxton-B', 'S2'):
                "Croxton's Union cavalry brigade may be activated by division leader Hatch",
            ('R. Johnson', 'Croxton-A;Croxton-B', 'S3'):
                "Croxton's Union cavalry brigade may be activated by division leader R. Johnson",
            ('Stewart', 'Johnson', 'S3'):
                "Johnson's Confederate infantry division (part of Lee's corps) may be activated by corps leaders "
                'Stewart or Lee',
            ('R. Johnson', 'Croxton-A;Croxton-B', 'S4'):
                'Croxtan’s Union cavalry brigade may be activated by division leader R. Johnson as part of an '
                'Activate Leader or Assault action',
            ('Stewart', 'Johnson', 'S4'):
                'may be activated by corps leaders Stewart or Lee as part of an Activate Leader or Assault action',
            ('R. Johnson', 'Croxton-A;Croxton-B', 'S6'):
                "Croxtan's Union cavalry brigade may be activated by division leader R. Johnson",
            ('McCook;Long;Hatch;R. Johnson;Knipe;Wilson', 'Croxton-A;Croxton-B', 'S9'):
                'any Union cavalry division or corps leader',
        },
        'Parameters': {
            ('initiative.neutral-low-side',):
                'rolls of 1-1, 2-2, and 3-3',
            ('initiative.army-start',):
                'Army Initiative starts the game at "Confederate Advantage"',
            ('initiative.army-fixed-until',):
                'can only occur on Turn 11 or',
            ('initiative.ties.S1',):
                'The Confederate player wins tied initiative die rolls',
            ('initiative.ties.S2',):
                'The Confederate player wins tied initiative die rolls',
            ('initiative.ties.S3',):
                'The Confederate player wins tied initiative die rolls',
            ('initiative.ties.S4',):
                'The Confederate player wins tied initiative die rolls',
            ('initiative.ties.S5',):
                'The Confederate player wins tied initiative die rolls',
            ('initiative.ties.S9',):
                'Army Initiative starts the game at "Confederate Advantage"',
            ('initiative.forced.S2',):
                'On Turn 1, the Union player automatically wins the first initiative without the need for a die roll',
            ('initiative.forced.S4',):
                'On Turn 1, the Union player automatically wins the first three initiatives',
            ('initiative.forced.S6',):
                'The Union player automatically wins the first initiative on Turn 1 ... the Confederate player automatically wins',
            ('initiative.forced.S7',):
                'the Confederate player automatically wins the first two initiatives ... Then the Union player automatically wins the third initiative',
            ('initiative.forced.S8',):
                'On Turn 1, the Confederate player automatically wins the first initiative',
            ('initiative.forced.S9',):
                'On Turn 1, the Union player automatically wins the first initiative',
            ('initiative.button',):
                'Both players roll a die. The player with the higher roll wins',
            ('initiative.combat-button',):
                'The player with initiative must perform a single action with an eligible leader or unit',
            ('initiative.phase',):
                'Initiative Segment: Both players roll a die',
            ('initiative.neutral-low-values',):
                'The Union player wins tied initiative die rolls of 1-1, 2-2, and 3-3',
            ('initiative.ties.S6',):
                'the Union player wins tied rolls of 1-1, 2-2, and 3-3; the Confederate wins tied rolls of 4-4, '
                '5-5, and 6-6',
            ('initiative.ties.S7',):
                'the Union player wins tied rolls of 1-1, 2-2, and 3-3; the Confederate wins tied rolls of 4-4, '
                '5-5, and 6-6',
            ('initiative.ties.S8',):
                'the Union player wins tied rolls of 1-1, 2-2, and 3-3; the Confederate wins tied rolls of 4-4, '
                '5-5, and 6-6',
            ('initiative.forced.S1',):
                'The Confederate player automatically wins the first initiative without the need for a die roll',
            ('initiative.forced.S3',):
                'On Turn 1, the Confederate player automatically wins the first initiative without the need for a'
                ' die roll',
            ('initiative.forced.S5',):
                'On Turn 1, the Confederate player automatically wins the first initiative',
        },
    },
    'into-the-woods-shiloh': {
        'Parameters': {
            ('trace-floor',):
                'Army and corps commanders use standard Leader movement costs (½ MP) for Command Range on roads',
            ('bridge-hex',):
                'road and in-hex bridge over Shiloh Branch',
            ('bridge-clear',):
                'within four (three intervening) hexes',
            ('bridge-start-by',):
                'beginning at 8 AM or earlier',
            ('supply-source.Union',):
                'Pittsburg Landing for the Union',
            ('supply-source.Confederate',):
                'the intersection of Bark Road and Corinth Road',
            ('resupply.artillery-road',):
                'on or within one hex of a Road',
            ('resupply.artillery-lane',):
                'or on a Farm Lane',
            ('resupply.small-arms-road',):
                'on or within two hexes of a Road',
            ('resupply.small-arms-lane',):
                'on or within one hex of a Farm Lane',
            ('resupply.target',):
                'with a DR of 4 or less resupplying the unit',
            ('resupply.road-drm',):
                'If a Small Arms unit is on a Road, there is a DRM of −2',
            ('resupply.lane-drm',):
                'If the unit is on a Farm Lane, the DRM is −1',
            ('resupply.union-drm',):
                'Union units have a +3 DRM for Ammo Resupply',
            ('resupply.union-drm-until',):
                'until the end of the 10 AM turn of any first day scenario',
            ('resupply.enemy-adjacent',):
                'Units adjacent to an enemy unit are not eligible for Ammo Resupply',
            ('unassigned.am-cap',):
                'Unassigned units have a maximum number of 3 AMs',
            ('unassigned.am-declared',):
                'activates with the Unassigned AM',
            ('direct-command.brigades',):
                'can place any two brigades in their Command Range in Direct Command',
            ('direct-command.commanders',):
                'both A.S. Johnston and P.G.T. Beauregard are considered overall commanders of the Army of the',
            ('direct-command.declared',):
                'any two brigades in their Command Range in Direct Command',
            ('johnston.abilities',):
                'Johnston can use each of the above abilities once per turn',
            ('johnston.march-ability',):
                'As an alternative to the above, Johnston can place two brigades within his Command Range in March Order',
            ('johnston.march-from',):
                'in March Order during the Division Orders Phase [SR 3.0 II.C] of the 9 AM turn or later',
            ('johnston.march-brigades',):
                'Johnston can place two brigades within his Command Range in March Order',
            ('recovery.with-reserve',):
                'A single unbrigaded or unassigned unit may attempt Recovery with each brigade',
            ('recovery.reserve-range',):
                'Place the Recovered unit within one hex of the brigade leader',
            ('recovery.reserve-orders',):
                'with each brigade that is in Reserve for a full turn',
            ('immobile.units',):
                'The Union Markgraf and Madison Batteries lacked either horses or proper transportation',
            ('immobile.hexes',):
                'They may move one hex per Activation',
            ('immobile.vertices',):
                'including changing facing more than one vertex',
            ('immobile.area',):
                'They must stay within the confines of Pittsburg Landing',
            ('immobile.terrain',):
                'on either Field or Field Boundary hexes',
            ('line.scenarios',):
                'The Continuous Line rule (see next page) is in effect',
            ('line.hour',):
                'for the first two Activations of the 6 AM turn',
            ('line.activations',):
                'For the first two Activations of this scenario (and others if so designated)',
            ('line.brigades',):
                "a regiment of Cleburne's brigade must be adjacent to Wood's brigade, and a regiment of Wood's must be adjacent to Shaver's brigade",
            ('line.joined',):
                "Gladden's regiments have the same restrictions as above",
            ('line.exempt',):
                'Exception: 3rd Mississippi and 15th Arkansas are exempt',
            ('line.types',):
                'Cavalry and artillery units are exempt from this rule',
            ('johnston.loss-table',):
                'roll for leader loss; if the roll is 0, he is killed',
            ('johnston.loss-from',):
                'required to roll for leader loss from the 12 Noon turn through 6 PM of the first day scenarios',
            ('johnston.loss-until',):
                'If he is so lucky as to survive past the 6 PM roll, he is no longer required to roll',
            ('capped.activations',):
                'is limited to a maximum of two Activations regardless of the number of Sherman\'s AMs, unless In Command',
            ('capped.days',):
                'the first day scenarios',
            ('march.from.Confederate',):
                'in March Orders until 9 AM',
            ('march.from.Union',):
                'No Federal units may be placed in March Orders until 10 AM',
            ('march.first-days',):
                'an April 5th scenario',
            ('march.banned.S4',):
                'March Orders may not be assigned in this',
            ('march.banned.S6',):
                'March Orders may not be used',
            ('march.banned.S8',):
                'No Union commands, unbrigaded',
            ('march.banned.arrivals-from',):
                'reinforcements entering at 10 AM or later',
            ('march.arrival-exempt',):
                'Reserve Corps units',
            ('advance.types',):
                '14.44 Detachments are always under Advance',
            ('advance.levels',):
                'Unassigned units are always under Advance',
            ('advance.reinforcements',):
                'All units enter under Advance Orders',
            ('ammo.never-deplete',):
                'Mounted cavalry does not ammo deplete',
            ('fatigue.merge-level',):
                'the highest Fatigue level (unit or brigade) is used for all',
            ('collapse.fraction.S7',):
                'Confederate non-artillery units with 25% or less of their original strength are Collapsed',
            ('collapse.side.S7',):
                'Confederate non-artillery units',
            ('collapse.exempt-types.S7',):
                'non-artillery units',
            ('stack.alone-types',):
                'Detachments may not stack with any other unit',
            ('detachments.gone-after',):
                "Peabody's Detachments must be re-absorbed by the end of the 8 AM Replacement/Recovery Phase",
            ('never-rout.types',):
                'Detachments do not rout',
            ('never-rally.types',):
                'Gunboats may not Rally',
            ('unstack.first-activation',):
                'These four units must unstack on their first Activation',
            ('johnston.unit',):
                'Albert Sidney Johnston has unique abilities to affect Activations, units, and combat',
            ('capped.formation',):
                "Stuart's brigade (Sherman's division) is limited to a maximum of two Activations",
            ('am.declared',):
                "regardless of the number of Sherman's AMs",
            ('orders.status',):
                'No Confederate units may be placed in March Orders until 9 AM on April 6th',
            ('orders.march',):
                'placed in March Orders',
            ('orders.advance',):
                'All units enter under Advance Orders',
        },
        'Ranges': {
            ('CS:A.S. Johnston', 'Confederate'):
                'has half his Command Range (5 MPs)',
        },
        'Chain': {
            ('exempt', 'level:division', None):
                'Union division leaders are considered In Command during the Division Orders Phase',
            ('alternate', 'CS:Cleburne', None):
                'if either Hindman or Hardee can trace command to',
            ('attach-from', 'type:Art;type:Cav', None):
                'No attachments of artillery or cavalry to brigades can be made by either side until 9 AM April '
                '6th',
            ('attach-in-range', 'type:Cav', None):
                'in Command Range of both the division leader and the brigade leader during the Division Orders',
            ('attach-in-range', 'US:15 IA;US:16 IA;US:23 MO', None):
                'may not attach to a brigade until within the range of the brigade commander',
            ('attach-in-range', 'CS:47 TN', None):
                'when within range of the brigadier of that brigade',
            ('battery-limit', 'level:brigade', None):
                'No brigade can have more than two batteries—unless starting the battle with more',
            ('attached-limit', 'type:Art;level:brigade', None):
                'Individual brigades can have a single battery attached',
            ('attached-limit', 'type:Art;level:division', None):
                'up to ten batteries can be assigned directly to a division leader',
            ('attach-from', 'type:Art;to:division', None):
                'Beginning with the 12 Noon April 6th turn',
            ('return-only', 'type:Art', None):
                'Batteries assigned to a division leader can be reassigned to their original commands',
            ('attached-limit', 'type:Cav;level:division;formation:R Corps', None):
                'up to two cavalry units may be attached to any division or the Reserve Corps',
            ('attach-within', 'type:Art;to:brigade', None):
                'Individual brigades can have a single battery attached (of that division)',
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
        keys = ADDED_KEYS.get(name, ())
        have = {tuple(r.get(c) for c in keys) for r in rows}
        rows += [r for r in ADDED.get(game, {}).get(name, []) if tuple(r.get(c) for c in keys) not in have]
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
    ('atlanta', 378, "5.1c.1 '*': count the largest of these (the new defenses NE of Atlanta and the inner defenses)"):
        'Count the largest of these',
    ('atlanta', 453, "5.1d Minor variants of the 5.1 battle: its victory conditions with the variant's changes"):
        '5.1d MINOR VARIANTS',
    ('atlanta', 375, 'Union forces inside the outer defenses'):
        'Union forces inside the outer defenses',
    ('atlanta', 733, 'Union forces inside the outer defenses'):
        'Union forces inside the outer defenses',
    ('atlanta', 739, 'Union forces inside the outer defenses'):
        'Union forces inside the outer defenses',
    ('atlanta', 863, 'Union forces inside the outer defenses'):
        'Union forces inside the outer defenses',
    ('atlanta', 869, 'Union forces inside the outer defenses'):
        'Union forces inside the outer defenses',
    ('atlanta', 376, 'Union forces inside the new defenses NE of Atlanta (1.33 to 4.27)'):
        'Union forces inside the new defenses NE of Atlanta (1.33 to 4.27',
    ('atlanta', 377, 'Union forces inside the inner defenses'):
        'Union forces inside the inner defenses',
    ('atlanta', 379, 'Union Forces inside Atlanta built up zone'):
        'Union Forces inside Atlanta built up zone',
    ('atlanta', 380, 'Confederate forces cleared from Atlanta hexes'):
        'Confederate forces cleared from Atlanta hexes',
    ('atlanta', 381, 'Union forces cutting the Georgia Railroad'):
        'Union forces cutting the Georgia Railroad',
    ('atlanta', 403, 'Per Confederate casualty or gun point lost'):
        'Per Confederate casualty or gun point lost',
    ('atlanta', 405, 'Per Union casualty or gun point lost'):
        'Per Union casualty or gun point lost',
    ('atlanta', 771, 'For each Confederate infantry, cavalry, or gun loss'):
        'For each Confederate infantry, cavalry, or gun loss',
    ('atlanta', 773, 'For each Union infantry, cavalry, or gun loss'):
        'For each Union infantry, cavalry, or gun loss',
    ('atlanta', 775, 'For each corps supply unit lost'):
        'For each corps supply unit lost',
    ('atlanta', 789, 'for each turn of delay after 4:00PM until Cleburne enters'):
        'for each turn of delay after 4:00PM until Cleburne enters',
    ('atlanta', 861, 'Union forces on the South side of the South fork of Peachtree Creek'):
        'Union forces on the South side of the South fork of Peachtree Creek',
    ('atlanta', 923, 'for each division of 23rd or 4th corps not in play on July 22'):
        'for each division of 23rd or 4th corps not in play on July 22',
    ('atlanta', 925, 'for each division of 23rd or 4th corps not in play on July 21'):
        'for each division of 23rd or 4th corps not in play on July 21',
    ('atlanta', 927, 'for each division of 23rd or 4th corps not in play on July 20'):
        'for each division of 23rd or 4th corps not in play on July 20',
    ('atlanta', 931, 'For each division of 4th Corps still on the map on July 21'):
        'For each division of 4th Corps still on the map on July 21',
    ('atlanta', 933, 'For each division of 4th Corps still on the map on July 22'):
        'For each division of 4th Corps still on the map on July 22',
    ('atlanta', 937, "'Flank to East': objectives inside the outer Atlanta defenses"):
        'objectives inside the outer Atlanta defenses',
    ('atlanta', 937, "'Flank to East': Army of the Tennessee supply train lost"):
        'Tennessee supply train',
    ('atlanta', 937, "'Flank to East': each corps supply unit lost"):
        'each corps supply unit',
    ('atlanta', 939, "'Take Atlanta': objectives inside the outer Atlanta defenses"):
        'objectives inside the outer Atlanta defenses',
    ('atlanta', 941, "'Economy of force': a corps sent off the West edge of map B before the 22nd"):
        'sent off the West edge of map **B',
    ('atlanta', 949, 'Johnston in command: all terrain VP'):
        'in command, all terrain',
    ('hood-strikes-north', 301, 's2-turn-1-activations'):
        'Union units may not activate, transfer, or recover on Turn 1',
    ('hood-strikes-north', 302, 's2-91-123-in'):
        '91 IN and 123 IN until Turn',
    ('hood-strikes-north', 303, 's2-hammond'):
        "may not activate Hammond's cavalry brigade until Turn",
    ('hood-strikes-north', 569, 's4-dat-corps'):
        'Smith, McArthur, and J. Moore may not activate on Turn',
    ('hood-strikes-north', 727, 's5-union-activation'):
        'Van Cleve, Anderson, and 140 IN may not activate or entrench on Turn',
    ('hood-strikes-north', 1694, 's9-turn-1-activations'):
        'Union units may not activate, transfer, or recover on Turn 1',
    ('hood-strikes-north', 1695, 's9-91-123-in'):
        '91 IN and 123 IN until Turn',
    ('hood-strikes-north', 1696, 's9-murfreesboro-garrison'):
        'may not activate Van Cleve, 17 USCT, 140 IN, and 5 TN',
    ('hood-strikes-north', 351, 'The Union player has five infantry divisions (Whitaker, Wagner, Wood, Ruger, Cox) and three wagon trains (A, B, C). At the end of the game, the Union player receives 7 VP for each infantry division and wagon train that either occupies Franklin (4010) or Nashville (5706/5707); or can achieve a “Line of Communication” (LOC) to Franklin or Nashville. An LOC is successfully traced by either of the following two methods: 1) A Union unit can trace a path of continuous hexes no more than 10 Movement Points in length from the hex it occupies to Franklin or Nashville; or, 2) A Union unit occupies a pike hex or can trace a path no more than three hexes in length to a pike, regardless of terrain, and then can trace a continuous path of pike hexes no more than 12 hexes in length to Franklin or Nashville. **Note:** No part of an LOC (including a 10 MP path directly to Franklin or Nashville, a 3-hex path to a pike, or a 12-hex path along a pike) may enter a hex occupied by an undemoralized Confederate unit or units (infantry and/or cavalry) with a combined Combat value of 3 or more. Confederate cavalry units’ combined Combat values are halved (round fractions down) when determining if this condition is fulfilled. An LOC is permitted to enter all Confederate ZOC and hexes occupied by Confederate units with a combined Combat value less than 3. Demoralized Confederate units’ Combat values are never taken into account in an LOC calculation.'):
        'The Union player has five infantry divisions (Whitaker, Wagner, Wood, Ruger, Cox) and three wagon '
        'trains (A, B, C). At the end of the game, the Union player receives 7 VP for each infantry division '
        'and wagon train that either occupies Franklin (4010) or Nashville (5706/5707); or can achieve a '
        '“Line of Communication” (LOC) to Franklin or Nashville. An LOC is successfully traced by either of '
        'the following two methods: 1) A Union unit can trace a path of continuous hexes no more than 10 '
        'Movement Points in length from the hex it occupies to Franklin or Nashville; or, 2) A Union unit '
        'occupies a pike hex or can trace a path no more than three hexes in length to a pike, regardless of '
        'terrain, and then can trace a continuous path of pike hexes no more than 12 hexes in length to '
        'Franklin or Nashville. **Note:** No part of an LOC (including a 10 MP path directly to Franklin or '
        'Nashville, a 3-hex path to a pike, or a 12-hex path along a pike) may enter a hex occupied by an '
        'undemoralized Confederate unit or units (infantry and/or cavalry) with a combined Combat value of 3 '
        'or more. Confederate cavalry units’ combined Combat values are halved (round fractions down) when '
        'determining if this condition is fulfilled. An LOC is permitted to enter all Confederate ZOC and '
        'hexes occupied by Confederate units with a combined Combat value less than 3. Demoralized '
        'Confederate units’ Combat values are never taken into account in an LOC calculation.',
    ('hood-strikes-north', 353, 'For each point of Union Manpower value lost in combat, retreat, or cavalry retreat (not in extended march, force march, or moving from one enemy ZOC to another). **Exception:** The Union player loses 2 VP for each point of Manpower value lost by a Union wagon train for any reason, including in an extended march and for moving from one enemy ZOC to another.'):
        'For each point of Union Manpower value lost in combat, retreat, or cavalry retreat (not in extended '
        'march, force march, or moving from one enemy ZOC to another). **Exception:** The Union player loses '
        '2 VP for each point of Manpower value lost by a Union wagon train for any reason, including in an '
        'extended march and for moving from one enemy ZOC to another.',
    ('hood-strikes-north', 355, 'If the RR station Brentwood (4910) has a Damaged or Destroyed marker at the end of the game.'):
        'If the RR station Brentwood (4910) has a Damaged or Destroyed marker at the end of the game.',
    ('hood-strikes-north', 472, 'The Union player has five infantry divisions (Kimball, Wagner, Wood, Ruger, Cox) and three wagon trains (A, B, C). At the end of the game, the Union player receives 7 VP for each infantry division and wagon train that either occupies Franklin (4010) or can achieve a "Line of Communication" (LOC) to Franklin. An LOC is successfully traced by either of the following two methods: 1) A Union unit can trace a path of continuous hexes no more than 10 Movement Points in length from the hex it occupies to Franklin. 2) A Union unit occupies a pike hex or can trace a path no more than three hexes in length to a pike, regardless of terrain, and then can trace a continuous path of pike hexes no more than 12 hexes in length to Franklin. Note: No part of an LOC (including a 10 MP path to Franklin, a 3-hex path to a pike, or a 12-hex path along a pike) may enter a hex occupied by an undemoralized Confederate unit or units (infantry and/or cavalry) with a combined Combat value of 3 or more . Confederate cavalry units\' combined Combat values are halved (round fractions down) when determining if this condition is fulfilled. An LOC is permitted to enter all Confederate ZOC and hexes occupied by Confederate units with a combined Combat value of less than 3. Demoralized Confederate units\' Combat values are never taken into account in an LOC calculation. If undemoralized Confederate units with a combined Combat value of 3 or more occupy Franklin (4010) at the end of the game, no Union unit may successfully trace an LOC.'):
        'The Union player has five infantry divisions (Kimball, Wagner, Wood, Ruger, Cox) and three wagon '
        'trains (A, B, C). At the end of the game, the Union player receives 7 VP for each infantry division '
        'and wagon train that either occupies Franklin (4010) or can achieve a "Line of Communication" (LOC) '
        'to Franklin. An LOC is successfully traced by either of the following two methods: 1) A Union unit '
        'can trace a path of continuous hexes no more than 10 Movement Points in length from the hex it '
        'occupies to Franklin. 2) A Union unit occupies a pike hex or can trace a path no more than three '
        'hexes in length to a pike, regardless of terrain, and then can trace a continuous path of pike hexes'
        ' no more than 12 hexes in length to Franklin.',
    ('hood-strikes-north', 473, 'For each point of Union Manpower value lost in combat, retreat, or cavalry retreat (not in extended march, force march, or moving from one enemy ZOC to another). Exception: The Union player loses 2 VP for each point of Manpower value lost by a Union wagon train for any reason, including in an extended march and for moving from one enemy ZOC to another.'):
        'The Union player loses 2 VP for each point of Manpower value lost by a Union wagon train for any '
        'reason, including in an extended march and for moving from one enemy ZOC to another.',
    ('hood-strikes-north', 590, "For each Union infantry division (not brigade) and wagon train that can trace an LOC to either Nashville city hex. There are 7 such infantry divisions and 3 such wagons. An LOC is defined as a path of continuous hexes, no more than 13 Movement Points in length, from a unit's hex to either Nashville city hex (not counting the hex the unit occupies, but counting the Nashville hex). The path may not enter a hex occupied by, or in the ZOC of, an undemoralized Confederate unit(s) with a combined Combat value of 3 or more. Confederate cavalry units' combined Combat values are halved (round fractions down) in this calculation. Demoralized Confederate units' Combat values are not included in this calculation. Exception: A hex with a Confederate ZOC that would block the LOC per the above does not block the LOC if the hex is occupied by an undemoralized Union infantry or cavalry unit. In calculating the Movement Points in this path, do not add 1 to exit an enemy ZOC. However, wagons must still pay a +1 Movement Point penalty the first time their path enters a non-pike hex. Movement Point penalties to enter a friendly-occupied hex do not apply when calculating this path."):
        'For each Union infantry division (not brigade) and wagon train that can trace an LOC to either '
        'Nashville city hex. There are 7 such infantry divisions and 3 such wagons. An LOC is defined as a '
        "path of continuous hexes, no more than 13 Movement Points in length, from a unit's hex to either "
        'Nashville city hex (not counting the hex the unit occupies, but counting the Nashville hex). The '
        'path may not enter a hex occupied by, or in the ZOC of, an undemoralized Confederate unit(s) with a '
        "combined Combat value of 3 or more. Confederate cavalry units' combined Combat values are",
    ('hood-strikes-north', 591, 'For each point of Union Manpower value lost in combat, retreat, or cavalry retreat (not in extended march, force march, or moving from one enemy ZOC to another). Note: In this scenario, wagons that lose manpower in an extended march or moving from one enemy ZOC to another do not cause a VP loss.'):
        'For each point of Union Manpower value lost in combat, retreat, or cavalry retreat (not in extended '
        'march, force march, or moving from one enemy ZOC to another).',
    ('hood-strikes-north', 737, 'If one or more undemoralized Confederate units with a combined Combat value of 1 or more (unmodified by entrenchments) end the game in Fortress Rosecrans-East (5231) or Fortress Rosecrans-West (5131). The maximum VP award for this achievement, no matter how many Confederate units end the game in these hexes, is 12.'):
        'If one or more undemoralized Confederate units with a combined Combat value of 1 or more (unmodified'
        ' by entrenchments) end the game in Fortress Rosecrans-East (5231) or Fortress Rosecrans-West (5131).'
        ' The maximum VP award for this achievement, no matter how many Confederate units end the game in '
        'these hexes, is 12.',
    ('hood-strikes-north', 738, 'If one or more undemoralized Confederate units with a combined Combat value of 1 or more (unmodified by entrenchments) end the game in Murfreesboro (5232).'):
        'If one or more undemoralized Confederate units with a combined Combat value of 1 or more (unmodified'
        ' by entrenchments) end the game in Murfreesboro (5232).',
    ('hood-strikes-north', 739, 'For each "Destroyed" result the Confederate player achieves on the Blockhouse Table.'):
        'For each "Destroyed" result the Confederate player achieves on the Blockhouse Table.',
    ('hood-strikes-north', 740, 'If one or more undemoralized Confederate units with a combined Combat value of 1 or more (unmodified by entrenchments) end the game in Maple Grove (4934). ( Exception: If the Confederate player also achieves 6 VP for occupying Murfreesboro at the end of the game, he may not gain 3 VP for also occupying Maple Grove.)'):
        'If the Confederate player also achieves 6 VP for occupying Murfreesboro at the end of the game, he '
        'may not gain 3 VP for also occupying Maple Grove.',
    ('hood-strikes-north', 741, 'If one or more undemoralized Confederate units with a combined Combat value of 1 or more (unmodified by entrenchments) end the game in Salem (4730).'):
        'If one or more undemoralized Confederate units with a combined Combat value of 1 or more (unmodified'
        ' by entrenchments) end the game in Salem (4730).',
    ('hood-strikes-north', 742, 'If one or more undemoralized Confederate units with a combined Combat value of 1 or more (unmodified by entrenchments) end the game in Catalpa (5028).'):
        'If one or more undemoralized Confederate units with a combined Combat value of 1 or more (unmodified'
        ' by entrenchments) end the game in Catalpa (5028).',
    ('hood-strikes-north', 819, 'If an undemoralized Union infantry unit occupies Brentwood (4910) and no undemoralized Confederate infantry unit is adjacent to Brentwood.'):
        'If an undemoralized Union infantry unit occupies Brentwood (4910) and no undemoralized Confederate '
        'infantry unit is adjacent to Brentwood.',
    ('hood-strikes-north', 820, 'If an undemoralized Union infantry unit occupies Brentwood (4910) and an undemoralized Confederate infantry unit is adjacent to Brentwood.'):
        'If an undemoralized Union infantry unit occupies Brentwood (4910) and an undemoralized Confederate '
        'infantry unit is adjacent to Brentwood.',
    ('hood-strikes-north', 821, 'If the Union player does not gain any VP for Brentwood occupation (see above), he gains 4 VP for each hex in Williamson County adjacent to Brentwood occupied by an undemoralized Union infantry unit.'):
        'If the Union player does not gain any VP for Brentwood occupation (see above), he gains 4 VP for '
        'each hex in Williamson County adjacent to Brentwood occupied by an undemoralized Union infantry '
        'unit.',
    ('hood-strikes-north', 822, 'If at the end of Turn 1, an undemoralized Union infantry unit occupies Brentwood (4910). These VP are in addition to any VP awarded for Brentwood at the end of the game (see above).'):
        'If at the end of Turn 1, an undemoralized Union infantry unit occupies Brentwood (4910). These VP '
        'are',
    ('hood-strikes-north', 823, 'If no undemoralized Confederate infantry division is within 2 hexes of Brentwood (4910). These VP are in addition to any VP awarded for Union occupation of or adjacency to Brentwood at the end of the game (see above).'):
        'to any VP awarded for Union occupation of or adjacency to Brentwood at the end of the game (see '
        'above).',
    ('hood-strikes-north', 824, "For each Confederate infantry division in Davidson County that cannot trace a Line of Communication (LOC) to Brentwood or Columbia (1715). The LOC is traced from a division's hex to Brentwood or Columbia by any path of continuous hexes that does not enter an enemy-occupied hex or a ZOC of an undemoralized Union unit, unless that ZOC is occupied by an undemoralized Confederate unit."):
        'For each Confederate infantry division in Davidson County that cannot trace a Line of Communication '
        "(LOC) to Brentwood or Columbia (1715). The LOC is traced from a division's hex to Brentwood or "
        'Columbia by any path of continuous hexes that does not enter an enemy-occupied hex or a ZOC of an '
        'undemoralized Union unit, unless that ZOC is occupied by an undemoralized Confederate unit.',
    ('hood-strikes-north', 940, 'For each Confederate infantry division (there are eight) that ends the game in Maury County south of the Duck River.'):
        'For each Confederate infantry division (there are eight) that ends the game in Maury County south of'
        ' the Duck River.',
    ('hood-strikes-north', 1712, 'For each VP Phase in which an undemoralized Confederate infantry division or brigade occupies Murfreesboro (5232). The Confederate player gains 12 VP for the first turn in the game he qualifies for this award and 2 VP for the second and all later turns he qualifies for it. **Exception:** These VP are not awarded if the Union fort in hex 5231 is not destroyed.'):
        'For each VP Phase in which an undemoralized Confederate infantry division or brigade occupies '
        'Murfreesboro (5232). The Confederate player gains 12 VP for the first turn in the game he qualifies '
        'for this award and 2 VP for the second and all later turns he qualifies for it. **Exception:** These'
        ' VP are not awarded if the Union fort in hex 5231 is not destroyed.',
    ('hood-strikes-north', 1713, 'If in the VP Phase of Turn 32 (the last turn), an undemoralized Confederate infantry division or brigade occupies Murfreesboro (5232). **Exception:** These VP are not awarded if the Union fort in hex 5231 is not destroyed. This award is *in addition to* the +12/+2 VP gained for Confederate occupation of Murfreesboro on any given turn (see above). For example, if the Confederate player first occupies Murfreesboro during the VP Phase of Turn 32 (the last turn), he gains 24 VP: 12 VP for the first VP Phase in the game in which he occupies it and 12 VP for occupying it during the Turn 32 VP Phase. However, if he first occupied Murfreesboro on Turn 26 and still occupied it during the VP Phase of Turn 32, he would gain 14 VP: 2 VP for occupying it in any turn and 12 VP for occupying it during the Turn 32 VP Phase.'):
        'If in the VP Phase of Turn 32 (the last turn), an undemoralized Confederate infantry division or '
        'brigade occupies Murfreesboro (5232). **Exception:** These VP are not awarded if the Union fort in '
        'hex 5231 is not destroyed. This award is *in addition to* the +12/+2 VP gained for Confederate '
        'occupation of Murfreesboro on any given turn (see above). For example, if the Confederate player '
        'first occupies Murfreesboro during the VP Phase of Turn 32 (the last turn), he gains 24 VP: 12 VP '
        'for the first VP Phase in the game in which he occupies it and 12 VP for occupying it during the '
        'Turn 32 VP Phase. However, if he first occupied Murfreesboro on Turn 26 and still occupied it during'
        ' the VP Phase of Turn 32, he would gain 14 VP: 2 VP for occupying it in any turn and 12 VP for '
        'occupying it during the Turn 32 VP Phase.',
    ('hood-strikes-north', 1714, 'For each VP Phase in which one or more undemoralized Confederate infantry divisions occupy a hex (or hexes) adjacent to Nashville (5705/5706). The maximum VP award for this accomplishment is 5 VP per VP Phase, no matter how many Confederate infantry units are adjacent to Nashville.'):
        'For each VP Phase in which one or more undemoralized Confederate infantry divisions occupy a hex (or'
        ' hexes) adjacent to Nashville (5705/5706). The maximum VP award for this accomplishment is 5 VP per '
        'VP Phase, no matter how many Confederate infantry units are adjacent to Nashville.',
    ('hood-strikes-north', 1715, 'For each VP Phase in which three or more undemoralized Confederate infantry divisions occupy a hex (or hexes) two or three hexes distant from Nashville (5705/5706). The maximum award for this accomplishment is 2 VP per VP Phase, no matter how many Confederate infantry divisions are situated two or three hexes from Nashville. **Exception:** These VP are not awarded if, during the same VP Phase, the Confederate player gains 5 VP for occupying one or more hexes adjacent to Nashville (see above). In this case, the +2 VP award is ignored,'):
        'For each VP Phase in which three or more undemoralized Confederate infantry divisions occupy a hex '
        '(or hexes) two or three hexes distant from Nashville (5705/5706). The maximum award for this '
        'accomplishment is 2 VP per VP Phase, no matter how many Confederate infantry divisions are situated '
        'two or three hexes from Nashville. **Exception:** These VP are not awarded if, during the same VP '
        'Phase, the Confederate player gains 5 VP for occupying one or more hexes adjacent to Nashville (see '
        'above). In this case, the +2 VP award is ignored',
    ('hood-strikes-north', 1717, "In the *first* VP Phase of the game in which three or more undemoralized Confederate infantry divisions occupy one or more hexes within three hexes of Nashville (5705/5706). This is a one-time VP bonus and is in addition to other VP awards due to Confederate infantry divisions' proximity to Nashville. For example, if on Turn 10 the Confederate player has moved three undemoralized infantry divisions to hex 5609, and this is the first time in the game he has satisfied the requirement of having three undemoralized infantry divisions within three hexes of Nashville during the VP Phase, he gains 32 VP: 30 VP for achieving this requirement the first time in the game; 2 VP for achieving this requirement in the VP Phase of any turn."):
        'In the *first* VP Phase of the game in which three or more undemoralized Confederate infantry '
        'divisions occupy one or more hexes within three hexes of Nashville (5705/5706). This is a one-time '
        "VP bonus and is in addition to other VP awards due to Confederate infantry divisions' proximity to "
        'Nashville. For example, if on Turn 10 the Confederate player has moved three undemoralized infantry '
        'divisions to hex 5609, and this is the first time in the game he has satisfied the requirement of '
        'having three undemoralized infantry divisions within three hexes of Nashville during the VP Phase, '
        'he gains 32 VP: 30 VP for achieving this requirement the first time in the game; 2 VP for achieving '
        'this requirement in the VP Phase of any turn.',
    ('hood-strikes-north', 1718, 'For each Confederate infantry division in the Turn 32 VP Phase (the last turn of the game) occupying a hex south of the Duck River that has a valid Line of Communication (LOC). To trace an LOC, an infantry division must first occupy a pike, road, or railroad hex, or trace a path three or fewer hexes to a pike, road, or railroad hex. Terrain is irrelevant in that path. Then, from that pike, road, or railroad hex, the Confederate player must trace a continuous path of pike, road, or railroad hexes to any hex on the south map edge. No hex in the path from the division to the end of the LOC may pass through a "blocked" hex. (See "Blocked Hexes," below.) Breckinridge\'s division, which the Confederate player may gain as a reinforcement, is eligible for this VP award. Confederate infantry divisions that have exited the map (see 14.0) may never gain VP for tracing an LOC.'):
        'For each Confederate infantry division in the Turn 32 VP Phase (the last turn of the game) occupying'
        ' a hex south of the Duck River that has a valid Line of Communication (LOC). To trace an LOC, an '
        'infantry division must first occupy a pike, road, or railroad hex, or trace a path three or fewer '
        'hexes to a pike, road, or railroad hex. Terrain is irrelevant in that path. Then, from that pike, '
        'road, or railroad hex, the Confederate player must trace a continuous path of pike, road, or '
        'railroad hexes to any hex on the south map edge. No hex in the path from the division to the end of '
        'the LOC may pass through a "blocked" hex. (See "Blocked Hexes," below.) Breckinridge\'s division, '
        'which the Confederate player may gain as a reinforcement, is eligible for this VP award. Confederate'
        ' infantry divisions that have exited the map (see 14.0) may never gain VP for tracing an LOC.',
    ('hood-strikes-north', 1719, 'For each Confederate infantry division in the Turn 32 VP Phase (the last turn of the game) occupying a hex north of the Duck River that has a valid Line of Communication (LOC). To trace an LOC, an infantry division must first occupy a pike (not a road or railroad) hex or trace a path three or fewer hexes to a pike (not a road or railroad) hex. Terrain is irrelevant in that path. Then, from that pike hex, the Confederate player must trace a continuous path of pike hexes to any pike hex on the south map edge (there are three such hexes: 0111, 0125, and 0131) or to Murfreesboro (5232, but only if it is currently Confederate-occupied, and if the Union fort in hex 5231 is destroyed). No hex in the path from the division to the end of the LOC may pass through a "blocked" hex. (See "Blocked Hexes," below.) Breckinridge\'s division, which the Confederate player may gain as a reinforcement, is eligible for this VP award. Confederate infantry divisions that have exited the map (see 14.0) may never gain VP for tracing an LOC.'):
        'For each Confederate infantry division in the Turn 32 VP Phase (the last turn of the game) occupying'
        ' a hex north of the Duck River that has a valid Line of Communication (LOC). To trace an LOC, an '
        'infantry division must first occupy a pike (not a road or railroad) hex or trace a path three or '
        'fewer hexes to a pike (not a road or railroad) hex. Terrain is irrelevant in that path. Then, from '
        'that pike hex, the Confederate player must trace a continuous path of pike hexes to any pike hex on '
        'the south map edge (there are three such hexes: 0111, 0125, and 0131) or to Murfreesboro (5232, but '
        'only if it is currently Confederate-occupied, and if the Union fort in hex 5231 is destroyed). No '
        'hex in the path from the division to the end of the LOC may pass through a "blocked" hex. (See '
        '"Blocked Hexes," below.) Breckinridge\'s division, which the Confederate player may gain as a '
        'reinforcement, is eligible for this VP award. Confederate infantry divisions that have exited the '
        'map (see 14.0) may never gain VP for tracing an LOC.',
    ('hood-strikes-north', 1725, 'For each of the following RR stations with a RR Station Destroyed marker at the end of the game:'):
        'For each of the following RR stations with a RR Station Destroyed marker at the end of the game',
    ('hood-strikes-north', 1733, 'For each point of Union Manpower value lost in combat, retreat, or cavalry retreat (not in extended march, force march, or moving from one enemy ZOC to another). **Exception:** The Confederate player gains 2 VP for each point of Manpower value lost by a Union wagon train for any reason, including in an extended march and for moving from one enemy ZOC to another. However, the Confederate player does not gain VP for Manpower value loss if the Union player voluntarily destroys a wagon or if it is removed from the map at the start of Winter Weather (see Special Rule 3, above).'):
        'For each point of Union Manpower value lost in combat, retreat, or cavalry retreat (not in extended '
        'march, force march, or moving from one enemy ZOC to another). **Exception:** The Confederate player '
        'gains 2 VP for each point of Manpower value lost by a Union wagon train for any reason, including in'
        ' an extended march and for moving from one enemy ZOC to another. However, the Confederate player '
        'does not gain VP for Manpower value loss if the Union player voluntarily destroys a wagon or if it '
        'is removed from the map at the start of Winter Weather (see Special Rule 3, above).',
    ('hood-strikes-north', 1734, 'For each Union wagon train that does not enter either Nashville city hex before the start of winter weather (see 4.0).'):
        'For each Union wagon train that does not enter either Nashville city hex before the start of winter '
        'weather (see 4.0).',
    ('hood-strikes-north', 1735, 'For each Union wagon that enters Murfreesboro (5232) or either Fortress Rosecrans hex (5131, 5231, assuming the permanent fort in the entered hex is not destroyed) before the start of winter weather (see 4.0).'):
        'For each Union wagon that enters Murfreesboro (5232) or either Fortress Rosecrans hex (5131, 5231, '
        'assuming the permanent fort in the entered hex is not destroyed) before the start of winter weather '
        '(see 4.0).',
    ('hood-strikes-north', 1736, 'For each Union wagon train voluntarily destroyed by the Union player or still on the map at the start of winter weather (see 4.0). The Confederate player receives VP equal to the Manpower value of the wagon at the time of its voluntary destruction or when it is removed at the start of winter weather.'):
        'For each Union wagon train voluntarily destroyed by the Union player or still on the map at the '
        'start of winter weather (see 4.0). The Confederate player receives VP equal to the Manpower value of'
        ' the wagon at the time of its voluntary destruction or when it is removed at the start of winter '
        'weather.',
    ('into-the-woods-shiloh', 1218, 'Confederate SP loss'):
        'for each Confederate SP loss',
    ('into-the-woods-shiloh', 1395, "each of Raith's four infantry camps"):
        "Each of Raith's four infantry camps",
    ('into-the-woods-shiloh', 1397, "each of the 5th Division's nine infantry camps"):
        'Each of the 5th Division nine infantry camps',
    ('into-the-woods-shiloh', 1627, '7 of the 13 Sunken Lane hexes by end of 3 PM plus one other point'):
        'of the 13 Sunken Lane hexes by',
    ('into-the-woods-shiloh', 1629, 'all three Union divisions CI'):
        "as part of Hurlbut's division",
    ('into-the-woods-shiloh', 1630, 'Cloud Field farm lane N4931-N5432 by end of 5 PM and held'):
        'the end of the 5 PM turn',
    ('into-the-woods-shiloh', 1631, 'CSA infantry at the northern boundary on or east of 54xx'):
        'at the northern boundary',
    ('into-the-woods-shiloh', 1635, '7 of the 13 Sunken Lane hexes by end of 4 PM plus one other point'):
        'of the 13 Sunken Lane hexes by',
    ('into-the-woods-shiloh', 1636, 'nine or more Confederate brigades CI'):
        'Nine or more Confederate brigades',
    ('into-the-woods-shiloh', 1637, 'Corinth-Pittsburg Road from N5029 to the northern boundary'):
        'Corinth-Pittsburg Road from',
    ('into-the-woods-shiloh', 1638, 'Cloud Field farm lane N4931-N5432 at game end'):
        'N4931 to N5432',
    ('into-the-woods-shiloh', 1880, 'S5 Victory: use the victory conditions for Scenario 1, omit the VPs awarded prior to 11 AM for control of fields'):
        'Use the victory conditions for',
    ('into-the-woods-shiloh', 1880, 'Scenario 1 victory points without the field awards before 11 AM'):
        'Use the victory conditions for',
    ('into-the-woods-shiloh', 1887, 'Confederate starting advantage'):
        'PLAY NOTE: The Confederates start',
    ('into-the-woods-shiloh', 2206, "McClernand's headquarters"):
        'occupies or was the last to pass through',
    ('into-the-woods-shiloh', 2206, 'Marsh regimental camp'):
        'the four Marsh regimental camps',
    ('into-the-woods-shiloh', 2721, 'each enemy brigade CI at game end'):
        '3 VP for each enemy brigade CI at the end of the',
    ('into-the-woods-shiloh', 2989, 'Union starting VP'):
        'the Union starts with 5',
    ('into-the-woods-shiloh', 3084, 'Confederate SP loss'):
        'Inflict 11 SP losses',
    ('into-the-woods-shiloh', 3078, "Stuart's HQ and camps S5313, S5614, S5714 with Stuart CI"):
        'S5313, S5614, S5714',
    ('into-the-woods-shiloh', 3247, 'S10 Victory: use the victory conditions for Scenario 1 with the following changes'):
        'Use the Victory conditions for',
    ('atlanta', 803, '5.2d variants of the 20 July action: its victory conditions'):
        '5.2d Variants',
    ('atlanta', 411, 'each wrecked Confederate brigade'):
        '1 Per wrecked brigade',
    ('atlanta', 411, 'each wrecked Union brigade'):
        '1 Per wrecked brigade',
    ('atlanta', 413, 'each wrecked Confederate division'):
        '2 Per wrecked division',
    ('atlanta', 413, 'each wrecked Union division'):
        '2 Per wrecked division',
    ('atlanta', 415, 'each wrecked Confederate corps'):
        '5 Per wrecked corps',
    ('atlanta', 415, 'each wrecked Union corps'):
        '5 Per wrecked corps',
    ('atlanta', 415, 'wrecked Union 16th Corps'):
        'except 2,3,3 for 16th, 17th, and 23rd respectively',
    ('atlanta', 415, 'wrecked Union 17th Corps'):
        'except 2,3,3 for 16th, 17th, and 23rd respectively',
    ('atlanta', 415, 'wrecked Union 23rd Corps'):
        'except 2,3,3 for 16th, 17th, and 23rd respectively',
    ('atlanta', 463, 'No Covington Raid variant used'):
        'The Confederate player receives 10 victory points',
    ('atlanta', 495, 'Sherman leaves the board to deliver orders to Thomas'):
        'Optionally, Sherman can leave the board, taking a full off-board turn to get to Thomas to deliver '
        'his orders in person',
    ('atlanta', 539, 'each Army of the Cumberland corps brought in'):
        'Exercising this option costs the Union player 10 victory points per corps',
    ('atlanta', 539, "each division of Stewart's Corps brought in"):
        "Bringing in divisions from Stewart's corps costs the Confederate player 5 victory points per "
        'division',
    ('atlanta', 937, "'Flank to East': south-edge VP of map A"):
        'victory points for the south edge of map A are doubled',
    ('atlanta', 939, "'Take Atlanta': south-edge VP"):
        'victory points for the south edge are halved',
    ('atlanta', 945, "Confederate 'cover abandonment': Union terrain VP acquired on the 22nd"):
        'terrain victory points awarded to the Union are halved if acquired on the 22cd',
    ('atlanta', 947, "Confederate 'counterattack': bonus to the Union"):
        'there is a bonus of 20 victory points for the Union',
    ('into-the-woods-shiloh', 1224, 'camp hex 25 MO occupied or last passed through by the Union'):
        'S3514 (25 MO)',
    ('into-the-woods-shiloh', 1224, 'camp hex Prentiss HQ occupied or last passed through by the Union'):
        'S4515 (Prentiss HQ)',
    ('into-the-woods-shiloh', 1225, 'camp hex 12 MI occupied or last passed through by the Union'):
        'S3715 (12 MI)',
    ('into-the-woods-shiloh', 1225, 'camp hex 18 MO occupied or last passed through by the Union'):
        'S4218 (18 MO)',
    ('into-the-woods-shiloh', 1226, 'camp hex 21 MO occupied or last passed through by the Union'):
        'S3916 (21 MO)',
    ('into-the-woods-shiloh', 1226, 'camp hex 61 IL occupied or last passed through by the Union'):
        'S4418 (61 IL)',
    ('into-the-woods-shiloh', 1227, 'camp hex 16 WI occupied or last passed through by the Union'):
        'S4117 (16 WI)',
    ('into-the-woods-shiloh', 1227, 'camp hex 18 WI occupied or last passed through by the Union'):
        'S4617 (18 WI)',
    ('into-the-woods-shiloh', 1228, 'camp hex Hickenlooper occupied or last passed through by the Union'):
        'S4215 (Hickenlooper)',
    ('into-the-woods-shiloh', 1228, 'camp hex Munch occupied or last passed through by the Union'):
        'S4315 (Munch)',
    ('into-the-woods-shiloh', 3252, "control of Spain's Field"):
        "Spain's 7 AM 5 VP",
    ('into-the-woods-shiloh', 3253, 'control of Lost and Barnes Fields'):
        'Lost, Barnes 8 AM 5 VP',
    ('into-the-woods-shiloh', 3254, 'control of Review and Ben Howell Fields'):
        'Review, Ben Howell 9 AM 5 VP',
    ('into-the-woods-shiloh', 3255, 'control of Larkin Bell Field'):
        'Larkin Bell 10 AM 5 VP',
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
