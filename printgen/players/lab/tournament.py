"""The GATIGO paper's experiment: every S–T player against every other, N matches each, with its measurements.

Per pairing and side it records the paper's variables: matches won, games won, bounce-backs
(tokens sent back to the hand), toll landings, extra turns, moves and the average number of
tokens on the board; it writes them as CSV and JSON tables, and `TournamentResult.figures` gives each
variable's player-against-opponent table, which the command line draws as heatmaps (`render/heatmap.py`).
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printgen.errors import OptionError, OverwriteError
from printgen.files import write_atomic
from printgen.players.lab.arena import PairResult, Progress, default_workers, play_pairings
from printgen.players.lab.pool import ray_workers
from printgen.players.roster.registry import GATIGO_NAMES, player

# (key, figure title, per match?, diverging scale centred at)
VARIABLES: tuple[tuple[str, str, bool, float | None], ...] = (
    ("win_rate", "Share of matches won", False, 0.5),
    ("games_won", "Games won per match", True, None),
    ("bounce_backs", "Bounce-backs suffered per match", True, None),
    ("toll_landings", "Toll landings per match", True, None),
    ("extra_turns", "Extra turns per match", True, None),
    ("moves", "Moves per match", True, None),
    ("avg_tokens_on_board", "Average tokens on the board", False, None),
)

Figure = tuple[str, str, list[list[float | None]], int, float | None]  # stem, title, table, decimals, centre


@dataclass(frozen=True)
class TournamentResult:
    """Every pairing's results and how the run was made."""

    ruleset: str
    players: list[str]
    matches: int
    seed: int
    workers: int
    seconds: float
    pairs: list[PairResult]

    @property
    def matches_per_second(self) -> float:
        """Returns contests played per second of wall time."""
        return len(self.pairs) * self.matches / self.seconds if self.seconds else 0.0

    def rows(self) -> list[dict[str, Any]]:
        """Returns one row per player and opponent (each pairing seen from both sides)."""
        out = []
        for pr in self.pairs:
            for side, (me, other) in enumerate(((pr.a, pr.b), (pr.b, pr.a))):
                wins = pr.wins_a if side == 0 else pr.wins_b
                share = (wins + 0.5 * pr.draws) / pr.matches
                lo, hi = pr.ci95 if side == 0 else (1 - pr.ci95[1], 1 - pr.ci95[0])
                m = pr.measures(side)
                out.append({
                    "player": me, "opponent": other, "matches": pr.matches, "matches_won": wins,
                    "win_rate": round(share, 6), "ci95_low": round(lo, 6), "ci95_high": round(hi, 6),
                    "draws": pr.draws, "games_won": m["games_won"], "bounce_backs": m["bounce_backs"],
                    "toll_landings": m["toll_landings"], "extra_turns": m["extra_turns"], "moves": m["moves"],
                    "turns": m["turns"], "avg_tokens_on_board": round(m["avg_tokens_on_board"], 6),
                })
        return out

    def totals(self) -> list[dict[str, Any]]:
        """Returns one row per player, summed over all its opponents."""
        out = []
        rows = self.rows()
        for name in self.players:
            mine = [r for r in rows if r["player"] == name]
            n = sum(r["matches"] for r in mine)
            row: dict[str, Any] = {"player": name, "matches": n, "matches_won": sum(r["matches_won"] for r in mine)}
            row["win_rate"] = round(row["matches_won"] / n, 6) if n else 0.0
            for key in ("games_won", "bounce_backs", "toll_landings", "extra_turns", "moves", "turns"):
                row[key] = sum(r[key] for r in mine)
            row["avg_tokens_on_board"] = round(sum(r["avg_tokens_on_board"] for r in mine) / len(mine), 6) \
                if mine else 0.0
            out.append(row)
        return sorted(out, key=lambda r: -r["win_rate"])

    def matrix(self, key: str, per_match: bool) -> list[list[float | None]]:
        """Returns the row player's value against each column player (None on the diagonal)."""
        index = {(r["player"], r["opponent"]): r for r in self.rows()}
        grid: list[list[float | None]] = []
        for me in self.players:
            line: list[float | None] = []
            for other in self.players:
                r = index.get((me, other))
                line.append(None if r is None else float(r[key]) / (r["matches"] if per_match else 1))
            grid.append(line)
        return grid

    def figures(self) -> list[Figure]:
        """Returns every variable's table for a heatmap: (file stem, title, table, decimals, centre of a diverging
        scale or None)."""
        return [(f"heatmap-{key.replace('_', '-')}", title, self.matrix(key, per_match),
                 2 if key in ("win_rate", "avg_tokens_on_board", "games_won") else 1, centre)
                for key, title, per_match, centre in VARIABLES]


def pairings_of(players: list[str]) -> list[tuple[str, str]]:
    """Returns every unordered pair of distinct players."""
    return list(itertools.combinations(players, 2))


def run_tournament(ruleset: str = "gatigo", matches: int = 5000, seed: int = 1, workers: int | None = None,
                   progress: Progress | None = None, players: tuple[str, ...] = GATIGO_NAMES,
                   ray: str | None = None) -> TournamentResult:
    """Plays every pair of players `matches` contests each (seats alternated) and returns the results.

    With `ray` (auto or an address) the matches run on Ray's workers (one per CPU unless `workers`), with
    the same results."""
    names = [player(p).name for p in players]
    if len(set(names)) < 2:
        raise OptionError("a tournament needs at least two different players")
    workers = workers or (ray_workers(ray) if ray is not None else default_workers())
    start = time.perf_counter()
    pairs = play_pairings(ruleset, pairings_of(names), matches, seed, workers, progress, ray=ray)
    if any(pair.interrupted for pair in pairs):
        raise KeyboardInterrupt  # a table of pairings played unequally is not the paper's experiment: nothing written
    return TournamentResult(ruleset, names, matches, seed, workers, time.perf_counter() - start, pairs)


def _csv(rows: list[dict[str, Any]]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()


def write_tournament(result: TournamentResult, out_dir: Path, force: bool = False) -> list[Path]:
    """Writes the tables (CSV, JSON) into out_dir; returns the files written (`figures` gives the heatmaps' data)."""
    out_dir = Path(out_dir)
    if out_dir.exists() and any(out_dir.iterdir()) and not force:
        raise OverwriteError(f"{out_dir} is not empty")
    written = []
    rows, totals = result.rows(), result.totals()
    for name, text in (("pairings.csv", _csv(rows)), ("players.csv", _csv(totals))):
        write_atomic(out_dir / name, text)
        written.append(out_dir / name)
    summary = {
        "ruleset": result.ruleset, "players": result.players, "matches_per_pairing": result.matches,
        "pairings": len(result.pairs), "seed": result.seed, "workers": result.workers,
        "seconds": round(result.seconds, 2), "matches_per_second": round(result.matches_per_second, 2),
        "players_table": totals, "pairings_table": rows,
    }
    write_atomic(out_dir / "tournament.json", json.dumps(summary, indent=1) + "\n")
    written.append(out_dir / "tournament.json")
    return written
