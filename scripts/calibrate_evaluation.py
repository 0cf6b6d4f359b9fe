"""Refits the advisor's evaluation weights for the built-in rulesets (printgen/players/data/evaluation.json)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from printgen.players.calibration import FULL_GAMES
from printgen.players.weights import write_weights

SPECS = [("gatigo", 2), ("gatigo", 3), ("gatigo", 4), ("bell", 2), ("bell", 3), ("bell", 4),
         ("bell+partnerships", 4), ("neeley", 2), ("ocastudios", 2), ("ocastudios+empty_start", 2),
         ("bell+no_gambling", 2), ("bell+no_gambling", 3), ("bell+no_gambling", 4),
         ("bell+no_gambling_backwards", 2), ("bell+no_gambling_backwards", 3), ("bell+no_gambling_backwards", 4),
         ("bell+partnerships+no_gambling", 4), ("bell+partnerships+no_gambling_backwards", 4)]

if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else FULL_GAMES
    start = time.perf_counter()
    path = Path(__file__).resolve().parent.parent / "printgen" / "players" / "data" / "evaluation.json"
    data = write_weights(path, SPECS, games)
    for key, entry in data.items():
        print(f"{key}: {entry['samples']} samples, log loss {entry['log_loss']}, items R² {entry['items_r2']}")
    print(f"wrote {path} in {time.perf_counter() - start:.1f} s")
