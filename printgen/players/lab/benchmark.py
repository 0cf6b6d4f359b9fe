"""Benchmarks of the computer players: the advisor's decision time per level on real mid-game positions, and
contests per second on one core.

The positions come from games of the advisor against itself (`SAMPLER`, seeded), casts drawn by the beans'
real chances: every decision with a real choice (two or more legal moves) and between `pieces` pieces on the
board, both seats counted, is a candidate, and one candidate in `STRIDE` is kept, so the sample spreads over
many games. Openings (no piece on the board yet) and race endings do not qualify.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from printgen.engine.position import Phase, Position
from printgen.errors import OptionError
from printgen.players.evaluation.features import cast_probabilities
from printgen.players.lab.arena import play_pairings
from printgen.players.roster.registry import player, seeded_rng
from printgen.ruleset_files import load_ruleset

SAMPLER = "advisor:1"  # who plays the games the positions come from: the advisor, one cast ahead, against itself
PIECES = (8, 10)  # pieces on the board (both seats) of a sampled position: a real mid-game
STRIDE = 3  # keep one qualifying decision in this many
MAX_MOVES = 200_000  # give up on a ruleset whose games never reach such positions


@dataclass(frozen=True)
class Latency:
    """How long one player took per decision over the sample positions (milliseconds)."""

    name: str
    level: int
    positions: int
    mean_ms: float
    median_ms: float
    p90_ms: float
    max_ms: float


@dataclass(frozen=True)
class Sample:
    """Sample positions: (position, marks) pairs and the pieces on the board over them."""

    ruleset: str
    positions: list[tuple[Position, int]]
    fewest: int
    most: int


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


def pieces_on_board(pos: Position) -> int:
    """Returns the pieces on the board, every seat counted."""
    return sum(pos.on_board(s) for s in range(pos.players))


def sample_positions(ruleset: str, count: int, seed: int = 1, pieces: tuple[int, int] = PIECES,
                     sampler: str = SAMPLER) -> Sample:
    """Returns `count` decisions with a real choice and `pieces` (low, high) pieces on the board, from seeded games
    of `sampler` against itself; raises OptionError if the games never reach enough of them."""
    rs = load_ruleset(ruleset)
    rnd = random.Random(seed)
    rng = seeded_rng(seed)
    me = player(sampler)
    probs = list(cast_probabilities(rs))
    faces = list(range(len(probs)))
    found: list[tuple[Position, int]] = []
    seen = 0
    pos = Position.new(rs)
    for _ in range(MAX_MOVES):
        if len(found) == count:
            break
        if pos.phase is Phase.OVER:
            pos = Position.new(rs)
        marks = rnd.choices(faces, weights=probs)[0] if pos.needs_cast else 0
        if (pos.phase is Phase.MOVE and pieces[0] <= pieces_on_board(pos) <= pieces[1]
                and len(pos.move_codes(marks)) > 1):
            seen += 1
            if seen % STRIDE == 0:
                found.append((pos, marks))
        pos = pos.after(marks, me.choose(pos, marks, rng))
    if len(found) < count:
        raise OptionError(f"{ruleset}: only {len(found)} of {count} positions with {pieces[0]}–{pieces[1]} pieces on "
                          f"the board in {MAX_MOVES:,} moves of {sampler} games")
    on = [pieces_on_board(p) for p, _ in found]
    return Sample(ruleset, found, min(on), max(on))


def decision_latency(sample: Sample, names: list[str]) -> list[Latency]:
    """Returns each player's time per decision over the sample, warm (its compiled code and tables loaded)."""
    out = []
    rng = seeded_rng(1)
    for name in names:
        me = player(name)
        me.choose(*sample.positions[0], rng)  # load the compiled code and tables once
        times = []
        for pos, marks in sample.positions:
            start = time.perf_counter()
            me.choose(pos, marks, rng)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        out.append(Latency(name, me.level, len(times), statistics.fmean(times), statistics.median(times), p90,
                           times[-1]))
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
