"""The `patolli` command: one Typer app joining the command groups, its help grouped by what people do.

Every command module imports the engine, the players and the renderer inside its commands, so
`patolli --help` and the commands that need no engine start at once. Help is formatted by Click's
plain formatter (Typer's rich formatter costs 0.2 s of imports on every `--help`), with the
commands in sections.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer._click.exceptions import ClickException, NoArgsIsHelpError
from typer.core import TyperGroup

from printgen import __version__
from printgen.cli import position_cmd, rulesets_cmd
from printgen.cli.advise_cmd import advise_command
from printgen.cli.arena_cmd import arena
from printgen.cli.bench_cmd import bench
from printgen.cli.bench_phone_cmd import bench_phone
from printgen.cli.bench_players_cmd import bench_players
from printgen.cli.bench_print_cmd import bench_print
from printgen.cli.bench_serve_cmd import bench_serve
from printgen.cli.bench_startup_cmd import bench_startup
from printgen.cli.calibration_cmd import calibration
from printgen.cli.cast_cmd import cast
from printgen.cli.endgames_cmd import endgames
from printgen.cli.errors import interrupted
from printgen.cli.kit_cmd import kit, rules
from printgen.cli.parser_words import plain_metavars, usage_line
from printgen.cli.play_cmd import play
from printgen.cli.print_cmd import beans, board, calibrate, cards, pieces
from printgen.cli.replay_cmd import replay
from printgen.cli.review_cmd import review_command
from printgen.cli.rollout_cmd import rollout_command
from printgen.cli.serve_cmd import serve
from printgen.cli.solve_cmd import solve
from printgen.cli.tournament_cmd import tournament
from printgen.cli.train_cmd import train
from printgen.cli.web_cmd import web
from printgen.interrupts import first_ctrl_c_stops

if TYPE_CHECKING:
    from typer._click.formatting import HelpFormatter

SECTIONS: dict[str, tuple[str, ...]] = {
    "At the table": ("play", "serve", "web", "advise", "rollout", "review", "cast", "position", "replay"),
    "Printing": ("kit", "board", "pieces", "beans", "cards", "calibrate"),
    "Rules and rulesets": ("rules", "rulesets"),
    "Research and benchmarks": ("lab",),
}
# The research and benchmark tools, under `patolli lab` so the first help screen is the player's.
LAB_SECTIONS: dict[str, tuple[str, ...]] = {
    "Experiments": ("arena", "tournament", "calibration", "solve", "endgames", "train"),
    "Benchmarks": ("bench", "bench-players", "bench-print", "bench-startup", "bench-serve", "bench-phone"),
}


class SectionedGroup(TyperGroup):
    """A command group whose help lists the commands in SECTIONS, in that order, every value named in words, and
    whose parser's refusals are one line and exit code 2, as every other bad input is."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        plain_metavars(self)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,  # type: ignore[override]
             complete_var: str | None = None, standalone_mode: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except NoArgsIsHelpError as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except ClickException as exc:
            print(f"error: {usage_line(exc)}", file=sys.stderr)
            sys.exit(2)
        except typer.Abort:  # end of input at a prompt
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)

    sections: dict[str, tuple[str, ...]] = SECTIONS

    def list_commands(self, ctx: typer.Context) -> list[str]:  # type: ignore[override]
        order = [name for names in self.sections.values() for name in names]
        return sorted(self.commands, key=lambda n: order.index(n) if n in order else len(order))

    def format_commands(self, ctx: typer.Context, formatter: HelpFormatter) -> None:  # type: ignore[override]
        width = max(len(name) for name, cmd in self.commands.items() if not cmd.hidden)
        limit = formatter.width - 6 - width
        placed = {name for names in self.sections.values() for name in names}
        sections = [*self.sections.items(), ("Other", tuple(n for n in self.commands if n not in placed))]
        for title, names in sections:
            rows = [(name, cmd.get_short_help_str(limit)) for name in names
                    if (cmd := self.commands.get(name)) is not None and not cmd.hidden]
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


class LabGroup(SectionedGroup):
    """The `patolli lab` group: its help lists the research and benchmark tools in LAB_SECTIONS."""

    sections = LAB_SECTIONS


app = typer.Typer(
    name="patolli",
    cls=SectionedGroup,
    help="Patolli print kit and table companion: play and get advice at the table, print a set, read the rules.",
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(value: bool) -> None:
    if value:
        print(f"patolli (printgen) {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[bool, typer.Option("--version", callback=_print_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    pass

lab = typer.Typer(
    name="lab",
    cls=LabGroup,
    help="Contests of computer players, the solver, training, timings.",
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
LAB_COMMANDS: dict[str, Callable[..., Any]] = {
    "arena": arena, "tournament": tournament, "calibration": calibration, "solve": solve, "endgames": endgames,
    "train": train,
    "bench": bench, "bench-players": bench_players, "bench-print": bench_print, "bench-startup": bench_startup,
    "bench-serve": bench_serve, "bench-phone": bench_phone,
}
for _name, _command in LAB_COMMANDS.items():
    lab.command(_name)(_command)
    app.command(_name, hidden=True)(_command)  # the name before `patolli lab`, kept for scripts; help lists lab's

app.add_typer(rulesets_cmd.app, name="rulesets")
app.add_typer(position_cmd.app, name="position")
app.add_typer(lab, name="lab")
for _command in (play, serve, web, advise_command, rollout_command, review_command, cast, replay):
    app.command(_command.__name__.removesuffix("_command"))(_command)
for _command in (kit, rules, board, pieces, beans, cards, calibrate):
    app.command(_command.__name__)(_command)


def main() -> None:
    """Runs the command line; Ctrl-C anywhere (while parsing, in a command, while it winds down) is one line and
    exit code 130; a second Ctrl-C while it winds down is ignored."""
    first_ctrl_c_stops()
    try:
        app()
    except KeyboardInterrupt:
        raise SystemExit(interrupted().exit_code) from None
