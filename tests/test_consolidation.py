"""Hood Strikes North, Scenario 2 Special Rule 5 (L297), on made-up positions: "Opdycke's brigade is
stacked in the same hex as Wagner's division ... Brigades or regiments consolidating with a
division are removed. The division's Strength marker is removed and replaced by a new one with a
Manpower value equal to the combined units. (Exception: The maximum Manpower value of the new
Strength marker is 11.)" S2 sets up Wagner (9) and Opdycke (2) in 0423, Wood (7) and Post (2) in
0224 (scenarios.xlsx S2 Setup)."""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_views import Scenario, U, V

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.findings import Severity
from referee.rules.consolidation import check_consolidation

SOURCES = Path(__file__).resolve().parents[1] / "sources"
RULE = "Scenario 2 Special Rule 5 (rulebook line 297)"


@pytest.fixture(scope="module")
def hsn():
    return load_game(SOURCES / "hood-strikes-north")


def _consolidate(game, before: dict, after: dict, scenario="S2"):
    """``before``/``after``: unit id -> (hex or None, Manpower shown)."""
    ids = HexIds(game.maps)

    def view(step, placed):
        return V(step, {uid: U(game.unit(uid), ids.parse(h) if h else None, strength=str(m), location=h or "")
                        for uid, (h, m) in placed.items()}, None, Scenario(scenario))

    return [(f.severity, f.step, f.pieces, f.message, f.rule)
            for f in check_consolidation(game, [view(0, before), view(1, after)], "s2.vlog", {1: "Thomas"})]


def test_a_brigade_consolidating_with_its_division_up_to_11(hsn) -> None:
    stacked = {"Wood": ("0224", 7), "Post": ("0224", 2)}
    assert _consolidate(hsn, stacked, {"Wood": ("0224", 9), "Post": (None, 2)}) == []
    [(severity, step, pieces, message, rule)] = _consolidate(hsn, stacked, {"Wood": ("0224", 8), "Post": (None, 2)})
    assert (severity, step, rule) == (Severity.ERROR, 1, RULE) and pieces == ("Wood", "Post")
    assert message.endswith("shows Manpower 8: the combined units make 9, so 9")
    wagner = {"Wagner": ("0423", 9), "Opdycke": ("0423", 3)}
    assert _consolidate(hsn, wagner, {"Wagner": ("0423", 11), "Opdycke": (None, 3)}) == []     # 12, capped at 11
    [(_, _, _, message, _)] = _consolidate(hsn, wagner, {"Wagner": ("0423", 12), "Opdycke": (None, 3)})
    assert "make 12, at most 11, so 11" in message


def test_only_units_stacked_with_the_division_consolidate(hsn) -> None:
    [(severity, _, pieces, message, _)] = _consolidate(hsn, {"Wood": ("0224", 7), "Post": ("0225", 2)},
                                                       {"Wood": ("0224", 9), "Post": (None, 2)})
    assert severity is Severity.ERROR and pieces == ("Post",) and "only units stacked in the division's hex" in message
    # Opdycke is Wagner's, not Wood's: Wood's gain is no consolidation with him
    assert _consolidate(hsn, {"Wood": ("0224", 7), "Opdycke": ("0224", 2)},
                        {"Wood": ("0224", 9), "Opdycke": (None, 2)}) == []
    assert _consolidate(hsn, {"Wood": ("0224", 7), "Post": ("0224", 2)},
                        {"Wood": ("0224", 8), "Post": (None, 2)}, scenario="S9") == []     # S2's rule only
