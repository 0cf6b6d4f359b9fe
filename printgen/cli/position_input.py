"""Reads a POSITION argument: a JSON file, `-` for standard input, or the one-line form."""

from __future__ import annotations

import json
import sys

from printgen.engine import notation
from printgen.engine.position import Position
from printgen.errors import NotationError
from printgen.files import read_user_text
from printgen.inputs import path_exists, read_limited
from printgen.ruleset_files import load_ruleset

POSITION_LIMIT = 1_000_000  # bytes; a four-player position in JSON is under 2 000


def read_position(arg: str) -> Position:
    """Returns the position an argument names, or raises saying why it cannot be read."""
    if arg == "-":
        text, where = read_limited(sys.stdin, "standard input", POSITION_LIMIT, error=NotationError), "standard input"
    elif "|" not in arg and path_exists(arg):
        text, where = read_user_text(arg, "position", POSITION_LIMIT, error=NotationError), arg
    elif "|" not in arg and (arg.endswith(".json") or "/" in arg and " " not in arg):
        raise NotationError(f"{arg}: no such position file")
    else:
        text, where = arg, "the position"
    return parse_position(text, where)


def parse_position(text: str, where: str) -> Position:
    """Returns the position a text holds, in JSON or the one-line form."""
    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except RecursionError:
            raise NotationError(f"{where}: not a position: JSON nested too deep") from None
        except ValueError as exc:  # bad JSON, or a number of thousands of digits
            raise NotationError(f"{where}: not valid JSON: {exc}") from None
        return notation.from_json(data, load=load_ruleset)
    return notation.from_compact(text, load=load_ruleset)
