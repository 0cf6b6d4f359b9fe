"""`patolli lab tournament`: the GATIGO paper's experiment, every S–T player against every other."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from printgen.cli.arena_cmd import progress_bar
from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, JsonOpt, RayOpt, RulesetOpt, WorkersOpt
from printgen.errors import OptionError
from printgen.files import FileError, check_folder

if TYPE_CHECKING:
    from printgen.players.lab.tournament import TournamentResult


@reports_errors
def tournament(
    ruleset: RulesetOpt = DEFAULT_RULESET,
    matches: Annotated[int, typer.Option("--contests", "-n", min=1, help="Contests per pairing.")] = 5000,
    seed: Annotated[int, typer.Option("--seed", help="Base seed: the same seed gives the same tables.")] = 1,
    workers: WorkersOpt = None,
    ray: RayOpt = None,
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for the tables and figures.")] = Path(
        "output/tournament"),
    force: Annotated[bool, typer.Option("--force", help="Write into a folder that is not empty.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Play every GATIGO S–T player against every other.

    Writes the tables (CSV, JSON) and heatmaps (SVG, PNG). The GATIGO paper's experiment is
    `--ruleset gatigo --contests 5000 --seed 1`.
    """
    from printgen.players.lab.tournament import run_tournament
    from printgen.render.heatmap import HEATMAPS
    from printgen.render.raster import load_cairosvg

    check_folder(out)  # before the long work, not after it
    try:
        busy = out.is_dir() and any(out.iterdir())
    except OSError as exc:
        raise FileError(f"cannot look into {out}: {exc.strerror or exc}") from None
    if busy and not force:
        raise OptionError(f"{out} is not empty; use --force to write over it")
    if ray is not None:
        from printgen.players.lab.pool import connect_ray

        connect_ray(ray)  # a missing Ray or a cluster out of reach is said before the work
    load_cairosvg(HEATMAPS)  # before the matches are played, not after
    with progress_bar("matches") as progress:
        prepare_engine("tournament")
        result = run_tournament(ruleset, matches, seed, workers, progress, ray=ray)
    files = write_results(result, out, force=True)
    if as_json:
        print(json.dumps({"out": str(out), "files": [str(f) for f in files], "seconds": round(result.seconds, 2),
                          "matches_per_second": round(result.matches_per_second, 2),
                          "players": result.totals()}))
        return
    where = f"{result.workers} Ray workers" if ray is not None else f"{result.workers} processes"
    print(f"{len(result.pairs)} pairings × {matches} contests under {result.ruleset} on {where}: "
          f"{result.seconds:.1f} s, {result.matches_per_second:.1f} contests per second")
    print(f"{'player':<14} {'won':>8} {'share':>7} {'games':>9} {'bounced':>8} {'tolls':>9} {'extra':>8} "
          f"{'tokens':>7}")
    for r in result.totals():
        print(f"{r['player']:<14} {r['matches_won']:>8} {r['win_rate']:>7.3f} {r['games_won']:>9} "
              f"{r['bounce_backs']:>8} {r['toll_landings']:>9} {r['extra_turns']:>8} {r['avg_tokens_on_board']:>7.2f}")
    print(f"wrote {len(files)} files to {out}")


def write_results(result: TournamentResult, out_dir: Path, force: bool = False) -> list[Path]:
    """Writes a tournament's tables (the lab's) and heatmaps (render's) into out_dir; returns the files written."""
    from printgen.players.lab.tournament import write_tournament
    from printgen.render.heatmap import HEATMAPS, tournament_heatmaps
    from printgen.render.raster import load_cairosvg

    load_cairosvg(HEATMAPS)  # before any file: a missing cairo library leaves no half-written folder
    files = write_tournament(result, out_dir, force)
    return files + tournament_heatmaps(out_dir, result.ruleset, result.matches, result.players, result.figures())
