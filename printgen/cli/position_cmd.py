"""`patolli position`: start, show, list moves in and play on positions."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.console import Console

from printgen.cli.board_text import draw_board, legend
from printgen.cli.errors import reports_errors
from printgen.cli.narrate import describe
from printgen.cli.options import JsonOpt, PlayersOpt, RulesetOpt
from printgen.cli.position_input import read_position
from printgen.engine import notation
from printgen.engine.beans import Beans
from printgen.engine.moves import Move
from printgen.engine.position import HAND, HOME, Phase, Position, seat_name
from printgen.lang.grammar import counted
from printgen.rulesets import load_ruleset

app = typer.Typer(help="Start, show and play on positions (JSON or the one-line form).", no_args_is_help=True)
PositionArg = Annotated[str, typer.Argument(help="A position: a JSON file, - for stdin, or the one-line form.")]
CastOpt = Annotated[str, typer.Option("--cast", "-c", help="The cast: its score (0 for none) or its bean faces "
                                      "like 11000.")]
CompactOpt = Annotated[bool, typer.Option("--compact", help="Print the one-line form instead of JSON.")]


def _emit(pos: Position, compact: bool) -> None:
    print(notation.to_compact(pos) if compact else notation.dumps(pos), end="\n" if compact else "")


def show_position(pos: Position, console: Console, marks: dict[int, str] | None = None) -> None:
    """Prints the board with pieces, then each seat's items and pieces, pool and offering."""
    console.print(draw_board(pos.topology, pos.board(), marks))
    item = pos.ruleset.economy.item_name
    gambling = pos.ruleset.economy.gambling
    for s in range(pos.players):
        if pos.bankrupt(s):
            console.print(f"  {seat_name(s)}: bankrupt")
            continue
        places = pos.places(s)
        hand, home = places.count(HAND), places.count(HOME)
        cells = sorted(p for p in places if isinstance(p, int))
        turn = "  ◀ to move" if s == pos.to_move and pos.phase is not Phase.OVER else ""
        held = f"{counted(pos.holdings(s), item)}, " if gambling else ""
        penalty = pos.penalty(s)
        owes = "" if penalty is None else "  (misses the next turn)" if penalty == "miss" else \
            f"  (the piece on {penalty} moves back next turn)"
        console.print(f"  {seat_name(s)}: {held}hand {hand}, home {home}, "
                      f"on cells {', '.join(map(str, cells)) or '—'}{turn}{owes}")
    money = f"pool {pos.pool}, offering {pos.offering}; " if gambling else ""
    console.print(f"  {money}game {pos.game}, phase {pos.phase.value}")


@app.command("new")
@reports_errors
def new(ruleset: RulesetOpt = "bell", players: PlayersOpt = None, compact: CompactOpt = False) -> None:
    """Print the starting position of a contest."""
    rs = load_ruleset(ruleset)
    _emit(Position.new(rs, players), compact)


@app.command("show")
@reports_errors
def show(position: PositionArg) -> None:
    """Draw a position: the board with its pieces, holdings, pool and offering."""
    pos = read_position(position)
    console = Console(highlight=False)
    show_position(pos, console)
    console.print(legend())


@app.command("moves")
@reports_errors
def moves(position: PositionArg, cast: CastOpt = "1", as_json: JsonOpt = False) -> None:
    """List the legal moves for a cast."""
    pos = read_position(position)
    marks = Beans(pos.ruleset.beans).marks_for_text(cast) if pos.needs_cast else 0
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
    cast: CastOpt = "1",
    compact: CompactOpt = False,
) -> None:
    """Play a cast and a move; print the new position (what happened goes to stderr)."""
    pos = read_position(position)
    marks = Beans(pos.ruleset.beans).marks_for_text(cast) if pos.needs_cast else 0
    after, events = pos.play(marks, Move.parse(move))
    for e in events:
        if (line := describe(e, pos.ruleset)) is not None:
            print(line, file=sys.stderr)
    _emit(after, compact)
