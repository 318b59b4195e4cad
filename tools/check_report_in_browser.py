"""Documented check: the HTML report opens in a real browser and shows the board with the flagged hexes.

Run ``python tools/check_report_in_browser.py`` (CI runs it after the tests). It
needs headless Chromium (Debian/Ubuntu: ``apt-get install -y chromium``), which a
fresh machine lacks, so it is kept out of the pytest run of the README's line 2.
The page is loaded from a file with the network unused (it is self-contained);
the screenshot must show the board's red rings, which nothing else on the page
draws in that colour.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner
from PIL import Image
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from test_referee_cli import ENGINE_MODULE, reroll_log  # noqa: E402  (the same synthetic re-roll log the tests use)

from adjutant.cmd_check import check  # noqa: E402

BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def browser() -> str:
    found = next((shutil.which(b) for b in BROWSERS if shutil.which(b)), None)
    assert found, "headless Chromium is needed for this test: apt-get install -y chromium"
    return found


def check_html_report_renders_the_marked_board_in_chromium(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    result = CliRunner().invoke(check, [str(reroll_log(tmp_path)), "--module", str(ENGINE_MODULE),
                                        "--format", "html", "-o", str(page)])
    assert result.exit_code == 1, result.output
    shot = tmp_path / "shot.png"
    run = subprocess.run([browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                          f"--screenshot={shot}", "--window-size=1200,1600", page.as_uri()],
                         capture_output=True, timeout=120, cwd=tmp_path, check=False)
    assert shot.is_file(), run.stderr.decode(errors="replace")[-2000:]
    image = Image.open(shot).convert("RGB")
    pixels = image.tobytes()
    red = sum(1 for i in range(0, len(pixels), 3)
              if pixels[i] > 180 and pixels[i + 1] < 60 and pixels[i + 2] < 60)
    assert red > 100, "no ringed hexes visible in the rendered report"
    dom = subprocess.run([browser(), "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.as_uri()],
                         capture_output=True, timeout=120, cwd=tmp_path, check=True).stdout.decode()
    assert 'id="findings"' in dom and "re-roll" in dom and "data:image/png;base64," in dom


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        check_html_report_renders_the_marked_board_in_chromium(Path(tmp))
    print("HTML report: board with ringed hexes rendered in headless Chromium")
