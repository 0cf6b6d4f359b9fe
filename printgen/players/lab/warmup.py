"""Compiling the rules engine and the players before they are needed, step by step, with progress.

Numba compiles a function the first time it is called; on a fresh install that is tens of seconds,
which would otherwise land on the first computer move or the first hint. A command names what it
needs (`NEEDS`) and `prepare` compiles each missing part by playing it once on a real position,
then leaves a mark in the cache folder so later runs skip straight to work (loading the compiled
code from the cache takes about a second). Compiled code that is already cached costs nothing here.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from printgen.engine import jit


@dataclass(frozen=True)
class Step:
    """One part of the compiled code: its name for people, how to compile it and about how long that takes."""

    key: str
    label: str
    run: Callable[[], None]
    seconds: float  # to compile it on a 2-core machine (issue 23's measures; `patolli lab bench-startup` times them)


def _sample_position():  # -> Position; imported late so that importing this module stays cheap
    """Returns a GATIGO position in the move phase with pieces on the board, reached by real play."""
    from printgen.engine.position import Phase, Position
    from printgen.engine.rng import cast_marks
    from printgen.players.roster.registry import seeded_rng
    from printgen.ruleset_files import load_ruleset

    pos = Position.new(load_ruleset("gatigo"), 2)
    rng = seeded_rng(7)
    t = pos.tables
    for _ in range(40):
        marks = int(cast_marks(t, rng)) if pos.needs_cast else 0
        moves = pos.move_codes(marks)
        if not moves:
            break
        pos = pos.after(marks, moves[-1])
        if pos.phase is Phase.MOVE and pos.on_board(0) >= 2:
            break
    return pos


def _rules() -> None:
    _sample_position()


def _advisor() -> None:
    from printgen.players.analysis.advisor import advise

    pos = _sample_position()
    advise(pos, 1, level=1)


def _rollouts() -> None:
    from printgen.players.analysis.rollouts import roll_out

    roll_out(_sample_position(), 1, trials=2)


def _players() -> None:
    from printgen.players.roster.registry import player, seeded_rng

    pos = _sample_position()
    player("advisor:1").choose(pos, 1, seeded_rng(1))


def _contests() -> None:
    from printgen.engine.layout import MAXP, STATE_SIZE
    from printgen.engine.tables import tables_for
    from printgen.players.lab.contest import NSTAT, match_seeds, run_matches
    from printgen.players.lab.seating import seatings
    from printgen.players.roster.eval_tables import eval_tables_for
    from printgen.players.roster.registry import player
    from printgen.players.search.plain import make_scratch
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset("gatigo")
    specs = np.array([player("advisor:1").spec(), player("gatigo:S1T2").spec()])
    results = np.zeros((1, 2 + 2 * NSTAT), dtype=np.int64)
    run_matches(tables_for(rs, 2), eval_tables_for(rs, 2), make_scratch(1, 2 * rs.economy.starting_items), specs,
                seatings(2), 0, match_seeds(1, 0, 0, 1), 20, np.zeros(STATE_SIZE, dtype=np.int64),
                np.zeros(4, dtype=np.int64), np.zeros((2, 3), dtype=np.int64),
                np.zeros((MAXP, NSTAT), dtype=np.int64), results)


def _bench() -> None:
    from printgen.engine.layout import STATE_SIZE
    from printgen.engine.rng import seed_rng
    from printgen.engine.simulate import bench_games, scratch_buffers
    from printgen.engine.tables import tables_for
    from printgen.ruleset_files import load_ruleset

    t = tables_for(load_ruleset("gatigo"), 2)
    ev, out = scratch_buffers()
    rng = np.zeros(4, dtype=np.int64)
    seed_rng(rng, 1)
    bench_games(np.zeros(STATE_SIZE, dtype=np.int64), t, rng, 1, np.zeros(2, dtype=np.int64), ev, out)


def _solver() -> None:
    from printgen.players.solve.solver import solve, solved_game
    from printgen.ruleset_files import load_ruleset

    solve(solved_game(load_ruleset("gatigo"), 1), tolerance=1e-3)


STEPS = {
    "rules": Step("rules", "the rules kernel", _rules, 25),
    "advisor": Step("advisor", "the advisor's evaluation and search", _advisor, 60),
    "players": Step("players", "the computer players", _players, 50),
    "contests": Step("contests", "whole contests between players", _contests, 25),
    "bench": Step("bench", "the engine benchmark", _bench, 45),
    "solver": Step("solver", "the solver of small games", _solver, 12),
    "rollouts": Step("rollouts", "the rollouts", _rollouts, 15),
}

# What a command prepares before it starts work: not its own part alone but everything its kind of command needs,
# in one go, so a person is told once. Every command of the table (play, advise, rollout, review, position, replay,
# serve) needs the players' code at some point (advice shows calibrated chances, and a map is checked against its
# evaluation's values on positions of random play, `chance_maps.fingerprint`); the research tools of `patolli lab`
# together need every step.
TABLE = ("rules", "advisor", "players", "rollouts")
LAB = tuple(STEPS)
NEEDS = {
    **dict.fromkeys(("play", "advise", "rollout", "review", "position", "replay", "serve"), TABLE),
    **dict.fromkeys(("arena", "tournament", "calibration", "train", "bench", "bench-players", "bench-serve",
                     "solve", "endgames"), LAB),
}


def _mark(key: str):  # -> Path | None
    return None if jit.CACHE_DIR is None else jit.CACHE_DIR / f"ready-{key}"


def _text() -> str:
    """Returns what a step's mark holds: the stamp of the text of the source compiled code reaches."""
    return jit.STAMPS.text if jit.STAMPS is not None else ""


def _ready(key: str) -> bool:
    """True when a step was prepared for this very text of the source.

    The cache folder outlives an edit to a docstring or comment, but numba recompiles each function whose own file
    changed at all; preparing again after such an edit does that once here, not in every process at first use.
    """
    mark = _mark(key)
    try:
        return mark is not None and mark.read_text("ascii") == _text()
    except OSError:
        return False


def missing(keys: tuple[str, ...]) -> list[Step]:
    """Returns the steps not yet compiled into the cache (all of them where nothing is cached)."""
    if not jit.JIT:
        return []
    return [STEPS[key] for key in keys if not _ready(key)]


def estimate(steps: list[Step]) -> float:
    """Returns about how many seconds the steps take to compile on a 2-core machine doing nothing else."""
    return sum(step.seconds for step in steps)


Report = Callable[[int, int, Step | None], None]  # (steps done, steps in all, step starting or None at the end)


def prepare(keys: tuple[str, ...], report: Report | None = None) -> float:
    """Compiles what is missing of keys, reporting each step; returns the seconds it took."""
    todo = missing(keys)
    start = time.perf_counter()
    for i, step in enumerate(todo):
        if report:
            report(i, len(todo), step)
        step.run()
        mark = _mark(step.key)
        if mark is not None:
            try:
                mark.write_text(_text(), "ascii")
            except OSError:  # the cache folder went away: the next run prepares again
                pass
    if report and todo:
        report(len(todo), len(todo), None)
    return time.perf_counter() - start
