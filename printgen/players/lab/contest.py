"""Whole contests between computer players, in jitted code, with the GATIGO paper's measurements.

Each match has its own random source, seeded from (base seed, line-up, match index) alone, so a
match plays the same whichever worker runs it. Seats follow a set of seatings (players/lab/seating.py):
with two players A sits in seat A in even matches and in seat B in odd ones.
"""

from __future__ import annotations

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.engine.rng import cast_marks
from printgen.players.search.policy import choose

# Per-player statistics of a match.
(S_WON, S_GAMES, S_BOUNCED, S_TOLLS, S_EXTRA, S_MOVES, S_TURNS, S_BOARD_SUM, S_BOARD_SAMPLES,
 S_BLOCKED) = range(10)
NSTAT = 10
STAT_NAMES = ("matches_won", "games_won", "bounce_backs", "toll_landings", "extra_turns", "moves", "turns",
              "board_sum", "board_samples", "blocked_penalties")
MAX_TURNS = 2_000_000  # a contest still going after this is counted a draw


@njit
def play_contest(st, t, et, sc, seat_specs, rng, max_turns, stats):
    """Plays one contest from its start with seat_specs[seat]; adds to stats[seat]; returns the winner or -1."""
    k.init_contest(st, t, sc.ev)
    turns = 0
    while lay.phase(st) != k.PHASE_OVER and turns < max_turns:
        phase = lay.phase(st)
        p = lay.to_move(st)
        marks = cast_marks(t, rng) if phase != k.PHASE_BET else 0
        n = k.legal_moves(st, t, marks, sc.moves[0])
        if phase == k.PHASE_MOVE:
            for q in range(t.n_players):
                if lay.solvent(st, q):
                    stats[q, S_BOARD_SUM] += lay.on_board(st, q)
                    stats[q, S_BOARD_SAMPLES] += 1
        move = choose(st, t, et, sc, seat_specs[p], marks, n, rng)
        sc.ev[0] = 0
        k.play(st, t, marks, move, sc.ev)
        turns += 1
        if phase == k.PHASE_MOVE:
            stats[p, S_TURNS] += 1
        for r in range(sc.ev[0]):
            base = 1 + r * k.EV_WIDTH
            code = sc.ev[base]
            a = sc.ev[base + 1]
            if code == k.E_CAPTURE:
                stats[sc.ev[base + 2], S_BOUNCED] += 1
            elif code == k.E_EXTRA_TURN:
                stats[a, S_EXTRA] += 1
            elif code == k.E_GAME_WON:
                stats[a, S_GAMES] += 1
            elif code == k.E_PAY and a == k.R_NO_MOVE:  # a scoring cast that moved nothing, paid for
                stats[sc.ev[base + 2], S_BLOCKED] += 1
            elif code == k.E_ENTER or code == k.E_MOVE:
                stats[a, S_MOVES] += 1
                cell = sc.ev[base + 2] if code == k.E_ENTER else sc.ev[base + 3]
                if t.flags[cell] & k.F_WEDGE:
                    stats[a, S_TOLLS] += 1
    if lay.phase(st) != k.PHASE_OVER:
        return -1
    w = lay.winner(st)
    if w >= 0:
        stats[w, S_WON] += 1
    return w


@njit
def run_matches(t, et, sc, specs, seatings, first, seeds, max_turns, st, rng, seat_specs, seat_stats, results):
    """Plays matches first.. first+len(seeds)-1 of a line-up of players specs[0], specs[1], ...

    Match i seats the players as seatings[i % len(seatings)] says (seat s: player seatings[., s]), so a
    whole set of seatings puts every player in every seat equally often. results[j] receives (the winning
    player, or -1 for a draw; the winning seat, or -1; then each player's statistics in line-up order).
    """
    n = seatings.shape[1]
    for j in range(seeds.shape[0]):
        row = (first + j) % seatings.shape[0]
        for s in range(n):
            for c in range(3):
                seat_specs[s, c] = specs[seatings[row, s], c]
        for c in range(4):
            rng[c] = seeds[j, c]
        seat_stats[:, :] = 0
        w = play_contest(st, t, et, sc, seat_specs, rng, max_turns, seat_stats)
        results[j, 0] = -1 if w < 0 else seatings[row, w]
        results[j, 1] = w
        for s in range(n):
            player = seatings[row, s]
            for c in range(NSTAT):
                results[j, 2 + player * NSTAT + c] = seat_stats[s, c]


def match_seeds(seed: int, pairing: int, first: int, count: int) -> np.ndarray:
    """Returns the random-source words of matches first.. of a line-up (pairing): four nonzero 32-bit words each."""
    out = np.zeros((count, 4), dtype=np.int64)
    for j in range(count):
        x = (seed * 0x9E3779B97F4A7C15 + pairing * 0xBF58476D1CE4E5B9 + (first + j) * 0x94D049BB133111EB) & (2**64 - 1)
        for c in range(4):
            x = (x + 0x9E3779B97F4A7C15) & (2**64 - 1)
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
            z ^= z >> 31
            out[j, c] = (z & 0xFFFFFFFF) or (0x1234567 + c)
    return out
