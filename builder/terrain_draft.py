"""A drafted map terrain: what `adjutant digitize` read, and how it is handed to a person.

The draft goes into the player's layer (`player/terrain.xlsx`), marked `source = digitize`, never
reviewed (validate warns until a person sets `reviewed`), beside an overlay picture of what was
read and the list of doubtful cells, least sure first. Terrain the game already holds (the
game's rows, the player's own, reviewed drafts) is kept as it is and not read again; the
map's unreviewed drafts are replaced.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageDraw

from builder.boards import side_segment
from builder.map_image import DigitizeError, MapImage
from builder.terrain_style import CROSSING_MARKS, style_for
from gamedata.hexids import Hex
from gamedata.layer import PLAYER_DIR, layer_file
from gamedata.load import TERRAIN_FILE, WORKBOOKS, columns
from gamedata.model import Game, MapDef
from gamedata.terrain import Terrain
from gamedata.workbook import SheetData, WorkbookError, read_workbook, write_workbook

DOUBTFUL = 0.6
"""Below this confidence a guess is listed as doubtful."""


@dataclass
class HexGuess:
    hex: Hex
    codes: tuple[str, ...]
    elevation: int | None
    confidence: float
    why: str = ""


@dataclass
class SideGuess:
    """The features read on the side between `a` and `b`; `a` is the hex the row is written
    from: the hex a one-sided feature's marks lie in."""

    a: Hex
    b: Hex
    features: tuple[str, ...]
    confidence: float
    why: str = ""


@dataclass
class Draft:
    """What was read from one map (`legend` says with what), and what was kept from the workbook."""

    map: MapDef
    legend: str
    hexes: list[HexGuess] = field(default_factory=list)
    sides: list[SideGuess] = field(default_factory=list)
    kept_hexes: int = 0
    kept_sides: int = 0

    def doubtful(self) -> list[HexGuess | SideGuess]:
        """The guesses to review, least sure first."""
        return sorted((g for g in (*self.hexes, *self.sides) if g.why), key=lambda g: g.confidence)


@dataclass(frozen=True)
class Kept:
    """What the workbook already holds and digitize must not redo: hexes, hexsides (as
    sorted pairs), and hexes whose sides are all surveyed."""

    hexes: frozenset[Hex]
    sides: frozenset[tuple[Hex, Hex]]
    surveyed: frozenset[Hex]

    @classmethod
    def of(cls, terrain: Terrain) -> Kept:
        return cls(frozenset(x.hex for x in terrain.hexes if not x.draft),
                   frozenset((min(s.a, s.b), max(s.a, s.b)) for s in terrain.hexsides if s.b is not None and not s.draft),
                   frozenset(x.hex for x in terrain.hexes if not x.draft and x.sides_complete))

    def side(self, a: Hex, b: Hex) -> bool:
        return (min(a, b), max(a, b)) in self.sides or a in self.surveyed or b in self.surveyed


def _side_row(terrain: Terrain, map_id: str, guess: SideGuess) -> dict:
    return {"map": map_id, "hex": terrain.hexids.format(guess.a), "side": terrain.direction(guess.a, guess.b),
            "features": ";".join(guess.features), "source": "digitize", "confidence": guess.confidence}


def write_drafts(game: Game, folder: Path, drafts: list[Draft], picture: MapImage) -> Path:
    """Put the drafts into the player's layer (`player/terrain.xlsx`): their maps' unreviewed
    digitized rows are replaced, every other row and sheet of the layer (the player's own
    rows, reviewed drafts, Samples, Legend) is kept as it is. A drafted hex's sides are
    complete (a side without a row is plain) when every hex beside it of the maps read was in
    the picture.
    Returns the workbook's path."""
    path = folder / PLAYER_DIR / TERRAIN_FILE
    book = {}
    if path.is_file():
        try:
            book = read_workbook(path, label=layer_file(TERRAIN_FILE))
        except WorkbookError as exc:
            raise DigitizeError(exc.problem) from None
    terrain = game.terrain
    redone = {d.map.id for d in drafts}

    def surveyed(h: Hex) -> bool:
        """Every side of the hex was read (or is read with the map across it, which this
        picture does not show: its own picture reads the sides of the row they share), so
        the ones without a row are plain."""
        return all(n in picture.cells or n.map not in redone for n in terrain.graph.neighbours(h))

    def keep(row: dict) -> bool:
        return not (str(row.get("map")) in redone and str(row.get("source") or "").lower() == "digitize"
                    and not row.get("reviewed"))
    hexes = [dict(r.values) for r in book["Hexes"].rows if keep(r.values)] if "Hexes" in book else []
    sides = [dict(r.values) for r in book["Hexsides"].rows if keep(r.values)] if "Hexsides" in book else []
    for draft in drafts:
        hexes += [{"map": draft.map.id, "hex": terrain.hexids.format(g.hex), "terrain": ";".join(g.codes),
                   "elevation": g.elevation, "sides_complete": surveyed(g.hex), "source": "digitize",
                   "confidence": g.confidence}
                  for g in draft.hexes if g.codes]
        sides += [_side_row(terrain, draft.map.id, g) for g in draft.sides if g.features]
    specs = {s.name: s for s in WORKBOOKS[TERRAIN_FILE]}
    written = {"Hexes": hexes, "Hexsides": sides}
    sheets = [SheetData(name, columns(specs[name].schema), tuple(rows)) for name, rows in written.items()]
    sheets += [SheetData(name, sheet.header, tuple(dict(r.values) for r in sheet.rows))
               for name, sheet in book.items() if name not in written]
    path.parent.mkdir(parents=True, exist_ok=True)
    write_workbook(path, sheets)
    return path


def doubtful_csv(terrain: Terrain, drafts: list[Draft]) -> str:
    """Every doubtful cell, least sure first: what was read, how sure, and why it is doubtful."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["sheet", "map", "hex", "side", "guess", "confidence", "why"])
    found = sorted(((g, d.map.id) for d in drafts for g in d.doubtful()), key=lambda gm: gm[0].confidence)
    for g, map_id in found:
        if isinstance(g, HexGuess):
            writer.writerow(["Hexes", map_id, terrain.hexids.format(g.hex), "", ";".join(g.codes), g.confidence, g.why])
        else:
            writer.writerow(["Hexsides", map_id, terrain.hexids.format(g.a), terrain.direction(g.a, g.b),
                             ";".join(g.features) or "none", g.confidence, g.why])
    return out.getvalue()


def overlay(picture: MapImage, game: Game, drafts: list[Draft]) -> Image.Image:
    """The map under what was read: the grid's hexsides in grey, each hex tinted with its
    guessed terrain, each feature in the colours of adjutant's own drawing (whatever the
    map's colours) on the side of the hex its marks lie in, doubtful cells ringed in red."""
    terrain = game.terrain
    looks = style_for(game.terrain_types).by_code
    at = {h: (c.x, c.y) for h, c in picture.cells.items()}
    tint = Image.new("RGBA", picture.image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(tint)
    for a in at:
        for b in terrain.graph.neighbours(a):
            if a < b and b in at:
                (x1, y1), (x2, y2) = side_segment(at[a], at[b])
                draw.line((x1, y1, x2, y2), fill=(60, 60, 60, 160), width=1)
    for g in (g for d in drafts for g in d.hexes):
        cell = picture.cells[g.hex]
        look = looks.get(g.codes[0]) if g.codes else None
        if look is not None:
            draw.polygon(cell.corners(0.7), fill=(*look.colour, 150))
        if g.why:
            draw.polygon(cell.corners(0.76), outline=(230, 0, 0, 255), width=max(2, int(cell.dy / 25)))
    for s in (s for d in drafts for s in d.sides):
        (ax, ay), (bx, by) = at[s.a], at[s.b]
        (x1, y1), (x2, y2) = side_segment(at[s.a], at[s.b])
        width = max(3, int(picture.cells[s.a].dy / 14))
        inward = 0.06                           # drawn a little inside the hex the row is written from
        x1, y1, x2, y2 = (x1 + (ax - x1) * inward, y1 + (ay - y1) * inward, x2 + (ax - x2) * inward,
                          y2 + (ay - y2) * inward)
        for code in s.features:
            look = looks.get(code)
            colour = (*(look.colour if look else (255, 0, 255)), 255)
            if look is not None and look.applies == "route":
                draw.line((ax + (bx - ax) * 0.2, ay + (by - ay) * 0.2, ax + (bx - ax) * 0.8, ay + (by - ay) * 0.8),
                          fill=colour, width=width)
            elif look is not None and look.category in CROSSING_MARKS:
                r = width * 1.5
                draw.ellipse(((x1 + x2) / 2 - r, (y1 + y2) / 2 - r, (x1 + x2) / 2 + r, (y1 + y2) / 2 + r), fill=colour)
            else:
                draw.line((x1, y1, x2, y2), fill=colour, width=width)
        if s.why:
            mx, my, r = (ax + bx) / 2, (ay + by) / 2, width * 2
            draw.ellipse((mx - r, my - r, mx + r, my + r), outline=(230, 0, 0, 255), width=max(2, width // 2))
    return Image.alpha_composite(picture.image.convert("RGBA"), tint).convert("RGB")
