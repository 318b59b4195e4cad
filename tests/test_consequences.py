"""What must follow a table result or a combat, checked on replay steps and game views.

The steps are replay events as the replay makes them; the views are stand-ins with
the fields of the game view contract (design.md "The game view"): these tests pin
the checks' logic, the planted-violation logs of the end-to-end tests run them on
logs VASSAL replays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from gamedata import load_game
from gamedata.combat import combat_of
from gamedata.conditions import MappingFacts
from gamedata.hexids import HexIds
from gamedata.model import TurnDef, Unit
from gamedata.rolls import evaluate, roll_tables
from referee.dice import Roll
from referee.findings import Severity
from referee.rules.combat import sides, strength
from referee.rules.consequences import Context, Judge, Outcome, SetLedger, check_ammo, check_markers, window
from referee.table_rolls import TableRoll
from vassal.replay import Added, Moved, Removed, Step, TurnChanged

SOURCES = Path(__file__).resolve().parents[1] / "sources"


@pytest.fixture(scope="module")
def hsn():
    return load_game(SOURCES / "hood-strikes-north")


@pytest.fixture(scope="module")
def tables(hsn):
    return {t.table_id: t for t in roll_tables(hsn.tables)}


def step(index: int, *events) -> Step:
    return Step(index, (), tuple(events), "Thomas", "Union")


def roll_on(table, step_index: int, die: int) -> TableRoll:
    return TableRoll(Roll(step_index, "Thomas", table.name, (die,), 6, ""), table, (die,), "the table's own button")


def judge(ctx: Context, roll: TableRoll, reading, w) -> Judge:
    """The judge of one roll's window, as the tables check makes it."""
    return Judge(ctx, Outcome.of(roll, reading, ctx.label), w)


def test_the_window_ends_at_the_next_roll_or_turn_change():
    steps = [step(1), step(2), step(3), step(4, TurnChanged("Turn", "2")), step(5)]
    assert (window(steps, 1, 3, whole_turn=False).first, window(steps, 1, 3, whole_turn=False).last) == (2, 2)
    assert window(steps, 1, 3, whole_turn=True).last == 3        # sets: the rest of the turn
    assert str(window(steps, 1, None, whole_turn=False)) == "steps 2-3"


def _winter(tables, die: int, placed_step: int | None):
    events = [step(1)] + [step(2, Added("p9", "Winter Weather Start", "Turn Track", "Turn 15"),
                               Added("p10", "Last Turn of Winter", "Turn Track", "Turn 21"))
                          if placed_step == 2 else step(2)] + [step(3), step(4, TurnChanged("Turn", "16"))]
    roll = roll_on(tables["winter-weather"], 1, die)
    reading = evaluate(roll.table, roll.dice, MappingFacts({"turn": 15}))
    ctx = Context(events, "w.vlog", None)  # type: ignore[arg-type]
    return list(check_markers(judge(ctx, roll, reading, window(events, 1, None, False))))


def test_a_weather_marker_set_against_the_roll_is_an_error(tables):
    found = _winter(tables, 4, placed_step=2)          # 4 - 1 on turn 15 = 3: No Effect
    assert [(f.severity, f.step, f.pieces) for f in found] == [(Severity.ERROR, 2, ("Last Turn of Winter",)),
                                                              (Severity.ERROR, 2, ("Winter Weather Start",))]
    assert found[1].message == ("Winter Weather Table 4 (-1 On Turn 15 (December 7)) = 3 -> No Effect: Winter "
                                "Weather Start placed at step 2 against the roll (only 'Winter Weather Start' "
                                "(4 or more) place it)")
    assert found[1].rule == "Winter Weather Table (4.0)"


def test_the_marker_the_result_calls_for(tables):
    assert _winter(tables, 6, placed_step=2) == []      # 5: Winter Weather Start, placed
    missing = _winter(tables, 6, placed_step=None)
    assert [(f.severity, f.message.split(": ")[-1]) for f in missing] == [
        (Severity.WARNING, "Last Turn of Winter must be placed, but it is not in steps 2-3"),   # L1308
        (Severity.WARNING, "Winter Weather Start must be placed, but it is not in steps 2-3")]


def test_a_blockhouse_removed_only_when_destroyed(tables):
    steps = [step(1), step(2, Removed("b1", "Blockhouse (No. 1)", "Main", "5610"))]
    roll = roll_on(tables["blockhouse"], 1, 3)
    facts = MappingFacts({"declared(attack)": "normal", "unit.value(combat)": 1, "unit.value(artillery)": 0,
                          "stacked(Forrest)": False})
    found = list(check_markers(judge(Context(steps, "b.vlog", None), roll,  # type: ignore[arg-type]
                                     evaluate(roll.table, (3,), facts), window(steps, 1, None, False))))
    assert [(f.severity, f.pieces) for f in found] == [(Severity.ERROR, ("Blockhouse (No. 1)",))]


# ---------------------------------------------------------------- views stand-ins


@dataclass(frozen=True)
class U:
    unit: Unit
    piece_id: str
    hex: object
    strength: str = ""
    status: dict = field(default_factory=dict)
    map: str = "Main"
    location: str = ""

    @property
    def unit_id(self):
        return self.unit.unit_id

    @property
    def name(self):
        return self.unit.name

    @property
    def side(self):
        return self.unit.side


@dataclass
class V:
    units: dict
    turn: TurnDef | None = None
    scenario: object = None
    active: str | None = None

    def unit(self, uid):
        return self.units.get(uid)

    def at(self, h):
        return tuple(u for u in self.units.values() if u.hex == h)


class Views:
    def __init__(self, views):
        self.views = views

    def at(self, step):
        return self.views[min(step, len(self.views) - 1)]


@dataclass(frozen=True)
class Match:
    scenario_id: str


def test_reinforcement_sets_entered_against_the_roll(hsn, tables):
    hexids = HexIds(hsn.maps)
    units = {u.unit_id: u for u in hsn.units}
    rested = {"fatigue": "none"}     # 12.0 (L1589): reinforcements are placed at Fatigue Level 0
    waiting = {uid: U(units[uid], uid, None, map="Scenario Display", status=rested)
               for uid in ("Hammond", "Knipe", "G. Johnson-A")}
    turn2 = next(t for t in hsn.turns if t.id == 2)
    start = V(dict(waiting), turn2, Match("S9"), "Union")
    one = V({**waiting, "Hammond": U(units["Hammond"], "Hammond", hexids.parse("5706"), status=rested)}, turn2,
            Match("S9"))
    two = V({**one.units, "Knipe": U(units["Knipe"], "Knipe", hexids.parse("4934"), status=rested)}, turn2,
            Match("S9"))
    steps = [step(1), step(2), step(3)]
    roll = roll_on(tables["union-reinforcement"], 1, 6)             # 6 - 4 on turn 2 = 2: one set
    reading = evaluate(roll.table, (6,), MappingFacts({"turn": 2, "sets-before(union-reinforcement)": 0}))
    assert reading.branch.result == "1"

    def check(views):
        ctx = Context(steps, "r.vlog", hsn, Views(views))
        return list(SetLedger().check(judge(ctx, roll, reading, window(steps, 1, None, whole_turn=True))))

    assert check([start, start, one, one]) == []                    # set 1 (Hammond) at Nashville
    wrong = check([start, start, one, two])                        # and set 2 (Knipe) too
    assert [(f.severity, f.step, f.pieces) for f in wrong] == [(Severity.ERROR, 3, ("Hammond", "Knipe"))]
    assert "2 set(s) entered in steps 2-3: union 1 (Hammond); union 2 (Knipe); the result allows 1" in wrong[0].message
    skipped = V({**waiting, "Knipe": U(units["Knipe"], "Knipe", hexids.parse("4934"), status=rested)}, turn2,
                Match("S9"))
    order = check([start, start, skipped, skipped])
    assert [f.message.split(": ", 1)[1] for f in order] == [
        "sets must enter lowest-numbered first: union 2 (Knipe) entered while union 1 had not"]
    tired = V({**waiting, "Hammond": U(units["Hammond"], "Hammond", hexids.parse("5706"), status={"fatigue": "1"})},
              turn2, Match("S9"))
    assert [(f.severity, f.step, f.message.split(": ", 1)[1]) for f in check([start, start, tired, tired])] == [
        (Severity.ERROR, 2, "Hammond arrives at 5706 at Fatigue Level 1, the result says none")]


def test_combat_sides_marked_or_inferred(hsn):
    hexids = HexIds(hsn.maps)
    units = {u.unit_id: u for u in hsn.units}
    a = U(units["Cleburne"], "p1", hexids.parse("1715"), "7", {"attacking": "no"})
    d = U(units["Ruger"], "p2", hexids.neighbours(hexids.parse("1715"))[0], "4", {"defending": "no"})
    view = V({"Cleburne": a, "Ruger": d}, active="Confederate")
    inferred = sides(view, ["Cleburne"], "Confederate", hexids)
    assert inferred is not None and [u.name for u in inferred.defenders] == ["Ruger"]
    assert inferred.how.startswith("inferred: Confederate units that moved since the last roll next to the enemy in")
    marked = V({"Cleburne": U(a.unit, "p1", a.hex, "7", {"attacking": "yes"}),
                "Ruger": U(d.unit, "p2", d.hex, "4", {"defending": "yes"})})
    assert sides(marked, [], None, hexids).how == "marked attacking/defending"
    assert sides(V({"Cleburne": a}), ["Cleburne"], "Confederate", hexids) is None  # no enemy next to it
    assert strength(a) == 7.0 and strength(U(units["Ruger"], "p", None, "unknown")) is None


def test_ammunition_after_a_fire_roll_of_11_or_12():
    cwb = load_game(SOURCES / "cwb-regimental")
    table = next(t for t in roll_tables(cwb.tables) if t.table_id == "rss-fire-combat-ammo")
    regiment = Unit("r1", "Union", "19th Indiana", "Inf")
    full = {"attacking": "yes", "low-ammo": "no", "no-ammo": "no"}
    firing = U(regiment, "r1", object(), "5", full)
    low = U(regiment, "r1", firing.hex, "5", {**full, "low-ammo": "yes"})
    steps = [step(1), step(2), step(3, TurnChanged("Turn", "2"))]

    def check(die: int, after: U):
        roll = TableRoll(Roll(1, "Thomas", table.name, (die,), 6, ""), table, (die,), "")
        reading = evaluate(table, (die,), MappingFacts({"crossfire": False}))
        ctx = Context(steps, "f.vlog", cwb, Views([V({"r1": firing}), V({"r1": firing}), V({"r1": after}),
                                                     V({"r1": after})]))
        return [(f.severity, f.pieces) for f in check_ammo(judge(ctx, roll, reading, window(steps, 1, None, False)))]

    assert check(11, low) == []                                                   # 28.1: Low Ammo
    assert check(12, firing) == [(Severity.WARNING, ("19th Indiana",))]          # not marked down
    assert check(7, low) == [(Severity.ERROR, ("19th Indiana",))]                # against the roll
    assert check(7, firing) == []
