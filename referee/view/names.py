"""Unit names brought to one spelling, so a community module's "17th Illinois Infantry"
meets the order of battle's "17 IL", and "Gen. A.S. Johnston" meets "A.S. Johnston".

``designation(text)`` lowercases, spells ordinals as numbers (``1st``, ``first`` -> ``1``),
states as their postal codes (``Illinois``, ``Ill.`` -> ``il``), unit words as one
abbreviation (``Battalion``, ``Btn`` -> ``bn``; ``Cavalry`` -> ``cav``), drops words
that every regiment would carry (``Infantry``, ``Regiment``, ``Volunteers``) and leader
ranks (``Gen.``, ``Brig.``), and writes a designation's separators one way (``1-1-2``
-> ``1/1/2``). ``tokens(text)`` is the same as a set, for names in another order.
"""

from __future__ import annotations

import re

_ORDINAL_WORDS = {
    "first": "1", "second": "2", "third": "3", "fourth": "4", "fifth": "5", "sixth": "6", "seventh": "7",
    "eighth": "8", "ninth": "9", "tenth": "10", "eleventh": "11", "twelfth": "12", "thirteenth": "13",
    "fourteenth": "14", "fifteenth": "15", "sixteenth": "16", "seventeenth": "17", "eighteenth": "18",
    "nineteenth": "19", "twentieth": "20", "twenty-first": "21", "twenty-second": "22", "twenty-third": "23",
}
_STATES = {
    "al": ("alabama", "ala"), "ar": ("arkansas", "ark"), "ct": ("connecticut", "conn"), "de": ("delaware", "del"),
    "fl": ("florida", "fla"), "ga": ("georgia",), "ia": ("iowa",), "il": ("illinois", "ill", "ills"),
    "in": ("indiana", "ind"), "ks": ("kansas", "kan", "kans"), "ky": ("kentucky", "kent"), "la": ("louisiana",),
    "ma": ("massachusetts", "mass"), "md": ("maryland",), "me": ("maine",), "mi": ("michigan", "mich"),
    "mn": ("minnesota", "minn"), "mo": ("missouri",), "ms": ("mississippi", "miss"), "nc": ("north carolina",),
    "nh": ("new hampshire",), "nj": ("new jersey",), "ny": ("new york",), "oh": ("ohio",),
    "pa": ("pennsylvania", "penn", "penna"), "ri": ("rhode island",), "sc": ("south carolina",),
    "tn": ("tennessee", "tenn"), "tx": ("texas", "tex"), "va": ("virginia",), "vt": ("vermont",),
    "wi": ("wisconsin", "wis", "wisc"), "wv": ("west virginia",),
}
_UNIT_WORDS = {
    "cav": ("cavalry", "cavalries", "cav", "mounted"), "bn": ("battalion", "battalions", "btn", "batt", "bn"),
    "bty": ("battery", "btry", "bty", "batteries"), "art": ("artillery", "arty", "art", "lt art"),
    "bde": ("brigade", "brig", "bde"), "div": ("division", "div"), "corps": ("corps",),
    "ss": ("sharpshooters", "sharpshooter", "ss"), "det": ("detachment", "det"), "usct": ("usct", "u s c t"),
    "hq": ("headquarters", "hq"), "ldr": ("leader",),
}
_DROPPED = {"infantry", "inf", "regiment", "regt", "reg't", "rgt", "vol", "vols", "volunteer", "volunteers", "the",
            "gen", "general", "genl", "maj", "major", "brig", "brigadier", "bg", "mg", "lt", "lieutenant", "col",
            "colonel", "capt", "captain", "cpt", "of"}
_RANKS_BEFORE_BRIG = re.compile(r"\bbrig(?:adier)?\.?\s+gen(?:eral)?\.?", re.IGNORECASE)


def _replacements() -> list[tuple[re.Pattern[str], str]]:
    pairs: list[tuple[str, str]] = []
    for code, names in _STATES.items():
        pairs += [(name, code) for name in names]
    for word, number in _ORDINAL_WORDS.items():
        pairs.append((word, number))
    for short, names in _UNIT_WORDS.items():
        pairs += [(name, short) for name in names]
    pairs.sort(key=lambda p: -len(p[0]))   # "north carolina" before "carolina", "lt art" before "art"
    return [(re.compile(rf"\b{re.escape(name)}\b\.?"), code) for name, code in pairs]


_REPLACE = _replacements()


def designation(text: str) -> str:
    """One spelling of a unit name (see the module docstring)."""
    t = _RANKS_BEFORE_BRIG.sub(" ", text.lower())
    t = re.sub(r"[’'`]", "", t)
    t = re.sub(r"(\d+)\s*(?:st|nd|rd|th)\b", r"\1", t)
    t = re.sub(r"(?<=\d)\s*[-–.]\s*(?=\d)", "/", t)       # 1-1-2, 1.1.2 -> 1/1/2
    t = re.sub(r"\b([a-z])\.\s*(?=[a-z]\b\.?)", r"\1", t)  # A. S. -> as (initials)
    t = re.sub(r"\b([a-z])\.(?=[a-z])", r"\1", t)            # A.S. -> as
    for pattern, code in _REPLACE:
        t = pattern.sub(f" {code} ", t)
    words = [w for w in re.split(r"[^a-z0-9/]+", t) if w and w not in _DROPPED]
    return " ".join(words)


def tokens(text: str) -> frozenset[str]:
    return frozenset(designation(text).split())


def surname(text: str) -> str:
    """The last word of a leader's name, as spelt by ``designation`` (``Gen. A.S. Johnston`` -> ``johnston``)."""
    words = designation(text).split()
    return words[-1] if words else ""


def initials(text: str) -> str:
    """The initials a leader's name gives before his surname (``A.S. Johnston``, ``Albert Sidney
    Johnston`` -> ``as``; ``Johnston`` -> ``""``): a word of one or two letters is initials."""
    words = designation(text).split()[:-1]
    return "".join(w if len(w) <= 2 else w[0] for w in words if w.isalpha())


def same_person(a: str, b: str) -> bool:
    """Whether two leaders' names may be one man: their initials, where both give some, agree
    (``A. S. Johnston`` is not ``J. E. Johnston``; ``Johnston`` may be either)."""
    x, y = initials(a), initials(b)
    return not x or not y or x.startswith(y) or y.startswith(x)


def loose(text: str) -> str:
    """Letters and digits only, lower case: names compared where only spelling, spaces and
    punctuation may differ (status layers, phases, turn labels, scenario names)."""
    return re.sub(r"[^a-z0-9]+", "", text.lower())
