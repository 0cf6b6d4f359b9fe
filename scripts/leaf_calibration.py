"""How honest the evaluation's own chance to win the contest is at the leaves of the search, on real contests, and
whether a play that reads it flattened plays better (issue 24, items 2 and 4).

    python scripts/leaf_calibration.py record RULESET CONTESTS SEED LEVEL OUT.npz
    python scripts/leaf_calibration.py fit RECORDS.npz [...]
    python scripts/leaf_calibration.py duel RULESET CONTESTS SEED A
    python scripts/leaf_calibration.py model RECORDS.npz [...]
    python scripts/leaf_calibration.py duel-model RULESET CONTESTS SEED RECORDS.npz [DEPTH]

`record`: contests of the advisor at LEVEL against itself (its own bets), and at every decision with a real choice
the evaluation's chances for both seats (model as `advise` reads it), the holdings, and the contest's winner.
`fit`: the log loss and ECE of the evaluation's contest chance for the seat to move against who won the contest, on
the odd contests, raw and through f(p) = sigmoid(a * logit p) with a fitted on the even ones (one number: the
chances stay symmetric between the seats).
`model`: a contest model fitted to the contests' ends: a logistic regression of who won the contest on the seat to
move's evaluation (its contest chance's logit), its holdings and its opponent's, how near each is to ruin, and the two
seats' race features side by side; fitted on the even contests, its log loss and ECE on the odd ones beside the raw and
flattened chance's (records made by `record` since it keeps the features).
`duel`: a one-cast-deep expectimax over the evaluation (each move valued by the average over the next cast of the
next mover's best move, as level 1 does), its leaves read through f with this A, against the same search reading
them raw; seats alternate, each pair of contests sharing its random source. Python, so slow (seconds a contest).
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable

import numpy as np

from printgen.engine import layout as lay
from printgen.engine.position import Phase, Position
from printgen.players.analysis.reliability import reliability
from printgen.players.evaluation import features as ev
from printgen.players.evaluation.features import V_CONTEST, V_GAME, cast_probabilities
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.roster.registry import player, seeded_rng
from printgen.ruleset_files import load_ruleset
from printgen.stats import wilson


def record(name: str, contests: int, seed: int, level: int, path: str) -> None:
    rs = load_ruleset(name)
    et = eval_tables_for(rs, 2)
    me = player(f"advisor:{level}")
    rnd, rng = random.Random(seed), seeded_rng(seed)
    probs = list(cast_probabilities(rs))
    out, fx = ev.evaluation_buffers()
    chances, held, contest, mover, winner, feats = [], [], [], [], [], []
    start = time.perf_counter()
    for c in range(contests):
        pos = Position.new(rs, 2)
        first = len(contest)
        while pos.phase is not Phase.OVER:
            marks = rnd.choices(range(len(probs)), weights=probs)[0] if pos.needs_cast else 0
            if pos.phase is Phase.MOVE and len(pos.move_codes(marks)) > 1:
                st = pos.array()
                ev.evaluate_model(st, pos.tables, et, lay.game(st), out, fx, ev.MODEL_NOW)
                chances.append(out[[V_GAME, V_CONTEST], :2].copy())
                feats.append(fx[:2].copy())
                held.append([lay.holding(st, 0), lay.holding(st, 1), lay.pool(st), lay.game(st), lay.offering(st)])
                contest.append(c)
                mover.append(lay.to_move(st))
            pos = pos.after(marks, me.choose(pos, marks, rng))
        winner.extend([pos.winner] * (len(contest) - first))
    np.savez_compressed(path, chances=np.array(chances), held=np.array(held), contest=np.array(contest),
                        mover=np.array(mover), winner=np.array(winner), feats=np.array(feats))
    print(f"{name}: {contests} contests at level {level}, {len(contest):,} decisions, "
          f"{time.perf_counter() - start:.0f} s")


def _logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return np.log(p / (1 - p))


def _loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit(paths: list[str]) -> None:
    for path in paths:
        d = np.load(path)
        m, r = d["mover"], np.arange(len(d["mover"]))
        y = (d["winner"] == m).astype(float)
        z = _logit(d["chances"][r, 1, m])
        train, test = d["contest"] % 2 == 0, d["contest"] % 2 == 1
        grid = np.arange(0.02, 1.5, 0.01)
        a = float(grid[np.argmin([_loss(1 / (1 + np.exp(-g * z[train])), y[train]) for g in grid])])
        raw, flat = 1 / (1 + np.exp(-z[test])), 1 / (1 + np.exp(-a * z[test]))
        ece_raw, ece_flat = reliability(raw, y[test])[1], reliability(flat, y[test])[1]
        print(f"{path}: {len(y):,} decisions of {len(np.unique(d['contest']))} contests; the contest chance for the "
              f"seat to move on the odd contests: raw log loss {_loss(raw, y[test]):.4f}, ECE {ece_raw:.3f}"
              f"; through a = {a:.2f} (fitted on the even): {_loss(flat, y[test]):.4f}, ECE {ece_flat:.3f}"
              f"; a coin: {math.log(2):.4f}")


def _inputs(d: np.lib.npyio.NpzFile) -> tuple[np.ndarray, np.ndarray]:
    """Returns the contest model's inputs for the seat to move at each decision, and whether it won the contest."""
    m, r = d["mover"], np.arange(len(d["mover"]))
    o = 1 - m
    h, fx = d["held"].astype(float), d["feats"]
    mine, theirs = h[r, m], h[r, o]
    cols = [_logit(d["chances"][r, 1, m]), mine - theirs, 1 / (1 + mine), 1 / (1 + theirs), h[:, 4]]
    cols += [fx[r, m, j] - fx[r, o, j] for j in range(fx.shape[2])]
    cols += [fx[r, m, 4] / (1 + mine), fx[r, o, 4] / (1 + theirs)]  # tolls ahead weighed by how near ruin they bring
    return np.column_stack(cols), (d["winner"] == m).astype(float)


def _seat_inputs(c: np.ndarray, h: np.ndarray, fx: np.ndarray, s: np.ndarray, to_move: np.ndarray) -> np.ndarray:
    """Returns the contest model's inputs for seat s (arrays over decisions): each is antisymmetric in the two seats
    (it changes sign when they swap), so with no intercept the chances of the two seats add up to one."""
    r = np.arange(len(s))
    o = 1 - s
    mine, theirs = h[r, s].astype(float), h[r, o].astype(float)
    cols = [_logit(c[r, s]), mine - theirs, 1 / (1 + mine) - 1 / (1 + theirs), np.where(to_move == s, 1.0, -1.0)]
    cols += [fx[r, s, j] - fx[r, o, j] for j in range(fx.shape[2] - 1)]  # the last feature is the seat to move
    cols += [fx[r, s, 4] / (1 + mine) - fx[r, o, 4] / (1 + theirs)]
    return np.column_stack(cols)


def fit_contest_model(d: np.lib.npyio.NpzFile, train: np.ndarray) -> np.ndarray:
    """Returns the antisymmetric contest model's weights, fitted on the decisions `train` from both seats' sides."""
    m = d["mover"][train]
    c, h, fx = d["chances"][train, 1], d["held"][train], d["feats"][train]
    x = np.vstack([_seat_inputs(c, h, fx, m, m), _seat_inputs(c, h, fx, 1 - m, m)])
    y = np.concatenate([(d["winner"][train] == m), (d["winner"][train] != m)]).astype(float)
    return _newton(x, y, 1e-4, 1e-9)


def _newton(x: np.ndarray, y: np.ndarray, l2: float, tol: float) -> np.ndarray:
    """Returns the weights of a logistic regression of y on x (no intercept but what x holds), with an L2 penalty,
    fitted by Newton's method (at most 30 steps, until no weight moves by tol)."""
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x @ w))
        step = np.linalg.solve((x * (p * (1 - p))[:, None]).T @ x / len(y) + l2 * np.eye(len(w)),
                               x.T @ (p - y) / len(y) + l2 * w)
        w -= step
        if np.abs(step).max() < tol:
            break
    return w


def _logistic(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Returns the weights (intercept last) of a logistic regression fitted by Newton's method."""
    mu, sd = x.mean(0), x.std(0) + 1e-9
    w = _newton(np.column_stack([(x - mu) / sd, np.ones(len(x))]), y, l2, 1e-8)
    return np.concatenate([w[:-1] / sd, [w[-1] - (w[:-1] * mu / sd).sum()]])


def model(paths: list[str]) -> None:
    for path in paths:
        d = np.load(path)
        x, y = _inputs(d)
        train, test = d["contest"] % 2 == 0, d["contest"] % 2 == 1
        w = _logistic(x[train], y[train])
        fitted = 1 / (1 + np.exp(-(x[test] @ w[:-1] + w[-1])))
        raw = 1 / (1 + np.exp(-x[test, 0]))
        grid = np.arange(0.02, 1.5, 0.01)
        a = float(grid[np.argmin([_loss(1 / (1 + np.exp(-g * x[train, 0])), y[train]) for g in grid])])
        flat = 1 / (1 + np.exp(-a * x[test, 0]))
        print(f"{path}: {len(y):,} decisions of {len(np.unique(d['contest']))} contests, log loss (ECE) on the odd "
              f"contests: raw {_loss(raw, y[test]):.4f} ({reliability(raw, y[test])[1]:.3f}), through a = {a:.2f} "
              f"{_loss(flat, y[test]):.4f} ({reliability(flat, y[test])[1]:.3f}), contest model "
              f"{_loss(fitted, y[test]):.4f} ({reliability(fitted, y[test])[1]:.3f}); a coin {math.log(2):.4f}")
        print("  weights:", " ".join(f"{v:+.3f}" for v in w))
        w2 = fit_contest_model(d, train)
        m = d["mover"][test]
        both = 1 / (1 + np.exp(-_seat_inputs(d["chances"][test, 1], d["held"][test], d["feats"][test], m, m) @ w2))
        print(f"  antisymmetric (both seats' chances add up to one): {_loss(both, y[test]):.4f} "
              f"({reliability(both, y[test])[1]:.3f}); weights:", " ".join(f"{v:+.3f}" for v in w2))


def _duel(name: str, contests: int, seed: int, depth: int,
          judge: Callable[[np.ndarray, np.ndarray, np.ndarray, int, bool], float]) -> tuple[int, float]:
    """Plays contests between two searches of `depth` (0: each move valued by the position it leaves; 1: by the
    average over the next cast of the next mover's best move) that differ only in their leaves: a leaf st is
    evaluated (out, fx) and `judge(out, fx, st, seat, True)` values it for the seat under test, False for the other.
    Seats alternate, each pair of contests sharing its casts. Returns the contests the seat under test won and the
    seconds taken."""
    probs = list(cast_probabilities(load_ruleset(name)))
    et = eval_tables_for(load_ruleset(name), 2)
    out, fx = ev.evaluation_buffers()

    def value(pos: Position, seat: int, game0: int, tested: bool) -> float:
        if pos.phase is Phase.OVER:
            return 1.0 if pos.winner == seat else 0.0
        st = pos.array()
        ev.evaluate_model(st, pos.tables, et, game0, out, fx, ev.MODEL_NOW)
        return judge(out, fx, st, seat, tested)

    def after_move(pos: Position, me: int, game0: int, tested: bool) -> float:
        if depth == 0 or pos.phase is Phase.OVER:
            return value(pos, me, game0, tested)
        mover = pos.to_move

        def best(marks: int) -> float:
            v = max(value(pos.after(marks, c), mover, game0, tested) for c in pos.move_codes(marks))
            return v if mover == me else 1 - v

        return sum(p * best(mk) for mk, p in enumerate(probs) if p > 0) if pos.needs_cast else best(0)

    won, start = 0, time.perf_counter()
    rs = load_ruleset(name)
    for c in range(contests):
        rnd = random.Random(seed * 100_003 + c // 2)
        tested_seat = c % 2
        pos = Position.new(rs, 2)
        while pos.phase is not Phase.OVER:
            marks = rnd.choices(range(len(probs)), weights=probs)[0] if pos.needs_cast else 0
            codes = pos.move_codes(marks)
            me = pos.to_move
            vals = [after_move(pos.after(marks, code), me, pos.game, me == tested_seat) for code in codes]
            pos = pos.after(marks, codes[int(np.argmax(vals))])
        won += pos.winner == tested_seat
    return won, time.perf_counter() - start


def duel_model(name: str, contests: int, seed: int, path: str, depth: int = 0) -> None:
    """The antisymmetric contest model at the leaves of a choice at level `depth` against the evaluation's own
    contest chance there (`_duel`)."""
    d = np.load(path)
    w = fit_contest_model(d, np.ones(len(d["mover"]), dtype=bool))

    def value(out: np.ndarray, fx: np.ndarray, st: np.ndarray, seat: int, learned: bool) -> float:
        if not learned:
            return float(out[V_CONTEST, seat])
        x = _seat_inputs(out[V_CONTEST, :2][None], np.array([[lay.holding(st, 0), lay.holding(st, 1)]]),
                         fx[None, :2].copy(), np.array([seat]), np.array([lay.to_move(st)]))
        return float(1 / (1 + np.exp(-(x @ w)[0])))

    won, seconds = _duel(name, contests, seed, depth, value)
    lo, hi = wilson(won, contests)
    print(f"{name}: the contest model at level {depth} won {won} of {contests} against the evaluation's contest "
          f"chance, {won / contests:.3f} [{lo:.3f}, {hi:.3f}], {seconds:.0f} s")


def duel(name: str, contests: int, seed: int, a: float) -> None:
    def leaf(out: np.ndarray, fx: np.ndarray, st: np.ndarray, seat: int, flat: bool) -> float:
        p = min(max(out[V_CONTEST, seat], 1e-9), 1 - 1e-9)
        return 1 / (1 + math.exp(-(a if flat else 1.0) * math.log(p / (1 - p))))

    won, seconds = _duel(name, contests, seed, 1, leaf)
    lo, hi = wilson(won, contests)
    print(f"{name}: leaves through a = {a} won {won} of {contests} against raw leaves, {won / contests:.3f} "
          f"[{lo:.3f}, {hi:.3f}], {seconds:.0f} s")


if __name__ == "__main__":
    what, args = sys.argv[1], sys.argv[2:]
    if what == "record":
        record(args[0], int(args[1]), int(args[2]), int(args[3]), args[4])
    elif what == "fit":
        fit(args)
    elif what == "model":
        model(args)
    elif what == "duel-model":
        duel_model(args[0], int(args[1]), int(args[2]), args[3], int(args[4]) if len(args) > 4 else 0)
    elif what == "duel":
        duel(args[0], int(args[1]), int(args[2]), float(args[3]))
    else:
        raise SystemExit(__doc__)
