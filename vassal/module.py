"""Reading a VASSAL module: what a referee and a builder need to know about it.

A module may arrive as a ``.vmod`` zip, as an unpacked folder (as module
designers keep them in git), or as a bare ``buildFile``/``buildFile.xml``
(whose folder is then taken as the unpacked module). The buildFile is parsed
into the exact ``Element`` tree, and the parts that matter for replaying and
checking a game are lifted out into plain values: maps with their boards (sized
from the board image, as VASSAL does, because location names depend on it),
grids, prototypes, piece slots, dice buttons, turn trackers, properties, sides
and predefined setups. The tree itself stays available as ``Module.root``.

Everything in the archive is untrusted: entries are read through
``vassal.archive`` with size limits, and image names from the buildFile are
never joined onto a filesystem path without checking they stay inside the
module folder.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import re
import warnings
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from vassal import components as c
from vassal.archive import MODULE, ZIP_MAGIC, has_entry, open_zip, read_entry, unreadable
from vassal.board import OFFBOARD, Board, MapLayout, PlacedBoard
from vassal.buildfile import Element, parse_buildfile
from vassal.commands import BoardPlacement, SetBoards, parse_command
from vassal.decodable import CommandSupport
from vassal.errors import FormatError
from vassal.gamestate import DEFAULT_LAYER, no_stack
from vassal.grid import Size
from vassal.grids.zonedgrid import ZonedGrid
from vassal.metadata import Metadata, parse_metadata
from vassal.sequence import decode
from vassal.svg import svg_size

BUILDFILE = "buildFile.xml"
BUILDFILE_OLD = "buildFile"
MODULEDATA = "moduledata"
BUILDFILE_LIMIT = 64 << 20
MODULEDATA_LIMIT = 1 << 20
IMAGE_LIMIT = 256 << 20

WIDGET_MAP = c.WIDGET + "WidgetMap"
#: Every kind of VASSAL Map: module maps, private maps, player hands, and the maps of chart windows.
MAP_TAGS = (c.MAP_TAG, c.PRIVATE_MAP, c.M + "PlayerHand", WIDGET_MAP)
DRAW_PILE = c.MAP + "DrawPile"
STACK_METRICS = c.MAP + "StackMetrics"
LAYERED_PIECES = c.MAP + "LayeredPieceCollection"
DICE_TAGS = (c.DICE_BUTTON, c.M + "RandomTextButton", c.M + "SpecialDiceButton")
PIECE_SLOT_TAGS = (c.PIECE_SLOT,)
ZONE_PROPERTY = c.M + "properties.ZoneProperty"
PREFERENCE = "VASSAL.preferences."
_SPECIAL_DIE = c.M + "SpecialDie"
_SPECIAL_DIE_FACE = c.M + "SpecialDieFace"
_TURN_LEVEL_TAGS = (c.COUNTER_TURN_LEVEL, c.LIST_TURN_LEVEL)
_VERSION = re.compile(r"\s*(\d+)\.(\d+)")
_JAVA_INT = re.compile(r"[+-]?[0-9]{1,10}")


@dataclass(frozen=True)
class SetupStackInfo:
    """An at-start stack: where VASSAL puts its pieces when a new game starts (§2.3)."""

    name: str
    map_name: str
    owning_board: str
    use_grid_location: bool
    location: str
    x: int
    y: int
    gpids: tuple[str, ...]


@dataclass(frozen=True)
class DeckInfo:
    """A Deck (``DrawPile``): VASSAL names every point it sits on by its name (§3.7).
    ``x, y`` are relative to the owning board's corner, or to the map's edge margin
    when it has no owning board (or that board is not on the map)."""

    name: str
    x: int
    y: int
    owning_board: str


@dataclass(frozen=True)
class MapInfo:
    """A map window. ``name`` is its identifier in saves: ``mapName``, or ``MapN`` when blank;
    ``ident`` is always ``MapN`` (VASSAL finds a map by either).

    Boards are sized as VASSAL sizes them: by their image when they have one (an
    SVG by its width, height and viewBox), else by their attributes; a board whose
    size cannot be known is 0x0, so that, as in VASSAL, every point on it is
    ``offboard``. ``default_layout`` is the BoardPicker's ``<setup>`` (empty when the
    module has none). ``stacking`` is False when its StackMetrics disable stacking;
    ``layer_property``/``layer_order`` are its Game Piece Layers, if any.
    """

    name: str
    kind: str
    edge_width: int
    edge_height: int
    boards: tuple[Board, ...]
    default_layout: tuple[BoardPlacement, ...]
    setup_stacks: tuple[SetupStackInfo, ...]
    ident: str = ""
    decks: tuple[DeckInfo, ...] = ()
    stacking: bool = True
    layer_property: str = ""
    layer_order: tuple[str, ...] = ()
    missing_images: tuple[str, ...] = ()

    def board(self, name: str) -> Board:
        """The board called ``name`` on this map."""
        for candidate in self.boards:
            if candidate.name == name:
                return candidate
        raise KeyError(f"map {self.name!r} has no board {name!r}")


@dataclass(frozen=True)
class PieceSlotInfo:
    """A piece definition in the module; ``path`` is where it sits (palette window and
    widgets, or map and at-start stack)."""

    gpid: str
    entry_name: str
    text: str
    path: tuple[str, ...]


@dataclass(frozen=True)
class DiceButtonInfo:
    """A dice button. ``kind`` is the short class name; ``faces`` holds the texts of
    symbolic dice (SpecialDiceButton, one tuple per die) or random texts (RandomTextButton)."""

    kind: str
    name: str
    n_dice: int
    n_sides: int
    plus: int
    add_to_total: int
    report_total: bool
    report_format: str
    faces: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class TurnLevelInfo:
    """A turn tracker level (CounterTurnLevel ``counter`` or ListTurnLevel ``list``), nested."""

    kind: str
    name: str
    prop: str
    turn_format: str
    start: int
    increment: int
    loop_limit: int | None
    items: tuple[str, ...]
    sublevels: tuple[TurnLevelInfo, ...]


@dataclass(frozen=True)
class TurnTrackerInfo:
    """A turn tracker; ``ident`` is the id its saved state carries (``TURN<ident>``)."""

    ident: str
    name: str
    turn_format: str
    levels: tuple[TurnLevelInfo, ...]


@dataclass(frozen=True)
class GlobalPropertyInfo:
    """A global property; ``container`` is ``Module``, a map name, or ``map:zone`` as in saves."""

    name: str
    initial_value: str
    container: str


@dataclass(frozen=True)
class PredefinedSetupInfo:
    """A File > New Game entry; ``menu`` is the path of submenus it sits in."""

    name: str
    file: str
    use_file: bool
    is_menu: bool
    menu: tuple[str, ...]


@dataclass(frozen=True)
class Module:
    """A module as read: metadata, the exact tree, and the parts a referee needs."""

    source: str
    metadata: Metadata | None
    root: Element
    maps: tuple[MapInfo, ...]
    prototypes: dict[str, str]
    piece_slots: tuple[PieceSlotInfo, ...]
    dice_buttons: tuple[DiceButtonInfo, ...]
    turn_trackers: tuple[TurnTrackerInfo, ...]
    global_properties: tuple[GlobalPropertyInfo, ...]
    sides: tuple[str, ...]
    predefined_setups: tuple[PredefinedSetupInfo, ...]
    warnings: tuple[str, ...]
    #: the module's preferences (``VASSAL.preferences.*``) with their default values: VASSAL answers
    #: a property of that name with the player's setting, which is the default in a fresh VASSAL
    preferences: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        return self.root.get("name")

    @property
    def version(self) -> str:
        return self.root.get("version")

    def map(self, name: str) -> MapInfo:
        """The map whose identifier is ``name`` (its name, or its ``MapN`` id)."""
        found = self.find_map(name)
        if found is None:
            raise KeyError(f"module has no map {name!r}")
        return found

    def find_map(self, name: str) -> MapInfo | None:
        """``Map.getMapById``: the map a save calls ``name``, or None."""
        return self._maps_by_id.get(name)

    @functools.cached_property
    def _maps_by_id(self) -> dict[str, MapInfo]:
        found: dict[str, MapInfo] = {}
        for m in self.maps:
            found.setdefault(m.ident or m.name, m)
        for m in self.maps:
            found.setdefault(m.name, m)
        return found

    def missing_board_images(self) -> tuple[str, ...]:
        """``map: board`` for each board whose image the module lacks: VASSAL then sizes the
        board 0x0 and names every point on it ``offboard``."""
        return tuple(f"{m.name}: {b}" for m in self.maps for b in m.missing_images)

    @functools.cached_property
    def _command_support(self) -> CommandSupport:
        return CommandSupport(self.root, ((m.name, m.ident) for m in self.maps),
                              ((p.name, p.container) for p in self.global_properties))

    def command_support(self) -> CommandSupport:
        """Which commands VASSAL decodes with this module (``vassal.decodable``)."""
        return self._command_support

    def missing_images_note(self) -> str | None:
        """What to tell a user whose module (say, a buildFile folder) lacks board images."""
        images = sorted({b.image for m in self.maps for b in m.boards if b.image and b.name in m.missing_images})
        if not images:
            return None
        shown = ", ".join(images[:3]) + (f" and {len(images) - 3} more" if len(images) > 3 else "")
        return (f"{self.source}: {len(images)} board image(s) missing ({shown}), so every location on those "
                "boards will be `offboard`: give the .vmod, or the module folder with its images/ folder")

    def map_rules(self) -> ModuleMapRules:
        """What the replay needs to know of the maps (``vassal.gamestate.MapRules``)."""
        return ModuleMapRules(self)

    def map_layout(self, map_name: str,
                   boards_from_save: Sequence[BoardPlacement] | None = None) -> MapLayout:
        """The boards of map ``map_name`` as placed: as the save's SetBoards says, else the
        BoardPicker's default ``<setup>``, else the map's only board at (0, 0), as VASSAL
        picks it. Boards the map does not have are left out."""
        info = self.map(map_name)
        placements = boards_from_save if boards_from_save is not None else info.default_layout
        if not placements and len(info.boards) == 1:
            placements = (BoardPlacement(info.boards[0].name, False, 0, 0),)
        by_name = {b.name: b for b in info.boards}
        return MapLayout.of(
            [PlacedBoard(by_name[p.board], p.column, p.row, p.reversed) for p in placements if p.board in by_name],
            info.edge_width, info.edge_height)

    def locator(self) -> ModuleLocator:
        """Names map points for ``vassal.replay`` (its ``Locator`` protocol); one per module, so
        that the names it has worked out are kept."""
        return self._locator

    @functools.cached_property
    def _locator(self) -> ModuleLocator:
        return ModuleLocator(self)

    def dice_button(self, name: str) -> DiceButtonInfo:
        for button in self.dice_buttons:
            if button.name == name:
                return button
        raise KeyError(f"module has no dice button {name!r}")

    def piece_slot(self, gpid: str) -> PieceSlotInfo:
        for slot in self.piece_slots:
            if slot.gpid == gpid:
                return slot
        raise KeyError(f"module has no piece slot with GPID {gpid!r}")


class ModuleLocator:
    """``location(map_id, x, y, boards)``: VASSAL's ``Map.locationName`` for a saved position:
    the name of a deck sitting exactly there, else the board's grid name, else ``offboard``.
    Names are memoised per map, board layout and point: a replay asks for the same few points
    over and over."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self._layouts: dict[tuple[str, tuple[BoardPlacement, ...] | None], tuple[MapLayout, dict]] = {}
        self._names: dict[tuple, str] = {}
        self._zones: dict[tuple, tuple[str, str]] = {}

    def location(self, map_id: str, x: int, y: int, boards: tuple[BoardPlacement, ...] | None) -> str:
        key = (map_id, x, y, boards)
        name = self._names.get(key)
        if name is None:
            name = self._names[key] = self._location(map_id, x, y, boards)
        return name

    def _location(self, map_id: str, x: int, y: int, boards: tuple[BoardPlacement, ...] | None) -> str:
        info = self.module.find_map(map_id)
        if info is None:
            return OFFBOARD
        layout, decks = self._layout(info, boards)
        deck = decks.get((x, y))
        if deck is not None:
            return deck
        return layout.locate(x, y)[1]

    def board_and_zone(self, map_id: str, x: int, y: int,
                       boards: tuple[BoardPlacement, ...] | None) -> tuple[str, str]:
        """``CurrentBoard`` and ``CurrentZone`` of a map point: the board under it and the first
        zone of that board's zoned grid holding it ("" where there is none); memoised as names are."""
        key = (map_id, x, y, boards)
        found = self._zones.get(key)
        if found is None:
            found = self._zones[key] = self._board_and_zone(map_id, x, y, boards)
        return found

    def _board_and_zone(self, map_id: str, x: int, y: int,
                        boards: tuple[BoardPlacement, ...] | None) -> tuple[str, str]:
        info = self.module.find_map(map_id)
        if info is None:
            return "", ""
        layout, _ = self._layout(info, boards)
        placed = layout.board_at(x, y)
        if placed is None:
            return "", ""
        grid = placed.board.grid
        zone = None
        if isinstance(grid, ZonedGrid):
            ox, oy = layout.origin(placed)
            zone = grid.zone_at((x - ox, y - oy))
        return placed.board.name, zone.name if zone is not None else ""

    def _layout(self, info: MapInfo, boards: tuple[BoardPlacement, ...] | None) -> tuple[MapLayout, dict]:
        key = (info.name, boards)
        if key not in self._layouts:
            layout = self.module.map_layout(info.name, boards)
            decks: dict[tuple[int, int], str] = {}
            for deck in info.decks:  # the first deck at a point names it (Map.getDeckNameAt)
                decks.setdefault(deck_point(layout, deck), deck.name)
            self._layouts[key] = (layout, decks)
        return self._layouts[key]


def deck_point(layout: MapLayout, deck: DeckInfo) -> tuple[int, int]:
    """``DrawPile.getPosition``: its x, y from the owning board's corner, else from the edge margin."""
    placed = next((p for p in layout.boards if p.board.name == deck.owning_board), None) \
        if deck.owning_board else None
    ox, oy = layout.origin(placed) if placed is not None else (layout.edge_width, layout.edge_height)
    return ox + deck.x, oy + deck.y


class ModuleMapRules:
    """``vassal.gamestate.MapRules`` from a module: which maps exist (by name or ``MapN``),
    whether each stacks, and its Game Piece Layers."""

    def __init__(self, module: Module) -> None:
        self.module = module

    def map_id(self, map_id: str) -> str | None:
        info = self.module.find_map(map_id)
        return None if info is None else info.name

    def stacking(self, map_id: str) -> bool:
        info = self.module.find_map(map_id)
        return info is None or info.stacking

    def layer(self, map_id: str, piece_type: str, piece_state: str) -> int:
        info = self.module.find_map(map_id)
        if info is None or not info.layer_order:
            return 0 if no_stack(piece_type) else DEFAULT_LAYER
        value = piece_property(piece_type, piece_state, info.layer_property)
        return info.layer_order.index(value) if value in info.layer_order else len(info.layer_order)


@functools.lru_cache(maxsize=1 << 12)
def piece_property(piece_type: str, piece_state: str, name: str) -> str | None:
    """A stored property of a piece (Marker, Dynamic Property...), as ``getProperty`` reads it."""
    from vassal.piece import Piece  # the trait codecs are only needed for layered maps
    try:
        return Piece.decode(piece_type, piece_state).properties.get(name)
    except (FormatError, ValueError, IndexError):
        return None


# --- where the files come from ---------------------------------------------------------------

class ModuleFiles:
    """Read-only access to a module's entries by entry name, zip or folder alike."""

    def __init__(self, label: str, zf: zipfile.ZipFile | None, folder: Path | None) -> None:
        self.label = label
        self._zf = zf
        self._folder = folder

    @property
    def folder(self) -> Path | None:
        """The unpacked module's folder; None for a ``.vmod``."""
        return self._folder

    def has(self, name: str) -> bool:
        if self._zf is not None:
            return has_entry(self._zf, name)
        path = self._path(name)
        return path is not None and path.is_file()

    def read(self, name: str, limit: int) -> bytes:
        if self._zf is not None:
            return read_entry(self._zf, name, limit, where=self.label)
        path = self._path(name)
        where = f"{self.label}: {name}"
        if path is None or not path.is_file():
            raise FormatError("file missing", where)
        if path.stat().st_size > limit:
            raise FormatError(f"larger than the limit of {limit} bytes", where)
        return path.read_bytes()

    def _path(self, name: str) -> Path | None:
        """The file for entry ``name`` inside the folder, or None if the name could leave it."""
        if self._folder is None:
            return None
        parts = name.split("/")
        if not name or name.startswith("/") or "\\" in name or any(p in ("", ".", "..") for p in parts):
            return None
        path = self._folder.joinpath(*parts)
        try:
            path.resolve().relative_to(self._folder.resolve())
        except ValueError:
            return None
        return path


def _vassal_reads_old_buildfile(metadata: Metadata | None) -> bool:
    """VASSAL reads ``buildFile`` when moduledata's VassalVersion is below 3.5 (§1.2)."""
    match = _VERSION.match(metadata.vassal_version) if metadata else None
    return bool(match) and (int(match.group(1)), int(match.group(2))) < (3, 5)


#: A zip without a buildFile: often a .vmod cut short whose tail holds a nested save's zip directory.
NO_BUILDFILE = "the zip archive holds no buildFile (cut short, damaged, or not a module)"

@contextlib.contextmanager
def open_module_files(path: str | os.PathLike[str]) -> Iterator[tuple[ModuleFiles, str | None]]:
    """A module's entries, whether ``path`` is a ``.vmod``, an unpacked folder or a bare
    buildFile (then its folder holds the rest), with the bare buildFile's name (else None)."""
    source = Path(path)
    if source.is_dir():
        yield ModuleFiles(str(source), None, source), None
        return
    if not source.is_file():
        raise FormatError("file not found", str(source))
    with source.open("rb") as handle:
        head = handle.read(4)
    if head == ZIP_MAGIC or source.suffix.lower() == ".vmod" or not head:
        with open_zip(source, kind=MODULE) as zf:
            yield ModuleFiles(str(source), zf, None), None
        return
    yield ModuleFiles(str(source.parent), None, source.parent), source.name


def read_module(path: str | os.PathLike[str]) -> Module:
    """Read a ``.vmod``, an unpacked module folder, or a bare buildFile."""
    with open_module_files(path) as (files, bare):
        return _read(files, str(path), bare)


def _read(files: ModuleFiles, label: str, buildfile_name: str | None) -> Module:
    if files.has("savedGame"):
        raise FormatError("this is a saved game or log, not a module", label)
    metadata = None
    if files.has(MODULEDATA):
        metadata = parse_metadata(files.read(MODULEDATA, MODULEDATA_LIMIT), f"{label}: {MODULEDATA}")
    if buildfile_name is None:
        preferred = [BUILDFILE_OLD, BUILDFILE] if _vassal_reads_old_buildfile(metadata) else [BUILDFILE,
                                                                                            BUILDFILE_OLD]
        buildfile_name = next((name for name in preferred if files.has(name)), None)
        if buildfile_name is None:
            raise unreadable(MODULE, NO_BUILDFILE, label)
    root = parse_buildfile(files.read(buildfile_name, BUILDFILE_LIMIT), f"{label}: {buildfile_name}")
    return _Reader(files, label, root, metadata).module()


# --- lifting the parts out of the tree -------------------------------------------------------

def _walk(el: Element, ancestors: tuple[Element, ...] = ()) -> Iterator[tuple[Element, tuple[Element, ...]]]:
    """Every element below ``el`` with its ancestors (outermost first, ``el`` included)."""
    for child in el.children:
        yield child, ancestors + (el,)
        yield from _walk(child, ancestors + (el,))


def _own_components(el: Element) -> Iterator[Element]:
    """``getComponentsOf``: an element's children, looking into folders but not into components."""
    for child in el.children:
        yield child
        if child.tag.endswith("Folder"):
            yield from _own_components(child)


def _raster_size(data: bytes) -> Size:
    """A PNG/JPEG/GIF's size from its header (Pillow, imported only when a board needs it)."""
    from PIL import Image
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            with Image.open(io.BytesIO(data)) as img:
                return Size(*img.size)
        except Image.DecompressionBombError as exc:
            raise ValueError(str(exc)) from None


def _label(el: Element) -> str:
    return el.get("entryName") or el.get("name") or el.get("mapName") or el.get("text")


class _Reader:
    """One pass over a parsed buildFile; collects warnings instead of stopping on soft errors."""

    def __init__(self, files: ModuleFiles, label: str, root: Element, metadata: Metadata | None) -> None:
        self.files = files
        self.label = label
        self.root = root
        self.metadata = metadata
        self.warnings: list[str] = []

    def module(self) -> Module:
        elements = list(_walk(self.root))
        return Module(
            source=self.label,
            metadata=self.metadata,
            root=self.root,
            maps=self._maps(elements),
            prototypes={el.get("name"): el.text for el, _ in elements if el.tag == c.PROTOTYPE_DEFINITION},
            piece_slots=tuple(
                PieceSlotInfo(el.get("gpid"), el.get("entryName"), el.text,
                              tuple(_label(a) for a in above[1:] if _label(a)))
                for el, above in elements if el.tag in PIECE_SLOT_TAGS),
            dice_buttons=tuple(self._dice(el) for el, _ in elements if el.tag in DICE_TAGS),
            turn_trackers=self._turn_trackers(elements),
            global_properties=tuple(self._property(el, above) for el, above in elements
                                    if el.tag in (c.GLOBAL_PROPERTY, ZONE_PROPERTY)),
            sides=tuple(child.text for el, _ in elements if el.tag == c.PLAYER_ROSTER
                        for child in el.children if child.text),
            predefined_setups=tuple(
                PredefinedSetupInfo(el.get("name"), el.get("file"), el.get("useFile") == "true",
                                    el.get("isMenu") == "true",
                                    tuple(a.get("name") for a in above if a.tag == c.PREDEFINED_SETUP))
                for el, above in elements if el.tag == c.PREDEFINED_SETUP),
            warnings=tuple(self.warnings),
            preferences=tuple((el.get("name"), el.get("default") or "") for el, _ in elements
                              if el.tag.startswith(PREFERENCE) and el.get("name")),
        )

    def _int(self, el: Element, name: str, default: int | None) -> int | None:
        """An integer attribute as Java's parseInt reads it; absent or empty gives ``default``
        (VASSAL itself would refuse some empty ones, but such a module never loaded anyway)."""
        text = el.get(name)
        if not text:
            return default
        if not _JAVA_INT.fullmatch(text):
            raise FormatError(f"{name}={text!r} is not an integer",
                              f"{self.label}: {el.tag.rsplit('.', 1)[-1]} {_label(el)!r}")
        return int(text)

    # maps and boards

    def _maps(self, elements: list[tuple[Element, tuple[Element, ...]]]) -> tuple[MapInfo, ...]:
        maps = []
        for index, (el, _) in enumerate((e, a) for e, a in elements if e.tag in MAP_TAGS):
            name = el.get("mapName") or f"Map{index}"
            below = list(_walk(el))
            self._missing = []
            boards = tuple(self._board(b, name) for b, _ in below if b.tag == c.BOARD)
            stacks = tuple(self._setup_stack(s, name) for s, _ in below if s.tag == c.SETUP_STACK)
            layout = next((self._layout(s, name) for s, above in below
                           if s.tag == "setup" and above[-1].tag == c.BOARD_PICKER), ())
            own = list(_own_components(el))
            metrics = next((m for m in own if m.tag == STACK_METRICS), None)
            layers = next((m for m in own if m.tag == LAYERED_PIECES), None)
            maps.append(MapInfo(
                name, el.tag.rsplit(".", 1)[-1], self._int(el, "edgeWidth", 0), self._int(el, "edgeHeight", 0),
                boards, layout, stacks, ident=f"Map{index}",
                decks=tuple(DeckInfo(d.get("name"), self._int(d, "x", 0), self._int(d, "y", 0),
                                     d.get("owningBoard")) for d in own if d.tag == DRAW_PILE),
                stacking=metrics is None or metrics.get("disabled") != "true",
                layer_property=layers.get("property") if layers is not None else "",
                layer_order=tuple(decode(layers.get("layerOrder"), ",")) if layers is not None else (),
                missing_images=tuple(self._missing)))
        return tuple(maps)

    def _board(self, el: Element, map_name: str) -> Board:
        where = f"{self.label}: map {map_name!r} board {el.get('name')!r}"
        image = el.get("image")
        size = self._image_size(image, where) if image else None
        has_attrs = bool(el.get("width")) and bool(el.get("height"))
        try:
            if size is not None or (not image and has_attrs):
                return Board.from_element(el, size)
            self._missing.append(el.get("name"))
            self.warnings.append(f"{where}: size unknown, every location on it is offboard (as in VASSAL)")
            sized = Element(el.tag, {**el.attrs, "image": "", "width": "0", "height": "0"}, el.children)
            return replace(Board.from_element(sized), image=image, attrs=tuple(el.attrs.items()))
        except FormatError as exc:
            raise FormatError(exc.message, f"{where}: {exc.where}") from None

    def _image_size(self, image: str, where: str) -> Size | None:
        """The board image's size as VASSAL reads it (an SVG by its width, height and viewBox)."""
        entry = "images/" + image
        if not self.files.has(entry):
            self.warnings.append(f"{where}: image {image!r} is not in the module")
            return None
        try:
            data = self.files.read(entry, IMAGE_LIMIT)
            if image.lower().endswith(".svg"):
                return svg_size(data, f"{where}: image {image!r}")
            return _raster_size(data)
        except FormatError as exc:
            self.warnings.append(f"{where}: {exc}")
        except (OSError, SyntaxError, ValueError) as exc:
            self.warnings.append(f"{where}: image {image!r} is unreadable ({exc})")
        return None

    def _layout(self, el: Element, map_name: str) -> tuple[BoardPlacement, ...]:
        """The BoardPicker's default layout: its ``<setup>`` holds a SetBoards command text."""
        command = parse_command(el.text)
        if not isinstance(command, SetBoards):
            raise FormatError(f"board layout {el.text!r} is not a SetBoards text",
                              f"{self.label}: map {map_name!r} BoardPicker setup")
        return command.boards

    def _setup_stack(self, el: Element, map_name: str) -> SetupStackInfo:
        return SetupStackInfo(el.get("name"), map_name, el.get("owningBoard"),
                              el.get("useGridLocation") == "true", el.get("location"),
                              self._int(el, "x", 0), self._int(el, "y", 0),
                              tuple(s.get("gpid") for s in el.find_all(c.PIECE_SLOT)))

    # toolbar components

    def _dice(self, el: Element) -> DiceButtonInfo:
        kind = el.tag.rsplit(".", 1)[-1]
        name = el.get("name") or el.get("label")
        if kind == "SpecialDiceButton":
            dice = tuple(tuple(f.get("text") for f in die.children if f.tag == _SPECIAL_DIE_FACE)
                         for die in el.children if die.tag == _SPECIAL_DIE)
            return DiceButtonInfo(kind, name, len(dice), len(dice[0]) if dice else 0, 0, 0, False,
                                  el.get("format"), dice)
        faces: tuple[tuple[str, ...], ...] = ()
        n_sides = self._int(el, "nSides", 6)
        if kind == "RandomTextButton":
            faces = (tuple(decode(el.get("faces"), ",")),) if el.get("faces") else ((),)
            n_sides = len(faces[0])
        return DiceButtonInfo(
            kind, name, self._int(el, "nDice", 2), n_sides, self._int(el, "plus", 0),
            self._int(el, "addToTotal", 0), el.get("reportTotal") == "true",
            el.attrs.get("reportFormat", c.DICE_REPORT_FORMAT), faces)

    def _turn_trackers(self, elements: list[tuple[Element, tuple[Element, ...]]]) -> tuple[TurnTrackerInfo, ...]:
        trackers = [el for el, _ in elements if el.tag == c.TURN_TRACKER]
        return tuple(TurnTrackerInfo(f"TurnTracker{i}", el.get("name"),
                                     el.attrs.get("turnFormat", "$level1$ $level2$ $level3$ $level4$"),
                                     self._levels(el)) for i, el in enumerate(trackers))

    def _levels(self, el: Element) -> tuple[TurnLevelInfo, ...]:
        levels = []
        for child in el.children:
            if child.tag not in _TURN_LEVEL_TAGS:
                continue
            counter = child.tag == c.COUNTER_TURN_LEVEL
            looping = child.get("loop") == "true"
            levels.append(TurnLevelInfo(
                "counter" if counter else "list", child.get("name"), child.get("property"),
                child.attrs.get("turnFormat", "$value$"),
                self._int(child, "start", 1) if counter else 0,
                self._int(child, "incr", 1) if counter else 0,
                self._int(child, "loopLimit", -1) if counter and looping else None,
                () if counter or not child.get("list") else tuple(decode(child.get("list"), ",")),
                self._levels(child)))
        return tuple(levels)

    def _property(self, el: Element, above: tuple[Element, ...]) -> GlobalPropertyInfo:
        container = "Module"
        map_index = -1
        for index, ancestor in enumerate(above):
            if ancestor.tag in MAP_TAGS:
                container = ancestor.get("mapName")
                map_index = index
            elif ancestor.tag == c.ZONE and map_index >= 0:
                container = f"{above[map_index].get('mapName')}:{ancestor.get('name')}"
        return GlobalPropertyInfo(el.get("name"), el.get("initialValue"), container)
