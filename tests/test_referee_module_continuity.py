"""Module consistency and continuity checks on real and synthesized logs."""

from __future__ import annotations

from pathlib import Path

from test_referee_logs import move, piece, report, standard_pieces, start, write

from referee.findings import Severity
from referee.run import run_check
from vassal.commands import ChangePiece
from vassal.module import read_module
from vassal.savewriter import LogWriter

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"
ENGINE_LOG = CORPUS / "engine" / "engine-undo-example.vlog"
ENGINE_MODULE = CORPUS / "engine" / "dice-test.vmod"
CCN = CORPUS / "ccnapoleonics" / "dist"


def findings(logs, check, **kw):
    """What the check found; what it could not check without a module is tested on its own."""
    return [f for f in run_check(list(logs), check_ids=[check], **kw).findings
            if f.severity is not Severity.NOT_CHECKED]


def test_module_check_without_a_module_says_what_it_left_unchecked(tmp_path):
    log = write(tmp_path / "a.vlog", LogWriter(start(standard_pieces())).chat("Alice", "hi"))
    unchecked = [f for f in run_check([log], check_ids=["module"]).findings if f.severity is Severity.NOT_CHECKED]
    assert [(f.check, f.message) for f in unchecked] == [
        ("module", "module run in part: the pieces in play were not compared with the module's pieces, nor the "
                   "log's module version with the module's: no --module given")]


# ---------------------------------------------------------------- module


def test_engine_log_matches_its_module_and_all_its_pieces_are_known():
    assert findings([ENGINE_LOG], "module", module=read_module(ENGINE_MODULE)) == []


def test_log_against_another_module_is_one_error_counting_what_follows():
    """The log's three pieces are no pieces of the module given: that follows from the wrong
    module, so it is counted in the one finding, not listed (issue 21.2)."""
    (error,) = findings([ENGINE_LOG], "module", module=read_module(CCN))
    assert error.severity is Severity.ERROR
    assert "OracleDiceTest 1.0" in error.message and "Commands & Colors" in error.message
    assert error.message.endswith("; 3 findings that follow from this are not listed")


def test_chain_across_module_versions_is_a_warning(tmp_path):
    a = write(tmp_path / "a.vlog", LogWriter(start(standard_pieces())).chat("Alice", "hi"), version="1.0")
    b = write(tmp_path / "b.vlog", LogWriter(start(standard_pieces())).chat("Bob", "hi"), version="1.1")
    warnings = findings([a, b], "module")
    assert [(f.severity, f.log) for f in warnings] == [(Severity.WARNING, "b.vlog")]
    assert "version 1.0" in warnings[0].message


def test_chain_across_different_modules_is_an_error(tmp_path):
    a = write(tmp_path / "a.vlog", LogWriter(start(standard_pieces())).chat("Alice", "hi"))
    b = write(tmp_path / "b.vlog", LogWriter(start(standard_pieces())).chat("Bob", "hi"), module="Other Game")
    assert [f.severity for f in findings([a, b], "module")] == [Severity.ERROR]


# ---------------------------------------------------------------- continuity


def test_engine_log_grant_moves_only_blue_pieces():
    assert findings([ENGINE_LOG], "continuity") == []


def test_moving_the_other_sides_piece_is_a_warning(tmp_path):
    log = write(tmp_path / "side.vlog", LogWriter(start(standard_pieces()))
                .step(move("1001", (100, 100), (160, 130), "alice-pw"), report("own piece"))
                .step(move("1002", (400, 300), (340, 270), "alice-pw"), report("not hers")))
    warnings = findings([log], "continuity")
    assert [(f.step, f.player, f.pieces) for f in warnings] == [(2, "Alice", ("Blue Infantry",))]
    assert "Alice (Red) moved Blue Infantry, a Blue piece" == warnings[0].message


def test_changing_the_other_sides_piece_is_a_warning(tmp_path):
    blue = standard_pieces()[1]
    reduced = piece("1002", "Blue Infantry", "Blue", 400, 300, strength=3)
    log = write(tmp_path / "change.vlog", LogWriter(start(standard_pieces()))
                .step(move("1001", (100, 100), (160, 130), "alice-pw"),
                      ChangePiece.make("1002", reduced.state, blue.state)))
    warnings = findings([log], "continuity")
    assert [(f.step, f.pieces) for f in warnings] == [(1, ("Blue Infantry",))]
    assert "changed Blue Infantry" in warnings[0].message


def test_moving_a_piece_masked_by_another_player_is_a_warning(tmp_path):
    log = write(tmp_path / "mask.vlog", LogWriter(start(standard_pieces(blue_mask="bob-pw")))
                .step(move("1002", (400, 300), (460, 330), "bob-pw"), report("Bob moves his masked piece"))
                .step(move("1002", (460, 330), (400, 300), "alice-pw"), report("Alice moves it back")))
    warnings = findings([log], "continuity")
    hidden = [f for f in warnings if "hidden or masked" in f.message]
    assert [(f.step, f.player) for f in hidden] == [(2, "Alice")]
    text = " ".join(f.message for f in warnings)
    assert "bob-pw" not in text and "alice-pw" not in text


# ---------------------------------------------------------------- a game's definition


GAME = Path(__file__).resolve().parents[1] / "sources" / "hood-strikes-north"


def test_game_definition_gives_die_sizes(tmp_path):
    # Hood Strikes North's game.toml: Initiative is one d6
    log = write(tmp_path / "hsn.vlog", LogWriter(start(standard_pieces())).roll("Alice", "Initiative", (4,)))
    assert [line.sides for line in run_check([log]).dice.lines] == [None]   # nothing says what die
    with_game = run_check([log], game=GAME)
    assert [(line.purpose, line.sides) for line in with_game.dice.lines] == [("Initiative", 6)]
    assert [pf.fit.n for pf in with_game.dice.fits] == [1]


def test_module_pieces_include_deck_cards_and_inline_markers():
    from referee.checks.module import module_piece_names
    names = module_piece_names(read_module(CCN))
    assert {"Probe Left Flank", "Attack Center"} <= names      # command cards: CardSlots in decks
    assert "Battlefield Smoke" in names
    assert "Red Infantry" not in names
