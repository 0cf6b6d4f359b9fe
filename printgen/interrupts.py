"""Ctrl-C as a command line wants it: the first stops the command and later ones cannot break its winding down;
held back while a few steps that belong together run, so a person's interrupt never splits them; and made prompt
while the engine compiles, which can keep Python's own handler waiting for a minute."""

from __future__ import annotations

import _thread
import contextlib
import os
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


def first_ctrl_c_stops() -> None:
    """Makes the first Ctrl-C (SIGINT) raise KeyboardInterrupt, as Python's own handler does, and every later one be
    ignored.

    A command stopped by Ctrl-C then winds down (saves a game, prints the contests finished, says `interrupted`); a
    second Ctrl-C a moment later, which people press, must not break that into a traceback or a half-written save.
    Python's handler cannot promise it: the second interrupt can land between the first one's `except` and the line
    that would ignore it. Here the handler itself stops listening before it raises. Outside the main thread, where no
    handler can be set, nothing changes.
    """
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _stop)
        if sys.unraisablehook is not _redeliver:
            global _earlier_hook
            _earlier_hook = sys.unraisablehook
            sys.unraisablehook = _redeliver


def _stop(signum: int, frame: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


_earlier_hook = sys.__unraisablehook__
REDELIVERY_DELAY = 0.02  # seconds: long enough for the swallowing callback to return, too short for a person to see


def _redeliver(unraisable: Any) -> None:
    """Hands a Ctrl-C that Python had to swallow back to the main thread, to be raised at its next step.

    Python runs a signal handler at the next bytecode of the main thread, wherever that is; while the engine compiles,
    it can be a ctypes callback from LLVM (llvmlite's object cache), which cannot pass an exception on: CPython
    prints `Exception ignored` and carries on. The first-stops handler has stopped listening by then, so the
    command would run on (a deep search, for minutes) deaf to Ctrl-C. Here the handler listens again and the signal
    is marked as arrived again a moment later; Python raises it at the main thread's next step then, and again until
    it lands where it can propagate. Anything else swallowed goes to the hook that was there before.
    """
    if (isinstance(unraisable.exc_value, KeyboardInterrupt)
            and signal.getsignal(signal.SIGINT) is signal.SIG_IGN):
        signal.signal(signal.SIGINT, _stop)
        # Marked from another thread a moment later: marked now, it would be raised in this hook, swallowed again.
        later = threading.Timer(REDELIVERY_DELAY, _thread.interrupt_main, args=(signal.SIGINT,))
        later.daemon = True
        later.start()
        return
    _earlier_hook(unraisable)


def forget_caught_ctrl_c() -> None:
    """Clears CPython's note that a Ctrl-C went unhandled, where the command line has in fact handled it.

    A KeyboardInterrupt that leaves code run by `exec` of a string (numba compiles through many) makes CPython note
    it as unhandled, even when an `except` further out catches it; under `python -m`, the interpreter then ends its
    own process by SIGINT after the command's clean exit, so a shell or a test sees a death by Ctrl-C (exit -2)
    where the command said `interrupted` and chose 130. Each `exec` of a string starts by clearing that note, and a
    Ctrl-C that really goes unhandled past this call is noted again on its way out.
    """
    exec("pass")  # noqa: S102  (a constant: what matters is that an exec of a string begins by clearing the note)


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Holds back Ctrl-C (SIGINT) while the block runs, then raises the KeyboardInterrupt it would have raised.

    For short steps only (a draw and its save): a long computation under it would ignore the person. Outside the
    main thread, where no signal handler can be set, the block just runs.
    """
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield  # no handler can be set here, or Ctrl-C is already ignored (a command winding down after one)
        return
    caught: list[int] = []

    def hold(signum: int, frame: Any) -> None:
        caught.append(signum)

    previous = signal.signal(signal.SIGINT, hold)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            if callable(previous):  # the handler it held back (the first-stops one stops listening, then raises)
                previous(signal.SIGINT, None)
            raise KeyboardInterrupt


@contextmanager
def prompt_interrupts(grace: float = 1.0) -> Iterator[None]:
    """Makes Ctrl-C end the process within `grace` seconds while the block runs work that holds nothing a person made
    (compiling the engine).

    Python runs its own Ctrl-C handler only between bytecodes, and one compile can keep the main thread in native
    code for a minute on a busy machine. The C-level handler writes the signal's number to a wakeup socket at once;
    a watcher thread reads it and, unless the main thread has left the block within `grace` (its own handler then
    says it), writes `interrupted` and ends the process with exit code 130. Outside the main thread the block just
    runs.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    left = threading.Event()

    def watch() -> None:
        while True:
            try:
                data = reader.recv(64)
            except OSError:
                return
            if left.is_set() or not data:
                return
            if signal.SIGINT in data and not left.wait(grace):
                sys.stderr.write("\ninterrupted\n")
                sys.stderr.flush()
                os._exit(130)

    watcher = threading.Thread(target=watch, name="patolli-interrupts", daemon=True)
    previous = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    watcher.start()
    try:
        yield
    finally:
        left.set()
        signal.set_wakeup_fd(previous)
        with contextlib.suppress(OSError):
            writer.send(b"\0")  # wakes the watcher, which sees the block is left
        watcher.join(1.0)
        reader.close()
        writer.close()
