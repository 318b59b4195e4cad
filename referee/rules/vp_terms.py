"""One VP-table row read from a log's game views, as ``scenario-rules.toml`` says (``[[vp]]``).

Each reading kind is one method of ``TermReader`` (``kind`` -> ``_<kind>``). A term the log
cannot decide says why (``Term.why``): a status the counters cannot show, hexes only the map
holds (naming the terrain.xlsx rows to fill), a strength the data does not print (naming the
oob.xlsx cells), a cause of a loss the log does not show. Points come from the VP table.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from gamedata.hexids import Hex
from gamedata.model import Game, Scenario, VPTable
from gamedata.scenario_rules import VPTerm

from ..timeline import StepView
from ..view import UNKNOWN, YES, GameView, UnitView, Views
from ..view.names import loose
from ..view.passage import Passed, last_in, passage
from .markers import Replayed, standing
from .restricted import is_eliminated_box
from .scenario_places import Places, binds


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
    condition: bool = False        # a condition of the levels (count 1: met), scoring no VP

    @property
    def label(self) -> str:
        """How the tally line names the term: its short name, else the item cut to 40 characters."""
        return self.short or _short(self.item)

    @property
    def points(self) -> float | None:
        if self.why or self.each is None or self.count is None:
            return None
        return self.each * self.count if self.scored is None else self.scored


def _short(item: str, limit: int = 40) -> str:
    return item if len(item) <= limit else item[:limit - 1].rstrip() + "…"


#: the kinds that read hexes (the row's location when the reading names none)
_PLACED = {"occupy", "held", "absent", "outside", "automatic", "entered", "field", "marked"}


@dataclass(frozen=True)
class _Ask:
    """One term being read: the row, its reading, the side it scores for, the side whose units
    count, its points each, its hexes (None for a kind without hexes) and the rule cited."""

    row: VPTable
    term: VPTerm
    side: str
    by: str
    each: float | None
    hexes: frozenset[Hex] | None
    rule: str

    def term_of(self, count: int | None, what: tuple[str, ...] = (), why: str = "", **kw: object) -> Term:
        if count is not None and not why and self.term.at_least:
            count = 1 if count >= self.term.at_least else 0
        return Term(self.row.item, self.side, self.each, count, self.rule, what, why, **kw)  # type: ignore[arg-type]


class TermReader:
    """Reads VP terms from one log's views: the last view for positions at the end, every view
    for what happened during the log, ``passed`` (who the chain's earlier logs left in each hex)
    for ``held``. ``steps``: the log's steps (the rolls a ``lost`` or ``rolled`` term reads);
    ``first_log``: the log starts the game (no earlier log of the chain); ``replay``: its start board and
    steps (the game markers a ``marker`` term reads)."""

    def __init__(self, views: Views, scenario: Scenario, game: Game, passed: Passed | None = None,
                 steps: Sequence[StepView] = (), first_log: bool = True, replay: Replayed | None = None) -> None:
        self.views, self.scenario, self.game, self.passed = views, scenario, game, passed
        self.steps, self.first_log = tuple(steps), first_log
        self.places = Places(game)
        self.in_scenario = {r.unit_id for r in scenario.setup} | {r.unit_id for r in scenario.reinforcements}
        self.end = views.at(len(views) - 1)
        self.replay = replay

    @cached_property
    def _ledger(self) -> dict[tuple[Hex, str], tuple[int, UnitView]]:
        return passage(self.views, self.passed)

    # ------------------------------------------------------------------ dispatch

    def read(self, row: VPTable, term: VPTerm | None) -> Iterator[Term]:
        rule = f"{term.cite}" if term else f"{self.scenario.scenario_id} VP table (rulebook L{row.rulebook_line})"
        each = _points(row.points)
        if term is None:
            yield Term(row.item, row.side, each, None, rule,
                       why="no reading of this term is written in scenario-rules.toml")
            return
        if term.kind == "undecidable":
            yield Term(row.item, row.side, each, None, rule, why=term.why or "the log cannot show it")
            return
        if term.kind == "base":
            yield Term(row.item, row.side, 0.0, 1, rule, ("read as the base scenario's terms",))
            return
        by_side = _other(self.game, row.side) if term.by == "enemy" and row.side else term.by
        sides = [by_side or row.side] if (by_side or row.side) else list(self.game.sides)
        for by in sides:
            scorer = row.side or (by if term.kind in ("held", "occupy", "field") else _other(self.game, by))
            hexes, why = self._hexes(row, term) if term.kind in _PLACED or term.hexes or term.special else (None, "")
            ask = _Ask(row, term, scorer, by, each, hexes, rule)
            if why:
                found = ask.term_of(None, why=why)
            else:
                found = getattr(self, "_" + term.kind.replace("-", "_"))(ask)
            if term.condition:
                found = replace(found, each=0.0, condition=True)
            elif term.first_then and not found.why:
                found = self._first_then(row, found)
            elif each is None and term.kind != "automatic" and not found.why:
                found = (replace(found, each=0.0) if found.count == 0 else
                         replace(found, why=f"its points '{row.points}' are not one number"))
            if len(sides) > 1:
                found = replace(found, item=f"{found.item} ({scorer})")
            yield found

    def _first_then(self, row: VPTable, found: Term) -> Term:
        """Points ``A/B``: the game's first counted phase scores A, each later one B; in a log that
        continues a chain, whether an earlier log's phase already scored A is not known."""
        parts = [_points(p.strip()) for p in str(row.points).split("/")]
        if len(parts) != 2 or None in parts:
            return replace(found, why=f"its points '{row.points}' are not 'first/later'")
        first, later = parts
        if not found.count:
            return replace(found, each=first, count=0)
        if not self.first_log:
            return replace(found, why="the first VP Phase it counts scores more: whether an earlier log of the chain "
                                      "already had it is not known")
        return replace(found, each=first, scored=first + later * (found.count - 1))   # type: ignore[operator]

    def _hexes(self, row: VPTable, term: VPTerm) -> tuple[frozenset[Hex] | None, str]:
        """The term's hexes, or why they are not known (the cells to fill)."""
        if term.special:
            hexes = frozenset()
            for part in term.special.split(";"):
                found, why = self._special(part.strip(), term.expect)
                if why:
                    return None, why
                hexes |= found
        elif term.area is not None and (term.area.columns or term.area.rows):
            hexes = frozenset(h for h in self.game.terrain.graph.hexes if self.places.in_area(h, term.area))
        else:
            cell = term.hexes or row.location
            parsed = self.places.hexes(cell) if cell else None
            if parsed is None:
                return None, f"its hexes '{row.location}' are not readable"
            hexes = parsed
        if term.area is not None and term.area.map:
            hexes = frozenset(h for h in hexes if self.places.on_map(h, term.area.map))
        if term.around is not None:
            hexes = self.places.within(hexes, term.around[1]) - (
                self.places.within(hexes, term.around[0] - 1) if term.around[0] > 0 else frozenset())
        return hexes, ""

    def _special(self, special: str, expect: int = 0) -> tuple[frozenset[Hex], str]:
        """The hexes of the terrain.xlsx Specials rows of ``kind:name…``, or the rows to fill."""
        kind, _, name = special.partition(":")
        rows = [s for s in self.game.terrain.specials(kind) if s.name and s.name.lower().startswith(name.lower())]
        hexes = frozenset(self.game.terrain.hexids.canonical(s.hex) for s in rows if s.hex is not None)
        short = max(expect - len(hexes), 0) if expect else (0 if hexes else 1)
        if short:
            return hexes, (f"the map's hexes are not in the data: terrain.xlsx Specials needs {expect or 'its'} "
                           f"row(s) of kind '{kind}' named '{name}…'" + (f" ({len(hexes)} given)" if hexes else "")
                           + " (the rulebook does not print them)")
        return hexes, ""

    # ------------------------------------------------------------------ who counts

    def _units(self, view: GameView, side: str, term: VPTerm) -> list[UnitView]:
        return [u for _, u in sorted(view.units.items()) if binds(u, self.game, side, term.unit_types)
                and (not term.sizes or u.unit.size in term.sizes)]

    def _occupants(self, view: GameView, by: str, term: VPTerm, hexes: frozenset[Hex]) \
            -> tuple[list[UnitView], list[UnitView]]:
        """Units of ``by`` (types, sizes) in ``hexes`` that count, and those whose disqualifying
        status (``unless``) the counter cannot show."""
        there = [u for u in self._units(view, by, term) if u.hex in hexes]
        unknown = [u for u in there if any(u.status.get(s, UNKNOWN) == UNKNOWN for s in term.unless)]
        good = [u for u in there if not any(u.status.get(s) == YES for s in term.unless) and u not in unknown]
        return good, unknown

    def _enemy_ok(self, ask: _Ask, view: GameView) -> tuple[bool | None, str]:
        """Whether the term's condition on enemy units near its hexes holds (None: a status unknown)."""
        term = ask.term
        if term.enemy_within is None or ask.hexes is None:
            return True, ""
        near = self.places.within(ask.hexes, term.enemy_within)
        enemy = replace_types(term, term.enemy_types)
        good, unknown = [], []
        for side in (s for s in self.game.sides if s != ask.by):
            g, u = self._occupants(view, side, enemy, near)
            good, unknown = good + g, unknown + u
        present = bool(good)
        if unknown and not present:
            return None, f"{', '.join(u.name for u in unknown)}: {'/'.join(term.unless)} not shown by the counter"
        said = ", ".join(f"{u.name} at {u.location}" for u in good)
        return present == (term.enemy == "present"), (f"enemy within {term.enemy_within}: {said}" if said else "")

    # ------------------------------------------------------------------ positions

    def _occupy(self, ask: _Ask) -> Term:
        """Occupied at the end, at the ends of ``turns``, or in each ``phase``; with ``why``, an
        occupation leaves the term undecided (what else decides it is not in the log)."""
        term = ask.term
        found = (self._in_phases(ask) if term.phase else self._at_turn_ends(ask) if term.turns is not None
                 else self._occupied_at(ask, self.end))
        return replace(found, count=None, why=term.why) if term.why and found.count else found

    @cached_property
    def _markers(self) -> dict[int, set[tuple[str, str]]]:
        """By step, (marker name casefolded, hex) of the game markers the terms name, standing."""
        terms = self.game.scenario_rules.vp_terms if self.game.scenario_rules else ()
        names = {n for t in terms if t.marker for n in t.marker.partition("@")[0].split(";")}
        if self.replay is None or not names:
            return {}
        initial = {(p.name.casefold(), p.location) for p in self.replay.initial.pieces.values()
                   if p.map and p.name in names}
        out = {0: initial}
        for step, on in standing(self.game, self.replay.initial, self.replay.steps, names):
            out[step.index] = {(n.casefold(), loc) for n, _, loc in on.values()}
        return out

    def _marker_stands(self, ask: _Ask, view: GameView) -> bool | None:
        """Whether the term's ``marker`` stands at the view's step (None: the log's pieces not given)."""
        name, _, where = ask.term.marker.partition("@")
        if self.replay is None:
            return None
        return (name.casefold(), where) in self._markers.get(view.step, set())

    def _marked(self, ask: _Ask) -> Term:
        """Per hex of the term, one of its ``marker`` names (``;``-separated) standing there at the end."""
        if self.replay is None:
            return ask.term_of(None, why="the log's pieces were not read (its game markers are not known)")
        names = {n.casefold() for n in ask.term.marker.split(";")}
        there = self._markers.get(self.end.step, set())
        hexids = self.game.terrain.hexids
        hit = sorted(hexids.format(h) for h in ask.hexes or () if any((n, hexids.format(h)) in there for n in names))
        return ask.term_of(len(hit), tuple(f"{ask.term.marker} marker in {h}" for h in hit))

    def _occupied_at(self, ask: _Ask, view: GameView) -> Term:
        found = self._occupants_term(ask, view)
        if not ask.term.marker or not found.count:
            return found
        stands = self._marker_stands(ask, view)
        name, _, where = ask.term.marker.partition("@")
        if stands is None:
            return ask.term_of(None, found.what, why=f"whether a {name} marker stands in {where} is not known (the "
                                                     "log's pieces were not read)")
        if not stands:
            return ask.term_of(0, (*found.what, f"no {name} marker in {where}: not counted"))
        return ask.term_of(found.count, (*found.what, f"{name} in {where}"))

    def _occupants_term(self, ask: _Ask, view: GameView) -> Term:
        term, hexes = ask.term, ask.hexes or frozenset()
        good, unknown = self._occupants(view, ask.by, term, hexes)
        if unknown and (len(good) < max(term.min_units, 1) or term.per_hex):
            return ask.term_of(None, why=f"{', '.join(u.name for u in unknown)}: {'/'.join(term.unless)} "
                                         "not shown by the counter")
        count = len({u.hex for u in good}) if term.per_hex else 1 if len(good) >= max(term.min_units, 1) else 0
        what = tuple(f"{u.name} at {u.location}" for u in good)
        if count:
            ok, said = self._enemy_ok(ask, view)
            if ok is None:
                return ask.term_of(None, what, why=said)
            what += (said,) if said else ()
            count = count if ok else 0
        return ask.term_of(count, what)

    def _at_turn_ends(self, ask: _Ask) -> Term:
        """Occupied at the end of the scenario turns ``turns`` (the last view of each turn)."""
        first, last = ask.term.turns or (0, 0)
        ends: dict[int, GameView] = {}
        for view in self.views:
            if view.scenario_turn is not None and first <= view.scenario_turn <= last:
                ends[view.scenario_turn] = view
        if self.end.scenario_turn in ends and self.end.scenario_turn is not None:
            ends.pop(self.end.scenario_turn)      # the log ends inside that turn: not its end
        missing = [t for t in range(first, last + 1) if t not in ends]
        if missing:
            return ask.term_of(None, why=f"the end of scenario turn(s) {', '.join(map(str, missing))} is not in "
                                         "this log")
        count, what = 0, []
        for turn, view in sorted(ends.items()):
            t = self._occupied_at(ask, view)
            if t.why:
                return t
            count += t.count or 0
            what += [f"end of Turn {turn}: {w}" for w in t.what]
        return ask.term_of(count, tuple(what))

    def _in_phases(self, ask: _Ask) -> Term:
        """Turns in whose ``phase`` the hexes were occupied (``automatic``: the first ends the game;
        ``once``: only the first counts)."""
        term = ask.term
        wanted = loose(term.phase)
        rivals = self._rivals(ask)
        seen_phase, turns, what = False, [], []
        for view in self.views:
            if view.phase is None or loose(view.phase) != wanted:
                continue
            if view.scenario_turn is not None and not _in_turns(view.scenario_turn, term.turns):
                continue
            seen_phase = True
            turn = view.turn.id if view.turn is not None else None
            if turn in turns:
                continue
            found = self._occupied_at(ask, view)
            if found.why and term.marker:
                return found                      # the marker's standing is not known
            if found.count and any(self._occupied_at(r, view).count for r in rivals):
                what.append(f"Turn {turn}, step {view.step}: not counted, "
                            + ", ".join(r.row.item[:40] for r in rivals) + " scored")
                continue
            if found.count:
                turns.append(turn)
                what.append(f"Turn {turn}, step {view.step}: " + ", ".join(found.what))
                if term.kind == "automatic" or term.once:
                    break
        if not seen_phase and not turns:
            return ask.term_of(None, why=f"the log shows no {term.phase} phase (its turn tracker's phases are not "
                                         "known, or the phase did not come)")
        return ask.term_of(len(turns), tuple(what), automatic=term.kind == "automatic")

    _automatic = _in_phases

    def _rivals(self, ask: _Ask) -> list[_Ask]:
        """The ``excluded_by`` terms of a phase term, read in the same phase."""
        written = self.game.scenario_rules.vp_of(self.scenario.scenario_id) if self.game.scenario_rules else {}
        out = []
        for item in ask.term.excluded_by:
            row = next((v for v in self.game.vp if v.scenario_id == self.scenario.scenario_id and v.item == item), None)
            term = written.get(item)
            if row is not None and term is not None:
                hexes, _ = self._hexes(row, term)
                out.append(_Ask(row, term, ask.side, term.by or ask.by, ask.each, hexes, ask.rule))
        return out

    def _held(self, ask: _Ask) -> Term:
        """Occupied at the end or last passed through by ``by`` (through the whole chain of logs)."""
        hexes = ask.hexes or frozenset()
        last = {h: u for h in sorted(hexes) if (u := last_in(self._ledger, h, ask.term.unit_types)) is not None}
        held = [(h, u) for h, u in last.items() if u.side == ask.by]
        return ask.term_of(len(held), tuple(f"{self.places.name(h)} by {u.name}" for h, u in held))

    def _field(self, ask: _Ask) -> Term:
        """Per field of ``special`` (``;``-separated) controlled by ``by`` at the end of the turn
        ``turn_id`` (the turn track's; the log's end without it): the side whose units of
        ``unit_types`` are in it alone, else who last passed through one of its hexes, else
        ``start`` — both sides in it: neither (Into the Woods S1 L744, S10 L3249)."""
        term = ask.term
        fields = [self._special(p.strip())[0] for p in term.special.split(";")] if term.special else [ask.hexes]
        at, why = self._turn_end(term.turn_id) if term.turn_id else (len(self.views) - 1, "")
        if why:
            return ask.term_of(None, why=why)
        view = self.views.at(at)
        ledger = passage([self.views.at(i) for i in range(at + 1)], self.passed)
        held, what = 0, []
        for hexes in fields:
            inside = {u.side for h in hexes or () for u in view.at(h) if not term.unit_types
                      or u.unit.type in term.unit_types}
            if len(inside) > 1:
                continue
            side = next(iter(inside), None)
            if side is None:
                last = [e for (h, kind), e in ledger.items() if h in (hexes or ())
                        and (not term.unit_types or kind in term.unit_types)]
                side = max(last, key=lambda e: e[0])[1].side if last else term.start or None
            if side == ask.by:
                held += 1
                what.append(", ".join(sorted(self.places.name(h) for h in hexes or ()))[:40])
        return ask.term_of(held, tuple(what))

    def _turn_end(self, turn: int) -> tuple[int, str]:
        """The index of the last view of the turn track's turn ``turn``, or why this log has none."""
        last = None
        ids = [getattr(v.turn, "id", None) for v in self.views]
        for i, t in enumerate(ids):
            if t == turn:
                last = i
            elif last is not None and t is not None and t > turn:
                return last, ""
        label = next((t.label for t in self.game.turns if t.id == turn), str(turn))
        if ids and ids[0] is not None and ids[0] > turn:
            return 0, f"the {label} turn ended in an earlier log of the chain"
        return 0, f"the end of the {label} turn is not in this log"

    def _absent(self, ask: _Ask) -> Term:
        """1 when no unit of ``by`` is in the hexes or within ``within`` of them at the end."""
        near = self.places.within(ask.hexes or frozenset(), ask.term.within)
        good, unknown = self._occupants(self.end, ask.by, ask.term, near)
        if unknown and not good:
            return ask.term_of(None, why=f"{', '.join(u.name for u in unknown)}: {'/'.join(ask.term.unless)} "
                                         "not shown by the counter")
        return ask.term_of(0 if good else 1, tuple(f"{u.name} at {u.location}" for u in good))

    def _outside(self, ask: _Ask) -> Term:
        near = self.places.within(ask.hexes or frozenset(), ask.term.within)
        counted = []
        for unit in (u for u in self.game.units if u.unit_id in self.in_scenario and u.side == ask.by
                     and (not ask.term.unit_types or u.type in ask.term.unit_types)):
            now = self.end.unit(unit.unit_id)
            if now is None or now.hex is None or now.hex not in near:
                counted.append(f"{unit.name} at {now.location if now and now.location else 'no hex'}")
        return ask.term_of(len(counted), tuple(counted))

    # ------------------------------------------------------------------ the state of units

    def _eliminated(self, ask: _Ask) -> Term:
        gone = [u for u in self._units(self.end, ask.by, ask.term) if is_eliminated_box(u)]
        return ask.term_of(len(gone), tuple(u.name for u in gone))

    def _eliminated_strength(self, ask: _Ask) -> Term:
        """The printed strength of ``by``'s units of the scenario eliminated: in an eliminated box,
        or off the map at the end after standing on it (a set-up unit in a later log of the chain
        stood on it). A reinforcement this log never shows, due by now, in a later log: whether it
        entered and was eliminated earlier is not in this log."""
        term, end = ask.term, self.end
        shown = {uid for view in self.views for uid, u in view.units.items() if u.hex is not None}
        setup = {r.unit_id for r in self.scenario.setup}
        due = {r.unit_id: r.turn for r in self.scenario.reinforcements}
        turn = end.scenario_turn
        total, what, unknown, unsure = 0.0, [], [], []
        for uid in sorted(setup | set(due)):
            unit = self.game.unit(uid)
            if unit is None or unit.side != ask.by or (term.unit_types and unit.type not in term.unit_types):
                continue
            now = end.unit(uid)
            if now is not None and now.hex is not None:
                continue
            boxed = now is not None and is_eliminated_box(now)
            if not (boxed or uid in shown or (uid in setup and not self.first_log)):
                when = due.get(uid, "")
                if not self.first_log and (not when.isdigit() or turn is None or int(when) <= turn):
                    unsure.append(unit.name)
                continue
            points = _number(unit.strength) if unit.strength else None
            if points is None:
                unknown.append(f"{unit.name} (oob.xlsx Units strength of {uid})")
                continue
            total += points
            what.append(f"{unit.name} {points:g}")
        if unknown or unsure:
            why = ("strength not known: " + ", ".join(unknown[:3])) if unknown else (
                "whether " + ", ".join(unsure[:3]) + " entered and was eliminated in an earlier log is not in this one")
            return ask.term_of(None, tuple(what), why=why)
        return ask.term_of(int(total), tuple(what))

    def _status(self, ask: _Ask) -> Term:
        """Per unit of ``by`` showing ``status`` at the end; an eliminated unit counts too."""
        code = ask.term.status
        units = [u for u in self._units(self.end, ask.by, ask.term) if u.hex is not None or is_eliminated_box(u)]
        unknown = [u.name for u in units if u.hex is not None and u.status.get(code, UNKNOWN) == UNKNOWN]
        if unknown:
            return ask.term_of(None, why=f"{', '.join(unknown[:3])}: the counter cannot show '{code}'")
        counted = [f"{u.name} ({'eliminated' if u.hex is None else code})" for u in units
                   if u.hex is None or u.status.get(code) == YES]
        return ask.term_of(len(counted), tuple(counted))

    def _wrecked_formation(self, ask: _Ask) -> Term:
        """Per formation of ``by`` at the level ``sizes`` names (division, corps; ``formations``: only
        those) wrecked at the end: at least its threshold of brigades (a division) or divisions (a
        corps) wrecked — a brigade showing ``status`` or eliminated. Thresholds: rules.xlsx Parameters
        ``wreck.<level>`` (``formation:count;...``, the rosters' check positions: the player's data),
        overridden by ``wreck.variant`` (``formation:count;...``) while a brigade's counter is
        attached to the first formation it names (Atlanta 5.1d.13: 1/23 as a division of its own).
        A formation with nothing wrecked is not wrecked whatever its threshold."""
        level = ask.term.sizes[0] if ask.term.sizes else "division"
        wrecked, missing = self._wrecked(level, ask.by, ask.term.status or "wrecked")
        if ask.term.formations:
            wrecked = [f for f in wrecked if f in ask.term.formations]
            missing = [f for f in missing if f in ask.term.formations]
        if missing:
            from gamedata.ruledata import cell
            keys = ["wreck.division"] if level == "division" else ["wreck.corps", "wreck.division"]
            return ask.term_of(None, tuple(wrecked), why=f"{', '.join(missing[:4])}: how many wrecked "
                               f"{'brigades' if level == 'division' else 'divisions'} wreck it is on its roster; "
                               f"fill {' and '.join(str(cell(self.game, k)) for k in keys)}")
        return ask.term_of(len(wrecked), tuple(wrecked))

    def _thresholds(self, level: str) -> dict[str, int]:
        from gamedata.ruledata import parameter
        found = _counts(parameter(self.game, f"wreck.{level}"))
        variant = _counts(parameter(self.game, "wreck.variant"))
        if variant and any(u.formation == next(iter(variant)) and u.unit.size == "brigade"
                           for u in self.end.units.values()):
            found.update(variant)
        return found

    def _wrecked(self, level: str, side: str, code: str) -> tuple[list[str], list[str]]:
        """(the formations of ``level`` wrecked at the end, those that may be but have no threshold)."""
        below = "brigade" if level == "division" else "division"
        if below == "brigade":
            down = {}
            for u in self.end.units.values():
                if u.side == side and u.unit.size == "brigade" and u.unit.type != "Ldr" and \
                        (u.hex is not None or is_eliminated_box(u)):
                    hit = is_eliminated_box(u) or u.status.get(code) == YES
                    down.setdefault(u.formation, []).append(hit)
            counts = {f: sum(v) for f, v in down.items()}
        else:
            divisions, unknown = self._wrecked("division", side, code)
            counts = {}
            for d in divisions:
                f = self.game.formation(d)
                if f is not None and f.parent:
                    counts[f.parent] = counts.get(f.parent, 0) + 1
            for d in unknown:           # a corps whose division is undecided is undecided too
                f = self.game.formation(d)
                if f is not None and f.parent:
                    counts.setdefault(f.parent, 0)
            unknown_parents = {self.game.formation(d).parent for d in unknown if self.game.formation(d)}
        limits = self._thresholds(level)
        wrecked, missing = [], []
        for f in sorted(x.formation_id for x in self.game.formations if x.side == side and x.level == level):
            n = counts.get(f, 0)
            if below == "division" and f in unknown_parents:
                missing.append(f)
            elif n == 0:
                continue
            elif f not in limits:
                missing.append(f)
            elif n >= limits[f]:
                wrecked.append(f)
        return wrecked, missing

    def _ci_brigade(self, ask: _Ask) -> Term:
        brigades = self._brigades(ask.by)
        status = {f: self._ci_of(f) for f in brigades}
        if brigades and all(v is None for v in status.values()):
            return ask.term_of(None, why="no counter of these brigades shows a CI status")
        ci = [f for f, v in status.items() if v]
        return ask.term_of(len(ci), tuple(ci))

    def _ci_division(self, ask: _Ask) -> Term:
        brigades = self._brigades(ask.by)
        status = {f: self._ci_of(f) for f in brigades}
        divisions = [f.formation_id for f in self.game.formations if f.side == ask.by and
                     (f.level == "division" or f.formation_id in ask.term.formations)]
        ci_div = []
        joined = dict(ask.term.join)
        for d in divisions:
            own = [b for b in brigades if joined.get(b, self._parent(b)) == d]
            if own and all(status[b] for b in own):
                ci_div.append(d)
        return ask.term_of(len(ci_div), tuple(ci_div))

    def _brigades(self, side: str) -> list[str]:
        """The brigades of ``side`` with a unit in the scenario."""
        used = {self.game.formation_of(u) for u in self.in_scenario}
        return sorted(f.formation_id for f in self.game.formations
                      if f.side == side and f.level == "brigade" and f.formation_id in used)

    def _parent(self, brigade: str) -> str:
        return next((f.parent for f in self.game.formations if f.formation_id == brigade), "")

    def _ci_of(self, brigade: str) -> bool | None:
        """A brigade is CI when one of its counters on the map shows the CI status, or all of them
        are eliminated (None: none on the map can show it). Counters still waiting in a box (not
        arrived) do not count."""
        own = [u for u in self.end.units.values() if u.formation == brigade
               and (u.hex is not None or is_eliminated_box(u))]
        if own and all(is_eliminated_box(u) for u in own):
            return True
        known = [s for s in (u.status.get("ci", UNKNOWN) for u in own if u.hex is not None) if s != UNKNOWN]
        return None if not known else any(s == YES for s in known)

    def _lost(self, ask: _Ask) -> Term:
        """Strength lost by units of ``by`` since the scenario's start (its set-up or arrival
        strength, else the oob's; an eliminated unit loses what it last showed). Each drop in
        this log is put down to the roll last before it in its turn: a ``causes`` button counts
        it, a ``not_causes`` one does not, none or another leaves the term undecided."""
        term = ask.term
        start, what, unknown = self._start_strengths(), [], []
        total = 0
        for unit in self._units(self.end, ask.by, term):
            if unit.unit_id not in self.in_scenario or (unit.hex is None and not is_eliminated_box(unit)):
                continue
            first = start.get(unit.unit_id)
            now = 0 if is_eliminated_box(unit) else _number(unit.strength)
            if first is None and not self.first_log:
                unknown.append(f"{unit.name} (no printed strength: {_cell(unit)})")
                continue
            first = first if first is not None else self._shown_first(unit.unit_id)
            if first is None or now is None:
                unknown.append(f"{unit.name} ({_cell(unit)}, or the counter's Strength)")
                continue
            if first > now:
                total += first - now
                what.append(f"{unit.name} {first:g}->{now:g}")
        if unknown:
            return ask.term_of(None, why="strength not known: " + ", ".join(unknown[:3])
                               + (f" and {len(unknown) - 3} more" if len(unknown) > 3 else ""))
        if term.causes or term.not_causes:
            uncaused = self._uncaused(ask)
            if uncaused is None:
                return ask.term_of(None, tuple(what), why="losses in earlier logs of the chain: their causes are "
                                                          "not in this log")
            excluded, unclear = uncaused
            if unclear:
                return ask.term_of(None, tuple(what), why="the log does not show what caused " + ", ".join(unclear[:3])
                                   + f" (a roll of {'/'.join(term.causes)} just before counts it)")
            total -= sum(n for n, _ in excluded)
            what += [f"not counted: {said}" for _, said in excluded]
        return ask.term_of(int(total), tuple(what))

    def _start_strengths(self) -> dict[str, float]:
        found: dict[str, float] = {}
        for row in (*self.scenario.setup, *self.scenario.reinforcements):
            unit = self.game.unit(row.unit_id)
            value = _number(row.strength) if row.strength else None
            if value is None and unit is not None:
                value = _number(unit.strength) if unit.strength else (
                    float(unit.manpower) if unit.manpower is not None else None)
            if value is not None:
                found.setdefault(row.unit_id, value)
        return found

    def _shown_first(self, unit_id: str) -> float | None:
        for view in self.views:
            u = view.unit(unit_id)
            if u is not None and u.hex is not None and (n := _number(u.strength)) is not None:
                return n
        return None

    def _uncaused(self, ask: _Ask) -> tuple[list[tuple[float, str]], list[str]] | None:
        """The drops of this log not to count (by ``not_causes``) and those no roll explains;
        None when the log starts after losses its own steps do not show."""
        term = ask.term
        rolls = _rolls_by_step(self.steps)
        excluded: list[tuple[float, str]] = []
        unclear: list[str] = []
        before: GameView | None = None
        last: tuple[str, str | None] | None = None       # the last roll's button and the side that rolled
        for view in self.views:
            if before is not None and getattr(before.turn, "id", None) != getattr(view.turn, "id", None):
                last = None
            if view.step in rolls:
                last = (rolls[view.step], view.active)
            for unit in self._units(view, ask.by, term):
                old = before.unit(unit.unit_id) if before is not None else None
                if old is None or old.hex is None:
                    continue
                was, now = _number(old.strength), 0 if is_eliminated_box(unit) else _number(unit.strength)
                if was is None or now is None or now >= was:
                    continue
                said = f"{unit.name} -{was - now:g} at step {view.step}"
                caused = last is not None and _says(last[0], term.causes)
                if unit.unit.type in term.any_cause_types:
                    if term.removals_unclear and unit.hex is None and not caused:
                        unclear.append(f"{said}, removed from the map")
                    continue
                if caused:
                    continue
                if last is not None and _says(last[0], term.not_causes) and last[1] == unit.side:
                    excluded.append((was - now, f"{said} (after its side's {last[0]} roll)"))
                elif last is not None and _says(last[0], term.not_causes) and last[1] is not None:
                    continue            # after the other side's move: a retreat, which counts
                else:
                    unclear.append(said)
            before = view
        if not self.first_log and self._earlier_losses(ask):
            return None
        return excluded, unclear

    def _earlier_losses(self, ask: _Ask) -> bool:
        start = self._start_strengths()
        view = self.views.at(0)
        return any((first := start.get(u.unit_id)) is not None and (n := _number(u.strength)) is not None
                   and n < first for u in self._units(view, ask.by, ask.term) if u.hex is not None)

    # ------------------------------------------------------------------ what happened during the log

    def _entered(self, ask: _Ask) -> Term:
        """1 when a unit of ``by`` moved into the hexes during the term's turns (the first such move);
        not decidable with ``term.why`` when it did and the rule has exceptions the log cannot show."""
        term, hexes = ask.term, ask.hexes or frozenset()
        before: GameView | None = None
        for view in self.views:
            turn = view.scenario_turn
            if before is not None and turn is not None and _in_turns(turn, term.turns):
                good, unknown = self._occupants(view, ask.by, term, hexes)
                moved = [u for u in good + unknown if (old := before.unit(u.unit_id)) is None or old.hex != u.hex]
                if moved:
                    who = moved[0]
                    what = (f"Turn {turn}, step {view.step}: {who.name} into {who.location}",)
                    if who in unknown:
                        return ask.term_of(None, what, why=f"{who.name}: {'/'.join(term.unless)} not shown by "
                                                           "the counter")
                    return ask.term_of(None if term.why else 1, what, why=term.why)
            before = view
        return ask.term_of(0)

    def _late(self, ask: _Ask) -> Term:
        """The scenario turns from ``turns[0]`` on that ended before one of ``units`` came onto the map."""
        first = ask.term.turns[0] if ask.term.turns else 1
        arrived = next((view for view in self.views if any(
            (u := view.unit(i)) is not None and u.hex is not None for i in ask.term.units)), None)
        when = arrived.scenario_turn if arrived is not None else self.end.scenario_turn
        if when is None:
            return ask.term_of(None, why="the scenario turn is not known")
        if arrived is None and not self.first_log:
            return ask.term_of(None, why="the arrival may be in an earlier log of the chain")
        late = max(when - first, 0)
        said = (f"arrived on Turn {when}, step {arrived.step}" if arrived is not None
                else f"not arrived by Turn {when} (the turns so far)")
        return ask.term_of(late, (said,))

    def _exited(self, ask: _Ask) -> Term:
        """Per unit that left the map as the term says and is still off it at the end."""
        term = ask.term
        counted = self._exits_of(term, ask.by)
        written = self.game.scenario_rules.vp_of(self.scenario.scenario_id) if self.game.scenario_rules else {}
        for other in (written[i] for i in term.excepted if i in written):
            for unit_id in self._exits_of(other, other.by):
                counted.pop(unit_id, None)
        unknown = [u.name for u, _ in counted.values() if any(u.status.get(s, UNKNOWN) == UNKNOWN for s in term.unless)]
        if unknown:
            return ask.term_of(None, why=f"{', '.join(unknown)}: {'/'.join(term.unless)} not shown by the counter")
        return ask.term_of(len(counted), tuple(what for _, what in counted.values()))

    def _exits_of(self, term: VPTerm, by: str) -> dict[str, tuple[UnitView, str]]:
        """unit id -> (the unit as it left, how) for the units of ``by`` whose last exit (a step
        from a hex to a box that is not an eliminated box) was from the term's hexes or area
        during its turns, not in an ``unless`` status, and who did not come back."""
        hexes = self.places.hexes(term.hexes) if term.hexes else None
        gone: dict[str, tuple[UnitView, str]] = {}
        before: GameView | None = None
        for view in self.views:
            for unit_id, unit in view.units.items():
                old = before.unit(unit_id) if before is not None else None
                if old is None or old.hex is None or not binds(old, self.game, by, term.unit_types, term.units):
                    continue
                if unit.hex is not None:
                    continue
                if not term.returns:
                    gone.pop(unit_id, None)
                turn = view.scenario_turn
                where = ((hexes is not None and old.hex in hexes) or
                         (term.area is not None and self.places.in_area(old.hex, term.area))
                         or (hexes is None and term.area is None))
                if (is_eliminated_box(unit) or not where or turn is None or not _in_turns(turn, term.turns)
                        or any(old.status.get(s) == YES for s in term.unless)):
                    continue
                gone[unit_id] = (old, f"{old.name} from {old.location}, Turn {turn}, step {view.step}")
            before = view
        return {k: v for k, v in gone.items()
                if term.returns or (now := self.end.unit(k)) is None or now.hex is None}

    def _arrived(self, ask: _Ask) -> Term:
        """Per formation of ``formations`` with a unit on the map at some step of the log."""
        seen: dict[str, str] = {}
        for view in self.views:
            for unit in view.units.values():
                if unit.hex is None or unit.side != ask.by:
                    continue
                for f in self.game.command_chain(unit.unit_id, unit.formation):
                    if f.formation_id in ask.term.formations and f.formation_id not in seen:
                        seen[f.formation_id] = f"{f.formation_id}: {unit.name} at {unit.location}, step {view.step}"
        if not self.first_log:
            missing = [f for f in ask.term.formations if f not in seen]
            if missing:
                return ask.term_of(None, tuple(seen.values()), why=f"{', '.join(missing)} may have come in an "
                                                                   "earlier log of the chain")
        return ask.term_of(len(seen), tuple(seen.values()))

    def _rolled(self, ask: _Ask) -> Term:
        """The readings of ``table`` in this log whose result is ``result``."""
        from .tables import readings       # the table reader needs the dice and tables only when asked
        term = ask.term
        if not self.first_log:
            return ask.term_of(None, why=f"{term.table} rolls of earlier logs of the chain are not in this log")
        found, unsure = [], []
        for roll, reading in readings(self.steps, self.game, self.views):
            if loose(roll.table.name) != loose(term.table) and loose(roll.table.table_id) != loose(term.table):
                continue
            results = {loose(b.result) for b in reading.branches}
            if loose(term.result) in results:
                (found if reading.determined else unsure).append(f"step {roll.step}: {reading.describe()}")
        if unsure:
            return ask.term_of(None, tuple(found), why="the result depends on what the log does not show: "
                                                       + "; ".join(unsure[:2]))
        return ask.term_of(len(found), tuple(found))

    def _said(self, ask: _Ask) -> Term:
        """The log's chat lines containing ``said`` (an event the players record by that wording)."""
        wording = ask.term.said.lower()
        if not self.first_log:
            return ask.term_of(None, why=f"chat lines of earlier logs of the chain ('{ask.term.said}') are not in "
                                         "this log")
        found = [f"step {s.index}: {ask.term.said}" for s in self.steps
                 if wording and any(wording in t.lower() for t in s.texts)]
        return ask.term_of(len(found), tuple(found))

    def _constant(self, ask: _Ask) -> Term:
        return ask.term_of(1, (ask.term.cite.section,))


def replace_types(term: VPTerm, types: tuple[str, ...]) -> VPTerm:
    return replace(term, unit_types=types, sizes=())


def _counts(text: object) -> dict[str, int]:
    """``a:2;b:3`` as {a: 2, b: 3} (in order)."""
    out: dict[str, int] = {}
    for item in str(text or "").split(";"):
        name, _, n = item.partition(":")
        if name.strip() and n.strip().isdigit():
            out[name.strip()] = int(n)
    return out


def _other(game: Game, side: str) -> str:
    return next((s for s in game.sides if s != side), side)


def _says(button: str, words: tuple[str, ...]) -> bool:
    return any(loose(w) in loose(button) for w in words)


def _rolls_by_step(steps: Sequence[StepView]) -> dict[int, str]:
    """The purpose (dice button) of the last standing roll of each step."""
    undone = {s.undoes for s in steps if s.is_undo and s.undoes is not None}
    return {s.index: s.rolls[-1].purpose for s in steps if s.rolls and not s.is_undo and s.index not in undone}


def _cell(unit: UnitView) -> str:
    origin = unit.unit.origin
    where = f"row {origin.row}" if origin is not None else unit.unit.unit_id
    return f"oob.xlsx Units {where} strength/manpower"


def _number(text: str | None) -> float | None:
    try:
        return float(text) if text not in (None, "", UNKNOWN) else None
    except ValueError:
        return None


def _in_turns(turn: int, turns: tuple[int, int] | None) -> bool:
    return turns is None or turns[0] <= turn <= turns[1]


def _points(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None

