"""The HTML report: one self-contained page a player can open or mail on.

Summary, findings table and, for every board with flagged places, the board
picture with those places ringed, embedded as a ``data:`` URI so the page needs
no other file and no network. Every text that came from a log is escaped: logs
are written by other people.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from html import escape

from .findings import Severity
from .render_text import step_label
from .report import CheckReport

_CSS = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}
th,td{border:1px solid #bbb;padding:.25em .5em;text-align:left;vertical-align:top}
th{background:#eee}
tr.error td.sev{background:#f6c6c6}tr.warning td.sev{background:#fbe7b5}tr.info td.sev{background:#e3eefb}
.ok{color:#060}.bad{color:#a00}
figure{margin:0 0 1.5em}img{max-width:100%;border:1px solid #888}
"""


@dataclass(frozen=True)
class BoardFigure:
    """A board picture with marks, ready to embed."""

    title: str
    png: bytes


def _figure(fig: BoardFigure) -> str:
    data = base64.b64encode(fig.png).decode("ascii")
    return (f'<figure><img alt="{escape(fig.title)}" src="data:image/png;base64,{data}">'
            f"<figcaption>{escape(fig.title)}</figcaption></figure>")


def render_html(report: CheckReport, figures: tuple[BoardFigure, ...] = ()) -> str:
    errors = report.count(Severity.ERROR)
    verdict = (f'<p class="bad">{errors} error(s) found.</p>' if errors
               else '<p class="ok">No errors found.</p>')
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>adjutant check</title>',
        f"<style>{_CSS}</style></head><body>",
        "<h1>Log check</h1>",
        verdict,
        (f"<p>{errors} errors, {report.count(Severity.WARNING)} warnings, "
         f"{report.count(Severity.INFO)} notes. Checks run: {escape(', '.join(report.checks))}.</p>"),
        "<h2>Logs</h2><table><tr><th>file</th><th>module</th><th>VASSAL</th><th>steps</th><th>players</th></tr>",
    ]
    for log in report.logs:
        parts.append(f"<tr><td>{escape(log.label)}</td><td>{escape(log.module_name)} {escape(log.module_version)}</td>"
                     f"<td>{escape(log.vassal_version)}</td><td>{log.steps}</td>"
                     f"<td>{escape(', '.join(log.players))}</td></tr>")
    parts.append("</table>")
    parts.append('<h2>Findings</h2><table id="findings"><tr><th>severity</th><th>log</th><th>step</th>'
                 "<th>player</th><th>where</th><th>pieces</th><th>what</th><th>rule</th></tr>")
    for f in report.findings:
        parts.append(
            f'<tr class="{f.severity.value}"><td class="sev">{f.severity.value}</td><td>{escape(f.log)}</td>'
            f"<td>{escape(step_label(f.step))}</td><td>{escape(f.player or '')}</td>"
            f"<td>{escape(', '.join(str(p) for p in f.locations))}</td><td>{escape(', '.join(f.pieces))}</td>"
            f"<td>{escape(f.message)}</td><td>{escape(f.check)}: {escape(f.rule)}</td></tr>")
    parts.append("</table>")
    if figures:
        parts.append("<h2>Boards</h2>")
        parts.extend(_figure(fig) for fig in figures)
    if report.dice.fits:
        parts.append("<h2>Dice</h2><table><tr><th>player</th><th>die</th><th>dice</th><th>faces 1..n</th>"
                     "<th>mean (fair)</th><th>chi-square</th><th>p</th></tr>")
        for pf in report.dice.fits:
            fit = pf.fit
            test = (f"<td>{fit.chi_square:.2f} ({fit.dof} df)</td><td>{fit.p_value:.3g}</td>" if fit.adequate
                    else '<td colspan="2">sample too small to test</td>')
            parts.append(f"<tr><td>{escape(pf.player)}</td><td>d{fit.sides}</td><td>{fit.n}</td>"
                         f"<td>{' '.join(str(c) for c in fit.counts)}</td>"
                         f"<td>{fit.mean:.2f} ({fit.fair_mean:.2f})</td>{test}</tr>")
        parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
