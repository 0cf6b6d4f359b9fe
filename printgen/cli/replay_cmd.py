"""`patolli replay`: replay a saved game record, checking every move, and say what happened."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import reports_errors
from printgen.lang.grammar import counted


@reports_errors
def replay(
    record_file: Annotated[Path, typer.Argument(help="A game record saved as JSON, or a save of patolli play.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the final position as JSON.")] = False,
) -> None:
    """Replay a game record or a save, checking every move.

    Says what happened turn by turn, then prints the final position. A save of `patolli play` replays the record
    it holds, with the ruleset it holds.
    """
    from printgen.cli.narrate import describe
    from printgen.engine import notation
    from printgen.engine.position import seat_name
    from printgen.play.records import read_contest

    prepare_engine("replay")
    record = read_contest(record_file)
    pos = record.start
    if not as_json:
        print(f"{record_file}: {pos.ruleset.spec}, {pos.players} players, {len(record.turns)} turns")
    for i, turn in enumerate(record.turns, 1):
        mover = seat_name(pos.to_move)
        pos, events = pos.play(turn.marks or 0, turn.move)
        if not as_json:
            said = "; ".join(line for e in events if (line := describe(e, pos.ruleset)))
            cast = "" if turn.marks is None else f" cast {counted(turn.marks, 'mark')},"
            print(f"{i:4}. {mover}{cast} {turn.move}: {said}")
    if as_json:
        print(json.dumps(notation.to_json(pos), ensure_ascii=False))
    else:
        print(notation.to_compact(pos))
