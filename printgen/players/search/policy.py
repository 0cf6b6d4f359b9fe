"""One entry point for every computer player in jitted code: a player is a spec row (kind, a, b).

Kinds: RANDOM (uniform among legal moves and bets), GATIGO (a = strategy S0–S3, b = tie-breaker
T0–T2), ADVISOR (a = search level, b = the evaluation's model: 0 today's, searched by the pruned search
of `search_star.py`; 1 the advisor of 2026, searched by the plain search it had), NOISY (the advisor at
level a with noise of deviation b ten-thousandths on its values: the named strengths below the strongest),
ROLLOUT (a = playouts per move) and SEARCH_2026 (today's evaluation searched by the plain search of 2026 to
level a, without filtering: the advisor as it played before the pruned search, kept for comparison).
Contest loops call `choose` with the legal moves already in sc.moves[0, :n]; Python code goes through
`registry.Player`.
"""

from __future__ import annotations

from printgen.engine.jit import njit
from printgen.engine.rng import next_u32
from printgen.players.evaluation.features import MODEL_2026, MODEL_NOW
from printgen.players.search import gatigo, rollout
from printgen.players.search import plain as search
from printgen.players.search import pruned as search_star
from printgen.players.search.levels import NOISE_UNIT

RANDOM, GATIGO, ADVISOR, NOISY, ROLLOUT, SEARCH_2026 = 0, 1, 2, 3, 4, 5


@njit
def choose(st, t, et, sc, spec, marks, n, rng):
    """Returns the move the player `spec` plays at st for this cast, among sc.moves[0, :n]."""
    if n == 1:
        return sc.moves[0, 0]
    kind = spec[0]
    if kind == GATIGO:
        return gatigo.choose(st, t, et.probs, spec[1], spec[2], marks, sc.moves[0], n, sc.weights, rng)
    if kind == ADVISOR and spec[2] != MODEL_2026:
        sc.model[0] = spec[2]
        return search_star.best_move(st, t, et, sc, marks, spec[1], n, 0.0, rng, search_star.NO_FILTER)
    if kind == ADVISOR or kind == SEARCH_2026:
        sc.model[0] = spec[2]
        return search.best_move(st, t, et, sc, marks, spec[1], n)
    if kind == NOISY:
        sc.model[0] = MODEL_NOW
        return search_star.best_move(st, t, et, sc, marks, spec[1], n, spec[2] * NOISE_UNIT, rng,
                                     search_star.NO_FILTER)
    if kind == ROLLOUT:
        return rollout.best_move(st, t, et, sc, marks, n, spec[1], rng)
    return sc.moves[0, next_u32(rng) % n]
