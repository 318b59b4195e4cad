"""CWB Regimental Sub-Series: how the referee reads the two die-roll tables the rules print
(`gamedata.import_kit.readings`); lines are those of `002_bf5691fdb44795f2.txt`. The Fire Combat
Table itself is a series chart the rulebook does not hold: only its ammunition results are here."""
from __future__ import annotations

from gamedata.import_kit.readings import Reading

READINGS: tuple[Reading, ...] = (
    Reading("Rows", "rss-fire-combat-ammo", 373, "11-12", "Low Ammo", "one ammunition level down: Low Ammo, or "
            "No Ammo for a unit already Low", effect="ammo=-1"),
    Reading("Rows", "rss-fire-combat-ammo", 373, "2-10", "Whenever the Fire Table die roll is 11 or 12",
            "ammunition is lost only on 11 or 12 (a 13, possible with crossfire, is not printed)", add=True,
            result="no ammunition result"),
    Reading("Modifiers", "rss-fire-combat-ammo", 271, "+1", "crossfire", "27.1b: +1 to the Fire Combat Table "
            "roll, which is the roll 28.1 reads", when="crossfire"),
    Reading("Rows", "rss-distorted-order", 55, "6", "may again be sent orders", "the lock ends: the Distorted "
            "Order marker of the unit rolled for comes off", effect="status=-distorted-order; units=rolled"),
    Reading("Rows", "rss-distorted-order", 55, "otherwise", "until the player rolls a 6 on one die",
            "the lock ends only on a 6: the marker stays", add=True, result="the unit still may not be sent orders",
            effect="units=rolled"),
)
