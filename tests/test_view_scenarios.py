"""Which scenario a log plays, for every predefined setup of the three playable games.

Each setup is opened as File > New Game opens it: its own description names the
scenario; with the description gone (a log a player started from it), the start
position alone must name it, ahead of every other scenario. A module without
predefined setups is matched against the set-up tables of the game data, where
variants that differ only in what the tables cannot show tie, and the tie is shown.
"""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from viewlogs import Built, build

from referee.view import Views
from referee.view.scenario import ScenarioError
from vassal.module import open_module_files
from vassal.replay import Replay, replay_save
from vassal.savefile import read_save

GAMES = ("hood-strikes-north", "into-the-woods-shiloh", "atlanta")


@pytest.fixture(scope="module")
def setups(tmp_path_factory) -> list[tuple[Built, str, Replay]]:
    """(game, scenario name, replay of its predefined setup) for every setup of every game."""
    out = tmp_path_factory.mktemp("scenarios")
    found = []
    for game_id in GAMES:
        built = build(game_id, out)
        with open_module_files(built.vmod) as (files, _), tempfile.TemporaryDirectory() as folder:
            for setup in built.module.predefined_setups:
                path = Path(folder) / "setup.vsav"
                path.write_bytes(files.read(setup.file, 1 << 26))
                found.append((built, setup.name, replay_save(read_save(path), built.module)))
    return found


def scenario_id(built: Built, name: str) -> str:
    return next(s.scenario_id for s in built.game.scenarios if s.name == name)


def test_every_setup_of_the_three_games_is_there(setups) -> None:
    counts = {}
    for built, _, _ in setups:
        counts[built.game.id] = counts.get(built.game.id, 0) + 1
    assert counts == {"hood-strikes-north": 9, "into-the-woods-shiloh": 14, "atlanta": 8}


def test_a_setup_names_its_scenario(setups) -> None:
    for built, name, replay in setups:
        match = Views(replay, built.module, built.game).scenario
        assert (match.scenario_id, match.how, match.quality) == (scenario_id(built, name), "named", 1.0), name


def test_the_start_position_alone_names_the_scenario(setups) -> None:
    for built, name, replay in setups:
        anonymous = replace(replay, save_metadata=None)
        match = Views(anonymous, built.module, built.game).scenario
        assert (match.scenario_id, match.how, match.quality) == (scenario_id(built, name), "position", 1.0), name
        assert all(quality < 1.0 for _, quality in match.others), name


def test_without_setups_the_game_data_places_the_scenario_first_or_tied(setups) -> None:
    tied = set()
    for built, name, replay in setups:
        bare = replace(built.module, predefined_setups=())
        match = Views(replace(replay, save_metadata=None), bare, built.game).scenario
        wanted = scenario_id(built, name)
        assert match.how == "position"
        assert match.scenario_id == wanted or (wanted, match.quality) in match.others, name
        if match.others and match.others[0][1] == match.quality:
            tied.add(frozenset({match.scenario_id, match.others[0][0]}))
    # optional setups and variants that move only units the tables place "by choice"
    assert tied <= {frozenset(p) for p in (("S1", "S1-LW"), ("S1-GD", "S1-TLF"), ("S8", "S8-D2V"), ("S1", "S1-GD"),
                                           ("S1-GD", "S1-LW"), ("S1-TLF", "S1-LW"), ("S1", "S1-TLF"))}


def test_a_scenario_given_by_the_user_wins_and_a_wrong_one_is_refused(setups) -> None:
    built, _, replay = setups[0]
    match = Views(replay, built.module, built.game, scenario="the battle of nashville").scenario
    assert (match.scenario_id, match.how) == ("S6", "given")
    with pytest.raises(ScenarioError, match="no scenario 'S99' in hood-strikes-north"):
        Views(replay, built.module, built.game, scenario="S99")
