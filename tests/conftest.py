"""Fixtures for every test: the compiled engine is prepared once, before the first test, so that the
one-time compile is not charged to whichever test happens to run first."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session", autouse=True)
def compiled_engine() -> None:
    """Compiles (or loads from the cache) every part of the engine and the players, once per run."""
    from printgen.players import warmup

    warmup.prepare(tuple(warmup.STEPS))
