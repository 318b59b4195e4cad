"""One model for everything the referee reports.

A PBEM dispute is settled by pointing at a log, a step, a player, the pieces and
hexes involved and the rule or reason. Every check produces the same
``Finding`` so that the text, JSON and HTML reports render all of them alike
and sort them the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - a check of a log alone loads no game data (cells come with it)
    from gamedata.cellref import CellRef


class Severity(str, Enum):
    """How serious a finding is; the exit code depends on ``ERROR`` only."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"
    #: a check that could not run, or not fully, for lack of data (a hex with no terrain,
    #: a leader with no printed range, no combat table): never a silent pass
    NOT_CHECKED = "not-checked"

    @property
    def rank(self) -> int:
        """Sort key: errors first."""
        return _RANKS[self]


_RANKS = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOT_CHECKED: 2, Severity.INFO: 3}


@dataclass(frozen=True)
class Place:
    """A point on a map, named the way players name it (a hex such as ``0604``).

    ``x``/``y`` are map coordinates, kept so that the HTML report can mark the hex
    on the board picture; they are ``None`` when only the name is known.
    """

    map: str
    name: str
    x: int | None = None
    y: int | None = None

    def __str__(self) -> str:
        return f"{self.map} {self.name}" if self.map else self.name


@dataclass(frozen=True)
class Measure:
    """A distance a rule measured, end to end: from the unit it judges (``start``, what stands
    there ``start_label``) to the leader, enemy, wagon or source it is measured to (``end``,
    ``end_label``), ``length`` as the rule counts it ("16 MP", "3 hexes", "more than 8 hexes";
    "" when not known). The report draws both ends, the line between them (along the finding's
    ``path`` when it traced one) and the length, and says them in words."""

    start: Place
    end: Place
    start_label: str
    end_label: str
    length: str = ""

    def __str__(self) -> str:
        length = f"{self.length} " if self.length else ""
        return f"{self.start_label} ({self.start.name}) is {length}from {self.end_label} ({self.end.name})"


@dataclass(frozen=True)
class Finding:
    """One thing the referee wants the players to know about.

    ``check`` is the registry id of the check that produced it; ``rule`` cites the
    rule or states the reason (e.g. "VASSAL undo: a die roll may not be taken back").
    ``step`` is VASSAL's 1-based step number in ``log`` (``None`` for the log as a
    whole, or for its starting state). ``player`` is a player *name*, never an id.
    ``path`` is the route a rule traced (a command range or a supply line), hex by hex
    from its start, for the report to draw; ``blocked`` the hexes that stopped a trace
    (enemy-adjacent, prohibited) when no route exists; ``measured`` the distances the rule
    measured, both ends named (a unit and its leader, an enemy, its wagon, the supply source).
    ``cells``: for a not-checked finding, the empty cells of the game's data that would let it
    run (all of them, in the order the check needed them; the message names the first few), for
    `adjutant to-fill`.
    """

    check: str
    severity: Severity
    message: str
    rule: str
    log: str
    step: int | None = None
    player: str | None = None
    pieces: tuple[str, ...] = ()
    locations: tuple[Place, ...] = ()
    path: tuple[Place, ...] = ()
    blocked: tuple[Place, ...] = ()
    cells: tuple[CellRef, ...] = ()
    measured: tuple[Measure, ...] = ()

    @property
    def places(self) -> tuple[Place, ...]:
        """Every place the finding names or draws, each once, in order."""
        ends = tuple(p for m in self.measured for p in (m.start, m.end))
        return tuple(dict.fromkeys(self.locations + ends + self.path + self.blocked))

    def unnamed(self) -> tuple[Place, ...]:
        """The locations the message does not name: a report names each hex once, in the
        message when it says it, else beside it."""
        return tuple(p for p in self.locations
                     if not re.search(rf"(?<![\w.]){re.escape(p.name)}(?![\w.])", self.message))

    def sort_key(self) -> tuple[int, str, int, str, str]:
        """Deterministic order: severity, log, step, check, message."""
        return (
            self.severity.rank,
            self.log,
            -1 if self.step is None else self.step,
            self.check,
            self.message,
        )


def sorted_findings(findings: list[Finding]) -> list[Finding]:
    """Findings in report order (errors first, then by log and step)."""
    return sorted(findings, key=Finding.sort_key)


def has_errors(findings: list[Finding]) -> bool:
    """True when any finding is an error: the command then exits with 1."""
    return any(f.severity is Severity.ERROR for f in findings)
