"""Atlanta 5.1b.4 (L356): Cheatham's corps does not advance before the gunfire is heard, on the real
game's rows (rules.xlsx guns.*) and made-up positions: a unit of Cheatham's corps leaving the Atlanta
defenses before the first fire roll is caught at its step; after it, or inside the defenses, it is
silent; with the 5.1d.11 die in the log, only Hood's 6 lets it go. The defenses' hexes are a made-up
patch laid in memory (the rulebook does not print them: terrain.xlsx Specials)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gamedata.load import load_game
from gamedata.rolls import roll_tables
from gamedata.terrain import SpecialHex
from referee.dice import Roll
from referee.findings import Severity
from referee.rules.guns_heard import Heard, heard_at, judge_moves
from referee.table_rolls import TableRoll, TableRolls

from rule_views import U, V

ATLANTA = Path(__file__).resolve().parents[1] / "sources" / "atlanta"


@pytest.fixture(scope="module")
def game():
    return load_game(ATLANTA)


@pytest.fixture(scope="module")
def walled(game):
    """The outer defenses: A1.10-A8.30 (made up)."""
    rows = tuple(SpecialHex("A", "vp", f"A{c}.{r:02d}", "Atlanta outer defenses") for c in range(1, 9)
                 for r in range(10, 31))
    return replace(game, terrain_specials=game.terrain_specials + rows)


def rolls(game, *rolled):
    """The log's rolls: (table id, step, die)."""
    tables = {t.table_id: t for t in roll_tables(game.tables)}
    return TableRolls(tuple(TableRoll(Roll(s, "Hood", tables[t].name, (d,), 6, ""), tables[t], (d,), "button")
                            for t, s, d in rolled), ())


def moves(game, path):
    """Views of Stevenson's division (its commander) moving along ``path``, one hex a step."""
    ids = game.terrain.hexids
    views = [V(i, {"Stevenson": U(game.unit("Stevenson"), ids.canonical(ids.parse(h)), "Stevenson", location=h)})
             for i, h in enumerate(path)]
    return lambda i: views[i], [(i, "Hood", ()) for i in range(1, len(path))]


OUT = ["A7.20", "A8.20", "A9.20", "A10.20"]     # leaves the defenses at step 2


def found(game, path, at, chat=None):
    """The findings (not-checked notes on orders on paper left out) of the moves along ``path``;
    ``chat``: step -> a chat line of that step."""
    view_at, steps = moves(game, path)
    steps = [(i, p, (chat[i],) if chat and i in chat else ()) for i, p, _ in steps]
    return [(f.severity, f.step, f.message) for f in judge_moves(game, view_at, steps, at, "t.vlog")
            if "seen only when" not in f.message]


def test_an_order_recorded_in_the_chat_before_the_guns(walled) -> None:
    inside = ["A7.20", "A6.20", "A5.21"]
    [(severity, step, message)] = found(walled, inside, None, {2: "Cheatham: advance on Bald Hill"})
    assert (severity, step) == (Severity.ERROR, 2) and "recorded in the chat ('Cheatham: advance')" in message
    assert found(walled, inside, 2, {2: "Cheatham: advance on Bald Hill"}) == []       # the guns heard first
    assert found(walled, inside, None, {2: "Hardee: advance"}) == []
    # neither chat nor advance: said once, not passed
    view_at, steps = moves(walled, inside)
    [note] = judge_moves(walled, view_at, steps, None, "t.vlog")
    assert note.severity is Severity.NOT_CHECKED and "the chat records it ('Cheatham: advance')" in note.message
    assert list(judge_moves(walled, view_at, steps, 1, "t.vlog")) == []                # heard at the first step


def test_an_advance_out_of_the_defenses_before_the_guns(walled) -> None:
    [(severity, step, message)] = found(walled, OUT, None)
    assert (severity, step) == (Severity.ERROR, 2)
    assert message.startswith("Stevenson advanced to A9.20, outside the Atlanta defenses, before the gunfire was heard")
    assert found(walled, OUT, 2) == []                         # heard at step 2: the advance follows it
    assert len(found(walled, OUT, 3)) == 1
    assert found(walled, ["A7.20", "A6.20", "A5.21"], None) == []       # moving inside the defenses is no advance


def test_without_the_defenses_it_names_the_cells(game) -> None:
    [(severity, step, message)] = found(game, OUT, None)
    assert severity is Severity.NOT_CHECKED and step is None
    assert "Specials needs the rows of kind 'vp' named 'Atlanta outer defenses…'" in message


def test_the_guns_are_heard_at_the_first_fire_roll_or_hoods_six(game) -> None:
    assert heard_at(game, rolls(game, ("atl-fire-ammo", 4, 7), ("atl-fire-ammo", 9, 5)), set(), None) == (4, False, False)
    assert heard_at(game, rolls(game, ("atl-fire-ammo", 4, 7)), {4}, None) == (None, False, False)    # undone
    assert heard_at(game, rolls(game), set(), None) == (None, False, False)                        # no fire yet
    # 5.1d.11: the hearing die is in the log: a fire roll alone is not enough, Hood hears on a 6
    variant = rolls(game, ("atl-fire-ammo", 4, 7), ("atl-hearing-guns", 5, 1), ("atl-fire-ammo", 8, 7),
                    ("atl-hearing-guns", 9, 6))
    assert heard_at(game, variant, set(), None) == (9, False, True)
    assert heard_at(game, rolls(game, ("atl-fire-ammo", 4, 7)), set(), Heard(False, True)) == (None, False, True)
    # heard in an earlier log of the chain
    assert heard_at(game, rolls(game), set(), Heard(True, False))[1] is True


def test_the_check_and_its_carry_on_a_log(walled) -> None:
    """Through ``check_guns`` and ``carry`` as the restricted check runs them: the scenario, the
    chain's hand-over, a fire roll in the log."""
    from types import SimpleNamespace

    from referee.rules.guns_heard import carry, check_guns
    from referee.timeline import StepView
    from rule_views import Scenario

    fire = next(t for t in roll_tables(walled.tables) if t.table_id == "atl-fire-ammo")
    view_at, _ = moves(walled, OUT)

    def ctx(scenario="5.1", carried=None, fired_at=None):
        steps = [StepView(i, "Hood", False, rolls=(Roll(i, "Hood", fire.name, (3, 4), 6, ""),) if i == fired_at else ())
                 for i in range(1, len(OUT))]
        views = SimpleNamespace(scenario=Scenario(scenario), at=view_at)
        return SimpleNamespace(game=walled, views=views, log=SimpleNamespace(steps=steps, label="t.vlog"),
                               carried=carried or {})

    assert [(f.severity, f.step) for f in check_guns(ctx())] == [(Severity.ERROR, 2)]
    assert list(check_guns(ctx("5.1d.6"))) == []                                  # the historical opening
    assert list(check_guns(ctx(carried={"restricted": Heard(True, False)}))) == []   # heard in an earlier log
    assert carry(ctx()) == Heard(False, False)
    assert carry(ctx(fired_at=1)) == Heard(True, False)
    assert list(check_guns(ctx(fired_at=1))) == []
