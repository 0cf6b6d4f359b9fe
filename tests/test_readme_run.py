"""The README's examples run top to bottom in an empty folder, as a newcomer would type them (issue 23, item 11).

Counts and levels are made small so the run is quick (`SMALLER`); only examples that need what a test machine may
lack or that never end are left out, each with its reason (`SKIPPED`). `patolli` is this checkout's command, each
command a process of its own forked from one that has loaded the package and its compiled engine (`warm_commands`):
what is checked is what the commands do, not how fast Python starts (`patolli lab bench-startup` measures that).
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from warm_commands import warm_patolli

from printgen.engine import jit

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

SKIPPED = {  # a pattern of the example → why the run leaves it out
    r"^patolli serve\b": "a server: it runs until it is stopped",
    r"^patolli lab bench-phone\b": "needs Chromium and Playwright",
    r"--ray auto": "starts a Ray cluster",
    r"^patolli lab bench-startup$": "compiles the whole engine afresh in an empty cache (minutes)",
}
SMALLER = [  # (pattern, replacement): the same command with a small count, level or time
    (r"(--contests|-n) \d+", r"\1 2"), (r"--games \d+", "--games 4"), (r"--level [2-6]\b", "--level 1"),
    (r"--seconds \d+", "--seconds 0.2"), (r"--runs \d+", "--runs 1"), (r"\{1\.\.500\}", "{1..12}"),
    (r"--pieces 2", "--pieces 1"), (r"--left 2", "--left 1"), (r"--trials \d+", "--trials 4"),
    (r"--generation-games \d+", "--generation-games 2"),
    (r"^(patolli rollout (?!.*--trials).*)$", r"\1 --trials 4"),  # its default, 1296 trials a move, takes seconds
    (r"lab bench-players( .*)?$", r"lab bench-players\1 --max-level 0 --positions 2 --seconds 0.2"),
    (r"(?<=[ ,])advisor(?=[ ,]|$)", "advisor:0"),  # the advisor at level 0 in arenas (four seats at level 2: minutes)
    (r"lab bench-serve$", "lab bench-serve -r gatigo --turns 5 --level 0"),
]


def examples() -> list[str]:
    """Returns the README's command lines in order, without their comments."""
    lines = []
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("patolli ") or re.match(r"^printf .*\| patolli ", line):
            lines.append(line.split("  #")[0].strip())
    return lines


def test_the_readme_examples_are_found_and_each_skip_names_one() -> None:
    found = examples()
    assert len(found) > 60 and found[0] == "patolli kit"
    for pattern in SKIPPED:
        assert any(re.search(pattern, line) for line in found), pattern


@pytest.mark.slow
def test_the_readme_runs_top_to_bottom_in_an_empty_folder(tmp_path: Path) -> None:
    bin_dir, work = tmp_path / "bin", tmp_path / "work"
    bin_dir.mkdir()
    work.mkdir()
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT),
           "HOME": str(tmp_path), "COLUMNS": "100"}
    if jit.CACHE_DIR is not None:  # the compiled engine of this run's cache, not a cold compile in the empty home
        env[jit.ENV_CACHE] = str(jit.CACHE_DIR.parent)
    with warm_patolli(bin_dir, env):
        failed = _run_examples(work, env)
    assert failed == [], "\n".join(failed)


def _run_examples(work: Path, env: dict[str, str]) -> list[str]:
    """Runs the README's examples in order in work; returns a line per failure."""
    failed = []
    for line in examples():
        if any(re.search(pattern, line) for pattern in SKIPPED):
            continue
        command = line
        for pattern, replacement in SMALLER:
            command = re.sub(pattern, replacement, command)
        done = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=600)
        if done.returncode != 0 or "Traceback" in done.stderr:
            failed.append(f"{line}\n  ran: {command}\n  exit {done.returncode}: {done.stderr.strip()[-600:]}")
    return failed
