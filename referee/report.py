"""What ``adjutant check`` found, in one value every renderer reads.

The renderers (text, JSON, HTML) never look at replays; they get this value, so
all three formats always agree on the findings, their order and the counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from .dice_audit import DiceAudit
from .findings import Finding, Severity, has_errors


@dataclass(frozen=True)
class LogSummary:
    """One log or save that was read, described by its own metadata."""

    label: str
    module_name: str
    module_version: str
    vassal_version: str
    steps: int
    players: tuple[str, ...]


@dataclass(frozen=True)
class CheckReport:
    logs: tuple[LogSummary, ...]
    checks: tuple[str, ...]
    findings: tuple[Finding, ...]
    dice: DiceAudit

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity is severity)

    @property
    def failed(self) -> bool:
        """True when an error was found (exit code 1)."""
        return has_errors(list(self.findings))
