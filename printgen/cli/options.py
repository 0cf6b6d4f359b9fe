"""Options shared by several commands, defined once; the one default ruleset of every command."""

from __future__ import annotations

from typing import Annotated

import typer

# The ruleset every command uses unless told otherwise: Bell's reconstruction (1960), the best known and the
# one the README's first command prints, so the beans cast, the position started and the contest played match
# the kit on the table. Research commands reproducing the GATIGO paper are given `--ruleset gatigo`.
DEFAULT_RULESET = "bell"

RulesetOpt = Annotated[
    str, typer.Option("--ruleset", "-r", help="Built-in ruleset (bell, neeley, ocastudios, gatigo) or a .toml "
                      "file, with +OPTION to apply a ruleset option.")
]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help="Number of players (default: the fewest "
                                                "the ruleset allows).", min=2, max=4)]
SeatsOpt = Annotated[int | None, typer.Option("--seats", help="Print for the first N seats only (default: every "
                                              "seat the ruleset has).", min=2, max=4)]
SeedOpt = Annotated[int | None, typer.Option("--seed", help="Seed for the random source: the same seed gives "
                                             "the same results.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]
POSITION_HELP = ("A position: a JSON file (a position, a game record or a save of patolli play), - for stdin, or "
                 "the one-line form.")
ForceOpt = Annotated[bool, typer.Option("--force", help="Overwrite files printgen did not write.")]
RayOpt = Annotated[str | None, typer.Option(
    "--ray", metavar="auto|ADDRESS", help="Run on Ray (pip install \"printgen[ray]\"): auto joins this machine's "
    "cluster or starts Ray here; else a cluster's HOST:PORT or ray://HOST:PORT. Results are the same.")]
WorkersOpt = Annotated[int | None, typer.Option("--workers", "-w", min=1, help="Processes to run (default: every "
                                                "core, or every CPU of the Ray cluster). Results do not depend "
                                                "on it.")]
