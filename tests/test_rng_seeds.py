"""Games seeded from consecutive numbers are independent (issue 24: Neeley's first two seeds of perfect play lay far
apart, and every yardstick, arena and self-play run seeds game g from base + g)."""

from __future__ import annotations

import numpy as np

from printgen.engine.jit import njit
from printgen.engine.rng import next_u32, seed_rng


@njit
def _first_casts(seeds, beans, rng, out):
    """Writes each seed's first casts of even beans into out (one draw a cast, as the kernel casts them)."""
    for i in range(seeds.size):
        seed_rng(rng, seeds[i])
        for j in range(out.shape[1]):
            bits = next_u32(rng) >> (32 - beans)
            marks = 0
            while bits:
                bits &= bits - 1
                marks += 1
            out[i, j] = marks


def test_consecutive_seeds_give_casts_of_the_exact_odds_and_no_correlation() -> None:
    n, beans = 50_000, 5
    for base in (1_000_003, 2_000_006):
        casts = np.zeros((n, 20), dtype=np.int64)
        _first_casts(np.arange(n, dtype=np.int64) + base, beans, np.zeros(4, dtype=np.int64), casts)
        odds = np.array([1, 5, 10, 10, 5, 1]) / 32
        for column in (0, 1):  # a game's first and second cast, over consecutive seeds
            seen = np.bincount(casts[:, column], minlength=beans + 1)
            chi2 = float(((seen - n * odds) ** 2 / (n * odds)).sum())
            assert chi2 < 25.7, (base, column, seen)  # 5 degrees of freedom: p < 1e-4 fails
        totals = casts.sum(axis=1).astype(float)
        next_game = np.corrcoef(totals[:-1], totals[1:])[0, 1]
        next_cast = np.corrcoef(casts[:, 0], casts[:, 1])[0, 1]
        assert abs(next_game) < 0.02 and abs(next_cast) < 0.02  # 4.5 standard errors at 50,000
