"""Least-cost paths over hexes: reachable sets within a budget, routes to goals.

This module knows hexes, costs and blocking, and no game. A rule hands it
- a `HexGraph` (the hexes and who touches whom; `Terrain.graph` for a game's maps),
- a step cost `(from hex, to hex) -> float | Missing | None` (None: the step is not allowed;
  `Missing`: the cost is not known, a cell of the data is empty),
- optionally what blocks a hex (a set of hexes, or a predicate), and a `Mode`: a state carried
  along the search that may forbid or reprice a step ("once on a road, stay on it" is
  `StayOn(on_road)`; a wagon's one-off penalty for leaving the pike is a mode too).

A reach or route follows known costs first. Where it meets a `Missing` cost it says so
(`missing`, with the cells), and only when asked does it search again counting each unknown
cost at its known lower bound (`low`, 0 by default): `Reach.within(h)` says True when a path
of known costs gets there, False when not even that optimistic search does, and None when only
unknown costs could tell. A rule turns None into a not-checked finding naming the cells.

Step costs must be pure (same step, same answer): the graph memoises them per function, so
a check that runs for every unit at every log step prices each hexside once.
"""
from __future__ import annotations

import heapq
import weakref
from collections.abc import Callable, Container, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from gamedata.hexids import Hex


@dataclass(frozen=True)
class Missing:
    """A cost the data does not give: `cells` names what to fill (values the search only
    carries along: `gamedata.cellref.CellRef`s, e.g. `effects.xlsx:Costs:14:cost`), `low` is what
    is known of it (a lower bound)."""

    cells: tuple[Hashable, ...] = ()
    low: float = 0.0

    def __add__(self, other: float | Missing) -> Missing:
        if isinstance(other, Missing):
            return Missing(tuple(dict.fromkeys(self.cells + other.cells)), self.low + other.low)
        return Missing(self.cells, self.low + other)

    __radd__ = __add__


MISSING = Missing()
"""An unknown cost with nothing more to say about it."""

Cost = float | Missing | None
StepCost = Callable[[Hex, Hex], Cost]
Blocked = Container[Hex] | Callable[[Hex], bool]


class Mode(Protocol):
    """A state carried along a search. `step` gets the state before a step and the step's
    cost and returns the state after it with the (possibly changed) cost, or None when the
    step is not allowed in that state."""

    start: Hashable

    def step(self, state: Hashable, a: Hex, b: Hex, cost: float) -> tuple[Hashable, float] | None: ...


@dataclass(frozen=True)
class StayOn:
    """Once a step satisfies `on` (e.g. follows a road), every later step must too:
    ITW 10.92 "a supply line, once on a Road, cannot leave the road"."""

    on: Callable[[Hex, Hex], bool]
    start: Hashable = False

    def step(self, state: Hashable, a: Hex, b: Hex, cost: float) -> tuple[Hashable, float] | None:
        on = self.on(a, b)
        if state and not on:
            return None
        return bool(state or on), cost


class HexGraph:
    """Hexes as integers with their neighbour lists, built once per game; every search runs
    on integers and memoised edge costs."""

    def __init__(self, hexes: Iterable[Hex], neighbours: Callable[[Hex], Iterable[Hex]]) -> None:
        self.hexes: tuple[Hex, ...] = tuple(dict.fromkeys(hexes))
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        self.adjacent: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.index[n] for n in neighbours(h) if n in self.index) for h in self.hexes)
        self._costs: weakref.WeakKeyDictionary[Callable[..., Cost], list[Row | None]] = weakref.WeakKeyDictionary()

    def __contains__(self, h: object) -> bool:
        return h in self.index

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        return tuple(self.hexes[j] for j in self.adjacent[self.index[h]])

    def near(self, centres: Iterable[Hex], n: int) -> frozenset[Hex]:
        """The hexes at most ``n`` steps from one of ``centres``, the centres included (a
        centre off the graph stays alone): "within N hexes" as the rules count it."""
        seen = set(centres)
        ring = [h for h in seen if h in self.index]
        for _ in range(n):
            ring = list(dict.fromkeys(x for h in ring for x in self.neighbours(h) if x not in seen))
            seen.update(ring)
        return frozenset(seen)

    def edge_rows(self, step_cost: StepCost) -> list[Row | None]:
        """Per hex, its allowed steps as (neighbour, cost, unknown cost or None): filled when
        the hex is first expanded, kept for the next search with the same function."""
        rows = self._costs.get(step_cost)
        if rows is None:
            rows = [None] * len(self.hexes)
            try:
                self._costs[step_cost] = rows
            except TypeError:               # a callable that takes no weak reference: priced per search
                pass
        return rows

    def row(self, rows: list[Row | None], i: int, step_cost: StepCost) -> Row:
        found = rows[i]
        if found is None:
            here = self.hexes[i]
            steps = []
            for j in self.adjacent[i]:
                price = step_cost(here, self.hexes[j])
                if price is None:
                    continue
                if isinstance(price, Missing):
                    steps.append((j, float(price.low), price))
                else:
                    steps.append((j, float(price), None))
            found = rows[i] = tuple(steps)
        return found


Row = tuple[tuple[int, float, "Missing | None"], ...]


class _Labels:
    """What one search found. Keys are hex indexes, or (index, state) under a mode; `best`
    gives each reached hex the key it was first reached with (its least cost), in that order."""

    def __init__(self, stateful: bool) -> None:
        self.cost: dict[Hashable, float] = {}
        self.parent: dict[Hashable, Hashable | None] = {}
        self.unknown: dict[Hashable, bool] = {}
        self.best: dict[int, Hashable] = {}
        self.cells: dict[Hashable, None] = {}
        self.blocked: dict[int, None] = {}
        self.goal: Hashable | None = None
        self.stateful = stateful
        self.met_unknown = False


def _blocked_test(graph: HexGraph, blocked: Blocked | None) -> Callable[[int], bool] | None:
    if blocked is None:
        return None
    if isinstance(blocked, (set, frozenset)):
        ids = {graph.index[h] for h in blocked if h in graph.index}
        return ids.__contains__
    test: Callable[[Hex], bool] = blocked if callable(blocked) else blocked.__contains__  # type: ignore[assignment]
    memo: dict[int, bool] = {}

    def check(i: int) -> bool:
        if i not in memo:
            memo[i] = bool(test(graph.hexes[i]))
        return memo[i]
    return check


def _search(graph: HexGraph, starts: Sequence[Hex], step_cost: StepCost, budget: float | None,
            blocked: Blocked | None, mode: Mode | None, goals: Container[int] | None, known_only: bool) -> _Labels:
    """Dijkstra over hexes (and mode states); stops at the first goal popped when `goals` is given."""
    labels = _Labels(mode is not None)
    is_blocked = _blocked_test(graph, blocked)
    rows = graph.edge_rows(step_cost)
    limit = float("inf") if budget is None else budget + 1e-9
    cost, parent, unknown, best = labels.cost, labels.parent, labels.unknown, labels.best
    heap: list[tuple[float, int, Hashable]] = []
    tie = 0
    for h in starts:
        key: Hashable = graph.index[h] if mode is None else (graph.index[h], mode.start)
        cost[key], parent[key], unknown[key] = 0.0, None, False
        heap.append((0.0, tie, key))
        tie += 1
    heapq.heapify(heap)
    done: set[Hashable] = set()
    hexes = graph.hexes
    while heap:
        spent, _, key = heapq.heappop(heap)
        if key in done:
            continue
        done.add(key)
        i: int = key if mode is None else key[0]  # type: ignore[index,assignment]
        if i not in best:
            best[i] = key
        if goals is not None and i in goals:
            labels.goal = key
            return labels
        flag = unknown[key]
        for j, price, missing in rows[i] if rows[i] is not None else graph.row(rows, i, step_cost):
            if missing is not None:
                labels.met_unknown = True
                if missing.cells:
                    labels.cells.update(dict.fromkeys(missing.cells))
                if known_only:
                    continue
            if is_blocked is not None and is_blocked(j):
                labels.blocked[j] = None
                continue
            if mode is None:
                nxt: Hashable = j
            else:
                moved = mode.step(key[1], hexes[i], hexes[j], price)  # type: ignore[index]
                if moved is None:
                    continue
                nxt, price = (j, moved[0]), moved[1]
            total = spent + price
            if total > limit:
                continue
            old = cost.get(nxt)
            if old is not None and old <= total:
                continue
            cost[nxt], parent[nxt], unknown[nxt] = total, key, flag or missing is not None
            tie += 1
            heapq.heappush(heap, (total, tie, nxt))
    return labels


def _path(graph: HexGraph, labels: _Labels, key: Hashable) -> tuple[Hex, ...]:
    out: list[Hex] = []
    cur: Hashable | None = key
    while cur is not None:
        out.append(graph.hexes[cur if not labels.stateful else cur[0]])  # type: ignore[index]
        cur = labels.parent[cur]
    return tuple(reversed(out))


def _starts(start: Hex | Iterable[Hex]) -> tuple[Hex, ...]:
    return (start,) if isinstance(start, Hex) else tuple(start)


@dataclass(frozen=True)
class Route:
    """A path from a start to a goal (both included) and its cost; `missing` when a step on
    it has an unknown cost (counted at its lower bound), with the `cells` to fill."""

    path: tuple[Hex, ...]
    cost: float
    missing: bool = False
    cells: tuple[Hashable, ...] = ()


class Reach:
    """Every hex reachable from the start within the budget along known costs: least cost and
    the path there. `missing` says unknown costs were met on the way (with the `cells` they
    name), so more hexes may be in reach: `within(h)` tells True / False / None (only the
    unknown costs could decide), and `maybe_path(h)` shows the path through them."""

    def __init__(self, graph: HexGraph, known: _Labels, optimistic: Callable[[], _Labels]) -> None:
        self._graph = graph
        self._labels = known
        self._optimistic = optimistic
        self._maybe: _Labels | None = None
        self.cells: tuple[Hashable, ...] = tuple(known.cells)
        self.missing: bool = known.met_unknown
        self.blocked: tuple[Hex, ...] = tuple(graph.hexes[i] for i in known.blocked if i not in known.best)

    def _key(self, h: object, labels: _Labels | None = None) -> Hashable | None:
        i = self._graph.index.get(h)  # type: ignore[arg-type]
        return None if i is None else (labels or self._labels).best.get(i)

    def __contains__(self, h: object) -> bool:
        return self._key(h) is not None

    def __iter__(self):  # type: ignore[no-untyped-def]
        return (self._graph.hexes[i] for i in self._labels.best)

    def __len__(self) -> int:
        return len(self._labels.best)

    @property
    def costs(self) -> dict[Hex, float]:
        """Least cost of every reached hex."""
        return {self._graph.hexes[i]: self._labels.cost[k] for i, k in self._labels.best.items()}

    def cost(self, h: Hex) -> float | None:
        key = self._key(h)
        return None if key is None else self._labels.cost[key]

    def path(self, h: Hex) -> tuple[Hex, ...]:
        """The least-cost path from the start to `h` (empty when `h` is not reached)."""
        key = self._key(h)
        return () if key is None else _path(self._graph, self._labels, key)

    def _maybe_labels(self) -> _Labels:
        if self._maybe is None:
            self._maybe = self._optimistic()
        return self._maybe

    def within(self, h: Hex) -> bool | None:
        """True: a path of known costs reaches `h`; False: not even with every unknown cost at
        its lower bound; None: only the unknown costs could decide."""
        if h in self:
            return True
        if not self.missing:
            return False
        return None if self._key(h, self._maybe_labels()) is not None else False

    def maybe_path(self, h: Hex) -> tuple[Hex, ...]:
        """The least-cost path to `h` counting unknown costs at their lower bound (for a report
        of where the data is missing); empty when not even that reaches `h`."""
        labels = self._labels if h in self else self._maybe_labels()
        key = self._key(h, labels)
        return () if key is None else _path(self._graph, labels, key)


def reach(graph: HexGraph, start: Hex | Iterable[Hex], budget: float | None, step_cost: StepCost, *,
          blocked: Blocked | None = None, mode: Mode | None = None) -> Reach:
    """Every hex reachable from `start` (a hex or several) at a cost of at most `budget`
    (None: any), stepping by `step_cost`, never entering a blocked hex (the start is not
    tested), under `mode`'s state rules."""
    starts = _starts(start)
    known = _search(graph, starts, step_cost, budget, blocked, mode, None, True)
    return Reach(graph, known, lambda: _search(graph, starts, step_cost, budget, blocked, mode, None, False))


def route(graph: HexGraph, start: Hex | Iterable[Hex], goals: Iterable[Hex], step_cost: StepCost, *,
          budget: float | None = None, blocked: Blocked | None = None, mode: Mode | None = None) -> Route | None:
    """The least-cost path from `start` to the nearest of `goals` along known costs, or, when
    there is none but unknown costs were met, the path through them flagged `missing` with the
    cells to fill; None when no path could exist."""
    starts = _starts(start)
    targets = {graph.index[g] for g in goals if g in graph.index}
    if not targets:
        return None
    known = _search(graph, starts, step_cost, budget, blocked, mode, targets, True)
    if known.goal is not None:
        return Route(_path(graph, known, known.goal), known.cost[known.goal])
    if not known.met_unknown:
        return None
    optimistic = _search(graph, starts, step_cost, budget, blocked, mode, targets, False)
    if optimistic.goal is None:
        return None
    return Route(_path(graph, optimistic, optimistic.goal), optimistic.cost[optimistic.goal], True,
                 tuple(optimistic.cells))


def zone(graph: HexGraph, hexes: Iterable[Hex], *, unless: Container[Hex] = ()) -> frozenset[Hex]:
    """The given hexes and every hex next to one, except those in `unless`: "enemy units or
    their adjacent hexes unless the hex is occupied by a friendly unit" (ITW 10.92) is
    `zone(graph, enemy_hexes, unless=friendly_hexes)`."""
    out: set[Hex] = set()
    for h in hexes:
        if h in graph.index:
            out.add(h)
            out.update(graph.neighbours(h))
    return frozenset(h for h in out if h not in unless)
