"""How long the command takes to start: the one-time compile, and warm process times of everyday commands.

Everything is measured in fresh processes, as a person meets it: `python -m printgen ...` with
the same interpreter. The cold compile runs against an empty cache folder of its own, so it
neither uses nor disturbs the real cache.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from printgen.engine import jit

COLD_KEYS = ("rules", "advisor", "players")  # what `play` and `advise` need
_COLD_SCRIPT = """
import json, sys, time
from printgen.players.lab import warmup
times = {}
for key in sys.argv[1:]:
    start = time.perf_counter()
    warmup.prepare((key,))
    times[key] = time.perf_counter() - start
print(json.dumps(times))
"""


@dataclass(frozen=True)
class Timing:
    """One command's warm process times, in seconds."""

    name: str
    argv: tuple[str, ...]
    runs: list[float]
    target: float | None

    @property
    def median(self) -> float:
        """Returns the median time."""
        return statistics.median(self.runs)

    @property
    def best(self) -> float:
        """Returns the fastest run."""
        return min(self.runs)


@dataclass(frozen=True)
class StartupResult:
    """The cold compile per step, and the warm timings."""

    cold: dict[str, float]
    warm: list[Timing]


def mid_game_position() -> str:
    """Returns the one-line form of a GATIGO mid-game position, reached by advisor play, with most pieces out."""
    from printgen.engine.notation import to_compact
    from printgen.engine.position import Phase, Position
    from printgen.engine.rng import cast_marks
    from printgen.players.roster.registry import player, seeded_rng
    from printgen.ruleset_files import load_ruleset

    pos = Position.new(load_ruleset("gatigo"), 2)
    rng, me = seeded_rng(2026), player("advisor:0")
    for _ in range(4000):
        on_board = sum(pos.on_board(s) for s in range(pos.players))
        if pos.phase is Phase.MOVE and on_board >= 8:
            return to_compact(pos)
        marks = int(cast_marks(pos.tables, rng)) if pos.needs_cast else 0
        pos = pos.after(marks, me.choose(pos, marks, rng))
        if pos.phase is Phase.OVER:
            pos = Position.new(pos.ruleset, 2)
    raise RuntimeError("no mid-game position was reached")  # pragma: no cover - advisor play always gets there


def _env(cache: Path | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != jit.ENV_NO_JIT}
    if cache is not None:
        env[jit.ENV_CACHE] = str(cache)
    return env


def cold_compile(keys: tuple[str, ...] = COLD_KEYS) -> dict[str, float]:
    """Returns the seconds each step takes to compile into an empty cache, in a fresh process."""
    with tempfile.TemporaryDirectory(prefix="patolli-cold-") as cache:
        out = subprocess.run([sys.executable, "-c", _COLD_SCRIPT, *keys], env=_env(Path(cache)),
                             capture_output=True, text=True, check=True)
    return {key: float(v) for key, v in json.loads(out.stdout.strip().splitlines()[-1]).items()}


def time_process(argv: list[str], runs: int) -> list[float]:
    """Returns the wall time of each of `runs` fresh runs of `python -m printgen ARGV` (after one unmeasured run)."""
    cmd = [sys.executable, "-m", "printgen", *argv]
    subprocess.run(cmd, env=_env(), capture_output=True, check=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, env=_env(), capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return times


def measure(runs: int = 5, cold: bool = True, progress: Callable[[str], None] | None = None) -> StartupResult:
    """Measures the cold compile (unless cold is False) and the warm process times of --help, cast and advise."""
    say = progress or (lambda _text: None)
    compiled: dict[str, float] = {}
    if cold and jit.JIT:
        say("compiling into an empty cache (this takes a while)")
        compiled = cold_compile()
    say("finding a mid-game position")
    position = mid_game_position()
    commands = [
        ("patolli --help", ["--help"], 0.3),
        ("patolli cast", ["cast", "--ruleset", "gatigo", "--seed", "1"], None),
        ("patolli advise (default level, mid-game)", ["advise", position, "--cast", "2"], 1.0),
    ]
    warm = []
    for name, argv, target in commands:
        say(f"timing {name}")
        warm.append(Timing(name, tuple(argv), time_process(argv, runs), target))
    return StartupResult(compiled, warm)
