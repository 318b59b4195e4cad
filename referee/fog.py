"""Fog of war: a report shows hidden and masked pieces as one side may see them.

VASSAL shows a player a piece another player masked by the mask's name ("?") and image, and
one he hid not at all. A log holds the truth, so a report written from it would show the
opponent's concealed units to whoever runs the check, and, mailed, one's own to the opponent.
By default a report shows each piece as the side running the check may see it: the side given
with ``--as``, else the side of the player who recorded the (first) checked log, else (a log
recorded by players of several sides, or by no player the roster names) as an onlooker who
holds no side sees it, as VASSAL's own ``decode-log`` does. ``--reveal`` shows the whole truth
(a neutral referee, or after the game). The report says which it is.

The checks reason on the truth all the same; only what the report shows is veiled: a masked
piece is named by its mask, in findings, the story and the VP tally, and drawn as its mask; a
finding that names a piece the side may not see at all is withheld (counted, not shown), the
story leaves that piece's moves out, and crops do not draw it.
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from vassal.commands import AddPiece, ChangePiece, RemovePiece
from vassal.concealment import HIDDEN, Cover, cover_of, covers
from vassal.naming import PieceNames, Where, surroundings
from vassal.replay import Added, Changed, Moved, Removed, Replay, Step
from vassal.traits import Hideable, Obscurable

from .findings import Finding, Measure

if TYPE_CHECKING:  # pragma: no cover
    from vassal.module import Module

    from .rules.victory import Tally
    from .view import Views


_NOWHERE = Where(None, 0, 0)


class SightError(Exception):
    """``--as`` names a side neither the logs nor the game have."""


@dataclass(frozen=True)
class Sight:
    """Whose view a report shows: a side's (``side``), an onlooker's (no side), or the truth
    (``reveal``); ``why`` says how it was chosen."""

    side: str | None = None
    reveal: bool = False
    why: str = ""

    def conceals(self, cover: Cover) -> bool:
        return not self.reveal and cover.conceals_from(self.side)

    def describe(self) -> str:
        """``Hidden and masked pieces are shown ...``: whose view, and why."""
        if self.reveal:
            return "Hidden and masked pieces are shown as they are (--reveal)"
        who = ("an onlooker who holds no side" if self.side is None else
               f"a player seated as {self.side}" if self.side.startswith("<") else f"the {self.side} side")
        return f"Hidden and masked pieces are shown as {who} sees them ({self.why}; --reveal shows them as they are)"


def choose(replay: Replay, as_side: str | None, reveal: bool, sides: Iterable[str] = ()) -> Sight:
    """The report's sight, from ``--as``/``--reveal`` or the first checked log: the side its
    recording player holds (the one side its steps name), else an onlooker's. ``sides``: the
    module's and the game's sides, which ``--as`` may name besides the roster's."""
    if reveal:
        return Sight(reveal=True)
    known = list(dict.fromkeys([*(p.side for p in replay.players if p.side), *sides]))
    if as_side is not None:
        if as_side not in known:
            raise SightError(f"--as {as_side}: no such side in the log's roster, the module or the game"
                             + (f" (sides: {', '.join(known)})" if known else ""))
        return Sight(as_side, why="--as")
    recorded = {(s.player, s.side) for s in replay.steps if s.side and not s.is_undo}
    if len({side for _, side in recorded}) == 1:
        (player, side), *_ = sorted(recorded, key=str)
        return Sight(side, why=f"the side of {player}, who recorded {_name(replay)}")
    why = "the log names no player" if not recorded else "the log was recorded by players of several sides"
    return Sight(None, why=f"{why}: --as SIDE shows one side's view")


def _name(replay: Replay) -> str:
    return re.split(r"[\\/]", replay.path)[-1]


@dataclass
class LogFog:
    """The concealable pieces of one log, step by step, and what a sight may see of them."""

    replay: Replay
    sight: Sight
    views: Views | None = None
    module: Module | None = None
    #: piece id -> its type, and [(step, state from that step on)] ("" once removed), for the
    #: pieces with a Mask or an Invisible trait
    _types: dict[str, str] = field(default_factory=dict)
    _states: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    _names: dict[str, set[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for p in self.replay.initial.pieces.values():
            if "obs;" in p.type or "hide;" in p.type:
                self._types[p.id] = p.type
                self._set(p.id, 0, p.state)
                self._names.setdefault(p.id, set()).add(p.name)
        for step in self.replay.steps:
            for c in step.commands:
                if isinstance(c, AddPiece) and not c.is_stack and ("obs;" in c.type or "hide;" in c.type):
                    self._types[c.id] = c.type
                    self._set(c.id, step.index, c.state)
                elif isinstance(c, ChangePiece) and c.id in self._types:
                    self._set(c.id, step.index, c.new_state)
                elif isinstance(c, RemovePiece) and c.id in self._types:
                    self._set(c.id, step.index, "")
            for e in step.events:
                if isinstance(e, (Added, Removed, Moved, Changed)) and e.piece_id in self._types:
                    self._names.setdefault(e.piece_id, set()).add(e.name)
        self._states = {pid: marks for pid, marks in self._states.items()
                        if any(self._covers(pid, state) for _, state in marks)}

    def _set(self, pid: str, step: int, state: str) -> None:
        marks = self._states.setdefault(pid, [])
        if marks and marks[-1][0] == step:
            marks[-1] = (step, state)
        else:
            marks.append((step, state))

    def _covers(self, pid: str, state: str) -> tuple[Cover, ...]:
        return covers(self._types[pid], state, self.replay.roster) if state else ()

    # ------------------------------------------------------------------ queries

    def state_at(self, pid: str, step: int) -> str:
        marks = self._states.get(pid)
        if not marks:
            return ""
        i = bisect.bisect_right([s for s, _ in marks], step) - 1
        return marks[i][1] if i >= 0 else ""

    def covers_at(self, pid: str, step: int) -> tuple[Cover, ...]:
        return self._covers(pid, self.state_at(pid, step)) if pid in self._states else ()

    def shown_at(self, pid: str, step: int) -> str | None:
        """How the sight names the piece after ``step``: None as it is (nothing keeps it out),
        "" not at all (hidden from it), else as VASSAL names it to one a Mask keeps out (the
        mask's name, inside what outer Layers and Labels make of it)."""
        found = [c for c in self.covers_at(pid, step) if self.sight.conceals(c)]
        if not found:
            return None
        if any(c.kind == HIDDEN for c in found):
            return ""
        return self._seen_names.name_and_state(self._types[pid], self.state_at(pid, step), _NOWHERE)[0]

    @cached_property
    def _seen_names(self) -> PieceNames:
        """Names as the sight sees them, worked out as VASSAL's are (a Layer outside a Mask that
        follows the piece's own property may name a masked card for everyone)."""
        return PieceNames(surroundings({}, self.module, {}), conceals=self.conceals)

    def veiled(self) -> dict[str, int]:
        """How many pieces the sight could not see at some step, by cover kind (masked, hidden)."""
        counts: dict[str, int] = {}
        if self.sight.reveal:
            return counts
        for pid, marks in self._states.items():
            kinds = {c.kind for _, state in marks for c in self._covers(pid, state) if self.sight.conceals(c)}
            if kinds:
                kind = HIDDEN if HIDDEN in kinds else next(iter(kinds))
                counts[kind] = counts.get(kind, 0) + 1
        return counts

    def conceals(self, trait: Obscurable | Hideable) -> bool:
        """For drawing a piece: whether this Mask or Invisible trait keeps the sight out."""
        cover = cover_of(trait, self.replay.roster)
        return cover is not None and self.sight.conceals(cover)

    def _names_of(self, pid: str) -> set[str]:
        """What reports call the piece: its names, and its unit's (a units.csv may name it otherwise)."""
        names = set(self._names.get(pid, ()))
        if self.views is not None:
            for n in (0, len(self.views) - 1):
                names |= {u.name for u in self.views.at(n).units.values() if u.piece_id == pid}
        return {n for n in names if n}

    def _unseen(self, steps: Sequence[int]) -> dict[str, str]:
        """name -> how the sight names it, for the pieces concealed from it at any of ``steps``."""
        out: dict[str, str] = {}
        for pid in self._states:
            shown = [s for s in (self.shown_at(pid, n) for n in steps) if s is not None]
            if shown:
                seen = "" if "" in shown else shown[0]
                for name in self._names_of(pid) - {seen}:
                    out[name] = "" if out.get(name) == "" else seen
        return out

    # ------------------------------------------------------------------ veiling

    def findings(self, found: Iterable[Finding]) -> tuple[list[Finding], list[Finding]]:
        """``(shown, withheld)``: each finding with its masked pieces named by their masks; those
        naming a piece the sight may not see at all are withheld."""
        shown: list[Finding] = []
        withheld: list[Finding] = []
        last = len(self.replay.steps)
        for f in found:
            steps = (0, last) if f.step is None else tuple({max(f.step - 1, 0), f.step})
            unseen = self._unseen(steps) if self._states and not self.sight.reveal else {}
            if not unseen:
                shown.append(f)
                continue
            veil = _Veil(unseen)
            if veil.hides(f):
                withheld.append(f)
            else:
                shown.append(veil.finding(f))
        return shown, withheld

    def step(self, step: Step) -> Step:
        """The step as the sight sees it: a hidden piece's events left out, a masked one named by its mask."""
        if not self._states or self.sight.reveal:
            return step
        events = []
        for e in step.events:
            pid = getattr(e, "piece_id", None)
            shown = self.shown_at(pid, step.index) if pid in self._states else None
            if shown == "":
                continue
            events.append(e if shown is None else dataclasses.replace(e, name=shown))
        return dataclasses.replace(step, events=tuple(events)) if len(events) != len(step.events) or any(
            a is not b for a, b in zip(events, step.events)) else step

    def tally(self, t: Tally) -> Tally:
        """The VP tally with the units it counts (and an automatic victory's level, which names
        what met it) named as the sight may see them."""
        unseen = self._unseen((t.step,)) if self._states and not self.sight.reveal else {}
        if not unseen:
            return t
        veil = _Veil(unseen)
        return dataclasses.replace(t, level=veil.text(t.level), terms=tuple(
            dataclasses.replace(term, what=tuple(veil.text(w) for w in term.what)) for term in t.terms))


class _Veil:
    """Names of concealed pieces replaced, as whole words, by what the sight sees ("" hidden)."""

    def __init__(self, unseen: dict[str, str]) -> None:
        self.unseen = unseen
        names = sorted(unseen, key=len, reverse=True)
        self.pattern = re.compile("|".join(rf"(?<![\w]){re.escape(n)}(?![\w])" for n in names))

    def hides(self, f: Finding) -> bool:
        """Whether the finding names a piece the sight may not see at all."""
        texts = [f.message, *f.pieces, *(label for m in f.measured for label in (m.start_label, m.end_label))]
        return any(self.unseen[m.group(0)] == "" for text in texts for m in self.pattern.finditer(text))

    def text(self, text: str) -> str:
        return self.pattern.sub(lambda m: self.unseen[m.group(0)] or "a hidden piece", text)

    def finding(self, f: Finding) -> Finding:
        return dataclasses.replace(
            f, message=self.text(f.message), pieces=tuple(self.text(p) for p in f.pieces),
            measured=tuple(Measure(m.start, m.end, self.text(m.start_label), self.text(m.end_label), m.length)
                           for m in f.measured))
