"""`patolli lab bench-serve`: the table companion's answer times for cast, move and advice, and its memory."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from printgen.cli.advise_cmd import LevelOpt
from printgen.cli.errors import reports_errors
from printgen.cli.options import JsonOpt, PlayersOpt
from printgen.players.search.levels import DEFAULT_LEVEL

TARGETS: dict[str, float] = {"median": 0.100, "p95": 0.300, "memory_mb": 300.0}


@reports_errors
def bench_serve(
    rulesets: Annotated[list[str] | None, typer.Option("--ruleset", "-r", help="Ruleset to time (repeatable; "
                                                       "default: every built-in one).")] = None,
    players: PlayersOpt = None,
    turns: Annotated[int, typer.Option("--turns", min=5, max=2000, help="Timed turns per ruleset.")] = 60,
    level: LevelOpt = DEFAULT_LEVEL,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the games played.")] = 1,
    as_json: JsonOpt = False,
) -> None:
    """Time the table companion's answers and memory.

    Plays real games to mid-game on each ruleset (most pieces on the board; where play does not fill the
    board, pieces are placed on the fullest board it reached) and times the page's requests (cast, move,
    advice) through the web app in this process; reports median, 95th percentile and the memory in use.
    """
    from printgen.cli.engine_ready import prepare_engine
    from printgen.rulesets.load import BUILTIN
    from printgen.serve.bench import ACTIONS, measure, rss_mb, summary

    specs = rulesets or list(BUILTIN)
    prepare_engine("bench-serve")
    say = None if as_json else (lambda text: print(f"… {text}", file=sys.stderr))
    results = measure(specs, turns, level, seed, say, players)
    memory = rss_mb()
    rows: list[dict[str, Any]] = []
    for r in results:
        for action in ACTIONS:
            med, p95 = summary(r.seconds[action])
            rows.append({"ruleset": r.ruleset, "players": r.players, "action": action, "count": len(r.seconds[action]),
                         "median_ms": round(med * 1000, 1), "p95_ms": round(p95 * 1000, 1),
                         "board_fill": round(sum(r.fill) / max(1, len(r.fill)), 2),
                         "board_fill_min": round(min(r.fill, default=0.0), 2), "positions": r.positions})
    ok = all(x["median_ms"] <= TARGETS["median"] * 1000 and x["p95_ms"] <= TARGETS["p95"] * 1000 for x in rows)
    if as_json:
        print(json.dumps({"level": level, "rows": rows,
                          "memory_mb": round(memory, 1), "targets": TARGETS,
                          "within_targets": ok and memory <= TARGETS["memory_mb"]}))
        return
    print(f"answer times through the web app, advice at level {level} "
          f"(targets: median ≤ 100 ms, 95th percentile ≤ 300 ms):")
    print(f"  {'ruleset':<11} {'action':<7} {'turns':>5} {'median':>9} {'95th':>9}  board filled (least; how)")
    for x in rows:
        verdict = "" if x["median_ms"] <= 100 and x["p95_ms"] <= 300 else "  over"
        print(f"  {x['ruleset']:<11} {x['action']:<7} {x['count']:>5} {x['median_ms']:>6.1f} ms {x['p95_ms']:>6.1f} ms"
              f"  {x['board_fill']:.0%} ({x['board_fill_min']:.0%}; {x['positions']}){verdict}")
    print(f"memory in use (this process, app and engine): {memory:.0f} MB "
          f"({'ok' if memory <= TARGETS['memory_mb'] else 'over'}; target ≤ {TARGETS['memory_mb']:.0f} MB)")
