"""The plain search: expectimax over the exact bean distribution, to a depth set by the level, without pruning.

It is the reference the pruned search (`search_star.py`, the advisor's) is tested against, the search of
`advisor-search-2026` and `advisor-2026` (kept as they played), and the review's (`review.py`), which pauses
and resumes it. It also holds what both share: the scratch buffers and the objective.

Every seat is assumed to play the move that is best for itself by the evaluation (max-n); between
decisions each distinct score of the beans is weighed by its exact probability. Level 0 judges the
position each move leaves; level L looks L further casts (and replies) ahead. The evaluation is a
separate pure function (`evaluation.py`); the search only reads its three numbers per seat.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.engine.layout import STATE_SIZE, move_capacity
from printgen.players.evaluation.features import NF, V_CONTEST, V_GAME, evaluate_model
from printgen.players.search.levels import MAX_LEVEL  # noqa: F401  (until every caller imports it from levels)
from printgen.players.search.table import MAXG, tt_slots

NODE_BUDGET = 20_000  # nodes searched between returns to Python, where Ctrl-C is noticed (tens of milliseconds)
GAME_WEIGHT = 1e-3  # between moves equal for the contest, prefer the better chance to win the game

Scratch = namedtuple(
    "Scratch",
    "states moves ev vals best fx weights ctl top at model "
    # the pruned search's (search_star.py): windows and values per depth, move order, the transposition table
    "win bx xv flag order okey rootv alive hkey gbest pb pex pvx pvals gen stats tt_key tt_info tt_x tt_vals tt_best "
    "root",  # where the advisor's root stands (`search/root.py`)
)
C_GROUP, C_GROUPS, C_MARKS, C_MOVES, C_NEXT, C_PHASE = range(6)  # columns of Scratch.ctl, per depth


def make_scratch(level: int, total_items: int) -> Scratch:
    """Returns the buffers a search to this level (and the contest loops) need; jitted code never allocates."""
    depth = max(level, 0) + 2
    width = max(256, move_capacity(total_items))
    slots = tt_slots(level)
    return Scratch(
        states=np.zeros((depth, STATE_SIZE), dtype=np.int64),
        moves=np.zeros((depth, width), dtype=np.int64),
        ev=np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64),
        vals=np.zeros((depth, 3, k.MAXP), dtype=np.float64),
        best=np.zeros((depth, 3, k.MAXP), dtype=np.float64),
        fx=np.zeros((k.MAXP, NF), dtype=np.float64),
        weights=np.zeros(width, dtype=np.float64),
        ctl=np.zeros((depth, 6), dtype=np.int64),
        top=np.zeros(depth, dtype=np.float64),
        at=np.zeros(1, dtype=np.int64),  # the depth a paused search resumes at
        model=np.zeros(1, dtype=np.int64),  # the evaluation's model (evaluation.MODEL_NOW or MODEL_2026)
        win=np.zeros((depth, 6), dtype=np.float64),
        bx=np.zeros(depth, dtype=np.float64),
        xv=np.zeros(depth, dtype=np.float64),
        flag=np.zeros(depth, dtype=np.int64),
        order=np.zeros((depth, width), dtype=np.int64),
        okey=np.zeros(width, dtype=np.float64),
        rootv=np.zeros(width, dtype=np.float64),
        alive=np.zeros(width, dtype=np.int64),
        hkey=np.zeros(depth, dtype=np.int64),
        gbest=np.zeros((depth, MAXG), dtype=np.int64),
        pb=np.zeros((depth, MAXG), dtype=np.float64),
        pex=np.zeros((depth, MAXG), dtype=np.int64),
        pvx=np.zeros((depth, MAXG), dtype=np.float64),
        pvals=np.zeros((depth, MAXG, 3, k.MAXP), dtype=np.float64),
        gen=np.zeros(1, dtype=np.int64),
        stats=np.zeros(2, dtype=np.int64),  # the pruned search's nodes and table hits
        tt_key=np.zeros(slots, dtype=np.int64),
        tt_info=np.zeros((slots, 3), dtype=np.int64),
        tt_x=np.zeros(slots, dtype=np.float64),
        tt_vals=np.zeros((slots, 3, k.MAXP), dtype=np.float64),
        tt_best=np.zeros((slots, MAXG), dtype=np.int64),
        root=np.zeros(3, dtype=np.int64),
    )


@njit
def copy_state(dst, src):
    """Copies one state row into another (element by element: slice copies would allocate)."""
    for j in range(src.shape[0]):
        dst[j] = src[j]


@njit
def copy_values(dst, src):
    """Copies one (3, MAXP) block of values into another."""
    for r in range(3):
        for p in range(k.MAXP):
            dst[r, p] = src[r, p]


@njit
def objective(vals, p):
    """Returns what seat p maximises: its chance to win the contest, then the game."""
    return vals[V_CONTEST, p] + GAME_WEIGHT * vals[V_GAME, p]


@njit
def _open(d, level, t, et, sc, game0):
    """Starts the node at depth d; returns True if it is a leaf, its evaluation already in sc.vals[d]."""
    st = sc.states[d]
    if d > level or lay.phase(st) == k.PHASE_OVER:
        evaluate_model(st, t, et, game0, sc.vals[d], sc.fx, sc.model[0])
        return True
    for r in range(3):
        for p in range(k.MAXP):
            sc.vals[d, r, p] = 0.0
    sc.ctl[d, C_GROUP] = 0
    sc.ctl[d, C_GROUPS] = 1 if lay.phase(st) == k.PHASE_BET else et.n_groups
    _open_group(d, t, et, sc)
    return False


@njit
def _open_group(d, t, et, sc):
    """Lists the moves of the node at depth d for its current group of casts."""
    st = sc.states[d]
    marks = 0 if lay.phase(st) == k.PHASE_BET else et.group_marks[sc.ctl[d, C_GROUP]]
    sc.ctl[d, C_MARKS] = marks
    sc.ctl[d, C_MOVES] = k.legal_moves(st, t, marks, sc.moves[d])
    sc.ctl[d, C_NEXT] = 0
    sc.top[d] = -1e300


@njit
def _take_child(d, sc):
    """Keeps the child just valued (at depth d + 1) if it is the mover's best so far; moves on."""
    v = objective(sc.vals[d + 1], lay.to_move(sc.states[d]))
    if v > sc.top[d]:
        sc.top[d] = v
        copy_values(sc.best[d], sc.vals[d + 1])
    sc.ctl[d, C_NEXT] += 1


@njit
def chance_value(d0, level, t, et, sc, game0):
    """Writes into sc.vals[d0] the expected evaluation of sc.states[d0], searched to depth level + 1.

    A chance node weighs each distinct score by its probability; under it the seat to move takes
    the move best for itself. Iterative, with per-depth buffers: numba caches no recursion.
    """
    if _open(d0, level, t, et, sc, game0):
        return
    sc.at[0] = d0
    resume(d0, level, t, et, sc, game0, -1)


@njit
def resume(d0, level, t, et, sc, game0, budget):
    """Goes on valuing sc.states[d0] (opened by `_open`) from where the search last paused, for at most
    `budget` nodes (no limit if negative); returns True when the value is in sc.vals[d0], False when paused.

    Everything the search needs to go on is in sc (the depth in sc.at), so Python can call this again and
    again, and between calls notice a Ctrl-C: compiled code never does.
    """
    d = sc.at[0]
    nodes = 0
    while True:
        if budget >= 0 and nodes >= budget:
            sc.at[0] = d
            return False
        nodes += 1
        if sc.ctl[d, C_NEXT] < sc.ctl[d, C_MOVES]:
            child = d + 1
            copy_state(sc.states[child], sc.states[d])
            sc.ev[0] = 0
            k.play(sc.states[child], t, sc.ctl[d, C_MARKS], sc.moves[d, sc.ctl[d, C_NEXT]], sc.ev)
            if _open(child, level, t, et, sc, game0):
                _take_child(d, sc)
            else:
                d = child
            continue
        betting = lay.phase(sc.states[d]) == k.PHASE_BET
        prob = 1.0 if betting else et.group_prob[sc.ctl[d, C_GROUP]]
        for r in range(3):
            for p in range(k.MAXP):
                sc.vals[d, r, p] += prob * sc.best[d, r, p]
        sc.ctl[d, C_GROUP] += 1
        if sc.ctl[d, C_GROUP] < sc.ctl[d, C_GROUPS]:
            _open_group(d, t, et, sc)
            continue
        if d == d0:
            return True
        d -= 1
        _take_child(d, sc)


@njit
def open_root_move(st, t, et, sc, marks, i, level):
    """Plays the move sc.moves[0, i] into sc.states[1] and opens its search; returns True if it is
    already valued (a leaf), False if `resume(1, ...)` must value it."""
    copy_state(sc.states[1], st)
    sc.ev[0] = 0
    k.play(sc.states[1], t, marks, sc.moves[0, i], sc.ev)
    if _open(1, level, t, et, sc, lay.game(st)):
        return True
    sc.at[0] = 1
    return False


def analyse(st, t, et, sc, marks, level, n, out, budget=NODE_BUDGET):
    """Writes into out[i] (win game, items, win contest) for the player to move after each of the moves
    sc.moves[0, :n], searched to `level`.

    The compiled search returns here every `budget` nodes, so a KeyboardInterrupt (Ctrl-C) raised by
    Python's signal handler stops even the deepest search within a fraction of a second.
    """
    p = int(lay.to_move(st))
    game0 = int(lay.game(st))
    for i in range(n):
        if not open_root_move(st, t, et, sc, marks, i, level):
            while not resume(1, level, t, et, sc, game0, budget):
                pass
        out[i, 0] = sc.vals[1, 0, p]
        out[i, 1] = sc.vals[1, 1, p]
        out[i, 2] = sc.vals[1, 2, p]


@njit
def best_move(st, t, et, sc, marks, level, n):
    """Returns the move among sc.moves[0, :n] with the best searched value for the player to move."""
    if n == 1:
        return sc.moves[0, 0]
    p = lay.to_move(st)
    game0 = lay.game(st)
    top = -1e300
    chosen = sc.moves[0, 0]
    for i in range(n):
        copy_state(sc.states[1], st)
        sc.ev[0] = 0
        k.play(sc.states[1], t, marks, sc.moves[0, i], sc.ev)
        chance_value(1, level, t, et, sc, game0)
        v = objective(sc.vals[1], p)
        if v > top:
            top = v
            chosen = sc.moves[0, i]
    return chosen
