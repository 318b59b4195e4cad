"""Hood Strikes North 4.0 Winter Weather Effects (L1312-1322): what no one may do while winter lasts.

Winter is the weather a Winter Weather Start result sets for seven turns (tables.xlsx ``weather=winter;
lasts=7``); the tables check's history of the chain's readings (`history.History`, carried from the
earlier logs) says, at each step's turn, whether it holds — not known near its end once a Winter
Weather End Change moved the Last Turn of Winter marker, and then nothing is judged. While it holds:

* L1314 "There is no entrenching, either in the Action Phase or Recovery Phase": a unit gaining a
  status of rules.xlsx ``entrench.statuses``.
* L1315 "Units may not perform Burn RR Station actions": a RR Station Damaged or Destroyed marker
  (game markers of the module, ``winter.burn-markers``) put in a hex.
* L1316 "Each turn's Action Cycle ends immediately on the first tied initiative die roll": an
  Initiative die, or a unit moving in the Action Cycle, after the turn's first tied pair (a combat
  die that pair's winner rolls does not come: the cycle is over).
* L1318 "A unit may not be selected to perform a March action ... if that action would increase the
  unit's Fatigue Level to 3 or 4": a unit that moves and shows Fatigue 3 or more after the move,
  having shown less (its march; a combat's fatigue comes with a combat die, not a move).
* L1320 "Assaults are not allowed": a chat line that declares one (``winter.assault``), or a claimed
  assault bonus.

The wagons removed at winter's start are the tables check's (``remove=type:Wag side:Union``).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from gamedata.conditions import UNKNOWN
from gamedata.model import Game
from gamedata.ruledata import parameter, parameter_cite, parameter_list, parameter_text

from ..findings import Finding, Severity
from ..timeline import StepView
from ..view import YES, GameView
from ..view.names import loose
from .board import moved, unit_place
from .markers import Replayed, standing

CHECK_ID = "units"


def winter_at(game: Game, steps: Sequence[StepView], views: Any, carried: Any) -> dict[int, object]:
    """By step, whether winter holds at the step's turn: True, False or None (not known)."""
    from .consequences import TablesCarried
    from .history import History
    from .tables import read_rolls
    history = History(list(carried.history)) if isinstance(carried, TablesCarried) else History()
    reads = read_rolls(steps, game, views, History(list(history.readings)))
    by_step: dict[int, list] = {}
    for r in reads:
        by_step.setdefault(r.roll.step, []).append(r.reading)
    wanted = parameter_text(game, "winter.weather")
    out: dict[int, object] = {}
    for s in steps:
        view = views.at(s.index)
        turn = getattr(view.turn, "id", None)
        for reading in by_step.get(s.index, ()):
            history.add(reading, turn)
        weather = history.weather(turn, None)
        out[s.index] = None if weather is UNKNOWN else weather == wanted
    return out


def check_winter(game: Game, views: Any, steps: Sequence[StepView], label: str, players: Mapping[int, str | None],
                 carried: Any, replay: Replayed) -> Iterator[Finding]:
    if not parameter_text(game, "winter.weather"):
        return
    winter = winter_at(game, steps, views, carried)
    if not any(v is True for v in winter.values()):
        return
    seq = [views.at(s.index) for s in steps]
    first = views.at(0)
    yield from _statuses(game, [first, *seq], winter, label, players)
    yield from _ties(game, [first, *seq], steps, winter, label, players)
    yield from _words(game, steps, winter, label, players)
    yield from _burns(game, replay, winter, label, players)


def _cite(game: Game, key: str) -> str:
    return parameter_cite(game, key, "4.0 Winter Weather Effects")


def _statuses(game: Game, views: Sequence[GameView], winter: Mapping[int, object], label: str,
              players: Mapping[int, str | None]) -> Iterator[Finding]:
    statuses = parameter_list(game, "entrench.statuses")
    tired = parameter(game, "winter.march-fatigue")
    before = views[0]
    for view in views[1:]:
        if winter.get(view.step) is True:
            movers = {now.unit_id for _, now in moved(before, view)}
            for uid, now in view.units.items():
                was = before.unit(uid)
                if was is None or was is now or now.hex is None:
                    continue
                gained = [s for s in statuses if now.status.get(s) == YES and was.status.get(s) != YES]
                if gained:
                    yield Finding(CHECK_ID, Severity.ERROR, f"{now.name} entrenches ({gained[0]}) at step {view.step} "
                                  "in winter weather: there is no entrenching", _cite(game, "winter.weather"), label,
                                  view.step, players.get(view.step), (now.name,), unit_place(now))
                if uid in movers and isinstance(tired, (int, float)) and _level(now) >= tired > _level(was):
                    yield Finding(CHECK_ID, Severity.ERROR, f"{now.name} marches to Fatigue "
                                  f"{now.status.get('fatigue')} at step {view.step} in winter weather: no March action "
                                  "may raise a unit's Fatigue "
                                  f"Level to {int(tired)} or more", _cite(game, "winter.march-fatigue"), label,
                                  view.step, players.get(view.step), (now.name,), unit_place(now))
        before = view


def _level(unit: Any) -> int:
    value = str(unit.status.get("fatigue") or "")
    return int(value) if value.isdigit() else 0


def _ties(game: Game, views: Sequence[GameView], steps: Sequence[StepView], winter: Mapping[int, object],
          label: str, players: Mapping[int, str | None]) -> Iterator[Finding]:
    button, phase = loose(parameter_text(game, "initiative.button")), loose(parameter_text(game, "initiative.phase"))
    dice = {s.index: sum(r.dice) for s in steps if not s.is_undo for r in s.rolls
            if button and loose(r.purpose).startswith(button) and r.dice}
    ended: dict[object, int] = {}          # turn -> the step of the tie that ended its Action Cycle
    pending: tuple[int, int] | None = None
    said: set[object] = set()
    before = views[0]
    for view in views[1:]:
        turn = getattr(view.turn, "id", None)
        in_cycle = not phase or loose(view.phase or "") == phase
        late = turn in ended and in_cycle and turn not in said
        if late and (view.step in dice or any(True for _ in moved(before, view))):
            said.add(turn)
            what = "an Initiative die is rolled" if view.step in dice else \
                ", ".join(f"{n.name} moves" for _, n in moved(before, view))
            yield Finding(CHECK_ID, Severity.ERROR, f"{what} at step {view.step} in winter weather, after the tied "
                          f"initiative dice of step {ended[turn]}: the Action Cycle ends on the turn's first tie",
                          _cite(game, "winter.tie"), label, view.step, players.get(view.step),
                          tuple(n.name for _, n in moved(before, view)))
        if view.step in dice and turn not in ended:
            if pending is not None and pending[0] == turn:
                if dice[view.step] == pending[1] and winter.get(view.step) is True:
                    ended[turn] = view.step
                pending = None
            else:
                pending = (turn, dice[view.step])   # type: ignore[assignment]
        before = view


def _words(game: Game, steps: Sequence[StepView], winter: Mapping[int, object], label: str,
           players: Mapping[int, str | None]) -> Iterator[Finding]:
    words = [loose(w) for w in parameter_list(game, "winter.assault")]
    for s in steps:
        if s.is_undo or winter.get(s.index) is not True:
            continue
        for t in s.texts:
            if any(w and w in loose(t) for w in words):
                yield Finding(CHECK_ID, Severity.ERROR, f"an assault at step {s.index} in winter weather ('{t}'): "
                              "assaults are not allowed", _cite(game, "winter.assault"), label, s.index,
                              s.player or players.get(s.index))
                break


def _burns(game: Game, replay: Replayed, winter: Mapping[int, object], label: str,
           players: Mapping[int, str | None]) -> Iterator[Finding]:
    names = parameter_list(game, "winter.burn-markers")
    if not names:
        return
    wanted = {n.casefold() for n in names}
    before = {p.id for p in replay.initial.pieces.values() if p.map and p.name.casefold() in wanted}
    for step, on in standing(game, replay.initial, replay.steps, names):
        now = set(on)
        if winter.get(step.index) is True:
            for pid in sorted(now - before):
                name, _, where = on[pid]
                yield Finding(CHECK_ID, Severity.ERROR, f"{name} placed in {where} at step {step.index} in winter "
                              "weather: no Burn RR Station action may be performed", _cite(game, "winter.burn-markers"),
                              label, step.index, players.get(step.index), (name,))
        before = now
