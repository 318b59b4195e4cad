"""Issue 20's acceptance: logs recorded in real VASSAL on the Kassala author's module, checked with
`sources/kassala` (`adjutant check LOG --module kassala.vmod --game sources/kassala`): each rule
broken once and caught at its step, unit and hex with its rule; each clean twin silent. Every
checked log replays in VASSAL (decode-log, with our numbering on the author's grid) to our board.

The numbers are the rules' (rules.md): movement factors I.B.6 (infantry 2, cavalry 3), a wadi
costs one more point to cross (II.D.6); the combat chart is read from Fig. 4-17's text itself
(`printed_crt`), the odds by hand below. Rolls are random: a roll is recorded, then a second log
continues from it (`--start`) and applies the result right, or wrong.
"""
from __future__ import annotations

import shutil

import pytest
from kassala_logs import CHRISTIAN, GAME, Kassala, printed_crt, rolled

import engine
from referee.findings import Severity

CRT = printed_crt()
# Position staged from the author's Default Setup (not checked: it moves both sides at will), three
# separate combats, none touching another:
# B (rules V.B, Example of Play B): the Turkish Infantry in 0204 attacks the Portuguese slaves (2-2)
#   in Udaka (0304) up across the wadi between them: 4 - 1 = 3 against 2 + 1 = 3, "resolved at 1-1".
# X: Egyptian-Sudanese Infantry (4, 0503) and a Nubian Infantry (3, 0604) attack an Ethiopian
#   Infantry (4, 0504), all on plain hexsides: 7 to 4, rounded down in the defender's favour: 1-1.
# Y: Arab and Mamluk cavalry (3 + 3, 0702 and 0802) attack a Christian cannon alone (1, 0803): 6 to 1,
#   the 5-1 column; a Contact on a hex of cannon only is a DE (I.D, C).
# The Christian side moves last, so a Moslem log continuing it begins the Moslem's own portion.
STAGING = [
    'move "Moslem_Cavalry_3-3_Mamluk#2" "Main Map" {0802}',
    'move "Moslem_Infantry_3-2_Nubian#1" "Main Map" {0604}',
    'move "Moslem_Infantry_4-2_Egyptian-Sudanese" "Main Map" {0503}',
    'move "Moslem_Infantry_4-2_Turkish" "Main Map" {0204}',
    'move "Christian_Infantry_4-2_Portuguese#1" "Main Map" {0306}',
    'move "Christian_Infantry_2-2_Portuguese" "Main Map" {0304}',
    'move "Christian_Infantry_4-2_Ethiopian#2" "Main Map" {0504}',
    'move "Christian_Cannon_1-0#1" "Main Map" {0803}',
]
DECLARE = {
    "B": "chat Turkish Infantry attacks Portuguese Slave Infantry in Udaka",
    "X": "chat Egyptian-Sudanese Infantry and Nubian Infantry attack Ethiopian Infantry",
    "Y": "chat Arab Cavalry and Mamluk Cavalry attack the Christian Cannon",
}
DELETE = 'key "{}" "Delete"'
TURKISH, SLAVES, EGYPTIAN = "Moslem_Infantry_4-2_Turkish", "Christian_Infantry_2-2_Portuguese", \
    "Moslem_Infantry_4-2_Egyptian-Sudanese"


@pytest.fixture(scope="module")
def kassala(tmp_path_factory) -> Kassala:
    engine.require()
    return Kassala.make(tmp_path_factory.mktemp("kassala"))


def errors(report, *checks: str):
    return [f for f in report.findings if f.severity in (Severity.ERROR, Severity.WARNING)
            and (not checks or f.check in checks)]


def silent(report) -> None:
    """No error, no warning, and no combat or movement that could not be checked."""
    loud = errors(report) + [f for f in report.findings if f.severity is Severity.NOT_CHECKED
                             and f.check in ("movement", "combat")]
    assert not loud, "\n".join(f"{f.step}: {f.message}" for f in loud)


# ---------------------------------------------------------------- movement (II.D)


@pytest.fixture(scope="module")
def moves(kassala):
    logs = {
        # 0402 -> 0403 across the wadi (1 + 1) -> 0404 (1): 3 points, the factor is 2
        "beyond": ['move "Moslem_Infantry_4-2_Egyptian-Sudanese" "Main Map" {0404}'],
        # 0301 -> 0302 -> 0303, next to the Portuguese in Udaka (0304): it must stop there
        "zoc": ['move "Moslem_Infantry_4-2_Turkish" "Main Map" {0303}',
                'move "Moslem_Infantry_4-2_Turkish" "Main Map" {0403}'],
        # the clean twin of both: 2 points across the wadi; 2 points, stopping next to the enemy
        "clean": ['move "Moslem_Infantry_4-2_Egyptian-Sudanese" "Main Map" {0403}',
                  'move "Moslem_Infantry_4-2_Turkish" "Main Map" {0303}'],
    }
    recorded = {name: kassala.record(f"move-{name}", actions) for name, actions in logs.items()}
    return {name: (r.log, kassala.check([r.log])) for name, r in recorded.items()}


def _hexes(finding):
    return [p.name for p in finding.locations]


def test_a_unit_moved_beyond_its_movement_factor_is_caught(kassala, moves):
    log, report = moves["beyond"]
    (found,) = errors(report)
    assert (found.check, found.step, found.pieces) == ("movement", 1, ("Egyptian-Sudanese Infantry",))
    assert _hexes(found) == ["0402", "0404"] and [p.name for p in found.path] == ["0402", "0403", "0404"]
    assert "costs 3 MP" in found.message and "movement factor 2" in found.message
    assert found.rule.startswith("II.D.7-8")
    kassala.same_board(log)


def test_a_unit_that_moved_on_after_entering_an_enemy_zone_of_control_is_caught(kassala, moves):
    log, report = moves["zoc"]
    (found,) = errors(report)
    assert (found.check, found.step, found.pieces) == ("movement", 2, ("Turkish Infantry",))
    assert _hexes(found) == ["0303", "0403"] and "enemy zone of control" in found.message
    assert found.rule.startswith("II.D.10")
    # both ends drawn: where it had to stop, and the enemy whose zone it was (the Portuguese 4-2 set
    # up in Udaka, II.A.1)
    assert [(m.start_label, m.start.name, m.end_label, m.end.name, m.length) for m in found.measured] == [
        ("Turkish Infantry", "0303", "Portuguese Infantry", "0304", "1 hex")]
    kassala.same_board(log)


def test_the_legal_moves_are_silent(kassala, moves):
    log, report = moves["clean"]
    silent(report)
    kassala.same_board(log)


def test_the_rules_run_for_any_game_folder_that_declares_the_family(kassala, moves, tmp_path):
    """The same folder as a game of another system: with `family = "classic"` the move beyond its
    factor is caught as for Kassala; without it, no movement rule runs."""
    log, _ = moves["beyond"]
    for declared in (True, False):
        folder = tmp_path / f"declared-{declared}"
        shutil.copytree(GAME, folder)
        toml = (folder / "game.toml").read_text(encoding="utf-8").replace('system = "classic"', 'system = "SPI-BG"')
        if not declared:
            toml = toml.replace('family = "classic"', "")
        (folder / "game.toml").write_text(toml, encoding="utf-8")
        caught = [f for f in errors(kassala.check([log], game=folder)) if f.check == "movement"]
        assert [(f.step, f.pieces) for f in caught] == ([(1, ("Egyptian-Sudanese Infantry",))] if declared else [])


def test_play_after_the_tenth_turn_is_caught(kassala):
    """II.B.6: ten turns. The turn counter moved on nine times, a move in turn 10 (silent), the
    counter moved on again, the move back in turn 11: caught at that move."""
    recorded = kassala.record("turn-11", ["turn next"] * 9 + ['move "Moslem_Cavalry_4-3_Turkish" "Main Map" {0501}',
                                                              "turn next",
                                                              'move "Moslem_Cavalry_4-3_Turkish" "Main Map" {0401}'])
    (found,) = errors(kassala.check([recorded.log]))
    assert (found.check, found.step) == ("movement", 12)
    assert "plays turn 11: the game ends after turn 10" in found.message and found.rule.startswith("II.A-B")
    assert found.pieces == ("Turkish Cavalry",) and _hexes(found) == ["0501", "0401"]
    kassala.same_board(recorded.log)


def test_two_units_ending_their_move_in_one_hex_are_caught(kassala):
    """II.D.9: one unit to a hex at the end of movement. The Turkish Cavalry (0401) moves to 0501,
    then a Mamluk Cavalry (0601) joins it there."""
    recorded = kassala.record("stack", ['move "Moslem_Cavalry_4-3_Turkish" "Main Map" {0501}',
                                        'move "Moslem_Cavalry_3-3_Mamluk#1" "Main Map" {0501}'])
    (found,) = errors(kassala.check([recorded.log]))
    assert (found.check, found.step, found.pieces, _hexes(found)) == ("movement", 2, ("Mamluk Cavalry",), ["0501"])
    assert "with Turkish Cavalry" in found.message and found.rule.startswith("II.D.9")
    kassala.same_board(recorded.log)


def _victory(report) -> str:
    (found,) = [f for f in report.findings if f.check == "victory"]
    return found.message


def test_victory_is_read_from_kassala_and_udaka(kassala, moves):
    """III.B: Christian units in both Udaka and Kassala: a Christian victory (the set-up); Udaka
    emptied (its Portuguese Infantry removed): a draw."""
    assert "-> Christian victory" in _victory(moves["clean"][1]) and "(III.B.2)" in _victory(moves["clean"][1])
    udaka = kassala.record("udaka-empty", [DELETE.format("Christian_Infantry_4-2_Portuguese#1")], player=CHRISTIAN)
    said = _victory(kassala.check([udaka.log]))
    assert "Christian 1 VP (1 Kassala (0804, 0805) + 0 Udaka (0304)) -> Draw" in said and "(III.B.3)" in said
    kassala.same_board(udaka.log)


# ---------------------------------------------------------------- combat (II.E, the CRT)


@pytest.fixture(scope="module")
def staged(kassala):
    return kassala.record("staged", STAGING, player=CHRISTIAN).log


def roll_for(kassala, staged, battle: str, column: str, wanted: set[str], name: str, tries: int = 16):
    """A log that declares a combat and rolls for it, until its result (by the printed chart) is one
    of ``wanted`` (any: empty): the roll, the result."""
    for attempt in range(tries):
        recorded = kassala.record(f"{name}-roll{attempt}", [DECLARE[battle], 'roll "1d6"'], start=staged)
        die = rolled(recorded)
        if not wanted or CRT[die, column] in wanted:
            # the declaration is read: the attacker rolls without moving first, after the Christian's moves
            read = [f for f in kassala.check([recorded.log], [staged]).findings if f.check == "combat"]
            assert not [f.message for f in read if f.severity is Severity.NOT_CHECKED]
            return recorded.log, die, CRT[die, column]
    raise AssertionError(f"no {'/'.join(wanted)} in {tries} rolls on the {column} column")


# Applied right and wrong, per result of combat B (attacker: the Turkish Infantry, defender: the
# slaves). An exchange: the smaller force (the slaves, 2) goes, the larger removes at least 2.
# The wrong application is caught where it happens: a removal the result does not call for at its
# step (1); what the Moslem, who recorded the log, still owes at its end (step 2, its chat line).
APPLIED_B = {
    "C": (["chat Contact: both stay in place"], [DELETE.format(SLAVES)], {1}),
    "DE": ([DELETE.format(SLAVES)], [DELETE.format(TURKISH)], {1}),        # the slaves: the Christian's to remove
    "AE": ([DELETE.format(TURKISH)], [DELETE.format(SLAVES)], {1, 2}),     # ... and the Turkish left on the map
    "EX": ([DELETE.format(SLAVES), DELETE.format(TURKISH)], [DELETE.format(SLAVES)], {2}),   # the Turkish unpaid
}
SAID = "chat Result applied"       # what a PBEM player writes after applying; it names him in the log


@pytest.fixture(scope="module")
def combat_b(kassala, staged):
    roll, die, result = roll_for(kassala, staged, "B", "1-1", set(), "b")
    right, wrong, _ = APPLIED_B[result]
    out = {}
    for name, actions in (("right", right), ("wrong", wrong)):
        log = kassala.record(f"b-{name}", [*actions, SAID], start=roll).log
        out[name] = (log, kassala.check([log], [staged, roll]))
    return die, result, out


def test_a_combat_whose_applied_result_differs_from_the_chart_is_caught(kassala, combat_b):
    die, result, out = combat_b
    log, report = out["wrong"]
    found = errors(report)
    assert {f.check for f in found} == {"combat"} and {f.step for f in found} == APPLIED_B[result][2]
    said = f"3:3 -> column 1-1, roll {die} = {die} -> {result}"     # Example of Play B's odds
    assert all(said in f.message for f in found), [f.message for f in found]
    assert any("Portuguese Slave Infantry" in f.pieces or "Turkish Infantry" in f.pieces for f in found)
    assert all(f.rule == "Combat Results Table (I.D (Fig. 4-17))" for f in found)
    assert all({p.name for p in f.locations} <= {"0204", "0304"} and f.locations for f in found)
    # both ends drawn: who attacked whom, from next door (the staged position's hexes)
    assert all([(m.start_label, m.end_label, m.length) for m in f.measured]
               == [("Turkish Infantry", "Portuguese Slave Infantry", "1 hex")] for f in found), found
    assert all({f.measured[0].start.name, f.measured[0].end.name} == {"0204", "0304"} for f in found)
    kassala.same_board(log)


def test_the_combat_applied_as_the_chart_says_is_silent(kassala, combat_b):
    log, report = combat_b[2]["right"]
    silent(report)
    kassala.same_board(log)


@pytest.fixture(scope="module")
def exchange(kassala, staged):
    roll, _, _ = roll_for(kassala, staged, "X", "1-1", {"EX"}, "x")
    ethiopian = kassala.piece(staged, "Christian_Infantry_4-2_Ethiopian", "0504")
    nubian = kassala.piece(staged, "Moslem_Infantry_3-2_Nubian", "0604")
    out = {}
    for name, paid in (("right", EGYPTIAN), ("short", nubian)):    # 4 of the 4 owed, or 3
        log = kassala.record(f"x-{name}", [DELETE.format(ethiopian), DELETE.format(paid), SAID], start=roll).log
        out[name] = (log, kassala.check([log], [staged, roll]))
    return out


def test_an_exchange_whose_larger_force_removed_too_little_is_caught(kassala, exchange):
    log, report = exchange["short"]
    (found,) = errors(report)
    assert (found.check, found.step) == ("combat", 2)        # the Nubian's removal, the last it made
    assert "removed 3 strength point(s)" in found.message and "less than the 4 of the smaller force" in found.message
    assert set(found.pieces) == {"Egyptian-Sudanese Infantry", "Nubian Infantry"}
    assert sorted(_hexes(found)) == ["0503", "0604"]
    kassala.same_board(log)


def test_an_exchange_paid_in_full_is_silent(kassala, exchange):
    log, report = exchange["right"]
    silent(report)
    kassala.same_board(log)


@pytest.fixture(scope="module")
def advance(kassala, staged):
    # 5-1: DE on 1-4; C on 5, a DE for a hex of cannon only; EX on 6 (rolled again: an exchange
    # costs one of the two attackers, and two must be left to advance)
    roll, _, _ = roll_for(kassala, staged, "Y", "5-1", {"DE", "C"}, "y")
    cannon, arab, mamluk = (kassala.piece(staged, name, hex_id) for name, hex_id in (
        ("Christian_Cannon_1-0", "0803"), ("Moslem_Cavalry_3-3_Arab", "0702"), ("Moslem_Cavalry_3-3_Mamluk", "0802")))
    one = [DELETE.format(cannon), f'move "{arab}" "Main Map" {{0803}}']
    two = [*one, f'move "{mamluk}" "Main Map" {{0803}}']
    out = {}
    for name, actions in (("one", one), ("two", two)):
        log = kassala.record(f"y-{name}", actions, start=roll).log
        out[name] = (log, kassala.check([log], [staged, roll]))
    return out


def test_an_advance_after_combat_by_two_units_into_one_hex_is_caught(kassala, advance):
    log, report = advance["two"]
    (found,) = errors(report)
    assert (found.check, found.step) == ("combat", 3)         # the Mamluk's move, after the Arab's
    assert "at most 1 attacking unit(s) may advance into each hex vacated" in found.message
    assert set(found.pieces) == {"Arab Cavalry", "Mamluk Cavalry"} and _hexes(found)[-1] == "0803"
    assert found.rule == "Combat Results Table (I.D (Fig. 4-17))"
    kassala.same_board(log)


def test_an_advance_after_combat_by_one_unit_is_silent(kassala, advance):
    log, report = advance["one"]
    silent(report)
    kassala.same_board(log)


def test_the_staging_itself_breaks_the_movement_rules_where_it_should(kassala, staged):
    """The staged position is reached by moves no player may make, each caught at its step: three
    Moslem units beyond their factors (II.D.7-8); the Portuguese that began next to the Turkish
    Infantry and moved away (II.D.11: never, once in an enemy zone); a cannon moved (II.D.14)."""
    found = {(f.step, f.pieces[0], f.rule.split(" ")[0]) for f in errors(kassala.check([staged]), "movement")}
    assert found == {(2, "Nubian Infantry", "II.D.7-8"), (3, "Egyptian-Sudanese Infantry", "II.D.7-8"),
                     (4, "Turkish Infantry", "II.D.7-8"), (5, "Portuguese Infantry", "II.D.11"),
                     (7, "Ethiopian Infantry", "II.D.7-8"), (8, "Christian Cannon", "II.D.14")}


def test_units_next_to_the_enemy_that_do_not_fight_are_caught(kassala, staged):
    """II.E.3: every enemy unit next to a Moslem unit when the Moslem combat begins must be attacked,
    and every such Moslem unit must attack. The Moslem moves a cavalry unit far from the enemy, rolls
    no combat, and the Christian player moves: the three combats of the staged position were owed."""
    mamluk = kassala.piece(staged, "Moslem_Cavalry_3-3_Mamluk", "0601")
    log = kassala.record("no-attack", [f'move "{mamluk}" "Main Map" {{0501}}',
                                       'move "Christian_Cavalry_2-3_Native" "Main Map" {0508}'], start=staged).log
    found = errors(kassala.check([log], [staged]))
    assert {f.check for f in found} == {"combat"} and {f.step for f in found} == {2} and found
    assert {p for f in found for p in f.pieces} >= {"Turkish Infantry", "Portuguese Slave Infantry",
                                                   "Egyptian-Sudanese Infantry", "Ethiopian Infantry",
                                                   "Christian Cannon", "Arab Cavalry", "Mamluk Cavalry"}
    assert all(f.rule.startswith("II.E.3") for f in found)
    kassala.same_board(log)
