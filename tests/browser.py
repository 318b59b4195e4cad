"""Headless Chromium for tests: render a page, read where things landed, take a screenshot.

The HTML report is judged as a player sees it: opened in a real browser. ``render``
loads a copy of the page with a measuring script added at its end (it opens the folded
findings, then writes the page's layout as JSON into the DOM), reads that with
``--dump-dom``, and screenshots the same copy at the same window size, so the boxes
measured and the pixels shot agree. The page is loaded from a file; it needs no network.

Chromium is Debian's ``chromium``. Without it the browser tests skip with the reason,
except under ``ADJUTANT_REQUIRE_BROWSER=1`` (set by ``.ci/run``, which installs it),
where they fail.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
WIDTH = 1000
TIMEOUT = 120

_MEASURE = """
<script>
addEventListener('load', function () {
  document.querySelectorAll('details.group').forEach(function (d) { d.open = true; });
  function box(e) { var r = e.getBoundingClientRect(); return {x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height}; }
  var out = {
    height: document.documentElement.scrollHeight,
    width: document.documentElement.scrollWidth,
    headline: document.querySelector('#headline h1').textContent,
    headline_box: box(document.querySelector('#headline')),
    counts: {},
    groups: [],
    crops: [],
    story_steps: document.querySelectorAll('ol.story > li').length,
    story_flags: document.querySelectorAll('ol.story a.flag').length
  };
  document.querySelectorAll('#headline .counts span').forEach(function (s) { out.counts[s.dataset.severity] = +s.dataset.count; });
  document.querySelectorAll('details.group').forEach(function (d) {
    var texts = [];
    d.querySelectorAll('li.finding').forEach(function (li) { texts.push(li.innerText); });
    out.groups.push({id: d.id, severity: d.dataset.severity, check: d.dataset.check, count: +d.dataset.count,
                     items: texts.length, summary: d.querySelector('summary').innerText, texts: texts});
  });
  document.querySelectorAll('figure.crop img').forEach(function (i) {
    var b = box(i);
    b.natural_w = i.naturalWidth; b.natural_h = i.naturalHeight;
    b.left = +i.dataset.left; b.top = +i.dataset.top; b.scale = +i.dataset.scale; b.map = i.dataset.map;
    b.cell_px = +i.dataset.cellPx;
    b.finding = i.closest('li.finding').id;
    b.column_w = i.closest('.scroll').clientWidth;
    b.caption = i.closest('figure').querySelector('figcaption').textContent;
    out.crops.push(b);
  });
  out.view_width = document.documentElement.clientWidth;
  out.vp = [];
  document.querySelectorAll('table.vp').forEach(function (t) {
    var rows = [];
    t.querySelectorAll('tr').forEach(function (r) {
      var cells = [];
      r.querySelectorAll(':scope > th, :scope > td').forEach(function (c) { var b = box(c); cells.push([b.x, b.w]); });
      var d = r.querySelector('details');
      rows.push({cls: r.className, cells: cells, open: d ? d.open : null, text: r.innerText});
    });
    out.vp.push(rows);
  });
  out.overflow = [];
  document.querySelectorAll('body *').forEach(function (e) {
    if (e.closest('.scroll') || e.closest('details:not([open])') || e.closest('#measured')) return;
    var r = e.getBoundingClientRect();
    if (r.width && r.right > out.view_width + 1) out.overflow.push(e.tagName + '.' + e.className + ': ' + Math.round(r.right));
  });
  var pre = document.createElement('pre'); pre.id = 'measured'; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>
"""


def chromium() -> str:
    """The browser's path; skips the test (or fails in CI) when there is none."""
    found = next((shutil.which(b) for b in BROWSERS if shutil.which(b)), None)
    if found is None:
        message = "headless Chromium is needed: apt-get install -y chromium"
        if os.environ.get("ADJUTANT_REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return found


@dataclass(frozen=True)
class Rendered:
    layout: dict
    screenshot: Image.Image


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--force-device-scale-factor=1", "--virtual-time-budget=10000", *args],
                          capture_output=True, timeout=TIMEOUT, cwd=cwd, check=False)


def render(page: Path, width: int = WIDTH) -> Rendered:
    """Open ``page`` in headless Chromium with every findings group unfolded; its layout and a
    screenshot of the whole page."""
    html = page.read_text(encoding="utf-8")
    measured = page.with_name(page.stem + ".measured.html")
    measured.write_text(html.replace("</body>", _MEASURE + "</body>", 1), encoding="utf-8")
    dom = _run("--dump-dom", f"--window-size={width},1200", measured.as_uri(), cwd=page.parent)
    text = dom.stdout.decode("utf-8", errors="replace")
    start = text.find('<pre id="measured">')
    assert start >= 0, dom.stderr.decode(errors="replace")[-2000:]
    body = text[start + len('<pre id="measured">'):text.index("</pre>", start)]
    layout = json.loads(body.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&"))
    shot = page.with_name(page.stem + ".png")
    run = _run(f"--screenshot={shot}", f"--window-size={width},{layout['height']}", measured.as_uri(),
               cwd=page.parent)
    assert shot.is_file(), run.stderr.decode(errors="replace")[-2000:]
    with Image.open(shot) as image:
        return Rendered(layout, image.convert("RGB"))
