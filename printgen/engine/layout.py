"""The layout of the kernel's state array, and the compiled accessors everyone else reads it through.

A position is one int64 array: a header, a block per player, each piece's progress along its path
(-1 in hand, 0..N-1 on the board, N home, -2 out of the contest) and each cell's occupant
(0 empty, else 1 + player * MAXK + piece). A player's pending penalty is 0 (none), PEN_MISS (misses
their next turn) or 1 + piece (that piece moves backwards on their next turn).

Only this module, the kernel (which writes the state) and `position.py` (which reads it as a value)
know these offsets; compiled players read the state through the accessors below, which numba inlines
into the same machine code as the raw indexing.
"""

from __future__ import annotations

from printgen.engine.jit import inline
from printgen.rulesets.model import MAX_ARM, MAX_PIECES, MAX_PLAYERS, track_cells

# The kernel's limits are the model's, so every ruleset the loader accepts fits the array: the compiled
# kernel runs without bounds checks, and a board or a seat larger than these would write past the state.
MAXP = MAX_PLAYERS  # players
MAXK = MAX_PIECES  # pieces per player
MAXC = track_cells(MAX_ARM)  # cells of the largest board

# Header.
H_PHASE, H_TO_MOVE, H_GAME, H_POOL, H_OFFERING, H_WINNER, H_STARTER, H_LAST_WINNER, H_BANKRUPTCIES = range(9)
# Player blocks.
P0, PS = 16, 9
P_HOLD, P_BANKRUPT, P_DIR, P_IN_OPENING, P_THROW, P_HAND, P_HOME, P_ON_BOARD, P_PENALTY = range(9)
# Pieces, then cells.
K0 = P0 + MAXP * PS
O0 = K0 + MAXP * MAXK
STATE_SIZE = O0 + MAXC

HAND, OUT = -1, -2  # a piece's progress in the hand, out of the contest
PEN_MISS = -1  # the pending penalty of a seat that misses its next turn


def move_capacity(total_items: int) -> int:
    """Returns how long a buffer must be to hold every legal move of a position with this many items in play."""
    # a code per piece and two entries (clockwise, anticlockwise) while moving; in the bet phase a bet of
    # each size up to the poorest solvent holding, which is at most every item in play
    return max(MAXK + 2, total_items)


@inline
def pb(p):
    """Returns the index of player p's block."""
    return P0 + p * PS


@inline
def piece_slot(p, i):
    """Returns the index of the progress of player p's piece i."""
    return K0 + p * MAXK + i


@inline
def cell_slot(cell):
    """Returns the index of the occupant of a cell (0-based)."""
    return O0 + cell


@inline
def solvent(st, p):
    """Returns whether player p is still in the contest."""
    return st[pb(p) + P_BANKRUPT] == 0


@inline
def holding(st, p):
    """Returns the items player p holds."""
    return st[pb(p) + P_HOLD]


@inline
def direction(st, p):
    """Returns player p's direction: 1 clockwise, -1 anticlockwise, 0 not chosen."""
    return st[pb(p) + P_DIR]


@inline
def dir_index(st, p):
    """Returns the path index of player p's direction: 0 for clockwise (or undecided), 1 for anticlockwise."""
    return 1 if st[pb(p) + P_DIR] == -1 else 0


@inline
def in_hand(st, p):
    """Returns how many of player p's pieces are in the hand."""
    return st[pb(p) + P_HAND]


@inline
def borne_off(st, p):
    """Returns how many of player p's pieces are home."""
    return st[pb(p) + P_HOME]


@inline
def on_board(st, p):
    """Returns how many of player p's pieces are on the board."""
    return st[pb(p) + P_ON_BOARD]


@inline
def penalty(st, p):
    """Returns player p's pending penalty: 0 none, PEN_MISS, or 1 + the piece that must move backwards."""
    return st[pb(p) + P_PENALTY]


@inline
def throwing(st, p):
    """Returns 1 if player p still throws in the opening, else 0."""
    return st[pb(p) + P_IN_OPENING]


@inline
def progress(st, p, i):
    """Returns the progress of player p's piece i: HAND, OUT, a step of its path, or the path length (home)."""
    return st[K0 + p * MAXK + i]


@inline
def occupant(st, cell):
    """Returns the occupant code of a cell (0-based): 0 empty, else 1 + player * MAXK + piece."""
    return st[O0 + cell]


@inline
def occupant_code(p, i):
    """Returns the occupant code of player p's piece i (the inverse of `owner` and the piece index)."""
    return 1 + p * MAXK + i


@inline
def owner(occ):
    """Returns the player of a non-zero occupant code."""
    return (occ - 1) // MAXK
