"""The parts of the game view on their own: what a turn tracker shows, turn and phase from
chat when a module has no tracker, the sequence of play and chain of command in the game
data, and ``adjutant inspect --step N --game G`` as a player runs it."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from click.testing import CliRunner
from conftest import REPO
from pbem import Player, Turn, before_end_save
from viewlogs import Built, build

from adjutant.cli import main
from builder.parts import turn_state
from gamedata import load_game, validate
from gamedata.model import ChatClock, Formation, Game, Unit
from referee.view import Views
from vassal.metadata import Metadata
from vassal.module import TurnLevelInfo, TurnTrackerInfo
from vassal.savefile import read_save, write_save
from vassal.turns import tracker_values

HSN = REPO / "sources" / "hood-strikes-north"
SCHEMA = json.loads((REPO / "schemas" / "inspect.schema.json").read_text())
HOOD = Player("Hood", "Confederate", "hood-Pa55w0rd-7731")


@pytest.fixture(scope="module")
def hsn(tmp_path_factory) -> Built:
    return build("hood-strikes-north", tmp_path_factory.mktemp("view-parts"))


# ---------------------------------------------------------------- vassal.turns


def shown(tracker: TurnTrackerInfo, state: str | None) -> list[tuple[str, str]]:
    return [(v.level.name, v.text) for v in tracker_values(tracker, state)]


def test_a_tracker_shows_its_levels_along_the_current_sub_levels(hsn: Built) -> None:
    tracker, game = hsn.module.turn_trackers[0], hsn.game
    assert shown(tracker, None) == [("Turn", "1: Nov 23, 1864-11-23"), ("Phase", "Winter Weather")]
    on_turn_9 = turn_state(game, 9).split("\t", 1)[1]
    assert shown(tracker, on_turn_9) == [("Turn", "9: Dec 1, 1864-12-01"), ("Phase", "Winter Weather")]
    state = "0|8;0;0;" + ",".join(["true"] * 32) + ";8\\;0\\;0\\;" + ",".join(["true"] * 13)
    assert shown(tracker, state) == [("Turn", "9: Dec 1, 1864-12-01"), ("Phase", "Action Cycle")]
    past = "0|40;0;0;" + ",".join(["true"] * 32)
    assert shown(tracker, past) == [("Turn", ""), ("Phase", "Winter Weather")]   # VASSAL shows an empty turn


def test_a_counter_level_shows_its_number() -> None:
    phase = TurnLevelInfo("list", "Phase", "Phase", "$value$", 0, 0, None, ("Move", "Fight"), ())
    turn = TurnLevelInfo("counter", "Turn", "Turn", "$value$", 1, 1, None, (), (phase,))
    tracker = TurnTrackerInfo("TurnTracker0", "Turn", "$level1$", (turn,))
    assert shown(tracker, None) == [("Turn", "1"), ("Phase", "Move")]
    assert shown(tracker, "0|7;0;false;-1;1\\;0\\;0\\;true,true") == [("Turn", "7"), ("Phase", "Fight")]
    assert shown(tracker, "3|7") == [("Turn", "7"), ("Phase", "Move")]      # no such top level: the first
    assert shown(tracker, "0|7;5") == [("Turn", "7")]                       # sub-level 5 does not exist


# ---------------------------------------------------------------- turn and phase from chat


def chat_log(hsn: Built, lines: list[str]) -> str:
    start = before_end_save(hsn.setup_nodes("Here Come The Rebels!"), [HOOD.roster_entry()])
    board = hsn.replay_text(_text(start)).initial
    turn = Turn(hsn.module, HOOD, start, board, 100)
    for line in lines:
        turn.chat(line)
    return turn.text()


def _text(nodes) -> str:
    from vassal.commands import Node, encode_tree
    return encode_tree(Node("begin_save", tuple(nodes)))


def test_without_a_tracker_turn_and_phase_come_from_chat_when_the_game_says_how(hsn: Built) -> None:
    no_tracker = replace(hsn.module, turn_trackers=())
    text = chat_log(hsn, ["hello", "Starting Turn 5", "now the Recovery phase", "Turn Dec 3, Attachment phase"])
    clock = ChatClock(turn=r"[Tt]urn (?P<turn>\d+|[A-Z][a-z]{2} \d+)", phase=r"(?P<phase>[A-Z][a-z]+) phase")
    views = Views(hsn.replay_text(text), no_tracker, replace(hsn.game, chat_clock=clock), scenario="S1")
    assert [(v.turn.id if v.turn else None, v.phase) for v in views] == [
        (None, None), (None, None), (5, None), (5, "Recovery"), (11, "Attachment")]
    assert views.at(4).phase_def.section == "1.0-6"
    silent = Views(hsn.replay_text(text), no_tracker, hsn.game, scenario="S1")
    assert {v.turn for v in silent} == {None}
    said = [(u.subject, u.step) for u in silent.unknown if u.subject in ("turn", "phase")]
    assert said == [("turn", 0), ("phase", 0)]
    assert "no chat_clock" in silent.unknown[0].message


# ---------------------------------------------------------------- game data


def test_phases_load_and_are_checked(tmp_path: Path) -> None:
    game = load_game(HSN)
    assert [p.name for p in game.phases][:4] == ["Winter Weather", "Random Events", "Manpower Enhancement",
                                                 "Union Reinforcement"]
    assert (game.phases[2].side, game.phases[2].rulebook_line) == ("Union", 1107)
    folder = tmp_path / "hsn"
    shutil.copytree(HSN, folder)
    toml = folder / "game.toml"
    text = toml.read_text(encoding="utf-8")
    text = text.replace('name = "Recovery"\n', 'name = "Attachment"\n', 1)
    text = text.replace('side = "Union"\nsection = "1.0-3"', 'side = "Yankee"\nsection = "1.0-3"', 1)
    toml.write_text(text + '\n[chat_clock]\nturn = "Turn (?P<turn>[0-9"\n', encoding="utf-8")
    problems = [str(p) for p in validate(folder)]
    assert "game.toml::0:phases[2].side: unknown side 'Yankee'" in problems
    assert "game.toml::0:phases[9].name: phase 'Attachment' listed twice" in problems
    assert any(p.startswith("game.toml::0:chat_clock.turn: not a regular expression") for p in problems)


def test_the_chain_of_command_runs_up_to_the_army() -> None:
    game = load_game(REPO / "sources" / "into-the-woods-shiloh")
    assert [f.formation_id for f in game.command_chain("US:55 IL")] == ["2/5/T", "5/T", "AoT"]
    assert [f.formation_id for f in game.command_chain("US:55 IL", "1/5/T")] == ["1/5/T", "5/T", "AoT"]
    assert game.leader("2/5/T").unit_id == "US:Stuart" and game.rank("US:Stuart") == "brigade"
    assert game.rank("US:Grant") == "army" and game.rank("US:55 IL") == ""
    assert {u.unit_id for u in game.members("2/5/T")} >= {"US:55 IL", "US:54 OH", "US:71 OH"}
    assert game.command_chain("nobody") == () and game.formation("nothing") is None
    looped = Game("g", "G", "GBACW", "", ("A",), (), formations=(
        Formation("a", "A", "A", "brigade", parent="b"), Formation("b", "A", "B", "division", parent="a")),
        units=(Unit("u", "A", "U", "Inf", command="a"),))
    assert [f.formation_id for f in looped.command_chain("u")] == ["a", "b"]     # a cycle in the data ends it


# ---------------------------------------------------------------- adjutant inspect


def cli(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def hood_log(hsn: Built, tmp_path_factory) -> Path:
    start = before_end_save(hsn.setup_nodes("Here Come The Rebels!"), [HOOD.roster_entry()])
    board = hsn.replay_text(_text(start)).initial
    ids = {p.name: p.id for p in board.pieces.values()}
    turn = Turn(hsn.module, HOOD, start, board, 100).move(ids["Jackson"], "0218").chat("your move")
    return turn.save(tmp_path_factory.mktemp("inspect") / "hood.vlog", "Hood's turn")


def test_inspect_shows_the_game_at_a_step_as_json_and_text(hsn: Built, hood_log: Path) -> None:
    code, out = cli("inspect", hood_log, "--module", hsn.vmod, "--game", HSN, "--step", "1", "--format", "json")
    assert code == 0, out
    data = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    view = data["view"]
    assert (view["step"], view["turn"]["id"], view["scenario_turn"], view["phase"], view["active"]) == (
        1, 2, 1, "Winter Weather", "Confederate")
    assert view["scenario"]["id"] == "S1" and view["scenario"]["how"] == "position"
    jackson = next(u for u in view["units"] if u["unit_id"] == "Jackson")
    assert (jackson["location"], jackson["hex"]) == ("0218", {"map": "main", "column": 2, "row": 18})
    ross = next(u for u in view["units"] if u["unit_id"] == "Ross")
    assert (ross["status"]["fatigue"], ross["showing"], ross["strength"]) == ("1", ["fatigue"], "1")
    assert HOOD.password not in out
    code, text = cli("inspect", hood_log, "--module", hsn.vmod, "--game", HSN, "--step", "1")
    assert code == 0
    lines = text.splitlines()
    assert ("game after step 1: turn 2 (Nov 24, 1864-11-24; scenario turn 1), phase Winter Weather, "
            "active Confederate") in lines
    assert "  Ross · 0118 · fatigue 1 · strength 1 · formation CSA J-Cav" in lines
    assert "  Jackson · 0218 · no status · strength unknown · formation CSA J-Cav" in lines
    assert lines.index("Confederate:") < lines.index("Union:")


def test_inspect_refuses_a_scenario_the_game_has_not(hsn: Built, hood_log: Path) -> None:
    code, out = cli("inspect", hood_log, "--module", hsn.vmod, "--game", HSN, "--step", "0", "--scenario", "S99")
    assert code == 2 and "no scenario 'S99'" in out and "Traceback" not in out
    code, out = cli("inspect", hood_log, "--game", HSN, "--step", "0", "--units", REPO / "missing.csv")
    assert code == 2 and "missing.csv: cannot read" in out


def test_check_hands_the_views_to_the_rule_checks(hsn: Built, hood_log: Path, monkeypatch) -> None:
    from referee import registry
    from referee.run import InputError, run_check

    seen = []
    monkeypatch.setattr(registry, "CHECKS", (registry.Check("spy", "records its context", lambda ctx: seen.append(ctx) or ()),))
    monkeypatch.setattr(registry, "CHECK_IDS", ("spy",))
    run_check([hood_log], module=hsn.module, game=HSN, check_ids=["spy"])
    views = seen[0].views
    assert views is not None and views.at(1).unit("Jackson").location == "0218"
    run_check([hood_log], module=hsn.module, check_ids=["spy"])
    assert seen[1].views is None                                            # no game data, no view
    with pytest.raises(InputError, match="no scenario 'S99'"):
        run_check([hood_log], module=hsn.module, game=HSN, check_ids=["spy"], scenario="S99")


def test_a_module_numbering_hexes_otherwise_is_said_once(hsn: Built, hood_log: Path) -> None:
    """A community module whose grid names hexes other than the game data does (here: the
    data's map wants an "X" prefix) gives units no hex, and says so once."""
    game = replace(hsn.game, maps=(replace(hsn.game.maps[0], prefix="X"),))
    views = Views(hsn.replay(hood_log), hsn.module, game, scenario="S1")
    assert all(u.hex is None for u in views.at(1).units.values())
    said = [u for u in views.unknown if u.subject == "hexes of Main Map"]
    assert len(said) == 1 and "is no hex of the game (map 'main': X1715)" in said[0].message


NASTY = "\x1b\t/;\\,'<>&*0123456789-null+MDLOGUNDOCHATemb2PROP"


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 40), st.text(alphabet=NASTY, max_size=12)),
                min_size=1, max_size=6))
def test_a_damaged_log_never_crashes_the_view(hsn: Built, hood_log: Path, tmp_path_factory, changes) -> None:
    """Hostile input: any step of a damaged log is shown, or the file refused (exit 2)."""
    text = read_save(hood_log).text
    for where, cut, insert in changes:
        at = int(where * (len(text) - 1))
        text = text[:at] + insert + text[at + cut:]
    log = tmp_path_factory.mktemp("damaged") / "damaged.vlog"
    write_save(log, text, hsn.module.metadata, Metadata())
    code, out = cli("inspect", log, "--module", hsn.vmod, "--game", HSN, "--step", "2", "--format", "json")
    assert code in (0, 2) and "Traceback" not in out
    assert HOOD.password not in out
