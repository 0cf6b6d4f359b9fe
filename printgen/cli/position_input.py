"""Reads a POSITION argument: a JSON file, `-` for standard input, or the one-line form."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from printgen.engine import notation
from printgen.engine.position import Position
from printgen.errors import NotationError


def read_position(arg: str) -> Position:
    """Returns the position an argument names, or raises saying why it cannot be read."""
    if arg == "-":
        text, where = sys.stdin.read(), "standard input"
    elif "|" not in arg and Path(arg).exists():
        try:
            text, where = Path(arg).read_text("utf-8"), arg
        except (OSError, UnicodeDecodeError) as exc:
            raise NotationError(f"{arg}: cannot read: {exc}") from None
    elif "|" not in arg and (arg.endswith(".json") or "/" in arg and " " not in arg):
        raise NotationError(f"{arg}: no such position file")
    else:
        text, where = arg, "the position"
    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise NotationError(f"{where}: not valid JSON: {exc}") from None
        return notation.from_json(data)
    return notation.from_compact(text)
