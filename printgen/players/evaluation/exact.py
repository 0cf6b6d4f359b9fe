"""Exact values from an endgame table, in compiled code: the evaluation's chance to win the game where the table
holds the position, and the chance after each legal move, for the advisor's answer.

The table comes with the evaluation tables (`EvalTables.end_shape`, `end_binom`, `end_values`; none where
end_shape[E_PIECES] is 0): its values are the chance that the seat to move wins the game under perfect play,
the economy left out (`solve/endgame.py` says why that is exact and what it leaves out).
"""

from __future__ import annotations

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.players.solve.index import E_HOLD, E_PIECES, endgame_index

NOT_HELD = -1.0  # the value of a position the table does not hold


@njit
def exact_value(st, t, et):
    """Returns the chance that the seat to move in st wins the game being played under perfect play, as the
    endgame table values it, or NOT_HELD where the table does not hold st (no table, another phase, more pieces
    left than it holds, three or more seats, a seat out of the contest or too poor to make the largest payment:
    its ruin is what the table leaves out)."""
    held = et.end_shape[E_PIECES]
    if held == 0 or t.n_players != 2 or lay.phase(st) != k.PHASE_MOVE:
        return NOT_HELD
    if lay.borne_off(st, 0) < t.n_pieces - held or lay.borne_off(st, 1) < t.n_pieces - held:
        return NOT_HELD
    hold = et.end_shape[E_HOLD]
    if not (lay.solvent(st, 0) and lay.solvent(st, 1)) or lay.holding(st, 0) < hold or lay.holding(st, 1) < hold:
        return NOT_HELD
    i = endgame_index(st, t, et.end_shape, et.end_binom)
    if i < 0 or i >= et.end_values.shape[0]:
        return NOT_HELD
    return et.end_values[i]


@njit
def values_after(st, t, et, marks, moves, n, out, work, ev):
    """Writes into out[i] the exact chance that the seat to move wins the game after moves[i] of a cast (1 or 0
    where the move ends it), or NOT_HELD where the table does not hold the position it leads to; returns how
    many are exact."""
    p = lay.to_move(st)
    game = lay.game(st)
    held = 0
    for i in range(n):
        for j in range(st.shape[0]):
            work[j] = st[j]
        ev[0] = 0
        k.play(work, t, marks, moves[i], ev)
        if lay.phase(work) == k.PHASE_OVER or lay.game(work) != game:
            w = lay.winner(work) if lay.phase(work) == k.PHASE_OVER else lay.last_winner(work)
            out[i] = 1.0 if w >= 0 and t.team[w] == t.team[p] else 0.0
            held += 1
            continue
        v = exact_value(work, t, et)
        if v == NOT_HELD:
            out[i] = NOT_HELD
            continue
        out[i] = v if lay.to_move(work) == p else 1.0 - v
        held += 1
    return held
