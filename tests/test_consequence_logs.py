"""What the players did after a table result, on logs the real VASSAL records, across two logs.

Each group is a chain of two logs. The first holds the rolls: written by the project's log
writer (`pbem.Turn`) from a predefined setup of the built module, with the dice the test
chooses (VASSAL's own rolls are random), the turn tracker set to the turn the tables need, the
chat that names the case or the unit rolled for, and the markers the players will need parked
off the units. The second is recorded by the real VASSAL (``script-log --start`` on the first,
which VASSAL steps to its end first, as a player continuing a PBEM game does): once doing what
each result says (no finding), once not (each caught, at the step, with the unit and the hex, the
rule, and the roll's log and step). Only the second log is checked, with the first as
``--previous``: the rolls reach it through the tables check's carry. The chain check proves
VASSAL's replay of the written log ended where ours did.

* Hood Strikes North S9, Turn 15: Winter Weather Start (4.0: both markers placed, the Union
  wagons removed) and Unmounted (5.3) for Hammond;
* Hood Strikes North S2, Turn 3: the Arrival Table at -2 (13.0 / S2 11: one set at Fatigue
  Level 1, a level more at an alternative entry hex, Lee atop his division) and Manpower
  Enhancement 2 (S2: one cavalry unit +1, up to 3);
* Into the Woods S1-LW, 2 PM: Lew Wallace's entry roll fails (30.11): the division stays off;
* Into the Woods S8, 8 AM: Grant's release fails (30.8: Grant may not move this turn) and
  Sherman's Slow Start roll fails (30.8: the AM is ignored);
* Into the Woods S10: Clark AM #2 drawn, Prentiss's division alerts (31.0);
* Atlanta 5.3, July 20 3:00PM: a day of storms (5.2d.5: a storm roll every turn), Cleburne
  enters (5.2b.2: at the west edge), the bridge is repaired (1.8), a fire roll of 11 (3.5 / 28.1:
  the firing units run low on ammunition).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from pbem import BuiltGame, Player, Turn, changed
from pbem import piece_ids as ids
from viewlogs import SOURCES, build

from vassal.replay import BoardState, replay_file

import engine
from referee.findings import Finding, Severity
from referee.run import run_check

THOMAS = Player("Thomas", "Union", "thomas-Pa55w0rd-5518")
HOOD = Player("Hood", "Confederate", "hood-Pa55w0rd-7731")
GRANT = Player("Grant", "Union", "grant-Pa55w0rd-9902")


@dataclass(frozen=True)
class Group:
    """One chain: the game and setup, the player, the roll log's writer, and the two scripts
    (``done``: the players do what the results say; ``undone``: they do not)."""

    game_id: str
    setup: str
    player: Player
    write: Callable[[BuiltGame, Turn, BoardState], None]
    done: str
    undone: str


def _park(g: BuiltGame, turn: Turn, name: str, onto: str, hex_: str) -> None:
    """A status marker from the palette left alone on an empty hex, ready for the next log."""
    piece_id = f"parked-{name.replace(' ', '-')}"
    g.place_marker(turn, name, piece_id, onto)
    turn.move(piece_id, hex_)


def _end_turn(g: BuiltGame) -> str:
    return "turn next\n" * g.phases()


# ---------------------------------------------------------------- the roll logs


def hsn_winter(g: BuiltGame, turn: Turn, board: BoardState) -> None:
    pid = ids(board)
    turn.move(pid["Hammond"], "5706", to_map="Main Map")               # set 1, entered on an earlier turn
    g.set_turn(turn, 15, "1")
    for name in ("Winter Weather Start", "Last Turn of Winter"):     # from the palette to the side of the board
        g.place_marker(turn, name, f"winter-{name}", onto=pid["Knipe"])
    _park(g, turn, "Unmntd", pid["Hammond"], "3030")
    g.roll(turn, "winter-weather", 6)                               # 6 - 1 (Turn 15) = 5: Winter Weather Start
    turn.chat("Unmounting roll for Hammond")
    g.roll(turn, "unmounting", 6)                                   # Unmounted (5.3)


def hsn_arrival(g: BuiltGame, turn: Turn, board: BoardState) -> None:
    pid = ids(board)
    g.set_turn(turn, 3, "1")
    for unit, strength in (("Hammond", 2), ("Cox", 5)):             # the counters' Manpower
        turn.change(pid[unit], changed(turn, pid[unit], board, strength=strength))
    _park(g, turn, "Fatigue 1", pid["Hammond"], "3030")
    g.roll(turn, "s2-arrival", 2)                                    # 2 - 4 (Turn 3) = -2: one set, Fatigue 1
    g.roll(turn, "s2-manpower-enhancement", 2)                       # one Union cavalry unit +1


def itw_lew_wallace(g: BuiltGame, turn: Turn, board: BoardState) -> None:
    g.set_turn(turn, 21, "13")                                      # 2 PM
    g.roll(turn, "lew-wallace", 5)                                  # 2 PM needs a 9: the division does not enter


def itw_second_day(g: BuiltGame, turn: Turn, board: BoardState) -> None:
    g.set_turn(turn, 31, "29")                                      # 8 AM, April 7
    g.roll(turn, "grant-release", 5)                                # needs a zero: Grant may not move this turn
    turn.chat("Sherman AM drawn")
    g.roll(turn, "slow-start", 7)                                   # Sherman at 8 AM needs 0-3: the AM is ignored


def itw_alert(g: BuiltGame, turn: Turn, board: BoardState) -> None:
    pid = ids(board)
    g.set_turn(turn, 2, "1")
    _park(g, turn, "Alerted", pid["Peabody"], "S1010")
    turn.chat("Clark AM #2 drawn: alert roll for Prentiss")
    g.roll(turn, "involuntary-alert", 0)                            # 0-1: Prentiss's division alerts


def atlanta_storm(g: BuiltGame, turn: Turn, board: BoardState) -> None:
    pid = ids(board)
    g.set_turn(turn, 17, "1")                                       # July 20, 3:00PM
    turn.move(pid[FIRING], FIRING_AT, to_map="Main Map", to_board="Atlanta map B (NE quadrant)")
    _park(g, turn, "Bridge Destroyed", pid[FIRING], "B12.12")
    g.place_marker(turn, "Attacking", "firing", onto=pid[FIRING])   # the unit that fires
    _park(g, turn, "Low Ammo", pid[FIRING], "B12.14")
    g.roll(turn, "atl-weather-after-clear", 6)                      # Storm: every turn gets a roll (5.2d.5)
    g.roll(turn, "atl-cleburne", 1)                                 # Cleburne enters (5.2b.2)
    g.roll(turn, "atl-bridge-repair", 1)                            # the bridge is repaired (1.8)
    g.roll(turn, "atl-fire-ammo", 5, 6)                             # 11: the firing units run low (3.5, 28.1)


FIRING, FIRING_AT = "1/1/15", "B10.10"
FIRE = "Fire combat (ammunition: Low Ammo on 11-12, 10-12 for '+' units) (3.5)"
STORM = "Storm day: roll every turn"

GROUPS: dict[str, Group] = {
    "hsn-winter": Group("hood-strikes-north", "Hood Strikes North", THOMAS, hsn_winter,
                        'move "Winter Weather Start" "Main Map" 3020\n'
                        'move "Last Turn of Winter" "Main Map" 3021\n'
                        'move "Wagon Train A" "Eliminated" 100,100\n'
                        'move "Wagon Train B" "Eliminated" 150,100\n'
                        'move "Wagon Train C" "Eliminated" 200,100\n'
                        'move "Unmntd" "Main Map" 5706\n',
                        'move "Winter Weather Start" "Main Map" 3020\n'
                        'move "Wagon Train A" "Eliminated" 100,100\n'),
    "hsn-arrival": Group("hood-strikes-north", "The Race For Columbia", HOOD, hsn_arrival,
                         'move "Johnson" "Main Map" 0112\nmove "Fatigue 1" "Main Map" 0112\n'
                         'move "Lee" "Main Map" 0112\nkey "Hammond" "Strength +1"\n',
                         'move "Johnson" "Main Map" 0105\nmove "Fatigue 1" "Main Map" 0105\n'
                         'move "Lee" "Main Map" 0113\nkey "Cox" "Strength +1"\n'),
    "itw-lew-wallace": Group("into-the-woods-shiloh", "Lew Wallace Variable Reinforcement (optional rule)", GRANT,
                             itw_lew_wallace, 'move "McAllister Bty" "Main Map" N3329\n',
                             'move "11 IN" "Main Map" N3801\n'),
    "itw-second-day": Group("into-the-woods-shiloh", "The Second Day", GRANT, itw_second_day,
                            'move "24 OH" "Main Map" N5825\n',
                            'move "Grant" "Main Map" N5519\nmove "57 OH" "Main Map" N4717\n'),
    "itw-alert": Group("into-the-woods-shiloh", "Johnston Has His Way", GRANT, itw_alert,
                       'move "Alerted" "Main Map" S4515\n', 'move "25 MO" "Main Map" S3513\n'),
    "atlanta-storm": Group("atlanta", "Three Day Action of 20-22 July", GRANT, atlanta_storm,
                           f'roll "{STORM}"\nmove "Cleburne" "Main Map" A0.12\n'
                           'move "Bridge Destroyed" "Eliminated" 100,100\nmove "Low Ammo" "Main Map" B10.10\n',
                           'move "Cleburne" "Main Map" A5.12\n'),
}


@dataclass(frozen=True)
class Chain:
    rolls: Path
    logs: dict[str, Path]
    findings: dict[str, list[Finding]]
    start_matches: dict[str, bool]    # VASSAL's board after stepping the roll log = our replay's


def _write(name: str, group: Group, out: Path) -> tuple[BuiltGame, Path]:
    built = build(group.game_id, out)
    g = BuiltGame(SOURCES / group.game_id, built.game, built.vmod, built.module)
    nodes, board = g.start(group.setup, group.player)
    turn = Turn(g.module, group.player, nodes, board, first_id=1732600000001)
    group.write(g, turn, board)
    return g, g.save(turn, out / f"{name}-rolls.vlog")


def _same_start(g: BuiltGame, rolls: Path, log: Path) -> bool:
    """Whether the board VASSAL saved at the start of ``log`` (after stepping through ``rolls``) puts
    every piece where our replay of ``rolls`` ends."""
    ours = {pid: (p.map, p.x, p.y) for pid, p in replay_file(str(rolls), g.module).final.pieces.items() if p.map}
    theirs = {pid: (p.map, p.x, p.y) for pid, p in replay_file(str(log), g.module).initial.pieces.items() if p.map}
    return ours == theirs


@pytest.fixture(scope="module")
def chains(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Chain]:
    """Every group's roll log written, its two continuations recorded by VASSAL (two at a time),
    and each continuation checked with the roll log as --previous."""
    out = tmp_path_factory.mktemp("consequence-logs")
    written = {name: _write(name, group, out) for name, group in GROUPS.items()}
    jobs = {}
    with ThreadPoolExecutor(max_workers=2) as pool:
        for name, group in GROUPS.items():
            g, rolls = written[name]
            for variant in ("done", "undone"):
                jobs[name, variant] = pool.submit(
                    engine.script_log, g.vmod, getattr(group, variant) + _end_turn(g), out / f"{name}-{variant}.vlog",
                    player=group.player.name, password=group.player.password, side=group.player.side, start=rolls)
    chains = {}
    for name in GROUPS:
        g, rolls = written[name]
        logs, found, same = {}, {}, {}
        for variant in ("done", "undone"):
            recorded = jobs[name, variant].result()
            assert recorded.verified, "\n".join(recorded.run.lines[-20:])
            logs[variant] = recorded.log
            found[variant] = list(run_check([recorded.log], previous=[rolls], module=g.module, game=g.folder,
                                            check_ids=["tables"]).findings)
            same[variant] = _same_start(g, rolls, recorded.log)
        chains[name] = Chain(rolls, logs, found, same)
    return chains


def caught(chains: dict[str, Chain], name: str) -> list[tuple[Severity, int | None, str | None, tuple[str, ...],
                                                            tuple[str, ...], str]]:
    """The errors and warnings of a group's log that does not do what the results say."""
    return [(f.severity, f.step, f.player, f.pieces, tuple(p.name for p in f.locations), f.rule)
            for f in chains[name].findings["undone"] if f.severity in (Severity.ERROR, Severity.WARNING)]


def message(chains: dict[str, Chain], name: str, piece: str) -> str:
    return next(f.message for f in chains[name].findings["undone"] if piece in f.pieces)


@pytest.mark.parametrize("name", sorted(GROUPS))
def test_doing_what_the_results_say_gives_no_finding(chains, name):
    assert [f.message for f in chains[name].findings["done"]
            if f.severity in (Severity.ERROR, Severity.WARNING)] == []
    assert chains[name].start_matches == {"done": True, "undone": True}   # VASSAL stepped the roll log to our board


def test_winter_and_unmounting_not_done(chains):
    """4.0 (L1308, L1321): both markers, the wagons off the map; 5.3 (L1368): Hammond unmounted —
    judged when the turn ends, in the next log."""
    winter, unmount = "Winter Weather Table (4.0)", "Unmounting Table (5.3)"
    end = 2 + 12              # two moves, then thirteen phases: the thirteenth `turn next` starts the next turn
    assert caught(chains, "hsn-winter") == [
        (Severity.WARNING, end, "Thomas", ("Hammond",), ("5706",), unmount),
        (Severity.WARNING, end, "Thomas", ("Last Turn of Winter",), (), winter),
        (Severity.WARNING, end, "Thomas", ("Wagon Train B", "Wagon Train C"), ("0224", "0125"), winter),
    ]
    assert "(rolled in hsn-winter-rolls.vlog at step 7)" in message(chains, "hsn-winter", "Last Turn of Winter")
    assert message(chains, "hsn-winter", "Hammond").endswith("Hammond must show unmounted, not done in steps 1-14")


def test_arrival_and_manpower_not_as_the_results_say(chains):
    """13.0 (L1625-1630): at an alternative entry hex one Fatigue Level more, leaders atop their
    division; S2 (L306): a 2 lets one cavalry unit gain, not an infantry unit."""
    arrival, manpower = "Arrival Table (Scenario 2) (Scenario 2)", "Union Manpower Enhancement (Scenario 2) (Scenario 2)"
    assert caught(chains, "hsn-arrival") == [
        (Severity.ERROR, 1, "Hood", ("Johnson",), ("0105",), arrival),
        (Severity.ERROR, 3, "Hood", ("Lee",), ("0113",), arrival),
        (Severity.ERROR, 4, "Hood", ("Cox",), ("0523",), manpower),
    ]
    assert message(chains, "hsn-arrival", "Johnson").endswith("Johnson arrives at 0105 at Fatigue Level 1, the "
                                                              "result says 2")
    assert message(chains, "hsn-arrival", "Cox").endswith("Cox gains strength at 0523 a Inf unit, beyond what the "
                                                          "result allows (Cav)")


def test_lew_wallace_entering_after_a_failed_roll(chains):
    assert caught(chains, "itw-lew-wallace") == [
        (Severity.ERROR, 1, "Grant", ("11 IN",), ("N3801",), "Lew Wallace Variable Reinforcement (30.11)")]
    assert message(chains, "itw-lew-wallace", "11 IN").startswith(
        "Lew Wallace Variable Reinforcement 5 -> the division does not enter this turn (rolled in "
        "itw-lew-wallace-rolls.vlog at step 2): 11 IN enters the map at N3801")


def test_grant_and_shermans_division_moving_after_failed_rolls(chains):
    assert caught(chains, "itw-second-day") == [
        (Severity.ERROR, 1, "Grant", ("Grant",), ("N5519",), "General Grant's movement release (30.8)"),
        (Severity.ERROR, 2, "Grant", ("57 OH",), ("N4717",), "A Slow Start after a Long Night (30.8)"),
    ]
    assert message(chains, "itw-second-day", "57 OH").endswith("57 OH moves to N4717, but the result says: the AM "
                                                               "is ignored")


def test_an_alerted_division_not_marked(chains):
    (found,) = caught(chains, "itw-alert")
    # one move, then seven phases: the seventh `turn next` (step 8) starts the next turn
    assert found[:3] + found[5:] == (Severity.WARNING, 7, "Grant", "Union Involuntary Alert, 1st Method (31.0)")
    assert "Clark AM #2 drawn: Prentiss's division alerts" in message(chains, "itw-alert", found[3][0])
    assert "no unit of Prentiss's division (6/T) must show alerted" in message(chains, "itw-alert", found[3][0])


def test_atlanta_storm_cleburne_bridge_and_ammunition_not_as_the_results_say(chains):
    assert caught(chains, "atlanta-storm") == [
        (Severity.ERROR, 1, "Grant", ("Cleburne",), ("A5.12",), "Cleburne's arrival (5.2b.2)"),
        (Severity.WARNING, 1, "Grant", ("Bridge Destroyed",), (), "Bridge repair (1.8)"),
        (Severity.WARNING, 1, "Grant", (FIRING,), (FIRING_AT,), FIRE),
        (Severity.WARNING, 1, "Grant", (), (), "Storm day: roll every turn (5.2d.5)"),
    ]
    assert message(chains, "atlanta-storm", "Cleburne").endswith("Cleburne enters at A5.12, not at its entry AB-west")
    storm = next(f for f in chains["atlanta-storm"].findings["undone"] if f.rule.startswith("Storm day"))
    assert storm.message == ("no roll on Storm day: roll every turn in turn 17, but the weather is storm (Storm, "
                             "rolled on turn 17): every such turn gets a roll")
