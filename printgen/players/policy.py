"""One entry point for every computer player in jitted code: a player is a spec row (kind, a, b).

Kinds: RANDOM (uniform among legal moves and bets), GATIGO (a = strategy S0–S3, b = tie-breaker
T0–T2), ADVISOR (a = search level, b = the evaluation's model: 0 today's, 1 the advisor of 2026),
NOISY (the advisor at level a with noise of deviation b ten-thousandths on its values: the named
strengths below the strongest) and ROLLOUT (a = playouts per move). Contest loops call `choose`
with the legal moves already in sc.moves[0, :n]; Python code goes through `registry.Player`.
"""

from __future__ import annotations

from printgen.engine.jit import njit
from printgen.engine.rng import next_u32
from printgen.players import gatigo, noisy, rollout, search

RANDOM, GATIGO, ADVISOR, NOISY, ROLLOUT = 0, 1, 2, 3, 4


@njit
def choose(st, t, et, sc, spec, marks, n, rng):
    """Returns the move the player `spec` plays at st for this cast, among sc.moves[0, :n]."""
    if n == 1:
        return sc.moves[0, 0]
    kind = spec[0]
    if kind == GATIGO:
        return gatigo.choose(st, t, et.probs, spec[1], spec[2], marks, sc.moves[0], n, sc.weights, rng)
    if kind == ADVISOR:
        sc.model[0] = spec[2]
        return search.best_move(st, t, et, sc, marks, spec[1], n)
    if kind == NOISY:
        sc.model[0] = 0  # today's evaluation
        return noisy.noisy_move(st, t, et, sc, marks, spec[1], spec[2] * noisy.NOISE_UNIT, n, rng)
    if kind == ROLLOUT:
        return rollout.best_move(st, t, et, sc, marks, n, spec[1], rng)
    return sc.moves[0, next_u32(rng) % n]
