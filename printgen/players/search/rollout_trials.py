"""Rollouts with variance reduction, in compiled code: each candidate move played out to the game's end, gnubg-style.

A rollout's number is a mean over trials, and its worth is its interval. Three things shrink that interval for a
given number of trials, each switched by a bit of `flags` so that its effect can be measured:

- COMMON casts: in trial i each seat draws its casts from its own random source seeded by (seed, i, seat) whatever
  the move, so every candidate meets the same beans and the differences between moves lose part of the casts'
  noise (common random numbers; one source per seat keeps a seat's casts its own when an extra turn or a recast
  puts the seats out of step);
- STRATIFIED first casts: the first cast after the move runs over the bean outcomes in proportion to their exact
  chances (trial i's from the inverse of the distribution at (i + u) / T, one u per rollout), as gnubg rotates the
  first roll, instead of being drawn;
- LUCK adjustment: at every cast of a playout the luck of the cast, the value (by the evaluation, level 0) of the
  position its best move leaves less the same averaged over every cast by its exact chance, is summed, and the
  trial's result is its outcome less that sum. Each luck has mean zero whatever the evaluation, so the mean stays
  the rollout's; what it takes away is the part of the outcome the evaluation saw coming (docs/rollouts.md measures
  how much: two thirds to four fifths of the variance in Bell, a quarter to a third in GATIGO).

The playouts are played by the advisor at level 0 (each seat takes the move whose position is best for it by the
evaluation, bets included), which the luck needs anyway: valuing every cast's best move is the luck's cost, about
as many evaluations per turn as there are distinct scores times moves. The outcome of a playout is the rollout
player's (`rollout.outcome`): the contest equity of the holdings at the game's end, or 1 and 0 where the game ends
the contest; and whether the game was won. Nothing allocates: every buffer comes in, so WebAssembly runs this
very code (`web/entries.py`).
"""

from __future__ import annotations

import math

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.engine.rng import M32, cast_marks, next_u32, seed_rng
from printgen.players.evaluation.features import V_CONTEST, V_GAME, evaluate_model
from printgen.players.search.plain import GAME_WEIGHT, copy_state
from printgen.players.search.rollout import PLAYOUT_TURNS, outcome

COMMON, STRATIFIED, LUCK = 1, 2, 4  # bits of `flags`
ALL = COMMON | STRATIFIED | LUCK
R_GAME, R_CONTEST = 0, 1  # a trial's results: the game won, the contest's value
S_GAME, S_GAME_SE, S_CONTEST, S_CONTEST_SE, S_DIFF, S_DIFF_SE = range(6)  # columns of the summary
SUMMARY = 6
TRIAL_STEP = 0x9E3779B1  # spreads the trials' seeds over 32 bits (the golden ratio's)
MOVE_STEP = 0x85EBCA6B  # and, without common casts, the moves'
U_SALT = 0x5BD1E995  # the seed of the stratification's u, apart from every trial's
SEAT_STEP = 0xC2B2AE35  # and each seat's own stream of casts within a trial


@njit
def trial_seed(seed, trial, move, seat, flags):
    """Returns the 32-bit seed of one seat's casts in one trial: the same for every move with common casts."""
    s = (seed & M32) + (trial + 1) * TRIAL_STEP + (seat + 1) * SEAT_STEP
    if not flags & COMMON:
        s += (move + 1) * MOVE_STEP
    return s & M32


@njit
def stratum_u(seed, rng):
    """Returns the rollout's one u in [0, 1) for its stratified first casts."""
    seed_rng(rng, (seed ^ U_SALT) & M32)
    return next_u32(rng) / 4294967296.0


@njit
def stratified_marks(probs, trial, trials, u):
    """Returns the marks of trial `trial`'s first cast: the exact distribution's inverse at (trial + u) / trials."""
    x = (trial + u) / trials
    c = 0.0
    last = 0
    for m in range(probs.shape[0]):
        if probs[m] <= 0.0:
            continue
        last = m
        c += probs[m]
        if x < c:
            return m
    return last  # x within rounding of 1


@njit
def _group_of(t, et, marks):
    """Returns the group of casts (distinct score) the marks belong to."""
    for g in range(et.n_groups):
        if t.scores[et.group_marks[g]] == t.scores[marks]:
            return g
    return 0


@njit
def _choose(t, et, sc, game0, marks, p, row):
    """Values the moves of sc.states[1] for a cast (by the evaluation, level 0): returns the one best for its mover
    and writes seat p's chances after it (game, contest) into sc.okey[row], sc.okey[row + 1]."""
    st = sc.states[1]
    child = sc.states[2]
    q = lay.to_move(st)
    n = k.legal_moves(st, t, marks, sc.moves[1])
    top = -1e300
    chosen = sc.moves[1, 0]
    for i in range(n):
        copy_state(child, st)
        sc.ev[0] = 0
        k.play(child, t, marks, sc.moves[1, i], sc.ev)
        evaluate_model(child, t, et, game0, sc.vals[2], sc.fx, sc.model[0])
        v = sc.vals[2, V_CONTEST, q] + GAME_WEIGHT * sc.vals[2, V_GAME, q]
        if v > top:
            top = v
            chosen = sc.moves[1, i]
            sc.okey[row] = sc.vals[2, V_GAME, p]
            sc.okey[row + 1] = sc.vals[2, V_CONTEST, p]
    return chosen


@njit
def play_trial(t, et, sc, game0, p, first, flags, rng, res):
    """Plays sc.states[1] to the end of game game0 (first cast `first` if >= 0, the rest from rng[q], the stream of
    the seat q casting) and writes seat p's results, luck-adjusted with LUCK, into res (R_GAME, R_CONTEST)."""
    st = sc.states[1]
    luck_game = 0.0
    luck_contest = 0.0
    for _ in range(PLAYOUT_TURNS):
        phase = lay.phase(st)
        if phase == k.PHASE_OVER or lay.game(st) != game0:
            break
        if phase == k.PHASE_BET:
            move = _choose(t, et, sc, game0, 0, p, 0)
            marks = 0
        else:
            if first >= 0:
                marks = first
                first = -1
            else:
                marks = cast_marks(t, rng[lay.to_move(st)])
            if flags & LUCK:
                g = _group_of(t, et, marks)
                mean_game = 0.0
                mean_contest = 0.0
                for h in range(et.n_groups):
                    sc.order[1, h] = _choose(t, et, sc, game0, et.group_marks[h], p, 2 + 2 * h)
                    mean_game += et.group_prob[h] * sc.okey[2 + 2 * h]
                    mean_contest += et.group_prob[h] * sc.okey[3 + 2 * h]
                luck_game += sc.okey[2 + 2 * g] - mean_game
                luck_contest += sc.okey[3 + 2 * g] - mean_contest
            if flags & LUCK and marks == et.group_marks[g]:
                move = sc.order[1, g]  # this cast's best move, valued just now
            else:
                move = _choose(t, et, sc, game0, marks, p, 0)
        sc.ev[0] = 0
        k.play(st, t, marks, move, sc.ev)
    if lay.phase(st) != k.PHASE_OVER and lay.game(st) == game0:  # still going after PLAYOUT_TURNS: as it stands
        evaluate_model(st, t, et, game0, sc.vals[2], sc.fx, sc.model[0])
        won = sc.vals[2, V_GAME, p]
        value = sc.vals[2, V_CONTEST, p]
    else:
        w = lay.winner(st) if lay.phase(st) == k.PHASE_OVER else lay.last_winner(st)
        won = 1.0 if w >= 0 and t.team[w] == t.team[p] else 0.0
        value = outcome(st, t, et, p)
    res[R_GAME] = won - luck_game
    res[R_CONTEST] = value - luck_contest


@njit
def run_trials(st, t, et, sc, marks, n, trials, lo, hi, seed, flags, rng, res, first):
    """Plays trials lo..hi-1 of every move sc.moves[0, :n] of the position st for this cast.

    res (n x trials x 2) gets each trial's results for the seat to move, first (trials) each trial's stratum (its
    first cast's marks, or -1 where the first cast is not stratified); rng (MAXP x 4) holds one random source per
    seat, so that each seat's k-th cast is the same whatever the move, even where an extra turn or a recast puts the
    seats' casts out of step.
    """
    p = lay.to_move(st)
    game0 = lay.game(st)
    u = stratum_u(seed, rng[0]) if flags & STRATIFIED else 0.0
    for i in range(lo, hi):
        f = stratified_marks(et.probs, i, trials, u) if flags & STRATIFIED else -1
        first[i] = f
        for m in range(n):
            for q in range(t.n_players):
                seed_rng(rng[q], trial_seed(seed, i, m, q, flags))
            copy_state(sc.states[1], st)
            sc.ev[0] = 0
            k.play(sc.states[1], t, marks, sc.moves[0, m], sc.ev)
            play_trial(t, et, sc, game0, p, f, flags, rng, res[m, i])
    return hi - lo


@njit
def _mean_se(res, first, m, best, col, trials):
    """Returns the mean of column col of move m's trials (less move best's, if best >= 0) and its standard error:
    from the variance within strata where the trials were stratified (pooled; plain where too few)."""
    total = 0.0
    for i in range(trials):
        total += res[m, i, col] - (res[best, i, col] if best >= 0 else 0.0)
    mean = total / trials
    if trials < 2:
        return mean, 0.0
    plain = 0.0
    for i in range(trials):
        d = res[m, i, col] - (res[best, i, col] if best >= 0 else 0.0) - mean
        plain += d * d
    if first[0] < 0:
        return mean, math.sqrt(plain / (trials - 1) / trials)
    within = 0.0
    strata = 0
    for h in range(64):
        count = 0
        s = 0.0
        for i in range(trials):
            if first[i] == h:
                count += 1
                s += res[m, i, col] - (res[best, i, col] if best >= 0 else 0.0)
        if count == 0:
            continue
        strata += 1
        hm = s / count
        for i in range(trials):
            if first[i] == h:
                d = res[m, i, col] - (res[best, i, col] if best >= 0 else 0.0) - hm
                within += d * d
    if trials - strata < 2:
        return mean, math.sqrt(plain / (trials - 1) / trials)
    return mean, math.sqrt(within / (trials - strata) / trials)


@njit
def summarize(res, first, n, trials, out):
    """Writes each move's means and standard errors (n x SUMMARY: game, contest, and the contest less the best
    move's, paired trial by trial) into out; returns the best move (by the contest, then the game)."""
    best = 0
    top = -1e300
    for m in range(n):
        out[m, S_GAME], out[m, S_GAME_SE] = _mean_se(res, first, m, -1, R_GAME, trials)
        out[m, S_CONTEST], out[m, S_CONTEST_SE] = _mean_se(res, first, m, -1, R_CONTEST, trials)
        v = out[m, S_CONTEST] + GAME_WEIGHT * out[m, S_GAME]
        if v > top:
            top = v
            best = m
    for m in range(n):
        if m == best:
            out[m, S_DIFF], out[m, S_DIFF_SE] = 0.0, 0.0
        else:
            out[m, S_DIFF], out[m, S_DIFF_SE] = _mean_se(res, first, m, best, R_CONTEST, trials)
    return best
