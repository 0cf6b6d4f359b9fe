"""Reading and saving files safely.

Reading: `read_user_text` and `read_user_json` refuse what is not a regular file, or is too large, before
reading it, so a FIFO, a device or a file of gigabytes gets one line instead of a hang.

Writing: `write_atomic` replaces only regular files, writes through a symlink to its target, replaces the file
atomically, syncs the folder after the rename and leaves no temporary file behind (stale ones from a killed
process are removed on a later write). An OS error becomes a `FileError` naming the path.

Locking: `HeldLock` holds an flock for as long as a process uses a file; the OS drops it when the process
dies, so a killed process never leaves a stale lock. `OutputDir` updates its manifest under a lock.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from printgen.errors import OptionError, OverwriteError, PatolliError

try:  # flock is POSIX; elsewhere the locks are skipped
    import fcntl
except ImportError:  # pragma: no cover - not on the platforms we test
    fcntl = None  # type: ignore[assignment]

MB = 1024 * 1024
USER_FILE_LIMIT = 8 * MB  # records, saves, rulesets and positions are kilobytes; this leaves room
STALE_SECONDS = 600  # a temporary file this old is left over from a killed process


class FileError(PatolliError):
    """A file or folder cannot be read or written as asked."""


class FileBusyError(FileError):
    """A file is held by another process."""


class WriteError(FileError):
    """The system refused to write a file (no space, read-only, permission): a fault of the machine, not the input.
    `code` is the OS error number (errno), 0 if unknown."""

    def __init__(self, message: str, code: int = 0) -> None:
        super().__init__(message)
        self.code = code


def _size(n: int) -> str:
    """Returns a size in bytes for people: 8 MB, 1 MB, 640 KB."""
    return f"{n / MB:.1f} MB".replace(".0 MB", " MB") if n >= MB // 2 else f"{max(1, round(n / 1024))} KB"


def _reason(exc: OSError | ValueError) -> str:
    """Returns an OS error's reason in a few lower-case words."""
    words = {errno.ENOSPC: "no space left on the device", errno.EACCES: "permission denied",
             errno.EPERM: "operation not permitted", errno.EROFS: "the file system is read-only",
             errno.ENAMETOOLONG: "the name is too long", errno.ENOTDIR: "a part of the path is not a folder",
             errno.ENOENT: "no such file or folder", errno.EISDIR: "it is a folder",
             errno.EDQUOT: "disk quota exceeded", errno.ELOOP: "too many levels of symbolic links"}
    code = getattr(exc, "errno", None) or 0
    return words.get(code) or (getattr(exc, "strerror", None) or str(exc)).lower()


def _kind(mode: int) -> str:
    """Returns what a file of this mode is, in words."""
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


# ---- reading ----

def read_user_bytes(path: Path | str, what: str, limit: int = USER_FILE_LIMIT,
                    error: type[PatolliError] = FileError) -> bytes:
    """Returns the bytes of a user's file, refusing anything but a regular file of at most `limit` bytes.

    `what` names the file for messages ("saved game", "game record", "ruleset"); `error` is the error
    raised. The file is opened without blocking (a FIFO or /dev/zero does not hang) and checked with
    fstat before a byte is read; a file that grows is cut off at the limit rather than read to its end.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        if os.path.islink(path):  # the name is there, but what it points to is not
            raise error(f"{path} is a link to {os.readlink(path)}, which does not exist") from None
        raise error(f"{path}: no such file (the {what} to read)") from None
    except (OSError, ValueError) as exc:
        raise error(f"{path}: cannot read the {what}: {_reason(exc)}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise error(f"{path} is {_kind(st.st_mode)}, not a {what} file")
        if st.st_size > limit:
            shown, most = _size(st.st_size), _size(limit)
            if shown == most:  # close to the limit: the exact figures say it
                shown, most = f"{st.st_size:,} bytes", f"{limit:,} bytes"
            raise error(f"{path} is {shown}; a {what} is at most {most}")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
    except OSError as exc:
        raise error(f"{path}: cannot read the {what}: {_reason(exc)}") from None
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while we looked
        raise error(f"{path} is over {_size(limit)}; a {what} is at most {_size(limit)}")
    return data


def read_user_text(path: Path | str, what: str, limit: int = USER_FILE_LIMIT,
                   error: type[PatolliError] = FileError) -> str:
    """Returns the UTF-8 text of a user's file, refused by type and size before reading (see read_user_bytes)."""
    data = read_user_bytes(path, what, limit, error)
    try:
        return data.decode("utf-8").removeprefix(BOM)  # a byte-order mark some editors write is no part of the text
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not a {what}: not UTF-8 text (byte {exc.start})") from None


BOM = "\ufeff"


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(text: str, where: str) -> Any:
    """Returns parsed JSON, refusing Infinity and NaN; raises FileError naming `where` and the fault."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise FileError(f"{where}: not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise FileError(f"{where}: not usable JSON: nested too deeply") from None
    except ValueError as exc:  # parse_constant, or an integer of thousands of digits
        reason = "a number of thousands of digits" if "digits" in str(exc) else str(exc)  # not Python's advice
        raise FileError(f"{where}: not usable JSON: {reason}") from None


def read_user_json(path: Path | str, what: str, limit: int = USER_FILE_LIMIT) -> Any:
    """Returns the parsed JSON of a user's file (see read_user_text and parse_json)."""
    return parse_json(read_user_text(path, what, limit), str(path))


# ---- writing ----

def resolve_target(path: Path | str) -> Path:
    """Returns the file a write to path lands on: path itself, or the end of its chain of symlinks."""
    path = Path(path)
    try:
        if not stat.S_ISLNK(os.lstat(path).st_mode):
            return path
    except OSError:  # missing, or unreachable: the write itself will say why
        return path
    return Path(os.path.realpath(path))


def check_regular(path: Path | str, shown: str | None = None) -> None:
    """Raises FileError if path (followed through symlinks) exists and is not a regular file."""
    shown = shown or _shown(Path(path))
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise FileError(f"cannot write {shown}: {_reason(exc)}") from None
    if not stat.S_ISREG(st.st_mode):
        raise FileError(f"{shown} is {_kind(st.st_mode)}; printgen replaces only regular files")


def _shown(path: Path) -> str:
    """Returns how messages name path: itself, and where a symlink leads."""
    target = resolve_target(path)
    return str(path) if target == path else f"{path} (→ {target})"


def check_writable(path: Path, force: bool) -> None:
    """Raises if path exists and force is not given, or if it is not a regular file (force or not)."""
    check_regular(path)
    if os.path.lexists(path) and not force:
        raise OverwriteError(f"{path} exists")
    check_folder(Path(os.path.abspath(resolve_target(path))).parent)


def check_folder(folder: Path | str) -> None:
    """Raises FileError unless files can be written in folder (made if missing): checked before long work."""
    folder = Path(folder)
    probe = folder
    while not os.path.lexists(probe) and probe.parent != probe:
        probe = probe.parent
    try:
        st = os.stat(probe)
    except OSError as exc:
        raise FileError(f"cannot write into {folder}: {_reason(exc)}") from None
    if not stat.S_ISDIR(st.st_mode):
        where = f"{probe}" if probe == folder else f"{probe} (in the path of {folder})"
        raise FileError(f"cannot write into {folder}: {where} is {_kind(st.st_mode)}, not a folder"
                        if not stat.S_ISREG(st.st_mode) else f"cannot write into {folder}: {where} is a file")
    flags = os.W_OK | os.X_OK
    effective = os.access in os.supports_effective_ids
    if not os.access(probe, flags, effective_ids=effective):
        reason = "the file system is read-only" if _read_only(probe) else "permission denied"
        raise FileError(f"cannot write into {folder}: {reason}" + ("" if probe == folder else f" (at {probe})"))


def _read_only(folder: Path) -> bool:
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):
        return False


def side_stem(name: str) -> str:
    """Returns the stem of the hidden files beside a file (temporary, lock): its name, shortened with a hash
    when the name is so long that `.NAME.XXXXXXXX.tmp` would pass the file system's 255 bytes."""
    if len(name.encode("utf-8", "surrogateescape")) <= 200:
        return name
    digest = hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return name.encode("utf-8", "surrogateescape")[:150].decode("utf-8", "ignore") + "~" + digest


def _temp_pattern(name: str) -> re.Pattern[str]:
    return re.compile(rf"\.{re.escape(side_stem(name))}\.[A-Za-z0-9_]{{8}}\.tmp")


def clean_stale_temps(path: Path | str, older_than: float = STALE_SECONDS) -> list[Path]:
    """Removes the temporary files write_atomic left for path (a killed process) older than `older_than` seconds.

    Pass 0 when a lock shows no other process is writing path. Returns the files removed.
    """
    target = resolve_target(path)
    folder = target.parent
    pattern = _temp_pattern(target.name)
    removed: list[Path] = []
    now = time.time()
    try:
        names = [n for n in os.listdir(folder) if pattern.fullmatch(n)]
    except OSError:
        return removed
    for name in names:
        tmp = folder / name
        with contextlib.suppress(OSError):
            if now - os.lstat(tmp).st_mtime >= older_than:
                os.unlink(tmp)
                removed.append(tmp)
    return removed


def _fsync_folder(folder: Path) -> None:
    """Syncs a folder so a rename in it survives a power cut (not every file system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path | str, data: bytes | memoryview | str | list[bytes | memoryview]) -> None:
    """Writes data to path through a temporary file, so a crash never leaves half a file.

    A list of parts is written one after the other (a large array need not be copied behind a header).

    A symlink is kept and its target replaced; anything but a regular file is refused. Missing folders are
    made. OS errors (no space, permission, read-only, name too long …) raise FileError naming the path.
    """
    path = Path(path)
    target = resolve_target(path)
    shown = _shown(path)
    check_regular(target, shown)
    parts = data if isinstance(data, list) else [data.encode("utf-8") if isinstance(data, str) else data]
    tmp: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        clean_stale_temps(target)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{side_stem(target.name)}.", suffix=".tmp")
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)  # keep the mode of the file replaced
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask  # mkstemp's 0600 is for secrets; these are ordinary files
        os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as fh:
            for part in parts:
                fh.write(part)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
        tmp = None
        _fsync_folder(target.parent)
    except OSError as exc:
        raise WriteError(f"cannot write {shown}: {_reason(exc)}", exc.errno or 0) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


# ---- locking ----

class HeldLock:
    """An exclusive flock on a lock file beside `path`, held until release() (or the process ends).

    The lock file is `.NAME.lock` next to the file path leads to (through symlinks), so every way of naming
    the file shares one lock. It is removed on release; the inode check after locking makes that safe.
    """

    def __init__(self, path: Path | str, what: str) -> None:
        target = Path(os.path.abspath(resolve_target(path)))
        self.path = target.parent / f".{side_stem(target.name)}.lock"
        self.fd: int | None = None
        if fcntl is None:  # pragma: no cover
            return
        for _ in range(20):
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o666)
            except OSError as exc:
                raise FileError(f"cannot lock {path}: {_reason(exc)} ({self.path})") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                holder = _read_pid(fd)
                os.close(fd)
                if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    by = f" (process {holder})" if holder else ""
                    raise FileBusyError(f"{path} is in use by another {what}{by}; close that one first") from None
                raise FileError(f"cannot lock {path}: {_reason(exc)}") from None
            try:
                same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except FileNotFoundError:
                same = False
            if same:
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()}\n".encode())
                self.fd = fd
                return
            os.close(fd)  # the holder removed the file as we opened it: lock the new one
        raise FileBusyError(f"{path} is in use by another {what}")  # pragma: no cover

    def release(self) -> None:
        """Removes the lock file and drops the lock."""
        fd = getattr(self, "fd", None)
        if fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        os.close(fd)
        self.fd = None

    def __del__(self) -> None:
        self.release()


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode().strip()
        return int(text) if text.isdigit() else None
    except (OSError, ValueError):
        return None


@contextlib.contextmanager
def _folder_lock(folder: Path) -> Iterator[None]:
    """Holds an exclusive flock on a folder itself (no lock file is left in it), waiting for it."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as exc:
        raise FileError(f"cannot lock the folder {folder}: {_reason(exc)}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


# ---- output folders ----

MANIFEST = ".printgen-manifest.json"


def _sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


class OutputDir:
    """A folder of generated files: replaces files it wrote itself, refuses anything else without force.

    A manifest beside the files records the hash of each file written; a file whose bytes still match
    is ours to replace, while a file the user made or changed is left alone unless force is given.
    Making one checks the folder can be written, so a command fails before its long work, not after.
    Each write and its manifest update happen under a lock on the folder, so commands running at once
    keep every entry.
    """

    def __init__(self, path: Path, force: bool = False) -> None:
        self.path, self.force = Path(path), force
        self.written: list[Path] = []
        if os.path.lexists(self.path) and not self.path.is_dir():
            raise OptionError(f"{self.path} is a file, not a folder for the output")
        check_folder(self.path)

    def _manifest(self) -> dict[str, str]:
        try:
            data = parse_json(read_user_text(self.path / MANIFEST, "manifest"), MANIFEST)
        except FileError:
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def check(self, name: str) -> None:
        """Raises if writing name would overwrite a file printgen did not write, or something not a file."""
        target = self.path / name
        check_regular(target)
        if self.force or not os.path.lexists(target):
            return
        try:
            ours = self._manifest().get(name) == _sha256_of(target)
        except OSError as exc:
            raise FileError(f"cannot read {target}: {_reason(exc)}") from None
        if not ours:
            raise OverwriteError(f"{target} exists and was not written by printgen (or was changed)")

    def write(self, name: str, data: bytes) -> Path:
        """Writes one file atomically and records it in the manifest (both under the folder's lock)."""
        target = self.path / name
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise FileError(f"cannot make the folder {self.path}: {_reason(exc)}") from None
        with _folder_lock(self.path):
            self.check(name)
            write_atomic(target, data)
            manifest = self._manifest()
            manifest[name] = hashlib.sha256(data).hexdigest()
            write_atomic(self.path / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True) + "\n")
        self.written.append(target)
        return target
