"""Ray as a backend of the pool: the same results as the local pool, each actor set up once.

Runs against a local Ray the test starts (two CPUs, no dashboard); skipped where Ray is not installed
(it is an optional extra: pip install "printgen[ray]", and in the test extra).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import start_local_ray

from printgen.players.lab import pool
from printgen.players.lab.arena import play_pairings

ray = pytest.importorskip("ray", reason='Ray is not installed (pip install "printgen[ray]")')

_SETUP: dict[str, int] = {}


def _setup(offset: int) -> None:
    _SETUP["offset"] = offset
    _SETUP["calls"] = _SETUP.get("calls", 0) + 1


def _cube(chunk: int) -> tuple[int, int, int]:
    return chunk ** 3 + _SETUP["offset"], os.getpid(), _SETUP["calls"]


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    """Starts a local Ray whose workers find printgen and this module, and stops it after the tests."""
    start_local_ray(ray)
    yield
    ray.shutdown()


def test_ray_gives_the_results_of_the_local_pool_with_one_setup_per_actor():
    assert pool.ray_workers("auto") == 2  # the test's Ray has two CPUs: the default number of actors
    here = dict((c, r[0]) for c, r in pool.map_chunks(_cube, range(10), 1, _setup, (3,)))
    rows = list(pool.map_chunks(_cube, range(10), None, _setup, (3,), ordered=True, ray="auto"))
    assert [c for c, _ in rows] == list(range(10))  # in the order of the work
    assert {c: r[0] for c, r in rows} == here == {c: c ** 3 + 3 for c in range(10)}
    pids = {pid for _, (_, pid, _) in rows}
    assert 1 <= len(pids) <= 2 and os.getpid() not in pids  # on at most two actors, not here
    assert {calls for _, (_, _, calls) in rows} == {1}  # each actor ran the setup once, whatever it ran after


_ARRAYS: dict[str, tuple] = {}


def _keep_arrays(big, tables) -> None:
    _ARRAYS["setup"] = (big, tables)


def _writable_flags(chunk: tuple) -> tuple[str, list[bool]]:
    big, tables = _ARRAYS["setup"]
    return type(tables).__name__, [a.flags.writeable for a in (big, tables.scores, *chunk)]


def test_actors_get_arrays_they_can_write():
    """Ray hands arrays over read-only, a type of their own to numba, which would compile the whole search
    again in every actor (110 s of a tiny training run); the actors get writable copies, in named tuples too."""
    import numpy as np

    from printgen.engine.position import Position
    from printgen.ruleset_files import load_ruleset

    big = np.arange(100_000, dtype=np.int64)  # large enough for Ray's shared object store
    tables = Position.new(load_ruleset("gatigo"), 2).tables
    chunks = [(big, np.zeros(3)), (np.ones(2), big)]
    rows = list(pool.map_chunks(_writable_flags, chunks, None, _keep_arrays, (big, tables), ray="auto"))
    assert [result for _, result in rows] == [("Tables", [True] * 4)] * 2


@pytest.mark.slow
def test_arena_totals_on_ray_equal_the_local_ones():
    pairings = [("gatigo:S3T0", "gatigo:S1T2"), ("advisor:0", "random")]
    local = play_pairings("gatigo", pairings, 16, seed=9, workers=2)
    remote = play_pairings("gatigo", pairings, 16, seed=9, workers=2, ray="auto")  # as they finish, not in order
    for a, b in zip(local, remote, strict=True):
        assert (a.wins_a, a.wins_b, a.draws) == (b.wins_a, b.wins_b, b.draws)
        assert (a.stats == b.stats).all() and a.matches == b.matches == 16


@pytest.mark.slow
def test_training_on_ray_writes_the_weights_of_a_local_run(tmp_path: Path):
    from printgen.players.lab.train import TrainConfig, train

    config = TrainConfig("gatigo", 2, seed=4, games=16, hidden=4, gen_games=8, epochs=1)  # two generations of eight
    train(config, tmp_path / "local.json", workers=1)
    train(config, tmp_path / "ray.json", workers=None, ray="auto")
    assert (tmp_path / "ray.json").read_bytes() == (tmp_path / "local.json").read_bytes()

