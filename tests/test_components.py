"""Component builders: every class name and attribute name must be one VASSAL itself wrote.

The reference set is every element and attribute in the corpus buildFiles (modules
saved by VASSAL 3.2 to 3.7.9). A misspelt tag would make VASSAL refuse the module;
a misspelt attribute would be silently ignored, so both are checked against files
VASSAL wrote rather than against our own tables.
"""

from pathlib import Path

import pytest

from vassal import components as c
from vassal.archive import open_zip, read_entry
from vassal.buildfile import Element, parse_buildfile, write_buildfile
from vassal.gpid import assign_gpids
from vassal.sequence import TAB, decode

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"


def _vassal_written_attributes() -> dict[str, set[str]]:
    datas = [p.read_bytes() for p in CORPUS.rglob("buildFile*")]
    for vmod in (CORPUS / "jzhex" / "jzhex-n-counters-template-v12-379.vmod",
                 CORPUS / "engine" / "dice-test.vmod"):
        with open_zip(vmod) as zf:
            datas.append(read_entry(zf, "buildFile.xml", 1 << 24))
    seen: dict[str, set[str]] = {}
    for data in datas:
        for el in parse_buildfile(data).iter():
            seen.setdefault(el.tag, set()).update(el.attrs)
    return seen


KNOWN = _vassal_written_attributes()
#: Names from the format reference (VASSAL source) that no corpus module happens to use.
NOT_IN_CORPUS = {
    ("VASSAL.build.module.turn.TurnGlobalHotkey", "hotkey"),
    ("VASSAL.build.module.turn.TurnGlobalHotkey", "match"),
    ("VASSAL.build.module.turn.TurnGlobalHotkey", "name"),
    ("VASSAL.build.module.turn.TurnGlobalHotkey", "reportFormat"),
    ("VASSAL.build.widget.BoxWidget", "entryName"),       # reference §2.4; the corpus box is unnamed
    # shared TurnLevel attribute (on CounterTurnLevel in the corpus); the one corpus list level has none
    ("VASSAL.build.module.turn.ListTurnLevel", "property"),
}
NOT_IN_CORPUS_TAGS = {"VASSAL.build.module.turn.TurnGlobalHotkey"}

SLOT_DEF = "+/null/piece;;;red.png;Red Infantry/null;0;0;{gpid};0"


def sample_module() -> Element:
    """A module using every builder."""
    gpids = assign_gpids(["red-1", "red-1@setup", "blue-1"])
    grid = c.hex_grid(60.0, 69.28, 40, 40, c.grid_numbering(stagger=True))
    zones = c.zoned_grid([c.zone("Box", [(0, 0), (100, 0), (100, 50)], c.square_grid(
        20.0, 20.0, 0, 0, c.grid_numbering("square")))], background=grid)
    main = c.map_component("Main Map", c.map_parts(
        c.board_picker("Main Map", [c.board("Board 1", image="board.png", grid=grid)]),
        layers=["Terrain", "Units"],
        extra=[c.setup_stack("Red 1", "Board 1", 100, 109, [
            c.piece_slot("Red 1", gpids["red-1@setup"], SLOT_DEF.format(gpid=gpids["red-1@setup"]), (50, 50))],
            location="0203"),
            c.global_properties([c.global_property("Supply", "0", numeric_range=(0, 10))])]))
    aux = c.private_map("Notes", ["Red"], c.map_parts(c.board_picker(
        "Notes", [c.board("A", size=(200, 100), grid=zones), c.board("B", size=(200, 100))],
        layout=[("A", 0, 0), ("B", 1, 0)])))
    return c.game_module("Test", "1.0", [
        c.basic_command_encoder(),
        c.documentation([c.about_screen("About", "about.png"), c.help_file("Rules", "rules.html"),
                         c.browser_help_file("Player Aids", "index.html"),
                         c.browser_pdf_file("Rulebook", "rules.pdf")]),
        c.player_roster(["Red", "Blue"]),
        c.global_options(),
        main, aux,
        c.global_properties([c.global_property("VP", "0", "victory points")]),
        c.global_translatable_messages(),
        c.prototypes_container([c.prototype_folder("Units", [
            c.prototype_definition("Unit", "+/null/mark;Side\tpiece;;;;/Red\tnull;0;0;;0")])]),
        c.piece_window("Pieces", [c.tab_widget("Sides", [
            c.list_widget("Red", [c.piece_slot("Red 1", gpids["red-1"], SLOT_DEF.format(gpid=gpids["red-1"]),
                                               (50, 50))]),
            c.panel_widget("Blue", [c.box_widget("Box", [c.piece_slot(
                "Blue 1", gpids["blue-1"], SLOT_DEF.format(gpid=gpids["blue-1"]), (50, 50))])])])]),
        c.dice_button("2d6"), c.dice_button("1d6", n_dice=1),
        c.turn_tracker("Turn", [c.counter_turn_level("Turn", "Turn", sublevels=[
            c.list_turn_level("Phase", "Phase", ["Movement", "Combat"])])],
            hotkeys=[c.turn_global_hotkey("Refresh", "0,0,Refresh", "Phase == Movement")]),
        c.predefined_setup("Scenarios", children=[c.predefined_setup("Scenario 1", "s1.vsav"),
                                                  c.predefined_setup("Free setup")]),
        c.chart_window("Charts", [c.tab_widget("Tables", [c.chart("CRT", "crt.png"),
                                                          c.html_chart("TEC", "tec.html")])]),
        c.inventory("Units", ["Side"]),
        c.toolbar_menu("Windows", ["Pieces", "Charts"]),
        c.chatter(), c.key_namer(), c.language(),
    ])


def test_every_tag_and_attribute_is_one_vassal_wrote():
    for el in sample_module().iter():
        if el.tag == "entry" or el.tag == "setup":
            continue
        assert el.tag in KNOWN or el.tag in NOT_IN_CORPUS_TAGS, el.tag
        unknown = {a for a in el.attrs if (el.tag, a) not in NOT_IN_CORPUS} - KNOWN.get(el.tag, set())
        assert not unknown, (el.tag, unknown)


INTEGER_ATTRIBUTES = {"nextPieceSlotId", "gpid", "width", "height", "x", "y", "x0", "y0", "nDice", "nSides",
                      "plus", "addToTotal", "keepCount", "edgeWidth", "edgeHeight", "start", "incr",
                      "loopLimit", "hOff", "vOff", "hLeading", "vLeading", "version", "delay",
                      "minDisplayPieces", "fontSize", "exSepX", "exSepY", "unexSepX", "unexSepY",
                      "thickness", "nColumns", "defaultWidth", "slotWidth", "slotHeight"}


def test_integer_attributes_are_never_empty():
    for el in sample_module().iter():
        if el.tag == c.GAME_MODULE:
            continue  # its version is the module's free-text version
        for name in INTEGER_ATTRIBUTES & set(el.attrs):
            assert el.attrs[name].lstrip("-").isdigit(), (el.tag, name, el.attrs[name])


def test_next_piece_slot_id_is_above_every_gpid():
    root = sample_module()
    gpids = [int(el.attrs["gpid"]) for el in root.iter() if el.tag == c.PIECE_SLOT]
    assert len(gpids) == 3
    assert int(root.attrs["nextPieceSlotId"]) == max(gpids) + 1
    assert root.attrs["VassalVersion"] == "3.6.0"


def test_duplicate_gpids_are_refused():
    slot = c.piece_slot("A", "7", SLOT_DEF.format(gpid=7), (50, 50))
    with pytest.raises(ValueError, match="GPIDs used by more than one piece slot: 7"):
        c.game_module("T", "1", [c.piece_window("P", [c.list_widget("L", [slot, slot])])])
    with pytest.raises(ValueError, match="not a decimal"):
        c.piece_slot("A", "", "", (1, 1))


def test_defaults_match_what_vassal_3_6_wrote():
    kassala = parse_buildfile((CORPUS / "kassala" / "vmod" / "buildFile.xml").read_bytes())
    real_dice = kassala.find_all(c.DICE_BUTTON)[0].attrs       # a 1d6 saved by VASSAL 3.6.6
    ours = c.dice_button("1d6", n_dice=1).attrs
    assert ours == real_dice
    jzhex = parse_buildfile((CORPUS / "jzhex" / "template" / "buildFile.xml").read_bytes())
    real_stack_metrics = jzhex.find_all("VASSAL.build.module.map.StackMetrics")[0].attrs
    assert c.stack_metrics().attrs == real_stack_metrics
    real_board_picker = jzhex.find_all(c.BOARD_PICKER)[0].attrs
    assert c.board_picker("x", []).attrs == real_board_picker


def test_board_picker_setup_is_a_set_boards_text():
    picker = c.board_picker("Main Map", [c.board("North", size=(10, 10)), c.board("South", size=(10, 10))],
                            layout=[("North", 0, 0), ("South", 0, 1)])
    setup = picker.first_child("setup")
    assert decode(setup.text, TAB) == ["Main MapBoardPicker", "North", "0", "0", "South", "0", "1"]


def test_the_bbvassal_setup_text_has_the_same_shape():
    bb = parse_buildfile((CORPUS / "BBVassal" / "buildFile").read_bytes())
    texts = [el.text for el in bb.find_all("setup")]
    assert decode(texts[0], TAB)[0].endswith("BoardPicker")
    assert len(decode(texts[0], TAB)) % 3 == 1


def test_counter_detail_viewer_display_must_be_a_vassal_string():
    assert c.counter_detail_viewer().attrs["display"] == "from top-most layer only"
    assert c.counter_detail_viewer().attrs["version"] == "4"
    with pytest.raises(ValueError, match="display"):
        c.counter_detail_viewer(display="true")


def test_board_needs_image_or_size_and_writes_size_only_without_image():
    assert c.board("B", image="b.png").attrs == {"image": "b.png", "name": "B", "reversible": "false"}
    assert c.board("B", size=(300, 200)).attrs == {"height": "200", "name": "B", "reversible": "false",
                                                   "width": "300"}
    with pytest.raises(ValueError, match="image or a size"):
        c.board("B")


def test_setup_stack_never_relies_on_vassal_name_lookup():
    stack = c.setup_stack("Hood", "Main", 953, 563, [], location="1508")
    assert stack.attrs["useGridLocation"] == "false"
    assert (stack.attrs["x"], stack.attrs["y"]) == ("953", "563")


def test_hex_grid_writes_both_spacings_as_doubles():
    grid = c.hex_grid(64.95, 75, 44, 38, c.grid_numbering(stagger=False))
    assert (grid.attrs["dx"], grid.attrs["dy"]) == ("64.95", "75.0")
    assert grid.children[0].attrs["stagger"] == "false"
    assert "stagger" not in c.grid_numbering("square").attrs


def test_turn_levels_nest_and_lists_are_comma_encoded():
    level = c.list_turn_level("Date", "Date", ["Nov 21, 1864", "Nov 22"])
    assert level.attrs["list"] == "Nov 21\\, 1864,Nov 22"
    assert decode(level.attrs["list"], ",") == ["Nov 21, 1864", "Nov 22"]
    tracker = c.turn_tracker("T", [c.counter_turn_level("Turn", "Turn", sublevels=[level])])
    # $levelN$ is by depth, as in the VSQL module: "Turn $level1$ - $level2$" for Turn > Phase
    assert tracker.attrs["turnFormat"] == "$level1$ $level2$"
    assert c.turn_tracker("T", [c.counter_turn_level("Turn", "Turn")]).attrs["turnFormat"] == "$level1$"
    assert tracker.children[0].children[0] is level


def test_predefined_setup_kinds():
    assert c.predefined_setup("S", "s.vsav").attrs == {"file": "s.vsav", "isMenu": "false", "name": "S",
                                                     "useFile": "true"}
    assert c.predefined_setup("New").attrs["useFile"] == "false"
    menu = c.predefined_setup("M", children=[c.predefined_setup("S", "s.vsav")])
    assert menu.attrs["isMenu"] == "true"
    with pytest.raises(ValueError):
        c.predefined_setup("X", "x.vsav", children=[c.predefined_setup("S", "s.vsav")])


def test_roster_sides_are_entry_children():
    roster = c.player_roster(["Confederate", "Union"])
    assert [(e.tag, e.text) for e in roster.children] == [("entry", "Confederate"), ("entry", "Union")]


def test_the_whole_module_writes_and_reads_back():
    root = sample_module()
    assert parse_buildfile(write_buildfile(root)) == root
    assert write_buildfile(sample_module()) == write_buildfile(root)


def test_module_metadata_matches_root():
    meta = c.module_metadata("Test", "1.0", date_saved=1700000000000)
    assert (meta.name, meta.version, meta.vassal_version, meta.date_saved) == ("Test", "1.0", "3.6.0",
                                                                              "1700000000000")
    assert b"<VassalVersion>3.6.0</VassalVersion>" in meta.to_xml()
