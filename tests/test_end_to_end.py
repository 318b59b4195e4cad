"""A PBEM player's day, end to end, on our own Hood Strikes North module.

Build the module with ``adjutant build``; start scenario 1 from the predefined
setup stored in the ``.vmod``; Hood (Confederate) records log 1 (two moves, a
roll, a chat line); Thomas (Union) loads it and records log 2 from its end (a
move, a roll, an undo of the roll and a second roll). Then ``adjutant inspect``
and ``adjutant check`` are run on those logs as a player would run them. Start
hexes come from the rulebook's set-up table (scenario 1, rulebook lines 242-271),
target hexes are neighbours by the game's own hex numbering. Every log written here is replayed
by the real engine too (decode-log): same steps and final board as ours (mutation tried: our
replay putting a stack one pixel lower, `GameState._set_stack_state`: both engine tests fail).
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
from dataclasses import dataclass, replace
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from conftest import ENGINE_LOG, ENGINE_MODULE, REPO, RULEBOOKS
from pbem import (
    Player,
    Turn,
    before_end_save,
    dice_report,
    predefined_setup,
    restore_from_board,
    roll_properties,
)
from PIL import Image
from viewlogs import same_board

import engine

from adjutant.cli import main
from gamedata import load_game
from gamedata.hexids import HexIds
from vassal.commands import (
    Chat,
    MutableProperty,
    Node,
    encode_tree,
    parse_tree,
    split_stream,
)
from vassal.gamestate import basic_name
from vassal.module import Module, read_module
from vassal.replay import BoardState, replay_file, replay_save
from vassal.savefile import SaveFile, read_save, write_save

GAME = REPO / "sources" / "hood-strikes-north"
RULEBOOK = RULEBOOKS / "003_f9322ba859639b19.txt"
INSPECT_SCHEMA = json.loads((REPO / "schemas" / "inspect.schema.json").read_text())
CHECK_SCHEMA = json.loads((REPO / "schemas" / "check.schema.json").read_text())
SCENARIO = "Here Come The Rebels!"  # scenario 1 (S1)

HOOD = Player("Hood", "Confederate", "hood-Pa55w0rd-7731")
THOMAS = Player("Thomas", "Union", "thomas-Pa55w0rd-5518")
PASSWORDS = (HOOD.password, THOMAS.password)

# (unit, set-up hex, hex it moves to)
HOOD_MOVES = (("Jackson", "0118", "0218"), ("Buford", "0119", "0219"))
THOMAS_MOVE = ("Wagner", "0423", "0523")
HOOD_ROLL = ("Cavalry Movement Allowance 2d6", (3, 5))
THOMAS_ROLLS = ("Initiative 1d6", (2,), (6,))  # rolled, undone, rolled again
NUDGED = ("Ruger", "1715", "1716")  # moved between the logs by editing log 2's start


def cli(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


@dataclass(frozen=True)
class GameDay:
    vmod: Path
    module: Module
    folder: Path
    log1: Path
    log2: Path
    setup: BoardState  # the board as log 1 starts
    end1: BoardState  # the board as log 1 ends, replayed by Thomas
    carried: tuple[Node, ...]  # boards, turn and roster carried from log 1's start into log 2's

    def piece_id(self, name: str) -> str:
        (piece,) = self.setup.by_name(name)
        return piece.id


def thomas_turn(day: GameDay, board: BoardState, path: Path) -> Path:
    """Log 2: Thomas's session, starting from ``board``."""
    start = restore_from_board(board, day.carried)
    purpose, first, second = THOMAS_ROLLS
    turn = Turn(day.module, THOMAS, start, board, first_id=1732500000201)
    turn.move(day.piece_id(THOMAS_MOVE[0]), THOMAS_MOVE[2])
    turn.roll(purpose, first).undo_roll().roll(purpose, second)
    return turn.save(path, "Thomas: Union turn, Nov 23")


@pytest.fixture(scope="session")
def day(tmp_path_factory: pytest.TempPathFactory) -> GameDay:
    folder = tmp_path_factory.mktemp("pbem")
    code, out = cli("build", GAME, "-o", folder / "build")
    assert code == 0, out
    vmod = folder / "build" / "hood-strikes-north.vmod"
    module = read_module(vmod)
    start1 = before_end_save(predefined_setup(vmod, module, SCENARIO), [HOOD.roster_entry()])
    as_save = SaveFile("start", encode_tree(Node("begin_save", tuple(start1))), "plain", True, None, None)
    setup = replay_save(as_save, module).initial
    ids = {p.name: p.id for p in setup.pieces.values()}

    hood = Turn(module, HOOD, start1, setup, first_id=1732500000101)
    for unit, _, to_hex in HOOD_MOVES:
        hood.move(ids[unit], to_hex)
    hood.roll(HOOD_ROLL[0], HOOD_ROLL[1]).chat("Forrest rides north; your move, George")
    log1 = hood.save(folder / "log1.vlog", "Hood: Confederate turn, Nov 23")

    end1 = replay_file(str(log1), module).final
    carried = tuple(n for n in start1 if n.text not in ("", "end_save")) + (THOMAS.roster_entry(),)
    day = GameDay(vmod, module, folder, log1, folder / "log2.vlog", setup, end1, carried)
    thomas_turn(day, end1, day.log2)
    return day


def nudged(day: GameDay) -> BoardState:
    """Log 1's end with one counter slid to the next hex, as a doctored log 2 would start."""
    unit, _, to = NUDGED
    (piece,) = day.end1.by_name(unit)
    x, y = day.module.map_layout(piece.map).map_point("Hood Strikes North", to)
    return BoardState({**day.end1.pieces, piece.id: replace(piece, x=x, y=y, location=to)},
                      day.end1.properties, day.end1.turns)


def assert_no_password(text: str) -> None:
    for password in PASSWORDS:
        assert password not in text


# ---------------------------------------------------------------- the recorder writes what VASSAL writes


def test_recorded_move_and_roll_match_the_engines_own_log(tmp_path):
    """Replay VASSAL's own log with our recorder: the drag from 0704 to 0604 (step 1)
    and the Combat roll 2,5 (step 7) come out as the engine wrote them."""
    engine = read_module(ENGINE_MODULE)
    written = read_save(ENGINE_LOG)
    stream = split_stream(written.text)
    replay = replay_save(written, engine)
    logged = parse_tree(written.text).children
    start = list(logged[:[n.text for n in logged].index("end_save") + 1])
    (blue,) = replay.initial.by_name("Blue Infantry")
    grant = Player("Grant", "Blue", "grant-secret")
    turn = Turn(engine, grant, start, replay.initial, first_id=1795312874787)
    ours = split_stream(read_save(turn.move(blue.id, "0604").roll("Combat", (2, 5)).save(
        tmp_path / "ours.vlog", "")).text).steps
    theirs_move = [c.text for c in stream.steps[0] if not isinstance(c, Chat)]  # no auto-report in ours
    assert [c.text for c in ours[0]] == theirs_move
    chat, *changes = stream.steps[6]
    assert isinstance(chat, Chat) and all(isinstance(c, MutableProperty) for c in changes)
    assert dice_report(engine.dice_button("Combat"), "Grant", (2, 5)) == chat.message
    assert [(c.name, c.new) for c in changes] == [
        ("Combat" + suffix, value) for suffix, value in roll_properties(engine.dice_button("Combat"), (2, 5))]
    assert [type(c) for c in ours[1]] == [type(c) for c in stream.steps[6]]


# ---------------------------------------------------------------- the game as built and played


def test_chosen_units_start_where_the_rulebook_sets_them_up_and_move_one_hex():
    game = load_game(GAME)
    hexes = HexIds(game.maps)
    rulebook = RULEBOOK.read_text(encoding="utf-8").splitlines()
    (scenario,) = [s for s in game.scenarios if s.name == SCENARIO]
    rows = {r.unit_id: r for r in scenario.setup}
    for unit, start, to in (*HOOD_MOVES, THOMAS_MOVE, NUDGED):
        row = rows[unit]
        assert row.location == start
        printed = rulebook[row.rulebook_line - 1]
        assert re.match(rf"\|\s*{re.escape(unit)}\s*\|.*\|\s*{start}\b", printed), printed
        assert hexes.parse(to) in hexes.neighbours(hexes.parse(start))
    assert {"Confederate": {"Jackson", "Buford"}, "Union": {"Wagner"}} == {
        side: {u.name for u in game.units if u.side == side and u.name in ("Jackson", "Buford", "Wagner")}
        for side in game.sides}


def test_log1_starts_from_the_predefined_setup_with_every_unit_on_its_rulebook_hex(day):
    scenario = next(s for s in load_game(GAME).scenarios if s.name == SCENARIO)
    start = replay_file(str(day.log1), day.module).initial
    assert start == day.setup
    placed = {basic_name(p.type): p.location for p in start.pieces.values() if p.map == "Main Map"}
    assert placed == {r.unit_id: r.location for r in scenario.setup}


def test_log2_starts_exactly_where_log1_ended(day):
    start2 = replay_file(str(day.log2), day.module).initial
    assert {pid: (p.map, p.x, p.y, p.stack_id, p.stack_index) for pid, p in start2.pieces.items()} == \
        {pid: (p.map, p.x, p.y, p.stack_id, p.stack_index) for pid, p in day.end1.pieces.items()}
    moved = {p.name: p.location for p in day.end1.pieces.values() if p.name in ("Jackson", "Buford")}
    assert moved == {unit: to for unit, _, to in HOOD_MOVES}


def test_vassal_replays_both_logs_to_our_board_and_starts_log2_where_log1_ended(day):
    """The logs written here, replayed by VASSAL's own step (decode-log): the same steps and final
    board as our replay, log 2 starting (in VASSAL) where VASSAL ended log 1, and the chat lines
    and rolls as the players see them."""
    first = engine.decode_log(day.vmod, day.log1)
    same_board(first, replay_file(str(day.log1), day.module))
    second = engine.decode_log(day.vmod, day.log2, start=True)
    same_board(second, replay_file(str(day.log2), day.module))
    where = lambda pieces: {p.id: (p.map, p.x, p.y, p.loc) for p in pieces}  # noqa: E731
    assert where(second.start) == where(first.final)
    moved = {p.name: p.loc for p in first.final if p.name in ("Jackson", "Buford")}
    assert moved == {unit: to for unit, _, to in HOOD_MOVES}
    assert any(line.endswith("Forrest rides north; your move, George") for line in first.chat), first.chat
    assert sum(HOOD_ROLL[0] in line for line in first.chat) == 1
    purpose, (undone,), (kept,) = THOMAS_ROLLS
    assert [line for line in second.chat if purpose in line] == [
        f"*** {purpose} = {undone} *** <Thomas>", f"* UNDO: *** {purpose} = {undone} *** <Thomas>",
        f"*** {purpose} = {kept} *** <Thomas>"]


# ---------------------------------------------------------------- adjutant inspect


def step_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("step ")]


def test_inspect_log1_names_units_and_hexes(day):
    code, out = cli("inspect", day.log1, "--module", day.vmod, "--step", "1")
    assert code == 0, out
    lines = out.splitlines()
    assert "player: Hood (Confederate)" in lines
    # after step 1 only Jackson has left 0118; Armstrong "2#" begins with Fatigue Level 1 (rulebook L247, L253)
    assert {"  Jackson · Main Map · 0218", "  Buford · Main Map · 0119",
            "  Armstrong · Main Map · 0118 · Fatigue: 1"} <= set(lines)
    assert step_lines(out) == [
        "step 1 · Hood / Confederate · moved Jackson from 0118 to 0218",
        "step 2 · Hood / Confederate · moved Buford from 0119 to 0219",
        "step 3 · Hood / Confederate · rolled Cavalry Movement Allowance 2d6: 3,5 = 8",
        "step 4 · Hood / Confederate · said “<Hood> - Forrest rides north; your move, George”",
    ]
    assert_no_password(out)


def test_inspect_log2_json_follows_the_schema_and_hides_both_passwords(day):
    code, out = cli("inspect", day.log2, "--module", day.vmod, "--format", "json", "--step", "0")
    assert code == 0, out
    data = json.loads(out)
    jsonschema.validate(data, INSPECT_SCHEMA)
    assert data["players"] == [{"name": "Hood", "side": "Confederate"}, {"name": "Thomas", "side": "Union"}]
    assert [(s["step"], s["player"], s["undo"]) for s in data["steps"]] == [
        (1, "Thomas", False), (2, "Thomas", False), (3, "Thomas", True), (4, "Thomas", False)]
    (move,) = [e for e in data["steps"][0]["events"] if e["type"] == "Moved"]
    unit, start, to = THOMAS_MOVE
    assert (move["name"], move["from_location"], move["to_location"]) == (unit, start, to)
    rolls = [(e["purpose"], e["values"]) for s in data["steps"] for e in s["events"]
             if e["type"] == "DiceRoll" and not s["undo"]]
    assert rolls == [("Initiative 1d6", [2]), ("Initiative 1d6", [6])]
    final = {p["name"]: p["location"] for p in data["final"]}
    assert final[unit] == to and all(final[u] == t for u, _, t in HOOD_MOVES)
    board = {p["name"]: p["location"] for p in data["board"]["pieces"]}
    assert board[unit] == start
    assert_no_password(out)


def test_inspect_says_which_roll_an_undo_took_back_without_claiming_a_new_roll(day):
    """Step 3 of log 2 undoes the roll of step 2; the referee knows it (see the check
    below), so the inspect line should say so too, and must not read the restored
    dice properties as a roll."""
    code, out = cli("inspect", day.log2, "--module", day.vmod)
    assert code == 0, out
    undo_line = step_lines(out)[2]
    assert undo_line.startswith("step 3 · Thomas / Union · UNDO of step 2"), undo_line
    assert "rolled" not in undo_line, undo_line


# ---------------------------------------------------------------- adjutant check


def check_json(*args: object) -> tuple[int, dict]:
    code, out = cli("check", *args, "--format", "json")
    assert code in (0, 1), out
    assert_no_password(out)
    data = json.loads(out)
    jsonschema.validate(data, CHECK_SCHEMA)
    return code, data


def errors(report: dict) -> list[dict]:
    return [f for f in report["findings"] if f["severity"] == "error"]


def test_check_log2_after_log1_finds_exactly_thomass_reroll(day):
    code, report = check_json(day.log2, "--previous", day.log1, "--module", day.vmod, "--game", GAME)
    assert code == 1
    (error,) = errors(report)
    assert (error["check"], error["log"], error["step"], error["player"]) == ("undo", "log2.vlog", 4, "Thomas")
    assert "re-roll" in error["message"] and "Thomas" in error["message"]
    assert "2" in error["message"] and "(6)" in error["message"]
    assert not [f for f in report["findings"] if f["check"] == "chain"]
    assert "chain" in report["checks"]
    code, text = cli("check", day.log2, "--previous", day.log1, "--module", day.vmod, "--game", GAME)
    assert code == 1
    assert "log2.vlog step 4 [Thomas]: re-roll: Thomas" in text
    assert_no_password(text)


def test_check_logs_in_the_wrong_order_breaks_the_chain_naming_every_moved_piece(day):
    code, report = check_json(day.log1, "--previous", day.log2, "--module", day.vmod, "--game", GAME)
    assert code == 1
    chain = [f for f in errors(report) if f["check"] == "chain"]
    found = {f["pieces"][0]: [p["name"] for p in f["locations"]] for f in chain}
    # log 2 ended with these where Hood and Thomas moved them; log 1 starts them on the set-up hexes
    assert found == {unit: [to, start] for unit, start, to in (*HOOD_MOVES, THOMAS_MOVE)}
    for f in chain:
        assert f["log"] == "log1.vlog" and f["step"] == 0


def test_check_names_a_piece_moved_between_the_logs_and_both_hexes(day):
    unit, start, to = NUDGED
    log2 = thomas_turn(day, nudged(day), day.folder / "log2-nudged.vlog")
    same_board(engine.decode_log(day.vmod, log2), replay_file(str(log2), day.module))
    code, report = check_json(log2, "--previous", day.log1, "--module", day.vmod, "--game", GAME)
    assert code == 1
    (chain,) = [f for f in report["findings"] if f["check"] == "chain"]
    assert chain["severity"] == "error" and chain["pieces"] == [unit]
    assert [p["name"] for p in chain["locations"]] == [start, to]
    assert unit in chain["message"] and start in chain["message"] and to in chain["message"]
    assert sorted(f["check"] for f in errors(report)) == ["chain", "undo"]


def test_check_clean_log1_alone_passes(day):
    code, report = check_json(day.log1, "--module", day.vmod, "--game", GAME)
    assert code == 0
    assert errors(report) == [] and report["summary"]["warning"] == 0
    assert [(r["player"], r["purpose"], r["dice"]) for r in report["dice"]["rolls"]] == \
        [("Hood", HOOD_ROLL[0], list(HOOD_ROLL[1]))]


def test_check_a_folder_of_the_games_logs_in_playing_order(day):
    folder = day.folder / "mailbox"
    folder.mkdir()
    # natural order puts turn 9 before turn 10 (plain sorting would not), as players number their logs
    (folder / "turn9-hood.vlog").write_bytes(day.log1.read_bytes())
    (folder / "turn10-thomas.vlog").write_bytes(day.log2.read_bytes())
    (folder / "notes.txt").write_text("not a log")
    code, report = check_json(folder, "--module", day.vmod, "--game", GAME)
    assert [log["file"] for log in report["logs"]] == ["turn9-hood.vlog", "turn10-thomas.vlog"]
    assert code == 1
    (error,) = errors(report)  # the chain holds; only the re-roll
    assert (error["check"], error["log"], error["step"], error["player"]) == ("undo", "turn10-thomas.vlog", 4, "Thomas")


def test_a_log_cut_short_in_the_mail_is_refused_by_name_and_inputs_stay_untouched(day):
    inputs = (day.vmod, day.log1, day.log2)
    before = [p.read_bytes() for p in inputs]
    cut = day.folder / "log2-cut.vlog"
    cut.write_bytes(day.log2.read_bytes()[:3000])
    for command in (("check", cut, "--previous", day.log1, "--module", day.vmod, "--game", GAME),
                    ("inspect", cut, "--module", day.vmod)):
        code, out = cli(*command)
        assert code == 2
        assert out.startswith(f"error: {cut}: ") and "Traceback" not in out
    cli("check", day.log2, "--previous", day.log1, "--module", day.vmod, "--game", GAME)
    assert [p.read_bytes() for p in inputs] == before


def test_a_log_whose_text_stops_inside_its_start_state_does_not_pass(day):
    """The zip is sound but the command text ends half-way through the pieces: no
    ``end_save``, no steps, counters missing. A referee must not call that clean."""
    written = read_save(day.log2)
    cut = day.folder / "log2-no-end-save.vlog"
    write_save(cut, written.text[: written.text.index("end_save") // 2], written.module_metadata,
               written.save_metadata)
    code, out = cli("check", cut, "--module", day.vmod, "--game", GAME)
    assert code != 0, out
    assert cut.name in out


# ---------------------------------------------------------------- the HTML report


def test_html_report_is_written_atomically_with_the_board_as_a_data_uri(day, monkeypatch):
    unit, start, to = NUDGED
    log2 = thomas_turn(day, nudged(day), day.folder / "log2-for-html.vlog")
    out_dir = day.folder / "html"
    out_dir.mkdir()
    report = out_dir / "report.html"
    report.write_text("an older report\n")
    renames: list[tuple[str, str]] = []
    real_replace = os.replace

    def spy(src, dst):
        # the whole new report is in a temp file beside the target; the target is untouched until now
        assert Path(src).parent == report.parent and Path(src) != report
        assert Path(src).read_text(encoding="utf-8").endswith("</html>\n")
        assert report.read_text() == "an older report\n"
        renames.append((str(src), str(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    code, out = cli("check", log2, "--previous", day.log1, "--module", day.vmod, "--game", GAME,
                    "--format", "html", "-o", report)
    assert code == 1, out
    assert renames == [(renames[0][0], str(report))]
    assert sorted(p.name for p in out_dir.iterdir()) == ["report.html"]
    html = report.read_text(encoding="utf-8")
    assert_no_password(html)
    assert unit in html and "re-roll" in html
    # the undo note quotes the dice report "... *** <Thomas>": text from a log is escaped
    assert "&lt;Thomas&gt;" in html and "<Thomas>" not in html
    crops = re.findall(r'data-map="Main Map" data-left="(\d+)" data-top="(\d+)" data-scale="([\d.]+)" '
                       r'data-cell-px="[\d.]+" src="data:image/png;base64,([A-Za-z0-9+/=]+)"', html)
    assert crops, "no board crop round the re-roll's hexes"
    layout = day.module.map_layout("Main Map")
    board = day.module.map("Main Map").board("Hood Strikes North")
    rings = {hex_: False for hex_ in (start, to, "3017")}
    for left, top, scale, data in crops:
        with Image.open(io.BytesIO(base64.b64decode(data))) as picture:
            crop = picture.convert("RGB")
        for hex_ in rings:
            hx, hy = layout.map_point(board.name, hex_)
            # the hex's leftmost and rightmost points, just inside: where its ring runs
            grid = board.grid
            half = (grid.dy / 2 if grid.sideways else 2 * grid.dx / 3) * float(scale) - 3
            points = [((hx - int(left)) * float(scale) + side * half, (hy - int(top)) * float(scale))
                      for side in (-1, 1)]
            if all(0 <= x < crop.width and 0 <= y < crop.height for x, y in points):
                near = [crop.getpixel((round(x) + d, round(y))) for x, y in points for d in (-2, -1, 0, 1, 2)]
                rings[hex_] |= sum(1 for r, g, b in near if r > 150 and g < 90 and b < 90) >= 2
    assert rings == {start: True, to: True, "3017": False}  # rings round the finding's hexes only


def test_same_logs_give_byte_identical_reports(day):
    args = (day.log2, "--previous", day.log1, "--module", day.vmod, "--game", GAME, "--format", "json")
    first, second = cli("check", *args), cli("check", *args)
    assert first == second
    again = thomas_turn(day, day.end1, day.folder / "log2-again.vlog")
    assert again.read_bytes() == day.log2.read_bytes()
