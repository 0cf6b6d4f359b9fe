"""Whether a state array is safe for the compiled kernel under a game's tables: every word it uses as an index in range.

The kernel runs without bounds checks, so a state that did not come from it (a save read back, a state sent by a
page, a state of another ruleset) is checked here first: a piece's progress past its path, a cell's occupant of
a seat that does not play, a seat to move out of range would make the kernel read or write outside its arrays.
This is not the whole legality of a position (`position.build` says what is wrong with one in words); it is the
part the machine needs, compiled so the WebAssembly engine checks with the same code (`web/entries.py`).
"""

from __future__ import annotations

from printgen.engine import kernel as k
from printgen.engine.jit import inline, njit
from printgen.engine.layout import (
    H_BANKRUPTCIES,
    H_GAME,
    H_LAST_WINNER,
    H_OFFERING,
    H_PHASE,
    H_POOL,
    H_STARTER,
    H_TO_MOVE,
    H_WINNER,
    HAND,
    K0,
    MAXK,
    MAXP,
    O0,
    OUT,
    P_BANKRUPT,
    P_DIR,
    P_HAND,
    P_HOLD,
    P_HOME,
    P_IN_OPENING,
    P_ON_BOARD,
    P_PENALTY,
    P_THROW,
    PEN_MISS,
    dir_index,
    pb,
)

# What is wrong, the first found (0: nothing).
(SAFE, BAD_PHASE, BAD_SEAT_TO_MOVE, BAD_SEAT_WORD, BAD_ITEMS, BAD_SEAT_FLAGS, BAD_COUNTS, BAD_PIECE, BAD_CELL,
 BAD_PENALTY, BAD_THROW) = range(11)
FAULT_NAMES = ("safe", "phase", "seat to move", "winner or starter", "items", "seat flags", "piece counts",
               "piece progress", "cell occupant", "penalty", "opening throw")


@inline
def _bit(v):
    return v == 0 or v == 1


@njit
def state_fault(st, t):
    """Returns SAFE if the kernel may play the state st under tables t, else the first problem's code."""
    n = t.n_cells
    if st[H_PHASE] < k.PHASE_OPENING or st[H_PHASE] > k.PHASE_OVER:
        return BAD_PHASE
    if st[H_TO_MOVE] < 0 or st[H_TO_MOVE] >= t.n_players:
        return BAD_SEAT_TO_MOVE
    for h in (H_WINNER, H_STARTER, H_LAST_WINNER):
        if st[h] < -1 or st[h] >= t.n_players:
            return BAD_SEAT_WORD
    if st[H_POOL] < 0 or st[H_OFFERING] < 0 or st[H_GAME] < 0 or st[H_BANKRUPTCIES] < 0:
        return BAD_ITEMS
    for p in range(MAXP):
        b = pb(p)
        if st[b + P_HOLD] < 0:
            return BAD_ITEMS
        if not (_bit(st[b + P_BANKRUPT]) and _bit(st[b + P_IN_OPENING]) and -1 <= st[b + P_DIR] <= 1):
            return BAD_SEAT_FLAGS
        if p >= t.n_players:
            if st[b + P_BANKRUPT] != 1 or st[b + P_HAND] != 0 or st[b + P_HOME] != 0 or st[b + P_ON_BOARD] != 0:
                return BAD_COUNTS
            for i in range(MAXK):
                if st[K0 + p * MAXK + i] != 0:
                    return BAD_PIECE
            continue
        if st[b + P_THROW] < -1:
            return BAD_THROW
        if st[b + P_PENALTY] < PEN_MISS or st[b + P_PENALTY] > t.n_pieces:
            return BAD_PENALTY
        hand = home = board = 0
        for i in range(MAXK):
            prog = st[K0 + p * MAXK + i]
            if i >= t.n_pieces:
                if prog != 0:
                    return BAD_PIECE
                continue
            if prog == HAND:
                hand += 1
            elif prog == n:
                home += 1
            elif 0 <= prog < n:
                board += 1
                cell = t.path[p, dir_index(st, p), prog]
                if st[O0 + cell] != 1 + p * MAXK + i:
                    return BAD_CELL
            elif prog != OUT:
                return BAD_PIECE
        if st[b + P_HAND] != hand or st[b + P_HOME] != home or st[b + P_ON_BOARD] != board:
            return BAD_COUNTS
    for c in range(n):
        who = st[O0 + c]
        if who == 0:
            continue
        p = (who - 1) // MAXK
        i = (who - 1) % MAXK
        if who < 0 or p >= t.n_players or i >= t.n_pieces:
            return BAD_CELL
        prog = st[K0 + p * MAXK + i]
        if prog < 0 or prog >= n or t.path[p, dir_index(st, p), prog] != c:
            return BAD_CELL
    for c in range(n, st.shape[0] - O0):
        if st[O0 + c] != 0:
            return BAD_CELL
    return SAFE
