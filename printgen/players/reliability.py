"""How honest the advisor's shown chances are: self-play records, calibration error, and the maps that fix it.

`record` plays the advisor against itself (two players, seats alternated, seeded as the arena is) and
keeps, at every decision with a real choice, the chances `advise` would show for the move it plays
(win the game, win the contest) and, when they are known, what came true. `reliability` sorts them
into deciles of the shown chance and gives the expected calibration error (ECE: the gap between
shown and observed in each decile, weighted by its count).

The evaluation's chances are a model's, and the search takes the best of many of them, so they come
out overconfident. A monotone map per ruleset (`fit_map`: isotonic regression, the pool-adjacent-
violators algorithm, on self-play records of one seed; measured on another) turns a shown chance into
the chance observed; `honest` applies the shipped maps (`data/reliability.json`, written by
`python scripts/fit_reliability.py`) to what the advisor shows. The search itself keeps the raw
values: a monotone map does not change which move is best.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

from printgen.engine import kernel as k
from printgen.engine.layout import STATE_SIZE
from printgen.engine.rng import cast_marks
from printgen.engine.tables import tables_for
from printgen.errors import OptionError
from printgen.players.contest import match_seeds
from printgen.players.pool import map_chunks
from printgen.players.search import GAME_WEIGHT, analyse, make_scratch
from printgen.players.weights import builtin, eval_tables_for, weights_key
from printgen.rulesets import load_ruleset
from printgen.rulesets.model import Ruleset

SHIPPED = "data/reliability.json"  # inside printgen.players
BINS = 10  # deciles of the shown chance
CONTEST_TURNS = 200_000  # a contest still going after this many turns is left out
KNOTS = 40  # at most this many points in a shipped map
# Columns of a record: contest, seat, shown win-game, shown win-contest, won the game, won the contest.
R_CONTEST, R_SEAT, R_GAME, R_CONTEST_SHOWN, R_WON_GAME, R_WON_CONTEST = range(6)
QUANTITIES = ("game", "contest")


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


def _setup(spec: str, level: int, seed: int) -> None:
    rs = load_ruleset(spec)
    total = 2 * rs.economy.starting_items
    _JOB.update(t=tables_for(rs, 2), et=eval_tables_for(rs, 2), sc=make_scratch(level, total), level=level,
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
           progress: Callable[[int, int], None] | None = None) -> np.ndarray:
    """Returns the records (one row per decision; columns R_*) of `contests` self-play contests."""
    rs = load_ruleset(spec)
    if 2 not in rs.player_counts():
        raise OptionError(f"ruleset '{rs.name}' is not played by two; calibration plays the advisor against itself")
    if contests < 1:
        raise OptionError(f"the number of contests must be at least 1, not {contests}")
    size = max(1, min(20, contests // max(1, workers * 4)))
    work = [(first, min(size, contests - first)) for first in range(0, contests, size)]
    parts, done = [], 0
    for (_, count), part in map_chunks(_run, work, workers, _setup, (spec, level, seed), ordered=True):
        parts.append(part)
        done += count
        if progress:
            progress(done, contests)
    return np.vstack(parts) if parts else np.zeros((0, 6))


@dataclass(frozen=True)
class Bin:
    """One decile of shown chances: how many, the mean shown, and the share that came true."""

    lo: float
    hi: float
    count: int
    shown: float
    observed: float


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


def fit_map(shown: np.ndarray, outcome: np.ndarray, knots: int = KNOTS) -> tuple[list[float], list[float]]:
    """Returns a monotone map (knots x, y: piecewise linear) from shown chances to observed ones.

    Isotonic regression by pool-adjacent-violators on the records grouped into `knots * 4` quantile
    groups, then thinned to at most `knots` points.
    """
    order = np.argsort(shown, kind="stable")
    xs, ys = shown[order], outcome[order].astype(np.float64)
    groups = np.array_split(np.arange(len(xs)), min(len(xs), knots * 4))
    blocks = [[float(xs[g].mean()), float(ys[g].sum()), float(len(g))] for g in groups if len(g)]
    merged: list[list[float]] = []  # x-weighted mean, outcome sum, count
    for x, s, c in blocks:
        merged.append([x * c, s, c])
        while len(merged) > 1 and merged[-2][1] / merged[-2][2] >= merged[-1][1] / merged[-1][2]:
            x2, s2, c2 = merged.pop()
            merged[-1] = [merged[-1][0] + x2, merged[-1][1] + s2, merged[-1][2] + c2]
    px = [m[0] / m[2] for m in merged]
    py = [m[1] / m[2] for m in merged]
    if len(px) > knots:
        keep = np.unique(np.linspace(0, len(px) - 1, knots).round().astype(int))
        px, py = [px[i] for i in keep], [py[i] for i in keep]
    return [round(x, 5) for x in px], [round(y, 5) for y in py]


def apply_map(m: tuple[list[float], list[float]] | None, p: np.ndarray | float) -> np.ndarray:
    """Returns the mapped chances (unchanged without a map); clamped to the map's ends."""
    if m is None or not m[0]:
        return np.asarray(p, dtype=np.float64)
    return np.asarray(np.interp(p, m[0], m[1]), dtype=np.float64)


@cache
def stored_maps() -> dict[str, dict[str, tuple[list[float], list[float]]]]:
    """Returns the shipped maps: {"ruleset/players": {"game": (x, y), "contest": (x, y)}}."""
    path = resources.files("printgen.players").joinpath(SHIPPED)
    if not path.is_file():
        return {}
    data = json.loads(path.read_text("utf-8"))
    return {key: {q: (entry[q]["x"], entry[q]["y"]) for q in QUANTITIES if q in entry} for key, entry in data.items()}


def honest(ruleset: Ruleset, players: int, quantity: str, p: float) -> float:
    """Returns a shown chance (`quantity` "game" or "contest") as the shipped map makes it honest; as it
    is for a ruleset without a map."""
    if not builtin(ruleset):
        return p
    m = stored_maps().get(weights_key(ruleset, players), {}).get(quantity)
    return float(min(1.0, max(0.0, float(apply_map(m, p)))))
