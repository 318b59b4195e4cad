"""Reading a map by likeness to the hexes and hexsides a player names (terrain.xlsx Samples).

A hex takes the code of the sample hex it is most like (`builder.hexstats` measures both). A
hexside is read per kind of feature — a line on the side (river, ridge, wadi, trench, hedge),
a route across it (road, trail, railroad), a crossing at its middle (bridge, ford) — and has a
feature of a kind when it is more like that kind's nearest sample than like every sample of a
plain hexside (code `none`); so a road over a stream is read as both. A one-sided feature
(whose samples do not look like their own mirror image: a wadi's hachures, a trench's barbs)
is also read for which hex its marks lie in, and its row is written from that hex.

Confidence comes from the margin between the nearest answer and the nearest other one:
`2 (d2 - d1) / (d1 + d2)`, capped at 1; below `DOUBTFUL` a cell is listed for review first.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from builder.hexstats import HexStats, MapStatistics, SideStats
from builder.map_image import MapImage
from builder.terrain_draft import DOUBTFUL, DigitizeError, Draft, HexGuess, Kept, SideGuess
from builder.terrain_style import CROSSING_MARKS
from gamedata.hexids import Hex
from gamedata.load import TERRAIN_FILE
from gamedata.model import Game, LegendSample, Problem, TerrainType
from gamedata.terrain import Terrain
from gamedata.terrain_check import NO_FEATURE

NONE = NO_FEATURE
SHIFT = 1
"""Rows a profile may be shifted when compared: a grid drawn a few pixels off the print."""
ONE_SIDED = 0.5
"""A feature whose samples differ from their mirror image by more than this share of their
distance to a plain hexside is one-sided."""
LINE, ROUTE, CROSSING = "line", "route", "crossing"


def kind_of(t: TerrainType) -> str:
    """Which part of a hexside a feature code is read from."""
    if t.applies == "route":
        return ROUTE
    return CROSSING if t.category in CROSSING_MARKS else LINE


def shifted_distances(profile: np.ndarray, samples: np.ndarray) -> np.ndarray:
    """Mean absolute difference of a profile (rows x values) from each of some samples (n x
    rows x values), the best of shifting it by up to SHIFT rows."""
    rows = profile.shape[0]
    best = np.full(samples.shape[0], np.inf)
    for shift in range(-SHIFT, SHIFT + 1):
        mine = profile[max(0, shift):rows + min(0, shift)]
        theirs = samples[:, max(0, -shift):rows + min(0, -shift)]
        best = np.minimum(best, np.abs(theirs - mine).mean(axis=(1, 2)))
    return best


PARTS = {LINE: "along", ROUTE: "route", CROSSING: "middle"}


def confidence(nearest: float, other: float) -> float:
    """How sure a choice is from its distance and the nearest other answer's."""
    if other == float("inf"):
        return 1.0
    return round(min(1.0, 2 * (other - nearest) / (other + nearest or 1.0)), 2)


@dataclass(frozen=True)
class Choice:
    code: str
    distance: float
    confidence: float
    runner_up: str
    flipped: bool = False          # the hexside's marks lie in its second hex


class HexSamples:
    """Sample hexes by code: a hex is read as the code of the sample it is most like (colours,
    edge strength, and twice the difference in outline)."""

    def __init__(self, samples: Sequence[tuple[str, HexStats]]) -> None:
        self.codes = [code for code, _ in samples]
        self.colours = np.stack([s.colours for _, s in samples])
        self.edges = np.stack([s.edges for _, s in samples])
        self.outlines = np.array([s.outline for _, s in samples])

    def read(self, stats: HexStats) -> Choice:
        distances = (np.abs(self.colours - stats.colours).sum(axis=1) + np.abs(self.edges - stats.edges).sum(axis=1)
                     + 2 * np.abs(self.outlines - stats.outline))
        best: dict[str, float] = {}
        for code, distance in zip(self.codes, distances.tolist()):
            best[code] = min(best.get(code, float("inf")), distance)
        ranked = sorted(best.items(), key=lambda kv: (kv[1], kv[0]))
        code, nearest = ranked[0]
        other, runner_up = (ranked[1][1], ranked[1][0]) if len(ranked) > 1 else (float("inf"), "")
        return Choice(code, nearest, confidence(nearest, other), runner_up)


@dataclass(frozen=True)
class _Kind:
    """The samples of one kind of feature: their codes and one part of their profiles, and
    the same part of every plain sample (both ways)."""

    part: str
    codes: list[str]
    profiles: np.ndarray
    plain: np.ndarray


class SideSamples:
    """Sample hexsides by code, each oriented from the hex its marks lie in (a plain one both
    ways), grouped by the kind of feature they show."""

    def __init__(self, samples: Sequence[tuple[str, SideStats]], kinds: dict[str, str]) -> None:
        plain = [s for code, s in samples if code == NONE]
        plain = plain + [s.flipped() for s in plain]
        self.kinds: dict[str, _Kind] = {}
        for code, stats in samples:
            if code == NONE:
                continue
            kind = kinds[code]
            part = PARTS[kind]
            found = self.kinds.get(kind)
            profile = getattr(stats, part)[None]
            if found is None:
                self.kinds[kind] = _Kind(part, [code], profile, np.stack([getattr(p, part) for p in plain]))
            else:
                self.kinds[kind] = _Kind(part, [*found.codes, code], np.concatenate([found.profiles, profile]),
                                         found.plain)
        self.one_sided = {code for kind in self.kinds.values() for code in self._one_sided(kind)}
        self.count = len(samples)

    @staticmethod
    def _one_sided(kind: _Kind) -> set[str]:
        """Codes whose samples differ from their own mirror image by more than ONE_SIDED of
        their distance to a plain hexside."""
        out = set()
        for code in set(kind.codes):
            own = kind.profiles[[i for i, c in enumerate(kind.codes) if c == code]]
            mirror = np.mean([shifted_distances(p[::-1], p[None])[0] for p in own])
            plain = np.mean([shifted_distances(p, kind.plain).min() for p in own])
            if plain and mirror > ONE_SIDED * plain:
                out.add(code)
        return out

    def read(self, stats: SideStats) -> list[Choice]:
        """The features this hexside shows, one per kind at most, with how sure each is; a
        kind whose answer is `none` is returned too (its confidence says how plain it is)."""
        out = []
        for name, kind in sorted(self.kinds.items()):
            here = getattr(stats, kind.part)
            plain = float(shifted_distances(here, kind.plain).min())
            forward, backward = shifted_distances(here, kind.profiles), shifted_distances(here[::-1], kind.profiles)
            best: dict[str, tuple[float, bool]] = {}
            for code, ahead, behind in zip(kind.codes, forward.tolist(), backward.tolist()):
                distance, flip = (ahead, False) if ahead <= behind else (behind, True)
                if distance < best.get(code, (float("inf"), False))[0]:
                    best[code] = (distance, flip)
            ranked = sorted(best.items(), key=lambda kv: (kv[1][0], kv[0]))
            code, (nearest, flip) = ranked[0]
            if nearest < plain:
                others = [d for _, (d, _) in ranked[1:]] + [plain]
                runner_up = ranked[1][0] if len(ranked) > 1 and ranked[1][1][0] < plain else NONE
                out.append(Choice(code, nearest, confidence(nearest, min(others)), runner_up,
                                  flip and code in self.one_sided))
            else:
                out.append(Choice(NONE, plain, confidence(plain, nearest), code))
        return out


Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Measured:
    """Every hex's statistics and every hexside's profiles (oriented from the lower hex of the
    pair, each minus the typical hexside of its orientation on this map)."""

    hexes: dict[Hex, HexStats]
    sides: dict[tuple[Hex, Hex], SideStats]

    def side(self, a: Hex, b: Hex) -> SideStats:
        """The hexside's profiles oriented from `a` to `b`."""
        return self.sides[(a, b)] if a < b else self.sides[(b, a)].flipped()

    @classmethod
    def of(cls, picture: MapImage, terrain: Terrain, progress: Progress | None = None) -> Measured:
        """Measure the picture. Each hexside is measured against the typical hexside of its
        orientation on this map (the element-by-element median of them all): what every side of
        one orientation shows — the hex number printed at the top of each hex, by its north
        side — is not a feature."""
        stats = MapStatistics(picture.image)
        hexes = sorted(picture.cells)
        pairs = [(a, b) for a in hexes for b in terrain.graph.neighbours(a) if a < b and b in picture.cells]
        total = len(hexes) + len(pairs)

        def tick(done: int) -> None:
            if progress is not None and (done % 64 == 0 or done == total):
                progress(done, total)

        hex_stats: dict[Hex, HexStats] = {}
        for done, h in enumerate(hexes, 1):
            hex_stats[h] = stats.hex(picture.cells[h])
            tick(done)
        own_way: dict[tuple[Hex, Hex], tuple[int, bool, SideStats]] = {}
        for done, (a, b) in enumerate(pairs, len(hexes) + 1):
            bearing, forward = stats.bearing(picture.cells[a], picture.cells[b])
            measured = stats.side(picture.cells[a], picture.cells[b], hex_stats[a].fill, hex_stats[b].fill)
            own_way[(a, b)] = (bearing, forward, measured if forward else measured.flipped())
            tick(done)
        typical = {bearing: SideStats.median([m for o, _, m in own_way.values() if o == bearing])
                   for bearing in {o for o, _, _ in own_way.values()}}
        sides = {}
        for pair, (bearing, forward, measured) in own_way.items():
            residual = measured.minus(typical[bearing])
            sides[pair] = residual if forward else residual.flipped()
        return cls(hex_stats, sides)


def _learn(game: Game, picture: MapImage, measured: Measured) -> tuple[HexSamples | None, SideSamples | None]:
    """The Samples rows of the picture's maps, as measured there."""
    terrain = game.terrain
    shown = {m.id for m in picture.maps}
    hexes, sides = [], []
    for sample in (s for s in game.samples if s.map in shown):
        if sample.side:
            found = terrain.locate_side(sample.hex, sample.side, sample.map)
            assert isinstance(found, tuple) and found[1] is not None      # validated (terrain_check._samples)
            named = tuple(terrain.hexids.canonical(h) for h in found if h is not None)
        else:
            named = (terrain.hexids.canonical(terrain.hexids.parse(sample.hex, sample.map)),)
        if any(h not in picture.cells for h in named):
            where = sample.origin.problem if sample.origin else (lambda c, m: Problem(TERRAIN_FILE, "Samples", 0, c, m))
            raise DigitizeError(where("hex", f"sample {' '.join(filter(None, (sample.hex, sample.side)))} "
                                           f"is not on {picture.source}"))
        if sample.side:
            sides.append((sample.code, measured.side(*named)))
        else:
            hexes.append((sample.code, measured.hexes[named[0]]))
    if sides and not any(code == NONE for code, _ in sides):
        raise DigitizeError(Problem(TERRAIN_FILE, "Samples", 0, "code", (
            "the Samples name hexsides with features but none without: name one to three plain hexsides as code none, "
            "so that a feature is told from a plain side")))
    kinds = {t.code: kind_of(t) for t in game.terrain_types}
    return (HexSamples(hexes) if hexes else None), (SideSamples(sides, kinds) if sides else None)


def read_samples(game: Game, picture: MapImage, progress: Progress | None = None) -> list[Draft]:
    """Read every hex and hexside of the picture by likeness to the Samples rows of its maps,
    into a draft per map (a shared row's hexes belong to the map they are canonical in)."""
    terrain = game.terrain
    measured = Measured.of(picture, terrain, progress)
    by_hex, by_side = _learn(game, picture, measured)
    kept = Kept.of(terrain)
    source = (f"{len(by_hex.codes) if by_hex else 0} sample hexes and {by_side.count if by_side else 0} sample "
              f"hexsides (terrain.xlsx Samples) read on {picture.source}")
    drafts = {m.id: Draft(m, source) for m in picture.maps}
    for h, stats in sorted(measured.hexes.items()):
        draft = drafts.get(h.map)
        if draft is None:                   # a shared row's hex, of a map not read here
            continue
        if h in kept.hexes:
            draft.kept_hexes += 1
        elif by_hex is not None:
            choice = by_hex.read(stats)
            why = "" if choice.confidence >= DOUBTFUL else f"{choice.code}, almost as like {choice.runner_up}"
            draft.hexes.append(HexGuess(h, (choice.code,), None, choice.confidence, why))
    for (a, b), stats in measured.sides.items():
        if a.map not in drafts and b.map not in drafts:
            continue
        if kept.side(a, b) or by_side is None:
            drafts[a.map if a.map in drafts else b.map].kept_sides += kept.side(a, b)
            continue
        choices = by_side.read(stats)
        found = tuple(c.code for c in choices if c.code != NONE)
        first, second = (b, a) if any(c.flipped for c in choices if c.code != NONE) else (a, b)
        sure = min(c.confidence for c in choices)
        why = "; ".join(f"{'plain' if c.code == NONE else c.code}, almost as like "
                        f"{'a plain hexside' if c.runner_up == NONE else c.runner_up}"
                        for c in choices if c.confidence < DOUBTFUL)
        if first.map not in drafts:        # the marks lie in a hex of a map not read here
            why = "; ".join(x for x in (why, f"marked in {terrain.hexids.format(first)} (map {first.map})") if x)
            first, second = second, first
            sure = min(sure, DOUBTFUL / 2)
        drafts[first.map].sides.append(SideGuess(first, second, found, sure, why))
    return list(drafts.values())
