"""Contest equity: the chance to win the contest from the items each player holds as a game begins.

Backgammon players read a match-equity table; the advisor reads this one. For two players holding
h and T - h of the T items in play, equity[h] is the chance that the first wins the contest. It is
computed by dynamic programming over games, from simulation (seeded):

1. From every split h = 1 … T - 1, `GAMES` games are played from a fresh board (seats alternated),
   both sides GATIGO S1T2 (the strongest of the paper's players; bets the smallest), and the split
   each game leaves is counted: the stake of the next game given back, a split the game leaves
   uneven (items left in the pool) rounded to the nearest whole item of T.
2. The counts give each split's transition chances to the next; the equity solves
   equity[h] = sum over h' of P(h → h') equity[h'], with equity[0] = 0 and equity[T] = 1
   (bankrupt, or holding everything), one linear system.
3. The table is made symmetric (equity[h] + equity[T - h] = 1, averaging the two estimates) and
   monotone (holding more is never worse).

Between equal players whose games move items fairly the table is the share h / T (holdings are a
martingale); it departs from it where holdings change what a player can pay (a toll it cannot pay
bankrupts it) and where the items won in a game depend on the holdings. Tables ship for the
built-in rulesets played by two with gambling (`data/equity.json`, rewritten by
`python scripts/calibrate_evaluation.py`); a custom ruleset's is computed when first used, from
fewer games; three and four players keep the share of items.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.engine.rng import cast_marks, seed_rng
from printgen.engine.tables import tables_for
from printgen.players.evaluation.features import cast_probabilities
from printgen.players.search import gatigo
from printgen.players.search.plain import make_scratch
from printgen.rulesets.model import Ruleset

SHIPPED = "data/equity.json"  # inside printgen.players
GAMES = 4000  # games from each split, for the shipped tables
QUICK_GAMES = 60  # for a custom ruleset's first use
SEED = 2026
GAME_TURNS = 50_000  # a game still going after this many turns leaves the split as it stands


@njit
def _start(st, t, ev, seat, mine, theirs):
    """Sets st to the start of a game in which `seat` holds mine and the other theirs (two players)."""
    st[:] = 0
    st[lay.H_WINNER] = -1
    st[lay.H_STARTER] = -1
    st[lay.H_LAST_WINNER] = -1
    st[lay.pb(seat) + lay.P_HOLD] = mine
    st[lay.pb(1 - seat) + lay.P_HOLD] = theirs
    for p in range(2, lay.MAXP):
        st[lay.pb(p) + lay.P_BANKRUPT] = 1
    k.begin_game(st, t, ev)


@njit
def count_transitions(t, probs, sc, rng, total, games, counts, st, stake_back):
    """Adds to counts[h, h'] the split each of `games` games from every split h leaves (h' of total);
    st and stake_back (two numbers) are scratch."""
    for h in range(1, total):
        for g in range(games):
            seat = g % 2
            _start(st, t, sc.ev, seat, h, total - h)
            game = st[k.H_GAME]
            turns = 0
            stake_back[0] = 0
            stake_back[1] = 0
            while st[k.H_PHASE] != k.PHASE_OVER and st[k.H_GAME] == game and turns < GAME_TURNS:
                phase = st[k.H_PHASE]
                marks = cast_marks(t, rng) if phase != k.PHASE_BET else 0
                n = k.legal_moves(st, t, marks, sc.moves[0])
                move = gatigo.choose(st, t, probs, gatigo.S1, gatigo.T2, marks, sc.moves[0], n, sc.weights, rng)
                sc.ev[0] = 0
                k.play(st, t, marks, move, sc.ev)
                turns += 1
            if st[k.H_PHASE] == k.PHASE_OVER:
                w = st[k.H_WINNER]
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


def solve_equity(counts: np.ndarray) -> np.ndarray:
    """Returns the equity table (length T + 1) from the counts of game transitions between splits."""
    total = counts.shape[0] - 1
    share = np.arange(total + 1) / total
    rows = counts.sum(axis=1, keepdims=True).astype(np.float64)
    p = np.divide(counts, rows, out=np.zeros(counts.shape), where=rows > 0)
    inner = np.arange(1, total)
    q = p[np.ix_(inner, inner)]
    r = p[inner, total]  # straight to holding everything
    eps = 1e-9  # a split no game ever leaves keeps its share
    a = np.eye(total - 1) * (1 + eps) - q
    e = np.linalg.solve(a, r + eps * share[inner])
    eq = np.concatenate([[0.0], np.clip(e, 0.0, 1.0), [1.0]])
    eq = (eq + 1.0 - eq[::-1]) / 2.0
    return np.clip(np.maximum.accumulate(eq), 0.0, 1.0)


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


def has_equity(ruleset: Ruleset, players: int) -> bool:
    """Returns whether a contest-equity table applies: two players (no partners) betting items."""
    return players == 2 and ruleset.economy.gambling


@cache
def stored_equity() -> dict[str, np.ndarray]:
    """Returns the shipped contest-equity tables by "ruleset/players" key."""
    path = resources.files("printgen.players").joinpath(SHIPPED)
    if not path.is_file():
        return {}
    data = json.loads(path.read_text("utf-8"))
    return {key: np.array(entry["equity"], dtype=np.float64) for key, entry in data.items()}


def equity_entry(ruleset: Ruleset, games: int = GAMES, seed: int = SEED) -> dict[str, object]:
    """Returns the shipped form of a ruleset's table, with how it was computed."""
    eq, counts = compute_equity(ruleset, games, seed)
    return {"items": int(len(eq) - 1), "equity": [round(float(x), 5) for x in eq], "games_per_split": games,
            "seed": seed, "players": "gatigo:S1T2 against itself", "games": int(counts.sum()),
            "max_from_share": round(float(np.abs(eq - np.linspace(0, 1, len(eq))).max()), 4)}
