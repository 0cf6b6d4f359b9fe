"""`patolli lab bench-players`: the advisor's decision time per level on mid-game positions, and contests per second."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, JsonOpt, RulesetOpt
from printgen.players.search.levels import DEFAULT_LEVEL, MAX_LEVEL, STRENGTHS

if TYPE_CHECKING:
    from printgen.players.lab.benchmark import Latency, Sample, Throughput

PAIRINGS = [("gatigo:S3T1", "gatigo:S1T1"), ("advisor:0", "gatigo:S3T1"), ("advisor:1", "gatigo:S3T1"),
            ("advisor:2", "gatigo:S3T1")]


@reports_errors
def bench_players(
    ruleset: RulesetOpt = DEFAULT_RULESET,
    every: Annotated[bool, typer.Option("--every-ruleset", help="Time every built-in ruleset instead of --ruleset.")] \
        = False,
    max_level: Annotated[int, typer.Option("--max-level", min=0, max=MAX_LEVEL, help="Deepest level to time.")] = 4,
    positions: Annotated[int, typer.Option("--positions", min=1, max=1000, help="Sample positions per ruleset.")] = 30,
    before: Annotated[bool, typer.Option("--before/--no-before", help="Also time the plain search of 2026 "
                                         "(advisor-search-2026) on the same positions.")] = False,
    strengths: Annotated[bool, typer.Option("--strengths/--no-strengths", help="Also time the named strengths "
                                            f"({', '.join(STRENGTHS)}) on the same positions.")] = False,
    seconds: Annotated[float, typer.Option("--seconds", min=0, max=600, help="Time per pairing for contests "
                                           "per second (0: skip them).")] = 2.0,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the games the positions come from.")] = 1,
    as_json: JsonOpt = False,
) -> None:
    """Time the advisor's decisions on mid-game positions.

    Each level is timed on positions from seeded games of the advisor against itself: decisions with a real choice
    and 8 to 10 pieces on the board (both seats counted). With --strengths the named strengths a person plays
    against are timed too. Contests to bankruptcy per second are counted on one core.
    """
    from printgen.players.lab.benchmark import PIECES, SAMPLER, contest_throughput, decision_latency, sample_positions
    from printgen.rulesets import BUILTIN

    prepare_engine("bench-players")
    names = list(BUILTIN) if every else [ruleset]
    report = []
    for name in names:
        sample = sample_positions(name, positions, seed)
        players = [f"advisor:{lv}" for lv in range(max_level + 1)]
        if before:
            players += [f"advisor-search-2026:{lv}" for lv in range(max_level + 1)]
        if strengths:
            players += list(STRENGTHS)
        latency = decision_latency(sample, players)
        speed = contest_throughput(name, PAIRINGS, seconds) if seconds > 0 else []
        report.append((sample, latency, speed))
        if not as_json:
            _print(sample, latency, speed)
    if as_json:
        print(json.dumps({"sampler": SAMPLER, "pieces": list(PIECES), "default_level": DEFAULT_LEVEL, "rulesets": [{
            "ruleset": s.ruleset, "positions": len(s.positions), "pieces_on_board": [s.fewest, s.most],
            "decision_ms": [{"player": x.name, "level": x.level, "positions": x.positions, "mean": round(x.mean_ms, 3),
                             "median": round(x.median_ms, 3), "p90": round(x.p90_ms, 3), "max": round(x.max_ms, 3)}
                            for x in lat],
            "contests_per_second": [{"a": c.a, "b": c.b, "matches": c.matches, "seconds": round(c.seconds, 3),
                                     "per_second": round(c.per_second, 2)} for c in speed],
        } for s, lat, speed in report]}))


def _print(sample: Sample, latency: list[Latency], speed: list[Throughput]) -> None:
    """Prints one ruleset's figures."""
    from printgen.players.lab.benchmark import SAMPLER

    print(f"{sample.ruleset}: time per decision on {len(sample.positions)} positions from {SAMPLER} self-play, "
          f"{sample.fewest}–{sample.most} pieces on the board, warm:")
    for x in latency:
        mark = "  (default)" if x.name == f"advisor:{DEFAULT_LEVEL}" else ""
        print(f"  {x.name:<22} median {x.median_ms:9.2f} ms   p90 {x.p90_ms:9.2f} ms   mean {x.mean_ms:9.2f} ms   "
              f"max {x.max_ms:9.2f} ms{mark}")
    if speed:
        print("  contests to bankruptcy per second, one core:")
    for s in speed:
        print(f"  {s.a:>12} vs {s.b:<12} {s.per_second:10.1f} /s  ({s.matches} contests in {s.seconds:.1f} s)")
