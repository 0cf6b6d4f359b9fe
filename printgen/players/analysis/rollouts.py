"""Rollouts with intervals: every legal move of a position and cast played out to the game's end, gnubg-style.

The compiled trials (`search/rollout_trials.py`: common casts, stratified first casts, luck-adjusted results)
give each move its chances with a standard error; here they become 95 % intervals, and the difference of each
move from the best, paired trial by trial, gets its own. Python calls the trials a slice at a time, so a Ctrl-C
stops even a long rollout within a moment; each trial is seeded by its index, so the slices (or the ranges run by
other processes, `lab/rollouts.py`) never change a number.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from printgen.engine import kernel as k
from printgen.engine.moves import Move
from printgen.engine.position import Phase, Position
from printgen.errors import OptionError
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.search.plain import make_scratch
from printgen.players.search.rollout_trials import (
    ALL,
    S_CONTEST,
    S_CONTEST_SE,
    S_DIFF,
    S_DIFF_SE,
    S_GAME,
    S_GAME_SE,
    SUMMARY,
    run_trials,
    summarize,
)
from printgen.stats import Z95

DEFAULT_TRIALS = 1296  # gnubg's default: 36 x 36
MAX_TRIALS = 1_000_000
SLICE_SECONDS = 0.2  # about how long the compiled code runs between looks at Ctrl-C


@dataclass(frozen=True)
class Chance:
    """A chance estimated by a rollout: its mean, its standard error and its 95 % interval."""

    mean: float
    se: float

    @property
    def half(self) -> float:
        """Returns the half-width of the 95 % interval."""
        return Z95 * self.se

    @property
    def interval(self) -> tuple[float, float]:
        """Returns the 95 % interval (normal: the trials' means are near normal at these counts)."""
        return self.mean - self.half, self.mean + self.half


@dataclass(frozen=True)
class RolledMove:
    """One legal move as the rollout found it, for the player to move."""

    move: Move
    win_game: Chance
    win_contest: Chance
    diff: Chance  # win_contest less the best move's, paired over the same casts (0 for the best)


@dataclass(frozen=True)
class Rollout:
    """A rollout's answer for one position and cast: the moves best first."""

    position: Position
    marks: int
    trials: int
    seed: int
    flags: int
    seconds: float
    moves: list[RolledMove]

    @property
    def best(self) -> RolledMove:
        """Returns the move the rollout ranks first."""
        return self.moves[0]


def check_trials(trials: int) -> None:
    """Refuses a number of trials the rollout cannot run."""
    if not 1 <= trials <= MAX_TRIALS:
        raise OptionError(f"{trials} trials is out of range: give from 1 to {MAX_TRIALS:,} trials a move")


Progress = Callable[[int, int], None]  # (trials done, trials in all)


class TrialRun:
    """The buffers of one rollout's trials (a position, a cast, a number of trials, a seed and flags): `run(lo, hi)`
    plays trials lo..hi-1 of every legal move into `res` and `first`. Each trial is seeded by its index alone, so the
    trials may run in any slices, in any order, in any process, to the same bits."""

    def __init__(self, pos: Position, marks: int, trials: int, seed: int = 0, flags: int = ALL) -> None:
        if pos.phase is Phase.OVER:
            raise OptionError("the contest is over: there is nothing to roll out")
        check_trials(trials)
        pos.move_codes(marks)  # refuses marks the beans cannot show
        self.t = pos.tables
        self.et = eval_tables_for(pos.ruleset, pos.players)
        self.sc = make_scratch(1, pos.total_items())
        self.st = pos.array()
        self.marks, self.trials, self.seed, self.flags = marks, trials, seed, flags
        self.n = k.legal_moves(self.st, self.t, marks, self.sc.moves[0])
        self.res = np.zeros((self.n, trials, 2), dtype=np.float64)  # moves x trials x (game, contest)
        self.first = np.full(trials, -1, dtype=np.int64)  # each trial's stratum
        self.rng = np.zeros((k.MAXP, 4), dtype=np.int64)  # one random source per seat

    @property
    def codes(self) -> np.ndarray:
        """Returns the legal move codes, in the order of res."""
        return self.sc.moves[0, :self.n].copy()

    def run(self, lo: int, hi: int) -> None:
        """Plays trials lo..hi-1 of every move."""
        run_trials(self.st, self.t, self.et, self.sc, self.marks, self.n, self.trials, lo, hi, self.seed, self.flags,
                   self.rng, self.res, self.first)


Results = tuple[np.ndarray, np.ndarray, np.ndarray]  # move codes, trials' results, strata (see trial_results)


def trial_results(pos: Position, marks: int, trials: int, seed: int = 0, flags: int = ALL,
                  progress: Progress | None = None) -> Results:
    """Returns the move codes, every trial's results (moves x trials x 2: game, contest) and each trial's stratum."""
    run = TrialRun(pos, marks, trials, seed, flags)
    lo, step = 0, 1
    while lo < trials:  # slices sized to about SLICE_SECONDS, so Ctrl-C is noticed
        hi = min(trials, lo + step)
        start = time.perf_counter()
        run.run(lo, hi)
        took = time.perf_counter() - start
        lo = hi
        step = max(1, min(step * 4, int(step * SLICE_SECONDS / took))) if took > 0 else step * 4
        if progress is not None:
            progress(lo, trials)
    return run.codes, run.res, run.first


def roll_out(pos: Position, marks: int, trials: int = DEFAULT_TRIALS, seed: int = 0, flags: int = ALL,
             progress: Progress | None = None,
             play: Callable[[Position, int, int, int, int, Progress | None], Results] = trial_results) -> Rollout:
    """Returns every legal move for this cast (marks; ignored when betting), best first by the rolled-out chance to
    win the contest, each with its 95 % intervals; `flags` chooses the variance reductions (all by default), and
    `progress` is told of the trials done as they run. `play` runs the trials (as trial_results, here; the lab
    spreads them over processes or Ray, `lab/rollouts.py`)."""
    start = time.perf_counter()
    codes, res, first = play(pos, marks, trials, seed, flags, progress)
    n = len(codes)
    out = np.zeros((n, SUMMARY), dtype=np.float64)
    best = int(summarize(res, first, n, trials, out))
    legal = pos.move_codes(marks)
    order = [best] + sorted((i for i in range(n) if i != best), key=lambda i: -out[i, S_DIFF])
    moves = [RolledMove(pos.decode(legal[i], marks), Chance(out[i, S_GAME], out[i, S_GAME_SE]),
                        Chance(out[i, S_CONTEST], out[i, S_CONTEST_SE]), Chance(out[i, S_DIFF], out[i, S_DIFF_SE]))
             for i in order]
    return Rollout(pos, marks, trials, seed, flags, time.perf_counter() - start, moves)

