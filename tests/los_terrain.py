"""Made-up terrain laid on Into the Woods' real maps for the line-of-sight tests (the map terrain
is the player's data: nothing here is written into sources/)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gamedata.los import LineOfSight
from gamedata.model import Game, RuleParameter, TerrainHex, TerrainHexside
from gamedata.terrain import Terrain

ITW = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"
PATCH = [(c, r) for c in range(18, 30) for r in range(8, 20)]
LAID = [(c, r) for c in range(18, 30) for r in range(1, 20)]     # S2001 is N2034: the maps' seam


def laid_game(game: Game, terrain: dict[str, str] | None = None, elevation: dict[str, int] | None = None,
              ridges: tuple[tuple[str, str], ...] = (), over: str | None = None, default: str = "Field",
              missing: tuple[str, ...] = ()) -> Game:
    """``game`` with S1801-S2919 and N1828-N2933 laid: every hex ``default`` at
    elevation 1 with its sides plain, but those named."""
    terrain, elevation = terrain or {}, elevation or {}
    hexes = [TerrainHex("S", n, terrain.get(n, default), elevation=elevation.get(n, 1), sides_complete=True)
             for c, r in LAID if (n := f"S{c:02d}{r:02d}") not in missing]
    hexes += [TerrainHex("N", f"N{c:02d}{r:02d}", terrain.get(f"N{c:02d}{r:02d}", default), elevation=1,
                         sides_complete=True) for c in range(18, 30) for r in range(28, 34)]
    plain = Terrain.of(replace(game, terrain_hexes=()))
    sides = [TerrainHexside("S", a, plain.direction(plain.hexids.parse(a), plain.hexids.parse(b)) or "", "Ridge")
             for a, b in ridges]
    params = tuple(game.rule_parameters) + ((RuleParameter("los.over", over, "test"),) if over else ())
    return replace(game, terrain_hexes=tuple(hexes), terrain_hexsides=tuple(sides), rule_parameters=params)


def laid(game: Game, *args: object, **kwargs: object) -> LineOfSight:
    """The line of sight of `laid_game`."""
    return LineOfSight.of(laid_game(game, *args, **kwargs))  # type: ignore[arg-type]
