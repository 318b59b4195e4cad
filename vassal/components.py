"""Builders for the buildFile components a hex-and-counter module needs.

Each function returns a ``vassal.buildfile.Element`` whose tag is the Java class
VASSAL instantiates and whose attributes are the ones VASSAL 3.6/3.7 reads, with
the values its editor writes by default (format reference §2; the corpus modules
saved by 3.6.6 and 3.7.9 show the same sets). Integer attributes are never
written empty, because VASSAL throws on ``Integer.parseInt("")`` (§1.4).

Only what a generated module needs is exposed as parameters; anything else
keeps VASSAL's default by being left out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol

from vassal.buildfile import Element, element
from vassal.gpid import next_piece_slot_id
from vassal.metadata import Metadata
from vassal.sequence import TAB, encode

VASSAL_VERSION = "3.6.0"

B = "VASSAL.build."
M = B + "module."
MAP = M + "map."
GRID = MAP + "boardPicker.board."
MAPGRID = GRID + "mapgrid."
WIDGET = B + "widget."

GAME_MODULE = B + "GameModule"
MAP_TAG = M + "Map"
PRIVATE_MAP = M + "PrivateMap"
BOARD_PICKER = MAP + "BoardPicker"
BOARD = MAP + "boardPicker.Board"
HEX_GRID = GRID + "HexGrid"
SQUARE_GRID = GRID + "SquareGrid"
ZONED_GRID = GRID + "ZonedGrid"
ZONE = MAPGRID + "Zone"
SETUP_STACK = MAP + "SetupStack"
PIECE_WINDOW = M + "PieceWindow"
PIECE_SLOT = WIDGET + "PieceSlot"
DICE_BUTTON = M + "DiceButton"
TURN_TRACKER = M + "turn.TurnTracker"
COUNTER_TURN_LEVEL = M + "turn.CounterTurnLevel"
LIST_TURN_LEVEL = M + "turn.ListTurnLevel"
PREDEFINED_SETUP = M + "PredefinedSetup"
PROTOTYPE_DEFINITION = M + "PrototypeDefinition"
GLOBAL_PROPERTY = M + "properties.GlobalProperty"
PLAYER_ROSTER = M + "PlayerRoster"

#: DiceButton's default report; ``&lt;`` is literal text here, rendered as ``<`` by the chat (§2.5).
DICE_REPORT_FORMAT = "** $name$ = $result$ *** &lt;$PlayerName$&gt;"
TURN_REPORT_FORMAT = "* &lt;$PlayerId$&gt; Turn Updated from $oldTurn$ to $newTurn$"
MOVE_FORMAT = "$pieceName$ moves $previousLocation$ &rarr; $location$ *"
#: The CounterDetailViewer ``display`` values VASSAL recognises; anything else shows nothing (§2.3).
CDV_DISPLAY_MODES = (
    "from top-most layer only",
    "from all layers",
    "from listed layers only",
    "from layers other than those listed",
    "by using a property filter",
)


class GridLike(Protocol):
    """A grid object from ``vassal.grid`` that can write itself through a factory."""

    def to_element(self, factory: object) -> Element: ...


def _value(value: object) -> str:
    """Java's spelling of a Python value: booleans lower case, doubles with a decimal point."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        text = repr(value)
        return text if any(c in text for c in ".eEn") else text + ".0"
    return str(value)


def _attrs(**values: object) -> dict[str, str]:
    """Attributes from keyword arguments; ``None`` means "leave VASSAL's default"."""
    return {name: _value(value) for name, value in values.items() if value is not None}


def _list(items: Iterable[str]) -> str:
    """A string array as StringArrayConfigurer writes it: SequenceEncoder on ``,``."""
    return encode(list(items), ",") or ""


def _bare(tag: str) -> Element:
    return element(tag)


# --- the module root and its mandatory components (§2.2) ---------------------------------

def game_module(name: str, version: str, children: Sequence[Element], description: str = "",
                other1: str = "", other2: str = "", vassal_version: str = VASSAL_VERSION) -> Element:
    """The root. ``nextPieceSlotId`` is computed from every PieceSlot below, and a GPID used
    twice is refused, since VASSAL would then refresh the wrong pieces."""
    root = element(GAME_MODULE, {}, children)
    gpids = [el.attrs["gpid"] for el in root.iter() if "gpid" in el.attrs]
    repeated = sorted(g for g, n in Counter(gpids).items() if n > 1)
    if repeated:
        raise ValueError(f"GPIDs used by more than one piece slot: {', '.join(repeated)}")
    return element(GAME_MODULE, _attrs(
        ModuleOther1=other1, ModuleOther2=other2, VassalVersion=vassal_version,
        description=description, name=name, nextPieceSlotId=next_piece_slot_id(gpids), version=version,
    ), children)


def module_metadata(name: str, version: str, description: str = "", other1: str = "",
                    other2: str = "", date_saved: int = 0) -> Metadata:
    """The ``moduledata`` matching ``game_module``; ``date_saved`` is fixed by the caller
    (Java epoch milliseconds) so that the module's bytes do not depend on the clock."""
    return Metadata(name=name, version=version, vassal_version=VASSAL_VERSION, description=description,
                    extra1=other1, extra2=other2, date_saved=str(date_saved))


def basic_command_encoder() -> Element:
    return _bare(M + "BasicCommandEncoder")


def chatter() -> Element:
    return _bare(M + "Chatter")


def key_namer() -> Element:
    return _bare(M + "KeyNamer")


def global_translatable_messages() -> Element:
    return _bare(M + "properties.GlobalTranslatableMessages")


def language() -> Element:
    return _bare("VASSAL.i18n.Language")


def documentation(children: Sequence[Element] = ()) -> Element:
    return element(M + "Documentation", {}, children)


def about_screen(title: str, image: str) -> Element:
    """Help > About: shows ``image`` (an entry under ``images/``)."""
    return element(M + "documentation.AboutScreen", _attrs(fileName=image, title=title))


def help_file(title: str, file_name: str) -> Element:
    """A help page stored in the module archive at ``file_name``."""
    return element(M + "documentation.HelpFile", _attrs(fileName=file_name, fileType="archive", title=title))


def browser_help_file(title: str, starting_page: str) -> Element:
    """HTML help shown in the browser. VASSAL reads the pages from the nested zip entry
    ``help/<title with spaces as underscores>`` (§1.1), which the caller writes."""
    return element(M + "documentation.BrowserHelpFile", _attrs(startingPage=starting_page, title=title))


def browser_pdf_file(title: str, pdf_file: str) -> Element:
    """A PDF (e.g. the rulebook) stored in the module archive, opened in the system viewer."""
    return element(M + "documentation.BrowserPDFFile", _attrs(pdfFile=pdf_file, title=title))


def player_roster(sides: Sequence[str], button_text: str = "Retire",
                  tooltip: str = "Switch sides, become observer, or release faction") -> Element:
    """The sides players can take; they are ``<entry>`` children, not attributes (§2.9)."""
    entries = [element("entry", text=side) for side in sides]
    return element(PLAYER_ROSTER, _attrs(buttonIcon="", buttonKeyStroke="", buttonText=button_text,
                                         buttonToolTip=tooltip), entries)


def global_options(auto_report: bool = True) -> Element:
    """Module-wide preferences, as the editor writes them for a new module."""
    return element(M + "GlobalOptions", _attrs(
        autoReport="Always" if auto_report else "Never", chatterHTMLSupport="Never",
        hotKeysOnClosedWindows="Never", inventoryForAll="Always", nonOwnerUnmaskable="Never",
        playerIdFormat="$PlayerName$", promptString="Opponents can unmask pieces",
        sendToLocationMoveTrails="Never", storeLeadingZeroIntegersAsStrings=False,
    ))


def global_properties(properties: Sequence[Element] = ()) -> Element:
    return element(M + "properties.GlobalProperties", {}, properties)


def global_property(name: str, initial_value: str = "", description: str = "",
                    numeric_range: tuple[int, int] | None = None, wrap: bool = False) -> Element:
    """A module or map property; ``numeric_range`` (min, max) makes it numeric."""
    numeric = numeric_range is not None
    return element(GLOBAL_PROPERTY, _attrs(
        description=description, initialValue=initial_value, isNumeric=numeric,
        max=numeric_range[1] if numeric else None, min=numeric_range[0] if numeric else None,
        name=name, wrap=wrap,
    ))


def prototypes_container(children: Sequence[Element] = ()) -> Element:
    return element(M + "PrototypesContainer", {}, children)


def prototype_definition(name: str, definition: str, description: str = "") -> Element:
    """A prototype; ``definition`` is a ``+/null/type/state`` piece text (§2.4)."""
    return element(PROTOTYPE_DEFINITION, _attrs(description=description, name=name), text=definition)


def prototype_folder(name: str, children: Sequence[Element], description: str = "") -> Element:
    return element(M + "folder.PrototypeFolder", _attrs(desc=description, name=name), children)


# --- maps (§2.3) ---------------------------------------------------------------------------

def _map_attrs(map_name: str, edge_width: int, edge_height: int, mark_moved: bool,
               button_name: str, launch: bool) -> dict[str, str]:
    return _attrs(
        allowMultiple=False, backgroundcolor="255,255,255", buttonName=button_name,
        changeFormat="$message$", color="0,0,0", createFormat="$pieceName$ created in $location$ *",
        edgeHeight=edge_height, edgeWidth=edge_width, hideKey="", hotkey="", icon="",
        launch=launch, mapName=map_name, markMoved="Always" if mark_moved else "Never",
        markUnmovedHotkey="", markUnmovedIcon="/images/unmoved.gif", markUnmovedReport="",
        markUnmovedText="", markUnmovedTooltip="Mark all pieces on this map as not moved",
        moveKey="", moveToFormat=MOVE_FORMAT, moveWithinFormat=MOVE_FORMAT,
        onlyReportChangedLocation=False, showKey="", thickness=3,
    )


def map_parts(board_picker_el: Element, layers: Sequence[str] = (),
              extra: Sequence[Element] = ()) -> list[Element]:
    """A map's children: its boards, every helper a playable map needs (VASSAL does not
    add them when loading, §2.3), an optional layer order, then ``extra`` (at-start
    stacks, map properties...)."""
    parts = [
        board_picker_el,
        stack_metrics(),
        _bare(MAP + "ForwardToKeyBuffer"),
        _bare(MAP + "Scroller"),
        _bare(MAP + "ForwardToChatter"),
        _bare(MAP + "MenuDisplayer"),
        _bare(MAP + "MapCenterer"),
        _bare(MAP + "StackExpander"),
        _bare(MAP + "PieceMover"),
        _bare(MAP + "KeyBufferer"),
        _bare(MAP + "SelectionHighlighters"),
        element(MAP + "HighlightLastMoved", _attrs(color="255,0,0", enabled=True, thickness=2)),
        _bare(MAP + "ImageSaver"),
        counter_detail_viewer(),
        _bare(MAP + "Flare"),
        _bare(MAP + "Zoomer"),
    ]
    if layers:
        parts.append(layered_piece_collection(layers))
    return parts + list(extra)


def map_component(map_name: str, children: Sequence[Element], edge_width: int = 0,
                  edge_height: int = 0, mark_moved: bool = False, button_name: str = "",
                  launch: bool = False) -> Element:
    """A main map window (the first map is the main window; ``launch`` adds a toolbar button)."""
    return element(MAP_TAG, _map_attrs(map_name, edge_width, edge_height, mark_moved, button_name, launch),
                   children)


def private_map(map_name: str, sides: Sequence[str], children: Sequence[Element],
                visible: bool = False, button_name: str = "") -> Element:
    """A map only ``sides`` may see (``visible``) or use."""
    attrs = _map_attrs(map_name, 0, 0, False, button_name or map_name, True)
    attrs.update(_attrs(side=_list(sides), visible=visible))
    return element(PRIVATE_MAP, attrs, children)


def stack_metrics(ex_sep: tuple[int, int] = (6, 18), unex_sep: tuple[int, int] = (2, 4)) -> Element:
    """Stacking offsets: expanded (x, y) and unexpanded (x, y), in pixels."""
    return element(MAP + "StackMetrics", _attrs(
        bottom="40,0", disabled=False, down="37,0", exSepX=ex_sep[0], exSepY=ex_sep[1],
        top="38,0", unexSepX=unex_sep[0], unexSepY=unex_sep[1], up="39,0",
    ))


def counter_detail_viewer(display: str = CDV_DISPLAY_MODES[0], delay_ms: int = 700,
                          min_pieces: int = 2) -> Element:
    """The mouse-over stack viewer; ``display`` must be one of VASSAL's literal strings."""
    if display not in CDV_DISPLAY_MODES:
        raise ValueError(f"CounterDetailViewer display {display!r} is not one of {CDV_DISPLAY_MODES}")
    return element(MAP + "CounterDetailViewer", _attrs(
        bgColor="", borderColor="0,0,0", counterReportFormat="", delay=delay_ms, description="",
        display=display, emptyHexReportForma="$LocationName$", fgColor="0,0,0", fontSize=9, hotkey="",
        layerList="", minDisplayPieces=min_pieces, propertyFilter="", showNoStack=False,
        showNonMovable=False, showgraph=True, showtext=False, summaryReportFormat="$LocationName$",
        unrotatePieces=False, version=4, zoomlevel=1.0,
    ))


def layered_piece_collection(layer_order: Sequence[str], prop: str = "Layer") -> Element:
    """Draw pieces in layers picked by property ``prop``, bottom layer first."""
    return element(MAP + "LayeredPieceCollection", _attrs(layerOrder=_list(layer_order), property=prop))


def board_picker(map_name: str, boards: Sequence[Element],
                 layout: Sequence[tuple[str, int, int]] = ()) -> Element:
    """The boards of a map. ``layout`` (board name, column, row) is the default
    arrangement written as a ``<setup>`` SetBoards text (§2.3, §5.5); a single
    non-reversible board needs none."""
    children = list(boards)
    if layout:
        tokens = [map_name + "BoardPicker"]
        for name, col, row in layout:
            tokens += [name, str(col), str(row)]
        children.append(element("setup", text=encode(tokens, TAB) or ""))
    return element(BOARD_PICKER, _attrs(
        addColumnText="Add column", addRowText="Add row", boardPrompt="Select board",
        slotHeight=125, slotScale=0.2, slotWidth=350, title="Choose Boards",
    ), children)


def board(name: str, image: str | None = None, size: tuple[int, int] | None = None,
          grid: Element | GridLike | None = None, reversible: bool = False) -> Element:
    """A board: ``image`` (under ``images/``) gives its size; without one, ``size`` must."""
    if image is None and size is None:
        raise ValueError(f"board {name!r} needs an image or a size")
    children = [] if grid is None else [_grid_element(grid)]
    width, height = (None, None) if image is not None or size is None else size
    return element(BOARD, _attrs(height=height, image=image, name=name, reversible=reversible,
                                 width=width), children)


def _grid_element(grid: Element | GridLike) -> Element:
    return grid if isinstance(grid, Element) else grid.to_element(element)


def hex_grid(dx: float, dy: float, x0: int, y0: int, numbering: Element, sideways: bool = False,
             visible: bool = False) -> Element:
    """A hex grid (§3.1); both ``dx`` and ``dy`` are always written (setter order quirk)."""
    return element(HEX_GRID, _attrs(
        color="0,0,0", cornersLegal=False, dotsVisible=False, dx=float(dx), dy=float(dy),
        edgesLegal=False, sideways=sideways, snapTo=True, visible=visible, x0=x0, y0=y0,
    ), [numbering])


def square_grid(dx: float, dy: float, x0: int, y0: int, numbering: Element, visible: bool = False) -> Element:
    return element(SQUARE_GRID, _attrs(
        color="0,0,0", cornersLegal=False, dotsVisible=False, dx=float(dx), dy=float(dy),
        edgesLegal=False, snapTo=True, visible=visible, x0=x0, y0=y0,
    ), [numbering])


def grid_numbering(kind: str = "hex", first: str = "H", sep: str = "", h_type: str = "N",
                   v_type: str = "N", h_leading: int = 1, v_leading: int = 1, h_off: int = 1,
                   v_off: int = 1, h_descend: bool = False, v_descend: bool = False,
                   stagger: bool = True, location_format: str = "$gridLocation$",
                   visible: bool = False) -> Element:
    """HexGridNumbering (``kind="hex"``) or SquareGridNumbering (``"square"``, no stagger), §3.3."""
    tags = {"hex": MAPGRID + "HexGridNumbering", "square": MAPGRID + "SquareGridNumbering"}
    return element(tags[kind], _attrs(
        color="0,0,0", first=first, fontSize=9, hDescend=h_descend, hDrawOff=0, hLeading=h_leading,
        hOff=h_off, hType=h_type, locationFormat=location_format, rotateText=0, sep=sep,
        stagger=stagger if kind == "hex" else None, vDescend=v_descend, vDrawOff=0,
        vLeading=v_leading, vOff=v_off, vType=v_type, visible=visible,
    ))


def zoned_grid(zones: Sequence[Element], background: Element | GridLike | None = None) -> Element:
    """Zones checked in order, then the optional ``background`` grid where none matches."""
    children = [_bare(MAPGRID + "ZonedGridHighlighter"), *zones]
    if background is not None:
        children.append(_grid_element(background))
    return element(ZONED_GRID, {}, children)


def zone(name: str, polygon: Sequence[tuple[int, int]], grid: Element | GridLike | None = None,
         location_format: str = "$name$", use_parent_grid: bool = False) -> Element:
    """A named polygon (board coordinates) with its own grid, or the ZonedGrid's background grid."""
    if len(polygon) < 3:
        raise ValueError(f"zone {name!r} needs a polygon of at least 3 points")
    children = [] if grid is None else [_grid_element(grid)]
    return element(ZONE, _attrs(
        highlightProperty="", locationFormat=location_format, name=name,
        path=";".join(f"{x},{y}" for x, y in polygon), useHighlight=False,
        useParentGrid=use_parent_grid,
    ), children)


def setup_stack(name: str, owning_board: str, x: int, y: int, slots: Sequence[Element],
                location: str | None = None) -> Element:
    """An at-start stack at board point (x, y). Position is always explicit
    (``useGridLocation=false``, §2.3): VASSAL's name-to-point can miss the hex;
    ``location`` is kept only as a label for people reading the module."""
    return element(SETUP_STACK, _attrs(location=location, name=name, owningBoard=owning_board,
                                       useGridLocation=False, x=x, y=y), slots)


# --- pieces (§2.4) -------------------------------------------------------------------------

def piece_slot(entry_name: str, gpid: str, definition: str, size: tuple[int, int]) -> Element:
    """A palette/at-start piece: ``definition`` is ``+/null/type/state`` whose BasicPiece
    state should carry the same ``gpid``; ``size`` is the slot's (width, height)."""
    if not gpid.isdigit():
        raise ValueError(f"piece slot {entry_name!r}: GPID {gpid!r} is not a decimal number")
    return element(PIECE_SLOT, _attrs(entryName=entry_name, gpid=gpid, height=size[1], width=size[0]),
                   text=definition)


def piece_window(name: str, children: Sequence[Element], tooltip: str = "Show/Hide the pieces window",
                 icon: str = "") -> Element:
    """The piece palette window and its toolbar button."""
    return element(PIECE_WINDOW, _attrs(defaultWidth=0, hidden=False, hotkey="", icon=icon, name=name,
                                        scale=1.0, text=name, tooltip=tooltip), children)


def tab_widget(entry_name: str, children: Sequence[Element]) -> Element:
    return element(WIDGET + "TabWidget", _attrs(entryName=entry_name), children)


def list_widget(entry_name: str, children: Sequence[Element]) -> Element:
    return element(WIDGET + "ListWidget", _attrs(entryName=entry_name, scale=1.0), children)


def panel_widget(entry_name: str, children: Sequence[Element], columns: int = 3,
                 vertical: bool = False) -> Element:
    return element(WIDGET + "PanelWidget", _attrs(entryName=entry_name, fixed=False, nColumns=columns,
                                                  scale=1.0, vert=vertical), children)


def box_widget(entry_name: str, children: Sequence[Element]) -> Element:
    return element(WIDGET + "BoxWidget", _attrs(entryName=entry_name), children)


# --- toolbar components --------------------------------------------------------------------

def dice_button(name: str, n_dice: int = 2, n_sides: int = 6, plus: int = 0, add_to_total: int = 0,
                report_total: bool = False, report_format: str = DICE_REPORT_FORMAT,
                tooltip: str = "", text: str | None = None) -> Element:
    """A dice roller (§2.5): ``plus`` is added to each die, ``add_to_total`` once."""
    if n_dice < 1 or n_sides < 1:
        raise ValueError(f"dice button {name!r}: needs at least one die of at least one side")
    return element(DICE_BUTTON, _attrs(
        addToTotal=add_to_total, canDisable=False, disabledIcon="", hotkey="", icon="/images/die.gif",
        keepCount=1, keepDice=False, keepOption=">", lockAdd=False, lockDice=False, lockPlus=False,
        lockSides=False, nDice=n_dice, nSides=n_sides, name=name, plus=plus, prompt=False,
        propertyGate="", reportFormat=report_format, reportTotal=report_total, sortDice=False,
        text=name if text is None else text, tooltip=tooltip or name,
    ))


def turn_tracker(name: str, levels: Sequence[Element], hotkeys: Sequence[Element] = (),
                 button_text: str = "Turn", turn_format: str | None = None,
                 report_format: str = TURN_REPORT_FORMAT) -> Element:
    """A turn counter (§2.6). ``$levelN$`` is the level at nesting depth N, so the default
    ``turnFormat`` shows one per depth."""
    if turn_format is None:
        turn_format = " ".join(f"$level{i}$" for i in range(1, max(_depth(levels), 1) + 1))
    return element(TURN_TRACKER, _attrs(
        buttonText=button_text, hotkey="", icon="", name=name, reportFormat=report_format,
        tooltip="Right-click to configure", turnFormat=turn_format,
    ), [*levels, *hotkeys])


def _depth(levels: Sequence[Element]) -> int:
    """How deep turn levels nest below a tracker (or a level)."""
    nested = [lv for lv in levels if lv.tag in (COUNTER_TURN_LEVEL, LIST_TURN_LEVEL)]
    return max((1 + _depth(lv.children) for lv in nested), default=0)


def counter_turn_level(name: str, prop: str, start: int = 1, increment: int = 1,
                       loop_limit: int | None = None, turn_format: str = "$value$",
                       sublevels: Sequence[Element] = ()) -> Element:
    """A numbered level (Turn 1, 2, ...); ``loop_limit`` makes it wrap after that value."""
    return element(COUNTER_TURN_LEVEL, _attrs(
        incr=increment, loop=loop_limit is not None, loopLimit=-1 if loop_limit is None else loop_limit,
        name=name, property=prop, start=start, turnFormat=turn_format,
    ), sublevels)


def list_turn_level(name: str, prop: str, items: Sequence[str], turn_format: str = "$value$",
                    sublevels: Sequence[Element] = ()) -> Element:
    """A named level cycling through ``items`` (phases, dates...)."""
    if not items:
        raise ValueError(f"turn level {name!r} needs at least one item")
    return element(LIST_TURN_LEVEL, _attrs(
        configFirst=False, configList=False, list=_list(items), name=name, prompt="",
        property=prop, turnFormat=turn_format,
    ), sublevels)


def turn_global_hotkey(name: str, hotkey: str, match: str = "", report_format: str = "") -> Element:
    """Send ``hotkey`` to the module when the turn advances and ``match`` holds."""
    return element(M + "turn.TurnGlobalHotkey", _attrs(hotkey=hotkey, match=match, name=name,
                                                       reportFormat=report_format))


def predefined_setup(name: str, file: str | None = None, children: Sequence[Element] = (),
                     description: str = "") -> Element:
    """A File > New Game entry: a ``.vsav`` entry of the module, a submenu (``children``),
    or, with neither, a plain new game (§2.7)."""
    if file is not None and children:
        raise ValueError(f"predefined setup {name!r} cannot be both a file and a menu")
    return element(PREDEFINED_SETUP, _attrs(
        description=description or None, file=file or "", isMenu=bool(children), name=name,
        useFile=file is not None,
    ), children)


def chart_window(name: str, children: Sequence[Element], tooltip: str = "", icon: str = "") -> Element:
    """A toolbar window of charts and tables (§2.8)."""
    return element(M + "ChartWindow", _attrs(hotkey="", icon=icon, name=name, text=name,
                                             tooltip=tooltip or name), children)


def chart(name: str, image: str, description: str = "") -> Element:
    """An image chart (``image`` under ``images/``)."""
    return element(WIDGET + "Chart", _attrs(chartName=name, description=description or None, fileName=image))


def html_chart(name: str, file_name: str, description: str = "") -> Element:
    """An HTML page stored in the archive at ``file_name``."""
    return element(WIDGET + "HtmlChart", _attrs(chartName=name, description=description or None,
                                                fileName=file_name))


def inventory(name: str, group_by: Sequence[str], include: str = "", leaf_format: str = "$PieceName$",
              tooltip: str = "") -> Element:
    """A window listing pieces grouped by properties (``include`` is a filter expression)."""
    return element(M + "Inventory", _attrs(
        centerOnPiece=True, drawPieces=False, foldersOnly=False, forwardKeystroke=True,
        groupBy=_list(group_by), hotkey="", icon="", include=include, leafFormat=leaf_format,
        name=name, nonLeafFormat="$PropertyValue$", showMenu=True, sortFormat="$PieceName$",
        sortPieces=True, sorting="alpha", text=name, tooltip=tooltip or name, zoomOn=False,
    ))


def toolbar_menu(text: str, menu_items: Sequence[str], tooltip: str = "") -> Element:
    """A drop-down that gathers other toolbar buttons, named by their button texts (§2.14)."""
    return element(M + "ToolbarMenu", _attrs(description=text, hotkey="", icon="",
                                             menuItems=_list(menu_items), text=text, tooltip=tooltip))


# --- decks, chart-window maps, symbolic dice -----------------------------------------------

def draw_pile(name: str, owning_board: str, x: int, y: int, width: int = 100, height: int = 140,
              face_down: str = "Never") -> Element:
    """A Deck at board point (x, y) of ``owning_board``; pieces dropped there join it (§2.3)."""
    return element(MAP + "DrawPile", _attrs(
        allowMultiple=False, allowSelect=False, color="255,255,255", draw=True, drawFaceUp=False,
        faceDown=face_down, height=height, name=name, owningBoard=owning_board, reshufflable=False,
        reversible=False, shuffle="Never", width=width, x=x, y=y,
    ))


def widget_map(map_name: str, children: Sequence[Element]) -> Element:
    """The map inside a chart window's MapWidget: a Map in all but its window."""
    return element(WIDGET + "WidgetMap", _map_attrs(map_name, 0, 0, False, "", False), children)


def map_widget(entry_name: str, map_el: Element) -> Element:
    """A map shown inside a chart window (tab, panel or list widget)."""
    return element(WIDGET + "MapWidget", _attrs(entryName=entry_name), [map_el])


def special_dice_button(name: str, dice: Sequence[Sequence[tuple[str, int]]],
                        report_format: str = "** $name$ = [$result1$] [$result2$] *** &lt;$playerName$&gt;") -> Element:
    """A button rolling symbolic dice: each die a list of (face text, face value)."""
    dies = [element(M + "SpecialDie", _attrs(name=f"{name} die {i + 1}"),
                    [element(M + "SpecialDieFace", _attrs(icon="", text=text, value=value))
                     for text, value in faces])
            for i, faces in enumerate(dice)]
    return element(M + "SpecialDiceButton", _attrs(
        backgroundColor="0,0,0", format=report_format, hotkey="", icon="", name=name, resultButton=False,
        resultChatter=True, resultWindow=False, text=name, tooltip=name, windowTitleResultFormat="$name$",
        windowX=100, windowY=100,
    ), dies)
