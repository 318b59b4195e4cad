"""Which scenario a log plays.

In order: the scenario the user names (``--scenario``); the one the save names (its
description is the scenario's name or id, as in a predefined setup's own file);
else the one whose start position is closest to the log's start. A scenario's start
position is its predefined setup in the module when the module has one of that name
(every unit where File > New Game puts it), else its setup rows in the game data
(units on their single set-up hex; the others anywhere but on another hex). The
quality is the share of units (of the log's start and the scenario's, together)
that stand where the scenario puts them; the runner-up qualities are given too, so a
near tie is visible.
"""

from __future__ import annotations

import tempfile
import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from gamedata.hexids import HexError
from gamedata.model import Game, Scenario
from vassal.errors import FormatError
from vassal.module import Module, open_module_files
from vassal.replay import Replay, replay_save
from vassal.savefile import read_save

from .board import Reader, UnitView, read_board
from .names import loose

SETUP_LIMIT = 64 << 20
Place = tuple[str | None, str]          # (map, location) of a unit
ANYWHERE = (None, "*")                   # set up by choice, or arriving later: wherever it is


@dataclass(frozen=True)
class ScenarioMatch:
    """Which scenario a log plays and how that was found: ``given`` (``--scenario``),
    ``named`` (the save's description or setup name is the scenario's), ``position``
    (matched from the start position; ``quality`` = the share of units where the
    scenario puts them), ``none``. ``others``: the next best (scenario id, quality)."""

    scenario_id: str | None
    name: str
    how: str
    quality: float
    others: tuple[tuple[str, float], ...] = ()


class ScenarioError(ValueError):
    """``--scenario`` names no scenario of the game."""


def find_scenario(game: Game, text: str) -> Scenario:
    """The scenario ``text`` names by id or name (case and punctuation aside)."""
    key = loose(text)
    for s in game.scenarios:
        if key in (loose(s.scenario_id), loose(s.name)):
            return s
    known = ", ".join(s.scenario_id for s in game.scenarios) or "none"
    raise ScenarioError(f"no scenario {text!r} in {game.id} (scenarios: {known})")


def match_scenario(replay: Replay, start: Mapping[str, UnitView], module: Module | None, game: Game,
                   given: str | None = None) -> ScenarioMatch:
    """The scenario of a log whose start units are ``start`` (its view at step 0)."""
    if given is not None:
        s = find_scenario(game, given)
        return ScenarioMatch(s.scenario_id, s.name, "given", 1.0)
    description = replay.save_metadata.description if replay.save_metadata else ""
    if description:
        try:
            s = find_scenario(game, description)
            return ScenarioMatch(s.scenario_id, s.name, "named", 1.0)
        except ScenarioError:
            pass
    if not game.scenarios:
        return ScenarioMatch(None, "", "none", 0.0)
    setups = _setup_positions(module, game) if module is not None else {}
    here = {uid: (u.map, u.location) for uid, u in start.items()}
    reader = Reader(module, game, None)
    scores = []
    for s in game.scenarios:
        expected = setups.get(s.scenario_id) or _data_positions(s, reader)
        scores.append((_agreement(here, expected, reader), s))
    scores.sort(key=lambda pair: -pair[0])
    best_quality, best = scores[0]
    others = tuple((s.scenario_id, round(q, 3)) for q, s in scores[1:4])
    return ScenarioMatch(best.scenario_id, best.name, "position", round(best_quality, 3), others)


def _agreement(here: Mapping[str, Place], expected: Mapping[str, Place], reader: Reader) -> float:
    units = here.keys() | expected.keys()
    if not units:
        return 0.0
    agree = sum(1 for uid in units if uid in here and uid in expected and _same(here[uid], expected[uid], reader))
    return agree / len(units)


def _same(place: Place, wanted: Place, reader: Reader) -> bool:
    if wanted == ANYWHERE or (wanted[0] is None and place[0] is None):
        return True
    if place[0] is None or wanted[0] is None:
        return False
    if place == wanted:
        return True
    target = reader.parse(wanted[1])
    return target is not None and target == reader.parse(place[1])


def _data_positions(scenario: Scenario, reader: Reader) -> dict[str, Place]:
    """Each unit of the scenario on its set-up hex, or anywhere (a choice, an area, a
    reinforcement). The map of a hex is not known from the data: only its id counts."""
    found: dict[str, Place] = {}
    for row in scenario.setup:
        try:
            hexes = reader.hexids.expand(row.location) if not row.constraint else ()
        except HexError:
            hexes = ()
        found[row.unit_id] = ("", hexes[0]) if len(hexes) == 1 else ANYWHERE
    for arrival in scenario.reinforcements:
        found[arrival.unit_id] = ANYWHERE
    return found


_SETUPS: dict[tuple[int, str], tuple[weakref.ref[Module], dict[str, dict[str, Place]]]] = {}


def _setup_positions(module: Module, game: Game) -> dict[str, dict[str, Place]]:
    """Scenario id -> where the module's predefined setup of that name puts each unit
    (read once per module object and game: every log of a game is matched against them)."""
    key = (id(module), game.id)
    cached = _SETUPS.get(key)
    if cached is None or cached[0]() is not module:
        cached = (weakref.ref(module, lambda _: _SETUPS.pop(key, None)), _read_setups(module, game))
        _SETUPS[key] = cached
    return cached[1]


def _read_setups(module: Module, game: Game) -> dict[str, dict[str, Place]]:
    by_name = {loose(s.name): s for s in game.scenarios} | {loose(s.scenario_id): s for s in game.scenarios}
    wanted = [(setup, by_name[loose(setup.name)]) for setup in module.predefined_setups
              if setup.use_file and setup.file and loose(setup.name) in by_name]
    found: dict[str, dict[str, Place]] = {}
    if not wanted:
        return found
    try:
        with open_module_files(module.source) as (files, _), tempfile.TemporaryDirectory() as folder:
            for setup, scenario in wanted:
                path = Path(folder) / "setup.vsav"
                try:
                    path.write_bytes(files.read(setup.file, SETUP_LIMIT))
                    replay = replay_save(read_save(path), module)
                except FormatError:
                    continue      # a damaged setup: that scenario is matched from its data
                units = read_board(replay.initial, module, game)
                found[scenario.scenario_id] = {uid: (u.map, u.location) for uid, u in units.items()}
    except FormatError:
        return found
    return found
