"""Commands the replay could not apply.

A command the reader cannot apply (a damaged field, a trait it does not know how
to change) leaves the replayed position uncertain from that step on, so every
later finding about that piece deserves less trust. The players should know.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..context import CheckContext
from ..findings import Finding, Severity

CHECK_ID = "replay"
RULE = "every logged command should replay; one that does not makes the position after it uncertain"
RULE_NOTE = "what the replay assumed is said, so the findings that depend on it can be weighed"


def check_replay(ctx: CheckContext) -> Iterator[Finding]:
    for problem in ctx.log.replay.problems:
        yield Finding(CHECK_ID, Severity.WARNING, problem.message, RULE, ctx.log.label, problem.step)
    for note in ctx.log.replay.notes:  # what the replay had to assume, e.g. who an unknown mover is
        yield Finding(CHECK_ID, Severity.INFO, note.message, RULE_NOTE, ctx.log.label, note.step)
