"""Hood Strikes North's wagon rule that needs only the board (2.2, L131): "a leader may not
stack in a hex with just a wagon; a unit of the leader's command must also be in the hex",
on made-up game views (the activation rules run on planted logs in test_rule_logs)."""
from __future__ import annotations

from pathlib import Path

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.findings import Severity
from referee.rules.gcacw import check_activations
from rule_views import U, V

HSN = Path(__file__).resolve().parents[1] / "sources" / "hood-strikes-north"


def board(game, step, where):
    ids = HexIds(game.maps)
    return V(step, {uid: U(game.unit(uid), ids.parse(h), game.formation_of(uid)) for uid, h in where.items()})


def test_a_leader_alone_with_a_wagon():
    game = load_game(HSN)
    start = {"Schofield": "1220", "Cox": "1220", "Wagon Train A": "1320"}
    alone = list(check_activations(game, [board(game, 0, start), board(game, 1, {**start, "Schofield": "1320"})],
                                   [], "t.vlog"))
    (f,) = [f for f in alone if f.severity is Severity.ERROR]
    assert f.message == "Schofield stacked at 1320 with Wagon Train A and no unit of his command"
    assert f.rule == "2.2 Union Wagon Trains (rulebook line 131)" and f.step == 1
    together = {**start, "Schofield": "1320", "Cox": "1320"}
    assert [f for f in check_activations(game, [board(game, 0, start), board(game, 1, together)], [], "t.vlog")
            if f.severity is Severity.ERROR] == []
