"""Fits the maps that make the advisor's shown chances honest (printgen/players/data/reliability.json).

    python scripts/fit_reliability.py [--contests N] [--level L] [--seed S] [--workers W] [--only gatigo ...]

For each built-in ruleset played by two: self-play records of N contests (seed S) at level L, an isotonic
map per quantity (win the game, win the contest), stored with the ECE of those records before and after.
Measure a map on other contests with `patolli calibration --seed OTHER`. Seeded: the same command gives
the same file. Rerun after refitting the evaluation (scripts/calibrate_evaluation.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from printgen.files import write_atomic
from printgen.players.levels import DEFAULT_LEVEL
from printgen.players.reliability import (
    QUANTITIES,
    R_CONTEST_SHOWN,
    R_GAME,
    R_WON_CONTEST,
    R_WON_GAME,
    apply_map,
    fit_map,
    record,
    reliability,
)

RULESETS = ("gatigo", "bell", "neeley", "ocastudios", "ocastudios+empty_start", "bell+no_gambling",
            "bell+no_gambling_backwards")
PATH = Path(__file__).resolve().parent.parent / "printgen" / "players" / "data" / "reliability.json"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--contests", type=int, default=200)
    ap.add_argument("--level", type=int, default=DEFAULT_LEVEL)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--only", nargs="*", default=None)
    args = ap.parse_args()
    data = json.loads(PATH.read_text("utf-8")) if PATH.is_file() else {}
    for spec in RULESETS:
        if args.only is not None and spec not in args.only:
            continue
        start = time.perf_counter()
        rows = record(spec, args.contests, args.level, args.seed, args.workers)
        entry: dict[str, object] = {"contests": args.contests, "level": args.level, "seed": args.seed,
                                    "decisions": len(rows)}
        for quantity, s_col, w_col in zip(QUANTITIES, (R_GAME, R_CONTEST_SHOWN), (R_WON_GAME, R_WON_CONTEST),
                                          strict=True):
            xs, ys = fit_map(rows[:, s_col], rows[:, w_col])
            before = reliability(rows[:, s_col], rows[:, w_col])[1]
            after = reliability(apply_map((xs, ys), rows[:, s_col]), rows[:, w_col])[1]
            entry[quantity] = {"x": xs, "y": ys, "ece_before": round(before, 4), "ece_after_on_fit": round(after, 4)}
            print(f"{spec}/2 {quantity}: {len(rows)} decisions, ECE {before:.4f} → {after:.4f} (on the fitting "
                  f"records), {time.perf_counter() - start:.0f} s", flush=True)
        data[f"{spec}/2"] = entry
        write_atomic(PATH, json.dumps(data, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
