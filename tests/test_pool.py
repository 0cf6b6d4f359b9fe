"""The pool: chunks run here or on forked workers give the same results, each worker set up once."""

from __future__ import annotations

import os

import pytest

from printgen.players.lab import pool

_SETUP: dict[str, int] = {}


def _setup(offset: int) -> None:
    _SETUP["offset"] = offset
    _SETUP["pid"] = os.getpid()


def _square(chunk: int) -> tuple[int, int]:
    return chunk * chunk + _SETUP["offset"], _SETUP["pid"]


def test_results_do_not_depend_on_the_number_of_workers():
    here = {c: r[0] for c, r in pool.map_chunks(_square, range(12), 1, _setup, (5,))}
    forked = {c: r[0] for c, r in pool.map_chunks(_square, range(12), 2, _setup, (5,))}
    assert here == forked == {c: c * c + 5 for c in range(12)}


def test_ordered_results_come_in_the_order_of_the_work_and_run_in_other_processes():
    rows = list(pool.map_chunks(_square, range(8), 2, _setup, (0,), ordered=True))
    assert [c for c, _ in rows] == list(range(8))
    assert all(pid != os.getpid() for _, (_, pid) in rows)


def test_one_worker_runs_here():
    rows = list(pool.map_chunks(_square, [3], 4, _setup, (1,)))
    assert rows == [(3, (10, os.getpid()))]


def test_the_default_number_of_processes_can_be_set_and_a_wrong_one_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from printgen.errors import OptionError
    from printgen.players.lab.pool import ENV_WORKERS, default_workers

    monkeypatch.setenv(ENV_WORKERS, "3")
    assert default_workers() == 3
    monkeypatch.delenv(ENV_WORKERS)
    assert default_workers() >= 1
    for wrong in ("0", "two", "-1"):
        monkeypatch.setenv(ENV_WORKERS, wrong)
        with pytest.raises(OptionError, match=f"PATOLLI_WORKERS='{wrong}'"):
            default_workers()
