"""The solver's table layout: every two-player race position as one index, to and from the kernel's state array.

A seat is described by its direction and where its pieces are, as a multiset (pieces of one seat are
interchangeable): each piece has a code, 0 in the hand, 1 + step on the board, N (the path length)
home. The sorted codes c_0 <= ... <= c_{K-1} are ranked in the combinatorial number system
(d_i = c_i + i is a K-subset; rank = sum of C(d_i, i + 1)). Where players choose a direction a seat
is 0 (undecided: every piece in the hand), 1 + rank (clockwise) or 1 + C + rank (anticlockwise).

A position is (seat to move, seat A, seat B, A's pending penalty, B's pending penalty):
index = (((to_move * U + a) * U + b) * NP + pen_a) * NP + pen_b. Penalties are 0 (none), 1 (misses
its next turn) or, where a wedge sends a piece back, 1 + the sorted slot of that piece.

Only what the race depends on is in the index: the game is the ruleset played for the win alone
(no items, stake or payments; see `solver.py`), so holdings, pool and game number are not.
Indices that name no position (two pieces on one cell, a seat with every piece home) are marked
invalid. Everything else, including positions no game reaches, is a valid entry of the table.
"""

from __future__ import annotations

from collections import namedtuple
from itertools import combinations_with_replacement
from math import comb

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.engine.tables import Tables
from printgen.errors import PatolliError

Layout = namedtuple(
    "Layout",
    "n_pieces n_cells n_conf seat_size n_pen pen_kind choose size pcode pdir psum phome pok binom",
)
PEN_NONE, PEN_MISS_TURN, PEN_BACK = 0, 1, 2  # the kind of penalty a ruleset has
MAX_STATES = 300_000_000  # the largest table built (8 bytes an entry while solving: 2.4 GB; 2 stored)
MAX_END_PIECES = 3  # the most pieces a side an endgame table read during play holds (`endgame_index`)
# An endgame table's shape, as the evaluation reads it (`EvalTables.end_shape`): its pieces a side (0: no table),
# the layout's numbers `endgame_index` needs, and the least a seat must hold for the table to be read (`endgame.py`).
E_PIECES, E_CONF, E_CHOOSE, E_PEN_KIND, E_NPEN, E_SEAT, E_HOLD = range(7)
END_SHAPE = 7


class TableTooLargeError(PatolliError):
    """A game has too many positions to solve."""


def layout_for(t: Tables) -> Layout:
    """Returns the table layout of a two-player game with the kernel tables t."""
    if t.n_players != 2:
        raise TableTooLargeError(f"the solver plays two-player games, not {t.n_players}-player ones")
    kk, n = int(t.n_pieces), int(t.n_cells)
    m = n + 1  # piece codes 0..N
    conf = comb(m + kk - 1, kk)
    choose = bool(t.choose_direction)
    seat = 2 * conf + 1 if choose else conf
    pen_kind = {k.WP_NONE: PEN_NONE, k.WP_MISS_TURN: PEN_MISS_TURN, k.WP_MOVE_BACK: PEN_BACK}[int(t.wedge_penalty)]
    n_pen = (1, 2, 1 + kk)[pen_kind]
    size = 2 * seat * seat * n_pen * n_pen
    if size > MAX_STATES:
        raise TableTooLargeError(f"{kk} pieces a side on {n} cells make {size:,} table entries; the solver "
                                 f"builds at most {MAX_STATES:,} (try fewer pieces)")
    binom = np.zeros((m + kk + 1, kk + 2), dtype=np.int64)
    for a in range(m + kk + 1):
        for b in range(kk + 2):
            binom[a, b] = comb(a, b)
    pcode = np.zeros((seat, kk), dtype=np.int64)
    pdir = np.ones(seat, dtype=np.int64)
    pok = np.ones(seat, dtype=np.int64)
    for codes in combinations_with_replacement(range(m), kk):
        rank = sum(comb(c + i, i + 1) for i, c in enumerate(codes))
        board = [c for c in codes if 0 < c < n]
        ok = len(set(board)) == len(board)
        for d, base in (((1, 1), (-1, 1 + conf)) if choose else ((1, 0),)):
            pcode[base + rank] = codes
            pdir[base + rank] = d
            pok[base + rank] = ok
    if choose:  # seat 0: undecided, every piece in the hand
        pcode[0] = 0
        pdir[0] = 0
    psum = pcode.sum(axis=1)
    phome = (pcode == n).sum(axis=1)
    return Layout(kk, n, conf, seat, n_pen, pen_kind, int(choose), size, pcode, pdir, psum, phome, pok, binom)


@njit
def _seat_index(st, t, lt, p, tmp):
    """Returns (seat index, penalty index) of player p in st; tmp holds 2 * MAXK scratch numbers."""
    kk = lt.n_pieces
    n = lt.n_cells
    for i in range(kk):  # codes, insertion-sorted, with each piece's slot in tmp[MAXK + j]
        prog = lay.progress(st, p, i)
        code = 0 if prog < 0 else (n if prog >= n else prog + 1)
        j = i
        while j > 0 and tmp[j - 1] > code:
            tmp[j] = tmp[j - 1]
            tmp[lay.MAXK + j] = tmp[lay.MAXK + j - 1]
            j -= 1
        tmp[j] = code
        tmp[lay.MAXK + j] = i
    rank = 0
    for i in range(kk):
        rank += lt.binom[tmp[i] + i, i + 1]
    seat = rank
    if lt.choose:
        d = lay.direction(st, p)
        seat = 0 if d == 0 else (1 + rank if d == 1 else 1 + lt.n_conf + rank)
    raw = lay.penalty(st, p)
    pen = 0
    if raw == lay.PEN_MISS and lt.pen_kind == PEN_MISS_TURN:
        pen = 1
    elif raw > 0 and lt.pen_kind == PEN_BACK:
        for j in range(kk):
            if tmp[lay.MAXK + j] == raw - 1:
                pen = 1 + j
    return seat, pen


@njit
def encode(st, t, lt, tmp):
    """Returns the table index of the race position in the kernel state st (phase move)."""
    a, pa = _seat_index(st, t, lt, 0, tmp)
    b, pb_ = _seat_index(st, t, lt, 1, tmp)
    return (((lay.to_move(st) * lt.seat_size + a) * lt.seat_size + b) * lt.n_pen + pa) * lt.n_pen + pb_


@njit
def split(index, lt):
    """Returns (to move, seat A, seat B, penalty A, penalty B) of a table index."""
    pen_b = index % lt.n_pen
    index //= lt.n_pen
    pen_a = index % lt.n_pen
    index //= lt.n_pen
    b = index % lt.seat_size
    index //= lt.seat_size
    a = index % lt.seat_size
    return index // lt.seat_size, a, b, pen_a, pen_b


@njit
def decode(index, st, t, lt):
    """Writes into st the kernel state of a table index; returns False if the index names no position."""
    tm, a, b, pen_a, pen_b = split(index, lt)
    return build(tm, a, b, pen_a, pen_b, st, t, lt)


@njit
def build(tm, a, b, pen_a, pen_b, st, t, lt):
    """Writes into st the kernel state of (to move, seats, penalties); returns False if it names no position."""
    kk = lt.n_pieces
    n = lt.n_cells
    if not (lt.pok[a] and lt.pok[b]) or lt.phome[a] == kk or lt.phome[b] == kk:
        return False
    for j in range(st.shape[0]):
        st[j] = 0
    lay.set_phase(st, k.PHASE_MOVE)
    lay.set_to_move(st, tm)
    lay.set_game(st, 1)
    lay.set_winner(st, -1)
    lay.set_starter(st, 0)
    lay.set_last_winner(st, -1)
    for p in range(2, lay.MAXP):
        lay.set_bankrupt(st, p, 1)
    for p in range(2):
        s = a if p == 0 else b
        pen = pen_a if p == 0 else pen_b
        lay.set_holding(st, p, t.starting_items)
        lay.set_direction(st, p, lt.pdir[s])
        lay.set_throw(st, p, -1)
        di = 1 if lt.pdir[s] == -1 else 0
        for i in range(kk):
            code = lt.pcode[s, i]
            if code == 0:
                lay.set_progress(st, p, i, lay.HAND)
                lay.set_in_hand(st, p, lay.in_hand(st, p) + 1)
            elif code == n:
                lay.set_progress(st, p, i, n)
                lay.set_borne_off(st, p, lay.borne_off(st, p) + 1)
            else:
                cell = t.path[p, di, code - 1]
                if lay.occupant(st, cell) != 0:
                    return False
                lay.set_progress(st, p, i, code - 1)
                lay.set_occupant(st, cell, lay.occupant_code(p, i))
                lay.set_on_board(st, p, lay.on_board(st, p) + 1)
        if pen == 0:
            continue
        if lt.pen_kind == PEN_MISS_TURN:
            lay.set_penalty(st, p, lay.PEN_MISS)
        else:
            lay.set_penalty(st, p, pen)
    return True


def end_shape(lt: Layout, hold: int) -> np.ndarray:
    """Returns the numbers of a table's layout that `endgame_index` reads and the least holding `hold`, in
    END_SHAPE order."""
    if lt.n_pieces > MAX_END_PIECES:
        raise TableTooLargeError(f"an endgame table holds at most {MAX_END_PIECES} pieces a side, not {lt.n_pieces}")
    return np.array([lt.n_pieces, lt.n_conf, lt.choose, lt.pen_kind, lt.n_pen, lt.seat_size, hold], dtype=np.int64)


@njit
def _end_seat(st, t, p, shape, binom):
    """Returns (seat index, penalty index) of player p in an endgame table of shape[E_PIECES] pieces a side, or
    (-1, 0) when p has more pieces left than that. Pieces home are left out: the table's seat holds the pieces
    still to bear off, the rest home, sorted as `_seat_index` sorts them (ties keep the pieces' order)."""
    nn = shape[E_PIECES]
    n = t.n_cells
    c0 = c1 = c2 = n
    s0 = s1 = s2 = -1
    cnt = 0
    for i in range(t.n_pieces):
        prog = lay.progress(st, p, i)
        if prog >= n:
            continue
        if cnt == nn:
            return -1, 0
        code = 0 if prog < 0 else prog + 1
        if cnt == 0 or code < c0:
            c2, s2, c1, s1, c0, s0 = c1, s1, c0, s0, code, i
        elif cnt == 1 or code < c1:
            c2, s2, c1, s1 = c1, s1, code, i
        else:
            c2, s2 = code, i
        cnt += 1
    rank = binom[c0, 1]
    if nn > 1:
        rank += binom[c1 + 1, 2]
    if nn > 2:
        rank += binom[c2 + 2, 3]
    seat = rank
    if shape[E_CHOOSE]:
        d = lay.direction(st, p)
        seat = 0 if d == 0 else (1 + rank if d == 1 else 1 + shape[E_CONF] + rank)
    raw = lay.penalty(st, p)
    pen = 0
    if raw == lay.PEN_MISS and shape[E_PEN_KIND] == PEN_MISS_TURN:
        pen = 1
    elif raw > 0 and shape[E_PEN_KIND] == PEN_BACK:
        pen = 1 if s0 == raw - 1 else (2 if s1 == raw - 1 else (3 if s2 == raw - 1 else 0))
    return seat, pen


@njit
def endgame_index(st, t, shape, binom):
    """Returns the index, in an endgame table, of the race position st of a two-player game (phase move), or -1
    where a seat has more pieces left to bear off than the table holds. The real game may have more pieces a side
    than the table: those home are no part of the race that is left (see `endgame.py`)."""
    a, pa = _end_seat(st, t, 0, shape, binom)
    if a < 0:
        return -1
    b, pb_ = _end_seat(st, t, 1, shape, binom)
    if b < 0:
        return -1
    u = shape[E_SEAT]
    npen = shape[E_NPEN]
    return (((lay.to_move(st) * u + a) * u + b) * npen + pa) * npen + pb_
