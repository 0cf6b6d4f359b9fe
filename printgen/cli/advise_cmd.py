"""`patolli advise`: every legal move for a cast, best first, with its chances; the board with the move marked."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import reports_errors
from printgen.cli.options import POSITION_HELP, JsonOpt
from printgen.cli.print_cmd import ENGLISH, LangOpt
from printgen.errors import OptionError
from printgen.players.search.levels import DEFAULT_LEVEL, MAX_LEVEL, MAX_SECONDS

LevelOpt = Annotated[int, typer.Option("--level", "-l", min=0, max=MAX_LEVEL,
                                       help="Search depth in casts: higher is stronger and slower.")]


@reports_errors
def advise_command(
    position: Annotated[str, typer.Argument(help=POSITION_HELP)],
    cast: Annotated[str | None, typer.Option("--cast", "-c", help="The cast: its score (0 for none) or its bean "
                                             "faces like 11000. Not needed when betting.")] = None,
    level: LevelOpt = DEFAULT_LEVEL,
    seconds: Annotated[float | None, typer.Option(
        "--time", "-t", min=0.001, max=MAX_SECONDS, help="Time budget in seconds: deepen the search from level 0 "
        "while time is left, up to --level (give a deep one, e.g. --level 6), and answer with the last level "
        "completed.")] = None,
    as_json: JsonOpt = False,
    lang: LangOpt = ENGLISH,
) -> None:
    """List the legal moves for a cast, best first.

    Each move with its chances to win the game and the contest and the reasons for it in words, and the board
    with the best move marked.
    """
    from rich.console import Console

    from printgen.cli.advice_view import analysis_json, marks_of, print_analysis
    from printgen.cli.position_input import check_position_arg, read_position
    from printgen.engine.position import Phase
    from printgen.lang import LANGS
    from printgen.players.analysis.advisor import advise

    if lang.value not in LANGS:
        raise OptionError(f"--lang {lang!r}: the languages are {', '.join(LANGS)}")
    check_position_arg(position)  # a missing file is said before the engine's preparation
    prepare_engine("advise")
    pos = read_position(position)
    if pos.phase is Phase.OVER:
        raise OptionError("the contest is over: there is nothing to advise")
    a = advise(pos, marks_of(pos, cast), level, seconds)
    if as_json:
        print(json.dumps(analysis_json(a, lang.value), ensure_ascii=False))
        return
    print_analysis(a, Console(highlight=False), lang=lang.value)
