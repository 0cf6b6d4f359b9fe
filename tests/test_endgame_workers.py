"""Exact tables built by several processes (`patolli lab endgames --workers N`): the same bytes as in one process.

The tables are small (one piece a side) and their levels are cut into chunks of a few seat pairs (`least`), so that
even these are split over the workers; the Ray build is in tests/test_ray_jobs.py.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest
from helpers import TINY_CAPTURES, CliRunner, one_error_line

from printgen.cli.app import app
from printgen.players.lab import tables
from printgen.players.lab.tables import build_table, chunk_bounds
from printgen.players.solve.solver import solve, solved_game
from printgen.players.solve.store import find_table, table_bytes
from printgen.ruleset_files import load_ruleset

runner = CliRunner()


def sha(solution) -> str:  # solution: Solution
    return hashlib.sha256(table_bytes(solution)).hexdigest()


@pytest.fixture
def split_levels(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Returns the number of chunks of every level sent to the workers, as the build goes."""
    seen: list[int] = []

    def spy(pairs: int, workers: int, least: int = tables.MIN_CHUNK) -> list[tuple[int, int]]:
        bounds = chunk_bounds(pairs, workers, least)
        if bounds:
            seen.append(len(bounds))
        return bounds

    monkeypatch.setattr(tables, "chunk_bounds", spy)
    return seen


def test_a_level_is_cut_into_chunks_only_where_each_is_worth_a_trip() -> None:
    assert chunk_bounds(10_000, 1) == []  # one worker: solved here
    assert chunk_bounds(300, 2) == []  # too few pairs for two chunks of MIN_CHUNK
    bounds = chunk_bounds(10_000, 2)
    assert len(bounds) == 2 * tables.CHUNKS_PER_WORKER and bounds[0][0] == 0 and bounds[-1][1] == 10_000
    assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:], strict=False))
    assert len(chunk_bounds(30, 2, least=4)) == 7


@pytest.mark.parametrize("spec", ["gatigo", "bell"])  # captures (value iteration); no piece goes back (one pass)
def test_two_workers_build_the_bytes_of_one_process(spec: str, split_levels: list[int]) -> None:
    game = solved_game(load_ruleset(spec), 1)
    one = solve(game)
    two = build_table(game, 2, least=2)
    assert len(split_levels) > 10 and max(split_levels) == 2 * tables.CHUNKS_PER_WORKER  # the workers had work
    assert np.array_equal(one.values, two.values)  # to the bit, not only to the file's 16 bits
    assert (two.key, two.sweeps, two.method, two.valid) == (one.key, one.sweeps, one.method, one.valid)
    assert sha(two) == sha(one)


def test_a_table_file_says_no_time_so_two_builds_have_the_same_bytes() -> None:
    game = solved_game(load_ruleset("ocastudios"), 1)
    a, b = solve(game), solve(game)
    a.seconds, b.seconds = 1.0, 2.0
    assert table_bytes(a) == table_bytes(b) and b"seconds" not in table_bytes(a)


def test_the_shipped_tables_are_the_tables_the_solver_builds() -> None:
    """A shipped table's file is byte for byte what a build of its game writes (bell-1: one pass; gatigo-1 and
    ocastudios-1: value iteration)."""
    for spec in ("bell", "gatigo", "ocastudios"):
        built = solve(solved_game(load_ruleset(spec), 1))
        shipped = find_table(built.ruleset, 2)
        assert shipped is not None and "data/solved" in shipped.source.replace("\\", "/")
        assert Path(shipped.source).read_bytes() == table_bytes(built), spec


def test_the_command_builds_with_workers_to_the_same_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          split_levels: list[int]) -> None:
    rules = tmp_path / "tiny.toml"
    rules.write_text(TINY_CAPTURES, "utf-8")
    monkeypatch.setattr(tables, "MIN_CHUNK", 2)  # this small table's levels are split too
    files = {}
    for workers in ("1", "2"):
        monkeypatch.setenv("PATOLLI_CACHE_DIR", str(tmp_path / workers))
        find_table.cache_clear()
        r = runner.invoke(app, ["lab", "endgames", "-r", str(rules), "--left", "1", "--workers", workers])
        assert r.exit_code == 0, r.output
        assert "built now" in r.output and "solved in" in r.output
        (path,) = (tmp_path / workers / "solved").glob("tiny-1-*.u16z")
        files[workers] = path
    assert split_levels  # the two workers had levels to share
    assert files["1"].name == files["2"].name  # the same key
    assert files["1"].read_bytes() == files["2"].read_bytes()
    r = runner.invoke(app, ["lab", "endgames", "-r", str(rules), "--left", "1", "--workers", "2"])
    assert r.exit_code == 0 and "ready" in r.output and "solved (value iteration)" in r.output, r.output
    find_table.cache_clear()


@pytest.mark.parametrize(("args", "message"), [
    (["--workers", "0"], "invalid value for '--workers'"),
    (["--ray", "not an address"], "not a Ray address"),
    (["--ray", "127.0.0.1:1"], "cannot reach a Ray cluster at 127.0.0.1:1"),
])
def test_bad_workers_or_ray_address_get_one_line_and_exit_2(args: list[str], message: str) -> None:
    line = one_error_line(runner.invoke(app, ["lab", "endgames", "-r", "gatigo", "--left", "1", *args]))
    assert message in line
