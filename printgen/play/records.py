"""Game records on disk: a record saved as JSON, and read back (alone or from inside a save) with every fault
named by its file and key."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from printgen.engine.record import FORMAT, Record
from printgen.errors import NotationError, PatolliError
from printgen.files import FileError, read_user_json, write_atomic
from printgen.inputs import CONTEST_LIMIT
from printgen.play.saved import FORMAT as SAVE_FORMAT
from printgen.play.saved import record_from_save
from printgen.ruleset_files import load_ruleset

CONTEST_FORMATS = (FORMAT, SAVE_FORMAT)


def save_record(record: Record, path: Path) -> None:
    """Writes a record to path atomically."""
    write_atomic(path, json.dumps(record.to_json(), indent=1, ensure_ascii=False) + "\n")


def load_record(path: Path) -> Record:
    """Returns the record saved at path; any fault is one error naming the file and the key."""
    data = read_user_json(path, "game record", CONTEST_LIMIT)
    try:
        return Record.from_json(data, load=load_ruleset)
    except FileError:
        raise
    except PatolliError as exc:
        raise type(exc)(f"{path}: {exc}") from None


def contest_from_json(data: Any) -> Record:
    """Returns the record a parsed JSON file holds: a game record, or a `patolli play` save (its record, read
    with the ruleset the save holds)."""
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        return record_from_save(data)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotationError(f"not a game record or a saved game: \"format\" must be \"{FORMAT}\" or "
                            f"\"{SAVE_FORMAT}\"")
    return Record.from_json(data, load=load_ruleset)


def read_contest(path: Path) -> Record:
    """Returns the record of a saved contest: a game record, or a `patolli play` save (its record inside); any
    fault is one error naming the file and the key."""
    data = read_user_json(path, "game record", CONTEST_LIMIT)
    try:
        return contest_from_json(data)
    except FileError:
        raise
    except PatolliError as exc:
        raise type(exc)(f"{path}: {exc}") from None
