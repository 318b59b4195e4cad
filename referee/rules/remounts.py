"""Hood Strikes North 5.1-5.4: who gets a Horses Worn Out/Unmounted marker, and the A and B versions.

* 5.1 A (L1330): "On Turn 10 only, during this segment, all Union cavalry units (not cavalry
  leaders) on the map have a 'Horses Worn Out/Unmounted' counter added to them, on the Horses Worn
  Out side." When the log shows that Union Cavalry Phase end, every Union cavalry unit on the map
  at its start shows the marker (Horses Worn Out, or Unmounted after 5.1 C-D); one that does not
  is an error at the phase's last step.
* The marker comes at no other time: not to a unit arriving later (a reinforcement), and 5.2
  (L1353) "The unit may never gain a Horses Worn Out/Unmounted marker again" after a remount. A
  Union cavalry unit gaining either side of it from neither, outside that segment, is an error —
  unless a cavalry unit of its hex was taken off the map in the same step (5.4, L1382: the marker
  of an attaching unit passes to the unit remaining).
* 5.2 (L1357): Capron, Croxton and G. Johnson "always initially appear in the game in their 'A'
  versions. However, if they are removed from the map in the Union Cavalry Phase and subsequently
  achieve 'Remounted' results, their 'A' version is removed and is replaced by the 'B' version". A
  B version coming onto the map with no Remounted roll for its A version before it, or an A version
  coming back after its Remounted roll, is an error (a warning in a log continuing a chain: the
  remount may be in an earlier log). The roll is read against the Remount Table (the tables check
  reads it too); which unit it is for is the unit the roll's chat names (an unnamed Remounted roll
  may be any off-map unit's).

* 5.1 E (L1340): "The Union player may place one or more off-map Union cavalry units in hexes 5805 or
  5806": a Union cavalry unit that was on the map earlier in the log (or its A version was) coming
  back onto the map elsewhere or outside the Union Cavalry Phase is an error (leaving the map only
  at 5805/5806 is the exits check's). A unit off the map when the log starts is left alone: it may be
  a reinforcement or a set-up unit still to be placed, which the arrivals and set-up checks judge.

The numbers and names are data: rules.xlsx Parameters ``cavalry.*``.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from gamedata.model import Game
from gamedata.ruledata import parameter, parameter_cite, parameter_list, parameter_text

from ..findings import Finding, Severity
from ..timeline import StepView
from ..view import YES, GameView, UnitView, Views
from ..view.names import loose
from .board import named, unit_place

CHECK_ID = "units"


def versions(game: Game) -> dict[str, str]:
    """A version -> B version (``cavalry.versions``: ``Capron-A>Capron-B;...``)."""
    return dict(tuple(p.strip() for p in v.split(">", 1)) for v in parameter_list(game, "cavalry.versions")
                if ">" in v)


def remounted(game: Game, steps: Sequence[StepView], views: Views) -> list[tuple[int, frozenset[str] | None]]:
    """(step, the units the chat names or None when it names none) of each standing roll on the Remount
    Table whose result may be Remounted."""
    from .tables import readings
    table, result = parameter_text(game, "cavalry.remount-table"), loose(parameter_text(game, "cavalry.remounted"))
    texts = {s.index: s.texts for s in steps}
    found = []
    for roll, reading in readings(steps, game, views):
        if roll.table.table_id != table or result not in {loose(b.result) for b in reading.branches}:
            continue
        view = views.at(roll.step)
        units = [u for u in view.units.values() if u.side == parameter_text(game, "cavalry.side")]
        names = frozenset(u.unit_id for t in texts.get(roll.step, ()) for u in named(t, units))
        found.append((roll.step, names or None))
    return found


def _cavalry(game: Game, u: UnitView) -> bool:
    return u.side == parameter_text(game, "cavalry.side") and u.unit.type == parameter_text(game, "cavalry.type")


def _marked(game: Game, u: UnitView) -> bool | None:
    values = [u.status.get(parameter_text(game, k)) for k in ("cavalry.worn-out", "cavalry.unmounted")]
    if any(v in (None, "unknown") for v in values):
        return None
    return YES in values


def _segment(game: Game, view: GameView) -> bool:
    turn = parameter(game, "cavalry.worn-out-turn")
    return getattr(view.turn, "id", None) == turn and loose(view.phase or "") == loose(parameter_text(game, "cavalry.phase"))


def check_remounts(game: Game, views: Views, steps: Sequence[StepView], label: str,
                   players: Mapping[int, str | None], opening: bool = True) -> Iterator[Finding]:
    """``views``: the log's game views (``referee.view.Views``: iterated, and ``at(step)``)."""
    seq = list(views)
    if not parameter_text(game, "cavalry.phase") or not seq:
        return
    yield from _worn_out(game, seq, label, players)
    yield from _versions(game, seq, remounted(game, steps, views), label, players, opening)
    yield from _returns(game, seq, label, players)


def _returns(game: Game, views: Sequence[GameView], label: str, players: Mapping[int, str | None]
             ) -> Iterator[Finding]:
    hexes = set(parameter_list(game, "cavalry.return-hexes"))
    if not hexes:
        return
    seen: set[str] = set()
    phase = loose(parameter_text(game, "cavalry.phase"))
    rule = parameter_cite(game, "cavalry.return-hexes", "5.1 E Cavalry Return Segment")
    before = views[0]
    for view in views[1:]:
        seen |= {uid for uid, u in before.units.items() if u.hex is not None}
        seen |= {b for a, b in versions(game).items() if a in seen}      # a B version returns in its A's place
        for uid, now in view.units.items():
            was = before.unit(uid)
            if (now.hex is None or (was is not None and was.hex is not None) or uid not in seen
                    or not _cavalry(game, now)):
                continue
            where = now.location if now.location not in hexes else ""
            when = view.phase if loose(view.phase or "") != phase else ""
            if where or when:
                wrong = " and ".join(x for x in (f"at {where}" if where else "",
                                                 f"in the {when} Phase" if when else "") if x)
                yield Finding(CHECK_ID, Severity.ERROR, f"{now.name} comes back onto the map {wrong} at step "
                              f"{view.step}: off-map Union cavalry returns in the Union Cavalry Phase, in "
                              f"{' or '.join(sorted(hexes))}", rule, label, view.step, players.get(view.step),
                              (now.name,), unit_place(now))
        before = view


def _worn_out(game: Game, views: Sequence[GameView], label: str, players: Mapping[int, str | None]
              ) -> Iterator[Finding]:
    rule = parameter_cite(game, "cavalry.worn-out-turn", "5.1 A Horses Worn Out Segment")
    start = views[0] if _segment(game, views[0]) else None     # the phase's first view in the log
    before = views[0]
    for view in views[1:]:
        if _segment(game, view) and not _segment(game, before):
            start = view
        if start is not None and _segment(game, before) and not _segment(game, view):
            bare = [u for u in (before.unit(uid) for uid, w in start.units.items() if w.hex is not None
                                and _cavalry(game, w)) if u is not None and _marked(game, u) is False]
            if bare:
                yield Finding(CHECK_ID, Severity.ERROR, f"{', '.join(u.name for u in bare)}: the Union Cavalry Phase "
                              f"of Turn {parameter(game, 'cavalry.worn-out-turn')} ends at step {before.step} and "
                              "every Union cavalry unit on the map gets a Horses Worn Out/Unmounted marker in it",
                              rule, label, before.step, players.get(before.step), tuple(u.name for u in bare),
                              tuple(p for u in bare for p in unit_place(u)))
            start = None
        if not _segment(game, view):
            for uid, now in view.units.items():
                was = before.unit(uid)
                if was is None or was is now or not _cavalry(game, now) or now.hex is None:
                    continue
                if _marked(game, was) is False and _marked(game, now) and not _attached(game, before, view, was):
                    yield Finding(CHECK_ID, Severity.ERROR, f"{now.name} gains a Horses Worn Out/Unmounted marker at "
                                  f"step {view.step}: it comes only in the Union Cavalry Phase of Turn "
                                  f"{parameter(game, 'cavalry.worn-out-turn')}, to the cavalry then on the map "
                                  "(never to a unit arriving later, never again after a remount)", rule, label,
                                  view.step, players.get(view.step), (now.name,), unit_place(now))
        before = view


def _attached(game: Game, before: GameView, view: GameView, unit: UnitView) -> bool:
    """5.4: a Union cavalry unit of the unit's hex taken off the map in the step (it attached)."""
    if unit.hex is None:
        return False
    gone = {uid for uid, u in view.units.items() if u.hex is None}
    return any(_cavalry(game, o) and o.unit_id != unit.unit_id and (o.unit_id in gone or view.unit(o.unit_id) is None)
               for o in before.at(unit.hex))


def _versions(game: Game, views: Sequence[GameView], rolls: list[tuple[int, frozenset[str] | None]], label: str,
              players: Mapping[int, str | None], opening: bool) -> Iterator[Finding]:
    pairs = versions(game)
    rule = parameter_cite(game, "cavalry.versions", "5.2 Capron, Croxton, G. Johnson")
    before = views[0]
    for view in views[1:]:
        done = [(s, who) for s, who in rolls if s < view.step]
        for a, b in sorted(pairs.items()):
            came = {uid: view.unit(uid) for uid in (a, b) if view.unit(uid) is not None
                    and view.unit(uid).hex is not None                     # type: ignore[union-attr]
                    and (before.unit(uid) is None or before.unit(uid).hex is None)}  # type: ignore[union-attr]
            if not came:
                continue
            sure = any(who is not None and a in who for _, who in done)
            maybe = sure or any(who is None for _, who in done)
            unit = came.get(b) or came[a]
            if b in came and not maybe:
                why = f"no Remounted roll for {game.unit(a).name} comes before it" + \
                    ("" if opening else " in this log (it may be in an earlier log of the chain)")
                yield Finding(CHECK_ID, Severity.ERROR if opening else Severity.WARNING,
                              f"{unit.name} comes onto the map at step {view.step}: {why}; the B version replaces "
                              "the A version only after the A version, off the map, is Remounted", rule, label,
                              view.step, players.get(view.step), (unit.name,), unit_place(unit))
            elif a in came and sure:
                yield Finding(CHECK_ID, Severity.ERROR, f"{unit.name} comes back onto the map at step {view.step} "
                              f"after its Remounted roll: it is replaced by {game.unit(b).name}", rule, label,
                              view.step, players.get(view.step), (unit.name,), unit_place(unit))
        before = view
