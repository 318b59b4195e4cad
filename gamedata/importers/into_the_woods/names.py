"""Unit and leader names of Into the Woods: Shiloh: spellings, counter pairs, identity.

The rulebook spells many units several ways and names some counters collectively
("1 MS Cav" = the "a" and "b" counters, BB 14.51). Every printed form maps here
to the canonical name(s) of OOB counters (digest §6.13). Where two counters of a
side share a name (CSA "2 TN" of Cleburne and of Johnson; the two Union "Smith"
leaders), the unit id carries the command to tell them apart (digest §6.14).
The canonical spelling is the rulebook's majority spelling.
"""
from __future__ import annotations

import re

UNION, CSA = "Union", "Confederate"

# printed form -> canonical names (one printed name may stand for several counters)
_ALIASES: dict[str, dict[str, tuple[str, ...]]] = {
    UNION: {
        "Silfversparre Bty": ("Silversparre Bty",),
        "Brotzman Bty": ("Brontzmann Bty",),
        "Mendelhall Bty": ("Mendenhall Bty",),
        "Terrel Bty": ("Terrill Bty",),
        "Hildebrandt": ("Hildebrand",),
        "Wallace": ("L. Wallace",),
        "L Wallace": ("L. Wallace",),
        "Lew Wallace": ("L. Wallace",),
        "W.L. Wallace": ("W. Wallace",),
        "1st Bn 11 IL Cav": ("1 Bn 11 IL Cav",),
        "2nd Bn 11 IL Cav": ("2 Bn 11 IL Cav",),
        "1 Bn, 4 IL Cav": ("1 Bn 4 IL Cav",),
        "1st Bn 4 IL Cav": ("1 Bn 4 IL Cav",),
        "1 BN 4 IL Cav": ("1 Bn 4 IL Cav",),
        "2&3 Bn, 4 IL Cav": ("2&3 Bn 4 IL Cav",),
        "2&3 BN, 4 IL Cav": ("2&3 Bn 4 IL Cav",),
        "2&3 Bn 4th IL Cav": ("2&3 Bn 4 IL Cav",),
        "2 & 3 Bn 4 IL Cav": ("2&3 Bn 4 IL Cav",),
        "A&B, 2 IL Cav": ("A&B 2 IL Cav",),
        "A & B, 2 IL Cav": ("A&B 2 IL Cav",),
        "A & B 2 IL Cav": ("A&B 2 IL Cav",),
        "A&B 2nd IL Cav": ("A&B 2 IL Cav",),
        "C, 2 US & I, 4": ("C, 2 US & I, 4 US Cav",),
        "1 Bn, 5 OH Cav": ("1 Bn 5 OH Cav",),
        "1 BN 5 OH Cav": ("1 Bn 5 OH Cav",),
        "2 Bn, 5 OH Cav": ("2 Bn 5 OH Cav",),
        "2 BN 5 OH Cav": ("2 Bn 5 OH Cav",),
        "2 Bn 5 OG Cav": ("2 Bn 5 OH Cav",),
        "2 Bn 5 OH": ("2 Bn 5 OH Cav",),
        "1 Bn, 11 IL Cav": ("1 Bn 11 IL Cav",),
        "2 Bn, 11 IL Cav": ("2 Bn 11 IL Cav",),
        "C & S IL Cav": ("C&S IL Cav",),
        "70th OH": ("70 OH",),
        "1KY": ("1 KY",),
        "Tyler Gunboat": ("Tyler",),
        "Lexington Gunboat": ("Lexington",),
        "Torrer Diy": (),
    },
    CSA: {
        "AS Johnston": ("A.S. Johnston",),
        "Johnston": ("A.S. Johnston",),
        "Confederate Guard": ("Confederate Guards",),
        "Conf Gd Bn": ("Confederate Guards",),
        "Conf Gds Bn": ("Confederate Guards",),
        "Orleans Gd": ("Orleans Guard",),
        "Crescent": ("Crescent LA",),
        "1 FL": ("1 FL Bn",),
        "3 MS": ("3 MS Bn",),
        "4 Al Bn": ("4 AL Bn",),
        "4 AL": ("4 AL Bn",),
        "Blythe": ("Blythe MS",),
        "13LA": ("13 LA",),
        "GA Dragoons Cav": ("GA Dragoons",),
        "Ga Dragoons": ("GA Dragoons",),
        "MS&AL Cav": ("MS & AL Cav",),
        "MS & Al Cav": ("MS & AL Cav",),
        "1 AL a Cav": ("1 AL a Cav",),
        "1 AL b Cav": ("1 AL b Cav",),
        "1 MS Cav": ("1 MS a Cav", "1 MS b Cav"),
        "8th TX Cav": ("8 TX a Cav", "8 TX b Cav"),
        "Adams MS Cav": ("Adams a Cav", "Adams b Cav"),
        "3 TN Cav": ("3 TN a Cav", "3 TN b Cav"),
        "TN Cav": ("3 TN a Cav", "3 TN b Cav"),
        "1 TN Btn": ("1 TN Bn",),
        "Crew's Bn": ("Crew's TN Bn",),
        "McClung's Bty": ("McClung Bty",),
    },
}

# Counters that share a name within a side: the printed command decides.
_AMBIGUOUS: dict[tuple[str, str], tuple[str, ...]] = {
    (CSA, "2 TN"): ("2/-/3", "1/2/1"),
    (UNION, "Smith"): ("1/3/T", "14/5/O"),
}

_NOT_LEADER = re.compile(r"\d|Bty|Bn\b|Cav\b|Dragoons|Guard|Crescent LA|Blythe MS|^Det [A-D]$|^Tyler$|^Lexington$")


def canonical_names(side: str, printed: str) -> tuple[str, ...]:
    """The OOB names a printed unit name stands for (usually one)."""
    return _ALIASES[side].get(printed, (printed,))


def variants(side: str) -> dict[str, tuple[str, ...]]:
    """Every printed variant of a side and the OOB names it stands for."""
    return dict(_ALIASES[side])


def is_leader(name: str) -> bool:
    """Leaders are the names without a number or a unit word (checked against the OOB listing)."""
    return not _NOT_LEADER.search(name)


def is_ambiguous(side: str, name: str) -> bool:
    return (side, name) in _AMBIGUOUS


def unit_id(side: str, name: str, command: str = "") -> str:
    """`US:17 IL`, `CS:2 TN@2/-/3`: side prefix, canonical name, command when the name is shared."""
    prefix = "US" if side == UNION else "CS"
    choices = _AMBIGUOUS.get((side, name))
    if choices is None:
        return f"{prefix}:{name}"
    if command not in choices:
        raise ValueError(f"{name} is ambiguous; command {command!r} is not one of {', '.join(choices)}")
    return f"{prefix}:{name}@{command}"


def unit_type(name: str) -> tuple[str, str]:
    """(type code, size) read from the name; sizes only where the name says them."""
    if is_leader(name):
        return "Ldr", ""
    if name in ("Tyler", "Lexington"):
        return "Gunboat", ""
    if name.startswith("Det "):
        return "Det", "detachment"
    if name.endswith((" Bty a", " Bty b")):
        return "Art", "section"
    if name.endswith("Bty"):
        return "Art", "battery"
    if "Cav" in name or "Dragoons" in name:
        if re.search(r" [ab] Cav$", name):
            return "Cav", "half regiment"
        if "Bn" in name:
            return "Cav", "battalion"
        if re.match(r"^(A&B|C&S|C, )", name):
            return "Cav", "companies"
        return "Cav", ""
    if "Bn" in name or re.match(r"^1/1\d US$", name):
        return "Inf", "battalion"
    if "SS" in name.split():
        return "Inf", "sharpshooters"
    return "Inf", "regiment"
