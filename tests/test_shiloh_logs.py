"""Classic Shiloh's special rules on a log the real VASSAL records: the module built from the
made-up filled copy (tests/shiloh_game.py: test data, not the printed map or counters), its
"Shiloh" setup, one ``script-log`` (Turn 1: the Confederates move, then the Union's forced moves —
Prentiss north-west, the battery left in place —, the turn tracker's next, a Confederate move) and
one ``decode-log`` (the same final board as our replay). The turn the rules read is the module's
Turn counter; the positions-only cases are in test_shiloh_rules.py."""
from __future__ import annotations

import engine
import pytest
from shiloh_game import filled_copy
from viewlogs import same_board

from builder.module import build_module
from referee.findings import Severity
from referee.run import run_check
from vassal.module import read_module
from vassal.replay import replay_file

SCRIPT = ('move "Hardee" "Main Map" 1309\n'       # 1: Confederate movement, Turn 1
          'move "Sherman" "Main Map" 1206\n'      # 2: north
          'move "Prentiss" "Main Map" 1305\n'     # 3: north-west: not allowed
          'move "Tyler" "Main Map" 1604\n'        # 4: the gunboat up the river, north
          'turn next\n'                           # 5: Turn 2 (the battery never moved)
          'move "Bragg" "Main Map" 1309\n')       # 6: the Confederates begin Turn 2


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory):
    out = tmp_path_factory.mktemp("shiloh-log")
    folder = filled_copy(out)
    vmod = build_module(folder, out).path
    log = out / "shiloh-t1.vlog"
    result = engine.script_log(vmod, SCRIPT, log, player="Grant", password="grant-Pa55w0rd-5310", side="Union",
                               setup="Shiloh")
    assert result.verified, "\n".join(result.run.lines[-20:])
    module = read_module(vmod)
    return vmod, module, folder, log


def test_the_log_replays_in_vassal_to_our_board(recorded):
    vmod, module, _, log = recorded
    same_board(engine.decode_log(vmod, log), replay_file(str(log), module))


def test_the_forced_union_moves_are_judged_on_the_modules_turn(recorded):
    _, module, folder, log = recorded
    found = [f for f in run_check([log], module=module, game=folder, check_ids=["movement"]).findings
             if f.severity is Severity.ERROR]
    assert [(f.step, f.pieces, f.rule) for f in found] == [
        (3, ("Prentiss",), "forced Union move (rulebook line 9)"),
        (5, ("Battery",), "forced Union move (rulebook line 9)")]
    assert "moved from 1405 to 1305 (NW of it) on turn 1" in found[0].message
    assert "did not move from 1506 on turn 1" in found[1].message
