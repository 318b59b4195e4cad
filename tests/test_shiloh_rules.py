"""Classic Shiloh's special rules (rulebook 001, lines 2-18) as the classic family's generic rules
over data: the Parameters rows of sources/shiloh/rules.xlsx (each quoting its line) read by
referee/rules/classic*.py, run on made-up positions of a made-up filled copy of the game
(tests/shiloh_game.py: the map, counters, TEC and CRT are test data, never the printed ones)
through the production checks. Each rule: a violation caught at its step, unit and hex with the
line, and a clean twin silent; without the player's data the rule says which cells."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest
from shiloh_game import EAST_BANK, FERRY, LANDING, SETUP, at, context, filled_game, movement

from referee.findings import Severity
from referee.rules.combat import check_combat

T1, T2, T3 = 1, 2, 3


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return filled_game(tmp_path_factory.mktemp("filled"))



def errors(found, line: int | None = None):
    return [f for f in found if f.severity is Severity.ERROR and (line is None or f"line {line})" in f.rule)]


# A clean opening: the Confederates move first, then every Union unit not in a zone of control
# moves one hex north or northeast (Tyler, the gunboat, up the river), then turn 2 begins.
C1 = at(SETUP, CS_Hardee="1309")
U1 = at(C1, US_Sherman="1206", US_Prentiss="1404", US_Battery="1505", US_Tyler="1604")
OPENING = [(T1, "Confederate", SETUP), (T1, "Confederate", C1), (T1, "Union", at(C1, US_Sherman="1206")),
           (T1, "Union", at(C1, US_Sherman="1206", US_Prentiss="1404")),
           (T1, "Union", at(C1, US_Sherman="1206", US_Prentiss="1404", US_Battery="1505")),
           (T1, "Union", U1), (T2, "Confederate", at(U1, CS_Bragg="1309"))]


def test_a_clean_opening_is_silent(game):
    assert errors(movement(game, OPENING)) == []


# -- line 2: 13 turns, the Confederate player first ---------------------------------------------

def test_the_union_beginning_a_turn_is_caught_at_its_first_move(game):
    frames = OPENING[:-1] + [(T2, "Union", at(U1, US_Sherman="1205")), (T2, "Confederate", at(U1, US_Sherman="1205",
                                                                                             CS_Bragg="1309"))]
    [f] = errors(movement(game, frames), 2)
    assert (f.step, f.pieces, f.player) == (6, ("Sherman",), "Union")
    assert "the Union side began turn 2: the Confederate player is the first player" in f.message
    assert [p.name for p in f.locations] == ["1206", "1205"]


def test_a_fourteenth_turn_is_caught(game):
    frames = [(13, "Confederate", SETUP), (13, "Union", at(SETUP, US_Sherman="1206")),
              (14, "Confederate", at(SETUP, US_Sherman="1206", CS_Hardee="1309"))]
    found = errors(movement(game, frames), 2)
    assert [(f.step, f.pieces) for f in found] == [(2, ("Hardee",))]
    assert "plays turn 14: the game ends after turn 13" in found[0].message


# -- line 9: turns 1-2, each Union unit moves one hex north or northeast ------------------------

def test_a_union_unit_left_in_place_is_caught_where_the_union_movement_ends(game):
    frames = OPENING[:4] + [(T1, "Union", at(C1, US_Sherman="1206", US_Prentiss="1404", US_Tyler="1604")),
                            (T2, "Confederate", at(C1, US_Sherman="1206", US_Prentiss="1404", US_Tyler="1604",
                                                   CS_Bragg="1309"))]
    [f] = errors(movement(game, frames), 9)
    assert (f.step, f.pieces, [p.name for p in f.locations]) == (4, ("Battery",), ["1506"])
    assert "must move one hex N/NE" in f.message


@pytest.mark.parametrize("to, why", [("1305", "NW of it"), ("1204", "not next to it")])
def test_a_union_unit_moved_another_way_or_further_is_caught(game, to, why):
    frames = [(T1, "Confederate", SETUP), (T1, "Confederate", C1),
              (T1, "Union", at(U1, US_Prentiss=to)), (T2, "Confederate", at(U1, US_Prentiss=to, CS_Bragg="1309"))]
    [f] = errors(movement(game, frames), 9)
    assert (f.step, f.pieces) == (2, ("Prentiss",)) and f"to {to} ({why})" in f.message


def test_a_union_unit_in_a_confederate_zone_may_not_move_and_need_not(game):
    start = at(SETUP, CS_Polk="1208")                 # next to Sherman (1207): Sherman is held
    moved = at(start, US_Prentiss="1404", US_Battery="1505", US_Tyler="1604")
    silent = [(T1, "Confederate", SETUP), (T1, "Confederate", start), (T1, "Union", moved),
              (T2, "Confederate", at(moved, CS_Bragg="1309"))]
    assert errors(movement(game, silent)) == []
    broke = [(T1, "Confederate", SETUP), (T1, "Confederate", start), (T1, "Union", at(moved, US_Sherman="1206")),
             (T2, "Confederate", at(moved, US_Sherman="1206", CS_Bragg="1309"))]
    [f] = errors(movement(game, broke), 9)
    assert (f.step, f.pieces) == (2, ("Sherman",)) and "in the zone of control of Polk (1208)" in f.message
    assert [(m.start.name, m.end.name) for m in f.measured] == [("1207", "1208")]


def test_a_unit_with_no_hex_north_or_northeast_to_enter_is_excused(game):
    """Tyler at 1604 (north: off the map; northeast 1704: land, closed to a gunboat) and the battery
    at 1504 (north: off the map; northeast 1604: the river) stay; the rest move."""
    start = at(SETUP, US_Tyler="1604", US_Battery="1504")
    moved = at(start, US_Sherman="1206", US_Prentiss="1404", CS_Hardee="1309")
    frames = [(T1, "Confederate", start), (T1, "Confederate", at(start, CS_Hardee="1309")),
              (T1, "Union", at(moved, US_Prentiss="1405")), (T1, "Union", moved),
              (T2, "Confederate", at(moved, CS_Bragg="1309"))]
    assert errors(movement(game, frames)) == []


def test_without_the_map_a_unit_left_in_place_is_not_checked(tmp_path):
    bare = filled_game(tmp_path, without=("terrain",))
    frames = OPENING[:4] + [(T1, "Union", at(C1, US_Sherman="1206", US_Prentiss="1404", US_Tyler="1604")),
                            (T2, "Confederate", at(C1, US_Sherman="1206", US_Prentiss="1404", US_Tyler="1604",
                                                   CS_Bragg="1309"))]
    found = movement(bare, frames)
    assert errors(found) == [] and any(f.severity is Severity.NOT_CHECKED for f in found)


def test_a_reinforcement_entering_on_turn_one_is_not_forced(game):
    frames = OPENING[:2] + [(T1, "Union", at(C1, US_Nelson=EAST_BANK))] + \
        [(t, side, at(board, US_Nelson="1706")) for t, side, board in OPENING[2:]]
    assert errors(movement(game, frames)) == []


def test_turn_three_is_free(game):
    frames = [(T3, "Confederate", SETUP), (T3, "Confederate", C1), (T3, "Union", at(C1, US_Sherman="1205")),
              (4, "Confederate", at(C1, US_Sherman="1205", CS_Bragg="1309"))]
    assert errors(movement(game, frames)) == []


# -- lines 10-11: gunboats on river hexes only, no unit in a river hex ----------------------------

def test_a_gunboat_leaving_the_river_and_a_unit_entering_it_are_caught(game):
    frames = [(T3, "Confederate", SETUP), (T3, "Union", at(SETUP, US_Tyler="1505")),
              (T3, "Union", at(SETUP, US_Tyler="1505", US_Battery="1606"))]
    found = errors(movement(game, frames), 10) + errors(movement(game, frames), 11)
    assert sorted((f.step, f.pieces, f.message.split(": ")[-1]) for f in found) == [
        (1, ("Tyler",), "gunboat may not enter Clear"), (2, ("Battery",), "artillery may not enter River")]


def test_a_gunboat_sails_any_number_of_river_hexes(game):
    frames = [(T3, "Confederate", SETUP), (T3, "Union", at(SETUP, US_Tyler="1610"))]
    assert errors(movement(game, frames)) == []


# -- line 10: gunboats have no ZOC, ignore the Confederates', may not be attacked -----------------

#: Polk on the west bank beside the river, the Union land units out of the way
SHORE = at(SETUP, US_Battery="1308", US_Prentiss="1205")
PAST = [(T3, "Confederate", at(SHORE, CS_Polk="1504")),
        (T3, "Confederate", at(SHORE, CS_Polk=LANDING))]      # 1504 -> 1505 -> 1506 (beside Tyler, 1605) -> 1508
SAIL = [(T3, "Union", at(SHORE, CS_Polk="1506")),
        (T3, "Union", at(SHORE, CS_Polk="1506", US_Tyler="1607"))]  # 1605 -> 1606 (beside Polk) -> 1607


def test_a_gunboat_stops_no_confederate_and_no_confederate_stops_it(game):
    assert errors(movement(game, PAST)) == []
    assert errors(movement(game, SAIL)) == []


def test_without_the_gunboat_rows_the_zones_stop_them(game):
    """The same moves with zones of control for every unit: the rows are what lets them pass."""
    bare = replace(game, rule_parameters=tuple(p for p in game.rule_parameters
                                               if p.key not in ("zoc.none", "zoc.unaffected")))
    assert [f.pieces for f in errors(movement(bare, PAST))] == [("Polk",)]
    assert [f.pieces for f in errors(movement(bare, SAIL))] == [("Tyler",)]


def _attack(game, chat):
    near = at(SETUP, CS_Polk="1504")
    frames = [(T3, "Confederate", SETUP), (T3, "Confederate", near), (T3, "Confederate", near)]
    ctx = context(game, frames, texts={2: (chat,)})
    roll = SimpleNamespace(step=2, player="Confederate", purpose="Combat Results Table", dice=(3,), sides=6,
                           text="Combat Results Table: 3")
    ctx.log.steps[1].rolls = (roll,)
    return list(check_combat(ctx))


def test_a_gunboat_may_not_be_attacked(game):
    [f] = errors(_attack(game, "Polk attacks Tyler"), 10)
    assert (f.step, f.pieces) == (2, ("Polk", "Tyler")) and "a Gunboat may not be attacked" in f.message
    assert [p.name for p in f.locations] == ["1605"]
    assert errors(_attack(game, "Polk attacks Prentiss"), 10) == []


# -- lines 4-8: reinforcements ------------------------------------------------------------------

def test_a_confederate_reinforcement_is_caught(game):
    frames = [(T3, "Confederate", at(SETUP, CS_Polk=None)), (T3, "Confederate", at(SETUP, CS_Hardee="1309",
                                                                                     CS_Polk=None)),
              (T3, "Confederate", at(SETUP, CS_Hardee="1309", CS_Polk="1210"))]
    [f] = errors(movement(game, frames), 8)
    assert (f.step, f.pieces) == (2, ("Polk",)) and "there are no Confederate reinforcements" in f.message


def test_the_set_up_before_play_is_no_reinforcement(game):
    frames = [(T1, "Confederate", at(SETUP, CS_Polk=None)), (T1, "Confederate", SETUP),
              (T1, "Confederate", at(SETUP, CS_Hardee="1309"))]
    assert errors(movement(game, frames)) == []


def _nelson(where: str, moves: list[str], during: str = "Union"):
    """Turn 3: the Confederates move, then Nelson enters at ``where`` — in the Union movement, or
    (``during="Confederate"``) while the Confederates still move — and moves on."""
    start = at(SETUP, CS_Hardee="1309")
    frames = [(T3, "Confederate", SETUP), (T3, "Confederate", start)]
    if during == "Confederate":
        frames += [(T3, "Union", at(start, US_Nelson=where)),
                   (T3, "Confederate", start := at(start, US_Nelson=where, CS_Bragg="1309"))]
    frames.append((T3, "Union", at(start, US_Nelson=where, US_Sherman="1206")))
    for h in moves:
        frames.append((T3, "Union", at(frames[-1][2], US_Nelson=h)))
    return frames


def test_a_reinforcement_enters_in_its_own_movement_phase(game):
    assert errors(movement(game, _nelson(EAST_BANK, ["1706"]))) == []
    [f] = errors(movement(game, _nelson(EAST_BANK, [], during="Confederate")), 4)
    assert (f.step, f.pieces) == (2, ("Nelson",)) and "outside the Union movement phase" in f.message


def test_a_reinforcement_may_not_enter_a_river_hex(game):
    [f] = errors(movement(game, _nelson("1607", [])), 11)
    assert (f.step, f.pieces) == (2, ("Nelson",)) and f.message.endswith("at 1607: unit may not enter River")


def test_a_reinforcement_may_not_enter_an_enemy_held_hex(game):
    start = at(SETUP, CS_Hardee=EAST_BANK)
    frames = [(T3, "Confederate", SETUP), (T3, "Confederate", start), (T3, "Union", at(start, US_Sherman="1206")),
              (T3, "Union", at(start, US_Sherman="1206", US_Nelson=EAST_BANK))]
    [f] = errors(movement(game, frames), 5)
    assert (f.step, f.pieces) == (3, ("Nelson",)) and "held by Hardee" in f.message


def test_entering_the_map_costs_one_mp(game):
    assert errors(movement(game, _nelson(EAST_BANK, ["1705"]))) == []          # 1 + 3 = 4 MP
    [f] = errors(movement(game, _nelson(EAST_BANK, ["1704"])))                 # 1 + 4 > 4
    assert (f.pieces, f.step) == (("Nelson",), 3)
    assert "it had 3 of its movement factor 4 left (1 MP spent entering the map" in f.message


# -- line 11: the river ferry -------------------------------------------------------------------

def test_no_unit_ends_its_movement_in_the_ferry_hex(game):
    start = at(SETUP, US_Sherman=EAST_BANK)
    frames = [(T3, "Confederate", start), (T3, "Union", at(start, US_Sherman=FERRY)),
              (4, "Confederate", at(start, US_Sherman=FERRY, CS_Hardee="1309"))]
    [f] = errors(movement(game, frames), 11)
    assert (f.step, f.pieces, [p.name for p in f.locations]) == (1, ("Sherman",), [FERRY])
    assert "may never end the movement phase in a River Ferry hex" in f.message
    crossed = [(T3, "Confederate", start), (T3, "Union", at(start, US_Sherman=FERRY)),
               (T3, "Union", at(start, US_Sherman=LANDING)),
               (4, "Confederate", at(start, US_Sherman=LANDING, CS_Hardee="1309"))]
    assert errors(movement(game, crossed)) == []


# -- without the player's data ------------------------------------------------------------------

def test_without_the_map_moves_are_not_checked_naming_the_cells(tmp_path):
    bare = filled_game(tmp_path, without=("terrain",))
    found = movement(bare, OPENING)
    assert not errors(found)
    [f] = [f for f in found if f.severity is Severity.NOT_CHECKED]
    assert "terrain.xlsx" in str(f.cells[0]) or "terrain.xlsx" in f.message


def _ferry(game, who: str, start: str, to: str, **others: str):
    base = at(SETUP, **others)
    side = "Union" if who.startswith("US") else "Confederate"
    frames = [(T3, "Confederate" if side == "Union" else "Union", at(base, **{who.replace(":", "_"): start})),
              (T3, side, at(base, **{who.replace(":", "_"): to}))]
    return errors(movement(game, frames), 11)


def test_union_units_cross_east_to_west_through_the_symbol_hexes(game):
    assert _ferry(game, "US:Sherman", EAST_BANK, LANDING) == []                   # 1708 -> 1608 -> 1508: 4 MP
    [f] = _ferry(game, "US:Sherman", LANDING, EAST_BANK)                         # west to east
    assert (f.step, f.pieces) == (1, ("Sherman",))
    assert f"the ferry ({FERRY}) is entered only from {EAST_BANK} and left only to {LANDING}" in f.message
    assert [p.name for p in f.path] == [LANDING, FERRY, EAST_BANK]


def test_confederates_may_not_use_the_ferry(game):
    [f] = _ferry(game, "CS:Hardee", EAST_BANK, LANDING)
    assert (f.pieces, f.step) == (("Hardee",), 1) and "only Union units may use the ferry (1608)" in f.message


def test_an_enemy_on_an_entry_hex_closes_the_ferry(game):
    base = at(SETUP, CS_Hardee=LANDING)
    frames = [(T3, "Confederate", at(base, US_Sherman=EAST_BANK)), (T3, "Union", at(base, US_Sherman=FERRY)),
              (4, "Confederate", at(base, US_Sherman=FERRY, CS_Bragg="1309"))]
    found = errors(movement(game, frames), 11)
    assert sorted((f.step, f.message.split(": ", 1)[1]) for f in found) == [
        (1, "the ferry (1608) may not be used while an enemy unit holds one of its entry hexes (Hardee in 1508)"),
        (1, "units may never end the movement phase in a River Ferry hex")]
    assert errors(movement(game, [(T3, "Confederate", at(SETUP, US_Sherman=EAST_BANK)),
                                  (T3, "Union", at(SETUP, US_Sherman=FERRY)),
                                  (T3, "Union", at(SETUP, US_Sherman=LANDING))]), 11) == []


def test_a_unit_needs_the_mps_for_both_hexes(game):
    """1709 -> 1708 -> 1608 -> 1508 costs 1 + 3 + 1: more than Sherman's 4."""
    frames = [(T3, "Confederate", at(SETUP, US_Sherman="1709")), (T3, "Union", at(SETUP, US_Sherman=LANDING))]
    [f] = errors(movement(game, frames))
    assert "the cheapest way costs 5 MP and it had 4 of its movement factor 4 left" in f.message
