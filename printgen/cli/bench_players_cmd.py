"""`patolli bench-players`: the advisor's latency at each level and contests per second on one core."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, JsonOpt, RulesetOpt
from printgen.players.levels import MAX_LEVEL

PAIRINGS = [("gatigo:S3T1", "gatigo:S1T1"), ("advisor:0", "gatigo:S3T1"), ("advisor:1", "gatigo:S3T1"),
            ("advisor:2", "gatigo:S3T1")]


@reports_errors
def bench_players(
    ruleset: RulesetOpt = DEFAULT_RULESET,
    max_level: Annotated[int, typer.Option("--max-level", min=0, max=MAX_LEVEL, help="Deepest level to time.")] = 4,
    positions: Annotated[int, typer.Option("--positions", min=1, max=1000, help="Sample positions per level.")] = 30,
    seconds: Annotated[float, typer.Option("--seconds", min=0.1, max=600, help="Time per pairing for contests "
                                           "per second.")] = 2.0,
    as_json: JsonOpt = False,
) -> None:
    """Time the advisor per level, and contests per second.

    The advisor is timed at each level on sample positions; contests to bankruptcy are counted on one core.
    """
    from printgen.players.benchmark import advisor_latency, contest_throughput

    prepare_engine("bench-players")
    latency = advisor_latency(ruleset, list(range(max_level + 1)), positions)
    speed = contest_throughput(ruleset, PAIRINGS, seconds)
    if as_json:
        print(json.dumps({
            "ruleset": ruleset,
            "advisor_latency_ms": [{"level": x.level, "positions": x.positions, "mean": round(x.mean_ms, 3),
                                    "median": round(x.median_ms, 3), "max": round(x.max_ms, 3)} for x in latency],
            "contests_per_second": [{"a": s.a, "b": s.b, "matches": s.matches, "seconds": round(s.seconds, 3),
                                     "per_second": round(s.per_second, 2)} for s in speed],
        }))
        return
    print(f"advisor latency under {ruleset} ({positions} positions with a choice, warm):")
    for x in latency:
        print(f"  level {x.level}: mean {x.mean_ms:8.2f} ms   median {x.median_ms:8.2f} ms   max {x.max_ms:8.2f} ms")
    print("contests to bankruptcy per second, one core:")
    for s in speed:
        print(f"  {s.a:>12} vs {s.b:<12} {s.per_second:10.1f} /s  ({s.matches} contests in {s.seconds:.1f} s)")
