"""Issue 2 acceptance: a small complete module built in code, read back, and its setup checked.

The module is kept at ``build/test-module.vmod`` so that it can be opened by
hand in VASSAL (3.6+). It has one map with a Hood Strikes North style hex grid
(4-digit CCRR names, column 2 half a hex lower than column 1), a generated board
image, two side palettes, a prototype with a Layer, a rotate trait and a Marker,
three pieces, 2d6 and 1d6 dice buttons, a turn tracker, a chart window, two sides
and one predefined setup that places the pieces at named hexes.

The real VASSAL engine judges it: `check-vmod --strict` loads it with no error or warning (every
image, slot, prototype and the setup), and `setup-locations` finds each piece on its hex when the
setup is opened. Mutation tried: our HexGrid reading y0 one hex lower (`vassal.grids.hexgrid`), so
our placing and our naming agree with each other and not with VASSAL: the engine test fails (and
the hand-picked point test), while the replay-based `test_setup_pieces_land_on_their_hexes` passes.
"""

import io
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw

import engine

from vassal import components as c
from vassal.archive import entry_names, open_zip, read_entry, write_zip
from vassal.board import Board, MapLayout
from vassal.buildfile import parse_buildfile, write_buildfile
from vassal.commands import BoardPlacement
from vassal.gpid import assign_gpids
from vassal.grid import grid_from_element
from vassal.keys import CTRL, key
from vassal.metadata import Metadata
from vassal.module import read_module
from vassal.piece import Piece
from vassal.replay import replay_file
from vassal.savefile import read_save, save_bytes
from vassal.savewriter import Placement, save_text
from vassal.traits import BasicPiece, FreeRotator, Layer, Marker, UsePrototype

OUTPUT = Path(__file__).resolve().parents[1] / "build" / "test-module.vmod"
MODULE_NAME = "Adjutant Test Module"
MAP_NAME = "Main Map"
BOARD_NAME = "Hood Strikes North"
SETUP_FILE = "Scenario 1.vsav"
DATE_SAVED = 1700000000000
# (unit key, palette side, name, image, hex where the scenario sets it up)
UNITS = [
    ("CSA-Cheatham", "Confederate", "Cheatham", "csa.png", "0305"),
    ("CSA-Forrest", "Confederate", "Forrest", "csa.png", "0306"),
    ("USA-Schofield", "Union", "Schofield", "usa.png", "1108"),
]
COLUMNS, ROWS = 12, 10
DX, DY, X0, Y0 = 60.0, 69.28, 40, 40


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _images(grid_element) -> dict[str, bytes]:
    """Board, counters, the Layer's overlay and a chart, drawn with Pillow."""
    width, height = 740, 740
    board = Image.new("RGB", (width, height), (222, 210, 170))
    draw = ImageDraw.Draw(board)
    grid = grid_from_element(grid_element)
    for col in range(COLUMNS):
        for row in range(ROWS):
            name = f"{col + 1:02d}{row + 1:02d}"
            x, y = grid.point_for(name, Board("b", width, height).size)
            r = 2 * DX / 3
            draw.polygon([(x - r, y), (x - r / 2, y - DY / 2), (x + r / 2, y - DY / 2), (x + r, y),
                          (x + r / 2, y + DY / 2), (x - r / 2, y + DY / 2)], outline=(90, 80, 60))
            draw.text((x - 12, y - DY / 2 + 4), name, fill=(60, 50, 40))
    counters = {}
    for image_name, colour in (("csa.png", (150, 150, 160)), ("usa.png", (70, 90, 170))):
        counter = Image.new("RGB", (50, 50), colour)
        ImageDraw.Draw(counter).rectangle([2, 2, 47, 47], outline=(0, 0, 0))
        counters[image_name] = _png(counter)
    reduced = Image.new("RGBA", (50, 50), (0, 0, 0, 0))
    ImageDraw.Draw(reduced).rectangle([0, 40, 49, 49], fill=(200, 0, 0, 255))
    chart = Image.new("RGB", (200, 120), (255, 255, 255))
    ImageDraw.Draw(chart).text((10, 10), "Combat Results Table", fill=(0, 0, 0))
    return {"board.png": _png(board), **counters, "reduced.png": _png(reduced), "crt.png": _png(chart)}


def _prototype() -> Piece:
    return Piece((
        Layer(name="Step", images=("", "reduced.png"), level_names=("", "+ (reduced)"),
              increase_key=key("F", CTRL), up_command="Flip", always_active=True),
        FreeRotator(n_angles=6, cw_key=key("R", CTRL), ccw_key=key("L", CTRL), name="Facing"),
        Marker(names=("Class",), values=("Combat",)),
        BasicPiece(),
    ))


def _unit(side: str, name: str, image: str, gpid: str) -> Piece:
    return Piece((UsePrototype(name="Unit"), Marker(names=("Side",), values=(side,)),
                  BasicPiece(image=image, name=name, gpid=gpid)))


def build_module(path: Path) -> None:
    """Everything a hex-and-counter module needs, written as a deterministic .vmod."""
    numbering = c.grid_numbering(h_leading=1, v_leading=1, stagger=False)
    grid_el = c.hex_grid(DX, DY, X0, Y0, numbering)
    images = _images(grid_el)
    board_el = c.board(BOARD_NAME, image="board.png", grid=grid_el)
    layout = MapLayout.of([(Board.from_element(board_el, Board("b", 740, 740).size), 0, 0)])
    gpids = assign_gpids(key for key, *_ in UNITS)
    prototype = _prototype()
    units = {k: _unit(side, name, image, gpids[k]) for k, side, name, image, _ in UNITS}

    palettes = [c.list_widget(side, [c.piece_slot(name, gpids[k], units[k].slot_text(), (50, 50))
                                     for k, s, name, _, _ in UNITS if s == side])
                for side in ("Confederate", "Union")]
    main_map = c.map_component(MAP_NAME, c.map_parts(c.board_picker(MAP_NAME, [board_el])))
    root = c.game_module(MODULE_NAME, "1.0", [
        c.basic_command_encoder(),
        c.documentation(),
        c.player_roster(["Confederate", "Union"]),
        c.global_options(),
        main_map,
        c.global_properties(),
        c.global_translatable_messages(),
        c.prototypes_container([c.prototype_definition("Unit", prototype.slot_text())]),
        c.piece_window("Counters", [c.tab_widget("Sides", palettes)]),
        c.dice_button("2d6", n_dice=2, n_sides=6),
        c.dice_button("1d6", n_dice=1, n_sides=6),
        c.turn_tracker("Turn", [c.counter_turn_level("Turn", "Turn", sublevels=[
            c.list_turn_level("Player", "Player", ["Confederate", "Union"])])]),
        c.chart_window("Charts", [c.tab_widget("Tables", [c.chart("CRT", "crt.png")])]),
        c.predefined_setup("Scenario 1", SETUP_FILE),
        c.chatter(),
        c.key_namer(),
        c.language(),
    ], description="built by the acceptance test")
    metadata = c.module_metadata(MODULE_NAME, "1.0", "built by the acceptance test", date_saved=DATE_SAVED)

    placements = []
    for n, (k, _, _, _, hex_name) in enumerate(UNITS):
        x, y = layout.map_point(BOARD_NAME, hex_name)
        type_text, state_text = units[k].expand({"Unit": prototype}).encode()
        placements.append(Placement(str(1000 + n), type_text, state_text, MAP_NAME, x, y))
    setup = save_bytes(
        save_text(placements, {MAP_NAME: [BoardPlacement(BOARD_NAME, False, 0, 0)]}),
        metadata, Metadata(version="1.0", vassal_version="3.6.0", date_saved=str(DATE_SAVED)))

    write_zip(path, [
        ("buildFile.xml", write_buildfile(root)),
        ("moduledata", metadata.to_xml()),
        *((f"images/{name}", data) for name, data in sorted(images.items())),
        (SETUP_FILE, setup),
    ])


def _built() -> Path:
    OUTPUT.parent.mkdir(exist_ok=True)
    build_module(OUTPUT)
    return OUTPUT


def test_building_twice_gives_identical_bytes(tmp_path):
    build_module(tmp_path / "a.vmod")
    build_module(tmp_path / "b.vmod")
    assert (tmp_path / "a.vmod").read_bytes() == (tmp_path / "b.vmod").read_bytes()


def test_module_reads_back():
    module = read_module(_built())
    assert module.name == MODULE_NAME
    assert module.metadata.name == MODULE_NAME and module.metadata.vassal_version == "3.6.0"
    assert module.root.get("VassalVersion") == "3.6.0"
    assert module.sides == ("Confederate", "Union")
    assert [(d.name, d.n_dice, d.n_sides) for d in module.dice_buttons] == [("2d6", 2, 6), ("1d6", 1, 6)]
    (tracker,) = module.turn_trackers
    assert tracker.levels[0].sublevels[0].items == ("Confederate", "Union")
    assert [(s.name, s.file, s.use_file) for s in module.predefined_setups] == [("Scenario 1", SETUP_FILE, True)]
    board = module.map(MAP_NAME).board(BOARD_NAME)
    assert (board.width, board.height) == (740, 740)
    assert sorted((s.path, s.entry_name) for s in module.piece_slots) == [
        (("Counters", "Sides", "Confederate"), "Cheatham"),
        (("Counters", "Sides", "Confederate"), "Forrest"),
        (("Counters", "Sides", "Union"), "Schofield"),
    ]
    assert module.warnings == ()


def test_hex_names_are_hood_strikes_north_style():
    module = read_module(_built())
    board = module.map(MAP_NAME).board(BOARD_NAME)
    assert board.location_name((X0, Y0)) == "0101"
    # column 2 sits half a hex lower than column 1
    assert board.location_name((X0 + 60, Y0 + 35)) == "0201"
    assert board.location_name((X0 + 60 * 11, Y0 + 69 * 9 + 35)) == "1210"   # odd raw column: lower
    assert board.location_name((X0 + 60 * 11, Y0 + 69 * 9)) == "1209"


def test_vassal_loads_the_module_clean_with_its_pieces_and_setup():
    run = engine.check_vmod(_built(), strict=True)
    assert run.returncode == 0 and run.problems() == [], run.problems()
    (line,) = run.tagged("CHECKED")
    assert line.startswith(f"module '{MODULE_NAME}' version '1.0'; 3 piece slots, 1 prototypes, "
                           "1 predefined setups loaded (3 pieces)")


def test_vassal_opens_the_setup_with_every_piece_on_its_hex():
    placed = [(p.setup, p.map, p.loc, p.name) for p in engine.setup_locations(_built())]
    assert sorted(placed) == sorted(("Scenario 1", MAP_NAME, hex_name, name) for _, _, name, _, hex_name in UNITS)


def test_setup_pieces_land_on_their_hexes(tmp_path):
    path = _built()
    module = read_module(path)
    with open_zip(path) as zf:
        setup_file = tmp_path / "setup.vsav"
        setup_file.write_bytes(read_entry(zf, SETUP_FILE, 1 << 20))
    assert read_save(setup_file).module_metadata.name == MODULE_NAME   # no "different module" prompt
    replay = replay_file(str(setup_file), module)
    placed = sorted((p.name, p.map, p.location) for p in replay.initial.pieces.values() if p.stack_id is not None
                    or p.map is not None)
    expected = sorted((name, MAP_NAME, hex_name) for _, _, name, _, hex_name in UNITS)
    assert placed == expected
    slot_gpids = {s.gpid for s in module.piece_slots}
    for piece in replay.initial.pieces.values():
        decoded = Piece.decode(piece.type, piece.state)
        assert decoded.basic.gpid in slot_gpids
        assert decoded.properties["Class"] == "Combat"           # the prototype was expanded
        assert not any(isinstance(t, UsePrototype) for t in decoded.traits)


def test_everything_vassal_will_look_up_is_in_the_archive():
    """The checks VASSAL makes while loading: images named by boards, charts, pieces and
    layers exist; every slot's GPID matches its BasicPiece; nextPieceSlotId is above all."""
    path = _built()
    with open_zip(path) as zf:
        names = set(entry_names(zf))
        root = parse_buildfile(read_entry(zf, "buildFile.xml", 1 << 20))
    wanted = {el.get("image") for el in root.iter() if el.tag == c.BOARD}
    wanted |= {el.get("fileName") for el in root.iter() if el.tag == c.WIDGET + "Chart"}
    gpids = []
    for el in root.iter():
        if el.tag in (c.PIECE_SLOT, c.PROTOTYPE_DEFINITION):
            piece = Piece.from_slot_text(el.text)
            wanted |= {piece.basic.image} | {i for layer in piece.layers for i in layer.images}
            if el.tag == c.PIECE_SLOT:
                assert piece.basic.gpid == el.get("gpid")
                gpids.append(int(el.get("gpid")))
    wanted.discard("")
    assert {f"images/{w}" for w in wanted} <= names
    assert int(root.get("nextPieceSlotId")) > max(gpids)
    assert SETUP_FILE in names
    display = [el.get("display") for el in root.iter() if el.tag == c.MAP + "CounterDetailViewer"]
    assert display == ["from top-most layer only"]
