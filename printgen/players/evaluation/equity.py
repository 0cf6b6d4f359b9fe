"""Contest equity: the chance to win the contest from the items each player holds as a game begins.

Backgammon players read a match-equity table; the advisor reads this one. For two players holding
h and T - h of the T items in play, equity[h] is the chance that the first wins the contest. It is
computed by dynamic programming over games, from simulation (seeded):

1. From every split h = 1 … T - 1, `GAMES` games are played from a fresh board (seats alternated),
   both sides GATIGO S1T2 (the strongest of the paper's players; bets the smallest), and the split
   each game leaves is counted: the stake of the next game given back, a split the game leaves
   uneven (items left in the pool) rounded to the nearest whole item of T.
2. The counts give each split's transition chances to the next; the equity solves
   equity[h] = sum over h' of P(h → h') equity[h'], with equity[0] = 0 and equity[T] = 1
   (bankrupt, or holding everything), one linear system.
3. The table is made symmetric (equity[h] + equity[T - h] = 1, averaging the two estimates) and
   monotone (holding more is never worse).

Between equal players whose games move items fairly the table is the share h / T (holdings are a
martingale); it departs from it where holdings change what a player can pay (a toll it cannot pay
bankrupts it) and where the items won in a game depend on the holdings. Tables ship for the
built-in rulesets played by two with gambling (`data/equity.json`, rewritten by
`python scripts/calibrate_evaluation.py`); a custom ruleset's is computed when first used, from
fewer games; three and four players keep the share of items.

This module reads the stored tables and solves a table from counted transitions; the games that count
them are played by `roster.equity_games` (they need the GATIGO players of the search layer).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

import numpy as np

from printgen.rulesets.model import Ruleset

SHIPPED = "data/equity.json"  # inside printgen.players


def solve_equity(counts: np.ndarray) -> np.ndarray:
    """Returns the equity table (length T + 1) from the counts of game transitions between splits."""
    total = counts.shape[0] - 1
    share = np.arange(total + 1) / total
    rows = counts.sum(axis=1, keepdims=True).astype(np.float64)
    p = np.divide(counts, rows, out=np.zeros(counts.shape), where=rows > 0)
    inner = np.arange(1, total)
    q = p[np.ix_(inner, inner)]
    r = p[inner, total]  # straight to holding everything
    eps = 1e-9  # a split no game ever leaves keeps its share
    a = np.eye(total - 1) * (1 + eps) - q
    e = np.linalg.solve(a, r + eps * share[inner])
    eq = np.concatenate([[0.0], np.clip(e, 0.0, 1.0), [1.0]])
    eq = (eq + 1.0 - eq[::-1]) / 2.0
    return np.clip(np.maximum.accumulate(eq), 0.0, 1.0)


def has_equity(ruleset: Ruleset, players: int) -> bool:
    """Returns whether a contest-equity table applies: two players (no partners) betting items."""
    return players == 2 and ruleset.economy.gambling


@cache
def stored_equity() -> dict[str, np.ndarray]:
    """Returns the shipped contest-equity tables by "ruleset/players" key."""
    path = resources.files("printgen.players").joinpath(SHIPPED)
    if not path.is_file():
        return {}
    data = json.loads(path.read_text("utf-8"))
    return {key: np.array(entry["equity"], dtype=np.float64) for key, entry in data.items()}
