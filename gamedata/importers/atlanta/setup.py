"""Setup, arrival and loss rows of the Atlanta scenarios, read from their line tables.

Rows are kept in memory per scenario sheet until the command rules and losses
have been applied; every line read is kept or rejected with its reason.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from gamedata.import_kit.records import join_notes
from gamedata.importers.atlanta.clauses import parse_clause, parse_losses
from gamedata.importers.atlanta.hexes import LineError
from gamedata.importers.atlanta.scenarios import LineTable, reinf_turn, turn_track
from gamedata.importers.atlanta.units import Vocabulary, resolve_units


def _data_lines(ctx: Any, table: LineTable) -> list[tuple[int, str]]:
    """(first line, text) of every data row; joined lines become one row."""
    ctx.book.check_anchor(table.first, table.anchor)
    joined = {n for tail in table.joins.values() for n in tail}
    out = []
    for number in range(table.first, table.last + 1):
        text = ctx.book.line(number).strip()
        if "**" in text:
            ctx.note(table.id, number, "text", text, text.replace("**", ""), "Markdown bold markers removed")
            text = text.replace("**", "")
        if not text or number in table.notes or number in joined or number == table.all_rows:
            continue
        for extra in table.joins.get(number, ()):
            text += " " + ctx.book.line(extra).replace("**", "").strip()
        out.append((number, text))
    return out


def line_table(ctx: Any, table: LineTable, vocab: Vocabulary, rows: dict[str, list[dict[str, Any]]],
                first_turn: int) -> None:
    """Read one line table into `rows`; each line is kept or rejected with its reason."""
    count = ctx.report.table(table.id, table.first, table.last)
    for line, printed in _data_lines(ctx, table):
        count.rows_read.add(line)
        reject = ctx.overrides.get(line, "row")
        if reject is not None:
            ctx.reject(table.id, line, printed, f"override: {reject.reason}")
            continue
        text = ctx.override(table.id, line, "text", printed)
        try:
            if table.kind == "losses":
                _losses(ctx, table, line, text, vocab, rows)
            else:
                for clause in _clauses(text, table.pairs):
                    _placement(ctx, table, line, clause, vocab, rows, first_turn)
        except LineError as exc:
            ctx.reject(table.id, line, printed, str(exc))
            continue
        ctx.keep(table.id, line)
    if table.all_rows:
        rule = ctx.book.line(table.all_rows).strip()
        ctx.note(table.id, table.all_rows, "constraint", rule, "added to every row of the table",
                 "a rule for all rows is printed after the table")
        constraint = re.sub(r"^All of the above units are deployed ", "", rule).rstrip(".")
        for record in rows.get(f"{table.scenario} Setup", []):
            if table.first <= record["rulebook_line"] <= table.last:
                append_to(record, "constraint", constraint)


def _clauses(text: str, pairs: bool) -> list[str]:
    """Split an override's ` | ` clauses, and `Heading: unit hex, unit hex` pair lines."""
    clauses = [c.strip() for c in text.split(" | ") if c.strip()]
    if not pairs:
        return clauses
    out = []
    for clause in clauses:
        _, _, rest = clause.partition(":")
        chunks = [c.strip() for c in rest.split(",")]
        pair_re = re.compile(r"^(\S+)\s+(\d{1,2}[.:]\d{2})$")
        if rest and any(pair_re.match(c) for c in chunks):
            for chunk in chunks:
                m = pair_re.match(chunk)
                out.append(f"{m.group(1)}: {m.group(2)}" if m else chunk)
        else:
            out.append(clause)
    return out


def _placement(ctx: Any, table: LineTable, line: int, clause: str, vocab: Vocabulary,
               rows: dict[str, list[dict[str, Any]]], first_turn: int) -> None:
    p = parse_clause(clause, vocab, table.default_map)
    for note in p.notes:
        ctx.note(table.id, line, "units", clause, ", ".join(p.units), note)
    for h in p.hexes:
        if (reason := ctx.hexids.check(h)) is not None:
            raise LineError(reason)
    scenario = table.scenario
    if p.reinforcement:
        turn = reinf_turn(scenario, p, first_turn)
        if p.printed_time:
            hour = next(h for tid, _, h, _ in turn_track() if tid == turn)
            if hour != p.printed_time:
                raise LineError(f"turn {p.scenario_turn} is {hour} on the turn track, the line prints {p.printed_time}")
            ctx.note(table.id, line, "turn", f"turn {p.scenario_turn} ({p.printed_time})", str(turn),
                     "scenario turn and printed time agree with the turn track")
        for uid in p.units:
            _add(rows, f"{scenario} Reinf", {
                "unit_id": uid, "turn": turn, "dr_set": p.dr_set or None, "entry": p.entry or None,
                "status": _statuses(uid, p.statuses, vocab), "strength": p.strength,
                "notes": join_notes(p.constraint, p.orders and f"orders: {p.orders}", *p.remarks),
                "rulebook_line": line, "_table": table.id,
            })
        return
    amend_only = not (p.location or p.constraint or p.statuses or p.strength is not None)
    for uid in p.units:
        existing = _rows_of(rows, scenario, uid)
        if amend_only and existing:
            for record in existing:
                if p.orders:
                    append_to(record, "notes", f"orders: {p.orders} (line {line})")
                for remark in p.remarks:
                    append_to(record, "notes", f"{remark} (line {line})")
            continue
        _add(rows, f"{scenario} Setup", {
            "unit_id": uid, "location": p.location or None, "constraint": p.constraint or None,
            "status": _statuses(uid, p.statuses, vocab), "strength": p.strength,
            "orders": p.orders or None, "notes": join_notes(*p.remarks),
            "rulebook_line": line, "_table": table.id,
        })


def _add(rows: dict[str, list[dict[str, Any]]], sheet: str, record: dict[str, Any]) -> None:
    """Add a row to a scenario sheet (kept in memory until formation rules and losses are applied)."""
    rows.setdefault(sheet, []).append(record)


def _rows_of(rows: dict[str, list[dict[str, Any]]], scenario: str, uid: str) -> list[dict[str, Any]]:
    """The setup rows, then the arrival rows, of unit `uid` in a scenario."""
    return [r for s in (f"{scenario} Setup", f"{scenario} Reinf") for r in rows.get(s, []) if r["unit_id"] == uid]


def append_to(record: dict[str, Any], column: str, remark: str) -> None:
    """Add a remark to a `; `-joined cell of an in-memory row."""
    record[column] = join_notes(record.get(column) or "", remark)


def merge_status(current: str | None, codes: Iterable[str]) -> str:
    """A ';'-list of status codes with `codes` added once each."""
    return ";".join(dict.fromkeys([*(current.split(";") if current else []), *codes]))


def _statuses(uid: str, codes: tuple[str, ...], vocab: Vocabulary) -> str | None:
    kind = vocab.types[uid]
    keep = [c for c in codes if not (c in ("line", "column") and kind not in ("Inf", "Cav"))
            and not (c in ("limbered", "unlimbered") and kind != "Art")]
    return ";".join(dict.fromkeys(keep)) or None


def _losses(ctx: Any, table: LineTable, line: int, text: str, vocab: Vocabulary,
            rows: dict[str, list[dict[str, Any]]]) -> None:
    notes: list[str] = []
    leader = re.match(r"Leader loss: (\S+) \(use replacement\)", text)
    if leader:
        pairs = [(uid, 0) for uid in resolve_units(leader.group(1), vocab, notes)]
    else:
        pairs = parse_losses(text, vocab, notes)
    for note in notes:
        ctx.note(table.id, line, "units", text, ", ".join(u for u, _ in pairs), note)
    for uid, loss in pairs:
        code = "replaced" if leader else f"loss-{loss}"
        what = "leader loss: use a replacement leader" if leader else f"previous loss -{loss}"
        existing = _rows_of(rows, table.scenario, uid)
        if not existing:
            existing = [{"unit_id": uid, "rulebook_line": line}]
            _add(rows, f"{table.scenario} Setup", existing[0])
        for record in existing:
            record["status"] = merge_status(record.get("status"), (code,))
            append_to(record, "notes", f"{what} (line {line})")


def copy_5_2_into_5_3(ctx: Any, rows: dict[str, list[dict[str, Any]]]) -> None:
    """5.3a/5.3b: 'Same as 5.2a/5.2b' — the 5.2 rows, before the 5.3 additions."""
    for kind in ("Setup", "Reinf"):
        copied = [dict(r, notes=join_notes(r.get("notes") or "", "as 5.2 ('Same as 5.2a/5.2b', lines 833, 841)"))
                  for r in rows.get(f"5.2 {kind}", [])]
        rows[f"5.3 {kind}"] = copied + rows.get(f"5.3 {kind}", [])
    ctx.note("5.3b Confederate additions", 833, "setup", "Same as 5.2a", "5.2 rows copied",
             "5.3 setup and reinforcements are those of 5.2 plus the 5.3b additions")


def compose_variants(ctx: Any, rows: dict[str, list[dict[str, Any]]], variants: Sequence[tuple[str, str, int]]
                     ) -> None:
    """A variant (5.1d.x, 5.2d.2: "only the listed units differ") as its whole scenario: its base's
    setup and reinforcement rows, less the units the variant lists (in either sheet), then the
    variant's own rows, so that its predefined setup and the referee's set-up check hold every
    unit. ``variants``: (variant id, base id, heading line)."""
    for sid, base, line in variants:
        listed = {r["unit_id"] for kind in ("Setup", "Reinf") for r in rows.get(f"{sid} {kind}", [])}
        for kind in ("Setup", "Reinf"):
            kept = [dict(r, notes=join_notes(r.get("notes") or "", f"as {base} (variant {sid} lists only the units "
                                                                     "that differ)"))
                    for r in rows.get(f"{base} {kind}", []) if r["unit_id"] not in listed]
            rows[f"{sid} {kind}"] = kept + rows.get(f"{sid} {kind}", [])
        ctx.note(f"{sid} variant", line, "setup", f"variant of {base}", f"{base} rows copied",
                 f"the units the variant does not list are set up and arrive as in {base}")
