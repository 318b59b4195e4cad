"""Least-cost paths over hexes: reachable sets within a budget, routes to goals.

This module knows hexes, costs and blocking, and no game. A rule hands it
- a `HexGraph` (the hexes and who touches whom; `Terrain.graph` for a game's maps),
- a step cost `(from hex, to hex) -> float | Missing | None` (None: the step is not allowed;
  `Missing`: the cost is not known, a cell of the data is empty),
- optionally what blocks a hex (a set of hexes, or a predicate), and a `Mode`: a state carried
  along the search that may forbid or reprice a step ("once on a road, stay on it" is
  `StayOn(on_road)`; a wagon's one-off penalty for leaving the pike is a mode too).

A `Missing` cost is counted at its known lower bound (`low`, 0 by default) and flagged, so
a reach is an upper bound of what the data could allow; `Reach.within(h)` says True when a
path of known costs gets there, False when not even the optimistic one does, and None when
only unknown costs could tell. A rule turns None into a not-checked finding naming the cells.

Step costs must be pure (same step, same answer): the graph memoises them per function, so
a check that runs for every unit at every log step prices each hexside once.
"""
from __future__ import annotations

import heapq
import weakref
from collections.abc import Callable, Container, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from gamedata.hexids import Hex


@dataclass(frozen=True)
class Missing:
    """A cost the data does not give: `cells` names what to fill (e.g.
    `effects.xlsx:Costs:14:cost`), `low` is what is known of it (a lower bound)."""

    cells: tuple[str, ...] = ()
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
        self._costs: weakref.WeakKeyDictionary[Callable[..., Cost], list[list[object]]] = weakref.WeakKeyDictionary()

    def __contains__(self, h: object) -> bool:
        return h in self.index

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        return tuple(self.hexes[j] for j in self.adjacent[self.index[h]])

    def edge_costs(self, step_cost: StepCost) -> list[list[object]]:
        """Per hex, the cost of the step to each neighbour (filled on first use)."""
        try:
            return self._costs[step_cost]
        except KeyError:
            table: list[list[object]] = [[_UNSET] * len(n) for n in self.adjacent]
            try:
                self._costs[step_cost] = table
            except TypeError:               # a callable that takes no weak reference: priced per search
                pass
            return table


_UNSET = object()


@dataclass
class _Labels:
    """What one search found: per search key (hex index, or (index, state)) its cost, parent
    and whether an unknown cost lies on its path."""

    cost: dict[Hashable, float] = field(default_factory=dict)
    parent: dict[Hashable, Hashable | None] = field(default_factory=dict)
    unknown: dict[Hashable, bool] = field(default_factory=dict)
    cells: dict[str, None] = field(default_factory=dict)
    blocked: dict[int, None] = field(default_factory=dict)
    goal: Hashable | None = None


def _node(key: Hashable) -> int:
    return key if isinstance(key, int) else key[0]  # type: ignore[index]


def _blocked_test(graph: HexGraph, blocked: Blocked | None) -> Callable[[int], bool]:
    if blocked is None:
        return lambda i: False
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
    labels = _Labels()
    is_blocked = _blocked_test(graph, blocked)
    costs = graph.edge_costs(step_cost)
    hexes, adjacent = graph.hexes, graph.adjacent
    limit = float("inf") if budget is None else budget + 1e-9
    heap: list[tuple[float, int, Hashable]] = []
    tie = 0
    for h in starts:
        key: Hashable = graph.index[h] if mode is None else (graph.index[h], mode.start)
        labels.cost[key], labels.parent[key], labels.unknown[key] = 0.0, None, False
        heap.append((0.0, tie, key))
        tie += 1
    heapq.heapify(heap)
    done: set[Hashable] = set()
    while heap:
        spent, _, key = heapq.heappop(heap)
        if key in done:
            continue
        done.add(key)
        i = _node(key)
        if goals is not None and i in goals:
            labels.goal = key
            return labels
        row = costs[i]
        for k, j in enumerate(adjacent[i]):
            price = row[k]
            if price is _UNSET:
                price = row[k] = step_cost(hexes[i], hexes[j])
            if price is None:
                continue
            unknown = labels.unknown[key]
            if isinstance(price, Missing):
                labels.cells.update(dict.fromkeys(price.cells))
                if known_only:
                    continue
                price, unknown = price.low, True
            if is_blocked(j):
                labels.blocked[j] = None
                continue
            if mode is None:
                nxt: Hashable = j
            else:
                moved = mode.step(key[1], hexes[i], hexes[j], price)  # type: ignore[index]
                if moved is None:
                    continue
                state, price = moved
                nxt = (j, state)
            total = spent + price  # type: ignore[operator]
            if total > limit or (nxt in labels.cost and labels.cost[nxt] <= total):
                continue
            labels.cost[nxt], labels.parent[nxt], labels.unknown[nxt] = total, key, unknown
            tie += 1
            heapq.heappush(heap, (total, tie, nxt))
    return labels


def _path(graph: HexGraph, labels: _Labels, key: Hashable) -> tuple[Hex, ...]:
    out: list[Hex] = []
    cur: Hashable | None = key
    while cur is not None:
        out.append(graph.hexes[_node(cur)])
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
    cells: tuple[str, ...] = ()


class Reach:
    """Every hex reachable from the start within the budget: least cost, the path there, and
    whether unknown costs were met on the way (`missing`, with the `cells` they name)."""

    def __init__(self, graph: HexGraph, labels: _Labels, rerun: Callable[[], _Labels]) -> None:
        self._graph = graph
        self._labels = labels
        self._rerun = rerun
        self._certain: _Labels | None = None
        best: dict[int, Hashable] = {}
        for key, cost in labels.cost.items():
            i = _node(key)
            if i not in best or cost < labels.cost[best[i]]:
                best[i] = key
        self._best = best
        self.costs: dict[Hex, float] = {graph.hexes[i]: labels.cost[k] for i, k in best.items()}
        self.cells: tuple[str, ...] = tuple(labels.cells)
        self.missing: bool = bool(labels.cells)
        self.blocked: tuple[Hex, ...] = tuple(graph.hexes[i] for i in labels.blocked if i not in best)

    def __contains__(self, h: object) -> bool:
        return h in self.costs

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.costs)

    def __len__(self) -> int:
        return len(self.costs)

    def cost(self, h: Hex) -> float | None:
        return self.costs.get(h)

    def path(self, h: Hex) -> tuple[Hex, ...]:
        """The least-cost path from the start to `h` (empty when `h` is not reached)."""
        i = self._graph.index.get(h)
        if i is None or i not in self._best:
            return ()
        return _path(self._graph, self._labels, self._best[i])

    def uncertain(self, h: Hex) -> bool:
        """The least-cost path to `h` counts an unknown cost."""
        i = self._graph.index.get(h)
        return i is not None and i in self._best and self._labels.unknown[self._best[i]]

    def within(self, h: Hex) -> bool | None:
        """True: a path of known costs reaches `h`; False: not even counting unknown costs at
        their lower bound; None: only the unknown costs could decide."""
        if h not in self.costs:
            return False
        if not self.uncertain(h):
            return True
        if self._certain is None:
            self._certain = self._rerun()
        i = self._graph.index[h]
        return True if any(_node(k) == i for k in self._certain.cost) else None

    def known_path(self, h: Hex) -> tuple[Hex, ...]:
        """The least-cost path to `h` along known costs only (empty when there is none)."""
        if self._certain is None:
            self._certain = self._rerun()
        keys = [k for k in self._certain.cost if _node(k) == self._graph.index.get(h)]
        if not keys:
            return ()
        return _path(self._graph, self._certain, min(keys, key=self._certain.cost.__getitem__))


def reach(graph: HexGraph, start: Hex | Iterable[Hex], budget: float | None, step_cost: StepCost, *,
          blocked: Blocked | None = None, mode: Mode | None = None) -> Reach:
    """Every hex reachable from `start` (a hex or several) at a cost of at most `budget`
    (None: any), stepping by `step_cost`, never entering a blocked hex (the start is not
    tested), under `mode`'s state rules."""
    starts = _starts(start)
    labels = _search(graph, starts, step_cost, budget, blocked, mode, None, False)
    return Reach(graph, labels, lambda: _search(graph, starts, step_cost, budget, blocked, mode, None, True))


def route(graph: HexGraph, start: Hex | Iterable[Hex], goals: Iterable[Hex], step_cost: StepCost, *,
          budget: float | None = None, blocked: Blocked | None = None, mode: Mode | None = None) -> Route | None:
    """The least-cost path from `start` to the nearest of `goals`, or None when none is
    reachable. A path along known costs is preferred; only when there is none is a path
    through unknown costs returned, flagged `missing` with the cells to fill."""
    starts = _starts(start)
    targets = {graph.index[g] for g in goals if g in graph.index}
    if not targets:
        return None
    optimistic = _search(graph, starts, step_cost, budget, blocked, mode, targets, False)
    if optimistic.goal is None:
        return None
    if not optimistic.unknown[optimistic.goal]:
        return Route(_path(graph, optimistic, optimistic.goal), optimistic.cost[optimistic.goal])
    known = _search(graph, starts, step_cost, budget, blocked, mode, targets, True)
    if known.goal is not None:
        return Route(_path(graph, known, known.goal), known.cost[known.goal])
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
