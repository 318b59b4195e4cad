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

import shutil
from pathlib import Path

import engine
from rule_terrain import patch, write_patch
from test_rule_logs import BEAUREGARD, RANGES, ROAD, SOURCES, Built, _build, command_script, record, supply_log
from viewlogs import same_board

from gamedata import load_game
from vassal.replay import replay_file

LONG_TOKEN = "https://example.org/forum/" + "a1b2c3d4" * 30
"""A link pasted in the chat: no blank to break it at."""
COMMAND_LOG = "turn-15-confederate-division-orders-and-the-withers-gladden-trace-as-recorded.vlog"
SUPPLY_LOG = "turn-15-confederate-ammo-resupply.vlog"


def patched_game(out: Path) -> Built:
    """Into the Woods with the player's cells of ``test_rule_logs`` filled, built under ``out``."""
    folder = out / "into-the-woods-shiloh"
    shutil.copytree(SOURCES / "into-the-woods-shiloh", folder)
    game = patch(load_game(folder), roads=[ROAD], ranges=RANGES, columns=range(24, 49), rows=range(12, 31),
                 parameters={"supply-source.Confederate": "S2825"})
    write_patch(folder, game)
    return _build(folder, out)


def planted_logs(out: Path) -> tuple[Built, dict[str, Path]]:
    """The game's folder and module under ``out``, and the two logs by kind (command, supply)."""
    engine.require()
    built = patched_game(out)
    supply = supply_log(built, out / SUPPLY_LOG, planted=True)
    same_board(engine.decode_log(built.vmod, supply), replay_file(str(supply), built.module))
    command = record(built, command_script(True) + f"chat {LONG_TOKEN}\n", out / COMMAND_LOG, BEAUREGARD,
                     "Sound the Long Roll")    # script-log checks its own log with decode-log
    return built, {"command": command, "supply": supply}
