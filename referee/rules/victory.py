"""The scenario's VP tally and victory level at the end of a log, term by term.

Each row of the scenario's VP table (tables in scenarios.xlsx, sheet VP) is one term; how
it is read from the game view is written in scenario-rules.toml (``[[vp]]``, matched by the
row's item, word for word; ``vp_terms.TermReader`` reads each kind). A term the log cannot
decide (places only the map shows, counter values the data does not print, a cause the log
does not show) is named with the reason and left out of the sum, so the level reached is the
level of the terms that could be read; the text says how many terms were left out. Points
come from the table, never from the rule file.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from weakref import WeakKeyDictionary

from gamedata.model import Game, Scenario, VPTable
from gamedata.scenario_rules import RatioLevel, VPGroup, VPTerm

from ..context import CheckContext
from ..findings import Finding, Severity
from ..timeline import StepView
from ..view import Views
from ..view.passage import Passed
from .markers import Replayed
from .setup import scenario_for, scenario_name
from .vp_terms import Term, TermReader

CHECK_ID = "victory"


@dataclass(frozen=True)
class Tally:
    """The scenario's VP at one step: per-side totals of the decided terms, the net score
    the victory levels read, the level, and the terms left undecided."""

    scenario_id: str
    log: str
    step: int
    turns: int | None
    terms: tuple[Term, ...]
    totals: tuple[tuple[str, float], ...]
    net: float | None
    net_side: str
    level: str
    level_rule: str

    @property
    def undecided(self) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if t.why)

    def describe(self) -> str:
        """``Scenario S1 after 1 turns: Confederate 18 VP (12 ... + 6 ...) -> ..., 3 terms not decidable: ...``."""
        when = (f"after {self.turns} turn{'s' if self.turns != 1 else ''}" if self.turns is not None
                else f"at step {self.step}")
        parts = []
        for side, total in self.totals:
            terms = [f"{_num(t.points)} {t.label}" for t in self.terms
                     if t.side == side and t.points is not None and not t.condition]
            terms += [f"{t.label} {'met' if t.count else 'not met'}" for t in self.terms
                      if t.side == side and t.condition and not t.why]
            parts.append(f"{side} {_num(total)} VP ({' + '.join(terms) or 'no term'})")
        level = f" -> {self.level}" if self.level else " -> no victory level"
        text = f"Scenario {self.scenario_id} {when}: {'; '.join(parts) or 'no VP'}{level}"
        if self.undecided:
            text += f", {len(self.undecided)} term(s) not decidable: " + "; ".join(
                f"{t.label} ({t.why})" for t in self.undecided)
        return text


def _num(x: float | None) -> str:
    return "?" if x is None else (str(int(x)) if float(x).is_integer() else f"{x:g}")


def check_victory(ctx: CheckContext) -> Iterator[Finding]:
    tally = tally_of(ctx)
    if tally is not None:
        yield Finding(CHECK_ID, Severity.INFO, tally.describe(), tally.level_rule or "scenario victory conditions",
                      ctx.log.label, tally.step)


def tally_of(ctx: CheckContext) -> Tally | None:
    """The tally at the end of the checked log (None without the game or a known scenario).
    The victory check and the report both ask for it: it is worked out once per log."""
    scenario, _ = scenario_for(ctx)
    if scenario is None or ctx.views is None or ctx.game is None:
        return None
    key = (scenario.scenario_id, id(ctx.game), ctx.log.label, id(ctx.passed), ctx.previous is None)
    known = _TALLIES.get(ctx.views)
    if known is not None and known[0] == key:
        return known[1]
    found = tally(ctx.views, scenario, ctx.game, ctx.log.label, ctx.passed, ctx.log.steps, ctx.previous is None,
                  ctx.log.replay)
    _TALLIES[ctx.views] = (key, found)
    return found


_TALLIES: WeakKeyDictionary[Views, tuple[tuple, Tally]] = WeakKeyDictionary()


def tally(views: Views, scenario: Scenario, game: Game, label: str, passed: Passed | None = None,
          steps: Sequence[StepView] = (), first_log: bool = True, replay: Replayed | None = None) -> Tally:
    """The VP tally of ``scenario`` at the last view of ``views``; ``passed``: who the chain's
    earlier logs left in each hex; ``steps``: the log's steps (its rolls); ``first_log``: no
    earlier log of the chain; ``replay``: its pieces (the game markers a term reads)."""
    end = views.at(len(views) - 1)
    reader = TermReader(views, scenario, game, passed, steps, first_log, replay)
    rows, written, groups = _rows_of(game, scenario.scenario_id)
    terms: list[Term] = []
    shared = {r.item for r in rows if sum(1 for o in rows if o.item == r.item) > 1}
    for row in rows:
        term = written.get(row.item)
        if game.scenario_rules is not None and term is not None:
            term = game.scenario_rules.vp_for(row.scenario_id, row.item, row.rulebook_line) or term
        short = term.label if term and term.label else ""
        if short and row.item in shared and row.location and row.location not in short:
            short = f"{short} {row.location}"       # one reading, several rows: each named by its hexes
        for t in reader.read(row, term):
            if short and t.item != row.item:          # a term read for each side: named with its side
                t = replace(t, short=f"{short} ({t.side})")
            terms.append(replace(t, short=t.short or short))
    terms = _excluded(_grouped(terms, written, groups), written)
    scoring = game.scenario_rules.scoring_of(scenario.scenario_id) if game.scenario_rules else None
    sides = [s for s in game.sides if any(t.side == s for t in terms)]
    totals = tuple((s, sum(t.points or 0 for t in terms if t.side == s)) for s in sides)
    net, level, level_rule, net_side = None, "", "", ""
    if scoring is not None:
        by_side = dict(totals)
        net = by_side.get(scoring.plus, 0) - (by_side.get(scoring.minus, 0) if scoring.minus else 0)
        net_side = scoring.plus + (f" - {scoring.minus}" if scoring.minus else "")
        found = next((lv for lv in game.levels if lv.scenario_id == scenario.scenario_id
                      and (lv.low is None or net >= lv.low) and (lv.high is None or net <= lv.high)), None)
        if found is not None:
            level = found.result
            level_rule = f"{scenario_name(scenario)} levels of victory (rulebook L{found.rulebook_line})"
    ratio = game.scenario_rules.levels_of(scenario.scenario_id) if game.scenario_rules else ()
    if ratio:
        level, level_rule = ratio_level(ratio, dict(totals), terms, game, scenario)
    met = next((t for t in terms if t.automatic and t.count), None)
    if met is not None:
        level, level_rule = f"{met.side} automatic victory ({met.label}: {met.what[0]})", met.rule
    return Tally(scenario.scenario_id, label, end.step, end.scenario_turn, tuple(terms), totals, net, net_side,
                 level, level_rule)


def ratio_level(levels: Sequence[RatioLevel], totals: dict[str, float], terms: Sequence[Term], game: Game,
                scenario: Scenario) -> tuple[str, str]:
    """The first level of ``levels`` met (scenario-rules.toml ``[[levels]]``: a side's VP against
    the other's, and a held term), its Levels row's result and the rule; a level whose held term
    is undecided makes the level undecided; none met: no level, saying so."""
    for lv in levels:
        mine = totals.get(lv.side, 0.0)
        theirs = sum(v for s, v in totals.items() if s != lv.side)
        if lv.nonzero and mine <= 0:
            continue
        if lv.at_least is not None and not mine >= lv.at_least * theirs:
            continue
        if lv.more_than is not None and not mine > lv.more_than * theirs:
            continue
        if lv.held:
            held = [t for t in terms if t.item.startswith(lv.held) and t.side == lv.side]
            if any(t.why or t.count is None for t in held):
                return (f"not decided: whether the {lv.side} side holds {held[0].label} is not known "
                        f"({held[0].why})", str(lv.cite))
            if not any(t.count for t in held):
                continue
        row = next((r for r in game.levels if r.scenario_id == scenario.scenario_id
                    and r.result.startswith(lv.result)), None)
        return (row.result if row else lv.result), str(lv.cite)
    return "", f"{scenario_name(scenario)} levels of victory (none applies)"


def _rows_of(game: Game, scenario_id: str) -> tuple[list[VPTable], dict[str, VPTerm], dict[str, VPGroup]]:
    """The scenario's VP rows with their readings and groups; a ``[[vp_base]]`` adds the base
    scenario's rows (and readings) whose items the scenario does not have itself nor except."""
    rules = game.scenario_rules
    own = [v for v in game.vp if v.scenario_id == scenario_id]
    if rules is None:
        return own, {}, {}
    written, groups = dict(rules.vp_of(scenario_id)), dict(rules.groups_of(scenario_id))
    base = rules.base_of(scenario_id)
    if base is None:
        return own, written, groups
    items = {v.item for v in own}
    added = [v for v in game.vp if v.scenario_id == base.base and v.item not in items and v.item not in base.excepted]
    for item, term in rules.vp_of(base.base).items():
        written.setdefault(item, term)
    for name, group in rules.groups_of(base.base).items():
        groups.setdefault(name, group)
    return own + added, written, groups


def _excluded(terms: list[Term], written: dict[str, VPTerm]) -> list[Term]:
    """Terms that score 0 because a term named in their ``excluded_by`` scored (Hood Strikes
    North S5: no Maple Grove VP with Murfreesboro's); undecided when that term is."""
    by_item = {t.item: t for t in terms}
    out = []
    for t in terms:
        w = written.get(t.item)
        others = [by_item[i] for i in (w.excluded_by if w and not w.phase else ()) if i in by_item]
        if others and t.count:
            if any(o.points is None for o in others):
                t = replace(t, why="it depends on " + ", ".join(o.label for o in others if o.points is None))
            elif any(o.points for o in others):
                t = replace(t, count=0, what=t.what + ("not scored: " + ", ".join(o.label for o in others
                                                                                      if o.points) + " scored",))
        out.append(t)
    return out


def _grouped(terms: list[Term], written: dict[str, VPTerm], groups: dict[str, VPGroup]) -> list[Term]:
    """The terms with the points their VP group gives them: ``largest`` keeps the term of most
    points (the first on a tie) and scores the others 0; ``graded`` hands its grades out to the
    hexes counted, in the table's order. A group with an undecided term scores none of its
    terms: which one is largest, or which grade each gets, is not known."""
    out = list(terms)
    for name, group in groups.items():
        members = [i for i, t in enumerate(out) if (w := written.get(t.item)) is not None and w.group == name]
        if not members or any(out[i].points is None for i in members):
            continue
        note = f"{group.rule} of its group ({group.cite})"
        if group.rule == "largest":
            best = max(members, key=lambda i: (out[i].points or 0, -i))
            for i in members:
                out[i] = replace(out[i], scored=out[i].points if i == best else 0.0,
                                 what=out[i].what + (() if i == best or not out[i].count else (f"not the {note}",)))
            continue
        given = 0
        for i in members:
            count = out[i].count or 0
            grades = [group.grades[min(given + k, len(group.grades) - 1)] for k in range(count)]
            given += count
            out[i] = replace(out[i], scored=float(sum(grades)),
                             what=out[i].what + ((f"graded {' + '.join(_num(g) for g in grades)}, {note}",)
                                                 if count else ()))
    return out
