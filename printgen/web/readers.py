"""The engine's named tuples read back from descriptor blocks (`blocks.py`), in compiled code.

One reader per tuple, its fields in the tuple's order with the types Python's own values have (ints, bools,
C-contiguous int64 and float64 arrays), so the engine and the players called with them run the very
specialisations Python runs. tests/test_web_blocks.py checks every field of each against Python's.
"""

from __future__ import annotations

from printgen.engine.jit import inline
from printgen.engine.tables import Tables
from printgen.players.evaluation.features import EvalTables
from printgen.players.search.plain import Scratch
from printgen.players.solve.index import Layout
from printgen.web.blocks import flag, floats, ints, shape1, shape2, shape3, shape4, word


@inline
def tables_at(b):
    """Returns the kernel tables (`engine.tables.Tables`) described at address b."""
    return Tables(
        word(b, 0),  # n_players
        word(b, 1),  # n_pieces
        word(b, 2),  # n_cells
        word(b, 3),  # n_beans
        word(b, 4),  # bean_threshold
        ints(b, 5, shape1(b, 5)),  # scores
        ints(b, 6, shape1(b, 6)),  # entry_ok
        flag(b, 7),  # first_any
        flag(b, 8),  # choose_direction
        flag(b, 9),  # null_recast
        word(b, 10),  # start_on_board
        word(b, 11),  # stake
        flag(b, 12),  # betting_choose
        flag(b, 13),  # bankrupt_empty
        flag(b, 14),  # offering_to_winner
        word(b, 15),  # opening
        word(b, 16),  # starting_items
        ints(b, 17, shape1(b, 17)),  # team
        ints(b, 18, shape3(b, 18)),  # path
        ints(b, 19, shape1(b, 19)),  # flags
        ints(b, 20, shape2(b, 20)),  # pay
        ints(b, 21, shape1(b, 21)),  # seat_quarter
        word(b, 22),  # wedge_penalty
        flag(b, 23),  # one_game
    )


@inline
def eval_tables_at(b):
    """Returns the evaluation tables (`EvalTables`) described at address b."""
    return EvalTables(
        floats(b, 0, shape1(b, 0)),  # probs
        word(b, 1),  # n_groups
        ints(b, 2, shape1(b, 2)),  # group_marks
        floats(b, 3, shape1(b, 3)),  # group_prob
        floats(b, 4, shape1(b, 4)),  # waste
        floats(b, 5, shape3(b, 5)),  # tolls_ahead
        floats(b, 6, shape3(b, 6)),  # bonus_ahead
        floats(b, 7, shape2(b, 7)),  # hand_tolls
        floats(b, 8, shape2(b, 8)),  # hand_bonus
        floats(b, 9, shape1(b, 9)),  # w_game
        floats(b, 10, shape1(b, 10)),  # w_items
        floats(b, 11, shape1(b, 11)),  # w_game_2026
        floats(b, 12, shape1(b, 12)),  # w_items_2026
        floats(b, 13, shape1(b, 13)),  # equity
        floats(b, 14, shape1(b, 14)),  # net
        ints(b, 15, shape1(b, 15)),  # default_model
        ints(b, 16, shape1(b, 16)),  # end_shape
        ints(b, 17, shape2(b, 17)),  # end_binom
        floats(b, 18, shape1(b, 18)),  # end_values
    )


@inline
def scratch_at(b):
    """Returns the search's scratch buffers (`search.plain.Scratch`) described at address b."""
    return Scratch(
        ints(b, 0, shape2(b, 0)),  # states
        ints(b, 1, shape2(b, 1)),  # moves
        ints(b, 2, shape1(b, 2)),  # ev
        floats(b, 3, shape3(b, 3)),  # vals
        floats(b, 4, shape3(b, 4)),  # best
        floats(b, 5, shape2(b, 5)),  # fx
        floats(b, 6, shape1(b, 6)),  # weights
        ints(b, 7, shape2(b, 7)),  # ctl
        floats(b, 8, shape1(b, 8)),  # top
        ints(b, 9, shape1(b, 9)),  # at
        ints(b, 10, shape1(b, 10)),  # model
        floats(b, 11, shape2(b, 11)),  # win
        floats(b, 12, shape1(b, 12)),  # bx
        floats(b, 13, shape1(b, 13)),  # xv
        ints(b, 14, shape1(b, 14)),  # flag
        ints(b, 15, shape2(b, 15)),  # order
        floats(b, 16, shape1(b, 16)),  # okey
        floats(b, 17, shape1(b, 17)),  # rootv
        ints(b, 18, shape1(b, 18)),  # alive
        ints(b, 19, shape1(b, 19)),  # hkey
        ints(b, 20, shape2(b, 20)),  # gbest
        floats(b, 21, shape2(b, 21)),  # pb
        ints(b, 22, shape2(b, 22)),  # pex
        floats(b, 23, shape2(b, 23)),  # pvx
        floats(b, 24, shape4(b, 24)),  # pvals
        ints(b, 25, shape1(b, 25)),  # gen
        ints(b, 26, shape1(b, 26)),  # stats
        ints(b, 27, shape1(b, 27)),  # tt_key
        ints(b, 28, shape2(b, 28)),  # tt_info
        floats(b, 29, shape1(b, 29)),  # tt_x
        floats(b, 30, shape3(b, 30)),  # tt_vals
        ints(b, 31, shape2(b, 31)),  # tt_best
        ints(b, 32, shape1(b, 32)),  # root
    )


@inline
def layout_at(b):
    """Returns a solved table's layout (`solve.index.Layout`) described at address b."""
    return Layout(
        word(b, 0),  # n_pieces
        word(b, 1),  # n_cells
        word(b, 2),  # n_conf
        word(b, 3),  # seat_size
        word(b, 4),  # n_pen
        word(b, 5),  # pen_kind
        word(b, 6),  # choose
        word(b, 7),  # size
        ints(b, 8, shape2(b, 8)),  # pcode
        ints(b, 9, shape1(b, 9)),  # pdir
        ints(b, 10, shape1(b, 10)),  # psum
        ints(b, 11, shape1(b, 11)),  # phome
        ints(b, 12, shape1(b, 12)),  # pok
        ints(b, 13, shape2(b, 13)),  # binom
    )
