"""The command tree and typed commands against VASSAL's own files."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import CORPUS, ENGINE_LOG, corpus_saves
from vassal.commands import (AddPiece, BeginSave, ChangePiece, Chat, Command, Empty, EndSave, GlobalPropertyValue, Log,
                             MovePiece, MutableProperty, Node, PlayerEntry, PlayerRemoved, RemovePiece, SetBoards,
                             SetupStackMarker, SpecialDiceResults, TurnState, Undo, command_runs, encode_tree,
                             parse_command, parse_tree, split_stream)
from vassal.savefile import read_save
from vassal.sequence import encode

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


def rewritten(c: Command) -> Command | None:
    """`c` made again from its parsed fields alone, never from its stored text: with the
    class's own `make` (the encoder the save writer uses) where it has one, else by the command's
    layout in the format reference (`../shared/research/vassal-file-formats.md` §5). None for
    the commands kept verbatim by design: an unrecognised one, and notes and unmask lines,
    whose fields are not read."""
    match c:
        case AddPiece():
            return AddPiece.make(c.id, c.type, c.state)
        case RemovePiece():
            return RemovePiece.make(c.id)
        case ChangePiece():
            return ChangePiece.make(c.id, c.new_state, c.old_state)
        case MovePiece():
            return MovePiece.make(c.id, c.new_map, (c.new_x, c.new_y), c.new_under, c.old_map, (c.old_x, c.old_y),
                                  c.old_under, c.player_id)
        case Chat():
            return Chat.make(c.message)
        case Log():
            inner = rewritten(c.inner)
            return Log.make(inner) if inner is not None else None
        case Undo():
            return Undo.make(c.begin)
        case SetBoards():
            return SetBoards.make(c.map_id, list(c.boards))
        case MutableProperty():
            return MutableProperty.make(c.name, c.old, c.new, c.container)
        case GlobalPropertyValue():       # `GlobalProperty\t;<name>;<value>;<containerId>`
            return Command("GlobalProperty\t" + encode(["", c.name, c.value, c.container], ";"))
        case PlayerEntry():               # `PLAYER\t<playerId>\t<playerName>\t<side>`
            return Command(encode(["PLAYER", c.player_id, c.name, c.side], "\t"))
        case PlayerRemoved():
            return Command("PYREMOVE\t" + c.player_id)
        case TurnState():                 # `TURN<trackerId>\t<state>`
            return Command(f"TURN{c.tracker}\t{c.state}")
        case SpecialDiceResults():
            return Command(encode(["SHOW_RESULTS", c.button, *map(str, c.faces)], "\t"))
        case Empty() | BeginSave() | EndSave() | SetupStackMarker():
            return Command({Empty: c.text if c.text == "null" else "", BeginSave: "begin_save", EndSave: "end_save",
                            SetupStackMarker: "SETUP_STACK\t"}[type(c)])
    return None


@pytest.mark.parametrize("path", corpus_saves(), ids=lambda p: p.name)
def test_tree_and_every_command_re_encode_from_their_fields(path):
    """Every command VASSAL wrote, parsed and written again from the parsed fields, is the very
    text VASSAL wrote; what we keep verbatim is only what we do not read (counted, not passed)."""
    text = read_save(path).text
    root = parse_tree(text)
    assert encode_tree(root) == text
    verbatim = Counter()
    for node in root.walk():
        command = parse_command(node.text)
        again = rewritten(command)
        if again is None:                 # (a logged one counted by what it logs)
            kept = command.inner.text if isinstance(command, Log) else node.text
            verbatim[kept.split("\t")[0][:12]] += 1
            continue
        assert again.text == node.text, type(command).__name__
        assert parse_command(again.text) == command
    # kept verbatim: extensions' and components' commands we do not read, notes and unmask lines;
    # never a piece, move, change, chat, log, property, roster, turn or board command
    read = ("+/", "-/", "D/", "M/", "CHAT", "LOG", "UNDO", "MutableProperty", "GlobalProperty", "PLAYER", "TURN")
    assert not [k for k in verbatim if k.startswith(read) or k.endswith("BoardPicker")], verbatim


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
