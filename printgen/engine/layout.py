"""The layout of the kernel's state array, and the compiled accessors everyone else reads it through.

A position is one int64 array: a header, a block per player, each piece's progress along its path
(-1 in hand, 0..N-1 on the board, N home, -2 out of the contest) and each cell's occupant
(0 empty, else 1 + player * MAXK + piece). A player's pending penalty is 0 (none), PEN_MISS (misses
their next turn) or 1 + piece (that piece moves backwards on their next turn).

Only this module, the kernel (which writes the state) and `position.py` (which reads it as a value)
know these offsets; players read and write the state through the accessors below, which numba inlines
into the same machine code as the raw indexing (tests/test_layers.py checks that no other module names
an offset).
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
HASHED_WORDS = O0  # the header, the seats and the pieces: the words the cells follow from (what a hash reads)


def reader_offsets() -> dict[str, int]:
    """Returns the offsets a reader of the state outside Python (the JavaScript API, `web/export.py`) reads by:
    the header's words, each seat's fields (seat0 + seat * seat_size + field), and each cell's occupant
    (cells + cell: 0 empty, else 1 + seat * pieces_stride + piece)."""
    return {"phase": H_PHASE, "to_move": H_TO_MOVE, "game": H_GAME, "pool": H_POOL, "offering": H_OFFERING,
            "winner": H_WINNER, "seat0": P0, "seat_size": PS, "holding": P_HOLD, "bankrupt": P_BANKRUPT,
            "direction": P_DIR, "hand": P_HAND, "home": P_HOME, "on_board": P_ON_BOARD, "penalty": P_PENALTY,
            "cells": O0, "pieces_stride": MAXK}


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


# ---- the header ----

@inline
def phase(st):
    """Returns the phase (the kernel's PHASE_* codes)."""
    return st[H_PHASE]


@inline
def to_move(st):
    """Returns the seat to move."""
    return st[H_TO_MOVE]


@inline
def game(st):
    """Returns the number of the game being played (1 for the first)."""
    return st[H_GAME]


@inline
def pool(st):
    """Returns the items in the pool."""
    return st[H_POOL]


@inline
def offering(st):
    """Returns the items offered to the game's winner."""
    return st[H_OFFERING]


@inline
def winner(st):
    """Returns the winner of the contest, or -1."""
    return st[H_WINNER]


@inline
def last_winner(st):
    """Returns the winner of the last game won, or -1."""
    return st[H_LAST_WINNER]


@inline
def set_phase(st, v):
    """Sets the phase."""
    st[H_PHASE] = v


@inline
def set_to_move(st, p):
    """Sets the seat to move."""
    st[H_TO_MOVE] = p


@inline
def set_game(st, n):
    """Sets the number of the game being played."""
    st[H_GAME] = n


@inline
def set_winner(st, p):
    """Sets the winner of the contest (-1: none yet)."""
    st[H_WINNER] = p


@inline
def set_starter(st, p):
    """Sets the seat that began the game (-1: not decided)."""
    st[H_STARTER] = p


@inline
def set_last_winner(st, p):
    """Sets the winner of the last game won (-1: none yet)."""
    st[H_LAST_WINNER] = p


# ---- a player's block ----

@inline
def throw(st, p):
    """Returns player p's opening throw (-1: none)."""
    return st[pb(p) + P_THROW]


@inline
def set_holding(st, p, n):
    """Sets the items player p holds."""
    st[pb(p) + P_HOLD] = n


@inline
def set_bankrupt(st, p, flag):
    """Sets whether player p is out of the contest (1) or still in it (0)."""
    st[pb(p) + P_BANKRUPT] = flag


@inline
def set_direction(st, p, d):
    """Sets player p's direction: 1 clockwise, -1 anticlockwise, 0 not chosen."""
    st[pb(p) + P_DIR] = d


@inline
def set_throwing(st, p, flag):
    """Sets whether player p still throws in the opening (1) or not (0)."""
    st[pb(p) + P_IN_OPENING] = flag


@inline
def set_throw(st, p, v):
    """Sets player p's opening throw (-1: none)."""
    st[pb(p) + P_THROW] = v


@inline
def set_in_hand(st, p, n):
    """Sets how many of player p's pieces are in the hand."""
    st[pb(p) + P_HAND] = n


@inline
def set_borne_off(st, p, n):
    """Sets how many of player p's pieces are home."""
    st[pb(p) + P_HOME] = n


@inline
def set_on_board(st, p, n):
    """Sets how many of player p's pieces are on the board."""
    st[pb(p) + P_ON_BOARD] = n


@inline
def set_penalty(st, p, v):
    """Sets player p's pending penalty: 0 none, PEN_MISS, or 1 + the piece that must move backwards."""
    st[pb(p) + P_PENALTY] = v


# ---- pieces and cells ----

@inline
def set_progress(st, p, i, v):
    """Sets the progress of player p's piece i: HAND, OUT, a step of its path, or the path length (home)."""
    st[K0 + p * MAXK + i] = v


@inline
def set_occupant(st, cell, occ):
    """Sets the occupant code of a cell (0-based): 0 empty, else 1 + player * MAXK + piece."""
    st[O0 + cell] = occ
