"""What the linter reports: one ``Issue`` per problem, with a severity and a place.

Severities follow what real VASSAL would do with the module:
``error`` — VASSAL refuses to load it, shows an error dialog, or loses game data
(pieces, keys, setups); ``warning`` — VASSAL loads it but shows a warning,
prompts, or behaves visibly wrong; ``info`` — a check that could not be made
here, or a summary (pieces per predefined setup).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning", "info"]
SEVERITY_ORDER: dict[str, int] = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True)
class Issue:
    """One finding. ``where`` names the archive entry, element path, piece or setup."""

    severity: Severity
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.severity}: {self.where}: {self.message}"


def error(where: str, message: str) -> Issue:
    return Issue("error", where, message)


def warning(where: str, message: str) -> Issue:
    return Issue("warning", where, message)


def info(where: str, message: str) -> Issue:
    return Issue("info", where, message)
