"""Table dice buttons in the real VASSAL engine: every built module loads clean, every table
button (die-roll tables, and a user's combat chart) rolls, and the chat line VASSAL writes states
the table's result and is read back by our replay exactly as VASSAL's own replay (decode-log) shows it.
Every total of every table is rolled in VASSAL on every run (buttons forced to each total, with the
table's own report format), so each branch of each format is asserted, not one random roll per table.
Mutation tried: the format's thresholds `result <= N` written `result < N` (`builder.table_dice`):
every game fails."""

from __future__ import annotations

import html
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import engine
import pytest
from test_combat_tables import chart_sheets

from builder.module import build_module
from builder.table_dice import combat_texts, report_format, report_line, texts
from gamedata import load_game
from gamedata.combat import Combat, combat_of
from gamedata.rolls import RollTable, roll_tables
from vassal import components as c
from vassal.archive import write_zip
from vassal.buildfile import write_buildfile
from vassal.module import Module, read_module
from gamedata.workbook import write_workbook
from vassal.replay import ChatLine, DiceRoll, replay_file

SOURCES = Path(__file__).resolve().parents[1] / "sources"
GAMES = ("hood-strikes-north", "into-the-woods-shiloh", "atlanta", "cwb-regimental")


@dataclass(frozen=True)
class Built:
    vmod: Path
    module: Module
    tables: tuple[RollTable | Combat, ...]
    side: str


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    """The bundled games built as modules; Hood Strikes North with a user's combat chart added."""
    out = tmp_path_factory.mktemp("tables")
    found = {}
    for game_id in GAMES:
        folder = SOURCES / game_id
        if game_id == "hood-strikes-north":
            folder = out / "with-chart" / game_id
            shutil.copytree(SOURCES / game_id, folder)
            write_workbook(folder / "combat.xlsx", chart_sheets())
        game = load_game(folder)
        summary = build_module(folder, out)
        tables = roll_tables(game.tables) + tuple(combat_of(t) for t in game.combat)
        found[game_id] = Built(summary.path, read_module(summary.path), tables, game.sides[0])
    assert any(isinstance(t, Combat) for t in found["hood-strikes-north"].tables)
    return found


@dataclass(frozen=True)
class Rolled:
    log: Path
    chat: tuple[str, ...]          # decode-log's CHAT lines of the rolls
    replayed: tuple[DiceRoll, ...]  # our replay's rolls, in order
    texts: tuple[str, ...]          # our replay's chat lines of the rolls


@pytest.fixture(scope="module")
def rolled(built: dict[str, Built], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Rolled]:
    """Each table button of each module pressed once in VASSAL, then the log replayed by VASSAL and by us."""
    out = tmp_path_factory.mktemp("rolls")
    found = {}
    for game_id, b in built.items():
        script = "".join(f'roll "{t.name}"\n' for t in b.tables)
        recorded = engine.script_log(b.vmod, script, out / f"{game_id}.vlog", player="Grant", password="grant-pw-31",
                                     side=b.side)
        assert recorded.verified, recorded.run.lines[-5:]
        decoded = engine.decode_log(b.vmod, recorded.log)
        replay = replay_file(str(recorded.log), b.module)
        rolls = tuple(d for s in replay.steps for d in s.dice())
        chats = tuple(e.text for s in replay.steps for e in s.events if isinstance(e, ChatLine))
        found[game_id] = Rolled(recorded.log, tuple(line for line in decoded.chat if line.startswith("***")), rolls,
                                chats)
    return found


@pytest.fixture(scope="module")
def every_total(built: dict[str, Built], tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str, int], str]:
    """Every total of every table of every game rolled in VASSAL: one module holding, for each table
    and total, the table's own button forced to that total (`engine.forced`: same report format,
    so VASSAL evaluates the table's own expression for it), each pressed once in one script-log.
    (game id, table name, total) -> the chat line VASSAL writes."""
    out = tmp_path_factory.mktemp("every-total")
    buttons, keys = [], []
    for game_id, b in built.items():
        own = {d.get("name"): d for d in b.module.root.find_all("VASSAL.build.module.DiceButton")}
        for table in b.tables:
            for total in table.dice.totals():
                buttons.append(engine.forced(own[table.name], total, name=f"T{len(buttons)}"))
                keys.append((game_id, table.name, total))
    metadata = c.module_metadata("Every total", "1.0", date_saved=1700000000000)
    board = c.board("Board", size=(200, 200))
    root = c.game_module("Every total", "1.0", [
        c.basic_command_encoder(), c.documentation(), c.player_roster(["Union"]), c.global_options(),
        c.map_component("Main Map", c.map_parts(c.board_picker("Main Map", [board]))), c.global_properties(),
        c.global_translatable_messages(), *buttons, c.chatter(), c.key_namer(), c.language()])
    module = out / "every-total.vmod"
    write_zip(module, [("buildFile.xml", write_buildfile(root)), ("moduledata", metadata.to_xml())])
    script = "".join(f'roll "T{n}"\n' for n in range(len(buttons)))
    recorded = engine.script_log(module, script, out / "every-total.vlog", player="Grant", password="grant-pw-31",
                                 side="Union")
    assert recorded.verified, recorded.run.lines[-5:]
    lines = [html.unescape(line) for line in recorded.results if line.startswith("***")]
    assert len(lines) == len(keys)
    return dict(zip(keys, lines))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_total_of_every_table_states_its_result_in_vassal_chat(built, every_total, game_id):
    """Each branch of each table's report format, as VASSAL evaluates it, on every run."""
    checked = 0
    for table in built[game_id].tables:
        by_total = combat_texts(table) if isinstance(table, Combat) else texts(table)
        for total in table.dice.totals():
            chat = every_total[(game_id, table.name, total)]
            assert chat == html.unescape(report_line(table, "Grant", (total,))), (table.name, total)
            assert chat.endswith(by_total[total])
            checked += 1
    assert checked == sum(len(t.dice.totals()) for t in built[game_id].tables) > 10


@pytest.mark.parametrize("game_id", GAMES)
def test_built_module_with_table_buttons_loads_clean_in_vassal(built, game_id):
    run = engine.check_vmod(built[game_id].vmod, strict=True)
    assert run.returncode == 0 and not run.problems(), run.problems()


@pytest.mark.parametrize("game_id", GAMES)
def test_one_button_per_table_named_by_the_table_with_its_dice(built, game_id):
    b = built[game_id]
    buttons = {d.name: d for d in b.module.dice_buttons}
    for t in b.tables:
        button = buttons[t.name]
        assert (button.n_dice, button.n_sides) == (t.dice.count, t.dice.sides)
        assert button.plus == t.dice.low - 1          # a d10 read 0-9 adds -1 to each die
        assert button.report_total == (t.dice.count > 1)  # the table reads the total
        if isinstance(t, RollTable):
            assert button.report_format == report_format(t)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_roll_states_the_table_result_in_vassal_chat(built, rolled, game_id):
    b, r = built[game_id], rolled[game_id]
    assert len(r.chat) == len(b.tables) == len(r.replayed)
    for table, chat, roll in zip(b.tables, r.chat, r.replayed):
        m = re.match(rf"^\*\*\* {re.escape(table.name)} = (-?\d+) \*\*\* <Grant> ", chat)
        assert m, chat
        total = int(m[1])
        assert total in table.dice.totals()
        by_total = combat_texts(table) if isinstance(table, Combat) else texts(table)
        assert chat.endswith(by_total[total])                      # the table's own result for that total
        assert chat == html.unescape(report_line(table, "Grant", (total,)))
        assert (roll.purpose, roll.values, roll.player) == (table.name, (total,), "Grant")


@pytest.mark.parametrize("game_id", GAMES)
def test_our_replay_shows_the_same_chat_as_vassal(rolled, game_id):
    r = rolled[game_id]
    assert tuple(t for t in r.texts if t.startswith("***")) == r.chat
