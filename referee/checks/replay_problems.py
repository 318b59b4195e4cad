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


def check_replay(ctx: CheckContext) -> Iterator[Finding]:
    for problem in ctx.log.replay.problems:
        yield Finding(CHECK_ID, Severity.WARNING, problem.message, RULE, ctx.log.label, problem.step)
