"""Hood Strikes North S9 special rule 3 (L1688): a wagon destroyed at the Union player's will.

"The Union player may voluntarily destroy one or more wagons any time he has the initiative. To do so
the desired wagon(s) are immediately removed from the game regardless of their status ... This
activity expends the Union player's current Activation Segment. ... Exception: A wagon south of the
Duck River may not be voluntarily destroyed."

A voluntary destruction is a Union wagon taken off the map in the Action Cycle that did not move in
the current initiative (a march's losses take a wagon that marched), with no combat die since the
initiative was won (a combat's losses), from a hex where no scenario rule removes it (Nashville,
Murfreesboro, Fortress Rosecrans: the restricted check's). Judged with the initiative check's
winners (`initiative`): taken while the other side holds the initiative, an error; another unit of
the side moving in the same initiative, an error (the destruction is the whole action); taken south
of the Duck River — the hexes of terrain.xlsx Specials named by ``wagons.no-destroy-area``, which
the rulebook does not print — an error, and without those rows not checked, naming them. The rows:
rules.xlsx Parameters ``wagons.*``.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from gamedata.model import Game
from gamedata.ruledata import parameter_cite, parameter_list, parameter_text

from ..findings import Finding, Severity
from ..view import GameView, UnitView
from ..view.names import loose
from .board import moved, unit_place
from .scenario_places import Places

CHECK_ID = "initiative"


def _area(game: Game) -> tuple[frozenset | None, str]:
    """The hexes where no wagon may be destroyed, or (None, the rows to fill)."""
    kind, _, name = parameter_text(game, "wagons.no-destroy-area").partition(":")
    terrain = game.terrain
    hexes = frozenset(terrain.hexids.canonical(s.hex) for s in terrain.specials(kind)
                      if s.hex is not None and (s.name or "").casefold() == name.casefold())
    return (hexes, "") if hexes else (None, f"terrain.xlsx Specials rows of kind '{kind}' named '{name}' (the rulebook "
                                            "prints no such list)")


def voluntary(game: Game, views: Sequence[GameView], scenario: str | None, won: Mapping[int, Any],
              starts: set[int], fights: set[int], holder: Any, label: str,
              players: Mapping[int, str | None]) -> Iterator[Finding]:
    """``won``: the winner (``initiative.Won``) at each pair's second die; ``starts``: the steps of the
    Initiative dice; ``fights``: the combat dice; ``holder``: the initiative the previous log left."""
    if scenario not in parameter_list(game, "wagons.destroy-scenarios") or not views:
        return
    side, kind, phase = (parameter_text(game, k) for k in ("wagons.destroy-side", "wagons.type", "initiative.phase"))
    rule = parameter_cite(game, "wagons.destroy-scenarios", "Scenario 9 special rules, Wagons")
    places = Places(game)
    removing = [r for r in (game.scenario_rules.restrictions_of(scenario) if game.scenario_rules else ())
                if r.effect == "removed"]
    area, missing = _area(game)
    moved_now: dict[str, tuple[int, UnitView]] = {}
    destroyed: list[tuple[int, UnitView]] = []
    fought, said_missing = False, False

    def close() -> Iterator[Finding]:
        others = [(s, u) for uid, (s, u) in moved_now.items() if all(uid != w.unit_id for _, w in destroyed)]
        if destroyed and others:
            step, wagon = destroyed[0]
            units = [u for _, u in others]
            yield Finding(CHECK_ID, Severity.ERROR, f"{wagon.name} voluntarily destroyed at step {step} and "
                          f"{', '.join(u.name for u in units)} moved in the same initiative: the destruction "
                          "expends the Activation Segment", rule, label, step, players.get(step),
                          (wagon.name, *(u.name for u in units)), unit_place(wagon))

    before = views[0]
    for view in views[1:]:
        if view.step in starts:
            yield from close()
            holder = won.get(view.step)
            moved_now, destroyed, fought = {}, [], False
        fought = fought or view.step in fights
        for _, now in moved(before, view):
            if now.side == side:
                moved_now.setdefault(now.unit_id, (view.step, now))
        in_cycle = not phase or loose(view.phase or "") == loose(phase)
        for uid, was in before.units.items():
            now = view.unit(uid)
            if now is was:
                continue                    # untouched by the step: not taken off
            if (was.side != side or was.unit.type != kind or was.hex is None
                    or (now is not None and now.hex is not None) or not in_cycle or fought or uid in moved_now
                    or any(places.in_area(was.hex, r.area) for r in removing)):
                continue
            destroyed.append((view.step, was))
            if holder is not None and holder.side != side:
                yield Finding(CHECK_ID, Severity.ERROR, f"{was.name} taken off the map at step {view.step} from "
                              f"{was.location}: the {holder.side} side holds the initiative (won at step "
                              f"{holder.step}), and the {side} player destroys a wagon only when he has it", rule,
                              label, view.step,
                              players.get(view.step), (was.name,), unit_place(was))
            if area is not None and game.terrain.hexids.canonical(was.hex) in area:
                yield Finding(CHECK_ID, Severity.ERROR, f"{was.name} voluntarily destroyed at step {view.step} in "
                              f"{was.location}, south of the Duck River, where no wagon may be", rule, label,
                              view.step, players.get(view.step), (was.name,), unit_place(was))
            elif area is None and not said_missing:
                said_missing = True
                yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"whether {was.name} (taken off the map at step "
                              f"{view.step}) was south of the Duck River, where no wagon may be voluntarily "
                              f"destroyed, is not checked: it needs {missing}", rule, label, view.step)
        before = view
    yield from close()
