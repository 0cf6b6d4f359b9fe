"""Where chunks of independent work run: here, on a pool of forked processes on this machine, or on Ray.

Every long job (arena and tournament matches, self-play records for calibration, fitting games)
is cut into chunks whose results depend only on the chunk (each seeded from the job's seed and the
chunk's place), so totals never depend on how many workers ran them or in what order they finished.
A job is a `setup` function with its arguments, run once in each worker (tables, buffers, compiled
code), and a `run` function applied to each chunk; both must be module-level functions so a worker
can find them by name.

With `ray` (`auto`, or a cluster's address) the chunks run on Ray, an optional extra
(`pip install "printgen[ray]"`): one actor per worker runs `setup` once, then chunk after chunk, so
the results are those of the local pool. Every node of a cluster needs printgen installed.
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import os
import re
import signal
import socket
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

import numpy as np

from printgen.errors import OptionError

C = TypeVar("C")
R = TypeVar("R")


ENV_WORKERS = "PATOLLI_WORKERS"  # processes a long job starts where none are asked for (default: every core)


def default_workers() -> int:
    """Returns the number of processes a job runs where none are asked for: PATOLLI_WORKERS, else the number of
    cores this process may use."""
    given = os.environ.get(ENV_WORKERS, "").strip()
    if given:
        if not given.isdigit() or int(given) < 1:
            raise OptionError(f"{ENV_WORKERS}={given!r}: give a whole number of processes, 1 or more")
        return int(given)
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def map_chunks(run: Callable[[C], R], work: Iterable[C], workers: int | None = 1,
               setup: Callable[..., Any] | None = None, setup_args: tuple[Any, ...] = (),
               ordered: bool = False, ray: str | None = None) -> Iterator[tuple[C, R]]:
    """Yields (chunk, run(chunk)) for every chunk of work, on `workers` processes (1: in this process).

    `setup(*setup_args)` runs first here (so compiled code is cached before any fork) and then in each
    worker. With `ordered` the results come in the order of the work, else as they finish. With `ray`
    (`auto` or an address) they run on that many Ray actors (None: one per CPU of the cluster).
    """
    items = list(work)
    if ray is not None:
        yield from _ray_map(run, items, workers, setup, setup_args, ordered, ray)
        return
    workers = default_workers() if workers is None else workers
    if setup is not None:
        setup(*setup_args)
    if workers <= 1 or len(items) <= 1:
        for chunk in items:
            yield chunk, run(chunk)
        return
    ctx = mp.get_context("fork")
    with ctx.Pool(min(workers, len(items)), initializer=_worker_setup, initargs=(setup, setup_args)) as pool:
        job = _Tagged(run)
        results = pool.imap(job, enumerate(items)) if ordered else pool.imap_unordered(job, enumerate(items))
        for i, result in results:
            yield items[i], result


# ---- Ray ----

RAY_INSTALL = 'pip install "printgen[ray]"'
_ADDRESS = re.compile(r"^(ray://)?[A-Za-z0-9.\-\[\]:]+:\d{1,5}$")


def ray_module() -> Any:
    """Returns the ray module, or raises OptionError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise OptionError(f"running on Ray needs Ray, which is not installed here; install it with "
                          f"{RAY_INSTALL}") from None
    return ray


def connect_ray(address: str) -> Any:
    """Connects this process to Ray once and returns the ray module.

    `auto` joins the cluster named by RAY_ADDRESS or the one `ray start` began on this machine, else starts
    Ray here for this process; any other value is a cluster's address (HOST:PORT or ray://HOST:PORT).
    """
    if address != "auto" and not _ADDRESS.match(address):
        raise OptionError(f"'{address}' is not a Ray address; give auto, HOST:PORT or ray://HOST:PORT")
    ray = ray_module()
    if ray.is_initialized():
        return ray
    if address != "auto":
        _check_reachable(address)
    logging.getLogger("ray").setLevel(logging.ERROR)  # Ray's notices are not this command's output
    try:
        ray.init(address=None if address == "auto" else address, include_dashboard=False, log_to_driver=False,
                 logging_level=logging.ERROR, configure_logging=False)
    except Exception as exc:  # ray raises ConnectionError, ValueError, RuntimeError … for an unreachable cluster
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise OptionError(f"cannot reach a Ray cluster at {address}: {reason}") from None
    return ray


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Raises OptionError at once where nothing listens at the address (Ray itself retries for minutes)."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise OptionError(f"cannot reach a Ray cluster at {address}: {exc.strerror or exc}") from None


def ray_workers(address: str) -> int:
    """Returns the number of CPUs of the Ray cluster at `address` (connecting to it)."""
    ray = connect_ray(address)
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _writable(value: Any) -> Any:
    """Returns value with each read-only numpy array in it (in tuples and lists too) replaced by a copy of its own.

    Ray hands numpy arrays over read-only, straight from its object store, and numba types a read-only array
    apart from a writable one: every compiled function reached through one (the whole search, for a network's
    weights) would compile again in every actor, 110 s of a tiny training run, instead of loading from the cache.
    """
    if isinstance(value, np.ndarray) and not value.flags.writeable:
        return value.copy()
    if isinstance(value, tuple | list):
        items = [_writable(v) for v in value]
        return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
    return value


class _RayWorker:
    """One Ray actor: runs the job's setup once, then chunk after chunk."""

    def __init__(self, setup: Callable[..., Any] | None, setup_args: tuple[Any, ...]) -> None:
        if setup is not None:
            setup(*_writable(setup_args))

    def run(self, run: Callable[[Any], Any], i: int, chunk: Any) -> tuple[int, Any]:
        return i, run(_writable(chunk))


def _ray_map(run: Callable[[C], R], items: list[C], workers: int | None, setup: Callable[..., Any] | None,
             setup_args: tuple[Any, ...], ordered: bool, address: str) -> Iterator[tuple[C, R]]:
    """Runs the chunks on Ray actors, at most two chunks waiting per actor; yields as map_chunks does."""
    ray = connect_ray(address)
    if not items:
        return
    if setup is not None:
        setup(*setup_args)  # here too, so compiled code is in the cache before the actors load it
    count = min(workers or ray_workers(address), len(items))
    actor = ray.remote(num_cpus=1)(_RayWorker)
    actors = [actor.remote(setup, setup_args) for _ in range(count)]
    run_ref = ray.put(run)
    pending: dict[Any, int] = {}  # object ref → actor index
    queue = iter(enumerate(items))
    for a in range(count):
        for _ in range(2):
            nxt = next(queue, None)
            if nxt is not None:
                pending[actors[a].run.remote(run_ref, *nxt)] = a
    waiting: dict[int, Any] = {}
    emitted = 0
    try:
        while pending:
            (ref,), _ = ray.wait(list(pending), num_returns=1)
            a = pending.pop(ref)
            i, result = ray.get(ref)
            nxt = next(queue, None)
            if nxt is not None:
                pending[actors[a].run.remote(run_ref, *nxt)] = a
            if not ordered:
                yield items[i], result
                continue
            waiting[i] = result
            while emitted in waiting:
                yield items[emitted], waiting.pop(emitted)
                emitted += 1
    finally:
        for act in actors:
            ray.kill(act)


def _worker_setup(setup: Callable[..., Any] | None, setup_args: tuple[Any, ...]) -> None:
    """Readies a worker process: Ctrl-C reaches every process of the terminal's group, but only this one's parent
    answers it (stopping the pool and keeping what finished), so a worker ignores it rather than printing its own
    traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if setup is not None:
        setup(*setup_args)


class _Tagged:
    """Runs a chunk and returns its index with the result (a picklable callable)."""

    def __init__(self, run: Callable[[Any], Any]) -> None:
        self.run = run

    def __call__(self, item: tuple[int, Any]) -> tuple[int, Any]:
        i, chunk = item
        return i, self.run(chunk)
