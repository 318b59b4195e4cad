"""Does each predefined setup of a module we build hold every unit its scenario places?

A scenario's set-up and reinforcement rows each name a unit; the module's predefined setup
of that scenario (File > New Game) must hold a counter of each — on its hex, in a set-up box
or in a reinforcement box. A setup that lacks some (a variant built from its own rows only:
"No Covington Raid" opened with 4 pieces) starts a game that cannot be played as printed.
Our counters carry their unit in the ``UnitId`` marker; a module whose pieces carry none (a
community module) is not ours to audit.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from gamedata.model import Game
from vassal.lint.setups import SetupSummary

UNIT_ID = "UnitId"
SHOWN = 8


def missing_units(setups: Iterable[SetupSummary], game: Game) -> Iterator[str]:
    """One line per predefined setup that lacks units its scenario (matched by name) places."""
    setups = list(setups)
    if not any(piece.property(UNIT_ID) for setup in setups for piece in setup.pieces):
        return
    scenarios = {s.name: s for s in game.scenarios}
    for setup in setups:
        scenario = scenarios.get(setup.name)
        if scenario is None:
            continue
        present = {piece.property(UNIT_ID) for piece in setup.pieces}
        wanted = dict.fromkeys(row.unit_id for row in (*scenario.setup, *scenario.reinforcements))
        missing = [unit for unit in wanted if unit not in present]
        if missing:
            listed = ", ".join(missing[:SHOWN]) + (f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else "")
            yield (f"setup {setup.name}: lacks {len(missing)} of the {len(wanted)} units scenario "
                   f"{scenario.scenario_id} places (scenarios.xlsx '{scenario.scenario_id} Setup'/'Reinf'): {listed}")
