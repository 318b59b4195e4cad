"""Stable piece-slot ids (GPIDs) derived from the caller's own keys.

A saved game names each piece's palette slot by its GPID, and VASSAL uses it to
refresh pieces from a newer module. If GPIDs were handed out by counting, adding
one unit to the order of battle would renumber every slot after it and break
saves made with the previous build. Hashing the caller's key (a unit id, say)
gives the same GPID for the same key in every build, whatever else the module
holds. Two keys hashing to one GPID is possible, so it is detected and reported
with both keys, never silently resolved by order.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

#: GPIDs are 9-digit decimals: far from hand-numbered slots (which start near 0),
#: and ``nextPieceSlotId`` (a Java int) stays below 2**31 - 1.
_LOW = 100_000_000
_SPAN = 900_000_000


def gpid_for(key: str) -> str:
    """The GPID for one key: the same key always gives the same id."""
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return str(_LOW + int.from_bytes(digest[:8], "big") % _SPAN)


def assign_gpids(keys: Iterable[str]) -> dict[str, str]:
    """GPIDs for every key, in the keys' order; duplicate keys or colliding hashes raise ValueError."""
    by_key: dict[str, str] = {}
    owner: dict[str, str] = {}
    for key in keys:
        if key in by_key:
            raise ValueError(f"piece slot key {key!r} is used twice; every slot needs its own key")
        gpid = gpid_for(key)
        if gpid in owner:
            raise ValueError(
                f"piece slot keys {owner[gpid]!r} and {key!r} hash to the same GPID {gpid}; rename one of them"
            )
        by_key[key] = gpid
        owner[gpid] = key
    return by_key


def next_piece_slot_id(gpids: Iterable[str]) -> int:
    """The root's ``nextPieceSlotId``: one above the highest numeric GPID (ids VASSAL
    cannot read as numbers, such as extension ``prefix:n`` ids, do not count)."""
    numbers = [int(g) for g in gpids if g.isascii() and g.isdigit()]
    return max(numbers, default=0) + 1
