"""Real logs with findings that measure distances, for the HTML report's tests and the guide's screenshots.

Into the Woods, Scenario 2, on a copy of the game whose player cells are filled as in
``test_rule_logs`` (a patch of terrain with a road, leaders' printed ranges, the Confederate
supply source): a log VASSAL records (script-log) in which Gladden strays out of Withers' range
and his 25 AL then moves (4.15), with a chat line holding a long unbroken token (a pasted link),
and a log written with the project's log writer in which three units resupply: 7 MS on a failed
roll, 5 MS next to the enemy, 9 MS with its supply line cut (10.92). The logs' file names are
long, as players' file names are. ``planted_logs`` makes them and checks the written log against
VASSAL's own replay.
"""

from __future__ import annotations

from pathlib import Path

import engine
from test_rule_logs import BEAUREGARD, Built, command_script, patched_itw, record, supply_log
from viewlogs import same_board

from vassal.replay import replay_file

LONG_TOKEN = "https://example.org/forum/" + "a1b2c3d4" * 30
"""A link pasted in the chat: no blank to break it at."""
COMMAND_LOG = "turn-15-confederate-division-orders-and-the-withers-gladden-trace-as-recorded.vlog"
SUPPLY_LOG = "turn-15-confederate-ammo-resupply.vlog"


def planted_logs(out: Path) -> tuple[Built, dict[str, Path]]:
    """The game's folder and module under ``out``, and the two logs by kind (command, supply)."""
    engine.require()
    built = patched_itw(out)
    supply = supply_log(built, out / SUPPLY_LOG, planted=True)
    same_board(engine.decode_log(built.vmod, supply), replay_file(str(supply), built.module))
    command = record(built, command_script(True) + f"chat {LONG_TOKEN}\n", out / COMMAND_LOG, BEAUREGARD,
                     "Sound the Long Roll")    # script-log checks its own log with decode-log
    return built, {"command": command, "supply": supply}
