"""Game records on disk: a record saved as JSON, and read back (alone or from inside a save) with every fault
named by its file and key."""

from __future__ import annotations

import json
from pathlib import Path

from printgen.engine.record import FORMAT, Record
from printgen.errors import NotationError, PatolliError
from printgen.files import MB, FileError, read_user_json, write_atomic
from printgen.play.saved import FORMAT as SAVE_FORMAT
from printgen.play.saved import ruleset_from_json
from printgen.ruleset_files import load_ruleset

RECORD_LIMIT = 8 * MB  # a contest of thousands of turns is well under 1 MB


def save_record(record: Record, path: Path) -> None:
    """Writes a record to path atomically."""
    write_atomic(path, json.dumps(record.to_json(), indent=1, ensure_ascii=False) + "\n")


def load_record(path: Path) -> Record:
    """Returns the record saved at path; any fault is one error naming the file and the key."""
    data = read_user_json(path, "game record", RECORD_LIMIT)
    try:
        return Record.from_json(data, load=load_ruleset)
    except FileError:
        raise
    except PatolliError as exc:
        raise type(exc)(f"{path}: {exc}") from None


def read_contest(path: Path) -> Record:
    """Returns the record of a saved contest: a game record, or a `patolli play` save (its record inside)."""
    data = read_user_json(path, "game record", RECORD_LIMIT)
    try:
        if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
            if "record" not in data or "ruleset" not in data:
                raise NotationError("a saved game needs the keys \"ruleset\" and \"record\"")
            return Record.from_json(data["record"], ruleset_from_json(data["ruleset"]))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise NotationError(f"not a game record or a saved game: \"format\" must be \"{FORMAT}\" "
                                f"or \"{SAVE_FORMAT}\"")
        return Record.from_json(data, load=load_ruleset)
    except FileError:
        raise
    except PatolliError as exc:
        raise type(exc)(f"{path}: {exc}") from None
