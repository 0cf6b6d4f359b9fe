"""The advisor's root, compiled: every legal move of a decision valued at one level, in steps that pause.

Python's advisor (`deepening.analyse`) and the WebAssembly one (`web/entries.py`) run these same functions:
Python returns between steps to notice a Ctrl-C and read its clock, WebAssembly runs a level to its end.
Each root move is searched in the full window, so its values are exact (the plain search's). Where a step
stands lives in the scratch (`sc.root`), so a paused level resumes where it stopped.
"""

from __future__ import annotations

import math

from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.players.search.pruned import move_values, open_move, root_order, root_score, run

R_NEXT, R_COUNT, R_OPEN = range(3)  # sc.root: the next move's place in sc.order[0], the moves, whether it is open
PAUSED, VALUED, LEVEL_DONE = 0, 1, 2  # what a step ended with: the budget spent, one more move valued, all valued


@njit
def begin_decision(sc, n):
    """Starts a decision over the root moves sc.moves[0, :n]: every move alive, none valued."""
    sc.gen[0] += 1
    for i in range(n):
        sc.alive[i] = 1
        sc.rootv[i] = 0.0


@njit
def begin_level(sc, n):
    """Orders the alive root moves for a level (best of the last level first, into sc.order[0]); returns how many."""
    m = root_order(sc, n)
    sc.root[R_NEXT] = 0
    sc.root[R_COUNT] = m
    sc.root[R_OPEN] = 0
    return m


@njit
def level_step(st, t, et, sc, marks, level, vals, budget):
    """Goes on valuing the root moves in sc.order[0] at `level` for at most `budget` nodes (no limit if negative);
    writes a valued move i's (win game, items, win contest) into vals[i] and its score into sc.rootv[i].

    Returns VALUED after each move valued, LEVEL_DONE when none is left, PAUSED when the budget ran out.
    """
    if sc.root[R_NEXT] >= sc.root[R_COUNT]:
        return LEVEL_DONE
    pair = t.n_players == 2
    i = sc.order[0, sc.root[R_NEXT]]
    if sc.root[R_OPEN] == 0:
        sc.root[R_OPEN] = 1
        if not open_move(st, t, et, sc, marks, i, level, -math.inf, pair):
            if not run(1, level, t, et, sc, lay.game(st), pair, budget):
                return PAUSED
    elif not run(1, level, t, et, sc, lay.game(st), pair, budget):
        return PAUSED
    p = lay.to_move(st)
    move_values(sc, p, vals, i)
    sc.rootv[i] = root_score(sc, p, pair)
    sc.root[R_OPEN] = 0
    sc.root[R_NEXT] += 1
    return VALUED


@njit
def value_level(st, t, et, sc, marks, level, n, vals):
    """Values every alive root move of sc.moves[0, :n] at `level` without pausing (vals[i] as `level_step`)."""
    begin_level(sc, n)
    while level_step(st, t, et, sc, marks, level, vals, -1) != LEVEL_DONE:
        pass
