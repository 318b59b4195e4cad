"""The scenario's VP tally and victory level at the end of a log, term by term.

Each row of the scenario's VP table (tables in scenarios.xlsx, sheet VP) is one term; how
it is read from the game view is written in scenario-rules.toml (``[[vp]]``, matched by the
row's item, word for word). A term the log cannot decide (manpower lost by cause, places
only the map shows, a row with no reading written) is named with the reason and left out
of the sum, so the level reached is the level of the terms that could be read; the text
says how many terms were left out. Points come from the table, never from the rule file.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from gamedata.hexids import Hex
from gamedata.model import Game, Scenario, VPTable
from gamedata.scenario_rules import VPGroup, VPTerm

from ..context import CheckContext
from ..findings import Finding, Severity
from ..view import UNKNOWN, YES, GameView, UnitView, Views
from ..view.names import loose
from ..view.passage import Passed, last_in, passage
from .restricted import is_eliminated_box
from .scenario_places import Places, binds
from .setup import scenario_for, scenario_name

CHECK_ID = "victory"


@dataclass(frozen=True)
class Term:
    """One VP-table row read from the position: ``count`` times ``each`` points for
    ``side``; ``why`` (not empty) when the log cannot decide it; ``what`` lists what counted."""

    item: str
    side: str
    each: float | None
    count: int | None
    rule: str
    what: tuple[str, ...] = ()
    why: str = ""
    short: str = ""
    automatic: bool = False        # an automatic-victory condition: met when count is 1
    scored: float | None = None    # the points its VP group gives it, when it is in one

    @property
    def label(self) -> str:
        """How the tally line names the term: its short name, else the item cut to 40 characters."""
        return self.short or _short(self.item)

    @property
    def points(self) -> float | None:
        if self.why or self.each is None or self.count is None:
            return None
        return self.each * self.count if self.scored is None else self.scored


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
                     if t.side == side and t.points is not None]
            parts.append(f"{side} {_num(total)} VP ({' + '.join(terms) or 'no term'})")
        level = f" -> {self.level}" if self.level else " -> no victory level"
        text = f"Scenario {self.scenario_id} {when}: {'; '.join(parts) or 'no VP'}{level}"
        if self.undecided:
            text += f", {len(self.undecided)} term(s) not decidable: " + "; ".join(
                f"{t.label} ({t.why})" for t in self.undecided)
        return text


def _num(x: float | None) -> str:
    return "?" if x is None else (str(int(x)) if float(x).is_integer() else f"{x:g}")


def _short(item: str, limit: int = 40) -> str:
    return item if len(item) <= limit else item[:limit - 1].rstrip() + "…"


def check_victory(ctx: CheckContext) -> Iterator[Finding]:
    tally = tally_of(ctx)
    if tally is not None:
        yield Finding(CHECK_ID, Severity.INFO, tally.describe(), tally.level_rule or "scenario victory conditions",
                      ctx.log.label, tally.step)


def tally_of(ctx: CheckContext) -> Tally | None:
    """The tally at the end of the checked log (None without the game or a known scenario)."""
    scenario, _ = scenario_for(ctx)
    if scenario is None or ctx.views is None or ctx.game is None:
        return None
    return tally(ctx.views, scenario, ctx.game, ctx.log.label, ctx.passed)


def tally(views: Views, scenario: Scenario, game: Game, label: str, passed: Passed | None = None) -> Tally:
    """The VP tally of ``scenario`` at the last view of ``views``; ``passed``: who the chain's
    earlier logs left in each hex."""
    end = views.at(len(views) - 1)
    reader = _Reader(views, scenario, game, passed)
    written = game.scenario_rules.vp_of(scenario.scenario_id) if game.scenario_rules else {}
    terms: list[Term] = []
    for row in (v for v in game.vp if v.scenario_id == scenario.scenario_id):
        term = written.get(row.item)
        terms.extend(replace(t, short=term.label) if term and term.label else t for t in reader.read(row, term, end))
    if game.scenario_rules:
        terms = _grouped(terms, written, game.scenario_rules.groups_of(scenario.scenario_id))
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
    met = next((t for t in terms if t.automatic and t.count), None)
    if met is not None:
        level, level_rule = f"{met.side} automatic victory ({met.label}: {met.what[0]})", met.rule
    return Tally(scenario.scenario_id, label, end.step, end.scenario_turn, tuple(terms), totals, net, net_side,
                 level, level_rule)


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


class _Reader:
    """Reads VP terms from the last view; ``held`` terms from every view of the log."""

    def __init__(self, views: Views, scenario: Scenario, game: Game, passed: Passed | None) -> None:
        self.views, self.scenario, self.game, self.passed = views, scenario, game, passed
        self.places = Places(game)
        self._ledger: dict[tuple[Hex, str], tuple[int, UnitView]] | None = None
        self.in_scenario = {r.unit_id for r in scenario.setup} | {r.unit_id for r in scenario.reinforcements}

    def read(self, row: VPTable, term: VPTerm | None, end: GameView) -> Iterator[Term]:
        rule = f"{term.cite}" if term else f"{self.scenario.scenario_id} VP table (rulebook L{row.rulebook_line})"
        each = _points(row.points)
        side = row.side
        if term is None:
            yield Term(row.item, side, each, None, rule, why="no reading of this term is written in scenario-rules.toml")
            return
        if each is None and term.kind != "automatic":
            yield Term(row.item, side, None, None, rule, why=f"its points '{row.points}' are not one number")
            return
        if term.kind == "undecidable":
            yield Term(row.item, side, each, None, rule, why=term.why or "the log cannot show it")
            return
        if term.kind == "eliminated" and not term.by:
            for scorer in self.game.sides:
                losers = [s for s in self.game.sides if s != scorer]
                yield self._eliminated(row, scorer, losers, term, each, rule, end)
            return
        by = term.by or side
        hexes = self.places.hexes(term.hexes or row.location) if (term.hexes or row.location) else None
        if term.kind in ("occupy", "held", "outside", "automatic", "entered") and hexes is None:
            yield Term(row.item, side, each, None, rule, why=f"its hexes '{row.location}' are not readable")
            return
        if term.kind == "automatic":
            yield self._in_phases(row, side, by, term, hexes or frozenset(), None, rule)
        elif term.kind == "occupy":
            yield self._occupy(row, side, by, term, hexes or frozenset(), each, rule, end)
        elif term.kind == "held":
            yield self._held(row, side, by, term, hexes or frozenset(), each, rule)
        elif term.kind == "outside":
            yield self._outside(row, side, by, term, hexes or frozenset(), each, rule, end)
        elif term.kind == "eliminated":
            yield self._eliminated(row, side, [by], term, each, rule, end)
        elif term.kind == "entered":
            yield self._entered(row, side, by, term, hexes or frozenset(), each, rule)
        elif term.kind == "exited":
            yield self._exited(row, side, term, each, rule)
        else:
            yield self._ci(row, side, by, term, each, rule, end)

    def _units(self, view: GameView, side: str, term: VPTerm) -> list[UnitView]:
        return [u for _, u in sorted(view.units.items()) if binds(u, self.game, side, term.unit_types)]

    def _occupants(self, view: GameView, by: str, term: VPTerm, hexes: frozenset[Hex]) \
            -> tuple[list[UnitView], list[UnitView]]:
        """Units of ``by`` (types, sizes) in ``hexes`` that count, and those whose disqualifying
        status (``unless``) the counter cannot show."""
        there = [u for u in self._units(view, by, term) if u.hex in hexes
                 and (not term.sizes or u.unit.size in term.sizes)]
        unknown = [u for u in there if any(u.status.get(s, UNKNOWN) == UNKNOWN for s in term.unless)]
        good = [u for u in there if not any(u.status.get(s) == YES for s in term.unless) and u not in unknown]
        return good, unknown

    def _occupy(self, row: VPTable, side: str, by: str, term: VPTerm, hexes: frozenset[Hex], each: float | None,
                rule: str, end: GameView) -> Term:
        if term.phase:
            return self._in_phases(row, side, by, term, hexes, each, rule)
        good, unknown = self._occupants(end, by, term, hexes)
        if unknown and (not good or term.per_hex):
            return Term(row.item, side, each, None, rule, why=f"{', '.join(u.name for u in unknown)}: "
                        f"{'/'.join(term.unless)} not shown by the counter")
        count = len({u.hex for u in good}) if term.per_hex else 1 if good else 0
        return Term(row.item, side, each, count, rule, tuple(f"{u.name} at {u.location}" for u in good))

    def _entered(self, row: VPTable, side: str, by: str, term: VPTerm, hexes: frozenset[Hex], each: float,
                 rule: str) -> Term:
        """1 when a unit of ``by`` moved into the hexes during the term's turns (the first such move);
        not decidable with ``term.why`` when it did and the rule has exceptions the log cannot show."""
        before: GameView | None = None
        for view in self.views:
            turn = view.scenario_turn
            if before is not None and turn is not None and _in_turns(turn, term.turns):
                good, unknown = self._occupants(view, by, term, hexes)
                moved = [u for u in good + unknown if (old := before.unit(u.unit_id)) is None or old.hex != u.hex]
                if moved:
                    who = moved[0]
                    what = (f"Turn {turn}, step {view.step}: {who.name} into {who.location}",)
                    if who in unknown:
                        return Term(row.item, side, each, None, rule, what, why=f"{who.name}: "
                                    f"{'/'.join(term.unless)} not shown by the counter")
                    return Term(row.item, side, each, None if term.why else 1, rule, what, why=term.why)
            before = view
        return Term(row.item, side, each, 0, rule)

    def _exited(self, row: VPTable, side: str, term: VPTerm, each: float, rule: str) -> Term:
        """Per unit that left the map as the term says and is still off it at the end."""
        counted = self._exits_of(term)
        written = self.game.scenario_rules.vp_of(self.scenario.scenario_id) if self.game.scenario_rules else {}
        for other in (written[i] for i in term.excepted if i in written):
            for unit_id in self._exits_of(other):
                counted.pop(unit_id, None)
        unknown = [u.name for u, _ in counted.values() if any(u.status.get(s, UNKNOWN) == UNKNOWN for s in term.unless)]
        if unknown:
            return Term(row.item, side, each, None, rule, why=f"{', '.join(unknown)}: {'/'.join(term.unless)} "
                        "not shown by the counter")
        return Term(row.item, side, each, len(counted), rule, tuple(what for _, what in counted.values()))

    def _exits_of(self, term: VPTerm) -> dict[str, tuple[UnitView, str]]:
        """unit id -> (the unit as it left, how) for the units of ``term.by`` whose last exit
        (a step from a hex to a box that is not an eliminated box) was from the term's hexes or
        area during its turns, not in an ``unless`` status, and who did not come back."""
        hexes = self.places.hexes(term.hexes) if term.hexes else None
        gone: dict[str, tuple[UnitView, str]] = {}
        before: GameView | None = None
        for view in self.views:
            for unit_id, unit in view.units.items():
                old = before.unit(unit_id) if before is not None else None
                if old is None or old.hex is None or not binds(old, self.game, term.by, term.unit_types):
                    continue
                if unit.hex is not None:
                    continue
                gone.pop(unit_id, None)
                turn = view.scenario_turn
                where = ((hexes is not None and old.hex in hexes) or
                         (term.area is not None and self.places.in_area(old.hex, term.area)))
                if (is_eliminated_box(unit) or not where or turn is None or not _in_turns(turn, term.turns)
                        or any(old.status.get(s) == YES for s in term.unless)):
                    continue
                gone[unit_id] = (old, f"{old.name} from {old.location}, Turn {turn}, step {view.step}")
            before = view
        end = self.views.at(len(self.views) - 1)
        return {k: v for k, v in gone.items() if (now := end.unit(k)) is None or now.hex is None}

    def _in_phases(self, row: VPTable, side: str, by: str, term: VPTerm, hexes: frozenset[Hex], each: float | None,
                   rule: str) -> Term:
        """Turns in whose ``term.phase`` the hexes were occupied (``automatic``: the first ends the game)."""
        wanted = loose(term.phase)
        seen_phase, turns, what = False, [], []
        for view in self.views:
            if view.phase is None or loose(view.phase) != wanted:
                continue
            seen_phase = True
            turn = view.turn.id if view.turn is not None else None
            good, _ = self._occupants(view, by, term, hexes)
            if good and turn not in turns:
                turns.append(turn)
                what.append(f"Turn {turn}, step {view.step}: " + ", ".join(f"{u.name} at {u.location}" for u in good))
                if term.kind == "automatic":
                    break
        if not seen_phase and not turns:
            return Term(row.item, side, each, None, rule, why=f"the log shows no {term.phase} phase (its turn "
                        "tracker's phases are not known, or the phase did not come)")
        return Term(row.item, side, each, len(turns), rule, tuple(what), automatic=term.kind == "automatic")

    def _held(self, row: VPTable, side: str, by: str, term: VPTerm, hexes: frozenset[Hex], each: float,
              rule: str) -> Term:
        """Occupied at the end or last passed through by ``by`` (through the whole chain of logs)."""
        if self._ledger is None:
            self._ledger = passage(self.views, self.passed)
        last = {h: u for h in sorted(hexes) if (u := last_in(self._ledger, h, term.unit_types)) is not None}
        held = [(h, u) for h, u in last.items() if u.side == by]
        return Term(row.item, side, each, len(held), rule,
                    tuple(f"{self.places.name(h)} by {u.name}" for h, u in held))

    def _outside(self, row: VPTable, side: str, by: str, term: VPTerm, hexes: frozenset[Hex], each: float,
                 rule: str, end: GameView) -> Term:
        near = self.places.within(hexes, term.within)
        counted = []
        for unit in (u for u in self.game.units if u.unit_id in self.in_scenario and u.side == by
                     and (not term.unit_types or u.type in term.unit_types)):
            now = end.unit(unit.unit_id)
            if now is None or now.hex is None or now.hex not in near:
                counted.append(f"{unit.name} at {now.location if now and now.location else 'no hex'}")
        return Term(row.item, side, each, len(counted), rule, tuple(counted))

    def _eliminated(self, row: VPTable, scorer: str, losers: Sequence[str], term: VPTerm, each: float, rule: str,
                    end: GameView) -> Term:
        gone = [u for s in losers for u in self._units(end, s, term) if is_eliminated_box(u)]
        return Term(f"{row.item} ({scorer})", scorer, each, len(gone), rule, tuple(u.name for u in gone))

    def _ci(self, row: VPTable, side: str, by: str, term: VPTerm, each: float, rule: str, end: GameView) -> Term:
        brigades = self._brigades(by)
        status = {f: self._ci_of(f, end) for f in brigades}
        if term.kind == "ci-brigade":
            if brigades and all(v is None for v in status.values()):
                return Term(row.item, side, each, None, rule, why="no counter of these brigades shows a CI status")
            ci = [f for f, v in status.items() if v]
            return Term(row.item, side, each, len(ci), rule, tuple(ci))
        divisions = [f.formation_id for f in self.game.formations if f.side == by and
                     (f.level == "division" or f.formation_id in term.formations)]
        ci_div = []
        for d in divisions:
            own = [b for b in brigades if self._under(b, d)]
            if own and all(status[b] for b in own):
                ci_div.append(d)
        return Term(row.item, side, each, len(ci_div), rule, tuple(ci_div))

    def _brigades(self, side: str) -> list[str]:
        """The brigades of ``side`` with a unit in the scenario."""
        used = {self.game.formation_of(u) for u in self.in_scenario}
        return sorted(f.formation_id for f in self.game.formations
                      if f.side == side and f.level == "brigade" and f.formation_id in used)

    def _under(self, brigade: str, division: str) -> bool:
        parent = next((f.parent for f in self.game.formations if f.formation_id == brigade), "")
        return parent == division

    def _ci_of(self, brigade: str, end: GameView) -> bool | None:
        """A brigade is CI when one of its counters on the map shows the CI status, or all of them
        are eliminated (None: none on the map can show it). Counters still waiting in a box (not
        arrived) do not count."""
        own = [u for u in end.units.values() if u.formation == brigade and (u.hex is not None or is_eliminated_box(u))]
        if own and all(is_eliminated_box(u) for u in own):
            return True
        known = [s for s in (u.status.get("ci", UNKNOWN) for u in own if u.hex is not None) if s != UNKNOWN]
        return None if not known else any(s == YES for s in known)


def _in_turns(turn: int, turns: tuple[int, int] | None) -> bool:
    return turns is None or turns[0] <= turn <= turns[1]


def _points(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None
