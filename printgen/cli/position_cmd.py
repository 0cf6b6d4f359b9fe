"""`patolli position`: start, show, list moves in and play on positions."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, POSITION_HELP, JsonOpt, PlayersOpt, RulesetOpt
from printgen.errors import OptionError

if TYPE_CHECKING:  # the engine is imported when a command runs, so that --help starts at once
    from printgen.engine.position import Position

app = typer.Typer(help="Start, show and play on positions.\n\nPositions are JSON or the one-line form.",
                  no_args_is_help=True, rich_markup_mode=None)
PositionArg = Annotated[str, typer.Argument(help=POSITION_HELP)]
CastOpt = Annotated[str | None, typer.Option("--cast", "-c", help="The cast: its score (0 for none) or its bean "
                                             "faces like 11000; needed where the player to move casts.")]
CompactOpt = Annotated[bool, typer.Option("--compact", help="Print the one-line form instead of JSON.")]


def _marks(pos: Position, cast: str | None) -> int:
    """Returns the marks of the cast given, where the player to move casts; a cast is never assumed."""
    from printgen.engine.beans import Beans

    if not pos.needs_cast:
        return 0
    if cast is None:
        raise OptionError("the player to move casts first: give the cast with --cast, its score (0 for none) or "
                          "its bean faces like 11000")
    return Beans(pos.ruleset.beans).marks_for_text(cast)


def _emit(pos: Position, compact: bool) -> None:
    from printgen.engine import notation

    print(notation.to_compact(pos) if compact else notation.dumps(pos), end="\n" if compact else "")


def _read(arg: str) -> Position:
    """Returns the position an argument names, with the engine prepared to play it."""
    from printgen.cli.position_input import check_position_arg, read_position

    check_position_arg(arg)  # a missing file is said before the engine's preparation
    prepare_engine("position")
    return read_position(arg)


@app.command("new")
@reports_errors
def new(ruleset: RulesetOpt = DEFAULT_RULESET, players: PlayersOpt = None, compact: CompactOpt = False) -> None:
    """Print the starting position of a contest."""
    from printgen.engine.position import Position
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset(ruleset)
    prepare_engine("position")
    _emit(Position.new(rs, players), compact)


@app.command("show")
@reports_errors
def show(position: PositionArg) -> None:
    """Draw a position: board, holdings, pool, offering."""
    from rich.console import Console

    from printgen.cli.position_view import show_position

    pos = _read(position)
    console = Console(highlight=False)
    show_position(pos, console)  # with the board's key


@app.command("moves")
@reports_errors
def moves(position: PositionArg, cast: CastOpt = None, as_json: JsonOpt = False) -> None:
    """List the legal moves for a cast."""
    pos = _read(position)
    marks = _marks(pos, cast)
    legal = pos.legal_moves(marks)
    if as_json:
        print(json.dumps([str(m) for m in legal]))
    else:
        print(" ".join(str(m) for m in legal) or "no moves: the contest is over")


@app.command("play")
@reports_errors
def play(
    position: PositionArg,
    move: Annotated[str, typer.Argument(help="The move: FROM-TO, E and a cell (enter), pass, or betN.")],
    cast: CastOpt = None,
    compact: CompactOpt = False,
) -> None:
    """Play a cast and a move; print the new position.

    What happened is said on standard error.
    """
    from printgen.cli.narrate import describe
    from printgen.engine.moves import Move

    pos = _read(position)
    marks = _marks(pos, cast)
    after, events = pos.play(marks, Move.parse(move))
    for e in events:
        if (line := describe(e, pos.ruleset)) is not None:
            print(line, file=sys.stderr)
    _emit(after, compact)
