"""Hostile and damaged logs: ``adjutant check`` reports or refuses, it never crashes."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from adjutant.cmd_check import check
from vassal.metadata import Metadata
from vassal.savefile import read_save, write_save

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"
ENGINE_LOG = CORPUS / "engine" / "engine-undo-example.vlog"
ENGINE_MODULE = CORPUS / "engine" / "dice-test.vmod"
TEXT = read_save(ENGINE_LOG).text
NASTY = "\x1b\t/;\\,'<>&*0123456789-null+MDLOGUNDOCHAT"

edits = st.lists(st.tuples(st.integers(0, len(TEXT) - 1), st.integers(0, 40),
                           st.text(alphabet=NASTY, max_size=12)), min_size=1, max_size=6)


def damaged(text: str, changes: list[tuple[int, int, str]]) -> str:
    for at, cut, insert in changes:
        text = text[:at] + insert + text[at + cut:]
    return text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits)
# found by this test: 40 characters cut from a chat line and the "M" of the move after it, so the
# undo note quoted the chat line ending in the move's two places and its mover, Grant's id
@example(changes=[(1302, 40, "")])
def test_damaged_engine_log_never_crashes_the_check(tmp_path, changes):
    log = tmp_path / "damaged.vlog"
    write_save(log, damaged(TEXT, changes), Metadata(name="OracleDiceTest", version="1.0"), Metadata())
    for fmt in ("text", "json", "html"):
        result = CliRunner().invoke(check, [str(log), "--module", str(ENGINE_MODULE), "--format", fmt])
        # exit 0 leaves no exception; anything else must be the deliberate SystemExit
        assert result.exception is None or isinstance(result.exception, SystemExit), result.output
        assert result.exit_code in (0, 1, 2)
        assert "grant-secret" not in result.output


def test_a_password_is_hidden_where_it_is_an_id_but_a_players_words_stay_as_written(tmp_path):
    """Grant's password is also a word Grant used in chat: the chat is his own text and stays as
    written (hiding the word would garble it and point at the password); a damaged entry that
    merged a move, with its mover field, into a chat line shows no id."""
    text = TEXT.replace("CHAT&lt;Grant&gt; - Blue Infantry advances",
                        "CHAT&lt;Grant&gt; - my grant-secret plan: advance "
                        "M/1795312874343/Main Map/340/212/null/Main Map/400/247/null/grant-secret")
    log = tmp_path / "doctored.vlog"
    write_save(log, text, Metadata(name="OracleDiceTest", version="1.0"), Metadata())
    for fmt in ("text", "json"):
        result = CliRunner().invoke(check, [str(log), "--format", fmt])
        assert result.exit_code == 0
        assert "null/grant-secret" not in result.output
    from adjutant.cmd_inspect import inspect
    said = CliRunner().invoke(inspect, [str(log), "--format", "json"]).output
    assert "my grant-secret plan" in said and "null/[player id hidden]" in said
    assert "null/grant-secret" not in said


def test_commands_the_replay_could_not_apply_become_warnings_at_their_step():
    # the replay is tolerant and records what it could not apply; no corpus log has
    # such a command, so the problem is added to a real replay here
    from referee.checks.replay_problems import check_replay
    from referee.context import CheckContext, LogInput
    from vassal.replay import Problem, replay_file

    replay = replay_file(str(ENGINE_LOG))
    replay.problems.append(Problem(4, "could not apply 'M/1795312874343/...': bad number"))
    log = LogInput("engine.vlog", replay, ())
    findings = list(check_replay(CheckContext(log, None, log, None, None)))
    assert [(f.check, f.severity.value, f.step) for f in findings] == [("replay", "warning", 4)]
    assert "could not apply" in findings[0].message


def test_a_move_glued_to_a_chat_word_by_damage_shows_no_id(tmp_path):
    """Hypothesis found it: forty characters cut from the chat line before a move leave
    'Blue Infantry advM/.../null/grant-secret' in one chat line, which the undo note quotes;
    the move's fields (map, x, y) give it away as command text, and its mover is hidden."""
    at = TEXT.index("ances\x1bLOG\tnull")
    log = tmp_path / "glued.vlog"
    write_save(log, damaged(TEXT, [(at, 40, "")]), Metadata(name="OracleDiceTest", version="1.0"), Metadata())
    result = CliRunner().invoke(check, [str(log), "--module", str(ENGINE_MODULE)])
    assert "Blue Infantry advM/1795312874343/" in result.output
    assert "grant-secret" not in result.output and "null/[player id hidden]" in result.output
