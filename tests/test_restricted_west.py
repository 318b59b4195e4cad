"""Scenario rules of Atlanta and Hood Strikes North run by the restricted check on stand-in views of
the real games (their units, maps, hex ids and turn tracks).

Atlanta 5.2a.2 (rulebook 004 L667): "Garrard is ordered to ... remain East of hex column 40.xx
until Noon, and 30.xx thereafter. Any change to these orders costs 10 victory points" — the
scenario-rules.toml rows of 5.2, its variant and 5.3 ("Same as 5.2a"), run by the restricted
check on stand-in views of the real game (its units, maps, hex ids and turn track): a move of
Garrard's division west of the line is an error naming the order change, unless the players
recorded it before in the chat ("Garrard: orders changed", the rows' `lifted_by`: in the log, or
in an earlier log of the chain, the check's carry); east of it, or after the line moves back at
Noon, silent. The same chat line is the 10 VP term of the 5.2 and 5.3 tallies (`said`).

Hood Strikes North S9 special rule 3 (rulebook 003 L1687): "A Union wagon is immediately removed
from the map if it enters Nashville (5706, 5707), Murfreesboro (5232), or Fortress Rosecrans
(5131, 5231)", unless the permanent fort in the Fortress Rosecrans hex is destroyed: entering and
going is silent, staying is an error, unless a Fort Destroyed marker stands in the Fortress Rosecrans
hex."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.findings import Severity
from referee.rules import restricted
from vassal.replay import BoardState, PieceState, Step
from rule_views import U

ATLANTA = Path(__file__).resolve().parents[1] / "sources" / "atlanta"
HSN = ATLANTA.parent / "hood-strikes-north"


@pytest.fixture(scope="module")
def game():
    return load_game(ATLANTA)


@dataclass(frozen=True)
class Unit(U):
    """A unit of ``rule_views`` where the report names it (the restricted check's messages)."""

    location: str = ""


class Views(list):
    """The views by step, and the scenario the log plays."""

    def __init__(self, views, scenario):
        super().__init__(views)
        self.scenario = scenario

    def at(self, step):
        return self[step]


def findings(game, scenario, turn, moves, uid="3/2/Cav", start="A45.20", markers=(), chat=None, carried=None):
    """A unit (Garrard's 3/2/Cav, Wilder) from ``start`` through ``moves`` (one a step; None: off
    the map) on scenario turn ``turn``; ``markers``: (name, hex) of game markers on the map from the start;
    ``chat``: step -> a chat line; ``carried``: what the log before handed on."""
    ids = HexIds(game.maps)
    cav = game.unit(uid)
    views = [SimpleNamespace(step=n, scenario_turn=turn, units={uid: Unit(cav, h and ids.parse(h), cav.formation or cav.command,
                                                                         "A", location=h or "")})
             for n, h in enumerate([start, *moves])]
    for v in views:
        v.unit = v.units.get
    start_board = BoardState({f"m{n}": PieceState(f"m{n}", name, "Main Map", 0, 0, h, None, None, "", "")
                              for n, (name, h) in enumerate(markers)}, {}, {})
    replay = SimpleNamespace(initial=start_board, steps=[Step(i, (), (), "Sherman", None) for i in range(1, len(views))])
    chat = chat or {}
    ctx = SimpleNamespace(game=game, views=Views(views, SimpleNamespace(scenario_id=scenario)), opening=True,
                          log=SimpleNamespace(label="t.vlog", replay=replay,
                                              steps=[SimpleNamespace(index=i, player="Sherman", is_undo=False, rolls=(),
                                                                     texts=(chat[i],) if i in chat else ())
                                                     for i in range(1, len(views))]),
                          carried={} if carried is None else {"restricted": carried})
    return list(restricted.check_restricted(ctx))


def test_garrard_east_of_column_40_until_noon(game):
    assert findings(game, "5.2", 10, ["A42.20", "A40.20"]) == []          # column 40 itself let pass
    (f,) = findings(game, "5.2", 10, ["A41.20", "A39.20"])
    assert f.severity is Severity.ERROR and (f.step, f.player, f.pieces) == (2, "Sherman", ("Wilder",))
    assert f.rule == "5.2a.2 Orders (L667)"
    assert "entered A39.20 on Turn 10" in f.message
    assert f.message.endswith("(unless Garrard's orders are changed, at a cost of 10 VP to the Union: no chat line "
                              "says 'Garrard: orders changed' before it)")


CHANGED = "<Sherman> - Garrard: Orders changed (to Decatur)"


def test_an_order_change_recorded_in_the_chat_lifts_the_limit(game):
    assert findings(game, "5.2", 10, ["A41.20", "A39.20"], chat={1: CHANGED}) == []    # said before the move
    assert findings(game, "5.2", 10, ["A39.20"], chat={1: CHANGED}) == []              # in the same step
    (f,) = findings(game, "5.2", 10, ["A39.20", "A38.20"], chat={2: CHANGED})         # said after it
    assert (f.severity, f.step) == (Severity.ERROR, 1)
    assert findings(game, "5.3", 40, ["A29.20"], chat={1: CHANGED}) == []              # both lines lifted
    # said in an earlier log of the chain: the carry lifts it here; another rule's lifting does not
    assert findings(game, "5.2", 10, ["A39.20"], carried=restricted.Carried(
        frozenset({"garrard-east-of-40", "garrard-east-of-30"}))) == []
    assert len(findings(game, "5.2", 10, ["A39.20"], carried=restricted.Carried(frozenset({"other"})))) == 1


def test_the_carry_hands_on_the_lifted_rules(game):
    def ctx(chat, before=frozenset()):
        steps = [SimpleNamespace(index=1, player="Sherman", texts=(chat,))]
        return SimpleNamespace(game=game, log=SimpleNamespace(steps=steps),
                               carried={"restricted": restricted.Carried(before)})
    assert restricted.lifted(ctx(CHANGED)) == {"garrard-east-of-40", "garrard-east-of-30"}
    assert restricted.lifted(ctx("<Sherman> - Garrard moves")) == frozenset()
    assert restricted.lifted(ctx("", frozenset({"garrard-east-of-30"}))) == {"garrard-east-of-30"}


def test_garrard_east_of_column_30_from_noon_in_5_2_and_5_3(game):
    assert findings(game, "5.2", 11, ["A39.20", "A30.20"]) == []          # from the 12:00PM turn: 30.xx
    assert game.turns[10].label == "Jul 20 12:00PM"
    (f,) = findings(game, "5.3", 40, ["A29.20"])
    assert f.message.startswith("Wilder (Union) entered A29.20 on Turn 40: Garrard's cavalry division must remain "
                                "East of hex column 30.xx")
    assert findings(game, "5.1", 10, ["A29.20"]) == []                    # 5.1 gives Garrard no such orders


@pytest.fixture(scope="module")
def hsn():
    return load_game(HSN)


def test_an_s9_wagon_entering_nashville_or_murfreesboro_is_removed(hsn):
    assert findings(hsn, "S9", 5, ["5606", "5706", None], "Wagon Train A", "5506") == []
    (f,) = findings(hsn, "S9", 5, ["5606", "5706", "5706"], "Wagon Train A", "5506")
    assert (f.severity, f.step, f.pieces) == (Severity.ERROR, 2, ("Wagon Train A",))
    assert f.rule == "Scenario 9 special rules, Wagons (L1687)"
    assert f.message.startswith("Wagon Train A (Union) entered 5706 on Turn 5: a Union wagon is immediately removed")
    assert f.message.endswith("; it was never removed")
    assert findings(hsn, "S2", 5, ["5606", "5706"], "Wagon Train A", "5506") == []      # S9's rule only


def test_an_s9_wagon_staying_in_fortress_rosecrans_unless_its_fort_is_destroyed(hsn):
    assert findings(hsn, "S9", 5, ["5131", None], "Wagon Train B", "5130") == []
    (f,) = findings(hsn, "S9", 5, ["5131"], "Wagon Train B", "5130")
    assert f.severity is Severity.ERROR and "unless the permanent fort in that hex is destroyed" in f.message
    # the Fort Destroyed game marker (8.0, L1521) in the hex: the wagon may stay; in the other fort's hex it may not
    assert findings(hsn, "S9", 5, ["5131"], "Wagon Train B", "5130", markers=[("Fort Destroyed", "5131")]) == []
    assert len(findings(hsn, "S9", 5, ["5131"], "Wagon Train B", "5130", markers=[("Fort Destroyed", "5231")])) == 1
