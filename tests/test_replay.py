"""Replay against what the VASSAL engine itself reported replaying the same log."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import CORPUS, ENGINE_LOG, corpus_saves
from vassal.commands import AddPiece, MovePiece, MutableProperty, RemovePiece
from vassal.replay import (Added, ChatLine, Moved, replay_file, replay_save)
from vassal.savefile import SaveFile
from vassal.savewriter import LogWriter, Placement, stack_state

ENGINE_REPORT = (CORPUS / "engine" / "engine-undo-example.replay.txt").read_text()


def engine_final():
    """FINAL lines: map, x, y, piece id, name and stack as the engine printed them."""
    rows = {}
    for m in re.finditer(r"^FINAL: (.+?) (\d+),(\d+) id=(\d+) '(.+?)' stack=(\d+)#(\d+) loc='(.+?)'", ENGINE_REPORT, re.M):
        rows[m.group(4)] = (m.group(1), int(m.group(2)), int(m.group(3)), m.group(5), m.group(6), m.group(8))
    assert len(rows) == 3
    return rows


def test_final_board_equals_engine_replay():
    final = replay_file(str(ENGINE_LOG)).final
    for pid, (map_id, x, y, name, stack, _loc) in engine_final().items():
        p = final.pieces[pid]
        assert (p.map, p.x, p.y, p.name, p.stack_id) == (map_id, x, y, name, stack)
    assert len(final.pieces) == 3


def test_engine_steps_events_and_players():
    r = replay_file(str(ENGINE_LOG))
    assert [(p.name, p.side) for p in r.players] == [("Grant", "Blue")]
    assert len(r.steps) == len(re.findall(r"^STEP:", ENGINE_REPORT, re.M)) == 7
    moves = [(s.index, e.from_x, e.from_y, e.to_x, e.to_y) for s in r.steps for e in s.events if isinstance(e, Moved)]
    assert moves == [(1, 400, 247, 340, 212), (4, 340, 212, 280, 247), (5, 280, 247, 340, 212),
                     (6, 340, 212, 340, 143)]
    rolls = [(s.index, d.player, d.purpose, d.values, d.total) for s in r.steps for d in s.dice()]
    assert rolls == [(2, "Grant", "Morale", (3,), 3), (7, "Grant", "Combat", (2, 5), 7)]
    undo = r.steps[4]
    assert undo.is_undo and undo.undoes == 4 and undo.player == "Grant"
    chat = [e for e in r.steps[2].events if isinstance(e, ChatLine)][0]
    assert (chat.player, chat.text) == ("Grant", "<Grant> - Blue Infantry advances")
    assert all(s.player == "Grant" for s in r.steps)
    assert not r.problems


def test_state_after_each_step():
    r = replay_file(str(ENGINE_LOG))
    blue = "1795312874343"
    positions = [(r.state_after(n).pieces[blue].x, r.state_after(n).pieces[blue].y) for n in range(8)]
    assert positions == [(400, 247), (340, 212), (340, 212), (340, 212), (280, 247), (340, 212), (340, 143),
                         (340, 143)]
    with pytest.raises(IndexError):
        r.state_after(8)


@pytest.mark.parametrize("path", [p for p in corpus_saves() if p.suffix == ".vlog"], ids=lambda p: p.name)
def test_every_corpus_log_replays_without_problems(path):
    r = replay_file(str(path))
    assert r.steps and not r.problems
    r.final  # the whole log applies


def test_tutorial_log_moves_and_removals():
    r = replay_file(str(CORPUS / "ccnapoleonics/dist/CCNv4 Tutorial.vlog"))
    assert len(r.steps) == 237
    moved = sum(isinstance(e, Moved) for s in r.steps for e in s.events)
    assert moved > 20
    added = sum(isinstance(e, Added) for s in r.steps for e in s.events)
    removed = sum(type(e).__name__ == "Removed" for s in r.steps for e in s.events)
    assert len(r.final.pieces) == len(r.initial.pieces) + added - removed
    assert {p.map for p in r.final.pieces.values()} >= {"Main Map", "French Hand", "Allies Hand"}


def test_vasl_dice_in_chat_are_kept_as_chat():
    r = replay_file(str(CORPUS / "vasl-templates/vasl_templates/webapp/tests/fixtures/analyze-vlog/3d6.vlog"))
    # DiceButton "3d6" sets 3d6_result: a real roll with its values
    rolls = [(s.index, d.purpose, d.values, d.player) for s in r.steps for d in s.dice()]
    assert rolls == [(3, "3d6", (3, 4, 1), "test"), (6, "3d6", (2, 4, 2), "test")]
    assert r.steps[0].events[0].text.startswith("*** (IFT DR) 6,6 ***")


def test_synthetic_reroll_log():
    pieces = [Placement("a", "piece;;;a.png;Alpha", "null;0;0;1;0", "Main Map", 100, 100)]
    w = LogWriter.from_placements(pieces)
    w.step(MovePiece.make("a", "Main Map", (200, 100), None, "Main Map", (100, 100), None, "pw"),
           AddPiece.make("s1", "stack", stack_state("Main Map", 200, 100, ["a"])))
    w.roll("Alice", "Fire Combat", [1, 2])
    w.undo("roll", MovePiece.make("a", "Main Map", (100, 100), None, "Main Map", (200, 100), None, "pw"),
           RemovePiece.make("s1"))
    w.roll("Alice", "Fire Combat", [6, 6], previous="1,2")
    r = replay_save(SaveFile("synthetic", w.text(), "plain", False, None, None))
    assert [s.is_undo for s in r.steps] == [False, False, True, False]
    assert r.steps[2].undoes == 1
    assert [d.values for s in r.steps for d in s.dice()] == [(1, 2), (6, 6)]
    assert r.final.pieces["a"].x == 100 and r.final.pieces["a"].stack_id is None


def test_location_names_equal_vassal_final_report():
    from vassal.module import read_module
    final = replay_file(str(ENGINE_LOG), read_module(CORPUS / "engine" / "dice-test.vmod")).final
    for pid, (*_, loc) in engine_final().items():
        assert final.pieces[pid].location == loc


@pytest.mark.parametrize("log, module", [("engine/engine-undo-example.vlog", "engine/dice-test.vmod"),
                                         ("zxvt/5x5_startup.vlog", "zxvt/buildFile")])
def test_location_names_equal_vassal_auto_reports(log, module):
    """VASSAL wrote its own location names into the chat ("moves 0704 -> 0604", "created in B05")."""
    from vassal.module import read_module
    r = replay_file(str(CORPUS / log), read_module(CORPUS / module))
    checked = 0
    for step in r.steps:
        if step.is_undo:  # the undo report repeats the move it takes back
            continue
        chats = [e.text for e in step.events if isinstance(e, ChatLine)]
        for e in step.events:
            if isinstance(e, Moved):
                assert any(f"moves {e.from_location} -> {e.to_location}" in c for c in chats), (step.index, chats)
                checked += 1
            elif isinstance(e, Added):
                assert any(c.endswith(f"created in {e.location}") for c in chats), (step.index, chats)
                checked += 1
    assert checked >= 3


def test_deck_cards_are_members_of_their_deck():
    """A Deck is a container: its state names its cards in one comma list (map;x;y;faceDown;ids)."""
    from vassal.commands import AddPiece, split_stream
    from vassal.gamestate import GameState
    from vassal.savefile import read_save
    stream = split_stream(read_save(CORPUS / "ccnapoleonics/dist/LC02 - Saratoga (2nd day).vsav").text)
    state = GameState()
    for c in stream.setup:
        state.apply(c)
    decks = [c for c in stream.setup if isinstance(c, AddPiece) and c.type.startswith("deck;")]
    with_cards = [d for d in decks if len(d.state.split(";")) > 4 and d.state.split(";")[4]]
    assert with_cards
    for d in with_cards:
        listed = [i for i in d.state.split(";")[4].split(",") if i]
        assert state.stacks[d.id].members == listed
        assert all(state.position(card) == state.position(d.id) for card in listed)


def test_a_stack_dropped_on_a_stack_moves_with_it_afterwards():
    """VASSAL merges a dragged stack into the stack it lands on; a later move of that stack moves all."""
    pieces = [Placement(p, f"piece;;;{p}.png;{p}", "null;0;0;1;0", "Main Map", x, 100)
              for p, x in (("a", 100), ("b", 100), ("c", 300))]
    w = LogWriter.from_placements(pieces, stack_id=lambda i: f"s{i}")
    # the stack holding a and b is dropped on c (whose stack is s1)
    w.step(MovePiece.make("s0", "Main Map", (300, 100), "c", "Main Map", (100, 100), None, "pw"))
    w.step(MovePiece.make("s1", "Main Map", (500, 100), None, "Main Map", (300, 100), None, "pw"))
    r = replay_save(SaveFile("synthetic", w.text(), "plain", False, None, None))
    final = r.final.pieces
    assert {p: (final[p].x, final[p].stack_id) for p in "abc"} == {"a": (500, "s1"), "b": (500, "s1"),
                                                                  "c": (500, "s1")}


def test_an_undone_roll_is_linked_and_not_read_as_a_roll():
    w = LogWriter.from_placements([])
    w.roll("Thomas", "Initiative", [2])
    w.undo("roll", MutableProperty.make("Initiative_result", "2", ""), MutableProperty.make("Initiative_total", "2", "0"))
    w.roll("Thomas", "Initiative", [6])
    r = replay_save(SaveFile("synthetic", w.text(), "plain", False, None, None))
    assert r.steps[1].is_undo and r.steps[1].undoes == 1
    assert [len(s.dice()) for s in r.steps] == [1, 0, 1]


def test_a_log_cut_before_end_save_is_refused():
    from vassal.errors import FormatError
    text = LogWriter.from_placements([Placement("a", "piece;;;a.png;A", "null;0;0;1;0", "Main Map", 1, 1)]).text()
    with pytest.raises(FormatError, match="stops before end_save"):
        replay_save(SaveFile("cut.vlog", text[: text.index("end_save")], "plain", False, None, None))


def test_commands_after_end_save_that_are_not_steps_belong_to_the_start_state():
    """VASSAL executes a loaded file's non-LOG commands at once; only LOG fields wait as steps."""
    from vassal.commands import Node, encode_tree
    from vassal.savewriter import restore_commands
    start = restore_commands([Placement("a", "piece;;;a.png;A", "null;0;0;1;0", "Main Map", 10, 10)])
    move = MovePiece.make("a", "Main Map", (50, 60), None, "Main Map", (10, 10), None, "pw")
    text = encode_tree(Node("begin_save", tuple(start) + (Node(move.text),)))
    r = replay_save(SaveFile("t.vsav", text, "plain", False, None, None))
    assert r.steps == [] and (r.initial.pieces["a"].x, r.initial.pieces["a"].y) == (50, 60)


def test_a_damaged_player_entry_never_shows_a_password_as_a_name():
    """Found by fuzzing: cutting 24 characters turns 'PLAYER\\tgrant-secret\\tGrant\\tBlue' into an
    entry whose name field holds the password."""
    from vassal.savefile import read_save
    text = read_save(ENGINE_LOG).text
    r = replay_save(SaveFile("damaged", text[:677] + text[701:], "plain", False, None, None))
    assert all("grant-secret" not in (p.name, p.side) for p in r.players)
    assert all("grant-secret" not in (s.player, s.side) for s in r.steps)


def test_a_password_inside_damaged_chat_text_is_hidden():
    """Found by fuzzing: a cut merges a move (with its mover's password) into a chat line."""
    from vassal.savefile import read_save
    text = read_save(ENGINE_LOG).text
    chat = "CHAT&lt;Grant&gt; - Blue Infantry advances"
    at = text.index(chat) + len(chat)
    damaged = text[:at] + " M/1/Main Map/1/1/null/Main Map/2/2/null/grant-secret" + text[at:]
    r = replay_save(SaveFile("damaged", damaged, "plain", False, None, None))
    said = [e.text for s in r.steps for e in s.events if isinstance(e, ChatLine)]
    assert any("[player id hidden]" in t for t in said)
    assert not any("grant-secret" in t for t in said)


def _panzer_log(mover: str = "panzer", chat: bool = True):
    """Hans (side German) plays with the password ``panzer``, an ordinary word he also uses in chat."""
    from vassal.commands import Node
    from vassal.sequence import TAB, encode
    start = LogWriter.from_placements([Placement("a", "piece;;;a.png;Tiger", "null;0;0;1;0", "Main Map", 100, 100)])
    nodes = start._start[:-1] + [Node(encode(["PLAYER", "panzer", "Hans", "German"], TAB))] + start._start[-1:]
    w = LogWriter(nodes)
    if chat:
        w.chat("Hans", "my panzer attacks")
    w.step(MovePiece.make("a", "Main Map", (200, 100), None, "Main Map", (100, 100), None, mover))
    return replay_save(SaveFile("panzer.vlog", w.text(), "plain", False, None, None))


def test_a_password_that_is_an_ordinary_word_stays_in_the_players_chat():
    r = _panzer_log()
    said = [e.text for s in r.steps for e in s.events if isinstance(e, ChatLine)]
    assert said == ["<Hans> - my panzer attacks"]
    assert [(p.name, p.side) for p in r.players] == [("Hans", "German")]
    assert [s.player for s in r.steps] == ["Hans", "Hans"] and not r.notes


def test_a_mover_the_roster_does_not_name_is_the_recording_player_said_once():
    r = _panzer_log(mover="ghost-id")
    assert r.steps[1].player == "Hans" and r.steps[1].side == "German"
    assert [n.message for n in r.notes] == ["1 step(s) move pieces as a player the roster does not name: shown as Hans"]
    alone = _panzer_log(mover="ghost-id", chat=False)
    assert alone.steps[0].player == "unknown player"
    assert len(alone.notes) == 1 and "ghost-id" not in alone.notes[0].message


_trait_states = st.lists(st.sampled_from(["", "a", "b", "x;y", "1"]), min_size=1, max_size=5)


@given(_trait_states, st.data())
def test_a_change_merges_trait_by_trait_as_vassal_merge_state_does(old_traits, data):
    """``D/id/new/old``: each trait whose state differs between old and new takes the new one, the
    rest keep the piece's own; the BasicPiece takes the new point only if the command moved it."""
    from vassal.commands import ChangePiece
    from vassal.gamestate import GameState, join_chain

    n = len(old_traits)
    new_traits = data.draw(st.lists(st.sampled_from(["", "a", "c"]), min_size=n, max_size=n))
    own_traits = data.draw(st.lists(st.sampled_from(["", "a", "b", "d"]), min_size=n, max_size=n))
    old_basic, own_basic = "Map;10;10;7;0", data.draw(st.sampled_from(["Map;10;10;7;0", "Map;40;40;7;0"]))
    new_basic = data.draw(st.sampled_from([old_basic, "Map;70;70;7;0"]))
    state = GameState()
    state.apply(AddPiece("", "1", join_chain([f"PROP;p{i}" for i in range(n)] + ["piece;;;;X"]),
                         join_chain(own_traits + [own_basic])))
    state.apply(ChangePiece("", "1", join_chain(new_traits + [new_basic]), join_chain(old_traits + [old_basic])))
    merged = [nw if nw != o else own for own, nw, o in zip(own_traits, new_traits, old_traits)]
    assert state.pieces["1"].state == join_chain(merged + [new_basic if new_basic != old_basic else own_basic])
