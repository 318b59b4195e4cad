"""Cell-level parsing of the Into the Woods: Shiloh setup and reinforcement tables.

The rulebook text is an OCR/PDF conversion: cells carry HTML, footnote markers in
several spellings, several units per cell, strengths and Disorder flags, fused
time+hex cells and OCR damage in command designations. Each function here turns
one cell into a clean value and says what it changed, so the importer can log
every normalization with its rulebook line (digest §6).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

HEX_RE = re.compile(r"^[NS]\d{4}$")
HEX_IN_TEXT = re.compile(r"\b([NS])(\d{2})(\d{2})\b")
_TAG = re.compile(r"</?(?:b|i|u|sup)>")
_SUP = re.compile(r"<sup>\s*([^<]*?)\s*</sup>")


class CellError(ValueError):
    """A cell that cannot be read without a human: the importer rejects its row."""


def strip_markup(text: str) -> str:
    """Remove HTML tags and collapse whitespace (digest §6.1)."""
    text = _TAG.sub(" ", text).replace("\u2212", "-")
    return " ".join(text.split())


# ---------------------------------------------------------------- hexes


def check_hex(hex_id: str) -> str:
    """A `[NS]CCRR` id (whether it is on its map is checked against game.toml later)."""
    if not HEX_RE.match(hex_id):
        raise CellError(f"not a hex id: {hex_id!r}")
    return hex_id


@dataclass(frozen=True)
class Location:
    """A setup location: a hex, or a placement constraint the player resolves."""

    hex: str = ""
    constraint: str = ""
    facing: str = ""
    status: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()


_WITHIN = re.compile(r"^Within (\d+) hex(?:es)? of ([NS]\d{4})$")
_LANE = re.compile(r"^On the Farm Lane, ([NS]\d{4})-([NS]\d{4}); one unit per hex$")
_EXT_LINE = re.compile(r"^([NS]\d{4}) and ([NS]\d{4}) \(Extended Line facing (\w+)\)$")
_PAIR_COMMA = re.compile(r"^([NS]\d{4}), ([NS]\d{4})$")
_PAIR_SPACE = re.compile(r"^([NS]\d{4}) ([NS]\d{4})$")


def parse_location(raw: str, brigade: str) -> Location:
    """Read a setup Location cell (digest §6.5); `brigade` is the row's formation for "with" rows."""
    text = strip_markup(raw)
    if HEX_RE.match(text):
        return Location(hex=check_hex(text))
    if text.isdigit():
        raise CellError(f"OCR ghost row: location {text!r} is not a hex id")
    if text.startswith("area "):
        return Location(constraint=text, changes=(f"placement area {text!r}",))
    if m := _WITHIN.match(text):
        return Location(constraint=f"within {m.group(1)} of {check_hex(m.group(2))}",
                        changes=(f"area {text!r} -> constraint",))
    if m := _LANE.match(text):
        start, end = check_hex(m.group(1)), check_hex(m.group(2))
        return Location(constraint=f"path {start} {end} one-per-hex", changes=(f"area {text!r} -> constraint",))
    if m := _EXT_LINE.match(text):
        return Location(hex=check_hex(m.group(1)), facing=m.group(3), status=("extended-line",),
                        notes=(f"Extended Line into {check_hex(m.group(2))}; parent or extension in {m.group(1)}",),
                        changes=(f"{text!r} -> hex {m.group(1)}, Extended Line, facing {m.group(3)}",))
    if m := _PAIR_COMMA.match(text):
        return Location(hex=check_hex(m.group(1)), notes=(f"extension in {check_hex(m.group(2))}",),
                        changes=(f"two hexes {text!r} -> parent {m.group(1)} + extension",))
    if m := _PAIR_SPACE.match(text):
        first, second = check_hex(m.group(1)), check_hex(m.group(2))
        return Location(constraint=f"either {first} {second}",
                        notes=(f"printed as two hexes without separator ({text}); which one is not stated",),
                        changes=(f"{text!r} -> either-of constraint",))
    if text.startswith("With any unit of his"):
        if not brigade:
            raise CellError(f"placement {text!r} without a formation")
        return Location(constraint=f"with-formation {brigade}", changes=(f"{text!r} -> with-formation",))
    raise CellError(f"unreadable location {text!r}")


# ---------------------------------------------------------------- entries and times

_RANGE = re.compile(r"^(?:any hex from )?N(\d{2})01(?:-| to )N?(\d{2})01$")


@dataclass(frozen=True)
class Entry:
    """A reinforcement entry: alternative hexes plus a free-text condition."""

    hexes: tuple[str, ...] = ()
    note: str = ""
    changes: tuple[str, ...] = ()


_STAR_NOTE = ("may enter anywhere on the south map edge within three hexes of S1234 "
              "(red-outlined hexes, BB 30.1 reinforcement note)")


def parse_entry(raw: str) -> Entry:
    """Read an entry hex cell: `N6420/6423`, `N6401-6601`, `S1234*`, `X or Y`, `X and/or Y`, areas."""
    text = strip_markup(raw)
    if HEX_RE.match(text):
        return Entry((check_hex(text),))
    if text == "S1234*":
        return Entry(("S1234",), _STAR_NOTE, ("'S1234*' -> S1234 + edge-entry note",))
    if m := re.match(r"^([NS])(\d{4})/(\d{4})$", text):
        first, second = check_hex(m.group(1) + m.group(2)), check_hex(m.group(1) + m.group(3))
        return Entry((first, second), "either landing hex",
                     (f"{text!r} -> {first} or {second} (second id lacks its map letter)",))
    if m := _RANGE.match(text):
        hexes = tuple(check_hex(f"N{c:02d}01") for c in range(int(m.group(1)), int(m.group(2)) + 1))
        return Entry(hexes, "any full river hex at the north end of the Tennessee River (BB 14.72)",
                     (f"range {text!r} -> {' '.join(hexes)}",))
    if m := re.match(r"^([NS]\d{4}) (or|and/or) ([NS]\d{4})$", text):
        return Entry((check_hex(m.group(1)), check_hex(m.group(3))), f"enters at {text}",
                     (f"{text!r} -> two entry hexes",))
    if m := re.match(r"^([NS]\d{4}) via the road$", text):
        return Entry((check_hex(m.group(1)),), "enters via the road", (f"{text!r} -> hex + note",))
    if m := re.match(r"^anywhere between ([NS]\d{4}) and ([NS]\d{4}) \((.*)\)$", text):
        return Entry((check_hex(m.group(1)), check_hex(m.group(2))),
                     f"anywhere between {m.group(1)} and {m.group(2)} ({m.group(3)})",
                     (f"area {text!r} -> end hexes + note",))
    raise CellError(f"unreadable entry {text!r}")


_TIME = re.compile(r"^(\d{1,2}(?:-\d{1,2})?)\s*(AM|PM|N|Noon)$")


def parse_time(raw: str) -> str:
    """Normalise a turn label: `8AM` -> `8 AM`, `12 N`/`12 Noon` -> `12 PM` (digest §6.6)."""
    text = strip_markup(raw)
    m = _TIME.match(text)
    if not m:
        raise CellError(f"unreadable time {text!r}")
    suffix = "PM" if m.group(2) in ("N", "Noon") else m.group(2)
    return f"{m.group(1)} {suffix}"


_DATE = re.compile(r"^April (\d)(?:th)?$")


def parse_date_separator(cells: list[str]) -> str | None:
    """A separator row (`\\t\\tApril 6th\\t\\t`) -> its date, `April` alone -> "" (day missing)."""
    texts = [strip_markup(c) for c in cells if strip_markup(c)]
    if len(texts) != 1:
        return None
    if texts[0] == "April":
        return ""
    m = _DATE.match(texts[0])
    return f"1862-04-0{m.group(1)}" if m else None


def split_time_entry(raw: str) -> tuple[str, str, str]:
    """Split a fused `8AM; N3233` / `1 PM, S6927` / `April 5, 8 AM, S1234` cell -> (date, time, entry)."""
    text = strip_markup(raw)
    date = ""
    if m := re.match(r"^April (\d), (.*)$", text):
        date, text = f"1862-04-0{m.group(1)}", m.group(2)
    m = re.match(r"^(\d{1,2}(?:-\d{1,2})?\s*(?:AM|PM|N|Noon))(?:[;,]\s*(.*))?$", text)
    if not m:
        raise CellError(f"unreadable time/entry {text!r}")
    return date, parse_time(m.group(1)), m.group(2) or ""


def parse_activations(raw: str) -> tuple[str, str]:
    """`3 A` -> ("3", "A"); `2` -> ("2", ""); blank -> ("", "") (digest §6.7)."""
    text = strip_markup(raw)
    if not text:
        return "", ""
    m = re.match(r"^(\d)(?: ([A-D]))?$", text)
    if not m:
        raise CellError(f"unreadable activations {text!r}")
    return m.group(1), m.group(2) or ""


def parse_fatigue(raw: str) -> str:
    """`Fatigue 0` -> "0", `Fatigue OK` -> "OK"; blank -> "" (no Fatigue)."""
    text = strip_markup(raw)
    if not text:
        return ""
    m = re.match(r"^Fatigue (0|1|2|OK)$", text)
    if not m:
        raise CellError(f"unreadable fatigue {text!r}")
    return m.group(1)


def parse_facing(raw: str) -> str:
    """Facing is one of the six hex vertices, or `any` (digest §6.9)."""
    text = strip_markup(raw)
    if text in ("NE", "E", "SE", "SW", "W", "NW", "any", ""):
        return text
    raise CellError(f"unreadable facing {text!r}")


# ---------------------------------------------------------------- command designations

_CORPS = {"1 Corps": "1 Corps", "1st Corps": "1 Corps", "2 Corps": "2 Corps", "3 Corps": "3 Corps",
          "R Corps": "R Corps", "Reserve Corps": "R Corps"}


@dataclass(frozen=True)
class Command:
    """A canonical command designation plus what the printed cell said beyond it."""

    code: str
    clause: str = ""
    changes: tuple[str, ...] = ()


def parse_command(raw: str, side: str) -> Command:
    """Canonicalise a command designation (digest §1.9, §6.8).

    Union: `b/d/T`, `b/d/O` brigades, `-/d/T` unbrigaded, `d/T` divisions, `AoT`/`AoO`.
    Confederate: `b/d/c` (`-` = no division), `d/c` divisions, `1 Corps`..`R Corps`, `AoM`.
    """
    text = strip_markup(raw)
    changes: list[str] = [f"HTML removed: {raw!r} -> {text!r}"] if _TAG.search(raw) else []
    clause = ""
    if m := re.match(r"^(.*?)\s*\((minus [^)]*|composite|attached to [^)]*)\)?$", text):
        text, clause = m.group(1), m.group(2)
        changes.append(f"clause ({clause}) kept as a note")
    text = re.sub(r"\s*/\s*", "/", text).strip()
    fixed = text.replace("A0T", "AoT").replace("A00", "AoO").replace("//", "/")
    if side == "Union":
        fixed = re.sub(r"^AoOH$", "AoO", fixed)
        fixed = re.sub(r"/OH$", "/O", fixed)
    m = re.match(r"^(?:[^/\s]{1,2} )?(\S+)$", fixed) if " " in fixed and fixed not in _CORPS else None
    if m and fixed != m.group(1):
        fixed = m.group(1)
    fixed = fixed.lstrip("/")
    if fixed != text:
        changes.append(f"command {text!r} -> {fixed!r}")
    code = _canonical(fixed, side)
    if code != fixed:
        changes.append(f"command {fixed!r} -> {code!r}")
    return Command(code, clause, tuple(changes))


def _canonical(text: str, side: str) -> str:
    if side == "Union":
        if text in ("AoT", "T"):
            return "AoT"
        if text in ("AoO", "O"):
            return "AoO"
        parts = text.split("/")
        army = {"T": "T", "AoT": "T", "O": "O", "AoO": "O"}
        if len(parts) == 3 and parts[2] in army and re.fullmatch(r"\d+|[-*]", parts[0]) and parts[1].isdigit():
            brigade = "-" if parts[0] in "-*" else parts[0]
            return f"{brigade}/{parts[1]}/{army[parts[2]]}"
        if len(parts) == 2 and parts[1] in army and parts[0].isdigit():
            return f"{parts[0]}/{army[parts[1]]}"
        if len(parts) == 2 and parts[1].isdigit() and re.fullmatch(r"\d+|\*", parts[0]):
            brigade = "-" if parts[0] == "*" else parts[0]
            return f"{brigade}/{parts[1]}/T"
        raise CellError(f"unreadable Union command {text!r}")
    if text in _CORPS:
        return _CORPS[text]
    if text == "AoM":
        return "AoM"
    parts = text.split("/")
    if len(parts) == 3 and re.fullmatch(r"\d", parts[0]) and re.fullmatch(r"\d|-", parts[1]) \
            and parts[2] in ("1", "2", "3", "R"):
        return text
    if len(parts) == 2 and parts[1] == "R" and parts[0].isdigit():
        return f"{parts[0]}/-/R"
    if len(parts) == 2 and parts[0].isdigit() and parts[1] in ("1", "2", "3"):
        return text
    raise CellError(f"unreadable Confederate command {text!r}")


# ---------------------------------------------------------------- unit cells


@dataclass(frozen=True)
class Token:
    """One unit or leader named in a Unit cell, with its printed annotations."""

    name: str
    strength: str = ""
    disordered: bool = False
    replacement: bool = False
    footnotes: tuple[str, ...] = ()
    extended_column: bool = False
    changes: tuple[str, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())


_SECTION_PAIR = re.compile(r"([\w']+) Bty ((?:[c-g] )?)a ?\((\d+)\),? (?:& )?b ?\((\d+)\)")
_SECTION_A_AND_B = re.compile(r"([\w']+) Bty ((?:[c-g] )?)a ?\((\d+)\) & b\b")
_CAV_PAIR = re.compile(r"(\d+ TN|\d+ TX|\d+ MS|Adams) a & b Cav")
_BTYS = re.compile(r"^(\w+), (\w+), (\w+) Btys$")
_CAV_AND = re.compile(r"(Adams) MS Cav a and b")


def expand_shared(text: str) -> tuple[str, list[str]]:
    """Rewrite shared-suffix forms into one name per unit (digest §6.3)."""
    changes: list[str] = []
    for pattern, replace in (
        (_SECTION_PAIR, r"\1 Bty \2a (\3), \1 Bty \2b (\4)"),
        (_SECTION_A_AND_B, r"\1 Bty \2a (\3), \1 Bty \2b"),
        (_CAV_PAIR, r"\1 a Cav, \1 b Cav"),
        (_BTYS, r"\1 Bty, \2 Bty, \3 Bty"),
        (_CAV_AND, r"\1 a Cav, \1 b Cav"),
    ):
        new = pattern.sub(replace, text)
        if new != text:
            changes.append(f"{text!r} -> {new!r}")
            text = new
    return text, changes


# Names whose printed form contains a comma or a separator character; protected before splitting.
COMMA_NAMES = (
    "C, 2 US & I, 4 US Cav", "C, 2 US & I, 4", "A&B, 2 IL Cav", "1 Bn, 4 IL Cav", "2&3 Bn, 4 IL Cav",
    "1 Bn, 5 OH Cav", "2 Bn, 5 OH Cav", "1 Bn, 11 IL Cav", "2 Bn, 11 IL Cav", "2&3 BN, 4 IL Cav",
    "A & B, 2 IL Cav",
)


# Names with a period that is not a list separator.
DOTTED_NAMES = ("W. Wallace", "L. Wallace", "A.S. Johnston")


def split_units(text: str) -> tuple[list[str], list[str]]:
    """Split a Unit cell into unit texts at `, ` `; ` `. ` (digest §6.3), protecting names that contain them."""
    changes: list[str] = []
    protected = text
    for index, name in enumerate(COMMA_NAMES + DOTTED_NAMES):
        protected = protected.replace(name, f"\x00{index}\x00")
    if re.search(r"[;.] ", protected):
        changes.append(f"separators ';'/'.' in {text!r} read as ','")
    fixed = re.sub(r"(\d)\) (\d)", r"\1), \2", protected)
    if fixed != protected:
        changes.append(f"missing comma inserted in {text!r}")
    glued = re.sub(r"([a-z]),(\d)", r"\1, \2", fixed)
    if glued != fixed:
        changes.append(f"missing space after comma in {text!r}")
    parts = [p.strip().rstrip(",").strip() for p in re.split(r"[,;.] ", glued) if p.strip().rstrip(",")]
    result = []
    for part in parts:
        for index, name in enumerate(COMMA_NAMES + DOTTED_NAMES):
            part = part.replace(f"\x00{index}\x00", name)
        result.append(part)
    return result, changes


_STRENGTH = re.compile(r"\(\s*(\d+)\s*\)")
_WITH = re.compile(r"\(with (\w+)\)?")
_COMMANDER = re.compile(r"\((Clanton|Forrest|Wharton)\)")
_ATTACHED = re.compile(r"\((\d+/\d+/T)\)")
_MINUS = re.compile(r"\((minus [^)]+)\)")
_KIND = re.compile(r"\((cav)\)")
_REPLACEMENT = re.compile(r"\(\s*\*?R\*?\s*\)")


def parse_token(raw: str, note_letters: str) -> Token:
    """Read one unit text: name, `(n)` strength, `D` flag, `(R)`, footnote letters/symbols.

    Footnote markers: `<sup>x</sup>` (except the ordinal `ST`), `°` (= note c), `*`, `†`,
    and plain trailing letters from `note_letters`. A letter right after `Bty` or before
    `Cav` is a battery section / cavalry half, not a footnote (digest §6.2).
    """
    changes: list[str] = []
    footnotes: list[str] = []
    text = raw.replace("<sup>ST</sup>", "").replace("1 ST ", "1 ")
    for sup in _SUP.findall(text):
        footnotes.extend(sup.split())
    text = _SUP.sub(" ", text)
    text = strip_markup(text)
    if "°" in text:
        footnotes.append("c")
        text = text.replace("°", " ")
    for symbol in ("*", "†"):
        if symbol in text and not _REPLACEMENT.search(text):
            footnotes.append(symbol)
            text = text.replace(symbol, " ")
    notes: list[str] = []
    if m := _WITH.search(text):
        notes.append(f"arrives with {m.group(1)}")
        text = text[: m.start()] + " " + text[m.end():]
    if m := _COMMANDER.search(text):
        notes.append(f"commanded by {m.group(1)}")
        text = text[: m.start()] + " " + text[m.end():]
    if m := _ATTACHED.search(text):
        notes.append(f"printed with its parent brigade {m.group(1)}")
        text = text[: m.start()] + " " + text[m.end():]
    if m := _MINUS.search(text):
        notes.append(m.group(1))
        text = text[: m.start()] + " " + text[m.end():]
    if m := _KIND.search(text):
        changes.append(f"'({m.group(1)})' after the name dropped (the name says the arm)")
        text = text[: m.start()] + " " + text[m.end():]
    text = text.replace('"a"', "a").replace('"b"', "b") if "Cav" in text else text
    replacement = bool(_REPLACEMENT.search(text))
    text = _REPLACEMENT.sub(" ", text)
    strength = ""
    if m := _STRENGTH.search(text):
        strength = m.group(1)
        text = text[: m.start()] + " " + text[m.end():]
    text = " ".join(text.split())
    disordered = bool(re.search(r"<b>\s*D\s*</b>", raw))
    if disordered:
        if not text.endswith(" D"):
            raise CellError(f"Disorder flag not at the end of {strip_markup(raw)!r}")
        text = text[:-2]
    extended = False
    if text.endswith(" Extended Column"):
        extended, text = True, text[: -len(" Extended Column")]
    words = text.split(" ")
    trail: list[str] = []
    while len(words) > 1 and re.fullmatch(r'"?[a-g]{1,2}"?', words[-1]):
        trail.insert(0, words.pop())
    section = ""
    if trail and words[-1] in ("Bty", "Cav"):
        quoted = [i for i, word in enumerate(trail) if word.startswith('"')]
        halves = [i for i, word in enumerate(trail) if word in ("a", "b")]
        index = quoted[0] if quoted else (halves[-1] if halves else None)
        if index is not None:
            section = trail.pop(index).strip('"')
    for word in trail:
        for letter in word.strip('"'):
            if letter not in note_letters:
                raise CellError(f"unknown marker {word!r} in {strip_markup(raw)!r}")
            footnotes.append(letter)
    if section and words[-1] == "Cav":
        words = words[:-1] + [section, "Cav"]
    elif section:
        words.append(section)
    name = " ".join(words)
    if footnotes:
        changes.append(f"footnote markers {','.join(footnotes)} in {strip_markup(raw)!r}")
    if notes:
        changes.append(f"parenthetical {'; '.join(notes)!r} kept as a note")
    if "(" in name or ")" in name:
        raise CellError(f"unknown parenthetical in {strip_markup(raw)!r}")
    return Token(name, strength, disordered, replacement, tuple(footnotes), extended, tuple(changes), tuple(notes))
