"""The `patolli` command: one Typer app joining the command groups."""

from __future__ import annotations

import typer

from printgen.cli import position_cmd, rulesets_cmd
from printgen.cli.advise_cmd import advise_command
from printgen.cli.arena_cmd import arena
from printgen.cli.bench_cmd import bench
from printgen.cli.bench_players_cmd import bench_players
from printgen.cli.bench_print_cmd import bench_print
from printgen.cli.bench_startup_cmd import bench_startup
from printgen.cli.cast_cmd import cast
from printgen.cli.kit_cmd import kit, rules
from printgen.cli.play_cmd import play
from printgen.cli.print_cmd import beans, board, calibrate, cards, pieces
from printgen.cli.replay_cmd import replay
from printgen.cli.tournament_cmd import tournament

app = typer.Typer(
    name="patolli",
    help="Patolli print kit and table companion: rulesets, beans, positions and the rules engine.",
    no_args_is_help=True,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)
app.add_typer(rulesets_cmd.app, name="rulesets")
app.add_typer(position_cmd.app, name="position")
app.command("cast")(cast)
app.command("bench")(bench)
app.command("replay")(replay)
app.command("bench-print")(bench_print)
app.command("advise")(advise_command)
app.command("arena")(arena)
app.command("tournament")(tournament)
app.command("play")(play)
app.command("bench-players")(bench_players)
app.command("bench-startup")(bench_startup)
for _command in (kit, rules, board, pieces, beans, cards, calibrate):
    app.command(_command.__name__)(_command)


def main() -> None:
    """Runs the command line."""
    app()
