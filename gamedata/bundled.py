"""The games bundled with Adjutant (``sources/<game>``), so a user may name one by its id.

``--game into-the-woods-shiloh`` is the bundled folder; ``--game path/to/folder`` any game
folder. The bundled folders sit beside the packages (a checkout or an editable install);
the current folder's ``sources/`` is looked at too, for a copy of the repository's data.
"""
from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

SOURCES = Path(__file__).resolve().parents[1] / "sources"


class UnknownGame(ValueError):
    """``--game`` names neither a folder nor a bundled game."""


def _roots() -> list[Path]:
    return list(dict.fromkeys(p for p in (SOURCES, Path.cwd() / "sources") if p.is_dir()))


@cache
def bundled() -> dict[str, Path]:
    """Each bundled game's folder by its id (the folder name, as game.toml's ``id``)."""
    found: dict[str, Path] = {}
    for root in _roots():
        for folder in sorted(root.iterdir()):
            if (folder / "game.toml").is_file():
                found.setdefault(folder.name, folder)
    return found


@cache
def bundled_names() -> dict[str, str]:
    """Each bundled game's name (game.toml ``name``, the name of the module we build) by its id."""
    names = {}
    for gid, folder in bundled().items():
        try:
            names[gid] = str(tomllib.loads((folder / "game.toml").read_text(encoding="utf-8")).get("name", ""))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue  # validate reports a broken game.toml; it names no game here
    return names


def game_folder(given: str | Path) -> Path:
    """The game folder ``given`` names: a folder, else a bundled game's id."""
    path = Path(given)
    if path.is_dir():
        return path
    games = bundled()
    if str(given) in games:
        return games[str(given)]
    known = ", ".join(games) or "none found"
    raise UnknownGame(f"--game {given}: no such folder, and no bundled game has that id (bundled games: {known})")
