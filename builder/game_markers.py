"""Game markers: the counters a result or a rule tells a player to place that belong to no unit
(the Winter Weather Start marker on the turn track). They come from `[[markers]]` in game.toml,
sit in the Markers palette, and are plain named pieces, so a log shows them placed and removed by
name — which is how the referee checks a table result that places one (`place=NAME`)."""
from __future__ import annotations

from builder.artwork import ImageArt, slug
from builder.counters import COUNTER_SIZE, MarkerArt
from gamedata.model import Game
from vassal import components as c
from vassal.buildfile import Element
from vassal.piece import Piece
from vassal.traits.actions import Delete
from vassal.traits.basic import BasicPiece
from vassal.traits.props import Marker

FILL = (215, 215, 215)


def image(name: str) -> str:
    return f"game_marker_{slug(name)}.png"


def key(name: str) -> str:
    """The gpid key of a game marker's palette slot."""
    return f"game-marker:{name}"


def keys(game: Game) -> list[str]:
    return [key(m.name) for m in game.markers]


def images(game: Game) -> list[ImageArt]:
    return [ImageArt(image(m.name), MarkerArt(m.name.replace(" ", "\n", 1), FILL)) for m in game.markers]


def piece(name: str, gpid: str) -> Piece:
    return Piece((Delete(), Marker({"Type": "Game marker"}), BasicPiece(image=image(name), name=name, gpid=gpid)))


def panel(game: Game, gpids: dict[str, str]) -> list[Element]:
    """The "Game markers" panel of the Markers palette tab (none when the game has no markers)."""
    if not game.markers:
        return []
    return [c.panel_widget("Game markers", [c.piece_slot(m.name, gpids[key(m.name)],
                                                         piece(m.name, gpids[key(m.name)]).slot_text(),
                                                         (COUNTER_SIZE, COUNTER_SIZE))
                                            for m in game.markers], columns=8)]
