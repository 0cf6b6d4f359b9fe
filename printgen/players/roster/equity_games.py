"""Contest equity by simulation: the games that count how each split of the items changes over a game.

From every split h = 1 … T - 1 of the T items two players hold, `GAMES` games are played from a fresh
board (seats alternated), both sides GATIGO S1T2, and the split each game leaves is counted;
`evaluation.equity.solve_equity` turns the counts into the table (see that module for the method).
The shipped tables are computed so once (`lab.refit`); a custom ruleset's when first used, from fewer games.
"""

from __future__ import annotations

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.engine.rng import cast_marks, seed_rng
from printgen.engine.tables import tables_for
from printgen.players.evaluation.equity import solve_equity
from printgen.players.evaluation.features import cast_probabilities
from printgen.players.search import gatigo
from printgen.players.search.plain import make_scratch
from printgen.rulesets.model import Ruleset

GAMES = 4000  # games from each split, for the shipped tables
QUICK_GAMES = 60  # for a custom ruleset's first use
SEED = 2026
GAME_TURNS = 50_000  # a game still going after this many turns leaves the split as it stands


@njit
def _start(st, t, ev, seat, mine, theirs):
    """Sets st to the start of a game in which `seat` holds mine and the other theirs (two players)."""
    st[:] = 0
    lay.set_winner(st, -1)
    lay.set_starter(st, -1)
    lay.set_last_winner(st, -1)
    lay.set_holding(st, seat, mine)
    lay.set_holding(st, 1 - seat, theirs)
    for p in range(2, lay.MAXP):
        lay.set_bankrupt(st, p, 1)
    k.begin_game(st, t, ev)


@njit
def count_transitions(t, probs, sc, rng, total, games, counts, st, stake_back):
    """Adds to counts[h, h'] the split each of `games` games from every split h leaves (h' of total);
    st and stake_back (two numbers) are scratch."""
    for h in range(1, total):
        for g in range(games):
            seat = g % 2
            _start(st, t, sc.ev, seat, h, total - h)
            game = lay.game(st)
            turns = 0
            stake_back[0] = 0
            stake_back[1] = 0
            while lay.phase(st) != k.PHASE_OVER and lay.game(st) == game and turns < GAME_TURNS:
                phase = lay.phase(st)
                marks = cast_marks(t, rng) if phase != k.PHASE_BET else 0
                n = k.legal_moves(st, t, marks, sc.moves[0])
                move = gatigo.choose(st, t, probs, gatigo.S1, gatigo.T2, marks, sc.moves[0], n, sc.weights, rng)
                sc.ev[0] = 0
                k.play(st, t, marks, move, sc.ev)
                turns += 1
            if lay.phase(st) == k.PHASE_OVER:
                w = lay.winner(st)
                after = total if w == seat else 0
            else:
                for r in range(sc.ev[0]):
                    base = 1 + r * k.EV_WIDTH
                    if sc.ev[base] == k.E_PAY and sc.ev[base + 1] == k.R_STAKE and sc.ev[base + 2] < 2:
                        stake_back[sc.ev[base + 2]] += sc.ev[base + 4]
                a = lay.holding(st, seat) + stake_back[seat]
                b = lay.holding(st, 1 - seat) + stake_back[1 - seat]
                after = int(np.floor(total * a / (a + b) + 0.5)) if a + b > 0 else h
            counts[h, after] += 1


def compute_equity(ruleset: Ruleset, games: int = GAMES, seed: int = SEED) -> tuple[np.ndarray, np.ndarray]:
    """Returns (equity table, transition counts) of a ruleset played by two (see the module's text)."""
    t = tables_for(ruleset, 2)
    total = 2 * ruleset.economy.starting_items
    sc = make_scratch(0, total)
    rng = np.zeros(4, dtype=np.int64)
    seed_rng(rng, seed)
    counts = np.zeros((total + 1, total + 1), dtype=np.int64)
    count_transitions(t, cast_probabilities(ruleset), sc, rng, total, games, counts,
                      np.zeros(lay.STATE_SIZE, dtype=np.int64), np.zeros(2, dtype=np.int64))
    return solve_equity(counts), counts
