"""Reads a POSITION argument: a JSON file, `-` for standard input, or the one-line form.

The JSON may be a position, a game record or a `patolli play` save: a record stands for its final position, a
save for its current one.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from printgen.engine import notation
from printgen.engine.position import Position
from printgen.errors import NotationError, PatolliError
from printgen.files import BOM, parse_json, read_user_text
from printgen.inputs import CONTEST_LIMIT, path_exists, read_limited
from printgen.ruleset_files import load_ruleset


def check_position_arg(arg: str) -> None:
    """Refuses an argument that names a position file that is not there, before any work (the engine's preparation
    takes a minute the first time); `read_position` says anything else."""
    named = arg.endswith(".json") or "/" in arg and " " not in arg
    if arg != "-" and "|" not in arg and not path_exists(arg) and named:
        raise NotationError(f"{arg}: no such position file")


def read_position(arg: str) -> Position:
    """Returns the position an argument names, or raises saying why it cannot be read. A file or standard input may
    hold a whole contest (a record or a save), so it is read up to the limit every command reads a contest to."""
    check_position_arg(arg)
    if arg == "-":
        text, where = read_limited(sys.stdin, "standard input", CONTEST_LIMIT, error=NotationError), "standard input"
    elif "|" not in arg and path_exists(arg):
        text, where = read_user_text(arg, "position", CONTEST_LIMIT, error=NotationError), arg
    else:
        text, where = arg, "the position"
    return parse_position(text, where)


def parse_position(text: str, where: str) -> Position:
    """Returns the position a text holds, in JSON or the one-line form."""
    text = text.strip().removeprefix(BOM).strip()  # standard input may bring a byte-order mark too
    if text.startswith("{"):
        return position_from_json(parse_json(text, where), where)
    return notation.from_compact(text, load=load_ruleset)


def position_from_json(data: Any, where: str) -> Position:
    """Returns the position parsed JSON holds: a position, a game record's final position or a save's current
    one; a fault in a record or save names where it is."""
    if not isinstance(data, dict) or data.get("format") == notation.FORMAT:
        return notation.from_json(data, load=load_ruleset)
    from printgen.play.records import CONTEST_FORMATS, contest_from_json  # the players' modules: only for these

    if data.get("format") not in CONTEST_FORMATS:
        *others, last = (json.dumps(f) for f in (notation.FORMAT, *CONTEST_FORMATS))
        raise NotationError(f"{where}: not a position, a game record or a saved game: \"format\" must be "
                            f"{', '.join(others)} or {last}")
    try:
        return contest_from_json(data).final()
    except PatolliError as exc:
        raise type(exc)(f"{where}: {exc}") from None
