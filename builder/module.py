"""Assemble a game's complete VASSAL module: images, buildFile.xml, scenario saves, zip.

`build_module(folder, out_dir)` is the whole `adjutant build`: it loads the game,
plans boards and scenarios, draws (or takes from the cache) every image, writes
the component tree and one predefined-setup save per scenario, and writes the
`.vmod` atomically. Nothing depends on the clock or on dict order of inputs, so
the same data gives the same bytes.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from builder import game_markers, parts
from builder.artwork import ImageArt, status_images, unit_images
from builder.boards import board_art
from builder.terrain_style import style_for
from builder.cache import ImageCache
from builder.charts import game_charts
from builder.counters import png_bytes
from builder.gaps import build_gaps
from builder.help import help_page
from builder.layout import MapGroup, ScanBoard, plan_boards
from builder.pieces import UnitStart, piece_state, piece_type, unit_piece
from builder.scans import scan_entries, with_scans
from builder.scenarios import ScenarioPlan, place_boards, plan_scenarios
from builder.stamp import record_build, up_to_date
from gamedata.systems import SystemProfile, profile_for
from gamedata.hexids import HexIds
from gamedata.load import load_game
from gamedata.model import Game, Unit
from vassal import components as c
from vassal.archive import write_zip
from vassal.buildfile import write_buildfile
from vassal.commands import BoardPlacement, Node, encode_tree
from vassal.gpid import assign_gpids
from vassal.metadata import Metadata
from vassal.piece import Piece
from vassal.savefile import save_bytes
from vassal.savewriter import Placement, restore_commands

MODULE_VERSION = "1.0"
DISPLAY_MAP = "Scenario Display"
ELIMINATED_MAP = "Eliminated"
PARALLEL_FROM = 100
"""Draw in worker processes only when at least this many images per worker are missing."""

T = TypeVar("T")
Progress = Callable[[list[T], str], Iterable[T]]


def _no_progress(items: list[T], label: str) -> Iterable[T]:
    return items


@dataclass(frozen=True)
class BuildSummary:
    """What a build produced, for the closing summary line."""

    path: Path
    pieces: int
    images: int
    images_drawn: int
    setups: int
    seconds: float
    up_to_date: bool = False
    gaps: tuple[str, ...] = ()
    """What the data lack for a playable module (`builder.gaps`): warned, never hidden."""


@dataclass(frozen=True)
class Plan:
    """Everything decided before any drawing: names, boards, scenarios, images."""

    game: Game
    profile: SystemProfile
    groups: tuple[MapGroup, ...]
    map_names: tuple[str, ...]
    scenarios: tuple[ScenarioPlan, ...]
    images: tuple[ImageArt, ...]
    gpids: dict[str, str]


def map_names(groups: tuple[MapGroup, ...]) -> tuple[str, ...]:
    """VASSAL map ids: "Main Map" for the first board group, the groups' own names after."""
    return tuple("Main Map" if i == 0 else group.name for i, group in enumerate(groups))


def make_plan(game: Game, folder: Path | None = None) -> Plan:
    """Decide everything before drawing; `folder` (the game folder) is needed only to
    read scanned maps, which replace the drawn boards of their maps."""
    profile = profile_for(game)
    hexids = HexIds(game.maps)
    groups = plan_boards(game.maps) if folder is None else with_scans(folder, game, plan_boards(game.maps))
    names = map_names(groups)
    placed = place_boards(groups, names)
    scenarios = plan_scenarios(game, profile, hexids, placed, DISPLAY_MAP)
    places = _by_hex(hexids, ((n.map, n.hex, n.name) for n in game.named_hexes))
    style = style_for(game.terrain_types)
    images: list[ImageArt] = []
    for group in groups:
        for board in group.boards:
            if isinstance(board, ScanBoard):
                continue
            title = f"{board.map.prefix} - {board.map.name}" if board.map.prefix else board.map.name
            images.append(ImageArt(parts.board_image(board.map),
                                   board_art(board, game.terrain, places, title, style, group)))
    images += unit_images(game)
    images += status_images(profile)
    images += [ImageArt(parts.display_image(plan.display_board), plan.display) for plan in scenarios]
    images.append(ImageArt(parts.ELIMINATED_IMAGE, parts.eliminated_art(game)))
    images += [ImageArt(parts.chart_image(key), art) for key, art in game_charts(game)]
    keys = [f"unit:{u.unit_id}" for u in game.units]
    keys += [f"marker:{layer.step_code(s)}" for layer in profile.layers for s in range(len(layer.steps))]
    keys += game_markers.keys(game)
    images += game_markers.images(game)
    return Plan(game, profile, groups, names, scenarios, tuple(images), assign_gpids(keys))


def _by_hex(hexids: HexIds, entries: Iterable[tuple[str, str, str]]) -> dict[str, str]:
    """Text by canonical hex id (first entry wins); ids the maps do not have are skipped,
    since validation reports them."""
    found: dict[str, str] = {}
    for map_id, hex_id, text in entries:
        try:
            found.setdefault(hexids.normalize(hex_id, map_id), text)
        except ValueError:
            continue
    return found


def _buildfile(plan: Plan) -> bytes:
    game, profile = plan.game, plan.profile
    children = [
        c.basic_command_encoder(),
        c.documentation([c.help_file("Scenarios and sources", parts.HELP_ENTRY)]),
        c.player_roster(game.sides),
        c.global_options(),
        *[parts.board_map(name, group) for name, group in zip(plan.map_names, plan.groups)],
        parts.display_map(DISPLAY_MAP, plan.scenarios),
        parts.eliminated_map(ELIMINATED_MAP, game),
        parts.prototypes(game, profile),
        parts.palette(game, profile, plan.gpids),
        *parts.dice_buttons(game),
        parts.turn_tracker(game),
        parts.charts(game),
        *[c.predefined_setup(s.scenario.name, parts.setup_entry(s.scenario)) for s in plan.scenarios],
        c.chatter(),
        c.key_namer(),
        c.global_properties(),
        c.global_translatable_messages(),
        c.language(),
    ]
    root = c.game_module(game.name, MODULE_VERSION, children, description=f"{game.system}: {game.name}")
    return write_buildfile(root)


def module_metadata(game: Game) -> Metadata:
    return c.module_metadata(game.name, MODULE_VERSION, description=f"{game.system}: {game.name}")


class UnitTexts:
    """Unit chains shared by every scenario's save. A scenario changes only states
    (facing, layers, strength), so each unit's type is encoded once, and each state
    once per distinct start: Into the Woods places 3,116 units in 14 scenarios."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.types = {u.unit_id: piece_type(self.piece(u, UnitStart())) for u in plan.game.units}
        self.states: dict[tuple[str, UnitStart], str] = {}

    def piece(self, unit: Unit, start: UnitStart) -> Piece:
        return unit_piece(self.plan.game, self.plan.profile, unit, self.plan.gpids[f"unit:{unit.unit_id}"], start)

    def state(self, unit: Unit, start: UnitStart) -> str:
        key = (unit.unit_id, start)
        if key not in self.states:
            self.states[key] = piece_state(self.piece(unit, start))
        return self.states[key]


def scenario_save(plan: Plan, scenario: ScenarioPlan, texts: UnitTexts | None = None) -> bytes:
    """The predefined-setup `.vsav`: every unit expanded, placed, faced and marked."""
    game = plan.game
    texts = UnitTexts(plan) if texts is None else texts
    placements = [
        Placement(f"{index + 1}", texts.types[start.unit.unit_id], texts.state(start.unit, start.start),
                  start.spot.map_name, start.spot.x, start.spot.y)
        for index, start in enumerate(scenario.starts)
    ]
    boards: dict[str, list[BoardPlacement]] = {}
    for name, group in zip(plan.map_names, plan.groups):
        if len(group.boards) > 1:
            boards[name] = [BoardPlacement(b.map.name, False, 0, row) for row, b in enumerate(group.boards)]
    boards[DISPLAY_MAP] = [BoardPlacement(scenario.display_board, False, 0, 0)]
    nodes = restore_commands(placements, boards)
    turn = parts.turn_state(game, scenario.scenario.start_turn)
    if turn is not None:
        nodes.insert(len(nodes) - 1, Node(turn))          # state commands go before end_save (§5.10)
    text = encode_tree(Node("begin_save", tuple(nodes)))
    saved = Metadata(version=MODULE_VERSION, vassal_version=c.VASSAL_VERSION, description=scenario.scenario.name,
                     date_saved="0")
    return save_bytes(text, module_metadata(game), saved)


def _draw(image: ImageArt) -> bytes:
    return png_bytes(image.render())


def _images(plan: Plan, cache: ImageCache, progress: Progress,
            meanwhile: Callable[[], list[tuple[str, bytes]]]) -> tuple[dict[str, bytes], list[tuple[str, bytes]]]:
    """Every image's PNG: from the cache, or drawn (in parallel when there are many;
    each image depends only on its own art, so the bytes do not depend on the order).
    `meanwhile` (the archive entries that need no image: buildFile, setups) runs in this
    process while the workers draw, instead of after them."""
    drawn = {image.name: cache.get(image.art) for image in plan.images}
    missing = [image for image in plan.images if drawn[image.name] is None]
    workers = min(os.cpu_count() or 1, max(1, len(missing) // PARALLEL_FROM))
    with ProcessPoolExecutor(workers) if workers > 1 else nullcontext() as pool:
        results = pool.map(_draw, missing) if pool else map(_draw, missing)
        other = meanwhile()
        for image in progress(missing, "Drawing images"):
            drawn[image.name] = data = next(results)
            cache.put(image.art, data)
    return {name: data for name, data in drawn.items() if data is not None}, other


def _plain_entries(plan: Plan, progress: Progress) -> list[tuple[str, bytes]]:
    """The archive entries other than images: buildFile, metadata, help and setups."""
    game = plan.game
    entries = [("buildFile.xml", _buildfile(plan)), ("moduledata", module_metadata(game).to_xml()),
               (parts.HELP_ENTRY, help_page(game).encode("utf-8"))]
    texts = UnitTexts(plan)
    for scenario in progress(list(plan.scenarios), "Writing scenario setups"):
        entries.append((parts.setup_entry(scenario.scenario), scenario_save(plan, scenario, texts)))
    return entries


def build_module(folder: Path, out_dir: Path, cache_dir: Path | None = None,
                 progress: Progress = _no_progress) -> BuildSummary:
    """Build `<out_dir>/<game id>.vmod` from the game folder; returns the summary.

    When neither the data nor the builder changed since the last build, the module
    on disk is kept as it is (checked by content hash) and nothing is redrawn.
    """
    started = time.perf_counter()
    cache_dir = cache_dir if cache_dir is not None else out_dir / "cache"
    current = up_to_date(folder, out_dir, cache_dir)
    if current is not None:
        return BuildSummary(current[0], 0, 0, 0, 0, time.perf_counter() - started, up_to_date=True, gaps=current[1])
    game = load_game(folder)
    gaps = tuple(build_gaps(game))
    plan = make_plan(game, folder)
    cache = ImageCache(cache_dir)
    images, plain = _images(plan, cache, progress, lambda: _plain_entries(plan, progress))
    entries = [*plain, *((f"images/{name}", images[name]) for name in sorted(images)), *scan_entries(plan.groups)]
    path = out_dir / f"{game.id}.vmod"
    out_dir.mkdir(parents=True, exist_ok=True)
    write_zip(path, entries)
    record_build(folder, path, cache_dir, gaps)
    return BuildSummary(path, len(plan.gpids), len(images), cache.drawn, len(plan.scenarios),
                        time.perf_counter() - started, gaps=gaps)
