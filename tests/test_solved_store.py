"""Large solved tables are read through a memory-mapped copy of their values (printgen/players/solve/store.py).

Decompressing and converting Bell's 114 million entries took seconds and 1.5 GB each time a process read them; the
floats are therefore kept in the cache folder the first time and mapped after that. What must hold: the mapped
values are the decompressed ones, to the bit; a copy older than its table, or of the wrong size, is never read; and
where the copy cannot be written the values are still read, from the table file.
"""

from __future__ import annotations

import mmap
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

from printgen.players.solve import store

SHIPPED = Path(str(store.resources.files("printgen.players").joinpath(store.SHIPPED)))
TABLE = "neeley-1-d2a77215cb776bde.u16z"  # a shipped table (9,522 entries), made "large" by the threshold below


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, int]:
    """A copy of a shipped table in a cache folder of its own, every table counted as large."""
    folder = tmp_path / "solved"
    folder.mkdir()
    path = folder / TABLE
    shutil.copy(SHIPPED / TABLE, path)
    monkeypatch.setattr(store, "MAP_FROM", 1)
    monkeypatch.setattr(store, "cache_folder", lambda: folder)
    store._read.cache_clear()
    yield path, int(store.read_header(path)[0]["entries"])
    store._read.cache_clear()


def mapped(values: np.ndarray) -> bool:
    """Returns whether an array's memory is a file's mapping."""
    return isinstance(values.base, memoryview) and isinstance(values.base.obj, mmap.mmap)


def read(path: Path, size: int) -> np.ndarray:
    store._read.cache_clear()  # a fresh process, as far as the reading goes
    return store._read(path, size)


def test_the_first_read_keeps_the_floats_and_later_reads_map_them_bit_for_bit(table) -> None:
    path, size = table
    first = read(path, size)
    copy = path.parent / store.VALUES / f"{TABLE}.f64"
    assert copy.stat().st_size == 8 * size
    assert not mapped(first)  # decompressed: the copy did not exist yet
    again = read(path, size)
    assert mapped(again)
    assert again.dtype == np.float64 and again.flags.writeable  # what compiled code is compiled for
    assert np.array_equal(first.view(np.uint64), again.view(np.uint64))
    assert 0.0 <= again.min() and again.max() <= 1.0 and again.max() > 0.5


def test_a_copy_older_than_its_table_or_cut_short_is_not_read(table) -> None:
    path, size = table
    good = read(path, size).copy()
    copy = path.parent / store.VALUES / f"{TABLE}.f64"
    copy.write_bytes(np.full(size, 0.25).tobytes())  # a copy of other values, then made older than the table
    later = copy.stat().st_mtime_ns + 1
    os.utime(path, ns=(later, later))
    values = read(path, size)
    assert not mapped(values) and np.array_equal(values, good)
    again = read(path, size)  # written again when read, so mapped now
    assert mapped(again) and np.array_equal(again, good)
    with copy.open("r+b") as fh:
        fh.truncate(8 * size - 8)
    values = read(path, size)
    assert not mapped(values) and np.array_equal(values, good)


def test_where_the_copy_cannot_be_written_the_table_is_still_read(table) -> None:
    path, size = table
    (path.parent / store.VALUES).write_text("a file where the folder would go")
    values = read(path, size)
    assert values.size == size and not mapped(values)
    assert np.array_equal(read(path, size), values)
