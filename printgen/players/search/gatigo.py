"""The GATIGO paper's players: a move weight per token (S0–S3) and a tie-breaker (T0–T2), in jitted code.

Read as the paper defines them (section III.A, III.B), with the box types of the ruleset's cells:
s and e boxes are the cells where a bounce can happen (capture cells), d boxes give an extra turn
(rounded), p boxes take a toll (wedge). Where the paper is silent:
- S2 for a token still in the hand (it is on no box): the neutral 0.5.
- S3 is the expected S1 weight of the token's next landing, over the exact distribution of the
  next cast, on the board as the move leaves it; a cast on which the token could not move (no
  score, overshooting its end, a blocked box) counts the neutral 0.5; a move that brings the
  token home keeps its S1 weight, 1.
- Tied weights (within 1e-9) go to the tie-breaker; T1 and T2 rank tokens by how far along their
  path they are (a token in the hand is furthest behind); T0 draws from the seeded kernel random source.
- Bets (rulesets that bet each game, which the paper's does not): the smallest bet.
"""

from __future__ import annotations

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import inline, njit
from printgen.engine.rng import next_u32

S0, S1, S2, S3 = 0, 1, 2, 3
T0, T1, T2 = 0, 1, 2
W_END, W_BOUNCE, W_EXTRA, W_TOLL, W_EXPOSED, W_NEUTRAL = 1.0, 1.0, 0.9, 0.1, 0.4, 0.6  # S1
W_AT_RISK, W_SAFE = 1.0, 0.5  # S2
W_STUCK = 0.5  # S3: the token cannot move on that cast
TIE = 1e-9


@inline
def landing_weight(st, t, p, cell, step, vacated):
    """S1: the weight of a token of p landing on cell at this step of its path; `vacated` counts as empty."""
    if step == t.n_cells - 1:
        return W_END
    f = t.flags[cell]
    if f & k.F_CAPTURE:
        occ = lay.occupant(st, cell)
        if occ != 0 and cell != vacated and t.team[lay.owner(occ)] != t.team[p]:
            return W_BOUNCE
        return W_EXPOSED
    if f & k.F_ROUNDED:
        return W_EXTRA
    if f & k.F_WEDGE:
        return W_TOLL
    return W_NEUTRAL


@inline
def move_steps(st, t, p, code, score):
    """Returns (direction index, step before (-1 from the hand), step after) of a piece move or entry."""
    if code == k.ENTER_CW:
        return 0, -1, score - 1
    if code == k.ENTER_CCW:
        return 1, -1, score - 1
    d = lay.dir_index(st, p)
    q = lay.progress(st, p, code)
    return d, q, q + score


@njit
def next_landing_weight(st, t, probs, p, d, q, q1):
    """S3: the expected S1 weight of the next landing of a token moved from step q to q1."""
    n = t.n_cells
    if q1 == n - 1:
        return W_END
    vacated = t.path[p, d, q] if q >= 0 else -1
    w = 0.0
    for m in range(probs.shape[0]):
        s = t.scores[m]
        q2 = q1 + s
        if s == 0 or q2 > n - 1:
            w += probs[m] * W_STUCK
            continue
        cell = t.path[p, d, q2]
        occ = lay.occupant(st, cell)
        free = occ == 0 or cell == vacated
        if not free and (t.flags[cell] & k.F_CAPTURE) != 0 and t.team[lay.owner(occ)] != t.team[p]:
            free = True
        w += probs[m] * (landing_weight(st, t, p, cell, q2, vacated) if free else W_STUCK)
    return w


@njit
def move_weight(st, t, probs, strategy, marks, code):
    """Returns the move weight the strategy gives the token this move would move."""
    if strategy == S0:
        return 1.0
    p = lay.to_move(st)
    d, q, q1 = move_steps(st, t, p, code, t.scores[marks])
    if strategy == S1:
        return landing_weight(st, t, p, t.path[p, d, q1], q1, -1)
    if strategy == S2:
        if q < 0:
            return W_SAFE
        return W_AT_RISK if t.flags[t.path[p, d, q]] & k.F_CAPTURE else W_SAFE
    return next_landing_weight(st, t, probs, p, d, q, q1)


@njit
def choose(st, t, probs, strategy, tiebreak, marks, moves, n, weights, rng):
    """Returns the move the S–T player picks among moves[:n] for this cast."""
    if n == 1:
        return moves[0]
    if lay.phase(st) == k.PHASE_BET:
        return moves[0]  # the smallest bet
    p = lay.to_move(st)
    score = t.scores[marks]
    best = -1.0
    for i in range(n):
        weights[i] = move_weight(st, t, probs, strategy, marks, moves[i])
        best = max(best, weights[i])
    tied = 0
    for i in range(n):
        if weights[i] >= best - TIE:
            tied += 1
    if tiebreak == T0:
        pick = next_u32(rng) % tied
        for i in range(n):
            if weights[i] >= best - TIE:
                if pick == 0:
                    return moves[i]
                pick -= 1
    chosen = -1
    chosen_q = 0
    for i in range(n):
        if weights[i] < best - TIE:
            continue
        q = move_steps(st, t, p, moves[i], score)[1]
        if chosen < 0 or (tiebreak == T1 and q > chosen_q) or (tiebreak == T2 and q < chosen_q):
            chosen = i
            chosen_q = q
    return moves[chosen]
