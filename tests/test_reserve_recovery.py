"""Into the Woods 13.55 (L468: rules.xlsx ``recovery.*``): an unbrigaded or unassigned unit that recovers from rout
does so with a brigade in Reserve for the full turn, placed within one hex of its leader, one such unit a brigade
a turn. Made-up positions of the game's own units (16 IA and 15 IA are the 6th Division's unassigned regiments;
Buckland and Ammen brigade leaders), a pure function of the board turn by turn."""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_views import U, V

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.findings import Severity
from referee.rules.reserve import check_reserve_recovery

ITW = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"
PLACED = {"US:16 IA": "S3010", "US:15 IA": "S3011", "US:53 OH": "S3012", "US:Buckland": "S3110",
          "US:Ammen": "S3310"}


@pytest.fixture(scope="module")
def itw():
    return load_game(ITW)


def run(game, frames, turns):
    """Findings over views from ``frames`` ({unit: status changes}) on ``turns`` (a turn id per view)."""
    ids = HexIds(game.maps)
    by_id = {t.id: t for t in game.turns}
    status = {u: {"routed": "no", "orders": "Advance"} for u in PLACED}
    views = []
    for step, (changes, turn) in enumerate(zip(frames, turns)):
        for u, s in changes.items():
            status[u] = {**status[u], **s}
        views.append(V(step, {u: U(game.unit(u), ids.parse(h), game.unit(u).formation, status=dict(status[u]),
                                   location=h) for u, h in PLACED.items()}, by_id[turn]))
    return list(check_reserve_recovery(game, views, "t.vlog", {i: "Grant" for i in range(len(views))}))


ROUTED = {"US:16 IA": {"routed": "yes"}, "US:15 IA": {"routed": "yes"}}
RESERVE = {"US:Buckland": {"orders": "Reserve"}}


def test_an_unbrigaded_unit_recovers_next_to_a_reserve_brigades_leader(itw):
    turns = [15, 16, 16, 17]
    assert run(itw, [{**ROUTED, **RESERVE}, {}, {"US:16 IA": {"routed": "no"}}, {}], turns) == []
    (f,) = run(itw, [ROUTED, {}, {"US:16 IA": {"routed": "no"}}, {}], turns)         # Buckland not in Reserve
    assert (f.severity, f.step, f.pieces, f.rule) == (Severity.ERROR, 2, ("16 IA",), "13.55 (rulebook line 468)")
    assert f.message == ("16 IA (unbrigaded) recovered from rout at step 2, at S3010 at the end of the turn: "
                         "Buckland's brigade is not in Reserve for the whole turn; an unbrigaded or unassigned unit "
                         "recovers with a brigade in Reserve for a full turn, one a brigade, within 1 hex of its leader")
    # in Reserve only from the middle of the turn: not for a full turn
    (f,) = run(itw, [ROUTED, {}, RESERVE, {"US:16 IA": {"routed": "no"}}, {}], [15, 16, 16, 16, 17])
    assert "not in Reserve for the whole turn" in f.message


def test_one_unit_a_reserve_brigade_a_turn_and_only_within_one_hex(itw):
    one, two = {"US:16 IA": {"routed": "no"}}, {"US:15 IA": {"routed": "no"}}
    (f,) = run(itw, [{**ROUTED, **RESERVE}, {}, one, two, {}], [15, 16, 16, 16, 17])
    assert (f.pieces, f.step) == (("15 IA",), 3) and "Buckland's brigade already hosted 1 this turn" in f.message
    assert run(itw, [{**ROUTED, **RESERVE}, {}, one, {}, two, {}], [15, 16, 16, 17, 17, 18]) == []   # next turn
    # Ammen's brigade (S3310, 3 hexes away) in Reserve too does not help
    far = {**RESERVE, "US:Ammen": {"orders": "Reserve"}}
    assert len(run(itw, [{**ROUTED, **far}, {}, one, two, {}], [15, 16, 16, 16, 17])) == 1
    # a brigaded regiment (53 OH) recovering is 13.52's, not this rule's
    assert run(itw, [{"US:53 OH": {"routed": "yes"}}, {}, {"US:53 OH": {"routed": "no"}}, {}], [15, 16, 16, 17]) == []
    # the log ends in the turn: a warning
    (f,) = run(itw, [ROUTED, {}, {"US:16 IA": {"routed": "no"}}], [15, 16, 16])
    assert f.severity is Severity.WARNING
