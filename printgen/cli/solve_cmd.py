"""`patolli lab solve`: perfect play for a small game (two players, one or two pieces a side), and the advisor measured
against it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from printgen.cli.arena_cmd import progress_bar
from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, ForceOpt, JsonOpt, RayOpt, RulesetOpt, WorkersOpt
from printgen.errors import OptionError
from printgen.inputs import whole_numbers
from printgen.players.search.levels import MAX_LEVEL


def parse_levels(text: str) -> list[int]:
    """Returns the levels a --levels value names: `0-3`, `0,2,3` or `2`."""
    return whole_numbers(text, "--levels", "levels", MAX_LEVEL, OptionError)


@reports_errors
def solve(
    ruleset: RulesetOpt = DEFAULT_RULESET,
    pieces: Annotated[int, typer.Option("--pieces", "-k", min=1, max=12, help="Pieces a side (1 or 2 fit in "
                                        "memory).")] = 1,
    again: Annotated[bool, typer.Option("--again", help="Solve even if a solved table is shipped or cached.")] = False,
    measure: Annotated[bool, typer.Option("--measure", help="Then measure the advisor against perfect play in "
                                          "advisor-vs-advisor games.")] = False,
    levels: Annotated[str, typer.Option("--levels", help="Advisor levels to measure: 0-3 or 0,2,3.")] = "0-3",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per level to measure.")] = 200,
    versus: Annotated[int, typer.Option("--versus", min=0, help="With --measure, also play perfect play against the "
                                        "advisor at each level for this many games, seats alternated.")] = 0,
    seed: Annotated[int, typer.Option("--seed", help="Base seed of the measured games.")] = 1,
    network: Annotated[Path | None, typer.Option("--network", help="With --measure, the advisor reads this network "
                                                 "(`patolli lab train` on the --export file) as its "
                                                 "evaluation.")] = None,
    export: Annotated[Path | None, typer.Option("--export", help="Also write the solved game as a ruleset file, "
                                                "for `advise` and `play`.")] = None,
    workers: WorkersOpt = None,
    ray: RayOpt = None,
    force: ForceOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Solve a small game exactly; measure the advisor against it.

    Every position's chance to win under perfect play. The game is the ruleset played by two with
    --pieces a side, for the win alone (one game, no items). Prints the table's size, the time and
    the value of the opening; the table is cached, and `advise` uses it for that game. With
    --measure, the advisor's decisions are judged against perfect play. With --workers or --ray the table is
    solved by several processes or on a Ray cluster, to the same bytes.
    """
    from printgen.files import write_atomic
    from printgen.players.analysis.yardstick import measure as run_measure
    from printgen.players.analysis.yardstick import trained_network
    from printgen.players.analysis.yardstick import versus as run_versus
    from printgen.players.lab.tables import build_table
    from printgen.players.solve.solver import solved_game
    from printgen.players.solve.store import find_table, resume_here, save
    from printgen.ruleset_files import load_ruleset
    from printgen.rulesets.export import export_toml
    from printgen.stats import wilson

    wanted = parse_levels(levels) if measure else []
    if network is not None and not measure:
        raise OptionError("--network is the advisor's evaluation to measure: give --measure too")
    game = solved_game(load_ruleset(ruleset), pieces)
    if export is not None and export.exists() and not force:
        raise OptionError(f"{export} exists; give --force to overwrite it")
    if ray is not None:
        from printgen.players.lab.pool import connect_ray

        connect_ray(ray)  # a missing Ray or a cluster out of reach is said before the work
    prepare_engine("solve")
    table = None if again else find_table(game, 2)
    stored = went_on = None
    if table is None:
        resume = resume_here()  # a solve stopped earlier goes on from its last saved sweep
        with progress_bar(f"solving {game.name}") as progress:
            table = build_table(game, workers, ray, progress, resume=resume)
        went_on = None if resume is None or resume.resumed_from is None else resume.resumed_from.sweeps
        stored = save(table)
    if export is not None:
        write_atomic(export, export_toml(game))
    net = trained_network(network, table) if network is not None else None
    results = []
    for level in wanted:
        with progress_bar(f"level {level}") as progress:
            results.append(run_measure(table, level, games, seed, progress, net))
    duels = [run_versus(table, level, versus, seed, net) for level in wanted] if versus else []
    report = {
        "game": game.name, "ruleset": ruleset, "pieces": pieces, "entries": table.layout.size,
        "positions": table.valid, "method": table.method, "sweeps": table.sweeps,
        "seconds": round(table.seconds, 2) if table.source == "solved" else None,  # a table file says no time
        "opening": round(table.opening_value(), 6),
        "table": str(stored or table.source), "bytes": (stored or Path(table.source)).stat().st_size,
        "solved_now": stored is not None, "went_on_from_sweep": went_on,
        "network": None if network is None else str(network),
        "yardstick": [r.as_dict() for r in results],
        "versus": [{"level": level, "games": n, "perfect_won": won, "ci95": [round(x, 4) for x in wilson(won, n)]}
                   for level, (won, n) in zip(wanted if duels else [], duels, strict=True)],
    }
    if as_json:
        print(json.dumps(report))
        return
    print(f"{game.name}: {ruleset} for two, {pieces} piece{'s' * (pieces > 1)} a side, one game, no items")
    took = f", {table.seconds:.1f} s to solve" if table.source == "solved" else ""  # a table file says no time
    if went_on is not None:
        took += f" in all, going on from sweep {went_on} of a solve stopped before"
    print(f"  {table.valid:,} positions ({table.layout.size:,} table entries), {table.method}, "
          f"{table.sweeps} sweep{'s' * (table.sweeps != 1)}{took}")
    print(f"  table {'written to' if stored is not None else 'read from'} {report['table']} "
          f"({report['bytes']:,} bytes, 16-bit values)")
    print(f"  opening: A wins {table.opening_value() * 100:.3f}% under perfect play")
    if export is not None:
        print(f"  ruleset written to {export}")
    if results:
        reads = "" if network is None else f", reading {network}"
        print(f"advisor{reads} against perfect play, {games} advisor-vs-advisor games per level (95% intervals):")
        print("  level  decisions  optimal                      with a real choice              mean loss per decision"
              "          random mover: optimal, loss")
        for r in results:
            lo, hi = r.share_ci
            clo, chi = r.choice_ci
            llo, lhi = r.loss_ci
            print(f"  {r.level:>5}  {r.decisions:>9}  {r.share * 100:6.2f}% [{lo * 100:.2f}, {hi * 100:.2f}]"
                  f"    {r.choices:>6}: {r.choice_share * 100:6.2f}% [{clo * 100:.2f}, {chi * 100:.2f}]"
                  f"    {r.mean_loss * 100:.4f}% [{llo * 100:.4f}, {lhi * 100:.4f}]"
                  f"    {r.random_share * 100:6.2f}%, {r.random_mean_loss * 100:.4f}%")
    for level, (won, n) in zip(wanted if duels else [], duels, strict=True):
        lo, hi = wilson(won, n)
        print(f"perfect play against advisor:{level}: won {won} of {n} games, {won / n * 100:.1f}% "
              f"[{lo * 100:.1f}, {hi * 100:.1f}]")
