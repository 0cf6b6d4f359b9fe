"""How honest the advisor's shown chances are: self-play records, calibration error with intervals, held-out maps.

`record` plays the advisor against itself (two players, seats alternated, seeded as the arena is) and
keeps, at every decision with a real choice, the chances it searched for the move it plays (win the
game, win the contest) and what came true. `measure` sorts them into deciles of the shown chance and
gives the expected calibration error (ECE: the gap between shown and observed in each decile,
weighted by its count), each figure with a 95% interval from a bootstrap over contests: decisions of
one contest share its outcome, so contests, not decisions, are the independent draws.
`cross_fitted` gives held-out mapped chances for every record: the contests are split into folds and
each fold is mapped by a map fitted on the others, so no record is judged by a map that saw its
contest. The maps themselves live in `chance_maps`.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from printgen.engine import kernel as k
from printgen.engine.layout import STATE_SIZE
from printgen.engine.rng import cast_marks
from printgen.engine.tables import tables_for
from printgen.errors import OptionError
from printgen.files import write_atomic
from printgen.players.evaluation.chance_maps import ChanceMap, fit_map
from printgen.players.evaluation.features import MODEL_NOW
from printgen.players.evaluation.weights import eval_tables_for
from printgen.players.lab.contest import match_seeds
from printgen.players.lab.pool import map_chunks
from printgen.players.search.plain import GAME_WEIGHT, analyse, make_scratch
from printgen.ruleset_files import load_ruleset

BINS = 10  # deciles of the shown chance
CONTEST_TURNS = 200_000  # a contest still going after this many turns is left out
FOLDS = 5  # contest folds of the held-out (cross-fitted) maps
BOOTSTRAP = 1000  # resamples of the contests for each interval
# Columns of a record: contest, seat, shown win-game, shown win-contest, won the game, won the contest.
R_CONTEST, R_SEAT, R_GAME, R_CONTEST_SHOWN, R_WON_GAME, R_WON_CONTEST = range(6)
COLUMNS = {"game": (R_GAME, R_WON_GAME), "contest": (R_CONTEST_SHOWN, R_WON_CONTEST)}  # shown, came true


def _record_contest(t, et, sc, out, st, rng, level: int) -> list[tuple[int, float, float, int, int]]:
    """Plays one contest of the advisor against itself; returns (seat, shown game, shown contest,
    won the game, won the contest) for each decision with a choice, or [] if it did not finish."""
    k.init_contest(st, t, sc.ev)
    shown: list[tuple[int, int, float, float]] = []  # seat, game, chances
    game_winner: dict[int, int] = {}
    for _ in range(CONTEST_TURNS):
        if st[k.H_PHASE] == k.PHASE_OVER:
            break
        phase, p, game = int(st[k.H_PHASE]), int(st[k.H_TO_MOVE]), int(st[k.H_GAME])
        marks = cast_marks(t, rng) if phase != k.PHASE_BET else 0
        n = k.legal_moves(st, t, marks, sc.moves[0])
        move = sc.moves[0, 0]
        if n > 1:
            analyse(st, t, et, sc, marks, level, n, out)
            i = int(np.argmax(out[:n, 2] + GAME_WEIGHT * out[:n, 0]))
            move = sc.moves[0, i]
            shown.append((p, game, float(out[i, 0]), float(out[i, 2])))
        sc.ev[0] = 0
        k.play(st, t, marks, move, sc.ev)
        if st[k.H_GAME] != game:  # the game was won (even if the loser then could not pay the next stake)
            game_winner[game] = int(st[k.H_LAST_WINNER])
    if st[k.H_PHASE] != k.PHASE_OVER:
        return []
    w = int(st[k.H_WINNER])
    last = int(st[k.H_GAME])
    game_winner.setdefault(last, w)  # the contest ended in its last game: its winner took that game
    team = t.team
    return [(p, g, c, int(team[game_winner.get(gm, -9)] == team[p]) if game_winner.get(gm, -1) >= 0 else 0,
             int(w >= 0 and team[w] == team[p])) for p, gm, g, c in shown]


_JOB: dict[str, object] = {}


def _setup(spec: str, level: int, seed: int, model: int = MODEL_NOW) -> None:
    rs = load_ruleset(spec)
    total = 2 * rs.economy.starting_items
    sc = make_scratch(level, total)
    sc.model[0] = model
    _JOB.update(t=tables_for(rs, 2), et=eval_tables_for(rs, 2), sc=sc, level=level,
                out=np.zeros((max(256, total + 64), 3)), st=np.zeros(STATE_SIZE, dtype=np.int64), seed=seed)


def _run(chunk: tuple[int, int]) -> np.ndarray:
    first, count = chunk
    j = _JOB
    rows = []
    seeds = match_seeds(int(j["seed"]), 0, first, count)  # type: ignore[call-overload]
    for c in range(count):
        rng = seeds[c].copy()
        for p, g, cs, wg, wc in _record_contest(j["t"], j["et"], j["sc"], j["out"], j["st"], rng,
                                                int(j["level"])):  # type: ignore[call-overload]
            rows.append((first + c, p, g, cs, wg, wc))
    return np.array(rows, dtype=np.float64).reshape(-1, 6)


def record(spec: str, contests: int, level: int, seed: int = 1, workers: int = 1,
           progress: Callable[[int, int], None] | None = None, model: int = MODEL_NOW) -> np.ndarray:
    """Returns the records (one row per decision; columns R_*) of `contests` self-play contests of the
    advisor (evaluation `model`, search `level`). Contest i is seeded from (seed, i) alone, so the records
    do not depend on the number of workers."""
    rs = load_ruleset(spec)
    if 2 not in rs.player_counts():
        raise OptionError(f"ruleset '{rs.name}' is not played by two; calibration plays the advisor against itself")
    if contests < 1:
        raise OptionError(f"the number of contests must be at least 1, not {contests}")
    size = max(1, min(20, contests // max(1, workers * 4)))
    work = [(first, min(size, contests - first)) for first in range(0, contests, size)]
    parts, done = [], 0
    for (_, count), part in map_chunks(_run, work, workers, _setup, (spec, level, seed, model), ordered=True):
        parts.append(part)
        done += count
        if progress:
            progress(done, contests)
    return np.vstack(parts) if parts else np.zeros((0, 6))


@dataclass(frozen=True)
class Bin:
    """One decile of shown chances: how many, the mean shown, the share that came true, and the 95% interval
    of that share and of the gap (came true minus shown) from the bootstrap over contests."""

    lo: float
    hi: float
    count: int
    shown: float
    observed: float
    observed_ci: tuple[float, float] = (float("nan"), float("nan"))
    gap_ci: tuple[float, float] = (float("nan"), float("nan"))

    @property
    def gap(self) -> float:
        """Returns the share that came true minus the mean shown."""
        return self.observed - self.shown


@dataclass(frozen=True)
class Reliability:
    """Shown chances against outcomes: the deciles, the ECE with its 95% interval, and the counts."""

    bins: list[Bin]
    ece: float
    ece_ci: tuple[float, float]
    decisions: int
    contests: int

    def worst(self) -> Bin | None:
        """Returns the decile with the largest gap between shown and came true (None without records)."""
        filled = [b for b in self.bins if b.count]
        return max(filled, key=lambda b: abs(b.gap)) if filled else None


def reliability(shown: np.ndarray, outcome: np.ndarray, bins: int = BINS) -> tuple[list[Bin], float]:
    """Returns the bins (equal widths of the shown chance) and the expected calibration error."""
    out, ece, n = [], 0.0, len(shown)
    edges = np.linspace(0.0, 1.0, bins + 1)
    idx = np.clip((shown * bins).astype(int), 0, bins - 1)
    for b in range(bins):
        sel = idx == b
        c = int(sel.sum())
        s = float(shown[sel].mean()) if c else float("nan")
        o = float(outcome[sel].mean()) if c else float("nan")
        out.append(Bin(float(edges[b]), float(edges[b + 1]), c, s, o))
        if c:
            ece += c / n * abs(s - o)
    return out, ece


def measure(shown: np.ndarray, outcome: np.ndarray, contest: np.ndarray, bins: int = BINS,
            resamples: int = BOOTSTRAP, seed: int = 0) -> Reliability:
    """Returns the deciles and ECE of these records, with 95% intervals from resampling whole contests
    (percentile bootstrap, seeded)."""
    point, ece = reliability(shown, outcome, bins)
    ids, which = np.unique(contest.astype(np.int64), return_inverse=True)
    n_c = len(ids)
    if n_c == 0:
        return Reliability(point, 0.0, (0.0, 0.0), 0, 0)
    idx = np.clip((shown * bins).astype(int), 0, bins - 1)
    cnt, s_sum, o_sum = (np.zeros((n_c, bins)) for _ in range(3))
    np.add.at(cnt, (which, idx), 1.0)
    np.add.at(s_sum, (which, idx), shown)
    np.add.at(o_sum, (which, idx), outcome)
    rng = np.random.default_rng(seed)
    w = rng.multinomial(n_c, np.full(n_c, 1.0 / n_c), size=resamples).astype(np.float64)  # contest weights
    bc, bs, bo = w @ cnt, w @ s_sum, w @ o_sum
    with np.errstate(invalid="ignore", divide="ignore"):
        b_obs, b_gap = bo / bc, (bo - bs) / bc
    b_ece = np.abs(bo - bs).sum(axis=1) / bc.sum(axis=1)
    out = []
    for b, pb in enumerate(point):
        if pb.count == 0:
            out.append(pb)
            continue
        ok = bc[:, b] > 0
        obs, gap = b_obs[ok, b], b_gap[ok, b]
        out.append(Bin(pb.lo, pb.hi, pb.count, pb.shown, pb.observed, _pct(obs), _pct(gap)))
    return Reliability(out, ece, _pct(b_ece), len(shown), n_c)


def _pct(values: np.ndarray) -> tuple[float, float]:
    if len(values) == 0:
        return float("nan"), float("nan")
    lo, hi = np.percentile(values, [2.5, 97.5])
    return float(lo), float(hi)


def cross_fitted(rows: np.ndarray, quantity: str, kind: str, folds: int = FOLDS) -> np.ndarray:
    """Returns held-out mapped chances for every record: contest folds (contest number mod `folds`), each
    mapped by a map of this kind fitted on the other folds' records."""
    s_col, w_col = COLUMNS[quantity]
    fold = rows[:, R_CONTEST].astype(np.int64) % folds
    out = np.array(rows[:, s_col], dtype=np.float64)
    for f in range(folds):
        test = fold == f
        if test.any() and (~test).any():
            m = fit_map(kind, rows[~test, s_col], rows[~test, w_col], contests_in(rows[~test]))
            out[test] = m(rows[test, s_col])
    return out


def contests_in(rows: np.ndarray) -> int:
    """Returns the number of contests these records come from."""
    return len(np.unique(rows[:, R_CONTEST]))


def fit_quantity(rows: np.ndarray, quantity: str, kinds: tuple[str, ...] = ("beta", "isotonic"),
                 folds: int = FOLDS) -> tuple[ChanceMap, dict[str, float]]:
    """Returns the map of the kind with the lowest held-out ECE on these records (fitted on all of them),
    and the held-out ECE of each kind."""
    s_col, w_col = COLUMNS[quantity]
    held = {kind: reliability(cross_fitted(rows, quantity, kind, folds), rows[:, w_col])[1] for kind in kinds}
    best = min(kinds, key=lambda kind: held[kind])
    return fit_map(best, rows[:, s_col], rows[:, w_col], contests_in(rows)), held


def save_records(path: Path, rows: np.ndarray, meta: dict[str, object]) -> None:
    """Writes records and what they are (ruleset, level, model, seed, contests, fingerprint) as .npz."""
    buf = io.BytesIO()
    np.savez_compressed(buf, rows=rows, meta=np.array(json.dumps(meta, sort_keys=True)))
    write_atomic(path, buf.getvalue())


def load_records(path: Path) -> tuple[np.ndarray, dict[str, Any]]:
    """Returns the records and their description from a file `save_records` wrote."""
    try:
        with np.load(path, allow_pickle=False) as data:
            rows, meta = np.asarray(data["rows"], dtype=np.float64), json.loads(str(data["meta"]))
    except (OSError, ValueError, KeyError) as exc:
        raise OptionError(f"{path}: not a file of self-play records for calibration ({exc})") from None
    if rows.ndim != 2 or rows.shape[1] != 6 or not isinstance(meta, dict) or "ruleset" not in meta:
        raise OptionError(f"{path}: not a file of self-play records for calibration")
    return rows, meta
