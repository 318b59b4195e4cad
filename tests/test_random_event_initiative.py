"""Hood Strikes North's Random Events the initiative check reads, on made-up logs (stand-in views
and steps): Late Rain and the Army Initiative (3.0; 2.2 Army Initiative Change-A and -B, tested at
the end of the file).

Late Rain:
Scenario 2 Special Rule 12 (L343) "Starting on Turn 3, if both players roll a 1 during the
Initiative Segment, 'Late Rain' rules are in effect for the current turn only. (Exception: Late Rain
only takes effect if both players have gained initiative at least once earlier in the turn;
otherwise, double-1's are ignored.) ... As soon as Late Rain takes place, Entrenchment actions may
no longer be undertaken for the rest of the Action Cycle"; the Random Event of that name (2.2,
L1212) does the same in the turn it is rolled."""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_views import AV, Scenario, U

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.dice import Roll
from referee.rules.initiative import Carried, carry, check_initiative
from referee.rules.late_rain import Events, Rolled, event_turns, table_results
from referee.timeline import StepView

SOURCES = Path(__file__).resolve().parents[1] / "sources"
PLAYERS = {"Confederate": "Hood", "Union": "Thomas"}


@pytest.fixture(scope="module")
def hsn():
    return load_game(SOURCES / "hood-strikes-north")


def _log(game, dice, *, scenario="S2", turn=3, entrench_at=None):
    """Pairs of Initiative dice ((Confederate, Union) each) in the Action Cycle of scenario turn
    ``turn``; Cheatham (Confederate, no move) gains the Fort-Build-1 marker at the step after pair
    number ``entrench_at`` (0-based), if given."""
    ids = HexIds(game.maps)
    turn_def = next(t for t in game.turns if t.id == turn)
    steps, views = [StepView(0, "Hood", False)], []
    fort = False

    def view(step, side):
        status = {"fort-build-1": "yes" if fort else "no"}
        units = {"Cheatham": U(game.unit("Cheatham"), ids.parse("2814"), status=status, location="2814")}
        return AV(step, units, turn_def, Scenario(scenario), "Action Cycle", side, turn)

    views.append(view(0, "Confederate"))
    for n, pair in enumerate(dice):
        for side, value in zip(("Confederate", "Union"), pair):
            i = len(steps)
            steps.append(StepView(i, PLAYERS[side], False,
                                  rolls=(Roll(i, PLAYERS[side], "Initiative", (value,), 6, "Initiative 1d6"),)))
            views.append(view(i, side))
        if entrench_at == n:
            fort = True
            i = len(steps)
            steps.append(StepView(i, "Hood", False))
            views.append(view(i, "Confederate"))
    return views, steps


def _found(game, dice, **kw):
    views, steps = _log(game, dice, **{k: v for k, v in kw.items() if k != "rolled"})
    return list(check_initiative(game, views, steps, "t.vlog", None, kw.get("rolled", ())))


def test_entrenching_after_late_rain_is_caught(hsn) -> None:
    # the Confederates win (5-2), the Union wins (1-4), then both roll 1: Late Rain; Cheatham entrenches
    [found] = _found(hsn, [(5, 2), (1, 4), (1, 1)], entrench_at=2)
    assert found.step == 7 and found.pieces == ("Cheatham",) and [p.name for p in found.places] == ["2814"]
    assert "Late Rain began at step 6" in found.message and "fort-build-1" in found.message
    assert found.rule == "Scenario 2 Special Rule 12 (rulebook line 343)"
    assert _found(hsn, [(5, 2), (1, 4), (1, 1)], entrench_at=1) == []        # before the rain: allowed


def test_double_1_is_ignored_before_both_sides_have_won_or_before_turn_3(hsn) -> None:
    assert _found(hsn, [(5, 2), (6, 4), (1, 1)], entrench_at=2) == []        # the Union never won
    assert _found(hsn, [(5, 2), (1, 4), (1, 1)], entrench_at=2, turn=2) == []
    assert _found(hsn, [(5, 2), (1, 4), (2, 2)], entrench_at=2) == []


def test_elsewhere_only_a_late_rain_random_event_brings_it(hsn) -> None:
    assert _found(hsn, [(5, 2), (1, 4), (1, 1)], entrench_at=2, scenario="S9", turn=5) == []
    [found] = _found(hsn, [(5, 2), (1, 4), (1, 1)], entrench_at=2, scenario="S9", turn=5,
                     rolled=[Rolled(0, 5, frozenset({"laterain"}))])
    assert found.rule == "2.2 Late Rain (rulebook line 1212)" and found.step == 7
    # the Random Event's reading not determined (winter not known): said, not judged
    [unsure] = _found(hsn, [(5, 2), (1, 4), (1, 1)], entrench_at=2, scenario="S9", turn=5,
                      rolled=[Rolled(0, 5, frozenset({"laterain", "noeffect"}))])
    assert unsure.severity.name == "NOT_CHECKED" and "Late Rain at the double dice of step 6" in unsure.message


def test_the_rain_and_the_winners_are_handed_over_the_chain(hsn) -> None:
    views, steps = _log(hsn, [(5, 2), (1, 4)])
    left = carry(hsn, steps, views, "a.vlog")
    assert dict(left.had)[3] == frozenset({"Confederate", "Union"})
    views, steps = _log(hsn, [(1, 1)])
    rained = carry(hsn, steps, views, "b.vlog", left)
    assert [r.step for r in rained.rains] == [2]
    views, steps = _log(hsn, [(3, 2)], entrench_at=0)
    [found] = check_initiative(hsn, views, steps, "c.vlog", rained)
    assert "Late Rain began at step 2 of b.vlog" in found.message
    assert list(check_initiative(hsn, views, steps, "c.vlog", Carried())) == []


def test_a_random_events_roll_of_late_rain_is_read_from_the_table(hsn) -> None:
    """tables.xlsx random-events: 6, 7, 10, 11 read Late Rain unless winter weather is in effect
    (L1166-1171): the stand-in views do not know the weather, so the turn may have Late Rain."""
    turn = next(t for t in hsn.turns if t.id == 5)

    class Views:
        def at(self, step):
            return AV(step, {}, turn, Scenario("S9"), "Random Events", None, 5)

    def rolled(dice):
        steps = [StepView(1, "Hood", False, rolls=(Roll(1, "Hood", "Random Events Table", dice, 6,
                                                        "Random Events Table 2d6"),))]
        return event_turns(hsn, table_results(hsn, steps, Views()))

    assert rolled((3, 3)) == Events(maybe=frozenset({5})) == rolled((5, 6))
    assert rolled((4, 4)) == Events() == rolled((2, 2))          # Night March, Rain: not Late Rain


# ------------------------------------------------------------------ the Army Initiative (S9)

def _tie_then_move(game, tie: int, rolled, carried=None, turn=11):
    """S9, scenario turn ``turn``: a Random Events roll at step 1 (its results ``rolled``), a tie of
    ``tie`` rolled at steps 2-3, then Cheatham (Confederate) moves at step 4."""
    ids = HexIds(game.maps)
    turn_def = next(t for t in game.turns if t.id == turn)

    def view(step, side, where):
        units = {"Cheatham": U(game.unit("Cheatham"), ids.parse(where), location=where)}
        return AV(step, units, turn_def, Scenario("S9"), "Action Cycle", side, turn)

    views = [view(0, "Confederate", "2814"), view(1, "Confederate", "2814"), view(2, "Confederate", "2814"),
             view(3, "Union", "2814"), view(4, "Confederate", "2815")]
    steps = [StepView(0, "Hood", False), StepView(1, "Hood", False),
             StepView(2, "Hood", False, rolls=(Roll(2, "Hood", "Initiative", (tie,), 6, "Initiative 1d6"),)),
             StepView(3, "Thomas", False, rolls=(Roll(3, "Thomas", "Initiative", (tie,), 6, "Initiative 1d6"),)),
             StepView(4, "Hood", False)]
    return [(f.severity.name, f.step, f.message) for f in check_initiative(game, views, steps, "s9.vlog", carried,
                                                                           rolled)]


def test_ties_follow_the_army_initiative_the_random_events_move(hsn) -> None:
    """3.0 (L1279-1285): Confederate Advantage wins every tie, Neutral gives 1-1 to 3-3 to the Union
    and 4-4 to 6-6 to the Confederates, Union Advantage every tie to the Union; 2.2 (L1236, L1242-1244):
    Change-A makes it Neutral, Change-B moves it one step (Confederate -> Neutral -> Union -> Neutral)."""
    a, b = Rolled(1, 11, frozenset({"armyinitiativechangea"})), Rolled(1, 11, frozenset({"armyinitiativechangeb"}))
    start = Carried(army="Confederate")
    assert _tie_then_move(hsn, 2, [], start) == []                                  # Confederate Advantage
    [(severity, step, message)] = _tie_then_move(hsn, 2, [b], start)                # B: Neutral, 2-2 to the Union
    assert (severity, step) == ("ERROR", 4) and "the Union side won the initiative at step 3" in message
    assert _tie_then_move(hsn, 5, [b], start) == []                                 # Neutral: 5-5 Confederate
    assert len(_tie_then_move(hsn, 5, [b], Carried(army="Neutral"))) == 1           # B: Neutral -> Union Advantage
    assert _tie_then_move(hsn, 5, [b], Carried(army="Union")) == []                 # B: Union -> Neutral: 5-5 C
    assert len(_tie_then_move(hsn, 5, [], Carried(army="Union"))) == 1              # Union Advantage kept
    assert len(_tie_then_move(hsn, 2, [a], Carried(army="Confederate"))) == 1       # A: Neutral
    [(severity, _, message)] = _tie_then_move(hsn, 2, [], Carried())                # Turn 11, nothing known
    assert severity == "NOT_CHECKED" and "who holds the Army Initiative" in message
    undecided = Rolled(1, 11, frozenset({"armyinitiativechangeb", "noeffect"}))
    assert _tie_then_move(hsn, 2, [undecided], start)[0][0] == "NOT_CHECKED"


def test_the_army_initiative_is_handed_over_the_chain_from_its_start(hsn) -> None:
    views, steps = _log(hsn, [(5, 2)], scenario="S9", turn=10)
    left = carry(hsn, steps, views, "a.vlog")
    assert left.army == "Confederate"                                               # L1685: the start
    views, steps = _log(hsn, [(5, 2)], scenario="S9", turn=11)
    moved = carry(hsn, steps, views, "b.vlog", left, [Rolled(0, 11, frozenset({"armyinitiativechangeb"}))])
    assert moved.army == "Neutral"
