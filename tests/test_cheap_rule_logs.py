"""The cheap rules (issue 23 item 3) on logs recorded by the real VASSAL (``script-log``).

Into the Woods, Scenario 1, on a module built from a copy of the game whose user cells are filled
as a player would fill them (the leaders' printed ranges, 6 MP: made up; a patch of Field around
Stuart's camps, ``rule_terrain``):

* 4.11 (L114, L122): Johnston's Attack Orders ability named twice in the 6 AM turn, then his
  March ability in that turn and before 9 AM; the clean twin uses two different abilities at 6 AM
  and the March ability alone at 9 AM.
* 5.26 (L182): Stuart's brigade moves in three Activations (the moves of Prentiss's division
  between them) with Stuart far beyond Sherman's range at the Division Orders Phase; in the clean
  twin Sherman stands next to Stuart at that phase.
* 9.22 (L204): Gladden's brigade leader given March Orders at 6 AM (clean: at 9 AM); 14.44 (L500)
  a detachment, 4.25 (L166) the unassigned 16 IA, under Attack Orders (clean: Advance).

Hood Strikes North, Scenario 1: a Union unit moves in Turn 1's Action Cycle before any
initiative roll, when the Confederates win the first initiative (L206); then the Confederate
player rolls his initiative die, the Union player his in the next log (the die is handed over
the chain), and in a third log a unit of the side that lost the roll moves: caught with the
winner's die cited; the same third log moving the winner's unit is silent.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pbem import BuiltGame, Player
from rule_terrain import patch, write_patch
from test_scenario_logs import record
from viewlogs import SOURCES

import engine
from builder.module import build_module
from gamedata import load_game
from referee.findings import Finding, Severity
from referee.run import run_check
from vassal.module import read_module

GRANT = Player("Grant", "Union", "grant-Pa55w0rd-9902")
HOOD = Player("Hood", "Confederate", "hood-Pa55w0rd-7731")
THOMAS = Player("Thomas", "Union", "thomas-Pa55w0rd-4417")
SHILOH = "Shiloh: Bloody April - Historical April 6th Battle"
REBELS = "Here Come The Rebels!"
ITW_CHECKS = ["command", "activation", "orders"]
TO_DIVISION_ORDERS = "turn next\n" * 2       # Determine Chain of Command -> Division Orders
#: from the 6 AM turn's AM Pool Placement phase (the fourth of seven) to the 9 AM turn's first
TO_9_AM = "turn next\n" * (4 + 2 * 7)
STUART = ('move "55 IL" "Main Map" S5713\n'            # Stuart's brigade (2/5/T), first Activation
          'move "25 MO" "Main Map" S3513\n'            # Prentiss's division moves: another AM
          'move "54 OH" "Main Map" S5615\n'            # Stuart's brigade again
          'move "12 MI" "Main Map" S3714\n'
          'move "71 OH" "Main Map" S5314\n')           # a third Activation
ITW_SCRIPTS = {
    "itw-violations": ('chat A.S. Johnston: Attack Orders for Gladden\n'
                       'chat A.S. Johnston: Attack Orders for Chalmers\n'
                       'chat A.S. Johnston places Gladden and Chalmers in March Orders\n'
                       + TO_DIVISION_ORDERS + "turn next\n" + STUART
                       + 'key "Gladden" "Orders on/off"\nkey "Gladden" "Orders +"\nkey "Gladden" "Orders +"\n'
                       'key "Det A" "Orders on/off"\nkey "Det A" "Orders +"\n'
                       'key "16 IA" "Orders on/off"\nkey "16 IA" "Orders +"\n'),
    "itw-clean": ('chat A.S. Johnston: Attack Orders for Gladden\n'
                  'chat A.S. Johnston: Extra Activation for Chalmers\n'
                  'move "Sherman" "Main Map" S5713\n'
                  + TO_DIVISION_ORDERS + "turn next\n"
                  + STUART.replace("S5713", "S5613")
                  + 'roll "Johnston leader loss"\n'            # 12.77: he used abilities this turn
                  + 'key "Gladden" "Orders on/off"\nkey "Det A" "Orders on/off"\nkey "16 IA" "Orders on/off"\n'
                  + TO_9_AM
                  + 'chat A.S. Johnston places Gladden and Chalmers in March Orders\n'
                  'key "Gladden" "Orders +"\nkey "Gladden" "Orders +"\n'),
}


@pytest.fixture(scope="module")
def itw(tmp_path_factory: pytest.TempPathFactory) -> BuiltGame:
    out = tmp_path_factory.mktemp("itw-cheap")
    folder = out / "into-the-woods-shiloh"
    shutil.copytree(SOURCES / "into-the-woods-shiloh", folder)
    write_patch(folder, patch(load_game(folder), ranges={"*": 6}, columns=range(50, 61), rows=range(8, 18)))
    vmod = build_module(folder, out).path
    return BuiltGame(folder, load_game(folder), vmod, read_module(vmod))


@pytest.fixture(scope="module")
def itw_logs(itw: BuiltGame, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Finding]]:
    out = tmp_path_factory.mktemp("itw-cheap-logs")
    found = {}
    for name, script in ITW_SCRIPTS.items():
        path = record(itw, script, out / f"{name}.vlog", GRANT, setup=SHILOH)
        report = run_check([path], module=itw.module, game=itw.folder, check_ids=ITW_CHECKS)
        found[name] = list(report.findings)
    return found


def ours(findings: list[Finding]) -> list[tuple[str, Severity, int | None, tuple[str, ...]]]:
    """The findings of the cheap rules (the command check's ranges are another story)."""
    return [(f.check, f.severity, f.step, f.pieces) for f in findings
            if f.check in ("activation", "orders") or "Johnston" in f.message]


def test_itw_cheap_rules_are_caught_at_their_steps(itw_logs) -> None:
    findings = itw_logs["itw-violations"]
    assert ours(findings) == [
        ("command", Severity.ERROR, 2, ("A.S. Johnston",)),                    # Attack Orders again
        ("command", Severity.ERROR, 3, ("A.S. Johnston",)),                    # March before 9 AM
        ("command", Severity.ERROR, 3, ("A.S. Johnston",)),                    # March with Attack Orders
        ("activation", Severity.ERROR, 11, ("71 OH", "Stuart")),               # Stuart's third Activation
        ("orders", Severity.ERROR, 14, ("Gladden",)),                          # March at 6 AM
        ("orders", Severity.ERROR, 16, ("Det A",)),
        ("orders", Severity.ERROR, 18, ("16 IA",)),
    ], ours(findings)
    again, early, clash = (next(f for f in findings if words in f.message) for words in (
        "ability 'Attack Orders' used again in the same turn (first at step 1)",
        "places brigades in March Order at 06:00: only from the 09:00 turn",
        "placed brigades in March Order (step 3) in a turn he also used 'attack orders'"))
    assert again.rule == "4.11 (rulebook line 114)" and again.step == 2
    assert early.rule == clash.rule == "4.11 (rulebook line 122)" and early.step == clash.step == 3
    [stuart] = [f for f in findings if f.check == "activation"]
    assert stuart.message.startswith("Stuart's brigade (2/5/T) activated 3 times this turn (its units moved from "
                                     "steps 7, 9, 11): at most 2 unless In Command"), stuart.message
    assert "and it was not at step 5: Stuart at S5712 was 28 hexes away" in stuart.message
    assert "from Sherman at S2905, beyond his 6 MP command range" in stuart.message
    assert stuart.rule == "5.26 (rulebook line 182)"
    orders = [f for f in findings if f.check == "orders"]
    assert "Gladden under March Orders at S2232 (1862-04-06 06:00): no Confederate unit may be placed in March " \
           "Orders until 09:00" == orders[0].message and orders[0].rule == "9.22 (rulebook line 204)"
    assert [p.name for p in orders[0].locations] == ["S2232"]
    assert orders[1].message == "Det A under Attack Orders at S2421: Det units are always under Advance Orders"
    assert orders[2].message == ("16 IA under Attack Orders at N6220: unassigned units (-/6/T) are always under "
                                 "Advance Orders") and orders[2].rule == "4.25 (rulebook line 166)"


def test_the_same_rules_kept_give_no_finding(itw_logs) -> None:
    """Two abilities once each and Johnston's leader loss roll in their turn (12.77), Stuart In Command (Sherman next to him at the Division Orders
    Phase: 1 MP over the patch's Field), Advance Orders, March Orders and the March ability at 9 AM."""
    assert ours(itw_logs["itw-clean"]) == []


# ---------------------------------------------------------------------------------- initiative

@pytest.fixture(scope="module")
def hsn_logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """Log 1 (the Confederates): Waters moves in Turn 1's Action Cycle before any roll, then the
    Confederate die; log 2 (the Union): the Union die; logs 3 (the loser's unit moves) and 3'
    (the winner's): continued from log 2 once the dice are known."""
    from viewlogs import build
    out = tmp_path_factory.mktemp("hsn-initiative")
    built = build("hood-strikes-north", out)
    one = _recorded(built.vmod, "turn next\n" * 8 + 'move "Waters" "Main Map" 0126\nroll "Initiative 1d6"\n',
                    out / "hsn-1.vlog", HOOD, setup=REBELS)
    two = _recorded(built.vmod, 'roll "Initiative 1d6"\n', out / "hsn-2.vlog", THOMAS, start=one.log)
    first, second = one.log, two.log
    dice = [_die(one), _die(two)]
    winner = "Confederate" if dice[0] >= dice[1] else "Union"      # S1: the Confederates win ties (L207)
    movers = {"Confederate": ("Forrest", "0512", HOOD), "Union": ("Wagner", "0424", THOMAS)}
    loser = next(s for s in movers if s != winner)
    found: dict[str, object] = {"dice": dice, "winner": winner}
    for name, side in (("hsn-3-loser", loser), ("hsn-3-winner", winner)):
        unit, where, player = movers[side]
        path = record(built, f'move "{unit}" "Main Map" {where}\n', out / f"{name}.vlog", player, start=second)
        report = run_check([path], previous=[first, second], module=built.module,
                           game=SOURCES / "hood-strikes-north", check_ids=["initiative"])
        found[name] = list(report.findings)
    found["hsn-1"] = list(run_check([first], module=built.module, game=SOURCES / "hood-strikes-north",
                                    check_ids=["initiative"]).findings)
    found["units"] = movers
    return found


def _recorded(vmod: Path, script: str, path: Path, player: Player, **origin: object) -> engine.Recorded:
    recorded = engine.script_log(vmod, script, path, player=player.name, password=player.password,
                                 side=player.side, **origin)  # type: ignore[arg-type]
    assert recorded.verified, "\n".join(recorded.run.lines[-20:])
    return recorded


def _die(recorded: engine.Recorded) -> int:
    """The Initiative die the log rolled, as VASSAL reported it."""
    [line] = [r for r in recorded.results if "Initiative" in r]
    return int(re.findall(r"= (\d+)", line)[0])


def test_a_unit_moving_before_turn_1s_forced_initiative_is_caught(hsn_logs) -> None:
    [forced] = [f for f in hsn_logs["hsn-1"] if f.severity is Severity.ERROR]
    assert forced.step == 9 and forced.pieces == ("Waters",)
    assert "S1's first initiatives go to Confederate without a roll" in forced.message
    assert forced.rule == "Scenario 1 Turn 1 Start (rulebook line 206)"


def test_the_side_that_lost_the_initiative_moving_is_caught_across_the_chain(hsn_logs) -> None:
    unit, where, _ = hsn_logs["units"][next(s for s in ("Confederate", "Union") if s != hsn_logs["winner"])]
    [found] = hsn_logs["hsn-3-loser"]
    assert found.severity is Severity.ERROR and found.step == 1 and found.pieces == (unit,)
    assert f"the {hsn_logs['winner']} side won the initiative at step 1 of hsn-2.vlog" in found.message, \
        (hsn_logs["dice"], found.message)
    assert found.rule == "1.0 A Initiative Segment (rulebook line 1132)"
    assert hsn_logs["hsn-3-winner"] == []
