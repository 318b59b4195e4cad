"""Registry of rulebook importers: game id -> module with `GAME_ID`, `TITLE` and `build(ctx)`."""
from __future__ import annotations

import importlib
from types import ModuleType

IMPORTERS: dict[str, str] = {
    "hood-strikes-north": "gamedata.importers.hood_strikes_north.build",
    "into-the-woods-shiloh": "gamedata.importers.into_the_woods.build",
    "atlanta": "gamedata.importers.atlanta.build",
    "cwb-regimental": "gamedata.importers.cwb_regimental.build",
    "shiloh": "gamedata.importers.shiloh.build",
}


class UnknownGame(LookupError):
    """No importer is registered for the game id."""


def importer_for(game: str) -> ModuleType:
    """The importer module of `game`; UnknownGame lists the registered ids."""
    if game not in IMPORTERS:
        raise UnknownGame(f"no importer for game '{game}' (known: {', '.join(sorted(IMPORTERS))})")
    try:
        return importlib.import_module(IMPORTERS[game])
    except ModuleNotFoundError as exc:
        if exc.name != IMPORTERS[game]:
            raise
        raise UnknownGame(f"importer for '{game}' is not written yet ({exc.name})") from None
