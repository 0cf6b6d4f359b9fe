"""Solved tables on disk: 16-bit fixed point, compressed; shipped with the package when small, else cached.

A table file is a header line `PATOLLI-SOLVED 1`, one line of JSON (the game, its key and how it was
solved) and the values as little-endian uint16 (value * 65535, rounded; positions that do not exist
are 0), compressed with zlib. A value is then exact to 1/131070 (0.0008 %). The file holds nothing
of when, where or how fast it was solved, so a table has the same bytes however it was built (in one
process, several or on Ray: `lab/tables.py`); files written before that say the seconds it took too.

Tables are looked up by the key of the race they hold (`solver.table_key`), so any ruleset whose
solved game is the same race uses them: first those shipped in `printgen/players/data/solved`, then
those in the cache folder (`engine.jit.cache_root() / "solved"`), where `patolli lab solve` writes.

A large table's values (`MAP_FROM` entries or more) are also kept in the cache folder as the floats the evaluation
reads (`values/`, beside the tables), written the first time the table is read and memory-mapped after that: a
process then starts at once and reads from disk only the pages of the positions it looks up, where decompressing
and converting Bell's 114 million entries took seconds and a gigabyte and a half of memory each time.
"""

from __future__ import annotations

import json
import mmap
import zlib
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np

from printgen.engine.jit import cache_root
from printgen.engine.tables import tables_for
from printgen.errors import PatolliError
from printgen.files import FileError, write_atomic
from printgen.players.solve.index import TableTooLargeError, layout_for
from printgen.players.solve.resume import Resume
from printgen.players.solve.solver import Solution, SolverError, cast_groups, is_solvable, table_key
from printgen.rulesets.model import Ruleset

MAGIC = b"PATOLLI-SOLVED 1\n"
SUFFIX = ".u16z"
SCALE = 65535
SHIPPED = "data/solved"  # inside printgen.players
MAP_FROM = 4_000_000  # tables of this many entries or more are read through a memory-mapped copy of their values
VALUES = "values"  # the folder of those copies, in the cache folder
PARTIAL = "partial"  # the folder of solves saved as they go, to be taken up again (resume.py)


class TableFileError(PatolliError):
    """A solved-table file that cannot be read."""


def file_name(solution: Solution) -> str:
    """Returns the file name of a solved table: the game's name, then its key."""
    return f"{solution.ruleset.name}-{solution.key}{SUFFIX}"


def quantise(values: np.ndarray) -> np.ndarray:
    """Returns values in [0, 1] as 16-bit fixed point."""
    return np.rint(np.clip(values, 0.0, 1.0) * SCALE).astype("<u2")


def table_bytes(solution: Solution) -> bytes:
    """Returns the file contents of a solved table."""
    header = {"game": solution.ruleset.name, "key": solution.key, "pieces": solution.layout.n_pieces,
              "entries": solution.layout.size, "positions": solution.valid, "method": solution.method,
              "sweeps": solution.sweeps}
    return MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n" + zlib.compress(
        quantise(solution.values).tobytes(), 9)


def cache_folder() -> Path | None:
    """Returns the folder solved tables are cached in, or None where nothing can be written."""
    root = cache_root()
    return None if root is None else root / "solved"


def resume_here(folder: Path | None = None) -> Resume | None:
    """Returns where a solve saves where it stands as it goes (`resume.py`): the `partial` folder beside the tables
    of folder (default: the cache folder), or None where there is no cache."""
    folder = folder or cache_folder()
    return None if folder is None else Resume(folder / PARTIAL)


def save(solution: Solution, folder: Path | None = None) -> Path | None:
    """Writes a solved table to folder (default: the cache folder) and removes the point its solve saved as it
    went; returns its path, None if there is no cache."""
    folder = folder or cache_folder()
    if folder is None:
        return None
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name(solution)
    write_atomic(path, table_bytes(solution))
    Resume(folder / PARTIAL).clear(solution.key)
    _read.cache_clear()
    find_table.cache_clear()
    return path


def read_header(path: Path, values: bool = True) -> tuple[dict[str, object], bytes]:
    """Returns (header, compressed values) of a table file, or raises TableFileError; with values=False only the
    header is read (the values returned are empty), not a large table's whole file."""
    try:
        with Path(path).open("rb") as fh:
            magic, head = fh.readline(), fh.readline()
            rest = fh.read() if values else b""
    except OSError as exc:
        raise TableFileError(f"{path}: cannot read the solved table ({exc.strerror})") from None
    if magic != MAGIC or not head.endswith(b"\n") or (values and not rest):
        raise TableFileError(f"{path}: not a solved table (it does not start with {MAGIC.strip().decode()})")
    try:
        header = json.loads(head)
    except ValueError:
        raise TableFileError(f"{path}: the header of the solved table is not JSON") from None
    return header, rest


@cache
def _read(path: Path, size: int) -> np.ndarray:
    """Returns a table file's values as floats (memory-mapped from the cache folder where the table is large)."""
    copy = _values_copy(path) if size >= MAP_FROM else None
    if copy is not None:
        mapped = _mapped(path, copy, size)
        if mapped is not None:
            return mapped
    values = _decompressed(path, size)
    if copy is not None:
        try:
            write_atomic(copy, values.data.cast("B"))
        except FileError:
            pass  # no room or no right to write: the values are read from the table file each time
    return values


def _decompressed(path: Path, size: int) -> np.ndarray:
    header, packed = read_header(path)
    try:
        raw = np.frombuffer(zlib.decompress(packed), dtype="<u2")
    except zlib.error:
        raise TableFileError(f"{path}: the values of the solved table are damaged") from None
    if raw.size != size:
        raise TableFileError(f"{path}: holds {raw.size} values, but its game has {size} table entries")
    values = raw.astype(np.float64)
    values /= SCALE  # in place: the same quotients, without a second array of the table's size
    return values


def _values_copy(path: Path) -> Path | None:
    """Returns where the floats of a table file are kept (named by its key, so another table never matches), or
    None where there is no cache folder."""
    folder = cache_folder()
    return None if folder is None else folder / VALUES / f"{path.name}.f64"


def _mapped(path: Path, copy: Path, size: int) -> np.ndarray | None:
    """Returns the kept floats of a table file, memory-mapped, or None where there are none or they are older than
    the table or of another size."""
    try:
        kept, table = copy.stat(), path.stat()
        if kept.st_size != 8 * size or kept.st_mtime_ns < table.st_mtime_ns:
            return None
        with copy.open("rb") as fh:
            # A private mapping: the array is writable to numpy and numba alike (compiled code never writes it),
            # and nothing written would reach the file.
            view = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_COPY)
    except (OSError, ValueError):
        return None
    return np.frombuffer(view, dtype=np.float64)


def _folders() -> list[Path]:
    shipped = Path(str(resources.files("printgen.players").joinpath(SHIPPED)))
    cached = cache_folder()
    return [shipped] + ([cached] if cached is not None else [])


def race_key(ruleset: Ruleset, players: int) -> str | None:
    """Returns the key of the race a game's positions are (`solver.table_key`), or None where no table
    could hold them: the same key, the same game for the solver, whatever the rulesets are called."""
    if not is_solvable(ruleset, players):
        return None
    t = tables_for(ruleset, players)
    try:
        return table_key(t, layout_for(t), cast_groups(ruleset)[1])
    except (TableTooLargeError, SolverError):
        return None


@cache
def find_table(ruleset: Ruleset, players: int) -> Solution | None:
    """Returns the solved table holding this game's positions (shipped or cached), or None."""
    key = race_key(ruleset, players)
    return None if key is None else find_solved(ruleset, key)


def find_solved(game: Ruleset, key: str) -> Solution | None:
    """Returns the table of the race `key` (shipped first, then cached) with the layout of the two-player game
    `game` plays, or None where none is."""
    lt = layout_for(tables_for(game, 2))
    for folder in _folders():
        for path in sorted(folder.glob(f"*-{key}{SUFFIX}")):
            header, _ = read_header(path, values=False)
            return Solution(game, lt, _read(path, lt.size), key, float(header.get("seconds", 0.0)),  # type: ignore[arg-type]
                            int(header.get("sweeps", 0)), str(header.get("method", "")),  # type: ignore[call-overload]
                            int(header.get("positions", 0)), str(path))  # type: ignore[call-overload]
    return None
