"""`patolli advise`: every legal move for a cast, best first, with its chances; the board with the move marked."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console

from printgen.cli.errors import reports_errors
from printgen.cli.options import JsonOpt
from printgen.cli.position_cmd import show_position
from printgen.cli.position_input import read_position
from printgen.engine.beans import Beans
from printgen.engine.moves import MoveKind
from printgen.engine.position import Phase, Position, seat_name
from printgen.errors import OptionError
from printgen.lang.grammar import counted, plural
from printgen.players.advisor import Analysis, advise
from printgen.players.registry import DEFAULT_LEVEL
from printgen.players.search import MAX_LEVEL

ORIGIN_STYLE, TARGET_STYLE = "bold black on bright_white", "bold black on bright_green"

LevelOpt = Annotated[int, typer.Option("--level", "-l", min=0, max=MAX_LEVEL,
                                       help="Search depth in casts: higher is stronger and slower.")]


def marks_of(pos: Position, cast: str | None) -> int:
    """Returns the marks a --cast value means here (0 where no cast is needed)."""
    if not pos.needs_cast:
        return 0
    if cast is None:
        raise OptionError(f"{seat_name(pos.to_move)} must cast first: give --cast with the score (0 for none) "
                          "or the bean faces")
    return Beans(pos.ruleset.beans).marks_for_text(cast)


def analysis_json(a: Analysis) -> dict[str, Any]:
    """Returns the advice as JSON (see printgen/players/data/advice.schema.json)."""
    pos = a.position
    return {
        "ruleset": pos.ruleset.spec, "players": pos.players, "to_move": seat_name(pos.to_move),
        "phase": pos.phase.value,
        "cast": {"marks": a.marks, "score": pos.score(a.marks)} if pos.needs_cast else None,
        "level": a.level, "seconds": round(a.seconds, 4),
        "moves": [{"move": str(s.move), "win_game": round(s.win_game, 6), "win_contest": round(s.win_contest, 6),
                   "items": round(s.items, 4), "diff": round(s.diff, 6)} for s in a.suggestions],
    }


def move_marks(a: Analysis) -> dict[int, str]:
    """Returns the cells to highlight for the suggested move."""
    move = a.best.move
    marks = {}
    if move.kind is MoveKind.MOVE:
        marks[move.origin] = ORIGIN_STYLE
    if move.kind in (MoveKind.MOVE, MoveKind.ENTER):
        marks[move.target] = TARGET_STYLE
    return marks


def print_analysis(a: Analysis, console: Console, board: bool = True) -> None:
    """Prints the moves in the manner of GNU Backgammon's hint, then the board with the move marked."""
    pos = a.position
    item = pos.ruleset.economy.item_name
    gambling = pos.ruleset.economy.gambling
    cast = ""
    if pos.needs_cast:
        score = pos.score(a.marks)
        cast = f", cast {counted(a.marks, 'mark')} ({'no score' if score is None else f'score {score}'})"
    console.print(f"{seat_name(pos.to_move)} to play{cast}; advisor level {a.level}, {a.seconds:.2f} s")
    for i, s in enumerate(a.suggestions, 1):
        diff = "" if i == 1 else f"  ({s.diff * 100:+.2f})"
        items = f"   {plural(item)} {s.items:+6.2f}" if gambling else ""
        console.print(f"  {i:>2}. {str(s.move):<9} win game {s.win_game * 100:5.1f}%   "
                      f"win contest {s.win_contest * 100:6.2f}%" + items + diff)
    if board:
        show_position(pos, console, move_marks(a))
        if a.best.move.kind in (MoveKind.MOVE, MoveKind.ENTER):
            console.print(f"  suggested: {a.best.move} (from the white cell to the green one)"
                          if a.best.move.kind is MoveKind.MOVE else f"  suggested: {a.best.move} (the green cell)")


@reports_errors
def advise_command(
    position: Annotated[str, typer.Argument(help="A position: a JSON file, - for stdin, or the one-line form.")],
    cast: Annotated[str | None, typer.Option("--cast", "-c", help="The cast: its score (0 for none) or its bean "
                                             "faces like 11000. Not needed when betting.")] = None,
    level: LevelOpt = DEFAULT_LEVEL,
    as_json: JsonOpt = False,
) -> None:
    """List every legal move for a cast, best first, with its chances to win the game and the contest."""
    pos = read_position(position)
    if pos.phase is Phase.OVER:
        raise OptionError("the contest is over: there is nothing to advise")
    a = advise(pos, marks_of(pos, cast), level)
    if as_json:
        print(json.dumps(analysis_json(a)))
        return
    print_analysis(a, Console(highlight=False))
