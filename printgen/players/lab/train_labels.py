"""Supervised labels for training: each recorded position valued by playouts to the end of its game.

TD(λ) labels a position by the one game it came from (and the network's own later values); a dice game's
single outcome is mostly noise. gnubg trained its networks on rollouts instead: every position labelled by
many games played on from it. Here each recorded position is played on `rollouts` times to the end of its
game by the same player that recorded it (the advisor at level 0 with the generation's evaluation, bets
drawn from the smallest quarter: the recording games' own turn, `train_play.play_turn`), and its label is each
seat's share of the playouts won: an estimate of that seat's chance to win the game with a variance
`rollouts` times smaller than one outcome's, and no bias from the network's own values.

Playouts are seeded from the chunk's random source after its games, so the labels of a chunk depend only
on the job's seed, the generation and the chunk's place, whatever the workers.
"""

from __future__ import annotations

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.players.lab.train_play import play_turn

PLAYOUT_TURNS = 20_000  # a playout still going after this many turns is left out of its position's label


@njit
def playout_winner(st, t, et, sc, spec, rng):
    """Plays the game of st on to its end (st changed); returns its winner, or -1 if it did not end."""
    game = lay.game(st)
    for _ in range(PLAYOUT_TURNS):
        play_turn(st, t, et, sc, spec, rng)
        if lay.phase(st) == k.PHASE_OVER:
            return lay.winner(st)
        if lay.game(st) != game:
            return lay.last_winner(st)
    return -1


@njit
def playout_labels(states, t, et, sc, spec, rng, rollouts, every, y, counted, st):
    """Writes into y[i, seat] each seat's share of `rollouts` playouts of states[i] won, for every `every`-th
    state, and into counted[i] the playouts that ended (0: y[i] left at zero, as for the states skipped)."""
    for i in range(states.shape[0]):
        for p in range(y.shape[1]):
            y[i, p] = 0.0
        ended = 0
        if i % every != 0:
            counted[i] = 0
            continue
        for _ in range(rollouts):
            for j in range(st.shape[0]):
                st[j] = states[i, j]
            w = playout_winner(st, t, et, sc, spec, rng)
            if w >= 0:
                y[i, w] += 1.0
                ended += 1
        counted[i] = ended
        if ended:
            for p in range(y.shape[1]):
                y[i, p] /= ended


def label_chunk(t, et, sc, spec: np.ndarray, rng: np.ndarray, states: np.ndarray, rollouts: int,
                every: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Returns (labels, playouts ended) of a chunk's recorded states, every `every`-th labelled (the others: 0
    playouts). Positions of one game are alike: labelling one in `every` spreads the playouts over more games."""
    y = np.zeros((states.shape[0], t.n_players))
    counted = np.zeros(states.shape[0], dtype=np.int64)
    playout_labels(states, t, et, sc, spec, rng, rollouts, every, y, counted,
                   np.zeros(lay.STATE_SIZE, dtype=np.int64))
    return y, counted
