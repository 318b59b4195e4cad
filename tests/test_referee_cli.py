"""``adjutant check`` end to end: exit codes, the three formats, determinism, bad input."""

from __future__ import annotations

import base64
import io
import json
import re
import shutil
from pathlib import Path

import jsonschema
from click.testing import CliRunner
from PIL import Image
from test_referee_logs import SECRETS, move, report, standard_pieces, start, write

from adjutant.cmd_check import check
from vassal.module import read_module
from vassal.savewriter import LogWriter

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / ".." / "shared" / "corpus"
ENGINE_LOG = CORPUS / "engine" / "engine-undo-example.vlog"
ENGINE_MODULE = CORPUS / "engine" / "dice-test.vmod"
VLOGS = CORPUS / "vasl-templates" / "vasl_templates" / "webapp" / "tests" / "fixtures" / "analyze-vlog"
SCHEMA = json.loads((REPO / "schemas" / "check.schema.json").read_text())


def run(*args: str):
    return CliRunner().invoke(check, [str(a) for a in args])


def reroll_log(tmp_path: Path) -> Path:
    """Alice rolls, retreats, takes the retreat back and rolls the same combat again."""
    return write(tmp_path / "reroll.vlog", LogWriter(start(standard_pieces()))
                 .roll("Alice", "Combat", (1, 2))
                 .step(move("1001", (100, 100), (160, 130), "alice-pw"), report("Red Infantry retreats"))
                 .undo("* Red Infantry retreats *", move("1001", (160, 130), (100, 100), "alice-pw"))
                 .roll("Alice", "Combat", (6, 6), "1,2"))


def test_clean_engine_log_exits_0_and_names_the_undo():
    result = run(ENGINE_LOG, "--module", ENGINE_MODULE)
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings, 1 not checked, 1 note\n" in result.output  # the rules: no --game
    assert "engine-undo-example.vlog step 5 [Grant]" in result.output
    assert "grant-secret" not in result.output


def test_reroll_exits_1_and_text_groups_by_severity(tmp_path):
    result = run(reroll_log(tmp_path))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    errors_at = lines.index("Errors:")
    assert lines[errors_at + 1].startswith("  reroll.vlog step 4 [Alice] Main Map 100,100, Main Map 160,130: re-roll:")
    assert lines.index("Notes:") > errors_at
    assert not any(s in result.output for s in SECRETS)


def test_json_report_follows_the_schema_and_keeps_ids_secret(tmp_path):
    result = run(reroll_log(tmp_path), "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    jsonschema.validate(data, SCHEMA)
    errors = [f for f in data["findings"] if f["severity"] == "error"]
    assert [(f["check"], f["step"], f["player"]) for f in errors] == [("undo", 4, "Alice")]
    assert data["summary"]["error"] == 1
    assert not any(s in result.output for s in SECRETS)


def test_json_of_real_vasl_logs_follows_the_schema():
    result = run(VLOGS / "hotness-report-1.vlog", VLOGS / "hotness-report-2.vlog", "--format", "json")
    data = json.loads(result.output)
    jsonschema.validate(data, SCHEMA)
    assert len(data["dice"]["rolls"]) == 99 + 66
    assert {f["player"] for f in data["dice"]["fairness"]} == {"Alice", "Bob", "Chuck"}


def test_same_input_gives_byte_identical_reports(tmp_path):
    log = reroll_log(tmp_path)
    for fmt in ("text", "json", "html"):
        first = run(log, "--module", ENGINE_MODULE, "--format", fmt).output
        assert first == run(log, "--module", ENGINE_MODULE, "--format", fmt).output


def test_html_report_crops_the_board_round_the_flagged_hexes(tmp_path):
    out = tmp_path / "report.html"
    result = run(reroll_log(tmp_path), "--module", ENGINE_MODULE, "--format", "html", "-o", out)
    assert result.exit_code == 1
    page = out.read_text(encoding="utf-8")
    assert 'id="findings"' in page and "re-roll" in page
    assert "http://" not in page and "https://" not in page  # self-contained
    module = read_module(ENGINE_MODULE)
    grid = module.map("Main Map").board("Board 1").grid
    crops = re.findall(r'<img alt="[^"]*" width="(\d+)" height="(\d+)" data-map="Main Map" data-left="(\d+)" '
                       r'data-top="(\d+)" data-scale="([\d.]+)" data-cell-px="[\d.]+" '
                       r'src="data:image/png;base64,([^"]+)"', page)
    assert crops, "no board crop in the report"
    width, height, left, top, scale, data = crops[0]
    left, top, scale = int(left), int(top), float(scale)
    crop = Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB")
    assert crop.size == (int(width), int(height))
    assert grid.dy * scale >= 64  # a hex at least 64 px tall: its printed id reads

    def red_pixels(x0: float, y0: float, x1: float, y1: float) -> int:
        box = [(x, y) for x in range(max(0, round(x0)), min(crop.width, round(x1)))
               for y in range(max(0, round(y0)), min(crop.height, round(y1)))]
        return sum(1 for r, g, b in map(crop.getpixel, box) if r > 180 and g < 60 and b < 60)

    def hex_box(point):
        """The ringed hex's own box in the crop, from the module's grid (not from the report)."""
        cx, cy = grid.exact_centre(grid.raw_index(point))
        half_w, half_h = 2 * grid.dx / 3, grid.dy / 2
        return ((cx - half_w - left) * scale, (cy - half_h - top) * scale,
                (cx + half_w - left) * scale, (cy + half_h - top) * scale)

    # the re-roll finding names Red Infantry's move 100,100 -> 160,130: a ring round each hex
    for point in ((100, 100), (160, 130)):
        x0, y0, x1, y1 = hex_box(point)
        assert red_pixels(x0, y0, x1, y1) > 40, point
        inner = 0.3 * (x1 - x0)
        assert red_pixels(x0 + inner, y0 + inner, x1 - inner, y1 - inner) == 0  # a ring, not a blot
    # the hex below the second one is not ringed: exactly one hex per place
    x0, y0, x1, y1 = hex_box((160, 130 + round(grid.dy)))
    assert red_pixels(x0 + 6, y0 + 6, x1 - 6, y1 - 6) == 0


def test_unreadable_input_exits_2_without_traceback(tmp_path):
    junk = tmp_path / "junk.vlog"
    junk.write_bytes(b"PK\x03\x04 this is not a zip")
    result = run(junk)
    assert result.exit_code == 2
    assert "junk.vlog" in result.output and "Traceback" not in result.output
    result = run(tmp_path / "missing.vlog")
    assert result.exit_code == 2 and "missing.vlog" in result.output


def test_a_module_is_not_a_log(tmp_path):
    result = run(ENGINE_MODULE)
    assert result.exit_code == 2
    assert "module, not a saved game" in result.output


def test_output_file_is_written_and_inputs_are_untouched(tmp_path):
    log = tmp_path / "engine.vlog"
    shutil.copy(ENGINE_LOG, log)
    before = log.read_bytes()
    out = tmp_path / "report.json"
    assert run(log, "--format", "json", "-o", out).exit_code == 0
    assert json.loads(out.read_text())["logs"][0]["file"] == "engine.vlog"
    assert log.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["engine.vlog", "report.json"]


def test_game_folder_limits_the_checks(tmp_path):
    game = tmp_path / "game"
    game.mkdir()
    (game / "game.toml").write_text('[referee]\nchecks = ["dice"]\n')
    from referee.registry import game_checks
    assert game_checks(game) == ["dice"]
    (game / "game.toml").write_text('[referee]\nchecks = "dice"\n')
    import pytest

    from referee.registry import UnknownCheck
    with pytest.raises(UnknownCheck, match="must be a list"):
        game_checks(game)


def test_check_option_selects_checks(tmp_path):
    result = run(reroll_log(tmp_path), "--check", "dice", "--format", "json")
    data = json.loads(result.output)
    assert data["checks"] == ["dice"] and data["findings"] == []
    assert result.exit_code == 0


def test_board_pictures_refuse_unreadable_and_oversized_images():
    from referee.piece_art import MAX_PIXELS, decode_image
    assert decode_image(b"not an image") is None
    side = int(MAX_PIXELS ** 0.5) + 1
    huge = io.BytesIO()
    Image.new("1", (side, side)).save(huge, format="PNG")   # tiny file, too many pixels
    assert decode_image(huge.getvalue()) is None


def test_html_escapes_what_the_log_says(tmp_path):
    from test_referee_logs import piece
    evil = "<script>alert(1)</script>"
    log = write(tmp_path / "evil.vlog", LogWriter(start([piece("1001", evil, "Red", 100, 100)]))
                .step(move("1001", (100, 100), (160, 130), "alice-pw"), report(f"{evil} moves"))
                .undo(f"* {evil} moves *", move("1001", (160, 130), (100, 100), "alice-pw")))
    page = run(log, "--format", "html").output
    assert "<script>alert(1)" not in page and page.count("<script>") == 1  # the page's own, nothing from the log
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
