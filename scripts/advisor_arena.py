"""Plays the advisor against each GATIGO player and `random` in the arena; prints and saves the results as JSON.

Usage: python scripts/advisor_arena.py [LEVEL] [MATCHES] [OUT.json]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from printgen.files import write_atomic
from printgen.players.lab.arena import arena
from printgen.players.roster.registry import GATIGO_NAMES

if __name__ == "__main__":
    level = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    matches = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    out = Path(sys.argv[3]) if len(sys.argv) > 3 else Path(f"output/arena-advisor{level}.json")
    rows = []
    start = time.perf_counter()
    for opponent in (*GATIGO_NAMES, "random"):
        r = arena("gatigo", f"advisor:{level}", opponent, matches, seed=2026)
        lo, hi = r.result.ci95
        rows.append({"a": r.a.name, "b": opponent, "matches": r.result.matches, "wins": r.result.wins_a,
                     "losses": r.result.wins_b, "draws": r.result.draws, "win_rate": round(r.result.win_rate, 4),
                     "ci95": [round(lo, 4), round(hi, 4)], "seconds": round(r.seconds, 1),
                     "a_measures": r.result.measures(0), "b_measures": r.result.measures(1)})
        print(f"advisor:{level} vs {opponent:12} {r.result.wins_a:5}-{r.result.wins_b:<5} "
              f"win rate {r.result.win_rate:.4f} [{lo:.4f}, {hi:.4f}]  {r.seconds:.1f} s", flush=True)
    total = time.perf_counter() - start
    write_atomic(out, json.dumps({"ruleset": "gatigo", "level": level, "matches": matches, "seed": 2026,
                                  "seconds": round(total, 1), "results": rows}, indent=1) + "\n")
    print(f"wrote {out} in {total:.0f} s")
