"""Which buildFile tags VASSAL can build, and which plain tags its components read.

VASSAL instantiates one Java class per element (``Builder.create``); a tag that
names no loadable class throws ``IllegalBuildException`` and VASSAL shows an
error dialog (format reference §1.4). The set below holds the buildable classes
of VASSAL 3.6–3.8 that the format reference names and that the corpus
buildFiles (written by VASSAL 3.2–3.7) use, plus a few more standard ones from
the same packages. Classes outside the ``VASSAL.`` packages are a module's own
code, loadable only when the module ships the ``.class`` file.
"""

from __future__ import annotations

_B = "VASSAL.build."
_M = _B + "module."
_MAP = _M + "map."
_BOARD = _MAP + "boardPicker."
_GRID = _BOARD + "board."
_MAPGRID = _GRID + "mapgrid."

#: Short names per package; joined into full class names below.
_PACKAGES: dict[str, tuple[str, ...]] = {
    _B: ("GameModule", "widget.BoxWidget", "widget.CardSlot", "widget.Chart", "widget.HtmlChart",
         "widget.ListWidget", "widget.MapWidget", "widget.PanelWidget", "widget.PieceSlot",
         "widget.TabWidget"),
    _M: ("BasicCommandEncoder", "ChartWindow", "Chatter", "ChessClockControl", "ConnectionWindow",
         "DiceButton", "DoActionButton", "Documentation", "GlobalKeyCommand", "GlobalOptions",
         "Inventory", "KeyNamer", "Map", "MultiActionButton", "NotesWindow", "PieceWindow",
         "PlayerHand", "PlayerRoster", "PredefinedSetup", "PrivateMap", "PrototypeDefinition",
         "PrototypesContainer", "RandomTextButton", "SpecialDiceButton", "SpecialDie",
         "SpecialDieFace", "StartupGlobalKeyCommand", "ToolbarMenu",
         "chessclockcontrol.ChessClock",
         "documentation.AboutScreen", "documentation.BrowserHelpFile",
         "documentation.BrowserPDFFile", "documentation.HelpFile", "documentation.Tutorial",
         "folder.DeckSubFolder", "folder.GlobalPropertyFolder", "folder.MapSubFolder",
         "folder.ModuleSubFolder", "folder.PrototypeFolder",
         "gamepieceimage.ColorManager", "gamepieceimage.ColorSwatch", "gamepieceimage.FontManager",
         "gamepieceimage.FontStyle", "gamepieceimage.GamePieceImage",
         "gamepieceimage.GamePieceImageDefinitions", "gamepieceimage.GamePieceLayout",
         "gamepieceimage.GamePieceLayoutsContainer",
         "properties.BooleanScenarioProperty", "properties.ChangePropertyButton",
         "properties.GlobalProperties", "properties.GlobalProperty",
         "properties.GlobalTranslatableMessage", "properties.GlobalTranslatableMessages",
         "properties.ListScenarioProperty", "properties.NumberScenarioProperty",
         "properties.ScenarioPropertiesOptionTab", "properties.StringScenarioProperty",
         "properties.ZoneProperty",
         "turn.CounterTurnLevel", "turn.ListTurnLevel", "turn.TurnGlobalHotkey", "turn.TurnTracker"),
    _MAP: ("BoardPicker", "CounterDetailViewer", "DeckGlobalKeyCommand", "DrawPile", "Flare",
           "ForwardToChatter", "ForwardToKeyBuffer", "GlobalMap", "HandMetrics", "HidePiecesButton",
           "HighlightLastMoved", "ImageSaver", "KeyBufferer", "LOS_Thread", "LayerControl",
           "LayeredPieceCollection", "MapCenterer", "MapShader", "MassKeyCommand", "MenuDisplayer",
           "MoveCameraButton", "PieceMover", "PieceRecenterer", "Scroller", "SelectionHighlighter",
           "SelectionHighlighters", "SetupStack", "StackExpander", "StackMetrics", "TextSaver",
           "Zoomer"),
    _BOARD: ("Board",),
    _GRID: ("HexGrid", "Region", "RegionGrid", "SquareGrid", "ZonedGrid"),
    _MAPGRID: ("HexGridNumbering", "SquareGridNumbering", "Zone", "ZonedGridHighlighter",
               "ZoneHighlight"),
    "VASSAL.": ("i18n.Language", "i18n.Translation", "preferences.BooleanPreference",
                "preferences.DoublePreference", "preferences.EnumPreference",
                "preferences.IntegerPreference", "preferences.StringPreference",
                "preferences.TextPreference", "launch.BasicModule"),
}

KNOWN_CLASSES: frozenset[str] = frozenset(p + n for p, names in _PACKAGES.items() for n in names)

#: Classes that exist only in VASSAL versions after 3.7 (format reference §2.3, §6).
NEWER_THAN_37: dict[str, str] = {_MAPGRID + "ObliqueHexGridNumbering": "3.8"}

#: Plain (non-class) tags and the components that read them themselves.
PLAIN_TAGS: dict[str, frozenset[str]] = {
    "entry": frozenset({_M + "PlayerRoster"}),
    "option": frozenset({_M + "GlobalOptions"}),
    "setup": frozenset({_MAP + "BoardPicker"}),
}

VASSAL_PACKAGE = "VASSAL."


def class_file(tag: str) -> str:
    """The archive entry a module's own class would be loaded from."""
    return tag.replace(".", "/") + ".class"
