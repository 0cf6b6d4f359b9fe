"""Options shared by several commands, defined once."""

from __future__ import annotations

from typing import Annotated

import typer

RulesetOpt = Annotated[
    str, typer.Option("--ruleset", "-r", help="Built-in ruleset (bell, neeley, ocastudios, gatigo) or a .toml "
                      "file, with +OPTION to apply a ruleset option.")
]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help="Number of players (default: the fewest "
                                                "the ruleset allows).", min=2, max=4)]
SeedOpt = Annotated[int | None, typer.Option("--seed", help="Seed for the random source: the same seed gives "
                                             "the same results.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]
