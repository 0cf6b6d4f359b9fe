"""Refits the advisor's evaluation weights and contest-equity tables for the built-in rulesets, seeded.

    python scripts/calibrate_evaluation.py [--games N] [--workers W] [--only gatigo/2 ...] [--no-equity]

Writes printgen/players/data/evaluation.json (weights, checked by `calibration.fit_problems`: nothing is
written if any fit fails its checks) and printgen/players/data/equity.json (the two-player tables of the
rulesets that bet items). The same command and seed give the same files; rerun it whenever the rules
of a built-in ruleset change.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from printgen.files import write_atomic
from printgen.players.evaluation import equity
from printgen.players.lab.refit import equity_entry, write_weights
from printgen.players.roster.fit import FULL_GAMES, SEED
from printgen.ruleset_files import load_ruleset

SPECS = [("gatigo", 2), ("gatigo", 3), ("gatigo", 4), ("bell", 2), ("bell", 3), ("bell", 4),
         ("bell+partnerships", 4), ("neeley", 2), ("ocastudios", 2), ("ocastudios+empty_start", 2),
         ("bell+no_gambling", 2), ("bell+no_gambling", 3), ("bell+no_gambling", 4),
         ("bell+no_gambling_backwards", 2), ("bell+no_gambling_backwards", 3), ("bell+no_gambling_backwards", 4),
         ("bell+partnerships+no_gambling", 4), ("bell+partnerships+no_gambling_backwards", 4)]
DATA = Path(__file__).resolve().parent.parent / "printgen" / "players" / "data"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=FULL_GAMES, help="games per fitting round")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--workers", type=int, default=1, help="processes (results do not depend on it)")
    ap.add_argument("--only", nargs="*", default=None, help="keys to refit (ruleset/players); the rest are kept")
    ap.add_argument("--no-equity", action="store_true", help="leave the contest-equity tables as they are")
    args = ap.parse_args()
    specs = [(s, n) for s, n in SPECS if args.only is None or f"{s}/{n}" in args.only]
    start = time.perf_counter()
    data, problems = write_weights(DATA / "evaluation.json", specs, args.games, args.seed, args.workers)
    for key, entry in data.items():
        if any(key == f"{s}/{n}" for s, n in specs):
            print(f"{key}: {entry['samples']} samples, log loss {entry['log_loss']}, items R² {entry['items_r2']}, "
                  f"pips {entry['w_game'][0]:+.3f}")
    for key, found in problems.items():
        print(f"error: {key}: " + "; ".join(found), file=sys.stderr)
    if problems:
        print("nothing written: the fits above fail their checks", file=sys.stderr)
        return 1
    print(f"wrote {DATA / 'evaluation.json'} in {time.perf_counter() - start:.1f} s")
    if args.no_equity:
        return 0
    path = DATA / "equity.json"
    tables = json.loads(path.read_text("utf-8")) if path.is_file() else {}
    for spec, players in specs:
        rs = load_ruleset(spec)
        if equity.has_equity(rs, players):
            tables[f"{rs.spec}/{players}"] = entry = equity_entry(rs)
            print(f"{rs.spec}/{players}: equity from {entry['games']} games, at most {entry['max_from_share']} "
                  f"from the share of items")
    write_atomic(path, json.dumps(tables, indent=1) + "\n")
    print(f"wrote {path} in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
