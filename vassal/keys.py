"""Keystrokes as VASSAL writes them inside trait definitions.

A plain keystroke is ``code,modifiers`` (Java ``KeyEvent`` virtual-key code and
``InputEvent`` modifier mask, e.g. ``70,130`` = Ctrl-F). A *named* keystroke
(VASSAL 3.2+) adds ``,Name``; it is how traits send commands to one another
without taking up a real key. An empty field means "no key" (format reference §4.4).
The code of a named key is allocated by VASSAL at run time (it writes 57344 and up);
we keep whatever code we read and write ``0,0,Name`` for the keys we create.
"""

from __future__ import annotations

from dataclasses import dataclass

# Java InputEvent masks, old and new bits together, as VASSAL writes them.
SHIFT = 65
CTRL = 130
META = 260
ALT = 520
NAMED_KEY_CODES = 57344      # VASSAL allocates a named key's code from here up when it loads a module


@dataclass(frozen=True)
class KeyStroke:
    """A real key: Java virtual-key code plus modifier mask."""

    code: int
    modifiers: int = 0

    def encode(self) -> str:
        return f"{self.code},{self.modifiers}"

    @staticmethod
    def decode(text: str) -> KeyStroke | None:
        """``code,mods``; ``None`` for an empty field or text that is not a keystroke."""
        key = NamedKeyStroke.decode(text)
        return None if key is None or key.name else KeyStroke(key.code, key.modifiers)


@dataclass(frozen=True)
class NamedKeyStroke:
    """A keystroke that may carry a name (``code,mods,Name``)."""

    code: int = 0
    modifiers: int = 0
    name: str = ""

    @staticmethod
    def named(name: str) -> NamedKeyStroke:
        """A named command with no real key behind it."""
        return NamedKeyStroke(0, 0, name)

    def encode(self) -> str:
        head = f"{self.code},{self.modifiers}"
        return f"{head},{self.name}" if self.name else head

    @staticmethod
    def decode(text: str) -> NamedKeyStroke | None:
        """``None`` for an empty field or for text that is not ``int,int[,name]``.

        Callers that must keep odd text byte for byte store it themselves
        (trait fields remember their verbatim spelling).
        """
        parts = text.split(",", 2)
        if len(parts) < 2:
            return None
        try:
            code, modifiers = int(parts[0]), int(parts[1])
        except ValueError:
            return None
        return NamedKeyStroke(code, modifiers, parts[2] if len(parts) == 3 else "")


def key(char: str, modifiers: int = 0, name: str = "") -> NamedKeyStroke:
    """The keystroke for a letter or digit, e.g. ``key('F', CTRL)`` -> ``70,130``.

    Java's virtual-key code of a letter is its upper-case ASCII code; other
    characters have codes that differ from ASCII, so they are refused here.
    """
    if len(char) != 1 or not (char.isascii() and char.isalnum()):
        raise ValueError(f"key() takes one ASCII letter or digit, not {char!r}")
    return NamedKeyStroke(ord(char.upper()), modifiers, name)
