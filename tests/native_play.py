"""Whole contests by the engine's own compiled functions, in one compiled loop: the reference the WebAssembly
module's contests are compared with (tests/test_web_conformance.py).

The loop is the one a person could write from Python (cast, legal moves, the advisor's move, play), compiled so that
two hundred contests of tens of thousands of turns each take a second rather than the minute that calling each
function from Python took (numba's dispatch of the rules' two dozen tables costs microseconds a call). It is cached
on disk like the package's code; numba checks it against this file, and the package's code it calls names the
cache folder (printgen/engine/jit.py).
"""

from __future__ import annotations

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.engine.rng import cast_marks
from printgen.players.search.pruned import NO_FILTER, best_move


@njit
def contest_moves(st, t, et, sc, ev, rng, level, out):  # type: ignore[no-untyped-def]
    """Plays one contest from its start by the advisor at `level` in every seat, writing (marks, move) pairs to out
    until it is over or out is full; returns the number of numbers written."""
    k.init_contest(st, t, ev)
    written = 0
    while lay.phase(st) != k.PHASE_OVER and written + 2 <= out.shape[0]:
        marks = cast_marks(t, rng) if lay.phase(st) != k.PHASE_BET else 0
        n = k.legal_moves(st, t, marks, sc.moves[0])
        move = best_move(st, t, et, sc, marks, level, n, 0.0, rng, NO_FILTER)
        ev[0] = 0
        k.play(st, t, marks, move, ev)
        out[written] = marks
        out[written + 1] = move
        written += 2
    return written
