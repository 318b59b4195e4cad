"""What ``adjutant check`` found, in one value every renderer reads.

The renderers (text, JSON, HTML) never look at replays; they get this value, so
all three formats always agree on the findings, their order and the counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .dice_audit import DiceAudit
from .findings import Finding, Severity, has_errors
from .story import LogStory

if TYPE_CHECKING:  # pragma: no cover - pictures only for an HTML report, a tally only with the game's data
    from .crops import Crop
    from .rules.victory import Tally


WORDS = {Severity.ERROR: ("error", "errors"), Severity.WARNING: ("warning", "warnings"),
          Severity.NOT_CHECKED: ("not checked", "not checked"), Severity.INFO: ("note", "notes")}


def group_key(f: Finding) -> tuple[int, str, str]:
    """Findings of one kind: same severity, check and rule. A long log repeats a kind
    (every undo, every piece of an unknown version) and the report counts it once."""
    return f.severity.rank, f.check, f.rule


@dataclass(frozen=True)
class LogSummary:
    """One log or save that was read, described by its own metadata."""

    label: str
    module_name: str
    module_version: str
    vassal_version: str
    steps: int
    players: tuple[str, ...]
    #: "checked"; "previous" (a --previous log: checked too, its findings listed only with --all);
    #: "left out" (a log of another game: not checked, not part of the chain)
    role: str = "checked"
    #: the findings of a --previous log that are not listed: (severity, count), most severe first;
    #: None when its findings are listed (a log checked, or --all)
    unlisted: tuple[tuple[str, int], ...] | None = None


def role_text(log: LogSummary) -> str:
    """What the report says of a log that is not one of the logs checked: ``--previous: 2 errors,
    3 notes not listed (--all lists them)``; "" for a log checked."""
    if log.role == "left out":
        return "left out: a log of another game"
    if log.role != "previous":
        return ""
    if log.unlisted is None:
        return "--previous"
    if not log.unlisted:
        return "--previous: no findings"
    counts = ", ".join(f"{n} {WORDS[Severity(s)][n != 1]}" for s, n in log.unlisted)
    return f"--previous: {counts} not listed (--all lists them)"


@dataclass(frozen=True)
class CheckReport:
    logs: tuple[LogSummary, ...]
    checks: tuple[str, ...]
    findings: tuple[Finding, ...]
    dice: DiceAudit
    #: each checked log step by step (kept for the HTML report only)
    stories: tuple[LogStory, ...] = ()
    #: board crops round findings (HTML report with a module only)
    crops: Mapping[Finding, tuple[Crop, ...]] = field(default_factory=dict)
    #: the scenario's VP tally at the end of each checked log (the victory check with --game)
    victory: tuple[Tally, ...] = ()
    #: whose view of hidden and masked pieces the report shows (``fog.Sight.describe``)
    sight: str = ""
    #: findings naming a piece that view may not see: counted in the report, never shown
    withheld: tuple[Finding, ...] = ()
    #: pieces hidden or masked from that view at some step, by kind ("hidden", "masked")
    veiled: Mapping[str, int] = field(default_factory=dict)

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity is severity)

    def counts(self) -> str:
        """``3 errors, 2 warnings, 5 not checked, 1 note``: every severity, however few."""
        counts = ((self.count(s), s) for s in sorted(Severity, key=lambda s: s.rank))
        return ", ".join(f"{n} {WORDS[s][n != 1]}" for n, s in counts)

    def summary(self) -> str:
        """One line for the terminal when the report went to a file: the counts and what was read."""
        steps = sum(log.steps for log in self.logs)
        files = f"{len(self.logs)} file{'s' if len(self.logs) != 1 else ''}"
        return f"{self.counts()} in {files} ({steps:,} steps)"

    @property
    def failed(self) -> bool:
        """True when an error was found (exit code 1), shown or withheld."""
        return has_errors(list(self.findings + self.withheld))

    def view(self) -> str:
        """Whose view the report shows, what it left out because of it, one line."""
        concealed = ", ".join(f"{n} {kind}" for kind, n in sorted(self.veiled.items()))
        kept = {s: sum(1 for f in self.withheld if f.severity is s) for s in Severity}
        withheld = ", ".join(f"{n} {WORDS[s][n != 1]}" for s, n in kept.items() if n)
        return (self.sight or "Hidden and masked pieces are shown as they are") + (
            f"; concealed from this view: {concealed} piece(s)" if concealed else "") + (
            f"; findings withheld (they name pieces this view may not see): {withheld}" if withheld else "")

