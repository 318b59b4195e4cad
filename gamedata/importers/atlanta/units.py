"""Unit cells of the Atlanta text -> OOB unit ids.

A cell may hold a unit id, a known misspelling, a group phrase, a Roman-numeral
corps designation or several of those run together; each is resolved against
the vocabulary built from the OOB, and any word that is not a unit stops the
line.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from gamedata.importers.atlanta.hexes import LineError
from gamedata.importers.atlanta.oob import GROUPS, SPELLINGS, units


@dataclass(frozen=True)
class Vocabulary:
    """Phrases a unit cell may hold -> the OOB units they name."""

    phrases: Mapping[str, tuple[str, ...]]
    spellings: Mapping[str, str]
    group_notes: Mapping[str, str]
    types: Mapping[str, str]

    def lookup(self, phrase: str) -> tuple[str, ...] | None:
        return self.phrases.get(squash(phrase))


def squash(text: str) -> str:
    """A phrase with its white space folded and edge punctuation dropped, as phrases are looked up."""
    return " ".join(text.replace("\t", " ").split()).strip(" ,:;.")


def vocabulary() -> Vocabulary:
    """Every phrase of the text that names units, checked against the OOB."""
    known = {u.unit_id: u for u in units()}
    phrases: dict[str, tuple[str, ...]] = {uid: (uid,) for uid in known}
    for phrase, (members, _) in GROUPS.items():
        missing = [m for m in members if m not in known]
        if missing:
            raise ValueError(f"group '{phrase}' names units missing from the OOB: {missing}")
        phrases[squash(phrase)] = members
    for spelling, uid in SPELLINGS.items():
        phrases[spelling] = (known[uid].unit_id,)
    notes = {squash(p): n for p, (_, n) in GROUPS.items() if n}
    return Vocabulary(phrases, dict(SPELLINGS), notes, {uid: u.type for uid, u in known.items()})


_ROMAN = {"IV": "4", "XIV": "14", "XV": "15", "XVI": "16", "XVII": "17", "XX": "20", "XXIII": "23"}
_CONNECTORS = {"and", "plus", "is", "placed"}


def _roman(token: str, notes: list[str]) -> str:
    parts = token.split("/")
    fixed = [_ROMAN.get(p, p) for p in parts]
    if fixed != parts:
        notes.append(f"Roman corps numeral in '{token}' written as '{'/'.join(fixed)}'")
    return "/".join(fixed)


def _split_commas(text: str) -> list[str]:
    """Split on commas outside parentheses."""
    chunks, depth, cur = [], 0, []
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth <= 0:
            chunks.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    chunks.append("".join(cur))
    return [c.strip() for c in chunks if c.strip(" ,")]


def segment(words: list[str], vocab: Vocabulary, notes: list[str]) -> tuple[list[str], int]:
    """Longest-match units from the start of `words`; returns (units, words used)."""
    found: list[str] = []
    i = 0
    while i < len(words):
        if words[i].lower() in _CONNECTORS:
            i += 1
            continue
        for j in range(len(words), i, -1):
            phrase = " ".join(words[i:j])
            hit = vocab.lookup(_roman(phrase, []))
            if hit:
                _note_spelling(phrase, vocab, notes)
                found.extend(hit)
                i = j
                break
        else:
            return found, i
    return found, i


def _note_spelling(phrase: str, vocab: Vocabulary, notes: list[str]) -> None:
    squashed = squash(phrase)
    if squashed in vocab.spellings:
        notes.append(f"'{squashed}' read as {vocab.spellings[squashed]}")
    if squashed in vocab.group_notes:
        notes.append(f"group: {vocab.group_notes[squashed]}")
    elif len(vocab.lookup(_roman(squashed, [])) or ()) > 1:
        notes.append(f"group '{squashed}' expanded to its units")
    _roman(squashed, notes)


def resolve_units(text: str, vocab: Vocabulary, notes: list[str]) -> list[str]:
    """Every unit a unit cell names; LineError on any word that is not a unit."""
    whole = vocab.lookup(_roman(text, []))
    if whole:
        _note_spelling(text, vocab, notes)
        return list(whole)
    out: list[str] = []
    for chunk in _split_commas(text):
        chunk = re.sub(r"^and\s+", "", chunk.strip())
        hit = vocab.lookup(_roman(chunk, []))
        if hit:
            _note_spelling(chunk, vocab, notes)
            out.extend(hit)
            continue
        words = chunk.split()
        found, used = segment(words, vocab, notes)
        if used < len(words):
            raise LineError(f"'{' '.join(words[used:])}' in '{chunk}' is not a unit of the order of battle")
        if not any(w.lower() in _CONNECTORS for w in words) and len(found) > 1:
            notes.append(f"'{squash(chunk)}' holds several unit names without a separator")
        out.extend(found)
    return list(dict.fromkeys(out))
