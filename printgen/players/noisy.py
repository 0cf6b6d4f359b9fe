"""A fallible advisor: the search's value of every move plus Gaussian noise, as GNU Backgammon's weaker players.

The noise is drawn afresh for each move from the contest's seeded random source, with a standard
deviation `sigma` in units of the chance to win the contest: moves whose values lie within about sigma
of the best are confused with it, while a move far worse is still rarely chosen. So a beginner makes
the mistakes a person makes (misjudging close choices) rather than random ones.
"""

from __future__ import annotations

import math

from printgen.engine import kernel as k
from printgen.engine.jit import njit
from printgen.engine.rng import next_u32
from printgen.players.search import chance_value, copy_state, objective

NOISE_UNIT = 1e-4  # a player spec writes sigma in ten-thousandths of the chance to win the contest


@njit
def gauss(rng):
    """Returns a standard normal draw from the kernel random source (Box–Muller)."""
    u1 = (next_u32(rng) + 1.0) / 4294967297.0
    u2 = next_u32(rng) / 4294967296.0
    return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


@njit
def noisy_move(st, t, et, sc, marks, level, sigma, n, rng):
    """Returns the move among sc.moves[0, :n] whose searched value plus noise of deviation sigma is highest."""
    p = st[k.H_TO_MOVE]
    game0 = st[k.H_GAME]
    top = -1e300
    chosen = sc.moves[0, 0]
    for i in range(n):
        copy_state(sc.states[1], st)
        sc.ev[0] = 0
        k.play(sc.states[1], t, marks, sc.moves[0, i], sc.ev)
        chance_value(1, level, t, et, sc, game0)
        v = objective(sc.vals[1], p) + sigma * gauss(rng)
        if v > top:
            top = v
            chosen = sc.moves[0, i]
    return chosen
