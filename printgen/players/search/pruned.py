"""The advisor's search, pruned: expectimax with Star1 cuts at chance nodes, a transposition table, move ordering,
iterative deepening and filtering at the root.

It values exactly what the plain search (`search.py`) values: each distinct score of the beans weighed by its
exact probability, the seat to move taking the move best for itself, the evaluation at the leaves. What it
saves is work whose result cannot change the decision.

- **Two players** (Ballard's Star1, 1983): every value is a chance to win, so it lies between known bounds
  (LO and HI, a little outside [0, 1 + GAME_WEIGHT] so no value sits on one). The search is alpha-beta on
  one number, the pair value x = (seat 0's objective + TOP - seat 1's) / 2, which seat 0 raises and seat 1
  lowers; for an evaluation whose chances sum to one (every built-in model: the two seats' chances to win
  the game, and the contest, add up to 1) it is seat 0's objective itself, so the choices are max-n's. A chance
  node is cut as soon as the scores already valued, with every score still to come at its bound, put it
  outside its window; each score's decision is searched in the window that could still change that.
- **Three and four players**: max-n, without cuts (values are not zero-sum, so no bound prunes safely); the
  table and ordering still apply.
- **Transposition table** (`search_tt.py`): chance nodes keyed by a hash of the state, used only at the same
  depth left (a chance node's value depends on it), exact values or bounds.
- **Order** (`search_order.py`): the table's best move first, then by static evaluation.
- **Iterative deepening** at the root: each level orders the next (the previous level's best first) and fills
  the table's best moves. With a margin, a root move whose value at one level is more than the margin below
  the best is not searched deeper (filtering; MARGIN, measured in docs/measurements.md).

Everything is iterative with per-depth buffers in the scratch (numba caches no recursion) and allocates nothing.
"""

from __future__ import annotations

import math

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.engine.rng import next_u32
from printgen.players.evaluation.exact import NOT_HELD, exact_value
from printgen.players.evaluation.features import MODEL_2026, V_CONTEST, V_GAME, V_ITEMS, evaluate_model
from printgen.players.search.ordering import order_moves
from printgen.players.search.plain import (
    C_GROUP,
    C_GROUPS,
    C_MARKS,
    C_MOVES,
    C_NEXT,
    C_PHASE,
    GAME_WEIGHT,
    copy_state,
    copy_values,
    objective,
)
from printgen.players.search.table import (
    EXACT,
    I_DEPTH,
    I_FLAG,
    LOWER,
    MAXG,
    NO_MOVE,
    UPPER,
    state_hash,
    tt_moves,
    tt_probe,
    tt_store,
)

TOP = 1.0 + GAME_WEIGHT  # the largest objective: the contest and the game won
LO, HI = -1e-3, TOP + 1e-3  # strict bounds of every value the search meets
W_A, W_B, W_ACC, W_P, W_GA, W_GB = range(6)  # columns of sc.win: node window, sum so far, its probability, score window
S_NODES, S_HITS = 0, 1  # counters in sc.stats
MARGIN = 0.05  # filtering under advise's time budget: root moves more than this below the best are not deepened
# (contests do not filter: it changed decisions in whole contests, docs/measurements.md)
NO_FILTER = -1.0  # a margin that filters nothing (and cuts at the root as plain Star1 does)
PH_PROBE, PH_SEARCH = 0, 1  # a chance node's phases: probing each score's first move (Star2), then searching
PROBE_FROM = 1  # probe chance nodes with at least this many casts left below them


@njit
def pair_value(vals):
    """Returns the two-player value x of a block of values: seat 0's objective when the chances sum to one."""
    return 0.5 * (objective(vals, 0) + TOP - objective(vals, 1))


@njit
def _enter(d, level, t, et, sc, game0, alpha, beta, pair):
    """Opens the chance node at depth d with window (alpha, beta); returns True if it is already valued (a leaf or
    the transposition table), its value in sc.xv[d] and sc.vals[d]."""
    st = sc.states[d]
    sc.stats[S_NODES] += 1
    # a leaf: the search's depth, the contest's end, or (where the game is the contest) an endgame table's position,
    # whose value is exact, so that a search over it finds it again
    if d > level or lay.phase(st) == k.PHASE_OVER or (t.one_game and sc.model[0] != MODEL_2026
                                                        and exact_value(st, t, et) != NOT_HELD):
        evaluate_model(st, t, et, game0, sc.vals[d], sc.fx, sc.model[0])
        if pair:
            sc.xv[d] = pair_value(sc.vals[d])
        return True
    left = level + 1 - d
    h = state_hash(st)
    sc.hkey[d] = h
    slot = tt_probe(sc, h)
    if slot >= 0 and sc.tt_info[slot, I_DEPTH] == left:
        flag = sc.tt_info[slot, I_FLAG]
        x = sc.tt_x[slot]
        if flag == EXACT or (flag == LOWER and x >= beta) or (flag == UPPER and x <= alpha):
            copy_values(sc.vals[d], sc.tt_vals[slot])
            sc.xv[d] = x
            sc.stats[S_HITS] += 1
            return True
    tt_moves(sc, d, slot)
    for r in range(3):
        for p in range(k.MAXP):
            sc.vals[d, r, p] = 0.0
    sc.win[d, W_A] = alpha
    sc.win[d, W_B] = beta
    sc.win[d, W_ACC] = 0.0
    sc.win[d, W_P] = 0.0
    groups = 1 if lay.phase(st) == k.PHASE_BET else et.n_groups
    sc.ctl[d, C_GROUP] = 0
    sc.ctl[d, C_GROUPS] = groups
    probe = pair and 1 < groups <= MAXG and PROBE_FROM <= left
    sc.ctl[d, C_PHASE] = PH_PROBE if probe else PH_SEARCH
    if pair and groups <= MAXG:
        unknown = LO if lay.to_move(st) == 0 else HI  # no bound yet on a score's value from the probe's side
        for g in range(groups):
            sc.pb[d, g] = unknown
            sc.pex[d, g] = 0
    _begin_group(d, level, t, et, sc, game0, pair)
    return False


@njit
def _prob_of(d, g, et, sc):
    """Returns the probability of score g of the chance node at depth d."""
    return 1.0 if lay.phase(sc.states[d]) == k.PHASE_BET else et.group_prob[g]


@njit
def _later(d, et, sc, other):
    """Returns the probability-weighted sum over the scores after the current one of their probe bounds (or, with
    groups beyond the bounds kept, of `other`) and of the scores before it."""
    g0 = sc.ctl[d, C_GROUP]
    groups = sc.ctl[d, C_GROUPS]
    after = 0.0
    before = 0.0
    for g in range(groups):
        prob = _prob_of(d, g, et, sc)
        bound = sc.pb[d, g] if groups <= MAXG else other
        if g > g0:
            after += prob * bound
        elif g < g0:
            before += prob * bound
    return after, before


@njit
def _begin_group(d, level, t, et, sc, game0, pair):
    """Lists and orders the moves of the chance node at depth d for its current score; sets the score's window."""
    st = sc.states[d]
    g = sc.ctl[d, C_GROUP]
    marks = 0 if lay.phase(st) == k.PHASE_BET else et.group_marks[g]
    sc.ctl[d, C_MARKS] = marks
    n = k.legal_moves(st, t, marks, sc.moves[d])
    sc.ctl[d, C_MOVES] = n
    sc.ctl[d, C_NEXT] = 0
    mover = lay.to_move(st)
    first = sc.gbest[d, g] if g < MAXG else NO_MOVE
    order_moves(d, level - d, t, et, sc, game0, marks, n, first, mover, -1.0 if pair and mover == 1 else 1.0, pair)
    if not pair:
        sc.top[d] = -1e300
        return
    prob = _prob_of(d, g, et, sc)
    rest = max(0.0, 1.0 - sc.win[d, W_P] - prob)
    if sc.ctl[d, C_PHASE] == PH_PROBE:  # the window in which the first move proves a bound that cuts the node
        after, before = _later(d, et, sc, 0.0)
        if mover == 0:
            sc.win[d, W_GA] = LO
            sc.win[d, W_GB] = min(HI, (sc.win[d, W_B] - before - LO * rest) / prob)
        else:
            sc.win[d, W_GA] = max(LO, (sc.win[d, W_A] - before - HI * rest) / prob)
            sc.win[d, W_GB] = HI
        return
    # Star1, tightened by the probes (Star2): the scores still to come lie between a bound and the probe's
    after, before = _later(d, et, sc, LO if mover == 0 else HI)
    lo_rest = after if mover == 0 else LO * rest
    hi_rest = HI * rest if mover == 0 else after
    sc.win[d, W_GA] = max(LO, (sc.win[d, W_A] - sc.win[d, W_ACC] - hi_rest) / prob)
    sc.win[d, W_GB] = min(HI, (sc.win[d, W_B] - sc.win[d, W_ACC] - lo_rest) / prob)
    sc.bx[d] = LO - 1.0 if mover == 0 else HI + 1.0


@njit
def _take(d, sc, pair):
    """Takes the value of the move just searched (the chance node at d + 1) into the decision at depth d; returns
    True if it cuts the rest of the decision's moves."""
    i = sc.ctl[d, C_NEXT]
    sc.ctl[d, C_NEXT] = i + 1
    g = sc.ctl[d, C_GROUP]
    mover = lay.to_move(sc.states[d])
    if pair:
        v = sc.xv[d + 1]
        if (v > sc.bx[d]) if mover == 0 else (v < sc.bx[d]):
            sc.bx[d] = v
            copy_values(sc.best[d], sc.vals[d + 1])
            if g < MAXG:
                sc.gbest[d, g] = sc.moves[d, sc.order[d, i]]
        return v >= sc.win[d, W_GB] if mover == 0 else v <= sc.win[d, W_GA]
    v = objective(sc.vals[d + 1], mover)
    if v > sc.top[d]:
        sc.top[d] = v
        copy_values(sc.best[d], sc.vals[d + 1])
        if g < MAXG:
            sc.gbest[d, g] = sc.moves[d, sc.order[d, i]]
    return False


@njit
def _take_probe(d, level, t, et, sc, game0):
    """Takes the value of a score's first move (the chance node at d + 1), a bound on that score's value, into
    the chance node at depth d; returns True if the bounds so far cut the node (its value then in sc.xv[d])."""
    g = sc.ctl[d, C_GROUP]
    c = d + 1
    v = sc.xv[c]
    sc.pb[d, g] = v
    if sc.win[d, W_GA] < v < sc.win[d, W_GB]:  # exact: the search pass takes it without searching the move again
        sc.pex[d, g] = 1
        sc.pvx[d, g] = v
        copy_values(sc.pvals[d, g], sc.vals[c])
    prob = _prob_of(d, g, et, sc)
    sc.win[d, W_P] += prob
    rest = max(0.0, 1.0 - sc.win[d, W_P])
    after, before = _later(d, et, sc, 0.0)
    total = before + prob * v
    if lay.to_move(sc.states[d]) == 0:
        if total + LO * rest >= sc.win[d, W_B]:
            sc.xv[d] = total + LO * rest
            sc.flag[d] = LOWER
            return True
    elif total + HI * rest <= sc.win[d, W_A]:
        sc.xv[d] = total + HI * rest
        sc.flag[d] = UPPER
        return True
    g += 1
    if g == sc.ctl[d, C_GROUPS]:  # every score probed, no cut: search them
        g = 0
        sc.ctl[d, C_PHASE] = PH_SEARCH
        sc.win[d, W_P] = 0.0
    sc.ctl[d, C_GROUP] = g
    _begin_group(d, level, t, et, sc, game0, True)
    return False


@njit
def _close_group(d, et, sc, pair):
    """Adds the current score's decision to the chance node at depth d; returns True when the node is valued (every
    score done, or cut: its value then a bound, in sc.flag[d])."""
    g = sc.ctl[d, C_GROUP]
    prob = _prob_of(d, g, et, sc)
    if pair:
        v = sc.bx[d]
        rest = max(0.0, 1.0 - sc.win[d, W_P] - prob)
        after, before = _later(d, et, sc, LO if lay.to_move(sc.states[d]) == 0 else HI)
        if v <= sc.win[d, W_GA]:
            sc.xv[d] = sc.win[d, W_ACC] + prob * v + (HI * rest if lay.to_move(sc.states[d]) == 0 else after)
            sc.flag[d] = UPPER
            return True
        if v >= sc.win[d, W_GB]:
            sc.xv[d] = sc.win[d, W_ACC] + prob * v + (after if lay.to_move(sc.states[d]) == 0 else LO * rest)
            sc.flag[d] = LOWER
            return True
        sc.win[d, W_ACC] += prob * v
    sc.win[d, W_P] += prob
    for r in range(3):
        for p in range(k.MAXP):
            sc.vals[d, r, p] += prob * sc.best[d, r, p]
    sc.ctl[d, C_GROUP] += 1
    if sc.ctl[d, C_GROUP] < sc.ctl[d, C_GROUPS]:
        return False
    sc.xv[d] = sc.win[d, W_ACC]
    sc.flag[d] = EXACT
    return True


@njit
def _child_done(d, level, t, et, sc, game0, pair):
    """Takes the value of the child just valued into the node at depth d; returns True if that values the node."""
    if sc.ctl[d, C_PHASE] == PH_PROBE:
        return _take_probe(d, level, t, et, sc, game0)
    if _take(d, sc, pair):
        sc.ctl[d, C_NEXT] = sc.ctl[d, C_MOVES]
    return False


@njit
def run(d0, level, t, et, sc, game0, pair, budget):
    """Goes on searching the chance node at depth d0 (opened by `_enter`) from where it last paused (depth sc.at[0]),
    for at most `budget` nodes (no limit if negative); returns True when its value is in sc.xv[d0] and sc.vals[d0],
    False when paused."""
    d = sc.at[0]
    nodes = 0
    while True:
        if budget >= 0 and nodes >= budget:
            sc.at[0] = d
            return False
        nodes += 1
        i = sc.ctl[d, C_NEXT]
        probing = sc.ctl[d, C_PHASE] == PH_PROBE
        done = False
        if i < sc.ctl[d, C_MOVES] and not (probing and i > 0):
            c = d + 1
            g = sc.ctl[d, C_GROUP]
            if i == 0 and not probing and g < MAXG and sc.pex[d, g] == 1:  # the probe's exact value
                copy_values(sc.vals[c], sc.pvals[d, g])
                sc.xv[c] = sc.pvx[d, g]
                done = _child_done(d, level, t, et, sc, game0, pair)
            else:
                copy_state(sc.states[c], sc.states[d])
                sc.ev[0] = 0
                k.play(sc.states[c], t, sc.ctl[d, C_MARKS], sc.moves[d, sc.order[d, i]], sc.ev)
                a, b = LO, HI
                if pair:
                    if probing or lay.to_move(sc.states[d]) != 0:
                        a = sc.win[d, W_GA]
                    else:
                        a = max(sc.win[d, W_GA], sc.bx[d])
                    if probing or lay.to_move(sc.states[d]) == 0:
                        b = sc.win[d, W_GB]
                    else:
                        b = min(sc.win[d, W_GB], sc.bx[d])
                if not _enter(c, level, t, et, sc, game0, a, b, pair):
                    d = c
                    continue
                done = _child_done(d, level, t, et, sc, game0, pair)
            if not done:
                continue
        elif not _close_group(d, et, sc, pair):
            _begin_group(d, level, t, et, sc, game0, pair)
            continue
        while True:  # the node at depth d is valued: store it, and hand its value up
            tt_store(sc, d, level + 1 - d, sc.ctl[d, C_GROUPS])
            if d == d0:
                return True
            d -= 1
            if not _child_done(d, level, t, et, sc, game0, pair):
                break


# ---- the root: one decision ----

@njit
def root_window(p, floor, pair):
    """Returns the window (of the pair value) in which a root move of seat p scoring above `floor` is exact."""
    if not pair:
        return LO, HI
    if p == 0:
        return max(LO, floor), HI
    return LO, min(HI, TOP - floor)


@njit
def open_move(st, t, et, sc, marks, i, level, floor, pair):
    """Plays the root move sc.moves[0, i] into sc.states[1] and opens its search, exact if it scores above `floor`;
    returns True if already valued, False if `run(1, ...)` must go on with it."""
    copy_state(sc.states[1], st)
    sc.ev[0] = 0
    k.play(sc.states[1], t, marks, sc.moves[0, i], sc.ev)
    a, b = root_window(lay.to_move(st), floor, pair)
    if _enter(1, level, t, et, sc, lay.game(st), a, b, pair):
        return True
    sc.at[0] = 1
    return False


@njit
def root_score(sc, p, pair):
    """Returns what seat p, at the root, gets from the move just valued (sc.vals[1]): its objective."""
    if pair:
        return sc.xv[1] if p == 0 else TOP - sc.xv[1]
    return objective(sc.vals[1], p)


@njit
def root_order(sc, n):
    """Writes into sc.order[0] the alive root moves, best score (sc.rootv) first; returns how many there are."""
    m = 0
    for i in range(n):
        if sc.alive[i]:
            sc.order[0, m] = i
            m += 1
    for i in range(1, m):
        j = i
        while j > 0 and sc.rootv[sc.order[0, j - 1]] < sc.rootv[sc.order[0, j]]:
            a = sc.order[0, j - 1]
            sc.order[0, j - 1] = sc.order[0, j]
            sc.order[0, j] = a
            j -= 1
    return m


@njit
def search_level(st, t, et, sc, marks, level, n, pair, floor_margin):
    """Values the alive root moves (sc.alive) at `level`, the best of the last level first; writes each move's score
    into sc.rootv and returns the best move's index. A move is searched in the window that decides whether it
    scores above the best so far less floor_margin: its score is exact if it does, else a bound below that
    (0: plain Star1 at the root; infinite: every move exact)."""
    p = lay.to_move(st)
    m = root_order(sc, n)
    best = -1e300
    chosen = sc.order[0, 0]
    for j in range(m):
        i = sc.order[0, j]
        if not open_move(st, t, et, sc, marks, i, level, best - floor_margin, pair):
            run(1, level, t, et, sc, lay.game(st), pair, -1)
        s = root_score(sc, p, pair)
        sc.rootv[i] = s
        if s > best:
            best = s
            chosen = i
    return chosen


@njit
def gauss(rng):
    """Returns a standard normal draw from the kernel random source (Box–Muller)."""
    u1 = (next_u32(rng) + 1.0) / 4294967297.0
    u2 = next_u32(rng) / 4294967296.0
    return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


@njit
def best_move(st, t, et, sc, marks, level, n, sigma, rng, margin):
    """Returns the move among sc.moves[0, :n] with the best searched value for the player to move.

    With sigma > 0 every move is valued exactly at `level` and gets Gaussian noise of that deviation (drawn in
    the moves' order from rng), the highest sum played: the named strengths below the strongest. Otherwise the
    search deepens from level 0 to `level`, each level ordering the next, and with margin >= 0 a move more than
    `margin` below the best at one level is not searched at the next (NO_FILTER: none dropped).
    """
    if n == 1:
        return sc.moves[0, 0]
    sc.gen[0] += 1
    pair = t.n_players == 2
    for i in range(n):
        sc.alive[i] = 1
        sc.rootv[i] = 0.0
    if sigma > 0.0:
        search_level(st, t, et, sc, marks, level, n, pair, math.inf)
        top = -1e300
        chosen = 0
        for i in range(n):
            v = sc.rootv[i] + sigma * gauss(rng)
            if v > top:
                top = v
                chosen = i
        return sc.moves[0, chosen]
    chosen = 0
    for lv in range(level + 1):
        chosen = search_level(st, t, et, sc, marks, lv, n, pair, 0.0)
        if margin >= 0.0 and lv < level:
            floor = sc.rootv[chosen] - margin
            for i in range(n):
                if sc.alive[i] and sc.rootv[i] <= floor:
                    sc.alive[i] = 0
    return sc.moves[0, chosen]


@njit
def move_values(sc, p, out, i):
    """Writes the root move just valued (sc.vals[1]) into out[i]: seat p's chance to win the game, items, contest."""
    out[i, 0] = sc.vals[1, V_GAME, p]
    out[i, 1] = sc.vals[1, V_ITEMS, p]
    out[i, 2] = sc.vals[1, V_CONTEST, p]
