"""A table's solve saved as it goes (players/solve/resume.py): stopped by Ctrl-C and started again, it goes on from
the last sweep saved and ends with the very bits of a solve never stopped, in one process and on forked workers (on
Ray: tests/test_ray_jobs.py). GATIGO's one-piece game has captures, so it is solved by value iteration over
several sweeps a layer."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from helpers import TINY_CAPTURES, CliRunner, stopping_after

from printgen.cli.app import app
from printgen.players.lab.tables import build_table
from printgen.players.solve.resume import Resume
from printgen.players.solve.solver import DEFAULT_TOLERANCE, Solution, solve, solved_game
from printgen.players.solve.store import find_table, resume_here, save, table_bytes
from printgen.ruleset_files import load_ruleset


@pytest.fixture(scope="module")
def whole() -> tuple[Solution, int]:
    """The table of a solve never stopped, and how often it reports progress."""
    calls = [0]

    def count(done: int, total: int) -> None:
        calls[0] += 1

    table = solve(solved_game(load_ruleset("gatigo"), 1), progress=count)
    assert table.method == "value iteration" and table.sweeps > 4
    return table, calls[0]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_solve_stopped_twice_ends_with_the_bits_of_one_never_stopped(tmp_path: Path, whole: tuple[Solution, int],
                                                                      workers: int) -> None:
    table, calls = whole
    points = []
    for _ in range(2):  # stopped a third of the way in, then a third further on from where it was taken up
        resume = Resume(tmp_path, every=0.0)
        with pytest.raises(KeyboardInterrupt):
            build_table(table.ruleset, workers, progress=stopping_after(calls // 3), least=2, resume=resume)
        saved = resume.load(table.key, table.layout.size, DEFAULT_TOLERANCE)
        assert saved is not None
        points.append(saved[0])
    assert 0 < points[0].sweeps < points[1].sweeps < table.sweeps  # the second run went on from the first's point
    resume = Resume(tmp_path, every=0.0)
    again = build_table(table.ruleset, workers, least=2, resume=resume)
    assert resume.resumed_from == points[1]
    assert np.array_equal(again.values, table.values)  # to the bit, not only to the file's 16 bits
    assert (again.sweeps, again.key) == (table.sweeps, table.key) and table_bytes(again) == table_bytes(table)


def test_a_point_of_another_table_or_a_damaged_one_is_not_taken_up(tmp_path: Path,
                                                                  whole: tuple[Solution, int]) -> None:
    table, calls = whole
    resume = Resume(tmp_path, every=0.0)
    with pytest.raises(KeyboardInterrupt):
        solve(table.ruleset, progress=stopping_after(calls // 2), resume=resume)
    assert resume.load(table.key, table.layout.size, DEFAULT_TOLERANCE) is not None
    assert resume.load(table.key, table.layout.size, 1e-6) is None  # another tolerance: another table
    assert resume.load(table.key, table.layout.size + 1, DEFAULT_TOLERANCE) is None
    path = resume.path(table.key)
    path.write_bytes(path.read_bytes()[:-8])  # cut short (a full disk, say): the solve starts from the beginning
    again = solve(table.ruleset, resume=resume)
    assert resume.resumed_from is None and np.array_equal(again.values, table.values)


def test_saving_the_table_removes_its_point(tmp_path: Path, whole: tuple[Solution, int]) -> None:
    table, calls = whole
    resume = resume_here(tmp_path)  # the folder `save` clears
    assert resume is not None
    resume.every = 0.0
    with pytest.raises(KeyboardInterrupt):
        solve(table.ruleset, progress=stopping_after(calls // 2), resume=resume)
    assert resume.path(table.key).exists()
    solved = solve(table.ruleset, resume=resume)
    assert save(solved, tmp_path) is not None and not resume.path(table.key).exists()
    assert list(resume.path(table.key).parent.iterdir()) == []  # nothing half-written left beside it


def test_a_point_is_saved_where_a_layer_ends_whatever_the_clock(tmp_path: Path, whole: tuple[Solution, int]) -> None:
    """With a long interval no sweep's end is saved but a layer's is (here the last: the table's own values), and a
    solve taken up from it has nothing left to do."""
    table, _ = whole
    resume = Resume(tmp_path, every=1e9)
    solve(table.ruleset, resume=resume)
    saved = resume.load(table.key, table.layout.size, DEFAULT_TOLERANCE)
    assert saved is not None and saved[0].sweeps == table.sweeps and np.array_equal(saved[1], table.values)
    taken_up = []
    again = solve(table.ruleset, progress=lambda done, total: taken_up.append(done), resume=resume)
    assert taken_up == [] and again.sweeps == table.sweeps and np.array_equal(again.values, table.values)


def _stopped_build(rules: Path) -> tuple[Solution, int]:
    """Solves the game of `rules` once to the end, then stops a build half-way that saves its points in the cache
    folder as the commands do; returns the whole table and the sweeps of the last point saved."""
    game = solved_game(load_ruleset(str(rules)), 1)
    calls: list[int] = []
    table = solve(game, progress=lambda done, total: calls.append(done))
    resume = resume_here()
    assert resume is not None
    resume.every = 0.0
    with pytest.raises(KeyboardInterrupt):
        solve(game, progress=stopping_after(len(calls) // 2), resume=resume)
    saved = resume.load(table.key, table.layout.size, DEFAULT_TOLERANCE)
    assert saved is not None and 0 < saved[0].sweeps < table.sweeps
    return table, saved[0].sweeps


def test_the_commands_go_on_from_a_stopped_build_and_say_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tmp_path / "tiny.toml"
    rules.write_text(TINY_CAPTURES, "utf-8")
    runner = CliRunner()
    for command in ("solve", "endgames"):
        monkeypatch.setenv("PATOLLI_CACHE_DIR", str(tmp_path / command))
        find_table.cache_clear()
        table, sweeps = _stopped_build(rules)
        if command == "endgames":  # the list says what is saved, before the build takes it up
            listed = runner.invoke(app, ["lab", "endgames", "--ruleset", str(rules), "--left", "1", "--list", "--json"])
            (row,) = json.loads(listed.output.strip().splitlines()[-1])["tables"]
            assert row["state"] == "not built" and row["saved_sweeps"] == sweeps
            assert row["saved_bytes"] > 8 * row["entries"]  # the values as float64, behind their header
        args = ["--pieces", "1", "--json"] if command == "solve" else ["--left", "1"]
        r = runner.invoke(app, ["lab", command, "--ruleset", str(rules), *args])
        assert r.exit_code == 0, r.output
        if command == "solve":
            report = json.loads(r.output.strip().splitlines()[-1])
            assert report["went_on_from_sweep"] == sweeps and report["sweeps"] == table.sweeps
            assert Path(report["table"]).read_bytes() == table_bytes(table)  # the table of a solve never stopped
        else:
            assert f"going on from sweep {sweeps} of a build stopped before" in r.output, r.output
        assert list((tmp_path / command / "solved" / "partial").iterdir()) == []  # the point is gone with the table
    find_table.cache_clear()


def test_a_point_that_cannot_be_written_leaves_the_build_going(tmp_path: Path, whole: tuple[Solution, int]) -> None:
    """A full disk while saving a point must not end a build of hours: it goes on unsaved and says why."""
    table, _ = whole
    blocker = tmp_path / "partial"
    blocker.write_text("a file where the folder of points would go", "utf-8")
    resume = Resume(blocker, every=0.0)
    solved = solve(table.ruleset, resume=resume)
    assert np.array_equal(solved.values, table.values)
    assert resume.unsaved is not None and "partial" in resume.unsaved
