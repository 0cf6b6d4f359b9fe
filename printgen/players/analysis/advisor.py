"""The advisor: every legal move of a position and cast, best first, with its chances (python-chess's `analyse`)."""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.moves import Move
from printgen.engine.position import Phase, Position
from printgen.errors import OptionError
from printgen.findings.chances import EXACT, MAPPED, SEARCHED
from printgen.players.evaluation.chance_maps import honest
from printgen.players.evaluation.exact import NOT_HELD, values_after
from printgen.players.evaluation.features import V_CONTEST, V_GAME, V_ITEMS, evaluate, evaluation_buffers
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.roster.map_keys import fresh_maps
from printgen.players.search.deepening import analyse
from printgen.players.search.levels import DEFAULT_LEVEL, MAX_LEVEL, MAX_SECONDS
from printgen.players.search.plain import GAME_WEIGHT, make_scratch
from printgen.players.solve.endgame import find_endgame
from printgen.players.solve.index import E_PIECES


@dataclass(frozen=True)
class Suggestion:
    """One legal move as the advisor judges it, from the point of view of the player to move."""

    move: Move
    win_game: float  # chance to win the game being played
    win_contest: float  # chance to win the contest
    items: float  # expected items gained (+) or lost (-) by the end of the game
    diff: float  # win_contest minus the best move's (0 for the best, else negative)
    game_source: str = SEARCHED  # where win_game comes from: EXACT (the endgame table), MAPPED or SEARCHED
    contest_source: str = SEARCHED  # where win_contest comes from: EXACT (where the game is the contest), ...


@dataclass(frozen=True)
class Analysis:
    """The advisor's answer for one position and cast."""

    position: Position
    marks: int
    level: int
    seconds: float
    suggestions: list[Suggestion]
    exact: str | None = None  # the endgame table some values come from (perfect play), or None
    calibrated: bool = False  # the searched chances went through this player's fresh calibration map
    exact_pieces: int | None = None  # the pieces a side that table holds


    @property
    def best(self) -> Suggestion:
        """Returns the suggested move."""
        return self.suggestions[0]


def advise(pos: Position, marks: int, level: int = DEFAULT_LEVEL, seconds: float | None = None) -> Analysis:
    """Returns every legal move for this cast (marks; ignored when betting), best first.

    With `seconds`, the search deepens from level 0 until the time runs out or `level` is reached, and the
    analysis is of the last level completed (its `level`).
    """
    if pos.phase is Phase.OVER:
        raise OptionError("the contest is over: there is nothing to advise")
    if not 0 <= level <= MAX_LEVEL:
        raise OptionError(f"level {level} is out of range: levels run from 0 to {MAX_LEVEL}")
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:
        raise OptionError(f"time {seconds:g} s is out of range: give more than 0 and at most {MAX_SECONDS:g} seconds")
    start = time.perf_counter()
    t = pos.tables
    et = eval_tables_for(pos.ruleset, pos.players)
    codes = pos.move_codes(marks)
    sc = make_scratch(level, pos.total_items())
    st = pos.array()
    n = k.legal_moves(st, t, marks, sc.moves[0])
    moves = sc.moves[0, :n].copy()
    out = np.zeros((n, 3), dtype=np.float64)
    level = analyse(st, t, et, sc, marks, level, n, out, seconds)
    seat = pos.to_move
    # ranked by the search's own objective, as the advisor playing chooses
    rows = sorted(range(n), key=lambda i: -(out[i, 2] + GAME_WEIGHT * out[i, 0]))
    # exact where the endgame table holds the position a move leads to and the game is the contest (with an economy
    # the table leaves a ruin out, so its values stay inside the search's: `solve/endgame.py`)
    exact = np.full(n, NOT_HELD)
    held = 0
    if t.one_game and et.end_shape[E_PIECES] > 0:
        held = values_after(st, t, et, marks, moves, n, exact, np.zeros_like(st), np.zeros_like(sc.ev))
    # searched chances as calibrated by this player's self-play (exact values need no map)
    maps = fresh_maps(pos.ruleset, pos.players, int(sc.model[0]), level) if held < n else {}
    mapped = MAPPED if maps else SEARCHED
    game = [float(exact[i]) if exact[i] != NOT_HELD else honest(maps, "game", out[i, 0]) for i in range(n)]
    contest = [float(exact[i]) if exact[i] != NOT_HELD else honest(maps, "contest", out[i, 2]) for i in range(n)]
    top = contest[rows[0]]
    suggestions = [
        Suggestion(pos.decode(codes[i], marks), game[i], contest[i], float(out[i, 1]) - pos.holdings(seat),
                   contest[i] - top, *(EXACT if exact[i] != NOT_HELD else mapped,) * 2)
        for i in rows
    ]
    table = find_endgame(pos.ruleset, pos.players) if held else None
    return Analysis(pos, marks, level, time.perf_counter() - start, suggestions,
                    None if table is None else table.source, bool(maps),
                    None if table is None else table.layout.n_pieces)


@dataclass(frozen=True)
class Estimate:
    """What the evaluation says of one seat."""

    seat: int
    win_game: float
    items: float  # expected holdings at the end of the game
    win_contest: float


def estimate(pos: Position) -> list[Estimate]:
    """Returns the evaluation's estimate for every seat of a position (no search)."""
    et = eval_tables_for(pos.ruleset, pos.players)
    out, fx = evaluation_buffers()
    st = pos.array()
    evaluate(st, pos.tables, et, lay.game(st), out, fx)
    return [Estimate(s, float(out[V_GAME, s]), float(out[V_ITEMS, s]), float(out[V_CONTEST, s]))
            for s in range(pos.players)]
