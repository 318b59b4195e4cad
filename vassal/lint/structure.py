"""Checks on the buildFile tree itself: classes, numbers, GPIDs, map parts, sides.

Each rule is what VASSAL's builder does with the element (format reference
§1.4, §2.x): an unknown class or an unparsable number stops the build with an
error dialog; a missing map part or a bad CounterDetailViewer setting loads but
leaves the module broken in play.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator

from vassal import components as c
from vassal.errors import FormatError

from .classes import (
    KNOWN_CLASSES,
    NEWER_THAN_37,
    PLAIN_TAGS,
    VASSAL_PACKAGE,
    class_file,
)
from .issues import Issue, error, info, warning
from .tree import Located, short

_JAVA_INT = re.compile(r"[+-]?[0-9]+")
_JAVA_DOUBLE = re.compile(r"[+-]?(NaN|Infinity|([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?[fFdD]?)")
_INT_MIN, _INT_MAX = -(2 ** 31), 2 ** 31 - 1
_NUMBERING = (c.MAPGRID + "HexGridNumbering", c.MAPGRID + "SquareGridNumbering")
_MAPS = (c.MAP_TAG, c.PRIVATE_MAP, c.M + "PlayerHand")
SLOT_TAGS = (c.PIECE_SLOT, c.WIDGET + "CardSlot")
CDV = c.MAP + "CounterDetailViewer"
CDV_VERSION = "4"
CLASS_LIMIT = 64 << 20
Reader = Callable[[str, int], bytes]

#: Attributes VASSAL parses with Integer.parseInt / Double.parseDouble when present.
_INTS: dict[str, tuple[str, ...]] = {
    c.GAME_MODULE: ("nextPieceSlotId",),
    c.DICE_BUTTON: ("nDice", "nSides", "plus", "addToTotal", "keepCount"),
    c.HEX_GRID: ("x0", "y0"),
    c.SQUARE_GRID: ("x0", "y0"),
    **{tag: ("hOff", "vOff", "hLeading", "vLeading") for tag in _NUMBERING},
    **{tag: ("width", "height") for tag in SLOT_TAGS},
    c.SETUP_STACK: ("x", "y"),
    c.BOARD: ("width", "height"),
    **{tag: ("edgeWidth", "edgeHeight") for tag in _MAPS},
    c.COUNTER_TURN_LEVEL: ("start", "incr", "loopLimit"),
    c.MAP + "StackMetrics": ("exSepX", "exSepY", "unexSepX", "unexSepY"),
}
_DOUBLES: dict[str, tuple[str, ...]] = {c.HEX_GRID: ("dx", "dy"), c.SQUARE_GRID: ("dx", "dy")}

#: Map parts VASSAL does not add by itself (§2.3), with what goes wrong without them.
REQUIRED_MAP_PARTS: tuple[tuple[str, str], ...] = (
    ("PieceMover", "pieces cannot be dragged"),
    ("KeyBufferer", "pieces cannot be selected"),
    ("MenuDisplayer", "pieces have no right-click menu"),
    ("ForwardToChatter", "typing on the map does not reach the chat"),
    ("CounterDetailViewer", "there is no mouse-over stack viewer"),
)


def java_int(text: str) -> int | None:
    """``Integer.parseInt``: the value, or None where Java would throw."""
    if not _JAVA_INT.fullmatch(text):
        return None
    value = int(text)
    return value if _INT_MIN <= value <= _INT_MAX else None


def check_structure(located: list[Located], has_entry: Callable[[str], bool] | None,
                    read: Reader | None) -> Iterator[Issue]:
    """All tree checks on the walked tree (root first). ``has_entry``/``read`` give the
    archive's entries; ``None`` when the module's other files are not available."""
    for item in located:
        yield from _check_tag(item, has_entry, read)
        yield from _check_numbers(item)
        if item.element.tag == CDV:
            yield from _check_cdv(item)
        if item.element.tag in _MAPS:
            yield from _check_map_parts(item)
    yield from _check_gpids(located)
    yield from _check_roster(located)
    yield from _check_unique_names(located)


def _check_tag(item: Located, has_entry: Callable[[str], bool] | None, read: Reader | None) -> Iterator[Issue]:
    tag = item.element.tag
    parent = item.parent.tag if item.parent is not None else None
    if parent is None or tag in KNOWN_CLASSES:
        return
    if tag in NEWER_THAN_37:
        yield error(item.path, f"{tag} exists only from VASSAL {NEWER_THAN_37[tag]}: "
                               "3.6 and 3.7 stop loading with IllegalBuildException")
    elif tag in PLAIN_TAGS:
        if parent not in PLAIN_TAGS[tag] and parent.startswith(VASSAL_PACKAGE):
            yield error(item.path, f"<{tag}> is read only inside "
                                   f"{' or '.join(sorted(short(p) for p in PLAIN_TAGS[tag]))}; "
                                   "here VASSAL tries to load it as a class (IllegalBuildException)")
    elif tag.startswith(VASSAL_PACKAGE):
        yield error(item.path, f"unknown VASSAL class {tag}: loading stops with IllegalBuildException")
    elif has_entry is None:
        yield info(item.path, f"{tag} is the module's own code; its class file cannot be checked here")
    elif not has_entry(class_file(tag)):
        yield error(item.path, f"{tag} is not a VASSAL class and the module has no {class_file(tag)}: "
                               "loading stops with IllegalBuildException")
    elif read is not None:
        try:
            head = read(class_file(tag), CLASS_LIMIT)
        except FormatError as exc:
            yield error(item.path, f"{class_file(tag)} cannot be read ({exc.message}): loading stops")
            return
        yield from _check_class_version(item, tag, head)


def _check_class_version(item: Located, tag: str, head: bytes) -> Iterator[Issue]:
    """``DataArchive.findClass`` warns about classes compiled for a Java newer than 11 (class file
    version 55.0), which the Java VASSAL 3.6 ships with cannot load."""
    if len(head) < 8 or head[:4] != b"\xca\xfe\xba\xbe":
        yield error(item.path, f"{class_file(tag)} is not a Java class file: loading stops")
        return
    minor, major = int.from_bytes(head[4:6], "big"), int.from_bytes(head[6:8], "big")
    if major > 55 or (major == 55 and minor != 0):
        yield warning(item.path, f"{class_file(tag)} is compiled for class version {major}.{minor} "
                                 "(newer than Java 11): VASSAL shows an 'incompatible' warning dialog")


def _check_numbers(item: Located) -> Iterator[Issue]:
    el = item.element
    if el.tag == c.DICE_BUTTON:
        for name in ("nDice", "nSides"):
            value = java_int(el.attrs.get(name, "1"))
            if value is not None and value < 1:
                yield error(item.path, f"{name}={value}: rolling throws (a die needs at least one side "
                                       "and a roll at least one die)")
    for name in _INTS.get(el.tag, ()):
        if name in el.attrs and java_int(el.attrs[name]) is None:
            yield error(item.path, f"{name}={el.attrs[name]!r} is not an integer: "
                                   "VASSAL throws NumberFormatException while loading")
    for name in _DOUBLES.get(el.tag, ()):
        if name in el.attrs and not _JAVA_DOUBLE.fullmatch(el.attrs[name].strip()):
            yield error(item.path, f"{name}={el.attrs[name]!r} is not a number: "
                                   "VASSAL throws NumberFormatException while loading")


def _check_cdv(item: Located) -> Iterator[Issue]:
    el = item.element
    if "display" in el.attrs and el.attrs["display"] not in c.CDV_DISPLAY_MODES:
        yield error(item.path, f"display={el.attrs['display']!r} is not one of VASSAL's display modes "
                               f"({', '.join(c.CDV_DISPLAY_MODES)}): the viewer never shows a piece")
    if el.get("version") != CDV_VERSION:
        # VASSAL upgrades such a viewer silently (no dialog), so this is a note, not a warning
        yield info(item.path, f"version={el.get('version')!r}, not {CDV_VERSION!r}: VASSAL runs its "
                              "upgrade and rewrites borderColor and other settings")


def _check_map_parts(item: Located) -> Iterator[Issue]:
    names = {short(child.tag) for child in item.element.children}
    for part, consequence in REQUIRED_MAP_PARTS:
        # a module's own subclass (VSQLPieceMover) keeps the VASSAL name as its suffix
        if not any(n.endswith(part) for n in names):
            yield warning(item.path, f"no {part}: {consequence} (VASSAL does not add it by itself)")


def _check_gpids(located: list[Located]) -> Iterator[Issue]:
    root = located[0]
    slots = [item for item in located if item.element.tag in SLOT_TAGS]
    counts = Counter(item.element.get("gpid") for item in slots if item.element.get("gpid"))
    for item in slots:
        gpid = item.element.get("gpid")
        if not gpid:
            yield warning(item.path, "piece slot has no gpid: saved pieces cannot be matched to it")
        elif counts[gpid] > 1:
            yield error(item.path, f"gpid {gpid!r} is used by {counts[gpid]} piece slots: "
                                   "pieces in play are refreshed from the wrong slot")
    next_id = java_int(root.element.get("nextPieceSlotId"))
    numeric = [int(g) for g in counts if java_int(g) is not None]
    if next_id is not None and numeric and next_id <= max(numeric):
        yield error(root.path, f"nextPieceSlotId={next_id} is not above the highest gpid "
                                         f"{max(numeric)}: new slots get GPIDs already in use")


def _check_roster(located: list[Located]) -> Iterator[Issue]:
    for item in located:
        if item.element.tag != c.PLAYER_ROSTER:
            continue
        if not any(child.tag == "entry" and child.text for child in item.element.children):
            yield warning(item.path, "no <entry> sides: players cannot choose a side "
                                     "(sides are <entry> children, not attributes)")


#: Names that identify a component in saves or references, so that two of them clash.
_IDENTIFIERS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (_MAPS, "mapName", "saves name maps by this: pieces of both go to the first"),
    ((c.PROTOTYPE_DEFINITION,), "name", "prototype; traits find only one of them"),
)


def _check_unique_names(located: list[Located]) -> Iterator[Issue]:
    for tags, attr, consequence in _IDENTIFIERS:
        items = [i for i in located if i.element.tag in tags and i.element.get(attr)]
        counts = Counter(i.element.get(attr) for i in items)
        for item in items:
            if counts[item.element.get(attr)] > 1:
                yield warning(item.path, f"{attr} {item.element.get(attr)!r} is used {counts[item.element.get(attr)]} "
                                         f"times: {consequence}")
    for picker in (i for i in located if i.element.tag == c.BOARD_PICKER):
        boards = Counter(b.get("name") for b in picker.element.children if b.tag == c.BOARD)
        for name, count in sorted(boards.items()):
            if count > 1:
                yield warning(picker.path, f"board name {name!r} is used {count} times on this map: "
                                           "saves pick boards by name, so only the first is ever used")
