"""Classic Shiloh's reinforcement entry and victory (rulebook 001, lines 4-8 and 12-18) read by
the scenario checks over sources/shiloh/scenario-rules.toml, on made-up positions of the made-up
filled copy (tests/shiloh_game.py: Nelson due on Turn 3 at 1708 on the east edge). The VP are
hand-counted from the made-up counters' strengths; the levels from the text's six sentences with
the precedence the rule file states."""
from __future__ import annotations

import pytest
from shiloh_game import EAST_BANK, LANDING, SETUP, at, context, filled_game, views_of

from referee.findings import Severity
from referee.rules.arrivals import check_arrivals
from referee.rules.victory import tally


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return filled_game(tmp_path_factory.mktemp("filled"))



# -- lines 4-7: the schedule, delay, the nearest edge hex when the entry is held ---------------

def arrive(game, turn: int, where: str, **others: str | None):
    base = at(SETUP, **others)
    frames = [(turn, "Union", base), (turn, "Union", at(base, US_Nelson=where))]
    return [f for f in check_arrivals(context(game, frames)) if f.severity is not Severity.INFO] , \
        [f for f in check_arrivals(context(game, frames)) if f.severity is Severity.INFO]


def test_on_time_at_its_entry_is_silent(game):
    assert arrive(game, 3, EAST_BANK) == ([], [])


def test_a_delayed_reinforcement_is_no_finding(game):
    found, info = arrive(game, 5, EAST_BANK)
    assert found == [] and "2 turn(s) after its Turn 3: a reinforcement may be delayed" in info[0].message
    assert info[0].rule == "reinforcements (L7)"


def test_an_early_one_is_an_error(game):
    [f], _ = arrive(game, 2, EAST_BANK)
    assert f.severity is Severity.ERROR and "1 turn(s) early: due Turn 3" in f.message


def test_a_held_entry_sends_it_to_the_nearest_edge_hex(game):
    assert arrive(game, 3, "1707", CS_Hardee=EAST_BANK) == ([], [])
    assert arrive(game, 3, "1709", CS_Hardee=EAST_BANK) == ([], [])
    [f], _ = arrive(game, 3, "1706", CS_Hardee=EAST_BANK)
    assert "the nearest map-edge hexes not held by the enemy are 1707, 1709" in f.message


def test_the_nearest_edge_hex_is_one_the_unit_may_enter(game):
    """Crittenden (Turn 4, 1704) with Hardee on 1704: of the edge hexes next to it, 1604 is the river."""
    frames = [(4, "Union", at(SETUP, CS_Hardee="1704")), (4, "Union", at(SETUP, CS_Hardee="1704", US_Crittenden="1606"))]
    [f] = [f for f in check_arrivals(context(game, frames)) if f.severity is Severity.ERROR]
    assert "the nearest map-edge hexes not held by the enemy are 1705:" in f.message


def test_a_free_entry_may_not_be_left(game):
    [f], _ = arrive(game, 3, "1707")
    assert "not at its entry 1708 (its entry was not held by an enemy unit" in f.message
    [f], _ = arrive(game, 3, "1707", CS_Hardee="1608")       # an enemy zone of control does not block it
    assert "not held by an enemy unit" in f.message


# -- lines 12-18: VP and the levels -------------------------------------------------------------

def score(game, frames, first_log=True):
    views = context(game, frames).views
    return tally(views, game.scenarios[0], game, "t.vlog", None, (), first_log)


def _board(*, gone: dict, landing: list[str]):
    """Frames: the set-up, then ``gone`` units taken off (None: deleted; "off": off every hex),
    then the units of ``landing`` through Pittsburg Landing in turn."""
    frames = [(3, "Confederate", dict(SETUP))]
    now = dict(SETUP)
    for uid, how in gone.items():
        now = {k: v for k, v in now.items() if k != uid} if how is None else at(now, **{uid.replace(":", "_"): None})
        frames.append((3, "Confederate", now))
    for uid in landing:
        now = at({k: v for k, v in now.items()}, **{uid.replace(":", "_"): LANDING})
        frames.append((3, "Confederate", now))
        now = at(now, **{uid.replace(":", "_"): "1507" if uid.startswith("US") else "1509"})
        frames.append((3, "Confederate", now))
    return frames


def test_each_enemy_sp_and_the_landing_confederate_substantive(game):
    """Sherman 4 + Battery 2 eliminated (6 Confederate VP), Polk 4 (4 Union VP); Hardee last
    through the Landing: 6 is at least 4 but not twice it."""
    t = score(game, _board(gone={"US:Sherman": None, "US:Battery": "off", "CS:Polk": None},
                           landing=["US:Prentiss", "CS:Hardee"]))
    assert dict(t.totals) == {"Confederate": 6, "Union": 4}
    assert t.level.startswith("Confederate Substantive") and t.level_rule == "victory levels (L14)"
    assert "Pittsburg Landing held (Confederate) met" in t.describe()
    assert "Pittsburg Landing held (Union) not met" in t.describe()


def test_the_union_last_through_the_landing_union_marginal(game):
    """The same 6 to 4, the Union last through: 4 is more than half of 6."""
    t = score(game, _board(gone={"US:Sherman": None, "US:Battery": "off", "CS:Polk": None},
                           landing=["CS:Hardee", "US:Prentiss"]))
    assert t.level.startswith("Union Marginal") and t.level_rule == "victory levels (L16)"


def test_exactly_twice_as_many_against_the_union_on_the_landing_is_confederate_marginal(game):
    """8 to 4: "twice as many" is met (at least twice), "more than half" is not (4 is half of 8)."""
    t = score(game, _board(gone={"US:Sherman": None, "US:Battery": None, "US:Tyler": "off", "CS:Polk": None},
                           landing=["US:Prentiss"]))
    assert dict(t.totals) == {"Confederate": 8, "Union": 4}
    assert t.level.startswith("Confederate Marginal")


def test_twice_as_many_without_the_landing_confederate_marginal(game):
    t = score(game, _board(gone={"US:Sherman": None, "US:Battery": None}, landing=[]))
    assert dict(t.totals) == {"Confederate": 6, "Union": 0}
    assert t.level.startswith("Confederate Marginal") and t.level_rule == "victory levels (L15)"


def test_the_confederates_holding_the_landing_with_fewer_vp_reach_no_level(game):
    t = score(game, _board(gone={"US:Battery": None, "CS:Polk": None}, landing=["CS:Hardee"]))
    assert dict(t.totals) == {"Confederate": 2, "Union": 4}
    assert t.level == "" and "none applies" in t.level_rule and "no victory level" in t.describe()


def test_nothing_scored_the_landing_decides(game):
    """0 to 0: nobody has twice as many (0 is not twice 0), the Union on the Landing has at least as
    many: Union Substantive; with nobody on it, no level."""
    t = score(game, _board(gone={}, landing=["US:Prentiss"]))
    assert t.level.startswith("Union Substantive") and t.level_rule == "victory levels (L17)"
    t = score(game, _board(gone={}, landing=[]))
    assert t.level == ""


def test_without_the_counters_strength_the_vp_say_which_cells(tmp_path):
    bare = filled_game(tmp_path, without=("strength",))
    t = score(bare, _board(gone={"US:Sherman": None}, landing=[]))
    [why] = {u.why for u in t.undecided}
    assert "strength not known: Sherman (oob.xlsx Units strength of US:Sherman)" in why


def test_a_reinforcement_unseen_in_a_later_log_is_undecided(game):
    frames = [(4, "Confederate", dict(SETUP)), (4, "Confederate", at(SETUP, CS_Hardee="1309"))]
    t = score(game, frames, first_log=False)
    assert [u.label for u in t.undecided] == ["enemy SP eliminated"]
    assert "whether Crittenden, Nelson entered and was eliminated in an earlier log is not in this one" in t.undecided[0].why
    assert views_of(game, frames)[0].turn.id == 4
