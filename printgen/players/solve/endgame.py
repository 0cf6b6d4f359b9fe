"""Exact endgame tables: the end of every real two-player game, read by every player through the evaluation.

A position of a real game in which each seat has at most N pieces left to bear off is a position of a smaller
race: the same board, beans and rules with N pieces a side, the others home. Pieces home never come back, and
the kernel counts them only to end the game (all home) and to stop a finished seat casting, which the smaller
race does alike; so the smaller race's solved table (`solver.py`) values the real position exactly. Two rules
look at the start of a game and are switched off in the endgame game (`endgame_game`): a first piece entering on
any score (Bell's rule 7 asks that no piece is home, never so in an endgame of more than N pieces) and pieces that
start on the board. Where the real game has N pieces a side or fewer, its endgame is the whole game and the
table is the solved game's.

What a table leaves out: the economy. It values winning the game, as the race is played without items; a
payment changes the winner only by bankrupting a seat during the game, so in a game played with items its values
are exact up to the chance of a bankruptcy before the game ends (the evaluation's ruin term, `_ruin`, still
weighs the poor seat's risk), and the chance to win the contest is read from them through the contest equity
as from any chance to win the game. Tables hold two-player games: with three or four players the races are too
many (the table of two pieces a side under GATIGO already has 4 million entries, four seats would have 10^13).

Which tables a game reads: the largest N shipped or built (`patolli lab endgames`), no more than the cap
`PATOLLI_ENDGAME_PIECES` (default MAX_END_PIECES), so that a run can pin its tables, as the tests do.
"""

from __future__ import annotations

import os
from functools import cache

import numpy as np

from printgen.engine.tables import Tables, tables_for
from printgen.errors import OptionError
from printgen.players.solve.index import MAX_END_PIECES, TableTooLargeError, end_shape, layout_for
from printgen.players.solve.solver import Solution, SolverError, cast_groups, solved_game, table_key
from printgen.players.solve.store import find_solved
from printgen.rulesets.model import Ruleset

CAP_ENV = "PATOLLI_ENDGAME_PIECES"
# The kernel tables' fields on which the race depends (solver.table_key hashes them): an endgame table holds a
# real game's endgames only if these agree. The economy (stake, items, payments, one game) is left out on purpose.
RACE_FIELDS = ("n_cells", "scores", "entry_ok", "choose_direction", "null_recast", "team", "path", "flags",
               "seat_quarter", "wedge_penalty", "n_beans", "bean_threshold")


def piece_cap() -> int:
    """Returns the most pieces a side of the endgame tables read (PATOLLI_ENDGAME_PIECES, else MAX_END_PIECES)."""
    text = os.environ.get(CAP_ENV, "").strip()
    if not text:
        return MAX_END_PIECES
    if not text.isdigit() or not 0 <= int(text) <= MAX_END_PIECES:
        raise OptionError(f"{CAP_ENV}={text!r}: give a whole number of pieces from 0 to {MAX_END_PIECES}")
    return int(text)


def real_pieces(ruleset: Ruleset, players: int) -> int:
    """Returns the pieces a side of a real game of this ruleset and player count."""
    return int(tables_for(ruleset, players).n_pieces)


def endgame_game(ruleset: Ruleset, pieces: int) -> Ruleset:
    """Returns the race whose table values the endgames of a two-player game with at most `pieces` left a side."""
    whole = pieces >= real_pieces(ruleset, 2)
    game = solved_game(ruleset, min(pieces, real_pieces(ruleset, 2)))
    if whole:
        return game
    from printgen.rulesets.export import export_toml
    from printgen.rulesets.load import parse_ruleset, read_toml

    data = read_toml(export_toml(game), game.spec)
    data["ruleset"]["name"] = "-".join([ruleset.name, *ruleset.applied, f"end{pieces}"])
    data["entry"]["first_any"] = False
    data["players"]["start_on_board"] = 0
    return parse_ruleset(data, f"{ruleset.spec}, its endgames with {pieces} pieces left a side")


def same_race(real: Tables, race: Tables) -> bool:
    """Returns whether an endgame race is the real game's race: the same board, beans and rules of movement."""
    return all(np.array_equal(np.asarray(getattr(real, f))[:2] if f in ("team", "path", "seat_quarter") else
                              np.asarray(getattr(real, f)),
                              np.asarray(getattr(race, f))[:2] if f in ("team", "path", "seat_quarter") else
                              np.asarray(getattr(race, f)))
               for f in RACE_FIELDS)


def endgame_key(ruleset: Ruleset, pieces: int) -> str | None:
    """Returns the table key of a ruleset's endgame race with `pieces` a side, or None where it has no table."""
    try:
        game = endgame_game(ruleset, pieces)
        t = tables_for(game, 2)
        return table_key(t, layout_for(t), cast_groups(game)[1])
    except (TableTooLargeError, SolverError):
        return None


@cache
def find_endgame(ruleset: Ruleset, players: int, most_entries: int | None = None) -> Solution | None:
    """Returns the endgame table a game reads: the most pieces a side shipped or built (up to the cap), or None;
    with most_entries, the largest of those tables that holds no more entries (the phone's, `web.export`).

    Only two-player games without partners have one."""
    if players != 2 or 2 not in ruleset.player_counts():
        return None
    real = tables_for(ruleset, players)
    for pieces in range(min(piece_cap(), int(real.n_pieces)), 0, -1):
        game = endgame_game(ruleset, pieces)
        if not same_race(real, tables_for(game, 2)):
            return None
        key = endgame_key(ruleset, pieces)
        table = None if key is None else find_solved(game, key)
        if table is not None and (most_entries is None or table.layout.size <= most_entries):
            return table
    return None


def least_holding(real: Tables) -> int:
    """Returns the least each seat must hold for the endgame table to be read in a game with these tables: the
    largest single payment (none without an economy), so that no seat can be ruined by its next payment."""
    return 0 if real.one_game else int(np.max(real.pay, initial=0))


def end_fields(table: Solution, real: Tables) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Returns the evaluation's endgame fields (end_shape, end_binom, end_values) of a table read in a real game."""
    return end_shape(table.layout, least_holding(real)), np.ascontiguousarray(table.layout.binom), table.values
