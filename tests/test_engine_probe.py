"""What the corpus cannot show, recorded by VASSAL itself: a module built here with an SVG
board holding a zoned grid, a Deck, a map inside a chart window's tab, symbolic dice; a log
recorded on it with the engine's ``script-log`` (moves into and out of the deck, onto a
stack, an undo that puts a piece back under a stack, a move to the chart-window map, rolls);
our replay of it must equal VASSAL's own (``decode-log``): steps, final board, locations.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from test_engine_compare import compare_final
from vassal import components as c
from vassal.archive import write_zip
from vassal.buildfile import write_buildfile
from vassal.gamestate import join_chain
from vassal.module import read_module
from vassal.replay import ChatLine, DiceRoll, replay_file
from vassal.sequence import encode

MAP = "Main Map"
BOARD = "Field"
SVG = (b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="6.25in" viewBox="0 0 600 400">'
       b'<rect width="600" height="400" fill="#cdb"/></svg>')
DECK = (500, 300)  # board point of the Deck


def _piece(name: str, gpid: str) -> c.Element:
    definition = encode(["+", "null", join_chain(["mark;Side", f"piece;;;;{name}"]),
                         join_chain(["North", f"null;0;0;{gpid};0"])], "/")
    return c.piece_slot(name, gpid, definition, (50, 50))


def build(path: Path) -> Path:
    """A small module with what the PBEM games at review have and the corpus lacks."""
    north = c.zone("North Woods", [(0, 0), (600, 0), (600, 200), (0, 200)],
                   c.square_grid(100, 100, 50, 50, c.grid_numbering("square", first="H", sep="-")))
    south = c.zone("South Fields", [(0, 200), (600, 200), (600, 400), (0, 400)])
    board = c.board(BOARD, image="field.svg", grid=c.zoned_grid([north, south]))
    main = c.map_component(MAP, c.map_parts(c.board_picker(MAP, [board]), extra=[
        c.draw_pile("Draw Deck", BOARD, *DECK),
        c.setup_stack("A", BOARD, 150, 150, [_piece("Infantry 1", "1"), _piece("Infantry 2", "2")]),
        c.setup_stack("B", BOARD, 350, 250, [_piece("Cavalry", "3")]),
        c.setup_stack("C", BOARD, 450, 150, [_piece("Guns", "4")]),
    ]))
    track_board = c.board("Track Board", size=(300, 100),
                          grid=c.square_grid(50, 50, 25, 25, c.grid_numbering("square", first="H")))
    track = c.widget_map("Track", c.map_parts(c.board_picker("Track", [track_board])))
    faces = [(str(v), v) for v in range(1, 7)]
    root = c.game_module("Probe", "1.0", [
        c.basic_command_encoder(), c.documentation(), c.player_roster(["North", "South"]), c.global_options(),
        main, c.global_properties(), c.global_translatable_messages(),
        c.chart_window("Charts", [c.tab_widget("Tabs", [c.map_widget("Turn Track", track)])]),
        c.dice_button("2d6", n_dice=2, n_sides=6),
        c.special_dice_button("Fate", [faces, faces]),
        c.chatter(), c.key_namer(), c.language(),
    ])
    metadata = c.module_metadata("Probe", "1.0", "engine probe")
    write_zip(path, [("buildFile.xml", write_buildfile(root)), ("images/field.svg", SVG),
                     ("moduledata", metadata.to_xml())])
    return path


SCRIPT = f"""
move "Guns" "{MAP}" "{DECK[0]},{DECK[1]}"
move "Cavalry" "{MAP}" "{DECK[0]},{DECK[1]}"
move "Guns" "{MAP}" "550,350"
move "Infantry 2" "{MAP}" "350,350"
undo
move "Cavalry" "{MAP}" "150,150"
move "Infantry 1" "Track" "175,75"
roll "Fate"
roll "2d6"
move "Guns" "{MAP}" "{DECK[0]},{DECK[1]}"
chat the probe is done
"""


@pytest.fixture(scope="module")
def probe(tmp_path_factory):
    folder = tmp_path_factory.mktemp("probe")
    module = build(folder / "probe.vmod")
    recorded = engine.script_log(module, SCRIPT, folder / "probe.vlog", player="Hans", password="panzer",
                                 side="North")
    return module, recorded, engine.decode_log(module, recorded.log)


def test_the_module_is_read_as_vassal_reads_it(probe):
    module = read_module(probe[0])
    field = module.map(MAP).board(BOARD)
    assert (field.width, field.height) == (600, 400)  # 6.25in at 96 px per inch; height from the viewBox
    assert [d.name for d in module.map(MAP).decks] == ["Draw Deck"]
    assert module.find_map("Track") is not None and module.missing_board_images() == ()


def test_the_recorded_log_replays_as_vassal_replays_it(probe):
    module_path, recorded, decoded = probe
    assert recorded.verified and decoded.passed
    module = read_module(module_path)
    replay = replay_file(str(recorded.log), module)
    assert len(replay.steps) == decoded.steps == decoded.replayed
    compare_final(replay.final, decoded, module)
    final = {p.name: p for p in replay.final.pieces.values()}
    assert (final["Guns"].location, final["Infantry 1"].map) == ("Draw Deck", "Track")  # the deck's name first
    stack_a = sorted((p for p in final.values() if p.stack_id == final["Infantry 2"].stack_id),
                     key=lambda p: p.stack_index)
    # the undo put Infantry 2 back under Infantry 1 (bottom, no piece named beneath it); Infantry 1 left,
    # the Cavalry came out of the deck onto the stack
    assert [p.name for p in stack_a] == ["Infantry 2", "Cavalry"]
    assert {p.location for p in stack_a} == {"North Woods"}


def test_symbolic_dice_are_that_buttons_faces_and_the_password_stays_an_ordinary_word(probe):
    module_path, recorded, _ = probe
    replay = replay_file(str(recorded.log), read_module(module_path))
    fate = [d for s in replay.steps for d in s.dice() if d.purpose == "Fate"]
    assert len(fate) == 1 and len(fate[0].values) == 2 and all(1 <= v <= 6 for v in fate[0].values)
    assert fate[0].sides == 6 and fate[0].total == sum(fate[0].values)
    assert [s.player for s in replay.steps if s.dice()] == ["Hans", "Hans"]
    chat = [e.text for s in replay.steps for e in s.events if isinstance(e, ChatLine)]
    assert any("the probe is done" in t for t in chat)
    assert not any(isinstance(e, DiceRoll) and "panzer" in e.text for s in replay.steps for e in s.events)


def test_an_undo_as_vassal_29_wrote_it_is_an_undo(probe, tmp_path):
    """Before VASSAL 3.6.7 an undo was the ``* UNDO:`` report and the inverse commands, with no
    ``UNDO true/false`` around them: the same log written that way replays to the same board in
    VASSAL, and we still read that step as the undo of the move before it."""
    from vassal.savefile import read_save, write_save
    module_path, recorded, _ = probe
    save = read_save(recorded.log)
    old_text = save.text.replace("UNDO\ttrue", "null").replace("UNDO\tfalse", "null")
    assert old_text != save.text
    old = tmp_path / "old-undo.vlog"
    write_save(old, old_text, save.module_metadata, save.save_metadata)
    decoded = engine.decode_log(module_path, old)
    module = read_module(module_path)
    replay = replay_file(str(old), module)
    assert len(replay.steps) == decoded.steps == decoded.replayed
    compare_final(replay.final, decoded, module)
    undos = [s for s in replay.steps if s.is_undo]
    assert len(undos) == 1 and undos[0].undoes == undos[0].index - 1
    assert not undos[0].dice()


def test_an_addpiece_of_an_id_in_use_keeps_both_pieces_as_vassal_does(tmp_path):
    """VASSAL's AddPiece makes a new piece and files it under its id: a piece already under that
    id stays where it is, in its stack, and later commands naming the id move the new one. Ours
    keeps the old one as ``<id>#replacedN``; both must be where decode-log has them."""
    from conftest import ENGINE_LOG, ENGINE_MODULE
    from vassal.commands import AddPiece, MovePiece, Node, encode_tree, parse_tree
    from vassal.gamestate import vassal_id, with_position
    from vassal.replay import Added
    from vassal.savefile import read_save, write_save

    save = read_save(ENGINE_LOG)
    before = replay_file(str(ENGINE_LOG)).final
    old = next(p for p in before.pieces.values() if p.stack_id is not None)
    added = AddPiece.make(old.id, old.type, with_position(old.state, old.map, 100, 120))
    moved = MovePiece.make(old.id, old.map, (200, 220), None, old.map, (100, 120), None, "x")
    root = parse_tree(save.text)
    log = tmp_path / "same-id.vlog"
    write_save(log, encode_tree(Node(root.text, root.children + (Node("LOG\t" + added.text),
                                                                  Node("LOG\t" + moved.text)))),
               save.module_metadata, save.save_metadata)
    decoded = engine.decode_log(ENGINE_MODULE, log)
    replay = replay_file(str(log), read_module(ENGINE_MODULE))
    assert len(replay.steps) == decoded.steps == decoded.replayed
    theirs = sorted((e.id, e.map, e.x, e.y, e.loc) for e in decoded.final)
    ours = sorted((vassal_id(p.id), p.map, p.x, p.y, p.location) for p in replay.final.pieces.values())
    assert ours == theirs
    assert [e.x for e in decoded.final if e.id == old.id] == [old.x, 200]  # both, the old one unmoved
    kept = next(p for p in replay.final.pieces.values() if p.id.startswith(f"{old.id}#replaced"))
    assert (kept.x, kept.y, kept.stack_id) == (old.x, old.y, old.stack_id)
    assert isinstance(replay.steps[-2].events[0], Added)
