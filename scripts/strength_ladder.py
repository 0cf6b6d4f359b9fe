"""Measures the named strengths: each against the next in the arena (win rate, 95% interval), and each one's
error rate as the review sees it. Prints a Markdown table for docs/measurements.md and saves the figures as JSON.

Usage: python scripts/strength_ladder.py [RULESET] [MATCHES] [REVIEWED] [OUT.json] [SEED]
  MATCHES contests per pair of neighbours (seats alternated, seed SEED, default 2026), one number or one per pair,
  weakest first (default 100,100,40,16; 0: none); REVIEWED contests per strength
  played against `expert` and reviewed at the review's default level (at most 400 turns each).
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

import numpy as np

from printgen.engine.beans import Beans
from printgen.engine.position import Phase, Position
from printgen.engine.record import Record
from printgen.files import write_atomic
from printgen.players.analysis.review import REVIEW_LEVEL, review
from printgen.players.lab.arena import arena
from printgen.players.roster.registry import player, seeded_rng
from printgen.players.search.levels import STRENGTHS
from printgen.ruleset_files import load_ruleset

TURNS = 400
SEED = 2026


def recorded_contest(ruleset: str, seat_names: list[str], seed: int) -> Record:
    """Plays one seeded contest (at most TURNS turns) and returns its record."""
    rs = load_ruleset(ruleset)
    rec = Record(Position.new(rs, 2))
    casts, rng = random.Random(seed), seeded_rng(seed)
    players, beans = [player(n) for n in seat_names], Beans(rs.beans)
    while rec.final().phase is not Phase.OVER and len(rec.turns) < TURNS:
        pos = rec.final()
        marks = beans.cast(casts).marks if pos.needs_cast else None
        rec.append(marks, players[pos.to_move].choose(pos, marks or 0, rng))
    return rec


def error_rate(ruleset: str, name: str, contests: int) -> dict[str, object]:
    """Returns a strength's review error rate (points per graded decision) with a bootstrap 95% interval."""
    losses, counts = [], []
    for i in range(contests):
        seats = [name, "expert"] if i % 2 == 0 else ["expert", name]
        rv = review(recorded_contest(ruleset, seats, SEED + i), REVIEW_LEVEL, explain=False)
        p = rv.players[0 if i % 2 == 0 else 1]
        losses.append(p.error_rate * p.decisions)
        counts.append(p.decisions)
    L, n = np.array(losses), np.array(counts)
    rate = float(L.sum() / max(n.sum(), 1))
    boot = np.random.default_rng(SEED)
    draws = [L[idx].sum() / max(n[idx].sum(), 1) for idx in (boot.integers(0, contests, contests) for _ in range(2000))]
    lo, hi = (float(x) for x in np.percentile(draws, [2.5, 97.5]))
    return {"strength": name, "contests": contests, "decisions": int(n.sum()), "error_rate": round(100 * rate, 3),
            "ci95": [round(100 * lo, 3), round(100 * hi, 3)]}


if __name__ == "__main__":
    ruleset = sys.argv[1] if len(sys.argv) > 1 else "bell"
    counts = [int(x) for x in (sys.argv[2] if len(sys.argv) > 2 else "100,100,40,16").split(",")]
    reviewed = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    out = Path(sys.argv[4]) if len(sys.argv) > 4 else Path(f"output/ladder-{ruleset}.json")
    seed = int(sys.argv[5]) if len(sys.argv) > 5 else SEED
    names = list(STRENGTHS)
    start = time.perf_counter()
    ladder = []
    for i, (weak, strong) in enumerate(zip(names, names[1:], strict=False) if counts != [0] else ()):
        matches = counts[min(i, len(counts) - 1)]
        r = arena(ruleset, strong, weak, matches, seed=seed, workers=2)
        lo, hi = r.result.ci95
        ladder.append({"stronger": strong, "weaker": weak, "matches": r.result.matches, "wins": r.result.wins_a,
                       "losses": r.result.wins_b, "draws": r.result.draws, "win_rate": round(r.result.win_rate, 4),
                       "ci95": [round(lo, 4), round(hi, 4)], "seconds": round(r.seconds, 1)})
        print(f"{strong} vs {weak}: {r.result.wins_a}-{r.result.wins_b} win rate {r.result.win_rate:.3f} "
              f"[{lo:.3f}, {hi:.3f}]  {r.seconds:.0f} s", flush=True)
    errors = []
    for name in names:
        e = error_rate(ruleset, name, reviewed)
        errors.append(e)
        print(f"{name}: error rate {e['error_rate']} points per decision {e['ci95']} over {e['decisions']} "
              f"decisions in {reviewed} contests", flush=True)
    total = time.perf_counter() - start
    write_atomic(out, json.dumps({"ruleset": ruleset, "matches": counts, "reviewed": reviewed, "seed": seed,
                                  "review_level": REVIEW_LEVEL, "seconds": round(total, 1), "ladder": ladder,
                                  "errors": errors}, indent=1) + "\n")
    print("\n| strength | level, noise | error rate (points per decision) [95%] | against the next stronger |")
    print("|---|---|---|---|")
    for i, name in enumerate(names):
        s, e = STRENGTHS[name], errors[i]
        vs = ladder[i] if i < len(ladder) else None  # none measured with MATCHES 0
        against = (f"{vs['losses']}–{vs['wins']} of {vs['matches']}: {1 - vs['win_rate']:.3f} "
                   f"[{1 - vs['ci95'][1]:.3f}, {1 - vs['ci95'][0]:.3f}]" if vs else "—")
        print(f"| `{name}` | {s.level}, {s.noise / 100:g} pts | {e['error_rate']} [{e['ci95'][0]}, {e['ci95'][1]}] "
              f"| {against} |")
    print(f"\nwrote {out} in {total:.0f} s")
