"""Rollouts on several processes or on Ray: the trials cut into ranges, the same numbers to the last bit.

Each trial of a rollout is seeded by its index alone (`search/rollout_trials.py`), so a range of trials gives the
same results wherever it runs; the ranges go through `pool.map_chunks` (forked processes, or Ray actors), each
worker making the rollout's buffers once from the position, and the results are put back in their places before
the summary (`analysis/rollouts.py`), which is then that of one process.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from printgen.engine.position import Position
from printgen.errors import OptionError
from printgen.players.analysis.rollouts import ALL, DEFAULT_TRIALS, Progress, Results, Rollout, TrialRun, roll_out
from printgen.players.lab.pool import default_workers, map_chunks, ray_workers

CHUNKS_PER_WORKER = 8  # ranges a worker: the progress moves, and a worker done early takes another

_RUN: TrialRun | None = None  # in a worker: the rollout's buffers


def trial_ranges(trials: int, workers: int) -> list[tuple[int, int]]:
    """Returns the ranges (lo, hi) of trials a rollout is cut into for `workers`."""
    count = max(1, min(trials, workers * CHUNKS_PER_WORKER))
    return [(trials * i // count, trials * (i + 1) // count) for i in range(count)]


def roll_out_spread(pos: Position, marks: int, trials: int = DEFAULT_TRIALS, seed: int = 0, flags: int = ALL,
                    progress: Progress | None = None, workers: int | None = 1, ray: str | None = None) -> Rollout:
    """Returns the rollout `analysis.rollouts.roll_out` returns, its trials run by `workers` processes here (None: one
    per core) or on Ray with `ray` (`auto` or an address; workers None: one actor per CPU of the cluster)."""
    if workers is not None and workers < 1:
        raise OptionError(f"{workers} workers: give at least 1")
    if ray is None and (workers or default_workers()) == 1:
        return roll_out(pos, marks, trials, seed, flags, progress)
    return roll_out(pos, marks, trials, seed, flags, progress, partial(spread_trials, workers=workers, ray=ray))


def spread_trials(pos: Position, marks: int, trials: int, seed: int, flags: int, progress: Progress | None,
                  workers: int | None, ray: str | None) -> Results:
    """Runs a rollout's trials in ranges on `workers` processes here (None: one per core) or on Ray; returns what
    `analysis.rollouts.trial_results` returns, to the bit."""
    here = TrialRun(pos, marks, trials, seed, flags)  # refuses what the rollout cannot run, before any worker
    count = workers or (ray_workers(ray) if ray is not None else default_workers())
    ranges = trial_ranges(trials, count)
    done = 0
    for (lo, hi), (res, first) in map_chunks(_run_range, ranges, workers, _setup, (pos, marks, trials, seed, flags),
                                             ray=ray):
        here.res[:, lo:hi] = res
        here.first[lo:hi] = first
        done += hi - lo
        if progress is not None:
            progress(done, trials)
    return here.codes, here.res, here.first


def _setup(pos: Position, marks: int, trials: int, seed: int, flags: int) -> None:
    """Makes a worker's buffers for the rollout (and runs no trial: the compiled code is loaded)."""
    global _RUN
    _RUN = TrialRun(pos, marks, trials, seed, flags)
    _RUN.run(0, 0)


def _run_range(bounds: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Plays trials lo..hi-1 of every move; returns their results and strata."""
    lo, hi = bounds
    run = _RUN
    assert run is not None, "a rollout's worker is set up by _setup"
    run.run(lo, hi)
    return run.res[:, lo:hi].copy(), run.first[lo:hi].copy()
