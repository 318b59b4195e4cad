"""Logs recorded by the real VASSAL (`script-log`) on the Kassala author's module, as its players
would: counters dragged to hexes, the module's one die button (`1d6`), deletions from a counter's
menu, chat. The author's grid has no numbering, so a hex is reached by its map point (the centre
VASSAL's grid gives the hex under our numbering, sources/kassala/game.toml); VASSAL itself names
the hexes of each log when the same numbering is put on the author's grid (`numbered_module`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import engine
from conftest import REPO
from kassala_module import KASSALA, numbered_module, zip_module
from viewlogs import same_board

from gamedata import load_game
from referee.community import numbered
from referee.report import CheckReport
from referee.run import run_check
from vassal.grid import Size
from vassal.module import read_module
from vassal.replay import replay_file

GAME = REPO / "sources" / "kassala"
#: The players; a password is a player id and is never shown.
MOSLEM, CHRISTIAN = ("Imam", "Moslem", "moslem-pw"), ("Galawdewos", "Christian", "christian-pw")
COLUMNS = ("1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1")
_CRT_ROW = re.compile(r"^\s+([1-6])\s+((?:(?:AE|DE|EX|C)\s+){7}(?:AE|DE|EX|C))\s*$", re.MULTILINE)
_ROLL = re.compile(r"\*\*\* 1d6 = (\d) \*\*\*")


def printed_crt() -> dict[tuple[int, str], str]:
    """Fig. 4-17 as rules.md prints it: (die roll, odds column) -> result. The tests' oracle for
    the combat chart, read from the rules' own text, not from combat.xlsx."""
    rows = _CRT_ROW.findall((KASSALA / "rules.md").read_text(encoding="utf-8"))
    assert [int(r) for r, _ in rows] == [1, 2, 3, 4, 5, 6]
    return {(int(roll), column): code for roll, codes in rows for column, code in zip(COLUMNS, codes.split())}


@dataclass
class Kassala:
    """The author's module (zipped), the same with our numbering (for VASSAL's names), and a
    folder for logs."""

    vmod: Path
    named_vmod: Path
    out: Path

    @classmethod
    def make(cls, folder: Path) -> Kassala:
        return cls(zip_module(folder / "kassala.vmod"), numbered_module(folder / "numbered" / "vmod"), folder)

    def at(self, hex_id: str) -> str:
        """The map point script-log drops a counter on to put it in ``hex_id``."""
        module = numbered(read_module(self.vmod), load_game(GAME))
        board = module.map("Main Map").boards[0]
        x, y = board.grid.point_for(hex_id, Size(board.width, board.height))
        return f"{x},{y}"

    def record(self, name: str, actions: list[str], *, start: Path | None = None,
               player: tuple[str, str, str] = MOSLEM) -> engine.Recorded:
        """A log of ``actions`` (script-log lines; `{0304}` is replaced by that hex's point), from
        the author's Default Setup or from ``start``."""
        script = "\n".join(re.sub(r"\{(\d{4})\}", lambda m: self.at(m[1]), a) for a in actions) + "\n"
        who, side, password = player
        return engine.script_log(self.vmod, script, self.out / f"{name}.vlog", player=who, password=password,
                                 side=side, setup=None if start else "Default Setup", start=start)

    def piece(self, log: Path, name: str, hex_id: str) -> str:
        """How a script continuing ``log`` names the counter ``name`` in ``hex_id``: `NAME#N`, N its
        rank among the counters of that name in VASSAL's own listing at the end of ``log``."""
        same = [p for p in engine.decode_log(self.named_vmod, log).final if p.name == name]
        (rank,) = [i for i, p in enumerate(same, 1) if p.loc == hex_id]
        return f"{name}#{rank}"

    def check(self, logs: list[Path], previous: list[Path] = (), game: Path = GAME) -> CheckReport:
        """``adjutant check LOGS --previous ... --module kassala.vmod --game sources/kassala``."""
        return run_check(logs, list(previous), read_module(self.vmod), game)

    def same_board(self, log: Path) -> None:
        """VASSAL's replay of ``log`` (on the author's grid with our numbering) ends on our board."""
        module = numbered(read_module(self.vmod), load_game(GAME))
        same_board(engine.decode_log(self.named_vmod, log), replay_file(str(log), module))


def rolled(recorded: engine.Recorded) -> int:
    """The die the log's `1d6` roll showed (the module reports `*** 1d6 = N *** <player>`)."""
    (value,) = [int(m[1]) for r in recorded.results if (m := _ROLL.search(r))]
    return value
