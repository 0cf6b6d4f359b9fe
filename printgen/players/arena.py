"""Matches between two computer players, run on every core: win rates with 95% intervals and measurements.

Work is split into chunks of matches; each match is seeded from (seed, pairing, match index), so
totals do not depend on the number of workers or the order chunks finish in.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from printgen.engine import kernel as k
from printgen.engine.layout import STATE_SIZE
from printgen.engine.tables import tables_for
from printgen.errors import OptionError
from printgen.players.contest import MAX_TURNS, NSTAT, STAT_NAMES, match_seeds, run_matches
from printgen.players.pool import default_workers, map_chunks
from printgen.players.registry import Player, player
from printgen.players.search import make_scratch
from printgen.players.weights import eval_tables_for
from printgen.rulesets import load_ruleset

Progress = Callable[[int, int], None]  # (matches done, matches in all)
Chunk = tuple[int, int, int]  # (pairing, first match, count)


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Returns the Wilson score 95% interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class PairResult:
    """What the matches of one pairing gave: A's wins, B's wins, draws and both players' totals."""

    a: str
    b: str
    matches: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    stats_a: np.ndarray = field(default_factory=lambda: np.zeros(NSTAT, dtype=np.int64))
    stats_b: np.ndarray = field(default_factory=lambda: np.zeros(NSTAT, dtype=np.int64))

    @property
    def win_rate(self) -> float:
        """Returns A's share of the matches (a draw counts half)."""
        return (self.wins_a + 0.5 * self.draws) / self.matches if self.matches else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """Returns the 95% interval of A's win rate."""
        return wilson(self.wins_a + 0.5 * self.draws, self.matches)

    def add(self, results: np.ndarray) -> None:
        """Adds the rows of `run_matches` to the totals."""
        self.matches += len(results)
        self.wins_a += int((results[:, 0] == 0).sum())
        self.wins_b += int((results[:, 0] == 1).sum())
        self.draws += int((results[:, 0] == -1).sum())
        self.stats_a += results[:, 1:1 + NSTAT].sum(axis=0)
        self.stats_b += results[:, 1 + NSTAT:].sum(axis=0)

    def measures(self, side: int) -> dict[str, float]:
        """Returns one side's (0 A, 1 B) totals by name, with the average tokens on the board."""
        s = self.stats_a if side == 0 else self.stats_b
        out: dict[str, float] = {name: int(s[i]) for i, name in enumerate(STAT_NAMES)
                                 if name not in ("board_sum", "board_samples")}
        out["avg_tokens_on_board"] = float(s[7] / s[8]) if s[8] else 0.0
        return out


# ---- the workers ----

_JOB: dict[str, object] = {}


def _setup(ruleset: str, players: list[tuple[str, str]], seed: int, max_turns: int) -> None:
    """Prepares a worker: tables, evaluation and buffers for every pairing's players."""
    rs = load_ruleset(ruleset)
    t = tables_for(rs, 2)
    specs = [np.array([player(a).spec(), player(b).spec()]) for a, b in players]
    level = max(max(player(a).level, player(b).level) for a, b in players)  # the deepest search any seat makes
    _JOB.update(t=t, et=eval_tables_for(rs, 2), specs=specs, seed=seed, max_turns=max_turns,
                sc=make_scratch(level, 2 * rs.economy.starting_items),
                st=np.zeros(STATE_SIZE, dtype=np.int64), rng=np.zeros(4, dtype=np.int64),
                seat_specs=np.zeros((2, 3), dtype=np.int64), seat_stats=np.zeros((k.MAXP, NSTAT), dtype=np.int64))


def _run_chunk(chunk: Chunk) -> np.ndarray:
    """Plays one chunk of matches in this worker."""
    pairing, first, count = chunk
    j = _JOB
    results = np.zeros((count, 1 + 2 * NSTAT), dtype=np.int64)
    seeds = match_seeds(int(j["seed"]), pairing, first, count)  # type: ignore[call-overload]
    run_matches(j["t"], j["et"], j["sc"], j["specs"][pairing], first, seeds, j["max_turns"],  # type: ignore[index]
                j["st"], j["rng"], j["seat_specs"], j["seat_stats"], results)
    return results


def chunks(pairings: int, matches: int, workers: int) -> list[Chunk]:
    """Returns the chunks of work: small enough to balance the cores and show progress."""
    size = max(1, min(200, matches // max(1, workers * 10)))
    return [(p, first, min(size, matches - first)) for p in range(pairings) for first in range(0, matches, size)]


def play_pairings(ruleset: str, pairings: list[tuple[str, str]], matches: int, seed: int = 1,
                  workers: int | None = None, progress: Progress | None = None,
                  max_turns: int = MAX_TURNS) -> list[PairResult]:
    """Plays `matches` contests for each pairing (A, B) of player names; returns their results in order."""
    if matches < 1:
        raise OptionError(f"the number of matches must be at least 1, not {matches}")
    for a, b in pairings:
        player(a), player(b)
    workers = max(1, workers or default_workers())
    results = [PairResult(player(a).name, player(b).name) for a, b in pairings]
    work = chunks(len(pairings), matches, workers)
    total = len(pairings) * matches
    done = 0
    setup = (ruleset, pairings, seed, max_turns)  # compiles or loads the kernel once here, before any fork
    for chunk, rows in map_chunks(_run_chunk, work, workers, _setup, setup):
        results[chunk[0]].add(rows)
        done += chunk[2]
        if progress:
            progress(done, total)
    return results


@dataclass(frozen=True)
class ArenaResult:
    """The arena's answer: A against B over some matches."""

    ruleset: str
    a: Player
    b: Player
    result: PairResult
    seed: int
    seconds: float

    @property
    def matches_per_second(self) -> float:
        """Returns matches played per second of wall time."""
        return self.result.matches / self.seconds if self.seconds else 0.0


def arena(ruleset: str, a: str, b: str, matches: int, seed: int = 1, workers: int | None = None,
          progress: Progress | None = None) -> ArenaResult:
    """Plays A against B, seats alternated, contests to bankruptcy; returns A's win rate and the measures."""
    rs = load_ruleset(ruleset)
    if 2 not in rs.player_counts():
        raise OptionError(f"ruleset '{rs.name}' is not played by two; the arena pits two players")
    start = time.perf_counter()
    (result,) = play_pairings(ruleset, [(a, b)], matches, seed, workers, progress)
    return ArenaResult(rs.spec, player(a), player(b), result, seed, time.perf_counter() - start)
