"""A kernel move code as a person makes it on the board: its kind and the cells a piece goes between.

One compiled function, `describe`, read by Python (`Position.decode`) and by the browser (the WebAssembly
entry `pt_describe`), so a move is named the same way wherever it is shown or written down.
"""

from __future__ import annotations

from printgen.engine.jit import njit
from printgen.engine.kernel import BET0, ENTER_CCW, ENTER_CW, PASS
from printgen.engine.layout import dir_index, direction, penalty, progress, to_move

# What `describe` writes: kind, origin cell, target cell, direction set, amount (DESCRIBED words).
KIND_MOVE, KIND_ENTER, KIND_PASS, KIND_BET = 0, 1, 2, 3
DIRECTION_NONE, DIRECTION_CW, DIRECTION_CCW = -1, 0, 1
DESCRIBED = 5


@njit
def describe(st, t, marks, code, out):
    """Writes move `code`, for a cast of `marks`, into out[0:5]: its kind (KIND_*), the printed cell a piece
    leaves (0: none), the printed cell it lands on (0: none, or back into the hand for a move), the direction an
    entry sets (DIRECTION_*: none where the seat's direction is set already), and a bet's amount."""
    for i in range(DESCRIBED):
        out[i] = 0
    out[3] = DIRECTION_NONE
    if code == PASS:
        out[0] = KIND_PASS
        return
    if code >= BET0:
        out[0] = KIND_BET
        out[4] = code - BET0
        return
    seat = to_move(st)
    score = t.scores[marks]
    if code >= ENTER_CW:
        ccw = 1 if code == ENTER_CCW else 0
        out[0] = KIND_ENTER
        out[2] = t.path[seat, ccw, score - 1] + 1
        if direction(st, seat) == 0:
            out[3] = DIRECTION_CCW if ccw == 1 else DIRECTION_CW
        return
    d = dir_index(st, seat)
    prog = progress(st, seat, code)
    out[0] = KIND_MOVE
    out[1] = t.path[seat, d, prog] + 1
    if penalty(st, seat) == code + 1:  # the piece that landed on a wedge goes backwards
        out[2] = t.path[seat, d, prog - score] + 1 if prog >= score else 0  # 0: back into the hand
    else:
        out[2] = t.path[seat, d, prog + score] + 1
