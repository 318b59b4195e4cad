"""Module reader against every module in the corpus (counts from corpus/PROVENANCE.md)."""

import re
import struct
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

from vassal.archive import open_zip, read_entry, zip_bytes
from vassal.buildfile import element
from vassal.commands import BoardPlacement
from vassal.errors import FormatError
from vassal.module import read_module

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"
ENGINE_VMOD = CORPUS / "engine" / "dice-test.vmod"

# file: (HexGrid, SquareGrid, RegionGrid, ZonedGrid), maps, PieceSlots, dice buttons, predefined setups
PROVENANCE = {
    "vsql/dist/buildFile.xml": ((0, 0, 0, 1), 2, 570, 4, 0),
    "zxvt/buildFile": ((0, 1, 0, 0), 1, 7, 7, 0),
    "kassala/vmod/buildFile.xml": ((1, 0, 0, 0), 1, 36, 1, 1),
    "ccnapoleonics/dist/buildFile.xml": ((1, 4, 16, 2), 6, 447, 2, 209),
    "BBVassal/buildFile": ((0, 12, 216, 5), 3, 335, 8, 0),
    "jzhex/jzhex-n-counters-template-v12-379.vmod": ((1, 1, 0, 1), 4, 10, 2, 1),
    "jzhex/ragnarok/vassal/buildFile.xml": ((1, 2, 0, 1), 3, 34, 2, 2),
    "jzhex/template/buildFile.xml": ((1, 1, 0, 1), 4, 10, 2, 1),
}
GRID = "VASSAL.build.module.map.boardPicker.board."


def _grid_counts(module) -> tuple[int, int, int, int]:
    """Grids of every board, written back through the grid model and counted by class."""
    tags = Counter(el.tag for m in module.maps for b in m.boards if b.grid is not None
                   for el in b.grid.to_element(element).iter())
    return tuple(tags[GRID + name] for name in ("HexGrid", "SquareGrid", "RegionGrid", "ZonedGrid"))


@pytest.mark.parametrize("name", sorted(PROVENANCE))
def test_counts_match_provenance(name):
    grids, maps, slots, dice, setups = PROVENANCE[name]
    module = read_module(CORPUS / name)
    assert len(module.maps) == maps
    assert len(module.piece_slots) == slots
    assert len(module.dice_buttons) == dice
    assert len(module.predefined_setups) == setups
    assert _grid_counts(module) == grids


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height straight from the PNG IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_engine_module():
    module = read_module(ENGINE_VMOD)
    assert module.name == "OracleDiceTest"
    assert module.metadata.vassal_version == "3.7.0"
    assert [(d.name, d.n_dice, d.n_sides) for d in module.dice_buttons] == [("Combat", 2, 6), ("Morale", 1, 6)]
    assert module.dice_button("Combat").report_format == "** $name$ = $result$ *** <$playerName$>"
    assert module.sides == ("Red", "Blue")
    main = module.map("Main Map")
    board = main.board("Board 1")
    with open_zip(ENGINE_VMOD) as zf:
        assert (board.width, board.height) == _png_size(read_entry(zf, "images/board.png", 1 << 20))
    assert board.location_name((40, 40)) == "0101"
    assert [(s.name, s.location, s.gpids) for s in main.setup_stacks] == [
        ("Red Infantry", "0203", ("1",)), ("Red Armor", "0305", ("2",)), ("Blue Infantry", "0704", ("3",))]
    assert module.piece_slot("3").entry_name == "Blue Infantry"
    assert module.piece_slot("3").path == ("Main Map", "Blue Infantry")
    assert module.warnings == ()


ENGINE_FINAL = re.compile(r"^FINAL: (?P<map>.+?) (?P<x>\d+),(?P<y>\d+) .* loc='(?P<loc>[^']*)' board='(?P<board>[^']*)'")


def test_locations_agree_with_what_the_vassal_engine_reported():
    """The engine replayed its own log on this module and printed each piece's location."""
    module = read_module(ENGINE_VMOD)
    lines = (CORPUS / "engine" / "engine-undo-example.replay.txt").read_text().splitlines()
    finals = [ENGINE_FINAL.match(line) for line in lines if line.startswith("FINAL:")]
    assert len(finals) == 3
    layout = module.map_layout("Main Map")
    locator = module.locator()
    for final in finals:
        x, y = int(final["x"]), int(final["y"])
        board, name = layout.locate(x, y)
        assert (board.name, name) == (final["board"], final["loc"])
        assert locator.location(final["map"], x, y, None) == final["loc"]
    assert locator.location("No Such Map", 100, 143, None) == "offboard"
    assert layout.locate(900, 143) == (None, "offboard")   # the board is 800 px wide


def test_layout_follows_the_save_and_the_board_picker():
    bb = read_module(CORPUS / "BBVassal" / "buildFile")
    pitch = bb.map("Grass Pitch")
    # no <setup> and several boards: VASSAL would ask, so nothing is placed by default
    assert bb.map_layout("Grass Pitch").boards == ()
    chosen = bb.map_layout("Grass Pitch", (BoardPlacement("Sevens", False, 0, 0),
                                           BoardPlacement("Nowhere", False, 1, 0)))
    assert [p.board.name for p in chosen.boards] == ["Sevens"]
    assert chosen.boards[0].board is pitch.board("Sevens")
    dugout = bb.map_layout("Red Team Dugout")
    assert [(p.board.name, p.column, p.row) for p in dugout.boards] == [("Red Team Dugout", 0, 0)]


def test_unpacked_folder_and_bare_buildfile_read_like_the_vmod(tmp_path):
    with open_zip(ENGINE_VMOD) as zf:
        for name in ("buildFile.xml", "moduledata", "images/board.png"):
            target = tmp_path / name
            target.parent.mkdir(exist_ok=True)
            target.write_bytes(read_entry(zf, name, 1 << 20))
    packed = read_module(ENGINE_VMOD)
    for source in (tmp_path, tmp_path / "buildFile.xml"):
        unpacked = read_module(source)
        assert unpacked.maps == packed.maps
        assert unpacked.dice_buttons == packed.dice_buttons
        assert unpacked.metadata == packed.metadata


def test_board_without_image_uses_attributes_and_warns_when_image_missing():
    module = read_module(CORPUS / "jzhex" / "template" / "buildFile.xml")
    dead = module.map("DeadPile").board("DeadPile")
    assert (dead.width, dead.height, dead.image) == (500, 500, "")
    main = module.map("Main Map").board("Map")
    assert (main.width, main.height) == (0, 0)   # VASSAL: all offboard without the image
    assert any("image 'map.jpg' is not in the module" in w for w in module.warnings)
    packed = read_module(CORPUS / "jzhex" / "jzhex-n-counters-template-v12-379.vmod")
    assert packed.map("Main Map").board("Map").width == 750


def test_parts_of_real_modules():
    vsql = read_module(CORPUS / "vsql" / "dist" / "buildFile.xml")
    (tracker,) = vsql.turn_trackers
    assert tracker.ident == "TurnTracker0"
    (turn,) = tracker.levels
    assert (turn.kind, turn.name, turn.start, turn.loop_limit) == ("counter", "Turn", 1, 30)
    (phase,) = turn.sublevels
    assert phase.kind == "list" and len(phase.items) == 16 and phase.items[0] == "Allied RPh"

    template = read_module(CORPUS / "jzhex" / "template" / "buildFile.xml")
    assert template.prototypes["Counter"].startswith("+/null/rotate;6;93,130;91,130;Rotate CW")
    assert template.sides == ("Side1", "Side2")

    ccn = read_module(CORPUS / "ccnapoleonics" / "dist" / "buildFile.xml")
    base = next(s for s in ccn.predefined_setups if s.name == "Base Game")
    assert base.menu == ("Scenarios",) and base.is_menu
    assert sum(s.is_menu for s in ccn.predefined_setups) == 20
    containers = {p.container for p in ccn.global_properties}
    assert "Module" in containers
    assert any(":" in c and c.startswith("Main Map:") for c in containers)  # ZoneProperty
    assert ccn.dice_buttons[0].kind == "RandomTextButton" and ccn.dice_buttons[0].n_sides == 36

    kassala = read_module(CORPUS / "kassala" / "vmod" / "buildFile.xml")
    stack = next(s for s in kassala.map("Main Map").setup_stacks if s.name == "Mos-Can_x3")
    assert (stack.owning_board, stack.use_grid_location, stack.x, stack.y) == ("Kassala", False, 734, 718)
    assert kassala.predefined_setups[0].file == "Default Setup.vsav"

    bb = read_module(CORPUS / "BBVassal" / "buildFile")
    dugout = bb.map("Red Team Dugout")
    assert dugout.kind == "PrivateMap"
    assert dugout.default_layout == (BoardPlacement("Red Team Dugout", False, 0, 0),)
    special = next(d for d in bb.dice_buttons if d.name == "One Die Block")
    assert special.kind == "SpecialDiceButton" and special.faces[0][0] == "ATTACKER DOWN"


def _module_zip(tmp_path, entries) -> Path:
    path = tmp_path / "m.vmod"
    path.write_bytes(zip_bytes(entries))
    return path


ROOT = b'<VASSAL.build.GameModule name="{name}"/>'


def test_old_modules_read_buildfile_as_vassal_does(tmp_path):
    meta = b'<data version="1"><VassalVersion>3.2.17</VassalVersion><name>Old</name></data>'
    both = [("buildFile", ROOT.replace(b"{name}", b"Old")), ("buildFile.xml", ROOT.replace(b"{name}", b"New")),
            ("moduledata", meta)]
    assert read_module(_module_zip(tmp_path, both)).name == "Old"
    newer = [(n, d.replace(b"3.2.17", b"3.6.0")) for n, d in both]
    assert read_module(_module_zip(tmp_path, newer)).name == "New"


@pytest.mark.parametrize("entries,message", [
    ([("savedGame", b"begin_save")], "saved game"),
    ([("moduledata", b"<data/>")], "holds no buildFile"),
    ([("buildFile.xml", b"<html/>")], "not a VASSAL module"),
    ([("buildFile.xml", b'<VASSAL.build.GameModule><VASSAL.build.module.Map mapName="M" edgeWidth="wide"/>'
                        b'</VASSAL.build.GameModule>')], "edgeWidth='wide'"),
])
def test_broken_modules_are_format_errors(tmp_path, entries, message):
    with pytest.raises(FormatError, match=message) as err:
        read_module(_module_zip(tmp_path, entries))
    assert "m.vmod" in str(err.value)


def test_missing_and_non_module_files(tmp_path):
    with pytest.raises(FormatError, match="not found"):
        read_module(tmp_path / "absent.vmod")
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    with pytest.raises(FormatError, match="XML"):
        read_module(text)


def test_image_names_cannot_leave_an_unpacked_module(tmp_path):
    Image.new("RGB", (30, 20)).save(tmp_path / "secret.png")  # readable, were the name followed
    module_dir = tmp_path / "mod"
    module_dir.mkdir()
    (module_dir / "images").mkdir()
    (module_dir / "buildFile.xml").write_bytes(
        b'<VASSAL.build.GameModule name="X"><VASSAL.build.module.Map mapName="M">'
        b'<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" '
        b'image="../../secret.png"/></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>'
        b'</VASSAL.build.GameModule>')
    module = read_module(module_dir)
    assert module.map("M").board("B").width == 0
    assert any("not in the module" in w for w in module.warnings)


def test_an_unreadable_image_is_a_warning_not_a_crash(tmp_path):
    with zipfile.ZipFile(ENGINE_VMOD) as zf:
        entries = [(i.filename, zf.read(i)) for i in zf.infolist()]
    entries = [(n, b"not a png" if n == "images/board.png" else d) for n, d in entries]
    module = read_module(_module_zip(tmp_path, entries))
    assert module.map("Main Map").board("Board 1").width == 0
    assert any("unreadable" in w for w in module.warnings)
