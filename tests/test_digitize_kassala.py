"""Acceptance of `adjutant digitize --module` on a real printed map: the Kassala author's module
(`../shared/games/kassala/vmod/`, a scan of rules Fig. 4-1 on a grid without numbering).

Read with at most three sample hexes and hexsides per class (Kassala's terrain.xlsx Samples,
and random choices of the same size), at least 95 % of the hexes and 90 % of the wadi and
trench/abatis hexsides (feature and marked side) must be right against the truth set labelled by
hand (tests/data/kassala-truth.csv; how: kassala-truth.md). What is wrong must be among the
doubtful cells. The same holds for the map rescanned at a third of its size, larger, or as a
JPEG (the module's grid scaled with it). The terrain committed in Kassala's player's layer is
that draft reviewed.
"""
from __future__ import annotations

import csv
import io
import random
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from adjutant.cmd_digitize import digitize as digitize_command
from builder.map_image import from_module
from builder.samples import read_samples
from builder.terrain_draft import Draft
from conftest import REPO
from gamedata.hexids import HexIds
from gamedata.load import load_game, map_defs, read_game_toml
from gamedata.model import LegendSample
from gamedata.terrain import Terrain
from gamedata.workbook import read_workbook
from kassala_module import KASSALA, MAP_IMAGE, zip_module

GAME = REPO / "sources" / "kassala"
LAYER = Path("player") / "terrain.xlsx"
TRUTH = Path(__file__).parent / "data" / "kassala-truth.csv"
HEX_TARGET, SIDE_TARGET = 0.95, 0.90


def geometry() -> Terrain:
    """Kassala's hexes and hexsides (from its game.toml alone)."""
    return Terrain(HexIds(map_defs(read_game_toml(GAME))))


def across(terrain: Terrain, hex_: str, side: str) -> str:
    return terrain.hexids.format(terrain.across(terrain.hexids.parse(hex_, "main"), side))


def truth() -> tuple[dict[str, str], dict[frozenset[str], tuple[str, str]]]:
    """Hex -> code; hexside (the pair of hexes) -> (feature or "", the hex bearing its marks)."""
    hexes, sides = {}, {}
    game = geometry()
    for row in csv.DictReader(TRUTH.open(encoding="utf-8")):
        if row["sheet"] == "Hexes":
            hexes[row["hex"]] = row["code"]
        else:
            sides[frozenset((row["hex"], across(game, row["hex"], row["side"])))] = (
                row["code"], row["hex"] if row["marked"] else "")
    return hexes, sides


def committed_samples() -> list[dict]:
    """The map's legend: Kassala's terrain.xlsx Samples."""
    return [dict(r.values) for r in read_workbook(GAME / "terrain.xlsx")["Samples"].rows]


@pytest.fixture(scope="module")
def kassala(tmp_path_factory) -> tuple[Path, Path]:
    """Kassala's game folder without the reviewed draft in its player's layer (the map to read
    again, with its Samples), and the author's module."""
    base = tmp_path_factory.mktemp("kassala")
    folder = base / "kassala"
    shutil.copytree(GAME, folder)
    (folder / LAYER).unlink()
    return folder, zip_module(base / "kassala.vmod")


@pytest.fixture(scope="module")
def digitized(kassala):
    folder, module = kassala
    result = CliRunner().invoke(digitize_command, ["--module", str(module), "--game", str(folder)])
    assert result.exit_code == 0, result.output
    return folder, result.output


def score(hexes: dict[str, str], sides: dict[frozenset[str], tuple[str, str]]) -> dict[str, list[str]]:
    """What is wrong against the truth: per class of the truth, the cells read otherwise."""
    want_hexes, want_sides = truth()
    wrong: dict[str, list[str]] = {"hexes": [], "Wadi": [], "Trench-Abatis": [], "none": []}
    for h, code in want_hexes.items():
        if hexes.get(h) != code:
            wrong["hexes"].append(h)
    for pair, (code, marked) in want_sides.items():
        if sides.get(pair, ("", "")) != (code, marked):
            wrong[code or "none"].append("|".join(sorted(pair)))
    return wrong


def assert_targets(wrong: dict[str, list[str]]) -> None:
    want_hexes, want_sides = truth()
    featured = {code: sum(1 for c, _ in want_sides.values() if c == code) for code in ("Wadi", "Trench-Abatis")}
    assert featured == {"Wadi": 19, "Trench-Abatis": 9} and len(want_hexes) == 64
    assert 1 - len(wrong["hexes"]) / 64 >= HEX_TARGET, wrong
    for code, total in featured.items():
        assert 1 - len(wrong[code]) / total >= SIDE_TARGET, wrong
    assert len(wrong["none"]) <= 0.05 * sum(1 for c, _ in want_sides.values() if not c), wrong


def _drafted(drafts: list[Draft], terrain) -> tuple[dict[str, str], dict[frozenset[str], tuple[str, str]]]:
    ids = terrain.hexids
    hexes = {ids.format(g.hex): g.codes[0] for d in drafts for g in d.hexes}
    sides = {frozenset((ids.format(g.a), ids.format(g.b))): (";".join(g.features), ids.format(g.a))
             for d in drafts for g in d.sides if g.features}
    return hexes, sides


def test_the_players_samples_are_three_at_most_of_each_class() -> None:
    counts: dict[str, int] = {}
    for row in committed_samples():
        counts[row["code"]] = counts.get(row["code"], 0) + 1
    assert set(counts) == {"Plain", "Udaka", "Kassala", "Off-map", "Wadi", "Trench-Abatis", "none"}
    assert max(counts.values()) <= 3


def test_the_module_map_reads_to_the_targets(digitized) -> None:
    folder, output = digitized
    assert "read with 8 sample hexes and 9 sample hexsides (terrain.xlsx Samples) read on board 'Kassala'" in output
    rows = read_workbook(folder / LAYER)
    hexes = {r.values["hex"]: r.values["terrain"] for r in rows["Hexes"].rows}
    game = geometry()
    sides = {frozenset((r.values["hex"], across(game, r.values["hex"], r.values["side"]))): (
        r.values["features"], r.values["hex"]) for r in rows["Hexsides"].rows}
    wrong = score(hexes, sides)
    assert_targets(wrong)
    doubtful = {(r["sheet"], r["hex"], r["side"]) for r in csv.DictReader(
        (folder / "digitized" / "digitize-main-doubtful.csv").open(encoding="utf-8"))}
    doubtful_places = {h for _, h, _ in doubtful}
    for cells in wrong.values():            # nothing wrong is read silently
        for cell in cells:
            assert set(cell.split("|")) & doubtful_places, (cell, wrong)
    assert {r.values["source"] for r in rows["Hexes"].rows} == {"digitize"}
    assert all(r.values["reviewed"] is None for r in rows["Hexsides"].rows)


@pytest.mark.parametrize("seed", range(6))
def test_any_three_samples_of_each_class_read_to_the_targets(kassala, seed) -> None:
    """Not only the player's samples: three (or all, for the towns) chosen at random per class."""
    folder, module = kassala
    game = load_game(folder)
    rng = random.Random(seed)
    want_hexes, want_sides = truth()
    samples = []
    for code in ("Plain", "Udaka", "Kassala", "Off-map"):
        found = sorted(h for h, c in want_hexes.items() if c == code)
        samples += [LegendSample("main", code, h) for h in rng.sample(found, min(3, len(found)))]
    ids = game.terrain.hexids
    for code in ("Wadi", "Trench-Abatis", ""):
        found = sorted((marked or sorted(pair)[0], sorted(pair - {marked or sorted(pair)[0]})[0])
                       for pair, (c, marked) in want_sides.items() if c == code)
        for a, b in rng.sample(found, 3):
            side = game.terrain.direction(ids.parse(a, "main"), ids.parse(b, "main"))
            samples.append(LegendSample("main", code or "none", a, side))
    drafts = read_samples(replace(game, samples=tuple(samples)), from_module(game, module))
    assert_targets(score(*_drafted(drafts, game.terrain)))


def _rescanned(base: Path, scale: float, quality: int | None) -> Path:
    """The author's module with its map scanned at another resolution (`scale`), as a JPEG of
    `quality` when given, and its HexGrid scaled to match (x0, y0 rounded: VASSAL's are whole)."""
    folder = base / "vmod"
    shutil.copytree(KASSALA / "vmod", folder)
    with Image.open(MAP_IMAGE) as image:
        picture = image.convert("RGB").resize((round(image.width * scale), round(image.height * scale)), Image.LANCZOS)
    if quality is not None:
        encoded = io.BytesIO()
        picture.save(encoded, "JPEG", quality=quality)
        picture = Image.open(encoded).convert("RGB")
    picture.save(folder / "images" / "Mapboard.png")
    build_file = folder / "buildFile.xml"

    def scaled(match: re.Match[str]) -> str:
        value = float(match.group(2)) * scale
        return f'{match.group(1)}="{round(value) if match.group(1) in ("x0", "y0") else value!r}"'

    text = build_file.read_text(encoding="utf-8")
    grid = re.search(r"<VASSAL\.build\.module\.map\.boardPicker\.board\.HexGrid [^>]*>", text)
    assert grid is not None
    build_file.write_text(text[:grid.start()] + re.sub(r'\b(x0|y0|dx|dy)="([-0-9.]+)"', scaled, grid.group(0))
                          + text[grid.end():], encoding="utf-8")
    return zip_module(base / "kassala.vmod", folder)


@pytest.mark.parametrize(("scale", "quality"), [(0.3, 70), (0.6, 60), (1.5, None)])
def test_the_map_scanned_at_another_resolution_reads_to_the_targets(kassala, tmp_path, scale, quality) -> None:
    """Nothing is tuned to the scan's size or sharpness: the same map, a third of its size (hexes
    80 pixels high) or larger, or JPEG-compressed, read with the player's samples."""
    folder, _ = kassala
    game = load_game(folder)
    picture = from_module(game, _rescanned(tmp_path, scale, quality))
    assert abs(picture.image.width - 2048 * scale) <= 1
    assert_targets(score(*_drafted(read_samples(game, picture), game.terrain)))


def test_the_committed_terrain_is_the_truth_reviewed() -> None:
    """Kassala's player's layer: the draft read with its Samples, every row reviewed against the
    map (the three hexsides wrongly read as wadis, all among the least sure, deleted)."""
    rows = read_workbook(GAME / LAYER)
    want_hexes, want_sides = truth()
    hexes = {r.values["hex"]: r.values["terrain"] for r in rows["Hexes"].rows}
    assert hexes == want_hexes
    game = geometry()
    sides = {frozenset((r.values["hex"], across(game, r.values["hex"], r.values["side"]))): (
        r.values["features"], r.values["hex"]) for r in rows["Hexsides"].rows}
    assert sides == {pair: value for pair, value in want_sides.items() if value[0]}
    assert all(r.values["reviewed"] is True and r.values["source"] == "digitize"
               for sheet in ("Hexes", "Hexsides") for r in rows[sheet].rows)
    assert all(r.values["sides_complete"] for r in rows["Hexes"].rows)
