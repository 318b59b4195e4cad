"""The words a table result's `effect` cell may use, and what the referee does with each.

`tables.xlsx` `Rows.effect` says what a result requires in the game as `key=value` items
(``sets=2; set=union``, ``stay=unit:US:Grant``). Every key a bundled table uses is listed
here with how it is judged: compared with the log by the tables check (`CHECKED`), read by
another key's check (`QUALIFIER`: ``units=``, ``lasts=``), compared by another check
(`ELSEWHERE`: the supply check compares an Ammo Resupply result, `resupply=yes`), or `NOT_CHECKED`, with why
the log cannot show it and what would make it visible. A key not listed here is reported as
not checked with that said, never passed in silence (tests/test_effects.py walks every key of
every bundled `tables.xlsx`).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class How(Enum):
    CHECKED = "checked by the tables check"
    QUALIFIER = "read by another key of the same result"
    ELSEWHERE = "compared by another check"
    NOT_CHECKED = "not checked"


@dataclass(frozen=True)
class EffectKind:
    """One key of the effect vocabulary: what it means and how the referee judges it
    (``why`` = why it is not checked and what would make it visible, or which check compares it)."""

    key: str
    means: str
    how: How
    why: str = ""


_KINDS = (
    EffectKind("place", "a game marker of that name is put on a map in the window; placed after a result "
               "that does not call for it, against the roll", How.CHECKED),
    EffectKind("remove", "a piece whose name starts so leaves the map (`remove=leader`: a leader unit; "
               "`remove=SELECTOR`: every such unit on the map)", How.CHECKED),
    EffectKind("sets", "that many reinforcement sets of the kind `set=` enter in the turn, lowest first, "
               "at their entry hexes", How.CHECKED),
    EffectKind("set", "the kind of reinforcement set `sets=` counts (Reinf rows `dr_set` = 'KIND n')",
               How.QUALIFIER),
    EffectKind("withhold", "`yes`: sets may be withheld and enter in a later turn", How.QUALIFIER),
    EffectKind("entry", "with `sets=`: the entry that costs one more Fatigue Level (`alt +1`: the "
               "alternative entry hexes)", How.QUALIFIER),
    EffectKind("fatigue", "the Fatigue Level the units arriving under `sets=` show, or the roll's units "
               "gain (`+N`)", How.CHECKED),
    EffectKind("leaders", "`on top`: a leader arriving under `sets=` is stacked atop a unit of his set",
               How.CHECKED),
    EffectKind("ammo", "`-1`: each firing unit one ammunition level down", How.CHECKED),
    EffectKind("status", "the units of the result show the status (`-CODE`: no longer show it) after the "
               "window; a unit gaining (losing) it after another result, against the roll", How.CHECKED),
    EffectKind("move", "at least one of the units moves (or enters the map) in the window", How.CHECKED),
    EffectKind("stay", "none of the units moves (or enters the map) in the window; `until=turn`: the rest "
               "of the turn", How.CHECKED),
    EffectKind("enter", "reinforcement rows of that die-roll kind (`dr_set`, `#N`: of order N only) enter "
               "in the window at their entry hexes, in their order; the rest stay off the map", How.CHECKED),
    EffectKind("gain", "one unit of each listed type (`Cav,Inf`) may gain one strength step in the window, "
               "and no other unit; a gain after a result without `gain`, against the roll", How.CHECKED),
    EffectKind("cap", "with `gain=`: the strength a gain may not pass, per unit type (and size): "
               "`Inf Brig:6, Cav:3`", How.QUALIFIER),
    EffectKind("weather", "the weather in effect from the roll for `lasts=` turns (or the day): later "
               "readings and the tables' own `when` read it (`weather`, `last-weather`)", How.CHECKED),
    EffectKind("lasts", "how long `weather=` holds: a number of turns, or `day`", How.QUALIFIER),
    EffectKind("each-turn", "while the weather holds, the named table is rolled in every turn", How.CHECKED),
    EffectKind("units", "which units the other keys are about (a selector: `unit:ID`, `formation:ID`, "
               "`type:T`, `side:S`, `case:FACT`, `reinf:KIND`, `rolled`)", How.QUALIFIER),
    EffectKind("until", "how long `stay=` holds: `turn` (the rest of the turn) or `roll` (until the table is "
               "rolled again)", How.QUALIFIER),
    EffectKind("unless", "an exception to `stay=` the log may not show (fire): a move is then a warning that "
               "quotes it", How.QUALIFIER),
    EffectKind("weather-end", "`changed`: the last turn of the weather in effect moves one box either way, on a "
               "roll no table reads; `weather` is not known around that end", How.QUALIFIER),
    EffectKind("hexside", "where later units may cross (the same hexside; not again next turn)", How.NOT_CHECKED,
               "a creek crossing is a move across a creek hexside, which only the map's terrain tells from any "
               "other move; the creek's hexsides in terrain.xlsx would make it checkable"),
    EffectKind("range", "the ranges a unit may fire at afterwards", How.NOT_CHECKED,
               "a fire's range needs its target, which the log shows only when the target is marked defending and "
               "the firer attacking; the Fire Table is a series chart not in the rulebook (combat.xlsx)"),
    EffectKind("refill", "when the ammunition comes back", How.NOT_CHECKED,
               "the refill depends on the distance to the corps wagon or the Army trains in the resupply phase, "
               "which the supply check reads for the resupply rule (28.x), not per roll"),
    EffectKind("resupply", "`yes`: the unit's ammunition may go back to full", How.ELSEWHERE,
               "the supply check compares it (10.92: a unit whose ammunition goes up needs a roll of 4 or less, "
               "with its modifiers, before it)"),
    EffectKind("panic", "the army commander's panic (freeze, fall back, withdraw)", How.NOT_CHECKED,
               "what the army does after a panic is orders and movement over a day or more that the log does "
               "not tie to the panic; a chat line 'panic: <result>' and the orders as markers would make it "
               "visible"),
    EffectKind("initiative", "a leader's rating applies to an Initiative roll", How.NOT_CHECKED,
               "the Initiative roll is not a die-roll table of the game, so its modifiers are not read; a "
               "button per Initiative roll with its modifiers (or a chat line 'Initiative +N (Grant)') would make "
               "it visible"),
    EffectKind("efficiency", "a leader's rating raises one division's Efficiency", How.NOT_CHECKED,
               "Efficiency and the AMs it gives are drawn from a cup the log does not show; AM chits as pieces "
               "would make it visible"),
    EffectKind("ams", "the number of AMs put in the cup", How.NOT_CHECKED,
               "the AM cup is not in the log; AM chits as pieces of the module (a cup deck) would make it "
               "visible"),
    EffectKind("setup", "where a variant's units stand (a different set-up by the roll)", How.NOT_CHECKED,
               "the hexes of the rolled set-up are printed as prose ('along the road to the Howard house') that "
               "the set-up data does not hold per result; Setup rows per result would make it checkable"),
    EffectKind("movement", "how a unit may move this turn (formation, allowance, terrain costs)", How.NOT_CHECKED,
               "movement allowances and terrain costs need the map's terrain (terrain.xlsx) and the series "
               "Terrain Effects Chart (effects.xlsx), which hold no values for this game yet"),
    EffectKind("heard", "which commander hears the combat", How.NOT_CHECKED,
               "hearing the guns frees a commander's orders, which are not logged; a chat line or an order "
               "marker would make it visible"),
    EffectKind("combat", "what combat is allowed (no combat in a storm, no assault)", How.NOT_CHECKED,
               "combat is read from rolls on a combat table, which this game's data does not have "
               "(combat.xlsx); with one, attacks in a storm turn would be visible"),
)

EFFECTS: dict[str, EffectKind] = {k.key: k for k in _KINDS}


def kind(key: str) -> EffectKind:
    """The key's kind; a key the vocabulary does not know is not checked, and says so."""
    return EFFECTS.get(key) or EffectKind(key, "(not in the effect vocabulary)", How.NOT_CHECKED,
                                          "the referee has no check for this effect key "
                                          "(referee/rules/effects.py lists the keys it knows)")
