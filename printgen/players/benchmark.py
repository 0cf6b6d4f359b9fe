"""Benchmarks of the computer players: advisor latency per level, and contests per second on one core."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from printgen.engine.position import Phase, Position
from printgen.players.advisor import advise
from printgen.players.arena import play_pairings
from printgen.players.registry import player, seeded_rng
from printgen.rulesets import load_ruleset


@dataclass(frozen=True)
class Latency:
    """How long the advisor took at one level over sample positions (milliseconds)."""

    level: int
    positions: int
    mean_ms: float
    median_ms: float
    max_ms: float


@dataclass(frozen=True)
class Throughput:
    """Contests per second for one pairing on one core."""

    a: str
    b: str
    matches: int
    seconds: float

    @property
    def per_second(self) -> float:
        """Returns contests per second."""
        return self.matches / self.seconds


def sample_positions(ruleset: str, count: int, seed: int = 1) -> list[tuple[Position, int]]:
    """Returns (position, marks) pairs from games of GATIGO S3T0 players: decisions with a real choice."""
    rs = load_ruleset(ruleset)
    import random

    rnd = random.Random(seed)
    rng = seeded_rng(seed)
    me = player("gatigo:S3T0")
    samples: list[tuple[Position, int]] = []
    pos = Position.new(rs)
    while len(samples) < count:
        if pos.phase is Phase.OVER:
            pos = Position.new(rs)
        marks = rnd.choices(range(rs.beans.count + 1), weights=[1] * (rs.beans.count + 1))[0] if pos.needs_cast else 0
        if pos.phase is Phase.MOVE and len(pos.move_codes(marks)) > 1 and rnd.random() < 0.3:
            samples.append((pos, marks))
        pos = pos.after(marks, me.choose(pos, marks, rng))
    return samples


def advisor_latency(ruleset: str, levels: list[int], positions: int = 30, seed: int = 1) -> list[Latency]:
    """Returns the advisor's time per answer at each level, warm (tables and compiled code loaded)."""
    samples = sample_positions(ruleset, positions, seed)
    advise(*samples[0], level=0)  # load the compiled code and tables once
    out = []
    for level in levels:
        times = []
        for pos, marks in samples:
            start = time.perf_counter()
            advise(pos, marks, level)
            times.append((time.perf_counter() - start) * 1000)
        out.append(Latency(level, len(times), statistics.fmean(times), statistics.median(times), max(times)))
    return out


def contest_throughput(ruleset: str, pairings: list[tuple[str, str]], seconds: float = 2.0,
                       seed: int = 1) -> list[Throughput]:
    """Returns contests per second on one core for each pairing, each measured for about `seconds`."""
    out = []
    for a, b in pairings:
        play_pairings(ruleset, [(a, b)], 1, seed, workers=1)  # warm-up
        matches, elapsed, batch = 0, 0.0, 2
        while elapsed < seconds:
            start = time.perf_counter()
            play_pairings(ruleset, [(a, b)], batch, seed + matches, workers=1)
            elapsed += time.perf_counter() - start
            matches += batch
            batch = min(batch * 2, 2000)
        out.append(Throughput(a, b, matches, elapsed))
    return out
