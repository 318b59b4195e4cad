"""The `units` check on logs recorded by the real VASSAL (``script-log``), Into the Woods Scenario 1
on a module built from the bundled game: 10.92 (L400) "Mounted cavalry does not ammo deplete" and
14.2 (L478) "There are no dismounted cavalry in this game". The cavalry battalion 1 Bn 5 OH Cav
(S5406 at the start) given a Low Ammo marker is caught at that step; the clean twin gives the marker
to the infantry regiment 40 IL (S2103), which may deplete, and is silent. 10.91 (L374): 40 IL at Low
Ammo, declared in the chat firing "full fire" (without the -2), and left at Low Ammo is caught at the
chat line; its twin depletes it to No Ammo and is silent; a log with a Low Ammo infantry unit and no
such line says the rule was not checked and what to write. The check runs because
the game's ``[referee] checks`` list names it (no ``check_ids``): ``adjutant check --game`` as a
player runs it."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pbem import BuiltGame, Player
from test_scenario_logs import record
from viewlogs import SOURCES

from builder.module import build_module
from gamedata import load_game
from referee.findings import Finding, Severity
from referee.run import run_check
from vassal.module import read_module

GRANT = Player("Grant", "Union", "grant-Pa55w0rd-9902")
SHILOH = "Shiloh: Bloody April - Historical April 6th Battle"
SCRIPTS = {"cavalry": 'key "40 IL" "Ammo on/off"\nkey "1 Bn 5 OH Cav" "Ammo on/off"\n',
           "infantry": 'key "40 IL" "Ammo on/off"\nkey "40 IL" "Ammo +"\n',
           "full-fire": 'key "40 IL" "Ammo on/off"\nchat "Grant: 40 IL full fire at S2203"\n',
           "full-fire-depleted": 'key "40 IL" "Ammo on/off"\nchat "Grant: 40 IL full fire at S2203"\n'
                                 'key "40 IL" "Ammo +"\n'}


@pytest.fixture(scope="module")
def found(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Finding]]:
    out = tmp_path_factory.mktemp("itw-units")
    folder = out / "into-the-woods-shiloh"
    shutil.copytree(SOURCES / "into-the-woods-shiloh", folder)
    vmod = build_module(folder, out).path
    built = BuiltGame(folder, load_game(folder), vmod, read_module(vmod))
    logs = {}
    for name, script in SCRIPTS.items():
        path = record(built, script, out / f"{name}.vlog", GRANT, setup=SHILOH)
        logs[name] = [f for f in run_check([path], module=built.module, game=folder).findings if f.check == "units"]
    return logs


def test_cavalry_marked_low_ammo_is_caught_at_its_step(found) -> None:
    [f, unchecked] = found["cavalry"]          # 40 IL left at Low Ammo, no chat: 10.91 not checked
    assert unchecked.severity == Severity.NOT_CHECKED and "no chat line says 'full fire'" in unchecked.message
    assert (f.severity, f.step, f.pieces, [p.name for p in f.locations]) == (
        Severity.ERROR, 2, ("1 Bn 5 OH Cav",), ["S5406"])
    assert f.message == "1 Bn 5 OH Cav (Cav) marked low ammo at S5406: Cav and Gunboat units never deplete ammunition"
    assert f.rule == "10.92, 14.2, 14.75 (rulebook line 400)"


def test_infantry_depleting_is_silent(found) -> None:
    assert found["infantry"] == []


def test_full_fire_at_low_ammo_without_depleting_is_caught_at_the_chat_line(found) -> None:
    [f] = found["full-fire"]
    assert (f.severity, f.step, f.pieces, [p.name for p in f.locations]) == (
        Severity.ERROR, 2, ("40 IL",), ["S2103"])
    assert f.message.startswith("40 IL at S2103 fired at Low Ammo without the -2 ('full fire' in the chat) but "
                                "still shows low ammo")
    assert f.rule == "10.91 (rulebook line 374)"
    assert found["full-fire-depleted"] == []
