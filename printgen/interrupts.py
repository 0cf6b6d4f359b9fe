"""Ctrl-C held back while a few steps that belong together run, so a person's interrupt never splits them."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Holds back Ctrl-C (SIGINT) while the block runs, then raises the KeyboardInterrupt it would have raised.

    For short steps only (a draw and its save): a long computation under it would ignore the person. Outside the
    main thread, where no signal handler can be set, the block just runs.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
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
            raise KeyboardInterrupt
