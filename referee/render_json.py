"""The JSON report, shaped by ``schemas/check.schema.json``.

Other tools (a PBEM club's web page, a tournament director's script) read this,
so its shape is versioned by ``format`` and never depends on which checks ran:
every key is always present.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .dice_stats import MIN_EXPECTED
from .findings import Finding, Place, Severity
from .report import CheckReport

if TYPE_CHECKING:  # pragma: no cover - a tally's module needs the game's data
    from .rules.victory import Tally

FORMAT = "adjutant-check/1"


def _place(p: Place) -> dict[str, Any]:
    return {"map": p.map, "name": p.name, "x": p.x, "y": p.y}


def finding_dict(f: Finding) -> dict[str, Any]:
    return {
        "check": f.check,
        "severity": f.severity.value,
        "log": f.log,
        "step": f.step,
        "player": f.player,
        "pieces": list(f.pieces),
        "locations": [_place(p) for p in f.locations],
        "path": [_place(p) for p in f.path],
        "blocked": [_place(p) for p in f.blocked],
        "measured": [{"from": _place(m.start), "to": _place(m.end), "from_label": m.start_label,
                      "to_label": m.end_label, "length": m.length} for m in f.measured],
        "cells": [c.as_json() for c in f.cells],
        "message": f.message,
        "rule": f.rule,
    }


def tally_dict(t: Tally) -> dict[str, Any]:
    """One log's VP tally: each term with its count and points, or why it was not decided."""
    return {
        "log": t.log, "scenario": t.scenario_id, "step": t.step, "turns": t.turns,
        "totals": [{"side": side, "vp": vp} for side, vp in t.totals],
        "net": t.net, "net_of": t.net_side, "level": t.level, "level_rule": t.level_rule,
        "terms": [{"item": term.item, "side": term.side, "each": term.each, "count": term.count,
                   "points": term.points, "decided": not term.why, "why": term.why, "rule": term.rule,
                   "counted": list(term.what)} for term in t.terms],
        "text": t.describe(),
    }


def report_dict(report: CheckReport) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "logs": [
            {"file": log.label, "module_name": log.module_name, "module_version": log.module_version,
             "vassal_version": log.vassal_version, "steps": log.steps, "players": list(log.players),
             "role": log.role, "unlisted": None if log.unlisted is None else dict(log.unlisted)}
            for log in report.logs
        ],
        "checks": list(report.checks),
        "summary": {s.value: report.count(s) for s in Severity},
        "view": {"sight": report.sight, "concealed": dict(report.veiled),
                 "withheld": {s.value: sum(1 for f in report.withheld if f.severity is s) for s in Severity}},
        "findings": [finding_dict(f) for f in report.findings],
        "victory": [tally_dict(t) for t in report.victory],
        "dice": {
            "rolls": [
                {"log": lr.log, "step": lr.roll.step, "player": lr.roll.player, "purpose": lr.roll.purpose,
                 "sides": lr.roll.sides, "dice": list(lr.roll.dice)}
                for lr in report.dice.rolls
            ],
            "by_purpose": [
                {"player": line.player, "purpose": line.purpose, "sides": line.sides, "die": line.die_type,
                 "rolls": line.rolls,
                 "dice": line.dice, "mean_die": round(line.mean_die, 4)}
                for line in report.dice.lines
            ],
            "fairness": [
                {"player": pf.player, "sides": pf.fit.sides, "first_face": pf.fit.low, "dice": pf.fit.n,
                 "counts": list(pf.fit.counts),
                 "mean": None if pf.fit.mean is None else round(pf.fit.mean, 4),
                 "chi_square": None if pf.fit.chi_square is None else round(pf.fit.chi_square, 4),
                 "dof": pf.fit.dof,
                 "p_value": None if pf.fit.p_value is None else float(f"{pf.fit.p_value:.6g}"),
                 "adequate": pf.fit.adequate, "min_expected_per_face": MIN_EXPECTED}
                for pf in report.dice.fits
            ],
        },
    }


def render_json(report: CheckReport) -> str:
    return json.dumps(report_dict(report), indent=2, ensure_ascii=False) + "\n"
