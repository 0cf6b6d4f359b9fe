"""`patolli arena`: two computer players, many contests, seats alternated; the win rate with its 95% interval."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, JsonOpt, RulesetOpt

WorkersOpt = Annotated[int | None, typer.Option("--workers", "-w", min=1, help="Processes to run (default: every "
                                                "core). Results do not depend on it.")]
PlayerArg = Annotated[str, typer.Argument(help="A player: random, gatigo:S0T0 … gatigo:S3T2, advisor or "
                                          "advisor:LEVEL.")]


@contextmanager
def progress_bar(label: str) -> Iterator[Callable[[int, int], None] | None]:
    """Yields a progress callback drawing a bar on stderr, or None when stderr is not a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  transient=True, console=None) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


@reports_errors
def arena(
    a: PlayerArg,
    b: PlayerArg,
    ruleset: RulesetOpt = DEFAULT_RULESET,
    matches: Annotated[int, typer.Option("--matches", "-n", min=1, help="Contests to play.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Base seed: the same seed gives the same results.")] = 1,
    workers: WorkersOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play A against B: A's win rate with a 95% interval.

    Plays many contests to bankruptcy, seats alternated.
    """
    from printgen.players.arena import arena as run_arena
    from printgen.players.registry import player
    from printgen.rulesets import load_ruleset

    load_ruleset(ruleset), player(a), player(b)  # bad names are said before the engine is prepared
    prepare_engine("arena")
    with progress_bar("matches") as progress:
        r = run_arena(ruleset, a, b, matches, seed, workers, progress)
    res = r.result
    lo, hi = res.ci95
    if as_json:
        print(json.dumps({
            "ruleset": r.ruleset, "a": r.a.name, "b": r.b.name, "matches": res.matches, "wins_a": res.wins_a,
            "wins_b": res.wins_b, "draws": res.draws, "win_rate": round(res.win_rate, 6),
            "ci95": [round(lo, 6), round(hi, 6)], "seed": seed, "seconds": round(r.seconds, 3),
            "matches_per_second": round(r.matches_per_second, 2),
            "measures": {"a": res.measures(0), "b": res.measures(1)},
        }))
        return
    print(f"{r.a.name} against {r.b.name} under {r.ruleset}: {res.matches} contests, seats alternated")
    print(f"  {r.a.name} won {res.wins_a}, {r.b.name} won {res.wins_b}" + (f", {res.draws} unfinished" if res.draws
                                                                          else ""))
    print(f"  win rate of {r.a.name}: {res.win_rate:.4f}  (95% interval {lo:.4f} to {hi:.4f})")
    ma, mb = res.measures(0), res.measures(1)
    per = res.matches
    print(f"  per contest, {r.a.name} / {r.b.name}: games won {ma['games_won'] / per:.2f} / {mb['games_won'] / per:.2f}"
          f", bounce-backs {ma['bounce_backs'] / per:.2f} / {mb['bounce_backs'] / per:.2f}"
          f", toll landings {ma['toll_landings'] / per:.2f} / {mb['toll_landings'] / per:.2f}")
    print(f"  {r.seconds:.1f} s, {r.matches_per_second:.1f} contests per second")
