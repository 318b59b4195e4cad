"""Recovered stragglers in the CWB Regimental Sub-Series (21.2, rulebook 002 L193).

"Recovered stragglers must be assigned, one per regiment, starting with the regiment in the
brigade which has had the greatest losses, and then the next greatest loss, and so on. No regiment
in a given brigade can be assigned a second recovered straggler strength point until all eligible
regiments in that brigade have received at least one. If the unit with the greatest losses in the
brigade is not currently eligible to recover stragglers, then no other unit in the brigade may
recover stragglers. When a unit recovers a straggler, ... add one strength point to the recovering
unit's strength marker." "Only units with less than full strength are eligible. Other conditions
are listed in CWB 21.2" (L189), a series rule not in the rulebook set: the statuses that make a
unit ineligible are rules.xlsx Parameters ``stragglers.ineligible-states`` (the player's data;
empty, a regiment below its printed strength is eligible and the greatest-loss clause is not
judged).

A recovery is a regiment's strength going up (its strength marker); a brigade's recoveries in one
turn are one assignment, its regiments' losses (printed strength less the strength) taken just
before the first. The assignment must be a round robin in loss order: every eligible regiment
gets L or L + 1 (never more than it lost), those getting L + 1 having lost at least as much as
those getting L. Judged when the turn changes (at the log's end, a warning: the assignment may go
on in the next log). A regiment without a printed strength leaves its brigade unjudged, naming
its oob.xlsx cell.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from gamedata.cellref import unit_cell
from gamedata.model import Game
from gamedata.ruledata import cite, parameter_list, parameter_row
from gamedata.systems import Symbol

from ..findings import Finding, Severity
from ..view import YES, GameView, UnitView
from .stacking import _kind, strength

CHECK_ID = "wrecked"
REGIMENTS = (Symbol.INFANTRY, Symbol.CAVALRY)


@dataclass
class _Assignment:
    """One brigade's recoveries in one turn."""

    before: dict[str, UnitView]                     # its regiments just before the first recovery
    gains: dict[str, int] = field(default_factory=dict)
    step: int = 0
    player: str | None = None


def _printed(u: UnitView) -> int | None:
    return int(u.unit.strength) if str(u.unit.strength).isdigit() else None


def check_recovery(game: Game, views: Iterable[GameView], label: str, players: Mapping[int, str | None]
                   ) -> Iterator[Finding]:
    row = parameter_row(game, "stragglers.ineligible-states")
    if row is None:
        return
    rule = cite("21.2 Straggler Recovery", row.rulebook_line)
    barred = set(parameter_list(game, "stragglers.ineligible-states"))
    open_: dict[str, _Assignment] = {}
    before: GameView | None = None
    for view in views:
        if before is not None:
            if getattr(before.turn, "id", None) != getattr(view.turn, "id", None):
                for brigade, a in open_.items():
                    yield from _judge(brigade, a, barred, rule, label, Severity.ERROR)
                open_ = {}
            for uid, now in sorted(view.units.items()):
                was = before.unit(uid)
                if was is None or was is now or now.hex is None or _kind(now) not in REGIMENTS:
                    continue
                a, b = strength(was), strength(now)
                if a is None or b is None or b <= a:
                    continue
                brigade = now.formation
                found = open_.setdefault(brigade, _Assignment({u.unit_id: u for u in before.units.values()
                                                               if u.formation == brigade and u.hex is not None
                                                               and _kind(u) in REGIMENTS}))
                found.gains[uid] = found.gains.get(uid, 0) + b - a
                found.step, found.player = view.step, players.get(view.step)
        before = view
    for brigade, a in open_.items():
        yield from _judge(brigade, a, barred, rule, label, Severity.WARNING)


def _judge(brigade: str, a: _Assignment, barred: set[str], rule: str, label: str, severity: Severity
           ) -> Iterator[Finding]:
    units = sorted(a.before.values(), key=lambda u: u.unit_id)
    blind = [u for u in units if _printed(u) is None or strength(u) is None]
    if blind:
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"stragglers recovered in {brigade} (the last at step "
                      f"{a.step}): the order was not checked, the printed strength of "
                      f"{', '.join(u.name for u in blind)} is not known", rule, label, a.step, a.player,
                      tuple(u.name for u in blind),
                      cells=tuple(unit_cell(u.unit_id, "strength", u.name, "its printed strength") for u in blind))
        return
    loss = {u.unit_id: _printed(u) - strength(u) for u in units}  # type: ignore[operator]
    gain = {u.unit_id: a.gains.get(u.unit_id, 0) for u in units}
    name = {u.unit_id: u.name for u in units}
    ineligible = {u.unit_id for u in units if any(u.status.get(s) == YES for s in barred)}
    said = f"stragglers recovered in {brigade} (the last at step {a.step})"
    wrong = [(uid, "it was at full strength" if loss[uid] <= 0 else "more than it had lost")
             for uid in gain if gain[uid] > max(loss[uid], 0)]
    wrong += [(uid, "it was not eligible") for uid in gain if gain[uid] and uid in ineligible]
    for uid, why in wrong:
        yield _finding(f"{said}: {name[uid]} recovered {gain[uid]} SP but {why}", (name[uid],), a, rule, label,
                       severity)
    if wrong:
        return
    worst = max((loss[u] for u in loss if loss[u] > 0), default=0)
    if barred and any(loss[u] == worst and u in ineligible for u in loss) and any(gain.values()):
        first = next(u for u in sorted(loss) if loss[u] == worst and u in ineligible)
        yield _finding(f"{said}: {name[first]}, with the greatest losses ({worst} SP), is not eligible, so no other "
                       "unit of the brigade may recover stragglers", (name[first],), a, rule, label, severity)
        return
    eligible = [u for u in sorted(loss) if loss[u] > 0 and u not in ineligible]
    room = [u for u in eligible if gain[u] < loss[u]]       # could have taken another
    if not room:
        return
    low = min(gain[u] for u in room)
    over = [u for u in eligible if gain[u] > low + 1]
    if over:
        u = over[0]
        v = min(room, key=lambda x: (gain[x], -loss[x], x))
        yield _finding(f"{said}: {name[u]} recovered {gain[u]} SP while {name[v]} recovered {gain[v]}: no regiment "
                       "a second straggler before every eligible regiment has one", (name[u], name[v]), a, rule,
                       label, severity)
        return
    ahead = [u for u in eligible if gain[u] == low + 1]
    behind = [u for u in room if gain[u] == low]
    late = [(u, v) for u in ahead for v in behind if loss[u] < loss[v]]
    if late:
        u, v = late[0]
        yield _finding(f"{said}: {name[u]} (lost {loss[u]}) recovered {gain[u]} SP before {name[v]} (lost {loss[v]}) "
                       f"recovered {gain[v] + 1}: stragglers go to the greatest loss first", (name[u], name[v]), a,
                       rule, label, severity)


def _finding(message: str, pieces: tuple[str, ...], a: _Assignment, rule: str, label: str, severity: Severity
             ) -> Finding:
    return Finding(CHECK_ID, severity, message, rule, label, a.step, a.player, pieces)
