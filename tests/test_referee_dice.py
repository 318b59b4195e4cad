"""Dice recognition, statistics and audit, on the dice lines of real VASSAL logs."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.dice import Roll, read_chat_roll, sides_from_name
from referee.dice_audit import LoggedRoll, audit_dice, dice_findings
from referee.dice_stats import chi_square_sf, face_fit, gamma_q
from referee.findings import Severity
from vassal.commands import Chat, split_stream
from vassal.savefile import read_save

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"
VLOGS = CORPUS / "vasl-templates" / "vasl_templates" / "webapp" / "tests" / "fixtures" / "analyze-vlog"


def chat_lines(path: Path) -> list[str]:
    stream = split_stream(read_save(path).text)
    return [c.message for step in stream.steps for c in step if isinstance(c, Chat)]


# ---------------------------------------------------------------- chi-square


@pytest.mark.parametrize("statistic, dof, p", [
    (3.841458820694124, 1, 0.05),      # the textbook 95% critical values
    (11.070497693516351, 5, 0.05),
    (18.307038053275146, 10, 0.05),
    (20.515005652432873, 5, 0.001),
    (6.6348966010212145, 1, 0.01),
])
def test_chi_square_matches_table_critical_values(statistic, dof, p):
    assert chi_square_sf(statistic, dof) == pytest.approx(p, rel=1e-7)


@given(st.integers(min_value=1, max_value=40), st.floats(min_value=0.0, max_value=200.0))
def test_gamma_q_matches_closed_form_for_integer_a(a, x):
    # Q(a, x) = exp(-x) * sum_{i<a} x^i / i!  for integer a
    closed = math.exp(-x) * sum(x ** i / math.factorial(i) for i in range(a))
    assert gamma_q(a, x) == pytest.approx(closed, rel=1e-9, abs=1e-15)


@given(st.floats(min_value=1e-6, max_value=150.0))
def test_chi_square_one_dof_is_erfc(x):
    assert chi_square_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9, abs=1e-15)


def test_chi_square_rejects_bad_arguments():
    with pytest.raises(ValueError):
        chi_square_sf(1.0, 0)
    with pytest.raises(ValueError):
        gamma_q(1.0, -1.0)


# ---------------------------------------------------------------- face fit


def test_face_fit_of_a_uniform_sample_is_not_suspicious():
    fit = face_fit([1, 2, 3, 4, 5, 6] * 10, 6)
    assert (fit.n, fit.chi_square, fit.p_value, fit.mean) == (60, 0.0, 1.0, 3.5)
    assert fit.adequate and not fit.suspicious


def test_face_fit_flags_loaded_die_only_when_sample_is_adequate():
    loaded = face_fit([6] * 30, 6)           # 5 expected per face: adequate
    assert loaded.adequate and loaded.suspicious
    assert loaded.chi_square == pytest.approx(150.0)
    small = face_fit([6] * 29, 6)            # under 5 expected per face
    assert not small.adequate and not small.suspicious
    assert small.p_value < 1e-20             # the number is stated, but not acted on


def test_face_fit_refuses_impossible_faces():
    with pytest.raises(ValueError, match="not a face of a d6"):
        face_fit([7], 6)


# ---------------------------------------------------------------- recognition on real logs


def test_engine_log_dice_lines_are_recognized():
    rolls = [r for r in map(read_chat_roll, chat_lines(CORPUS / "engine" / "engine-undo-example.vlog")) if r]
    assert [(r.player, r.purpose, r.dice) for r in rolls] == [("Grant", "Morale", (3,)), ("Grant", "Combat", (2, 5))]
    assert all(r.sides is None for r in rolls)   # only the module says these are d6


@pytest.mark.parametrize("name, count", [("3d6.vlog", 6), ("4players.vlog", 35), ("full.vlog", 23),
                                         ("multiple-1b.vlog", 5), ("hotness-report-1.vlog", 99)])
def test_vasl_dice_lines_are_all_recognized(name, count):
    # counts of dice lines as listed in corpus/PROVENANCE.md
    rolls = [r for r in map(read_chat_roll, chat_lines(VLOGS / name)) if r]
    assert len(rolls) == count
    for r in rolls:
        assert r.sides == 6
        expected = 2 if r.purpose.endswith("DR") or r.purpose == "3d6" else 1
        assert len(r.dice) == (3 if r.purpose == "3d6" else expected)
        assert all(1 <= d <= 6 for d in r.dice)


def test_vasl_first_roll_read_exactly():
    first = next(r for r in map(read_chat_roll, chat_lines(VLOGS / "multiple-1b.vlog")) if r)
    assert (first.player, first.purpose, first.dice) == ("Alice", "IFT DR", (3, 6))


def test_player_names_with_quotes_and_unicode_survive():
    players = {r.player for r in map(read_chat_roll, chat_lines(VLOGS / "download-test.vlog")) if r}
    assert 'Joey "The Lips" Blow' in players


def test_undo_lines_and_plain_chat_are_not_rolls():
    assert read_chat_roll("* UNDO: *** Morale = 3 *** <Grant>") is None
    assert read_chat_roll("&lt;Grant&gt; - Blue Infantry advances") is None
    assert sides_from_name("2d10") == 10 and sides_from_name("Morale") is None


# ---------------------------------------------------------------- audit


def _vasl_rolls(name: str) -> list[LoggedRoll]:
    out = []
    for i, line in enumerate(chat_lines(VLOGS / name), start=1):
        r = read_chat_roll(line)
        if r:
            out.append(LoggedRoll(name, Roll(i, r.player, r.purpose, r.dice, r.sides, line)))
    return out


def test_audit_of_real_vasl_game_groups_by_player_and_states_sample_size():
    audit = audit_dice(_vasl_rolls("hotness-report-1.vlog"))
    assert sum(line.rolls for line in audit.lines) == 99
    players = {pf.player for pf in audit.fits}
    assert players == {"Alice", "Bob", "Chuck"}
    for pf in audit.fits:
        assert pf.fit.sides == 6
        assert pf.fit.n == sum(pf.fit.counts)
        assert pf.fit.adequate == (pf.fit.n >= 30)
    # these are genuine VASSAL rolls: none is flagged
    assert dice_findings(audit, "hotness-report-1.vlog") == []


def test_audit_flags_a_player_with_impossible_luck():
    rolls = [LoggedRoll("x.vlog", Roll(i, "Cheat", "Combat", (6, 6), 6, "")) for i in range(1, 21)]
    rolls += [LoggedRoll("x.vlog", Roll(100 + i, "Honest", "Combat", (1 + i % 6, 1 + (i + 3) % 6), 6, ""))
              for i in range(30)]
    findings = dice_findings(audit_dice(rolls), "x.vlog")
    assert [(f.player, f.severity) for f in findings] == [("Cheat", Severity.WARNING)]
    assert "40 dice" in findings[0].message


def test_a_roll_with_a_face_the_die_lacks_is_flagged_and_kept_out_of_the_test():
    rolls = [LoggedRoll("x.vlog", Roll(3, "Alice", "Combat", (7, 2), 6, "*** Combat = 7,2 *** <Alice>")),
             LoggedRoll("x.vlog", Roll(4, "Alice", "Combat", (1, 2), 6, "*** Combat = 1,2 *** <Alice>"))]
    audit = audit_dice(rolls)
    assert [pf.fit.n for pf in audit.fits] == [2]
    findings = dice_findings(audit, "x.vlog")
    assert [(f.step, f.severity) for f in findings] == [(3, Severity.WARNING)]
    assert "a d6 cannot roll" in findings[0].message


def test_a_dice_button_roll_is_counted_once_whatever_its_report_says(tmp_path):
    # the module's report format names the roll differently from the button: the
    # button's properties identify the roll, and its report is not read as a second one
    from test_referee_logs import standard_pieces, start, write

    from referee.run import run_check
    from vassal.commands import Chat as ChatCommand
    from vassal.commands import MutableProperty
    from vassal.savewriter import LogWriter

    log = write(tmp_path / "custom.vlog", LogWriter(start(standard_pieces()))
                .step(ChatCommand.make("*** Attack = 3,4 *** &lt;Alice&gt;"),
                      MutableProperty.make("Combat_result", "", "3,4"),
                      MutableProperty.make("Combat_total", "0", "7")))
    rolls = [lr.roll for lr in run_check([log]).dice.rolls]
    assert [(r.purpose, r.dice, r.player) for r in rolls] == [("Combat", (3, 4), "Alice")]
