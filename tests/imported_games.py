"""What the tests of games imported from a rulebook share: where they live and how they are re-checked.

A committed game folder must be exactly what the importer writes today, so each
game's tests re-import its rulebook into a fresh folder and compare bytes.
"""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from gamedata.import_kit.run import run_import
from gamedata.load import load_game
from gamedata.model import Game

SOURCES = Path(__file__).resolve().parents[1] / "sources"
#: Every file an import writes.
IMPORT_OUTPUTS = ("oob.xlsx", "scenarios.xlsx", "tables.xlsx", "terrain.xlsx", "effects.xlsx", "import-report.json",
                  "import-report.md")


def game_fixture(folder: Path) -> Any:
    """A module-scoped ``game`` fixture: the committed folder, loaded once for all of a module's tests."""
    @pytest.fixture(scope="module")
    def game() -> Game:
        return load_game(folder)
    return game


def table_result(game: Game, table_id: str, case: str) -> str:
    """The result printed for ``case`` (the ``roll`` column) in table ``table_id``."""
    table = next(t for t in game.tables if t.table_id == table_id)
    return next(r.result for r in table.rows if r.roll == case)


def assert_reimport_reproduces(rulebook: Path, game_id: str, folder: Path, tmp_path: Path) -> None:
    """Import ``rulebook`` beside a copy of the game's definition; every output must equal the committed file."""
    shutil.copy(folder / "game.toml", tmp_path / "game.toml")
    run_import(rulebook, game_id, tmp_path)
    for name in IMPORT_OUTPUTS:
        assert (tmp_path / name).read_bytes() == (folder / name).read_bytes(), name
