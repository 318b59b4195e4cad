"""Which table a roll belongs to: our modules' table buttons, and `[[referee.dice]]` for other modules.

The real log on another module is recorded once per kind of result (a die of 2, 3 and 6 on the
Winter Weather Table), VASSAL rolling a button forced to that die, so every branch is asserted on
every run. Mutation tried: a roll range's upper bound made exclusive (`RollSpec.matches`): the
die-2 case fails (the former one-random-roll test caught it one run in six).
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import engine
import pytest
from conftest import ENGINE_MODULE

from gamedata import load_game
from gamedata.model import DiceMapping
from referee.context import LogInput
from referee.dice import Roll
from referee.findings import Severity
from referee.rules.tables import CHECK_ID, describe, readings
from referee.run import load_module, run_check
from referee.table_rolls import read_table_rolls
from referee.timeline import StepView, step_view
from vassal.replay import replay_file

SOURCES = Path(__file__).resolve().parents[1] / "sources"
HSN = SOURCES / "hood-strikes-north"


@pytest.fixture(scope="module")
def hsn():
    return load_game(HSN)


def step(index: int, *rolls: tuple[str, tuple[int, ...]], texts: tuple[str, ...] = ()) -> StepView:
    return StepView(index, "Alice", False,
                    rolls=tuple(Roll(index, "Alice", purpose, dice, None, f"*** {purpose} ***") for purpose, dice in rolls),
                    texts=texts)


def test_a_table_button_names_its_table(hsn):
    read = read_table_rolls([step(1, ("Winter Weather Table", (4,))), step(2, ("Random Events Table", (9,)))], hsn)
    assert [(r.table.table_id, r.dice, r.how) for r in read.rolls] == [
        ("winter-weather", (4,), "the table's own button"), ("random-events", (9,), "the table's own button")]
    assert read.unread == ()


def test_mapped_buttons_by_chat_around_the_roll_first_entry_wins(hsn):
    game = replace(hsn, dice_map=(
        DiceMapping("winter-weather", "1d6", chat=r"winter"),
        DiceMapping("remount", "1d6", chat=r"remount"),
        DiceMapping("union-reinforcement", "1d6"),
    ))
    steps = [step(1, texts=("<Thomas> - rolling for winter weather",)), step(2, ("1d6", (4,))),
             step(3, ("1d6", (6,)), texts=("<Thomas> - remount for Hatch",)), step(4, ("1d6", (2,))),
             step(5, ("2d6", (3, 4)))]
    read = read_table_rolls(steps, game)
    assert [(r.step, r.table.table_id) for r in read.rolls] == [(2, "winter-weather"), (3, "remount"),
                                                               (4, "union-reinforcement")]
    assert read.rolls[0].how == "[referee.dice] entry 1 (button 1d6, chat /winter/)"
    assert [(u.button, u.steps) for u in read.unread] == [("2d6", (5,))]
    assert "no die-roll table" in read.unread[0].why


def test_a_phase_entry_needs_the_phase(hsn):
    game = replace(hsn, dice_map=(DiceMapping("winter-weather", "1d6", phase="Weather"),))
    steps = [step(1, ("1d6", (4,))), step(2, ("1d6", (5,)))]
    unknown = read_table_rolls(steps, game)
    assert unknown.rolls == () and [u.steps for u in unknown.unread] == [(1, 2)]
    assert "needs the turn phase" in unknown.unread[0].why
    known = read_table_rolls(steps, game, phase_at=lambda s: "Weather" if s == 2 else "Movement")
    assert [r.step for r in known.rolls] == [2] and [u.steps for u in known.unread] == [(1,)]


def test_ten_is_zero_and_a_die_that_does_not_fit(hsn):
    itw = load_game(SOURCES / "into-the-woods-shiloh")
    game = replace(itw, dice_map=(DiceMapping("i-am-hit", "d10", ten_is_zero=True),))
    read = read_table_rolls([step(1, ("d10", (10,)))], game)
    assert [(r.table.table_id, r.dice) for r in read.rolls] == [("i-am-hit", (0,))]
    misfit = replace(hsn, dice_map=(DiceMapping("random-events", "1d6"),))
    read = read_table_rolls([step(1, ("1d6", (1,)))], misfit)  # a total of 1 is no 2d6 total
    assert read.rolls == () and "rolled 1" in read.unread[0].why


#: A Winter Weather roll of each kind (Hood Strikes North 1d6: No Effect, a result depending on
#: the turn, Winter Weather Start), each made by VASSAL on a button forced to roll it.
WINTER_DICE = (2, 3, 6)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """Real VASSAL logs on a module we did not build: a chat line, then its generic buttons, the
    first Morale roll showing each die of WINTER_DICE (the button forced to it in a copy of the
    module; VASSAL itself rolls and writes the log)."""
    out = tmp_path_factory.mktemp("mapped")
    script = "chat rolling for winter weather\nroll \"Morale\"\nroll \"Combat\"\nroll \"Morale\"\n"
    logs = {}
    for die in WINTER_DICE:
        module = engine.with_forced_button(ENGINE_MODULE, "Morale", die, out / f"dice-test-{die}.vmod")
        logs[die] = engine.script_log(module, script, out / f"mapped-{die}.vlog", player="Thomas",
                                      password="thomas-pw-9", side="Red").log
    return logs


@pytest.mark.parametrize("die", WINTER_DICE)
def test_a_real_log_on_another_module_is_read_through_the_game_data(recorded, die, tmp_path):
    game = tmp_path / "hsn"
    shutil.copytree(HSN, game)
    with (game / "game.toml").open("a", encoding="utf-8") as f:
        f.write('\n[[referee.dice]]\ntable = "winter-weather"\nbutton = "Morale"\nchat = "winter weather"\n')
    module = load_module(ENGINE_MODULE)
    report = run_check([recorded[die]], module=module, game=game, check_ids=[CHECK_ID, "combat"])
    unread = [(f.check, f.severity, f.message.split(":")[0]) for f in report.findings if "not" in f.message
              and f.step != 2]
    assert unread == [
        ("combat", Severity.NOT_CHECKED, "1 combat roll(s) ('Combat') not checked"),   # no combat table for GCACW
        (CHECK_ID, Severity.NOT_CHECKED, "1 roll(s) of 'Morale' (steps 4) not read against a die-roll table")]
    assert "no combat table for GCACW" in next(f.message for f in report.findings if f.check == "combat")
    rest = [(f.severity, f.step, f.message) for f in report.findings if f.step == 2]
    replay = replay_file(str(recorded[die]), module)
    assert [d.values for s in replay.steps for d in s.dice()][0] == (die,)
    if die <= 2:    # No Effect on any turn: nothing must follow
        assert rest == []
    elif die == 6:  # Winter Weather Start on any turn: its markers must be placed, and the log ends first
        assert [(sev, step) for sev, step, _ in rest] == [(Severity.NOT_CHECKED, 2)] * 2, rest
        assert [m.split(": ")[1].split(",")[0] for _, _, m in rest] == [
            "Last Turn of Winter must be placed", "Winter Weather Start must be placed"]
        assert all(m.endswith("when the log ends (step 4); the next log of the chain is checked for it")
                   for _, _, m in rest)
    else:           # the result depends on the turn, which this module's log cannot show
        assert [(sev, step) for sev, step, _ in rest] == [(Severity.NOT_CHECKED, 2)]
        assert "depending on turn" in rest[0][2]
    log = LogInput("mapped.vlog", replay, tuple(step_view(s, {}) for s in replay.steps))
    ((roll, reading),) = list(readings(log.steps, load_game(game)))
    assert (roll.step, roll.player, roll.table.table_id) == (2, "Thomas", "winter-weather")
    assert describe(roll, reading).startswith(f"rolled Winter Weather Table 1d6: {die}")
