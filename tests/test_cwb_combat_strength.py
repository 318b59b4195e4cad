"""The CWB Regimental Sub-Series' strengths in a combat table's column (rulebook 002): 23.0e (L207) "Each
artillery unit counts as one, regardless of size" in the odds (rules.xlsx ``odds.artillery-counts``), and 26.3.2
(L227) artillery fire at infantry or dismounted cavalry beyond 10 hexes halved (tables.xlsx ``rss-fire-limits``).
The rulebook prints neither the Close Combat nor the Fire Combat Table, nor any regiment: the two tables here
are made-up test charts (an odds table whose 1:1 column costs the defender 1 SP and 2:1 column 2 SP; a fire-points
table, 1-4 points 1 SP, 5-8 points 2 SP) and the units made up, run through the combat check on made-up views."""
from __future__ import annotations

import shutil
from dataclasses import dataclass, replace
from pathlib import Path
from types import SimpleNamespace

import pytest
from rule_views import U, V

from gamedata import load_game
from gamedata.hexids import HexIds
from gamedata.load import USER_WORKBOOKS, columns
from gamedata.model import MapDef, Unit
from gamedata.workbook import SheetData, write_workbook
from referee.dice import Roll
from referee.findings import Severity
from referee.rules.combat import check_combat
from referee.timeline import StepView
from vassal.replay import Step

RSS = Path(__file__).resolve().parents[1] / "sources" / "cwb-regimental"
MAP = MapDef("M", "Test map", "", "CCRR", (1, 30), (1, 20), "even")
TABLES = {"cc": ("Close Combat Test Table", "odds", ("1:1", "2:1")), "fire": ("Fire Test Table", "points",
                                                                             ("1-4", "5-8"))}


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("rss-combat") / "cwb-regimental"
    shutil.copytree(RSS, folder)
    rows = {"Combat Tables": [{"table_id": t, "name": name, "system": "CWB", "kind": kind, "die": "1d6",
                               "below": "not allowed", "clamp": True, "section": "test"}
                              for t, (name, kind, _) in TABLES.items()],
            "Combat Columns": [{"table_id": t, "column": c} for t, (_, _, cols) in TABLES.items() for c in cols],
            "Combat Results": [{"table_id": t, "roll": r, "column": c, "result": f"D{i + 1}", "attacker_loss": 0,
                                "defender_loss": i + 1, "defender_retreat": 0}
                               for t, (_, _, cols) in TABLES.items() for i, c in enumerate(cols) for r in range(1, 7)]}
    write_workbook(folder / "combat.xlsx", [SheetData(s.name, columns(s.schema), tuple(rows.get(s.name, ())))
                                            for s in USER_WORKBOOKS["combat.xlsx"]])
    units = (Unit("26a", "Confederate", "26 NC a", "Inf", formation="B", strength="9"),
             Unit("Bty1", "Confederate", "Bty 1", "Art", formation="B", strength="4"),
             Unit("Bty2", "Confederate", "Bty 2", "Art", formation="B", strength="4"),
             Unit("U1", "Union", "1 MN", "Inf", formation="U", strength="8"),
             Unit("UBty", "Union", "Union Bty", "Art", formation="U", strength="6"),
             Unit("UCav", "Union", "1 ME Cav", "Cav", formation="U", strength="3"))
    return replace(load_game(folder), maps=(MAP,), units=units)


@dataclass(frozen=True)
class P(U):
    piece_id: str = ""


def fought(game, table, attackers, defenders, lost, status=None):
    """The combat check's findings: attackers and defenders ({unit: hex}) marked at step 1, the roll (a 3) at
    step 2, the first defender's counter ``lost`` SP lower at step 3."""
    ids = HexIds(game.maps)
    name = TABLES[table][0]

    def view(step, less=0):
        units = {}
        for uid, h in {**attackers, **defenders}.items():
            marks = {"attacking": "yes" if uid in attackers and step else "no",
                     "defending": "yes" if uid in defenders and step else "no", **(status or {}).get(uid, {})}
            now = int(game.unit(uid).strength) - (less if uid == next(iter(defenders)) else 0)
            units[uid] = P(game.unit(uid), ids.parse(h), "B", status=marks, strength=str(now), location=h,
                           piece_id=f"p-{uid}")
        return V(step, units)

    views = [view(0), view(1), view(2), view(3, lost)]
    roll = Roll(2, "Lee", name, (3,), 6, "")
    log = SimpleNamespace(label="t.vlog", steps=[StepView(1, "Lee", False), StepView(2, "Lee", False, rolls=(roll,)),
                                                 StepView(3, "Lee", False)],
                          replay=SimpleNamespace(steps=[Step(i, (), (), "Lee", "Confederate") for i in (1, 2, 3)]))
    ctx = SimpleNamespace(game=game, views=SimpleNamespace(at=lambda s: views[s]), log=log, carried={})
    return list(check_combat(ctx))


def test_each_battery_counts_one_in_the_close_combat_odds(game):
    """26 NC a (9) with two 4-gun batteries against 1 MN (8): 11 to 8 (1:1, D1), not 17 to 8 (2:1, D2)."""
    attack, defend = {"26a": "1010", "Bty1": "1010", "Bty2": "1009"}, {"U1": "1110"}
    assert fought(game, "cc", attack, defend, lost=1) == []
    (f,) = fought(game, "cc", attack, defend, lost=2)
    assert f.severity is Severity.ERROR and ("(marked attacking/defending, Bty 1 counts 1, Bty 2 counts 1): 11:8 -> "
                                             "column 1:1") in f.message, f.message
    # a defending battery counts one too: 9 against 8 + 1 = 1:1
    assert fought(game, "cc", {"26a": "1010"}, {"U1": "1110", "UBty": "1110"}, lost=1) == []


def test_artillery_fire_at_infantry_beyond_10_hexes_is_halved(game):
    """The 6-gun Union battery at 26 NC a 14 hexes away fires 3 points (1-4: D1); at 8 hexes 6 (5-8: D2)."""
    assert fought(game, "fire", {"UBty": "1001"}, {"26a": "1015"}, lost=1) == []
    (f,) = fought(game, "fire", {"UBty": "1001"}, {"26a": "1015"}, lost=2)
    assert "(marked attacking/defending, Union Bty halved beyond 10 hexes): 3 points -> column 1-4" in f.message
    assert fought(game, "fire", {"UBty": "1001"}, {"26a": "1009"}, lost=2) == []              # 8 hexes: 6 points
    # a battery among the targets: not 'infantry or dismounted cavalry' (the lenient reading: face value)
    assert fought(game, "fire", {"UBty": "1001"}, {"26a": "1015", "Bty1": "1015"}, lost=2) == []


def test_mounted_cavalry_is_not_halved_at(game):
    """Two 4-gun batteries at a cavalry unit 14 hexes away: 2 + 2 points dismounted (D1), 8 mounted (D2)."""
    guns, far = {"Bty1": "1001", "Bty2": "1001"}, {"UCav": "1015"}
    assert fought(game, "fire", guns, far, lost=1, status={"UCav": {"mounted": "no"}}) == []
    assert fought(game, "fire", guns, far, lost=2, status={"UCav": {"mounted": "yes"}}) == []
    assert fought(game, "fire", guns, far, lost=1, status={"UCav": {"mounted": "yes"}}) != []
