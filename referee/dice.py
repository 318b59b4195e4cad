"""Die rolls as the referee sees them: who rolled, what for, which faces.

The replay recognizes VASSAL's DiceButton reports (and the module's own report
formats when the module is given) as ``DiceRoll`` events. Logs from modules the
project does not have still carry recognizable dice lines, so this module also
reads the chat text of the formats seen in real logs:

* VASSAL's default DiceButton report, ``*** 2d6 = 3,5 *** <Alice>`` (3.2/3.3
  writes the brackets literally, 3.4+ as ``&lt;``/``&gt;``);
* VASL's ``*** (IFT DR) 6,6 ***   <Alice>   [1 / 4 avg ...]``, where ``DR`` is
  two six-sided dice and ``dr`` one.

A line that starts ``* UNDO:`` repeats a roll that is being taken back; it is
never a roll of its own.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from vassal.replay import UNDO_REPORT

UNDO_PREFIX = UNDO_REPORT

_VASL = re.compile(
    r"^\*{3} \((?P<purpose>[^()]*?\b(?:DR|dr))\) (?P<dice>\d+(?:,\d+)*) \*{3}\s+<(?P<player>[^<>]*)>"
)
_DEFAULT = re.compile(
    r"^\*{2,3} (?P<purpose>.+?) = (?P<dice>\d+(?:, ?\d+)*) \*{3}\s*<(?P<player>[^<>]*)>"
)
_NDS = re.compile(r"^(?P<n>\d+)d(?P<s>\d+)$", re.IGNORECASE)


@dataclass(frozen=True)
class Die:
    """What a dice button throws: ``count`` dice of ``sides`` faces numbered from ``low`` (0 for
    a d10 read 0-9, VASSAL's "add to each die" of -1); ``total``: the button reports only the
    total of its dice (or adds to it), so its results are totals, not faces."""

    count: int
    sides: int
    low: int = 1
    total: bool = False

    @property
    def faces(self) -> bool:
        """Whether a result is the face of each die (not a total)."""
        return not self.total

    def __str__(self) -> str:
        text = f"d{self.sides}" if self.faces else f"{self.count}d{self.sides} total"  # a total of several dice
        return text + (f" ({self.low}-{self.low + self.sides - 1})" if self.low != 1 else "")


@dataclass(frozen=True)
class Roll:
    """One roll of one or more dice.

    ``sides`` is ``None`` when nothing says what dice were thrown (a report
    format we recognise, from a module we were not given) or when the result is a
    total of several dice; such rolls are listed and counted but kept out of the
    goodness-of-fit test. ``low``: the die's first face (0 for a d10 read 0-9);
    ``die``: how the audit names the dice when it knows them ("d10 (0-9)", "2d6 total").
    """

    step: int
    player: str | None
    purpose: str
    dice: tuple[int, ...]
    sides: int | None
    text: str
    low: int = 1
    die: str = ""

    @property
    def die_type(self) -> str:
        return self.die or (f"d{self.sides}" if self.sides else "unknown die")


def roll_of(step: int, player: str | None, purpose: str, dice: tuple[int, ...], die: Die | int | None,
            text: str) -> Roll:
    """A roll of a die known by its size (``int``) or its button (``Die``), or of unknown dice."""
    if isinstance(die, Die):
        return Roll(step, player, purpose, dice, die.sides if die.faces else None, text, die.low, str(die))
    return Roll(step, player, purpose, dice, die, text)


@dataclass(frozen=True)
class ChatRoll:
    """What a chat line says about a roll, before it is placed in a step."""

    player: str
    purpose: str
    dice: tuple[int, ...]
    sides: int | None


def plain_text(chat: str) -> str:
    """Chat text with VASSAL's HTML escaping undone (``&lt;Alice&gt;`` -> ``<Alice>``)."""
    return html.unescape(chat).strip()


def sides_from_name(purpose: str) -> int | None:
    """Die size from a button named like ``2d6`` or ``1d10``, else ``None``."""
    m = _NDS.match(purpose.strip())
    return int(m.group("s")) if m else None


def read_chat_roll(chat: str) -> ChatRoll | None:
    """The roll a chat line reports, or ``None`` if it reports none (or an undo)."""
    text = plain_text(chat)
    if text.startswith(UNDO_PREFIX):
        return None
    m = _VASL.match(text)
    if m:
        dice = tuple(int(v) for v in m.group("dice").split(","))
        return ChatRoll(m.group("player").strip(), m.group("purpose").strip(), dice, 6)
    m = _DEFAULT.match(text)
    if m:
        purpose = m.group("purpose").strip()
        dice = tuple(int(v) for v in m.group("dice").replace(" ", "").split(","))
        return ChatRoll(m.group("player").strip(), purpose, dice, sides_from_name(purpose))
    return None
