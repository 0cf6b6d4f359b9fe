"""Saving files safely: atomic replacement, and never over a user's file unless asked."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from printgen.errors import OptionError


def check_writable(path: Path, force: bool) -> None:
    """Raises OptionError if path exists and force is not given."""
    if path.exists() and not force:
        raise OptionError(f"{path} exists; use --force to overwrite it")


def write_atomic(path: Path, data: bytes | str) -> None:
    """Writes data to path through a temporary file, so a crash never leaves half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
