"""Self-play records for calibration: the advisor against itself on every core, each decision's shown chances
and what came true.

`record` plays two-player contests (seats alternated, seeded as the arena is) and keeps, at every decision
with a real choice, the chances the advisor searched for the move it plays (win the game, win the contest)
and whether the game and the contest were then won; `analysis.reliability` measures them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.layout import STATE_SIZE
from printgen.engine.rng import cast_marks
from printgen.engine.tables import tables_for
from printgen.errors import OptionError
from printgen.players.evaluation.features import MODEL_NOW
from printgen.players.lab.contest import match_seeds
from printgen.players.lab.pool import map_chunks
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.search.plain import GAME_WEIGHT, analyse, make_scratch
from printgen.ruleset_files import load_ruleset

CONTEST_TURNS = 200_000  # a contest still going after this many turns is left out


def _record_contest(t, et, sc, out, st, rng, level: int) -> list[tuple[int, float, float, int, int]]:
    """Plays one contest of the advisor against itself; returns (seat, shown game, shown contest,
    won the game, won the contest) for each decision with a choice, or [] if it did not finish."""
    k.init_contest(st, t, sc.ev)
    shown: list[tuple[int, int, float, float]] = []  # seat, game, chances
    game_winner: dict[int, int] = {}
    for _ in range(CONTEST_TURNS):
        if lay.phase(st) == k.PHASE_OVER:
            break
        phase, p, game = int(lay.phase(st)), int(lay.to_move(st)), int(lay.game(st))
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
        if lay.game(st) != game:  # the game was won (even if the loser then could not pay the next stake)
            game_winner[game] = int(lay.last_winner(st))
    if lay.phase(st) != k.PHASE_OVER:
        return []
    w = int(lay.winner(st))
    last = int(lay.game(st))
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


@dataclass(frozen=True)
class Recorded:
    """Self-play records and how many contests they hold: the first `contests` of the seed, all that were asked
    unless Ctrl-C stopped the run (`interrupted`)."""

    rows: np.ndarray
    contests: int
    asked: int

    @property
    def interrupted(self) -> bool:
        return self.contests < self.asked


def record(spec: str, contests: int, level: int, seed: int = 1, workers: int = 1,
           progress: Callable[[int, int], None] | None = None, model: int = MODEL_NOW) -> np.ndarray:
    """Returns the records (one row per decision; columns R_*) of `contests` self-play contests of the
    advisor (evaluation `model`, search `level`). Contest i is seeded from (seed, i) alone, so the records
    do not depend on the number of workers. Ctrl-C stops it with KeyboardInterrupt."""
    done = record_until_stopped(spec, contests, level, seed, workers, progress, model)
    if done.interrupted:
        raise KeyboardInterrupt
    return done.rows


def record_until_stopped(spec: str, contests: int, level: int, seed: int = 1, workers: int = 1,
                         progress: Callable[[int, int], None] | None = None, model: int = MODEL_NOW) -> Recorded:
    """Plays as `record` does; Ctrl-C stops it keeping the contests finished before the first unfinished one (so
    the records are the first contests of the seed, as a shorter run would have played them). Played in this
    process, each contest is a chunk of its own, so a stop loses at most the contest being played."""
    rs = load_ruleset(spec)
    if 2 not in rs.player_counts():
        raise OptionError(f"ruleset '{rs.name}' is not played by two; calibration plays the advisor against itself")
    if contests < 1:
        raise OptionError(f"the number of contests must be at least 1, not {contests}")
    size = 1 if workers <= 1 else max(1, min(20, contests // (workers * 4)))
    work = [(first, min(size, contests - first)) for first in range(0, contests, size)]
    parts, done = [], 0
    try:
        for (_, count), part in map_chunks(_run, work, workers, _setup, (spec, level, seed, model), ordered=True):
            parts.append(part)
            done += count
            if progress:
                progress(done, contests)
    except KeyboardInterrupt:  # Ctrl-C: the contests finished so far are kept, the first `done` of the seed
        if done == 0:
            raise
    return Recorded(np.vstack(parts) if parts else np.zeros((0, 6)), done, contests)
