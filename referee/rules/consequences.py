"""What must follow a table result, checked in the steps after the roll — in its log and the next.

A result's `effect` (tables.xlsx) says what it requires, in the words of
`referee.rules.effects`: a marker placed (``place=Winter Weather Start``), a piece or units
removed (``remove=Blockhouse``, ``remove=type:Wag``), reinforcement sets entered
(``sets=2; set=union``), a variable reinforcement entering (``enter=reinf:lew-wallace``), units
that may not move (``stay=unit:US:Grant; until=turn``) or must (``move=rolled``), a status set
or lifted (``status=unmounted``, ``status=-distorted-order``), a strength gained (``gain=Cav``),
the weather (``weather=winter; lasts=7``). Which units: the result's selector
(`referee.rules.selectors`), else the units named in the chat at the roll.

The steps that carry the consequence are the roll's window: from the step after the roll until
the same table is rolled again or the turn changes (``until=turn``, sets and arrivals: until the
turn changes). A window the log's end cuts goes on in the next log of the chain (`carry`:
`TablesCarried`, design.md "What the tables check carries"). In it the referee compares what
happened with what the result requires:

* what the result forbids, or what another row calls for, done in the window is an error at
  the step that does it, naming the unit and hex ("against the roll");
* what the result calls for and the window does not show is a warning at the roll (it may be
  made later, or the log cut) — or, when the log ends before the window does, "not checked"
  there and judged on the next log;
* a consequence the log cannot show is "not checked" with what would make it visible, never a
  pass (`effects.EFFECTS`).

This module holds the window, the judge of one result in it (`Judge`), the markers, removals and
ammunition a result calls for, the effects said not checked, and what is handed to the next log;
what a result requires of units (statuses, moving, entering, strength, reinforcement sets) is in
`referee.rules.unit_results`. Piece events come from the replay; units, hexes and turns from the
game view (`referee.view`, design.md "The game view"); without a view the unit checks say they
could not run.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamedata.hexids import HexIds
from gamedata.model import Game
from gamedata.rolls import Reading, ResultRow, RollTable
from vassal.replay import Added, Moved, Removed, Step, TurnChanged

from ..findings import Finding, Place, Severity
from ..table_rolls import TableRoll
from .effects import How, kind
from .selectors import Selected, select

CHECK_ID = "tables"
#: The status of a counter out of ammunition, below Low Ammo (CWB counters' No Ammo, Atlanta's Out of Ammo).
OUT_OF_AMMO = ("no-ammo", "out-of-ammo")


@dataclass(frozen=True)
class Window:
    """The steps (replay indices, 1-based) in which a roll's consequences are made; ``cut``: the
    log ends before the window does (the rest is in the next log of the chain)."""

    first: int
    last: int
    cut: bool = False

    def __contains__(self, step: int) -> bool:
        return self.first <= step <= self.last

    def __str__(self) -> str:
        if self.last < self.first:
            return f"no step after step {self.first - 1}"
        return f"step {self.first}" if self.first == self.last else f"steps {self.first}-{self.last}"


def window(steps: Sequence[Step], roll_step: int, next_roll: int | None, whole_turn: bool,
           turn_at: Callable[[int], int | None] | None = None) -> Window:
    """From the step after the roll to the step before ``next_roll`` (the same table rolled
    again; ignored when ``whole_turn``) or before the turn changes, whichever comes first.
    ``turn_at(step)`` gives the turn number after a step (the game view): a change of phase
    then does not end the window; without it any change of the turn tracker does."""
    last, cut = len(steps), True
    start_turn = turn_at(roll_step) if turn_at is not None else None
    for step in steps[roll_step:]:
        if step.is_undo:
            continue
        if turn_at is not None and start_turn is not None:
            changed = turn_at(step.index) not in (None, start_turn)
        else:
            changed = any(isinstance(e, TurnChanged) for e in step.events)
        if changed:
            last, cut = step.index - 1, False
            break
    if next_roll is not None and not whole_turn and next_roll - 1 < last:
        last, cut = next_roll - 1, False
    return Window(roll_step + 1, last, cut)


def _standing(steps: Sequence[Step], w: Window) -> Iterator[Step]:
    for step in steps[w.first - 1:w.last]:
        if not step.is_undo:
            yield step


def placed(steps: Sequence[Step], w: Window, name: str) -> list[int]:
    """Steps in the window that put a piece called ``name`` on a map (new, or moved onto one)."""
    found = []
    for step in _standing(steps, w):
        for e in step.events:
            if getattr(e, "name", "").casefold() != name.casefold():
                continue
            if (isinstance(e, Added) and e.map) or (isinstance(e, Moved) and e.to_map and e.from_map != e.to_map):
                found.append(step.index)
    return found


def removed(steps: Sequence[Step], w: Window, prefix: str) -> list[tuple[int, str]]:
    """(step, piece name) for pieces whose name starts with ``prefix`` deleted or taken off their map."""
    found = []
    for step in _standing(steps, w):
        for e in step.events:
            if not getattr(e, "name", "").casefold().startswith(prefix.casefold()):
                continue
            if isinstance(e, Removed) or (isinstance(e, Moved) and e.from_map and e.from_map != e.to_map):
                found.append((step.index, e.name))
    return found


@dataclass(frozen=True)
class Context:
    """What a consequence check looks at: the log's steps and label, the game, its views."""

    steps: Sequence[Step]
    label: str
    game: Game
    views: Any = None

    def player(self, step: int) -> str | None:
        """The player of a step, else of the latest step before it that names one (a turn tracker
        step names none)."""
        for s in reversed(self.steps[:max(step, 0)]):
            if s.player:
                return s.player
        return None


@dataclass(frozen=True)
class Outcome:
    """A determined table result whose consequences are judged: its table and row, the reading
    as findings quote it, where it was rolled (``label``, ``step``: another log when
    ``carried``), the units it is about (``subject``: named at the roll), the case facts of its
    reading (``cases``: division = Sherman), the turn it was rolled in, and what the earlier
    logs of the chain already showed of it (``done``)."""

    table: RollTable
    row: ResultRow | None
    said: str
    label: str
    step: int
    player: str | None
    subject: tuple[str, ...] = ()
    cases: tuple[tuple[str, str], ...] = ()
    turn: int | None = None
    carried: bool = False
    done: frozenset[tuple[str, str]] = frozenset()

    @classmethod
    def of(cls, roll: TableRoll, reading: Reading, label: str, subject: Iterable[str] = (),
           turn: int | None = None, named: Mapping[str, object] | None = None) -> Outcome:
        """``named``: the case facts the chat named at the roll (the branch assumes the others)."""
        cases = tuple((str(f), str(v)) for f, v in (*reading.branch.assumed, *(named or {}).items()))
        return cls(roll.table, reading.branch.row, f"{roll.table.name} {reading.describe()}", label, roll.step,
                   roll.player, tuple(subject), cases, turn)

    def effect(self, key: str) -> str | None:
        return self.row.effect.get(key) if self.row is not None else None

    def has(self, key: str, value: str | None = None) -> bool:
        return self.row is not None and any(k == key and (value is None or v == value)
                                            for k, v in self.row.effect.items)

    def select(self, text: str, game: Game, scenario_id: str | None) -> Selected:
        return select(text, game, dict(self.cases), self.subject, scenario_id)


def table_values(table: RollTable, key: str) -> set[str]:
    return {v for r in table.rows for k, v in r.effect.items if k == key and v}


def rows_doing(table: RollTable, key: str, value: str) -> str:
    return " or ".join(f"'{r.result}' ({r.roll})" for r in table.rows if (key, value) in r.effect.items)


class Judge:
    """Findings for one outcome in one log's window; ``done`` collects what the window showed
    (handed to the next log when the window goes on there)."""

    def __init__(self, ctx: Context, o: Outcome, w: Window) -> None:
        self.ctx, self.o, self.w = ctx, o, w
        self.done: set[tuple[str, str]] = set(o.done)
        self.deferred: set[int] = set()   # ids of the findings ``missing`` made for a window the log's end cut

    def finding(self, severity: Severity, message: str, pieces: Iterable[str] = (), step: int | None = None,
                units: Iterable[Any] = ()) -> Finding:
        o = self.o
        where = f" (rolled in {o.label} at step {o.step})" if o.carried else ""
        at = step if step is not None else (None if o.carried else o.step)
        if at is None:
            at = self.w.last if self.w.last >= self.w.first else None
        player = o.player if at == o.step and not o.carried else self.ctx.player(at or 0)
        return Finding(CHECK_ID, severity, f"{o.said}{where}: {message}", o.table.cite(), self.ctx.label, at, player,
                       tuple(pieces), tuple(Place(u.map, self.hexname(u)) for u in units if getattr(u, "map", None)))

    def missing(self, message: str, pieces: Iterable[str] = (), units: Iterable[Any] = ()) -> Finding:
        """A consequence not (yet) seen: a warning, or not checked when the log ends first."""
        if self.w.cut:
            told = self.finding(Severity.NOT_CHECKED, f"{message} when the log ends (step {self.w.last}); the next "
                                "log of the chain is checked for it", pieces, units=units)
            self.deferred.add(id(told))
            return told
        return self.finding(Severity.WARNING, message, pieces, units=units)

    # -- the game view around the window

    @property
    def views(self) -> Any:
        return self.ctx.views

    def before(self) -> Any:
        return self.views.at(self.w.first - 1)

    def after(self) -> Any:
        return self.views.at(max(self.w.last, self.w.first - 1))

    def steps_in(self) -> Iterator[int]:
        return (s.index for s in _standing(self.ctx.steps, self.w))

    def scenario_id(self) -> str | None:
        return getattr(self.before().scenario, "scenario_id", None) if self.views is not None else None

    def select(self, text: str) -> Selected:
        return self.o.select(text, self.ctx.game, self.scenario_id())

    def no_view(self, what: str) -> Iterator[Finding]:
        yield self.finding(Severity.NOT_CHECKED, f"{what} not checked without the game view (--game with a "
                           "module or units.csv)")

    def moves(self, units: frozenset[str]) -> list[tuple[int, Any, Any]]:
        """(step, unit before, unit after) for each time one of ``units`` changes hex or comes
        onto a hex in the window."""
        found = []
        previous = self.before()
        for s in self.steps_in():
            view = self.views.at(s)
            for uid in units:
                now, was = view.unit(uid), previous.unit(uid)
                if now is None or now is was or now.hex is None:
                    continue
                if was is None or was.hex != now.hex:
                    found.append((s, was, now))
            previous = view
        return found

    def hexname(self, unit: Any) -> str:
        return HexIds(self.ctx.game.maps).format(unit.hex) if unit.hex is not None else unit.location


# ---------------------------------------------------------------- markers and removals


def check_markers(j: Judge) -> Iterator[Finding]:
    """``place=`` and ``remove=NAME`` effects against what the window shows."""
    o, table = j.o, j.o.table
    for key, finder in (("place", placed), ("remove", removed)):
        for name in sorted(table_values(table, key)):
            if key == "remove" and (name == "leader" or ":" in name):
                continue  # units, not a piece name: check_removed_units
            done = finder(j.ctx.steps, j.w, name)
            verb = "placed" if key == "place" else "removed"
            if o.has(key, name):
                if done or (verb, name) in j.done:
                    j.done.add((verb, name))
                else:
                    yield j.missing(f"{name} must be {verb}, but it is not in {j.w}", (name,))
            elif done:
                first = done[0] if isinstance(done[0], int) else done[0][0]
                steps = ", ".join(str(d if isinstance(d, int) else d[0]) for d in done)
                pieces = [d[1] for d in done if not isinstance(d, int)] or [name]
                yield j.finding(Severity.ERROR, f"{name} {verb} at step {steps} against the roll (only "
                                f"{rows_doing(table, key, name)} {key} it)", pieces, step=first)


def check_removed_units(j: Judge) -> Iterator[Finding]:
    """``remove=leader`` (a leader leaves the map exactly when the result kills one) and
    ``remove=SELECTOR`` (every such unit on the map when the result comes leaves it)."""
    o, table = j.o, j.o.table
    for value in sorted(v for v in table_values(table, "remove") if v == "leader" or ":" in v):
        wanted = o.has("remove", value)
        if j.views is None:
            if wanted or value == "leader":
                yield from j.no_view(f"whether {'a leader' if value == 'leader' else value} left the map is")
            continue
        selected = j.select("type:Ldr" if value == "leader" else value)
        if selected.units is None:
            yield j.finding(Severity.NOT_CHECKED, f"remove={value} not checked: {selected.why}")
            continue
        before, after = j.before(), j.after()
        there = sorted((u for uid, u in before.units.items() if uid in selected.units and u.hex is not None),
                       key=lambda u: u.name)
        gone = [u for u in there if after.unit(u.unit_id) is None or after.unit(u.unit_id).hex is None]
        stayed = [u for u in there if u not in gone]
        if value == "leader":
            if wanted and not gone:
                yield j.missing(f"no leader left the map in {j.w}")
            elif not wanted and gone:
                yield j.finding(Severity.ERROR, f"{', '.join(u.name for u in gone)} left the map in {j.w} against "
                                "the roll", (u.name for u in gone), units=gone)
        elif wanted and stayed:
            yield j.missing(f"{', '.join(u.name for u in stayed)} must be removed from the map, still there in "
                            f"{j.w}", (u.name for u in stayed), units=stayed)


# ---------------------------------------------------------------- ammunition


def _ammo_level(unit: Any) -> int | None:
    """0 full, 1 Low Ammo, 2 No (or Out of) Ammo; None when the counter cannot show it."""
    out = next((c for c in OUT_OF_AMMO if c in unit.status), None)
    values = [unit.status.get("low-ammo"), unit.status.get(out) if out else None]
    if any(v not in ("yes", "no") for v in values):
        return None
    return 2 if values[1] == "yes" else 1 if values[0] == "yes" else 0


def check_ammo(j: Judge) -> Iterator[Finding]:
    """``ammo=-1`` (CWB 28.1, Atlanta 3.5: Low Ammo on a Fire Table roll of 11 or 12): every
    firing unit — the units marked attacking when the roll is made — one ammunition level down in
    the window; a firing unit losing a level after a result that does not call for it is against
    the roll."""
    o = j.o
    if not table_values(o.table, "ammo"):
        return
    only = j.select(o.effect("units") or "").units if o.effect("units") else None   # the firing units it is for
    wants = o.effect("ammo") == "-1"
    if j.views is None:
        if wants:
            yield from j.no_view("the firing units' ammunition is")
        return
    before, after = j.before(), j.after()
    firing = [u for u in before.units.values() if u.hex is not None and u.status.get("attacking") == "yes"]
    if not firing:
        if wants:
            yield j.finding(Severity.NOT_CHECKED, "which units fired is not known (mark them attacking before the "
                            "roll): their ammunition is not checked")
        return
    short, against = [], []
    for u in firing:
        now = after.unit(u.unit_id)
        was, level = _ammo_level(u), _ammo_level(now) if now is not None else None
        if was is None or level is None:
            continue
        down = wants and (only is None or u.unit_id in only)
        if down and level < min(was + 1, 2):
            short.append(u)
        elif not down and level > was:
            against.append(now)
    if short:
        yield j.missing(f"{', '.join(u.name for u in short)} fired and must go one ammunition level down, not done "
                        f"in {j.w}", [u.name for u in short], units=short)
    if against:
        yield j.finding(Severity.ERROR, f"{', '.join(u.name for u in against)} marked down an ammunition level in "
                        f"{j.w} against the roll", [u.name for u in against], units=against)


# ---------------------------------------------------------------- effects the log cannot show


def unchecked(j: Judge) -> Iterator[Finding]:
    """Effect keys that are not compared here, said once per roll with why and what would make
    them visible (`effects.EFFECTS`); keys another check compares are left to it."""
    row = j.o.row
    if row is None or j.o.carried:       # said in the roll's own log
        return
    rest = [(k, v) for k, v in row.effect.items if kind(k).how is How.NOT_CHECKED]
    for key, value in rest:
        yield j.finding(Severity.NOT_CHECKED, f"{key}={value} not checked: {kind(key).why}")


# ---------------------------------------------------------------- what is handed to the next log


@dataclass(frozen=True)
class Past:
    """One standing table reading of the chain, for `History`: its result (None: not determined)
    and the row's effect items, in the turn and on the day it was rolled."""

    table_id: str
    result: str | None
    effect: tuple[tuple[str, str], ...]
    turn: int | None
    day: str | None


@dataclass(frozen=True)
class OpenRoll:
    """A roll whose window the log's end cut (design.md "What the tables check carries")."""

    label: str
    step: int
    player: str | None
    table_id: str
    said: str
    row: int | None                 # the row's index in the table (its effect and result)
    cases: tuple[tuple[str, str], ...]
    turn: int | None
    units: tuple[str, ...]
    until: str
    done: tuple[tuple[str, str], ...] = ()

    def outcome(self, tables: Mapping[str, RollTable]) -> Outcome | None:
        table = tables.get(self.table_id)
        if table is None:
            return None
        row = table.rows[self.row] if self.row is not None and self.row < len(table.rows) else None
        return Outcome(table, row, self.said, self.label, self.step, self.player, self.units, self.cases, self.turn,
                       True, frozenset(self.done))


@dataclass(frozen=True)
class TablesCarried:
    """What the tables check hands to itself on the next log of the chain."""

    history: tuple[Past, ...] = ()
    open: tuple[OpenRoll, ...] = ()
    withheld: tuple[tuple[str, int | None], ...] = ()


def open_roll(o: Outcome, until: str, done: Iterable[tuple[str, str]]) -> OpenRoll:
    index = next((i for i, r in enumerate(o.table.rows) if r is o.row), None)
    return OpenRoll(o.label, o.step, o.player, o.table.table_id, o.said, index, o.cases, o.turn, o.subject, until,
                    tuple(sorted(done)))

