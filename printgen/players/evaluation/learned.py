"""The learned evaluation: a small network scoring each seat; the softmax of the scores is the chance to win the game.

A seat's score is the linear model's score (its eight features weighted by the fit the network was
trained over) plus one hidden layer (tanh) over its inputs: its eight evaluation features, the mean of
its opponents', its share of the items held, and a progress encoding of every piece on the board
(how many of its own pieces, and on average of each opponent's, stand in each of `BUCKETS` equal
stretches of their paths). The network is a bounded correction (at most the sum of its output weights,
each unit being within ±1), so far from the positions it was trained on, where a free network's
guesses are arbitrary, the linear model's sign-checked race terms still decide. The same network
scores every seat, so the chances are symmetric between seats and sum to one, as the linear model's
do (`evaluation.py`, which calls `seat_scores` for MODEL_LEARNED and keeps the items model, the
contest equity and the risk of ruin as they are).

In compiled code the network is one flat float64 array: a header, the linear weights, then the first
layer with the inputs' normalisation folded in (stored input by input, padded to a multiple of UNITS
hidden units), the hidden biases and the output weights. The forward pass builds no input vector: each
hidden unit sums its dense inputs and the columns of the pieces' buckets directly, so it allocates nothing.
Trained by `train.py`; shipped per ruleset and player count in `data/learned/` (tens of KB each).
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from printgen.engine import layout as lay
from printgen.engine.jit import inline, njit
from printgen.errors import PatolliError

BUCKETS = 16  # stretches of a path in the progress encoding
BUCKET_BITS, BUCKET_MASK = 5, 31  # a piece's stretch packed in an integer (1 + stretch; at most 12 pieces a seat)
HEADER = 4  # net[0:4] = dense inputs, buckets, hidden units, inputs in all; then the linear weights (features)
UNITS = 8  # hidden units summed side by side (`seat_scores`); the packed layer is padded to a multiple of them
SHIPPED_DIR = "data/learned"  # inside printgen.players: one file per "ruleset/players"
FORMAT = "patolli-learned-evaluation/2"
# The "ruleset/players" whose default advisor reads the shipped network: where it was measured stronger than the
# linear model under the same search (docs/learning.md, "The default evaluation of each ruleset").
DEFAULT_KEYS = frozenset({"bell/2", "ocastudios/2"})


class LearnedError(PatolliError):
    """A learned-evaluation file is unreadable or does not fit the evaluation's features."""


def dense_inputs(nf: int) -> int:
    """Returns the dense inputs of a seat: its features, the opponents' mean, its share of the items."""
    return 2 * nf + 1


def input_count(nf: int, buckets: int = BUCKETS) -> int:
    """Returns every input of a seat: dense inputs, then its own and the opponents' bucket counts."""
    return dense_inputs(nf) + 2 * buckets


# ---- compiled code ----

@njit
def seats_in(st, t):
    """Returns how many seats are still in (solvent) and the items they hold between them."""
    solvent = 0
    held = 0.0
    for p in range(t.n_players):
        if lay.solvent(st, p):
            solvent += 1
            held += lay.holding(st, p)
    return solvent, held


@njit
def inputs(st, t, fx, x, buckets):
    """Writes the raw inputs of every seat still in into x[seat, :] (fx: the evaluation's features)."""
    nf = fx.shape[1]
    dense = 2 * nf + 1
    n = t.n_cells
    solvent, held = seats_in(st, t)
    for p in range(t.n_players):
        for i in range(x.shape[1]):
            x[p, i] = 0.0
        if not lay.solvent(st, p):
            continue
        others = solvent - 1
        for j in range(nf):
            x[p, j] = fx[p, j]
        for o in range(t.n_players):
            if o == p or not lay.solvent(st, o):
                continue
            for j in range(nf):
                x[p, nf + j] += fx[o, j] / others
            for i in range(t.n_pieces):
                q = lay.progress(st, o, i)
                if 0 <= q < n:
                    x[p, dense + buckets + q * buckets // n] += 1.0 / others
        x[p, 2 * nf] = lay.holding(st, p) / held if held > 0 else 1.0 / solvent
        for i in range(t.n_pieces):
            q = lay.progress(st, p, i)
            if 0 <= q < n:
                x[p, dense + q * buckets // n] += 1.0


@njit
def bucket_code(st, t, p, buckets):
    """Returns the stretches of a seat's pieces on the board packed into one integer: BUCKET_BITS bits a piece,
    1 + its stretch (0: not on its path)."""
    n = t.n_cells
    code = 0
    for i in range(t.n_pieces):
        q = lay.progress(st, p, i)
        if 0 <= q < n:
            code |= (1 + q * buckets // n) << (BUCKET_BITS * i)
    return code


@inline
def _at(net, i):
    """Returns net[i] for an index known to be in range (an unsigned index: no wraparound check for negatives)."""
    return net[np.uint64(i)]


@inline
def _add8(net, at, x, a0, a1, a2, a3, a4, a5, a6, a7):
    """Returns the eight running sums with one input's column of eight consecutive hidden units (from net[at]) times
    x added, each to its own sum."""
    return (a0 + _at(net, at) * x, a1 + _at(net, at + 1) * x, a2 + _at(net, at + 2) * x,
            a3 + _at(net, at + 3) * x, a4 + _at(net, at + 4) * x, a5 + _at(net, at + 5) * x,
            a6 + _at(net, at + 6) * x, a7 + _at(net, at + 7) * x)


@inline
def _add8_per(net, at, x, others, a0, a1, a2, a3, a4, a5, a6, a7):
    """`_add8` with each term divided by `others` (an opponents' mean over more than one opponent)."""
    return (a0 + _at(net, at) * x / others, a1 + _at(net, at + 1) * x / others, a2 + _at(net, at + 2) * x / others,
            a3 + _at(net, at + 3) * x / others, a4 + _at(net, at + 4) * x / others,
            a5 + _at(net, at + 5) * x / others, a6 + _at(net, at + 6) * x / others,
            a7 + _at(net, at + 7) * x / others)


@njit
def seat_scores(st, t, net, fx, out, row):
    """Writes the network's score of every seat still in into out[row, seat]; the inputs are those of
    `inputs`, summed straight into each hidden unit (no buffer: the pieces' stretches are read once per seat,
    packed in an integer).

    Eight hidden units are summed side by side, each in its own running sum with its own additions in the order
    of `inputs`: the values are those of one unit at a time, to the bit, while the processor overlaps the eight
    chains of dependent additions. The first layer is stored input by input (`pack`), so each input's weights for
    the eight units are consecutive (one vector load where the target has them). An input that is zero is
    skipped: adding a weight times zero leaves a running sum as it is."""
    nf = fx.shape[1]
    dense = int(net[0])
    buckets = int(net[1])
    hidden = int(net[2])
    w1 = HEADER + nf
    b1 = w1 + hidden * int(net[3])
    w2 = b1 + hidden
    pieces = t.n_pieces
    solvent, held = seats_in(st, t)
    codes = (bucket_code(st, t, 0, buckets), bucket_code(st, t, 1, buckets),
             bucket_code(st, t, 2, buckets) if t.n_players > 2 else 0,
             bucket_code(st, t, 3, buckets) if t.n_players > 3 else 0)
    for p in range(t.n_players):
        if not lay.solvent(st, p):
            continue
        others = solvent - 1
        share = lay.holding(st, p) / held if held > 0 else 1.0 / solvent
        score = 0.0
        for j in range(nf):
            score += net[HEADER + j] * fx[p, j]
        for h in range(0, hidden, UNITS):
            at = w1 + 2 * nf * hidden + h
            a0 = _at(net, b1 + h) + _at(net, at) * share
            a1 = _at(net, b1 + h + 1) + _at(net, at + 1) * share
            a2 = _at(net, b1 + h + 2) + _at(net, at + 2) * share
            a3 = _at(net, b1 + h + 3) + _at(net, at + 3) * share
            a4 = _at(net, b1 + h + 4) + _at(net, at + 4) * share
            a5 = _at(net, b1 + h + 5) + _at(net, at + 5) * share
            a6 = _at(net, b1 + h + 6) + _at(net, at + 6) * share
            a7 = _at(net, b1 + h + 7) + _at(net, at + 7) * share
            for j in range(nf):
                x = fx[p, j]
                if x != 0.0:
                    a0, a1, a2, a3, a4, a5, a6, a7 = _add8(net, w1 + j * hidden + h, x,
                                                           a0, a1, a2, a3, a4, a5, a6, a7)
            code = codes[p]
            for i in range(pieces):
                b = (code >> (BUCKET_BITS * i)) & BUCKET_MASK
                if b > 0:
                    a0, a1, a2, a3, a4, a5, a6, a7 = _add8(net, w1 + (dense + b - 1) * hidden + h, 1.0,
                                                           a0, a1, a2, a3, a4, a5, a6, a7)
            for o in range(t.n_players):
                if o == p or not lay.solvent(st, o):
                    continue
                code = codes[o]
                if others == 1:  # the same sums as below: x / 1 is x
                    for j in range(nf):
                        x = fx[o, j]
                        if x != 0.0:
                            a0, a1, a2, a3, a4, a5, a6, a7 = _add8(net, w1 + (nf + j) * hidden + h, x,
                                                                   a0, a1, a2, a3, a4, a5, a6, a7)
                    for i in range(pieces):
                        b = (code >> (BUCKET_BITS * i)) & BUCKET_MASK
                        if b > 0:
                            a0, a1, a2, a3, a4, a5, a6, a7 = _add8(net, w1 + (dense + buckets + b - 1) * hidden + h,
                                                                   1.0, a0, a1, a2, a3, a4, a5, a6, a7)
                    continue
                for j in range(nf):
                    x = fx[o, j]
                    if x != 0.0:
                        a0, a1, a2, a3, a4, a5, a6, a7 = _add8_per(net, w1 + (nf + j) * hidden + h, x, others,
                                                                   a0, a1, a2, a3, a4, a5, a6, a7)
                for i in range(pieces):
                    b = (code >> (BUCKET_BITS * i)) & BUCKET_MASK
                    if b > 0:
                        a0, a1, a2, a3, a4, a5, a6, a7 = _add8_per(net, w1 + (dense + buckets + b - 1) * hidden + h,
                                                                   1.0, others, a0, a1, a2, a3, a4, a5, a6, a7)
            score += _at(net, w2 + h) * np.tanh(a0)
            score += _at(net, w2 + h + 1) * np.tanh(a1)
            score += _at(net, w2 + h + 2) * np.tanh(a2)
            score += _at(net, w2 + h + 3) * np.tanh(a3)
            score += _at(net, w2 + h + 4) * np.tanh(a4)
            score += _at(net, w2 + h + 5) * np.tanh(a5)
            score += _at(net, w2 + h + 6) * np.tanh(a6)
            score += _at(net, w2 + h + 7) * np.tanh(a7)
        out[row, p] = score


# ---- the network's parameters ----

def pack(linear: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, mean: np.ndarray, scale: np.ndarray,
         buckets: int = BUCKETS) -> np.ndarray:
    """Returns the flat array compiled code reads: the linear weights, then the network with the dense inputs'
    normalisation ((x - mean) / scale) folded into the first layer, that layer stored input by input (each input's
    weights for every hidden unit consecutive) and padded with units of no weight to a multiple of UNITS."""
    hidden, width = w1.shape
    dense = len(mean)
    if width != dense + 2 * buckets or b1.shape != (hidden,) or w2.shape != (hidden,) or scale.shape != (dense,):
        raise LearnedError(f"a network of {hidden} hidden units over {width} inputs needs {hidden} biases, "
                           f"{hidden} output weights and {dense} + {dense} normalisers")
    padded = -(-hidden // UNITS) * UNITS
    folded = np.zeros((padded, width), dtype=np.float64)
    folded[:hidden] = w1
    folded[:hidden, :dense] = w1[:, :dense] / scale
    bias = np.zeros(padded, dtype=np.float64)
    bias[:hidden] = b1 - (w1[:, :dense] * (mean / scale)).sum(axis=1)
    out = np.zeros(padded, dtype=np.float64)
    out[:hidden] = w2
    head = np.array([dense, buckets, padded, width], dtype=np.float64)
    return np.concatenate([head, linear, folded.T.ravel(), bias, out]).astype(np.float64)


def reference_scores(net: np.ndarray, x: np.ndarray, live: np.ndarray) -> np.ndarray:
    """Returns the chance to win the game of every seat from raw inputs x[seat, :] (numpy; what the compiled
    pass computes), live[seat] whether the seat is still in."""
    hidden, width = int(net[2]), int(net[3])
    nf = (int(net[0]) - 1) // 2
    linear = net[HEADER:HEADER + nf]
    at = HEADER + nf
    w1 = net[at:at + hidden * width].reshape(width, hidden).T
    b1 = net[at + hidden * width:at + hidden * width + hidden]
    w2 = net[at + hidden * width + hidden:]
    s = x[:, :nf] @ linear + np.tanh(x @ w1.T + b1) @ w2
    s = np.where(live, s, -np.inf)
    e = np.exp(s - s[live].max())
    return e / e.sum()


def unit_major(net: np.ndarray) -> np.ndarray:
    """Returns a packed network with its first layer stored unit by unit and without the padding units (`pack`'s
    layout before the layer was stored input by input): what the calibration maps' fingerprints hash, so a change
    of layout alone, which changes no value, leaves the shipped maps fresh."""
    if net.shape[0] == 0:
        return net
    nf = (int(net[0]) - 1) // 2
    hidden, width = int(net[2]), int(net[3])
    at = HEADER + nf
    w1 = net[at:at + hidden * width].reshape(width, hidden).T
    b1 = net[at + hidden * width:at + hidden * width + hidden]
    w2 = net[at + hidden * width + hidden:at + hidden * width + 2 * hidden]
    used = hidden
    while used > 0 and not w1[used - 1].any() and b1[used - 1] == 0.0 and w2[used - 1] == 0.0:
        used -= 1
    head = np.array([net[0], net[1], used, width], dtype=np.float64)
    return np.concatenate([head, net[HEADER:at], w1[:used].ravel(), b1[:used], w2[:used]])


def entry_net(entry: dict[str, Any], nf: int, where: str) -> np.ndarray:
    """Returns the packed network of a parsed learned-evaluation entry, checked against the features."""
    if not isinstance(entry, dict) or entry.get("format") != FORMAT:
        raise LearnedError(f"{where}: not a learned evaluation (\"format\" must be \"{FORMAT}\")")
    buckets = entry.get("buckets")
    dense = dense_inputs(nf)
    if buckets != BUCKETS:
        raise LearnedError(f"{where}: trained with {buckets} buckets, the evaluation reads {BUCKETS}")
    try:
        linear = np.array(entry["linear"], dtype=np.float64)
        w1 = np.array(entry["w1"], dtype=np.float64)
        b1, w2 = np.array(entry["b1"], dtype=np.float64), np.array(entry["w2"], dtype=np.float64)
        mean, scale = np.array(entry["mean"], dtype=np.float64), np.array(entry["scale"], dtype=np.float64)
    except (KeyError, TypeError, ValueError) as exc:
        raise LearnedError(f"{where}: the network's weights are missing or not numbers ({exc})") from None
    if w1.ndim != 2 or w1.shape[1] != input_count(nf) or mean.shape != (dense,) or linear.shape != (nf,):
        raise LearnedError(f"{where}: the network reads {w1.shape[-1] if w1.ndim else 0} inputs, "
                           f"the evaluation's features give {input_count(nf)}: retrain with `patolli lab train`")
    if not all(np.isfinite(a).all() for a in (linear, w1, b1, w2, mean, scale)) or not (scale > 0).all():
        raise LearnedError(f"{where}: the network's weights must be finite and its scales positive")
    return pack(linear, w1, b1, w2, mean, scale)


def read_entry(path: Path) -> dict[str, Any]:
    """Returns the parsed entry of a learned-evaluation file."""
    try:
        data = json.loads(Path(path).read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise LearnedError(f"{path}: not a readable learned-evaluation file ({exc})") from None
    if not isinstance(data, dict):
        raise LearnedError(f"{path}: a learned-evaluation file is one JSON object")
    return data


def shipped_name(key: str) -> str:
    """Returns the file name of a "ruleset/players" key in the shipped folder."""
    spec, _, players = key.rpartition("/")
    return f"{spec}-{players}.json"


@cache
def stored_net(key: str, nf: int) -> np.ndarray | None:
    """Returns the shipped network of a "ruleset/players" key (built-in rulesets), or None."""
    path = resources.files("printgen.players").joinpath(SHIPPED_DIR).joinpath(shipped_name(key))
    if not path.is_file():
        return None
    entry = json.loads(path.read_text("utf-8"))
    if entry.get("key") != key:
        raise LearnedError(f"printgen/players/{SHIPPED_DIR}/{shipped_name(key)} holds {entry.get('key')!r}, "
                           f"not {key!r}")
    return entry_net(entry, nf, f"printgen/players/{SHIPPED_DIR}/{shipped_name(key)}")


def shipped_keys() -> list[str]:
    """Returns the keys of every shipped network."""
    folder = resources.files("printgen.players").joinpath(SHIPPED_DIR)
    if not folder.is_dir():
        return []
    keys = []
    for item in folder.iterdir():
        if item.name.endswith(".json"):
            key = json.loads(item.read_text("utf-8")).get("key")
            if isinstance(key, str):
                keys.append(key)
    return sorted(keys)


def finite(x: float) -> float:
    """Returns x, refusing a number JSON cannot hold."""
    if not math.isfinite(x):
        raise LearnedError("training diverged: a weight is not finite")
    return float(x)
