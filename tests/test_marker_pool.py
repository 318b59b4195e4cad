"""Hood Strikes North 10.0 (L186), on made-up piece events through the production check: "The number
of Minor River Bridge counters available in the game (three Union, three Confederate) is a strict
limit, and if all are in use, no more may be built until one or more become available again due to
dismantling or destruction." The bridge counters are game markers of the module (game.toml
[[markers]]), placed and taken off by name; the pool is rules.xlsx marker-limit.* (3 and 3)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from builder.game_markers import keys
from gamedata import load_game
from referee.findings import Severity
from referee.rules.markers import check_marker_limits, limits
from vassal.replay import Added, BoardState, Moved, PieceState, Removed, Step

SOURCES = Path(__file__).resolve().parents[1] / "sources"
UNION, CSA = "Union Minor River Bridge", "Confederate Minor River Bridge"
RULE = "10.0 Bridges (rulebook line 186)"


@pytest.fixture(scope="module")
def hsn():
    return load_game(SOURCES / "hood-strikes-north")


@dataclass
class Log:
    initial: BoardState = field(default_factory=lambda: BoardState({}, {}, {}))
    steps: list = field(default_factory=list)


def _put(n: int, name: str, hex_: str) -> Added:
    return Added(f"{name[:3]}{n}", name, "Main Map", hex_)


def _steps(*events) -> list[Step]:
    return [Step(i, (), tuple(e) if isinstance(e, (list, tuple)) else (e,), "Union player", None)
            for i, e in enumerate(events, 1)]


def _check(game, log: Log):
    return [(f.severity, f.step, f.pieces, f.message, f.rule)
            for f in check_marker_limits(game, log, "bridges.vlog", {s.index: s.player for s in log.steps})]


def test_the_pools_are_the_rulebooks_three_and_three(hsn) -> None:
    assert limits(hsn) == {UNION: 3, CSA: 3}
    assert {f"game-marker:{UNION}", f"game-marker:{CSA}"} <= set(keys(hsn))   # the module's palette has them


def test_a_fourth_bridge_of_a_side_is_caught_at_its_step(hsn) -> None:
    three = [_put(1, UNION, "2014"), _put(2, UNION, "2115"), _put(3, UNION, "3012")]
    assert _check(hsn, Log(steps=_steps(*three, _put(1, CSA, "1716"), _put(2, CSA, "1717")))) == []
    [(severity, step, pieces, message, rule)] = _check(hsn, Log(steps=_steps(*three, _put(4, UNION, "4010"))))
    assert (severity, step, pieces, rule) == (Severity.ERROR, 4, (UNION,), RULE)
    assert message.startswith(f"4 {UNION} markers on the map after step 4 (2014, 2115, 3012, 4010)")
    # the other side's three do not count against this one
    assert _check(hsn, Log(steps=_steps(*three, *(_put(n, CSA, "1716") for n in (1, 2, 3))))) == []


def test_a_bridge_dismantled_frees_its_place(hsn) -> None:
    three = [_put(1, UNION, "2014"), _put(2, UNION, "2115"), _put(3, UNION, "3012")]
    gone = Removed("Uni2", UNION, "Main Map", "2115")
    assert _check(hsn, Log(steps=_steps(*three, gone, _put(4, UNION, "4010")))) == []
    # dragged to the side of the board is taken off too; dragged back on, it counts again
    off = Moved("Uni3", UNION, "Main Map", 0, 0, "3012", "Main Map", 0, 0, "")   # beside the board
    back = Moved("Uni3", UNION, "Main Map", 0, 0, "", "Main Map", 0, 0, "3013")
    assert _check(hsn, Log(steps=_steps(*three, off, _put(4, UNION, "4010")))) == []
    [(_, step, _, _, _)] = _check(hsn, Log(steps=_steps(*three, off, _put(4, UNION, "4010"), back)))
    assert step == 6


def test_bridges_standing_at_the_logs_start_count(hsn) -> None:
    start = BoardState({f"b{n}": PieceState(f"b{n}", UNION, "Main Map", 0, 0, h, None, None, "", "")
                        for n, h in enumerate(("2014", "2115", "3012"))}, {}, {})
    [(_, step, _, message, _)] = _check(hsn, Log(start, _steps(_put(9, UNION, "4010"))))
    assert step == 1 and "(2014, 2115, 3012, 4010)" in message
    # said once while the count stays over the pool, again when yet another is built
    steps = _steps(_put(9, UNION, "4010"), Moved("b0", UNION, "Main Map", 0, 0, "2014", "Main Map", 0, 0, "2015"),
                   _put(10, UNION, "4011"))
    assert [s for _, s, *_ in _check(hsn, Log(start, steps))] == [1, 3]
