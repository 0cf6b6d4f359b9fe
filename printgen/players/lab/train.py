"""Training the learned evaluation (`learned.py`) by self-play, in generations, seeded and resumable.

The recipe is TD-Gammon's, in batches: each generation plays `GEN_GAMES` games of self-play
(`train_play.py`, on forked workers through `pool.map_chunks`), labels every recorded position
with a λ-return and trains the network on them for a few epochs (Adam, cross-entropy of the softmax
over the seats against the label). The first generation is played by the advisor at level 0 with the linear model
and labelled by the game's winner alone (λ = 1, Monte Carlo): bootstrapping from another model's
values would teach the network that model's mistakes (Neeley's linear fit once rewarded being
behind). Every later generation is played by the advisor at level 0 with the network itself, and
labelled by λ-returns over its own values (λ = LAMBDA): each position's label is
(1 − λ) V(next recorded position) + λ × the next one's label, the last position of a game taking
the winner. That lowers the variance of a dice game's outcome while the winner still anchors every game.

With `rollouts` > 0 (gnubg's supervised recipe) every generation's positions are labelled instead by
playouts to the end of their game, by the generation's own player (`train_labels.py`): each seat's share
of the playouts won. Those labels carry no bias from the network's values and their noise shrinks with the
playouts; they cost `rollouts` part-games a position.

Everything is seeded: a chunk of games from (seed, generation, chunk), the network's first weights
and the order of the samples from (seed, generation). The weights after a generation depend only
on the weights before it, so a checkpoint written after every generation (atomically) lets
`--resume` end with the same weights, byte for byte, as a run never stopped, whatever the workers.
"""

from __future__ import annotations

import io
import json
import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from printgen.engine.jit import njit
from printgen.errors import OptionError
from printgen.files import check_writable, write_atomic
from printgen.players.evaluation import learned
from printgen.players.evaluation.features import MODEL_LEARNED, MODEL_LINEAR, NF
from printgen.players.search.policy import ADVISOR

GEN_GAMES = 400  # games of self-play per generation
CHUNK_GAMES = 25  # games per chunk of work
HIDDEN = 32
LAMBDA = 0.8
EPOCHS = 3
BATCH = 128
LEARNING_RATE = 2e-3
L2 = 1e-5
CHECKPOINT_SUFFIX = ".checkpoint.npz"

Progress = Callable[[int, int], None]  # (games played, games in all)


@dataclass(frozen=True)
class TrainConfig:
    """What a training run is: the same config gives the same weights."""

    ruleset: str
    players: int
    games: int
    seed: int = 1
    hidden: int = HIDDEN
    gen_games: int = GEN_GAMES
    lam: float = LAMBDA
    epochs: int = EPOCHS
    rollouts: int = 0  # > 0: label positions by this many playouts to their game's end (train_labels.py)
    label_every: int = 1  # with rollouts: label one recorded position in this many (the others are not trained on)

    @property
    def generations(self) -> int:
        """Returns the generations of self-play the games make."""
        return max(1, math.ceil(self.games / self.gen_games))


@dataclass
class State:
    """A run between generations: the network, the optimiser and what has been done."""

    linear: np.ndarray  # the linear model's game weights the network corrects (fixed for the run)
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    mean: np.ndarray
    scale: np.ndarray
    adam: np.ndarray  # first and second moments of every weight, flattened: (2, n)
    step: int
    generation: int  # generations done
    history: list[dict[str, float | None]]

    def params(self) -> np.ndarray:
        """Returns every weight flattened (w1, b1, w2)."""
        return np.concatenate([self.w1.ravel(), self.b1, self.w2])

    def packed(self) -> np.ndarray:
        """Returns the network as compiled code reads it."""
        return learned.pack(self.linear, self.w1, self.b1, self.w2, self.mean, self.scale)


def first_state(config: TrainConfig, linear: np.ndarray) -> State:
    """Returns the untrained network of a run (seeded): the linear model's chances, corrected by little."""
    width = learned.input_count(NF)
    rng = np.random.default_rng([config.seed, 0x7EA1])
    w1 = rng.normal(0.0, 1.0 / math.sqrt(width), (config.hidden, width))
    w2 = rng.normal(0.0, 0.1, config.hidden)
    n = w1.size + 2 * config.hidden
    dense = learned.dense_inputs(NF)
    return State(np.array(linear, dtype=np.float64), w1, np.zeros(config.hidden), w2, np.zeros(dense), np.ones(dense),
                 np.zeros((2, n)), 0, 0, [])


# ---- self-play on workers ----

_JOB: dict[str, Any] = {}


def _setup(spec: str, players: int, net: np.ndarray | None, model: int, every: int, rollouts: int = 0,
           label_every: int = 1) -> None:
    """Prepares a worker: the ruleset's tables, the evaluation with this generation's network, buffers."""
    from printgen.engine.tables import tables_for
    from printgen.players.roster.eval_tables import eval_tables_for
    from printgen.players.search.plain import make_scratch
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset(spec)
    et = eval_tables_for(rs, players)
    if net is not None:
        et = et._replace(net=net)
    _JOB.update(t=tables_for(rs, players), et=et, sc=make_scratch(0, players * rs.economy.starting_items),
                spec=np.array([ADVISOR, 0, model], dtype=np.int64), every=every, rollouts=rollouts,
                label_every=label_every)


def _play(chunk: tuple[int, int, int, int]) -> tuple[np.ndarray, ...]:
    """Plays one chunk (seed, generation, chunk, games) of self-play in this worker: (X, live, game, won, labels,
    playouts ended), the labels by playouts where the run asks for them (else no rows), drawn from the chunk's
    random source after its games."""
    from printgen.players.lab.train_labels import label_chunk
    from printgen.players.lab.train_play import chunk_rng, play_chunk

    seed, generation, index, games = chunk
    j = _JOB
    rng = chunk_rng(seed, generation, index)
    X, live, game, won, states = play_chunk(j["t"], j["et"], j["sc"], j["spec"], rng, games, j["every"],
                                            j["rollouts"] > 0)
    if j["rollouts"] > 0:
        y, counted = label_chunk(j["t"], j["et"], j["sc"], j["spec"], rng, states, j["rollouts"], j["label_every"])
    else:
        y, counted = np.zeros((0, X.shape[1])), np.zeros(0, dtype=np.int64)
    return X, live, game, won, y, counted


def self_play_generation(config: TrainConfig, state: State, workers: int | None,
                         tick: Callable[[int], None] | None = None, ray: str | None = None) -> tuple[np.ndarray, ...]:
    """Returns (X, live, game, won, labels, playouts ended) of one generation's games, in the order of their
    chunks (labels: none unless the run labels by playouts)."""
    from printgen.players.lab.pool import map_chunks
    from printgen.players.lab.train_play import sample_every
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset(config.ruleset)
    every = sample_every(rs.board.cell_count, rs.players.pieces_for(config.players))
    g = state.generation
    net = state.packed() if g > 0 else None
    model = MODEL_LEARNED if g > 0 else MODEL_LINEAR
    chunks = [(config.seed, g, c, min(CHUNK_GAMES, config.gen_games - c * CHUNK_GAMES))
              for c in range(math.ceil(config.gen_games / CHUNK_GAMES))]
    parts = []
    for chunk, result in map_chunks(_play, chunks, workers, _setup,
                                    (config.ruleset, config.players, net, model, every, config.rollouts,
                                     config.label_every),
                                    ordered=True, ray=ray):
        parts.append((chunk[2], result))
        if tick:
            tick(chunk[3])
    X = np.concatenate([r[0] for _, r in parts])
    live = np.concatenate([r[1] for _, r in parts])
    game = np.concatenate([r[2] + c * CHUNK_GAMES for c, r in parts])
    won = np.concatenate([r[3] for _, r in parts])
    labels = np.concatenate([r[4] for _, r in parts])
    counted = np.concatenate([r[5] for _, r in parts])
    return X, live, game, won, labels, counted


# ---- labels and training, compiled ----

@njit
def forward(X, live, base, w1, b1, w2, probs, hid):
    """Writes the network's chance to win of every seat of every sample into probs (base: the linear model's
    scores; hid: scratch, per seat)."""
    for i in range(X.shape[0]):
        top = -1e300
        for p in range(X.shape[1]):
            if live[i, p] == 0:
                continue
            s = base[i, p]
            for h in range(w1.shape[0]):
                a = b1[h]
                for j in range(X.shape[2]):
                    a += w1[h, j] * X[i, p, j]
                s += w2[h] * np.tanh(a)
            hid[p] = s
            top = max(top, s)
        total = 0.0
        for p in range(X.shape[1]):
            probs[i, p] = np.exp(hid[p] - top) if live[i, p] else 0.0
            total += probs[i, p]
        for p in range(X.shape[1]):
            probs[i, p] /= total


@njit
def lambda_returns(game, won, values, lam, y):
    """Writes each sample's λ-return into y (samples of a game consecutive, in order of play): the last of a
    game takes its winner, each earlier one (1 − λ) × the next one's value + λ × the next one's label."""
    n = game.shape[0]
    for i in range(n - 1, -1, -1):
        last = i == n - 1 or game[i + 1] != game[i]
        for p in range(y.shape[1]):
            z = 1.0 if p == won[i] else 0.0
            y[i, p] = z if last else (1.0 - lam) * values[i + 1, p] + lam * y[i + 1, p]


@njit
def train_epoch(X, live, base, y, order, w1, b1, w2, adam, step, lr, batch, l2, grad, acts):
    """One pass of Adam over the samples in `order`, minibatches of `batch`; returns the step count after it.

    grad holds the gradient of every weight (w1, b1, w2 flattened); acts is scratch (seats × hidden)."""
    hidden, width = w1.shape
    nw1 = hidden * width
    b1_at, w2_at = nw1, nw1 + hidden
    n_par = grad.shape[0]
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    i0 = 0
    while i0 < order.shape[0]:
        i1 = min(i0 + batch, order.shape[0])
        for j in range(n_par):
            grad[j] = 0.0
        for b in range(i0, i1):
            i = order[b]
            top = -1e300
            scores = acts[acts.shape[0] - 1]  # last row: the seats' scores, then their chances
            for p in range(X.shape[1]):
                if live[i, p] == 0:
                    continue
                s = base[i, p]
                for h in range(hidden):
                    a = b1[h]
                    for j in range(width):
                        a += w1[h, j] * X[i, p, j]
                    acts[p, h] = np.tanh(a)
                    s += w2[h] * acts[p, h]
                scores[p] = s
                top = max(top, s)
            total = 0.0
            for p in range(X.shape[1]):
                if live[i, p]:
                    scores[p] = np.exp(scores[p] - top)
                    total += scores[p]
            for p in range(X.shape[1]):
                if live[i, p] == 0:
                    continue
                g = scores[p] / total - y[i, p]  # d loss / d score
                for h in range(hidden):
                    grad[w2_at + h] += g * acts[p, h]
                    da = g * w2[h] * (1.0 - acts[p, h] * acts[p, h])
                    grad[b1_at + h] += da
                    for j in range(width):
                        grad[h * width + j] += da * X[i, p, j]
        step += 1
        scale = 1.0 / (i1 - i0)
        c1 = 1.0 - beta1 ** step
        c2 = 1.0 - beta2 ** step
        for j in range(n_par):
            if j < nw1:
                w = w1[j // width, j % width]
            elif j < w2_at:
                w = b1[j - b1_at]
            else:
                w = w2[j - w2_at]
            g = grad[j] * scale + l2 * w
            adam[0, j] = beta1 * adam[0, j] + (1.0 - beta1) * g
            adam[1, j] = beta2 * adam[1, j] + (1.0 - beta2) * g * g
            w -= lr * (adam[0, j] / c1) / (np.sqrt(adam[1, j] / c2) + eps)
            if j < nw1:
                w1[j // width, j % width] = w
            elif j < w2_at:
                b1[j - b1_at] = w
            else:
                w2[j - w2_at] = w
        i0 = i1
    return step


def log_loss(probs: np.ndarray, won: np.ndarray) -> float:
    """Returns the mean log loss of chances against the winners."""
    return float(-np.mean(np.log(np.maximum(probs[np.arange(len(won)), won], 1e-12))))


def linear_probs(X: np.ndarray, live: np.ndarray, w_game: np.ndarray) -> np.ndarray:
    """Returns the linear game model's chances on raw inputs (its features are the first NF)."""
    s = np.where(live.astype(bool), X[:, :, :NF] @ w_game, -np.inf)
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def learn_generation(config: TrainConfig, state: State, data: tuple[np.ndarray, ...]) -> None:
    """Labels one generation's samples and trains the network on them (state updated in place)."""
    X, live, game, won, labels, counted = data
    if config.rollouts:  # only the positions labelled by playouts are trained on
        ok = counted > 0
        X, live, game, won, labels = X[ok], live[ok], game[ok], won[ok], labels[ok]
    dense = learned.dense_inputs(NF)
    if state.generation == 0:  # the dense inputs' normalisation, fixed from the first games
        rows = X[live.astype(bool)][:, :dense]
        state.mean = rows.mean(axis=0)
        sd = rows.std(axis=0)
        state.scale = np.where(sd > 1e-9, sd, 1.0)
    Xn = X.copy()
    Xn[:, :, :dense] = (X[:, :, :dense] - state.mean) / state.scale
    Xn *= live[:, :, None]
    base = X[:, :, :NF] @ state.linear
    players = X.shape[1]
    probs = np.zeros((len(won), players))
    forward(Xn, live, base, state.w1, state.b1, state.w2, probs, np.zeros(players))
    y = np.zeros((len(won), players))
    if config.rollouts:
        y[:] = labels
    else:
        lambda_returns(game, won, probs, 1.0 if state.generation == 0 else config.lam, y)
    entry = {"generation": state.generation + 1, "samples": int(len(won)),
             "log_loss_before": round(log_loss(probs, won), 5) if state.generation else None,
             "log_loss_linear": round(log_loss(linear_probs(X, live, state.linear), won), 5)}
    rng = np.random.default_rng([config.seed, state.generation, 0x5A11])
    grad = np.zeros(state.w1.size + 2 * config.hidden)
    acts = np.zeros((players + 1, config.hidden))
    for _ in range(config.epochs):
        order = rng.permutation(len(won)).astype(np.int64)
        state.step = int(train_epoch(Xn, live, base, y, order, state.w1, state.b1, state.w2, state.adam, state.step,
                                     LEARNING_RATE, BATCH, L2, grad, acts))
    forward(Xn, live, base, state.w1, state.b1, state.w2, probs, np.zeros(players))
    entry["log_loss_after"] = round(log_loss(probs, won), 5)
    state.history.append(entry)
    state.generation += 1


# ---- checkpoints and the trained file ----

def checkpoint_path(out: Path) -> Path:
    """Returns where a run writing `out` keeps its checkpoint."""
    return Path(str(out) + CHECKPOINT_SUFFIX)


def write_checkpoint(path: Path, config: TrainConfig, state: State) -> None:
    """Writes the run's state after a generation, atomically."""
    buf = io.BytesIO()
    np.savez(buf, linear=state.linear, w1=state.w1, b1=state.b1, w2=state.w2, mean=state.mean, scale=state.scale,
             adam=state.adam,
             meta=np.array(json.dumps({"config": asdict(config), "step": state.step, "generation": state.generation,
                                       "history": state.history})))
    write_atomic(path, buf.getvalue())


def read_checkpoint(path: Path, config: TrainConfig) -> State:
    """Returns the state a checkpoint holds, refusing one made for another run."""
    try:
        with np.load(path) as data:
            meta = json.loads(str(data["meta"]))
            arrays = {name: np.array(data[name]) for name in ("linear", "w1", "b1", "w2", "mean", "scale", "adam")}
    except (OSError, KeyError, ValueError) as exc:
        raise OptionError(f"{path}: not a readable training checkpoint ({exc})") from None
    if {"rollouts": 0, "label_every": 1, **meta.get("config", {})} != asdict(config):  # older ones had neither
        made = meta.get("config", {})
        diff = ", ".join(f"{k} {made.get(k)!r} (now {v!r})" for k, v in asdict(config).items() if made.get(k) != v)
        raise OptionError(f"{path}: the checkpoint was made with other settings: {diff}; "
                          "resume with the same ones, or start again without resuming")
    return State(**arrays, step=int(meta["step"]), generation=int(meta["generation"]),
                 history=list(meta["history"]))


def trained_entry(config: TrainConfig, state: State, key: str) -> dict[str, Any]:
    """Returns the file form of a trained network (numbers to 8 significant digits)."""
    def r(a: np.ndarray) -> Any:
        return np.vectorize(lambda v: float(f"{learned.finite(v):.8g}"), otypes=[float])(a).tolist()

    return {"format": learned.FORMAT, "key": key, "ruleset": config.ruleset, "players": config.players,
            "games": config.games, "seed": config.seed, "generations": config.generations,
            "games_per_generation": config.gen_games, "lambda": config.lam, "epochs": config.epochs,
            "rollouts": config.rollouts, "label_every": config.label_every,
            "hidden": config.hidden, "buckets": learned.BUCKETS, "inputs": learned.input_count(NF),
            "history": state.history, "linear": r(state.linear), "mean": r(state.mean), "scale": r(state.scale),
            "w1": r(state.w1), "b1": r(state.b1), "w2": r(state.w2)}


@dataclass(frozen=True)
class TrainResult:
    """What a run did."""

    out: Path
    entry: dict[str, Any]
    resumed_at: int  # generations already done when this run began
    seconds: float


def check_run(config: TrainConfig, out: Path, resume: bool, force: bool) -> None:
    """Raises OptionError (or a file error) if a run could not start: checked before any compiling."""
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset(config.ruleset)
    if config.players not in rs.player_counts():
        counts = " or ".join(str(n) for n in rs.player_counts())
        raise OptionError(f"ruleset '{rs.name}' is played by {counts} players, not {config.players}")
    if config.games < 1:
        raise OptionError(f"training needs at least 1 game of self-play, not {config.games}")
    if config.rollouts < 0:
        raise OptionError(f"playouts a position: 0 (labels by TD(λ)) or more, not {config.rollouts}")
    if config.label_every < 1:
        raise OptionError(f"one position labelled in every {config.label_every}: it must be 1 or more")
    if config.gen_games < 1:
        raise OptionError(f"a generation needs at least 1 game, not {config.gen_games}")
    check_writable(out, force)
    if resume and not checkpoint_path(out).is_file():
        raise OptionError(f"no checkpoint {checkpoint_path(out)} to resume from (one is written after "
                          "each generation)")


def train(config: TrainConfig, out: Path, resume: bool = False, force: bool = False, workers: int | None = 1,
          progress: Progress | None = None, stop_after: int | None = None,
          ray: str | None = None) -> TrainResult | None:
    """Trains a network and writes it to `out` (refused if it exists, unless force); checkpoints after every
    generation. With `resume` goes on from the checkpoint. stop_after: stop after that many generations
    of this run, leaving only the checkpoint (returns None), as an interrupted run would. ray: play the games on
    that Ray cluster (`auto` or an address; workers None: one per CPU of the cluster); the weights are the same."""
    from printgen.players.evaluation.weights import weights_key
    from printgen.players.roster.eval_tables import eval_tables_for
    from printgen.ruleset_files import load_ruleset

    check_run(config, out, resume, force)
    rs = load_ruleset(config.ruleset)
    ckpt = checkpoint_path(out)
    if resume:
        state = read_checkpoint(ckpt, config)
    else:
        check_writable(ckpt, True)
        state = first_state(config, eval_tables_for(rs, config.players).w_game)
    start, began = time.perf_counter(), state.generation
    total = config.generations * config.gen_games
    done = state.generation * config.gen_games

    def tick(games: int) -> None:
        nonlocal done
        done += games
        if progress:
            progress(done, total)

    if progress:
        progress(done, total)
    while state.generation < config.generations:
        if stop_after is not None and state.generation - began >= stop_after:
            return None
        data = self_play_generation(config, state, workers, tick, ray)
        learn_generation(config, state, data)
        write_checkpoint(ckpt, config, state)
    seconds = time.perf_counter() - start
    entry = trained_entry(config, state, weights_key(rs, config.players))
    write_atomic(out, json.dumps(entry, indent=None, separators=(",", ":")) + "\n")
    ckpt.unlink(missing_ok=True)
    return TrainResult(out, entry, began, seconds)
