"""The WebAssembly engine against numba's, side by side in one run on one machine.

    python -m printgen.web.bench [--seconds 3] [--rounds 3] [--positions 100] [--ruleset bell ...]

For each built-in ruleset (two players): random-policy games per second, numba's kernel (`simulate.bench`)
and the WebAssembly one under Node (`js/bench.mjs`), rounds interleaved so both see the same machine; and the
advisor's level-3 decision time on the positions `patolli lab bench-players` uses (`lab.benchmark.sample_positions`:
seeded advisor games, 8-10 pieces on the board), Python's `advise` against the ES module's `Contest.advise`.
Prints a Markdown table: medians over the rounds, and the ratios the issue asks for (WebAssembly games/s at
least half numba's; its level-3 median at most twice numba's).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from printgen.engine.simulate import bench
from printgen.players.analysis.advisor import advise
from printgen.players.lab.benchmark import sample_positions
from printgen.rulesets import BUILTIN, load_builtin
from printgen.web.export import ruleset_data

RUNNER = Path(__file__).resolve().parent / "js" / "bench.mjs"
LEVEL = 3


def _node(job: dict[str, Any], folder: Path) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("error: node is not installed (Debian package nodejs)")
    path = folder / "job.json"
    path.write_text(json.dumps(job))
    done = subprocess.run([node, str(RUNNER), str(path)], capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"error: the Node benchmark failed: {done.stderr.strip()[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def measure(name: str, seconds: float, rounds: int, positions: int, folder: Path) -> dict[str, Any]:
    """Returns one ruleset's figures: games/s of both targets per round, and level-3 decision times."""
    r = load_builtin(name)
    data = folder / f"{name}.json"
    data.write_text(json.dumps(ruleset_data(r, 2)))
    numba_gps, wasm_gps = [], []
    for i in range(rounds):
        res = bench(r, 2, seconds=seconds, seed=1 + i)
        numba_gps.append(res.games_per_second)
        got = _node({"games": [{"data": str(data), "seconds": seconds, "seed": 1 + i}]}, folder)["games"][0]
        wasm_gps.append(got["games"] / got["seconds"])
    sample = sample_positions(name, positions, 1)
    advise(*sample.positions[0], level=LEVEL)  # warm
    numba_ms = []
    for pos, marks in sample.positions:
        start = time.perf_counter()
        advise(pos, marks, LEVEL)
        numba_ms.append((time.perf_counter() - start) * 1000)
    job = {"advice": [{"data": str(data), "level": LEVEL,
                       "positions": [[list(pos.state), marks] for pos, marks in sample.positions]}]}
    wasm_ms = _node(job, folder)["advice"][0]["ms"]
    return {"ruleset": name, "numba_gps": numba_gps, "wasm_gps": wasm_gps, "numba_ms": numba_ms, "wasm_ms": wasm_ms}


def table(rows: list[dict[str, Any]]) -> str:
    """Returns the figures as a Markdown table."""
    lines = ["| ruleset | numba games/s | wasm games/s | wasm / numba | numba L3 median ms | wasm L3 median ms | "
             "wasm / numba |", "|---|---|---|---|---|---|---|"]
    for row in rows:
        ng, wg = statistics.median(row["numba_gps"]), statistics.median(row["wasm_gps"])
        nm, wm = statistics.median(row["numba_ms"]), statistics.median(row["wasm_ms"])
        lines.append(f"| {row['ruleset']} | {ng:,.0f} | {wg:,.0f} | {wg / ng:.2f} | {nm:.1f} | {wm:.1f} | "
                     f"{wm / nm:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m printgen.web.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds of random games per round and target")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds of games per ruleset")
    parser.add_argument("--positions", type=int, default=100, help="mid-game positions advised at level 3")
    parser.add_argument("--ruleset", action="append", choices=list(BUILTIN), help="built-in rulesets (default: all)")
    parser.add_argument("--json", type=Path, help="also write the raw figures to this file")
    ns = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        rows = [measure(name, ns.seconds, ns.rounds, ns.positions, Path(tmp)) for name in ns.ruleset or BUILTIN]
    print(table(rows))
    if ns.json:
        ns.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
