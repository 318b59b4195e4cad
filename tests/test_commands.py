"""The command tree and typed commands against VASSAL's own files."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import CORPUS, ENGINE_LOG, corpus_saves
from vassal.commands import (AddPiece, ChangePiece, Chat, MovePiece, MutableProperty, Node, PlayerEntry,
                             SetBoards, Undo, command_runs, encode_tree, parse_command, parse_tree, split_stream)
from vassal.savefile import read_save

# Step counts as VASSAL itself counts them (corpus/PROVENANCE.md).
VASSAL_STEP_COUNTS = {
    "engine/engine-undo-example.vlog": 7,
    "zxvt/5x5_startup.vlog": 6,
    "BBVassal/testlog.vlog": 6,
    "ccnapoleonics/dist/CCNv4 Tutorial.vlog": 237,
    "vasl-templates/vasl_templates/webapp/tests/fixtures/analyze-vlog/3d6.vlog": 6,
    "vasl-templates/vasl_templates/webapp/tests/fixtures/analyze-vlog/4players.vlog": 40,
    "vasl-templates/vasl_templates/webapp/tests/fixtures/analyze-vlog/banner-updates.vlog": 5,
    "vasl-templates/vasl_templates/webapp/tests/fixtures/analyze-vlog/custom-labels.vlog": 15,
    "vasl-templates/vasl_templates/webapp/tests/fixtures/analyze-vlog/download-test.vlog": 11,
    "vasl-templates/vasl_templates/webapp/tests/fixtures/analyze-vlog/empty.vlog": 1,
    "vasl-templates/vasl_templates/webapp/tests/fixtures/analyze-vlog/full.vlog": 30,
    "vasl-templates/vasl_templates/webapp/tests/fixtures/analyze-vlog/hotness-report-1.vlog": 105,
    "vasl-templates/vasl_templates/webapp/tests/fixtures/analyze-vlog/hotness-report-2.vlog": 67,
    "vasl-templates/vasl_templates/webapp/tests/fixtures/analyze-vlog/multiple-1.vlog": 22,
    "vasl-templates/vasl_templates/webapp/tests/fixtures/analyze-vlog/multiple-1a.vlog": 16,
    "vasl-templates/vasl_templates/webapp/tests/fixtures/analyze-vlog/multiple-1b.vlog": 6,
    "vasl-templates/vasl_templates/webapp/tests/fixtures/analyze-vlog/multiple-2.vlog": 8,
}


@pytest.mark.parametrize("path", corpus_saves(), ids=lambda p: p.name)
def test_tree_and_every_command_re_encode_exactly(path):
    text = read_save(path).text
    root = parse_tree(text)
    assert encode_tree(root) == text
    for node in root.walk():
        assert parse_command(node.text).encode() == node.text


@pytest.mark.parametrize("rel, steps", sorted(VASSAL_STEP_COUNTS.items()))
def test_step_count_matches_vassal(rel, steps):
    assert len(split_stream(read_save(CORPUS / rel).text).steps) == steps


def test_saves_have_no_steps():
    for path in corpus_saves():
        if path.suffix == ".vsav":
            assert split_stream(read_save(path).text).steps == ()


def test_engine_log_commands():
    stream = split_stream(read_save(ENGINE_LOG).text)
    first = stream.steps[0]
    move = next(c for c in first if isinstance(c, MovePiece))
    assert (move.id, move.new_map, move.new_x, move.new_y) == ("1795312874343", "Main Map", 340, 212)
    assert (move.old_x, move.old_y, move.new_under) == (400, 247, None)
    assert "grant-secret" not in repr(move)
    stack = next(c for c in first if isinstance(c, AddPiece))
    assert stack.is_stack and stack.state == "Main Map;340;212;1795312874343;@@1"
    assert isinstance(first[-1], Chat) and first[-1].message == "* Blue Infantry moves 0704 -> 0604 *"
    undo = stream.steps[4]
    assert [c.begin for c in undo if isinstance(c, Undo)] == [True, False]
    roll = stream.steps[6]
    props = {c.name: c.new for c in roll if isinstance(c, MutableProperty)}
    assert props["Combat_result"] == "2,5" and props["Combat_total"] == "7"
    player = next(c for c in stream.setup if isinstance(c, PlayerEntry))
    assert (player.name, player.side) == ("Grant", "Blue") and "grant-secret" not in repr(player)
    boards = next(c for c in stream.setup if isinstance(c, SetBoards))
    assert boards.map_id == "Main Map" and boards.boards[0].board == "Board 1"


def test_nesting_is_not_a_naive_split():
    # the restore block nests its pieces one level deeper: "\ESC" inside the field
    text = read_save(ENGINE_LOG).text
    root = parse_tree(text)
    piece_group = root.children[1]
    assert piece_group.text == "" and len(piece_group.children) == 6
    naive = text.split("\x1b")
    assert any(part.endswith("\\") for part in naive)
    assert not any(n.text.endswith("\\") for n in root.walk())


def test_made_commands_parse_back():
    for c in (AddPiece.make("1", "piece;;;a.png;1/28 Inf", "null;0;0;7;0"),
              ChangePiece.make("1", "a\tb", "a\tc"),
              MovePiece.make("1", "Main Map", (1, 2), None, None, (0, 0), "u", "secret"),
              MutableProperty.make("2d6_result", "1", "3,5"),
              SetBoards.make("Main Map", [])):
        assert parse_command(c.text) == c
    assert AddPiece.make("1", "piece;;;a.png;1/28 Inf", "s").text == "+/1/piece;;;a.png;1\\/28 Inf/s"


def test_node_walk_is_execution_order():
    root = Node("a", (Node("b", (Node("c"),)), Node("d")))
    assert [n.text for n in root.walk()] == ["a", "b", "c", "d"]


def test_hostile_nesting_is_a_format_error_not_a_crash():
    from vassal.errors import FormatError
    text = "a"
    for depth in range(1, 400):  # each level escapes the inner separators once more
        text = "x" + "\x1b" + text.replace("\x1b", "\\\x1b")
    with pytest.raises(FormatError, match="nested more than"):
        parse_tree(text)
    with pytest.raises(FormatError, match="nested more than"):
        split_stream(text)


def _runs_by_levels(text):
    root = parse_tree(text)
    return root.text, [[n.text for n in child.walk()] for child in root.children]


@pytest.mark.parametrize("path", corpus_saves(), ids=lambda p: p.name)
def test_one_pass_command_runs_read_as_the_level_by_level_tree(path):
    text = read_save(path).text
    assert command_runs(text) == _runs_by_levels(text)


@given(st.text(alphabet=st.sampled_from(list("ab'\\\x1b")), max_size=40))
def test_one_pass_command_runs_agree_with_vassals_decoder_on_any_text(text):
    """Malformed text too: a command ending in a backslash swallows the separator after it."""
    assert command_runs(text) == _runs_by_levels(text)
