"""One `units: placement` clause of the Atlanta setup text -> what it says about its units.

A clause names units, then either a hex, a constraint in prose, or an arrival
(turn, clock time, entry area, die-roll set), possibly with statuses, orders
and strength. Loss lines (`1/3/17 -4`) are read here too.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from gamedata.importers.atlanta.hexes import (
    HEX,
    TIME_MARK,
    LineError,
    canonical_hexes,
    mask_times,
)
from gamedata.importers.atlanta.units import Vocabulary, resolve_units, segment, squash


@dataclass(frozen=True)
class Placement:
    """What one clause of a line says about its units."""

    units: tuple[str, ...]
    reinforcement: bool
    location: str = ""
    constraint: str = ""
    statuses: tuple[str, ...] = ()
    orders: str = ""
    turn_time: str = ""
    turn_date: str = ""
    scenario_turn: int | None = None
    entry: str = ""
    dr_set: str = ""
    strength: int | None = None
    notes: tuple[str, ...] = ()
    remarks: tuple[str, ...] = ()
    hexes: tuple[str, ...] = ()
    printed_time: str = ""


# Parentheticals the setup text uses, and what each means.
KNOWN_PARENTHETICALS: dict[str, str] = {
    "(en route to XVII)": "en route to 17th Corps",
    "(en route to XVII corps)": "en route to 17th Corps",
    "(Maney's brigade)": "described as 'Maney's brigade'",
    "(B49.00)": "the same hex as A49.34 (map overlap stated in 5.2a.1)",
}
_STATUS_WORDS = (("in line formation", "line"), ("in line", "line"), ("in column", "column"),
                 ("limbered", "limbered"), ("unlimbered", "unlimbered"))
_AREAS = {
    "at the west edge of map a": "A-west", "on the west edge of map a": "A-west",
    "from the west edge of map a": "A-west", "from a-west or b-west": "AB-west",
    "on the west map edge": "A-west",
}
_REINF = re.compile(r"\b(enters?|arrives?)\b", re.IGNORECASE)
_PLACE_START = re.compile(
    r"\bis ordered to\b|\bwithin \d+ hexes\b|\benters?\b|\barrives?\b|\bin hex\b|\bin column\b|\bon any\b|\blimbered\b"
    r"|\binside\b|\banywhere\b|\bon map\b|\bstrength \d+\b|\bstatus\b|\boptional\b", re.IGNORECASE)


def _split_label(text: str, vocab: Vocabulary, notes: list[str]) -> tuple[str, str, bool]:
    """(unit cell, placement, placement-is-prose)."""
    masked, _ = mask_times(text)
    colon = re.search(r"(?<!\d):|:(?!\d)", masked)
    if colon:
        return text[:colon.start()], text[colon.end():], False
    starts = [m.start() for m in (HEX.search(masked), _PLACE_START.search(masked)) if m]
    if starts:
        cut = min(starts)
        try:
            resolve_units(_label_text(text[:cut], []), vocab, [])
            return text[:cut], text[cut:], False
        except LineError:
            pass
    words = text.replace(",", ", ").split()
    found, used = segment(words, vocab, [])
    if not found:
        raise LineError(f"no unit at the start of '{squash(text)}'")
    notes.append("units followed by prose: the prose is kept as the placement constraint")
    return " ".join(words[:used]), " ".join(words[used:]), True


def parse_clause(text: str, vocab: Vocabulary, default_map: str) -> Placement:
    """One `units: placement` clause -> the units and what the clause says about them."""
    notes: list[str] = []
    remarks: list[str] = []
    rest_note = re.search(r"\bnote: (.+)$", text)
    if rest_note:
        remarks.append(rest_note.group(1).strip(" ."))
        text = text[:rest_note.start()].rstrip(" ,")
    label, rest, prose = _split_label(text, vocab, notes)
    label = _label_text(label, remarks)
    unit_ids = resolve_units(label, vocab, notes)
    remarks += [n[len("group: "):] for n in notes if n.startswith("group: ")]
    with_units = re.match(r"^\s*in hex (\S+) with (.+)$", rest)
    if with_units:
        unit_ids += resolve_units(with_units.group(2), vocab, notes)
        rest = f"in hex {with_units.group(1)}"
    rest, hexes = canonical_hexes(rest, default_map, notes)
    place = _Clause(rest)
    if prose:
        return Placement(tuple(dict.fromkeys(unit_ids)), False, constraint=place.text, notes=tuple(notes),
                         remarks=tuple(remarks), hexes=tuple(hexes))
    place.parentheticals()
    statuses = place.statuses()
    orders = place.take(r"\bis ordered to (.+?)\.?$", 1) or place.take(r"\bwith orders to (.+?)\.?$", 1)
    strength = place.take(r"\bstrength (\d+)\b", 1)
    status_codes = place.take(r"\bstatus ([a-z0-9;-]+)", 1)
    if status_codes:
        statuses += tuple(status_codes.split(";"))
    reinf = bool(_REINF.search(place.text))
    p = Placement(tuple(dict.fromkeys(unit_ids)), reinf, orders=orders,
                  strength=int(strength) if strength else None, statuses=statuses, printed_time=place.printed_time)
    p = _reinforcement(p, place, hexes) if reinf else _setup(p, place)
    return replace(p, notes=tuple(dict.fromkeys(notes)), remarks=tuple(dict.fromkeys(remarks + list(place.extra))),
                   hexes=tuple(hexes))


def _label_text(label: str, remarks: list[str]) -> str:
    """A unit cell without filler verbs; known parentheticals become remarks."""
    label = re.sub(r"\bis (placed|positioned)\b", "", label)
    for paren, meaning in KNOWN_PARENTHETICALS.items():
        if paren in label:
            remarks.append(meaning)
            label = label.replace(paren, " ")
    return label


class _Clause:
    """The placement text of a clause, consumed piece by piece."""

    def __init__(self, text: str) -> None:
        self.text = " ".join(text.replace("\t", " ").split()).strip(" ,.")
        self.extra: tuple[str, ...] = ()
        self.printed_time = ""

    def take(self, pattern: str, group: int = 0) -> str:
        m = re.search(pattern, self.text, re.IGNORECASE)
        if not m:
            return ""
        self.text = (self.text[:m.start()] + self.text[m.end():]).strip(" ,.")
        self.text = " ".join(self.text.split())
        return m.group(group)

    def parentheticals(self) -> None:
        """Known parentheticals become notes; clock times are checked; others reject the line."""
        for paren in re.findall(r"\([^()]*\)", self.text):
            masked, times = mask_times(paren)
            if paren in KNOWN_PARENTHETICALS:
                self.extra += (KNOWN_PARENTHETICALS[paren],)
            elif times and not masked.strip("()" + TIME_MARK + " "):
                self.printed_time = times[0]
            else:
                raise LineError(f"unknown parenthetical {paren}")
            self.text = " ".join(self.text.replace(paren, " ").split())

    def statuses(self) -> tuple[str, ...]:
        found: list[str] = []
        for words, code in _STATUS_WORDS:
            if self.take(rf"\b{words}\b"):
                found.append(code)
        return tuple(found)


def _setup(p: Placement, place: _Clause) -> Placement:
    within = re.fullmatch(r"within (\d+) hexes of (?:hex )?(\S+)", place.text, re.IGNORECASE)
    if within:
        return replace(p, constraint=f"within {within.group(1)} hexes of {within.group(2)}")
    single = re.fullmatch(r"(?:in hex )?([AB]\d+\.\d{2})", place.text)
    if single:
        return replace(p, location=single.group(1))
    return replace(p, constraint=place.text)


def _reinforcement(p: Placement, place: _Clause, hexes: list[str]) -> Placement:
    text = place.text
    turn = re.search(r"\bturn (\d+)\b", text, re.IGNORECASE)
    masked, times = mask_times(text)
    date = re.search(r"\b(?:July (\d{2})|(\d{2}) July)\b", text)
    dr_set = re.search(r"\bon die roll ([\w-]+)\b", text)
    entry = ""
    for phrase, code in _AREAS.items():
        if phrase in text.lower():
            entry = code
    if not entry and hexes:
        entry = hexes[0]
    leftover = masked
    for phrase in _AREAS:
        leftover = re.sub(re.escape(phrase), " ", leftover, flags=re.IGNORECASE)
    leftover = re.sub(r"\b(on die roll [\w-]+|enters?|arrives?|at|on|from|turn \d+|July \d{2}|\d{2} July)\b",
                      " ", leftover, flags=re.IGNORECASE)
    for h in hexes:
        leftover = leftover.replace(h, " ")
    leftover = " ".join(leftover.replace(TIME_MARK, " ").split()).strip(" ,.")
    return replace(
        p, scenario_turn=int(turn.group(1)) if turn else None, turn_time=times[0] if times else "",
        turn_date=(date.group(1) or date.group(2)) if date else "", entry=entry,
        dr_set=dr_set.group(1) if dr_set else "", constraint=leftover,
    )


_LOSS = re.compile(r"(?P<unit>\S+(?:\s\([A-Za-z]+\))?)\s+(?:(?P<name>[A-Z][a-z]+)\s+)?(?P<loss>-\s?\d+)")


def parse_losses(text: str, vocab: Vocabulary, notes: list[str]) -> list[tuple[str, int]]:
    """`1/3/17 -4 1/4/17 -1` or `Ptr/M/H Porter -2` -> [(unit, 4), ...]."""
    out: list[tuple[str, int]] = []
    flat = " ".join(text.replace("\t", " ").split())
    for m in _LOSS.finditer(flat):
        unit = re.sub(r"\s\(([A-Za-z]+)\)$", "", m.group("unit"))
        out.extend((uid, int(m.group("loss").replace(" ", "")) * -1) for uid in resolve_units(unit, vocab, notes))
    if not out:
        raise LineError(f"no 'unit -loss' pair in '{flat}'")
    return out
