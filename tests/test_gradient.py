"""The learned evaluation's hand-written gradient (`train_epoch` in players/lab/train.py) against central finite
differences of the loss it claims to follow, on a small network, in float64, for every weight array."""

from __future__ import annotations

import numpy as np
import pytest

from printgen.players.lab import train

BETA1 = 0.9  # train_epoch's Adam: after one step from zero moments, the first moment is (1 − β1) × the gradient
L2 = 1e-3  # larger than training's, so a wrong weight-decay term would show
STEP = 1e-5  # finite-difference step: truncation error O(STEP²) and rounding O(1e-16 / STEP) both near 1e-11
RTOL = 1e-6  # a right gradient agrees to about 2e-8 on these problems: fifty times inside
ARRAYS = ("w1", "b1", "w2")


def problem(seed: int, samples: int = 5, seats: int = 3, width: int = 6, hidden: int = 4) -> dict[str, np.ndarray]:
    """Returns a small random training problem: inputs, seats in play (one sample with a seat out), the linear
    model's scores, labels that sum to one over the seats in play (as λ-returns do) and the weights."""
    rng = np.random.default_rng(seed)
    live = np.ones((samples, seats), dtype=np.int64)
    live[1, 2] = 0
    X = rng.normal(0.0, 1.0, (samples, seats, width)) * live[:, :, None]  # as learn_generation zeroes seats out
    y = rng.dirichlet(np.ones(seats), samples) * live
    y /= y.sum(axis=1, keepdims=True)
    return {"X": X, "live": live, "base": rng.normal(0.0, 1.0, (samples, seats)), "y": y,
            "w1": rng.normal(0.0, 0.7, (hidden, width)), "b1": rng.normal(0.0, 0.5, hidden),
            "w2": rng.normal(0.0, 1.0, hidden)}


def loss(p: dict[str, np.ndarray], w1: np.ndarray, b1: np.ndarray, w2: np.ndarray) -> float:
    """Returns the objective train_epoch descends, written apart from it in numpy: the mean over the samples of
    the cross-entropy of the softmax over the seats in play against the labels, plus L2/2 × every weight squared."""
    hid = np.tanh(np.einsum("hj,isj->ish", w1, p["X"]) + b1)
    scores = np.where(p["live"] == 1, p["base"] + hid @ w2, -np.inf)
    top = scores.max(axis=1, keepdims=True)
    log_q = scores - top - np.log(np.exp(scores - top).sum(axis=1, keepdims=True))
    cross = -(p["y"] * np.where(p["live"] == 1, log_q, 0.0)).sum(axis=1)
    return float(cross.mean() + L2 / 2 * ((w1 ** 2).sum() + (b1 ** 2).sum() + (w2 ** 2).sum()))


def analytic_gradient(p: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Returns the gradient train_epoch computes, called as learn_generation calls it: one minibatch holding
    every sample, a learning rate of nought (so the weights stay), and the gradient read back from Adam's first
    moment, which holds the mean of the summed gradient plus the weight decay: what the step follows."""
    w1, b1, w2 = p["w1"].copy(), p["b1"].copy(), p["w2"].copy()
    samples, seats = p["live"].shape
    hidden = w1.shape[0]
    n = w1.size + 2 * hidden
    adam = np.zeros((2, n))
    grad = np.zeros(n)
    acts = np.zeros((seats + 1, hidden))
    order = np.arange(samples, dtype=np.int64)
    step = train.train_epoch(p["X"], p["live"], p["base"], p["y"], order, w1, b1, w2, adam, 0, 0.0, samples, L2,
                             grad, acts)
    assert step == 1
    assert np.array_equal(w1, p["w1"]) and np.array_equal(b1, p["b1"]) and np.array_equal(w2, p["w2"])
    g = adam[0] / (1.0 - BETA1)
    return {"w1": g[:w1.size].reshape(w1.shape), "b1": g[w1.size:w1.size + hidden], "w2": g[w1.size + hidden:]}


def numeric_gradient(p: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Returns the loss's gradient by central differences, one weight at a time."""
    out = {}
    for name in ARRAYS:
        g = np.zeros_like(p[name])
        for idx in np.ndindex(p[name].shape):
            weights = {k: p[k].copy() for k in ARRAYS}
            weights[name][idx] += STEP
            up = loss(p, **weights)
            weights[name][idx] -= 2 * STEP
            g[idx] = (up - loss(p, **weights)) / (2 * STEP)
        out[name] = g
    return out


def gradient_errors(analytic: dict[str, np.ndarray], numeric: dict[str, np.ndarray]) -> dict[str, float]:
    """Returns, for each weight array, the largest relative error of its components: |a − n| / max(|a|, |n|, 1e-3)
    (the floor keeps components near nought from counting rounding as error)."""
    return {name: float(np.max(np.abs(analytic[name] - numeric[name])
                               / np.maximum(np.maximum(np.abs(analytic[name]), np.abs(numeric[name])), 1e-3)))
            for name in ARRAYS}


def wrong_arrays(analytic: dict[str, np.ndarray], numeric: dict[str, np.ndarray]) -> list[str]:
    """Returns the weight arrays whose analytic gradient strays from the numeric one by more than RTOL."""
    return [name for name, err in gradient_errors(analytic, numeric).items() if err > RTOL]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_hand_written_gradient_matches_finite_differences(seed: int) -> None:
    p = problem(seed)
    analytic, numeric = analytic_gradient(p), numeric_gradient(p)
    errors = gradient_errors(analytic, numeric)
    assert wrong_arrays(analytic, numeric) == [], errors
    for name in ARRAYS:
        assert analytic[name].shape == p[name].shape and np.abs(analytic[name]).max() > 1e-3  # not vacuous


def test_the_summed_gradient_is_left_in_grad() -> None:
    """After the epoch, `grad` holds the last minibatch's cross-entropy gradient summed over its samples
    (without the weight decay Adam adds): the numeric gradient of the loss without L2, times the samples."""
    p = problem(4)
    samples, seats = p["live"].shape
    w1, b1, w2 = p["w1"].copy(), p["b1"].copy(), p["w2"].copy()
    hidden = w1.shape[0]
    grad = np.zeros(w1.size + 2 * hidden)
    train.train_epoch(p["X"], p["live"], p["base"], p["y"], np.arange(samples, dtype=np.int64), w1, b1, w2,
                      np.zeros((2, grad.size)), 0, 0.0, samples, L2, grad, np.zeros((seats + 1, hidden)))
    numeric = numeric_gradient(p)
    decay = np.concatenate([L2 * p[name].ravel() for name in ARRAYS])
    expected = np.concatenate([numeric[name].ravel() for name in ARRAYS]) - decay
    assert np.allclose(grad / samples, expected, rtol=RTOL, atol=1e-9)


@pytest.mark.parametrize("name", ARRAYS)
def test_the_check_catches_a_wrong_component(name: str) -> None:
    p = problem(5)
    analytic, numeric = analytic_gradient(p), numeric_gradient(p)
    assert wrong_arrays(analytic, numeric) == []
    idx = np.unravel_index(int(np.argmax(np.abs(analytic[name]))), analytic[name].shape)
    bad = {k: v.copy() for k, v in analytic.items()}
    bad[name][idx] *= 1.0 + 1e-4  # one component off by a hundredth of a per cent
    assert wrong_arrays(bad, numeric) == [name]
    bad[name][idx] = analytic[name][idx]
    smallest = np.unravel_index(int(np.argmin(np.abs(analytic[name]))), analytic[name].shape)
    bad[name][smallest] += 1e-5  # a component near nought given a small wrong value
    assert wrong_arrays(bad, numeric) == [name]


def test_the_check_catches_a_wrong_formula() -> None:
    """A gradient taken with the derivative of tanh left out (a mistake a hand-written backward pass can make)
    fails the check for the arrays behind the tanh and passes w2, which does not go through it."""
    p = problem(6)
    numeric = numeric_gradient(p)
    hid = np.tanh(np.einsum("hj,isj->ish", p["w1"], p["X"]) + p["b1"])
    scores = np.where(p["live"] == 1, p["base"] + hid @ p["w2"], -np.inf)
    q = np.exp(scores - scores.max(axis=1, keepdims=True))
    q /= q.sum(axis=1, keepdims=True)
    g = (q - p["y"]) * p["live"] / len(q)  # d loss / d score, per sample and seat
    da = g[:, :, None] * p["w2"]  # wrong: should be times 1 − tanh²
    wrong = {"w1": np.einsum("ish,isj->hj", da, p["X"]) + L2 * p["w1"], "b1": da.sum(axis=(0, 1)) + L2 * p["b1"],
             "w2": np.einsum("is,ish->h", g, hid) + L2 * p["w2"]}
    assert wrong_arrays(wrong, numeric) == ["w1", "b1"]
