"""Undo and re-roll, on the engine's own log and on synthesized logs."""

from __future__ import annotations

from pathlib import Path

from test_referee_logs import move, report, standard_pieces, start, undo_roll, write

from referee.findings import Severity
from referee.run import run_check
from vassal.savewriter import LogWriter

ENGINE_LOG = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus" / "engine" / "engine-undo-example.vlog"


def undo_findings(path: Path):
    return [f for f in run_check([path], check_ids=["undo"]).findings]


def test_engine_log_one_undo_of_a_move_by_grant_no_reroll():
    findings = undo_findings(ENGINE_LOG)
    assert len(findings) == 1
    f = findings[0]
    assert (f.severity, f.step, f.player) == (Severity.INFO, 5, "Grant")
    assert f.pieces == ("Blue Infantry",)
    assert "step 4" in f.message and "0604 -> 0504" in f.message


def test_reroll_after_undo_of_the_roll_is_an_error_at_the_new_roll(tmp_path):
    desc, inverse = undo_roll("Combat", (1, 2), "")
    log = write(tmp_path / "reroll.vlog", LogWriter(start(standard_pieces()))
                .chat("Alice", "attacking Blue Infantry")   # step 1
                .roll("Alice", "Combat", (1, 2))            # step 2
                .undo(desc, inverse)                        # step 3
                .roll("Alice", "Combat", (6, 6), "")        # step 4
                .chat("Alice", "Blue Infantry retreats"))   # step 5
    errors = [f for f in undo_findings(log) if f.severity is Severity.ERROR]
    assert len(errors) == 1
    assert (errors[0].step, errors[0].player, errors[0].check) == (4, "Alice", "undo")
    assert "Combat 1,2 at step 2" in errors[0].message and "(6,6) at step 4" in errors[0].message


def test_undo_of_a_step_after_a_roll_then_same_roll_again_is_a_reroll(tmp_path):
    log = write(tmp_path / "after.vlog", LogWriter(start(standard_pieces()))
                .roll("Alice", "Combat", (1, 1))                                             # 1
                .step(move("1001", (100, 100), (160, 130), "alice-pw"), report("retreat"))   # 2
                .undo("* retreat *", move("1001", (160, 130), (100, 100), "alice-pw"))      # 3
                .roll("Alice", "Combat", (5, 6), "1,1"))                                     # 4
    errors = [f for f in undo_findings(log) if f.severity is Severity.ERROR]
    assert [(f.step, f.player) for f in errors] == [(4, "Alice")]
    assert errors[0].pieces == ("Red Infantry",)


def test_undo_of_a_roll_without_reroll_is_only_a_warning(tmp_path):
    desc, inverse = undo_roll("Combat", (3, 4), "")
    log = write(tmp_path / "warn.vlog", LogWriter(start(standard_pieces()))
                .roll("Alice", "Combat", (3, 4))
                .undo(desc, inverse)
                .roll("Alice", "Morale", (2,)))
    severities = sorted(f.severity.value for f in undo_findings(log))
    assert severities == ["info", "warning"]


def test_clean_log_with_a_legitimate_undo_has_no_errors(tmp_path):
    log = write(tmp_path / "clean.vlog", LogWriter(start(standard_pieces()))
                .step(move("1001", (100, 100), (160, 130), "alice-pw"), report("move"))
                .undo("* move *", move("1001", (160, 130), (100, 100), "alice-pw"))
                .step(move("1001", (100, 100), (100, 160), "alice-pw"), report("move"))
                .roll("Alice", "Combat", (4, 3)))
    report_ = run_check([log])
    assert not report_.failed
    # the note of the undo; the rules and the module's pieces are left unchecked without --game, --module
    assert [f.severity for f in report_.findings] == [Severity.NOT_CHECKED, Severity.NOT_CHECKED, Severity.INFO]


def test_undo_of_the_opponents_action_is_a_warning(tmp_path):
    log = write(tmp_path / "opp.vlog", LogWriter(start(standard_pieces()))
                .step(move("1002", (400, 300), (460, 330), "bob-pw"), report("Blue Infantry moves"))
                .undo("* Blue Infantry moves *", move("1002", (460, 330), (400, 300), "alice-pw")))
    warnings = [f for f in undo_findings(log) if f.severity is Severity.WARNING]
    assert [(f.step, f.player, f.pieces) for f in warnings] == [(2, "Alice", ("Blue Infantry",))]
    assert "an action by Bob" in warnings[0].message


def test_two_undos_walk_back_two_steps(tmp_path):
    log = write(tmp_path / "two.vlog", LogWriter(start(standard_pieces()))
                .chat("Alice", "first")                      # 1
                .chat("Alice", "second")                     # 2
                .undo("&lt;Alice&gt; - second")              # 3 takes back 2
                .undo("&lt;Alice&gt; - first"))              # 4 takes back 1
    notes = [f.message for f in undo_findings(log)]
    assert len(notes) == 2
    assert notes[0].endswith("took back step 2: <Alice> - second")
    assert notes[1].endswith("took back step 1: <Alice> - first")


def test_a_multi_line_chat_taken_back_stays_on_one_report_line(tmp_path):
    from referee.render_text import render_text
    log = write(tmp_path / "lines.vlog", LogWriter(start(standard_pieces()))
                .chat("Alice", "first line\nsecond line")
                .undo("&lt;Alice&gt; - first line\nsecond line"))
    text = render_text(run_check([log]))
    notes = [line for line in text.splitlines() if "took back step 1" in line]
    assert len(notes) == 1 and notes[0].endswith("agree to it)")
