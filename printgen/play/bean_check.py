"""Are these beans fair? Casts of a player's own beans, tested against the ruleset's beans.

Pure arithmetic on a log of casts (each a tuple of faces, True for marked, beans kept in the same order):
the mark probability with its Wilson 95 % interval, each bean's own rate, and Pearson's chi-square test of
the number of marks per cast against the binomial distribution the ruleset assumes (bins with fewer than
five expected casts merged into their neighbour; the p-value from the regularized incomplete gamma
function, in `printgen.stats`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from printgen.errors import NotationError
from printgen.stats import binomial_two_sided, chi_square, wilson

MIN_CASTS = 25  # fewer casts say too little to judge
ALPHA = 0.01  # below this p-value the beans are not fair enough to play with
DOUBT = 0.05  # below this, cast more before deciding


class Verdict(str, Enum):
    """What the casts say about the beans."""

    TOO_FEW = "too_few"
    FAIR = "fair"
    DOUBTFUL = "doubtful"
    UNFAIR = "unfair"


@dataclass(frozen=True)
class BeanReport:
    """What a log of casts says about a set of beans."""

    casts: int
    marks: int  # marked faces seen
    faces: int  # faces seen (casts × beans)
    expected: float  # the ruleset's mark probability
    rate: float  # marks / faces
    interval: tuple[float, float]  # Wilson 95 % interval of the mark probability
    rate_p: float  # two-sided p-value of the marks seen against the ruleset's probability
    per_bean: tuple[tuple[float, float, float], ...]  # each bean: rate and Wilson interval
    odd_beans: tuple[int, ...]  # beans (0-based) whose own rate is off (p < ALPHA / beans)
    counts: tuple[int, ...]  # casts showing 0, 1, ... marks
    expected_counts: tuple[float, ...]
    chi2: float | None  # None: too few casts for any bin
    df: int
    chi2_p: float | None
    verdict: Verdict


def _merge_bins(counts: list[int], expected: list[float]) -> tuple[list[int], list[float]]:
    """Merges the smallest tail bin into its neighbour until every bin expects at least five casts."""
    c, e = list(counts), list(expected)
    while len(e) > 1 and min(e) < 5:
        i = e.index(min(e))
        j = i + 1 if i == 0 else i - 1 if i == len(e) - 1 else (i - 1 if e[i - 1] < e[i + 1] else i + 1)
        c[j] += c[i]
        e[j] += e[i]
        del c[i], e[i]
    return c, e


def check(casts: list[tuple[bool, ...]], beans: int, mark_probability: Fraction | float) -> BeanReport:
    """Returns what the logged casts say about beans meant to show their mark with mark_probability each."""
    for i, cast in enumerate(casts):
        if len(cast) != beans:
            raise NotationError(f"cast {i + 1} shows {len(cast)} beans, not {beans}")
    p = float(mark_probability)
    n = len(casts)
    faces = n * beans
    marks = sum(sum(1 for f in c if f) for c in casts)
    per_bean = []
    odd = []
    for b in range(beans):
        k = sum(1 for c in casts if c[b])
        per_bean.append((k / n if n else 0.0, *wilson(k, n)))
        if n >= MIN_CASTS and binomial_two_sided(k, n, p) < ALPHA / beans:
            odd.append(b)
    counts = [0] * (beans + 1)
    for c in casts:
        counts[sum(1 for f in c if f)] += 1
    expected = [n * math.comb(beans, k) * p ** k * (1 - p) ** (beans - k) for k in range(beans + 1)]
    merged_c, merged_e = _merge_bins(counts, expected)
    chi2 = chi2_p = None
    df = len(merged_e) - 1
    if df >= 1 and min(merged_e) > 0:
        chi2, chi2_p = chi_square(merged_c, merged_e)
    rate_p = binomial_two_sided(marks, faces, p)
    if n < MIN_CASTS:
        verdict = Verdict.TOO_FEW
    else:
        worst = min([rate_p] + ([chi2_p] if chi2_p is not None else []))
        verdict = Verdict.UNFAIR if worst < ALPHA or odd else Verdict.DOUBTFUL if worst < DOUBT else Verdict.FAIR
    return BeanReport(n, marks, faces, p, marks / faces if faces else 0.0, wilson(marks, faces), rate_p,
                      tuple(per_bean), tuple(odd), tuple(counts), tuple(round(e, 3) for e in expected),
                      chi2, max(df, 0), chi2_p, verdict)
