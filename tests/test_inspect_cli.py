"""``adjutant inspect`` as a user runs it."""

import json

import jsonschema
from click.testing import CliRunner

from conftest import CORPUS, ENGINE_LOG, ENGINE_MODULE, REPO
from adjutant.cli import main

SCHEMA = json.loads((REPO / "schemas" / "inspect.schema.json").read_text())


def run(*args):
    return CliRunner().invoke(main, ["inspect", *map(str, args)])


def test_text_lists_players_and_one_line_per_step():
    res = run(ENGINE_LOG)
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert "player: Grant (Blue)" in lines
    steps = [l for l in lines if l.startswith("step ")]
    assert len(steps) == 7
    assert steps[1] == "step 2 · Grant / Blue · rolled Morale: 3"
    assert steps[4].startswith("step 5 · Grant / Blue · UNDO of step 4")
    assert steps[6] == "step 7 · Grant / Blue · rolled Combat: 2,5 = 7"
    assert "grant-secret" not in res.output


def test_json_matches_schema_and_never_holds_the_password():
    res = run(ENGINE_LOG, "--format", "json", "--step", "3")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    jsonschema.validate(data, SCHEMA)
    assert len(data["steps"]) == 7
    assert data["metadata"]["module_name"] == "OracleDiceTest"
    assert data["board"]["step"] == 3
    assert {p["name"] for p in data["final"]} == {"Red Infantry", "Red Armor", "Blue Infantry"}
    assert "grant-secret" not in res.output


def test_with_module_names_hexes_like_vassal():
    res = run(ENGINE_LOG, "--module", ENGINE_MODULE)
    assert res.exit_code == 0, res.output
    steps = [l for l in res.output.splitlines() if l.startswith("step ")]
    # VASSAL's own auto-report in the same log says "moves 0704 -> 0604", "0604 -> 0603"
    assert steps[0].startswith("step 1 · Grant / Blue · moved Blue Infantry from 0704 to 0604")
    assert steps[5].startswith("step 6 · Grant / Blue · moved Blue Infantry from 0604 to 0603")


def test_unreadable_input_exits_2_without_traceback(tmp_path):
    bad = tmp_path / "bad.vlog"
    bad.write_bytes(b"PK\x03\x04 this is no zip")
    res = run(bad)
    assert res.exit_code == 2
    assert "error:" in res.output and "Traceback" not in res.output
    res = run(CORPUS / "engine" / "dice-test.vmod")
    assert res.exit_code == 2 and "module, not a saved game" in res.output


def test_step_out_of_range_is_an_error():
    res = run(ENGINE_LOG, "--step", "99")
    assert res.exit_code == 2 and "outside 0..7" in res.output


def test_help_lists_every_command_without_importing_them():
    """``adjutant --help`` must stay quick: it prints the kept summaries, and each summary is its
    command's own first help paragraph, so the listing reads as click would print it."""
    import subprocess
    import sys

    import click

    from adjutant.cli import SUMMARIES, _COMMANDS, main

    for name in _COMMANDS:
        command = main.get_command(click.Context(main), name)
        assert SUMMARIES[name] == " ".join(command.help.split("\n\n")[0].split()), name
    code = ("import sys; from click.testing import CliRunner; from adjutant.cli import main; "
            "r = CliRunner().invoke(main, ['--help']); print(r.output); "
            "print(sorted(m for m in sys.modules if m.startswith(('adjutant.cmd_', 'vassal', 'referee', 'builder'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert all(name in out for name in _COMMANDS)
    assert out.rstrip().endswith("[]")  # no subcommand, and nothing of ours, was imported


def test_a_module_folder_without_board_images_is_said_not_silent():
    """The corpus keeps Kassala's buildFile without its images: every point is 'offboard' then, as
    in VASSAL, and inspect says why instead of printing 'offboard' silently."""
    from click.testing import CliRunner

    from adjutant.cmd_inspect import inspect
    from conftest import CORPUS

    result = CliRunner().invoke(inspect, [str(CORPUS / "kassala/vmod/Default Setup.vsav"),
                                          "--module", str(CORPUS / "kassala/vmod")])
    assert result.exit_code == 0
    assert "1 board image(s) missing (" in result.output
    assert "offboard" in result.output or "steps" in result.output


def test_inspect_and_check_of_a_log_alone_import_only_what_they_use():
    """Without --game, --module or an HTML report, neither command may pay for the game's data
    (and its schema validator), the module reader or the imaging code: their start-up is most
    of what they cost on a log (bench/bench_replay.py)."""
    import subprocess
    import sys

    code = ("import sys; from click.testing import CliRunner; from adjutant.cli import main; "
            f"log = {str(ENGINE_LOG)!r}; "
            "codes = [CliRunner().invoke(main, [c, log]).exit_code for c in ('inspect', 'check')]; "
            "print(codes, sorted(m for m in sys.modules if m.split('.')[0] in ('gamedata', 'jsonschema', 'PIL')"
            " or m in ('vassal.module', 'referee.rules.tables', 'referee.rules.combat', 'referee.crops')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[0, 0] []"


def test_the_checks_imported_when_run_are_registered_under_their_own_ids():
    from referee import registry
    from referee.rules import combat, tables

    assert (registry.TABLES, registry.COMBAT) == (tables.CHECK_ID, combat.CHECK_ID)
    assert {registry.TABLES, registry.COMBAT} <= set(registry.CHECK_IDS)
    from referee.rules import incommand, ranges
    assert (registry.COMMAND, registry.SUPPLY, registry.ACTIVATION) == (ranges.COMMAND, ranges.SUPPLY,
                                                                       ranges.ACTIVATION)
    assert ranges.COMMAND == incommand.CHECK_ID
    assert {registry.COMMAND, registry.SUPPLY, registry.ACTIVATION} <= set(registry.CHECK_IDS)
