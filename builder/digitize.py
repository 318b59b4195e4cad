"""Draft a map's terrain from a picture of it: `adjutant digitize`.

The picture is a module's board read with the module's own grid (`--module`; a grid without
numbering is numbered as the game numbers the map), or a scan under the map's `[maps.scan]`
calibration (`builder.map_image`): either way every hex centre is the point VASSAL names with
that hex. It is read by likeness to the hexes and hexsides the player names as samples
(`terrain.xlsx` Samples: `builder.samples`), else by the colours of a legend (Legend rows, or
adjutant's own drawing: `builder.colour_legend`). The draft, its overlay picture and the
doubtful cells are written by `builder.terrain_draft`.
"""
from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from builder.colour_legend import read_colours
from builder.map_image import MapImage
from builder.samples import read_samples
from builder.terrain_draft import DigitizeError, Draft, doubtful_csv, overlay, write_drafts
from gamedata.model import Game
from gamedata.workbook import write_text_atomically
from vassal.archive import write_atomically


def read(game: Game, folder: Path, picture: MapImage, progress: Callable[[int, int], None] | None = None) -> list[Draft]:
    """A draft per map the picture shows: by samples where the maps have Samples rows."""
    ids = {m.id for m in picture.maps}
    if any(s.map in ids for s in game.samples):
        return read_samples(game, picture, progress)
    return read_colours(game, folder, picture)


@dataclass(frozen=True)
class Written:
    drafts: list[Draft]
    workbook: Path
    overlay: Path
    doubtful: Path


def digitize(game: Game, folder: Path, picture: MapImage, out_dir: Path,
             progress: Callable[[int, int], None] | None = None) -> Written:
    """Read the picture, write the draft into terrain.xlsx, the overlay and the doubtful list."""
    drafts = read(game, folder, picture, progress)
    out_dir.mkdir(parents=True, exist_ok=True)
    picture_path = out_dir / f"digitize-{picture.name}-overlay.png"
    listing = out_dir / f"digitize-{picture.name}-doubtful.csv"
    buffer = io.BytesIO()
    overlay(picture, game, drafts).save(buffer, format="PNG")
    write_atomically(picture_path, buffer.getvalue())
    write_text_atomically(listing, doubtful_csv(game.terrain, drafts))
    workbook = write_drafts(game, folder, drafts, picture)
    return Written(drafts, workbook, picture_path, listing)


__all__ = ["DigitizeError", "Draft", "Written", "digitize", "read"]
