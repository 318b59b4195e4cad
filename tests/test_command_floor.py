"""Hex distance alone proves a leader out of command when the map's terrain is missing, once the
trace floor (the cheapest cost any hex can have, from the system's Terrain Effects Chart) is known.

Atlanta 5.1d.8 (L584): division commanders within "the usual 8 movement points of their Corps
commander" (rules.xlsx Ranges level:corps). The bundled game has no map terrain, and the CWB
Terrain Effects Chart is not in the rulebook set, so its `trace-floor` cell is empty; a player
fills it in his layer (`player/rules.xlsx`) from his own chart: 0.5 MP here (made up, as a
primary road might cost). Then a division commander 20 hexes from his corps commander is at
least 10 MP from him: out of command, whatever the terrain between. The logs are recorded in
VASSAL (script-log) from the 5.1 setup: Sweeny (2nd Division, 16th Corps) moves away from
Dodge at A28.17, to A8.20 (20 hexes) or, in the clean twin, to A26.18 (2 hexes: within range
or not cannot be told without terrain, and is said not checked, not judged).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import engine
import pytest
from test_rule_logs import SHERMAN, Built, _build, findings, judged, record
from viewlogs import same_board

from gamedata.workbook import SheetData, write_workbook
from referee.findings import Severity
from referee.run import run_check
from vassal.replay import replay_file

SOURCES = Path(__file__).resolve().parents[1] / "sources"
JULY_22 = "Historical Battle of Atlanta, July 22 1864"


@pytest.fixture(scope="module")
def atlanta(tmp_path_factory: pytest.TempPathFactory) -> Built:
    out = tmp_path_factory.mktemp("atlanta-floor")
    folder = out / "atlanta"
    shutil.copytree(SOURCES / "atlanta", folder)
    (folder / "player").mkdir(exist_ok=True)
    write_workbook(folder / "player" / "rules.xlsx", [SheetData("Parameters", ("key", "value", "source"), (
        {"key": "trace-floor", "value": 0.5, "source": "the player's CWB Terrain Effects Chart (made up)"},))])
    return _build(folder, out)


@pytest.fixture(scope="module")
def logs(atlanta: Built, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("floor-logs")
    return {name: record(atlanta, f'move "Sweeny" "Main Map" {to}\n', out / f"{name}.vlog", SHERMAN, JULY_22)
            for name, to in (("far", "A8.20"), ("near", "A26.18"))}


@pytest.mark.parametrize("name", ["far", "near"])
def test_each_log_replays_in_vassal_to_our_board(atlanta, logs, name):
    same_board(engine.decode_log(atlanta.vmod, logs[name]), replay_file(str(logs[name]), atlanta.module))


def test_a_division_commander_far_beyond_his_radius_is_caught_by_hex_distance_alone(atlanta, logs):
    (f,) = judged(findings(atlanta, logs["far"], ("command",)))
    assert (f.step, f.player, f.severity, f.pieces) == (1, "Sherman", Severity.ERROR, ("Sweeny", "Dodge"))
    assert f.message == ("out of command after step 1: Sweeny at A8.20 was 20 hexes away, at least 0.5 MP each from "
                         "Dodge at A28.17, beyond his 8 MP command range")
    assert f.rule == "5.1d.8 Command Radius (rulebook line 584)"
    assert [p.name for p in f.locations] == ["A8.20", "A28.17"]


def test_within_reach_it_is_not_judged_and_without_the_floor_the_cell_is_named(atlanta, logs):
    near = findings(atlanta, logs["near"], ("command",))
    assert judged(near) == []
    assert not any("trace-floor" in f.message for f in near)       # the floor is known: terrain is what is missing
    bundled = [f for f in run_check([logs["far"]], module=atlanta.module, game=SOURCES / "atlanta",
                                    check_ids=["command"]).findings if f.check == "command"]
    assert judged(bundled) == []                                    # no floor, no terrain: nothing proves it
    (unchecked,) = [f.message for f in bundled if "without terrain" in f.message]
    assert "rules.xlsx:Parameters:18:value (trace-floor)" in unchecked
