"""How honest the advisor's shown chances are: calibration error with intervals, held-out maps.

Records come from self-play (`lab.self_play.record`): at every decision with a real choice, the chances
the advisor searched for the move it plays (win the game, win the contest) and what came true; their
columns are R_* below. `measure` sorts them into deciles of the shown chance and
gives the expected calibration error (ECE: the gap between shown and observed in each decile,
weighted by its count), each figure with a 95% interval from a bootstrap over contests: decisions of
one contest share its outcome, so contests, not decisions, are the independent draws. The same resamples give
the ECE's floor: what a perfectly calibrated player would show on contests like these, since each decile's
share that came true carries the luck of the few contests behind it, and the ECE adds up its size; and the
calibration error with that luck taken out (the root mean square of the gaps less their sampling variance,
as Kumar, Liang and Ma's debiased estimator, "Verified uncertainty calibration", 2019, with the variance
from the contests).
`cross_fitted` gives held-out mapped chances for every record: the contests are split into folds and
each fold is mapped by a map fitted on the others, so no record is judged by a map that saw its
contest. The maps themselves live in `chance_maps`.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from printgen.errors import OptionError
from printgen.files import write_atomic
from printgen.players.evaluation.chance_maps import ChanceMap, fit_map

BINS = 10  # deciles of the shown chance
FOLDS = 5  # contest folds of the held-out (cross-fitted) maps
BOOTSTRAP = 1000  # resamples of the contests for each interval
# Columns of a record: contest, seat, shown win-game, shown win-contest, won the game, won the contest.
R_CONTEST, R_SEAT, R_GAME, R_CONTEST_SHOWN, R_WON_GAME, R_WON_CONTEST = range(6)
COLUMNS = {"game": (R_GAME, R_WON_GAME), "contest": (R_CONTEST_SHOWN, R_WON_CONTEST)}  # shown, came true


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
    """Shown chances against outcomes: the deciles, the ECE with its 95% interval, and the counts; `floor`, the
    ECE a perfectly calibrated player would show on average on contests like these (the mean count-weighted
    distance of the resampled deciles' gaps from the observed ones); `debiased`, the root mean square of the
    deciles' gaps with their sampling variance taken out (0 where the gaps are within the noise)."""

    bins: list[Bin]
    ece: float
    ece_ci: tuple[float, float]
    decisions: int
    contests: int
    floor: float = 0.0
    debiased: float = 0.0

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
    spread, square = np.zeros(resamples), 0.0
    for b, pb in enumerate(point):
        if pb.count == 0:
            out.append(pb)
            continue
        ok = bc[:, b] > 0
        obs, gap = b_obs[ok, b], b_gap[ok, b]
        out.append(Bin(pb.lo, pb.hi, pb.count, pb.shown, pb.observed, _pct(obs), _pct(gap)))
        spread[ok] += bc[ok, b] * np.abs(gap - pb.gap)
        square += pb.count / len(shown) * (pb.gap ** 2 - (float(np.var(gap)) if len(gap) > 1 else 0.0))
    floor = float(np.mean(spread / bc.sum(axis=1)))
    return Reliability(out, ece, _pct(b_ece), len(shown), n_c, floor, float(np.sqrt(max(square, 0.0))))


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


def number_apart(parts: list[np.ndarray]) -> np.ndarray:
    """Returns several runs' records as one, each run's contests numbered after the last run's, so the
    bootstrap and the contest folds never take two runs' contest 0 for one contest."""
    out, start = [], 0.0
    for part in parts:
        part = part.copy()
        part[:, R_CONTEST] += start
        if len(part):
            start = float(part[:, R_CONTEST].max()) + 1
        out.append(part)
    return np.concatenate(out) if out else np.zeros((0, 6))


def seeds_of(meta: dict[str, Any]) -> list[int]:
    """Returns the seeds a records file's contests were played on (one, or several pooled)."""
    seed = meta.get("seed")
    return [int(s) for s in seed] if isinstance(seed, list) else [] if seed is None else [int(seed)]


def pool_records(paths: list[Path]) -> tuple[np.ndarray, dict[str, Any]]:
    """Returns the records of several files as one, with their description: they must come from one player
    (ruleset, level, evaluation and fingerprint alike) and from different seeds, since the same seed plays the
    same contests. Long measures can so be played in parts, on other days or machines."""
    rows, metas = zip(*(load_records(path) for path in paths), strict=True)
    first = metas[0]
    for path, meta in zip(paths[1:], metas[1:], strict=True):
        for field in ("ruleset", "level", "model", "fingerprint"):
            if meta.get(field) != first.get(field):
                raise OptionError(f"{path}: recorded by another player than {paths[0]} (its {field} is "
                                  f"{meta.get(field)!r}, not {first.get(field)!r}); only one player's records pool")
    seen: dict[int, Path] = {}
    for path, meta in zip(paths, metas, strict=True):
        for seed in seeds_of(meta):
            if seed in seen:
                raise OptionError(f"{path}: seed {seed} is also in {seen[seed]}; the same seed plays the same "
                                  "contests, so they would count twice")
            seen[seed] = path
    seeds = [seed for meta in metas for seed in seeds_of(meta)]
    meta = {**first, "seed": seeds[0] if len(seeds) == 1 else seeds,
            "contests": sum(int(m.get("contests", contests_in(r))) for m, r in zip(metas, rows, strict=True))}
    return number_apart(list(rows)), meta
