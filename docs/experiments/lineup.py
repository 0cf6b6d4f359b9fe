"""The contests `patolli lab arena A B --seed SEED` plays, move by move, for the analyses in this folder.

`contests(RULESET, N, SEED, A, B)` yields each contest (the first N of the run, seats alternated as the arena
alternates them) with a generator of its moves; each `Move` carries the state before it, the move played and the
events it raised. When a contest's moves are used up, `contest.state` is its end."""
from collections.abc import Iterator
from typing import NamedTuple

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.rng import cast_marks
from printgen.players.lab import arena as ar
from printgen.players.lab.contest import match_seeds
from printgen.players.search.policy import choose


class Move(NamedTuple):
    phase: int
    seat: int
    marks: int
    legal: list[int]  # the legal moves
    move: int
    before: np.ndarray  # the state before the move
    events: list[tuple[int, int, int, int, int]]  # (code, a, b, c, d) rows the move raised


class Contest(NamedTuple):
    number: int
    player_of: list[int]  # player_of[seat]: 0 for A, 1 for B
    tables: object  # the kernel's tables (`engine.tables.Tables`)
    state: np.ndarray  # live: the contest's end once its moves are used up
    moves: Iterator[Move]


def contests(ruleset: str, n: int, seed: int, a: str, b: str, first: int = 0) -> Iterator[Contest]:
    """Yields contests first.. first+n-1 of the arena's run of A against B on this seed."""
    ar._setup(ruleset, [(a, b)], seed, 10**6)
    j = ar._JOB
    t, et, sc, st, rng = j["t"], j["et"], j["sc"], j["st"], j["rng"]
    specs = j["specs"][0]
    seeds = match_seeds(seed, 0, 0, first + n)
    for m in range(first, first + n):
        row = m % 2
        seat_specs = np.array([specs[0], specs[1]] if row == 0 else [specs[1], specs[0]])
        for c in range(4):
            rng[c] = seeds[m, c]
        sc.ev[0] = 0
        k.init_contest(st, t, sc.ev)
        yield Contest(m, [0, 1] if row == 0 else [1, 0], t, st, _moves(t, et, sc, st, rng, seat_specs))


def _moves(t, et, sc, st, rng, seat_specs) -> Iterator[Move]:
    while lay.phase(st) != k.PHASE_OVER:
        phase = lay.phase(st)
        p = lay.to_move(st)
        marks = cast_marks(t, rng) if phase != k.PHASE_BET else 0
        nm = k.legal_moves(st, t, marks, sc.moves[0])
        legal = [int(x) for x in sc.moves[0, :nm]]
        before = st.copy()
        mv = choose(st, t, et, sc, seat_specs[p], marks, nm, rng)
        sc.ev[0] = 0
        k.play(st, t, marks, mv, sc.ev)
        events = [tuple(int(x) for x in sc.ev[1 + r * k.EV_WIDTH:1 + (r + 1) * k.EV_WIDTH]) for r in range(sc.ev[0])]
        yield Move(phase, p, marks, legal, mv, before, events)
