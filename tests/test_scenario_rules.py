"""The scenario's own rules checked on every scenario of the three playable games.

Every predefined setup of our modules, opened as File > New Game opens it, passes the
set-up, reinforcement, restriction and exit checks with no finding, and its VP tally is
printed. The setups are built from the very tables the checks read, so the placements the
checks judge are held to the real engine's: VASSAL, opening each setup (`setup-locations`),
names every piece and its location as our replay does (mutation tried: our replay naming a
piece without its Layer's "+ (Exhausted)" suffix, `Layer.apply_name`: the setup checks still
pass, the engine comparison fails). In every scenario, a log (written by the project's log writer from that setup)
that moves one unit off its set-up hex before play is caught naming the unit and its
set-up table row; the engine replays three of these logs (one per game) to our board.
The rule file itself is checked: a schema error names the file and the key.
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

import jsonschema
import pytest
from conftest import REPO
from pbem import Player, Turn, before_end_save, predefined_setup, restore_from_board
from viewlogs import SOURCES, Built, build, same_board

import engine
from gamedata.hexids import HexIds
from gamedata.model import Scenario, SetupRow
from gamedata.scenario_rules import read_rules
from referee.findings import Finding, Severity
from referee.rules.scenario_places import Places
from referee.rules.setup import area_of
from referee.render_html import render_html
from referee.render_json import report_dict
from referee.run import run_check
from referee.view import Views
from vassal.commands import Node, encode_tree
from vassal.grids.base import LocationError
from vassal.module import Module, open_module_files
from vassal.replay import BoardState, replay_save
from vassal.savefile import SaveFile, read_save

GAMES = ("hood-strikes-north", "into-the-woods-shiloh", "atlanta")
PLAY_CHECKS = ["setup", "reinforcements", "restricted", "exits"]
PLACED_FROM_BOXES = {"5.2", "5.2d.2", "5.3"}     # Atlanta scenarios setting up in areas only
IN_WORDS = {"5.2d.2"}     # the variant whose optional units' areas are words: one of them is moved
PLAYER = Player("Beauregard", "Confederate", "beauregard-Pa55w0rd-5512")


@dataclass(frozen=True)
class Setup:
    built: Built
    name: str
    scenario: Scenario
    file: Path


@pytest.fixture(scope="module")
def setups(tmp_path_factory) -> list[Setup]:
    """Every predefined setup of the three games, as a save file."""
    out = tmp_path_factory.mktemp("scenario-rules")
    found = []
    for game_id in GAMES:
        built = build(game_id, out)
        with open_module_files(built.vmod) as (files, _):
            for n, setup in enumerate(built.module.predefined_setups):
                path = out / f"{game_id}-{n}.vsav"
                path.write_bytes(files.read(setup.file, 1 << 26))
                scenario = next(s for s in built.game.scenarios if s.name == setup.name)
                found.append(Setup(built, setup.name, scenario, path))
    return found


@pytest.fixture(scope="module")
def placed(setups) -> dict[str, dict[str, list[engine.SetupPiece]]]:
    """Game id -> setup name -> the pieces VASSAL places when it opens the setup."""
    return {s.built.game.id: engine.by_setup(engine.setup_locations(s.built.vmod)) for s in setups}


def test_every_setup_the_checks_judge_is_placed_as_vassal_places_it(setups, placed) -> None:
    for s in setups:
        ours = Counter((p.name.replace("'", "\u2019"), p.map, p.location.replace("'", "\u2019"))
                       for p in replay_save(read_save(s.file), s.built.module).initial.pieces.values()
                       if p.map is not None and p.stack_id is not None)
        theirs = Counter((p.name, p.map, p.loc) for p in placed[s.built.game.id][s.name])
        assert ours == theirs, s.name
    assert sum(len(v) for game in placed.values() for v in game.values()) > 3000


def check(built: Built, path: Path, checks: list[str]) -> list[Finding]:
    report = run_check([path], module=built.module, game=SOURCES / built.game.id, check_ids=checks)
    return [f for f in report.findings if f.check in checks]


def test_every_predefined_setup_passes_the_scenario_checks(setups) -> None:
    assert len(setups) == 31
    for s in setups:
        assert check(s.built, s.file, PLAY_CHECKS) == [], s.name


def test_every_predefined_setup_gets_its_vp_tally(setups) -> None:
    for s in setups:
        [tally] = check(s.built, s.file, ["victory"])
        assert tally.severity is Severity.INFO
        assert tally.message.startswith(f"Scenario {s.scenario.scenario_id} "), tally.message


# ---------------------------------------------------------------- one unit moved before play


def moved_row(s: Setup, views: Views) -> tuple[SetupRow, str, str, str | None, str | None] | None:
    """The first set-up row on a single hex whose unit stands there, and a free neighbouring hex
    of the same board: (row, piece id, new hex, None). Where the scenario sets up units only in
    areas (they wait in set-up boxes), a unit of an area row placed on a hex outside its area:
    (row, piece id, hex, map) — in IN_WORDS' scenarios, a row whose area is in words. None when the
    scenario sets up no unit at all."""
    hexids = HexIds(s.built.game.maps)
    start = views.at(0)
    taken = {u.hex for u in start.units.values()}
    for row in s.scenario.setup:
        unit = start.unit(row.unit_id)
        if row.constraint or unit is None or unit.hex is None:
            continue
        spelled = hexids.parse(row.location)
        if hexids.canonical(spelled) != spelled:
            continue
        free = [n for n in hexids.neighbours(spelled) if n not in taken]
        if free:
            return row, unit.piece_id, hexids.format(free[0]), None, None
    places = Places(s.built.game)
    boards = {b.board.name: b.board for b in s.built.module.map_layout("Main Map").boards}
    rows = s.scenario.setup
    if s.scenario.scenario_id in IN_WORDS:        # its optional units: an area in words, not judged, named
        rows = sorted(rows, key=lambda r: area_of(r, places) is not None)
    for row in rows:
        unit = start.unit(row.unit_id)
        if unit is None or unit.hex is not None:
            continue
        allowed = area_of(row, places) or frozenset()
        outside = next(h for h in s.built.game.terrain.graph.hexes if h not in allowed and h not in taken
                       and hexids.canonical(h) == h and h.column > 1 and h.row > 1)
        board = next(name for name, b in boards.items() if _names(b, hexids.format(outside)))
        return row, unit.piece_id, hexids.format(outside), "Main Map", board
    return None


def _names(board: object, hex_name: str) -> bool:
    """Whether a board's grid has a hex of that name."""
    try:
        board.point_for(hex_name)  # type: ignore[attr-defined]
    except LocationError:
        return False
    return True


def opened(s: Setup) -> tuple[list[Node], BoardState, Views]:
    """A player's log start from the setup (File > New Game, his roster entry), its board, and
    the setup's game view."""
    nodes = before_end_save(predefined_setup(s.built.vmod, s.built.module, s.name), [PLAYER.roster_entry()])
    start = replay_save(SaveFile("start", encode_tree(Node("begin_save", tuple(nodes))), "plain", True, None, None),
                        s.built.module)
    return nodes, start.initial, Views(replay_save(read_save(s.file), s.built.module), s.built.module, s.built.game)


def moved_log(s: Setup, folder: Path) -> tuple[Path, SetupRow, str] | None:
    """A log from the setup whose only step drags one unit to a hex the set-up table does not
    give it."""
    nodes, start, views = opened(s)
    moved = moved_row(s, views)
    if moved is None:
        return None
    row, piece, to, to_map, to_board = moved
    if to_map is None:          # the set-up handed over with the unit off its hex, then play starts
        board = shifted(s.built.module, start, piece, to)
        carried = tuple(n for n in nodes if n.text not in ("", "end_save"))
        turn = Turn(s.built.module, PLAYER, restore_from_board(board, carried), board, first_id=1732500040001)
        turn.chat("set up as agreed; your move")
    else:                       # a unit waiting in a set-up box placed outside its area
        turn = Turn(s.built.module, PLAYER, nodes, start, first_id=1732500040001)
        turn.move(piece, to, to_map, to_board)
    path = folder / f"{s.file.stem}-moved.vlog"
    return turn.save(path, f"moved before play: {s.name}"), row, to


def shifted(module: Module, board: BoardState, piece_id: str, to_hex: str) -> BoardState:
    """``board`` with one counter moved to a free hex of its board, in a stack of its own."""
    piece = board.pieces[piece_id]
    layout = module.map_layout(piece.map)
    on, _ = layout.locate(piece.x, piece.y)
    x, y = layout.map_point(on.name, to_hex)
    alone = replace(piece, x=x, y=y, location=to_hex, stack_id="1732500049999", stack_index=0)
    return BoardState({**board.pieces, piece_id: alone}, board.properties, board.turns)


def test_a_unit_moved_before_play_is_caught_in_every_scenario(setups, tmp_path) -> None:
    unmoved, unreadable = [], []
    for s in setups:
        moved = moved_log(s, tmp_path)
        if moved is None:
            unmoved.append(s.scenario.scenario_id)
            continue
        path, row, to = moved
        findings = check(s.built, path, ["setup"])      # (S5's move also breaks a restriction: restricted's)
        name = s.built.game.unit(row.unit_id).name
        placed = s.scenario.scenario_id in PLACED_FROM_BOXES         # a placement is a step; a start is not
        assert [(f.check, f.step, f.pieces) for f in findings] == [("setup", 1 if placed else None, (name,))], \
            (s.name, [f.message for f in findings])
        [f] = findings
        assert f"{row.origin.sheet} row {row.origin.row}" in f.rule and f"L{row.rulebook_line}" in f.rule
        if f.severity is Severity.NOT_CHECKED:   # an area in words only, or whose words wait for map cells: named
            assert (f"{name} set up at {to}: its placement '{row.constraint}'" in f.message
                    or f.message.startswith(f"{name} set up at {to}: ") and "not checked: terrain.xlsx" in f.message)
            unreadable.append(s.scenario.scenario_id)
        else:
            assert f.severity is Severity.ERROR
            assert f"{name} is set up at {to}, not at " in f.message
    assert unmoved == []           # Atlanta's variants hold their whole scenario (5.1d.4 once held no unit)
    assert {s.scenario.scenario_id for s in setups if s.scenario.scenario_id in PLACED_FROM_BOXES} == PLACED_FROM_BOXES
    assert unreadable == sorted(IN_WORDS)          # optional units: placements in words


def test_the_moved_logs_replay_in_vassal_to_our_board(setups, tmp_path) -> None:
    for game_id in GAMES:
        s = next(x for x in setups if x.built.game.id == game_id)
        moved = moved_log(s, tmp_path)
        assert moved is not None
        path = moved[0]
        same_board(engine.decode_log(s.built.vmod, path), s.built.replay(path))


# ---------------------------------------------------------------- the rule file


def test_a_rule_file_error_names_the_file_and_the_key() -> None:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "scenario-rules.toml").write_text(
            '[[restricted]]\nid = "x"\nscenarios = ["S1"]\nside = "Union"\neffect = "vanished"\ntext = "t"\n'
            'section = "S1"\nline = 1\n', encoding="utf-8")
        rules, problems = read_rules(Path(folder))
    assert rules is None
    assert [(p.file, p.column) for p in problems] == [("scenario-rules.toml", "restricted.0.effect")]
    assert "'vanished' is not one of" in problems[0].message


def test_every_rule_cites_a_rulebook_line_of_its_game() -> None:
    for game_id in GAMES:
        rules, problems = read_rules(SOURCES / game_id)
        assert problems == [] and rules is not None
        cites = [r.cite for r in rules.restrictions] + [e.cite for e in rules.exits] + [t.cite for t in rules.vp_terms]
        assert cites and all(c.line > 0 and c.section for c in cites), game_id


# ---------------------------------------------------------------- hexes last passed through, across a chain

S3 = "The Morning Action Around Shiloh Church"


def test_a_hex_last_passed_through_in_an_earlier_log_counts_at_the_end_of_the_chain(setups, tmp_path) -> None:
    """Into the Woods S3 (L1385-1387): Shiloh Church (S2706) scores for the Confederates when their
    infantry occupies or last passed through it. 15 AR crosses it in log 1; log 2 continues the
    game elsewhere. Log 2 alone cannot know; checked after log 1 it counts the hex."""
    s = next(x for x in setups if x.name == S3)
    built = s.built
    nodes, start, views = opened(s)
    piece = {uid: u.piece_id for uid, u in views.at(0).units.items()}
    turn1 = Turn(built.module, PLAYER, nodes, start, first_id=1732500050001)
    turn1.move(piece["CS:15 AR"], "S2706").move(piece["CS:15 AR"], "S2705")
    log1 = turn1.save(tmp_path / "s3-log1.vlog", "S3, log 1")
    end1 = built.replay(log1).final
    carried = tuple(n for n in nodes if n.text not in ("", "end_save") and not n.text.startswith("begin_save"))
    turn2 = Turn(built.module, PLAYER, restore_from_board(end1, carried), end1, first_id=1732500060001)
    turn2.move(piece["CS:6 MS"], "S2814")
    log2 = turn2.save(tmp_path / "s3-log2.vlog", "S3, log 2")
    for log in (log1, log2):
        same_board(engine.decode_log(built.vmod, log), built.replay(log))

    def church(previous: list[Path]) -> tuple[int | None, tuple[str, ...]]:
        report = run_check([log2], previous, module=built.module, game=SOURCES / built.game.id, check_ids=["victory"])
        [tally] = report.victory
        term = next(t for t in tally.terms if t.item == "Shiloh Church")
        return term.count, term.what

    assert church([]) == (0, ())
    assert church([log1]) == (1, ("S2706 by 15 AR",))


# ---------------------------------------------------------------- arrivals with a printed state

ATLANTA = "Historical Battle of Atlanta, July 22 1864"


def test_reinforcements_arriving_as_the_table_says_give_no_finding(setups, tmp_path) -> None:
    """Atlanta 5.1 (L323): Maney's brigade and Ptr/M/H (in line, previous loss -2) enter at A29.01 on
    the first turn; their printed state is checked on arrival and matches. The same log entering
    Ptr/M/H one hex off is caught."""
    s = next(x for x in setups if x.name == ATLANTA)
    built = s.built
    nodes, start, views = opened(s)
    piece = {uid: u.piece_id for uid, u in views.at(0).units.items()}
    board = "Atlanta map A (SE quadrant)"

    def log(name: str, ptr_hex: str) -> list[Finding]:
        turn = Turn(built.module, PLAYER, nodes, start, first_id=1732500070001)
        turn.move(piece["Maney"], "A29.01", "Main Map", board).move(piece["Ptr/M/H"], ptr_hex, "Main Map", board)
        path = turn.save(tmp_path / name, name)
        same_board(engine.decode_log(built.vmod, path), built.replay(path))
        return check(built, path, ["reinforcements"])

    assert log("atlanta-arrivals.vlog", "A29.01") == []
    [wrong] = log("atlanta-arrival-off.vlog", "A30.01")
    porter = built.game.unit("Ptr/M/H").name
    assert (wrong.step, wrong.pieces, wrong.severity) == (2, (porter,), Severity.ERROR)
    assert f"{porter} entered at A30.01, not at its entry A29.01" in wrong.message
    assert "5.1 Reinf row 3" in wrong.rule


def test_the_tally_is_in_the_json_and_html_reports(setups) -> None:
    s = next(x for x in setups if x.name == "Here Come The Rebels!")
    report = run_check([s.file], module=s.built.module, game=SOURCES / s.built.game.id, check_ids=["victory"])
    data = report_dict(report)
    jsonschema.validate(data, json.loads((REPO / "schemas" / "check.schema.json").read_text(encoding="utf-8")))
    [tally] = data["victory"]
    assert (tally["scenario"], tally["net_of"], tally["level"]) == ("S1", "Confederate", "Confederate Decisive Victory")
    columbia = next(t for t in tally["terms"] if t["item"].startswith("If an undemoralized Confederate unit occupies Col"))
    assert (columbia["each"], columbia["count"], columbia["points"], columbia["decided"]) == (12, 0, 0, True)
    duck = next(t for t in tally["terms"] if "Duck River" in t["item"])
    assert (duck["decided"], duck["points"]) == (False, None) and "map data" in duck["why"]
    page = render_html(report)
    assert '<section id="victory"><h2>Victory points</h2>' in page
    assert "1 term not decidable: which hexes are north of the Duck River is map data" in page


# ---------------------------------------------------------------- a blocked entry (Into the Woods 9.7)

ROAD = "The Road to Pittsburg Landing"


def test_a_blocked_entry_shifts_to_the_closest_free_edge_hex_and_no_further(setups, tmp_path) -> None:
    """S5 (its Reinf row 16, rulebook L1090): 8 TX a Cav enters at N1031 on the first turn. With a Union battery moved
    to N1030 (next to the entry, on the west edge), 9.7 (L335) lets it enter at the closest edge
    hex on the other side, N1032; N1131 is as close but off the edge; without the battery the
    entry is not blocked and N1032 is a wrong hex."""
    s = next(x for x in setups if x.name == ROAD)
    nodes, start, views = opened(s)
    piece = {uid: u.piece_id for uid, u in views.at(0).units.items()}

    def log(name: str, blocker: bool, at: str) -> list[Finding]:
        turn = Turn(s.built.module, PLAYER, nodes, start, first_id=1732500080001)
        if blocker:
            turn.move(piece["US:Schwartz Bty a"], "N1030")
        turn.move(piece["CS:8 TX a Cav"], at, "Main Map", "North map")
        path = turn.save(tmp_path / name, name)
        same_board(engine.decode_log(s.built.vmod, path), s.built.replay(path))
        return check(s.built, path, ["reinforcements"])

    assert log("shifted.vlog", True, "N1032") == []
    [off_edge] = log("off-edge.vlog", True, "N1131")
    assert "not at its entry N1031 (the closest hexes not next to an enemy unit are N1032: 9.7" in off_edge.message
    assert "S5 Reinf row 16" in off_edge.rule and "L1090" in off_edge.rule
    [unblocked] = log("unblocked.vlog", False, "N1032")
    assert "not at its entry N1031 (its entry was not next to an enemy unit: 9.7" in unblocked.message
    assert (unblocked.step, unblocked.pieces) == (1, ("8 TX a Cav",))
