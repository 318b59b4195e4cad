"""Player ids are passwords: collect the ones a file carries, and hide them where they are ids.

VASSAL writes the "player id" (the password a player typed) into roster entries
and the mover field of every move. Nothing we show may contain one. Yet a
password is often an ordinary word ("panzer"): replacing that word wherever it
occurs would garble the players' own chat and, worse, point at the password by
the gap it leaves. So an id is hidden only where it stands as an id:

* as a whole field that should hold a name or a side (a damaged roster entry
  whose fields shifted), which ``is_id`` tells;
* inside text that carries command text of its own (a damaged file that merged a
  move into a chat line): there, only as a field of that command, between the
  delimiters VASSAL puts around fields (``/``, tab, ``;``, ESC), never as a word
  among words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .commands import Command, MovePiece, PlayerEntry

HIDDEN = "[player id hidden]"
# text that holds command text of its own: a tab or ESC (no player types those in chat),
# a move's fields (after a word break, or anywhere when its map, x and y follow: a damaged
# file can glue a move to the word before it, or cut its "M" away and leave the two places it
# joins, map/x/y/under twice over), a roster entry
_PLACE = r"[^/\t\x1b]*/-?\d+/-?\d+/[^/\t\x1b]*/"
_EMBEDDED = re.compile(r"[\t\x1b]|(?:^|[^\w])M/[^\s/]*/|M/[^\s/]*/[^/\t\x1b]*/-?\d+/-?\d+/|PLAYER\t"
                       rf"|/{_PLACE}{_PLACE}")
_FIELD_EDGE = r"/\t;\x1b\\"


def player_ids(commands: Iterable[Command]) -> frozenset[str]:
    """Every player id carried by these commands (roster entries and movers)."""
    ids = {c.player_id for c in commands if isinstance(c, (MovePiece, PlayerEntry))}
    return frozenset(ids - {"", "null"})


def field_pattern(ids: Iterable[str]) -> re.Pattern[str] | None:
    """Matches any of ``ids`` as a whole command field: bounded by field delimiters or the
    text's ends, longest first (so no partial leftovers)."""
    ordered = sorted(set(ids), key=lambda i: (-len(i), i))
    if not ordered:
        return None
    return re.compile(rf"(?:(?<=[{_FIELD_EDGE}])|^)(?:" + "|".join(re.escape(i) for i in ordered)
                      + rf")(?=[{_FIELD_EDGE}]|$)")


def hide(text: str, pattern: re.Pattern[str] | None) -> str:
    """``text`` with the ids ``pattern`` matches hidden where they stand as ids: the whole text
    (a field shifted into it), or fields of command text the text carries. Ordinary text
    (players' chat) is left as written, even where a player wrote a word that is a password."""
    if pattern is None or not text:
        return text
    if pattern.fullmatch(text.strip()):
        return HIDDEN
    if _EMBEDDED.search(text) is None:
        return text
    return pattern.sub(HIDDEN, text)


def is_id(value: str | None, ids: frozenset[str]) -> bool:
    """True when a whole field (a name, a side) holds a player id."""
    return value is not None and value in ids
