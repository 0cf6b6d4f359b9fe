"""The yardstick: the advisor's decisions judged against perfect play on a solved game.

Advisor plays advisor (both seats at one level) on the solved game; at every decision with more
than one legal move the exact chance to win after each move is read from the table. A decision is
optimal when the chosen move loses at most one step of the table's 16-bit values (1/65535) against
the best; its loss is the best move's chance minus the chosen one's, in chance of winning the game.
The same decisions are also scored for a mover picking uniformly at random, as a reference.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.rng import cast_marks
from printgen.errors import PatolliError
from printgen.players.evaluation import learned
from printgen.players.evaluation.features import MODEL_LEARNED, NF, EvalTables
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.roster.registry import Player, seeded_rng
from printgen.players.search import policy
from printgen.players.search.plain import make_scratch
from printgen.players.solve.core import move_values
from printgen.players.solve.solver import Solution
from printgen.stats import wilson

TIE = 1.0 / 65535  # one step of a stored table: moves closer than this are equally good
MAX_PLIES = 20_000


@dataclass
class Yardstick:
    """The advisor's decisions at one level on one solved game."""

    level: int
    games: int = 0
    decisions: int = 0  # decisions with more than one legal move
    optimal: int = 0
    choices: int = 0  # decisions where the moves differ by more than a tie
    optimal_choices: int = 0
    loss: float = 0.0  # summed
    loss_sq: float = 0.0
    random_optimal: float = 0.0  # summed over decisions: the share of the legal moves that are optimal
    random_loss: float = 0.0  # summed over decisions: the mean loss of the legal moves

    @property
    def random_share(self) -> float:
        """Returns the share of optimal decisions a mover picking uniformly at random would expect here."""
        return self.random_optimal / self.decisions if self.decisions else math.nan

    @property
    def random_mean_loss(self) -> float:
        """Returns the mean loss per decision a mover picking uniformly at random would expect here."""
        return self.random_loss / self.decisions if self.decisions else math.nan

    @property
    def share(self) -> float:
        """Returns the share of decisions where an optimal move was chosen."""
        return self.optimal / self.decisions if self.decisions else math.nan

    @property
    def share_ci(self) -> tuple[float, float]:
        """Returns the 95% (Wilson) interval of the share of optimal decisions."""
        return wilson(self.optimal, self.decisions)

    @property
    def choice_share(self) -> float:
        """Returns the share of optimal decisions among those where the moves differ."""
        return self.optimal_choices / self.choices if self.choices else math.nan

    @property
    def choice_ci(self) -> tuple[float, float]:
        """Returns the 95% interval of the share of optimal decisions where the moves differ."""
        return wilson(self.optimal_choices, self.choices)

    @property
    def mean_loss(self) -> float:
        """Returns the mean loss per decision, in chance of winning the game."""
        return self.loss / self.decisions if self.decisions else math.nan

    @property
    def loss_ci(self) -> tuple[float, float]:
        """Returns a 95% (normal) interval of the mean loss per decision."""
        n = self.decisions
        if n < 2:
            return (math.nan, math.nan)
        var = max(self.loss_sq / n - self.mean_loss**2, 0.0) * n / (n - 1)
        half = 1.959964 * math.sqrt(var / n)
        return (max(self.mean_loss - half, 0.0), self.mean_loss + half)

    def as_dict(self) -> dict[str, object]:
        """Returns the figures as JSON-ready numbers."""
        return {"level": self.level, "games": self.games, "decisions": self.decisions, "optimal": self.optimal,
                "share": round(self.share, 5), "share_ci95": [round(x, 5) for x in self.share_ci],
                "choices": self.choices, "optimal_choices": self.optimal_choices,
                "choice_share": round(self.choice_share, 5), "choice_ci95": [round(x, 5) for x in self.choice_ci],
                "mean_loss": round(self.mean_loss, 7), "loss_ci95": [round(x, 7) for x in self.loss_ci],
                "random_share": round(self.random_share, 5), "random_mean_loss": round(self.random_mean_loss, 7)}


def perfect_move(solution: Solution, st: np.ndarray, marks: int, moves: np.ndarray, n: int,
                 buffers: tuple[np.ndarray, ...]) -> int:
    """Returns a move of moves[:n] with the best exact value (the first such): perfect play."""
    out, st1, ev, tmp = buffers
    move_values(st, solution.tables, solution.layout, solution.values, marks, moves, n, out, st1, ev, tmp)
    return int(moves[int(np.argmax(out[:n]))])


def network_tables(solution: Solution, net: np.ndarray | None) -> EvalTables:
    """Returns the evaluation tables the advisor reads on a solved game: its own, or with `net` (a packed
    network, `learned.entry_net`) as its evaluation."""
    et = eval_tables_for(solution.ruleset, 2)
    if net is None:
        return et
    return et._replace(net=np.asarray(net, dtype=np.float64), default_model=np.array([MODEL_LEARNED], dtype=np.int64))


def trained_network(path: Path, solution: Solution) -> np.ndarray:
    """Returns the packed network of a `patolli lab train` output file, checked to be trained on this solved game
    (the ruleset `patolli lab solve --export` writes of it, two players)."""
    from printgen.players.solve.store import race_key
    from printgen.ruleset_files import load_ruleset

    entry = learned.read_entry(path)
    net = learned.entry_net(entry, NF, str(path))
    trained_on = entry.get("ruleset")
    if entry.get("players") != 2 or not isinstance(trained_on, str):
        raise learned.LearnedError(f"{path}: a network for {entry.get('players')} players; the solved games are "
                                   f"of two")
    base, plus, options = trained_on.partition("+")
    beside = path.parent / base  # a ruleset file is named as it was at training: looked for beside the network first
    spec = f"{beside}{plus}{options}" if base.endswith(".toml") and beside.is_file() else trained_on
    try:
        key = race_key(load_ruleset(spec), 2)
    except PatolliError as exc:
        raise learned.LearnedError(f"{path}: trained on {trained_on!r}, which cannot be read here ({exc})") from None
    if key != solution.key:
        raise learned.LearnedError(f"{path}: trained on {trained_on!r}, not on {solution.ruleset.name}: train on "
                                   f"the ruleset the solver exports of this game")
    return net


def versus(solution: Solution, level: int, games: int, seed: int = 1,
           net: np.ndarray | None = None) -> tuple[int, int]:
    """Returns (games won by perfect play, games) against the advisor at `level`, seats alternated
    (reading `net` as its evaluation when given)."""
    t = solution.tables
    et = network_tables(solution, net)
    sc = make_scratch(level, 0)
    spec = Player(policy.ADVISOR, level).spec()
    buffers = (np.zeros(sc.moves.shape[1]), np.zeros(lay.STATE_SIZE, dtype=np.int64),
               np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64), np.zeros(2 * lay.MAXK, dtype=np.int64))
    moves = np.zeros(sc.moves.shape[1], dtype=np.int64)
    ev = np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64)
    won = 0
    for g in range(games):
        perfect = g % 2
        rng = seeded_rng(seed * 1_000_003 + g)
        st = np.zeros(lay.STATE_SIZE, dtype=np.int64)
        k.init_contest(st, t, ev)
        for _ in range(MAX_PLIES):
            if lay.phase(st) == k.PHASE_OVER:
                break
            marks = cast_marks(t, rng)
            n = k.legal_moves(st, t, marks, sc.moves[0])
            moves[:n] = sc.moves[0, :n]
            if n > 1 and lay.phase(st) == k.PHASE_MOVE and lay.to_move(st) == perfect:
                code = perfect_move(solution, st, marks, moves, n, buffers)
            else:
                code = policy.choose(st, t, et, sc, spec, marks, n, rng)
            ev[0] = 0
            k.play(st, t, marks, code, ev)
        won += int(lay.winner(st) == perfect)
    return won, games


def measure(solution: Solution, level: int, games: int, seed: int = 1,
            progress: Callable[[int, int], None] | None = None, net: np.ndarray | None = None) -> Yardstick:
    """Returns the advisor's record at `level` over `games` advisor-vs-advisor games of a solved game
    (reading `net` as its evaluation when given: a network trained on this game)."""
    t = solution.tables
    et = network_tables(solution, net)
    sc = make_scratch(level, 0)
    spec = Player(policy.ADVISOR, level).spec()
    out = np.zeros(sc.moves.shape[1])
    moves = np.zeros(sc.moves.shape[1], dtype=np.int64)
    st1 = np.zeros(lay.STATE_SIZE, dtype=np.int64)
    ev = np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64)
    tmp = np.zeros(2 * lay.MAXK, dtype=np.int64)
    y = Yardstick(level)
    for g in range(games):
        rng = seeded_rng(seed * 1_000_003 + g)
        st = np.zeros(lay.STATE_SIZE, dtype=np.int64)
        k.init_contest(st, t, ev)
        for _ in range(MAX_PLIES):
            if lay.phase(st) == k.PHASE_OVER:
                break
            marks = cast_marks(t, rng)
            n = k.legal_moves(st, t, marks, sc.moves[0])
            moves[:n] = sc.moves[0, :n]
            code = policy.choose(st, t, et, sc, spec, marks, n, rng)
            if n > 1 and lay.phase(st) == k.PHASE_MOVE:
                move_values(st, t, solution.layout, solution.values, marks, moves, n, out, st1, ev, tmp)
                best = float(out[:n].max())
                lost = best - float(out[int(np.flatnonzero(moves[:n] == code)[0])])
                y.decisions += 1
                y.optimal += lost <= TIE
                y.loss += lost
                y.loss_sq += lost * lost
                y.random_optimal += float(np.count_nonzero(best - out[:n] <= TIE)) / n
                y.random_loss += best - float(out[:n].mean())
                if best - float(out[:n].min()) > TIE:
                    y.choices += 1
                    y.optimal_choices += lost <= TIE
            ev[0] = 0
            k.play(st, t, marks, code, ev)
        y.games += 1
        if progress is not None:
            progress(g + 1, games)
    return y
