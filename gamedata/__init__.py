"""Game data: the model, loading and validation of `sources/<game>/`, and the rulebook importer."""
from gamedata.load import GameDataError, load_game
from gamedata.model import Game, Problem
from gamedata.validate import validate

__all__ = ["Game", "GameDataError", "Problem", "load_game", "validate"]
