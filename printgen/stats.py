"""The few statistics the project reports: Wilson intervals of proportions and Pearson's chi-square test.

Pure arithmetic on the standard library, so that no statistics package is needed: the chi-square
p-value comes from the regularized incomplete gamma function, by its series below a + 1 and by Lentz's
continued fraction above (Numerical Recipes, 6.2).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile: two-sided 95% intervals


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Returns the Wilson score interval of a proportion seen `successes` times in n tries (95% by default)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    # At p = 0 or 1 the interval ends at p exactly; rounding would leave it a hair short of the share it bounds.
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return lo, hi


def _lower_series(a: float, x: float) -> float:
    """Returns the regularized lower incomplete gamma P(a, x) by its series (for x < a + 1)."""
    term = total = 1.0 / a
    ap = a
    for _ in range(10_000):
        ap += 1
        term *= x / ap
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    """Returns the regularized upper incomplete gamma Q(a, x) by Lentz's continued fraction (for x ≥ a + 1)."""
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return h * math.exp(-x + a * math.log(x) - math.lgamma(a))


def chi2_sf(x: float, df: int) -> float:
    """Returns the chance that a chi-square variable with df degrees of freedom is at least x."""
    if df <= 0:
        raise ValueError("a chi-square distribution needs at least one degree of freedom")
    if x <= 0:
        return 1.0
    a, h = df / 2, x / 2
    if h < a + 1:
        return max(0.0, 1.0 - _lower_series(a, h))
    return min(1.0, _upper_fraction(a, h))


def chi_square(observed: Sequence[float], expected: Sequence[float]) -> tuple[float, float]:
    """Returns Pearson's statistic of counts against their expected values, and its p-value (len - 1 degrees of
    freedom)."""
    if len(observed) != len(expected):
        raise ValueError(f"{len(observed)} counts against {len(expected)} expected values")
    stat = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    return stat, chi2_sf(stat, len(expected) - 1)


def normal_two_sided(z: float) -> float:
    """Returns the two-sided p-value of a standard normal score."""
    return math.erfc(abs(z) / math.sqrt(2))


def binomial_two_sided(k: int, n: int, p: float) -> float:
    """Returns the two-sided p-value of k successes in n tries of chance p (normal approximation)."""
    if n == 0 or p in (0.0, 1.0):
        return 1.0
    return normal_two_sided((k - n * p) / math.sqrt(n * p * (1 - p)))


def percentile(values: Sequence[float], q: float) -> float:
    """Returns the q-th percentile (0-100) of values, interpolating between ranks (nan for none)."""
    xs = sorted(values)
    if not xs:
        return float("nan")
    at = (len(xs) - 1) * q / 100
    lo = int(at)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (at - lo)
