"""Where chunks of independent work run: here, or on a pool of forked processes on this machine.

Every long job (arena and tournament matches, self-play records for calibration, fitting games)
is cut into chunks whose results depend only on the chunk (each seeded from the job's seed and the
chunk's place), so totals never depend on how many workers ran them or in what order they finished.
A job is a `setup` function with its arguments, run once in each worker (tables, buffers, compiled
code), and a `run` function applied to each chunk; both must be module-level functions so a worker
can find them by name.
"""

from __future__ import annotations

import multiprocessing as mp
import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

C = TypeVar("C")
R = TypeVar("R")


def default_workers() -> int:
    """Returns the number of cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def map_chunks(run: Callable[[C], R], work: Iterable[C], workers: int = 1,
               setup: Callable[..., Any] | None = None, setup_args: tuple[Any, ...] = (),
               ordered: bool = False) -> Iterator[tuple[C, R]]:
    """Yields (chunk, run(chunk)) for every chunk of work, on `workers` processes (1: in this process).

    `setup(*setup_args)` runs first here (so compiled code is cached before any fork) and then in each
    worker. With `ordered` the results come in the order of the work, else as they finish.
    """
    items = list(work)
    if setup is not None:
        setup(*setup_args)
    if workers <= 1 or len(items) <= 1:
        for chunk in items:
            yield chunk, run(chunk)
        return
    ctx = mp.get_context("fork")
    with ctx.Pool(min(workers, len(items)), initializer=setup, initargs=setup_args) as pool:
        job = _Tagged(run)
        results = pool.imap(job, enumerate(items)) if ordered else pool.imap_unordered(job, enumerate(items))
        for i, result in results:
            yield items[i], result


class _Tagged:
    """Runs a chunk and returns its index with the result (a picklable callable)."""

    def __init__(self, run: Callable[[Any], Any]) -> None:
        self.run = run

    def __call__(self, item: tuple[int, Any]) -> tuple[int, Any]:
        i, chunk = item
        return i, self.run(chunk)
