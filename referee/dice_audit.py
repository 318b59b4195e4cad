"""The dice audit: every roll by player, purpose and die type, and a fairness test.

Rolls are grouped three ways. Per player, purpose and die type the audit lists
how many rolls and dice there were and their mean, which is what players argue
about ("you rolled 12 Morale checks and never failed"). Per player and die type
it pools every single die into one chi-square test, because purposes split the
sample too thin for the test to mean anything. Per player and die-roll table it
tests the totals the table read against their fair probabilities (a 2d6 table
sees only totals), pooling rare totals, so a long game's Random Events or
reinforcement rolls are tested where they matter.

Rolls that were later undone are included: they still came out of the random
number generator, and leaving them out would hide exactly the rolls a re-roll
replaced.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .dice import Roll
from .dice_stats import MIN_EXPECTED, SUSPICIOUS_P, FaceFit, TotalFit, face_fit, total_fit
from .findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from .table_rolls import TableRoll

CHECK_ID = "dice"


@dataclass(frozen=True)
class LoggedRoll:
    """A roll and the log file it was found in."""

    log: str
    roll: Roll


@dataclass(frozen=True)
class PurposeLine:
    """Rolls of one player for one purpose with one die type."""

    player: str
    purpose: str
    sides: int | None
    rolls: int
    dice: int
    mean_die: float
    die_type: str = "unknown die"   # "d6", "d10 (0-9)", "2d6 total"


@dataclass(frozen=True)
class PlayerFit:
    """The goodness-of-fit test of one player's dice of one type."""

    player: str
    fit: FaceFit


@dataclass(frozen=True)
class LoggedTableRoll:
    """A roll read against a table, and the log file it was found in."""

    log: str
    roll: TableRoll


@dataclass(frozen=True)
class TableFit:
    """The test of one player's rolls on one die-roll table."""

    player: str
    table: str          # the table as findings cite it: name (section)
    dice: str
    fit: TotalFit


@dataclass(frozen=True)
class DiceAudit:
    lines: tuple[PurposeLine, ...]
    fits: tuple[PlayerFit, ...]
    rolls: tuple[LoggedRoll, ...]
    table_fits: tuple[TableFit, ...] = ()


def _player(roll: Roll) -> str:
    return roll.player or "(unknown player)"


def possible(roll: Roll) -> bool:
    """True when every die shows a face the die has (false for a forged or misread line)."""
    return roll.sides is not None and all(roll.low <= d < roll.low + roll.sides for d in roll.dice)


def audit_dice(rolls: Iterable[LoggedRoll], table_rolls: Iterable[LoggedTableRoll] = ()) -> DiceAudit:
    """Group the rolls and test each player's dice, and each player's rolls per table;
    deterministic order by name."""
    all_rolls = tuple(rolls)
    by_purpose: dict[tuple[str, str, int, str], list[Roll]] = {}
    by_type: dict[tuple[str, int, int], list[int]] = {}
    for lr in all_rolls:
        r = lr.roll
        key = (_player(r), r.purpose, r.sides or 0, r.die_type)
        by_purpose.setdefault(key, []).append(r)
        if r.sides and possible(r):
            by_type.setdefault((_player(r), r.sides, r.low), []).extend(r.dice)
    lines = []
    for (player, purpose, sides, die), group in sorted(by_purpose.items()):
        faces = [d for r in group for d in r.dice]
        lines.append(PurposeLine(player, purpose, sides or None, len(group), len(faces),
                                 sum(faces) / len(faces), die))
    fits = tuple(PlayerFit(player, face_fit(values, sides, low))
                 for (player, sides, low), values in sorted(by_type.items()))
    return DiceAudit(tuple(lines), fits, all_rolls, _table_fits(table_rolls))


def _table_fits(table_rolls: Iterable[LoggedTableRoll]) -> tuple[TableFit, ...]:
    by_table: dict[tuple[str, str], list[TableRoll]] = {}
    for lr in table_rolls:
        tr = lr.roll
        if sum(tr.dice) in tr.table.dice.totals():  # an impossible face is reported on its own
            by_table.setdefault((_player(tr.roll), tr.table.cite()), []).append(tr)
    return tuple(TableFit(player, cite, str(group[0].table.dice),
                          total_fit((sum(t.dice) for t in group), group[0].table.dice.distribution()))
                 for (player, cite), group in sorted(by_table.items()))


def dice_findings(audit: DiceAudit, log: str) -> list[Finding]:
    """A warning for each roll showing a face its die does not have, and for each
    player whose dice fail the test on an adequate sample.

    Small samples get no finding at all: the report's dice table states their
    size and that it is too small, which is the honest answer.
    """
    findings = []
    for lr in audit.rolls:
        r = lr.roll
        if r.sides and not possible(r):
            findings.append(Finding(
                check=CHECK_ID, severity=Severity.WARNING,
                message=(f"{r.purpose} roll shows {','.join(map(str, r.dice))}, "
                         f"which a {r.die_type} cannot roll: the line was not written by the dice button as configured"),
                rule="a die shows only its own faces", log=lr.log, step=r.step, player=r.player))
    for pf in audit.fits:
        fit = pf.fit
        if not fit.suspicious:
            continue
        counts = ", ".join(f"{face}:{count}" for face, count in enumerate(fit.counts, start=fit.low))
        findings.append(Finding(
            check=CHECK_ID,
            severity=Severity.WARNING,
            message=(f"{pf.player}'s {fit.die} results are unlikely for a fair die: "
                     f"{fit.n} dice, faces {counts}, mean {fit.mean:.2f} (fair {fit.fair_mean:.2f}), "
                     f"chi-square {fit.chi_square:.1f} with {fit.dof} degrees of freedom, p = {fit.p_value:.2g}"),
            rule=(f"Pearson chi-square goodness of fit, flagged below p = {SUSPICIOUS_P} "
                  f"with at least {MIN_EXPECTED:g} expected per face"),
            log=log,
            player=pf.player,
        ))
    for tf in audit.table_fits:
        fit = tf.fit
        if not fit.suspicious:
            continue
        counts = ", ".join(f"{total}:{count}" for total, count in fit.counts)
        findings.append(Finding(
            check=CHECK_ID,
            severity=Severity.WARNING,
            message=(f"{tf.player}'s rolls on the {tf.table} ({tf.dice}) are unlikely for fair dice: "
                     f"{fit.n} rolls, totals {counts}, mean {fit.mean:.2f} (fair {fit.fair_mean:.2f}), "
                     f"chi-square {fit.chi_square:.1f} with {fit.dof} degrees of freedom, p = {fit.p_value:.2g}"),
            rule=(f"Pearson chi-square goodness of fit of the table's totals, rare totals pooled to "
                  f"{MIN_EXPECTED:g} expected, flagged below p = {SUSPICIOUS_P}"),
            log=log,
            player=tf.player,
        ))
    return findings
