"""The HTML report: one self-contained page a player mails to the opponent.

Read top to bottom, it answers the questions of a dispute in order:

* the headline: how many errors, warnings, things not checked and notes, in words
  that never say "no errors" without the warnings and the unchecked beside it;
* the findings, one line per kind (same severity, check and rule) with its count and
  steps, opened to show each finding with a crop of the board round its hexes (see
  ``crops``), linked to the step in the story;
* the story of each log, step by step (who moved what where, rolls, undos), with the
  findings flagged at their steps and linked back;
* the dice by player and purpose, and the files read.

Images are embedded as ``data:`` URIs and the page loads nothing else, so it can be
mailed as one file and opened offline; it reads on a phone (crops scroll sideways
rather than shrink, so hex ids stay legible). Every text from a log is escaped: logs
are written by other people. The one script only opens the folded section a link
points into.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from html import escape

from .crops import Crop
from .dice_stats import MIN_EXPECTED
from .findings import Finding, Severity
from .render_text import step_label
from .report import WORDS, CheckReport, group_key, role_text
from .story import LogStory, StoryStep

STORY_OPEN_UP_TO = 400
"""A story longer than this many steps starts folded."""
STEPS_IN_SUMMARY = 24
SUMMARY_TEXT = 200
"""A finding alone of its kind is its group's line when its message is no longer than this; a
longer one (a victory tally names every term) is said below its rule, as a group's findings are."""
STEP_TEXT = 240
"""A step's line is cut here, the rest folded: one click of a card deck can move 300 pieces."""
_HEADINGS = {Severity.ERROR: "Errors", Severity.WARNING: "Warnings", Severity.NOT_CHECKED: "Not checked",
             Severity.INFO: "Notes"}

_CSS = """
*{box-sizing:border-box}
body{font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;padding:.6em;max-width:64em;color:#1d1d1d;overflow-wrap:anywhere}
h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.25em;margin:1.4em 0 .4em;border-bottom:1px solid #ccc}
a{color:#0645ad}
#headline{padding:.6em .9em;border-radius:.4em;border:2px solid}
#headline.bad{background:#fde8e8;border-color:#c00}#headline.warn{background:#fff4d6;border-color:#d89b00}
#headline.partial{background:#eef1f5;border-color:#6b7a8f}#headline.ok{background:#e6f5e8;border-color:#2a7a3a}
.counts span{white-space:nowrap;margin-right:.8em;font-weight:600}
.sev{display:inline-block;min-width:6.5em;padding:0 .4em;border-radius:.3em;font-size:.85em;text-align:center}
.error .sev,.flag.error{background:#c00;color:#fff}.warning .sev,.flag.warning{background:#d89b00;color:#000}
.not-checked .sev,.flag.not-checked{background:#6b7a8f;color:#fff}.info .sev,.flag.info{background:#dde6f3;color:#000}
details.group{border:1px solid #ccc;border-radius:.4em;margin:.4em 0;padding:.3em .6em}
details.group>summary{cursor:pointer}
.count{font-weight:700}.steps{color:#555;font-size:.9em}
ol.findings{padding-left:1.2em}li.finding{margin:.6em 0;padding-bottom:.4em;border-bottom:1px dotted #ccc}
.where{color:#444;font-size:.9em;margin:0}.rule{color:#555;font-size:.9em;margin:0}
figure.crop{margin:.4em 0}.scroll{overflow-x:auto;max-width:100%}
figure.crop img{max-width:none;display:block;border:1px solid #888}
figcaption{font-size:.85em;color:#444}
.key-ring{color:#dc0000;font-weight:700}.key-path{color:#145ae6;font-weight:700}.key-blocked{color:#aa00aa;font-weight:700}
ol.story{list-style:none;padding:0;margin:0}ol.story li{padding:.1em .3em;border-bottom:1px solid #eee}
ol.story li.undo{background:#f4f0ff}ol.story li.flagged{background:#fff8e6}
ol.story .n{display:inline-block;min-width:3.5em;color:#555}.who{font-weight:600}
details.more{display:inline}details.more>summary{display:inline;cursor:pointer;color:#0645ad}
.flag{font-size:.8em;padding:0 .35em;border-radius:.3em;text-decoration:none;margin-left:.3em}
:target{outline:3px solid #0645ad}
table{border-collapse:collapse;margin:.4em 0;font-size:.9em;display:block;overflow-x:auto}
th,td{border:1px solid #bbb;padding:.2em .45em;text-align:left;vertical-align:top}th{background:#eee}
table.vp{display:table;table-layout:fixed;width:100%}table.vp td.n{text-align:right}
tr.undecided td{background:#eef1f5}tr.undecided summary{cursor:pointer}
.view{font-size:.95em}
"""

_SCRIPT = """
function openTo(){var e=location.hash&&document.getElementById(location.hash.slice(1));
for(;e;e=e.parentElement){if(e.tagName==='DETAILS')e.open=true}
if(location.hash){var t=document.getElementById(location.hash.slice(1));if(t)t.scrollIntoView()}}
addEventListener('hashchange',openTo);addEventListener('DOMContentLoaded',openTo);
"""


def _plural(n: int, severity: Severity) -> str:
    one, many = WORDS[severity]
    return f"{n} {one if n == 1 else many}"


def headline(report: CheckReport) -> tuple[str, str]:
    """``(class, words)``: never "no errors" without the warnings and the unchecked beside it."""
    errors, warnings = report.count(Severity.ERROR), report.count(Severity.WARNING)
    unchecked = report.count(Severity.NOT_CHECKED)
    hidden = sum(1 for f in report.withheld if f.severity is Severity.ERROR)
    if hidden:  # never "no errors" where an error was found about pieces this view may not see
        return "bad", f"{_plural(errors + hidden, Severity.ERROR)} ({hidden} withheld: it names pieces this view may not see)"
    if errors:
        return "bad", _plural(errors, Severity.ERROR)
    if warnings:
        return "warn", f"No errors, but {_plural(warnings, Severity.WARNING)} to read"
    if unchecked:
        return "partial", f"No errors or warnings in what was checked; {unchecked} thing{'s' if unchecked != 1 else ''} not checked"
    return "ok", "No errors or warnings, and nothing left unchecked"


class _Page:
    """Ids shared by the findings and the story, so each can link to the other."""

    def __init__(self, report: CheckReport) -> None:
        self.report = report
        self.finding_id = {id(f): f"f{n}" for n, f in enumerate(report.findings, start=1)}
        self.story_index = {s.log: n for n, s in enumerate(report.stories)}
        self.at_step: dict[tuple[str, int], list[Finding]] = {}
        for f in report.findings:
            if f.step:
                self.at_step.setdefault((f.log, f.step), []).append(f)

    def step_anchor(self, log: str, step: int | None) -> str | None:
        if not step or log not in self.story_index:
            return None
        return f"s{self.story_index[log]}-{step}"


def render_html(report: CheckReport) -> str:
    page = _Page(report)
    kind, words = headline(report)
    names = ", ".join(log.label for log in report.logs)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Adjutant check: {escape(names)}</title>",
        f"<style>{_CSS}</style><script>{_SCRIPT}</script></head><body>",
        f'<header id="headline" class="{kind}"><h1>{escape(words)}</h1>',
        '<p class="counts">' + " ".join(
            f'<span class="{s.value}" data-severity="{s.value}" data-count="{report.count(s)}">'
            f"{escape(_plural(report.count(s), s))}</span>"
            for s in sorted(Severity, key=lambda s: s.rank)) + "</p>",
        f"<p>{_logs_line(report)}</p>",
        f'<p class="view">{escape(report.view())}.</p>',
        f"<p>Checks run: {escape(', '.join(report.checks)) or 'none'}.</p></header>",
        '<nav><a href="#findings">Findings</a> · <a href="#story">Story</a> · <a href="#dice">Dice</a> · '
        + ('<a href="#victory">Victory points</a> · ' if report.victory else '') + '<a href="#files">Files</a></nav>',
    ]
    parts.extend(_findings(page))
    parts.extend(_victory(report))
    parts.extend(_stories(page))
    parts.extend(_dice(report))
    parts.extend(_files(report))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _logs_line(report: CheckReport) -> str:
    steps = sum(log.steps for log in report.logs)
    players = list(dict.fromkeys(p for log in report.logs for p in log.players))
    files = f"{len(report.logs)} file{'s' if len(report.logs) != 1 else ''}"
    who = f"; players: {escape(', '.join(players))}" if players else ""
    return f"{files}, {steps:,} steps{who}."


# ------------------------------------------------------------------ findings


def _groups(findings: Sequence[Finding]) -> list[list[Finding]]:
    """Findings of a kind together, errors first, the most frequent kinds first."""
    groups: dict[tuple, list[Finding]] = {}
    for f in findings:
        groups.setdefault(group_key(f), []).append(f)
    return sorted(groups.values(), key=lambda g: (g[0].severity.rank, -len(g), g[0].check, g[0].rule))


def _findings(page: _Page) -> list[str]:
    report = page.report
    out = ['<section id="findings"><h2>Findings</h2>']
    if not report.findings:
        out.append("<p>Nothing to report.</p>")
    for number, group in enumerate(_groups(report.findings), start=1):
        first = group[0]
        severity = first.severity.value
        opened = " open" if len(group) <= 3 and first.severity in (Severity.ERROR, Severity.WARNING) else ""
        alone = len(group) == 1 and len(first.message) <= SUMMARY_TEXT  # the group's line is its message
        title = escape(first.message) if alone else escape(first.rule)
        out.append(f'<details class="group {severity}" id="g{number}" data-severity="{severity}" '
                   f'data-check="{escape(first.check)}" data-count="{len(group)}"{opened}>')
        out.append(f'<summary><span class="sev">{escape(WORDS[first.severity][0])}</span> '
                   f'<span class="count">{len(group)} ×</span> {escape(first.check)}: {title}'
                   f"{_steps_summary(page, group)}</summary>")
        if len(group) > 1:
            out.append(f'<p class="rule">Rule: {escape(first.rule)}</p>')
        out.append('<ol class="findings">')
        out.extend(_finding(page, f, in_group=not alone) for f in group)
        out.append("</ol>")
        with_places = sum(1 for f in group if f.places)
        drawn = sum(1 for f in group if report.crops.get(f))
        if drawn and with_places > drawn:
            out.append(f'<p class="rule">Board crops are drawn for the first {drawn} of these '
                       f"{with_places} findings; the others name their hexes.</p>")
        out.append("</details>")
    out.append("</section>")
    return out


def _steps_summary(page: _Page, group: list[Finding]) -> str:
    steps = [(f.log, f.step) for f in group if f.step]
    if not steps:
        return ""
    logs = {log for log, _ in steps}
    shown = []
    for log, step in steps[:STEPS_IN_SUMMARY]:
        label = (f"{log} " if len(logs) > 1 else "") + str(step)
        anchor = page.step_anchor(log, step)
        shown.append(f'<a href="#{anchor}">{escape(label)}</a>' if anchor else escape(label))
    more = f" and {len(steps) - STEPS_IN_SUMMARY} more" if len(steps) > STEPS_IN_SUMMARY else ""
    return f' <span class="steps">— step{"s" if len(steps) > 1 else ""} {", ".join(shown)}{more}</span>'


def _finding(page: _Page, f: Finding, in_group: bool = True) -> str:
    """One finding; with ``in_group``, its message (the group's line names the rule), else its
    rule (the group's line is its message). Each
    hex is named once: in the message, else on the finding's first line; a crop shows the
    path and the blocking hexes, so they are listed only where no crop is drawn."""
    fid = page.finding_id[id(f)]
    anchor = page.step_anchor(f.log, f.step)
    where = escape(f.log) + (f" {escape(step_label(f.step))}" if f.step is not None else "")
    if anchor:
        where = f'<a href="#{anchor}">{where}</a>'
    bits = [where] if f.log or f.step is not None else []
    if f.player:
        bits.append(escape(f.player))
    unnamed = f.unnamed()
    if unnamed:
        bits.append(escape(", ".join(p.name for p in unnamed)))
    if f.pieces:
        bits.append(escape(", ".join(f.pieces)))
    crops = page.report.crops.get(f, ())
    parts = [f'<li class="finding {f.severity.value}" id="{fid}">']
    if bits:
        parts.append(f'<p class="where">{" · ".join(bits)}</p>')
    if in_group:
        parts.append(f"<p>{escape(f.message)}</p>")
    else:
        parts.append(f'<p class="rule">{escape(f.check)}: {escape(f.rule)}</p>')
    if f.measured and not crops:
        parts.append(f'<p class="rule">Measured: {escape("; ".join(str(m) for m in f.measured))}</p>')
    if f.path and not crops:
        parts.append(f'<p class="rule">Traced path: {escape(" → ".join(p.name for p in f.path))}</p>')
    if f.blocked and not crops:
        parts.append(f'<p class="rule">Blocked at: {escape(", ".join(p.name for p in f.blocked))}</p>')
    parts.extend(_crop(c) for c in crops)
    parts.append("</li>")
    return "".join(parts)


def _crop(crop: Crop) -> str:
    data = base64.b64encode(crop.png).decode("ascii")
    key = []
    if crop.ringed:
        key.append('<span class="key-ring">red rings</span>: the hexes named')
    for m in crop.measured:
        key.append(f'<span class="key-path">blue line</span>: {escape(m.start_label)} to {escape(m.end_label)}'
                   + (f", {escape(m.length)}" if m.length else ""))
    if crop.path and not crop.measured:
        key.append(f'<span class="key-path">blue line</span>: the traced path, {len(crop.path)} hexes')
    if crop.blocked:
        key.append('<span class="key-blocked">magenta ring and cross</span>: where the trace was cut')
    if not crop.legible:
        key.append("drawn smaller to fit the page: the labels name the hexes")
    return (f'<figure class="crop"><div class="scroll"><img alt="{escape(crop.title)}" width="{crop.width}" '
            f'height="{crop.height}" data-map="{escape(crop.map)}" data-left="{crop.left}" data-top="{crop.top}" '
            f'data-scale="{crop.scale:.6f}" data-cell-px="{crop.cell_px:.1f}" '
            f'src="data:image/png;base64,{data}"></div>'
            f"<figcaption>{escape(crop.map)}: {'; '.join(key)}</figcaption></figure>")


# ------------------------------------------------------------------ story


def _stories(page: _Page) -> list[str]:
    report = page.report
    out = ['<section id="story"><h2>What happened, step by step</h2>']
    if not report.stories:
        out.append("<p>No steps to tell.</p>")
    for index, story in enumerate(report.stories):
        opened = " open" if len(story.steps) <= STORY_OPEN_UP_TO else ""
        flagged = sum(1 for s in story.steps if (story.log, s.index) in page.at_step)
        out.append(f'<details class="log-story" id="story{index}"{opened}><summary><b>{escape(story.log)}</b>: '
                   f"{len(story.steps):,} steps, {flagged} with findings</summary>")
        out.append('<ol class="story">')
        out.extend(_story_step(page, index, story, step) for step in story.steps)
        out.append("</ol></details>")
    out.append("</section>")
    return out


def _short(text: str, limit: int = 90) -> str:
    """A finding's message as a flag in the story: its start, the whole is one click away."""
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[: cut if cut > 0 else limit] + " …"


def _story_step(page: _Page, index: int, story: LogStory, step: StoryStep) -> str:
    flags = page.at_step.get((story.log, step.index), [])
    classes = " ".join(c for c in ("undo" if step.is_undo else "", "flagged" if flags else "") if c)
    links = "".join(f'<a class="flag {f.severity.value}" href="#{page.finding_id[id(f)]}">'
                    f"{escape(WORDS[f.severity][0])}: {escape(f.check)} — {escape(_short(f.message))}</a>"
                    for f in flags)
    anchor = f"s{index}-{step.index}"
    attrs = f' class="{classes}"' if classes else ""
    text = escape(step.text)
    if len(step.text) > STEP_TEXT:
        cut = step.text.rfind("; ", 0, STEP_TEXT)
        cut = cut if cut > 0 else STEP_TEXT
        text = (f'{escape(step.text[:cut])}<details class="more"><summary>… and the rest of the step</summary>'
                f"{escape(step.text[cut:].lstrip('; '))}</details>")
    return (f'<li id="{anchor}"{attrs}>'
            f'<a class="n" href="#{anchor}">{step.index}</a> <span class="who">{escape(step.who)}</span> '
            f"{text}{links}</li>")


# ------------------------------------------------------------------ dice and files


def _victory(report: CheckReport) -> list[str]:
    """Each log's VP tally, one row per term of the scenario's VP table decided, and one folded
    line per reason for the terms the log cannot decide (eleven camps "not decidable" for the
    same reason are one line). Every tally's table has the same fixed columns, so they line up."""
    if not report.victory:
        return []
    out = ['<section id="victory"><h2>Victory points</h2>']
    for t in report.victory:
        when = f"after {t.turns} turn(s)" if t.turns is not None else f"at step {t.step}"
        totals = "; ".join(f"{escape(side)} {vp:g} VP" for side, vp in t.totals) or "no VP"
        level = escape(t.level) if t.level else "no victory level"
        out.append(f"<h3>{escape(t.log)}: scenario {escape(t.scenario_id)} {when}</h3>"
                   f"<p>{totals} &rarr; <strong>{level}</strong>"
                   + (f" ({escape(t.level_rule)})" if t.level_rule else "") + "</p>")
        out.append('<table class="vp"><colgroup><col style="width:30%"><col style="width:11%">'
                   '<col style="width:7%"><col style="width:7%"><col style="width:7%"><col style="width:20%">'
                   '<col style="width:18%"></colgroup>'
                   "<tr><th>term</th><th>side</th><th>each</th><th>count</th><th>VP</th><th>counted</th>"
                   "<th>rule</th></tr>")
        undecided: dict[str, list] = {}
        for term in t.terms:
            if term.why:
                undecided.setdefault(term.why, []).append(term)
                continue
            each = "" if term.each is None else f"{term.each:g}"
            out.append(f"<tr><td>{escape(term.item)}</td><td>{escape(term.side)}</td><td class=\"n\">{each}</td>"
                       f"<td class=\"n\">{term.count}</td><td class=\"n\">{(term.points or 0):g}</td>"
                       f"<td>{escape(', '.join(term.what))}</td><td>{escape(term.rule)}</td></tr>")
        for why, terms in undecided.items():
            items = "".join(f"<li>{escape(x.item)} ({escape(x.side)}, {escape(x.rule)})</li>" for x in terms)
            what = "1 term" if len(terms) == 1 else f"{len(terms)} terms"
            out.append(f'<tr class="undecided"><td colspan="7"><details><summary>{what} not decidable: '
                       f"{escape(why)}</summary><ul>{items}</ul></details></td></tr>")
        out.append("</table>")
    out.append("</section>")
    return out


def _dice(report: CheckReport) -> list[str]:
    out = ['<section id="dice"><h2>Dice</h2>']
    if not report.dice.lines:
        out.append("<p>No die rolls recognised.</p>")
    else:
        out.append("<table><tr><th>player</th><th>purpose</th><th>die</th><th>rolls</th><th>dice</th>"
                   "<th>mean die</th></tr>")
        for line in report.dice.lines:
            out.append(f"<tr><td>{escape(line.player)}</td><td>{escape(line.purpose)}</td>"
                       f"<td>{escape(line.die_type)}</td><td>{line.rolls}</td><td>{line.dice}</td>"
                       f"<td>{line.mean_die:.2f}</td></tr>")
        out.append("</table>")
    if report.dice.fits:
        out.append("<table><tr><th>player</th><th>die</th><th>dice</th><th>times each face came up (face:times)</th>"
                   "<th>mean (fair)</th><th>chi-square</th><th>p</th></tr>")
        for pf in report.dice.fits:
            fit = pf.fit
            test = (f"<td>{fit.chi_square:.2f} ({fit.dof} df)</td><td>{fit.p_value:.3g}</td>" if fit.adequate
                    else f'<td colspan="2">too few dice to test (needs {int(MIN_EXPECTED * fit.sides)})</td>')
            out.append(f"<tr><td>{escape(pf.player)}</td><td>{escape(fit.die)}</td><td>{fit.n}</td>"
                       f"<td>{escape(fit.faces())}</td>"
                       f"<td>{fit.mean:.2f} ({fit.fair_mean:.2f})</td>{test}</tr>")
        out.append("</table>")
    out.append("</section>")
    return out


def _files(report: CheckReport) -> list[str]:
    out = ['<section id="files"><h2>Files</h2><table><tr><th>file</th><th>module</th><th>VASSAL</th>'
           "<th>steps</th><th>players</th></tr>"]
    for log in report.logs:
        role = role_text(log)
        label = escape(log.label) + (f"<br><small>{escape(role)}</small>" if role else "")
        out.append(f"<tr><td>{label}</td><td>{escape(log.module_name)} {escape(log.module_version)}</td>"
                   f"<td>{escape(log.vassal_version)}</td><td>{log.steps}</td>"
                   f"<td>{escape(', '.join(log.players))}</td></tr>")
    out.append("</table></section>")
    return out
