"""Which commands VASSAL can decode with a given module: the rule behind its step count.

VASSAL turns a file's text into commands through the module's command encoders
(``GameModule.decode``): the core ones decode pieces, chat, logging and saving
whatever the module, but a turn tracker's, a flare's, a board picker's or a dice
button's command decodes only when the module has that very component, and a
``LOG`` whose every part decodes to nothing is no step at all (VASSAL's own
``null`` placeholder never decodes). Modules with Java classes of their own may
bring encoders of their own: for them an unknown command is taken as decodable.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from . import components as c
from .buildfile import Element
from .sequence import decode

#: Decoded by VASSAL's core encoders whatever the module holds.
ALWAYS = ("+/", "-/", "D/", "CHAT", "AUDIO\t", "UNDO\t", "EXT\t", "PLUGIN\t", "DECKREPOS\t", "PRIV_CHAT",
          "INVITE\t", "PLAY\t", "SYNC")
_SAVE_MARKERS = ("begin_save", "end_save")
# (command prefix, component tag): decoded only when the module has such a component
_BY_COMPONENT = (
    ("PLAYER\t", c.PLAYER_ROSTER), ("PYREMOVE\t", c.PLAYER_ROSTER),
    ("NOTES\t", c.M + "NotesWindow"), ("PNOTES\t", c.M + "NotesWindow"), ("PNOTE\t", c.M + "NotesWindow"),
    ("SNOTE\t", c.M + "NotesWindow"), ("CLOCKCONTROL\t", c.M + "ChessClockControl"),
    ("CLOCK\t", c.M + "ChessClockControl"), ("DECK\t", c.MAP + "DrawPile"), ("Events", c.M + "EventLog"),
    ("LOCKSPOTAB", c.M + "properties.ScenarioPropertiesOptionTab"), ("SEMAIL\t", c.M + "InternetDiceButton"),
    ("SETUP_STACK\t", c.SETUP_STACK),
)
# (command prefix, component tag, id prefix): "FLARE\tFlare0..." needs the module's first Flare
_BY_ID = (
    ("FLARE\t", c.MAP + "Flare", "Flare"),
    ("LOS\t", c.MAP + "LOS_Thread", "LOS_Thread"),
    ("SGKC\t", c.M + "StartupGlobalKeyCommand", "SGKC"),
    ("TURN", c.TURN_TRACKER, "TurnTracker"),
)


def _elements(root) -> Iterator:
    stack = [root]
    while stack:
        el = stack.pop()
        yield el
        stack.extend(reversed(el.children))


class CommandSupport:
    """``decodes(text)``: whether VASSAL, loading this module, decodes one command text.

    Read from the module's buildFile tree, the (name, id) of each of its maps and the
    (name, container) of each global property (``vassal.module.Module.command_support``)."""

    def __init__(self, root: Element, maps: Iterable[tuple[str, str]], properties: Iterable[tuple[str, str]]) -> None:
        maps, properties = tuple(maps), tuple(properties)
        tags: dict[str, list] = {}
        for el in _elements(root):
            tags.setdefault(el.tag, []).append(el)
        self._present = {prefix for prefix, tag in _BY_COMPONENT if tag in tags}
        # ObscurableOptions registers its encoder only when players choose who may unmask
        if any(el.get("nonOwnerUnmaskable") == "Use Preferences Setting" for el in tags.get(c.M + "GlobalOptions", ())):
            self._present.add("UNMASK\t")
        self._ids = tuple(f"{prefix}{name}{i}" for prefix, tag, name in _BY_ID for i in range(len(tags.get(tag, ()))))
        self._boards = tuple(f"{name}BoardPicker" for names in maps for name in set(names) if name)
        self._special = tuple(f"SHOW_RESULTS\t{el.get('name')}\t" for el in tags.get(c.M + "SpecialDiceButton", ()))
        self._containers = {"", "Module"} | {name for name, _ in maps} | {container for _, container in properties}
        self._properties = {name for name, _ in properties}
        # a class outside VASSAL may register an encoder we cannot know of
        self._custom = any(not tag.startswith("VASSAL.") and "." in tag for tag in tags)

    def decodes(self, text: str) -> bool:
        if text == "" or text.startswith(ALWAYS) or text in _SAVE_MARKERS:
            return True
        if text == "null":
            return False
        if text.startswith("LOG\t"):
            return self.decodes_any(text[4:])
        if text.startswith("M/"):
            return _move_numbers_read(text)
        if text.startswith("MutableProperty\t"):
            fields = decode(text, "\t") + ["", "", "", "", ""]
            return fields[4] in self._containers
        if text.startswith("GlobalProperty\t"):
            fields = decode(text[len("GlobalProperty\t"):], ";") + ["", ""]
            return fields[1] in self._properties
        if text.startswith("SHOW_RESULTS\t"):
            return text.startswith(self._special) if self._special else self._custom
        for prefix in self._present:
            if text.startswith(prefix):
                return True
        if text.startswith(self._ids) or (self._boards and text.startswith(self._boards)):
            return True
        return self._custom

    def decodes_any(self, text: str) -> bool:
        """``GameModule.decode`` of a (possibly compound) text gives a command: some part decodes."""
        from .commands import parse_tree
        return any(self.decodes(node.text) for node in parse_tree(text).walk())


def _move_numbers_read(text: str) -> bool:
    """``M/`` decodes only when its four coordinates are integers (``Integer.parseInt``)."""
    fields = decode(text[2:], "/")
    if len(fields) < 9:
        return False
    try:
        for i in (2, 3, 6, 7):
            int(fields[i])
    except ValueError:
        return False
    return True
