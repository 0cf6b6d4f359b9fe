"""The maps that make the advisor's shown chances honest, and the key that keeps each map to its own player.

A map turns a searched chance (win the game, win the contest) into the chance observed in self-play.
Two kinds, both monotone and bounded in [0, 1], so they never change which move is best:

- `beta`: beta calibration (Kull, Silva Filho and Flach, 2017), a logistic regression of the outcome
  on ln p and -ln(1 - p): three numbers, so it cannot chase the noise of a few hundred contests;
  a and b are kept at 0 or above, which keeps the map monotone.
- `isotonic`: pool-adjacent-violators on quantile groups of the records, one group per 25 contests
  (`isotonic_groups`), linear between the knots; it follows any monotone shape, and its few groups
  keep it from following the noise of contests whose decisions all share one outcome.

The searched chances depend on the player (the evaluation's weights and model, the search and its
level) as much as on the rules, so a map is stored under its ruleset, player count and player name
(`neeley/2/advisor:3`) with a fingerprint of everything that shapes the searched chances: the kernel
tables, the evaluation tables (weights, equity), the model, the level, and what the evaluation says of
fixed positions of seeded random play (so a change of its code or of a learned network's weights shows,
while a refactoring that keeps every value does not; the search's values are the plain expectimax's,
which tests/test_search_star.py checks). A map whose fingerprint no longer matches is stale and is never applied:
the advisor then shows its chances as searched and says they are unmapped. Refit with
`python scripts/fit_reliability.py`. The key and the fingerprint are made by `roster.map_keys`, which
knows the players; this module holds the maps, their fits and the shipped file.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from printgen.engine.jit import njit

SHIPPED = "data/reliability.json"  # inside printgen.players
QUANTITIES = ("game", "contest")
KINDS = ("beta", "isotonic")
MAP_NONE, MAP_BETA, MAP_ISOTONIC = 0, 1, 2  # a map's kind as compiled code reads it (`mapped`)
KNOTS = 40  # at most this many points in an isotonic map
CONTESTS_PER_GROUP = 25  # contests' worth of records in each first group of an isotonic fit
END_SPLIT = 4  # the lowest and the highest group are split in this many (pool-adjacent-violators merges them back)
EPS = 1e-4  # chances are clipped to [EPS, 1 - EPS] before their logarithms are taken


@dataclass(frozen=True)
class ChanceMap:
    """A monotone map from searched chances to observed ones: beta calibration (params a, b, c) or isotonic
    (knots x, y, linear between them, clamped at the ends)."""

    kind: str
    params: tuple[float, ...] = ()
    x: tuple[float, ...] = ()
    y: tuple[float, ...] = ()

    def __call__(self, p: np.ndarray | float) -> np.ndarray:
        """Returns the mapped chances (clipped to [0, 1])."""
        q = np.array(p, dtype=np.float64, ndmin=1)
        kind, params, x, y = self.arrays()
        for i in range(q.shape[0]):
            q[i] = mapped(kind, params, x, y, q[i])
        return q.reshape(np.shape(p))

    def arrays(self) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
        """Returns the map as `mapped` reads it: its kind's code, three parameters, the knots' x and y."""
        params = np.zeros(3, dtype=np.float64)
        params[:len(self.params)] = self.params
        return (MAP_BETA if self.kind == "beta" else MAP_ISOTONIC, params, np.array(self.x, dtype=np.float64),
                np.array(self.y, dtype=np.float64))

    def as_json(self) -> dict[str, Any]:
        """Returns the map as stored in the shipped file."""
        if self.kind == "beta":
            return {"kind": "beta", "params": [round(v, 6) for v in self.params]}
        return {"kind": "isotonic", "x": [round(v, 5) for v in self.x], "y": [round(v, 5) for v in self.y]}

    @staticmethod
    def from_json(d: dict[str, Any]) -> ChanceMap:
        """Returns the map stored as `as_json` wrote it."""
        if d.get("kind") == "beta":
            return ChanceMap("beta", tuple(float(v) for v in d["params"]))
        return ChanceMap("isotonic", x=tuple(float(v) for v in d["x"]), y=tuple(float(v) for v in d["y"]))


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return np.asarray(0.5 * (1.0 + np.tanh(0.5 * z)), dtype=np.float64)


def fit_beta(shown: np.ndarray, outcome: np.ndarray, iterations: int = 50) -> ChanceMap:
    """Returns the beta calibration map of these records: a logistic regression of the outcome on
    (ln p, -ln(1 - p), 1) by Newton's method, refitted without a term whose weight came out negative."""
    z = np.clip(np.asarray(shown, dtype=np.float64), EPS, 1 - EPS)
    y = np.asarray(outcome, dtype=np.float64)
    if len(y) == 0:
        return ChanceMap("beta", (1.0, 1.0, 0.0))
    full = np.column_stack([np.log(z), -np.log1p(-z), np.ones_like(z)])
    keep = [0, 1, 2]
    for _ in range(3):
        w = _logistic(full[:, keep], y, iterations)
        if (w[:-1] >= 0).all():
            break
        keep = [j for j, v in zip(keep[:-1], w[:-1], strict=True) if v >= 0] + [2]
    params = [0.0, 0.0, 0.0]
    for j, v in zip(keep, w, strict=True):
        params[j] = float(v)
    return ChanceMap("beta", tuple(params))


def _logistic(X: np.ndarray, y: np.ndarray, iterations: int) -> np.ndarray:
    """Returns the weights of a logistic regression (Newton's method with a tiny ridge, so separable
    records stay finite)."""
    w = np.zeros(X.shape[1])
    ridge = 1e-6 * len(y) * np.eye(X.shape[1])
    for _ in range(iterations):
        p = _sigmoid(X @ w)
        grad = X.T @ (p - y) + ridge @ w
        hess = (X * (p * (1 - p))[:, None]).T @ X + ridge
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-9:
            break
    return w


def isotonic_groups(contests: int, knots: int = KNOTS) -> int:
    """Returns the number of first groups for an isotonic fit on records of this many contests: one per
    CONTESTS_PER_GROUP contests (at least 4, at most knots * 4). Decisions of one contest share its outcome,
    so a group's share is only as sure as the number of contests behind it, not of its decisions."""
    return max(4, min(knots * 4, contests // CONTESTS_PER_GROUP))


def fit_isotonic(shown: np.ndarray, outcome: np.ndarray, groups: int = KNOTS * 4,
                 knots: int = KNOTS) -> ChanceMap:
    """Returns an isotonic map: pool-adjacent-violators on `groups` quantile groups of the records (means of
    shown and came true; the two end groups split in END_SPLIT), thinned to at most `knots` points."""
    order = np.argsort(shown, kind="stable")
    xs, ys = np.asarray(shown, dtype=np.float64)[order], np.asarray(outcome, dtype=np.float64)[order]
    split = np.array_split(np.arange(len(xs)), max(1, min(groups, len(xs))))
    if len(split) > 2:  # the end groups in quarters, so a map does not pull well-judged extremes to a wide mean
        split = [*np.array_split(split[0], END_SPLIT), *split[1:-1], *np.array_split(split[-1], END_SPLIT)]
    blocks = [[float(xs[g].sum()), float(ys[g].sum()), float(len(g))] for g in split if len(g)]
    merged: list[list[float]] = []  # shown sum, outcome sum, count
    for block in blocks:
        merged.append(block)
        while len(merged) > 1 and merged[-2][1] / merged[-2][2] >= merged[-1][1] / merged[-1][2]:
            x2, s2, c2 = merged.pop()
            merged[-1] = [merged[-1][0] + x2, merged[-1][1] + s2, merged[-1][2] + c2]
    px = [m[0] / m[2] for m in merged] or [0.5]
    py = [m[1] / m[2] for m in merged] or [0.5]
    if len(px) > knots:
        keep = np.unique(np.linspace(0, len(px) - 1, knots).round().astype(int))
        px, py = [px[i] for i in keep], [py[i] for i in keep]
    return ChanceMap("isotonic", x=tuple(px), y=tuple(py))


def fit_map(kind: str, shown: np.ndarray, outcome: np.ndarray, contests: int) -> ChanceMap:
    """Returns a map of this kind ("beta" or "isotonic") fitted to these records of `contests` contests."""
    return fit_beta(shown, outcome) if kind == "beta" else fit_isotonic(shown, outcome, isotonic_groups(contests))


@cache
def stored_maps() -> dict[str, dict[str, Any]]:
    """Returns the shipped entries: {key: {"fingerprint": ..., "game": map, "contest": map, ...}}."""
    path = resources.files("printgen.players").joinpath(SHIPPED)
    if not path.is_file():
        return {}
    data = json.loads(path.read_text("utf-8"))
    out = {}
    for key, entry in data.items():
        if not isinstance(entry, dict) or "fingerprint" not in entry:
            continue  # written before maps were keyed by their player: never applied
        out[key] = {**entry, **{q: ChanceMap.from_json(entry[q]["map"]) for q in QUANTITIES if q in entry}}
    return out


def honest(maps: dict[str, ChanceMap], quantity: str, p: float) -> float:
    """Returns a searched chance ("game" or "contest") through its map; as searched without one."""
    m = maps.get(quantity)
    return p if m is None else float(mapped(*m.arrays(), p))


@njit
def mapped(kind, params, x, y, p):
    """Returns chance p through a map: MAP_BETA (params a, b, c) or MAP_ISOTONIC (knots x, y; linear between
    them, flat beyond), clipped to [0, 1]; p itself where the map gives no finite number or there is none.

    Compiled, so the advisor and its WebAssembly build map with the same code (`web/entries.py`).
    """
    if kind == MAP_BETA:
        z = min(max(p, EPS), 1.0 - EPS)
        v = 0.5 * (1.0 + math.tanh(0.5 * (params[0] * math.log(z) - params[1] * math.log1p(-z) + params[2])))
    elif kind == MAP_ISOTONIC and x.shape[0] > 0:
        n = x.shape[0]
        if p <= x[0]:
            v = y[0]
        elif p >= x[n - 1]:
            v = y[n - 1]
        else:
            lo, hi = 0, n - 1  # x[lo] < p < x[hi]
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if x[mid] <= p:
                    lo = mid
                else:
                    hi = mid
            v = y[lo] + (y[hi] - y[lo]) * (p - x[lo]) / (x[hi] - x[lo])
    else:
        v = p
    if not math.isfinite(v):
        return p
    return min(1.0, max(0.0, v))
