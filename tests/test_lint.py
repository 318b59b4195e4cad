"""The module linter on real modules (no false errors) and on broken copies of the
engine's own test module (each fault found, with the consequence VASSAL shows)."""

from __future__ import annotations

import functools
import io
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CORPUS, ENGINE_MODULE
from PIL import Image

from vassal.archive import zip_bytes
from vassal.commands import AddPiece, BoardPlacement, Node, encode_tree, split_stream
from vassal.lint import Issue, lint, lint_module
from vassal.metadata import Metadata
from vassal.module import read_module
from vassal.piece import Piece
from vassal.savefile import read_save, save_bytes
from vassal.savewriter import Placement, save_text, with_position
from vassal.sequence import TAB, encode

REAL_MODULES = [
    ENGINE_MODULE,
    CORPUS / "jzhex" / "jzhex-n-counters-template-v12-379.vmod",
    CORPUS / "jzhex" / "ragnarok" / "vassal" / "buildFile.xml",
    CORPUS / "jzhex" / "template" / "buildFile.xml",
    CORPUS / "kassala" / "vmod" / "buildFile.xml",
    CORPUS / "zxvt" / "buildFile",
    CORPUS / "BBVassal" / "buildFile",
    CORPUS / "vsql" / "dist" / "buildFile.xml",
    CORPUS / "ccnapoleonics" / "dist" / "buildFile.xml",
]
UNPACKED = [p for p in REAL_MODULES if p.suffix != ".vmod"]
MAP = "Main Map"
BOARD = "Board 1"
#: The engine module's at-start stacks and their hexes (corpus/PROVENANCE.md).
AT_START = {"Red Infantry": "0203", "Red Armor": "0305", "Blue Infantry": "0704"}


@functools.cache
def real_issues(path: Path) -> list[Issue]:
    """Each real module is linted once per session (the largest takes most of a minute)."""
    return lint_module(path)


def errors(issues: list[Issue]) -> list[str]:
    return [str(i) for i in issues if i.severity == "error"]


def matching(issues: list[Issue], severity: str, *words: str) -> list[Issue]:
    return [i for i in issues if i.severity == severity and all(w in str(i) for w in words)]


# ----------------------------------------------------------------------------- real modules

@pytest.mark.parametrize("path", REAL_MODULES, ids=lambda p: str(p.relative_to(CORPUS)))
def test_real_modules_have_no_errors(path: Path) -> None:
    assert errors(real_issues(path)) == []


@pytest.mark.parametrize("path", UNPACKED, ids=lambda p: str(p.relative_to(CORPUS)))
def test_unpacked_buildfiles_say_images_were_not_checked(path: Path) -> None:
    issues = real_issues(path)
    assert matching(issues, "info", "images not available")
    assert not [i for i in issues if "image" in i.message and i.severity != "info"]


def test_engine_module_images_and_parts_are_clean() -> None:
    issues = lint_module(ENGINE_MODULE)
    # the module VASSAL opened cleanly: only its 3.7 stamp (we target 3.6) is worth a warning; its
    # CounterDetailViewer written without a version attribute is upgraded silently: a note
    assert sorted((i.where, i.severity) for i in issues) == [
        ("GameModule[OracleDiceTest]/Map[Main Map]/CounterDetailViewer", "info"),
        ("buildFile.xml", "warning"), ("moduledata", "warning")]
    assert [i.severity for i in lint_module(ENGINE_MODULE, target="3.7")] == ["info"]


def test_real_module_with_missing_images_is_warned_not_failed() -> None:
    # the template's unused palette names three images its archive does not hold
    issues = lint_module(CORPUS / "jzhex" / "jzhex-n-counters-template-v12-379.vmod")
    missing = sorted(i.message.split("'")[1] for i in matching(issues, "warning", "not in the module's images/"))
    assert missing == ["INF-white", "MEC-black-white", "blank-white"]


def test_custom_classes_are_noted_when_the_module_code_is_absent() -> None:
    issues = lint_module(CORPUS / "BBVassal" / "buildFile")
    assert {i.message.split()[0] for i in matching(issues, "info", "module's own code")} == {
        "BBCounterFactory", "HakaTime"}


@pytest.mark.parametrize("folder, setup, file, maps", [
    ("kassala/vmod", "Default Setup", "Default Setup.vsav", {"Main Map"}),
    ("jzhex/ragnarok/vassal", "At Start", "ragnarok-start.vsav", {"Main Map", "deployment"}),
])
def test_setup_summary_counts_every_piece_on_a_map(folder: str, setup: str, file: str, maps: set[str]) -> None:
    report = lint(CORPUS / folder / "buildFile.xml")
    [summary] = [s for s in report.setups if s.name == setup]
    stream = split_stream(read_save(CORPUS / folder / file).text)
    on_maps = [c for c in stream.setup if isinstance(c, AddPiece) and not c.is_stack
               and not c.state.rsplit("\t", 1)[-1].startswith("null;")]
    assert summary.file == file
    assert len(summary.pieces) == len(on_maps) > 20
    assert {p.map for p in summary.pieces} == maps


def test_lint_is_deterministic() -> None:
    path = CORPUS / "jzhex" / "ragnarok" / "vassal" / "buildFile.xml"
    assert lint(path) == lint(path)


# ----------------------------------------------------------------------------- broken copies

def engine_entries() -> dict[str, bytes]:
    with zipfile.ZipFile(ENGINE_MODULE) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def broken(tmp_path: Path, edit_buildfile: Callable[[str], str] = lambda s: s,
           drop: tuple[str, ...] = (), add: dict[str, bytes] | None = None) -> Path:
    """A copy of the engine module with its buildFile edited and entries dropped or added."""
    entries = engine_entries()
    before = entries["buildFile.xml"].decode()
    after = edit_buildfile(before)
    assert after != before or drop or add, "the edit must change something"
    entries["buildFile.xml"] = after.encode()
    entries = {k: v for k, v in entries.items() if k not in drop} | (add or {})
    path = tmp_path / "broken.vmod"
    path.write_bytes(zip_bytes(list(entries.items())))
    return path


def test_missing_image(tmp_path: Path) -> None:
    issues = lint_module(broken(tmp_path, drop=("images/red.png",)))
    found = matching(issues, "warning", "'red.png'", "image not found")
    assert sorted(i.where.rsplit("/", 1)[-1] for i in found) == ["PieceSlot[Red Armor]", "PieceSlot[Red Infantry]"]


def test_image_found_as_vassal_finds_it(tmp_path: Path) -> None:
    # DataArchive also tries "<name>.gif", for modules whose GIFs lost their extension
    red = engine_entries()["images/red.png"]
    issues = lint_module(broken(tmp_path, drop=("images/red.png",), add={"images/red.png.gif": red}))
    assert not [i for i in issues if "red.png" in i.message]


def test_missing_board_image(tmp_path: Path) -> None:
    issues = lint_module(broken(tmp_path, drop=("images/board.png",)))
    assert matching(issues, "warning", "Board[Board 1]@image", "'board.png'")


def test_unreadable_image(tmp_path: Path) -> None:
    issues = lint_module(broken(tmp_path, add={"images/blue.png": b"not a png"}))
    assert matching(issues, "warning", "PieceSlot[Blue Infantry]", "'blue.png' cannot be read")


def test_bad_counter_detail_viewer_display(tmp_path: Path) -> None:
    path = broken(tmp_path, lambda s: s.replace("<VASSAL.build.module.map.CounterDetailViewer/>",
                                                '<VASSAL.build.module.map.CounterDetailViewer display="true" version="4"/>'))
    [issue] = errors(lint_module(path))
    assert "CounterDetailViewer: display='true' is not one of VASSAL's display modes" in issue


def test_duplicate_gpid(tmp_path: Path) -> None:
    path = broken(tmp_path, lambda s: s.replace('gpid="2"', 'gpid="1"'))
    found = errors(lint_module(path))
    assert len(found) == 2 and all("gpid '1' is used by 2 piece slots" in e for e in found)


def test_next_piece_slot_id_empty_or_too_low(tmp_path: Path) -> None:
    empty = lint_module(broken(tmp_path, lambda s: s.replace('nextPieceSlotId="20"', 'nextPieceSlotId=""')))
    assert errors(empty) == [("error: GameModule[OracleDiceTest]: nextPieceSlotId='' is not an integer: "
                              "VASSAL throws NumberFormatException while loading")]
    low = lint_module(broken(tmp_path, lambda s: s.replace('nextPieceSlotId="20"', 'nextPieceSlotId="3"')))
    assert matching(low, "error", "nextPieceSlotId=3 is not above the highest gpid 3")


def test_bad_numbers(tmp_path: Path) -> None:
    path = broken(tmp_path, lambda s: s.replace('nDice="1"', 'nDice="one"').replace('dx="60.0"', 'dx=""'))
    found = errors(lint_module(path))
    assert len(found) == 2
    assert "DiceButton[Morale]: nDice='one' is not an integer" in found[0]
    assert "HexGrid: dx='' is not a number" in found[1]


def test_unknown_tag(tmp_path: Path) -> None:
    path = broken(tmp_path, lambda s: s.replace("<VASSAL.build.module.Chatter/>",
                                                "<VASSAL.build.module.Chatter/><VASSAL.build.module.NoSuchThing/>"))
    assert errors(lint_module(path)) == [("error: GameModule[OracleDiceTest]/NoSuchThing: unknown VASSAL class "
                                          "VASSAL.build.module.NoSuchThing: loading stops with IllegalBuildException")]


def test_custom_class_without_its_class_file(tmp_path: Path) -> None:
    path = broken(tmp_path, lambda s: s.replace("<VASSAL.build.module.Chatter/>",
                                                "<VASSAL.build.module.Chatter/><mygame.Thing/>"))
    assert matching(lint_module(path), "error", "mygame/Thing.class")
    def shipped(class_bytes: bytes) -> list[Issue]:
        path = broken(tmp_path, lambda s: s.replace("<VASSAL.build.module.Chatter/>",
                                                    "<VASSAL.build.module.Chatter/><mygame.Thing/>"),
                      add={"mygame/Thing.class": class_bytes})
        return [i for i in lint_module(path) if "Thing" in i.where]
    java11, java17 = b"\xca\xfe\xba\xbe\x00\x00\x00\x37", b"\xca\xfe\xba\xbe\x00\x00\x00\x3d"
    assert shipped(java11) == []
    assert [i.severity for i in shipped(java17)] == ["warning"]
    assert "class version 61.0 (newer than Java 11)" in shipped(java17)[0].message
    assert [i.severity for i in shipped(b"PK\x03\x04 not a class")] == ["error"]


def test_plain_tag_in_the_wrong_place(tmp_path: Path) -> None:
    path = broken(tmp_path, lambda s: s.replace("<VASSAL.build.module.Chatter/>",
                                                "<VASSAL.build.module.Chatter><entry>x</entry></VASSAL.build.module.Chatter>"))
    assert matching(lint_module(path), "error", "<entry> is read only inside PlayerRoster")


def test_grid_numbering_of_vassal_38(tmp_path: Path) -> None:
    path = broken(tmp_path, lambda s: s.replace("mapgrid.HexGridNumbering", "mapgrid.ObliqueHexGridNumbering"))
    assert matching(lint_module(path), "error", "exists only from VASSAL 3.8")


def test_missing_map_parts_and_sides(tmp_path: Path) -> None:
    path = broken(tmp_path, lambda s: s.replace("<VASSAL.build.module.map.PieceMover/>", "")
                  .replace("<entry>Red</entry>", "").replace("<entry>Blue</entry>", ""))
    issues = lint_module(path)
    assert matching(issues, "warning", "Map[Main Map]: no PieceMover: pieces cannot be dragged")
    assert matching(issues, "warning", "PlayerRoster: no <entry> sides")


def test_cdata_and_control_characters(tmp_path: Path) -> None:
    cdata = broken(tmp_path, lambda s: s.replace(">+/null/PROP;Strength", "><![CDATA[+/null/PROP;Strength", 1)
                   .replace(";1;0</VASSAL.build.widget.PieceSlot>", ";1;0]]></VASSAL.build.widget.PieceSlot>"))
    assert matching(lint_module(cdata), "error", "buildFile.xml:34", "CDATA section")
    control = broken(tmp_path, lambda s: s.replace('name="Morale"', 'name="Mor&#27;ale"'))
    found = errors(lint_module(control))
    assert found[0].startswith("error: buildFile.xml:12: control character")
    assert len(found) == 2 and "not well-formed XML" in found[1]


def test_archive_level_faults(tmp_path: Path) -> None:
    issues = lint_module(broken(tmp_path, add={"extensiondata": b"<data/>"}))
    assert matching(issues, "error", "extensiondata", "opens the file as an extension")
    entries = engine_entries()
    renamed = broken(tmp_path, drop=("buildFile.xml",), add={"buildFile": entries["buildFile.xml"]})
    assert errors(lint_module(renamed)) == [("error: buildFile.xml: missing: with VassalVersion 3.7.0 "
                                             "VASSAL reads buildFile.xml and finds no buildfile")]
    other_name = broken(tmp_path, add={"moduledata": entries["moduledata"].replace(b"OracleDiceTest", b"Other")})
    assert matching(lint_module(other_name), "warning", "name 'Other' differs from the buildFile name")
    unreadable = broken(tmp_path, add={"moduledata": b"<data><name>x</data>"})
    assert matching(lint_module(unreadable), "error", "moduledata", "not well-formed XML")
    missing = broken(tmp_path, drop=("moduledata",))
    assert matching(lint_module(missing), "warning", "moduledata: missing", "always write moduledata")


def test_saves_and_garbage_are_refused_without_traceback(tmp_path: Path) -> None:
    [issue] = lint_module(CORPUS / "kassala" / "vmod" / "Default Setup.vsav")
    assert issue.severity == "error" and "saved game" in issue.message
    garbage = tmp_path / "buildFile.xml"
    garbage.write_bytes(b"<VASSAL.build.GameModule><unclosed")
    assert matching(lint_module(garbage), "error", "not well-formed XML")


# ----------------------------------------------------------------------------- pieces and prototypes

def with_outer_trait(slot_text: str, trait_type: str) -> str:
    """The slot text with one more trait (no state) outside the others."""
    piece = Piece.from_slot_text(slot_text)
    type_text, state_text = piece.encode()
    return encode(["+", "null", encode([trait_type, type_text], TAB), encode(["", state_text], TAB)], "/")


def edit_slot(name: str, trait_type: str) -> Callable[[str], str]:
    module = read_module(ENGINE_MODULE)
    [slot] = [s for s in module.piece_slots if s.entry_name == name]

    def edit(buildfile: str) -> str:
        old = escape(slot.text)
        assert old in buildfile
        return buildfile.replace(old, escape(with_outer_trait(slot.text, trait_type)))
    return edit


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def test_missing_prototype(tmp_path: Path) -> None:
    issues = lint_module(broken(tmp_path, edit_slot("Red Armor", "prototype;Armor")))
    [issue] = matching(issues, "warning", "prototype 'Armor'")
    assert issue.where.endswith("SetupStack[Red Armor]/PieceSlot[Red Armor]")
    assert "VASSAL silently leaves those traits out" in issue.message


def test_prototype_cycle(tmp_path: Path) -> None:
    cycle = ('<VASSAL.build.module.PrototypesContainer>'
             '<VASSAL.build.module.PrototypeDefinition name="A">+/null/prototype;B\tpiece;;;;/\tnull;0;0;;0'
             '</VASSAL.build.module.PrototypeDefinition>'
             '<VASSAL.build.module.PrototypeDefinition name="B">+/null/prototype;A\tpiece;;;;/\tnull;0;0;;0'
             '</VASSAL.build.module.PrototypeDefinition>'
             '</VASSAL.build.module.PrototypesContainer>')
    path = broken(tmp_path, lambda s: s.replace("<VASSAL.build.module.Chatter/>",
                                                "<VASSAL.build.module.Chatter/>" + cycle))
    found = errors(lint_module(path))
    assert [e.split(": ")[1] for e in found] == ["GameModule[OracleDiceTest]/PrototypesContainer/PrototypeDefinition[A]",
                                                 "GameModule[OracleDiceTest]/PrototypesContainer/PrototypeDefinition[B]"]
    assert all("prototype uses itself" in e for e in found)


def test_piece_text_that_does_not_decode(tmp_path: Path) -> None:
    path = broken(tmp_path, lambda s: s.replace("null;0;0;3;0</VASSAL", "</VASSAL"))
    [issue] = errors(lint_module(path))
    assert "PieceSlot[Blue Infantry]: piece definition does not decode" in issue


def test_gpid_in_the_text_differs_from_the_slot(tmp_path: Path) -> None:
    path = broken(tmp_path, lambda s: s.replace("null;0;0;3;0", "null;0;0;7;0"))
    assert matching(lint_module(path), "warning", "PieceSlot[Blue Infantry]", "gpid '7'", "gpid is '3'")


def test_keystroke_that_does_not_parse(tmp_path: Path) -> None:
    issues = lint_module(broken(tmp_path, edit_slot("Red Infantry", "delete;Delete;Ctrl-D;")))
    [issue] = matching(issues, "warning", "Ctrl-D")
    assert "Delete field key: 'Ctrl-D' is not code,modifiers[,name]; VASSAL reads it as no key" in issue.message
    assert not matching(lint_module(broken(tmp_path, edit_slot("Red Infantry", "delete;Delete;68,130;"))),
                        "warning", "Delete field")


# ----------------------------------------------------------------------------- predefined setups

SETUP_XML = ('<VASSAL.build.module.PredefinedSetup file="scenario.vsav" isMenu="false" '
             'name="Scenario 1" useFile="true"/>')


def placements(points: dict[str, tuple[int, int]], expand: Callable[[str], str] = lambda t: t) -> list[Placement]:
    module = read_module(ENGINE_MODULE)
    out = []
    for i, (name, (x, y)) in enumerate(points.items()):
        [slot] = [s for s in module.piece_slots if s.entry_name == name]
        type_text, state_text = Piece.from_slot_text(slot.text).encode()
        out.append(Placement(f"p{i}", expand(type_text), state_text, MAP, x, y))
    return out


def hex_points() -> dict[str, tuple[int, int]]:
    layout = read_module(ENGINE_MODULE).map_layout(MAP)
    return {name: layout.map_point(BOARD, hex_name) for name, hex_name in AT_START.items()}


def with_setup(tmp_path: Path, text: str, module_name: str = "OracleDiceTest") -> Path:
    save = save_bytes(text, Metadata(name=module_name, version="1.0", vassal_version="3.7.0"),
                      Metadata(version="1.0", vassal_version="3.7.0"))
    return broken(tmp_path, lambda s: s.replace("<VASSAL.build.module.Chatter/>",
                                                "<VASSAL.build.module.Chatter/>" + SETUP_XML),
                  add={"scenario.vsav": save})


def setup_issues(tmp_path: Path, text: str, **kwargs: str) -> list[Issue]:
    return [i for i in lint_module(with_setup(tmp_path, text, **kwargs)) if i.where.startswith("PredefinedSetup")]


def test_good_setup_is_summarised_with_its_hexes(tmp_path: Path) -> None:
    report = lint(with_setup(tmp_path, save_text(placements(hex_points()), has_setup_stacks=True)))
    assert [i for i in report.issues if i.where.startswith("PredefinedSetup") and i.severity != "info"] == []
    [summary] = report.setups
    assert {(p.name, p.map, p.location) for p in summary.pieces} == {
        (name, MAP, hex_name) for name, hex_name in AT_START.items()}


def test_setup_with_prototype_trait(tmp_path: Path) -> None:
    text = save_text(placements(hex_points(), lambda t: encode(["prototype;Infantry", t], TAB)),
                     has_setup_stacks=True)
    found = matching(setup_issues(tmp_path, text), "error", "unexpanded prototype")
    assert len(found) == 3


def test_setup_piece_off_board(tmp_path: Path) -> None:
    points = hex_points() | {"Blue Infantry": (5000, 5000)}
    issues = setup_issues(tmp_path, save_text(placements(points), has_setup_stacks=True))
    [issue] = [i for i in issues if i.severity == "error"]
    assert issue.where.endswith("piece 'Blue Infantry'")
    assert "at 5000,5000 on map 'Main Map' lies off every board" in issue.message


def test_setup_without_setup_stack_marker(tmp_path: Path) -> None:
    issues = setup_issues(tmp_path, save_text(placements(hex_points()), has_setup_stacks=False))
    assert matching(issues, "error", "no SETUP_STACK command", "places those pieces a second time")


def test_setup_on_unknown_map_and_board(tmp_path: Path) -> None:
    pieces = [Placement(p.id, p.type, p.state, "Side Map", p.x, p.y) for p in placements(hex_points())]
    text = save_text(pieces, boards={MAP: [BoardPlacement("Board 9", False, 0, 0)]}, has_setup_stacks=True)
    issues = setup_issues(tmp_path, text)
    assert len(matching(issues, "error", "is on map 'Side Map', which the module does not have")) == 3
    assert matching(issues, "error", "puts board 'Board 9' on map 'Main Map', which has no such board")


def test_setup_made_for_another_module(tmp_path: Path) -> None:
    text = save_text(placements(hex_points()), has_setup_stacks=True)
    issues = setup_issues(tmp_path, text, module_name="Some Other Game")
    assert matching(issues, "warning", "made for module 'Some Other Game'", "asks the player")


def test_setup_file_missing_or_not_a_save(tmp_path: Path) -> None:
    missing = broken(tmp_path, lambda s: s.replace("<VASSAL.build.module.Chatter/>",
                                                   "<VASSAL.build.module.Chatter/>" + SETUP_XML))
    assert matching(lint_module(missing), "error", "the setup file is not in the module")
    not_save = broken(tmp_path, lambda s: s.replace("<VASSAL.build.module.Chatter/>",
                                                    "<VASSAL.build.module.Chatter/>" + SETUP_XML),
                      add={"scenario.vsav": engine_entries()["images/red.png"]})
    assert matching(lint_module(not_save), "error", "not a VASSAL save")


def test_setup_pieces_outside_stacks(tmp_path: Path) -> None:
    adds = [Node(AddPiece.make(p.id, p.type, with_position(p.state, p.map, p.x, p.y)).text)
            for p in placements(hex_points())]
    text = encode_tree(Node("begin_save", (*adds, Node("SETUP_STACK\t"), Node("end_save"))))
    issues = setup_issues(tmp_path, text)
    found = matching(issues, "warning", "is not in a stack")
    assert sorted(i.where.split("piece ")[1] for i in found) == ["'Blue Infantry'", "'Red Armor'", "'Red Infantry'"]
    assert not [i for i in issues if i.severity == "error"]


# ----------------------------------------------------------------------------- at-start stacks

def test_at_start_stacks_are_located_as_the_engine_module_says() -> None:
    report = lint(ENGINE_MODULE)
    assert {(p.name, p.map, p.location) for p in report.at_start} == {
        (name, MAP, hex_name) for name, hex_name in AT_START.items()}


def png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 200, 200)).save(out, format="PNG")
    return out.getvalue()


def test_at_start_stack_misplaced_by_vassals_own_parser(tmp_path: Path) -> None:
    # hDescend with stagger on a board 760 px wide: maxCols = floor(760/69.28 + 0.5) = 11 is odd, so
    # getCenterPoint('0203') = (640, 109) (stagger by the numbered column 1, then col = 11 - 1 = 10),
    # which VASSAL names 0202 (raw column 10 is even: no stagger; column 11 - 10 + 1 = 02) (§3.4-3.6)
    path = broken(tmp_path, lambda s: s.replace('hDescend="false"', 'hDescend="true"'),
                  add={"images/board.png": png(760, 600)})
    found = matching(lint_module(path), "error", "SetupStack[Red Infantry]")
    assert [i.message for i in found] == [
        ("VASSAL's own parser puts location '0203' at 640,109, which it names '0202': the pieces start on "
        "the wrong hex (§3.6); write x,y with useGridLocation=false")]


def test_at_start_stack_faults(tmp_path: Path) -> None:
    path = broken(tmp_path, lambda s: s.replace('location="0305"', 'location="9999"')
                  .replace('name="Blue Infantry" location="0704" owningBoard="Board 1"',
                           'name="Blue Infantry" location="0704" owningBoard="Board 2"')
                  .replace('location="0203" owningBoard="Board 1" useGridLocation="true" x="0" y="0"',
                           'location="0203" owningBoard="Board 1" useGridLocation="false" x="900" y="10"'))
    issues = [i for i in lint_module(path) if "SetupStack" in i.where]
    assert [(i.severity, i.where.rsplit("/", 1)[-1]) for i in issues] == [
        ("error", "SetupStack[Red Infantry]"), ("error", "SetupStack[Red Armor]"),
        ("warning", "SetupStack[Blue Infantry]")]
    assert "VASSAL places it at 900,10, off every board" in issues[0].message
    # VASSAL's parser reads 9999 as column 99, row 99: far beyond the 800x600 board
    assert "VASSAL places it at 5920,6829, off every board" in issues[1].message
    assert "owningBoard 'Board 2' is not a board of this map: VASSAL never places this stack" in issues[2].message


def test_setup_with_player_entries_is_warned_without_the_password(tmp_path: Path) -> None:
    text = save_text(placements(hex_points()), has_setup_stacks=True)
    text = text.replace("\x1bend_save", "\x1bPLAYER\tsecret-password\tAlice\tRed\x1bend_save")
    issues = setup_issues(tmp_path, text)
    assert len(matching(issues, "warning", "1 PLAYER entries")) == 1
    assert not [i for i in issues if "secret-password" in str(i)]


def test_clashing_names_and_dice_without_sides(tmp_path: Path) -> None:
    second_map = ('<VASSAL.build.module.Map mapName="Main Map"><VASSAL.build.module.map.BoardPicker>'
                  '<VASSAL.build.module.map.boardPicker.Board name="Board 1" width="10" height="10"/>'
                  '<VASSAL.build.module.map.boardPicker.Board name="Board 1" width="10" height="10"/>'
                  '</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>')
    path = broken(tmp_path, lambda s: s.replace("<VASSAL.build.module.Chatter/>",
                                                "<VASSAL.build.module.Chatter/>" + second_map)
                  .replace('nSides="6" name="Morale"', 'nSides="0" name="Morale"'))
    issues = lint_module(path)
    assert len(matching(issues, "warning", "mapName 'Main Map' is used 2 times")) == 2
    assert matching(issues, "warning", "board name 'Board 1' is used 2 times on this map")
    assert matching(issues, "error", "DiceButton[Morale]: nSides=0: rolling throws")


def test_help_files_must_be_in_the_archive(tmp_path: Path) -> None:
    def docs(help_file: str) -> list[Issue]:
        path = broken(tmp_path, lambda s: s.replace(
            "<VASSAL.build.module.Documentation/>",
            f"<VASSAL.build.module.Documentation>{help_file}</VASSAL.build.module.Documentation>"))
        return [i for i in lint_module(path) if "Documentation" in i.where]

    missing = docs('<VASSAL.build.module.documentation.HelpFile fileName="rules.html" fileType="archive" '
                   'title="Rules"/>')
    assert [str(i) for i in missing] == [
        ("warning: GameModule[OracleDiceTest]/Documentation/HelpFile[Rules]@fileName: 'rules.html' is not "
        "in the module: choosing this entry fails")]
    # the jzhex template's Quick Start points into VASSAL's own documentation
    assert docs('<VASSAL.build.module.documentation.HelpFile fileName="Intro.html" fileType="archive" '
                'title="Quick Start" vassalDoc="vassal"/>') == []


def test_cards_in_decks_are_not_taken_for_unstacked_pieces() -> None:
    # the Napoleonics setups hold hundreds of cards, each listed in a Deck's state (id1,id2,...)
    issues = real_issues(CORPUS / "ccnapoleonics" / "dist" / "buildFile.xml")
    setups = [i for i in issues if i.where.startswith("PredefinedSetup")]
    assert len(matching(setups, "info", "pieces on maps")) == 3
    assert matching(setups, "warning", "is not in a stack") == []
