"""The Into the Woods order of battle, derived from every setup and reinforcement table.

The rulebook prints no OOB; its tables name every counter with a command
designation. A counter's command is the designation most tables print for it
(conflicts are noted, never silently merged); a leader leads the formation
printed beside him. Formation rows ("Stewart Bde", "2/3/T", "Reserve Corps
(minus 19 TN)") are expanded from this OOB (digest §6.15). Values the rulebook
does not print (strengths, ratings) stay empty.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from gamedata.import_kit.report import Report
from gamedata.importers.into_the_woods.names import (
    UNION,
    is_ambiguous,
    is_leader,
    unit_id,
    unit_type,
)
from gamedata.importers.into_the_woods.read import ParsedRow
from gamedata.importers.into_the_woods.specs import ItwTable
from gamedata.model import Formation, Unit

ARMY_NAMES = {"AoT": "Army of the Tennessee", "AoO": "Army of the Ohio", "AoM": "Army of the Mississippi"}
# Both overall Confederate commanders print as AoM (BB 4.11); the army is Johnston's.
ARMY_LEADER = {"AoM": "A.S. Johnston"}
SECTIONS = ("a", "b")


@dataclass(frozen=True)
class Oob:
    units: tuple[Unit, ...]
    formations: tuple[Formation, ...]

    def by_id(self) -> dict[str, Unit]:
        return {u.unit_id: u for u in self.units}


def level(code: str) -> str:
    """army | corps | division | brigade | independent, read from a canonical designation."""
    if code in ARMY_NAMES:
        return "army"
    if code.endswith(" Corps"):
        return "corps"
    parts = code.split("/")
    if len(parts) == 3:
        return "independent" if parts[0] == "-" else "brigade"
    return "division"


def parent(code: str, side: str) -> str:
    """The formation above `code` (digest §1.9: read right-to-left)."""
    parts = code.split("/")
    if code in ARMY_NAMES:
        return ""
    if code.endswith(" Corps"):
        return "AoM"
    army = {"T": "AoT", "O": "AoO"}
    if side == UNION:
        return f"{parts[1]}/{parts[2]}" if len(parts) == 3 else army[parts[1]]
    if len(parts) == 3:
        return f"{parts[2]} Corps" if parts[1] == "-" else f"{parts[1]}/{parts[2]}"
    return f"{parts[1]} Corps"


def identity(side: str, name: str, row: ParsedRow) -> str:
    """Unit id of a name in a row; shared names take the row's command or formation item."""
    if not is_ambiguous(side, name):
        return unit_id(side, name)
    candidates = [row.command.code] + [i.formation for i in row.items if i.formation]
    for code in candidates:
        try:
            return unit_id(side, name, code)
        except ValueError:
            continue
    raise ValueError(f"{name}: none of {candidates} tells which counter is meant")


def build_oob(tables: list[tuple[ItwTable, list[ParsedRow]]], report: Report) -> Oob:
    votes: dict[str, Counter[str]] = {}
    where: dict[str, list[tuple[str, int]]] = {}
    fallback: dict[str, str] = {}
    names: dict[str, tuple[str, str]] = {}
    for table, rows in tables:
        for row in rows:
            formations = [i.formation for i in row.items if i.formation and not i.formation.startswith("leader:")]
            for item in row.items:
                for name in item.names:
                    uid = identity(table.side, name, row)
                    names.setdefault(uid, (table.side, name))
                    votes.setdefault(uid, Counter())
                    if formations and is_leader(name):
                        fallback.setdefault(uid, formations[0])
                        continue
                    if row.command.code and not row.command.clause.startswith("composite"):
                        votes[uid][row.command.code] += 1
                        where.setdefault(uid, []).append((row.command.code, row.line))
    _add_sections(names, votes)
    units: list[Unit] = []
    for uid in sorted(names):
        side, name = names[uid]
        counted = votes[uid].most_common()
        command = counted[0][0] if counted else fallback.get(uid, "")
        notes = ""
        if len(counted) > 1:
            minority = [(code, line) for code, line in where[uid] if code != command]
            notes = "also printed as " + ", ".join(f"{code} (L{line})" for code, line in minority)
            for code, line in minority:
                report.note(line, "OOB", "command", code, command,
                            f"{name}: printed designation differs from the majority of the tables; counter keeps "
                            f"{command}")
        if not command:
            report.note(0, "OOB", "command", name, "", f"{name}: no command printed anywhere")
        kind, size = unit_type(name)
        units.append(Unit(uid, side, name, kind, size=size, command=command, notes=notes))
    return Oob(tuple(units), _formations(units))


def _add_sections(names: dict[str, tuple[str, str]], votes: dict[str, Counter[str]]) -> None:
    """A battery printed with a section somewhere has two section counters, a and b."""
    for uid, (side, name) in list(names.items()):
        m = re.match(r"^(.* Bty) [ab]$", name)
        if not m:
            continue
        for letter in SECTIONS:
            section = unit_id(side, f"{m.group(1)} {letter}")
            names.setdefault(section, (side, f"{m.group(1)} {letter}"))
            votes.setdefault(section, Counter())
        whole = unit_id(side, m.group(1))
        if whole in names:
            for section in SECTIONS:
                votes[unit_id(side, f"{m.group(1)} {section}")].update(votes[whole])
            del names[whole]


def _formations(units: list[Unit]) -> tuple[Formation, ...]:
    leaders: dict[str, list[str]] = {}
    codes: dict[str, str] = {}
    for unit in units:
        if not unit.command:
            continue
        codes.setdefault(unit.command, unit.side)
        if unit.type == "Ldr":
            leaders.setdefault(unit.command, []).append(unit.unit_id)
    for code, side in list(codes.items()):
        up = parent(code, side)
        while up:
            codes.setdefault(up, side)
            up = parent(up, side)
    out: list[Formation] = []
    for code in sorted(codes, key=lambda c: (codes[c], c)):
        side = codes[code]
        chosen = leaders.get(code, [])
        leader = ""
        if code in ARMY_LEADER:
            leader = unit_id(side, ARMY_LEADER[code])
        elif chosen:
            leader = chosen[0]
        out.append(Formation(code, side, _name(code, leader), level(code), parent(code, side), leader))
    return tuple(out)


def _name(code: str, leader: str) -> str:
    if code in ARMY_NAMES:
        return ARMY_NAMES[code]
    if code == "R Corps":
        return "Reserve Corps"
    kind = level(code)
    if kind == "independent":
        return f"unbrigaded units of {code[2:]}"
    who = leader.split(":", 1)[1].split("@")[0] if leader else ""
    return f"{who}'s {kind} ({code})" if who else f"{kind} {code}"


def expand(oob: Oob, side: str, formation: str, minus: tuple[str, ...]) -> list[Unit]:
    """Every counter under `formation` (itself or below), leaders first, minus the named units."""
    children: dict[str, set[str]] = {}
    for f in oob.formations:
        if f.side == side and f.parent:
            children.setdefault(f.parent, set()).add(f.formation_id)
    wanted = {formation}
    stack = [formation]
    while stack:
        for child in children.get(stack.pop(), ()):
            if child not in wanted:
                wanted.add(child)
                stack.append(child)
    found = [u for u in oob.units if u.side == side and u.command in wanted and u.name not in minus]
    return sorted(found, key=lambda u: (u.type != "Ldr", u.unit_id))
