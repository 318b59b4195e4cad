"""The plain-text report: grouped by severity, one finding per line.

Each line reads ``log step N [player] hexes: message (rule)`` so that a player
can open the log at that step and see it for himself.
"""

from __future__ import annotations

from .dice_stats import MIN_EXPECTED
from .findings import Finding, Severity
from .report import CheckReport, role_text

_HEADINGS = {Severity.ERROR: "Errors", Severity.WARNING: "Warnings", Severity.NOT_CHECKED: "Not checked",
             Severity.INFO: "Notes"}


def step_label(step: int | None) -> str:
    """``step 5``; step 0 is the log's starting position, before any step."""
    if step is None:
        return ""
    return "start" if step == 0 else f"step {step}"


def finding_line(f: Finding) -> str:
    """One finding as one line of text."""
    where = f.log + (f" {step_label(f.step)}" if f.step is not None else "")
    who = f" [{f.player}]" if f.player else ""
    unnamed = f.unnamed()  # each hex once: beside the message only when the message does not say it
    places = f" {', '.join(str(p) for p in unnamed)}:" if unnamed else ":"
    head = f"{where}{who}{places} " if where or who or unnamed else ""  # a run-wide finding names no log
    line = f"{head}{f.message} ({f.check}: {f.rule})"
    return " ".join(line.split())  # a quoted chat line may hold line breaks: keep one finding per line


def render_text(report: CheckReport) -> str:
    out = []
    for log in report.logs:
        players = ", ".join(log.players) or "none recorded"
        role = role_text(log)
        out.append(f"{log.label}: {log.module_name or '(no module name)'} {log.module_version}, "
                   f"VASSAL {log.vassal_version or '?'}, {log.steps} steps, players: {players}"
                   + (f" ({role})" if role else ""))
    out.append(f"checks: {', '.join(report.checks)}")
    out.append(report.counts())
    out.append(report.view())
    for severity in sorted(Severity, key=lambda s: s.rank):
        group = [f for f in report.findings if f.severity is severity]
        if group:
            out.append("")
            out.append(f"{_HEADINGS[severity]}:")
            out.extend("  " + finding_line(f) for f in group)
    if report.dice.lines:
        out.append("")
        out.append("Dice by player and purpose:")
        for line in report.dice.lines:
            out.append(f"  {line.player}: {line.purpose} ({line.die_type}) {line.rolls} rolls, "
                       f"{line.dice} dice, mean die {line.mean_die:.2f}")
    if report.dice.fits:
        out.append("")
        out.append("Dice fairness (chi-square, every face equally likely):")
        for pf in report.dice.fits:
            fit = pf.fit
            head = f"  {pf.player} {fit.die}: {fit.n} dice, mean {fit.mean:.2f} (fair {fit.fair_mean:.2f})"
            if fit.adequate:
                out.append(f"{head}, chi-square {fit.chi_square:.2f}, {fit.dof} df, p = {fit.p_value:.3g}")
            else:
                out.append(f"{head}, sample too small to test "
                           f"(needs {MIN_EXPECTED:g} expected per face, i.e. {int(MIN_EXPECTED * fit.sides)} dice)")
    return "\n".join(out) + "\n"
