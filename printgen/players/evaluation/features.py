"""The advisor's evaluation: a position's chances of winning the game and the contest, for every seat.

A pure function of the position, kept apart from the search. Each seat is described by a few race
features (steps left, pieces in hand and home, the casts an exact landing wastes, tolls and extra
turns ahead, pieces exposed to a bounce); a softmax over the seats gives the chance of winning the
game, and a linear model gives the items each seat can expect to hold when the game ends. Both are
fitted by simulation (`calibration.py`; the weights of a ruleset come from `weights.py`). The chance
of winning the contest, for two players, is read from the ruleset's contest-equity table (`equity.py`:
the chance to win the contest from the items each holds as a game begins, like backgammon's
match-equity table), averaged over who wins the game being played; for three or four players, and in
the advisor of 2026 (model 1, kept for comparison with its own weights), it is each seat's share of
the expected items: in a fair game a player's holdings are a martingale, so the chance of ending with
everything is the share held. For two players, a seat too poor to pay a toll is also at risk of ruin
from the tolls still ahead of it (`_ruin`): the fitted models, trained on games with small bets, do not
see it, and an opponent that bets everything makes every game such a game.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.beans import Beans
from printgen.engine.jit import inline, njit
from printgen.engine.tables import Tables, tables_for
from printgen.players.evaluation import learned
from printgen.players.evaluation.exact import NOT_HELD, exact_value
from printgen.players.solve.index import END_SHAPE
from printgen.rulesets.model import Ruleset

# Features of one seat.
F_PIPS, F_HAND, F_HOME, F_WASTE, F_TOLLS, F_BONUS, F_EXPOSED, F_TO_MOVE = range(8)
NF = 8
FEATURE_NAMES = ("pips", "hand", "home", "waste", "tolls", "bonus", "exposed", "to_move")
# Rows of an evaluation: per seat, the chance to win the game, expected items at its end, chance to win the contest.
V_GAME, V_ITEMS, V_CONTEST = 0, 1, 2
# Models: the ruleset's default (the learned network where it ships and was measured stronger, `learned.DEFAULT_KEYS`,
# else the linear model); the advisor of 2026 (its weights, share of items); the learned network's chance to win
# the game (`learned.py`) with today's items model and contest equity; the linear model with today's items model
# and contest equity. An evaluation's `default_model` says which of the last two MODEL_NOW is.
MODEL_NOW, MODEL_2026, MODEL_LEARNED, MODEL_LINEAR = 0, 1, 2, 3

EvalTables = namedtuple(
    "EvalTables",
    "probs n_groups group_marks group_prob waste tolls_ahead bonus_ahead hand_tolls hand_bonus w_game w_items "
    "w_game_2026 w_items_2026 equity net default_model end_shape end_binom end_values",
)


# ---- tables computed from the ruleset alone ----

def cast_probabilities(ruleset: Ruleset) -> np.ndarray:
    """Returns the probability of each number of marks, as floats."""
    return np.array([float(o.probability) for o in Beans(ruleset.beans).outcomes()], dtype=np.float64)


def exact_landing_casts(probs: np.ndarray, scores: np.ndarray, n: int) -> np.ndarray:
    """Returns E[r]: the expected casts a lone piece needs to cover exactly r steps (overshooting casts wasted)."""
    e = np.zeros(n, dtype=np.float64)
    for r in range(1, n):
        stay, acc = 0.0, 1.0
        for m, p in enumerate(probs):
            s = int(scores[m])
            if s == 0 or s > r:
                stay += p
            else:
                acc += p * e[r - s]
        e[r] = acc / (1.0 - stay) if stay < 1.0 else 1e6
    return e


def landing_chances(probs: np.ndarray, scores: np.ndarray, n: int) -> np.ndarray:
    """Returns u[d]: the chance that a piece moving on every scoring cast lands exactly d steps ahead."""
    moving = [(int(scores[m]), p) for m, p in enumerate(probs) if scores[m] > 0]
    total = sum(p for _, p in moving)
    u = np.zeros(n + 1, dtype=np.float64)
    u[0] = 1.0
    for d in range(1, n + 1):
        u[d] = sum(p / total * u[d - s] for s, p in moving if s <= d)
    return u


def _ahead(t: Tables, u: np.ndarray, flag: int) -> tuple[np.ndarray, np.ndarray]:
    """Returns the expected landings on cells with `flag` ahead of each step, and from the hand."""
    n = t.n_cells
    ahead = np.zeros((k.MAXP, 2, n), dtype=np.float64)
    hand = np.zeros((k.MAXP, 2), dtype=np.float64)
    entry = [s for s in range(1, len(t.entry_ok)) if t.entry_ok[s] and s <= n]
    for p in range(t.n_players):
        for d in range(2):
            cells = t.path[p, d]
            hit = np.array([1.0 if t.flags[c] & flag else 0.0 for c in cells])
            for q in range(n):
                ahead[p, d, q] = float(sum(u[j - q] * hit[j] for j in range(q + 1, n - 1)))
            if entry:
                hand[p, d] = float(np.mean([hit[s - 1] + ahead[p, d, s - 1] for s in entry]))
    return ahead, hand


def static_tables(ruleset: Ruleset, players: int) -> dict[str, object]:
    """Returns the evaluation tables that depend on the ruleset alone (no fitted weights)."""
    t = tables_for(ruleset, players)
    probs = cast_probabilities(ruleset)
    groups: dict[int, list[int]] = {}
    for m in range(len(probs)):
        if probs[m] > 0:
            groups.setdefault(int(t.scores[m]), []).append(m)
    n = t.n_cells
    e = exact_landing_casts(probs, t.scores, n)
    mean = float(sum(p * t.scores[m] for m, p in enumerate(probs)))
    waste = np.array([e[r] - r / mean for r in range(n)], dtype=np.float64)
    u = landing_chances(probs, t.scores, n)
    tolls, hand_tolls = _ahead(t, u, k.F_WEDGE)
    bonus, hand_bonus = _ahead(t, u, k.F_ROUNDED)
    return dict(
        probs=probs, n_groups=len(groups),
        group_marks=np.array([ms[0] for ms in groups.values()], dtype=np.int64),
        group_prob=np.array([sum(probs[m] for m in ms) for ms in groups.values()], dtype=np.float64),
        waste=waste, tolls_ahead=tolls, bonus_ahead=bonus, hand_tolls=hand_tolls, hand_bonus=hand_bonus,
    )


def make_tables(static: dict[str, object], w_game: np.ndarray, w_items: np.ndarray,
                old: tuple[np.ndarray, np.ndarray] | None = None, equity: np.ndarray | None = None,
                net: np.ndarray | None = None, net_default: bool = False,
                endgame: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> EvalTables:
    """Returns evaluation tables from static tables and fitted weights (NF and 2 * NF + 1 of them).

    old: the 2026 advisor's weights (default: the same); equity: the contest-equity table of two
    players, equity[h] the chance to win the contest holding h of all the items (default: none, the
    share of items); net: the learned network, packed (`learned.pack`; default: none, MODEL_LEARNED then
    plays as MODEL_LINEAR); net_default: MODEL_NOW reads the network (default: the linear model); endgame: the
    exact endgame table's fields (`solve.endgame.end_fields`; default: none).
    """
    for wg, wi in ((w_game, w_items),) + ((old,) if old is not None else ()):
        if np.shape(wg) != (NF,) or np.shape(wi) != (2 * NF + 1,):
            raise ValueError(f"the evaluation's {NF} features need {NF} game weights and {2 * NF + 1} items "
                             f"weights, not {np.size(wg)} and {np.size(wi)}")
    wg, wi = np.asarray(w_game, dtype=np.float64), np.asarray(w_items, dtype=np.float64)
    og, oi = (wg, wi) if old is None else (np.asarray(old[0], dtype=np.float64), np.asarray(old[1], dtype=np.float64))
    eq = np.zeros(0, dtype=np.float64) if equity is None else np.asarray(equity, dtype=np.float64)
    nn = np.zeros(0, dtype=np.float64) if net is None else np.asarray(net, dtype=np.float64)
    default = MODEL_LEARNED if net_default and nn.shape[0] > 0 else MODEL_LINEAR
    end = endgame if endgame is not None else no_endgame()
    return EvalTables(w_game=wg, w_items=wi, w_game_2026=og, w_items_2026=oi, equity=eq, net=nn,
                      default_model=np.array([default], dtype=np.int64), end_shape=end[0], end_binom=end[1],
                      end_values=end[2], **static)


def no_endgame() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Returns the endgame fields of evaluation tables without an endgame table."""
    return np.zeros(END_SHAPE, dtype=np.int64), np.zeros((1, 1), dtype=np.int64), np.zeros(0, dtype=np.float64)


# ---- the evaluation, in jitted code ----

@inline
def _threat(st, t, et, p, cell):
    """Returns the chance that an opponent of p lands on cell with its next cast."""
    total = 0.0
    n = t.n_cells
    for m in range(et.probs.shape[0]):
        s = t.scores[m]
        if s == 0 or et.probs[m] == 0.0:
            continue
        hit = False
        for o in range(t.n_players):
            if o == p or t.team[o] == t.team[p] or not lay.solvent(st, o):
                continue
            d = lay.dir_index(st, o)
            if lay.in_hand(st, o) > 0 and s - 1 < n and t.path[o, d, s - 1] == cell:
                if s < t.entry_ok.shape[0] and t.entry_ok[s] == 1:
                    hit = True
            for j in range(t.n_pieces):
                q = lay.progress(st, o, j)
                if 0 <= q and q + s <= n - 1 and t.path[o, d, q + s] == cell:
                    hit = True
        if hit:
            total += et.probs[m]
    return total


@njit
def features(st, t, et, fx):
    """Writes the features of every seat into fx[seat, :]."""
    n = t.n_cells
    for p in range(t.n_players):
        for j in range(NF):
            fx[p, j] = 0.0
        if not lay.solvent(st, p):
            continue
        d = lay.dir_index(st, p)
        hand = lay.in_hand(st, p)
        pips = hand * n
        waste = 0.0
        tolls = hand * et.hand_tolls[p, d]
        bonus = hand * et.hand_bonus[p, d]
        exposed = 0.0
        for j in range(t.n_pieces):
            q = lay.progress(st, p, j)
            if q < 0 or q >= n:
                continue
            r = n - 1 - q
            pips += r
            waste += et.waste[r]
            tolls += et.tolls_ahead[p, d, q]
            bonus += et.bonus_ahead[p, d, q]
            cell = t.path[p, d, q]
            if t.flags[cell] & k.F_CAPTURE:
                exposed += _threat(st, t, et, p, cell)
        pen = lay.penalty(st, p)
        if pen != 0:  # a wedge penalty to serve: a lost cast, or a cast spent going backwards
            mean = 0.0
            for m in range(et.probs.shape[0]):
                mean += et.probs[m] * t.scores[m]
            pips += mean if pen == lay.PEN_MISS else 2.0 * mean
        fx[p, F_PIPS] = pips / n
        fx[p, F_HAND] = hand
        fx[p, F_HOME] = lay.borne_off(st, p)
        fx[p, F_WASTE] = waste
        fx[p, F_TOLLS] = tolls
        fx[p, F_BONUS] = bonus
        fx[p, F_EXPOSED] = exposed
    phase = lay.phase(st)
    if phase == k.PHASE_MOVE:
        fx[lay.to_move(st), F_TO_MOVE] = 1.0
    elif phase == k.PHASE_OPENING:
        throwing = 0
        for p in range(t.n_players):
            throwing += lay.throwing(st, p)
        for p in range(t.n_players):
            if lay.throwing(st, p) == 1:
                fx[p, F_TO_MOVE] = 1.0 / throwing


@inline
def equity_of(et, mine, theirs):
    """Returns the contest equity of a seat holding `mine` against `theirs` (two players), read from
    the table with linear interpolation; the share of the items where there is no table."""
    mine = max(mine, 0.0)
    theirs = max(theirs, 0.0)
    if mine + theirs <= 0.0:
        return 0.5
    share = mine / (mine + theirs)
    n = et.equity.shape[0] - 1
    if n < 1:
        return share
    x = share * n
    i = min(int(x), n - 1)
    f = x - i
    return et.equity[i] * (1.0 - f) + et.equity[i + 1] * f


@njit
def evaluate(st, t, et, game0, out, fx):
    """Writes out[V_GAME|V_ITEMS|V_CONTEST, seat] for the position st; game0 is the game being judged.

    If st is already in a later game, game0 was won by the seat that won it; items are then the
    holdings (with the next game's stake given back).
    """
    evaluate_model(st, t, et, game0, out, fx, MODEL_NOW)


@njit
def evaluate_model(st, t, et, game0, out, fx, model):
    """`evaluate` with the weights and contest rule of a model (MODEL_NOW, MODEL_2026, MODEL_LEARNED or
    MODEL_LINEAR; MODEL_NOW is the tables' default_model)."""
    if model == MODEL_NOW:
        model = et.default_model[0]
    w_game = et.w_game if model != MODEL_2026 else et.w_game_2026
    w_items = et.w_items if model != MODEL_2026 else et.w_items_2026
    np_ = t.n_players
    for p in range(k.MAXP):
        out[V_GAME, p] = 0.0
        out[V_ITEMS, p] = 0.0
        out[V_CONTEST, p] = 0.0
    if lay.phase(st) == k.PHASE_OVER:
        w = lay.winner(st)
        for p in range(np_):
            out[V_ITEMS, p] = lay.holding(st, p)
            if w >= 0 and t.team[p] == t.team[w]:
                out[V_GAME, p] = 1.0
                out[V_CONTEST, p] = 1.0
        return
    features(st, t, et, fx)
    solvent = 0
    for p in range(np_):
        if lay.solvent(st, p):
            solvent += 1
    # Chance to win the game: a softmax over the seats still in the contest.
    if model == MODEL_LEARNED and et.net.shape[0] > 0:
        learned.seat_scores(st, t, et.net, fx, out, V_CONTEST)  # scratch: the seats' scores
    else:
        for p in range(np_):
            if lay.solvent(st, p):
                s = 0.0
                for j in range(NF):
                    s += w_game[j] * fx[p, j]
                out[V_CONTEST, p] = s  # scratch: the seat's score
    top = -1e300
    for p in range(np_):
        if lay.solvent(st, p):
            top = max(top, out[V_CONTEST, p])
    total = 0.0
    for p in range(np_):
        if lay.solvent(st, p):
            e = np.exp(out[V_CONTEST, p] - top)
            out[V_GAME, p] = e
            total += e
    for p in range(np_):
        out[V_GAME, p] /= total
    if model != MODEL_2026 and lay.game(st) == game0:  # the exact chance, where an endgame table holds st
        v = exact_value(st, t, et)
        if v != NOT_HELD:
            m = lay.to_move(st)
            out[V_GAME, m] = v
            out[V_GAME, 1 - m] = 1.0 - v
    # Expected items at the end of the game: the prize by the chance to take it, and the fitted flows.
    prize = lay.pool(st) + (lay.offering(st) if t.offering_to_winner else 0)
    share = 0.0
    for p in range(np_):
        if not lay.solvent(st, p):
            out[V_CONTEST, p] = 0.0
            continue
        flow = w_items[2 * NF]
        for j in range(NF):
            others = 0.0
            for o in range(np_):
                if o != p and lay.solvent(st, o):
                    others += fx[o, j]
            if solvent > 1:
                others /= solvent - 1
            flow += w_items[j] * fx[p, j] + w_items[NF + j] * others
        items = lay.holding(st, p) + prize * out[V_GAME, p] + flow
        out[V_ITEMS, p] = items
        out[V_CONTEST, p] = max(items, 0.0)
        share += out[V_CONTEST, p]
    for p in range(np_):
        out[V_CONTEST, p] = out[V_CONTEST, p] / share if share > 0 else 1.0 / solvent
    if model != MODEL_2026 and np_ == 2 and solvent == 2 and et.equity.shape[0] > 1:
        # Contest equity, averaged over who takes the prize: x[p] is what p holds at the game's end.
        c0 = 0.0
        for w in range(2):
            x0 = out[V_ITEMS, 0] - prize * out[V_GAME, 0] + (prize if w == 0 else 0.0)
            x1 = out[V_ITEMS, 1] - prize * out[V_GAME, 1] + (prize if w == 1 else 0.0)
            c0 += out[V_GAME, w] * equity_of(et, x0, x1)
        out[V_CONTEST, 0] = c0
        out[V_CONTEST, 1] = 1.0 - c0
    if model != MODEL_2026 and np_ == 2 and solvent == 2 and not t.one_game:
        _ruin(st, t, out, fx)
    if t.one_game:  # played without gambling: no items, and the game is the contest
        for p in range(np_):
            out[V_ITEMS, p] = 0.0
            out[V_CONTEST, p] = out[V_GAME, p]
    if lay.game(st) != game0:
        last = lay.last_winner(st)
        for p in range(np_):
            out[V_GAME, p] = 1.0 if last >= 0 and t.team[p] == t.team[last] else 0.0
            out[V_ITEMS, p] = lay.holding(st, p) + (lay.pool(st) / solvent if lay.solvent(st, p) else 0.0)
    _team_sums(t, out)


@inline
def _ruin(st, t, out, fx):
    """Two players: a seat that could not pay a toll (the mover pays, and too little is held) goes bankrupt on
    landing on one, losing the contest. With lam[p] its expected toll landings ahead (F_TOLLS) before the
    leader is home (the seat behind scaled by the ratio of steps left), each seat survives the game with
    chance exp(-lam[p]); should either not, the first ruined is taken as the one with the larger hazard,
    in proportion (competing risks)."""
    amount = t.pay[k.R_WEDGE, k.C_AMOUNT]
    if amount <= 0 or t.pay[k.R_WEDGE, k.C_PAYER] != k.BY_MOVER:
        return
    lam0 = 0.0
    lam1 = 0.0
    h0 = lay.holding(st, 0)
    h1 = lay.holding(st, 1)
    if h0 < amount or (t.bankrupt_empty and h0 <= amount):
        lam0 = fx[0, F_TOLLS]
    if h1 < amount or (t.bankrupt_empty and h1 <= amount):
        lam1 = fx[1, F_TOLLS]
    if lam0 + lam1 <= 0.0:
        return
    # The game ends when the leader is home: a seat further behind meets only part of its tolls before then.
    t0 = max(fx[0, F_PIPS], 1e-9)
    t1 = max(fx[1, F_PIPS], 1e-9)
    lam0 *= min(1.0, t1 / t0)
    lam1 *= min(1.0, t0 / t1)
    both = np.exp(-lam0 - lam1)
    ruin_other = (1.0 - both) * lam1 / (lam0 + lam1)  # seat 0 wins by seat 1's ruin
    for row in (V_GAME, V_CONTEST):
        c0 = both * out[row, 0] + ruin_other
        out[row, 0] = c0
        out[row, 1] = 1.0 - c0


@inline
def _team_sums(t, out):
    """Turns per-seat chances into the chances of each seat's team (partners win together)."""
    np_ = t.n_players
    teams = False
    for p in range(np_):
        if t.team[p] != p:
            teams = True
    if not teams:
        return
    for row in (V_GAME, V_CONTEST):
        for p in range(np_):
            if t.team[p] == p:
                s = 0.0
                for q in range(np_):
                    if t.team[q] == p:
                        s += out[row, q]
                for q in range(np_):
                    if t.team[q] == p:
                        out[row, q] = s


# ---- the Python face ----

def evaluation_buffers() -> tuple[np.ndarray, np.ndarray]:
    """Returns an output buffer and a feature buffer for `evaluate`."""
    return np.zeros((3, k.MAXP), dtype=np.float64), np.zeros((k.MAXP, NF), dtype=np.float64)
