"""Atlanta 2.6a: the Union's single detachment marker, traced to its parent brigade.

"A single special detachment marker has been included for the Union forces ... It may be used
only by a brigade that is detached from its division ... The detachment must stay within 4
movement points of the parent command's marker (just as for division integrity) ... only one
unit may use this provision at a time" (rulebook line 150). In the module the marker is the
status of rules.xlsx Parameters `detachment.status`: the palette's marker piece put on the
detachment's hex (alone, or stacked with units), or the badge turned on on a counter. After
every step that changes where it shows or moves its possible parents:

* more hexes showing it than `detachment.count` is an error (one marker, one unit at a time);
* shown by a counter of another side than `detachment.side`, an error (the Union's marker);
* a brigade counter showing it is the parent using it (distance 0): it must be a detached
  brigade, `detachment.brigades` (`brigade:leader`, detached while that leader's marker is on
  the map: 2.1h's 2/4/16 with Sprague); another brigade is a warning (a brigade detached by
  an order, 2.1d, is not in the log);
* a marker elsewhere is traced from the detached brigades on the map, over the terrain in the
  movement class of the parent's type (`detachment.move`, `type:class`), within
  `detachment.mp` movement points: farther from every one of them is an error with the route
  and its cost (the command check's tracer: out of range by known costs or by hex distance
  times `trace-floor`); where the costs are not known, not checked naming the cells. No
  detached brigade on the map: a warning (the parent may be one detached by an order).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from gamedata.hexids import Hex
from gamedata.model import CommandRange, Game, Unit
from gamedata.ruledata import cite, parameter, parameter_row

from ..findings import Finding, Severity
from ..view import GameView, UnitView
from .board import Unchecked
from .command import Tracer
from .incommand import CHECK_ID, measure

BRIGADE_TYPES = frozenset({"Inf", "Cav"})


def _pairs(text: object) -> list[tuple[str, str]]:
    """`a:b;c:d` as [(a, b), (c, d)] (a lone `a` as (a, ""))."""
    out = []
    for item in str(text or "").split(";"):
        if item.strip():
            a, _, b = item.partition(":")
            out.append((a.strip(), b.strip()))
    return out


@dataclass
class Detachment:
    """The 2.6a findings, step by step (an `incommand.Extra`); the cells its traces lacked are
    said once, by `findings_at_end`."""

    unchecked: Unchecked | None = None
    _last: object = None
    _said: set[tuple] = field(default_factory=set)

    def __call__(self, game: Game, before: GameView, view: GameView, label: str, player: str | None,
                 tracer: Tracer) -> Iterator[Finding]:
        code = parameter(game, "detachment.status")
        if not code:
            return
        row = parameter_row(game, "detachment.mp")
        rule = cite("2.6a Detachment Marker", row.rulebook_line if row else None)
        if self.unchecked is None:
            self.unchecked = Unchecked(CHECK_ID, rule, label)
        places = _places(view, str(code))
        parents = _detached(game, view)
        key = (tuple((h, tuple(u.unit_id for u in us)) for h, (_, us) in sorted(places.items())),
               tuple((p.unit_id, p.hex) for p in parents))
        if key == self._last:
            return
        self._last = key
        for finding in self._judge(game, view, places, parents, rule, label, player, tracer):
            said = (finding.severity, finding.message)
            if said not in self._said:
                self._said.add(said)
                yield finding

    def findings_at_end(self) -> Iterator[Finding]:
        if self.unchecked is not None:
            yield from self.unchecked.findings()

    def _judge(self, game: Game, view: GameView, places: dict[Hex, tuple[str | None, list[UnitView]]],
               parents: list[UnitView], rule: str, label: str, player: str | None,
               tracer: Tracer) -> Iterator[Finding]:
        step = view.step
        at = tracer.hexids.format
        count = parameter(game, "detachment.count")
        if isinstance(count, (int, float)) and len(places) > count:
            where = ", ".join(at(h) for h in sorted(places))
            yield Finding(CHECK_ID, Severity.ERROR, f"the detachment marker shows in {len(places)} hexes ({where}): "
                          f"only {count:g} unit may use it at a time", rule, label, step, player,
                          tuple(dict.fromkeys(u.name for _, us in places.values() for u in us)),
                          tuple(tracer.place(m, h) for h, (m, _) in sorted(places.items())))
        side = parameter(game, "detachment.side")
        mp = parameter(game, "detachment.mp")
        classes = dict(_pairs(parameter(game, "detachment.move")))
        for h, (map_id, carriers) in sorted(places.items()):
            foreign = [u for u in carriers if side and u.side != side]
            if foreign:
                yield Finding(CHECK_ID, Severity.ERROR, f"{foreign[0].name} at {at(h)} shows the detachment marker: "
                              f"it is the {side} forces' marker", rule, label, step, player, (foreign[0].name,),
                              (tracer.place(map_id, h),))
                continue
            users = [u for u in carriers if u.unit.type in BRIGADE_TYPES and u.unit.size == "brigade"]
            if users:       # the badge on a brigade's own counter: it is the parent using the marker
                for u in users:
                    if u.unit_id not in {p.unit_id for p in parents}:
                        yield Finding(CHECK_ID, Severity.WARNING, f"{u.name} at {at(h)} uses the detachment "
                                      f"marker: only a brigade detached from its division may (the log does not "
                                      f"show a brigade detached by an order)", rule, label, step, player, (u.name,),
                                      (tracer.place(map_id, h),))
                continue
            if not parents:
                yield Finding(CHECK_ID, Severity.WARNING, f"the detachment marker at {at(h)} has no detached "
                              f"brigade on the map to belong to (the log does not show a brigade detached by an "
                              f"order)", rule, label, step, player, (), (tracer.place(map_id, h),))
                continue
            if not isinstance(mp, (int, float)):
                continue
            marker = UnitView(Unit("detachment marker", str(side or ""), "the detachment marker", "Marker"), "",
                              map_id, "", h, {}, None, "", "")
            traces = []
            for p in parents:
                move = classes.get(p.unit.type)
                if not move:
                    continue
                rng = CommandRange(p.unit_id, move, p.side, float(mp), section="2.6a",
                                   rulebook_line=row_line(game))
                traces.append(tracer.trace(marker, p, rng))
            if any(t.within for t in traces) or not traces:
                continue
            unknown = [t for t in traces if t.within is None]
            if unknown:
                for t in unknown:
                    self.unchecked.add("the detachment marker traced through hexes without terrain", t.cells)
                continue
            t = min((tracer.drawn(t) for t in traces), key=lambda t: (t.cost is None, t.cost or 0))
            how = f"{t.cost:g} MP" if t.cost is not None else t.proof
            names = ", ".join(f"{p.name} at {at(p.hex)}" for p in parents)
            yield Finding(CHECK_ID, Severity.ERROR, f"the detachment marker at {at(h)} is {how} from its parent "
                          f"{names}: it must stay within {mp:g} movement points of the parent's marker", rule, label,
                          step, player, tuple(p.name for p in parents),
                          tracer.places(map_id, [h, *(p.hex for p in parents)]), tracer.places(map_id, t.path),
                          measured=tuple(measure(tracer.drawn(t), tracer) for t in traces))


def row_line(game: Game) -> int | None:
    row = parameter_row(game, "detachment.mp")
    return row.rulebook_line if row else None


def _places(view: GameView, code: str) -> dict[Hex, tuple[str | None, list[UnitView]]]:
    """The hexes the detachment shows in: its marker pieces, and the counters showing the status."""
    found: dict[Hex, tuple[str | None, list[UnitView]]] = {}
    for m in getattr(view, "markers", ()):
        if m.code == code:
            found.setdefault(m.hex, (m.map, []))
    for _, u in sorted(view.units.items()):
        if u.hex is not None and u.status.get(code) == "yes":
            found.setdefault(u.hex, (u.map, []))[1].append(u)
    return found


def _detached(game: Game, view: GameView) -> list[UnitView]:
    """The detached brigades on the map (`detachment.brigades`: brigade, and the leader whose
    marker on the map keeps it detached)."""
    out = []
    for bid, leader in _pairs(parameter(game, "detachment.brigades")):
        b = view.unit(bid)
        if b is None or b.hex is None:
            continue
        if leader:
            lv = view.unit(leader)
            if lv is None or lv.hex is None:
                continue
        out.append(b)
    return out
