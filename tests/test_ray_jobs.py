"""The long jobs on Ray: an exact table built on Ray actors has the bytes of the one-process build, and a rollout's
trials run on Ray give the numbers of one process to the last bit (a bad or unreachable address: in
tests/test_endgame_workers.py and tests/test_rollouts.py).

Runs against a local Ray the tests start (two CPUs, no dashboard), on the same test worker as tests/test_ray.py so
that two local Rays never run side by side; skipped where Ray is not installed.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
from helpers import TINY_CAPTURES, CliRunner, P, marks, start_local_ray, stopping_after

from printgen.cli.app import app
from printgen.players.analysis.rollouts import trial_results
from printgen.players.lab import tables
from printgen.players.lab.rollouts import spread_trials
from printgen.players.lab.tables import build_table
from printgen.players.search.rollout_trials import ALL
from printgen.players.solve.resume import Resume
from printgen.players.solve.solver import solve, solved_game
from printgen.players.solve.store import find_table, table_bytes
from printgen.ruleset_files import load_ruleset

ray = pytest.importorskip("ray", reason='Ray is not installed (pip install "printgen[ray]")')
pytestmark = pytest.mark.xdist_group("tests/test_ray.py")

runner = CliRunner()
MIDGAME = "gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw 11,24,h,h,h | B 20 cw 27,30,h,h,h"


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    """Starts a local Ray whose workers find printgen, and stops it after the tests."""
    start_local_ray(ray)
    yield
    ray.shutdown()


@pytest.mark.slow
def test_a_table_built_on_ray_has_the_bytes_of_one_process() -> None:
    game = solved_game(load_ruleset("gatigo"), 1)  # captures: value iteration, every level sent many times
    one = solve(game)
    remote = build_table(game, None, ray="auto", least=8)  # one actor per CPU of the test's Ray: two
    assert np.array_equal(one.values, remote.values)
    assert (remote.key, remote.sweeps) == (one.key, one.sweeps)
    assert hashlib.sha256(table_bytes(remote)).digest() == hashlib.sha256(table_bytes(one)).digest()


@pytest.mark.slow
def test_a_table_stopped_in_one_process_is_finished_on_ray_to_the_same_bits(tmp_path: Path) -> None:
    """A build taken up on Ray from a point saved elsewhere: every actor's copy of the table starts from it."""
    game = solved_game(load_ruleset("gatigo"), 1)
    calls: list[int] = []
    one = solve(game, progress=lambda done, total: calls.append(done))
    resume = Resume(tmp_path, every=0.0)
    with pytest.raises(KeyboardInterrupt):
        solve(game, progress=stopping_after(len(calls) // 2), resume=resume)
    remote = build_table(game, None, ray="auto", least=8, resume=resume)
    assert resume.resumed_from is not None and 0 < resume.resumed_from.sweeps < one.sweeps
    assert np.array_equal(one.values, remote.values) and remote.sweeps == one.sweeps


@pytest.mark.slow
def test_the_command_builds_on_ray_the_file_of_one_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tmp_path / "tiny.toml"
    rules.write_text(TINY_CAPTURES, "utf-8")
    monkeypatch.setattr(tables, "MIN_CHUNK", 2)  # this small table's levels are split too
    files = {}
    for name, args in (("here", ["--workers", "1"]), ("ray", ["--ray", "auto"])):
        monkeypatch.setenv("PATOLLI_CACHE_DIR", str(tmp_path / name))
        find_table.cache_clear()
        r = runner.invoke(app, ["lab", "endgames", "-r", str(rules), "--left", "1", "--json", *args])
        assert r.exit_code == 0, r.output
        assert json.loads(r.output.strip().splitlines()[-1])["tables"][0]["state"] == "built now"
        (files[name],) = (tmp_path / name / "solved").glob("tiny-1-*.u16z")
    assert files["here"].name == files["ray"].name and files["here"].read_bytes() == files["ray"].read_bytes()
    find_table.cache_clear()


@pytest.mark.slow
def test_a_rollout_on_ray_gives_the_numbers_of_one_and_of_two_processes() -> None:
    pos = P(MIDGAME)
    m = marks(pos, 3)
    one = trial_results(pos, m, 16, 2)
    for workers, address in ((2, None), (None, "auto")):
        assert all(np.array_equal(a, b) for a, b in zip(one, spread_trials(pos, m, 16, 2, ALL, None, workers, address),
                                                          strict=True))
    here, remote = (json.loads(runner.invoke(app, ["rollout", MIDGAME, "--cast", "1", "--trials", "8", "--json",
                                                   *args]).output) for args in ([], ["--ray", "auto"]))
    assert {**here, "seconds": 0} == {**remote, "seconds": 0}
