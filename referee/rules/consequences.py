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

Piece events come from the replay; units, hexes and turns from the game view (`referee.view`,
design.md "The game view"); without a view the unit checks say they could not run.
"""
from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamedata.conditions import MappingFacts
from gamedata.hexids import HexError, HexIds
from gamedata.model import Game, ReinforcementRow
from gamedata.rolls import Reading, ResultRow, RollTable
from gamedata.systems import NO_LEVEL
from vassal.replay import Added, Moved, Removed, Step, TurnChanged

from ..findings import Finding, Severity
from ..table_rolls import TableRoll
from .effects import How, kind
from .scenario_places import place_of
from .selectors import Selected, reinforcement_rows, select

CHECK_ID = "tables"
#: The ammunition levels a counter shows, from full down (statuses of CWB counters: No Ammo, or
#: Atlanta's Out of Ammo).
AMMO = ("low-ammo", "no-ammo")
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
        return self.steps[step - 1].player if 0 < step <= len(self.steps) else None


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
           turn: int | None = None) -> Outcome:
        cases = tuple((str(f), str(v)) for f, v in reading.branch.assumed)
        return cls(roll.table, reading.branch.row, f"{roll.table.name} {reading.describe()}", label, roll.step,
                   roll.player, tuple(subject), cases, turn)

    def effect(self, key: str) -> str | None:
        return self.row.effect.get(key) if self.row is not None else None

    def has(self, key: str, value: str | None = None) -> bool:
        return self.row is not None and any(k == key and (value is None or v == value)
                                            for k, v in self.row.effect.items)

    def select(self, text: str, game: Game, scenario_id: str | None) -> Selected:
        return select(text, game, dict(self.cases), self.subject, scenario_id)


def _table_values(table: RollTable, key: str) -> set[str]:
    return {v for r in table.rows for k, v in r.effect.items if k == key and v}


def _rows_doing(table: RollTable, key: str, value: str) -> str:
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
                       tuple(pieces), tuple(place_of(u) for u in units if getattr(u, "map", None)))

    def missing(self, message: str, pieces: Iterable[str] = ()) -> Finding:
        """A consequence not (yet) seen: a warning, or not checked when the log ends first."""
        if self.w.cut:
            told = self.finding(Severity.NOT_CHECKED, f"{message} when the log ends (step {self.w.last}); the next "
                                "log of the chain is checked for it", pieces)
            self.deferred.add(id(told))
            return told
        return self.finding(Severity.WARNING, message, pieces)

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
        for name in sorted(_table_values(table, key)):
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
                                f"{_rows_doing(table, key, name)} {key} it)", pieces, step=first)


def check_removed_units(j: Judge) -> Iterator[Finding]:
    """``remove=leader`` (a leader leaves the map exactly when the result kills one) and
    ``remove=SELECTOR`` (every such unit on the map when the result comes leaves it)."""
    o, table = j.o, j.o.table
    for value in sorted(v for v in _table_values(table, "remove") if v == "leader" or ":" in v):
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
        there = [u for uid, u in before.units.items() if uid in selected.units and u.hex is not None]
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
                            f"{j.w}", (u.name for u in stayed))


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
    if not _table_values(o.table, "ammo"):
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
                        f"in {j.w}", [u.name for u in short])
    if against:
        yield j.finding(Severity.ERROR, f"{', '.join(u.name for u in against)} marked down an ammunition level in "
                        f"{j.w} against the roll", [u.name for u in against], units=against)


# ---------------------------------------------------------------- statuses and fatigue


def _levels(game: Game, code: str) -> tuple[str, ...]:
    """The levels a counter shows for a status, lowest first, without the levels that mean "no
    marker" (Fatigue 0, OK: the layer off, `gamedata.systems.NO_LEVEL`)."""
    status = next((s for s in game.statuses if s.code == code), None)
    return tuple(v for v in (status.levels if status else ()) if v.lower() not in NO_LEVEL)


def _off_levels(game: Game, code: str) -> tuple[str, ...]:
    status = next((s for s in game.statuses if s.code == code), None)
    return tuple(v for v in (status.levels if status else ()) if v.lower() in NO_LEVEL)


def level_index(game: Game, code: str, value: str | None) -> int | None:
    """A shown level's rank (-1: no marker), None when the counter cannot show it."""
    if value is None or value == "unknown":
        return None
    if value.lower() in NO_LEVEL or value in ("no", ""):
        return -1
    levels = _levels(game, code)
    return levels.index(value) if value in levels else None


def _subject(j: Judge, key_default: str = "rolled") -> Selected:
    """The units a result's status or fatigue is about: ``units=``, else named at the roll, else
    (for a table of attacks) the units marked attacking at the roll."""
    text = j.o.effect("units") or key_default
    found = j.select(text)
    if found.units is None and text == "rolled" and j.views is not None:
        attacking = frozenset(uid for uid, u in j.before().units.items() if u.status.get("attacking") == "yes")
        if attacking:
            return Selected(attacking, "", "marked attacking")
    return found


def _first_change(j: Judge, uid: str, code: str, test: Callable[[str], bool]) -> tuple[int, Any] | None:
    """The first step of the window after which the unit's status ``code`` passes ``test``."""
    for s in j.steps_in():
        u = j.views.at(s).unit(uid)
        if u is not None and test(u.status.get(code, "")):
            return s, u
    return None


def check_statuses(j: Judge) -> Iterator[Finding]:
    """``status=CODE`` / ``status=-CODE``: the result's units show (no longer show) the status
    after the window; the units of a result that does not call for it must not change it."""
    o, game = j.o, j.ctx.game
    codes = {v.lstrip("-") for v in _table_values(o.table, "status")}
    if not codes:
        return
    if j.views is None:
        if o.effect("status"):
            yield from j.no_view("the status the result sets is")
        return
    wanted = {(o.effect("status") or "").lstrip("-"): not (o.effect("status") or "").startswith("-")} \
        if o.effect("status") else {}
    subject = _subject(j)
    before, after = j.before(), j.after()
    for code in sorted(codes):
        if subject.units is None:
            changed = [(uid, u) for uid, u in after.units.items()
                       if before.unit(uid) is not None and before.unit(uid).status.get(code) != u.status.get(code)]
            if code in wanted and not any((u.status.get(code) == "yes") == wanted[code] for _, u in changed):
                yield j.missing(f"no unit {'shows' if wanted[code] else 'loses'} {code} in {j.w} ({subject.why})")
            elif code not in wanted and changed:
                yield j.finding(Severity.NOT_CHECKED, f"{', '.join(u.name for _, u in changed)} changed {code} in "
                                f"{j.w}, but which unit the roll was for is not known ({subject.why})")
            continue
        units = [before.unit(uid) for uid in sorted(subject.units) if before.unit(uid) is not None]
        for u in units:
            now = after.unit(u.unit_id)
            value = now.status.get(code) if now is not None else None
            if value in (None, "unknown") or u.status.get(code) in (None, "unknown"):
                if code in wanted:
                    yield j.finding(Severity.NOT_CHECKED, f"{u.name}'s counter cannot show {code}", (u.name,))
                continue
            if code in wanted:
                if (value == "yes") != wanted[code] and ("status", f"{u.unit_id}:{code}") not in j.done:
                    verb = "show" if wanted[code] else "lose"
                    yield j.missing(f"{u.name} must {verb} {code}, not done in {j.w}", (u.name,))
                else:
                    j.done.add(("status", f"{u.unit_id}:{code}"))
            elif value != u.status.get(code):
                hit = _first_change(j, u.unit_id, code, lambda v, was=u.status.get(code): v != was)
                step, shown = hit if hit is not None else (None, now)
                yield j.finding(Severity.ERROR, f"{u.name} {'shows' if value == 'yes' else 'loses'} {code} at "
                                f"{j.hexname(shown)} against the roll (only {_rows_doing(o.table, 'status', code) or _rows_doing(o.table, 'status', '-' + code)} "
                                f"change it)", (u.name,), step=step, units=(shown,))


def check_fatigue(j: Judge) -> Iterator[Finding]:
    """``fatigue=+N`` without arrivals: the result's units (named at the roll, or marked
    attacking) gain N Fatigue Levels in the window."""
    o, game = j.o, j.ctx.game
    value = o.effect("fatigue")
    if value is None or not value.startswith("+") or o.has("sets") or o.has("enter"):
        return
    if j.views is None:
        yield from j.no_view("the Fatigue Level the result adds is")
        return
    subject = _subject(j)
    if subject.units is None:
        yield j.finding(Severity.NOT_CHECKED, f"fatigue {value} not checked: {subject.why}")
        return
    for uid in sorted(subject.units):
        was, now = j.before().unit(uid), j.after().unit(uid)
        if was is None or now is None:
            continue
        a, b = level_index(game, "fatigue", was.status.get("fatigue")), level_index(game, "fatigue",
                                                                                  now.status.get("fatigue"))
        if a is None or b is None:
            yield j.finding(Severity.NOT_CHECKED, f"{was.name}'s counter cannot show its Fatigue Level", (was.name,))
        elif b < min(a + int(value), len(_levels(game, "fatigue")) - 1):
            yield j.missing(f"{was.name} must gain {value[1:]} Fatigue Level(s), not done in {j.w}", (was.name,))


# ---------------------------------------------------------------- moving, staying, entering


def check_movement(j: Judge) -> Iterator[Finding]:
    """``stay=SELECTOR``: none of the units moves or enters the map in the window (an error at the
    step, naming the unit and hex); ``move=SELECTOR``: at least one does (a warning if none)."""
    o = j.o
    for key in ("stay", "move"):
        text = o.effect(key)
        if text is None:
            continue
        if j.views is None:
            yield from j.no_view(f"{key}={text}:")
            continue
        selected = j.select(text)
        if selected.units is None:
            yield j.finding(Severity.NOT_CHECKED, f"{key}={text} not checked: {selected.why}")
            continue
        moved = j.moves(selected.units)
        if key == "stay":
            unless = o.effect("unless")
            for step, was, now in moved:
                verb = "enters the map at" if was is None or was.hex is None else "moves to"
                said = f"{now.name} {verb} {j.hexname(now)}, but the result says: {o.row.result if o.row else ''}"
                if unless:
                    yield j.finding(Severity.WARNING, f"{said} (unless {unless}, which the log does not show)",
                                    (now.name,), step=step, units=(now,))
                else:
                    yield j.finding(Severity.ERROR, said, (now.name,), step=step, units=(now,))
        elif moved or ("moved", text) in j.done:
            j.done.add(("moved", text))
        else:
            yield j.missing(f"none of {text} moved in {j.w}")


def _entry_hexes(hexids: HexIds, game: Game, row: ReinforcementRow, alternative: bool | None = None
                 ) -> set[str] | None:
    """The row's entry hexes (``alternative``: only the main (False) or only the alternative (True))."""
    areas = {a.code: a.hexes for a in game.areas}
    found: set[str] = set()
    for text, alt in ((row.entry, False), (row.alt_entry, True)):
        if not text or (alternative is not None and alt != alternative):
            continue
        try:
            found |= set(areas[text]) if text in areas else set(hexids.expand(text))
        except HexError:
            return None  # an entry the data cannot list (noted on import): not checked
    return {hexids.normalize(h) for h in found} or None


def _arrival_fatigue(j: Judge, arrivals: Sequence[tuple[int, Any, ReinforcementRow]]) -> Iterator[Finding]:
    """``fatigue=LEVEL`` with arrivals: each arriving unit shows that Fatigue Level (one more when it
    entered at an alternative entry and the result says ``entry=alt +1``)."""
    o, game = j.o, j.ctx.game
    required = o.effect("fatigue")
    if required is None or required.startswith("+"):
        return
    levels = _levels(game, "fatigue")
    hexids = HexIds(game.maps)
    want_at = -1 if required.lower() in NO_LEVEL else levels.index(required) if required in levels else None
    if want_at is None:
        return
    if want_at < 0 and len(_off_levels(game, "fatigue")) > 1 and arrivals:
        yield j.finding(Severity.NOT_CHECKED, f"Fatigue {required} on arrival: the counters show "
                        f"{' and '.join(_off_levels(game, 'fatigue'))} alike (no marker), so only a Fatigue marker "
                        "on an arriving unit is caught")
    for step, now, row in arrivals:
        if now.unit.type == "Ldr":
            continue
        want = want_at
        alt = _entry_hexes(hexids, game, row, alternative=True)
        if o.effect("entry") == "alt +1" and alt and hexids.format(now.hex) in alt:
            want += 1
        has = level_index(game, "fatigue", now.status.get("fatigue"))
        if has is None:
            yield j.finding(Severity.NOT_CHECKED, f"{now.name}'s counter cannot show its Fatigue Level", (now.name,))
        elif has != want:
            name = required if want < 0 else levels[min(want, len(levels) - 1)]
            shown = now.status.get("fatigue")
            yield j.finding(Severity.ERROR, f"{now.name} arrives at {j.hexname(now)} at Fatigue Level {shown}, the "
                            f"result says {name}", (now.name,), step=step, units=(now,))


def _leaders_on_top(j: Judge, arrivals: Sequence[tuple[int, Any, ReinforcementRow]]) -> Iterator[Finding]:
    """``leaders=on top``: an arriving leader is placed on a hex where a unit of his set arrives."""
    if j.o.effect("leaders") != "on top":
        return
    hexes = {now.hex for _, now, _ in arrivals if now.unit.type != "Ldr"}
    for step, now, _ in arrivals:
        if now.unit.type == "Ldr" and now.hex not in hexes:
            yield j.finding(Severity.ERROR, f"{now.name} arrives at {j.hexname(now)}, not atop a unit arriving with "
                            f"him", (now.name,), step=step, units=(now,))


def check_entered(j: Judge) -> Iterator[Finding]:
    """``enter=KIND[#N]``: the reinforcement rows of die-roll set KIND (of order N only) enter in
    the window at their entry hexes, lower orders first; rows of KIND outside #N stay off."""
    o, game = j.o, j.ctx.game
    text = o.effect("enter")
    if text is None:
        return
    if j.views is None:
        yield from j.no_view("the units the result brings in are")
        return
    kind_, _, order = text.partition("#")
    rows = reinforcement_rows(game, j.scenario_id(), kind_)
    if not rows:
        yield j.finding(Severity.NOT_CHECKED, f"enter={text} not checked: the scenario has no reinforcement rows "
                        f"of die-roll set {kind_}")
        return
    before, after = j.before(), j.after()
    waiting = {r.unit_id: r for r in rows if before.unit(r.unit_id) is None or before.unit(r.unit_id).hex is None}
    hexids = HexIds(game.maps)
    arrivals: list[tuple[int, Any, ReinforcementRow]] = []
    for step, was, now in j.moves(frozenset(waiting)):
        if was is not None and was.hex is not None:
            continue
        row = waiting[now.unit_id]
        arrivals.append((step, now, row))
        if order and row.order != order and now.unit.type != "Ldr":
            yield j.finding(Severity.ERROR, f"{now.name} enters at {j.hexname(now)}, but the result brings in only "
                            f"order {order} of {kind_}", (now.name,), step=step, units=(now,))
            continue
        allowed = _entry_hexes(hexids, game, row)
        if allowed is not None and hexids.format(now.hex) not in allowed:
            yield j.finding(Severity.ERROR, f"{now.name} enters at {j.hexname(now)}, not at its entry {row.entry}"
                            f"{' or ' + row.alt_entry if row.alt_entry else ''}", (now.name,), step=step,
                            units=(now,))
        earlier = sorted({r.order for uid, r in waiting.items() if r.order and row.order and r.order < row.order
                          and (j.views.at(step - 1).unit(uid) is None or j.views.at(step - 1).unit(uid).hex is None)})
        if earlier:
            yield j.finding(Severity.WARNING, f"{now.name} (order {row.order}) enters before order {earlier[0]} of "
                            f"{kind_}", (now.name,), step=step, units=(now,))
    yield from _arrival_fatigue(j, arrivals)
    if arrivals or ("entered", text) in j.done:
        j.done.add(("entered", text))
    else:
        yield j.missing(f"no unit of {text} entered in {j.w}")


# ---------------------------------------------------------------- strength gained


def _strength(unit: Any) -> float | None:
    try:
        return float(str(getattr(unit, "strength", "")).strip())
    except ValueError:
        return None


def check_gains(j: Judge) -> Iterator[Finding]:
    """``gain=TYPE[,TYPE]`` (HSN 11.0): in the window each listed unit type has at most one unit of
    the roller's side gaining exactly one strength step; any other gain is against the roll."""
    o, game = j.o, j.ctx.game
    if not _table_values(o.table, "gain"):
        return
    allowed = [t for t in (o.effect("gain") or "").split(",") if t]
    if j.views is None:
        if allowed:
            yield from j.no_view("the strength the result adds is")
        return
    side = j.select(o.effect("units") or "")
    before = j.before()
    gains: list[tuple[int, Any, float]] = []
    for s in j.steps_in():
        view, previous = j.views.at(s), j.views.at(s - 1)
        for uid, u in view.units.items():
            was = previous.unit(uid)
            if was is None or was is u or (side.units is not None and uid not in side.units):
                continue
            a, b = _strength(was), _strength(u)
            if a is not None and b is not None and b > a:
                gains.append((s, u, b - a))
    caps = _caps(o.effect("cap") or "")
    left = list(allowed)
    for step, u, by in gains:
        cap = caps.get(f"{u.unit.type} {u.unit.size}", caps.get(u.unit.type))
        if u.unit.type in left and by == 1 and (cap is None or (_strength(u) or 0) <= cap):
            left.remove(u.unit.type)
            continue
        if by != 1:
            why = f"by {by:g} steps (one at most)"
        elif u.unit.type in left:
            why = f"to {_strength(u):g}, above the {u.unit.type} {u.unit.size} limit of {cap:g}"
        else:
            why = f"a {u.unit.type} unit, beyond what the result allows ({', '.join(allowed) or 'no unit'})"
        yield j.finding(Severity.ERROR, f"{u.name} gains strength at {j.hexname(u)} {why}", (u.name,), step=step,
                        units=(u,))
    del before


def _caps(text: str) -> dict[str, float]:
    """``Inf Div:11, Cav:3`` -> {"Inf Div": 11, "Cav": 3}."""
    caps = {}
    for part in text.split(","):
        key, _, value = part.partition(":")
        if key.strip() and value.strip():
            caps[key.strip()] = float(value)
    return caps


# ---------------------------------------------------------------- reinforcement sets


def _set_rows(game: Game, scenario_id: str | None, kind_: str) -> dict[int, list[ReinforcementRow]]:
    """Reinforcement rows of the scenario by set number, for sets ``kind N``."""
    sets: dict[int, list[ReinforcementRow]] = {}
    for r in reinforcement_rows(game, scenario_id, kind_):
        head, _, number = r.dr_set.partition(" ")
        if head == kind_ and number.isdigit():
            sets.setdefault(int(number), []).append(r)
    return sets


class SetLedger:
    """Reinforcement sets through a chain of logs: what earlier results allowed and what entered,
    per kind of set, so that sets withheld earlier may enter later (12.0: "he may withhold")."""

    def __init__(self, withheld: Mapping[str, int | None] | None = None) -> None:
        self.withheld: dict[str, int | None] = dict(withheld or {})   # None: not known (rolls before the chain)

    def check(self, j: Judge) -> Generator[Finding, None, None]:
        o = j.o
        if o.effect("sets") is None or not o.effect("set"):
            return
        kind_ = o.effect("set") or ""
        if kind_ not in self.withheld:
            self.withheld[kind_] = 0 if _first_turn(j) else None
        entered = yield from check_sets(j, self.withheld[kind_])
        due = int(o.effect("sets") or 0)
        if self.withheld[kind_] is not None and entered is not None and not j.w.cut:
            self.withheld[kind_] = max(0, self.withheld[kind_] + due - entered)


def _first_turn(j: Judge) -> bool:
    """Whether the roll is in the first turn its table may be rolled (nothing withheld before)."""
    turn = j.o.turn
    if turn is None and j.views is not None and not j.o.carried:
        turn = getattr(j.views.at(j.o.step).turn, "id", None)
    if turn is None:
        return False
    return j.o.table.when.evaluate(MappingFacts({"turn": turn - 1})) is False


def check_sets(j: Judge, withheld: int | None) -> Generator[Finding, None, int | None]:
    """``sets=N; set=KIND[; withhold=yes]``: the sets entering in the window (view), their number,
    order, entry hexes and state on arrival; returns how many sets entered (None when not checked)."""
    o, game = j.o, j.ctx.game
    due, kind_ = int(o.effect("sets") or 0), o.effect("set") or ""
    if j.views is None:
        yield from j.no_view("the reinforcement sets entered are")
        return None
    before, after = j.before(), j.after()
    sets = _set_rows(game, j.scenario_id(), kind_)
    member = {r.unit_id: (n, r) for n, rows in sets.items() for r in rows}
    earlier = {int(v) for k, v in j.done if k == "set entered"}
    entered_before = {n for uid, (n, _) in member.items()
                      if before.unit(uid) is not None and before.unit(uid).hex is not None} - earlier
    entered: dict[int, list[str]] = {}
    arrivals: list[tuple[int, Any, ReinforcementRow]] = []
    extra_at: dict[int, int] = {}
    hexids = HexIds(game.maps)
    where_wrong: list[tuple[int, Any, str]] = []
    for step, was, now in j.moves(frozenset(member)):
        if was is not None and was.hex is not None:
            continue
        number, row_ = member[now.unit_id]
        if number not in entered:
            extra_at[number] = step
        entered.setdefault(number, []).append(now.name)
        arrivals.append((step, now, row_))
        allowed = _entry_hexes(hexids, game, row_)
        if allowed is not None and hexids.format(now.hex) not in allowed:
            where_wrong.append((step, now, f"{now.name} at {hexids.format(now.hex)} (entry {row_.entry}"
                                            f"{' or ' + row_.alt_entry if row_.alt_entry else ''})"))
    for number in entered:
        j.done.add(("set entered", str(number)))
    withhold = (o.effect("withhold") or "").casefold() == "yes"
    count = len(entered) + len(earlier)
    listed = "; ".join(f"{kind_} {n} ({', '.join(names)})" for n, names in sorted(entered.items()))
    pieces = [name for names in entered.values() for name in names]
    over_at = extra_at[sorted(entered)[-1]] if entered else None
    if withhold and withheld is None and count > due:
        yield j.finding(Severity.WARNING, f"{count} set(s) entered in {j.w}: {listed}; the result allows {due}, more "
                        "only if sets were withheld in turns this log does not show", pieces, step=over_at)
    elif count > due + (withheld or 0 if withhold else 0):
        extra = f" and {withheld} withheld before" if withhold and withheld else ""
        yield j.finding(Severity.ERROR, f"{count} set(s) entered in {j.w}: {listed}; the result allows {due}{extra}",
                        pieces, step=over_at)
    elif not withhold and count < min(due, len(set(sets) - entered_before)):
        yield j.missing(f"{due} set(s) must enter this turn, {count} entered in {j.w}" + (f": {listed}" if listed
                                                                                            else ""), pieces)
    waiting = sorted(set(sets) - entered_before - earlier)
    if entered and sorted(entered) != waiting[:len(entered)]:
        first = min(n for n in entered if n not in waiting[:len(entered)])
        yield j.finding(Severity.ERROR, f"sets must enter lowest-numbered first: {listed} entered while {kind_} "
                        f"{waiting[0]} had not", pieces, step=extra_at[first])
    for step, now, text in where_wrong:
        yield j.finding(Severity.ERROR, f"entered outside its entry hexes: {text}", (now.name,), step=step,
                        units=(now,))
    yield from _arrival_fatigue(j, arrivals)
    yield from _leaders_on_top(j, arrivals)
    return len(entered)


# ---------------------------------------------------------------- effects the log cannot show


def unchecked(j: Judge) -> Iterator[Finding]:
    """Effect keys that are not compared here, said once per roll with why and what would make
    them visible (`effects.EFFECTS`); keys another check compares are left to it."""
    row = j.o.row
    if row is None:
        return
    rest = [(k, v) for k, v in row.effect.items if kind(k).how is How.NOT_CHECKED]
    for key, value in rest:
        yield j.finding(Severity.NOT_CHECKED, f"{key}={value} not checked: {kind(key).why}")


CHECKS: tuple[Callable[[Judge], Iterator[Finding]], ...] = (
    check_markers, check_removed_units, check_ammo, check_statuses, check_fatigue, check_movement, check_entered,
    check_gains, unchecked,
)
"""Every consequence check but the sets (which keep a ledger across rolls: `SetLedger`)."""


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

