"""Log chain: real VASL logs split in two, and synthesized chains with tampering."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_referee_logs import (
    SECRETS,
    move,
    piece,
    report,
    standard_pieces,
    start,
    write,
)

from referee.findings import Severity
from referee.run import InputError, expand, run_check
from vassal.savewriter import LogWriter

VLOGS = (Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus" / "vasl-templates" / "vasl_templates"
         / "webapp" / "tests" / "fixtures" / "analyze-vlog")


def chain_errors(logs, previous=()):
    return [f for f in run_check(list(logs), list(previous), check_ids=["chain"], reveal=True).findings
            if f.severity is Severity.ERROR]


def test_real_split_game_chains_in_order():
    assert chain_errors([VLOGS / "multiple-1a.vlog", VLOGS / "multiple-1b.vlog"]) == []
    assert chain_errors([VLOGS / "multiple-1b.vlog"], previous=[VLOGS / "multiple-1a.vlog"]) == []


def test_real_split_game_fails_when_shuffled():
    errors = chain_errors([VLOGS / "multiple-1b.vlog", VLOGS / "multiple-1a.vlog"])
    assert errors
    assert all(f.log == "multiple-1a.vlog" and f.step == 0 for f in errors)
    # the phase track counter moved on during 1a: 1b's end is not 1a's start
    assert any("changed between the end of multiple-1b.vlog and the start of multiple-1a.vlog" in f.message
               for f in errors)


def test_unrelated_real_logs_do_not_chain():
    assert chain_errors([VLOGS / "full.vlog", VLOGS / "multiple-2.vlog"])


def test_folder_of_logs_is_taken_in_natural_order(tmp_path):
    shutil.copy(VLOGS / "multiple-1a.vlog", tmp_path / "turn9.vlog")
    shutil.copy(VLOGS / "multiple-1b.vlog", tmp_path / "turn10.vlog")
    assert [p.name for p in expand([tmp_path])] == ["turn9.vlog", "turn10.vlog"]
    assert chain_errors([tmp_path]) == []


def _game(tmp_path: Path):
    """Turn 1: Alice moves Red Infantry; the honest turn 2 starts from that position."""
    first = write(tmp_path / "turn1.vlog", LogWriter(start(standard_pieces()))
                  .step(move("1001", (100, 100), (160, 130), "alice-pw"), report("Red Infantry moves"))
                  .step(move("1001", (160, 130), (220, 100), "alice-pw"), report("Red Infantry moves")))
    honest = write(tmp_path / "turn2.vlog", LogWriter(start(standard_pieces(red=(220, 100))))
                   .step(move("1002", (400, 300), (340, 270), "bob-pw"), report("Blue Infantry moves")))
    return first, honest


def test_synthesized_chain_in_order_passes(tmp_path):
    first, honest = _game(tmp_path)
    report_ = run_check([first, honest])
    assert not report_.failed


def test_piece_moved_between_logs_is_caught_naming_the_piece(tmp_path):
    first, _ = _game(tmp_path)
    nudged = write(tmp_path / "turn2.vlog", LogWriter(start(standard_pieces(red=(220, 100), blue=(340, 270))))
                   .chat("Bob", "my turn"))
    errors = chain_errors([first, nudged])
    assert len(errors) == 1
    assert errors[0].pieces == ("Blue Infantry",)
    assert "ended turn1.vlog at Main Map 400,300" in errors[0].message
    assert "starts turn2.vlog at Main Map 340,270" in errors[0].message


def test_log_with_a_step_missing_is_caught(tmp_path):
    first, _ = _game(tmp_path)
    # turn 2 was recorded from a copy of turn 1 that lacked its last step
    short = write(tmp_path / "turn2.vlog", LogWriter(start(standard_pieces(red=(160, 130)))).chat("Bob", "go"))
    errors = chain_errors([first, short])
    assert [f.pieces for f in errors] == [("Red Infantry",)]


def test_added_missing_and_changed_pieces_are_each_reported(tmp_path):
    first, _ = _game(tmp_path)
    changed = [piece("1001", "Red Infantry", "Blue", 220, 100), piece("1003", "Red Cavalry", "Red", 50, 50)]
    tampered = write(tmp_path / "turn2.vlog", LogWriter(start(changed)).chat("Bob", "go"))
    errors = chain_errors([first, tampered])
    by_piece = {f.pieces[0]: f.message for f in errors}
    assert set(by_piece) == {"Red Infantry", "Blue Infantry", "Red Cavalry"}
    assert "mark 'Red' -> 'Blue'" in by_piece["Red Infantry"]
    assert "missing" in by_piece["Blue Infantry"]
    assert "was not in play" in by_piece["Red Cavalry"]


def test_empty_folder_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="no .vlog or .vsav"):
        run_check([tmp_path])


def test_mask_changed_between_logs_is_reported_without_the_player_ids(tmp_path):
    first = write(tmp_path / "turn1.vlog", LogWriter(start(standard_pieces(blue_mask="bob-pw")))
                  .step(move("1001", (100, 100), (220, 100), "alice-pw"), report("Red Infantry moves")))
    remasked = write(tmp_path / "turn2.vlog",
                     LogWriter(start(standard_pieces(red=(220, 100), blue_mask="alice-pw"))).chat("Bob", "go"))
    errors = chain_errors([first, remasked])
    assert [f.pieces for f in errors] == [("Blue Infantry",)]
    assert "obs changed" in errors[0].message
    assert not any(secret in errors[0].message for secret in SECRETS)


def _long_game(folder: Path, turns: int) -> list[Path]:
    """A game in ``turns`` logs: each player moves on alternate turns, 30 px east per turn."""
    logs = []
    red, blue = (100, 100), (400, 300)
    for turn in range(turns):
        writer = LogWriter(start(standard_pieces(red=red, blue=blue)))
        if turn % 2 == 0:
            new = (red[0] + 30, red[1])
            writer.step(move("1001", red, new, "alice-pw"), report(f"turn {turn + 1}: Red Infantry moves"))
            red = new
        else:
            new = (blue[0] + 30, blue[1])
            writer.step(move("1002", blue, new, "bob-pw"), report(f"turn {turn + 1}: Blue Infantry moves"))
            blue = new
        logs.append(write(folder / f"turn{turn + 1}.vlog", writer))
    return logs


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.permutations(range(6)))
def test_long_game_passes_in_order_and_fails_in_any_other_order(tmp_path_factory, order):
    folder = tmp_path_factory.mktemp("game")
    logs = _long_game(folder, 6)
    assert chain_errors([folder]) == []            # the folder, in natural order
    errors = chain_errors([logs[i] for i in order])
    assert bool(errors) == (list(order) != sorted(order))


LAYER = "emb2;Activate;2;;;2;;;2;;;;1;false;0;0;a.png,b.png;,flipped;true;Flip;;;false;;1;1;true;;;;;1.0;;true"


def _layered(pid: str, name: str, x: int, y: int, layer: str = LAYER):
    """A counter with a Layer, as the engine's module writes it (or a newer VASSAL, appending)."""
    from vassal.gamestate import join_chain
    from vassal.savewriter import Placement
    types = [layer, "mark;Side", f"piece;;;unit.png;{name}"]
    return Placement(pid, join_chain(types), join_chain(["1", "Red", f"Main Map;{x};{y};1;0"]), "Main Map", x, y)


def test_a_trait_a_newer_vassal_wrote_with_default_fields_appended_is_the_same_definition(tmp_path):
    """1,490 false errors on a real pair: the same module, one log saved by a newer VASSAL that
    appends ``;false;;1`` to every Layer. VASSAL reads both as the same trait."""
    first = write(tmp_path / "turn1.vlog", LogWriter(start([_layered("1001", "Red Infantry", 100, 100)]))
                  .step(move("1001", (100, 100), (160, 130), "alice-pw"), report("Red Infantry moves")))
    newer = write(tmp_path / "turn2.vlog",
                  LogWriter(start([_layered("1001", "Red Infantry", 160, 130, LAYER + ";false;;1")])).chat("Bob", "go"))
    assert chain_errors([first, newer]) == []
    changed = write(tmp_path / "turn2b.vlog",
                    LogWriter(start([_layered("1001", "Red Infantry", 160, 130, LAYER.replace("Flip", "Turn"))]))
                    .chat("Bob", "go"))
    assert [f.pieces for f in chain_errors([first, changed])] == [("Red Infantry",)]


def test_what_vassal_fills_in_when_it_saves_is_the_same_definition():
    """A module's traits written ``0,0,Name`` and without level names come back from VASSAL's save
    (an Atlanta chain recorded by script-log) with the named keys' codes VASSAL allocated and one
    empty name per level; a real change in a key's name or a level's name still differs."""
    from vassal.piece import same_definition
    ours = ("emb2;Loss on/off;130;;Loss +;130;;Loss -;130;;;;1;false;20;-48;a.png,b.png;;false;Loss;;;false;;1;1;"
            "false;0,0,lossToggle;0,0,lossUp;0,0,lossDown;Loss;1.0;;true")
    saved = ours.replace("a.png,b.png;;", "a.png,b.png;,;").replace("0,0,lossUp", "57346,0,lossUp")
    assert same_definition(ours, saved)
    assert same_definition("rotate;6;0,0,FacingCW;0,0,FacingCCW;Face clockwise;Face counter-clockwise;;;Facing",
                           "rotate;6;57374,0,FacingCW;57375,0,FacingCCW;Face clockwise;Face counter-clockwise;;;Facing")
    assert not same_definition(ours, saved.replace(",lossUp", ",lossMore"))
    assert not same_definition(ours, ours.replace("a.png,b.png;;", "a.png,b.png;,hit;"))
    assert not same_definition("rotate;6;0,0,FacingCW;0,0,FacingCCW;a;b;;;Facing",      # a real key (Ctrl-F) too
                               "rotate;6;70,130,FacingCW;0,0,FacingCCW;a;b;;;Facing")


def test_a_module_update_between_logs_is_one_warning_naming_the_versions(tmp_path):
    pieces = [_layered(str(1001 + i), f"Unit {i}", 100 + 10 * i, 100) for i in range(30)]
    first = write(tmp_path / "turn1.vlog", LogWriter(start(pieces)).chat("Alice", "done"), version="1.0")
    updated = [_layered(p.id, f"Unit {i}", p.x, p.y, LAYER.replace("Flip", "Turn")) for i, p in enumerate(pieces)]
    second = write(tmp_path / "turn2.vlog", LogWriter(start(updated)).chat("Bob", "go"), version="1.1")
    findings = [f for f in run_check([first, second], check_ids=["chain"]).findings]
    assert [f.severity for f in findings] == [Severity.WARNING]
    assert "Synthetic 1.0" in findings[0].message and "Synthetic 1.1" in findings[0].message
    assert "30 pieces have new definitions" in findings[0].message


def test_every_chain_message_names_the_piece(tmp_path):
    """A piece whose name VASSAL would show as empty is named by its BasicPiece name or its id."""
    from vassal.gamestate import join_chain
    from vassal.savewriter import Placement
    unnamed = Placement("1005", join_chain(["mark;Side", "piece;;;unit.png;"]), join_chain(["Red", "Main Map;5;5;1;0"]),
                        "Main Map", 5, 5)
    first = write(tmp_path / "turn1.vlog", LogWriter(start(standard_pieces() + [unnamed])).chat("Alice", "done"))
    second = write(tmp_path / "turn2.vlog", LogWriter(start(standard_pieces())).chat("Bob", "go"))
    errors = chain_errors([first, second])
    assert [f.pieces for f in errors] == [("piece 1005",)]
    assert errors[0].message.startswith("piece 1005 was at")


def test_a_check_hands_state_to_itself_on_the_next_log(monkeypatch):
    """``Check.carry`` is called on every log of the chain, --previous ones too, and the next
    log's check reads it as ``ctx.carried``: the last step of each log, handed on."""
    import referee.run as run_module
    from referee.findings import Finding
    from referee.registry import Check

    def run(ctx):
        yield Finding("probe", Severity.INFO, f"before {ctx.log.label}: {ctx.carried.get('probe')}", "", ctx.log.label)

    probe = Check("probe", "hands on each log's step count", run,
                  carry=lambda ctx: f"{ctx.log.label} ended at step {len(ctx.log.steps)}")
    monkeypatch.setattr(run_module, "select", lambda ids: (probe,))
    logs = [VLOGS / "multiple-1a.vlog", VLOGS / "multiple-1b.vlog", VLOGS / "multiple-2.vlog"]
    report_ = run_check(logs[1:], logs[:1])
    steps = [len(run_module._load(p, p.name, {}, None).steps) for p in logs]
    assert [f.message for f in report_.findings if f.check == "probe"] == [
        f"before multiple-1b.vlog: multiple-1a.vlog ended at step {steps[0]}",
        f"before multiple-2.vlog: multiple-1b.vlog ended at step {steps[1]}"]
