"""Terrain facts and Terrain Effects Charts as importer data, each fact checked against its line.

A game's importer declares, in its package's `terrain.py`:
- `Kind`s: the system's terrain and feature codes, in its own words, with the line naming them;
- `Move`s: who pays (unit classes, traces), which inherit the costs they have no row for;
- `Printed` cells: the costs the rulebook prints, with the line and a pattern that line
  must still contain;
- `Fact`s: hexes, hexsides and special places the text states.
`emit_chart` writes `effects.xlsx` (every cell of the chart for the base classes, empty where
the rulebook prints nothing, so the user sees which cells to fill) and `emit_facts` the
terrain rows. A text that no longer says what a row quotes stops the import.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from gamedata.import_kit.reference import check_quoted
from gamedata.workbook import Cell

ACTIONS = {"hex": ("enter",), "hexside": ("cross",), "route": ("along",)}
"""The chart cells generated per code for each base class (climb/descend rows are printed ones)."""


@dataclass(frozen=True)
class Kind:
    """A terrain or feature code of the system; `actions` overrides the generated cells
    (() = the code has no cost of its own: it only changes others, e.g. through `via`)."""

    code: str
    name: str
    applies: str
    category: str
    line: int | None = None
    pattern: str = ""
    notes: str = ""
    actions: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Move:
    code: str
    name: str
    inherits: str = ""
    line: int | None = None
    pattern: str = ""
    notes: str = ""


@dataclass(frozen=True)
class Printed:
    """A chart cell the rulebook prints (or that follows from printed numbers, said in notes)."""

    move: str
    action: str
    terrain: str
    line: int
    pattern: str
    cost: float | None = None
    factor: float | None = None
    prohibited: bool | None = None
    via: str = ""
    condition: str = ""
    notes: str = ""


@dataclass(frozen=True)
class Implied:
    route: str
    crossing: str
    implies: str
    line: int
    pattern: str
    notes: str = ""


@dataclass(frozen=True)
class Fact:
    """A row of terrain.xlsx the text states: `sheet` Hexes, Hexsides or Specials."""

    sheet: str
    record: dict[str, Cell] = field(hash=False)
    line: int = 0
    pattern: str = ""


def _check(ctx, table: str, line: int | None, pattern: str) -> None:  # type: ignore[no-untyped-def]
    if line is not None and pattern:
        check_quoted(ctx, table, line, pattern)


def _span(ctx, table: str, lines: Iterable[int | None]) -> None:  # type: ignore[no-untyped-def]
    found = [n for n in lines if n is not None]
    if found:
        ctx.report.table(table, min(found), max(found))


def emit_chart(ctx, table: str, kinds: Sequence[Kind], moves: Sequence[Move], printed: Sequence[Printed],  # type: ignore[no-untyped-def]
               implied: Sequence[Implied] = (), grid: Sequence[str] = ()) -> None:
    """Write the Terrain, Moves, Costs and Implied sheets; `grid` lists the base classes whose
    every cell is written (empty where not printed)."""
    _span(ctx, table, [k.line for k in kinds] + [m.line for m in moves] + [p.line for p in printed]
          + [i.line for i in implied])
    for k in kinds:
        _check(ctx, table, k.line, k.pattern)
        ctx.emit("Terrain", {"code": k.code, "name": k.name, "applies": k.applies, "category": k.category,
                             "rulebook_line": k.line, "notes": k.notes or None}, table, k.line)
    for m in moves:
        _check(ctx, table, m.line, m.pattern)
        ctx.emit("Moves", {"code": m.code, "name": m.name, "inherits": m.inherits or None, "rulebook_line": m.line,
                           "notes": m.notes or None}, table, m.line)
    by_key = {(p.move, p.action, p.terrain, p.via, p.condition): p for p in printed}
    parents = {m.code: m.inherits for m in moves}
    rows: list[dict[str, Cell]] = []
    for p in printed:
        _check(ctx, table, p.line, p.pattern)
    for move in grid:
        for k in kinds:
            for action in (k.actions if k.actions is not None else ACTIONS[k.applies]):
                p = by_key.pop((move, action, k.code, "", ""), None)
                if p is None and _inherited(parents, move, action, k.code, by_key):
                    continue                    # a parent class's printed cell applies
                rows.append(_cost_row(move, action, k.code, p))
    rows += [_cost_row(p.move, p.action, p.terrain, p) for p in by_key.values()]
    for row in rows:
        ctx.emit("Costs", row, table, row["rulebook_line"])  # type: ignore[arg-type]
    for i in implied:
        _check(ctx, table, i.line, i.pattern)
        ctx.emit("Implied", {"route": i.route, "crossing": i.crossing, "implies": i.implies, "rulebook_line": i.line,
                             "notes": i.notes or None}, table, i.line)


def _inherited(parents: dict[str, str], move: str, action: str, code: str, printed: dict) -> bool:  # type: ignore[type-arg]
    cur, seen = parents.get(move, ""), {move}
    while cur and cur not in seen:
        if (cur, action, code, "", "") in printed:
            return True
        seen.add(cur)
        cur = parents.get(cur, "")
    return False


def _cost_row(move: str, action: str, terrain: str, p: Printed | None) -> dict[str, Cell]:
    return {"move": move, "action": action, "terrain": terrain, "via": (p.via or None) if p else None,
            "condition": (p.condition or None) if p else None, "cost": p.cost if p else None,
            "factor": p.factor if p else None, "prohibited": p.prohibited if p else None,
            "rulebook_line": p.line if p else None, "notes": (p.notes or None) if p else None}


def emit_facts(ctx, table: str, facts: Sequence[Fact]) -> None:  # type: ignore[no-untyped-def]
    """Write the terrain rows the text states, each checked against its line."""
    _span(ctx, table, [f.line for f in facts])
    for f in facts:
        _check(ctx, table, f.line, f.pattern)
        ctx.emit(f.sheet, {**f.record, "rulebook_line": f.line, "source": "rulebook"}, table, f.line)
