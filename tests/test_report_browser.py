"""The HTML report as a player sees it: rendered in headless Chromium, checked on the page.

Two reports:

* the longest real log of the corpus (the Commands & Colors: Napoleonics tutorial, 237
  steps, written by VASSAL 3.6.6), checked with its module's buildFile as published
  (without its images): the headline numbers, the findings grouped by kind, the story of
  every step, and the honest "not checked" for the board images the folder lacks;
* a log VASSAL itself records on our Into the Woods module (moves, rolls, undos and
  re-rolls of a Union turn), plus the findings the rule checks will produce (a command
  range path, a supply trace stopped by a blocking hex, a check that could not run):
  every crop on the page shows each named hex ringed exactly (the ring runs along that
  hex's own edges, found from the module's grid, and spills onto no neighbour), at
  least ``MIN_CELL_PX`` per hex, with the board's printed hex id visible inside it;
  traced paths run through the hexes' centres and blocking hexes are ringed in magenta.
"""

from __future__ import annotations

import dataclasses
import math
import re
from pathlib import Path

import engine
import pytest
from browser import render
from conftest import CORPUS, REPO
from report_logs import LONG_TOKEN, planted_logs

from builder.module import build_module
from gamedata import load_game
from gamedata.hexids import HexIds
from referee.crops import FIT_HEIGHT, FIT_WIDTH, MIN_CELL_PX, CropArt
from referee.findings import Finding, Place, Severity, sorted_findings
from referee.render_html import render_html
from referee.run import run_check
from vassal.module import read_module
from vassal.replay import replay_file

CCN = CORPUS / "ccnapoleonics" / "dist"
ITW = REPO / "sources" / "into-the-woods-shiloh"
GENERAL = "General: UDD, fire, shock, rally, orders change, initiative, ammo resupply, leader loss 1d10"
MAP = "Main Map"
HEXES = HexIds(load_game(ITW).maps)
RED, MAGENTA, BLUE = "red", "magenta", "blue"


def colour(pixel: tuple[int, int, int]) -> str | None:
    r, g, b = pixel
    if r > 170 and g < 70 and b < 70:
        return RED
    if r > 120 and b > 120 and g < 70:
        return MAGENTA
    if b > 170 and r < 80 and g < 140:
        return BLUE
    return None


# ---------------------------------------------------------------- the long corpus log


@pytest.fixture(scope="module")
def tutorial(tmp_path_factory) -> tuple:
    folder = tmp_path_factory.mktemp("ccn")
    module = read_module(CCN / "buildFile.xml")
    report = run_check([CCN / "CCNv4 Tutorial.vlog"], module=module, pictures=True)
    page = folder / "tutorial.html"
    page.write_text(render_html(report), encoding="utf-8")
    return report, render(page)


def test_long_corpus_log_headline_gives_every_count(tutorial):
    report, shown = tutorial
    # what this real log holds against the module published beside it (4.2.0a60, the log says 4.1.2:
    # one cause, told once, the 5 findings it explains counted), the board images the published
    # folder lacks, the game not given, and the one undo it records (step 169 takes back step 168's hit)
    assert shown.layout["counts"] == {"error": 1, "warning": 0, "not-checked": 2, "info": 1}
    assert shown.layout["counts"] == {s.value: report.count(s) for s in Severity}
    assert shown.layout["headline"] == "1 error"
    # the banner is drawn red (errors), at the top of the page
    box = shown.layout["headline_box"]
    r, g, b = shown.screenshot.getpixel((round(box["x"] + 8), round(box["y"] + box["h"] - 6)))
    assert r > 240 and 215 < g < 240 and 215 < b < 240, (r, g, b)


def test_long_corpus_log_tells_its_one_cause_once_and_every_step(tutorial):
    report, shown = tutorial
    groups = [(g["severity"], g["check"], g["count"], g["items"]) for g in shown.layout["groups"]]
    assert groups == [("error", "module", 1, 1), ("not-checked", "module", 1, 1), ("not-checked", "rules", 1, 1),
                      ("info", "undo", 1, 1)]
    (cause,) = [f for f in report.findings if f.severity is Severity.ERROR]
    assert "5 findings that follow from this are not listed" in cause.message
    assert shown.layout["story_steps"] == 237
    # the published folder has no board images: no crops, and the report says why
    assert shown.layout["crops"] == []


def test_long_corpus_log_says_it_could_not_place_pieces_without_board_images(tutorial):
    report, _ = tutorial
    unchecked = [f.message for f in report.findings if f.severity is Severity.NOT_CHECKED]
    assert any(m.startswith(f"{CCN / 'buildFile.xml'}: 5 board image(s) missing (") for m in unchecked), unchecked


# ---------------------------------------------------------------- crops on our own module


def union_turn(game) -> str:
    """A Union turn of scenario S6: every Union unit on the map steps to a neighbouring
    hex; rolls, undos of moves and of rolls, and re-rolls among them."""
    ids = HexIds(game.maps)
    units = {u.unit_id: u for u in game.units}
    scenario = next(s for s in game.scenarios if s.scenario_id == "S6")
    lines = []
    for n, row in enumerate(r for r in scenario.setup if r.location and units[r.unit_id].side == "Union"):
        here = ids.parse(row.location)
        there = ids.format(sorted(ids.neighbours(here), key=ids.format)[n % 3])
        lines.append(f'move "{units[row.unit_id].name}" "{MAP}" {there}')
        if n % 3 == 2:
            lines.append(f'roll "{GENERAL}"')
        if n % 4 == 3:
            lines.append("undo")
        if n % 6 == 5:
            lines += ["undo", f'roll "{GENERAL}"']
        if n % 5 == 0:
            lines.append(f"chat step {n}: {units[row.unit_id].name} advances")
    return "\n".join(lines) + "\n"


def rule_findings(log: str, step: int, hexes: HexIds) -> list[Finding]:
    """Findings as the command, supply and scenario checks will write them: hexes by name only."""
    def walk(start: str, steps: int) -> tuple[Place, ...]:
        path = [hexes.parse(start)]
        for _ in range(steps):
            path.append(max(hexes.neighbours(path[-1]), key=lambda h: (h.row, h.column)))  # southward
        return tuple(Place(MAP, hexes.format(h)) for h in path)

    route = walk("N3325", 4)
    supply = walk("N3128", 3)
    return [
        Finding("command-range", Severity.ERROR, "McDowell is 4 hexes from Sherman: out of command (range 3)",
                "GBACW 5.2: a brigade in command is within its leader's range", log, step, "Sherman",
                ("McDowell",), (route[0],), route),
        Finding("supply", Severity.WARNING, "46 OH traces no supply line: the trace is stopped by an enemy unit",
                "GBACW 6.1: a supply line may not enter an enemy-occupied hex", log, step, "Sherman",
                ("46 OH",), (supply[0],), supply[:-1], (supply[-1],)),
        Finding("supply", Severity.NOT_CHECKED, "supply not checked for 15 IA: no terrain entered for N4020",
                "terrain.xlsx, sheet Hexes: enter N4020", log, step, None, ("15 IA",), (Place(MAP, "N4020"),)),
    ]


@pytest.fixture(scope="module")
def itw(tmp_path_factory) -> tuple:
    engine.require()
    folder = tmp_path_factory.mktemp("itw")
    vmod = build_module(ITW, folder / "build").path
    game = load_game(ITW)
    recorded = engine.script_log(vmod, union_turn(game), folder / "union-turn.vlog", player="Sherman",
                                 password="sherman-pw", side="Union",
                                 setup="The Sherman/McClernand Counterattack")
    assert recorded.verified, recorded.run.lines[-5:]
    module = read_module(vmod)
    report = run_check([recorded.log], module=module, game=ITW, pictures=True)
    replay = replay_file(str(recorded.log), module)
    last = len(replay.steps)
    extra = rule_findings(recorded.log.name, last, HEXES)
    art = CropArt(module)
    report = dataclasses.replace(report, findings=tuple(sorted_findings([*report.findings, *extra])),
                                 crops={**report.crops, **{f: art.crops(f, replay.final) for f in extra}})
    page = folder / "union-turn.html"
    page.write_text(render_html(report), encoding="utf-8")
    return report, module, render(page), extra


def hex_geometry(module, name: str) -> tuple[tuple[float, float], list[tuple[float, float]], float]:
    """Centre, corners and height of a hex in map pixels, from the module's board grid."""
    layout = module.map_layout(MAP)
    board = next(p for p in layout.boards if p.board.name.startswith(name[0]))
    ox, oy = layout.origin(board)
    grid = board.board.grid
    local = board.board.point_for(name)
    cx, cy = grid.exact_centre(grid.raw_index(local))
    r, half = 2 * grid.dx / 3, grid.dy / 2
    corners = [(-r, 0), (-r / 2, -half), (r / 2, -half), (r, 0), (r / 2, half), (-r / 2, half)]
    return (ox + cx, oy + cy), [(ox + cx + a, oy + cy + b) for a, b in corners], grid.dy


def on_screen(crop: dict, point: tuple[float, float]) -> tuple[float, float]:
    shrink = crop["w"] / crop["natural_w"]
    return (crop["x"] + (point[0] - crop["left"]) * crop["scale"] * shrink,
            crop["y"] + (point[1] - crop["top"]) * crop["scale"] * shrink)


def colours_near(shot, x: float, y: float, radius: int = 3) -> set[str]:
    found = set()
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            px, py = round(x) + dx, round(y) + dy
            if 0 <= px < shot.width and 0 <= py < shot.height:
                c = colour(shot.getpixel((px, py)))
                if c:
                    found.add(c)
    return found


def edge_points(centre, corners, inward: float) -> list[tuple[float, float]]:
    """The middle of each of the hex's six edges, ``inward`` pixels toward its centre."""
    out = []
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
        mx, my = (ax + bx) / 2, (ay + by) / 2
        d = math.hypot(centre[0] - mx, centre[1] - my)
        out.append((mx + (centre[0] - mx) * inward / d, my + (centre[1] - my) * inward / d))
    return out


def test_every_crop_rings_its_hexes_exactly_at_a_legible_scale(itw):
    report, module, shown, _ = itw
    crops = shown.layout["crops"]
    assert len(crops) >= 8, "the turn's undos, its re-roll and the rule findings each get a crop"
    by_id = {f"f{n}": f for n, f in enumerate(report.findings, start=1)}
    checked = 0
    for crop in crops:
        finding = by_id[crop["finding"]]
        assert crop["w"] == crop["natural_w"], "crops are shown at their own size, never shrunk"
        named = {p.name for p in (*finding.locations, *finding.path, *finding.blocked)}
        for place, ring in [*((p, RED) for p in finding.locations), *((p, MAGENTA) for p in finding.blocked)]:
            centre, corners, height = hex_geometry(module, place.name)
            assert height * crop["scale"] >= MIN_CELL_PX, "a hex at least 64 px tall: its printed id reads"
            screen_centre = on_screen(crop, centre)
            screen_corners = [on_screen(crop, c) for c in corners]
            # the ring runs along all six edges of this hex, just inside them
            for x, y in edge_points(screen_centre, screen_corners, 3):
                assert ring in colours_near(shown.screenshot, x, y), (crop["finding"], place.name, ring)
            # and never round a second hex: nothing of it beyond the edges, unless a neighbour is named too
            neighbours = {HEXES.format(h) for h in HEXES.neighbours(HEXES.parse(place.name))}
            if not neighbours & named:
                for x, y in edge_points(screen_centre, screen_corners, -10):
                    assert ring not in colours_near(shown.screenshot, x, y, 2), (crop["finding"], place.name)
            # the printed hex id in the top of the hex is not covered: dark glyph pixels there
            top = screen_centre[1] - height * crop["scale"] / 2
            band = [shown.screenshot.getpixel((round(screen_centre[0]) + dx, round(top) + dy))
                    for dx in range(-20, 21) for dy in range(4, 16)]
            assert sum(1 for p in band if sum(p) < 330) >= 8, (crop["finding"], place.name)
            checked += 1
    assert checked >= 8


def test_traced_paths_run_through_the_hex_centres(itw):
    report, module, shown, extra = itw
    by_id = {f"f{n}": f for n, f in enumerate(report.findings, start=1)}
    drawn = [c for c in shown.layout["crops"] if by_id[c["finding"]].path]
    assert {by_id[c["finding"]].check for c in drawn} == {"command-range", "supply"}
    for crop in drawn:
        finding = by_id[crop["finding"]]
        for place in finding.path:
            centre, _, _ = hex_geometry(module, place.name)
            assert BLUE in colours_near(shown.screenshot, *on_screen(crop, centre), 3), (finding.check, place.name)


def test_rule_findings_are_counted_and_linked_with_the_log(itw):
    report, _, shown, extra = itw
    counts = shown.layout["counts"]
    assert counts == {s.value: report.count(s) for s in Severity}
    assert counts["not-checked"] >= 2  # the rules of GBACW (none written yet) and the supply check above
    assert counts["error"] >= 2  # the recorded re-roll(s) and the command range
    assert shown.layout["story_steps"] == report.logs[0].steps
    assert shown.layout["story_flags"] >= len([f for f in report.findings if f.step])
    # a kind the log repeats (every undo) is one line, counted, its steps listed inside it
    groups = [(g["severity"], g["check"], g["count"], g["items"]) for g in shown.layout["groups"]]
    for severity in (Severity.ERROR, Severity.INFO):       # re-rolls; undos of moves
        undos = [f for f in report.findings if f.check == "undo" and f.severity is severity]
        assert len(undos) > 1 and (severity.value, "undo", len(undos), len(undos)) in groups


# ---------------------------------------------------------------- distances, fit, hexes once, VP table, overflow


@pytest.fixture(scope="module")
def planted(tmp_path_factory) -> dict:
    """The report of each planted log (real checks of real logs), rendered on a desktop and a phone."""
    out = tmp_path_factory.mktemp("planted")
    built, logs = planted_logs(out)
    shown = {}
    for kind, log in logs.items():
        report = run_check([log], module=built.module, game=built.folder, pictures=True)
        page = out / f"{kind}.html"
        page.write_text(render_html(report), encoding="utf-8")
        shown[kind] = (report, render(page), page)
    return {"module": built.module, "shown": shown}


def crops_of(report, shown) -> list[tuple[dict, Finding]]:
    by_id = {f"f{n}": f for n, f in enumerate(report.findings, start=1)}
    return [(crop, by_id[crop["finding"]]) for crop in shown.layout["crops"]]


def test_each_distance_is_drawn_end_to_end_with_its_length(planted):
    """Both ends of every measured distance are in the finding's crop, ringed, joined by the
    line (a dot on each end) and the caption says from what to what and how far."""
    module = planted["module"]
    measured = {}
    for kind, (report, shown, _) in planted["shown"].items():
        for crop, f in crops_of(report, shown):
            for m in f.measured:
                measured[(m.start_label, m.end_label)] = m.length
                assert f"blue line: {m.start_label} to {m.end_label}, {m.length}" in crop["caption"]
                for end in (m.start, m.end):
                    centre, corners, _ = hex_geometry(module, end.name)
                    x, y = on_screen(crop, centre)
                    assert crop["x"] <= x <= crop["x"] + crop["w"] and crop["y"] <= y <= crop["y"] + crop["h"], end
                    assert BLUE in colours_near(shown.screenshot, x, y, 2), (kind, end.name)
                    rings = [RED in colours_near(shown.screenshot, px, py)
                             for px, py in edge_points(on_screen(crop, centre), [on_screen(crop, c) for c in corners], 2)]
                    assert sum(rings) >= 4, (kind, end.name, rings)   # a label may sit on one edge
    # the lengths the rules measured: Gladden's 16 MP trace (test_rule_logs), 61 IL next to 5 MS,
    # and the 13 road hexes from the road by 9 MS to the source
    assert measured == {("Gladden", "Withers"): "16 MP", ("5 MS", "61 IL"): "1 hex",
                        ("9 MS", "the supply source"): "13 hexes by road"}
    assert HEXES.parse("S4226") in HEXES.neighbours(HEXES.parse("S4225"))


def test_every_crop_fits_the_page_and_is_legible_when_its_places_allow(planted):
    for report, shown, _ in planted["shown"].values():
        for crop, f in crops_of(report, shown):
            assert crop["w"] <= crop["column_w"] <= shown.layout["view_width"], (crop["finding"], crop["w"])
            if crop["natural_w"] * MIN_CELL_PX / float(crop["cell_px"]) <= FIT_WIDTH and \
                    crop["natural_h"] * MIN_CELL_PX / float(crop["cell_px"]) <= FIT_HEIGHT:
                assert float(crop["cell_px"]) >= MIN_CELL_PX - 0.5, crop["finding"]
            else:
                assert "drawn smaller to fit the page" in crop["caption"]
    # the 16 MP trace is far taller than the page at 64 px a hex: it is drawn whole, smaller
    report, shown, _ = planted["shown"]["command"]
    (trace,) = [c for c, f in crops_of(report, shown) if f.measured]
    assert float(trace["cell_px"]) < MIN_CELL_PX and trace["natural_h"] <= FIT_HEIGHT


def test_each_finding_names_its_hexes_once(planted):
    """A finding's hexes are named once: in its message (its group's line, when it is alone of its
    kind), else on its first line; the crop's caption and labels say what the rings are."""
    hex_id = re.compile(r"\b[NS]\d{4}\b")
    for report, shown, _ in planted["shown"].values():
        for group in shown.layout["groups"]:
            for text in group["texts"]:
                named = hex_id.findall(text + (group["summary"] if group["count"] == 1 else ""))
                assert len(named) == len(set(named)), (group["id"], sorted(named))
    report, shown, _ = planted["shown"]["supply"]
    cut = next(f for f in report.findings if f.blocked)
    group = next(g for g in shown.layout["groups"] if g["count"] == 1 and cut.message in g["summary"])
    assert set(hex_id.findall(group["summary"] + group["texts"][0])) == {"S4324", "S2825", "S3925", "S3825", "S3725"}


def test_undecidable_victory_terms_are_one_folded_line_and_columns_line_up(planted, tmp_path):
    report, shown, _ = planted["shown"]["supply"]
    (tally,) = report.victory
    whys = {t.why for t in tally.terms if t.why}
    (rows,) = shown.layout["vp"]
    folded = [r for r in rows if r["cls"] == "undecided"]
    assert len(folded) == len(whys) == 1 and folded[0]["open"] is False
    undecided = len(tally.undecided)
    assert folded[0]["text"].startswith(f"{undecided} term{'s' if undecided != 1 else ''} not decidable: {whys.pop()}")
    # the decided terms are rows of their own, under the header's columns
    assert len([r for r in rows[1:] if r["cls"] != "undecided"]) == len(tally.terms) - undecided
    # two tallies, each with decided terms: every row's cells under the header's, the same in both tables
    decided = tuple(dataclasses.replace(t, why="", count=n, scored=None) for n, t in enumerate(tally.terms[:3]))
    two = dataclasses.replace(report, victory=(dataclasses.replace(tally, terms=decided + tally.terms[3:]),
                                               dataclasses.replace(tally, log="other.vlog", terms=decided[:1])))
    page = tmp_path / "vp.html"
    page.write_text(render_html(two), encoding="utf-8")
    tables = render(page).layout["vp"]
    header = [x for x, _ in tables[0][0]["cells"]]
    assert len(header) == 7
    for table in tables:
        assert [x for x, _ in table[0]["cells"]] == header
        for row in table[1:]:
            lefts = [x for x, _ in row["cells"]]
            assert lefts == header if row["cls"] != "undecided" else lefts == header[:1], row


@pytest.mark.parametrize("width", [390, 1000])
def test_no_text_runs_off_the_page(planted, width):
    """A long file name and a link pasted in the chat wrap on a phone and on a desktop."""
    report, _, page = planted["shown"]["command"]
    assert any(LONG_TOKEN in s.text for s in report.stories[0].steps)
    layout = render(page, width).layout
    assert layout["overflow"] == [] and layout["width"] <= layout["view_width"]
