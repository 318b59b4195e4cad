"""Command through a log: when the rules assess it, and what a move out of command is.

Two ways a rulebook times command, both read from the Ranges rows' ``phase``:

* at a phase (GBACW: the Division Orders Phase): the traces made on entering that phase
  hold for the rest of the turn; a unit out of command then (or whose leader was) that
  moves later is "moved while Out of Command". Its counter decides the severity: marked
  Out of Command, nothing; marked in command, an error; unable to show it, a warning.
  Leaders' own moves are not judged (they move in the Commander Movement Phase whatever
  their command). When the log never shows that phase, each move is assessed on the board
  just before it;
* always (CWB 10.5a "must always be at or within"): after every step, the units that moved
  and the subordinates of leaders that moved are traced (with the rest of their formations,
  for the adjacent-unit rule); one out of range is an error at that step (said once until it
  is back in range).

Whatever could not be traced is one not-checked finding per log with the cells to fill.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from gamedata.cellref import CellRef, range_cell
from gamedata.hexids import Hex
from gamedata.model import CommandRange, Game
from gamedata.ruledata import cite

from ..findings import Finding, Measure, Severity
from ..view import GameView, UnitView
from .board import Unchecked, moved
from .command import Assessment, Trace, Tracer, adjacent_rescue, assess, own_formation

CHECK_ID = "command"
KNOWN = "every cost on the way is known"

Blocked = Callable[[GameView], frozenset[Hex]]
Extra = Callable[[Game, GameView, GameView, str, "str | None", Tracer], Iterator[Finding]]


@dataclass(frozen=True)
class OutOfCommand:
    """A failed trace at an assessment, and the formation it puts out of command."""

    trace: Trace
    step: int
    formation: str     # the traced leader's own formation ("" for a unit traced alone)


def assessed_at(game: Game) -> str:
    """The phase the Ranges rows name ("" = always)."""
    phases = {r.phase for r in game.command_ranges if r.phase}
    return next(iter(phases)) if len(phases) == 1 else ""


def measure(t: Trace, tracer: Tracer) -> Measure:
    """The trace as the report draws it: the unit, the commander it is measured to, how far."""
    unit = "hexes" if t.range.move == "hexes" else "MP"
    length = f"{t.cost:g} {unit}" if t.cost is not None else f"more than {t.range.range:g} {unit}"
    return Measure(tracer.place(t.unit.map, t.unit.hex), tracer.place(t.commander.map, t.commander.hex),
                   t.unit.name, t.commander.name, length)


def describe(t: Trace, tracer: Tracer) -> str:
    u, c, r = t.unit, t.commander, t.range
    unit = "hexes" if r.move == "hexes" else "MP"
    how = f"{t.cost:g} {unit}" if t.cost is not None else t.proof
    return (f"{u.name} at {tracer.hexids.format(u.hex)} was {how} from {c.name} at "
            f"{tracer.hexids.format(c.hex)}, beyond his {r.range:g} {unit} command range")


def check(game: Game, views: Iterable[GameView], label: str, players: dict[int, str | None], rule: str,
          blocked: Blocked = lambda view: frozenset(), extra: Extra | None = None,
          in_command: Callable[[UnitView, object], bool] = lambda unit, turn: False) -> Iterator[Finding]:
    """The command findings of one log (see the module docstring); ``in_command(unit, turn)``
    says a unit the player put In Command whatever its trace (ITW 4.11 Direct Command)."""
    tracer = Tracer(game)
    phase = assessed_at(game)
    unchecked = Unchecked(CHECK_ID, rule, label)
    out: dict[str, OutOfCommand] = {}
    unknown: dict[str, tuple[CellRef, ...]] = {}
    said: set[tuple[str, int]] = set()
    saw_phase = False
    before = None
    for view in views:
        step = view.step
        player = players.get(step)
        if before is None:
            before = view
            continue
        turn = getattr(view.turn, "id", None)
        movers = list(moved(before, view))
        if not phase:
            yield from _always(game, tracer, view, movers, blocked, unchecked, said, label, player)
        else:
            if view.phase == phase and (before.phase != phase or
                                        getattr(before.turn, "id", None) != turn):
                saw_phase = True
                tracer.blocked = blocked(view)
                out, unknown = _failed(game, assess(tracer, view), step, unchecked)
            if movers and not saw_phase:
                tracer.blocked = blocked(before)
                subjects = _subjects(game, before, [u for u, _ in movers])
                out, unknown = _failed(game, assess(tracer, before, subjects), step - 1, unchecked)
            for was, now in movers:
                if now.unit.type == "Ldr":
                    continue    # leaders move in the Commander Movement Phase whatever their command
                unchecked.prefer(c for uid in _traced_for(game, was) for c in unknown.get(uid, ()))
                failed = _why_out(game, was, out)
                if failed is None or in_command(now, turn) or (now.unit_id, turn or 0) in said:
                    continue
                said.add((now.unit_id, turn or 0))
                finding = _moved_out(failed, was, now, step, label, player, tracer,
                                     f"at the {phase} Phase (step {failed.step})" if saw_phase
                                     else f"before the move (the log shows no {phase} Phase)")
                if finding is not None:
                    yield finding
        if extra is not None:
            yield from extra(game, before, view, label, player, tracer)
        before = view
    yield from unchecked.findings()
    caps = [r for r in game.chain_rules if r.rule == "cap"]
    if caps:
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, "not on the board, so not checked: " + "; ".join(
            f"{r.section} {r.subject} ({r.value})" for r in caps), rule, label)


def _subjects(game: Game, view: GameView, units: list[UnitView]) -> list[UnitView]:
    """The units given and the leaders over them (whose traces put them out of command)."""
    ids = {u.unit_id for u in units}
    ids |= {f.leader for u in units for f in game.command_chain(u.unit_id, u.formation) if f.leader}
    return [u for uid, u in view.units.items() if uid in ids]


def _always(game: Game, tracer: Tracer, view: GameView, movers: list[tuple[UnitView, UnitView]], blocked: Blocked,
            unchecked: Unchecked, said: set[tuple[str, int]], label: str, player: str | None) -> Iterator[Finding]:
    if not movers:
        return
    moved_ids = {now.unit_id for _, now in movers}
    led = {f.formation_id for uid in moved_ids for f in game.led_by(uid)}
    subjects = {u.unit_id for u in view.units.values()
                if u.unit_id in moved_ids or any(f.formation_id in led for f in game.command_chain(u.unit_id, u.formation))}
    # their formations' other units are traced too: one in command next to a mover brings it in (10.5a C)
    formations = {view.units[uid].formation for uid in subjects}
    traced = [u for u in view.units.values() if u.unit_id in subjects or u.formation in formations]
    tracer.blocked = blocked(view)
    assessment = assess(tracer, view, traced)
    traces = [t for t in adjacent_rescue(assessment.traces, view, tracer) if t.unit.unit_id in subjects]
    _failed(game, Assessment(tuple(traces), assessment.exempt, assessment.no_range), view.step, unchecked)
    for t in traces:
        key = (t.unit.unit_id, 0)
        if t.within is not False:
            said.discard(key)
            continue
        if key in said:
            continue
        said.add(key)
        t = tracer.drawn(t)
        r = t.range
        yield Finding(CHECK_ID, Severity.ERROR, f"out of command after step {view.step}: {describe(t, tracer)}",
                      cite(f"{r.section} Command Radius", r.rulebook_line), label, view.step, player,
                      (t.unit.name, t.commander.name),
                      tracer.places(t.unit.map, [t.unit.hex, t.commander.hex]), tracer.places(t.unit.map, t.path),
                      measured=(measure(t, tracer),))


def _failed(game: Game, assessment: Assessment, step: int,
            unchecked: Unchecked) -> tuple[dict[str, OutOfCommand], dict[str, tuple[CellRef, ...]]]:
    """The failed traces of an assessment by unit, and the cells each undecided unit's trace lacks."""
    found: dict[str, OutOfCommand] = {}
    unknown: dict[str, tuple[CellRef, ...]] = {}
    for t in assessment.traces:
        if t.within is False:
            uid = t.unit.unit_id
            found[uid] = OutOfCommand(t, step, own_formation(game, uid))
        elif t.within is None:
            unchecked.add("command traces through hexes without terrain", t.cells)
            unknown[t.unit.unit_id] = t.cells
    for u, c, rng in assessment.no_range:
        cell = range_to_fill(c, rng)
        unchecked.add("leaders whose command range is not in rules.xlsx (printed on the counter only)", [cell])
        unknown[u.unit_id] = (*unknown.get(u.unit_id, ()), cell)
    return found, unknown


def _traced_for(game: Game, unit: UnitView) -> list[str]:
    """Whose traces decide a unit's command: its own, then its leaders' up the chain (nearest first)."""
    return [unit.unit_id, *(f.leader for f in game.command_chain(unit.unit_id, unit.formation) if f.leader)]


def range_to_fill(leader: UnitView, rng: CommandRange | None) -> CellRef:
    """The Ranges cell that would give a leader's command range: his row's (or his level's), else a row to add."""
    where = f"{rng.origin.file}:{rng.origin.sheet}:{rng.origin.row}:range ({leader.name})" if rng and rng.origin \
        else f"rules.xlsx:Ranges: a row for {leader.name}"
    if rng is not None:
        return range_cell(rng.leader, rng.side, leader.name, where)
    return range_cell(leader.unit_id, leader.side, leader.name, where)


def _why_out(game: Game, unit: UnitView, out: dict[str, OutOfCommand]) -> OutOfCommand | None:
    """The failed trace that puts ``unit`` out of command: its nearest leader's over it (a
    brigadier out of his division leader's range takes the whole brigade with him), else its own."""
    by_formation = {o.formation: o for o in out.values() if o.formation}
    for f in game.command_chain(unit.unit_id, unit.formation):
        if f.formation_id in by_formation and by_formation[f.formation_id].trace.unit is not unit:
            return by_formation[f.formation_id]
    return out.get(unit.unit_id)


def _moved_out(failed: OutOfCommand, was: UnitView, now: UnitView, step: int, label: str, player: str | None,
               tracer: Tracer, when: str) -> Finding | None:
    status = now.status.get("out-of-command")
    if status == "yes":
        return None
    t = tracer.drawn(failed.trace)
    whose = "" if t.unit.unit_id == now.unit_id else f" ({t.unit.name}'s command)"
    marked = "but its counter is not marked Out of Command" if status == "no" else \
        "and its counter cannot show whether it is marked Out of Command"
    r = t.range
    message = (f"{now.name}{whose} moved from {tracer.hexids.format(was.hex)} to {tracer.hexids.format(now.hex)} "
               f"out of command, {marked}: {when} {describe(t, tracer)}")
    hexes = [now.hex, t.unit.hex, t.commander.hex]
    return Finding(CHECK_ID, Severity.ERROR if status == "no" else Severity.WARNING, message,
                   cite(f"{r.section} Command Range", r.rulebook_line), label, step, player,
                   tuple(dict.fromkeys((now.name, t.unit.name, t.commander.name))),
                   tracer.places(now.map, dict.fromkeys(hexes)), tracer.places(now.map, t.path),
                   measured=(measure(t, tracer),))
