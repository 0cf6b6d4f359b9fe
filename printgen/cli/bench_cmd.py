"""`patolli lab bench`: how fast the rules engine plays complete games."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, JsonOpt, PlayersOpt, RulesetOpt, SeedOpt


@reports_errors
def bench(
    ruleset: RulesetOpt = DEFAULT_RULESET,
    seconds: Annotated[float, typer.Option("--seconds", "-s", help="How long to measure.", min=0.1, max=600)] = 3.0,
    players: PlayersOpt = None,
    seed: SeedOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Measure random-policy games per second on one core."""
    from printgen.engine.simulate import bench as run_bench
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset(ruleset)
    prepare_engine("bench")
    result = run_bench(rs, players or rs.players.min_players, seconds, 1 if seed is None else seed)
    if as_json:
        print(json.dumps({
            "ruleset": result.ruleset, "players": result.players, "games": result.games, "turns": result.turns,
            "seconds": round(result.seconds, 3), "games_per_second": round(result.games_per_second, 1),
            "turns_per_second": round(result.turns_per_second, 1),
            "warmup_seconds": round(result.warmup_seconds, 3),
        }))
        return
    print(f"{result.ruleset}, {result.players} players, random moves, one core:")
    print(f"  {result.games_per_second:,.0f} games/s  ({result.games:,} games, {result.turns:,} turns "
          f"in {result.seconds:.2f} s; {result.turns_per_second:,.0f} turns/s)")
    print(f"  kernel warm-up {result.warmup_seconds:.2f} s (compile or load from cache), not counted")
