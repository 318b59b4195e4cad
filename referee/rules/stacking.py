"""Stacking of the CWB Regimental Sub-Series (12.1-12.2, rulebook 002 L105-115), judged where the
rulebook says the limits are in effect: "at the end of every phase".

The numbers come from the game's ``rss-stacking`` reference table (tables.xlsx: "strength points
in a hex: 16 (all types)", "supply wagon: with at most one other unit", its rulebook lines); a
game without that table plays other stacking rules and this check has nothing to say. Per hex,
leaders exempt (12.2 "None of this rule applies to leaders"):

* more strength points than the limit (a wagon has none; a unit's strength: its strength marker's level, else the
  strength its counter shows, else the printed one; a hex with a unit of no known strength is
  not checked, naming the oob.xlsx cell);
* a supply wagon with more than the table's number of other units;
* infantry in Column or mounted cavalry with any other unit ("cannot stack with any other unit");
* limbered artillery with anything but one other limbered battery or infantry / dismounted
  cavalry in line (a limbered battery, infantry in line and dismounted cavalry together are
  let pass: the text does not say whether both allowances combine; a wagon is judged by its own
  limit of 12.1).

A phase ends where the view's turn or phase changes; the log's last view is judged too, as a
warning (the phase may go on in the next log). A stack is reported once while it stays the same,
at the step that last moved one of its units into the hex.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from gamedata.cellref import CellRef, unit_cell
from gamedata.hexids import Hex, HexIds
from gamedata.model import Game
from gamedata.rolls import TableRow
from gamedata.ruledata import cite
from gamedata.systems import Symbol, symbol_for

from ..context import CheckContext
from ..findings import Finding, Place, Severity
from ..view import NO, YES, GameView, UnitView
from .cwb import WAGONS
from .ranges import _no_views

CHECK_ID = "stacking"
TABLE = "rss-stacking"
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}


@dataclass(frozen=True)
class Limits:
    """What the game's stacking table says: the strength points a hex holds, the units a supply
    wagon may stack with, and the rows' citations."""

    points: int
    points_rule: str
    wagon_others: int
    wagon_rule: str
    alone_rule: str
    limbered_rule: str


def _row(rows: Iterable[TableRow], words: str) -> TableRow | None:
    return next((r for r in rows if r.roll.casefold().startswith(words)), None)


def _number(text: str) -> int | None:
    found = re.search(r"\d+|\b(?:one|two|three|four)\b", text.casefold())
    if found is None:
        return None
    return int(found.group()) if found.group().isdigit() else _NUMBER_WORDS[found.group()]


def limits(game: Game) -> Limits | None:
    """The stacking limits of the game's ``rss-stacking`` table (None: the game has no such table,
    or a row lost its number)."""
    table = next((t for t in game.tables if t.table_id == TABLE), None)
    if table is None:
        return None
    rows = {key: _row(table.rows, key) for key in ("strength points", "supply wagon", "column", "limbered")}
    if any(r is None for r in rows.values()):
        return None
    points, wagon = _number(rows["strength points"].result), _number(rows["supply wagon"].result)
    if points is None or wagon is None:
        return None

    def rule(section: str, key: str) -> str:
        return cite(f"{section} Stacking", rows[key].rulebook_line)  # type: ignore[union-attr]

    return Limits(points, rule("12.1", "strength points"), wagon, rule("12.1", "supply wagon"), rule("12.2", "column"),
                  rule("12.2", "limbered"))


def strength(u: UnitView) -> int | None:
    """The unit's strength points: its strength marker, else what its counter shows, else printed."""
    for value in (u.status.get("strength", ""), getattr(u, "strength", ""), u.unit.strength):
        if str(value).isdigit():
            return int(value)
    return None


def _kind(u: UnitView) -> Symbol:
    return Symbol.WAGON if u.unit.type in WAGONS else symbol_for(u.unit.type)


def _alone(u: UnitView) -> bool:
    """Infantry in Column or mounted cavalry: may not stack with any other unit."""
    kind = _kind(u)
    return ((kind is Symbol.INFANTRY and u.status.get("column") == YES)
            or (kind is Symbol.CAVALRY and u.status.get("mounted") == YES))


def _limbered(u: UnitView) -> bool:
    return _kind(u) is Symbol.ARTILLERY and u.status.get("limbered") == YES


def _in_line(u: UnitView) -> bool:
    kind = _kind(u)
    return ((kind is Symbol.INFANTRY and u.status.get("column") != YES)
            or (kind is Symbol.CAVALRY and u.status.get("mounted") != YES))


def judge_hex(lim: Limits, stack: tuple[UnitView, ...]) -> Iterator[tuple[str, str, tuple[UnitView, ...]]]:
    """(rule, what is wrong, the units it names) for one hex's units, leaders left out."""
    units = tuple(u for u in stack if _kind(u) is not Symbol.LEADER)
    if len(units) < 2:
        return
    points = [strength(u) for u in units if _kind(u) is not Symbol.WAGON]
    if all(p is not None for p in points) and sum(points) > lim.points:  # type: ignore[arg-type]
        yield lim.points_rule, f"{sum(points)} strength points (at most {lim.points})", units  # type: ignore[arg-type]
    for wagon in (u for u in units if _kind(u) is Symbol.WAGON):
        others = [u for u in units if u is not wagon]
        if len(others) > lim.wagon_others:
            yield lim.wagon_rule, (f"the supply wagon {wagon.name} with {len(others)} other units (at most "
                                   f"{lim.wagon_others})"), (wagon, *others)
    for lone in (u for u in units if _alone(u)):
        what = "in Column" if _kind(lone) is Symbol.INFANTRY else "mounted"
        yield lim.alone_rule, f"{lone.name} {what} stacked with other units", units
    for battery in (u for u in units if _limbered(u)):
        others = [u for u in units if u is not battery]
        with_guns = [u for u in others if _limbered(u)]
        wrong = [u for u in others if not _limbered(u) and not _in_line(u) and _kind(u) is not Symbol.WAGON]
        if len(with_guns) > 1 or wrong:
            what = ", ".join(u.name for u in (wrong or with_guns))
            yield lim.limbered_rule, (f"the limbered battery {battery.name} with {what} (only one other limbered "
                                      "battery, or infantry or dismounted cavalry in line)"), (battery, *others)
            break


ViewRule = Callable[[Game, Iterable[GameView], str, Mapping[int, "str | None"]], Iterable[Finding]]


def run_rules(ctx: CheckContext, applies: Callable[[Game], object], check_id: str, what: str,
              rules: Sequence[ViewRule]) -> Iterator[Finding]:
    """A registry entry: the ``rules`` over the log's views when the game has the data ``applies``
    reads (None: not a game of these rules, nothing to say); without the view, not checked."""
    if ctx.game is None or applies(ctx.game) is None:
        return
    if ctx.views is None:
        yield from _no_views(ctx, check_id, what)
        return
    players = {s.index: s.player for s in ctx.log.steps}
    for rule in rules:
        yield from rule(ctx.game, ctx.views, ctx.log.label, players)


def run(ctx: CheckContext) -> Iterator[Finding]:
    return run_rules(ctx, limits, CHECK_ID, "stacking", (check_stacking, check_unlimbering))


def phase_ends(views: Iterable[GameView]) -> Iterator[tuple[GameView, bool, Mapping[str, int]]]:
    """(the view, whether it is the log's last, unit id -> the step that last moved it to its hex)
    at the end of every phase the log shows (its turn or phase changes next), and at its end."""
    moved_at: dict[str, int] = {}
    before: GameView | None = None
    for view in (*views, None):
        if before is not None and (view is None or (view.turn, view.phase) != (before.turn, before.phase)):
            yield before, view is None, moved_at
        if view is None:
            break
        for uid, u in view.units.items():
            old = before.unit(uid) if before is not None else None
            if u.hex is not None and (old is None or old.hex != u.hex):
                moved_at[uid] = view.step
        before = view


def check_stacking(game: Game, views: Iterable[GameView], label: str, players: Mapping[int, str | None]
                   ) -> Iterator[Finding]:
    lim = limits(game)
    if lim is None:
        return
    hexids = HexIds(game.maps)
    reported: set[tuple[str, frozenset[str]]] = set()
    unknown: set[str] = set()
    for view, last, moved_at in phase_ends(views):
        yield from _phase_end(lim, hexids, view, moved_at, reported, unknown, label, players, last)


def _phase_end(lim: Limits, hexids: HexIds, view: GameView, moved_at: Mapping[str, int],
               reported: set[tuple[str, frozenset[str]]], unknown: set[str], label: str,
               players: Mapping[int, str | None], last: bool) -> Iterator[Finding]:
    by_hex: dict[Hex, list[UnitView]] = {}
    for _, u in sorted(view.units.items()):
        if u.hex is not None:
            by_hex.setdefault(u.hex, []).append(u)
    for h, stack in sorted(by_hex.items(), key=lambda kv: (kv[0].map, kv[0].column, kv[0].row)):
        units = tuple(stack)
        for rule, what, named in judge_hex(lim, units):
            key = (rule, frozenset(u.unit_id for u in named))
            if key in reported:
                continue
            reported.add(key)
            step = max((moved_at.get(u.unit_id, 0) for u in named), default=0) or view.step
            when = "at the log's end (its phase may go on in the next log)" if last else "at the end of the phase"
            yield Finding(CHECK_ID, Severity.WARNING if last else Severity.ERROR,
                          f"{hexids.format(h)} {when}: {what}", rule, label, step, players.get(step),
                          tuple(u.name for u in named), (Place(units[0].map or "", hexids.format(h)),))
        blind = [u for u in units if _kind(u) not in (Symbol.LEADER, Symbol.WAGON) and strength(u) is None]
        if len(units) > 1 and blind and not {u.unit_id for u in blind} <= unknown:
            unknown.update(u.unit_id for u in blind)
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{hexids.format(h)}: the strength points of "
                          f"{', '.join(u.name for u in blind)} are not known (no strength marker, no strength in "
                          "oob.xlsx): the stack's strength was not checked", lim.points_rule, label, view.step,
                          pieces=tuple(u.name for u in blind),
                          cells=tuple(unit_cell(u.unit_id, "strength", u.name, "its strength points") for u in blind))


# ------------------------------------------------------------------ 11.0: when a battery unlimbers

UNLIMBER_RULE = "11.0 Formations (rulebook line 97)"
_PHASES = CellRef("game.toml", "[[phases]]", (), "", "game.toml [[phases]]",
                  "the sequence of play (in the CWB series rules, which are not in the rulebook set)")


def _unlimbered(before: UnitView, now: UnitView) -> bool:
    """The battery went from limbered to unlimbered in the step."""
    was = before.status.get("limbered") == YES or before.status.get("unlimbered") == NO
    is_ = now.status.get("unlimbered") == YES or now.status.get("limbered") == NO
    return _kind(now) is Symbol.ARTILLERY and was and is_


def check_unlimbering(game: Game, views: Iterable[GameView], label: str, players: Mapping[int, str | None]
                      ) -> Iterator[Finding]:
    """11.0 "Artillery can only unlimber at the beginning of the Movement Phase before the unit
    expends any Movement Points": an unlimbering in another phase, or by a battery that moved
    earlier in the Movement Phase (or in the same step), is an error. Phases are the turn
    tracker's: a game without them leaves every unlimbering unchecked, naming the data."""
    hexids = HexIds(game.maps)
    moved: set[str] = set()             # units moved in the current phase
    unphased: list[tuple[int, UnitView]] = []
    before: GameView | None = None
    for view in views:
        if before is None or (view.turn, view.phase) != (before.turn, before.phase):
            moved = set()
        for uid, now in sorted(view.units.items()):
            was = before.unit(uid) if before is not None else None
            if was is None or now.hex is None:
                continue
            if was.hex != now.hex:
                moved.add(uid)
            if not _unlimbered(was, now):
                continue
            if view.phase is None:
                unphased.append((view.step, now))
                continue
            where = hexids.format(now.hex)
            if "movement" not in str(view.phase).casefold():
                why = f"in the {view.phase} phase (only at the beginning of the Movement Phase)"
            elif uid in moved:
                why = "after moving in this Movement Phase (only before it spends any Movement Points)"
            else:
                continue
            yield Finding(CHECK_ID, Severity.ERROR, f"{now.name} unlimbered at {where} {why}", UNLIMBER_RULE, label,
                          view.step, players.get(view.step), (now.name,), (Place(now.map or "", where),))
        before = view
    if unphased:
        step, first = unphased[0]
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{len(unphased)} unlimbering(s) (the first: {first.name} at step "
                      f"{step}) not checked: the log shows no phase, so the beginning of the Movement Phase is not "
                      "known (the game's sequence of play in game.toml [[phases]])", UNLIMBER_RULE, label, step,
                      pieces=(first.name,), cells=(_PHASES,))
