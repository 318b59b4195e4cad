"""What must follow a table result, checked in the steps after the roll.

A result's `effect` (tables.xlsx) says what it requires: a marker placed
(``place=Winter Weather Start``), a piece removed (``remove=Blockhouse``, a
leader), reinforcement sets entered (``sets=2; set=union``). The steps that carry
the consequence are the roll's window: the steps after it until the next table
roll or a change of the turn tracker (for sets: until the turn changes, since sets
are placed during the turn). In it the referee compares what happened with what
the result requires:

* a marker or removal a different row of the table calls for, done after this
  result, is an error: "against the roll" (a blockhouse removed on No Effect);
* a consequence the result calls for that does not happen in the window is a
  warning (it may be made later, or the log may be cut);
* more reinforcement sets entered than the result (and sets withheld before) allow,
  sets out of order, or a set entering outside its entry hexes, is an error;
* a consequence the log cannot show (which unit gained fatigue, which units fired)
  is "not checked", never a pass.

Piece events come from the replay; units, hexes and turns from the game view
(`referee.view`, design.md "The game view"); without a view the unit checks say
they could not run.
"""
from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from gamedata.conditions import MappingFacts
from gamedata.hexids import HexError, HexIds
from gamedata.model import Game, ReinforcementRow
from gamedata.rolls import Reading, RollTable
from vassal.replay import Added, Moved, Removed, Step, TurnChanged

from ..findings import Finding, Severity
from ..table_rolls import TableRoll

CHECK_ID = "tables"
#: Effect keys this module checks; any other key of a result is reported as not checked.
CHECKED = frozenset({"place", "remove", "sets", "set", "withhold", "weather", "lasts", "ammo"})
#: The ammunition levels a counter shows, from full down (statuses of CWB counters).
AMMO = ("low-ammo", "no-ammo")


@dataclass(frozen=True)
class Window:
    """The steps (replay indices, 1-based) of the checked log in which a roll's consequences are
    made, ``first`` to ``last``. A window that began in an earlier log of the chain (a roll at
    the end of one log, its result applied at the start of the next) holds that log's steps in
    ``earlier`` (log label, step), the game view just before it in ``before``, and where the roll
    was in ``rolled`` ("turn1.vlog step 21"). ``open``: it runs to the end of its log."""

    first: int
    last: int
    earlier: tuple[tuple[str, Step], ...] = ()
    before: Any = None
    rolled: str = ""
    open: bool = False

    def __contains__(self, step: int) -> bool:
        return self.first <= step <= self.last

    def __str__(self) -> str:
        here = (f"step {self.first}" if self.first == self.last else f"steps {self.first}-{self.last}")
        if not self.earlier:
            return f"no step after step {self.first - 1}" if self.last < self.first else here
        logs: dict[str, list[int]] = {}
        for label, step in self.earlier:
            logs.setdefault(label, []).append(step.index)
        parts = [f"{label} step {n[0]}" if len(n) == 1 else f"{label} steps {n[0]}-{n[-1]}" for label, n in logs.items()]
        return " and ".join(parts + ([here] if self.last >= self.first else []))

    def standing(self, steps: Sequence[Step]) -> Iterator[tuple[str, Step]]:
        """(log label, step) of the window's steps that were not undone, earlier logs first ("" = this log)."""
        yield from ((label, step) for label, step in self.earlier if not step.is_undo)
        yield from (("", step) for step in steps[self.first - 1:self.last] if not step.is_undo)

    def view_before(self, views: Any) -> Any:
        """The game view just before the window."""
        return self.before if self.rolled else views.at(self.first - 1)

    def view_after(self, views: Any) -> Any:
        """The game view at the window's end."""
        return views.at(max(self.last, self.first - 1))

    def carried_on(self, label: str, steps: Sequence[Step]) -> tuple[tuple[str, Step], ...]:
        """The window's steps so far, this log's (``label``) after the earlier logs', for the next log."""
        return self.earlier + tuple((label, step) for step in steps[self.first - 1:self.last])


def where(label: str, step: Step) -> str:
    """``step 3`` in the checked log, ``turn1.vlog step 22`` in an earlier one."""
    return f"{label} step {step.index}" if label else f"step {step.index}"


def window(steps: Sequence[Step], roll_step: int, next_roll: int | None, whole_turn: bool) -> Window:
    """From the step after the roll to the step before the next table roll (unless ``whole_turn``)
    or before the next turn tracker change, whichever comes first. ``roll_step`` 0: a window
    going on from an earlier log, from this log's first step."""
    last = len(steps)
    for step in steps[roll_step:]:
        if any(isinstance(e, TurnChanged) for e in step.events) and not step.is_undo:
            last = step.index - 1
            break
    if next_roll is not None and not whole_turn:
        last = min(last, next_roll - 1)
    return Window(roll_step + 1, last, open=last == len(steps))


def placed(steps: Sequence[Step], w: Window, name: str) -> list[tuple[str, Step]]:
    """(log, step) of the steps in the window that put a piece called ``name`` on a map (new, or moved onto one)."""
    found = []
    for label, step in w.standing(steps):
        for e in step.events:
            if getattr(e, "name", "").casefold() != name.casefold():
                continue
            if (isinstance(e, Added) and e.map) or (isinstance(e, Moved) and e.to_map and e.from_map != e.to_map):
                found.append((label, step))
    return found


def removed(steps: Sequence[Step], w: Window, prefix: str) -> list[tuple[str, Step, str]]:
    """(log, step, piece name) for pieces whose name starts with ``prefix`` deleted or taken off their map."""
    found = []
    for label, step in w.standing(steps):
        for e in step.events:
            if not getattr(e, "name", "").casefold().startswith(prefix.casefold()):
                continue
            if isinstance(e, Removed) or (isinstance(e, Moved) and e.from_map and e.from_map != e.to_map):
                found.append((label, step, e.name))
    return found


@dataclass(frozen=True)
class Context:
    """What a consequence check looks at: the log's steps and label, the game, its views."""

    steps: Sequence[Step]
    label: str
    game: Game
    views: Any = None


def _finding(ctx: Context, roll: TableRoll, severity: Severity, message: str, pieces: Iterable[str] = (),
             w: Window | None = None, at: Step | None = None) -> Finding:
    """A finding at the roll's step; for a roll of an earlier log (``w.rolled``), at the step of
    this log that does it (``at``), else where the window closes, naming the roll's log and step."""
    if w is None or not w.rolled:
        return Finding(CHECK_ID, severity, message, roll.table.cite(), ctx.label, roll.step, roll.player,
                       tuple(pieces))
    step = at.index if at is not None else (w.last if w.last >= w.first else None)
    player = at.player if at is not None else roll.player
    return Finding(CHECK_ID, severity, f"{message} (rolled in {w.rolled})", roll.table.cite(), ctx.label, step,
                   player, tuple(pieces))


def _here(done: Sequence[tuple]) -> Step | None:
    """The first of these (log, step, ...) in the checked log: where a finding about them points."""
    return next((d[1] for d in done if not d[0]), None)


def _row_effects(table: RollTable, key: str) -> set[str]:
    return {v for r in table.rows for k, v in r.effect.items if k == key and v}


def check_markers(ctx: Context, roll: TableRoll, reading: Reading, w: Window) -> Iterator[Finding]:
    """``place=`` and ``remove=`` effects against what the window shows."""
    row = reading.branch.row
    wanted = {(k, v) for k, v in row.effect.items} if row is not None else set()
    said = f"{roll.table.name} {reading.describe()}"
    for key, finder in (("place", placed), ("remove", removed)):
        for name in sorted(_row_effects(roll.table, key)):
            if key == "remove" and name == "leader":
                continue  # a unit, not a piece name: check_leaders
            done: Sequence[tuple] = finder(ctx.steps, w, name)
            verb = "placed" if key == "place" else "removed"
            if (key, name) in wanted and not done:
                yield _finding(ctx, roll, Severity.WARNING, f"{said}: {name} must be {verb}, but it is not in "
                               f"{w}", (name,), w)
            elif (key, name) not in wanted and done:
                steps = ", ".join(where(d[0], d[1]) for d in done)
                pieces = list(dict.fromkeys(d[2] for d in done)) if key == "remove" else [name]
                yield _finding(ctx, roll, Severity.ERROR, f"{said}: {name} {verb} at {steps} against the roll "
                               f"(only {_rows_doing(roll.table, key, name)} {key} it)", pieces, w, _here(done))


def _rows_doing(table: RollTable, key: str, value: str) -> str:
    return " or ".join(f"'{r.result}' ({r.roll})" for r in table.rows if (key, value) in r.effect.items)


def check_leaders(ctx: Context, roll: TableRoll, reading: Reading, w: Window) -> Iterator[Finding]:
    """``remove=leader``: a leader leaves the map in the window exactly when the result kills one."""
    if "leader" not in _row_effects(roll.table, "remove"):
        return
    row = reading.branch.row
    killed = row is not None and ("remove", "leader") in row.effect.items
    said = f"{roll.table.name} {reading.describe()}"
    if ctx.views is None:
        yield _finding(ctx, roll, Severity.NOT_CHECKED, f"{said}: whether a leader left the map is not checked "
                       "without the game view (--game with a module or units.csv)", (), w)
        return
    before, after = w.view_before(ctx.views), w.view_after(ctx.views)
    gone = [u for uid, u in before.units.items() if u.hex is not None and u.unit.type == "Ldr"
            and (after.unit(uid) is None or after.unit(uid).hex is None)]
    if killed and not gone:
        yield _finding(ctx, roll, Severity.WARNING, f"{said}: no leader left the map in {w}", (), w)
    elif not killed and gone:
        yield _finding(ctx, roll, Severity.ERROR, f"{said}: {', '.join(u.name for u in gone)} left the map in {w} "
                       "against the roll", [u.name for u in gone], w)


def _ammo_level(unit: Any) -> int | None:
    """0 full, 1 Low Ammo, 2 No Ammo; None when the counter cannot show it."""
    values = [unit.status.get(code) for code in AMMO]
    if any(v not in ("yes", "no") for v in values):
        return None
    return 2 if values[1] == "yes" else 1 if values[0] == "yes" else 0


def check_ammo(ctx: Context, roll: TableRoll, reading: Reading, w: Window) -> Iterator[Finding]:
    """``ammo=-1`` (CWB 28.1: Low Ammo on a Fire Table roll of 11 or 12): every firing unit —
    the units marked attacking when the roll is made — one ammunition level down in the window;
    a firing unit losing a level after a result that does not call for it is against the roll."""
    if not _row_effects(roll.table, "ammo"):
        return
    row = reading.branch.row
    wants = row is not None and row.effect.get("ammo") == "-1"
    said = f"{roll.table.name} {reading.describe()}"
    if ctx.views is None:
        if wants:
            yield _finding(ctx, roll, Severity.NOT_CHECKED, f"{said}: the firing units' ammunition is not checked "
                           "without the game view", (), w)
        return
    before, after = w.view_before(ctx.views), w.view_after(ctx.views)
    firing = [u for u in before.units.values() if u.hex is not None and u.status.get("attacking") == "yes"]
    if not firing:
        if wants:
            yield _finding(ctx, roll, Severity.NOT_CHECKED, f"{said}: which units fired is not known (mark them "
                           "attacking before the roll): their ammunition is not checked", (), w)
        return
    short, against = [], []
    for u in firing:
        now = after.unit(u.unit_id)
        was, level = _ammo_level(u), _ammo_level(now) if now is not None else None
        if was is None or level is None:
            continue
        if wants and level < min(was + 1, len(AMMO)):
            short.append(u.name)
        elif not wants and level > was:
            against.append(u.name)
    if short:
        yield _finding(ctx, roll, Severity.WARNING, f"{said}: {', '.join(short)} fired and must go one ammunition "
                       f"level down, not done in {w}", short, w)
    if against:
        yield _finding(ctx, roll, Severity.ERROR, f"{said}: {', '.join(against)} marked down an ammunition level in "
                       f"{w} against the roll", against, w)


def _set_rows(game: Game, scenario_id: str | None, kind: str) -> dict[int, list[ReinforcementRow]]:
    """Reinforcement rows of the scenario by set number, for sets ``kind N``."""
    sets: dict[int, list[ReinforcementRow]] = {}
    for scenario in game.scenarios:
        if scenario_id is not None and scenario.scenario_id != scenario_id:
            continue
        for r in scenario.reinforcements:
            head, _, number = r.dr_set.partition(" ")
            if head == kind and number.isdigit():
                sets.setdefault(int(number), []).append(r)
        if scenario_id is not None:
            break
    return sets


def _entry_hexes(hexids: HexIds, game: Game, row: ReinforcementRow) -> set[str] | None:
    areas = {a.code: a.hexes for a in game.areas}
    found: set[str] = set()
    for text in (row.entry, row.alt_entry):
        if not text:
            continue
        try:
            found |= set(areas[text]) if text in areas else set(hexids.expand(text))
        except HexError:
            return None  # an entry the data cannot list (noted on import): not checked
    return {hexids.normalize(h) for h in found} or None


class SetLedger:
    """Reinforcement sets through a log: what earlier results allowed and what entered, per kind
    of set, so that sets withheld earlier may enter later (12.0: "he may withhold")."""

    def __init__(self, withheld: Iterable[tuple[str, int | None]] = ()) -> None:
        """``withheld``: sets withheld per kind by the earlier logs of the chain."""
        self.withheld: dict[str, int | None] = dict(withheld)   # None: not known (rolls before the chain)

    def check(self, ctx: Context, roll: TableRoll, reading: Reading, w: Window) -> Generator[Finding, None, None]:
        row = reading.branch.row
        if row is None or row.effect.get("sets") is None or not row.effect.get("set"):
            return
        kind = row.effect.get("set") or ""
        if kind not in self.withheld:
            self.withheld[kind] = 0 if _first_turn(ctx, roll, w) else None
        entered = yield from check_sets(ctx, roll, reading, w, self.withheld[kind])
        due = int(row.effect.get("sets") or 0)
        if self.withheld[kind] is not None and entered is not None:
            self.withheld[kind] = max(0, self.withheld[kind] + due - entered)


def _first_turn(ctx: Context, roll: TableRoll, w: Window) -> bool:
    """Whether the roll is in the first turn its table may be rolled (nothing withheld before)."""
    if ctx.views is None:
        return False
    view = w.before if w.rolled else ctx.views.at(roll.step)
    turn = getattr(getattr(view, "turn", None), "id", None)
    if turn is None:
        return False
    return roll.table.when.evaluate(MappingFacts({"turn": turn - 1})) is False


def check_sets(ctx: Context, roll: TableRoll, reading: Reading, w: Window, withheld: int | None
               ) -> Generator[Finding, None, int | None]:
    """``sets=N; set=KIND[; withhold=yes]``: the sets entering in the window (view), their number,
    order and entry hexes; returns how many sets entered (None when not checked)."""
    row = reading.branch.row
    assert row is not None
    due, kind = int(row.effect.get("sets") or 0), row.effect.get("set") or ""
    said = f"{roll.table.name} {reading.describe()}"
    if ctx.views is None:
        yield _finding(ctx, roll, Severity.NOT_CHECKED, f"{said}: the reinforcement sets entered are not checked "
                       "without the game view", (), w)
        return None
    before, after = w.view_before(ctx.views), w.view_after(ctx.views)
    scenario = getattr(before.scenario, "scenario_id", None)
    sets = _set_rows(ctx.game, scenario, kind)
    member = {r.unit_id: (n, r) for n, rows in sets.items() for r in rows}
    entered_before = {n for uid, (n, _) in member.items()
                      if before.unit(uid) is not None and before.unit(uid).hex is not None}
    entered: dict[int, list[str]] = {}
    arrivals: dict[str, Step | None] = {}
    where_wrong = []
    hexids = HexIds(ctx.game.maps)
    for uid, (number, row_) in member.items():
        was, now = before.unit(uid), after.unit(uid)
        if now is None or now.hex is None or (was is not None and was.hex is not None):
            continue
        entered.setdefault(number, []).append(now.name)
        arrivals[now.name] = _arrival(ctx, w, uid) if w.rolled else None
        allowed = _entry_hexes(hexids, ctx.game, row_)
        if allowed is not None and hexids.format(now.hex) not in allowed:
            where_wrong.append((now.name, f"{now.name} at {hexids.format(now.hex)} (entry {row_.entry}"
                                f"{' or ' + row_.alt_entry if row_.alt_entry else ''})"))
    withhold = (row.effect.get("withhold") or "").casefold() == "yes"
    listed = "; ".join(f"{kind} {n} ({', '.join(names)})" for n, names in sorted(entered.items()))
    pieces = [name for names in entered.values() for name in names]
    last_set = arrivals.get(entered[max(entered)][0]) if entered else None
    if withhold and withheld is None and len(entered) > due:
        yield _finding(ctx, roll, Severity.WARNING, f"{said}: {len(entered)} set(s) entered in {w}: {listed}; the "
                       f"result allows {due}, more only if sets were withheld in turns this log does not show", pieces,
                       w, last_set)
    elif len(entered) > due + (withheld or 0 if withhold else 0):
        extra = f" and {withheld} withheld before" if withhold and withheld else ""
        yield _finding(ctx, roll, Severity.ERROR, f"{said}: {len(entered)} set(s) entered in {w}: {listed}; the "
                       f"result allows {due}{extra}", pieces, w, last_set)
    elif not withhold and len(entered) < min(due, len(set(sets) - entered_before)):
        # the turn is over (error), or the log ends before it is: the sets may still come (warning)
        yield _finding(ctx, roll, Severity.WARNING if w.open else Severity.ERROR,
                       f"{said}: {due} set(s) must enter this turn, {len(entered)} entered in {w}"
                       + (f": {listed}" if listed else "") + ("; the log ends before the turn does" if w.open else ""),
                       pieces, w)
    waiting = sorted(set(sets) - entered_before)
    if entered and sorted(entered) != waiting[:len(entered)]:
        early = next(entered[n][0] for n in sorted(entered) if n not in waiting[:len(entered)])
        yield _finding(ctx, roll, Severity.ERROR, f"{said}: sets must enter lowest-numbered first: {listed} "
                       f"entered while {kind} {waiting[0]} had not", pieces, w, arrivals.get(early))
    if where_wrong:
        yield _finding(ctx, roll, Severity.ERROR, f"{said}: entered outside its entry hexes: "
                       f"{'; '.join(text for _, text in where_wrong)}", pieces, w, arrivals.get(where_wrong[0][0]))
    return len(entered)


def _arrival(ctx: Context, w: Window, unit_id: str) -> Step | None:
    """The step of the checked log in the window at which the unit is first on a hex (None: it
    was already on one when the log began, so it entered in an earlier log)."""
    if ctx.views.at(w.first - 1).unit(unit_id) is not None and ctx.views.at(w.first - 1).unit(unit_id).hex:
        return None
    for index in range(w.first, w.last + 1):
        unit = ctx.views.at(index).unit(unit_id)
        if unit is not None and unit.hex is not None:
            return ctx.steps[index - 1]
    return None


def unchecked(ctx: Context, roll: TableRoll, reading: Reading) -> Iterator[Finding]:
    """Effects the log cannot show, said once per roll."""
    row = reading.branch.row
    if row is None:
        return
    rest = [f"{k}={v}" if v else k for k, v in row.effect.items if k not in CHECKED]
    if rest:
        yield _finding(ctx, roll, Severity.NOT_CHECKED, f"{roll.table.name} {reading.describe()}: "
                       f"{'; '.join(rest)} not checked (the log does not say which unit it applies to)")
