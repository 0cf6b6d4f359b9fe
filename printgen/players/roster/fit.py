"""Fits the evaluation's weights by simulation: play games, record each seat's features, see who won.

The chance to win the game is a conditional-logit (softmax) model fitted by Newton's method; the
items each seat gains by the end of the game (beyond the prize it wins) a least-squares model.
Weights for the built-in rulesets are fitted once and shipped (`weights.py`); other rulesets are
fitted when first used.

The first round's games are played by a mix of players, drawn afresh for every seat of every game
(GATIGO S1T2 and S3T0); each further round's by the advisor at level 0 with the previous round's
weights (a mix there taught the models the weaker players' habits: GATIGO's fit put a positive weight
on tolls ahead, and its advisor lost 100 of 100 contests to the advisor of 2026). Every bet is drawn
uniformly from the smallest quarter of the legal bets. A fit
made from one player's games learns that player's habits: an advisor that bets everything every game
ends every contest in one game, so no seat ever gains an item and a seat that is behind wins
whenever the one ahead cannot pay a toll (Neeley's weights were fitted so until 2026 and rewarded
being behind). `fit_problems` names what a fit must satisfy before it ships.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.engine.rng import cast_marks, next_u32, seed_rng
from printgen.engine.tables import tables_for
from printgen.players.evaluation import features as ev
from printgen.players.evaluation.features import F_PIPS
from printgen.players.search.plain import make_scratch
from printgen.players.search.policy import ADVISOR, GATIGO, choose
from printgen.rulesets.model import Ruleset

QUICK_GAMES = 300  # a custom ruleset's first use
FULL_GAMES = 3000  # the shipped weights
RIDGE = 1e-3
TURNS_PER_GAME = 5000  # a fit stops after games * this many turns: games that hardly end teach nothing more
BET_SHARE = 4  # fitting games bet at most a quarter of what the poorer seat could (at least 1)
ITEMS_R2_FLOOR = 0.01  # a shipped items model must explain at least this share of the items gained
SEED = 2009  # the shipped fits' seed
# Race terms whose sign is known: more steps left, more casts wasted on an exact landing, more tolls ahead
# (they cost items or turns) are never better; more pieces home, more extra turns ahead never worse. A fit
# that gives one the other sign (it can: near the end of a race the waste is high and the race nearly
# won) is refitted without it, so the search is never led to keep a piece short of home.
SIGNS = {ev.F_PIPS: -1.0, ev.F_WASTE: -1.0, ev.F_TOLLS: -1.0, ev.F_HOME: 1.0, ev.F_BONUS: 1.0}


S_SAMPLES, S_START, S_DONE, S_TURN, S_BEGUN = range(5)  # the counters of sample_games, kept between calls
SAMPLE_BUDGET = 5000  # turns played between returns to Python, where Ctrl-C is noticed


@njit
def sample_games(t, et, sc, pool, rng, games, every, max_turns, budget, ctl, st, X, hold0, prize0, solvent, won,
                 dy, refund, specs):
    """Plays `games` games (contests restarted as they end), at most max_turns turns in all, and records
    features every `every` turns.

    Every seat of every game is played by a player drawn from the rows of `pool` (specs[seat] holds the
    draw); bets are drawn from the smallest quarter of the legal ones.

    X[i] features of every seat, hold0/prize0 holdings and prize then, solvent[i] who was in;
    when the game ends: won[i] its winner (-1 none) and dy[i] each seat's items gained beyond the prize.
    Plays at most `budget` turns per call, going on from the counters in ctl (all zero to begin); returns
    True when done, the number of samples then in ctl[S_START].
    """
    cap = X.shape[0]
    n_s = ctl[S_SAMPLES]
    start = ctl[S_START]
    done = ctl[S_DONE]
    turn = ctl[S_TURN]
    if ctl[S_BEGUN] == 0:
        k.init_contest(st, t, sc.ev)
        _draw_players(t, pool, rng, specs)
        ctl[S_BEGUN] = 1
    stop = turn + budget
    while done < games and n_s < cap and turn < max_turns:
        if turn >= stop:
            ctl[S_SAMPLES], ctl[S_START], ctl[S_DONE], ctl[S_TURN] = n_s, start, done, turn
            return False
        if lay.phase(st) == k.PHASE_OVER:
            k.init_contest(st, t, sc.ev)
            _draw_players(t, pool, rng, specs)
            start = n_s
            turn += 1  # a contest over as it begins (a stake no one can pay) must not loop for ever
            continue
        phase = lay.phase(st)
        game = lay.game(st)
        if phase == k.PHASE_MOVE and turn % every == 0:
            ev.features(st, t, et, sc.fx)
            for q in range(t.n_players):
                for j in range(ev.NF):
                    X[n_s, q, j] = sc.fx[q, j]
                hold0[n_s, q] = lay.holding(st, q)
                solvent[n_s, q] = 1 if lay.solvent(st, q) else 0
            prize0[n_s] = lay.pool(st) + (lay.offering(st) if t.offering_to_winner else 0)
            n_s += 1
        p = lay.to_move(st)
        marks = cast_marks(t, rng) if phase != k.PHASE_BET else 0
        n = k.legal_moves(st, t, marks, sc.moves[0])
        if phase == k.PHASE_BET:
            move = sc.moves[0, next_u32(rng) % max(1, n // BET_SHARE)]
        else:
            move = choose(st, t, et, sc, specs[p], marks, n, rng)
        sc.ev[0] = 0
        k.play(st, t, marks, move, sc.ev)
        turn += 1
        if lay.game(st) == game and lay.phase(st) != k.PHASE_OVER:
            continue
        w = lay.winner(st) if lay.phase(st) == k.PHASE_OVER else lay.last_winner(st)
        for q in range(k.MAXP):
            refund[q] = 0
        for r in range(sc.ev[0]):
            base = 1 + r * k.EV_WIDTH
            if sc.ev[base] == k.E_PAY and sc.ev[base + 1] == k.R_STAKE and sc.ev[base + 2] < k.MAXP:
                refund[sc.ev[base + 2]] += sc.ev[base + 4]
        for i in range(start, n_s):
            won[i] = w
            for q in range(t.n_players):
                gain = lay.holding(st, q) + refund[q] - hold0[i, q]
                dy[i, q] = gain - (prize0[i] if q == w else 0)
        start = n_s
        done += 1
        _draw_players(t, pool, rng, specs)
    ctl[S_SAMPLES], ctl[S_START], ctl[S_DONE], ctl[S_TURN] = n_s, start, done, turn
    return True


@njit
def _draw_players(t, pool, rng, specs):
    """Draws the player of every seat for the next game from the rows of pool."""
    for p in range(t.n_players):
        row = next_u32(rng) % pool.shape[0]
        for c in range(3):
            specs[p, c] = pool[row, c]


@dataclass(frozen=True)
class Fit:
    """Fitted weights and how well they fit."""

    w_game: np.ndarray
    w_items: np.ndarray
    samples: int
    log_loss: float  # of the game-winner model, per sample
    items_r2: float  # of the items model


def ridge_solve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Returns x with a x = b for a symmetric positive semi-definite a, least squares where a is singular;
    zeros where the data give nothing finite to fit (a ruleset whose games never end, say)."""
    if not (np.isfinite(a).all() and np.isfinite(b).all()):
        return np.zeros(len(b))
    try:
        x = np.linalg.solve(a, b)
    except np.linalg.LinAlgError:
        x = np.linalg.lstsq(a, b, rcond=None)[0]
    return x if np.isfinite(x).all() else np.zeros(len(b))


def fit_game_model(X: np.ndarray, solvent: np.ndarray, won: np.ndarray) -> tuple[np.ndarray, float]:
    """Returns softmax weights fitted to who won, and the mean log loss.

    With no finished game to learn from the weights stay zero: every seat still in is given the same chance.
    """
    w = np.zeros(X.shape[2])
    idx = np.arange(len(won))
    mask = solvent.astype(bool)
    if len(won) == 0:
        return w, float("nan")
    ridge = RIDGE * len(won)
    loss = 0.0
    for _ in range(30):
        s = np.where(mask, X @ w, -np.inf)
        s -= s.max(axis=1, keepdims=True)
        e = np.where(mask, np.exp(s), 0.0)
        prob = e / e.sum(axis=1, keepdims=True)
        mean = np.einsum("sp,spj->sj", prob, X)
        grad = (X[idx, won] - mean).sum(axis=0) - ridge * w
        centred = X - mean[:, None, :]
        hess = np.einsum("sp,spi,spj->ij", prob, centred, centred) + ridge * np.eye(len(w))
        step = ridge_solve(hess, grad)
        w += step
        loss = float(-np.mean(np.log(np.maximum(prob[idx, won], 1e-12))))
        if np.abs(step).max() < 1e-8:
            break
    return w, loss


def fit_signed_game_model(X: np.ndarray, solvent: np.ndarray, won: np.ndarray) -> tuple[np.ndarray, float]:
    """`fit_game_model` with the signs of SIGNS kept: a race term fitted with the wrong sign is left out
    (its weight 0) and the rest refitted, until none is."""
    fixed: list[int] = []
    while True:
        data = X
        if fixed:
            data = X.copy()
            data[:, :, fixed] = 0.0
        w, loss = fit_game_model(data, solvent, won)
        wrong = [j for j, sign in SIGNS.items() if j not in fixed and sign * w[j] < 0]
        if not wrong:
            return w, loss
        fixed += wrong


def fit_items_model(X: np.ndarray, solvent: np.ndarray, dy: np.ndarray) -> tuple[np.ndarray, float]:
    """Returns least-squares weights (own features, mean of the others', intercept) for the items gained."""
    rows, ys = [], []
    players = X.shape[1]
    for q in range(players):
        others = [o for o in range(players) if o != q]
        live = solvent[:, q].astype(bool)
        count = np.maximum(solvent[:, others].sum(axis=1), 1)[:, None]
        mean_others = (X[:, others, :] * solvent[:, others, None]).sum(axis=1) / count
        rows.append(np.hstack([X[live, q, :], mean_others[live], np.ones((live.sum(), 1))]))
        ys.append(dy[live, q])
    A, y = np.vstack(rows), np.concatenate(ys)
    if len(y) == 0:
        return np.zeros(A.shape[1]), 0.0
    w = ridge_solve(A.T @ A + RIDGE * len(y) * np.eye(A.shape[1]), A.T @ y)
    resid = y - A @ w
    r2 = 1.0 - float(resid.var() / y.var()) if y.var() > 0 else 0.0
    return w, r2


def fit(ruleset: Ruleset, players: int, games: int = FULL_GAMES, seed: int = SEED, rounds: int = 1) -> Fit:
    """Returns weights fitted on `games` simulated games: first played by GATIGO S1T2 and S3T0 players,
    then (each further round) by the advisor at level 0 with the previous round's weights; bets capped."""
    t = tables_for(ruleset, players)
    static = ev.static_tables(ruleset, players)
    nf = ev.NF
    w_game, w_items = np.zeros(nf), np.zeros(2 * nf + 1)
    result = None
    for r in range(rounds + 1):
        et = ev.make_tables(static, w_game, w_items)
        mix = [[GATIGO, 1, 2], [GATIGO, 3, 0]] if r == 0 else [[ADVISOR, 0, 0]]
        pool = np.array(mix, dtype=np.int64)
        specs = np.zeros((k.MAXP, 3), dtype=np.int64)
        total = players * ruleset.economy.starting_items
        sc = make_scratch(0, total)
        rng = np.zeros(4, dtype=np.int64)
        seed_rng(rng, seed + r)
        cap = games * 60
        X = np.zeros((cap, players, nf))
        hold0 = np.zeros((cap, players), dtype=np.int64)
        prize0 = np.zeros(cap, dtype=np.int64)
        solvent = np.zeros((cap, players), dtype=np.int64)
        won = np.zeros(cap, dtype=np.int64)
        dy = np.zeros((cap, players))
        every = max(1, int(_turns_per_game(ruleset, players) // 40))
        ctl = np.zeros(5, dtype=np.int64)
        state, refund = np.zeros(lay.STATE_SIZE, dtype=np.int64), np.zeros(k.MAXP, dtype=np.int64)
        while not sample_games(t, et, sc, pool, rng, games, every, games * TURNS_PER_GAME, SAMPLE_BUDGET, ctl,
                               state, X, hold0, prize0, solvent, won, dy, refund, specs):
            pass  # back in Python every SAMPLE_BUDGET turns: a Ctrl-C stops the fit here
        n = int(ctl[S_START])
        X, solvent, won, dy = X[:n], solvent[:n], won[:n], dy[:n]
        ok = (won >= 0) & (solvent[np.arange(n), np.maximum(won, 0)] == 1)
        w_game, loss = fit_signed_game_model(X[ok], solvent[ok], won[ok])
        if t.one_game:  # played for the win alone: no item changes hands, there is nothing to fit
            w_items, r2 = np.zeros(2 * nf + 1), 0.0
        else:
            w_items, r2 = fit_items_model(X, solvent, dy)
        result = Fit(w_game, w_items, int(n), loss, r2)
    assert result is not None
    return result


def bear_off_gain(ruleset: Ruleset, players: int, w_game: np.ndarray) -> float:
    """Returns the mean change of a seat's score when a piece r steps from home is borne off, over r = 1
    to the largest cast: every race term counted (steps, home, the casts an exact landing wastes, tolls
    and extra turns still ahead)."""
    t = tables_for(ruleset, players)
    st = ev.static_tables(ruleset, players)
    n = t.n_cells
    waste, tolls, bonus = (np.asarray(st[name]) for name in ("waste", "tolls_ahead", "bonus_ahead"))
    top = int(max(t.scores))
    gains = []
    for r in range(1, min(top, n - 1) + 1):
        q = n - 1 - r
        before = np.zeros(ev.NF)
        before[ev.F_PIPS], before[ev.F_WASTE] = r / n, waste[r]
        before[ev.F_TOLLS], before[ev.F_BONUS] = tolls[0, 0, q], bonus[0, 0, q]
        after = np.zeros(ev.NF)
        after[ev.F_HOME] = 1.0
        gains.append(float(w_game @ (after - before)))
    return float(np.mean(gains))


def fit_problems(ruleset: Ruleset, players: int, w_game: np.ndarray, items_r2: float, log_loss: float) -> list[str]:
    """Returns what is wrong with a fit (empty when it may ship): the race terms must say that being
    further ahead is better, the game model must beat a coin, and the items model (where items change
    hands) must explain at least ITEMS_R2_FLOOR of the items gained."""
    problems = []
    if not w_game[F_PIPS] < 0:
        problems.append(f"the game model rewards steps left (weight {w_game[F_PIPS]:+.3f} on pips): "
                        "being further behind must not be better")
    gain = bear_off_gain(ruleset, players, w_game)
    if not gain > 0:
        problems.append(f"bearing a piece off changes the score by {gain:+.3f} (mean over the last cast before "
                        "home): home must be better than the steps before it")
    if not np.isfinite(log_loss) or log_loss >= np.log(players):
        problems.append(f"the game model's log loss {log_loss:.3f} is no better than a coin's {np.log(players):.3f}")
    if not ruleset.economy.gambling:
        return problems
    if not items_r2 >= ITEMS_R2_FLOOR:
        problems.append(f"the items model explains {items_r2:.3f} of the items gained, below the floor "
                        f"{ITEMS_R2_FLOOR}")
    return problems


def _turns_per_game(ruleset: Ruleset, players: int) -> float:
    """Returns a rough number of turns a game lasts, from the board size and pieces."""
    return ruleset.board.cell_count * ruleset.players.pieces_for(players) / 2.0
