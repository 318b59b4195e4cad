"""Goodness-of-fit for dice: are a player's rolls plausible for fair dice?

scipy is not a dependency, so the chi-square survival function is computed here
from the regularized incomplete gamma function: ``P(X >= x) = Q(k/2, x/2)`` for
``k`` degrees of freedom. ``Q`` uses the power series of ``P`` below ``a + 1`` and
a Lentz continued fraction above it, the standard split that keeps both
converging quickly.

The test is only meaningful when every face is expected at least
``MIN_EXPECTED`` times (the usual rule of thumb for Pearson's test), so a result
below that size is reported with its numbers but never flagged.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

MIN_EXPECTED = 5.0
"""Smallest expected count per face for the chi-square test to be trusted."""

SUSPICIOUS_P = 0.001
"""A fair die gives a p-value this small once in a thousand audits."""

_EPS = 1e-15
_MAX_ITER = 10_000
_TINY = 1e-300


def _lower_series(a: float, x: float) -> float:
    """Regularized lower gamma P(a, x) by its power series (good for x < a + 1)."""
    term = 1.0 / a
    total = term
    denom = a
    for _ in range(_MAX_ITER):
        denom += 1.0
        term *= x / denom
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    """Regularized upper gamma Q(a, x) by its continued fraction (good for x >= a + 1)."""
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_ITER):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        if abs(d) < _TINY:
            d = _TINY
        c = b + an / c
        if abs(c) < _TINY:
            c = _TINY
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return h * math.exp(-x + a * math.log(x) - math.lgamma(a))


def gamma_q(a: float, x: float) -> float:
    """Regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a)."""
    if a <= 0:
        raise ValueError("gamma_q needs a > 0")
    if x < 0:
        raise ValueError("gamma_q needs x >= 0")
    if x == 0:
        return 1.0
    if x < a + 1.0:
        return max(0.0, 1.0 - _lower_series(a, x))
    return min(1.0, _upper_fraction(a, x))


def chi_square_sf(statistic: float, dof: int) -> float:
    """P(X >= statistic) for a chi-square variable with ``dof`` degrees of freedom."""
    if dof < 1:
        raise ValueError("chi-square needs at least one degree of freedom")
    return gamma_q(dof / 2.0, statistic / 2.0)


@dataclass(frozen=True)
class FaceFit:
    """Pearson's test that every face of a ``sides``-sided die is equally likely.

    ``counts[i]`` is how often face ``low + i`` came up (``low`` 1, or 0 for a d10 read 0-9).
    ``adequate`` says whether the sample is large enough for ``p_value`` to mean something.
    """

    sides: int
    n: int
    counts: tuple[int, ...]
    mean: float | None
    chi_square: float | None
    dof: int
    p_value: float | None
    adequate: bool
    low: int = 1

    @property
    def fair_mean(self) -> float:
        return self.low + (self.sides - 1) / 2.0

    @property
    def die(self) -> str:
        """``d6``; ``d10 (0-9)`` for a die whose faces do not start at 1."""
        return f"d{self.sides}" + (f" ({self.low}-{self.low + self.sides - 1})" if self.low != 1 else "")

    def faces(self) -> str:
        """How often each face came up, named: ``1:4 2:6 3:5 4:5 5:3 6:7``."""
        return " ".join(f"{self.low + i}:{c}" for i, c in enumerate(self.counts))

    @property
    def suspicious(self) -> bool:
        """True only for an adequate sample whose p-value is below ``SUSPICIOUS_P``."""
        return self.adequate and self.p_value is not None and self.p_value < SUSPICIOUS_P


def face_fit(values: Iterable[int], sides: int, low: int = 1) -> FaceFit:
    """Counts, mean and chi-square test of single-die results against a fair die whose faces
    are ``low`` to ``low + sides - 1``.

    Values outside the faces are a caller error: recognized dice never produce
    them, and silently dropping them would falsify the sample size.
    """
    if sides < 2:
        raise ValueError("a die needs at least two sides")
    counts = [0] * sides
    n = 0
    for v in values:
        if not low <= v < low + sides:
            raise ValueError(f"die value {v} is not a face of a d{sides}" + (f" read {low}-{low + sides - 1}"
                                                                            if low != 1 else ""))
        counts[v - low] += 1
        n += 1
    dof = sides - 1
    if n == 0:
        return FaceFit(sides, 0, tuple(counts), None, None, dof, None, False, low)
    mean = sum((low + i) * c for i, c in enumerate(counts)) / n
    expected = n / sides
    statistic = sum((c - expected) ** 2 for c in counts) / expected
    p = chi_square_sf(statistic, dof)
    return FaceFit(sides, n, tuple(counts), mean, statistic, dof, p, expected >= MIN_EXPECTED, low)


@dataclass(frozen=True)
class TotalFit:
    """Pearson's test of a table's rolls (totals of its dice) against fair dice.

    Totals of several dice are not equally likely (2d6: 7 six times as often as 2),
    so each total is expected with its own probability; adjacent totals are pooled
    until every pooled cell expects at least ``MIN_EXPECTED`` rolls. ``adequate`` says
    whether at least two cells remain, i.e. whether ``p_value`` means something.
    """

    n: int
    counts: tuple[tuple[int, int], ...]     # (total, rolls) for every possible total
    mean: float | None
    fair_mean: float
    chi_square: float | None
    dof: int
    p_value: float | None
    adequate: bool

    @property
    def suspicious(self) -> bool:
        return self.adequate and self.p_value is not None and self.p_value < SUSPICIOUS_P


def total_fit(values: Iterable[int], probabilities: dict[int, float]) -> TotalFit:
    """Counts, mean and pooled chi-square test of table totals against their fair probabilities."""
    counts = {total: 0 for total in probabilities}
    for v in values:
        if v not in counts:
            raise ValueError(f"total {v} cannot be rolled")
        counts[v] += 1
    n = sum(counts.values())
    fair_mean = sum(t * p for t, p in probabilities.items())
    ordered = tuple(sorted(counts.items()))
    if n == 0:
        return TotalFit(0, ordered, None, fair_mean, None, 0, None, False)
    cells: list[list[float]] = []  # [observed, expected] of pooled adjacent totals
    for total, observed in ordered:
        expected = n * probabilities[total]
        if cells and cells[-1][1] < MIN_EXPECTED:
            cells[-1][0] += observed
            cells[-1][1] += expected
        else:
            cells.append([observed, expected])
    while len(cells) > 1 and cells[-1][1] < MIN_EXPECTED:  # a short last cell joins the one before
        observed, expected = cells.pop()
        cells[-1][0] += observed
        cells[-1][1] += expected
    mean = sum(t * c for t, c in ordered) / n
    if len(cells) < 2:
        return TotalFit(n, ordered, mean, fair_mean, None, 0, None, False)
    statistic = sum((o - e) ** 2 / e for o, e in cells)
    dof = len(cells) - 1
    return TotalFit(n, ordered, mean, fair_mean, statistic, dof, chi_square_sf(statistic, dof), True)
