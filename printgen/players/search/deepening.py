"""Every root move of a decision valued by the pruned search, for the advisor's answer: to a level, or deepening
until a time budget runs out.

Each root move is searched in the full window, so its values are exact (the plain search's), and the search
returns to Python every few thousand nodes, where a Ctrl-C is noticed and the clock is read. With a time
budget the levels deepen from 0, each ordering the next and dropping the moves more than a margin below the
best (`search_star.MARGIN`); when the time runs out inside a level, that level is abandoned and the last
completed level's values stand (level 0 always completes, so there is always a legal move to suggest).
"""

from __future__ import annotations

import time

import numpy as np

from printgen.players.search.plain import NODE_BUDGET
from printgen.players.search.pruned import MARGIN
from printgen.players.search.root import LEVEL_DONE, PAUSED, begin_decision, begin_level, level_step

TIMED_BUDGET = 2_000  # nodes between looks at the clock under a time budget (about a millisecond)


def analyse(st, t, et, sc, marks: int, level: int, n: int, out: np.ndarray, seconds: float | None = None,
            margin: float = MARGIN) -> int:
    """Writes into out[i] (win game, items, win contest) for the player to move after each of the moves
    sc.moves[0, :n]; returns the level the values come from.

    Without `seconds`, every move is searched to `level`. With it, the search deepens from level 0 up to `level`
    while time is left, moves more than `margin` below the best at one level keeping that level's values.
    """
    begin_decision(sc, n)
    deadline = None if seconds is None else time.perf_counter() + seconds
    budget = NODE_BUDGET if deadline is None else TIMED_BUDGET
    vals = np.zeros((n, 3), dtype=np.float64)
    done = -1
    for lv in range(level + 1) if deadline is not None else [level]:
        m = begin_level(sc, n)
        order = sc.order[0, :m].copy()
        while (step := level_step(st, t, et, sc, marks, lv, vals, budget)) != LEVEL_DONE:
            if _late(deadline, lv) and (step == PAUSED or lv < level):
                return done
        out[order] = vals[order]
        done = lv
        if deadline is not None:
            floor = sc.rootv[order].max() - margin
            for i in order:
                if sc.rootv[i] <= floor:
                    sc.alive[i] = 0
    return done


def _late(deadline: float | None, lv: int) -> bool:
    """Returns whether a search at level lv must stop: the budget is spent (level 0 always finishes)."""
    return deadline is not None and lv > 0 and time.perf_counter() > deadline
