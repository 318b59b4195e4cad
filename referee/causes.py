"""One cause, one finding: a wrong input is reported once, not as the findings it explains.

A log written with another module than ``--module``, a ``--game`` of another game, a log of
another game among the chain (a wrong ``--previous``), a log that does not start from the
position the log before it ended in: each makes the checks of the logs it touches report
what follows from it — every unit of the set-up table "missing", every piece "moved between
logs" — 90 to 270 findings for one mistake. The runner finds these causes before it runs the
checks (`find_causes`), runs the checks as usual, and lists each cause once, with the number
of findings it explains ("265 findings that follow from this are not listed").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from gamedata import Game
    from vassal.module import Module

    from .view import GameView

RULES = "rules"
RULE_MODULE = "all players of a game must use the same module and version"
RULE_CHAIN = "a log must start from the exact position the previous log ended in"
RULE_GAME = "--game names the game the logs play"
#: A log whose start differs from the previous log's end in this share of its pieces (and at
#: least ``MIN_DIFFERENT`` pieces) does not continue it: one finding, not one per piece.
DIFFERENT_SHARE = 0.5
MIN_DIFFERENT = 10
#: Pieces of the start position that must all be "no unit" before a game is called wrong.
MIN_NO_UNIT = 3


@dataclass(frozen=True)
class Cause:
    """One wrong input: its ``finding`` (told once) and the findings it explains — those of
    ``checks`` (None: every check) on ``logs``."""

    key: tuple[str, ...]
    finding: Finding
    logs: frozenset[str]
    checks: frozenset[str] | None = None

    def explains(self, f: Finding) -> bool:
        return f.log in self.logs and (self.checks is None or f.check in self.checks)


class Causes:
    """The causes of a run and the findings each explains, counted as the checks run."""

    def __init__(self) -> None:
        self._causes: dict[tuple[str, ...], Cause] = {}
        self._counts: dict[tuple[str, ...], int] = {}

    def add(self, cause: Cause) -> None:
        self._causes.setdefault(cause.key, cause)
        self._counts.setdefault(cause.key, 0)

    def __bool__(self) -> bool:
        return bool(self._causes)

    def explained(self, label: str, check: str) -> bool:
        """Whether the findings of ``check`` on this log follow from a cause."""
        return any(c.explains(Finding(check, Severity.INFO, "", "", label)) for c in self._causes.values())

    def follow(self, label: str, n: int) -> None:
        """Count ``n`` findings that follow from the cause that left this log out of the chain."""
        for key, cause in self._causes.items():
            if cause.checks is None and label in cause.logs:
                self._counts[key] += n
                return

    def sift(self, findings: Iterable[Finding]) -> list[Finding]:
        """The findings no cause explains; the others are counted for their cause."""
        kept = []
        for f in findings:
            cause = next((c for c in self._causes.values() if c.explains(f)), None)
            if cause is None:
                kept.append(f)
            else:
                self._counts[cause.key] += 1
        return kept

    def findings(self) -> list[Finding]:
        """Each cause once, saying how many findings follow from it."""
        out = []
        for key, cause in self._causes.items():
            n = self._counts[key]
            told = cause.finding
            if n:
                told = replace(told, message=f"{told.message}; {n} finding{'s' if n != 1 else ''} that follow"
                                             f"{'s' if n == 1 else ''} from this {'is' if n == 1 else 'are'} "
                                             "not listed")
            out.append(told)
        return out


def logs_phrase(labels: Sequence[str], singular: str, plural: str) -> str:
    """``a.vlog was`` / ``a.vlog and b.vlog were`` / ``a.vlog, b.vlog and 5 more were``."""
    if len(labels) == 1:
        return f"{labels[0]} {singular}"
    if len(labels) <= 3:
        return f"{', '.join(labels[:-1])} and {labels[-1]} {plural}"
    return f"{', '.join(labels[:2])} and {len(labels) - 2} more {plural}"


def describe_module(name: str, version: str) -> str:
    return f"{name or '(unnamed module)'} {version or '(no version)'}".strip()


def majority(names: Sequence[str], prefer: Sequence[str]) -> str:
    """The module name most logs were written with (ties go to the names in ``prefer``, the
    logs being checked); "" when no log records one."""
    counted = [n for n in names if n]
    if not counted:
        return ""
    best = max(counted.count(n) for n in set(counted))
    tied = [n for n in dict.fromkeys(counted) if counted.count(n) == best]
    return next((n for n in reversed(prefer) if n in tied), tied[0])


def other_game_cause(labels: Sequence[str], their: tuple[str, str], ours: tuple[str, str],
                     previous: frozenset[str]) -> Cause:
    """Logs written with another module than the rest of the chain: not logs of this game,
    left out of the chain (not compared with the logs beside them, nothing carried over)."""
    role = " (--previous)" if set(labels) <= previous else ""
    told = (f"{logs_phrase(list(labels), 'was', 'were')} written with {describe_module(*their)}{role}, the "
            f"other logs with {describe_module(*ours)}: not logs of this game, left out of the chain")
    return Cause(("other-game", their[0]), Finding("chain", Severity.ERROR, told, RULE_MODULE, labels[0]),
                 frozenset(labels))


def module_cause(labels: Sequence[str], have: tuple[str, str], module: Module, explained: frozenset[str]) -> Cause:
    """The logs were written with another module than the one given: their hexes, pieces and
    rules read with the wrong module."""
    told = (f"{logs_phrase(list(labels), 'was', 'were')} written with {describe_module(*have)}, but the module "
            f"given ({module.source}) is {describe_module(module.name, module.version)}: give the module the "
            "logs were written with")
    return Cause(("module", have[0]), Finding("module", Severity.ERROR, told, RULE_MODULE, labels[0]),
                 frozenset(labels), explained)


def discontinuity_cause(label: str, previous: str, differ: int, total: int, first: str) -> Cause:
    """A log that starts from another position than the previous log's end in most of its pieces:
    a log of another game, or logs out of order — one finding, not one per piece."""
    told = (f"{label} does not start where {previous} ended: {differ} of {total} pieces are elsewhere or "
            f"different (e.g. {first}): a log of another game, or logs given out of order")
    return Cause(("discontinuity", previous, label), Finding("chain", Severity.ERROR, told, RULE_CHAIN, label, 0),
                 frozenset({label}), frozenset({"chain"}))


@dataclass(frozen=True)
class Mismatch:
    """Why the game given is not the logs' game; ``units_only``: the rolls can still be read
    against its tables (the pieces are not its units, the tables and dice may be)."""

    why: str
    units_only: bool = False


def game_cause(game: Game, folder: str, mismatch: Mismatch, labels: Sequence[str], explained: frozenset[str]
               ) -> Cause:
    told = f"--game {folder} ({game.name}) does not match {mismatch.why}"
    return Cause(("game", game.id), Finding(RULES, Severity.ERROR, told, RULE_GAME, labels[0]), frozenset(labels),
                 explained)


def game_mismatch(game: Game, bundled: dict[str, str], module: Module | None, log_module: str,
                  start: GameView | None, unit_map: bool) -> Mismatch | None:
    """Why the game given is not the game of the module and the logs, or None when nothing says so.

    ``bundled``: the name of each bundled game by id (a module we build is named as its game):
    the game is wrong when the module given and the logs' module are both another bundled
    game's, or one is and the other is unknown (a wrong log or a wrong module alone is the
    module's cause, not the game's). ``start``: the game view at the start of the chain's first
    log: when none of its pieces is a unit of the game, the pieces are not the game's."""
    names = [(what, name) for what, name in (("the module given", module.name if module is not None else ""),
                                             ("the logs' module", log_module)) if name]
    if any(name == game.name for _, name in names):
        return None
    others = [(what, name, gid) for what, name in names
              for gid, gname in bundled.items() if gname == name and gid != game.id]
    if others:
        _, name, gid = others[-1]
        what = " and ".join(w for w, n, _ in others if n == name)
        return Mismatch(f"{what}, {name}: give --game {gid}")
    if start is None or start.units or not game.units:
        return None
    lost = [u.subject.removeprefix("piece ") for u in start.unknown
            if u.subject.startswith("piece ") and u.message.startswith("no unit")]
    if len(lost) < MIN_NO_UNIT:
        return None
    if unit_map:
        hint = "the units.csv given names none of them: is it this module's?"
    else:
        hint = (f"if the module is {game.name}'s, draft the piece -> unit map with adjutant map-units and give "
                "it with --units; otherwise give the game the logs play")
    named = ", ".join(lost[:3]) + (", ..." if len(lost) > 3 else "")
    return Mismatch(f"the logs: none of the {len(lost)} pieces at the start ({named}) is a unit of {game.name}: "
                    f"{hint}", units_only=True)
