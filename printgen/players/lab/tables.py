"""Exact tables built by several processes or on Ray, to the same bytes as in one process.

The solver (`solve/solver.py`) solves a table a level at a time, each level (the groups of a layer whose seats'
progress adds up to one total) from the values as they stood before it, so a level cut into chunks of seat pairs
gives the same bits wherever each chunk runs. Here those chunks run:

- on forked processes of this machine (`--workers N`): the table lives in shared memory, so the workers read the
  values as this process writes them between levels, and each writes its chunk's values aside into a shared
  buffer, which this process copies into the table when the level is done (nothing is copied to a worker);
- on Ray actors (`--ray auto|ADDRESS`): each actor makes the solver's tables from the game (put once in the
  object store) and keeps its own copy of the values; every level written since its last chunk rides along with
  the next (each level put in the object store once, shared by the actors of a node), so its copy is this
  process's when it solves.

A level of fewer than MIN_CHUNK pairs a worker is solved here: the round trip would cost more than the work.
"""

from __future__ import annotations

import mmap
import multiprocessing as mp
import signal
from collections.abc import Callable
from typing import Any

import numpy as np

from printgen.errors import OptionError
from printgen.players.lab.pool import connect_ray, default_workers, ray_module, ray_workers
from printgen.players.solve.resume import Resume
from printgen.players.solve.solver import (
    DEFAULT_TOLERANCE,
    Levels,
    LevelsHere,
    Progress,
    Race,
    Solution,
    race_for,
    solve,
)
from printgen.rulesets.model import Ruleset

MIN_CHUNK = 256  # the fewest seat pairs worth a trip to a worker (a pair takes some 5 to 50 µs)
CHUNKS_PER_WORKER = 4  # a level's chunks a worker: groups differ in cost, so a worker done early takes another


def chunk_bounds(pairs: int, workers: int, least: int = MIN_CHUNK) -> list[tuple[int, int]]:
    """Returns the chunks (lo, hi) of at least `least` pairs a level of `pairs` seat pairs is cut into for `workers`,
    or [] to solve it here."""
    count = min(workers * CHUNKS_PER_WORKER, pairs // max(least, 1))
    if workers < 2 or count < 2:
        return []
    return [(pairs * i // count, pairs * (i + 1) // count) for i in range(count)]


def build_table(game: Ruleset, workers: int | None = 1, ray: str | None = None, progress: Progress | None = None,
                tolerance: float = DEFAULT_TOLERANCE, least: int | None = None,
                resume: Resume | None = None) -> Solution:
    """Returns the solved table of a game (`solver.solve`) built by `workers` processes here (None: one per core), or
    on Ray with `ray` (`auto` or an address; workers None: one actor per CPU of the cluster): the same values, to the
    bit, as in one process. A chunk holds at least `least` seat pairs (default MIN_CHUNK; the tests make it small,
    so that small tables are split too). With `resume` a stopped build goes on from its last saved sweep."""
    if workers is not None and workers < 1:
        raise OptionError(f"{workers} workers: give at least 1")
    least = MIN_CHUNK if least is None else least
    levels: Callable[[Race], Levels]
    if ray is not None:
        connect_ray(ray)
        count = workers or ray_workers(ray)
        levels = lambda race: LevelsOnRay(race, count, least)  # noqa: E731
    elif (count := workers or default_workers()) > 1:
        levels = lambda race: LevelsForked(race, count, least)  # noqa: E731
    else:
        levels = LevelsHere
    return solve(game, tolerance, progress, levels, resume)


# ---- forked processes sharing the table ----

_SHARED: LevelsHere | None = None  # the forking process's levels: what its workers inherit
_WORKER: LevelsHere | None = None  # in a worker: its own scratch over the shared table and buffer


def _shared_zeros(count: int) -> tuple[mmap.mmap, np.ndarray]:
    """Returns an anonymous shared mapping of `count` float64 zeros (shared with processes forked later) and its
    array."""
    area = mmap.mmap(-1, max(count, 1) * 8)
    return area, np.frombuffer(area, dtype=np.float64)


class LevelsForked:
    """Solves levels on forked processes: the table and the levels' buffer in shared memory (see the module)."""

    def __init__(self, race: Race, workers: int, least: int = MIN_CHUNK) -> None:
        global _SHARED
        most = race.most_pairs()
        self._areas = [_shared_zeros(race.lt.size), _shared_zeros(most * race.group)]
        self.values = self._areas[0][1]
        self.here = LevelsHere(race, self.values, most, self._areas[1][1])
        self.workers, self.least = workers, least
        self.here.ready()  # compiles (or loads) the levels' code once, before any fork
        _SHARED = self.here
        try:
            self.pool = mp.get_context("fork").Pool(workers, initializer=_forked_setup)
        finally:
            _SHARED = None

    def level(self, home_a: int, home_b: int, total: int, pairs: int) -> float:
        """Solves a level, its chunks on the workers (see Levels)."""
        bounds = chunk_bounds(pairs, self.workers, self.least)
        if not bounds:
            return self.here.level(home_a, home_b, total, pairs)
        worst = max(self.pool.map(_forked_chunk, [(home_a, home_b, total, lo, hi) for lo, hi in bounds],
                                  chunksize=1))
        self.here.write(home_a, home_b, total, pairs, self.here.out)
        return worst

    def load(self, values: np.ndarray) -> None:
        """Takes every value of the table from `values`, in the memory the workers share (see Levels)."""
        self.values[:] = values

    def close(self) -> None:
        """Stops the workers (at once: nothing they hold is wanted any more)."""
        self.pool.terminate()
        self.pool.join()


def _forked_setup() -> None:
    """Readies a worker: its own scratch over the table and buffer it shares; Ctrl-C is its parent's to answer."""
    global _WORKER
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    shared = _SHARED
    assert shared is not None, "a table's worker is forked by LevelsForked"
    _WORKER = LevelsHere(shared.race, shared.values, len(shared.pairs), shared.out)


def _forked_chunk(task: tuple[int, int, int, int, int]) -> float:
    """Solves pairs lo..hi-1 of a level into their place of the shared buffer; returns the largest change."""
    home_a, home_b, total, lo, hi = task
    worker = _WORKER
    assert worker is not None
    group = worker.race.group
    return worker.solve(home_a, home_b, total, lo, hi, worker.out[lo * group:hi * group])


# ---- Ray actors, each with its own copy of the table ----

class _LevelActor:
    """One Ray actor: the solver's tables made from the game, its own copy of the values, kept up to date level by
    level."""

    def __init__(self, game: Ruleset, most: int) -> None:
        self.here = LevelsHere(race_for(game), None, most)
        self.here.ready()  # loads the compiled code before the first chunk

    def solve(self, home_a: int, home_b: int, total: int, lo: int, hi: int,
              *behind: tuple[int, int, int, int, np.ndarray]) -> tuple[float, np.ndarray]:
        """Writes the levels solved since its last chunk, then solves pairs lo..hi-1 of this one: returns the
        largest change and their values."""
        for ha, hb, s, pairs, out in behind:
            self.here.write(ha, hb, s, pairs, np.array(out))  # a writable copy: the object store's is read-only
        worst = self.here.solve(home_a, home_b, total, lo, hi)
        return worst, self.here.out[:(hi - lo) * self.here.race.group].copy()

    def load(self, values: np.ndarray) -> None:
        """Takes every value of its copy of the table from `values`."""
        self.here.load(values)


class LevelsOnRay:
    """Solves levels on Ray actors, each holding a copy of the table (see the module)."""

    def __init__(self, race: Race, workers: int, least: int = MIN_CHUNK) -> None:
        self.ray, self.least = ray_module(), least
        most = race.most_pairs()
        self.here = LevelsHere(race, None, most)
        self.values = self.here.values
        self.here.ready()  # compiles (or loads) the levels' code here before the actors load it
        game = self.ray.put(race.game)
        actor = self.ray.remote(num_cpus=1)(_LevelActor)
        self.actors = [actor.remote(game, most) for _ in range(workers)]
        self.behind: list[list[Any]] = [[] for _ in self.actors]  # each actor's levels written since its last chunk

    def level(self, home_a: int, home_b: int, total: int, pairs: int) -> float:
        """Solves a level, its chunks on the actors (see Levels)."""
        group = self.here.race.group
        bounds = chunk_bounds(pairs, len(self.actors), self.least)
        if not bounds:
            worst = self.here.level(home_a, home_b, total, pairs)
        else:
            refs = []
            for i, (lo, hi) in enumerate(bounds):
                a = i % len(self.actors)
                refs.append(self.actors[a].solve.remote(home_a, home_b, total, lo, hi, *self.behind[a]))
                self.behind[a] = []
            worst = 0.0
            for (lo, hi), (change, out) in zip(bounds, self.ray.get(refs), strict=True):
                worst = max(worst, change)
                self.here.out[lo * group:hi * group] = out
            self.here.write(home_a, home_b, total, pairs, self.here.out)
        done = self.ray.put((home_a, home_b, total, pairs, self.here.out[:pairs * group]))
        for waiting in self.behind:
            waiting.append(done)
        return worst

    def load(self, values: np.ndarray) -> None:
        """Takes every value of the table from `values`, here and in each actor's copy (see Levels)."""
        self.here.load(values)
        shared = self.ray.put(self.here.values)
        self.ray.get([actor.load.remote(shared) for actor in self.actors])
        self.behind = [[] for _ in self.actors]  # their copies are this one now

    def close(self) -> None:
        """Ends the actors."""
        for actor in self.actors:
            self.ray.kill(actor)
