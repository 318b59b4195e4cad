"""A game view in words and as JSON (``adjutant inspect --step N --game G``).

The JSON form is the ``view`` object of ``schemas/inspect.schema.json``.
"""

from __future__ import annotations

from typing import Any

from gamedata.model import TurnDef

from .board import UnitView
from .counters import UNKNOWN, YES
from .scenario import ScenarioMatch
from .views import GameView


def turn_words(turn: TurnDef | None, scenario_turn: int | None = None) -> str:
    if turn is None:
        return "unknown"
    when = ", ".join(part for part in (turn.label, turn.date) if part)
    of_scenario = f"; scenario turn {scenario_turn}" if scenario_turn is not None else ""
    return f"{turn.id} ({when}{', night' if turn.night else ''}{of_scenario})"


def scenario_words(match: ScenarioMatch | None) -> str:
    if match is None or match.scenario_id is None:
        return "unknown"
    how = {"given": "as given", "named": "named by the file",
           "position": f"from the start position: {match.quality:.0%} of units where it puts them"}[match.how]
    others = ", ".join(f"{sid} {q:.0%}" for sid, q in match.others if q > 0)
    return f"{match.scenario_id} {match.name} ({how}{'; next: ' + others if others and match.how == 'position' else ''})"


def status_words(unit: UnitView) -> str:
    """The statuses a unit shows as on, then those its counter cannot show."""
    shown = [code if unit.status[code] == YES else f"{code} {unit.status[code]}" for code in unit.showing]
    unknown = [code for code, value in unit.status.items() if value == UNKNOWN]
    return ", ".join(shown + ([f"unknown: {' '.join(unknown)}"] if unknown else [])) or "no status"


def view_lines(view: GameView) -> list[str]:
    lines = [f"game after step {view.step}: turn {turn_words(view.turn, view.scenario_turn)}, "
             f"phase {view.phase or 'unknown'}, active {view.active or 'unknown'}",
             f"scenario: {scenario_words(view.scenario)}"]
    for side in sorted({u.side for u in view.units.values()}):
        lines.append(f"{side}:")
        for u in sorted(view.of(side), key=lambda u: (u.hex is None, u.map or "", u.location, u.name)):
            where = u.location if u.map else "off the map"
            if u.hex is None and u.map:
                where = f"{u.map}: {u.location or 'no location'}"
            parts = [u.name, where, status_words(u)]
            if u.facing is not None:
                parts.append(f"facing {u.facing}")
            parts.append(f"strength {u.strength}")
            parts.append(f"formation {u.formation}" + (" (attached)" if u.attached else ""))
            lines.append("  " + " · ".join(parts))
    for unknown in view.unknown:
        lines.append(f"not read ({unknown.subject}, from step {unknown.step}): {unknown.message}")
    return lines


def _turn_json(turn: TurnDef | None) -> dict[str, Any] | None:
    if turn is None:
        return None
    return {"id": turn.id, "date": turn.date, "label": turn.label, "hour": turn.hour, "night": turn.night}


def _unit_json(u: UnitView) -> dict[str, Any]:
    return {"unit_id": u.unit_id, "name": u.name, "side": u.side, "piece": u.piece_id, "map": u.map,
            "location": u.location,
            "hex": None if u.hex is None else {"map": u.hex.map, "column": u.hex.column, "row": u.hex.row},
            "status": dict(u.status),
            "showing": list(u.showing), "facing": u.facing, "strength": u.strength, "formation": u.formation,
            "attached": u.attached}


def view_json(view: GameView) -> dict[str, Any]:
    match = view.scenario
    return {
        "step": view.step,
        "turn": _turn_json(view.turn),
        "scenario_turn": view.scenario_turn,
        "phase": view.phase,
        "active": view.active,
        "scenario": None if match is None else {
            "id": match.scenario_id, "name": match.name, "how": match.how, "quality": match.quality,
            "others": [{"id": sid, "quality": q} for sid, q in match.others]},
        "units": [_unit_json(u) for _, u in sorted(view.units.items())],
        "unknown": [{"step": u.step, "subject": u.subject, "message": u.message} for u in view.unknown],
    }
