"""Random-policy playouts on the rules kernel (compiled), and the engine benchmark built on them."""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.engine.layout import STATE_SIZE, move_capacity
from printgen.engine.rng import cast_marks, next_u32, seed_rng
from printgen.engine.tables import tables_for
from printgen.rulesets.model import MAX_ITEMS, MAX_PLAYERS, Ruleset


@njit
def random_games(st, t, rng, games, max_turns, counts, ev, out):
    """Plays random legal moves from st until `games` games end or the contest does.

    counts receives [games finished, turns played]; returns the number of games finished.
    ev and out are scratch buffers for events and moves.
    """
    done = 0
    turns = 0
    while done < games and lay.phase(st) != k.PHASE_OVER and turns < max_turns:
        game = lay.game(st)
        marks = cast_marks(t, rng) if lay.phase(st) != k.PHASE_BET else 0
        n = k.legal_moves(st, t, marks, out)
        move = out[next_u32(rng) % n]
        ev[0] = 0
        k.play(st, t, marks, move, ev)
        turns += 1
        if lay.game(st) != game or lay.phase(st) == k.PHASE_OVER:
            done += 1
    counts[0] += done
    counts[1] += turns
    return done


@njit
def bench_games(st, t, rng, games, counts, ev, out):
    """Plays random contests, starting a new one whenever one ends, until `games` games have ended."""
    while counts[0] < games:
        k.init_contest(st, t, ev)
        random_games(st, t, rng, games - counts[0], 1 << 40, counts, ev, out)


@dataclass(frozen=True)
class BenchResult:
    """What one benchmark run measured."""

    ruleset: str
    players: int
    games: int
    turns: int
    seconds: float
    warmup_seconds: float  # compiling or loading the compiled kernel, not counted above

    @property
    def games_per_second(self) -> float:
        """Returns complete games per second."""
        return self.games / self.seconds

    @property
    def turns_per_second(self) -> float:
        """Returns turns (cast and move) per second."""
        return self.turns / self.seconds


def scratch_buffers() -> tuple[np.ndarray, np.ndarray]:
    """Returns an event buffer and a move buffer for the kernel, large enough for any ruleset."""
    moves = move_capacity(MAX_PLAYERS * MAX_ITEMS)
    return np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64), np.zeros(moves, dtype=np.int64)


def bench(ruleset: Ruleset, players: int = 2, seconds: float = 3.0, seed: int = 1) -> BenchResult:
    """Returns how many complete random-policy games the kernel plays per second on one core.

    Contests run back to back; every game that ends (naturally or by a bankruptcy) counts.
    """
    t = tables_for(ruleset, players)
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    rng = np.zeros(4, dtype=np.int64)
    seed_rng(rng, seed)
    ev, out = scratch_buffers()
    counts = np.zeros(2, dtype=np.int64)
    start = time.perf_counter()
    bench_games(st, t, rng, 5, counts, ev, out)
    warmup = time.perf_counter() - start
    counts[:] = 0
    batch = 200
    start = time.perf_counter()
    while True:
        bench_games(st, t, rng, int(counts[0]) + batch, counts, ev, out)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
        batch = max(batch, int(counts[0] / elapsed * 0.25))
    return BenchResult(ruleset.spec, players, int(counts[0]), int(counts[1]), elapsed, warmup)
