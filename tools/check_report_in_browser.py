"""The HTML report in a real browser: the acceptance tests, or a screenshot of one report.

``python tools/check_report_in_browser.py`` runs ``tests/test_report_browser.py``, which
renders reports in headless Chromium and checks the page as shown (headline numbers,
grouped findings, every crop's rings, paths and scale); it fails, rather than skips,
when Chromium is missing (Debian/Ubuntu: ``apt-get install -y chromium``).

``python tools/check_report_in_browser.py REPORT.html SHOT.png [--width 1000] [--height N]``
saves what Chromium shows of REPORT.html, findings unfolded (the guide's screenshot
is made this way).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", nargs="?", type=Path)
    parser.add_argument("screenshot", nargs="?", type=Path)
    parser.add_argument("--width", type=int, default=1000)
    parser.add_argument("--height", type=int, default=0, help="keep only this many pixels from the top")
    args = parser.parse_args()
    os.environ["ADJUTANT_REQUIRE_BROWSER"] = "1"
    if args.report is None:
        import pytest

        return pytest.main(["-q", str(ROOT / "tests" / "test_report_browser.py")])
    from browser import render  # noqa: E402  (the tests' own Chromium driver)

    shown = render(args.report.resolve(), args.width)
    image = shown.screenshot
    if args.height:
        image = image.crop((0, 0, image.width, min(args.height, image.height)))
    image.save(args.screenshot or args.report.with_suffix(".png"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
