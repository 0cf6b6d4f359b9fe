"""A table's solve saved as it goes, so a build that is stopped (Ctrl-C, a closed laptop, a session's end, a crash)
goes on from the last sweep saved, to the very bits of one run that was never stopped.

Value iteration over a table of hundreds of millions of entries runs for hours (Bell with pieces sent back, two
pieces a side: 258 million entries). Between two sweeps the whole state of a solve is the table's values and where
the loop stands (the layer, the sweeps so far, the progress counts and the seconds spent), and the next sweep reads
nothing else (`solver.solve`): so a solve started again from a saved point runs the same sweeps on the same values
as it would have, and the table it ends with is the same bit for bit, whoever solves its levels (one process,
several or Ray). How often a point is saved depends on the clock; what is solved does not.

A point is a file in the cache folder, `solved/partial/KEY.partial`: a header line, one line of JSON (the table's
key, its size, the tolerance and the point) and the values as little-endian float64. It is written atomically (a
crash while writing leaves the point before it), read only for the same table and tolerance, and removed once the
table itself is saved.
"""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from printgen.files import FileError, write_atomic

MAGIC = b"PATOLLI-SOLVING 1\n"
SUFFIX = ".partial"
EVERY = 300.0  # seconds: a point is saved at the first sweep's end this long after the last one, and at every layer's


@dataclass(frozen=True)
class SweepPoint:
    """Where a solve stands between two sweeps: the next layer to sweep (its index in `Race.layers()`), the sweeps
    done, the progress counts (done of total groups) and the seconds spent solving so far."""

    layer: int
    sweeps: int
    done: int
    total: int
    seconds: float


class Resume:
    """Saves a solve's points and gives back the last one, for one folder (see the module)."""

    def __init__(self, folder: Path, every: float = EVERY) -> None:
        self.folder = folder
        self.every = every
        self._last = time.monotonic()
        self.resumed_from: SweepPoint | None = None  # the point the last solve went on from, if any
        self.unsaved: str | None = None  # why saving a point failed, after which none is tried

    def path(self, key: str) -> Path:
        """Returns the file of the point saved for the table with this key."""
        return self.folder / f"{key}{SUFFIX}"

    def _head(self, key: str) -> tuple[dict[str, Any], int] | None:
        """Returns the header of the point saved for this key and where its values begin, or None."""
        try:
            with self.path(key).open("rb") as fh:
                if fh.readline() != MAGIC:
                    return None
                head = json.loads(fh.readline())
                return (head, fh.tell()) if isinstance(head, dict) else None
        except (OSError, ValueError):
            return None

    def peek(self, key: str) -> tuple[SweepPoint, int] | None:
        """Returns the point saved for the table with this key and the bytes of its file, reading only its header
        (None where there is none or it is unreadable)."""
        found = self._head(key)
        try:
            return None if found is None else (SweepPoint(**found[0]["point"]), self.path(key).stat().st_size)
        except (OSError, TypeError, KeyError):
            return None

    def load(self, key: str, size: int, tolerance: float) -> tuple[SweepPoint, np.ndarray] | None:
        """Returns the point saved for this table (key, entries, tolerance) and its values, or None where there is
        none or it is of another table or unreadable (the solve then starts from the beginning)."""
        self.resumed_from = None
        found = self._head(key)
        if found is None:
            return None
        head, offset = found
        if (head.get("key"), head.get("entries"), head.get("tolerance")) != (key, size, tolerance):
            return None
        try:
            point = SweepPoint(**head["point"])
            values = np.fromfile(self.path(key), dtype="<f8", count=size, offset=offset)
        except (OSError, ValueError, TypeError, KeyError):
            return None
        if len(values) != size:
            return None
        self.resumed_from = point
        return point, values.astype(np.float64, copy=False)

    def sweep_done(self, key: str, tolerance: float, point: SweepPoint, values: np.ndarray, layer_ended: bool) -> None:
        """Saves the point if a layer has just ended or `every` seconds have passed since the last save."""
        now = time.monotonic()
        if not layer_ended and now - self._last < self.every:
            return
        if self.unsaved is not None:
            return  # a save failed (a full disk, say): the build goes on without, rather than end after hours
        head = {"key": key, "entries": len(values), "tolerance": tolerance, "point": asdict(point)}
        raw = np.ascontiguousarray(values, dtype="<f8")
        try:
            write_atomic(self.path(key), [MAGIC, json.dumps(head, sort_keys=True).encode() + b"\n", raw.data])
        except FileError as exc:  # the point before it, if any, is whole (the write is atomic)
            self.unsaved = str(exc)
        self._last = time.monotonic()

    def clear(self, key: str) -> None:
        """Removes the point saved for this table (its table is saved now)."""
        with contextlib.suppress(OSError):
            self.path(key).unlink()

