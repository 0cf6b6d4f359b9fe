"""Self-play for training the learned evaluation: games played by the advisor at level 0, positions recorded as the
network's inputs, each labelled with the winner of its game.

One chunk of games is played by `self_play` (compiled) from its own random source, so a chunk's positions
depend only on the job's seed, the generation and the chunk's place (`chunk_rng`), never on which worker
played it. Bets are drawn from the smallest quarter of the legal ones, as the linear fit's games do
(`calibration.BET_SHARE`): an advisor that bets everything ends a contest in one game and its games teach
what bankruptcy does, not what the race is worth.
"""

from __future__ import annotations

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.engine.rng import cast_marks, next_u32, seed_rng
from printgen.players.evaluation import features as ev
from printgen.players.evaluation import learned
from printgen.players.roster.fit import BET_SHARE
from printgen.players.search.policy import choose

SAMPLES_PER_GAME = 40  # positions recorded per game, about: every `every`-th turn
GAME_TURNS = 20_000  # a game still going after this many turns is abandoned (its positions unlabelled)


@njit
def play_turn(st, t, et, sc, spec, rng):
    """Plays one turn of self-play on st: a bet drawn from the smallest quarter of the legal ones, or a cast and the
    move `spec` chooses for it."""
    phase = lay.phase(st)
    marks = cast_marks(t, rng) if phase != k.PHASE_BET else 0
    n = k.legal_moves(st, t, marks, sc.moves[0])
    if phase == k.PHASE_BET:
        move = sc.moves[0, next_u32(rng) % max(1, n // BET_SHARE)]
    else:
        move = choose(st, t, et, sc, spec, marks, n, rng)
    sc.ev[0] = 0
    k.play(st, t, marks, move, sc.ev)


@njit
def self_play(t, et, sc, spec, rng, games, every, buckets, X, live, game_of, won, st, states):
    """Plays `games` games (contests restarted as they end) with every seat played by `spec`; records the
    inputs of every seat every `every` turns of the move phase into X[i] (live[i, seat]: still in), the
    game's number in game_of[i] and, when it ends, its winner in won[i] (-1: none, or unfinished), and
    the state itself in states[i] where states has rows (none: not kept).
    Returns the number of positions recorded."""
    cap = X.shape[0]
    n_s = 0
    start = 0
    done = 0
    k.init_contest(st, t, sc.ev)
    turns = 0
    while done < games:
        if lay.phase(st) == k.PHASE_OVER:
            k.init_contest(st, t, sc.ev)
        phase = lay.phase(st)
        game = lay.game(st)
        if phase == k.PHASE_MOVE and turns % every == 0 and n_s < cap:
            ev.features(st, t, et, sc.fx)
            learned.inputs(st, t, sc.fx, X[n_s], buckets)
            for q in range(t.n_players):
                live[n_s, q] = 1 if lay.solvent(st, q) else 0
            game_of[n_s] = done
            won[n_s] = -1
            if n_s < states.shape[0]:
                for j in range(st.shape[0]):
                    states[n_s, j] = st[j]
            n_s += 1
        play_turn(st, t, et, sc, spec, rng)
        turns += 1
        ended = lay.game(st) != game or lay.phase(st) == k.PHASE_OVER
        if not ended and turns < GAME_TURNS:
            continue
        w = -1
        if ended:
            w = lay.winner(st) if lay.phase(st) == k.PHASE_OVER else lay.last_winner(st)
        for i in range(start, n_s):
            won[i] = w
        start = n_s
        done += 1
        turns = 0
        if not ended:  # abandoned: start a fresh contest
            k.init_contest(st, t, sc.ev)
    return n_s


def chunk_rng(seed: int, generation: int, chunk: int) -> np.ndarray:
    """Returns the random source of one chunk of self-play, from the job's seed and the chunk's place alone."""
    rng = np.zeros(4, dtype=np.int64)
    seed_rng(rng, (seed * 1_000_003 + generation * 10_007 + chunk) & 0x7FFFFFFF)
    return rng


def sample_every(cells: int, pieces: int) -> int:
    """Returns the turns between recorded positions: about SAMPLES_PER_GAME per game of this size."""
    return max(1, int(cells * pieces / 2.0) // SAMPLES_PER_GAME)


def play_chunk(t, et, sc, spec: np.ndarray, rng: np.ndarray, games: int, every: int,
               keep_states: bool = False) -> tuple[np.ndarray, ...]:
    """Returns (X, live, game_of, won, states) of `games` self-play games, the unlabelled positions left out
    (states: each position's state where `keep_states`, else no rows)."""
    players = t.n_players
    cap = games * (SAMPLES_PER_GAME * 3 + 10)
    X = np.zeros((cap, players, learned.input_count(ev.NF)), dtype=np.float64)
    live = np.zeros((cap, players), dtype=np.int64)
    game_of = np.zeros(cap, dtype=np.int64)
    won = np.zeros(cap, dtype=np.int64)
    st = np.zeros(lay.STATE_SIZE, dtype=np.int64)
    states = np.zeros((cap if keep_states else 0, lay.STATE_SIZE), dtype=np.int64)
    n = self_play(t, et, sc, spec, rng, games, every, learned.BUCKETS, X, live, game_of, won, st, states)
    keep = np.zeros(n, dtype=bool)
    for i in range(n):
        keep[i] = won[i] >= 0 and live[i, won[i]] == 1
    return (X[:n][keep], live[:n][keep], game_of[:n][keep], won[:n][keep],
            states[:n][keep] if keep_states else states)
