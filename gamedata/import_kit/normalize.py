"""Normalizers for rulebook cells.

Each returns the cleaned value with a note saying what changed (None when
nothing did), so the importer can report every change with its rulebook line.
They know no game: per-game knowledge (marker meanings, spellings) is passed in.
"""
from __future__ import annotations

import html
import re
from collections.abc import Mapping

Normalized = tuple[str, str | None]

_TAG = re.compile(r"<[^>]+>")
_SUP = re.compile(r"<sup>\s*([^<]*?)\s*</sup>", re.IGNORECASE)
DEFAULT_MARKERS = "*†‡°#@+•●$§"


def strip_html(value: str) -> Normalized:
    """Drop HTML tags (`<b>`, `<i>`, `<br>`) and decode entities."""
    cleaned = html.unescape(_TAG.sub("", value)).strip()
    cleaned = re.sub(r"\s+", " ", cleaned)
    return cleaned, (None if cleaned == value else f"HTML removed from '{value}'")


def unescape_markdown(value: str) -> Normalized:
    r"""Undo Markdown backslash escapes (`2\$` -> `2$`, `\*` -> `*`)."""
    cleaned = re.sub(r"\\([\\`*_{}\[\]()#+\-.!$|])", r"\1", value)
    return cleaned, (None if cleaned == value else f"Markdown escape removed from '{value}'")


def footnotes(value: str, markers: str = DEFAULT_MARKERS) -> tuple[str, tuple[str, ...]]:
    """Split trailing footnote markers (and `<sup>x</sup>`) off a cell.

    Returns the bare value and the markers in printed order; the caller
    resolves what a marker means in its table (meanings differ per table).
    """
    sup = [m for m in _SUP.findall(value) if m]
    text = _SUP.sub("", value).strip()
    trailing: list[str] = []
    while len(text) > 1 and text[-1] in markers:
        trailing.append(text[-1])
        text = text[:-1].rstrip()
    found = tuple(reversed(trailing)) + tuple(sup)
    return text, found


def ditto(value: str, previous: str | None) -> Normalized:
    """A ditto mark (`"`, `''`, `〃`, `do.`) repeats the cell above."""
    if value.strip() in {'"', "''", "〃", "do.", "“", "”"}:
        if previous is None:
            raise ValueError("ditto mark with no row above it")
        return previous, f"ditto mark replaced by '{previous}'"
    return value, None


def split_units(value: str) -> tuple[str, ...]:
    """Several units in one cell (`Ammen, 36 IN`) -> one name each."""
    return tuple(part.strip() for part in re.split(r"\s*[,;]\s*|\s+&\s+", value) if part.strip())


_PAREN_STRENGTH = re.compile(r"^(?P<name>.*?)\s*\(\s*(?P<n>\d+)\s*\)\s*$")


def strength_in_parens(value: str) -> tuple[str, int | None, str | None]:
    """`25 MO ( <b>8</b> )` -> ('25 MO', 8, note); no parentheses -> (value, None, None)."""
    bare, _ = strip_html(value)
    match = _PAREN_STRENGTH.match(bare)
    if not match:
        return value, None, None
    name, strength = match.group("name"), int(match.group("n"))
    return name, strength, f"strength {strength} split off '{value}'"


_TIME = re.compile(
    r"^(?P<h1>\d{1,2})(?::(?P<m1>\d{2}))?\s*(?:(?P<p1>AM|PM|N|M)\b)?"
    r"(?:\s*-\s*(?P<h2>\d{1,2})(?::(?P<m2>\d{2}))?)?\s*(?P<p2>AM|PM|N|M)?\.?$",
    re.IGNORECASE,
)


def time_of_day(value: str) -> Normalized:
    """Clock times to 24-hour `HH:MM` (`12 N` -> 12:00, `8AM` -> 08:00, `7-8 PM` -> 19:00-20:00)."""
    match = _TIME.match(value.strip())
    if not match or not (match.group("p1") or match.group("p2")):
        raise ValueError(f"'{value}' is not a time of day")
    last = (match.group("p2") or match.group("p1")).upper()
    first = (match.group("p1") or last).upper()
    start = _clock(int(match.group("h1")), int(match.group("m1") or 0), first)
    out = start
    if match.group("h2"):
        out = f"{start}-{_clock(int(match.group('h2')), int(match.group('m2') or 0), last)}"
    return out, (None if out == value else f"time '{value}' written as {out}")


def _clock(hour: int, minute: int, period: str) -> str:
    if period == "N":
        hour = 12
    elif period == "M":
        hour = 0
    elif period == "PM" and hour != 12:
        hour += 12
    elif period == "AM" and hour == 12:
        hour = 0
    if not (0 <= hour < 24 and 0 <= minute < 60):
        raise ValueError(f"{hour}:{minute:02d} is not a clock time")
    return f"{hour:02d}:{minute:02d}"


def spelling(value: str, corrections: Mapping[str, str], what: str = "spelling") -> Normalized:
    """Replace a known misspelling (`A0T` -> `AoT`) in whole `/`-separated parts."""
    parts = value.split("/")
    fixed = [corrections.get(p.strip(), p.strip()) for p in parts]
    out = "/".join(fixed)
    return out, (None if out == value.strip() else f"{what} '{value}' corrected to '{out}'")


def lost_minus(value: str) -> Normalized:
    """A Markdown bullet ate a leading minus: `- 2` is -2 (`- +3` stays +3)."""
    match = re.match(r"^-\s+(\d[\d½]*)(.*)$", value.strip())
    if not match:
        return value, None
    out = f"-{match.group(1)}{match.group(2)}"
    return out, f"minus sign restored in '{value}'"


def empty_marks(value: str) -> Normalized:
    """`-`, `—`, `–` and blank all mean 'not printed' -> ''."""
    if value.strip() in {"-", "—", "–", ""}:
        return "", (None if not value.strip() else f"'{value}' read as empty")
    return value, None
