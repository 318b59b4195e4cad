"""Line of sight between two hexes: which hexes a line from centre to centre crosses, what rises
in them, and whether it blocks — with no game in it.

The conventions are the game's data (`LosRules`, from rules.xlsx Parameters rows `los.*`, each
citing its rulebook line): which terrain blocks and how many levels it stands above its hex
(`los.terrain.<code>` = ``levels=1; blocks=2``: a line passes one such hex and is blocked by the
second, Into the Woods' woods), which hexside features block a line that crosses them
(`los.hexside.<code>` = ``adjacent=sees``: not between the two hexes it separates), how a line
along a hexspine is judged (`los.spine`: ``both`` = blocked only when both hexes beside the spine
block, ``either``), and how elevation is judged where an obstacle stands between the two ends'
levels (`los.over`: ``slope`` = it blocks when it rises above the straight line from end to end,
``higher`` = a higher end sees over whatever is not above both ends; no row = not known).
The terrain and elevations are the player's cells (terrain.xlsx Hexes and Hexsides): what the
line needs and nobody entered is named (`Sight.unknown`), never taken as clear.

Geometry: hex centres on a map's grid in axial coordinates (columns are the grid's columns, a
shifted column sits half a hex toward higher rows, so the map's drawing direction does not
matter: a mirror keeps straight lines straight); the hexes a line crosses are found exactly, each
hex near it clipped against the segment. Maps joined by aliases (Into the Woods'
S{cc}01 = N{cc}34) are laid in one frame by the offset their aliases give.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Protocol

from gamedata.cellref import parameter_cell
from gamedata.hexids import Hex
from gamedata.terrain import Hexside, Terrain, Unknown

LOS_PREFIX = "los."


@dataclass(frozen=True)
class Obstacle:
    """A terrain that blocks: ``levels`` above its hex's elevation (None = not printed: it blocks
    a line at its hex's own level, not one a level above), ``blocks`` = the count of such hexes
    on the line that blocks it (1 = the first)."""

    levels: int | None = None
    blocks: int = 1


@dataclass(frozen=True)
class SideObstacle:
    """A hexside feature that blocks a line crossing it; ``adjacent_sees``: the two hexes it
    separates still see each other."""

    adjacent_sees: bool = False


@dataclass(frozen=True)
class LosRules:
    """A game's line-of-sight conventions (see the module docstring)."""

    terrain: dict[str, Obstacle] = field(default_factory=dict)
    hexsides: dict[str, SideObstacle] = field(default_factory=dict)
    spine: str = "both"
    over: str | None = None


class Parameters(Protocol):
    key: str
    value: float | str | None


class GameData(Protocol):
    """What `LineOfSight.of` reads of a game (a `gamedata.model.Game`)."""

    @property
    def terrain(self) -> Terrain: ...
    @property
    def rule_parameters(self) -> Iterable[Parameters]: ...


def rules_from(rows: Iterable[Parameters]) -> LosRules:
    """The conventions stated by rules.xlsx Parameters rows (others are ignored)."""
    terrain: dict[str, Obstacle] = {}
    sides: dict[str, SideObstacle] = {}
    spine, over = "both", None
    for row in rows:
        if not row.key.startswith(LOS_PREFIX) or row.value in (None, ""):
            continue
        name = row.key[len(LOS_PREFIX):]
        if not name.startswith(("terrain.", "hexside.")) and name not in ("spine", "over"):
            continue                # another rule's row (los.units.*: who blocks a line of fire)
        items = _items(str(row.value))
        if name.startswith("terrain."):
            levels = items.get("levels")
            terrain[name[len("terrain."):]] = Obstacle(int(levels) if levels not in (None, "") else None,
                                                      int(items.get("blocks") or 1))
        elif name.startswith("hexside."):
            sides[name[len("hexside."):]] = SideObstacle(items.get("adjacent") == "sees")
        elif name == "spine":
            spine = str(row.value).strip()
        elif name == "over":
            over = str(row.value).strip()
    return LosRules(terrain, sides, spine, over)


def _items(text: str) -> dict[str, str]:
    out = {}
    for part in text.split(";"):
        key, _, value = part.partition("=")
        if key.strip():
            out[key.strip()] = value.strip()
    return out


@dataclass(frozen=True)
class Sight:
    """Whether ``a`` sees ``b``: ``sees`` None = not known (``unknown`` names the cells, ``why``
    what the answer waits for); ``blocked_by`` the hex (or hexside's hexes) that blocks;
    ``between`` the hexes the line crosses, a spine's two hexes together."""

    sees: bool | None
    why: str = ""
    blocked_by: tuple[Hex, ...] = ()
    between: tuple[tuple[Hex, ...], ...] = ()
    unknown: tuple[Unknown, ...] = ()


_SQRT3 = math.sqrt(3)
_NUDGE = 1e-6          # how far a hex's sides are moved in or out to tell crossing from running along


@dataclass(frozen=True)
class _Verdict:
    """What one hex (or a spine's two hexes) does to the line: ``kind`` clear | ground (rises
    above it: blocks) | terrain (a blocking terrain above it: counts toward its `blocks`) |
    over (depends on `los.over`) | unknown (``cells``)."""

    kind: str
    why: str = ""
    obstacle: Obstacle | None = None
    cells: tuple[Unknown, ...] = ()


_CLEAR = _Verdict("clear")


class LineOfSight:
    """Line of sight on one game's terrain under its conventions."""

    def __init__(self, terrain: Terrain, rules: LosRules) -> None:
        self.terrain = terrain
        self.rules = rules
        self._first = next(iter(terrain.hexids.maps.values()))

    @classmethod
    def of(cls, game: GameData) -> LineOfSight:
        """A game's line of sight: its terrain, its `los.*` Parameters rows."""
        return cls(game.terrain, rules_from(game.rule_parameters))

    # -- geometry -----------------------------------------------------------------
    @cached_property
    def _offsets(self) -> dict[str, tuple[int, int]]:
        """(column, row) to add to a map's hexes to place them in the first map's frame, found
        through the hexes two maps share (aliases); a map no alias joins has none."""
        offsets = {self._first.id: (0, 0)}
        shared = [s for h in self.terrain.graph.hexes for s in [self.terrain.spellings(h)] if len(s) > 1]
        changed = True
        while changed:
            changed = False
            for spelled in shared:
                known = next((s for s in spelled if s.map in offsets), None)
                for s in spelled:
                    if known is None or s.map in offsets:
                        continue
                    dc, dr = offsets[known.map]
                    offset = (known.column + dc - s.column, known.row + dr - s.row)
                    same_shift = self.terrain.hexids.maps[s.map].shifted_columns == self._first.shifted_columns
                    if (offset[0] % 2 == 0) == same_shift:
                        offsets[s.map] = offset
                        changed = True
        return offsets

    def _frame(self, h: Hex) -> tuple[int, int] | None:
        for s in self.terrain.spellings(self.terrain.hexids.canonical(h)):
            if s.map in self._offsets:
                dc, dr = self._offsets[s.map]
                return s.column + dc, s.row + dr
        return None

    def _shifted(self, column: int) -> bool:
        return (column % 2 == 0) == (self._first.shifted_columns == "even")

    def _cube(self, column: int, row: int) -> tuple[int, int, int]:
        # a shifted column sits half a hex toward higher rows (odd-q / even-q offset coordinates)
        r = row - (column + (column & 1)) // 2 if self._first.shifted_columns == "even" \
            else row - (column - (column & 1)) // 2
        return column, r, -column - r

    def _centre(self, column: int, row: int) -> tuple[float, float]:
        return column * 1.5, (row + (0.5 if self._shifted(column) else 0.0)) * _SQRT3

    def _hex(self, column: int, row: int) -> Hex | None:
        """The canonical hex at frame (column, row), None off every map."""
        for map_id, (dc, dr) in self._offsets.items():
            h = Hex(map_id, column - dc, row - dr)
            if self.terrain.hexids.exists(h):
                return self.terrain.hexids.canonical(h)
        return None

    def distance(self, a: Hex, b: Hex) -> int | None:
        """Hexes from ``a`` to ``b``, None when no alias joins their maps."""
        fa, fb = self._frame(a), self._frame(b)
        if fa is None or fb is None:
            return None
        return _cube_distance(self._cube(*fa), self._cube(*fb))

    def between(self, a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...] | None:
        """The hexes the line from ``a``'s centre to ``b``'s crosses, in order, the ends left out;
        where the line runs along a hexspine, the two hexes beside it together. None when no
        alias joins their maps.

        Exact: each hex near the line is clipped against it (its six sides as half-planes). A hex
        the line enters is crossed; one it only runs along the side of, for a stretch, lies beside
        a hexspine; one it only touches at a corner is not on the line."""
        fa, fb = self._frame(a), self._frame(b)
        if fa is None or fb is None:
            return None
        (ax, ay), (bx, by) = self._centre(*fa), self._centre(*fb)
        ends = {self.terrain.hexids.canonical(a), self.terrain.hexids.canonical(b)}
        crossed: list[tuple[float, Hex]] = []
        beside: list[tuple[float, float, Hex]] = []
        for column in range(min(fa[0], fb[0]) - 1, max(fa[0], fb[0]) + 2):
            for row in range(min(fa[1], fb[1]) - 2, max(fa[1], fb[1]) + 3):
                inner = self._clip(column, row, (ax, ay), (bx, by), -_NUDGE)
                outer = inner if inner is not None else self._clip(column, row, (ax, ay), (bx, by), _NUDGE)
                h = self._hex(column, row) if outer is not None else None
                if h is None or h in ends:
                    continue
                if inner is not None and inner[1] - inner[0] > _NUDGE:
                    crossed.append(((inner[0] + inner[1]) / 2, h))
                elif outer is not None and outer[1] - outer[0] > 1e3 * _NUDGE:
                    beside.append((outer[0], outer[1], h))
        groups: list[tuple[float, tuple[Hex, ...]]] = [(t, (h,)) for t, h in crossed]
        beside.sort()
        while beside:
            t0, t1, h = beside.pop(0)
            other = next((x for x in beside if x[0] < t1 and t0 < x[1]), None)
            if other is not None:
                beside.remove(other)
            groups.append(((t0 + t1) / 2, tuple(sorted((h,) + ((other[2],) if other else ())))))
        return tuple(g for _, g in sorted(groups))

    def _clip(self, column: int, row: int, a: tuple[float, float], b: tuple[float, float], grow: float
              ) -> tuple[float, float] | None:
        """The stretch (t from, t to) of the segment a-b inside the hex at frame (column, row),
        its sides moved out by ``grow`` (in by -grow); None when the segment misses it."""
        cx, cy = self._centre(column, row)
        dx, dy = b[0] - a[0], b[1] - a[1]
        low, high = 0.0, 1.0
        for k in range(6):
            angle = math.radians(30 + 60 * k)              # the outward normal of a side of a flat-topped hex
            nx, ny = math.cos(angle), math.sin(angle)
            reach = _SQRT3 / 2 + grow - (nx * (a[0] - cx) + ny * (a[1] - cy))   # n.(P - c) <= apothem
            rate = nx * dx + ny * dy
            if abs(rate) < 1e-12:
                if reach < 0:
                    return None
            elif rate > 0:
                high = min(high, reach / rate)
            else:
                low = max(low, reach / rate)
            if low > high:
                return None
        return low, high

    # -- judging ------------------------------------------------------------------
    def sight(self, a: Hex, b: Hex) -> Sight:
        """Whether a unit in ``a`` sees ``b`` under the game's conventions."""
        t = self.terrain
        a, b = t.hexids.canonical(a), t.hexids.canonical(b)
        if a == b:
            return Sight(True, "the same hex")
        if a not in t.graph or b not in t.graph:
            return Sight(None, "a hex off the maps")
        if b in t.graph.neighbours(a):
            return self._adjacent(a, b)
        between = self.between(a, b)
        if between is None:
            return Sight(None, "the two hexes lie on maps no alias joins")
        ends = [self._end(a), self._end(b)]
        heights = [z for z in ends if isinstance(z, int)]
        unknown = [c for z in ends if not isinstance(z, int) for c in z]
        counts: dict[int, int] = {}
        waiting = False
        for i, group in enumerate(between, start=1):
            v = self._group(group, heights, i / (len(between) + 1)) if len(heights) == 2 else \
                self._group(group, [0, 0], 0.5)
            if v.kind == "unknown":
                unknown += v.cells
            elif v.kind == "over":
                waiting = True
            elif len(heights) == 2 and v.kind == "ground":
                return Sight(False, v.why, group, between)
            elif len(heights) == 2 and v.kind == "terrain" and v.obstacle is not None:
                counts[v.obstacle.blocks] = counts.get(v.obstacle.blocks, 0) + 1
                if counts[v.obstacle.blocks] >= v.obstacle.blocks:
                    return Sight(False, v.why, group, between)
        path = (a,) + tuple(g[0] for g in between if len(g) == 1) + (b,)
        for p, q in zip(path, path[1:]):
            if q not in t.graph.neighbours(p) or not self.rules.hexsides:
                continue
            side = t.hexside(p, q)
            if side is None:
                unknown += [u for u in t.missing((p, q)) if u.what.startswith("hexside")]
            elif self._side_blocks(side, adjacent=False):
                return Sight(False, f"the hexside {self._side_name(side)} blocks", (p, q), between)
        if unknown or waiting:
            why = "the terrain and elevation of the hexes the line crosses" if unknown else \
                "how a higher unit sees over a lower obstacle (rules.xlsx Parameters los.over)"
            cells = tuple(dict.fromkeys(unknown))
            if waiting:
                cells += (Unknown("rule parameter los.over",
                                  parameter_cell("los.over", "rules.xlsx:Parameters: a row for los.over")),)
            return Sight(None, why, between=between, unknown=cells)
        return Sight(True, "no obstacle on the line", between=between)

    def _adjacent(self, a: Hex, b: Hex) -> Sight:
        if not self.rules.hexsides:
            return Sight(True, "adjacent hexes")
        side = self.terrain.hexside(a, b)
        if side is None:
            return Sight(None, "the hexside between them", unknown=tuple(
                u for u in self.terrain.missing((a, b)) if u.what.startswith("hexside")))
        if self._side_blocks(side, adjacent=True):
            return Sight(False, f"the hexside {self._side_name(side)} blocks", (a, b))
        return Sight(True, "adjacent hexes")

    def _end(self, h: Hex) -> int | tuple[Unknown, ...]:
        """An end's elevation, or the cells that would give it."""
        t = self.terrain
        row = t.hex(h)
        name = t.hexids.format(h)
        if row is None or row.elevation is None:
            return (Unknown(f"elevation of {name}", t.hex_cell(h, f"terrain.xlsx:Hexes: the elevation of {name}")),)
        return row.elevation

    def _group(self, group: tuple[Hex, ...], ends: list[int], t: float) -> _Verdict:
        """What a hex, or the two hexes of a spine, do to the line (`los.spine`)."""
        verdicts = [self._one(h, ends, t) for h in group]
        if len(verdicts) == 1:
            return verdicts[0]
        kinds = [v.kind for v in verdicts]
        order = ("clear", "unknown", "over", "terrain", "ground") if self.rules.spine == "both" else \
            ("ground", "terrain", "unknown", "over", "clear")
        kind = next(k for k in order if k in kinds)
        found = next(v for v in verdicts if v.kind == kind)
        if kind == "unknown":
            return _Verdict("unknown", cells=tuple(c for v in verdicts for c in v.cells))
        if kind in ("terrain", "ground") and self.rules.spine == "both":
            return _Verdict(kind, " and ".join(v.why for v in verdicts) + " (both sides of the hexspine)",
                            found.obstacle)
        return found

    def _one(self, h: Hex, ends: list[int], t: float) -> _Verdict:
        terrain = self.terrain.hex(h)
        name = self.terrain.hexids.format(h)
        if terrain is None:
            return _Verdict("unknown", cells=(Unknown(f"terrain of {name}", self.terrain.hex_cell(
                h, f"terrain.xlsx:Hexes: a row for {name}")),))
        if terrain.elevation is None:
            return _Verdict("unknown", cells=(Unknown(f"elevation of {name}", self.terrain.hex_cell(
                h, f"terrain.xlsx:Hexes: the elevation of {name}")),))
        code = next((c for c in terrain.terrain if c in self.rules.terrain), None)
        obstacle = self.rules.terrain[code] if code is not None else None
        rise = 0.0 if obstacle is None else 0.5 if obstacle.levels is None else float(obstacle.levels)
        top = terrain.elevation + rise
        if top <= min(ends):
            return _CLEAR
        if top <= max(ends):
            if self.rules.over is None:
                return _Verdict("over")
            if self.rules.over == "higher" or top <= ends[0] + (ends[1] - ends[0]) * t:
                return _CLEAR
        if obstacle is None or terrain.elevation > max(ends):
            return _Verdict("ground", f"{name} (elevation {terrain.elevation}) rises above the line")
        return _Verdict("terrain", f"{name} ({code}) blocks", obstacle)

    def _side_blocks(self, side: Hexside, adjacent: bool) -> bool:
        found = [self.rules.hexsides[f] for f in side.features if f in self.rules.hexsides]
        return any(not (adjacent and s.adjacent_sees) for s in found)

    def _side_name(self, side: Hexside) -> str:
        f = next(f for f in side.features if f in self.rules.hexsides)
        ids = self.terrain.hexids
        return f"{ids.format(side.a)}|{ids.format(side.b) if side.b else side.side} ({f})"


def _cube_distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))
