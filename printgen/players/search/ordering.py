"""The order in which the pruned search tries the moves of a decision: the likely best first, so the rest are cut.

First the move the transposition table remembers as best for this position and score (found by a
shallower search of this decision, the previous iteration). Then, where the moves' subtrees are deep
enough for it to pay (two or more casts left below them), the rest by the evaluation of the position
each leaves, a static judgement one evaluation per move costs; nearer the leaves, in the kernel's order.
"""

from __future__ import annotations

from printgen.engine import kernel as k
from printgen.engine.jit import njit
from printgen.players.evaluation.features import V_CONTEST, V_GAME, evaluate_model
from printgen.players.search.plain import GAME_WEIGHT
from printgen.players.search.table import NO_MOVE

STATIC_FROM = 2  # casts left below a move from which the moves are ordered by their static evaluation


@njit
def _copy(dst, src):
    for j in range(src.shape[0]):
        dst[j] = src[j]


@njit
def order_moves(d, left, t, et, sc, game0, marks, n, first, mover, sign, pair):
    """Writes into sc.order[d, :n] the order to try sc.moves[d, :n]: `first` (a move code, or NO_MOVE) first,
    then, if `left` >= STATIC_FROM, by the mover's static value of the position each move leaves (sign -1: the
    mover minimises the pair value); else as listed."""
    for i in range(n):
        sc.order[d, i] = i
    if n < 2:
        return
    if left >= STATIC_FROM:
        child = d + 1
        for i in range(n):
            _copy(sc.states[child], sc.states[d])
            sc.ev[0] = 0
            k.play(sc.states[child], t, marks, sc.moves[d, i], sc.ev)
            evaluate_model(sc.states[child], t, et, game0, sc.vals[child], sc.fx, sc.model[0])
            if pair:
                key = sign * (sc.vals[child, V_CONTEST, 0] - sc.vals[child, V_CONTEST, 1]
                              + GAME_WEIGHT * (sc.vals[child, V_GAME, 0] - sc.vals[child, V_GAME, 1]))
            else:
                key = sc.vals[child, V_CONTEST, mover] + GAME_WEIGHT * sc.vals[child, V_GAME, mover]
            sc.okey[i] = key
        for i in range(1, n):  # insertion sort, best first; stable, so ties keep the kernel's order
            j = i
            while j > 0 and sc.okey[sc.order[d, j - 1]] < sc.okey[sc.order[d, j]]:
                a = sc.order[d, j - 1]
                sc.order[d, j - 1] = sc.order[d, j]
                sc.order[d, j] = a
                j -= 1
    if first != NO_MOVE:
        for i in range(n):
            if sc.moves[d, sc.order[d, i]] == first:
                a = sc.order[d, i]
                for j in range(i, 0, -1):
                    sc.order[d, j] = sc.order[d, j - 1]
                sc.order[d, 0] = a
                break
