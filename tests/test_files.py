"""printgen/files.py: safe reads (type and size first), atomic writes through symlinks, locks, the output folder."""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from printgen import files
from printgen.errors import PatolliError
from printgen.files import (
    MANIFEST,
    FileBusyError,
    FileError,
    HeldLock,
    OutputDir,
    check_folder,
    clean_stale_temps,
    parse_json,
    read_user_json,
    read_user_text,
    write_atomic,
)


def temps(folder: Path) -> list[str]:
    return sorted(n for n in os.listdir(folder) if n.endswith(".tmp"))


# ---- writing ----

def test_a_write_through_a_symlink_keeps_the_link_and_replaces_its_target(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "game.json"
    target.write_text("old")
    link = tmp_path / "game.json"
    link.symlink_to(Path("real") / "game.json")  # relative, as users make them
    write_atomic(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(Path("real") / "game.json")
    assert target.read_text() == "new"
    assert temps(tmp_path) == [] and temps(tmp_path / "real") == []


def test_a_dangling_symlink_is_written_through_to_its_target(tmp_path: Path) -> None:
    link = tmp_path / "out.txt"
    link.symlink_to(tmp_path / "elsewhere.txt")
    write_atomic(link, "made")
    assert link.is_symlink() and (tmp_path / "elsewhere.txt").read_text() == "made"


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_anything_but_a_regular_file_is_never_replaced(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "thing"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to("/dev/null")
    with pytest.raises(FileError, match="replaces only regular files") as exc:
        write_atomic(path, "x")
    assert str(path) in str(exc.value) and "\n" not in str(exc.value)
    assert path.is_symlink() if kind == "device" else path.exists()
    if kind == "fifo":
        assert Path(path).is_fifo()
    assert temps(tmp_path) == []


def test_the_mode_of_a_replaced_file_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "script.sh"
    path.write_text("old")
    path.chmod(0o751)
    write_atomic(path, "new")
    assert path.stat().st_mode & 0o777 == 0o751 and path.read_text() == "new"


@pytest.mark.parametrize("exc", [OSError(errno.ENOSPC, "No space left on device"), KeyboardInterrupt()])
def test_a_crash_mid_write_leaves_the_old_file_and_no_temporary_file(tmp_path: Path, monkeypatch, exc) -> None:
    path = tmp_path / "save.json"
    path.write_text("before")

    def boom(*args, **kwargs):
        raise exc

    monkeypatch.setattr(files.os, "replace", boom)
    with pytest.raises(FileError if isinstance(exc, OSError) else KeyboardInterrupt) as caught:
        write_atomic(path, "after")
    if isinstance(exc, OSError):
        assert str(caught.value) == f"cannot write {path}: no space left on the device"
    assert path.read_text() == "before" and temps(tmp_path) == []


@pytest.mark.parametrize("where,code,words", [
    ("mkstemp", errno.EACCES, "permission denied"),
    ("mkstemp", errno.EROFS, "the file system is read-only"),
    ("fsync", errno.ENOSPC, "no space left on the device"),
    ("fsync", errno.EDQUOT, "disk quota exceeded"),
])
def test_os_errors_on_output_are_one_line_naming_the_path(tmp_path: Path, monkeypatch, where, code, words) -> None:
    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    if where == "mkstemp":
        monkeypatch.setattr(files.tempfile, "mkstemp", fail)
    else:
        monkeypatch.setattr(files.os, "fsync", fail)
    path = tmp_path / "out.pdf"
    with pytest.raises(FileError) as exc:
        write_atomic(path, b"%PDF")
    assert str(exc.value) == f"cannot write {path}: {words}"
    assert isinstance(exc.value, PatolliError) and temps(tmp_path) == [] and not path.exists()


def test_real_os_errors_name_the_path(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(FileError, match=r"cannot write .*file/sub/out\.txt: "):
        write_atomic(tmp_path / "file" / "sub" / "out.txt", "x")  # a part of the path is a file
    long = tmp_path / ("n" * 300)
    with pytest.raises(FileError, match="the name is too long"):
        write_atomic(long, "x")


def test_stale_temporary_files_are_cleaned_and_fresh_ones_left_to_their_writer(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    stale, fresh = tmp_path / ".game.json.abcd1234.tmp", tmp_path / ".game.json.wxyz9876.tmp"
    other = tmp_path / ".other.json.abcd1234.tmp"  # another file's: not ours to touch here
    for p in (stale, fresh, other):
        p.write_text("half")
    old = time.time() - 2 * files.STALE_SECONDS
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    write_atomic(path, "{}")
    assert not stale.exists() and fresh.exists() and other.exists()
    assert clean_stale_temps(path, 0) == [fresh]  # when a lock shows nobody else writes it
    assert temps(tmp_path) == [other.name]


# ---- reading ----

def test_reads_refuse_fifos_devices_folders_and_huge_files_before_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # opening it for reading must not wait for a writer
    with pytest.raises(FileError, match=r"pipe\.json is a FIFO \(named pipe\), not a saved game file"):
        read_user_text(fifo, "saved game")
    with pytest.raises(FileError, match="/dev/zero is a character device, not a game record file"):
        read_user_text("/dev/zero", "game record")
    with pytest.raises(FileError, match="is a folder, not a game record file"):
        read_user_text(tmp_path, "game record")
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as fh:
        fh.truncate(3 * 1024**3)  # sparse: 3 GB without the disk
    started = time.perf_counter()
    with pytest.raises(FileError, match=r"huge\.json is 3072 MB; a saved game is at most 8 MB"):
        read_user_text(huge, "saved game")
    assert time.perf_counter() - started < 1
    with pytest.raises(FileError, match=r"missing\.json: no such file \(the game record to read\)"):
        read_user_text(tmp_path / "missing.json", "game record")
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"a": "\xe9"}')
    with pytest.raises(FileError, match="not UTF-8 text"):
        read_user_text(bad, "game record")


def test_a_limit_can_be_set_by_the_caller(tmp_path: Path) -> None:
    path = tmp_path / "r.toml"
    path.write_text("x" * 2000)
    assert read_user_text(path, "ruleset", limit=2000) == "x" * 2000
    with pytest.raises(FileError, match="at most"):
        read_user_text(path, "ruleset", limit=1999)


@pytest.mark.parametrize("text,words", [
    ('{"marks": Infinity}', "Infinity is not a number JSON allows"),
    ('{"marks": -Infinity}', "-Infinity is not a number JSON allows"),
    ('{"marks": NaN}', "NaN is not a number JSON allows"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"marks": ' + "9" * 5000 + "}", "not usable JSON"),
    ('{"marks": 1,}', "not valid JSON: Expecting property name"),
])
def test_json_that_python_would_take_but_is_not_json_is_refused(text: str, words: str) -> None:
    with pytest.raises(FileError, match=words) as exc:
        parse_json(text, "save.json")
    assert str(exc.value).startswith("save.json: ")


def test_read_user_json_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"seed": NaN}')
    with pytest.raises(FileError, match=rf"^{path}: not usable JSON: NaN"):
        read_user_json(path, "saved game")


# ---- locks ----

def test_a_lock_is_held_until_released_and_names_its_holder(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    first = HeldLock(path, "session")
    with pytest.raises(FileBusyError, match=rf"game\.json is in use by another session \(process {os.getpid()}\)"):
        HeldLock(path, "session")
    first.release()
    assert not first.path.exists()
    second = HeldLock(path, "session")
    second.release()


def test_a_symlink_shares_the_lock_of_its_target(tmp_path: Path) -> None:
    (tmp_path / "game.json").write_text("{}")
    (tmp_path / "link.json").symlink_to("game.json")
    held = HeldLock(tmp_path / "game.json", "session")
    with pytest.raises(FileBusyError):
        HeldLock(tmp_path / "link.json", "session")
    held.release()


HOLD = """
import sys, time
from printgen.files import HeldLock
lock = HeldLock(sys.argv[1], "session")
print("held", flush=True)
time.sleep(60)
"""


def test_a_killed_process_never_leaves_a_stale_lock(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        with pytest.raises(FileBusyError, match=f"process {proc.pid}"):
            HeldLock(path, "session")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert (tmp_path / ".game.json.lock").exists()  # the file stays, the lock does not
    HeldLock(path, "session").release()


# ---- the output folder ----

def _write_many(folder: str, worker: int, count: int) -> None:
    out = OutputDir(Path(folder))
    for i in range(count):
        out.write(f"w{worker}-{i}.txt", f"{worker} {i}".encode())


def test_commands_writing_one_folder_at_once_keep_every_manifest_entry(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    procs = [ctx.Process(target=_write_many, args=(str(tmp_path), w, 25)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0] * 4
    manifest = json.loads((tmp_path / MANIFEST).read_text())
    assert len(manifest) == 100 and temps(tmp_path) == []
    again = OutputDir(tmp_path)
    again.write("w3-24.txt", b"rewritten")  # every file is still known as printgen's


def test_the_output_folder_is_checked_before_any_work(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(FileError, match=r"cannot write into .*file/out: .*file \(in the path of .*\) is a file"):
        OutputDir(tmp_path / "file" / "out")
    monkeypatch.setattr(files.os, "access", lambda *a, **k: False)
    words = f"cannot write into {tmp_path / 'new'}: permission denied (at {tmp_path})"
    with pytest.raises(FileError, match=f"^{re.escape(words)}$"):
        OutputDir(tmp_path / "new")
    monkeypatch.setattr(files, "_read_only", lambda folder: True)
    with pytest.raises(FileError, match="the file system is read-only"):
        check_folder(tmp_path)
    assert not (tmp_path / "new").exists()  # checking makes nothing


def test_an_output_dir_never_replaces_a_fifo_even_with_force(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "board.pdf")
    with pytest.raises(FileError, match="is a FIFO"):
        OutputDir(tmp_path, force=True).write("board.pdf", b"%PDF")
    assert (tmp_path / "board.pdf").is_fifo()


def test_a_write_atomic_temp_name_matches_what_the_cleaner_looks_for(tmp_path: Path) -> None:
    fd, name = tempfile.mkstemp(dir=tmp_path, prefix=".game.json.", suffix=".tmp")
    os.close(fd)
    assert files._temp_pattern("game.json").fullmatch(Path(name).name)


def test_a_name_near_the_limit_still_gets_its_temporary_and_lock_files(tmp_path: Path) -> None:
    path = tmp_path / ("n" * 250)  # the longest names leave no room for `.NAME.XXXXXXXX.tmp`
    write_atomic(path, "x")
    HeldLock(path, "session").release()
    assert path.read_text() == "x" and os.listdir(tmp_path) == [path.name]
    stale = tmp_path / f".{files.side_stem(path.name)}.abcd1234.tmp"
    stale.write_text("half")
    assert clean_stale_temps(path, 0) == [stale]


def test_a_link_to_nothing_is_called_a_link_to_nothing(tmp_path: Path) -> None:
    """Issue 23, item 12: a dangling symlink given as a save was "no such" save though its name is right there."""
    link = tmp_path / "game.json"
    link.symlink_to(tmp_path / "gone" / "game.json")
    with pytest.raises(FileError) as caught:
        read_user_text(link, "saved game")
    assert str(caught.value) == f"{link} is a link to {tmp_path / 'gone' / 'game.json'}, which does not exist"


def test_a_byte_order_mark_is_no_part_of_a_users_text(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf[ruleset]\n")
    assert read_user_text(path, "ruleset") == "[ruleset]\n"
