"""The guide's pictures of the HTML report, made from a real check of real logs.

``python tools/report_screenshots.py`` records the planted logs of the report's browser tests
(``tests/report_logs.py``: Into the Woods with the player's cells filled; needs the VASSAL
engine, Java 17 and Xvfb), checks the resupply log with the game's data as ``adjutant check
--format html`` does, and saves what headless Chromium shows of the report, findings unfolded:
``docs/images/report.png`` (a desktop, 900 px wide, the top 1400 px) and ``report-phone.png``
(a phone, 390 px wide, the top 1100 px).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
SHOTS = ((ROOT / "docs" / "images" / "report.png", 900, 1400),
         (ROOT / "docs" / "images" / "report-phone.png", 390, 1100))


def main() -> int:
    os.environ["ADJUTANT_REQUIRE_BROWSER"] = os.environ["ADJUTANT_REQUIRE_ENGINE"] = "1"
    from browser import render  # the tests' own Chromium driver
    from report_logs import planted_logs

    from referee.render_html import render_html
    from referee.run import run_check

    with tempfile.TemporaryDirectory(prefix="adjutant-shots-") as folder:
        built, logs = planted_logs(Path(folder))
        report = run_check([logs["supply"]], module=built.module, game=built.folder, pictures=True)
        page = Path(folder) / "report.html"
        page.write_text(render_html(report), encoding="utf-8")
        for shot, width, height in SHOTS:
            image = render(page, width).screenshot
            image.crop((0, 0, width, min(height, image.height))).save(shot, optimize=True)
            print(f"{shot.relative_to(ROOT)}: {width} x {min(height, image.height)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
