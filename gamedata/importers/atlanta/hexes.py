"""How the Atlanta text spells hexes and clock times, and the error for a line that needs a human.

Hexes come in four spellings (`A49.34`, `11.35`, `7:17`, `2617`) and clock
times (`1:00PM`) look like `col:row` hexes, so times are masked while hexes are
read. Every hex is rewritten as `A26.17`, each spelling noted.
"""
from __future__ import annotations

import re


class LineError(ValueError):
    """A line the importer cannot turn into rows without a human."""


_TIME = re.compile(r"\b(\d{1,2}):(\d{2})\s*(AM|PM)\b", re.IGNORECASE)
HEX = re.compile(r"(?<![\w/(.:])(?P<map>[AB])?(?P<col>\d{1,2})(?P<sep>[.:])(?P<row>\d{2})(?![\d)])")
_BARE_HEX = re.compile(r"\bhex (\d{2})(\d{2})\b")
TIME_MARK = "\x00"


def clock(hour: str, minute: str, period: str) -> str:
    """`1:00PM` -> `13:00`."""
    h = int(hour) % 12 + (12 if period.upper() == "PM" else 0)
    return f"{h:02d}:{minute}"


def mask_times(text: str) -> tuple[str, list[str]]:
    """Clock times look like `col:row` hexes; hide them while hexes are read."""
    times: list[str] = []

    def keep(match: re.Match[str]) -> str:
        times.append(clock(*match.groups()))
        return TIME_MARK * len(match.group(0))

    return _TIME.sub(keep, text), times


def canonical_hexes(text: str, default_map: str, notes: list[str]) -> tuple[str, list[str]]:
    """Rewrite every hex id in `text` as `A26.17`; say what each spelling needed."""
    masked, _ = mask_times(text)
    bare = _BARE_HEX.search(masked)
    if bare:
        notes.append(f"'{bare.group(1)}{bare.group(2)}' has no separator: read as {bare.group(1)}.{bare.group(2)}")
        text = text[:bare.start()] + f"hex {int(bare.group(1))}.{bare.group(2)}" + text[bare.end():]
        masked, _ = mask_times(text)
    out, hexes, last = [], [], 0
    for m in HEX.finditer(masked):
        map_id = m.group("map") or default_map
        if not map_id:
            raise LineError(f"hex '{m.group(0)}' has no map letter and the table has no default map")
        if m.group("sep") == ":":
            notes.append(f"'{m.group(0)}' uses ':' as separator")
        if len(m.group("col")) == 2 and m.group("col").startswith("0"):
            notes.append(f"'{m.group(0)}' has a zero-padded column")
        hex_id = f"{map_id}{int(m.group('col'))}.{m.group('row')}"
        hexes.append(hex_id)
        out.append(text[last:m.start()] + hex_id)
        last = m.end()
    out.append(text[last:])
    return "".join(out), hexes
