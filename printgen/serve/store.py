"""The save folder: games by name (never a path), each used under its lock and kept in memory between taps.

A name is letters, digits, `-` and `_`; the file is `<name>.json` in the folder and must be a plain file
there (not a link), so no request reaches outside the folder. Every action holds the save's lock (the
terminal's `patolli play` uses the same one), checks the file is still the one last written (else reads it
again: it was played at the terminal meanwhile), acts, saves atomically and lets go. An error names the game, never
its file's path nor the process holding its lock (see `Store.named`).
"""

from __future__ import annotations

import copy
import json
import os
import re
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from printgen.engine.events import Event
from printgen.errors import OverwriteError, PatolliError
from printgen.files import FileError, HeldLock, check_folder
from printgen.play.saved import public_origin
from printgen.play.session import Session
from printgen.play.table import Table
from printgen.players.roster.registry import Player
from printgen.rulesets.model import Ruleset

NAME_MAX = 40  # characters of a game's name
# The hyphen is escaped so the same pattern serves the page's <input pattern> (a JavaScript `v`-flag regex).
NAME = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_\-]{{0,{NAME_MAX - 1}}}")
LOCK_WHAT = "patolli play session"
_HOLDER = re.compile(r" \(process [0-9]+\)")


class UnknownGame(PatolliError):
    """No saved game has that name."""


class BadName(PatolliError):
    """A game's name that is not letters, digits, - and _."""


def _quiet(event: Event, rs: Ruleset) -> None:
    """The narrator of a table session: the page says what happened, from the record."""
    return None


def check_name(name: str) -> str:
    """Returns name if it can name a game, else raises BadName."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise BadName(f"a game's name is 1 to {NAME_MAX} letters, digits, - and _, starting with a letter or digit")
    return name


def public_spec(spec: str) -> str:
    """Returns how a page sees a ruleset's spec: a ruleset file by its file's name, never the path to it."""
    base, plus, options = spec.partition("+")
    return public_origin(base) + plus + options


class Store:
    """The saved games of one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(os.path.abspath(folder))
        check_folder(self.folder)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise FileError(f"cannot make the save folder {folder}: {exc.strerror or exc}") from None
        self._cache: dict[str, tuple[tuple[int, int, int], Session]] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def path(self, name: str) -> Path:
        """Returns the file of a game's name, refusing names that are not names and files that are not plain."""
        path = self.folder / f"{check_name(name)}.json"
        if os.path.islink(path) or (os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode)):
            raise FileError(f"the save of {name!r} is not a plain file in the save folder")
        return path

    def stamp(self, name: str) -> tuple[int, int, int] | None:
        """Returns what identifies the file's current contents (inode, size, time), or None if it is gone."""
        try:
            st = os.stat(self.path(name))
        except (FileNotFoundError, PatolliError):
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def names(self) -> list[dict[str, Any]]:
        """Returns the saved games of the folder, newest first: name, ruleset (its `public_spec`) and turns (read,
        not replayed)."""
        rows = []
        for entry in os.scandir(self.folder):
            stem = entry.name[:-5]
            if not entry.name.endswith(".json") or not NAME.fullmatch(stem) or not entry.is_file(follow_symlinks=False):
                continue
            try:
                with open(entry.path, encoding="utf-8") as f:
                    data = json.loads(f.read(8 * 1024 * 1024))
                rs = data["ruleset"]["origin"] if isinstance(data.get("ruleset"), dict) else "?"
                turns = len(data["record"]["turns"])
                if data.get("format") != "patolli-session":
                    continue
            except (OSError, ValueError, KeyError, TypeError):
                continue
            rows.append({"name": stem, "ruleset": public_spec(str(rs)), "turns": turns, "time": entry.stat().st_mtime})
        return sorted(rows, key=lambda r: -r["time"])

    def _lock_of(self, name: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(name, threading.Lock())

    @contextmanager
    def named(self, name: str) -> Iterator[None]:
        """Re-raises a library error met within with the game's name in place of its file's path (and of the files
        beside it) and without the number of the process holding its lock: a phone is told the game, not the
        server's folders."""
        try:
            yield
        except PatolliError as exc:
            message = str(exc)
            for folder in {str(self.folder), os.path.realpath(self.folder)}:
                message = re.sub(re.escape(folder + os.sep) + r"[^\s:;,()']*", f"the game {name!r}", message)
            message = _HOLDER.sub("", message)
            if message == str(exc):
                raise
            renamed = copy.copy(exc)
            renamed.args = (message,)
            raise renamed from None

    @contextmanager
    def table(self, name: str) -> Iterator[Table]:
        """Yields the table of a saved game, locked, read afresh if its file changed since this server wrote it."""
        path = self.path(name)
        with self.named(name), self._lock_of(name):
            if not os.path.exists(path):
                raise UnknownGame(f"no saved game is named {name!r}")
            lock = HeldLock(path, LOCK_WHAT)
            try:
                cached = self._cache.get(name)
                if cached is None or cached[0] != self.stamp(name):
                    self._cache.pop(name, None)
                    session = Session.read(path, _quiet)
                else:
                    session = cached[1]
                try:
                    yield Table(session)
                except BaseException:
                    self._cache.pop(name, None)  # it may be part-way through an action: read the file next time
                    raise
                now = self.stamp(name)
                if now is not None:
                    self._cache[name] = (now, session)
            finally:
                lock.release()

    def forget(self, name: str) -> None:
        """Drops a game's copy in memory (it is read again from its file on the next use)."""
        self._cache.pop(name, None)

    def free_name(self, stem: str) -> str:
        """Returns the first of stem, stem-2, stem-3 ... that no saved game holds, stem made a valid name (letters,
        digits, - and _, short enough for the numbers)."""
        safe = re.sub(r"[^A-Za-z0-9_-]", "-", stem).strip("-_")[:NAME_MAX - 6] or "table"
        return next(n for i in range(1, 100_000) if self.stamp(n := safe if i == 1 else f"{safe}-{i}") is None)

    def create(self, name: str, ruleset: Ruleset, players: int, computers: dict[int, Player], level: int,
               seed: int) -> None:
        """Starts a new game under a name that is not taken."""
        path = self.path(name)
        with self.named(name), self._lock_of(name):
            if os.path.lexists(path):
                raise OverwriteError(f"the name {name!r} holds a saved game already: choose another")
            session = Session.start(ruleset, players, computers, seed, path, False, _quiet)
            try:
                if session.level != level:
                    session.level = level
                    session.save()
            finally:
                session.close()
