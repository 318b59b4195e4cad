"""Into the Woods: statuses a unit's counter must or must not show, whatever roll led there.

* 10.92 (L400): "Mounted cavalry does not ammo deplete"; 14.2 (L478): "There are no dismounted
  cavalry in this game"; 14.75 (L544): "Gunboats do not suffer from Ammo Depletion". A Low or No
  Ammo marker put on a unit of those types (rules.xlsx ``ammo.never-deplete``) is an error at its
  step.
* 17.0 (L564): "Unassigned/unbrigaded units track Fatigue individually. If assigned to a brigade
  with a different Fatigue level, the highest Fatigue level (unit or brigade) is used for all."
  When a unit joins a brigade, by the end of that phase the unit and every unit of the brigade
  show at least the highest level any of them showed before (``fatigue.merge-level``).
* S7 Specific Rules (L2316): "Confederate non-artillery units with 25% or less of their original
  strength are Collapsed" (``collapse.*.<scenario>``): the original strength is the counter's
  printed SP (oob.xlsx Units strength, the player's data); without it the check says which cells
  would let it run.

* 14.41 (L484): "Detachments may not stack with any other unit, including another Detachment. They
  may freely move or retreat through friendly units" (``stack.alone-types``; leaders are no units
  for stacking): a detachment sharing a hex with another unit at the end of a phase is an error.
* 14.47 (L506): "Peabody's Detachments must be re-absorbed by the end of the 8 AM
  Replacement/Recovery Phase" (``detachments.gone-after``: absorbed or lost, off the map): one still
  on the map in a later turn is an error.
* 14.76 (L546-548): gunboats are "only affected by a D Disorder result" and "may not Rally"; 14.43
  (L498) "Detachments do not rout" (``never-rout.types``, ``never-rally.types``): a Routed marker on
  such a unit, or a gunboat's Disordered marker taken off while it stays on the map, is an error
  at its step.

* 10.91 (L374): "A player may, at their option, fire infantry without a –2 DRM when at Low Ammo. When
  using this option, the unit automatically Ammo Depletes afterwards. A unit splitting fire completes
  both fires before depleting." The choice is not on the board: a player who makes it writes the words
  of ``ammo.full-fire-declared`` ("full fire") with the unit's name in the chat; a unit so named while
  at Low Ammo (of ``ammo.full-fire-types``: infantry) must show the next level (No Ammo) at the end of
  that phase, or it is an error at the chat line. A log with infantry at Low Ammo and no such line
  says once that the option was not checked.

* 14.52 (L512): the 1st and 2nd Battalions of 5 OH and of 11 IL Cavalry "start in violation of
  stacking limits in their Camp Hex. These four units must unstack on their first Activation"
  (``unstack.first-activation``: the pairs). A pair that starts the log in one hex must be in two
  at the end of its division's first Activation in the log: the first stretch of moves of that
  division's units, ended by another division's move, an ``am.declared`` chat line, the phase's or
  the turn's end, or the log's (as the 5.26 check reads Activations: the AM chits are not pieces).

Each rule is judged at the end of the phase (the last step before the phase or the turn changes,
or the log's end): markers are set one at a time, so a step in between proves nothing.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from gamedata.cellref import unit_cell
from gamedata.model import Game
from gamedata.ruledata import parameter, parameter_cite, parameter_list

from ..findings import Finding, Severity
from ..view import UNKNOWN, YES, GameView, UnitView
from .board import moved, named, unit_place
from .unit_results import _levels, level_index

CHECK_ID = "units"


def _phases(views: Iterable[GameView]) -> Iterator[list[GameView]]:
    """The views cut where the phase or the turn changes (the first view, the start, apart)."""
    it = iter(views)
    first = next(it, None)
    if first is None:
        return
    yield [first]
    run: list[GameView] = []
    for v in it:
        if run and (v.phase, getattr(v.turn, "id", None)) != (run[-1].phase, getattr(run[-1].turn, "id", None)):
            yield run
            run = []
        run.append(v)
    if run:
        yield run


def check_unit_states(game: Game, views: Iterable[GameView], label: str, players: dict[int, str | None],
                      texts: Mapping[int, tuple[str, ...]] = {}) -> Iterator[Finding]:
    phases = list(_phases(views))
    if len(phases) < 2:
        return
    yield from _never_deplete(game, phases, label, players)
    yield from _fatigue_merge(game, phases, label, players)
    yield from _collapse(game, phases, label, players)
    yield from _alone(game, phases, label, players)
    yield from _gone_after(game, phases, label, players)
    yield from _never_routed_or_rallied(game, phases, label, players)
    yield from _unstacked(game, phases, label, players, texts)
    yield from _full_fire(game, phases, label, players, texts)


def _full_fire(game: Game, phases: Sequence[list[GameView]], label: str, players: dict[int, str | None],
               texts: Mapping[int, tuple[str, ...]]) -> Iterator[Finding]:
    said = str(parameter(game, "ammo.full-fire-declared") or "")
    levels = _levels(game, "ammo")
    if not said or len(levels) < 2:
        return
    words = re.compile(rf"(?<!\w){re.escape(said)}(?!\w)", re.IGNORECASE)
    rule = parameter_cite(game, "ammo.full-fire-declared", "10.91")
    low, depleted = levels[0], levels[1]
    types = parameter_list(game, "ammo.full-fire-types")
    declared = low_seen = False
    for run in phases[1:]:
        due: dict[str, tuple[UnitView, int]] = {}
        for view in run:
            for text in texts.get(view.step, ()):
                if words.search(text):
                    declared = True
                    on_map = [u for _, u in sorted(view.units.items()) if u.hex is not None]
                    for u in named(text, on_map):
                        if u.status.get("ammo") == low and u.unit.type in types:
                            due.setdefault(u.unit_id, (u, view.step))
        end = run[-1]
        low_seen = low_seen or any(u.hex is not None and u.status.get("ammo") == low and u.unit.type in types
                                   for u in end.units.values())
        for uid, (u, step) in due.items():
            now = end.unit(uid)
            if now is None or now.hex is None or now.status.get("ammo") in levels[1:]:
                continue                          # depleted, or gone: nothing left to deplete
            yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} at {u.location} fired at Low Ammo without the -2 "
                          f"('{said}' in the chat) but still shows {now.status.get('ammo')} ammo at the end of the "
                          f"phase (step {end.step}): it must deplete to {depleted}", rule, label, step,
                          players.get(step), (u.name,), unit_place(u))
    if low_seen and not declared:
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, "a Low Ammo unit firing without the -2 was not checked: no chat "
                      f"line says '{said}' naming the unit (the choice is not on the board; the unit must then "
                      "deplete)", rule, label)


def _never_deplete(game: Game, phases: Sequence[list[GameView]], label: str, players: dict[int, str | None]) \
        -> Iterator[Finding]:
    types = parameter_list(game, "ammo.never-deplete")
    levels = _levels(game, "ammo")       # the depleted levels (full is the marker off)
    if not types or not levels:
        return
    rule = parameter_cite(game, "ammo.never-deplete", "10.92, 14.75")
    before = phases[0][-1]
    for view in (v for run in phases[1:] for v in run):
        for uid, u in view.units.items():
            level = u.status.get("ammo")
            if u.unit.type not in types or u.hex is None or level not in levels:
                continue
            was = before.unit(uid)
            if was is not None and was.hex is not None and was.status.get("ammo") == level:
                continue
            yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} ({u.unit.type}) marked {level} ammo at {u.location}: "
                          f"{' and '.join(types)} units never deplete ammunition", rule, label, view.step,
                          players.get(view.step), (u.name,), unit_place(u))
        before = view


@dataclass(frozen=True)
class _Joined:
    unit: str
    brigade: str
    step: int
    level: int          # the highest level of the unit and the brigade before it joined
    shown: str


def _members(view: GameView, brigade: str) -> list[UnitView]:
    return [u for _, u in sorted(view.units.items()) if u.formation == brigade and u.hex is not None
            and u.unit.type != "Ldr"]


def _fatigue_merge(game: Game, phases: Sequence[list[GameView]], label: str, players: dict[int, str | None]) \
        -> Iterator[Finding]:
    level_of = str(parameter(game, "fatigue.merge-level") or "")
    if not level_of:
        return
    rule = parameter_cite(game, "fatigue.merge-level", "17.0")
    before = phases[0][-1]
    for run in phases[1:]:
        joined: list[_Joined] = []
        for view in run:
            for uid, u in view.units.items():
                was = before.unit(uid)
                f = game.formation(u.formation)
                if (was is None or was.formation == u.formation or u.hex is None or f is None
                        or f.level != level_of or u.unit.type == "Ldr"):
                    continue
                shown = [(level_index(game, "fatigue", m.status.get("fatigue")), m)
                         for m in [was, *_members(before, u.formation)]]
                if any(i is None for i, _ in shown):
                    blind = next(m for i, m in shown if i is None)
                    yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{u.name} joined {u.formation}: {blind.name}'s "
                                  "counter cannot show its Fatigue Level, so the merged level is not known", rule,
                                  label, view.step, players.get(view.step), (u.name,), unit_place(u))
                    continue
                top, m = max(((i, m) for i, m in shown), key=lambda p: p[0])  # type: ignore[arg-type,return-value]
                joined.append(_Joined(uid, u.formation, view.step, top, str(m.status.get("fatigue"))))
            before = view
        end = run[-1]
        for j in joined:
            for m in _members(end, j.brigade):
                has = level_index(game, "fatigue", m.status.get("fatigue"))
                if has is not None and has < j.level:
                    name = game.unit(j.unit).name if game.unit(j.unit) else j.unit
                    yield Finding(CHECK_ID, Severity.ERROR, f"{name} joined {j.brigade} at step {j.step}: "
                                  f"{m.name} shows Fatigue {m.status.get('fatigue')} at the end of the phase, not the "
                                  f"highest level of the unit and the brigade ({j.shown})", rule, label, end.step,
                                  players.get(end.step), (m.name, name), unit_place(m))


def _collapse(game: Game, phases: Sequence[list[GameView]], label: str, players: dict[int, str | None]) \
        -> Iterator[Finding]:
    scenario = getattr(getattr(phases[0][-1], "scenario", None), "scenario_id", None)
    fraction = parameter(game, f"collapse.fraction.{scenario}")
    if not isinstance(fraction, (int, float)):
        return
    side = str(parameter(game, f"collapse.side.{scenario}") or "")
    exempt = parameter_list(game, f"collapse.exempt-types.{scenario}")
    rule = parameter_cite(game, f"collapse.fraction.{scenario}", f"{scenario} Specific Rules")
    bound = [u for u in game.units if u.side == side and u.type not in exempt and u.type != "Ldr"]
    unprinted = [u for u in bound if not _number(u.strength)]
    if unprinted:
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{side} units' collapse at {fraction:.0%} of their original "
                      f"strength not checked: {len(unprinted)} have no printed strength (oob.xlsx Units strength), "
                      f"e.g. {', '.join(u.name for u in unprinted[:3])}", rule, label,
                      cells=tuple(unit_cell(u.unit_id, "strength", u.name, f"oob.xlsx:Units: strength of {u.name}")
                                  for u in unprinted))
    told: set[str] = set()
    for run in phases[1:]:
        end = run[-1]
        for uid, u in end.units.items():
            original, now = _number(u.unit.strength), _number(u.strength)
            if (uid in told or u.hex is None or u.side != side or u.unit.type in exempt or not original
                    or now is None or now > fraction * original or u.status.get("collapsed") in (YES, UNKNOWN)):
                continue
            told.add(uid)
            yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} at {u.location} has {now:g} SP of its original "
                          f"{original:g} ({fraction:.0%} or less) but is not marked Collapsed", rule, label, end.step,
                          players.get(end.step), (u.name,), unit_place(u))


def _alone(game: Game, phases: Sequence[list[GameView]], label: str, players: dict[int, str | None]) \
        -> Iterator[Finding]:
    types = parameter_list(game, "stack.alone-types")
    if not types:
        return
    rule = parameter_cite(game, "stack.alone-types", "14.41")
    for run in phases[1:]:
        end = run[-1]
        hexes = dict.fromkeys(u.hex for _, u in sorted(end.units.items()) if u.unit.type in types and u.hex is not None)
        for h in hexes:
            stack = [u for u in end.at(h) if u.unit.type != "Ldr"]
            if len(stack) > 1:
                stack.sort(key=lambda u: u.unit.type not in types)      # the detachments first
                yield Finding(CHECK_ID, Severity.ERROR, f"{', '.join(u.name for u in stack)} stacked at "
                              f"{stack[0].location} at the end of the phase: {' and '.join(types)} units may not "
                              "stack with any other unit", rule, label, end.step, players.get(end.step),
                              tuple(u.name for u in stack), unit_place(stack[0]))


def _when(view: GameView) -> str:
    return f"{getattr(view.turn, 'date', '') or ''} {getattr(view.turn, 'hour', '') or ''}".strip()


def _gone_after(game: Game, phases: Sequence[list[GameView]], label: str, players: dict[int, str | None]) \
        -> Iterator[Finding]:
    """``detachments.gone-after``: ``FORMATION@DATE HOUR``; its units of the ``stack.alone-types``
    off the map in every turn after that one."""
    rule = parameter_cite(game, "detachments.gone-after", "14.47")
    types = parameter_list(game, "stack.alone-types")
    for entry in parameter_list(game, "detachments.gone-after"):
        formation, _, deadline = entry.partition("@")
        told: set[str] = set()
        for view in (v for run in phases[1:] for v in run):
            if not _when(view) or _when(view) <= deadline:
                continue
            for uid, u in sorted(view.units.items()):
                if uid in told or u.hex is None or u.unit.type not in types or u.unit.formation != formation:
                    continue
                told.add(uid)
                yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} ({formation}) still on the map at {u.location} on "
                              f"{_when(view)}: it must be absorbed (or lost) by the end of the {deadline} turn's "
                              "Replacement/Recovery Phase", rule, label, view.step, players.get(view.step), (u.name,),
                              unit_place(u))


def _never_routed_or_rallied(game: Game, phases: Sequence[list[GameView]], label: str,
                             players: dict[int, str | None]) -> Iterator[Finding]:
    checks = (("never-rout.types", "routed", "Routed", "14.43, 14.76", "never rout"),
              ("never-rally.types", "disordered", "no longer Disordered", "14.76", "may not Rally"))
    for key, code, shown, fallback, says in checks:
        types = parameter_list(game, key)
        rule = parameter_cite(game, key, fallback)
        before = phases[0][-1]
        for view in (v for run in phases[1:] for v in run):
            for uid, u in sorted(view.units.items()):
                was = before.unit(uid)
                if u.unit.type not in types or u.hex is None or was is None or was.hex is None:
                    continue
                now, then = u.status.get(code), was.status.get(code)
                broke = (now == YES and then != YES) if code == "routed" else \
                    (then == YES and now not in (YES, UNKNOWN))
                if broke:
                    yield Finding(CHECK_ID, Severity.ERROR, f"{u.name} ({u.unit.type}) {shown} at {u.location}: "
                                  f"{' and '.join(types)} units {says}", rule, label, view.step,
                                  players.get(view.step), (u.name,), unit_place(u))
            before = view


def _division(game: Game, u: UnitView) -> str | None:
    return next((f.formation_id for f in game.command_chain(u.unit_id, u.formation) if f.level == "division"), None)


def _unstacked(game: Game, phases: Sequence[list[GameView]], label: str, players: dict[int, str | None],
               texts: Mapping[int, tuple[str, ...]]) -> Iterator[Finding]:
    rule = parameter_cite(game, "unstack.first-activation", "14.52")
    am = str(parameter(game, "am.declared") or "")
    declared = re.compile(rf"(?<!\w){re.escape(am)}(?!\w)", re.IGNORECASE) if am else None
    start = phases[0][-1]
    views = [v for run in phases for v in run]
    for pair in parameter_list(game, "unstack.first-activation"):
        ids = pair.split("+")
        units = [start.unit(uid) for uid in ids]
        if len(units) < 2 or any(u is None or u.hex is None for u in units) or len({u.hex for u in units}) > 1:
            continue                                  # not (or no longer) stacked at the log's start
        division = _division(game, units[0])
        began: int | None = None
        end = views[-1]
        for before, view in zip(views, views[1:]):
            movers = {_division(game, now) for _, now in moved(before, view)}
            cut = (view.phase, getattr(view.turn, "id", None)) != (before.phase, getattr(before.turn, "id", None)) \
                or bool(declared and any(declared.search(t) for t in texts.get(view.step, ())))
            if began is not None and (cut or movers - {division}):
                end = before
                break
            if division in movers:
                began = view.step
        if began is None:
            continue                                  # the division did not move in this log
        now = [end.unit(uid) for uid in ids]
        if all(u is not None and u.hex is not None for u in now) and len({u.hex for u in now}) == 1:
            names = tuple(u.name for u in now)
            yield Finding(CHECK_ID, Severity.ERROR, f"{' and '.join(names)} still stacked at {now[0].location} at the "
                          f"end of {division}'s first Activation (its units' moves from step {began}): they must "
                          "unstack on their first Activation", rule, label, end.step, players.get(end.step), names,
                          unit_place(now[0]))


def _number(text: object) -> float | None:
    try:
        return float(str(text))
    except ValueError:
        return None
