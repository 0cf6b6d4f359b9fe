"""`patolli lab train`: train the learned evaluation of a ruleset by self-play (seeded, resumable, with progress)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from printgen.cli.arena_cmd import progress_bar
from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, ForceOpt, JsonOpt, PlayersOpt, RayOpt, RulesetOpt, WorkersOpt

DEFAULT_GAMES = 8000


@reports_errors
def train(
    ruleset: RulesetOpt = DEFAULT_RULESET,
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games of self-play in all (in generations "
                                       "of --generation-games).")] = DEFAULT_GAMES,
    seed: Annotated[int, typer.Option("--seed", help="Seed: the same seed and settings give the same weights, byte "
                                      "for byte.")] = 1,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the trained network here (default: "
                                             "learned-RULESET-PLAYERS.json).")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Go on from the checkpoint an interrupted run left "
                                         "beside the output file.")] = False,
    rollouts: Annotated[int, typer.Option("--rollouts", min=0, help="Label each position by this many playouts "
                                          "to the end of its game (supervised, as gnubg trains) instead of "
                                          "TD(λ); 0: TD(λ).")] = 0,
    label_every: Annotated[int, typer.Option("--label-every", min=1, help="With --rollouts: label one recorded "
                                             "position in this many (positions of one game are alike).")] = 1,
    generation_games: Annotated[int | None, typer.Option("--generation-games", min=1, help="Games of self-play "
                                                         "per generation, the network learning after each "
                                                         "[default: 400].")] = None,
    workers: WorkersOpt = None,
    force: ForceOpt = False,
    ray: RayOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Train the advisor's learned evaluation by self-play.

    Plays the advisor at level 0 against itself in generations of games, labels every position by TD(λ)
    (or by --rollouts playouts to the game's end) and trains a small network to give each seat's chance
    to win the game. A checkpoint is written after every generation; --resume goes on from it and ends
    with the same weights as an uninterrupted run.
    Play with the result as `advisor-learned` once it is shipped in printgen/players/data/learned/.
    """
    from printgen.players.lab.pool import default_workers
    from printgen.players.lab.train import TrainConfig, check_run
    from printgen.players.lab.train import train as run_train
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset(ruleset)
    count = players or min(rs.player_counts())
    target = out or Path(f"learned-{rs.spec.replace('+', '_')}-{count}.json")
    config = TrainConfig(ruleset, count, games, seed, rollouts=rollouts, label_every=label_every)
    if generation_games is not None:
        config = replace(config, gen_games=generation_games)
    check_run(config, target, resume, force)  # bad input is said before the engine is prepared
    if ray is not None:
        from printgen.players.lab.pool import connect_ray

        connect_ray(ray)  # a missing Ray or a cluster out of reach is said before the work
    prepare_engine("train")
    with progress_bar("games") as progress:
        result = run_train(config, target, resume, force, workers if ray else workers or default_workers(), progress,
                           ray=ray)
    assert result is not None
    last = result.entry["history"][-1]
    if as_json:
        print(json.dumps({"out": str(result.out), "key": result.entry["key"], "games": games, "seed": seed,
                          "generations": config.generations, "resumed_at": result.resumed_at,
                          "seconds": round(result.seconds, 1), "history": result.entry["history"]}))
        return
    if result.resumed_at:
        print(f"resumed after generation {result.resumed_at} of {config.generations}")
    print(f"trained {result.entry['key']} on {games} games ({config.generations} generations) in "
          f"{result.seconds:.0f} s; last generation's log loss: network {last['log_loss_after']:.4f}, "
          f"linear model {last['log_loss_linear']:.4f}")
    print(f"wrote {result.out}")
