"""What must follow a table result or a combat, checked on replay steps and game views.

The steps are replay events as the replay makes them; the views are stand-ins with
the fields of the game view contract (design.md "The game view"): these tests pin
the checks' logic, the planted-violation logs of the end-to-end tests run them on
logs VASSAL replays.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from gamedata import load_game
from gamedata.conditions import UNKNOWN, MappingFacts, parse_fact
from gamedata.hexids import HexIds
from gamedata.model import TurnDef, Unit
from gamedata.rolls import evaluate, parse_effect, roll_tables
from referee.dice import Roll
from referee.findings import Severity
from referee.rules.combat import sides, strength
from referee.rules.consequences import Context, Judge, Outcome, check_ammo, check_markers, window
from referee.rules.unit_results import SetLedger
from referee.table_rolls import TableRoll
from vassal.replay import Added, Removed, Step, TurnChanged

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


def test_accelerated_union_reinforcements_bring_the_next_set_only(hsn, tables):
    """2.2 (L1200): "This result may only occur on Turns 3-16. If it occurs, the Union player
    immediately gets his next scheduled reinforcement set and may place it on the map (see 12.0)"
    (tables.xlsx random-events 3 on Turns 3-16: sets=1; set=union; withhold=yes)."""
    hexids = HexIds(hsn.maps)
    units = {u.unit_id: u for u in hsn.units}
    rested = {"fatigue": "none"}
    waiting = {uid: U(units[uid], uid, None, map="Scenario Display", status=rested) for uid in ("Hammond", "Knipe")}
    turn5 = next(t for t in hsn.turns if t.id == 5)
    start = V(dict(waiting), turn5, Match("S9"), "Union")
    one = V({**waiting, "Hammond": U(units["Hammond"], "Hammond", hexids.parse("5706"), status=rested)}, turn5,
            Match("S9"))
    two = V({**one.units, "Knipe": U(units["Knipe"], "Knipe", hexids.parse("4934"), status=rested)}, turn5,
            Match("S9"))
    steps = [step(1), step(2), step(3)]
    roll = TableRoll(Roll(1, "Thomas", tables["random-events"].name, (1, 2), 6, ""), tables["random-events"], (1, 2),
                     "the table's own button")
    reading = evaluate(roll.table, (1, 2), MappingFacts({"turn": 5}))
    assert reading.branch.result == "Accelerated Union Reinforcements"

    def check(views):
        ctx = Context(steps, "r.vlog", hsn, Views(views))
        return [(f.severity, f.step, f.pieces, f.message.split(": ", 1)[1])
                for f in SetLedger().check(judge(ctx, roll, reading, window(steps, 1, None, whole_turn=True)))]

    assert check([start, start, one, one]) == []                    # the next set (1: Hammond) at Nashville
    assert check([start, start, start, start]) == []                # "may place": withheld
    [(severity, at, pieces, message)] = check([start, start, one, two])      # two sets
    assert (severity, at, pieces) == (Severity.WARNING, 3, ("Hammond", "Knipe"))
    assert "the result allows 1, more only if sets were withheld" in message
    skipped = V({**waiting, "Knipe": U(units["Knipe"], "Knipe", hexids.parse("4934"), status=rested)}, turn5,
                Match("S9"))
    assert [m for *_, m in check([start, start, skipped, skipped])] == [
        "sets must enter lowest-numbered first: union 2 (Knipe) entered while union 1 had not"]   # not the next


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
    firing = U(regiment, "r1", HexIds(cwb.maps).parse("0101"), "5", full)   # the system's one-hex stand-in map
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


def test_plus_weapon_units_also_run_low_on_a_fire_roll_of_10():
    """Atlanta 2.5 (L144): 'All Union Cavalry units are all considered to have "plus" "+" weapons,
    including Wilder's brigade (3/2/Cav) ... All "+" units become low in ammunition on a fire roll of
    10 as well as 11 or 12' (tables.xlsx atl-fire-ammo, 10: units=side:Union type:Cav)."""
    atl = load_game(SOURCES / "atlanta")
    table = next(t for t in roll_tables(atl.tables) if t.table_id == "atl-fire-ammo")
    units = {u.unit_id: u for u in atl.units}
    where = HexIds(atl.maps).parse("B10.10")
    full = {"attacking": "yes", "low-ammo": "no", "out-of-ammo": "no"}
    steps = [step(1), step(2), step(3, TurnChanged("Turn", "2"))]

    def fired(die: tuple[int, int], low: set[str]):
        firing = {uid: U(units[uid], uid, where, "5", full) for uid in ("3/2/Cav", "1/1/15")}
        after = {uid: replace(u, status={**full, "low-ammo": "yes"}) if uid in low else u for uid, u in firing.items()}
        roll = TableRoll(Roll(1, "Thomas", table.name, die, 6, ""), table, die, "")
        reading = evaluate(table, die, MappingFacts({}))
        ctx = Context(steps, "f.vlog", atl, Views([V(firing), V(firing), V(after), V(after)]))
        return sorted((f.severity, f.pieces) for f in check_ammo(judge(ctx, roll, reading, window(steps, 1, None,
                                                                                                  False))))

    assert fired((4, 6), {"3/2/Cav"}) == []                                     # 10: Wilder's '+' carbines
    assert fired((4, 6), set()) == [(Severity.WARNING, ("Wilder",))]            # not marked down
    assert fired((4, 6), {"3/2/Cav", "1/1/15"}) == [(Severity.ERROR, ("1/1/15",))]  # infantry: no '+'
    assert fired((5, 6), {"3/2/Cav", "1/1/15"}) == []                           # 11: every firing unit
    assert fired((3, 6), {"3/2/Cav"}) == [(Severity.ERROR, ("Wilder",))]        # 9: no ammunition result


# ---------------------------------------------------------------- the effect vocabulary


GAMES = ("into-the-woods-shiloh", "hood-strikes-north", "atlanta", "cwb-regimental", "shiloh")
#: which key each qualifier needs beside it in the same result
QUALIFIES = {"set": "sets", "withhold": "sets", "entry": "sets", "leaders": "sets", "lasts": "weather",
             "until": "stay", "unless": "stay", "cap": "gain", "units": None, "weather-end": None}


@pytest.fixture(scope="module")
def every_row():
    """(game, table, row) for every result row of every bundled die-roll table."""
    return [(g, t, r) for g in GAMES for t in roll_tables(load_game(SOURCES / g).tables) for r in t.rows]


def test_every_effect_a_bundled_table_gives_is_judged_or_said_not_checked(every_row):
    from referee.rules.effects import EFFECTS, How
    used = {k for _, _, r in every_row for k, _ in r.effect.items}
    assert used <= set(EFFECTS), f"keys no check knows: {sorted(used - set(EFFECTS))}"
    assert set(EFFECTS) <= used, f"words no bundled table uses: {sorted(set(EFFECTS) - used)}"
    for key in used:
        kind = EFFECTS[key]
        if kind.how in (How.NOT_CHECKED, How.ELSEWHERE):
            assert len(kind.why) > 40, key                     # why, and what would make it visible
    for game, table, row in every_row:
        keys = {k for k, _ in row.effect.items}
        for key in keys:
            needs = QUALIFIES.get(key, "")
            if EFFECTS[key].how is How.QUALIFIER:
                assert needs is None or needs in keys, (game, table.table_id, row.result, key)


def test_an_effect_the_log_cannot_show_is_said_not_checked_with_why(every_row, hsn):
    from referee.rules.consequences import unchecked
    from referee.rules.effects import EFFECTS, How
    said = {}
    for game, table, row in every_row:
        for key, value in row.effect.items:
            if EFFECTS[key].how is How.NOT_CHECKED and key not in said:
                o = Outcome(table, row, f"{table.name} -> {row.result}", "x.vlog", 4, "Grant")
                found = list(unchecked(Judge(Context([step(4)], "x.vlog", hsn), o, window([step(4)], 4, None, False))))
                assert [(f.severity, f.step) for f in found if f": {key}=" in f.message] == [(Severity.NOT_CHECKED, 4)]
                assert EFFECTS[key].why in next(f.message for f in found if f": {key}=" in f.message)
                said[key] = value
    assert set(said) == {k for _, _, r in every_row for k, _ in r.effect.items if EFFECTS[k].how is How.NOT_CHECKED}
    unknown = Outcome(table, replace(row, effect=parse_effect("teleport=yes")), "x", "x.vlog", 4, "Grant")
    (f,) = unchecked(Judge(Context([step(4)], "x.vlog", hsn), unknown, window([step(4)], 4, None, False)))
    assert "teleport=yes not checked: the referee has no check for this effect key" in f.message


# ---------------------------------------------------------------- who a result is about, and what it binds


@pytest.fixture(scope="module")
def itw():
    return load_game(SOURCES / "into-the-woods-shiloh")


def test_selectors_pick_the_units_the_rulebook_names(itw):
    from referee.rules.selectors import select
    sherman = select("case:division", itw, {"division": "Sherman"}).units       # 30.8: Sherman's division (5/T)
    assert "US:53 OH" in sherman and "US:Sherman" in sherman and "US:24 OH" not in sherman
    assert select("case:division", itw, {}).units is None                       # the chat did not name it
    assert select("case:division", itw, {"division": "Unassigned"}).why == (
        "no formation of the order of battle is led by Unassigned (division)")
    first = select("reinf:lew-wallace#1", itw, scenario_id="S1-LW").units       # 30.11: the 1st Brigade
    assert {"US:11 IN", "US:24 IN", "US:8 MO"} <= first and "US:20 OH" not in first
    assert select("formation:2/5/T -type:Ldr", itw).units == {"US:55 IL", "US:54 OH", "US:71 OH", "US:Det D"}
    assert select("rolled", itw, subject=("CS:3 KY",)).units == {"CS:3 KY"}


def test_the_case_and_the_units_the_chat_names_at_a_roll(itw):
    from referee.rules.selectors import named_cases
    alert = next(t for t in roll_tables(itw.tables) if t.table_id == "involuntary-alert")
    from referee.rules.tables import _case_values
    named = named_cases(["<Grant> - Clark AM #2 drawn: alert roll for Prentiss"], _case_values(alert))
    assert named == {"csa-division": "Clark", "union-division": "Prentiss", "ams-drawn": "2"}
    slow = next(t for t in roll_tables(itw.tables) if t.table_id == "slow-start")
    assert named_cases(["L. Wallace AM drawn"], _case_values(slow)) == {"division": "L. Wallace"}
    assert named_cases(["Sherman or McClernand?"], _case_values(slow)) == {}   # named two ways: not known
    reading = evaluate(alert, (0,), MappingFacts(named))
    assert reading.determined and reading.branch.result == "Clark AM #2 drawn: Prentiss's division alerts"


def _judge_views(game, table_id: str, die: int, facts: dict, views: list, steps: list, **outcome):
    table = next(t for t in roll_tables(game.tables) if t.table_id == table_id)
    roll = roll_on(table, 1, die)
    reading = evaluate(table, (die,), MappingFacts(facts))
    o = replace(Outcome.of(roll, reading, "v.vlog"), **outcome)
    return Judge(Context(steps, "v.vlog", game, Views(views)), o, window(steps, 1, None, whole_turn=True))


def test_grant_moving_after_a_failed_release_is_caught_at_his_step(itw):
    from referee.rules.unit_results import check_movement
    hexids = HexIds(itw.maps)
    grant = {u.unit_id: u for u in itw.units}["US:Grant"]
    at, moved = U(grant, "g", hexids.parse("N5518")), U(grant, "g", hexids.parse("N5519"))
    steps = [step(1), step(2), step(3), step(4, TurnChanged("Turn", "32"))]
    fail = {"hour": "08:00", "rolls(grant-release, Grant may not move this turn)": 0}
    still = [V({"US:Grant": at})] * 5
    walks = [V({"US:Grant": at})] * 3 + [V({"US:Grant": moved})] * 2
    assert list(check_movement(_judge_views(itw, "grant-release", 5, fail, still, steps))) == []
    (f,) = check_movement(_judge_views(itw, "grant-release", 5, fail, walks, steps))
    assert (f.severity, f.step, f.pieces, [p.name for p in f.locations]) == (Severity.ERROR, 3, ("Grant",), ["N5519"])
    assert f.message.endswith("Grant moves to N5519, but the result says: Grant may not move this turn")
    assert f.rule == "General Grant's movement release (30.8)"
    assert list(check_movement(_judge_views(itw, "grant-release", 0, fail, walks, steps))) == []   # released


def test_hardees_corps_moving_after_a_failed_release_is_a_warning_at_its_step(itw):
    """30.8 (L2647): a failed release roll keeps Hardee's restrictions until his next roll; the corps is S8's
    own grouping (its set-up rows' notes, L2611-2626): its leaders 'may move' (L2639) and Chalmers' brigade 'may
    move whenever activated' (L2641); the LOS and artillery-fire releases are not in a log, so a move is a
    warning quoting them."""
    from referee.rules.unit_results import check_movement
    hexids = HexIds(itw.maps)
    units = {u.unit_id: u for u in itw.units}

    def walk(uid: str) -> list:
        at, on = U(units[uid], "p", hexids.parse("N4831")), U(units[uid], "p", hexids.parse("N4832"))
        return [V({uid: at}, scenario=Match("S8"))] * 3 + [V({uid: on}, scenario=Match("S8"))] * 2

    steps = [step(1), step(2), step(3), step(4)]
    failed = {"rolls(hardee-release, Hardee's restrictions remain; he may roll again next Activation)": 0}
    (f,) = check_movement(_judge_views(itw, "hardee-release", 7, failed, walk("CS:21 AL"), steps))
    assert (f.severity, f.step, f.pieces, [p.name for p in f.locations]) == (Severity.WARNING, 3, ("21 AL",),
                                                                              ["N4832"])
    assert "21 AL moves to N4832, but the result says: Hardee's restrictions remain" in f.message
    assert "(unless its units start the Activation in LOS of enemy units that crossed Tilghman's Branch" in f.message
    assert list(check_movement(_judge_views(itw, "hardee-release", 3, failed, walk("CS:21 AL"), steps))) == []
    for free in ("CS:7 MS", "CS:Hardee", "CS:6 AR"):     # Chalmers' brigade, the corps' leader, Bragg's corps
        assert list(check_movement(_judge_views(itw, "hardee-release", 7, failed, walk(free), steps))) == [], free
    # a second failure: the -1 for the first makes a 6 fail only after two (5 - 1 = 4 still releases)
    twice = {"rolls(hardee-release, Hardee's restrictions remain; he may roll again next Activation)": 1}
    assert list(check_movement(_judge_views(itw, "hardee-release", 6, twice, walk("CS:21 AL"), steps))) == []


def test_trabue_moving_while_restricted_is_a_warning_naming_what_the_log_cannot_show(itw):
    from referee.rules.unit_results import check_movement
    hexids = HexIds(itw.maps)
    ky = {u.unit_id: u for u in itw.units}["CS:3 KY"]
    views = [V({"CS:3 KY": U(ky, "k", hexids.parse("N2731"))})] * 2 + [V({"CS:3 KY": U(ky, "k",
                                                                            hexids.parse("N2831"))})] * 3
    steps = [step(1), step(2), step(3)]
    (f,) = check_movement(_judge_views(itw, "trabue-lost", 6, {"hour": "13:00"}, views, steps, subject=("CS:3 KY",)))
    assert (f.severity, f.step) == (Severity.WARNING, 2)
    assert "(unless enemy units move adjacent to or fire on it (L2178), which the log does not show)" in f.message


def test_lew_wallace_entering_in_order_at_his_entry_hex(itw):
    from referee.rules.unit_results import check_entered
    hexids = HexIds(itw.maps)
    units = {u.unit_id: u for u in itw.units}
    rested = {"fatigue": "0"}                    # no Fatigue marker
    off = {uid: U(units[uid], uid, None, map="Scenario Display", status=rested)
           for uid in ("US:11 IN", "US:20 OH", "US:Thayer")}
    turn = next(t for t in itw.turns if t.hour == "14:00")
    views = [V(dict(off), turn, Match("S1-LW"))] * 2
    views.append(V({**off, "US:20 OH": U(units["US:20 OH"], "x", hexids.parse("N3701"), status=rested)}, turn,
                   Match("S1-LW")))
    views.append(V({**views[-1].units, "US:11 IN": U(units["US:11 IN"], "y", hexids.parse("N3801"), status=rested)},
                   turn, Match("S1-LW")))
    steps = [step(1), step(2), step(3), step(4, TurnChanged("Turn", "22"))]
    found = list(check_entered(_judge_views(itw, "lew-wallace", 9, {"hour": "14:00"}, views, steps)))
    assert [(f.severity, f.step, f.pieces) for f in found] == [
        (Severity.ERROR, 2, ("20 OH",)), (Severity.WARNING, 2, ("20 OH",)), (Severity.NOT_CHECKED, 1, ())]
    assert found[0].message.endswith("20 OH enters at N3701, not at its entry N3801")
    assert found[1].message.endswith("20 OH (order 3) enters before order 1 of lew-wallace")
    assert "the counters show 0 and ok alike" in found[2].message                 # L1151: Fatigue 0 before 3 PM
    at_one = next(t for t in itw.turns if t.hour == "13:00")
    one = [V(v.units, at_one, Match("S1-LW")) for v in views]
    found = list(check_entered(_judge_views(itw, "lew-wallace", 9, {"hour": "13:00"}, one, steps)))
    assert [(f.severity, f.pieces) for f in found][0] == (Severity.ERROR, ("20 OH",))
    assert found[0].message.endswith("20 OH enters at N3701, but the result brings in only order 1 of lew-wallace")


def _changes(uid: str, was: U, now: U) -> tuple[list, list]:
    """Views of a one-unit game: the unit turns from ``was`` into ``now`` at step 2 (or stays as it
    was), and the steps of that turn (the tracker moves on at step 3)."""
    return [V({uid: was})] * 2 + [V({uid: now})] * 2, [V({uid: was})] * 4


STEPS = [step(1), step(2), step(3, TurnChanged("Turn", "next"))]


def test_a_status_the_result_sets_or_forbids(hsn):
    from referee.rules.unit_results import check_statuses
    hexids = HexIds(hsn.maps)
    hammond = {u.unit_id: u for u in hsn.units}["Hammond"]
    flips, stays = _changes("Hammond", U(hammond, "h", hexids.parse("5706"), status={"unmounted": "no"}),
                            U(hammond, "h", hexids.parse("5706"), status={"unmounted": "yes"}))
    steps = STEPS
    named = {"unit.status(exhausted)": False, "unit.status(disorganized)": False, "unit.status(demoralized)": False}
    six, two = ({"subject": ("Hammond",)}, {"subject": ("Hammond",)})
    assert list(check_statuses(_judge_views(hsn, "unmounting", 6, named, flips, steps, **six))) == []
    (late,) = check_statuses(_judge_views(hsn, "unmounting", 6, named, stays, steps, **six))
    assert (late.severity, late.pieces) == (Severity.WARNING, ("Hammond",))
    assert late.message.endswith("Hammond must show unmounted, not done in step 2")
    (wrong,) = check_statuses(_judge_views(hsn, "unmounting", 2, named, flips, steps, **two))
    assert (wrong.severity, wrong.step, [p.name for p in wrong.locations]) == (Severity.ERROR, 2, ["5706"])
    assert "Hammond shows unmounted at 5706 against the roll (only 'Unmounted' (6 or more) change it)" in wrong.message


def test_manpower_gained_as_the_result_allows(hsn):
    from referee.rules.unit_results import check_gains
    units = {u.unit_id: u for u in hsn.units}
    hexids = HexIds(hsn.maps)

    def at(uid, strength):
        return U(units[uid], uid, hexids.parse("5706"), strength=str(strength))

    start = {"Hammond": at("Hammond", 2), "Cox": at("Cox", 5)}
    steps = [step(1), step(2), step(3, TurnChanged("Turn", "4"))]

    def gains(die, after, table="s2-manpower-enhancement"):
        views = [V(start)] * 2 + [V({**start, **after})] * 2
        return [(f.severity, f.step, f.pieces, f.message.split(": ", 1)[1])
                for f in check_gains(_judge_views(hsn, table, die, {"turn": 3}, views, steps))]

    assert gains(2, {"Hammond": at("Hammond", 3)}) == []                          # S2: a cavalry unit, up to 3
    assert gains(2, {"Cox": at("Cox", 6)}) == [
        (Severity.ERROR, 2, ("Cox",), "Cox gains strength at 5706 a Inf unit, beyond what the result allows (Cav)")]
    assert gains(1, {"Hammond": at("Hammond", 3)})[0][3].endswith("beyond what the result allows (no unit)")
    assert gains(2, {"Hammond": at("Hammond", 4)})[0][3].endswith("by 2 steps (one at most)")
    over = {"Hammond": at("Hammond", 3)}
    start["Hammond"] = at("Hammond", 3)
    assert gains(6, {"Hammond": at("Hammond", 4)}, "manpower-enhancement")[0][3].endswith(
        "to 4, above the Cav Brig limit of 3")                                     # 7.0 (L1454)
    del over


# ---------------------------------------------------------------- the weather through the chain


def test_winter_lasts_seven_turns_and_an_end_change_makes_its_end_unknown():
    from referee.rules.consequences import Past
    from referee.rules.history import History
    winter = Past("winter-weather", "Winter Weather Start", (("weather", "winter"), ("lasts", "7")), 15, None)
    h = History([winter])
    assert [h.weather(t, None) for t in (14, 15, 21, 22)] == [UNKNOWN, "winter", "winter", "none"]   # L1312
    change = Past("random-events", "Winter Weather End Change", (("weather-end", "changed"),), 18, None)
    h = History([winter, change])
    assert [h.weather(t, None) for t in (19, 20, 21, 22, 23)] == ["winter", UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN]
    assert History([]).weather(16, None) is None


def test_the_weather_table_of_the_previous_day_and_the_storm_rolls():
    from referee.rules.consequences import Past
    from referee.rules.facts import RollFacts
    from referee.rules.history import History
    atlanta = load_game(SOURCES / "atlanta")
    tables = {t.table_id: t for t in roll_tables(atlanta.tables)}
    storm = Past("atl-weather-after-clear", "Storm",
                 (("weather", "storm"), ("lasts", "day"), ("each-turn", "atl-storm-turn")), 3, "1864-07-20")
    next_day = V({}, next(t for t in atlanta.turns if t.date == "1864-07-21" and t.hour == "07:00"))
    facts = RollFacts(History([storm]), next_day)
    assert evaluate(tables["atl-weather-after-storm"], (4,), facts).allowed is True       # 5.2d.5 (L989)
    assert evaluate(tables["atl-weather-after-clear"], (4,), facts).allowed is False
    same_day = V({}, next(t for t in atlanta.turns if t.date == "1864-07-20" and t.hour == "09:00"))
    assert RollFacts(History([storm]), same_day).value(parse_fact("weather")) == "storm"
    assert RollFacts(History([storm]), next_day).value(parse_fact("weather")) == "none"


def test_a_creek_crossing_moves_the_unit_across_disorganized_or_keeps_it_in_place():
    """Atlanta 1.7 (L70): 1-2 (neither hex swamp) finds a crossing, the unit moves across and is
    disorganized; otherwise it spent its movement in place."""
    from referee.rules.unit_results import check_movement, check_statuses
    atlanta = load_game(SOURCES / "atlanta")
    brigade = next(u for u in atlanta.units if u.unit_id == "1/1/15")
    hexids = HexIds(atlanta.maps)
    crossed, stayed = _changes("1/1/15", U(brigade, "b", hexids.parse("B10.10"), status={"disorganized": "no"}),
                               U(brigade, "b", hexids.parse("B10.11"), status={"disorganized": "yes"}))
    facts, subject = {"swamp-hexes": 0}, {"subject": ("1/1/15",)}

    def found(die, views):
        j = _judge_views(atlanta, "atl-creek-crossing", die, facts, views, STEPS, **subject)
        return [(f.severity, f.step, f.message.removeprefix(f"{j.o.said}: "))
                for f in (*check_movement(j), *check_statuses(j))]

    assert found(2, crossed) == []
    assert found(2, stayed) == [(Severity.WARNING, 1, "1/1/15 did not move in step 2"),
                                (Severity.WARNING, 1, "1/1/15 must show disorganized, not done in step 2")]
    assert found(3, crossed) == [
        (Severity.ERROR, 2, "1/1/15 moves to B10.11, but the result says: no crossing found"),
        (Severity.ERROR, 2, "1/1/15 shows disorganized at B10.11 against the roll (only 'crossing found: the unit "
                            "moves across and is disorganized' (1-2) or 'crossing found: the unit moves across and is "
                            "disorganized' (1) change it)")]


def test_a_distorted_order_lock_ends_only_on_a_six():
    """CWB 10.1f (L55): no new orders until the player rolls a 6: the marker comes off only then."""
    from referee.rules.unit_results import check_statuses
    cwb = load_game(SOURCES / "cwb-regimental")
    regiment = Unit("r1", "Union", "19th Indiana", "Inf")
    hexids = HexIds(cwb.maps)
    lifted, kept = _changes("r1", U(regiment, "r1", hexids.parse("0101"), status={"distorted-order": "yes"}),
                            U(regiment, "r1", hexids.parse("0101"), status={"distorted-order": "no"}))

    def found(die, views):
        j = _judge_views(cwb, "rss-distorted-order", die, {}, views, STEPS, subject=("r1",))
        return [(f.severity, f.step) for f in check_statuses(j)]

    assert found(6, lifted) == [] and found(4, kept) == []
    assert found(6, kept) == [(Severity.WARNING, 1)]           # the marker must come off
    assert found(4, lifted) == [(Severity.ERROR, 2)]           # taken off on a 4: against the roll


def test_stuarts_alert_reads_the_distance_to_the_nearest_confederate(itw):
    """31.0 (L3225): Stuart's brigade alerts on 0-3 with a Confederate unit within 10 hexes, 0-6
    within 5: the distance is counted on the map from the brigade's units (`enemy-distance`)."""
    from referee.rules.facts import RollFacts
    from referee.rules.history import History
    from referee.rules.tables import _Graph
    hexids = HexIds(itw.maps)
    units = {u.unit_id: u for u in itw.units}
    stuart = next(t for t in roll_tables(itw.tables) if t.table_id == "stuart-alert")
    brigade = {"US:55 IL": U(units["US:55 IL"], "a", hexids.parse("S5714"))}

    def read(die, enemy_at):
        view = V({**brigade, "CS:1 AR": U(units["CS:1 AR"], "e", hexids.parse(enemy_at))},
                 next(t for t in itw.turns if t.hour == "08:00" and t.date == "1862-04-05"))
        facts = RollFacts(History(), view, subject=tuple(brigade), graph=_Graph(itw))
        return facts.value(parse_fact("enemy-distance")), evaluate(stuart, (die,), facts).branch.result

    assert read(5, "S5718") == (4, "Stuart's brigade alerts (a Confederate unit within 5 hexes)")
    assert read(5, "S5722") == (8, "Stuart's brigade does not alert")
    assert read(3, "S5722") == (8, "Stuart's brigade alerts (a Confederate unit within 10 hexes)")
