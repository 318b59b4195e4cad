"""The game view: a log's pieces read as units, statuses, turn and phase at every step.

Rules are pure functions over a ``GameView``; ``Views`` computes one per step.
"""

from .counters import NO, NONE, UNKNOWN, YES
from .unitmap import Identity, UnitMap, UnitMapError, read_unit_map, validate_unit_map
from .board import UnitView, Unknown, read_board
from .scenario import ScenarioMatch
from .views import GameView, Views

__all__ = [
    "NO", "NONE", "UNKNOWN", "YES", "GameView", "Identity", "ScenarioMatch", "UnitMap", "UnitMapError",
    "UnitView", "Unknown", "Views", "read_board", "read_unit_map", "validate_unit_map",
]
