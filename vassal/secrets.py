"""Player ids are passwords: collect the ones a file carries, and hide them in any text.

VASSAL writes the "player id" (the password a player typed) into roster entries
and the mover field of every move. Nothing we show may contain one, yet a damaged
or doctored file can carry an id inside text we quote (a chat line, a name).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .commands import Command, MovePiece, PlayerEntry

HIDDEN = "[player id hidden]"


def player_ids(commands: Iterable[Command]) -> frozenset[str]:
    """Every player id carried by these commands (roster entries and movers)."""
    ids = {c.player_id for c in commands if isinstance(c, (MovePiece, PlayerEntry))}
    return frozenset(ids - {"", "null"})


def redaction_pattern(ids: Iterable[str]) -> re.Pattern[str] | None:
    """Matches any of ``ids`` as a whole word (longest first, so no partial leftovers)."""
    ordered = sorted(set(ids), key=lambda i: (-len(i), i))
    if not ordered:
        return None
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(i) for i in ordered) + r")(?![\w-])")


def hide(text: str, pattern: re.Pattern[str] | None) -> str:
    return pattern.sub(HIDDEN, text) if pattern is not None and text else text
