"""Hood Strikes North, Scenario 2 Special Rule 5: Union consolidation (L297).

"When the Union player gains initiative, he may 'consolidate' units instead of declaring an action
as long as any subordinate units belonging to Ruger's division (Moore, 91 IN, 123 IN, 175 OH) are
stacked in the same hex as Ruger; Opdycke's brigade is stacked in the same hex as Wagner's
division; Post's brigade is stacked in the same hex as Wood's division; or Waters' brigade is
stacked in the same hex as Whitaker's division ... Brigades or regiments consolidating with a
division are removed. The division's Strength marker is removed and replaced by a new one with a
Manpower value equal to the combined units. (Exception: The maximum Manpower value of the new
Strength marker is 11.)"

The pairs are data (rules.xlsx Parameters ``consolidation.<scenario>``: ``Division:unit,unit;...``,
the cap ``consolidation.cap``). A consolidation is a step where a division of a pair shows more
Manpower while one or more of its units leave the map (eliminations in combat do not raise a
division's strength). Each is judged: every unit removed stood in the division's hex, and the new
Manpower is the combined Manpower up to the cap. A strength not shown (a counter without its
Strength marker) leaves the total unchecked, said as such.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence

from gamedata.model import Game
from gamedata.ruledata import parameter, parameter_cite, parameter_list

from ..findings import Finding, Place, Severity
from ..view import GameView
from .board import unit_place
from .combat_units import strength

CHECK_ID = "units"
RULE = "Scenario 2 Special Rule 5"


def _pairs(game: Game, scenario: str | None) -> dict[str, tuple[str, ...]]:
    """division -> the units that may consolidate with it, in the scenario."""
    found: dict[str, tuple[str, ...]] = {}
    for item in parameter_list(game, f"consolidation.{scenario}"):
        division, _, units = item.partition(":")
        found[division.strip()] = tuple(u.strip() for u in units.split(",") if u.strip())
    return found


def check_consolidation(game: Game, views: Sequence[GameView], label: str,
                        players: dict[int, str | None]) -> Iterator[Finding]:
    scenario = getattr(views[0].scenario, "scenario_id", None) if views else None
    pairs = _pairs(game, scenario)
    if not pairs:
        return
    cap = parameter(game, "consolidation.cap")
    rule = parameter_cite(game, f"consolidation.{scenario}", RULE)
    for before, after in zip(views, views[1:]):
        for division, members in pairs.items():
            was, now = before.unit(division), after.unit(division)
            if was is None or now is None or was.hex is None or now.hex is None:
                continue
            gone = [before.unit(m) for m in members if _on_map(before, m) and not _on_map(after, m)]
            old, new = strength(was), strength(now)
            if not gone or old is None or new is None or new <= old:
                continue
            yield from _judge(gone, was, now, old, new, cap, rule, label, after.step, players.get(after.step))


def _on_map(view: GameView, unit_id: str) -> bool:
    u = view.unit(unit_id)
    return u is not None and u.hex is not None


def _judge(gone: list, was, now, old: float, new: float, cap: object, rule: str, label: str, step: int,
           player: str | None) -> Iterator[Finding]:
    apart = [u for u in gone if u.hex != was.hex]
    if apart:
        yield Finding(CHECK_ID, Severity.ERROR, f"{', '.join(f'{u.name} ({u.location})' for u in apart)} consolidated "
                      f"with {now.name} in {was.location}: only units stacked in the division's hex consolidate",
                      rule, label, step, player, tuple(u.name for u in apart),
                      tuple(p for u in apart for p in unit_place(u)))
    parts = [strength(u) for u in gone]
    if None in parts:
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{now.name}'s consolidation at step {step}: the Manpower of "
                      f"{', '.join(u.name for u, p in zip(gone, parts) if p is None)} is not shown: the new Strength "
                      "marker was not checked", rule, label, step, player, (now.name,))
        return
    total = old + sum(p for p in parts if p is not None)
    due = min(total, float(cap)) if isinstance(cap, (int, float)) else total
    if new != due:
        names = ", ".join(u.name for u in gone)
        limit = f", at most {cap:g}" if isinstance(cap, (int, float)) and total > cap else ""
        yield Finding(CHECK_ID, Severity.ERROR, f"{now.name} consolidated with {names} shows Manpower {new:g}: the "
                      f"combined units make {total:g}{limit}, so {due:g}", rule, label, step, player,
                      (now.name, *(u.name for u in gone)), (Place(now.map or "", now.location),))
