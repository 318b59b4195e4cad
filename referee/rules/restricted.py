"""Forbidden hexes and exits: the scenario rules that name hexes, rows, columns or distances.

A unit that enters a hex a rule of its scenario forbids to it (its side, types, units or
formations; on the rule's turns) is a finding at that step, with what the rule says
happens (``eliminated``, ``removed-no-vp``; ``removed``: the unit may enter, and is then removed
from the map, Hood Strikes North S9's wagons): when the unit left the map later in the log
the finding is a warning (a forced retreat there ends so), else an error. A rule lifted by
an event the log may not show (``until``) gives warnings that name the event. A rule lifted by a
chat line (``lifted_by`` ``said:WORDING``, Atlanta 5.2a.2's change of Garrard's orders) is handed on,
once lifted, to the next logs of the chain (the check's ``carry``: ``Carried``).

A unit that must end its moves near friendly units (``[[near]]``: Into the Woods 14.55,
cavalry within four hexes of friendly non-cavalry unless under Attack Orders) is judged
where it stands when the phase (or turn) in which it moved ends: a move dragged hex by hex
is judged once, at its end. A warning, since the rule lets a unit that starts far away take
several activations to come back.

A unit that leaves the map (from a hex to a box that is no eliminated box) must do so
from an exit hex its scenario allows to it (scenario-rules.toml ``[[exits]]``); in a
scenario the file settles with no exit for it, any exit is a finding.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from gamedata.model import Game
from gamedata.scenario_rules import NearRule, Restriction

from ..context import CheckContext
from ..findings import Finding, Place, Severity
from ..view import UNKNOWN, GameView, UnitView
from .lifts import Lifts, forbidden, in_turns
from .markers import standing
from .scenario_places import Places, binds, place_of
from .setup import scenario_for

CHECK_ID = "restricted"
EXITS_ID = "exits"
_ELIMINATED = ("eliminat", "dead")


def is_eliminated_box(unit: UnitView) -> bool:
    """A unit in a dead pool (our modules' Eliminated map; 'dead' or 'eliminated' boxes)."""
    text = f"{unit.map or ''} {unit.location}".lower()
    return any(word in text for word in _ELIMINATED)


@dataclass(frozen=True)
class Carried:
    """What the restricted check hands the next log: the rules lifted by a chat line (their ids),
    and the held corps' gunfire (``guns_heard.carry``)."""

    lifted: frozenset[str] = frozenset()
    guns: object = None


def _said(rule: Restriction) -> list[str]:
    return [how.partition(":")[2].lower() for how in rule.lifted_by if how.startswith("said:")]


def _carried(ctx: CheckContext) -> Carried | None:
    before = getattr(ctx, "carried", {}).get(CHECK_ID)
    return before if isinstance(before, Carried) else None


def lifted(ctx: CheckContext) -> frozenset[str]:
    """The rules lifted by a chat line in this log or an earlier one of the chain (their ids)."""
    game = ctx.game
    before = _carried(ctx)
    done = set(before.lifted if before else ())
    if game is not None and game.scenario_rules is not None:
        done |= {r.rule_id for r in game.scenario_rules.restrictions
                 if any(w and w in t.lower() for w in _said(r) for s in ctx.log.steps for t in getattr(s, "texts", ()))}
    return frozenset(done)


def carry(ctx: CheckContext) -> Carried:
    from .guns_heard import carry as guns
    return Carried(lifted(ctx), guns(ctx))


def check_restricted(ctx: CheckContext) -> Iterator[Finding]:
    scenario, _ = scenario_for(ctx)
    game = ctx.game
    if scenario is None or ctx.views is None or game is None:
        return
    rules = game.scenario_rules.restrictions_of(scenario.scenario_id) if game.scenario_rules else ()
    near = game.scenario_rules.near_of(scenario.scenario_id) if game.scenario_rules else ()
    places = Places(game)
    if near:
        yield from _near_findings(ctx, near, places)
    if not rules:
        return
    last = ctx.views.at(len(ctx.views) - 1)
    before = ctx.views.at(0)
    lifts = Lifts(game, places, rules, ctx.log.steps)
    before_log = _carried(ctx)
    if before_log is not None:
        lifts.freed_all |= set(before_log.lifted)
    marked = _markers(ctx, rules)
    for step in ctx.log.steps:
        view = ctx.views.at(step.index)
        lifts.update(before, view)
        here = marked.get(step.index, {})
        for unit_id, unit in sorted(view.units.items()):
            old = before.unit(unit_id)
            if unit.hex is None or old is unit:
                continue                    # off the map, or untouched by the step: nothing done
            bound = [r for r in rules if _applies(r, unit, view, game) and lifts.binds(r, unit)]
            if old is not None and old.hex is not None:
                for rule in bound:
                    did = forbidden(game, rule, old, unit)
                    if did:
                        yield _restricted(rule, unit, view, False, ctx.log.label, step.index, step.player, did,
                                          _lift_unknown(rule, lifts, ctx.opening, before_log is not None))
            if (old is not None and old.hex == unit.hex) or unit_id in lifts.retreating:
                continue
            for rule in bound:
                if rule.unless_marker and rule.unless_marker.casefold() in here.get(unit.location, ()):
                    continue                # the hex holds the marker that lifts the rule there
                if "move" in rule.forbids and places.in_area(unit.hex, rule.area):
                    gone = last.unit(unit_id)
                    removed = gone is None or gone.hex is None
                    if removed and rule.effect == "removed":
                        continue            # entering is allowed; the unit went, as the rule says
                    yield _restricted(rule, unit, view, removed, ctx.log.label, step.index, step.player,
                                      lift_unknown=_lift_unknown(rule, lifts, ctx.opening, before_log is not None))
        before = view


def _markers(ctx: CheckContext, rules: tuple[Restriction, ...]) -> dict[int, dict[str, set[str]]]:
    """By step, the game markers a rule's ``unless_marker`` names in each hex (read from the replay only
    when a rule names one)."""
    names = {r.unless_marker for r in rules if r.unless_marker}
    if not names or ctx.game is None:
        return {}
    replay = ctx.log.replay
    out: dict[int, dict[str, set[str]]] = {}
    for step, on in standing(ctx.game, replay.initial, replay.steps, names):
        by_hex: dict[str, set[str]] = {}
        for name, _, location in on.values():
            by_hex.setdefault(location, set()).add(name.casefold())
        out[step.index] = by_hex
    return out


def _lift_unknown(rule: Restriction, lifts: Lifts, opening: bool, carried: bool = False) -> str:
    """Why a lift of the rule may have been missed ("" when the log shows every one); ``carried``:
    the log before handed on the rules its chat lifted."""
    if not rule.lifted_by or (carried and len(_said(rule)) == len(rule.lifted_by)):
        return ""
    if rule.rule_id in lifts.unknown:
        return (f"{rule.until or 'the event that lifts it'}: the log cannot show it without "
                f"{lifts.unknown[rule.rule_id]}")
    if not opening:
        return f"{rule.until or 'the event that lifts it'} in an earlier log of the chain"
    return ""


def _near_findings(ctx: CheckContext, rules: tuple[NearRule, ...], places: Places) -> Iterator[Finding]:
    """Units bound by a ``near`` rule that moved in a phase, judged where the phase leaves them."""
    assert ctx.views is not None and ctx.game is not None
    moved: dict[str, int] = {}           # unit id -> its last moving step in this phase
    before = ctx.views.at(0)
    players = {s.index: s.player for s in ctx.log.steps}
    for n in range(1, len(ctx.views) + 1):
        view = ctx.views.at(n) if n < len(ctx.views) else None
        if view is None or (view.turn, view.phase) != (before.turn, before.phase):
            for unit_id, step in sorted(moved.items()):
                unit = before.unit(unit_id)
                if unit is None or unit.hex is None:
                    continue
                for rule in rules:
                    found = _far(unit, rule, before, places, ctx.game)
                    if found:
                        yield Finding(CHECK_ID, Severity.WARNING, f"{unit.name} ({unit.side}) ended its move at "
                                      f"{unit.location}, {found}: {rule.text}", str(rule.cite), ctx.log.label,
                                      step, players.get(step), (unit.name,), (place_of(unit),))
            moved = {}
        if view is None:
            break
        for unit_id, unit in view.units.items():
            old = before.unit(unit_id)
            if unit.hex is not None and (old is None or old.hex != unit.hex):
                moved[unit_id] = n
        before = view


def _far(unit: UnitView, rule: NearRule, view: GameView, places: Places, game: Game) -> str:
    """Why the unit breaks the rule ("" when it does not)."""
    if not binds(unit, game, rule.side, rule.unit_types):
        return ""
    friends = frozenset(u.hex for u in view.units.values() if u.side == unit.side and u.hex is not None
                        and u.unit.type in rule.near_types)
    assert unit.hex is not None
    if friends and unit.hex in places.within(friends, rule.within):
        return ""
    shown = {code: unit.status.get(code, UNKNOWN) for code, _ in rule.unless}
    if any(shown[code] == level for code, level in rule.unless):
        return ""
    unknown = [code for code, value in shown.items() if value == UNKNOWN]
    far = f"more than {rule.within} hexes from any friendly {'/'.join(rule.near_types)}"
    return far + (f" ({', '.join(unknown)} not shown by the counter)" if unknown else "")


def _applies(rule: Restriction, unit: UnitView, view: GameView, game: Game) -> bool:
    return binds(unit, game, rule.side, rule.unit_types, rule.units, rule.formations) and in_turns(rule, view)


def _restricted(rule: Restriction, unit: UnitView, view: GameView, removed: bool, label: str, step: int,
                player: str | None, did: str = "", lift_unknown: str = "") -> Finding:
    """``did``: what the unit did besides entering a hex (entrenched, recovered); ``lift_unknown``:
    why an event lifting a ``lifted_by`` rule may have been missed."""
    turn = f" on Turn {view.scenario_turn}" if view.scenario_turn is not None else ""
    unknown_turn = rule.turns is not None and view.scenario_turn is None
    message = f"{unit.name} ({unit.side}) {did or 'entered ' + unit.location}{turn}: {rule.text}"
    if rule.effect != "prohibited" and not did:
        message += "; it left the map later in the log" if removed else "; it was never removed"
    unsure = lift_unknown if rule.lifted_by else rule.until and f"{rule.until}: the log does not show it"
    if unsure:
        message += f" (unless {unsure})"
    elif _said(rule):
        wording = next(h.partition(":")[2] for h in rule.lifted_by if h.startswith("said:"))
        message += f" (unless {rule.until}: no chat line says '{wording}' before it)"
    elif rule.lifted_by:
        message += f" ({rule.until or 'the event that lifts it'} had not happened)"
    if unknown_turn:
        message += f" (if the turn is within scenario turns {rule.turns[0]}-{rule.turns[1]}: the log's turn is unknown)"
    severity = Severity.WARNING if (unsure or unknown_turn or (removed and rule.effect != "prohibited" and not did)) \
        else Severity.ERROR
    return Finding(CHECK_ID, severity, message, str(rule.cite), label, step, player, (unit.name,),
                   (place_of(unit),))


def check_exits(ctx: CheckContext) -> Iterator[Finding]:
    scenario, _ = scenario_for(ctx)
    game = ctx.game
    if scenario is None or ctx.views is None or game is None:
        return
    rules = game.scenario_rules
    settled = rules is not None and scenario.scenario_id in rules.exits_written_for
    places = Places(game)
    before = ctx.views.at(0)
    unsettled: list[str] = []
    for step in ctx.log.steps:
        view = ctx.views.at(step.index)
        for unit_id, unit in sorted(view.units.items()):
            old = before.unit(unit_id)
            if old is None or old.hex is None or unit.hex is not None or is_eliminated_box(unit):
                continue
            if not settled or rules is None:
                unsettled.append(f"{unit.name} (step {step.index})")
                continue
            allowed = [e for e in rules.exits_of(scenario.scenario_id)
                       if binds(unit, game, e.side, e.unit_types) and old.hex in (places.hexes(e.hexes) or ())]
            if allowed:
                continue
            own = [e for e in rules.exits_of(scenario.scenario_id) if binds(unit, game, e.side, e.unit_types)]
            where = (f"{scenario.scenario_id} lets {unit.side} units exit only at "
                     f"{', '.join(h for e in own for h in e.hexes)}" if own else
                     f"{scenario.scenario_id} lets no {unit.side} unit leave the map")
            cite = "; ".join(str(e.cite) for e in own) if own else str(rules.exits_basis or "scenario rules")
            yield Finding(EXITS_ID, Severity.ERROR, f"{unit.name} left the map from {old.location} to "
                          f"{unit.location or 'off every map'}: {where}", cite, ctx.log.label, step.index,
                          step.player, (unit.name,), (place_of(old), Place(unit.map or "", unit.location)))
        before = view
    if unsettled:
        why, cite = (rules.exits_unsettled if rules is not None and rules.exits_unsettled is not None
                     else ("", "scenario rules"))
        yield Finding(EXITS_ID, Severity.NOT_CHECKED, f"exits not checked: no exit rule is written for "
                      f"{scenario.scenario_id} in scenario-rules.toml{f' ({why})' if why else ''}; units that "
                      f"left the map: {', '.join(unsettled)}", str(cite), ctx.log.label)
