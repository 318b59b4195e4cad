"""Turn tracker states in predefined setups, checked against the module's levels.

VASSAL restores a setup's ``TURN<id>`` state without checking it (format
reference §5.5): a ListTurnLevel index outside its list shows an empty turn,
missing active flags switch items off, a ``currentSubLevel`` outside the
sub-levels breaks advancing, a CounterTurnLevel takes its loop settings from
the save. The states VASSAL itself wrote (Kassala, 3.6.5) and the ones the
builder writes for Hood Strikes North must pass; altered copies must not.

The builder's states are judged by the real engine: VASSAL, opening Scenario 6's setup and
pressing the tracker's Next button (`script-log`), goes from the setup's first phase to the next
one of Dec 15 (turn 23). VASSAL restores the altered copies without a word (that is the defect
the linter reports), so they stay linter tests. Mutation tried: the builder starting every
setup on the campaign's first turn (`builder.scenarios`): the engine test fails.
"""

from __future__ import annotations

import shutil
import tempfile
import zipfile
from pathlib import Path

import pytest

from builder.module import build_module
from gamedata.load import load_game
from gamedata.model import Game
from vassal.commands import TurnState, parse_command, split_stream
from vassal.lint import lint
from vassal.lint.turns import check_turn_states
from vassal.module import Module, read_module
from vassal.savefile import read_save, write_save
from vassal.sequence import decode, encode

import engine
from conftest import CORPUS

HSN = Path(__file__).resolve().parents[1] / "sources" / "hood-strikes-north"
KASSALA = CORPUS / "kassala" / "vmod"
WHERE = "setup"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(HSN)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return build_module(HSN, tmp_path_factory.mktemp("fidelity-turns")).path


@pytest.fixture(scope="module")
def module(built: Path) -> Module:
    return read_module(built)


def _turn_command(module: Module, built: Path, scenario_name: str) -> TurnState:
    """The TURN command of the setup VASSAL would load for ``scenario_name``."""
    setup = next(s for s in module.predefined_setups if s.name == scenario_name)
    with zipfile.ZipFile(built) as zf, tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "setup.vsav"
        path.write_bytes(zf.read(setup.file))
        text = read_save(path).text
    return next(c for c in split_stream(text).setup if isinstance(c, TurnState))


def _with_level_field(command: TurnState, index: int, value: str) -> TurnState:
    """The same command with field ``index`` of the first top-level level replaced."""
    top = decode(command.state, "|")
    fields = decode(top[1], ";")
    fields[index] = value
    top[1] = encode(fields, ";") or ""
    text = f"TURN{command.tracker}\t{encode(top, '|')}"
    altered = parse_command(text)
    assert isinstance(altered, TurnState)
    return altered


def _messages(module: Module, command: TurnState) -> list[tuple[str, str]]:
    return [(i.severity, i.message) for i in check_turn_states((command,), module, WHERE)]


def test_the_builders_turn_states_fit_the_module(module: Module, built: Path, game: Game) -> None:
    for scenario in game.scenarios:
        command = _turn_command(module, built, scenario.name)
        assert _messages(module, command) == [], scenario.scenario_id


def test_a_state_started_on_a_later_turn_points_at_that_turn(module: Module, built: Path, game: Game) -> None:
    # Scenario 6 (The Battle Of Nashville) starts on Dec 15, game turn 23 of the campaign track
    scenario = next(s for s in game.scenarios if s.scenario_id == "S6")
    command = _turn_command(module, built, scenario.name)
    current = int(decode(decode(command.state, "|")[1], ";")[0])
    assert module.turn_trackers[0].levels[0].items[current].startswith("23: Dec 15")


def test_vassal_advances_a_later_setup_from_its_own_turn(built: Path, game: Game, tmp_path: Path) -> None:
    scenario = next(s for s in game.scenarios if s.scenario_id == "S6")
    recorded = engine.script_log(built, "turn next\n", tmp_path / "next.vlog", player="Thomas", password="pw-7731",
                                 side="Union", setup=scenario.name)
    assert recorded.verified
    first, second = game.phases[0].name, game.phases[1].name
    assert (first, second) == ("Winter Weather", "Random Events")
    (logged,) = recorded.logged
    assert logged.endswith(f"turn next -> 23: Dec 15, 1864-12-15 {second}"), logged


def test_missing_active_flags_switch_the_last_turns_off(module: Module, built: Path, game: Game) -> None:
    command = _turn_command(module, built, game.scenarios[0].name)
    flags = ",".join(["true"] * (len(game.turns) - 2))
    issues = _messages(module, _with_level_field(command, 3, flags))
    assert len(issues) == 1 and issues[0][0] == "warning"
    # the last two turns of the campaign track (Dec 23 and Dec 24, game.toml) are the ones skipped
    assert "31: Dec 23" in issues[0][1] and "32: Dec 24" in issues[0][1]


def test_a_turn_index_past_the_list_is_an_error(module: Module, built: Path, game: Game) -> None:
    command = _turn_command(module, built, game.scenarios[0].name)
    issues = _messages(module, _with_level_field(command, 0, str(len(game.turns))))
    assert [s for s, _ in issues] == ["error"]
    assert "empty turn" in issues[0][1]


def test_a_sub_level_index_past_the_phases_is_an_error(module: Module, built: Path, game: Game) -> None:
    # the turn level has exactly one sub-level (the phases), so index 1 names none
    command = _turn_command(module, built, game.scenarios[0].name)
    issues = _messages(module, _with_level_field(command, 1, "1"))
    assert [s for s, _ in issues] == ["error"]
    assert "advancing the turn fails" in issues[0][1]


def test_an_unknown_tracker_id_is_dropped(module: Module, built: Path, game: Game) -> None:
    command = _turn_command(module, built, game.scenarios[0].name)
    other = parse_command(f"TURNTurnTracker1\t{command.state}")
    assert isinstance(other, TurnState)
    issues = _messages(module, other)
    assert [s for s, _ in issues] == ["warning"] and "TurnTracker0" in issues[0][1]


def _kassala_copy(tmp_path: Path, state: str | None) -> Path:
    """The Kassala module folder, its Default Setup's TURN state replaced by ``state``."""
    folder = tmp_path / "kassala"
    shutil.copytree(KASSALA, folder)
    if state is not None:
        setup = folder / "Default Setup.vsav"
        save = read_save(setup)
        assert "TURNTurnTracker0\t0|1;0;false;10" in save.text
        write_save(setup, save.text.replace("TURNTurnTracker0\t0|1;0;false;10", state),
                   save.module_metadata, save.save_metadata)
    return folder


def _turn_issues(folder: Path) -> list[str]:
    return [i.message for i in lint(folder).issues if "turn tracker" in i.where]


def test_vassals_own_counter_state_passes(tmp_path: Path) -> None:
    # written by VASSAL 3.6.5 for a CounterTurnLevel start=1, loop=false, loopLimit=10
    assert _turn_issues(_kassala_copy(tmp_path, None)) == []


def test_a_save_that_turns_looping_on_is_reported(tmp_path: Path) -> None:
    issues = _turn_issues(_kassala_copy(tmp_path, "TURNTurnTracker0\t0|1;0;true;10"))
    assert len(issues) == 1 and "a loop after 10" in issues[0] and "the module no loop" in issues[0]
