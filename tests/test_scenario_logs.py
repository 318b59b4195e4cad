"""The scenario's rules on logs recorded by the real VASSAL (``script-log``) from our modules.

Planted violations: an Into the Woods reinforcement brought in a turn early and another
at a hex that is not its entry, a brigade entering before the one the table lists first, a
cavalry unit left far from its friends (14.55); a Hood Strikes North Union unit moved into the rows S1
forbids it and another taken off the map, where S1 allows no exit; a unit moved off its
set-up hex before play in one scenario of each game. Each is caught at its step, naming
the unit and the hex; the same scripts without the violation give no finding. The VP
tally of a position set by a script equals the total worked out by hand from the
rulebook's table, term by term, and the rulebook's worked example (Into the Woods S1:
all three brigades of a Confederate division CI, the Union is awarded 25 VP) is met.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pbem import Player
from viewlogs import SOURCES, Built, build

import engine
from gamedata.hexids import HexError, HexIds
from referee.findings import Finding, Severity
from referee.run import run_check

HOOD = Player("Hood", "Confederate", "hood-Pa55w0rd-7731")
GRANT = Player("Grant", "Union", "grant-Pa55w0rd-9902")
REBELS = "Here Come The Rebels!"
SHILOH = "Shiloh: Bloody April - Historical April 6th Battle"
ATLANTA = "Historical Battle of Atlanta, July 22 1864"
SCENARIO_CHECKS = ["setup", "reinforcements", "restricted", "exits", "victory"]
PHASES = 7        # Into the Woods: one `turn next` per phase, seven phases a turn

SCRIPTS = {
    # one unit off its set-up hex before play, one scenario per game: the set-up is recorded
    # with the move, and the game's first log starts from it (File > Open Game) and plays on
    "hsn-setup": ("hood-strikes-north", REBELS, HOOD, 'move "Rucker" "Main Map" 0611\n'),
    "itw-setup": ("into-the-woods-shiloh", SHILOH, GRANT, 'move "Schwartz Bty a" "Main Map" S3104\n'),
    "atlanta-setup": ("atlanta", ATLANTA, GRANT, 'move "Sherman" "Main Map" A11.34\n'),
    # S1: Union units may not enter 0101-0120 / 0201-0220 (L210); no exit in the Basic Game (L1093)
    "hsn-violations": ("hood-strikes-north", REBELS, HOOD,
                       'roll "Initiative 1d6"\n'
                       'move "Whitaker" "Main Map" 0220\n'
                       'move "Waters" "Scenario Display" 300,300\n'),
    "hsn-clean": ("hood-strikes-north", REBELS, HOOD,
                  'roll "Initiative 1d6"\n'
                  'move "Whitaker" "Main Map" 0326\n'
                  'move "Ruger" "Main Map" 1820\n'
                  'move "Cox" "Main Map" 1616\n'
                  'move "Rucker" "Main Map" 1715\n'
                  'move "Biffle" "Main Map" 1714\n'),
    # S9 automatic victory (L1709): an undemoralized infantry division in Nashville during a VP Phase;
    # Stevenson-A's visit to 5707 in the Random Events phase does not count, Johnson's in the VP Phase does
    "hsn-nashville": ("hood-strikes-north", "Hood Strikes North", HOOD,
                      'turn next\n'
                      'move "Stevenson-A" "Main Map" 5707\n'
                      'move "Stevenson-A" "Main Map" 5606\n'
                      'move "Johnson" "Main Map" 5706\n'
                      'move "Cleburne" "Main Map" 1715\n'
                      + 'turn next\n' * 10),
    # S1 reinforcements (L928-929): Bouton and Silversparre batteries, Turn 15, at N6420/N6423
    "itw-violations": ("into-the-woods-shiloh", SHILOH, GRANT,
                       "turn next\n" * PHASES + 'move "Bouton Bty" "Main Map" N6420\n'
                       # 14.55: cavalry far from every friendly infantry and artillery when the phase ends
                       'move "C&S IL Cav" "Main Map" S6934\n'
                       # Turn 14 at S1234 (L1079-1081): Russell's brigade (A) enters before Johnson's (B)
                       'move "15 TN" "Main Map" S1234\nmove "11 LA" "Main Map" S1134\n'
                       + "turn next\n" * PHASES + 'move "Silversparre Bty" "Main Map" N6020\n'),
    # Atlanta 5.1c.1 (L385-395) and 5.1c.4 (L419-423): hills scored 5, 3, 1; the largest south exit hex;
    # cavalry off the north edge east of 45.35 on turn 1 and on turn 3 (and back), and west of it on turn 5
    "atlanta-exits": ("atlanta", ATLANTA, GRANT,
                      'move "2/1/15" "Main Map" A13.18\nmove "1/1/15" "Main Map" A42.01\n'
                      'move "3/1/15" "Main Map" A29.01\n'
                      'move "Williams\'s brigade" "Main Map" A46.36\n'
                      'move "Williams\'s brigade" "Scenario Display" 300,300\n'
                      + "turn next\n" * 2 + 'move "Anderson" "Main Map" A47.35\n'
                      'move "Anderson" "Scenario Display" 320,300\n'
                      + "turn next\n" * 2 + 'move "Ferguson\'s brigade" "Main Map" A20.36\n'
                      'move "Ferguson\'s brigade" "Scenario Display" 340,300\n'
                      # Anderson comes back: "not to include units that exited and subsequently reentered" (L425)
                      'move "Anderson" "Main Map" A47.35\n'),
    # S4 (L589): an undemoralized Confederate unit enters Franklin on Turn 1
    "hsn-franklin": ("hood-strikes-north", "We Will Make The Fight", HOOD,
                     'move "Cleburne (Exhausted)" "Main Map" 4010\n'),
    "itw-clean": ("into-the-woods-shiloh", SHILOH, GRANT,
                  "turn next\n" * (2 * PHASES) + 'move "Bouton Bty" "Main Map" N6420\n'
                  'move "Silversparre Bty" "Main Map" N6423\n'
                  # Ruggles's division (1/2): one counter of each of its three brigades marked CI
                  'key "1 AR" "CI"\nkey "1 FL Bn" "CI"\nkey "16 LA" "CI"\n'
                  # 14.55: far and back within the phase; far under Attack Orders
                  'move "Thielmann Cav" "Main Map" S6934\nmove "Thielmann Cav" "Main Map" S3005\n'
                  'key "A&B 2 IL Cav" "Orders on/off"\nkey "A&B 2 IL Cav" "Orders +"\n'
                  'move "A&B 2 IL Cav" "Main Map" S6903\n'
                  # Turn 15 at S1234* (L1085-1086): Trabue's brigade (A), then Bowen's (B)
                  'move "3 KY" "Main Map" S1234\nmove "1 MO" "Main Map" S1334\n'),
}


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[str, tuple[Built, list[Finding]]]:
    """Each script recorded in VASSAL, then checked with the scenario's checks."""
    out = tmp_path_factory.mktemp("scenario-logs")
    found = {}
    for name, (game_id, setup, player, script) in SCRIPTS.items():
        built = build(game_id, out)
        path = out / f"{name}.vlog"
        origin: dict[str, object] = {"setup": setup}
        if name.endswith("-setup"):
            origin = {"start": record(built, script, out / f"{name}-before-play.vlog", player, setup=setup)}
            script = "turn next\n"
        record(built, script, path, player, **origin)
        report = run_check([path], module=built.module, game=SOURCES / game_id, check_ids=SCENARIO_CHECKS)
        found[name] = (built, list(report.findings))
    return found


def record(built: Built, script: str, path: Path, player: Player, **origin: object) -> Path:
    recorded = engine.script_log(built.vmod, script, path, player=player.name, password=player.password,
                                 side=player.side, **origin)  # type: ignore[arg-type]
    assert recorded.verified, "\n".join(recorded.run.lines[-20:])
    return path


def problems(findings: list[Finding]) -> list[tuple[str, Severity, int | None, tuple[str, ...], tuple[str, ...]]]:
    """Every finding but the VP tally, as (check, severity, step, pieces, places)."""
    return [(f.check, f.severity, f.step, f.pieces, tuple(p.name for p in f.locations))
            for f in findings if f.check != "victory"]


@pytest.mark.parametrize(("name", "unit", "hex_", "row", "line"), [
    ("hsn-setup", "Rucker", "0611", "S1 Setup row 4", "L244"),
    ("itw-setup", "Schwartz Bty a", "S3104", "S1 Setup row 2", "L793"),
    ("atlanta-setup", "Sherman", "A11.34", "5.1 Setup row 2", "L232"),
])
def test_a_unit_moved_before_play_is_caught(logs, name: str, unit: str, hex_: str, row: str, line: str) -> None:
    _, findings = logs[name]
    moved = [f for f in findings if f.check == "setup" and f.step is None]
    assert problems(moved) == [("setup", Severity.ERROR, None, (unit,), (hex_,))]     # the log's start
    [f] = moved
    assert row in f.rule and line in f.rule


def test_units_left_in_their_set_up_boxes_when_play_moves_on_are_one_finding(logs) -> None:
    """Atlanta 5.1 sets 16 units up in areas (their set-up boxes); the script moves the turn on
    without placing them: one error at that step names each with its box (issue 21.1). Into the
    Woods S1 and Hood Strikes North S1 place every unit on its hex: nothing is left."""
    built, findings = logs["atlanta-setup"]
    [left] = [f for f in findings if f.check == "setup" and f.step is not None]
    scenario = next(s for s in built.game.scenarios if s.scenario_id == "5.1")
    hexids = HexIds(built.game.maps)

    def one_hex(location: str) -> bool:
        try:
            return len(hexids.expand(location)) == 1
        except HexError:
            return False

    boxed = {row.unit_id for row in scenario.setup if row.constraint or not one_hex(row.location)}
    assert (left.severity, left.step, len(left.pieces)) == (Severity.ERROR, 1, len(boxed))
    assert left.message.startswith(f"{len(boxed)} unit(s) of the set-up table still in their set-up boxes when play "
                                   "moves on")
    assert "Cleburne in 'Set up: A29.02 to A32.04; with any brigade of his division'" in left.message
    for other in ("itw-setup", "hsn-setup"):
        assert not [f for f in logs[other][1] if f.check == "setup" and f.step is not None]


def test_hsn_forbidden_rows_and_an_exit_are_caught_at_their_steps(logs) -> None:
    _, findings = logs["hsn-violations"]
    assert problems(findings) == [
        ("restricted", Severity.ERROR, 2, ("Whitaker",), ("0220",)),
        ("exits", Severity.ERROR, 3, ("Waters",), ("0125", problems(findings)[1][4][1])),
    ]
    restricted, exited = (f for f in findings if f.check != "victory")
    assert "(L210)" in restricted.rule and "0101-0120 or 0201-0220" in restricted.message
    assert "was never removed" in restricted.message and restricted.player == HOOD.name
    assert "Waters left the map from 0125" in exited.message and "S1 lets no Union unit leave the map" in exited.message
    assert "(L1093)" in exited.rule


def test_the_same_hsn_script_without_the_violations_gives_no_finding(logs) -> None:
    _, findings = logs["hsn-clean"]
    assert problems(findings) == []


def test_itw_early_misplaced_and_out_of_order_reinforcements_and_far_cavalry_are_caught(logs) -> None:
    _, findings = logs["itw-violations"]
    assert problems(findings) == [
        ("reinforcements", Severity.ERROR, PHASES + 1, ("Bouton Bty",), ("N6420",)),
        ("reinforcements", Severity.ERROR, 2 * PHASES + 5, ("Silversparre Bty",), ("N6020",)),
        ("restricted", Severity.WARNING, PHASES + 2, ("C&S IL Cav",), ("S6934",)),
        ("reinforcements", Severity.WARNING, PHASES + 3, ("15 TN", "11 LA"), ("S1234", "S1134")),
    ]
    early, wrong, far, order = (f for f in findings if f.check != "victory")
    assert "more than 4 hexes from any friendly Inf/Art" in far.message and "(L518)" in far.rule
    assert "15 TN (order B) entered before 11 LA (order A, step 11) of the same turn" in order.message
    assert "(L965)" in order.rule and "S1 Reinf row" in order.rule
    assert "entered on Turn 14 (7 AM), 1 turn(s) early: due Turn 15" in early.message
    assert "S1 Reinf row 2" in early.rule and "L928" in early.rule
    assert "not at its entry N6420/N6423" in wrong.message and "L335" in wrong.message
    assert "S1 Reinf row 3" in wrong.rule and wrong.player == GRANT.name


def test_the_same_itw_script_without_the_violations_gives_no_finding(logs) -> None:
    _, findings = logs["itw-clean"]
    assert problems(findings) == []


def test_the_vp_tally_reproduces_the_hand_count(logs) -> None:
    """Hood Strikes North S1 (L218-223) after the clean script, by hand: Rucker (undemoralized
    cavalry) in Columbia 1715: 12; Biffle in Ft. Mizner 1714: 6; Union infantry not within 3
    hexes of Columbia: Cox at 1616 is 2 hexes away (1616-1615-1715), the other six are not
    (Ruger 1820: 5 rows off; O. Moore 5707, Wagner 0423, Whitaker 0326, Wood 0224, Waters 0125:
    13 or more columns off): 6 x 3 = 18. No manpower lost: 0 and 0. Cavalry north of the Duck
    cannot be read (the river's course is map data). 12 + 6 + 18 = 36 >= 15: Confederate
    Decisive Victory (L229)."""
    _, findings = logs["hsn-clean"]
    [tally] = [f for f in findings if f.check == "victory"]
    assert tally.message.startswith(
        "Scenario S1 after 1 turn: Confederate 36 VP (12 Columbia (1715) + 6 Ft. Mizner (1714) + 18 Union infantry "
        "not within 3 of Columbia + 0 Union manpower lost + 0 Confederate manpower lost) -> Confederate Decisive "
        "Victory, 1 term(s) not decidable: cavalry north of the Duck (")
    assert "L229" in tally.rule


def test_atlanta_exits_and_graded_and_largest_terrain_groups_reproduce_the_hand_count(logs) -> None:
    """Atlanta 5.1 by hand. 5.1c.1 "**" (L385-388): 4/15db(2) on 17.19 and 1/4/17 on Bald Hill 18.14
    (both from the set-up) and 2/1/15 on 13.18: 5 for the first, 3 for the second, 1 for the third = 9.
    "***" (L389-395): 1/1/15 on 42.01 (5) and 3/1/15 on 29.01 (10), only the largest = 10. 5.1c.4
    (L419-425): Williams off the north edge at 46.36 on turn 1 (12:00): -3; Anderson's A/Ky/Cv off at
    47.35 on turn 3 but back on turn 5: 0 ("not to include units that exited and subsequently
    reentered"); Ferguson at 20.36 on turn 5, west of 45.35: -1, and not again for Williams
    ("except for cases above"). Decatur, 15.32 and 19.26 are empty: 0. No brigade is wrecked, so no
    division or corps is either (0, whatever the rosters' checks). 9 + 10 - 3 + 0 - 1 = 15."""
    _, findings = logs["atlanta-exits"]
    [tally] = [f for f in findings if f.check == "victory"]
    assert tally.message.startswith(
        "Scenario 5.1 after 5 turns: Union 15 VP (0 Hex 49.35 (Decatur) + 0 Hex 15.32 (crossroads, Hill from "
        "which… + 0 Hex 19.26 (Strategic crossroads) + 5 Hex 17.19 (Dominating height, bombardme… + 3 Hex 18.14 "
        "(Bald Hill, from which bombar… + 1 Hexes 11.21, 13.18, 16.14 (all of which… + 0 Hex 42.01 (Exit hex to "
        "south) + 10 Hex 29.01 (Exit hex to south) + 0 Hex 9.01 (Exit hex to south) + 0 CSA brigades wrecked + 0 "
        "Union brigades wrecked + 0 CSA divisions wrecked + 0 Union divisions wrecked + 0 CSA corps wrecked + 0 "
        "Union corps wrecked + 0 16th Corps wrecked + 0 17th Corps wrecked + 0 23rd Corps wrecked + -3 cavalry off "
        "the north "
        "edge east of 45.35 by turn 2 + 0 cavalry off the north edge east of 45.35, turns 3-4 + -1 cavalry off the "
        "north edge by turn 6)"), \
        tally.message


def test_atlanta_exits_are_not_checked_and_the_finding_says_why(logs) -> None:
    """The Atlanta rulebook allows exits case by case (5.1b.3, 5.1c.4, 5.2c.2) and states no rule of
    who may leave the map where: the three cavalry exits are one not-checked finding with the reason."""
    _, findings = logs["atlanta-exits"]
    [exits] = [f for f in findings if f.check == "exits"]
    assert exits.severity is Severity.NOT_CHECKED
    assert exits.message.startswith("exits not checked: no exit rule is written for 5.1 in scenario-rules.toml "
                                    "(the Atlanta rulebook allows exits case by case only"), exits.message
    assert "Williams's brigade (step 5), Anderson (step 9), Ferguson's brigade (step 13)" in exits.message, \
        exits.message
    assert exits.rule.endswith("(L348)")


def test_a_unit_entering_a_hex_on_the_turn_the_scenario_names_is_counted(logs) -> None:
    """Hood Strikes North S4 (L589): Cleburne (undemoralized) moves into Franklin (4010) on Turn 1: -40
    once for the Union."""
    _, findings = logs["hsn-franklin"]
    [tally] = [f for f in findings if f.check == "victory"]
    assert "Union -40 VP (-40 Confederates into Franklin on Turn 1 + 0 Union manpower lost + 0 Confederate " \
           "manpower lost)" in tally.message, tally.message
    assert "Confederates into Franklin on Turn 1" not in tally.message.split("not decidable")[1]


def test_an_automatic_victory_is_read_at_the_moment_the_scenario_names(logs) -> None:
    """Step 15 is the Victory Point Phase of Turn 1 (the twelfth of the thirteen phases, L1709)."""
    built, findings = logs["hsn-nashville"]
    [tally] = [f for f in findings if f.check == "victory"]
    assert "1 Columbia VP Phases" in tally.message
    assert tally.message.split(" -> ")[1].startswith(
        "Confederate automatic victory (Nashville taken: Turn 1, step 15: Johnson at 5706)")
    assert "(L1709)" in tally.rule


def test_the_rulebook_worked_example_all_brigades_of_a_division_ci(logs) -> None:
    """30.1 (L733): "All 3 brigades of a Rebel division are CI. The Union is awarded 25 VPs
    (3 brigades x 5 VP and 10 VP for the division)."""
    _, findings = logs["itw-clean"]
    [tally] = [f for f in findings if f.check == "victory"]
    assert "Union 25 VP (10 Confederate division CI at game end + 15 Confederate brigade CI at game end + 0 " \
           "enemy batteries eliminated (Union))" in tally.message
    assert "Confederate 0 VP" in tally.message
