"""CWB Regimental Sub-Series stacking (12.1-12.2, rulebook 002 L105-115) and fire limits (28.1,
26.3.1, 12.3) on the sub-series' own tables (tables.xlsx of sources/cwb-regimental: `rss-stacking`,
16 SP a hex, a supply wagon with at most one other unit; `rss-fire-limits`, 8 SP fired from a hex
a phase, 3 Union / 2 Confederate batteries on one target) and made-up regiments on a made-up map: the rulebook prints
no order of battle and no map, so the test supplies them and says so. The strengths are the
example's 26th North Carolina halves (17 SP in all, L39) where a number is needed.

Judged at the end of every phase: a stack that breaks a limit only in the middle of a phase is
silent; one still there when the phase (or turn) changes is an error at the step that last moved
one of its units in; at the log's end a warning.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gamedata import load_game
from gamedata.hexids import HexIds
from gamedata.model import MapDef, Unit
from referee.findings import Severity
from referee.rules import stacking
from rule_views import U, V

RSS = Path(__file__).resolve().parents[1] / "sources" / "cwb-regimental"
MAP = MapDef("M", "Test map", "", "CCRR", (1, 30), (1, 20), "even")


@pytest.fixture(scope="module")
def game():
    units = (Unit("Bde Ldr", "Confederate", "Pettigrew", "Ldr", formation="B"),
             Unit("26a", "Confederate", "26 NC a", "Inf", formation="B", strength="9"),
             Unit("26b", "Confederate", "26 NC b", "Inf", formation="B", strength="8"),
             Unit("11", "Confederate", "11 NC", "Inf", formation="B", strength="7"),
             Unit("Bty1", "Confederate", "Bty 1", "Art", formation="B", strength="4"),
             Unit("Bty2", "Confederate", "Bty 2", "Art", formation="B", strength="4"),
             Unit("Bty3", "Confederate", "Bty 3", "Art", formation="B", strength="4"),
             Unit("Cav", "Confederate", "1 NC Cav", "Cav", formation="B", strength="3"),
             Unit("Wagon", "Confederate", "Corps wagon", "Sup", formation="C"),
             Unit("Raw", "Confederate", "Raw regiment", "Inf", formation="B"))
    return replace(load_game(RSS), maps=(MAP,), units=units)


def view(game, step, where, status=None, phase="Movement", turn=1):
    ids = HexIds(game.maps)
    return V(step, {uid: U(game.unit(uid), ids.parse(h), status=(status or {}).get(uid, {}))
                    for uid, h in where.items()}, turn=turn, phase=phase)


def judged(game, *views):
    return list(stacking.check_stacking(game, views, "t.vlog", {2: "Lee", 3: "Lee"}))


LINE = {"column": "no", "line": "yes"}


def test_the_limits_are_the_tables_numbers(game):
    lim = stacking.limits(game)
    assert (lim.points, lim.wagon_others) == (16, 1)
    assert lim.points_rule == "12.1 Stacking (rulebook line 105)"
    assert lim.alone_rule == "12.2 Stacking (rulebook line 113)"
    assert stacking.limits(load_game(RSS.parent / "atlanta")) is None     # the brigade series: other rules


def test_more_than_16_strength_points_at_the_end_of_the_phase(game):
    start = {"Bde Ldr": "1010", "26a": "1010", "26b": "1011", "11": "1012"}
    status = {u: LINE for u in start}
    merged = {**start, "26b": "1010"}                                     # 9 + 8 = 17 SP, the leader exempt
    (f,) = judged(game, view(game, 1, start, status), view(game, 2, merged, status),
                  view(game, 3, merged, status, phase="Fire"))
    assert f.severity is Severity.ERROR and f.rule == "12.1 Stacking (rulebook line 105)"
    assert f.message == "1010 at the end of the phase: 17 strength points (at most 16)"
    assert (f.step, f.player, f.pieces) == (2, "Lee", ("26 NC a", "26 NC b"))
    assert [p.name for p in f.locations] == ["1010"]
    # the strength marker counts, not the printed value: 26 NC b down to 7 SP makes 16
    worn = {**status, "26b": {**LINE, "strength": "7"}}
    assert judged(game, view(game, 1, start, worn), view(game, 2, merged, worn),
                  view(game, 3, merged, worn, phase="Fire")) == []
    # passing through in the middle of a phase is no stack at its end
    assert judged(game, view(game, 1, start, status), view(game, 2, merged, status),
                  view(game, 3, {**start, "26b": "1009"}, status), view(game, 4, {**start, "26b": "1009"}, status,
                                                                        phase="Fire")) == []


def test_a_stack_still_there_when_the_log_ends_is_a_warning(game):
    start = {"26a": "1010", "26b": "1011"}
    (f,) = judged(game, view(game, 1, start, {u: LINE for u in start}),
                  view(game, 2, {**start, "26b": "1010"}, {u: LINE for u in start}))
    assert f.severity is Severity.WARNING and "at the log's end" in f.message


def test_a_supply_wagon_with_one_other_unit_only(game):
    start = {"Wagon": "1010", "Bty1": "1010", "Bty2": "1011"}
    limbered = {"Bty1": {"limbered": "yes"}, "Bty2": {"limbered": "yes"}}
    assert judged(game, view(game, 1, start, limbered), view(game, 2, start, limbered, turn=2)) == []
    both = {**start, "Bty2": "1010"}
    (f,) = judged(game, view(game, 1, start, limbered), view(game, 2, both, limbered),
                  view(game, 3, both, limbered, turn=2))
    assert f.message == ("1010 at the end of the phase: the supply wagon Corps wagon with 2 other units (at most 1)")
    assert f.rule == "12.1 Stacking (rulebook line 105)" and f.pieces == ("Corps wagon", "Bty 1", "Bty 2")


def test_column_infantry_and_mounted_cavalry_stack_with_nothing(game):
    start = {"26a": "1010", "11": "1011", "Cav": "1012"}
    column = {"26a": LINE, "11": {"column": "yes"}, "Cav": {"mounted": "yes"}}
    (f,) = judged(game, view(game, 1, start, column), view(game, 2, {**start, "11": "1010"}, column),
                  view(game, 3, {**start, "11": "1010"}, column, phase="Fire"))
    assert f.message == "1010 at the end of the phase: 11 NC in Column stacked with other units"
    assert f.rule == "12.2 Stacking (rulebook line 113)" and f.pieces == ("11 NC", "26 NC a")   # unit-id order
    (f,) = judged(game, view(game, 1, start, column), view(game, 2, {**start, "Cav": "1010"}, column),
                  view(game, 3, {**start, "Cav": "1010"}, column, phase="Fire"))
    assert f.message == "1010 at the end of the phase: 1 NC Cav mounted stacked with other units"
    # in line and dismounted, the same stack is legal; a leader alone with a column is no stack
    line = {**column, "11": LINE, "Cav": {"mounted": "no"}}
    for mover in ("11", "Cav"):
        assert judged(game, view(game, 1, start, line), view(game, 2, {**start, mover: "1010"}, line),
                      view(game, 3, {**start, mover: "1010"}, line, phase="Fire")) == []
    lone = {"Bde Ldr": "1011", "11": "1011"}
    assert judged(game, view(game, 1, lone, column), view(game, 2, lone, column, phase="Fire")) == []


def test_limbered_artillery_with_one_other_limbered_battery_or_units_in_line(game):
    start = {"Bty1": "1010", "Bty2": "1011", "Bty3": "1012", "26a": "1013"}
    lim = {"Bty1": {"limbered": "yes"}, "Bty2": {"limbered": "yes"}, "Bty3": {"limbered": "yes"}, "26a": LINE}

    def end(where, status):
        return judged(game, view(game, 1, start, status), view(game, 2, where, status),
                      view(game, 3, where, status, phase="Fire"))

    assert end({**start, "Bty2": "1010"}, lim) == []                     # two limbered batteries
    assert end({**start, "26a": "1010"}, lim) == []                      # with infantry in line
    (f,) = end({**start, "Bty2": "1010", "Bty3": "1010"}, lim)           # three
    assert f.message == ("1010 at the end of the phase: the limbered battery Bty 1 with Bty 2, Bty 3 (only one "
                         "other limbered battery, or infantry or dismounted cavalry in line)")
    assert f.rule == "12.2 Stacking (rulebook line 113)"
    unlimbered = {**lim, "Bty2": {"limbered": "no", "unlimbered": "yes"}}
    (f,) = end({**start, "Bty2": "1010"}, unlimbered)                    # with an unlimbered battery
    assert "the limbered battery Bty 1 with Bty 2" in f.message


def test_a_stack_with_a_unit_of_unknown_strength_names_its_cell(game):
    start = {"26a": "1010", "Raw": "1011"}
    found = judged(game, view(game, 1, start, {u: LINE for u in start}),
                   view(game, 2, {**start, "Raw": "1010"}, {u: LINE for u in start}),
                   view(game, 3, {**start, "Raw": "1010"}, {u: LINE for u in start}, phase="Fire"))
    (f,) = found
    assert f.severity is Severity.NOT_CHECKED and "Raw regiment" in f.message
    assert [(c.file, c.column) for c in f.cells] == [("oob.xlsx", "strength")]


# ------------------------------------------------------------------ fire limits (28.1, 26.3.1, 12.3)

from referee.rules import fire_limits  # noqa: E402


@pytest.fixture(scope="module")
def fire_game(game):
    more = tuple(Unit(f"UBty{n}", "Union", f"Union Bty {n}", "Art", formation="U", strength="6") for n in (1, 2, 3, 4))
    return replace(game, units=game.units + more)


def fires(game, marks, where, status=None, moves=None, phase=None):
    """Views: step 0 the start, then for each fire k (step 2k+1 marks the firers, step 2k+2 is the
    roll); ``moves[k]`` moves units just before fire k. Returns the findings."""
    views, place, rolls = [view(game, 0, where, status, phase=phase)], dict(where), []
    for k, firers in enumerate(marks):
        place.update((moves or {}).get(k, {}))
        marked = {uid: {**(status or {}).get(uid, {}), "attacking": "yes" if uid in firers else "no"} for uid in place}
        views += [view(game, len(views), place, marked, phase=phase),
                  view(game, len(views) + 1, place, marked, phase=phase)]
        rolls.append((len(views) - 1, "Lee"))
    return list(fire_limits.check_fire(game, rolls, lambda step: views[step], "t.vlog"))


def test_fire_limits_are_the_tables_numbers(fire_game):
    lim = fire_limits.fire_limits(fire_game)
    assert (lim.points, dict(lim.batteries)) == (8, {"Union": 3, "Confederate": 2})
    assert lim.batteries_rule == "26.3.1 Combining Artillery Fire (rulebook line 225)"
    assert fire_limits.fire_limits(load_game(RSS.parent / "atlanta")) is None


def test_a_unit_at_no_ammo_cannot_fire(fire_game):
    where = {"26a": "1010", "11": "1011", "26b": "1012"}
    assert fires(fire_game, [{"26b"}], where, {"11": {"no-ammo": "yes"}}) == []   # it did not fire
    (f,) = fires(fire_game, [{"11"}], where, {"11": {"no-ammo": "yes"}})
    assert f.message == "11 NC fired from 1011 at No Ammo (No Ammo units cannot fire)"
    assert f.rule == "28.1 Low Ammo and No Ammo (rulebook line 373)" and (f.step, f.pieces) == (2, ("11 NC",))


def test_three_union_and_two_confederate_batteries_on_one_target(fire_game):
    where = {"UBty1": "0501", "UBty2": "0502", "UBty3": "0503", "UBty4": "0504", "Bty1": "1010", "Bty2": "1011",
             "Bty3": "1012"}
    assert fires(fire_game, [{"UBty1", "UBty2", "UBty3"}, {"Bty1", "Bty2"}], where) == []
    (f,) = fires(fire_game, [{"UBty1", "UBty2", "UBty3", "UBty4"}], where)
    assert f.message.startswith("4 Union batteries fired together") and f.message.endswith("at most 3 combine on one "
                                                                                        "target")
    (f,) = fires(fire_game, [{"Bty1", "Bty2", "Bty3"}], where)
    assert f.message.startswith("3 Confederate batteries") and f.rule.startswith("26.3.1")


def test_eight_strength_points_from_a_hex_in_a_fire_phase(fire_game):
    where = {"Bde Ldr": "1010", "26a": "1010", "26b": "1010", "Bty1": "1011", "Bty2": "1011"}
    # 4 + 4 SP of batteries from 1011: the cap; 26 NC a's 9 SP alone is above it
    assert fires(fire_game, [{"Bty1", "Bty2"}], where) == []
    (f,) = fires(fire_game, [{"26a"}], where)
    assert f.message == "9 strength points fired from 1010 in one fire phase (26 NC a): at most 8"
    assert f.rule == "12.3 Fire Limits (rulebook line 121)" and f.step == 2
    # with its strength marker at 5, 26 NC a and 26 NC b at 3 fire 8 over two rolls of one phase; at 4, 9
    worn = {"26a": {"strength": "5"}, "26b": {"strength": "3"}}
    assert fires(fire_game, [{"26a"}, {"26b"}], where, worn) == []
    (f,) = fires(fire_game, [{"26a"}, {"26b"}], where, {**worn, "26b": {"strength": "4"}})
    assert f.step == 4 and f.pieces == ("26 NC a", "26 NC b")
    # a unit moved between the two rolls: another phase (the game has no phases), no total across them
    assert fires(fire_game, [{"26a"}, {"26b"}], where, {**worn, "26b": {"strength": "4"}},
                 moves={1: {"Bty1": "1012"}}) == []


def test_a_close_combat_defender_fires_8_sp_of_infantry_and_one_battery(fire_game):
    """12.3 (L121): "In Close Combat up to 8 strength points of infantry and one artillery battery (any strength)
    may fire in the defender's portion" — as the rulebook's example: the top 8 infantry SP and a battery."""
    lim = fire_limits.fire_limits(fire_game)
    assert lim.close == (8, 1, "12.3 Fire Limits (close combat) (rulebook line 121)")
    where = {"26a": "1010", "26b": "1010", "Bty1": "1010", "Bty2": "1010"}
    worn = {"26a": {"strength": "5"}, "26b": {"strength": "3"}}
    cc = "Close Combat"
    assert fires(fire_game, [{"26a", "26b", "Bty1"}], where, worn, phase=cc) == []       # 8 SP and a battery
    (f,) = fires(fire_game, [{"26a", "26b", "Bty1"}], where, worn, phase="Fire")        # 12 SP in a fire phase
    assert (f.severity, f.message) == (Severity.ERROR, "12 strength points fired from 1010 in one fire phase (26 NC a, "
                                       "26 NC b, Bty 1): at most 8")
    (f,) = fires(fire_game, [{"26a", "26b", "Bty1"}], where, {**worn, "26b": {"strength": "4"}}, phase=cc)
    assert (f.severity, f.step, f.rule) == (Severity.ERROR, 2, "12.3 Fire Limits (close combat) (rulebook line 121)")
    assert f.message == ("9 strength points of infantry fired from 1010 in a close combat's defender fire (26 NC a, "
                         "26 NC b): at most 8 and one battery")
    (f,) = fires(fire_game, [{"26a", "Bty1", "Bty2"}], where, worn, phase=cc)
    assert f.message == "2 batteries fired from 1010 in a close combat's defender fire (Bty 1, Bty 2): at most 1"
    # without phases a close combat is not told from another fire: what only a defender may fire is not checked
    (f,) = fires(fire_game, [{"26a", "26b", "Bty1"}], where, worn)
    assert f.severity is Severity.NOT_CHECKED and "as only a close combat's defender may fire" in f.message


def test_fire_rolls_without_marks_are_said_not_checked(fire_game):
    (f,) = fires(fire_game, [set(), set()], {"26a": "1010"})
    assert f.severity is Severity.NOT_CHECKED and f.message.startswith("2 fire roll(s) with no unit marked attacking")


def test_the_check_reads_the_fire_table_rolls_of_a_log(fire_game):
    """The registry's entry: a roll on the Fire Combat Table's button is a fire, its firers the
    units marked at the step before; an undone roll and a roll on another button are not."""
    from types import SimpleNamespace

    from referee.dice import Roll
    from referee.timeline import StepView

    table = next(t for t in fire_game.tables if t.table_id == fire_limits.FIRE_TABLE)
    where = {"26a": "1010", "11": "1011"}
    marked = {"11": {"attacking": "yes", "no-ammo": "yes"}}
    views = [view(fire_game, n, where, marked, phase=None) for n in range(4)]

    def roll(step, button):
        return StepView(step, "Lee", False, rolls=(Roll(step, "Lee", button, (3, 4), 6, "3 4"),))

    steps = [roll(1, "Morale"), roll(2, table.name), StepView(3, "Lee", True, undoes=2)]
    ctx = SimpleNamespace(game=fire_game, views=SimpleNamespace(at=lambda s: views[s]),
                          log=SimpleNamespace(steps=steps, label="t.vlog"))
    assert list(fire_limits.run(ctx)) == []                               # the only fire was undone
    steps[2] = roll(3, table.name)
    found = list(fire_limits.run(ctx))
    assert [(f.step, f.pieces) for f in found if f.severity is Severity.ERROR] == [(2, ("11 NC",)), (3, ("11 NC",))]
    (twice,) = [f for f in found if f.severity is Severity.NOT_CHECKED]        # fired twice: split? no phases
    assert "game.toml [[phases]]" in twice.message


# ------------------------------------------------------------------ wrecked regiments (22.0)

from referee.rules import wrecked  # noqa: E402


def wreck(game, strengths, marked, phase_ends=True):
    """26 NC a (9 printed) and 1 NC Cav (3 printed) at ``strengths`` (strength marker levels),
    showing wrecked where ``marked``; judged at a phase's end (else at the log's end)."""
    where = {"26a": "1010", "Cav": "1012", "Bde Ldr": "1010"}
    status = {uid: {"strength": str(strengths[uid]), "wrecked": "yes" if uid in marked else "no"} for uid in strengths}
    views = [view(game, 1, where, status), view(game, 2, where, status)]
    if phase_ends:
        views.append(view(game, 3, where, status, phase="Fire"))
    return list(wrecked.check_wrecked(game, views, "t.vlog", {2: "Lee"}))


def test_a_regiment_is_wrecked_at_half_its_printed_strength(game):
    assert wrecked.wreck_share(game)[1] == "22.0 Wrecked Regiments (rulebook line 197)"
    assert wreck(game, {"26a": 5, "Cav": 2}, set()) == []                 # lost 4 of 9, 1 of 3: not wrecked
    assert wreck(game, {"26a": 4, "Cav": 1}, {"26a", "Cav"}) == []        # lost 5 of 9, 2 of 3: wrecked
    (f,) = wreck(game, {"26a": 4, "Cav": 2}, set())
    assert f.message == ("26 NC a at 1010 has 4 of its 9 printed strength points (lost 5, 50% or more wrecks it) and "
                         "does not show wrecked (at the end of the phase)")
    assert (f.severity, f.step, f.rule) == (Severity.ERROR, 2, "22.0 Wrecked Regiments (rulebook line 197)")
    (f,) = wreck(game, {"26a": 5, "Cav": 2}, {"26a"})
    assert f.message == "26 NC a at 1010 shows wrecked with 5 of its 9 printed strength points (at the end of the phase)"
    (f,) = wreck(game, {"26a": 5, "Cav": 2}, {"26a"}, phase_ends=False)
    assert f.severity is Severity.WARNING and f.message.endswith("(at the log's end)")


def test_a_regiment_without_a_printed_strength_is_named(game):
    where = {"Raw": "1010"}
    views = [view(game, 1, where, {"Raw": {"strength": "3", "wrecked": "no"}})]
    (f,) = wrecked.check_wrecked(game, views, "t.vlog", {})
    assert f.severity is Severity.NOT_CHECKED and f.pieces == ("Raw regiment",)
    assert [(c.file, c.column) for c in f.cells] == [("oob.xlsx", "strength")]


@pytest.mark.parametrize("printed, now, is_wrecked", [(6, 3, True), (6, 4, False), (5, 2, True), (5, 3, False)])
def test_the_rulebooks_examples_6_sp_wrecked_at_3_and_5_sp_at_2(game, printed, now, is_wrecked):
    unit = Unit("Ex", "Union", "Example", "Inf", formation="U", strength=str(printed))
    g = replace(game, units=(unit,))
    views = [view(g, 1, {"Ex": "1010"}, {"Ex": {"strength": str(now), "wrecked": "no"}})]
    assert bool(list(wrecked.check_wrecked(g, views, "t.vlog", {}))) is is_wrecked


# ------------------------------------------------------------------ unlimbering (11.0)

LIMBERED, UNLIMBERED = {"limbered": "yes", "unlimbered": "no"}, {"limbered": "no", "unlimbered": "yes"}


def unlimber(game, frames):
    """``frames``: (phase, hex of Bty 1, its state) per step."""
    views = [view(game, n, {"Bty1": h}, {"Bty1": state}, phase=phase) for n, (phase, h, state) in enumerate(frames)]
    return list(stacking.check_unlimbering(game, views, "t.vlog", {n: "Lee" for n in range(len(frames))}))


def test_a_battery_unlimbers_only_at_the_start_of_the_movement_phase(game):
    assert unlimber(game, [("Fire", "1010", LIMBERED), ("Movement", "1010", LIMBERED),
                           ("Movement", "1010", UNLIMBERED)]) == []       # before spending any MP
    (f,) = unlimber(game, [("Movement", "1010", LIMBERED), ("Movement", "1011", LIMBERED),
                           ("Movement", "1011", UNLIMBERED)])
    assert f.message == ("Bty 1 unlimbered at 1011 after moving in this Movement Phase (only before it spends any "
                         "Movement Points)")
    assert (f.rule, f.step, f.player) == ("11.0 Formations (rulebook line 97)", 2, "Lee")
    (f,) = unlimber(game, [("Movement", "1010", LIMBERED), ("Movement", "1011", LIMBERED),
                           ("Fire", "1011", UNLIMBERED)])
    assert f.message == "Bty 1 unlimbered at 1011 in the Fire phase (only at the beginning of the Movement Phase)"
    # moved in the last Movement Phase, unlimbered at the start of the next one
    assert unlimber(game, [("Movement", "1010", LIMBERED), ("Movement", "1011", LIMBERED),
                           ("Fire", "1011", LIMBERED), ("Movement", "1011", UNLIMBERED)]) == []


def test_unlimbering_without_phases_is_not_checked_naming_the_data(game):
    (f,) = unlimber(game, [(None, "1010", LIMBERED), (None, "1010", UNLIMBERED)])
    assert f.severity is Severity.NOT_CHECKED and "game.toml [[phases]]" in f.message
    assert [c.file for c in f.cells] == ["game.toml"]


def test_the_registry_runs_stacking_and_wrecked_on_a_game_of_the_sub_series_only(game):
    from types import SimpleNamespace

    from referee import registry

    where = {"26a": "1010", "26b": "1010"}
    status = {"26a": {**LINE, "wrecked": "no", "strength": "4"}, "26b": {**LINE, "wrecked": "no"}}
    views = [view(game, 0, where, status), view(game, 1, where, status, phase="Fire")]
    ctx = SimpleNamespace(game=game, views=views, log=SimpleNamespace(steps=[], label="t.vlog"))
    assert [f.check for f in registry.check_stacking(ctx)] == []          # 4 + 8 SP
    assert [f.message for f in registry.check_wrecked(ctx)] == [
        "26 NC a at 1010 has 4 of its 9 printed strength points (lost 5, 50% or more wrecks it) and does not show "
        "wrecked (at the end of the phase)"]
    atlanta = SimpleNamespace(game=load_game(RSS.parent / "atlanta"), views=None, log=ctx.log, carried={})
    assert [*registry.check_stacking(atlanta), *registry.check_wrecked(atlanta), *registry.check_fire(atlanta)] == []
    blind = SimpleNamespace(game=game, views=None, log=ctx.log)
    assert [f.severity for f in registry.check_stacking(blind)] == [Severity.NOT_CHECKED]



# ------------------------------------------------------------------ split fire (20.3a)

def phased(game, shots):
    """Fires of one Fire phase: per shot (firers, targets); the targets are the enemy units marked
    defending. Returns the split-fire findings."""
    where = {"26a": "1010", "26b": "1011", "UBty1": "1013", "UBty2": "1014", "UBty3": "0913", "UBty4": "1110"}
    views, rolls = [view(game, 0, where, phase="Fire")], []
    for firers, targets in shots:
        marks = {u: {"attacking": "yes" if u in firers else "no", "defending": "yes" if u in targets else "no"}
                 for u in where}
        views += [view(game, len(views), where, marks, phase="Fire"),
                  view(game, len(views) + 1, where, marks, phase="Fire")]
        rolls.append((len(views) - 1, "Lee"))
    return [f for f in fire_limits.check_fire(game, rolls, lambda step: views[step], "t.vlog")
            if f.rule.startswith("20.3a")]


def test_a_split_fire_fires_alone_at_one_range_and_once_at_a_hex(fire_game):
    # 26 NC a (1010) at Union Bty 1 (1013) and Union Bty 3 (0913): both 3 hexes away, alone each time
    assert phased(fire_game, [({"26a"}, {"UBty1"}), ({"26a"}, {"UBty3"})]) == []
    # at Union Bty 1 and Union Bty 2 (1014): 3 and 4 hexes
    (f,) = phased(fire_game, [({"26a"}, {"UBty1"}), ({"26a"}, {"UBty2"})])
    assert f.message == "26 NC a split its fire from 1010 at targets 3, 4 hexes away (all at exactly the same range)"
    assert (f.rule, f.step) == ("20.3a Splitting Fires 3 (rulebook line 151)", 4)
    (f,) = phased(fire_game, [({"26a", "26b"}, {"UBty1"}), ({"26a"}, {"UBty3"})])
    assert f.message.startswith("26 NC a split its fire from 1010 (fires of steps 2, 4) and 26 NC b joined it")
    assert f.rule == "20.3a Splitting Fires 2 (rulebook line 149)" and f.pieces == ("26 NC a", "26 NC b")
    (f,) = phased(fire_game, [({"26a"}, {"UBty1"}), ({"26a"}, {"UBty1"})])
    assert f.rule == "20.3a Splitting Fires 4 (rulebook line 153)" and "into 1013 a second time" in f.message
    # two units firing once each at different targets split nothing
    assert phased(fire_game, [({"26a"}, {"UBty1"}), ({"26b"}, {"UBty2"})]) == []



def test_a_battery_splits_its_fire_in_increments_of_two_guns_under_optional_27_1(fire_game):
    """27.1a A (L255): "a six strength point battery can split fire at no more than three targets,
    while a four or five gun battery can only split fire to engage no more than two targets"."""
    assert fire_limits.split_increments(fire_game) == (2, "27.1a A Split Fire (optional) (rulebook line 255)")
    where = {"UBty1": "0501", "26a": "0504", "26b": "0604", "11": "0404", "Bty1": "0505"}

    def split(shots, guns):
        status = {"UBty1": {"strength": str(guns)}}
        views, rolls = [view(fire_game, 0, where, status, phase="Fire")], []
        for target in shots:
            marks = {u: {**status.get(u, {}), "attacking": "yes" if u == "UBty1" else "no",
                         "defending": "yes" if u == target else "no"} for u in where}
            views += [view(fire_game, len(views), where, marks, phase="Fire"),
                      view(fire_game, len(views) + 1, where, marks, phase="Fire")]
            rolls.append((len(views) - 1, "Grant"))
        return [f for f in fire_limits.check_fire(fire_game, rolls, lambda step: views[step], "t.vlog")
                if f.rule.startswith("27.1a")]

    assert split(["26a", "26b", "11"], 6) == []                           # six guns, three targets
    (f,) = split(["26a", "26b", "11"], 5)                                 # five guns: two
    assert f.severity is Severity.WARNING and f.message == (
        "Union Bty 1 (5 guns) split its fire from 0501 into 3 fires: at most 2 in increments of 2 guns (if the "
        "optional rule 27.1 is played)")
    assert split(["26a", "26b"], 4) == []


# ------------------------------------------------------------------ the Army Train (28.3)

from gamedata.model import TerrainHex, TerrainHexside  # noqa: E402
from referee.rules import trains  # noqa: E402


ROAD = ["0510", "0610", "0710", "0810"]


@pytest.fixture(scope="module")
def train_game(game):
    """A road through 0510-0810 (made up: the rulebook has no map), Woods in 0708 and 0912 (two
    hexes from it), 0612 (next to 0611, which is next to the road but has no road) and 0910 (next
    to the road's end), Clear elsewhere; the Army Train is of the effects.xlsx class army-train."""
    woods = {"0708", "0912", "0612", "0910"}
    hexes = tuple(TerrainHex("M", f"{c:02d}{r:02d}", "Woods" if f"{c:02d}{r:02d}" in woods else "Clear",
                             sides_complete=True) for c in range(1, 31) for r in range(1, 21))
    base = replace(game, maps=(MAP,), terrain_hexes=hexes)
    ids = HexIds((MAP,))
    sides = tuple(TerrainHexside("M", a, base.terrain.direction(ids.parse(a), ids.parse(b)), "Road")
                  for a, b in zip(ROAD, ROAD[1:]))
    train = Unit("Train", "Union", "Army Train", "army-train", formation="C")
    return replace(base, units=game.units + (train,), terrain_hexsides=sides)


def train(game, path):
    views = [view(game, n, {"Train": h}) for n, h in enumerate(path)]
    return list(trains.check_army_train(game, views, "t.vlog", {n: "Grant" for n in range(len(path))}))


def test_the_army_train_enters_road_hexes_or_clear_hexes_next_to_a_road(train_game):
    assert train(train_game, ["0510", "0610", "0710", "0711", "0811"]) == []   # along, then clear beside it
    (f,) = train(train_game, ["0710", "0711", "0612"])                          # woods two hexes from it
    assert f.message == ("Army Train entered 0612: neither a road hex nor a clear hex next to a road (the Army Train "
                         "enters only those)")
    assert (f.rule, f.step, f.player) == ("28.3 Supply Trains (rulebook line 383)", 2, "Grant")
    (f,) = train(train_game, ["0810", "0910"])                                  # woods next to the road
    assert f.step == 1
    assert [f.message for f in train(train_game, ["0710", "0711", "0712"])] == [
        "Army Train entered 0712: neither a road hex nor a clear hex next to a road (the Army Train enters only those)"]


def test_an_army_train_move_where_the_map_is_not_entered_is_not_checked(train_game):
    bare = replace(train_game, terrain_hexes=tuple(h for h in train_game.terrain_hexes if h.hex != "1515"))
    (f,) = train(bare, ["1514", "1515"])
    assert f.severity is Severity.NOT_CHECKED and any(c.file == "terrain.xlsx" for c in f.cells)
    assert train(replace(train_game, units=game_units_without_train(train_game)), ["0710", "0612"]) == []


def game_units_without_train(g):
    return tuple(u for u in g.units if u.type != "army-train")
