"""Which images a module needs, under which archive names, drawn from which art.

Names are derived from unit ids and status codes (never from list positions), so a
rebuild after an OOB change renames nothing else. Rendering is left to the caller
(`ImageArt.render`), which goes through the image cache.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from PIL import Image

from builder.boards import BoardArt, render_board
from builder.charts import ChartArt, render_chart
from builder.counters import (
    COUNTER_SIZE,
    BackArt,
    CounterArt,
    MarkerArt,
    render_back,
    shows_whole,
    render_counter,
    render_marker,
    side_colours,
)
from builder.displays import DisplayArt, render_display
from gamedata.model import Game, Unit
from gamedata.systems import StatusLayer, Symbol, SystemProfile, symbol_for

BADGE_ROW = COUNTER_SIZE // 5
"""A badge's height: five rows of badges cover a counter."""
BADGE_SIZES = ((COUNTER_SIZE // 2 - 2, BADGE_ROW), (COUNTER_SIZE - 2, BADGE_ROW), (COUNTER_SIZE - 2, 2 * BADGE_ROW))
"""Half a counter wide (two side by side), the counter's width, then two rows tall."""

Art = CounterArt | BackArt | MarkerArt | BoardArt | DisplayArt | ChartArt


@dataclass(frozen=True)
class ImageArt:
    """One archive image (`images/<name>`) and the art that draws it."""

    name: str
    art: Art

    def render(self) -> Image.Image:
        if isinstance(self.art, CounterArt):
            return render_counter(self.art)
        if isinstance(self.art, MarkerArt):
            return render_marker(self.art)
        if isinstance(self.art, BackArt):
            return render_back(self.art)
        if isinstance(self.art, DisplayArt):
            return render_display(self.art)
        if isinstance(self.art, ChartArt):
            return render_chart(self.art)
        return render_board(self.art)


def slug(text: str) -> str:
    """A file-name-safe form of an id, with a hash so distinct ids never collide."""
    safe = re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_")[:40]
    return f"{safe}_{hashlib.sha256(text.encode('utf-8')).hexdigest()[:8]}"


def unit_image(unit: Unit) -> str:
    return f"unit_{slug(unit.unit_id)}.png"


def back_image(layer: StatusLayer, step: int) -> str:
    return f"back_{slug(layer.step_code(step))}.png"


def badge_image(layer: StatusLayer, step: int) -> str:
    return f"badge_{slug(layer.step_code(step))}.png"


def badge_size(layer: StatusLayer) -> tuple[int, int]:
    """The smallest badge that shows every level of the layer whole at a legible size
    ("Disorganized", Atlanta's "Bridge Destroyed"): the text is the rulebook's, never cut."""
    labels = [layer.label(step) for step in range(len(layer.steps))]
    return next((size for size in BADGE_SIZES if all(shows_whole(label, *size) for label in labels)),
                BADGE_SIZES[-1])


def marker_image(layer: StatusLayer, step: int) -> str:
    return f"marker_{slug(layer.step_code(step))}.png"


def counter_values(unit: Unit) -> str:
    """What the counter prints under the name: the printed text, else strength or manpower."""
    if unit.counter_text:
        return unit.counter_text
    if unit.strength:
        return unit.strength
    return "" if unit.manpower is None else str(unit.manpower)


def unit_symbol(unit: Unit) -> Symbol:
    return symbol_for(unit.type)


def counter_art(game: Game, unit: Unit) -> CounterArt:
    return CounterArt(side_colours(unit.side, game.sides), unit_symbol(unit), unit.name, unit.command,
                      counter_values(unit))


def unit_images(game: Game) -> list[ImageArt]:
    """The front of every unit (back sides are shared overlays, see `status_images`)."""
    return [ImageArt(unit_image(unit), counter_art(game, unit)) for unit in game.units]


def status_images(profile: SystemProfile) -> list[ImageArt]:
    """For every status step: a badge, or for a back side the overlay that flips the counter
    (both drawn on units), and a full-size marker for the palette."""
    images = []
    for layer in profile.layers:
        for step in range(len(layer.steps)):
            label = layer.label(step)
            if layer.back_side:
                images.append(ImageArt(back_image(layer, step), BackArt(label.upper())))
            else:
                images.append(ImageArt(badge_image(layer, step), MarkerArt(label, layer.colour, (0, 0, 0), *badge_size(layer))))
            images.append(ImageArt(marker_image(layer, step), MarkerArt(label, layer.colour)))
    return images
