"""Phones following a table live: each game's stamp, and server-sent events when it changes.

An action bumps the game here; the event stream also looks at the save file every few seconds, so a move
made at the terminal reaches the phones too. A phone that slept reconnects (EventSource does it by itself)
and is sent the current stamp at once, so it never misses its place.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable


class Hub:
    """Wakes the event streams of a game when it changes."""

    def __init__(self) -> None:
        self._events: dict[str, asyncio.Event] = {}

    def changed(self, name: str) -> None:
        """Tells every stream of a game that it changed (call on the event loop)."""
        event = self._events.pop(name, None)
        if event is not None:
            event.set()

    async def wait(self, name: str, seconds: float) -> None:
        """Returns when the game changes or after seconds."""
        event = self._events.setdefault(name, asyncio.Event())
        try:
            await asyncio.wait_for(event.wait(), seconds)
        except TimeoutError:
            pass

    async def stream(self, name: str, stamp: Callable[[], str | None], stopping: Callable[[], bool],
                     poll: float = 2.0) -> AsyncIterator[str]:
        """Yields server-sent events: the game's stamp now and whenever it changes, and a comment to keep the
        connection alive; ends when the game is gone or the server stops."""
        last: str | None = None
        quiet = 0.0
        while not stopping():
            now = stamp()
            if now is None:
                yield "event: gone\ndata: {}\n\n"
                return
            if now != last:
                last = now
                quiet = 0.0
                yield f"data: {json.dumps({'stamp': now})}\n\n"
            elif quiet >= 15:
                quiet = 0.0
                yield ": still here\n\n"
            await self.wait(name, poll)
            quiet += poll
