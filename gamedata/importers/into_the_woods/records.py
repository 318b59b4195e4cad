"""Setup and reinforcement records of one table: units resolved in the OOB, start state applied.

Takes the parsed rows of a table and the OOB and yields one record per counter:
formation rows expanded, batteries printed without sections split into their
sections, the table notes' orders/Fatigue/CI/placement applied, and a counter
listed twice in one place kept once. Anything that cannot be resolved is
rejected with its line, never guessed.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gamedata.hexids import HexIds
from gamedata.import_kit.report import Report
from gamedata.importers.into_the_woods.names import (
    canonical_names,
    is_ambiguous,
    is_leader,
    unit_id,
)
from gamedata.importers.into_the_woods.oob import Oob, expand, identity, level
from gamedata.importers.into_the_woods.read import Item, ParsedRow
from gamedata.importers.into_the_woods.specs import Effect, ItwTable
from gamedata.model import Unit

Record = dict[str, object]


@dataclass(frozen=True)
class Placed:
    """One counter of one row before it becomes a sheet record."""

    unit: Unit
    strength: int | None
    status: tuple[str, ...]
    notes: tuple[str, ...]


def records(table: ItwTable, rows: list[ParsedRow], oob: Oob, turns: Mapping[tuple[str, str], int],
            hexids: HexIds, report: Report) -> list[Record]:
    """The sheet records of one table, in printed order."""
    units = oob.by_id()
    out: list[Record] = []
    seen: dict[str, Record] = {}
    count = report.table(table.spec.id, table.spec.first, table.spec.last)

    def reject(line: int, text: str, reason: str) -> None:
        count.kept.discard(line)
        report.reject(line, table.spec.id, text, reason)

    for row in rows:
        try:
            placed = _placed(table, row, oob, units, report)
            made = [_record(table, row, item, turns) for item in placed]
            _check_hexes(made, hexids)
        except ValueError as exc:
            reject(row.line, " ".join(i.token.name for i in row.items), str(exc))
            continue
        for item, record in zip(placed, made):
            previous = seen.get(item.unit.unit_id)
            if previous is None:
                seen[item.unit.unit_id] = record
                out.append(record)
            elif not _same_place(previous, record):
                reject(row.line, item.unit.name, f"{item.unit.name} already placed at line {previous['rulebook_line']}")
            elif len(placed) == 1:
                reject(row.line, item.unit.name,
                       f"{item.unit.name} listed again at the same place (first at line {previous['rulebook_line']})")
            else:
                report.note(row.line, table.spec.id, "unit", item.unit.name, "",
                            f"listed again at the same place (first at line {previous['rulebook_line']})")
    _apply_effects(table, out, oob, report)
    kept = []
    for record in out:
        if table.kind == "setup" and not table.condition and not record["location"] and not record["constraint"]:
            reject(int(str(record["rulebook_line"])), str(record["unit_id"]), "no location and no placement rule")
            continue
        kept.append(record)
    count.records = len(kept)
    return kept


def _check_hexes(made: list[Record], hexids: HexIds) -> None:
    """Every location and entry hex must exist on its map (game.toml ranges)."""
    for record in made:
        for key in ("location", "entry"):
            for hex_id in str(record.get(key) or "").split("/"):
                if hex_id and (reason := hexids.check(hex_id)) is not None:
                    raise ValueError(reason)


def _same_place(a: Record, b: Record) -> bool:
    keys = ("location", "constraint", "turn", "entry")
    return all(a.get(k) == b.get(k) for k in keys)


def _placed(table: ItwTable, row: ParsedRow, oob: Oob, units: dict[str, Unit], report: Report) -> list[Placed]:
    out: list[Placed] = []
    listed = {n for i in row.items for n in i.names}
    minus = tuple(n for m in row.minus for n in canonical_names(table.side, m.strip()))
    for item in row.items:
        if item.formation:
            out.extend(_expanded(table, row, item, oob, listed, minus, report))
            continue
        for name in item.names:
            for unit in _counters(table.side, name, row, units, report):
                out.append(_from_token(unit, row, item))
    return out


def _counters(side: str, name: str, row: ParsedRow, units: dict[str, Unit], report: Report) -> list[Unit]:
    """The OOB counters a name stands for; a battery without a section is all its sections."""
    uid = identity(side, name, row)
    if uid in units:
        return [units[uid]]
    sections = [units[s] for s in (unit_id(side, f"{name} a"), unit_id(side, f"{name} b")) if s in units]
    if sections:
        report.note(row.line, row.table, "unit", name, " + ".join(u.name for u in sections),
                    "battery listed without sections: all its sections (BB setup legend)")
        return sections
    raise ValueError(f"{name} is not in the OOB")


def _from_token(unit: Unit, row: ParsedRow, item: Item) -> Placed:
    token = item.token
    status: list[str] = []
    if token.disordered:
        status.append("disordered")
    if token.replacement:
        status.append("replacement-leader")
    if token.extended_column:
        status.append("extended-column")
    if row.location is not None:
        status.extend(row.location.status)
    strength = int(token.strength) if token.strength and len(item.names) == 1 else None
    return Placed(unit, strength, tuple(status), token.notes + row.notes)


def _expanded(table: ItwTable, row: ParsedRow, item: Item, oob: Oob, listed: set[str], minus: tuple[str, ...],
              report: Report) -> list[Placed]:
    formation = item.formation
    if formation.startswith("leader:"):
        leader = unit_id(table.side, formation.split(":", 1)[1])
        found = [u for u in oob.units if u.unit_id == leader]
        if not found:
            raise ValueError(f"{item.token.name}: leader {leader} is not in the OOB")
        formation = found[0].command
    minus = minus + tuple(n for m in item.minus for n in canonical_names(table.side, m))
    members = [u for u in expand(oob, table.side, formation, minus) if u.name not in listed]
    if not members:
        if not listed:
            raise ValueError(f"formation {formation} has no counters in the OOB")
        report.note(row.line, table.spec.id, "unit", item.token.name, "",
                    f"formation {formation}: no regiment of it is listed anywhere in the rulebook; only the "
                    "named leader is placed")
        return []
    report.note(row.line, table.spec.id, "unit", item.token.name, ", ".join(u.name for u in members),
                f"formation {formation} expanded from the OOB" + (f" minus {', '.join(minus)}" if minus else ""))
    return [Placed(u, None, (), (f"arrives as {item.token.name}",)) for u in members]


def _record(table: ItwTable, row: ParsedRow, placed: Placed, turns: Mapping[tuple[str, str], int]) -> Record:
    notes = list(placed.notes)
    if table.condition:
        assert row.location is not None
        return {"unit_id": placed.unit.unit_id, "turn": None, "dr_set": None, "entry": row.location.hex or None,
                "order": None, "activations": None, "fatigue": None, "strength": placed.strength,
                "status": list(placed.status), "notes": notes + [table.condition], "rulebook_line": row.line}
    if table.kind == "setup":
        assert row.location is not None
        notes.extend(row.location.notes)
        return {"unit_id": placed.unit.unit_id, "location": row.location.hex or None,
                "constraint": row.location.constraint or None,
                "facing": row.facing or row.location.facing or (table.facing if placed.unit.type != "Ldr" else "")
                or None,
                "strength": placed.strength, "status": list(placed.status),
                "orders": table.orders or None, "notes": notes, "rulebook_line": row.line}
    turn = turns.get((row.date, row.time))
    if turn is None:
        raise ValueError(f"no turn {row.time} on {row.date} in game.toml")
    status = list(placed.status)
    fatigue: int | None = None
    if row.fatigue == "OK":
        status.append("fatigue-ok")
    elif row.fatigue:
        fatigue = int(row.fatigue)
    if row.entry is not None and row.entry.note:
        notes.append(row.entry.note)
    hexes = row.entry.hexes if row.entry and row.entry.hexes else table.entry
    return {"unit_id": placed.unit.unit_id, "turn": turn, "dr_set": None, "entry": "/".join(hexes) or None, "order": row.order or None,
            "activations": row.activations or table.activations or None, "fatigue": fatigue,
            "strength": placed.strength, "status": status, "notes": notes, "rulebook_line": row.line}


def _apply_effects(table: ItwTable, out: list[Record], oob: Oob, report: Report) -> None:
    units = oob.by_id()
    parents = {f.formation_id: f.parent for f in oob.formations}
    for effect in table.effects:
        if effect.scope == "row":
            lines = {r["rulebook_line"] for r in out if _named(units[str(r["unit_id"])], effect)}
            hits = [r for r in out if r["rulebook_line"] in lines]
        else:
            hits = [r for r in out if _hit(effect, units[str(r["unit_id"])], table, units, parents)]
        if not hits:
            report.note(effect.line, table.spec.id, "notes", ", ".join(effect.targets), "",
                        "note names no counter of this table")
        for record in hits:
            _apply(effect, record)


def _hit(effect: Effect, unit: Unit, table: ItwTable, units: dict[str, Unit], parents: dict[str, str]) -> bool:
    if effect.scope == "all":
        return True
    if effect.scope == "brigades":
        return level(unit.command) == "brigade"
    if effect.scope == "unit":
        return _named(unit, effect)
    leaders = [units.get(unit_id(table.side, t)) for t in effect.targets if is_leader(t)]
    formations = {u.command for u in leaders if u is not None}
    command = unit.command
    while command:
        if command in formations:
            return True
        command = parents.get(command, "")
    return unit.name in effect.targets


def _named(unit: Unit, effect: Effect) -> bool:
    """Targets name a counter by OOB name, or by unit id where two counters share the name."""
    return unit.name in effect.targets and not is_ambiguous(unit.side, unit.name) or unit.unit_id in effect.targets


def _apply(effect: Effect, record: Record) -> None:
    status = record["status"]
    assert isinstance(status, list)
    status.extend(s for s in effect.status if s not in status)
    notes = record["notes"]
    assert isinstance(notes, list)
    if effect.note and effect.note not in notes:
        notes.append(effect.note)
    if effect.orders:
        record["orders"] = effect.orders or None
    if effect.clear_orders:
        record["orders"] = None
    if effect.constraint and not record.get("location"):
        record["constraint"] = effect.constraint
    if effect.strength is not None:
        record["strength"] = effect.strength
    if effect.activations:
        record["activations"] = effect.activations


def finish(record: Record) -> Record:
    """Lists -> `;`-joined text, empty -> None: the cell values of a sheet row."""
    done = dict(record)
    for key in ("status", "notes"):
        value = done.get(key)
        if isinstance(value, list):
            done[key] = ("; " if key == "notes" else ";").join(value) or None
    return done


def with_changes(record: Record, **changes: object) -> Record:
    """A copy of a record with some fields replaced (derived scenarios)."""
    copy = {k: (list(v) if isinstance(v, list) else v) for k, v in record.items()}
    copy.update(changes)
    return copy

