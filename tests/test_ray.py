"""Ray as a backend of the pool: the same results as the local pool, each actor set up once.

Runs against a local Ray the test starts (two CPUs, no dashboard); skipped where Ray is not installed
(it is an optional extra: pip install "printgen[ray]", and in the test extra).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from printgen.players import pool
from printgen.players.arena import play_lineups, play_pairings

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
    here = Path(__file__).resolve().parent
    path = os.pathsep.join([str(here.parent), str(here)])
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, runtime_env={"env_vars": {"PYTHONPATH": path}})
    yield
    ray.shutdown()


def test_ray_gives_the_results_of_the_local_pool_with_one_setup_per_actor():
    here = dict((c, r[0]) for c, r in pool.map_chunks(_cube, range(10), 1, _setup, (3,)))
    rows = list(pool.map_chunks(_cube, range(10), 2, _setup, (3,), ordered=True, ray="auto"))
    assert [c for c, _ in rows] == list(range(10))  # in the order of the work
    assert {c: r[0] for c, r in rows} == here == {c: c ** 3 + 3 for c in range(10)}
    pids = {pid for _, (_, pid, _) in rows}
    assert 1 <= len(pids) <= 2 and os.getpid() not in pids  # on two actors, not here
    assert {calls for _, (_, _, calls) in rows} == {1}  # each actor ran the setup once, whatever it ran after


def test_ray_workers_default_to_the_cluster_cpus():
    assert pool.ray_workers("auto") == 2
    rows = list(pool.map_chunks(_cube, [2, 4], None, _setup, (0,), ray="auto"))
    assert sorted(r[0] for _, r in rows) == [8, 64]


@pytest.mark.slow
def test_arena_totals_on_ray_equal_the_local_ones():
    local = play_pairings("gatigo", [("gatigo:S3T0", "gatigo:S1T2")], 24, seed=9, workers=2)[0]
    remote = play_pairings("gatigo", [("gatigo:S3T0", "gatigo:S1T2")], 24, seed=9, workers=2, ray="auto")[0]
    assert (local.wins_a, local.wins_b, local.draws) == (remote.wins_a, remote.wins_b, remote.draws)
    assert (local.stats == remote.stats).all()
    three = [("gatigo:S1T1", "random", "gatigo:S3T0")]
    a = play_lineups("gatigo", three, 12, seed=4, workers=1)[0]
    b = play_lineups("gatigo", three, 12, seed=4, ray="auto")[0]
    assert a.wins.tolist() == b.wins.tolist() and a.seat_wins.tolist() == b.seat_wins.tolist()
    assert (a.stats == b.stats).all()
