"""`patolli lab bench-startup`: the one-time compile, and how fast everyday commands start once it is done."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from printgen.cli.errors import reports_errors
from printgen.cli.options import JsonOpt


@reports_errors
def bench_startup(
    runs: Annotated[int, typer.Option("--runs", min=1, max=50, help="Timed runs of each command.")] = 5,
    cold: Annotated[bool, typer.Option("--cold/--no-cold", help="Also time compiling into an empty cache.")] = True,
    as_json: JsonOpt = False,
) -> None:
    """Time the one-time compile and warm start-ups.

    Times compiling what play and advise need, and warm runs of --help, cast and advise.
    """
    from printgen.cli.startup_bench import measure

    result = measure(runs, cold, None if as_json else lambda text: print(f"… {text}", file=sys.stderr))
    if as_json:
        print(json.dumps({
            "cold_compile_seconds": {k: round(v, 2) for k, v in result.cold.items()},
            "warm": [{"command": t.name, "argv": list(t.argv), "median": round(t.median, 3), "best": round(t.best, 3),
                      "runs": [round(x, 3) for x in t.runs], "target": t.target} for t in result.warm],
        }))
        return
    if result.cold:
        total = sum(result.cold.values())
        print(f"one-time compile of what play and advise need: {total:.1f} s")
        for key, seconds in result.cold.items():
            print(f"  {key:<10} {seconds:6.1f} s")
    print(f"warm process times, {runs} runs each (median, best):")
    for t in result.warm:
        verdict = "" if t.target is None else ("  ok" if t.median <= t.target else "  over") + f" (target {t.target} s)"
        print(f"  {t.name:<42} {t.median:6.2f} s  {t.best:6.2f} s{verdict}")
